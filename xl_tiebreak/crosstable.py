"""Read a crosstable (spreadsheet range or CSV text) into a :class:`~xl_tiebreak.model.Tournament`.

Input is what a spreadsheet hands over: a 2-D list, header row first, numbers as floats (or ints,
or numeric strings), empty and error cells as ``None`` or ``""``. Fully empty rows are skipped and
trailing empty rows and columns do not count.

Two layouts are recognised automatically:

**Swiss layout** — one row per participant, columns found by their header (case-insensitive,
spaces, underscores and dots ignored):

===============  ==========================================================================
start number     ``No``, ``#``, ``SNo``, ``Nr``, ``Start``, ``StartNo``, ``TPN`` (if absent, the
                 rows are numbered 1, 2, 3 … in order)
name             ``Name``, ``Player``
rating           ``Rating``, ``Elo``, ``Rtg``, ``FIDE`` (empty, ``0`` or ``-`` = unrated)
federation       ``Fed``, ``Federation``, ``Country``
title            ``Title``
points           ``Pts``, ``Points``, ``Score``, ``Total`` (becomes ``declared_points``)
rounds           ``R1`` … ``Rn``, ``1`` … ``n`` (also as the numbers 1.0 …), ``Rd 1``, ``Rd1``,
                 ``Round 1``
===============  ==========================================================================

Other columns (``Rank``, ``Club``, ``BH`` …) are ignored; when two columns match the same field
the first one is used. The round cells use the compact notation read by
:func:`parse_round_token`. Rounds are counted up to the last round column holding anything; an
empty cell before that is a zero-point bye (absence).

**Round-robin grid** — header ``No``/``Name`` … then one column per participant labelled
``1`` … ``n`` (numbers or text), where n is the number of participant rows; the start numbers
are exactly 1 … n and every diagonal cell (row of #k, column ``k``) is empty or a filler such as
``x``, ``*`` or ``-``; no round cell is written in the Swiss notation (``12w1``, ``H`` …). Each
off-diagonal cell is the result of the row player against the column player: ``1``, ``½``
(``0.5``, ``1/2``, ``=``), ``0``, ``+`` (forfeit win), ``-`` (forfeit loss; ``-`` on both sides
is a double forfeit), or empty (not played yet). With a non-default ``scoring`` a number means
the points of that result (e.g. ``3``/``1``/``0``).

A grid has no round information. Each game is put in its round of the standard FIDE Berger
table for n players (an odd field gets a rest round against the dummy n+1): a pair (i, j), both
below the table size N (n, or n+1 when n is odd), meets in round ``(i + j - 2) mod (N - 1) + 1``,
and player i meets N in round ``(2i - 2) mod (N - 1) + 1``. So both sides of a game sit in the
same round. Rounds without a game (the rest round, games not played yet) are zero-point byes
(the TRF encoding of a round-robin rest round) up to the player's last game; trailing ones are
left out, so ``rounds`` lists may be shorter than others. Colours are unknown (None). The
rounds are virtual: tie-breaks that depend on the order of rounds (progressive score) are not
meaningful for a grid, only the set of games is. The tournament type defaults to
``PREDETERMINED`` and ``scheduled_rounds`` to N - 1.

Cross-player consistency (mirrored results, unknown opponents, declared points against the
rounds) is not checked here; that is :mod:`xl_tiebreak.check`'s job. This module only reports
what it cannot read, all problems at once, in one :class:`~xl_tiebreak.model.InputError`, each
naming its cell (``Crosstable!F7``, or ``cell F7`` without a sheet name).
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import math
import re
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.cells import cell_name, is_blank, quoted, sheet_prefix, sheet_ref
from xl_tiebreak.inputs import MAX_INPUT_BYTES
from xl_tiebreak.model import (
    Color,
    InputError,
    Kind,
    Participant,
    Problem,
    Record,
    Scoring,
    Severity,
    Tournament,
    TournamentType,
)
from xl_tiebreak.numbers import fmt, from_float, parse_number

__all__ = [
    "MAX_COLUMNS",
    "MAX_ROWS",
    "cell_name",
    "parse_round_token",
    "read_crosstable",
    "read_csv_crosstable",
]

MAX_ROWS = 20_000
"""Most non-empty rows (header included) a crosstable may have."""
MAX_COLUMNS = 500
"""Most columns (up to the last non-empty one) a crosstable may have."""
_MAX_RANGE_CELLS = 30_000_000
"""Largest raw range scanned at all (rows × widest row), to refuse whole-sheet selections fast."""
_MAX_WHOLE = 10**9
"""Largest start number or rating accepted."""

_TOKEN_HINT = "expected e.g. 12w1, 12b½, 12+, H, U, -"

# --- cells and places -------------------------------------------------------------------------
# ``cell_name`` (from xl_tiebreak.cells) stays importable from here for the spreadsheet layer.


@dataclasses.dataclass(frozen=True)
class _Places:
    """Turns positions inside the range (0-based) into names of real cells for messages."""

    sheet: str
    origin_row: int
    origin_col: int

    def cell(self, row: int, col: int) -> str:
        """``Sheet!E7`` or ``cell E7`` for the range position (row, col)."""
        name = cell_name(self.origin_row + row, self.origin_col + col)
        return sheet_ref(self.sheet, name) if self.sheet else f"cell {name}"

    def row(self, row: int) -> str:
        """``Sheet!row 7`` or ``row 7`` for the range row ``row``."""
        prefix = f"{sheet_prefix(self.sheet)}!" if self.sheet else ""
        return f"{prefix}row {self.origin_row + row}"


def _text(cell: object) -> str:
    """The text of a cell as a person would read it: ``12.0`` → ``"12"``, ``0.5`` → ``"0.5"``."""
    if cell is None:
        return ""
    if isinstance(cell, str):
        return cell.strip()
    if isinstance(cell, bool):
        return "TRUE" if cell else "FALSE"
    if isinstance(cell, int):
        return str(cell)
    if isinstance(cell, float):
        if not math.isfinite(cell):
            return str(cell)
        return str(int(cell)) if cell.is_integer() else fmt(from_float(cell))
    if isinstance(cell, (datetime.date, datetime.datetime)):
        return cell.isoformat()
    return str(cell).strip()


_NUMBER_TEXT = re.compile(r"[+-]?[0-9][0-9 .,/½]{0,30}|[+-]?½")


def _number(cell: object) -> Fraction | None:
    """A numeric cell as an exact fraction; None when empty. Raises ValueError otherwise.

    Floats go through :func:`~xl_tiebreak.numbers.from_float`, text through
    :func:`~xl_tiebreak.numbers.parse_number` (``3.5``, ``3,5``, ``3½``, ``1/2``).
    """
    if is_blank(cell):
        return None
    if isinstance(cell, bool):
        raise ValueError("not a number")
    if isinstance(cell, int):
        return Fraction(cell)
    if isinstance(cell, float):
        if not math.isfinite(cell):
            raise ValueError("not a number")
        return from_float(cell)
    if isinstance(cell, str):
        text = cell.strip()
        if not _NUMBER_TEXT.fullmatch(text):  # also keeps huge exponents out of parse_number
            raise ValueError("not a number")
        try:
            return parse_number(text)
        except (ValueError, ArithmeticError) as exc:
            raise ValueError("not a number") from exc
    raise ValueError("not a number")


def _whole(cell: object) -> int | None:
    """A non-negative whole number cell (``5``, ``5.0``, ``"5"``); None when empty.

    Raises ValueError for anything else.
    """
    value = _number(cell)
    if value is None:
        return None
    if value.denominator != 1 or not 0 <= value <= _MAX_WHOLE:
        raise ValueError("not a whole number")
    return int(value)


# --- the range --------------------------------------------------------------------------------


@dataclasses.dataclass
class _Row:
    """A non-empty row of the range: its 0-based index in the range and its cells."""

    index: int
    cells: list[object]

    def get(self, col: int | None) -> object:
        """The cell in column ``col`` (0-based), None when absent."""
        if col is None or col >= len(self.cells):
            return None
        return self.cells[col]


def _is_row(row: object) -> bool:
    return isinstance(row, Sequence) and not isinstance(row, (str, bytes, bytearray))


def _rows(values: object, places: _Places) -> list[_Row]:
    """The non-empty rows of a 2-D range, cut to the last non-empty column; checks the size."""
    if not _is_row(values):
        raise InputError("expected a 2-D range (a list of rows) with a header row first")
    assert isinstance(values, Sequence)
    if not all(_is_row(row) for row in values):
        raise InputError(
            "expected a 2-D range (a list of rows): select the whole crosstable, header included"
        )
    widest = max((len(row) for row in values), default=0)
    if len(values) * widest > _MAX_RANGE_CELLS:
        raise InputError(
            f"the range of {len(values)} rows × {widest} columns is too large: "
            "select only the crosstable"
        )
    rows: list[_Row] = []
    width = 0
    for index, row in enumerate(values):
        if all(cell is None for cell in row):  # fast path for the empty part of a selection
            continue
        filled = [col for col, cell in enumerate(row) if not is_blank(cell)]
        if not filled:
            continue
        if len(rows) >= MAX_ROWS:
            raise InputError(
                f"the crosstable has more than {MAX_ROWS} rows: select only the crosstable",
                places.row(index),
            )
        width = max(width, filled[-1] + 1)
        if width > MAX_COLUMNS:
            raise InputError(
                f"the crosstable has more than {MAX_COLUMNS} columns: select only the crosstable",
                places.cell(index, filled[-1]),
            )
        rows.append(_Row(index, list(row)))
    for row in rows:
        del row.cells[width:]
    return rows


# --- the header -------------------------------------------------------------------------------

_START_KEYS = frozenset({"no", "#", "sno", "nr", "start", "startno", "startnr", "stno", "tpn"})
_NAME_KEYS = frozenset({"name", "player", "playername"})
_RATING_KEYS = frozenset({"rating", "elo", "rtg", "fide", "fiderating"})
_FED_KEYS = frozenset({"fed", "federation", "country"})
_TITLE_KEYS = frozenset({"title"})
_POINTS_KEYS = frozenset({"pts", "points", "score", "total"})
_ROUND_LABEL = re.compile(r"(r|rd|rnd|round)?0*([0-9]{1,4})(\.0+)?")


@dataclasses.dataclass
class _Columns:
    """Where each field is (0-based column indices) and the round columns by round number."""

    start: int | None = None
    name: int | None = None
    rating: int | None = None
    federation: int | None = None
    title: int | None = None
    points: int | None = None
    rounds: dict[int, int] = dataclasses.field(default_factory=dict)
    bare: bool = True
    """True when every round column is labelled by a bare number (``1``, not ``R1``)."""


def _header_key(cell: object) -> str:
    """Header text compared case-insensitively without spaces, underscores and dots.

    A dot between two digits stays (``1.5`` is no round label).
    """
    if isinstance(cell, float) and math.isfinite(cell) and not cell.is_integer():
        return ""
    text = _text(cell).lower()
    text = re.sub(r"[\s_]+", "", text)
    return re.sub(r"(?<![0-9])\.|\.(?![0-9])", "", text)


def _read_header(row: _Row, places: _Places, problems: list[Problem]) -> _Columns:
    """Find the columns of the known fields and the round columns in the header row."""
    columns = _Columns()
    fields = (
        ("start", _START_KEYS),
        ("name", _NAME_KEYS),
        ("rating", _RATING_KEYS),
        ("federation", _FED_KEYS),
        ("title", _TITLE_KEYS),
        ("points", _POINTS_KEYS),
    )
    for col, cell in enumerate(row.cells):
        key = _header_key(cell)
        if not key:
            continue
        field = next((f for f, keys in fields if key in keys), None)
        if field is not None:
            if getattr(columns, field) is None:
                setattr(columns, field, col)
            continue
        label = _ROUND_LABEL.fullmatch(key)
        if label is None:
            continue
        number = int(label.group(2))
        where = places.cell(row.index, col)
        if number == 0:
            problems.append(_error("round columns are numbered from 1", where))
        elif number in columns.rounds:
            first = places.cell(row.index, columns.rounds[number])
            problems.append(_error(f"round {number} has a second column (first: {first})", where))
        else:
            columns.rounds[number] = col
            columns.bare = columns.bare and label.group(1) is None
    missing = [r for r in range(1, max(columns.rounds, default=0) + 1) if r not in columns.rounds]
    if missing:
        problems.append(
            _error(
                f"no column for round {', '.join(map(str, missing))} "
                "(round columns must be numbered 1, 2, 3, … without gaps)",
                places.row(row.index),
            )
        )
    if columns.start is None and columns.name is None:
        problems.append(
            _error(
                "no header row found: the first row should name the columns "
                "(No, Name, Rating, Pts, R1, R2, …)",
                places.row(row.index),
            )
        )
    return columns


def _error(message: str, where: str) -> Problem:
    return Problem(Severity.ERROR, message, where)


# --- participants -----------------------------------------------------------------------------

_UNRATED = frozenset({"-", "–", "—", "−", "nr", "unr", "unrated", "n/a"})


def _read_rating(cell: object) -> int | None:
    """A rating cell: empty, ``0`` or ``-`` means unrated (None). Raises ValueError otherwise."""
    if _text(cell).lower() in _UNRATED:
        return None
    return _whole(cell) or None


def _read_participant(
    row: _Row, position: int, columns: _Columns, places: _Places, problems: list[Problem]
) -> Participant | None:
    """The fixed fields of one participant row (its rounds come later).

    ``position`` (1-based) is the start number used when there is no start-number column.
    Returns None when the start number cannot be read (the problem is recorded).
    """
    start: int | None = position
    if columns.start is not None:
        cell = row.get(columns.start)
        where = places.cell(row.index, columns.start)
        try:
            start = _whole(cell)
        except ValueError:
            start = None
            problems.append(_error(f"cannot read {quoted(_text(cell))} as a start number", where))
        else:
            if start is None:
                problems.append(_error("the start number is missing", where))
            elif start == 0:
                start = None
                problems.append(_error("start numbers begin at 1", where))
    participant = Participant(
        start_no=start or 0,
        name=_text(row.get(columns.name)),
        federation=_text(row.get(columns.federation)),
        title=_text(row.get(columns.title)),
        where=places.row(row.index),
    )
    if columns.rating is not None:
        cell = row.get(columns.rating)
        try:
            participant.rating = _read_rating(cell)
        except ValueError:
            where = places.cell(row.index, columns.rating)
            problems.append(_error(f"cannot read {quoted(_text(cell))} as a rating", where))
    if columns.points is not None:
        cell = row.get(columns.points)
        try:
            participant.declared_points = _number(cell)
        except ValueError:
            where = places.cell(row.index, columns.points)
            problems.append(_error(f"cannot read {quoted(_text(cell))} as points", where))
    return participant if start else None


# --- Swiss round cells ------------------------------------------------------------------------

_COLORS = {"w": Color.WHITE, "b": Color.BLACK}
_RESULTS = {
    "1": Kind.WIN,
    "0": Kind.LOSS,
    "½": Kind.DRAW,
    "=": Kind.DRAW,
    "1/2": Kind.DRAW,
    "0.5": Kind.DRAW,
    "0,5": Kind.DRAW,
    "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS,
}
_SIGN_RESULTS = {"+": Kind.WIN, "=": Kind.DRAW, "-": Kind.LOSS}
_SIGN_FORFEITS = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
_BYES = {
    "": Kind.ZPB,
    "+": Kind.PAB,
    "u": Kind.PAB,
    "pab": Kind.PAB,
    "+bye": Kind.PAB,
    "f": Kind.FPB,
    "fpb": Kind.FPB,
    "bye": Kind.FPB,
    "h": Kind.HPB,
    "½": Kind.HPB,
    "=": Kind.HPB,
    "hpb": Kind.HPB,
    "=bye": Kind.HPB,
    "-": Kind.ZPB,
    "--": Kind.ZPB,
    "-bye": Kind.ZPB,
    "z": Kind.ZPB,
    "zpb": Kind.ZPB,
    "0": Kind.ZPB,
}
_GAME = re.compile(r"([0-9]{1,9})(?:\s*([wb])\s*|\s+|(?=[^0-9\s]))(1/2|0[.,]5|[10½=+-])")
"""Opponent, optional colour, result: ``12w1``, ``12 b ½``, ``12 1``, ``12=``, ``12w+``."""
_SIGN_FIRST = re.compile(r"([+=-])\s*([wbf])\s*([0-9]{1,9})")
"""Result sign, colour or F(orfeit), opponent: ``+W9``, ``=B13``, ``-F11``."""


def _token(text: str) -> str:
    """Lower case, one kind of minus sign, single spaces."""
    text = text.lower()
    for dash in ("\u2212", "\u2013", "\u2014"):
        text = text.replace(dash, "-")
    return " ".join(text.split())


def parse_round_token(text: str) -> Record | None:
    """One Swiss round cell as a :class:`Record` (without ``where``); None when unreadable.

    Case and spaces do not matter; ``−``, ``–`` and ``—`` count as ``-``.

    * Game: opponent number, optional colour ``w``/``b``, result ``1``, ``0``, ``½``, ``=``,
      ``1/2``, ``0.5`` (``0,5``): ``12w1``, ``12b½``, ``12 w 1``, ``12 1``, ``12=``. Without a
      colour the opponent and a digit result must be separated by a space (``121`` is refused).
    * Forfeit: the same with ``+`` (forfeit win) or ``-`` (forfeit loss, also each side of a
      double forfeit): ``12+``, ``12-``, ``12w+``, ``12b-``. ``+12``/``-12`` are refused as
      ambiguous.
    * Sign first (the notation of the FIDE exercise tables): ``+W9`` win, ``=B13`` draw,
      ``-W2`` loss, ``+F9`` forfeit win, ``-F11`` forfeit loss (colour unknown).
    * Byes: ``+``, ``U``, ``PAB``, ``+BYE`` pairing-allocated bye; ``F``, ``FPB``, ``BYE``
      full-point bye; ``H``, ``½``, ``=``, ``HPB``, ``=BYE`` half-point bye; ``-``, ``--``,
      ``Z``, ``ZPB``, ``0``, ``-BYE`` or empty: zero-point bye / absence.

    Over-the-board games are never marked as short games (the notation cannot tell).
    """
    token = _token(text)
    if token in _BYES:
        return Record(_BYES[token])
    game = _GAME.fullmatch(token)
    if game is not None:
        opponent, color, result = game.groups()
        if int(opponent) == 0:
            return None
        return Record(_RESULTS[result], int(opponent), _COLORS.get(color or ""))
    sign_first = _SIGN_FIRST.fullmatch(token)
    if sign_first is not None:
        sign, letter, opponent = sign_first.groups()
        if int(opponent) == 0:
            return None
        if letter == "f":
            kind = _SIGN_FORFEITS.get(sign)
            return None if kind is None else Record(kind, int(opponent))
        return Record(_SIGN_RESULTS[sign], int(opponent), _COLORS[letter])
    return None


def _round_problem(text: str) -> str:
    message = f"cannot read {quoted(text)} as a round result ({_TOKEN_HINT})"
    if _GAME.fullmatch(_token(text)) is None and re.fullmatch(r"[0-9.,/ ]+", text):
        message += "; a number alone has no opponent"
    return message


def _swiss_rounds(
    rows: list[_Row],
    players: list[Participant | None],
    columns: _Columns,
    places: _Places,
    problems: list[Problem],
) -> int:
    """Fill in the rounds of a Swiss layout; returns the number of rounds read.

    Rounds are counted up to the last round column with any non-empty cell.
    """
    played = max(
        (
            r
            for r, col in columns.rounds.items()
            if any(not is_blank(row.get(col)) for row in rows)
        ),
        default=0,
    )
    for row, player in zip(rows, players, strict=True):
        records: list[Record] = []
        for rnd in range(1, played + 1):
            col = columns.rounds[rnd]
            where = places.cell(row.index, col)
            text = _text(row.get(col))
            record = parse_round_token(text)
            if record is None:
                problems.append(_error(_round_problem(text), where))
                continue
            records.append(dataclasses.replace(record, where=where))
        if player is not None:
            player.rounds = records
    return played


# --- round-robin grid -------------------------------------------------------------------------

_DIAGONAL = frozenset({"", "x", "*", "×", "-", "/", "#", "■", "█", "xx", "***"})


def _grid_kind(text: str, scoring: Scoring) -> Kind | None:
    """A round-robin grid cell (row player against column player) as a kind; None if unreadable.

    ``+``/``-`` are forfeits, ``=`` a draw; numbers are the points of the result under
    ``scoring`` (by default ``1``, ``½``/``0.5``/``1/2``, ``0``).
    """
    token = _token(text)
    if token == "+":
        return Kind.FORFEIT_WIN
    if token == "-":
        return Kind.FORFEIT_LOSS
    if token == "=":
        return Kind.DRAW
    try:
        value = _number(token)
    except ValueError:
        return None
    for kind in (Kind.WIN, Kind.DRAW, Kind.LOSS):
        if value == scoring.points(kind):
            return kind
    return None


def _grid_check(
    rows: list[_Row],
    starts: list[int | None],
    columns: _Columns,
    scoring: Scoring,
    places: _Places,
) -> tuple[bool, Problem | None]:
    """Whether the range is a round-robin grid (see the module docstring for the rule).

    When it looks like one (columns 1 … n for n rows, no Swiss notation) but the start numbers
    or a diagonal cell rule it out, the second value says why, for the Swiss reading's errors.
    """
    n = len(rows)
    if n < 2 or not columns.bare or set(columns.rounds) != set(range(1, n + 1)):
        return False, None
    for row in rows:
        for col in columns.rounds.values():
            text = _text(row.get(col))
            if text and parse_round_token(text) and _grid_kind(text, scoring) is None:
                return False, None  # Swiss notation (12w1, H, U …)
    why = "not read as a round-robin grid because"
    seen: set[int] = set()
    for row, start in zip(rows, starts, strict=True):
        if start is None or not 1 <= start <= n or start in seen:
            return False, _error(f"{why} the start numbers are not 1 to {n}", places.row(row.index))
        seen.add(start)
    for row, start in zip(rows, starts, strict=True):
        col = columns.rounds[start or 0]
        text = _text(row.get(col))
        if _token(text) not in _DIAGONAL:
            where = places.cell(row.index, col)
            message = f"{why} its diagonal holds {quoted(text)} (expected empty or x)"
            return False, _error(message, where)
    return True, None


def _berger_round(a: int, b: int, size: int) -> int:
    """Round of the pair (a, b) in the FIDE Berger table for ``size`` (even) players."""
    if b == size:
        a, b = b, a
    if a == size:
        return (2 * b - 2) % (size - 1) + 1
    return (a + b - 2) % (size - 1) + 1


def _grid_rounds(
    rows: list[_Row],
    players: list[Participant | None],
    columns: _Columns,
    places: _Places,
    problems: list[Problem],
    scoring: Scoring,
) -> int:
    """Fill in the rounds of a round-robin grid (Berger rounds); returns the schedule length."""
    n = len(rows)
    size = n + n % 2
    for row, player in zip(rows, players, strict=True):
        assert player is not None  # _grid_check checked every start number
        games: dict[int, Record] = {}
        fillers: dict[int, str] = {}
        for opponent, col in columns.rounds.items():
            if opponent == player.start_no:
                continue
            rnd = _berger_round(player.start_no, opponent, size)
            where = places.cell(row.index, col)
            fillers[rnd] = where
            text = _text(row.get(col))
            if not text:
                continue
            kind = _grid_kind(text, scoring)
            if kind is None:
                problems.append(
                    _error(
                        f"cannot read {quoted(text)} as a result against #{opponent} "
                        "(expected 1, ½, 0, +, - or empty)",
                        where,
                    )
                )
                continue
            games[rnd] = Record(kind, opponent, where=where)
        last = max(games, default=0)
        player.rounds = [
            games.get(rnd) or Record(Kind.ZPB, where=fillers.get(rnd, player.where))
            for rnd in range(1, last + 1)
        ]
    return size - 1


# --- entry points -----------------------------------------------------------------------------


def read_crosstable(
    values: Sequence[Sequence[object]],
    *,
    sheet: str = "",
    origin: tuple[int, int] = (1, 1),
    scoring: Scoring | None = None,
    tournament_type: TournamentType | None = None,
    start_date: datetime.date | None = None,
    scheduled_rounds: int | None = None,
    name: str = "",
) -> Tournament:
    """Read a crosstable range (header row first) into a :class:`Tournament`.

    ``values`` is the 2-D list a spreadsheet hands over. ``sheet`` and ``origin`` (1-based row
    and column of the range's top-left cell) only serve to name real cells in messages
    (``Crosstable!F7``; ``cell F7`` without a sheet). ``scoring`` (default 1-½-0),
    ``tournament_type`` (default: Swiss, or pre-determined for a round-robin grid),
    ``start_date``, ``scheduled_rounds`` (default: unknown, or N - 1 for a grid) and ``name``
    are copied into the result; ``source`` is the sheet name.

    Each :class:`Record` has ``where`` = its cell, each :class:`Participant` ``where`` = its row
    (``Crosstable!row 7``). Raises :class:`InputError` listing every cell that cannot be read;
    no other exception escapes for bad input.
    """
    try:
        return _read(
            values,
            sheet=sheet,
            origin=origin,
            scoring=scoring or Scoring(),
            tournament_type=tournament_type,
            start_date=start_date,
            scheduled_rounds=scheduled_rounds,
            name=name,
        )
    except InputError:
        raise
    except Exception as exc:  # the promise: bad input never ends in a traceback
        raise InputError(
            f"cannot read the crosstable ({type(exc).__name__}: {exc})", sheet
        ) from exc


def _read(
    values: Sequence[Sequence[object]],
    *,
    sheet: str,
    origin: tuple[int, int],
    scoring: Scoring,
    tournament_type: TournamentType | None,
    start_date: datetime.date | None,
    scheduled_rounds: int | None,
    name: str,
) -> Tournament:
    if not (
        isinstance(origin, tuple)
        and len(origin) == 2
        and all(isinstance(v, int) and v >= 1 for v in origin)
    ):
        raise InputError(f"origin must be a (row, column) pair of numbers from 1, not {origin!r}")
    places = _Places(str(sheet), origin[0], origin[1])
    rows = _rows(values, places)
    if not rows:
        raise InputError("the crosstable is empty: expected a header row and one row per player")
    problems: list[Problem] = []
    columns = _read_header(rows[0], places, problems)
    if problems:
        raise InputError(problems)
    body = rows[1:]
    players = [
        _read_participant(row, position, columns, places, problems)
        for position, row in enumerate(body, start=1)
    ]
    starts = [None if p is None else p.start_no for p in players]
    grid, why_not = _grid_check(body, starts, columns, scoring, places)
    if grid:
        schedule = _grid_rounds(body, players, columns, places, problems, scoring)
        kind = TournamentType.PREDETERMINED
        rounds = 0
        if scheduled_rounds is None:
            scheduled_rounds = schedule
    else:
        count = len(problems)
        rounds = _swiss_rounds(body, players, columns, places, problems)
        kind = TournamentType.SWISS
        if why_not is not None and len(problems) > count:
            problems.insert(count, why_not)
    if problems:
        raise InputError(problems)
    return Tournament(
        participants=[p for p in players if p is not None],
        name=name,
        rounds=rounds,
        scheduled_rounds=scheduled_rounds,
        type=tournament_type or kind,
        start_date=start_date,
        scoring=scoring,
        source=places.sheet,
    )


def _delimiter(text: str) -> str:
    """The delimiter of CSV text: the most frequent of tab, ``;`` and ``,`` in the first
    non-empty line (tab, then ``;`` win ties); ``,`` when there is none."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in ("\t", ";", ",")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv_crosstable(text: str, *, source: str = "") -> Tournament:
    """Read a crosstable from CSV text (delimiter ``,``, ``;`` or tab, found from the header).

    The cells stay strings (numbers included) and go to :func:`read_crosstable`, which names
    cells as ``source!E7`` (or ``cell E7``) with row 1 = the first line. Texts over
    :data:`~xl_tiebreak.inputs.MAX_INPUT_BYTES` (in UTF-8) are refused. Raises
    :class:`InputError`.
    """
    if not isinstance(text, str):
        raise InputError("expected the CSV file's text")
    if len(text) > MAX_INPUT_BYTES or len(text.encode("utf-8", "replace")) > MAX_INPUT_BYTES:
        raise InputError(
            f"the CSV text is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB", source
        )
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    try:
        rows: list[list[object]] = [list(row) for row in reader]
    except csv.Error as exc:
        where = f"{source}, line {reader.line_num}" if source else f"line {reader.line_num}"
        raise InputError(f"cannot read the CSV text: {exc}", where) from exc
    return read_crosstable(rows, sheet=source)
