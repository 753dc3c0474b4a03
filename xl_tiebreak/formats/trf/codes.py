"""The codes of TRF files, shared by the reader (:mod:`xl_tiebreak.formats.trf.reader`) and the
writer
(:mod:`xl_tiebreak.formats.trf.writer`): the columns of the ``001`` player line, the colours and
result
letters of a round block and the records they make, the JaVaFo ``XXS`` scoring codes.

Spec: ``tiebreak-rules.md`` §11.1, §11.2 and §11.5.
"""

from __future__ import annotations

import json
import re

from xl_tiebreak.model.tournament import Color, Kind, Record
from xl_tiebreak.util.plain import Frozen

# 1-based inclusive columns of the ``001`` player line (spec §11.1).
START_NO = (5, 8)
SEX = (10, 10)
TITLE = (11, 13)
NAME = (15, 47)
RATING = (49, 52)
FEDERATION = (54, 56)
FIDE_ID = (58, 68)
BIRTH = (70, 79)
POINTS = (81, 84)
RANK = (86, 89)
ROUND1 = 92
"""Column of round 1's opponent; each later round is 10 columns to the right."""
ROUND_WIDTH = 10
SEGMENT = 8
"""Characters of one round: opponent (4), blank, colour, blank, result."""



COLOURS_PREFIX = "### xl-tiebreak colours unknown:"
"""The comment line listing the game records whose colour the input did not give (the writer
gives each game a White and a Black so that the FIDE checker reads it; docs/engineering.md
D105)."""

_COLOURS_RECORD = re.compile(r"([0-9]{1,4})\.([0-9]{1,3})")


def colours_line(records: list[tuple[int, int]]) -> str:
    """The comment line of the records (start number, round) of unknown colour:
    ``### xl-tiebreak colours unknown: 3.1 8.1 5.4`` (#3 and #8 in round 1, #5 in round 4)."""
    return COLOURS_PREFIX + "".join(f" {no}.{rnd}" for no, rnd in records)


def read_colours_line(line: str) -> list[tuple[int, int]] | None:
    """The records (start number, round) of a :func:`colours_line`; None for any other line."""
    text = line.rstrip()
    if not text.lower().startswith(COLOURS_PREFIX):
        return None
    words = text[len(COLOURS_PREFIX):].split()
    found = [m.groups() for w in words if (m := _COLOURS_RECORD.fullmatch(w))]
    return [(int(no), int(rnd)) for no, rnd in found]


NOTE_PREFIX = "### xl-tiebreak "
"""The comment lines of what a TRF has no place for (docs/engineering.md D107):
``### xl-tiebreak player 12 {"club": "Xadrez SP", "group": "Sub-14"}`` (a participant's club,
group, rapid and blitz ratings, manual-order value and extra points, and national rating and ID
when no national record can carry them) and ``### xl-tiebreak event {"rate": "rapid",
"rating_used": "national"}``: a JSON object after the start number."""

_NOTE = re.compile(r"###\s+xl-tiebreak\s+(player\s+([0-9]{1,4})|event)\s+(\{.*\})\s*",
                   re.IGNORECASE)

NoteValue = str | int
"""A value of a note: a text, or a rating."""


def note_line(fields: dict[str, NoteValue], start_no: int | None = None) -> str:
    """The comment line of a participant's (``start_no``) or the event's fields."""
    what = "event" if start_no is None else f"player {start_no}"
    return f"{NOTE_PREFIX}{what} {json.dumps(fields, ensure_ascii=False)}"


def read_note_line(line: str) -> tuple[int | None, dict[str, NoteValue]] | None:
    """The start number (None for the event) and fields of a :func:`note_line`; None for any
    other line, and for one whose object is not JSON of texts and whole numbers (a comment)."""
    m = _NOTE.fullmatch(line.rstrip("\r\n"))
    if m is None:
        return None
    try:
        fields = json.loads(m[3])
    except ValueError:
        return None
    if not isinstance(fields, dict) or not all(
            isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool))
            for v in fields.values()):
        return None
    return (int(m[2]) if m[2] else None), fields


def round_texts(line: str) -> list[str]:
    """The texts of a line by the round whose columns they start in (``132`` round dates:
    cols 92-99, 102-109, …; a text starting up to one column early, as some programs write
    it, counts for the round it overlaps), an empty text for a round without one."""
    texts: list[str] = []
    for m in re.finditer(r"\S+", line[ROUND1 - 2 :]):
        rnd = (m.start() + 1) // ROUND_WIDTH  # 0-based: col 91 or 92-100 is round 1's
        texts += [""] * (rnd - len(texts))
        if rnd == len(texts):
            texts.append(m[0])
        else:
            texts[rnd] = f"{texts[rnd]} {m[0]}"
    return texts


COLORS = {"w": Color.WHITE, "b": Color.BLACK, "-": None, " ": None}


class Code(Frozen):
    """How one result letter reads, with and without an opponent."""

    __slots__ = ("paired", "unpaired", "short_game")
    paired: Kind | None
    """Kind when the round names an opponent (None: the code needs no opponent to be valid)."""
    unpaired: Kind
    """Kind when the round names no opponent."""
    short_game: bool

    def __init__(
        self, paired: Kind | None, unpaired: Kind, short_game: bool = False,
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "paired", paired)
        set_field(self, "unpaired", unpaired)
        set_field(self, "short_game", short_game)



