"""Reading the ``001`` player lines of a TRF file: the fixed columns (start number, name,
rating…, declared points and rank), then one 10-column block per round (spec §11.1, §11.2).

:class:`PlayerLines` is the part of the TRF reader
(:class:`xl_tiebreak.formats.trf.reader._Reader`) that
reads them: a well-formed round is read on a fast path, anything else by :meth:`read_round`,
which says what is wrong.
"""

from __future__ import annotations

from fractions import Fraction

from xl_tiebreak.formats.trf.codes import (
    BIRTH,
    CODES,
    COLORS,
    FEDERATION,
    FIDE_ID,
    GAME_TAILS,
    NAME,
    POINTS,
    RANK,
    RATING,
    ROUND1,
    ROUND_WIDTH,
    SEGMENT,
    SEX,
    START_NO,
    TAILS,
    TITLE,
    fast_record,
    is_blank_round,
    round_record,
)
from xl_tiebreak.i18n import _
from xl_tiebreak.model.blanks import Blank
from xl_tiebreak.model.tournament import MAX_ROUNDS, Participant, Problem, Record, Severity
from xl_tiebreak.util.numbers import parse_number, shown

_MAX_LINE = ROUND1 - 1 + MAX_ROUNDS * ROUND_WIDTH + ROUND_WIDTH
"""Longest ``001`` line read (MAX_ROUNDS rounds, plus trailing blanks): refused beyond."""
_START_NO, _RATING, _RANK, _NAME, _FEDERATION, _TITLE, _SEX, _FIDE_ID, _BIRTH = (
    slice(first - 1, last) for first, last in
    (START_NO, RATING, RANK, NAME, FEDERATION, TITLE, SEX, FIDE_ID, BIRTH)
)
"""The same columns as slices of the line (read without a call per field)."""


_COLUMNS = ("",) + tuple(str(ROUND1 + k * ROUND_WIDTH) for k in range(MAX_ROUNDS + 1))
"""Round r's first column as text (index r, 1-based), for the records' places."""


def field(line: str, cols: tuple[int, int]) -> str:
    """The text in 1-based inclusive columns ``cols`` (empty past the end of the line)."""
    return line[cols[0] - 1 : cols[1]]


def is_digits(s: str) -> bool:
    """True for a non-empty run of ASCII digits."""
    return s.isascii() and s.isdigit()


def line_place(line_no: int, col: int | None = None) -> str:
    """The place of a problem or record: ``line 12`` or ``line 12, col 92``."""
    if col is None:
        return _("line {line}", line=line_no)
    return _("line {line}, col {col}", line=line_no, col=col)


