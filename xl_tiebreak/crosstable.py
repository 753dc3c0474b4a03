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
extra points     ``Extra``, ``Bonus``, ``+Pts`` (becomes ``extra_points``: added to the score
                 for ranking only, docs/decisions.md D51; empty = 0; the declared points
                 include them)
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

from xl_tiebreak.blanks import Blank, apply_blank_rounds
from xl_tiebreak.cells import cell_name, is_blank, quoted, sheet_prefix, sheet_ref
from xl_tiebreak.inputs import MAX_INPUT_BYTES
from xl_tiebreak.model import (
    MAX_ROUNDS,
    BlankRounds,
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
    looks_like_round_robin,
    note_rounds_played,
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
MAX_EXTRA_POINTS = 1000
"""Largest extra points (either sign) a participant may have."""
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

_START_KEYS = frozenset({
    "no", "#", "sno", "nr", "start", "startno", "startnr", "stno", "tpn", "snr", "nº", "n°",
    "num", "number", "startnumber", "startrank", "pairingno", "pairingnumber", "lfdnr",
    "numero", "número", "broj", "nummer"
})  # fmt: skip
_EXTRA_KEYS = frozenset({"extra", "extrapoints", "extrapts", "bonus", "bonuspoints", "+pts",
                         "+points", "+pt"})
"""Headers of the extra-points column (Swiss-Manager 42/43 "Pts+Arb"; docs/decisions.md
D51)."""
_NAME_KEYS = frozenset({
    "name", "player", "playername", "names", "players", "spieler", "spielername", "teilnehmer",
    "nom", "joueur", "nombre", "jugador", "nome", "jogador", "giocatore", "ime", "imię",
    "imie", "nazwisko", "zawodnik", "igrač", "igrac", "naam", "speler", "nimi", "pelaaja",
    "participant", "participante", "jméno", "jmeno", "hráč", "hrac", "meno", "namn",
    "spelare", "navn", "spiller", "isim", "oyuncu", "όνομα", "имя", "игрок", "участник",
})  # fmt: skip
_FIRST_NAME_KEYS = frozenset({"firstname", "givenname", "vorname", "prénom", "prenom", "forename"})
_LAST_NAME_KEYS = frozenset({"lastname", "surname", "familyname", "nachname", "apellido",
                             "apellidos", "sobrenome", "cognome"})
_RATING_KEYS = frozenset({
    "rating", "elo", "rtg", "fide", "fiderating", "fideelo", "elofide", "ratg", "rat",
    "wertung", "wertungszahl", "classement", "ratingfide", "felo",
})  # fmt: skip
_FED_KEYS = frozenset({
    "fed", "federation", "country", "land", "verband", "pays", "país", "pais", "paese",
    "nation", "nat", "federación", "federacion", "federação", "kraj", "zemlja", "federazione",
})  # fmt: skip
_TITLE_KEYS = frozenset({"title", "titel", "titre", "título", "titulo", "titolo", "tit",
                         "tytuł", "titul"})
_POINTS_KEYS = frozenset({
    "pts", "points", "score", "total", "punkte", "pkt", "pkte", "pt", "puntos", "pontos",
    "punti", "bodovi", "bod", "body", "punkty", "pisteet", "ptos", "pnt", "summe", "sum",
    "puan", "poäng", "poeng", "point", "pontuação", "punten", "ptn", "очки",
})  # fmt: skip
_ROUND_WORDS = (
    "round|rounds|rnd|rd|rde|r|runde|rodada|ronda|ronde|tour|kolo|tura|turno|runda|kierros|"
    "kolejka|kol|rn|tur|kör|kolo|umferð|раунд|тур"
)
_ROUND_BARE = re.compile(r"0*([0-9]{1,4})(?:\.0*)?")
_ROUND_WORD_FIRST = re.compile(rf"(?:{_ROUND_WORDS})0*([0-9]{{1,4}})")
_ROUND_NUMBER_FIRST = re.compile(
    rf"0*([0-9]{{1,4}})(?:st|nd|rd|th|e|er|ère|º|°|ª|)(?:{_ROUND_WORDS})?"
)
_ROUND_SEPARATORS = re.compile(r"[\s_.\-#:º°/]+")
_ROUND_GROUP = re.compile(rf"(?:{_ROUND_WORDS}|results|ergebnisse|résultats|resultados)")
"""A merged header cell above numbered round columns (two-row headers): ``Round``…"""
_HEADER_SEARCH = 20
"""The header row is looked for in the first this many non-empty rows (title blocks)."""


@dataclasses.dataclass
class _Columns:
    """Where each field is (0-based column indices) and the round columns by round number."""

    start: int | None = None
    name: int | None = None
    rating: int | None = None
    federation: int | None = None
    title: int | None = None
    points: int | None = None
    extra: int | None = None
    """Extra points added to the score (docs/decisions.md D51)."""
    rounds: dict[int, int] = dataclasses.field(default_factory=dict)
    bare: bool = True
    """True when every round column is labelled by a bare number (``1``, not ``R1``)."""
    name_parts: list[int] = dataclasses.field(default_factory=list)
    """Further columns joined to the name (a merged Name header, first and last names)."""
    rows: int = 1
    """Rows of the header (2 for a two-row header)."""
    notes: list[Problem] = dataclasses.field(default_factory=list)


def _header_key(cell: object) -> str:
    """Header text compared case-insensitively without spaces, underscores and dots.

    A dot between two digits stays (``1.5`` is no round label).
    """
    if isinstance(cell, float) and math.isfinite(cell) and not cell.is_integer():
        return ""
    text = _text(cell).lower()
    text = re.sub(r"[\s_]+", "", text)
    return re.sub(r"(?<![0-9])\.|\.(?![0-9])", "", text)


def _round_label(cell: object) -> tuple[int, bool] | None:
    """The round number of a round-column header and whether it is a bare number: ``R1``,
    ``Rd 1``, ``Rd.1``, ``Rd#1``, ``Round-1``, ``R-1``, ``1``, ``1st``, ``1.Rd``, ``Runde 1``,
    ``Tour 1``, ``Ronda 1``, ``Rodada 1``, ``Kolo 1``, ``Tura 1``, ``1. Runde``…; None otherwise
    (``1.5`` is no round)."""
    if isinstance(cell, bool):
        return None
    if isinstance(cell, float) and math.isfinite(cell) and not cell.is_integer():
        return None
    text = _text(cell).lower()
    if len(text) > 20:
        return None
    bare = _ROUND_BARE.fullmatch(text)
    if bare:
        return int(bare[1]), True
    if re.fullmatch(r"[0-9]+[.,][0-9]+", text):
        return None
    key = _ROUND_SEPARATORS.sub("", text)
    m = _ROUND_WORD_FIRST.fullmatch(key) or _ROUND_NUMBER_FIRST.fullmatch(key)
    if m is None or key.isdigit():
        return None
    return int(m[1]), False


_FIELDS = (
    ("start", _START_KEYS),
    ("name", _NAME_KEYS),
    ("rating", _RATING_KEYS),
    ("federation", _FED_KEYS),
    ("title", _TITLE_KEYS),
    ("points", _POINTS_KEYS),
    ("extra", _EXTRA_KEYS),
)


def _field_of(cell: object) -> str | None:
    """The field a header cell names (``start``, ``name``…, ``first``, ``last``), or None."""
    key = _header_key(cell)
    if not key:
        return None
    for field, keys in _FIELDS:
        if key in keys or key.rstrip(":") in keys:
            return field
    if key in _FIRST_NAME_KEYS:
        return "first"
    if key in _LAST_NAME_KEYS:
        return "last"
    return None


def _labels(rows: list[_Row], i: int, two: bool) -> list[object]:
    """The header labels of row ``i`` alone, or combined with row ``i + 1`` (two-row header:
    a label below wins; a round group above (``Round``, merged over its columns) and a number
    below make a round label; a label above a blank cell stays)."""
    top = rows[i].cells
    if not two:
        return list(top)
    bottom = rows[i + 1].cells
    width = max(len(top), len(bottom))
    out: list[object] = []
    group: object = None
    for col in range(width):
        above = top[col] if col < len(top) else None
        below = bottom[col] if col < len(bottom) else None
        if not is_blank(above):
            group = above
        group_key = _header_key(group) if group is not None else ""
        if is_blank(below):
            out.append(above)
        elif _ROUND_BARE.fullmatch(_text(below)) and _ROUND_GROUP.fullmatch(group_key):
            out.append(f"R{_text(below)}")
        else:
            out.append(below)
    return out


def _score(labels: list[object]) -> tuple[int, int]:
    """(known fields, round columns) of a header candidate."""
    fields = sum(1 for cell in labels if _field_of(cell) is not None)
    rounds = sum(1 for cell in labels if _round_label(cell) is not None)
    return fields, rounds


def _continues(rows: list[_Row], i: int) -> bool:
    """Whether row ``i + 1`` is the second row of a header starting at row ``i``: every cell of
    it is a field name, a round label, or blank, and it is not all bare numbers under field
    names (a player row)."""
    if i + 1 >= len(rows):
        return False
    below = rows[i + 1].cells
    top = rows[i].cells
    for cell in top:  # the top row is header-like too (not a title)
        if is_blank(cell) or _field_of(cell) is not None or _round_label(cell) is not None:
            continue
        if not _ROUND_GROUP.fullmatch(_header_key(cell)):
            return False
    for col, cell in enumerate(below):
        if is_blank(cell):
            continue
        if _field_of(cell) is None and _round_label(cell) is None:
            return False
        above = top[col] if col < len(top) else None
        if _field_of(above) is not None and _field_of(cell) is None:
            return False  # a value under a field name: a player row
    return True


def _find_header(rows: list[_Row]) -> tuple[int, list[object], int]:
    """The header: (index in ``rows``, its labels, rows it spans). The first row among the first
    :data:`_HEADER_SEARCH` naming a start-number or name column and a round column (alone or
    with the row below it); else the first naming a start-number or name column; else row 0."""
    fallback: tuple[int, list[object], int] | None = None
    for i in range(min(len(rows), _HEADER_SEARCH)):
        one = _labels(rows, i, False)
        named = any(_field_of(c) in ("start", "name") for c in one)
        candidates = [(one, 1)]
        if _continues(rows, i):
            candidates.insert(0, (_labels(rows, i, True), 2))
        for labels, height in candidates:
            fields = [_field_of(c) for c in labels]
            has_id = "start" in fields or "name" in fields or "last" in fields
            if has_id and _score(labels)[1]:
                return i, labels, height
        if named and fallback is None:
            fallback = (i, one, 1)
    return fallback or (0, list(rows[0].cells), 1)


def _read_header(
    rows: list[_Row], places: _Places, problems: list[Problem]
) -> tuple[_Columns, int]:
    """Find the header row and in it the columns of the known fields and the round columns.
    Returns the columns and the index of the first participant row in ``rows``."""
    at, labels, height = _find_header(rows)
    row = rows[at]
    columns = _Columns(rows=height)
    if at:
        columns.notes.append(Problem(
            Severity.WARNING,
            f"the header is on {places.row(row.index)}; "
            + ("the row above it (a title or notes) was not read" if at == 1 else
               f"the {at} rows above it (a title or notes) were not read"),
            places.row(row.index),
        ))
    first_last: dict[str, int] = {}
    for col, cell in enumerate(labels):
        if is_blank(cell):
            continue
        field = _field_of(cell)
        if field in ("first", "last"):
            first_last.setdefault(field, col)
            continue
        if field is not None:
            if getattr(columns, field) is None:
                setattr(columns, field, col)
            continue
        label = _round_label(cell)
        if label is None:
            continue
        number, bare = label
        where = places.cell(row.index, col)
        if number == 0:
            problems.append(_error("round columns are numbered from 1", where))
        elif number > MAX_ROUNDS:
            problems.append(_error(f"round {number}: at most {MAX_ROUNDS} rounds are read",
                                   where))
        elif number in columns.rounds:
            first = places.cell(row.index, columns.rounds[number])
            problems.append(_error(f"round {number} has a second column (first: {first})", where))
        else:
            columns.rounds[number] = col
            columns.bare = columns.bare and bare
    if columns.name is None and first_last:
        order = sorted(first_last.values())
        columns.name, columns.name_parts = order[0], order[1:]
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
    elif not columns.rounds and not problems:
        _no_rounds(columns, labels, rows[at + height:], places, row.index, problems)
    return columns, at + height


def _no_rounds(columns: _Columns, labels: list[object], body: list[_Row], places: _Places,
               header_row: int, problems: list[Problem]) -> None:
    """No round column was found: an error naming the header row when any column is not a
    known field (it may hold rounds under a label not understood); else (only No, Name,
    Rating… columns) a warning that the event is read with 0 rounds. docs/decisions.md D32."""
    known = {c for c in (columns.start, columns.name, columns.rating, columns.federation,
                         columns.title, columns.points) if c is not None}
    width = max([len(labels), *(len(r.cells) for r in body)])
    known |= {col for col, cell in enumerate(labels) if _field_of(cell) is not None}
    other = [col for col in range(width) if col not in known and (
        (col < len(labels) and not is_blank(labels[col]))
        or any(not is_blank(r.get(col)) for r in body))]
    if other:
        shown = ", ".join(
            f"{places.cell(header_row, col)} {quoted(_text(labels[col]))}"
            if col < len(labels) and not is_blank(labels[col])
            else f"{places.cell(header_row, col)} (no label)" for col in other[:8])
        problems.append(_error(
            "no round column found in the header row (columns not understood: "
            f"{shown}): label the rounds R1, R2, … (or Rd 1, Round 1, Runde 1, Tour 1, "
            "Ronda 1, 1, 2, …)",
            places.row(header_row),
        ))
    else:
        columns.notes.append(Problem(
            Severity.WARNING,
            "no round columns: the participants are read with 0 rounds (every one on 0 "
            "points)",
            places.row(header_row),
        ))


def _name_columns(columns: _Columns, labels: list[object], body: list[_Row],
                  places: _Places, header_row: int) -> None:
    """Columns that belong to the name: unlabelled columns right after the Name column whose
    cells hold text (a merged Name header), or, without a Name column, the first unlabelled
    column of text (said in a warning)."""
    used = {c for c in (columns.start, columns.rating, columns.federation, columns.title,
                        columns.points) if c is not None} | set(columns.rounds.values())

    def texty(col: int) -> bool:
        cells = [_text(r.get(col)) for r in body]
        filled = [c for c in cells if c]
        return bool(filled) and all(parse_round_token(c) is None and
                                    not re.fullmatch(r"[0-9.,/ ½+-]+", c) for c in filled)

    width = max((len(r.cells) for r in body), default=0)
    if columns.name is None:
        for col in range(width):
            if col not in used and (col >= len(labels) or is_blank(labels[col])) and texty(col):
                columns.name = col
                columns.notes.append(Problem(
                    Severity.WARNING,
                    f"no Name column: the texts of the unlabelled column "
                    f"{places.cell(header_row, col)} are taken as the names",
                    places.cell(header_row, col),
                ))
                break
        if columns.name is None:
            return
    col = columns.name + 1
    while (col < width and col not in used and (col >= len(labels) or is_blank(labels[col]))
           and texty(col) and col not in columns.name_parts):
        columns.name_parts.append(col)
        col += 1


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
    name = " ".join(t for t in (_text(row.get(c)) for c in
                                [columns.name, *columns.name_parts]) if t)
    name = " ".join(name.split())  # tabs and line breaks inside a cell: spaces
    if not name.isprintable():
        problems.append(_error(f"the name {quoted(name)} holds a control character",
                               places.cell(row.index, columns.name or 0)))
        start = None
    participant = Participant(
        start_no=start or 0,
        name=name if columns.name is not None else "",
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
    if columns.extra is not None:
        cell = row.get(columns.extra)
        try:
            extra = _number(cell) or Fraction(0)
            if abs(extra) > MAX_EXTRA_POINTS:
                raise ValueError("out of range")
            participant.extra_points = extra
        except ValueError:
            where = places.cell(row.index, columns.extra)
            problems.append(_error(f"cannot read {quoted(_text(cell))} as extra points "
                                   f"(expected e.g. 1, 0.5 or -1, at most {MAX_EXTRA_POINTS})",
                                   where))
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
    # a forfeit win whose opponent is unknown (TRF ``0000 +``), as ``+F9`` without the number
    "+f": Kind.FORFEIT_WIN,
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
      ``Z``, ``ZPB``, ``0``, ``-BYE`` or empty: zero-point bye / absence; ``+F``: a forfeit
      win whose opponent is unknown (TRF ``0000 +``).

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
    blanks: list[Blank],
) -> int:
    """Fill in the rounds of a Swiss layout; returns the number of rounds read. Empty cells
    are zero-point byes here, each noted in ``blanks`` (docs/decisions.md D30).

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
            if not text and player is not None:
                blanks.append(Blank(player.start_no, rnd, where))
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
    blank_rounds: BlankRounds = BlankRounds.ABSENT,
) -> Tournament:
    """Read a crosstable range (header row first) into a :class:`Tournament`.

    ``values`` is the 2-D list a spreadsheet hands over. ``sheet`` and ``origin`` (1-based row
    and column of the range's top-left cell) only serve to name real cells in messages
    (``Crosstable!F7``; ``cell F7`` without a sheet). ``scoring`` (default 1-½-0),
    ``tournament_type`` (default: Swiss, or pre-determined for a round-robin grid),
    ``start_date``, ``scheduled_rounds`` (default: unknown, or N - 1 for a grid) and ``name``
    are copied into the result; ``source`` is the sheet name. ``blank_rounds``: what an empty
    round cell of the Swiss layout means (docs/decisions.md D30); every empty cell is listed
    in a warning (:attr:`Tournament.notes`) whatever the choice.

    The header is found among the first rows (a title or notes block above it is skipped,
    with a warning); a header may span two rows (``Round`` merged over ``1 2 3``); a merged
    Name header joins the name columns. Without a round column the crosstable is refused with
    the header row named. Without a declared type, all-play-all pairings make a round robin,
    as for TRF files (:func:`~xl_tiebreak.model.looks_like_round_robin`).

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
            blank_rounds=blank_rounds,
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
    blank_rounds: BlankRounds = BlankRounds.ABSENT,
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
    columns, first_body = _read_header(rows, places, problems)
    if problems:
        raise InputError(problems)
    body = rows[first_body:]
    header = rows[first_body - columns.rows]
    _name_columns(columns, _labels(rows, first_body - columns.rows, columns.rows == 2), body,
                  places, header.index)
    players = [
        _read_participant(row, position, columns, places, problems)
        for position, row in enumerate(body, start=1)
    ]
    starts = [None if p is None else p.start_no for p in players]
    blanks: list[Blank] = []
    grid, why_not = _grid_check(body, starts, columns, scoring, places)
    if grid:
        schedule = _grid_rounds(body, players, columns, places, problems, scoring)
        kind = TournamentType.PREDETERMINED
        rounds = 0
        if scheduled_rounds is None:
            scheduled_rounds = schedule
    else:
        count = len(problems)
        rounds = _swiss_rounds(body, players, columns, places, problems, blanks)
        kind = TournamentType.SWISS
        if why_not is not None and len(problems) > count:
            problems.insert(count, why_not)
    if problems:
        raise InputError(problems)
    participants = [p for p in players if p is not None]
    notes = list(columns.notes)
    notes += apply_blank_rounds(participants, blanks, blank_rounds, scoring, places.sheet)
    inferred = (not grid and tournament_type is None
                and looks_like_round_robin(participants))
    if inferred:
        kind = TournamentType.PREDETERMINED
    t = Tournament(
        participants=participants,
        name=name,
        rounds=rounds,
        scheduled_rounds=scheduled_rounds,
        type=tournament_type or kind,
        start_date=start_date,
        scoring=scoring,
        source=places.sheet,
        type_inferred=inferred,
        notes=notes,
    )
    if not grid:
        note_rounds_played(t, blanks=frozenset((b.start_no, b.round) for b in blanks))
    return t


def _delimiter(text: str) -> str:
    """The delimiter of CSV text: the most frequent of tab, ``;`` and ``,`` in the first
    non-empty line (tab, then ``;`` win ties); ``,`` when there is none."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in ("\t", ";", ",")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv_crosstable(
    text: str, *, source: str = "", blank_rounds: BlankRounds = BlankRounds.ABSENT
) -> Tournament:
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
    return read_crosstable(rows, sheet=source, blank_rounds=blank_rounds)
