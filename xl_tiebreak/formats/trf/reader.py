"""Reading FIDE Tournament Report Files (TRF16 and TRF26).

:func:`read_trf` and :func:`parse_trf` turn a TRF file into a
:class:`~xl_tiebreak.model.tournament.Tournament`; :func:`write_trf`
(:mod:`xl_tiebreak.formats.trf.writer`, also
importable from here) turns a tournament back into TRF16-compatible text. The codes both share
are in :mod:`xl_tiebreak.formats.trf.codes`; the ``001`` player lines are read by
:mod:`xl_tiebreak.formats.trf.players`. Dates are read by :func:`xl_tiebreak.util.dates.parse_date`.

The reader checks each line on its own (columns, codes, numbers) and raises one
:class:`~xl_tiebreak.model.tournament.InputError` listing every problem with its ``line N, col C``.
It does
not compare players with each other (mirrored results, unknown opponents, declared points):
:mod:`xl_tiebreak.standings.check` does that on the tournament.

Spec: ``tiebreak-rules.md`` §1.2, §1.3, §11 (TRF); dates: docs/decisions.md D2.
"""

from __future__ import annotations

import datetime
import os
import re
from fractions import Fraction

from xl_tiebreak.formats.trf.codes import (
    FIDE_ID,
    RATING,
    ROUND1,
    START_NO,
    XXS_COLORED,
    XXS_FIELDS,
    NoteValue,
    read_colours_line,
    read_note_line,
    round_texts,
)
from xl_tiebreak.formats.trf.players import PlayerLines, field, is_digits, line_place
from xl_tiebreak.formats.trf.seed import read_seed_line
from xl_tiebreak.formats.trf.writer import TRF_VERSIONS, write_trf
from xl_tiebreak.i18n import _, _n
from xl_tiebreak.i18n.conventions import date_text
from xl_tiebreak.model.blanks import Blank, apply_blank_rounds
from xl_tiebreak.model.tournament import (
    MAX_EXTRA_POINTS,
    MAX_PARTICIPANTS,
    MAX_ROUNDS,
    RATES,
    BlankRounds,
    Color,
    InputError,
    Kind,
    Participant,
    Problem,
    RatingUsed,
    Record,
    Scoring,
    Severity,
    Tournament,
    TournamentType,
    kind_text,
    looks_like_round_robin,
    note_rounds_played,
    rating_used_of,
)
from xl_tiebreak.util.dates import choose_start_date, date_readings
from xl_tiebreak.util.numbers import parse_number, parse_whole, shown
from xl_tiebreak.util.os_reasons import os_reason
from xl_tiebreak.util.patterns import LazyPattern
from xl_tiebreak.util.text_files import (
    MAX_INPUT_BYTES,
    DecodeError,
    check_regular_file,
    decode_text_noted,
    read_capped,
)

__all__ = ["MAX_PROBLEMS", "TRF_VERSIONS", "parse_trf", "read_trf", "write_trf"]

MAX_PROBLEMS = 100
"""At most this many problems are listed in one :class:`InputError`; the rest are counted."""

_CONTROL = LazyPattern(r"[\x00-\x08\x0b-\x1f\x7f]")

_RULE_162 = LazyPattern(r"([WDLAPX])\s*([0-9]+(?:[.,][0-9]+)?)", re.IGNORECASE)

_FACTS = frozenset({"022", "032", "102", "122"})
"""Header records read as one fact each: city, federation, chief arbiter, time control."""
_KEPT = frozenset({"082", "152", "172", "182", "222", "250", "260"})
"""Header records the tool does not use, kept whole and written back as read (``062`` and
``072``, the numbers of players and rated players, are derived by the writer instead)."""

_PREDETERMINED_092 = LazyPattern(r"robin|berger|scheveningen|\brr\b", re.IGNORECASE)
_PREDETERMINED_192 = LazyPattern(r"BERGER|ROUND_?ROBIN", re.IGNORECASE)


# ---------------------------------------------------------------------------------------------
# Reading