CODES = {
    "1": Code(Kind.WIN, Kind.FPB),
    "=": Code(Kind.DRAW, Kind.HPB),
    "0": Code(Kind.LOSS, Kind.ZPB),
    "W": Code(Kind.WIN, Kind.FPB, short_game=True),
    "D": Code(Kind.DRAW, Kind.HPB, short_game=True),
    "L": Code(Kind.LOSS, Kind.ZPB, short_game=True),
    "+": Code(Kind.FORFEIT_WIN, Kind.FORFEIT_WIN),
    "-": Code(Kind.FORFEIT_LOSS, Kind.ZPB),
    "H": Code(None, Kind.HPB),
    "F": Code(None, Kind.FPB),
    "U": Code(None, Kind.PAB),
    "Z": Code(None, Kind.ZPB),
}
"""Result letters (upper case) of spec §11.2 and their kinds (§11.5).

A played result written without an opponent (Swiss Master writes ``- =`` for a half-point bye)
reads as the bye worth the same: ``1``/``W`` full-point bye, ``=``/``D`` half-point bye, ``0``/``L``
zero-point bye. ``+`` without an opponent stays a forfeit win whose opponent is unknown.
"""

BYE_KINDS = frozenset({Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB})

XXS_FIELDS = {
    "W": "win",
    "D": "draw",
    "L": "loss",
    "FW": "forfeit_win",
    "FL": "forfeit_loss",
    "ZPB": "zpb",
    "HPB": "hpb",
    "FPB": "fpb",
    "PAB": "pab",
}
"""JaVaFo ``XXS`` codes that set one :class:`Scoring` field."""

XXS_COLORED = {
    "WW": (Kind.WIN, Color.WHITE),
    "BW": (Kind.WIN, Color.BLACK),
    "WD": (Kind.DRAW, Color.WHITE),
    "BD": (Kind.DRAW, Color.BLACK),
    "WL": (Kind.LOSS, Color.WHITE),
    "BL": (Kind.LOSS, Color.BLACK),
}
"""JaVaFo ``XXS`` codes for colour-specific values of played games."""


# ---------------------------------------------------------------------------------------------
# Round blocks → records


def is_blank_round(segment: str) -> bool:
    """A round block that says nothing: all blank, or only ``-`` as colour and/or result (no
    opponent or ``0000``): ICU exports write ``     -  `` for a requested bye and for a round
    after withdrawal alike (docs/decisions.md D30)."""
    if segment.isspace():
        return True
    return segment[:4].strip() in ("", "0000") and segment[5] in " -" and segment[7] in " -" \
        and segment[4] == " " and segment[6] == " "


def round_record(
    code: Code | None, opponent: int | None, color: Color | None, where: str
) -> Record:
    """The record for a result code (None = blank) with the given opponent and colour."""
    if code is None:
        return Record(Kind.ZPB, where=where)
    if opponent is None or code.paired is None:
        kind = code.unpaired
        short = False
    else:
        kind = code.paired
        short = code.short_game
    if kind in BYE_KINDS:
        return Record(kind, where=where)
    return Record(kind, opponent, color, short, where=where)


Shape = tuple[Kind, bool, Color | None, bool]
"""A round's record without its place: kind, whether it keeps the opponent, colour, short game."""


def shape(code: Code | None, opponent: int | None, color: Color | None) -> Shape:
    """What :func:`round_record` makes of a code, with (``opponent`` given) or without an
    opponent."""
    rec = round_record(code, opponent, color, "")
    return rec.kind, rec.kind not in BYE_KINDS, rec.color, rec.short_game


def fast_record(shape: Shape, opponent: int | None, where: str) -> Record:
    """The record of a well-formed round (as :meth:`_Reader.read_round` would make it)."""
    kind, keeps, color, short = shape
    if keeps:
        return tuple.__new__(Record, (kind, opponent, color, short, where))
    return tuple.__new__(Record, (kind, None, None, False, where))


def _tails() -> dict[str, tuple[Shape, Shape | None]]:
    """Every well-formed end of a round (``" w 1"``: blank, colour, blank, result) with the
    record shape without and with an opponent (None: a result is missing)."""
    tails: dict[str, tuple[Shape, Shape | None]] = {}
    results = [" ", *CODES, *(c.lower() for c in CODES if c.isalpha())]
    for color_char in "wbWB- ":  # colours and result letters are read case-insensitively
        color = COLORS[color_char.lower()]
        for result_char in results:
            code = CODES.get(result_char.upper())
            with_opponent = None if code is None else shape(code, 1, color)
            tails[f" {color_char} {result_char}"] = (shape(code, None, color), with_opponent)
    return tails


TAILS = _tails()
"""Fast-path table of :meth:`_Reader.read_rounds_of`."""

GAME_TAILS: dict[str, tuple[Kind, Color | None, bool]] = {
    tail: (paired[0], paired[2], paired[3])
    for tail, (_, paired) in TAILS.items() if paired is not None and paired[1]
}
"""The ends of a round whose record keeps its opponent (a game or a forfeit): kind, colour,
short game of the record :func:`round_record` makes when an opponent is named (the first
fast path of :meth:`_Reader.read_rounds_of`, the most frequent round by far)."""
