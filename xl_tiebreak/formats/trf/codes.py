"""The codes of TRF files, shared by the reader (:mod:`xl_tiebreak.formats.trf.reader`) and the
writer
(:mod:`xl_tiebreak.formats.trf.writer`): the columns of the ``001`` player line, the colours and
result
letters of a round block and the records they make, the JaVaFo ``XXS`` scoring codes.

Spec: ``tiebreak-rules.md`` §11.1, §11.2 and §11.5.
"""

from __future__ import annotations

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
