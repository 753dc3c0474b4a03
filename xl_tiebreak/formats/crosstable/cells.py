"""The cells of a crosstable range: their places for messages, their text and numbers, the
non-empty rows of the range and its size limits (:mod:`xl_tiebreak.formats.crosstable.reader` reads
them)."""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.util.cells import cell_name, column_letter, is_blank, sheet_prefix, sheet_ref
from xl_tiebreak.util.numbers import fmt, from_float, parse_number
from xl_tiebreak.util.plain import Frozen, Mutable

MAX_ROWS = 20_000
"""Most non-empty rows (header included) a crosstable may have."""
MAX_COLUMNS = 500
"""Most columns (up to the last non-empty one) a crosstable may have."""
_MAX_RANGE_CELLS = 30_000_000
"""Largest raw range scanned at all (rows × widest row), to refuse whole-sheet selections fast."""
MAX_WHOLE = 10**9
"""Largest start number or rating accepted."""


# --- cells and places -------------------------------------------------------------------------


class Places(Frozen):
    """Turns positions inside the range (0-based) into names of real cells for messages."""

    sheet: str
    origin_row: int
    origin_col: int

    def cell(self, row: int, col: int) -> str:
        """``Sheet!E7`` or ``cell E7`` for the range position (row, col)."""
        name = cell_name(self.origin_row + row, self.origin_col + col)
        return sheet_ref(self.sheet, name) if self.sheet else _("cell {name}", name=name)

    def row_cells(self, row: int, cols: Sequence[int]) -> list[str]:
        """:meth:`cell` of each of the columns ``cols`` of the range row ``row``, the
        sheet's prefix and the message's wording found once for the row."""
        number = self.origin_row + row
        if number < 1 or any(self.origin_col + c < 1 for c in cols):
            return [self.cell(row, c) for c in cols]  # raises, as cell does
        names = [f"{column_letter(self.origin_col + c)}{number}" for c in cols]
        if self.sheet:
            prefix = sheet_prefix(self.sheet) + "!"
            return [prefix + name for name in names]
        wording = _("cell {name}", name="{name}")  # the translated text, its place kept
        return [wording.replace("{name}", name) for name in names]

    def row(self, row: int) -> str:
        """``Sheet!row 7`` or ``row 7`` for the range row ``row``."""
        prefix = f"{sheet_prefix(self.sheet)}!" if self.sheet else ""
        return prefix + _("row {row}", row=self.origin_row + row)


def cell_text(cell: object) -> str:
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


def cell_number(cell: object) -> Fraction | None:
    """A numeric cell as an exact fraction; None when empty. Raises ValueError otherwise.

    Floats go through :func:`~xl_tiebreak.util.numbers.from_float`, text through
    :func:`~xl_tiebreak.util.numbers.parse_number` (``3.5``, ``3,5``, ``3½``, ``1/2``).
    """
    if is_blank(cell):
        return None
    if isinstance(cell, bool):
        raise ValueError(_("not a number"))
    if isinstance(cell, int):
        return Fraction(cell)
    if isinstance(cell, float):
        if not math.isfinite(cell):
            raise ValueError(_("not a number"))
        return from_float(cell)
    if isinstance(cell, str):
        text = cell.strip()
        if not _NUMBER_TEXT.fullmatch(text):  # also keeps huge exponents out of parse_number
            raise ValueError(_("not a number"))
        try:
            return parse_number(text)
        except (ValueError, ArithmeticError) as exc:
            raise ValueError(_("not a number")) from exc
    raise ValueError(_("not a number"))


def cell_whole(cell: object) -> int | None:
    """A non-negative whole number cell (``5``, ``5.0``, ``"5"``); None when empty.

    Raises ValueError for anything else.
    """
    # the usual cells first, exactly and without a fraction: a whole float (what a number
    # cell gives; exact below 2**53, far above MAX_WHOLE) or an int (bools excluded)
    if type(cell) is float and isinstance(cell, float) and cell.is_integer():
        if 0 <= cell <= MAX_WHOLE:
            return int(cell)
    elif type(cell) is int and isinstance(cell, int) and 0 <= cell <= MAX_WHOLE:
        return cell
    value = cell_number(cell)
    if value is None:
        return None
    if value.denominator != 1 or not 0 <= value <= MAX_WHOLE:
        raise ValueError(_("not a whole number"))
    return int(value)



# --- the range --------------------------------------------------------------------------------


class RangeRow(Mutable):
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


def range_rows(values: object, places: Places) -> list[RangeRow]:
    """The non-empty rows of a 2-D range, cut to the last non-empty column; checks the size."""
    if not _is_row(values):
        raise InputError(_("expected a 2-D range (a list of rows) with a header row first"))
    assert isinstance(values, Sequence)
    if not all(_is_row(row) for row in values):
        raise InputError(_(
            "expected a 2-D range (a list of rows): select the whole crosstable, header included"
        ))
    widest = max((len(row) for row in values), default=0)
    if len(values) * widest > _MAX_RANGE_CELLS:
        raise InputError(
            _("the range of {rows} rows × {columns} columns is too large: select only the "
              "crosstable", rows=len(values), columns=widest))
    rows: list[RangeRow] = []
    width = 0
    for index, row in enumerate(values):
        if all(cell is None for cell in row):  # fast path for the empty part of a selection
            continue
        filled = [col for col, cell in enumerate(row) if not is_blank(cell)]
        if not filled:
            continue
        if len(rows) >= MAX_ROWS:
            raise InputError(
                _("the crosstable has more than {most} rows: select only the crosstable",
                  most=MAX_ROWS),
                places.row(index),
            )
        width = max(width, filled[-1] + 1)
        if width > MAX_COLUMNS:
            raise InputError(
                _("the crosstable has more than {most} columns: select only the crosstable",
                  most=MAX_COLUMNS),
                places.cell(index, filled[-1]),
            )
        rows.append(RangeRow(index, list(row)))
    for row in rows:
        del row.cells[width:]
    return rows



def error(message: str, where: str) -> Problem:
    """An error at ``where`` (a cell or row of the range)."""
    return Problem(Severity.ERROR, message, where)