class PlayerLines:
    """Reads ``001`` lines into :attr:`participants`, noting problems in :attr:`problems` (the
    reader that derives from it creates these lists)."""

    problems: list[Problem]
    blanks: list[Blank]
    """Blank rounds before each participant's last entry (docs/decisions.md D30)."""
    participants: list[Participant]
    first_line: dict[int, int]
    """Start number → line where it was first seen."""
    points_read: dict[str, Fraction]
    """Declared points by their text: a file has few distinct values (``3.5``, ``4.0``…)."""
    opponent_numbers: dict[str, int]
    """Opponent numbers by their 4-column text (``"  12"`` → 12), each read once: every
    opponent appears in many rounds. Only valid numbers (1 or more, ASCII digits) are kept."""

    def error(self, message: str, line_no: int, col: int | None = None) -> None:
        """Note a problem at ``line_no`` (and column ``col``)."""
        self.problems.append(Problem(Severity.ERROR, message, line_place(line_no, col)))

    def read_player(self, line: str, line_no: int) -> None:
        """One ``001`` line: fixed columns, then one 10-column block per round (at most
        :data:`MAX_ROUNDS`: a longer line is refused before its rounds are read)."""
        if len(line) > _MAX_LINE and line[_MAX_LINE:].strip():
            self.error(_("more than {most} rounds on the player line: the limit of the tool (a "
                         "tournament has fewer)", most=MAX_ROUNDS), line_no, _MAX_LINE + 1)
            return
        before = len(self.problems)
        # the usual case, plain digits, read inline; int_field says what else is wrong
        text = line[_START_NO].strip()
        start_no = (int(text) if text.isdigit() and text.isascii() and text.strip("0")
                    else self.intfield(line, line_no, START_NO, _("start number"),
                                  required=True))
        text = line[_RATING].strip()
        rating = (int(text) if text.isdigit() and text.isascii()
                  else self.intfield(line, line_no, RATING, _("rating")))
        text = line[_RANK].strip()
        rank = (int(text) if text.isdigit() and text.isascii()
                else self.intfield(line, line_no, RANK, _("rank")))
        points = self.pointsfield(line, line_no)
        rounds = self.read_rounds_of(line, line_no)
        if start_no is None:
            return
        if start_no in self.first_line:
            first = self.first_line[start_no]
            self.error(_("start number {no} is used twice (first on line {first})", no=start_no,
                         first=first), line_no, 5)
            return
        self.first_line[start_no] = line_no
        if len(self.problems) > before:
            return
        self.participants.append(
            Participant(
                start_no=start_no,
                name=line[_NAME].strip(),
                rating=rating or None,
                federation=line[_FEDERATION].strip(),
                title=line[_TITLE].strip(),
                sex=line[_SEX].strip(),
                fide_id=line[_FIDE_ID].strip(),
                birth=line[_BIRTH].strip(),
                declared_points=points,
                declared_rank=rank,
                rounds=rounds,
                where=line_place(line_no),
            )
        )

    def intfield(
        self, line: str, line_no: int, cols: tuple[int, int], what: str, required: bool = False
    ) -> int | None:
        """A whole number in ``cols``; None when blank (an error when ``required``)."""
        text = field(line, cols).strip()
        if not text:
            if required:
                self.error(_("{what} missing (cols {first}-{last})", what=what, first=cols[0],
                             last=cols[1]), line_no, cols[0])
            return None
        if not is_digits(text):
            self.error(_("{what} {text} is not a whole number", what=what, text=shown(text)),
                       line_no, cols[0])
            return None
        value = int(text)
        if required and value == 0:
            self.error(_("{what} must be 1 or more", what=what), line_no, cols[0])
            return None
        return value

    def pointsfield(self, line: str, line_no: int) -> Fraction | None:
        """Declared points (cols 81–84), e.g. ``3.5``; None when blank."""
        text = field(line, POINTS).strip()
        if not text:
            return None
        known = self.points_read.get(text)
        if known is not None:
            return known
        try:
            value = self.points_read[text] = parse_number(text)
        except (ValueError, ZeroDivisionError):
            self.error(_("points {text} is not a number", text=shown(text)), line_no, POINTS[0])
            return None
        return value

    def read_rounds_of(self, line: str, line_no: int) -> list[Record]:
        """The records of a player line; blank rounds after the last entry are dropped.

        A well-formed round is read on a fast path (:data:`GAME_TAILS` for a game with its
        opponent, else :data:`TAILS`; an opponent of ASCII digits); anything else goes through
        :meth:`read_round`, which says what is wrong.
        """
        records: list[Record] = []
        append = records.append
        blanks: list[int] = []
        last_entry = 0
        rnd = 1
        prefix = _("line {line}, col {col}", line=line_no, col="")  # the column comes last
        col = ROUND1
        end = len(line)
        games = GAME_TAILS
        numbers = self.opponent_numbers
        new = tuple.__new__  # a Record from its fields without a Python call (model.Record)
        while col <= end:
            segment = line[col - 1 : col - 1 + SEGMENT]
            game = games.get(segment[4:])
            if game is not None:  # a game or forfeit, if an opponent is named
                field4 = segment[:4]
                number = numbers.get(field4)
                if number is None:
                    text = field4.strip()
                    if text.isdigit() and text.isascii() and int(text):
                        number = numbers[field4] = int(text)
                if number is not None:
                    append(new(Record, (game[0], number, game[1], game[2],
                                        prefix + _COLUMNS[rnd])))
                    last_entry = rnd
                    rnd += 1
                    col += ROUND_WIDTH
                    continue
            if len(segment) < SEGMENT:
                segment = segment.ljust(SEGMENT)
            record = None
            tail = TAILS.get(segment[4:])
            if tail is not None:
                text = segment[:4]
                if text == "    ":
                    record = fast_record(tail[0], None, prefix + str(col))
                else:
                    text = text.strip()
                    if text.isdigit() and text.isascii():
                        opponent = int(text) or None
                        shape = tail[0] if opponent is None else tail[1]
                        if shape is not None:
                            record = fast_record(shape, opponent, prefix + str(col))
                            if opponent is not None:  # names an opponent: not a blank round
                                records.append(record)
                                last_entry = rnd
                                rnd += 1
                                col += ROUND_WIDTH
                                continue
            if record is None:
                record = self.read_round(segment, line_no, rnd, col)
            if record is not None:
                records.append(record)
            if is_blank_round(segment):
                if record is not None:
                    blanks.append(rnd)
                if not segment.isspace():
                    last_entry = rnd
            else:
                last_entry = rnd
            rnd += 1
            col += ROUND_WIDTH
        if blanks and len(records) == rnd - 1:
            start = field(line, START_NO).strip()
            no = int(start) if is_digits(start) else 0
            self.blanks += [Blank(no, r, records[r - 1].where) for r in blanks if r <= last_entry]
        return records[:last_entry]

    def read_round(self, segment: str, line_no: int, rnd: int, col: int) -> Record | None:
        """One round: opponent (4 chars), colour, result. None (after noting why) when wrong."""
        where = line_place(line_no, col)
        ok = True
        for offset in (4, 6):
            if segment[offset] != " ":
                self.error(
                    _("unexpected '{char}' between the fields of round {round} (is the line "
                      "misaligned?)", char=segment[offset], round=rnd),
                    line_no,
                    col + offset,
                )
                ok = False
        opponent_text = segment[:4].strip()
        opponent: int | None = None
        if opponent_text and not is_digits(opponent_text):
            self.error(_("opponent {text} in round {round} is not a number",
                         text=shown(opponent_text), round=rnd),
                       line_no, col)
            ok = False
        elif opponent_text:
            opponent = int(opponent_text) or None
        color_char = segment[5].lower()
        if color_char not in COLORS:
            self.error(_("unknown colour '{char}' in round {round}", char=segment[5], round=rnd),
                       line_no, col + 5)
            ok = False
        result_char = segment[7].upper()
        code = CODES.get(result_char)
        if result_char == " " and opponent is not None:
            self.error(_("round {round} names opponent {opponent} but has no result", round=rnd,
                         opponent=opponent), line_no, col + 7)
            ok = False
        elif result_char != " " and code is None:
            self.error(_("unknown result code '{char}' in round {round}", char=segment[7],
                         round=rnd), line_no, col + 7)
            ok = False
        if not ok:
            return None
        return round_record(code, opponent, COLORS[color_char], where)