def read_trf(
    path: str | os.PathLike[str], *, blank_rounds: BlankRounds = BlankRounds.ABSENT
) -> Tournament:
    """Read a TRF file (UTF-8 or Latin-1, any line ends) into a tournament.

    Raises :class:`InputError` when the file cannot be read (a folder, a FIFO…), is larger than
    :data:`~xl_tiebreak.util.text_files.MAX_INPUT_BYTES`, or is not a usable TRF file.
    """
    name = os.fspath(path)
    try:
        check_regular_file(name)
        data = read_capped(name)
    except ValueError as exc:
        raise InputError(str(exc)) from exc
    except OSError as exc:
        raise InputError(_("cannot read the file: {reason}", reason=os_reason(exc)),
                         name) from exc
    return parse_trf(data, source=name, blank_rounds=blank_rounds)


def parse_trf(
    text: str | bytes, source: str = "", *, blank_rounds: BlankRounds = BlankRounds.ABSENT
) -> Tournament:
    """Parse the text of a TRF16 or TRF26 file into a tournament.

    ``bytes`` are decoded as UTF-8; a line that is not valid UTF-8 is read as Latin-1 and a
    warning names it (:func:`~xl_tiebreak.util.text_files.decode_text_noted`); UTF-16 is refused
    with a
    message saying so; a byte-order mark is dropped. ``source`` names the input in
    :attr:`Tournament.source`. ``blank_rounds``: what an empty round means (docs/decisions.md
    D30); every blank round is listed in a warning whatever the choice.

    Raises :class:`InputError` listing every problem found (each with ``line N, col C``).
    """
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(_("the file is larger than {size} MB",
                           size=MAX_INPUT_BYTES // (1024 * 1024)), source)
    notes: list[str] = []
    if isinstance(text, bytes):
        try:
            text, notes = decode_text_noted(text)
        except DecodeError as exc:
            raise InputError(str(exc), exc.where) from exc
    else:
        text = text.removeprefix("\ufeff")
    reader = _Reader(source, blank_rounds)
    reader.notes += [Problem(Severity.WARNING, note, source) for note in notes]
    return reader.read(text)


def _lines(text: str) -> list[str]:
    """Lines split on CRLF, CR or LF only (not on the other characters ``splitlines`` uses)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class _Reader(PlayerLines):
    """One pass over the lines of a TRF file, collecting problems instead of stopping (the
    ``001`` player lines are read by :class:`~xl_tiebreak.formats.trf.players.PlayerLines`)."""

    def __init__(self, source: str, blank_rounds: BlankRounds = BlankRounds.ABSENT) -> None:
        self.source = source
        self.blank_rounds = blank_rounds
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        """Warnings for the tournament (:attr:`Tournament.notes`)."""
        self.blanks: list[Blank] = []
        """Blank rounds before each participant's last entry (docs/decisions.md D30)."""
        self.byes_240: list[tuple[int, str, int, int]] = []
        """TRF26 ``240`` byes: (line, kind letter, round, start number)."""
        self.dates: dict[str, tuple[str, int]] = {}
        """Date records (``042``, ``052``) by key: their text and line."""
        self.round_dates: list[str] = []
        """``132`` round dates, in order."""
        self.dates_132: list[str] = []
        """``132`` round dates by their round's columns (empty for a round without one)."""
        self.facts: dict[str, str] = {}
        """Header facts by record key (``022``, ``032``, ``102``, ``122``): the first one."""
        self.deputies: list[str] = []
        """``112`` deputy arbiters, one per record."""
        self.other_records: list[str] = []
        """Header records kept as read (:attr:`Tournament.other_records`)."""
        self.colours_unknown: list[tuple[int, int]] = []
        """Game records (start number, round) whose colour the writer had to give
        (:func:`~xl_tiebreak.formats.trf.codes.read_colours_line`)."""
        self.notes_read: list[tuple[int | None, dict[str, NoteValue]]] = []
        """The xl-tiebreak note lines: start number (None: the event) and fields
        (:func:`~xl_tiebreak.formats.trf.codes.read_note_line`)."""
        self.rating_used: RatingUsed | None = None
        """The event note's rating choice (:meth:`check_note`)."""
        self.extra_points: dict[int, Fraction] = {}
        """Start number → extra points of the player notes (:meth:`check_note`)."""
        self.national_lines: list[tuple[str, str, int]] = []
        """National rating records (a federation code and the ``001`` layout): key, line,
        line number; read after the player lines (:meth:`read_national`)."""
        self.rounds_line = 0
        """Line of the ``142``/``XXR`` record."""
        self.unread_date: Problem | None = None
        """The ``042`` start date when it cannot be read."""
        self.team_file = False
        """True when the file has team records (``013``/``310``)."""
        self.lines_299: list[int] = []
        """Lines of ``299`` records (refused in an individual event, see :meth:`finish`)."""
        self.list_lines: dict[str, int] = {}
        """Line of the ``202`` and ``212`` records."""
        self.participants: list[Participant] = []
        self.first_line: dict[int, int] = {}
        """Start number → line where it was first seen."""
        self.name = ""
        self.start_date: datetime.date | None = None
        self.scheduled_rounds: int | None = None
        self.predetermined = False
        self.type_declared = False
        self.scoring: dict[str, Fraction] = {}
        self.by_color: list[tuple[Kind, Color, Fraction]] = []
        self.tiebreaks_202: list[str] | None = None
        self.tiebreaks_212: list[str] | None = None
        self.lots_seed: str | None = None
        """The seed of the drawing of lots from its comment line
        (:mod:`xl_tiebreak.formats.trf.seed`)."""
        self.points_read: dict[str, Fraction] = {}
        """Declared points by their text: a file has few distinct values (``3.5``, ``4.0``…)."""
        self.controls = True
        """False when the text has no control character (the lines are not searched)."""
        self.opponent_numbers: dict[str, int] = {}
        """Opponent numbers by their 4-column text (:class:`PlayerLines`)."""

    def read(self, text: str) -> Tournament:
        """Read every line and build the tournament, or raise :class:`InputError`."""
        lines = _lines(text)
        self.controls = _CONTROL.search(text) is not None  # else no line needs the search
        for line_no, line in enumerate(lines, start=1):
            self.read_line(line, line_no)
            if len(self.first_line) > MAX_PARTICIPANTS:
                self.error(_("more than {most} participants: the limit of the tool (a "
                             "tournament has fewer)", most=MAX_PARTICIPANTS), line_no)
                break
        if not self.participants and not self.problems:
            self.problems.append(
                Problem(Severity.ERROR, _("no player lines (001 records) found"),
                        _("lines 1-{last}", last=len(lines)))
            )
        self.read_national()
        self.finish()
        if self.problems:
            raise InputError(_capped(self.problems))
        return self.tournament()

    def read_line(self, line: str, line_no: int) -> None:
        """Dispatch one line on its record key (cols 1–3); unknown records are ignored."""
        key = line[:3].upper()
        value = line[4:].strip()
        control = _CONTROL.search(line) if self.controls else None
        if control is not None and key != "###":
            self.error(_("control character {char} in the line (is this a text file?)",
                         char=shown(control[0])[1:-1]), line_no, control.start() + 1)
            return
        if key == "001":
            self.read_player(line, line_no)
        elif key == "012":
            self.name = self.name or value
        elif key in ("042", "052"):
            self.dates.setdefault(key, (value, line_no))
        elif key == "132":
            self.round_dates += line[ROUND1 - 1 :].split()
            if not self.dates_132:
                self.dates_132 = round_texts(line)
        elif key in _FACTS:
            if value:
                self.facts.setdefault(key, value)
        elif key == "112":
            if value:
                self.deputies.append(value)
        elif key in _KEPT:
            self.other_records.append(line.rstrip())
        elif len(key) == 3 and key.isalpha() and key.isupper() and not key.startswith("XX"):
            self.national_lines.append((key, line, line_no))
        elif key == "240":
            self.read_240(line, line_no)
        elif key in ("013", "310"):
            self.team_file = True  # 240 then names teams: left to the team records' reader
        elif key == "299" and value:
            self.lines_299.append(line_no)
        elif key == "092":
            self.type_declared = True
            self.read_type_text(value)
        elif key == "192":
            self.type_declared = True
            self.predetermined = self.predetermined or bool(_PREDETERMINED_192.search(value))
        elif key in ("142", "XXR"):
            self.read_rounds(value, line_no)
        elif key == "162":
            self.read_162(line, line_no)
        elif key == "XXS":
            self.read_xxs(line, line_no)
        elif key == "202":
            self.tiebreaks_202 = self.tiebreak_list(key, value, line_no)
        elif key == "212":
            self.tiebreaks_212 = self.tiebreak_list(key, value, line_no)
        elif key == "###":
            games = read_colours_line(line)
            note = read_note_line(line) if games is None else None
            if games is not None:  # docs/engineering.md D105
                self.colours_unknown += games
            elif note is not None:  # docs/engineering.md D107
                self.notes_read.append(note)
                self.check_note(note, line_no)
            elif self.lots_seed is None:
                self.lots_seed = read_seed_line(line)  # docs/engineering.md D61

    def check_note(self, note: tuple[int | None, dict[str, NoteValue]], line_no: int) -> None:
        """Read what a note line decides: the event's rating choice (``rating_used``,
        docs/decisions.md D-E1) and a participant's extra points (``extra_points``, an exact
        number's text: ``"1"``, ``"-1/2"``); a value that is not one is an error naming the
        line."""
        no, fields = note
        if no is None and "rating_used" in fields:
            value = fields["rating_used"]
            used = rating_used_of(value) if isinstance(value, str) else None
            if used is None:
                self.error(_("the rating choice {value} is not fide, national or "
                             "fide-then-national", value=shown(str(value))), line_no, 1)
            self.rating_used = used
        if no is not None and "extra_points" in fields:
            extra = _exact(fields["extra_points"])
            if extra is None or abs(extra) > MAX_EXTRA_POINTS:
                self.error(_("cannot read {value} as extra points (expected e.g. \"1\", "
                             "\"1/2\" or \"-1\", at most {most})",
                             value=shown(str(fields["extra_points"])), most=MAX_EXTRA_POINTS),
                           line_no, 1)
            else:
                self.extra_points[no] = extra

    def tournament(self) -> Tournament:
        """The tournament from what was read."""
        tiebreaks = self.tiebreaks_212 if self.tiebreaks_212 is not None else self.tiebreaks_202
        list_line = self.list_lines.get("212" if self.tiebreaks_212 is not None else "202")
        scoring = Scoring(**self.scoring, by_color=tuple(self.by_color))
        self.notes += apply_blank_rounds(self.participants, self.blanks, self.blank_rounds,
                                         scoring, self.source)
        inferred = not self.type_declared and looks_like_round_robin(self.participants)
        if inferred:
            self.predetermined = True
        self.read_start_date()
        self.forget_colours()
        rate = self.apply_notes()
        for p in self.participants:
            if p.start_no in self.extra_points:
                p.extra_points = self.extra_points[p.start_no]
        t = Tournament(
            rate=rate,
            rating_used=self.rating_used,
            type_inferred=inferred,
            participants=self.participants,
            name=self.name,
            scheduled_rounds=self.scheduled_rounds,
            type=TournamentType.PREDETERMINED if self.predetermined else TournamentType.SWISS,
            start_date=self.start_date,
            scoring=scoring,
            tiebreaks=tiebreaks or [],
            tiebreaks_where=line_place(list_line, 5) if list_line else "",
            source=self.source,
            notes=self.notes,
            unread_date=self.unread_date,
            lots_seed=self.lots_seed,
            blanks=frozenset((b.start_no, b.round) for b in self.blanks),
            city=self.facts.get("022", ""),
            federation=self.facts.get("032", ""),
            start_text=self.dates.get("042", ("", 0))[0],
            end_date=self.dates.get("052", ("", 0))[0],
            chief_arbiter=self.facts.get("102", ""),
            deputy_arbiters=self.deputies,
            time_control=self.facts.get("122", ""),
            round_dates=self.dates_132,
            other_records=self.other_records,
        )
        where = line_place(self.rounds_line) if self.rounds_line else ""
        note_rounds_played(t, where, t.blanks)
        return t

    def apply_notes(self) -> str:
        """Give the participants the fields of their note lines (texts where a text belongs,
        whole numbers where a rating does; anything else is left alone); returns the event's
        rate, empty when no note gives one."""
        by_no = {p.start_no: p for p in self.participants}
        texts = {"club": "club", "group": "group", "national_id": "national_id"}
        ratings = {"rapid": "rapid_rating", "blitz": "blitz_rating",
                   "national_rating": "national_rating"}
        rate = ""
        for no, fields in self.notes_read:
            if no is None:
                value = fields.get("rate")
                rate = value if isinstance(value, str) and value in RATES else rate
                continue
            p = by_no.get(no)
            if p is None:
                continue
            for key, value in fields.items():
                if key == "manual_order" and isinstance(value, str):
                    try:
                        p.manual_order = Fraction(value)
                    except (ValueError, ZeroDivisionError):
                        continue
                elif key in texts and isinstance(value, str):
                    setattr(p, texts[key], value)
                elif key in ratings and isinstance(value, int) and 0 < value < 10000:
                    setattr(p, ratings[key], value)
        return rate

    def forget_colours(self) -> None:
        """The game records of the colours comment line lose the colour the writer gave them,
        as in the event written."""
        by_no = {p.start_no: p for p in self.participants}
        for no, rnd in self.colours_unknown:
            p = by_no.get(no)
            if p is not None and rnd <= len(p.rounds) and p.rounds[rnd - 1].opponent is not None:
                p.rounds[rnd - 1] = p.rounds[rnd - 1]._replace(color=None)

    def complete_172(self, code: str) -> bool:
        """A ``172`` record naming the method alone (``172 NIDOF``) gets the federation code of
        the file's national records, which TRF26 puts before it (``172 FRA NIDOF``); a note
        says so. False when there is no such record."""
        for i, record in enumerate(self.other_records):
            words = record.split()
            if words[:1] == ["172"] and len(words) == 2:
                self.other_records[i] = f"172 {code} {words[1]}"
                self.notes.append(Problem(
                    Severity.WARNING,
                    _("the 172 record names no federation: read as {record}, the code of the "
                      "national rating records", record=repr(self.other_records[i])),
                    self.source))
                return True
        return False

    def read_national(self) -> None:
        """National rating records (TRF26: the federation code of the ``172`` record in cols
        1-3, the ``001`` layout): each gives its player's national rating (cols 49-52) and
        national ID (cols 58-68). Without a ``172`` record naming a federation none is read
        (other lines with a 3-letter key are other programs' records)."""
        named = [words[1].upper() for r in self.other_records
                 if r.startswith("172") and len(words := r.split()) > 2]
        codes = sorted({key for key, _, _ in self.national_lines})
        if not named and len(codes) == 1 and self.complete_172(codes[0]):
            named = codes
        if not named:  # national records are those the 172 record announces
            return
        by_no = {p.start_no: p for p in self.participants}
        for key, line, line_no in self.national_lines:
            if named and key not in named:
                continue
            text = field(line, START_NO).strip()
            p = by_no.get(int(text)) if is_digits(text) else None
            if p is None:
                self.error(_("national rating record {key} names no player of a 001 line",
                             key=key), line_no, 5)
                continue
            rating = self.intfield(line, line_no, RATING, _("national rating"))
            p.national_rating = rating or None
            p.national_id = field(line, FIDE_ID).strip()

    def read_start_date(self) -> None:
        """``042``: the start date, a range's first day; two-digit years chosen by the other
        dates of the file (``052``, ``132``), else a warning; unreadable: a note for the
        rule-set warning (:attr:`Tournament.unread_date`)."""
        if "042" not in self.dates or not self.dates["042"][0]:
            return
        text, line_no = self.dates["042"]
        readings = date_readings(text)
        if not readings:
            self.unread_date = Problem(Severity.WARNING, _("cannot read the start date {text}",
                                                         text=shown(text)), line_place(line_no))
            return
        others = [date_readings(t) for t in self.round_dates]
        if "052" in self.dates:
            others.append(date_readings(self.dates["052"][0]))
        chosen, certain = choose_start_date(readings, [o for o in others if o])
        self.start_date = chosen
        if not certain:
            options = _(" or ", "dates").join(date_text(d) for d in readings)
            self.notes.append(Problem(
                Severity.WARNING,
                _("the start date {text} is ambiguous ({options}) and the file's other dates do "
                  "not decide: read as {chosen} (day first); give the start date (--start-date) "
                  "if it is another", text=shown(text), options=options,
                  chosen=date_text(readings[0])),
                line_place(line_no),
            ))

    # -- header records ------------------------------------------------------------------------

    def read_type_text(self, value: str) -> None:
        """``092``: free text; round robin, Berger or Scheveningen mean pre-determined pairings."""
        if "swiss" not in value.lower() and _PREDETERMINED_092.search(value):
            self.predetermined = True

    def read_rounds(self, value: str, line_no: int) -> None:
        """``142``/``XXR``: number of rounds scheduled (at most :data:`MAX_ROUNDS`)."""
        words = value.split()
        if not words:
            return
        try:
            self.scheduled_rounds = parse_whole(words[0], _("number of rounds"), 0, MAX_ROUNDS,
                                                digits=3)
        except ValueError as exc:
            self.error(str(exc), line_no, 5)
            return
        self.rounds_line = line_no

    def tiebreak_list(self, key: str, value: str, line_no: int) -> list[str]:
        """``202``/``212``: the descriptors as written (``PTS`` where it stands); the line is
        kept for messages (:attr:`Tournament.tiebreaks_where`: the list is parsed when used)."""
        self.list_lines[key] = line_no
        return _tiebreak_list(value)

    def read_240(self, line: str, line_no: int) -> None:
        """TRF26 ``240`` byes: type at col 5 (``F``/``H``/``Z``), round at cols 7-9, start
        numbers at cols 11-14, 16-19, …; applied after the player lines (:meth:`apply_240`)."""
        letter = line[4:5].upper()
        if letter not in ("F", "H", "Z"):
            self.error(_("240 bye type {text} is not F, H or Z", text=shown(line[4:5])), line_no, 5)
            return
        try:
            rnd = parse_whole(line[6:9], _("round of the 240 record"), 1, MAX_ROUNDS, digits=3)
        except ValueError as exc:
            self.error(str(exc), line_no, 7)
            return
        col = 11
        while col <= len(line):
            text = line[col - 1 : col + 3]
            if text.strip():
                try:
                    no = parse_whole(text, _("start number"), 1, 9999, digits=4)
                except ValueError as exc:
                    self.error(str(exc), line_no, col)
                else:
                    self.byes_240.append((line_no, letter, rnd, no))
            col += 5

    def finish(self) -> None:
        """What needs the whole file: the ``240`` byes and the ``299`` records of an individual
        event (a team file's are left to the team records' reader)."""
        if self.team_file:
            return
        self.apply_240()
        for line_no in self.lines_299:
            # docs/decisions.md D51: the spec names 299 but gives no columns for it
            self.error(_("299 records (abnormal points, adjustments) are not read by this tool "
                         "(the TRF26 text gives no columns for them); the standings would leave "
                         "them out: remove the line, give the points as results, or give them "
                         "as an Extra column of a crosstable"), line_no)

    def apply_240(self) -> None:
        """Put the ``240`` byes in the participants' rounds: a blank round (or one past the end
        of the line) becomes the bye; a round with the same bye stays; anything else is an
        error naming both lines."""
        if not self.byes_240:
            return
        by_no = {p.start_no: p for p in self.participants}
        kinds = {"F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB}
        blank = {(b.start_no, b.round): b for b in self.blanks}
        for line_no, letter, rnd, no in self.byes_240:
            p = by_no.get(no)
            if p is None:
                if no not in self.first_line:
                    self.error(_("240 names start number {no}, which has no 001 line", no=no),
                               line_no)
                continue
            kind = kinds[letter]
            where = line_place(line_no)
            while len(p.rounds) < rnd:
                p.rounds.append(Record(Kind.ZPB, where=p.where))
                blank[(no, len(p.rounds))] = Blank(no, len(p.rounds), p.where)
            current = p.rounds[rnd - 1]
            if (no, rnd) in blank:
                p.rounds[rnd - 1] = Record(kind, where=where)
                del blank[(no, rnd)]
            elif current.kind is not kind:
                self.error(_("240 gives #{no} a {kind} in round {round}, but the player line "
                             "({where}) says {other}", no=no, kind=kind_text(kind), round=rnd,
                             where=current.where or p.where, other=kind_text(current.kind)),
                           line_no)
        self.blanks = [b for b in self.blanks if (b.start_no, b.round) in blank]

    def read_162(self, line: str, line_no: int) -> None:
        """``162``: scoring as symbol + points pairs (W D L A P X); spacing is not enforced."""
        for m in _RULE_162.finditer(line, 4):
            symbol = m[1].upper()
            value = self.points_value(m[2], line_no, m.start(2) + 1)
            if value is None:
                continue
            if symbol in "WDL":
                self.scoring[XXS_FIELDS[symbol]] = value
            elif symbol == "A":
                self.scoring["forfeit_loss"] = value
                self.scoring["zpb"] = value
            elif symbol == "P":
                self.scoring["pab"] = value
            # X (unknown or adjourned result) has no place in the model.

    def read_xxs(self, line: str, line_no: int) -> None:
        """``XXS CODE=VALUE ...``: JaVaFo scoring."""
        for m in re.finditer(r"\S+", line[4:]):
            col = m.start() + 5
            code, sep, text = m[0].partition("=")
            code = code.upper()
            value = self.points_value(text, line_no, col, _("XXS value '{text}'", text=m[0]))
            if value is None:
                continue
            if not sep or not (code in XXS_FIELDS or code in XXS_COLORED):
                self.error(_("unknown XXS scoring code '{text}'", text=m[0]), line_no, col)
            elif code in XXS_FIELDS:
                self.scoring[XXS_FIELDS[code]] = value
            else:
                kind, color = XXS_COLORED[code]
                self.by_color.append((kind, color, value))

    def points_value(
        self, text: str, line_no: int, col: int, what: str = ""
    ) -> Fraction | None:
        """Points of a scoring record: a number from -100 to 100 (a forfeit may cost points),
        else a noted problem (None)."""
        label = what or _("points '{text}'", text=text)
        try:
            value = parse_number(text)
        except ValueError:
            self.error(_("{what} is not a number of points", what=label), line_no, col)
            return None
        if not -100 <= value <= 100:
            self.error(_("{what}: points must be between -100 and 100", what=label), line_no, col)
            return None
        return value



def _tiebreak_list(value: str) -> list[str]:
    """``202``/``212`` descriptors: comma separated, blanks dropped; a leading ``PTS`` (the usual
    points-first order) dropped, any other kept where it stands (TRF26 allows it anywhere)."""
    items = [item.strip() for item in value.split(",")]
    items = [item for item in items if item]
    return items[1:] if items[:1] and items[0].upper() == "PTS" else items


def _capped(problems: list[Problem]) -> list[Problem]:
    """At most :data:`MAX_PROBLEMS` problems, plus one line counting the rest."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = len(problems) - MAX_PROBLEMS
    more = Problem(Severity.ERROR, _n("... and {count} more problem",
                                      "... and {count} more problems", count=rest))
    return [*problems[:MAX_PROBLEMS], more]


def _exact(value: NoteValue) -> Fraction | None:
    """An exact number of a note (``3``, ``"-5/4"``, ``"0.5"``); None when it is not one."""
    if isinstance(value, int):
        return Fraction(value)
    try:
        return Fraction(value.strip())
    except (ValueError, ZeroDivisionError):
        return None
