"""The function sheets of an openpyxl workbook made to cover and print an event
(:meth:`~xl_tiebreak.excel.book.openpyxl_book.OpenpyxlBook.fit_function_sheets`): arrays
shorter than the event grown (:func:`grow_arrays`), print areas ending at its last
participant (:func:`follow_event`)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.excel.book.cells import bounds
from xl_tiebreak.excel.book.function_arrays import (
    KINDS,
    SheetKind,
    column_number,
    event_print_area,
    grown_formula,
    grown_line,
    grown_note,
    kind_of,
    not_grown,
    print_start,
    with_last_row,
)
from xl_tiebreak.i18n import _
from xl_tiebreak.util.cells import cell_name, range_ref

__all__ = ["GrowSheet", "Grown", "array_in_a", "fit_workbook", "follow_event", "grow_arrays",
           "plan_growth"]


def fit_workbook(workbook: Any, participants: int) -> tuple[list[str], list[str]]:
    """Grow the function sheets' arrays of ``workbook`` that are shorter than the event
    (:func:`grow_arrays`), then make their print areas end at its last participant
    (:func:`follow_event`). Returns (the titles of the sheets changed, a line for people
    about each sheet grown or left short)."""
    areas = {ws.title: str(ws.print_area or "") for ws in workbook.worksheets}
    grown, lines = grow_arrays(workbook, participants)
    followed = follow_event(workbook, participants)
    changed = [ws.title for ws in workbook.worksheets if ws.title in grown or (
        ws.title in followed and str(ws.print_area or "") != areas[ws.title])]
    return changed, lines


def _formulas(ws: Any) -> dict[tuple[int, int], Any] | None:
    """The cells of ``ws`` where its formulas may be, by (row, column): a zip book's sheet
    gives its formula cells alone (found without reading the others), an openpyxl worksheet
    all its cells; None for anything else."""
    finder = getattr(ws, "formula_cells", None)
    cells = finder() if finder is not None else getattr(ws, "_cells", None)
    return cells if isinstance(cells, dict) else None


def array_in_a(ws: Any) -> tuple[SheetKind, Any] | None:
    """The kind of function sheet ``ws`` is and the cell of its column-A array formula
    (None: not a function sheet, or the demo's one formula per cell)."""
    cells = _formulas(ws)
    if cells is None:
        return None
    for kind in KINDS:
        cell = cells.get((kind.array_row, 1))  # looked up, not made
        value = None if cell is None else cell.value
        if isinstance(value, ArrayFormula) and kind_of(value.text) is kind:
            return kind, cell
    return None


GrowSheet = Callable[[Any, SheetKind, int, int, int], str | None]
"""How one sheet's arrays are grown: ``grow(sheet, kind, first, last, new_last)`` makes the
arrays that span rows ``first``–``last`` end at ``new_last``; returns None when it did, else
why the sheet was left as it is."""


def grow_arrays(workbook: Any, participants: int,
                grow: GrowSheet | None = None) -> tuple[list[str], list[str]]:
    """Grow every Functions and Formula standings array of ``workbook`` (an openpyxl
    workbook, or a zip book's) whose participant rows are fewer than ``participants``: each
    array formula that spans the column-A array's rows then ends at the event's last
    participant (its height argument and its participant ranges with it, the check cell's
    range too), and the new rows are formatted like the array's last row. Arrays are never
    shrunk. A sheet whose new rows hold anything, or whose formulas were changed by hand, is
    left as it is. ``grow`` does one sheet (default: in the openpyxl worksheet; the zip
    route edits the sheet's part). Returns (the titles of the sheets grown, a line for
    people about each sheet grown or left short)."""
    grow = grow or _grow
    grown: list[str] = []
    lines: list[str] = []
    for ws in workbook.worksheets:
        found = array_in_a(ws)
        if found is None:
            continue
        kind, cell = found
        r1, _c1, r2, _c2 = bounds(str(cell.value.ref))
        rows = r2 - kind.header_row
        if participants <= rows:
            continue
        why = grow(ws, kind, r1, r2, kind.header_row + participants)
        if why is None:
            grown.append(ws.title)
            lines.append(grown_line(ws.title, participants))
        else:
            lines.append(not_grown(ws.title, rows, participants, why))
    return grown, lines


Grown = list[tuple[Any, str, str]]
"""Each array formula's first cell, with the range and the formula it has once grown."""


def plan_growth(cells: dict[tuple[int, int], Any], kind: SheetKind, first: int, last: int,
                new_last: int) -> tuple[Grown, int] | str:
    """What growing the arrays spanning rows ``first``–``last`` of a sheet (its stored cells
    ``cells``, openpyxl's or a zip book's) down to ``new_last`` changes: (each array's new
    range and formula, the arrays' last column), or why the sheet is left as it is (a cell
    below them is taken, a formula was changed by hand). Both routes decide by it."""
    arrays = [c for c in cells.values() if isinstance(c.value, ArrayFormula)
              and bounds(str(c.value.ref))[0::2] == (first, last)]
    width = max(bounds(str(c.value.ref))[3] for c in arrays)
    taken = sorted((r, c) for (r, c), other in cells.items()
                   if last < r <= new_last and c <= width and other.value is not None)
    if taken:
        return _("{cell} below its arrays is not empty", cell=cell_name(*taken[0]))
    texts: Grown = []
    for c in arrays:
        r1, c1, _r2, c2 = bounds(str(c.value.ref))
        try:
            text = grown_formula(str(c.value.text), kind if c1 == 1 else None, last, new_last)
        except ValueError:
            return _("the formula in {cell} was changed", cell=c.coordinate)
        texts.append((c, range_ref(r1, c1, new_last, c2), text))
    return texts, width


def _grow(ws: Any, kind: SheetKind, first: int, last: int, new_last: int) -> str | None:
    """Grow the arrays of ``ws`` spanning rows ``first``–``last`` down to ``new_last``; None
    when done, else why not (nothing changed then)."""
    cells: dict[tuple[int, int], Any] = ws._cells
    plan = plan_growth(cells, kind, first, last, new_last)
    if isinstance(plan, str):
        return plan
    texts, width = plan
    for c, ref, text in texts:
        c.value = ArrayFormula(ref, text)
    for (r, _col), other in list(cells.items()):  # the check cell above the table
        if r < first and isinstance(other.value, str) and "CROSSTABLE_CHECK(" in other.value:
            other.value = with_last_row(other.value, last, new_last)
    note = cells.get((1, 1))
    if note is not None:  # the note's "over 200 rows" and the call it quotes
        note.value = grown_note(note.value, last - kind.header_row, new_last - kind.header_row)
    height = ws.row_dimensions[last].height if last in ws.row_dimensions else None
    for col in range(1, width + 1):
        model = cells.get((last, col))
        if model is None or not model.has_style:
            continue
        for r in range(last + 1, new_last + 1):
            ws.cell(row=r, column=col)._style = copy.copy(model._style)
    if height is not None:
        for r in range(last + 1, new_last + 1):
            ws.row_dimensions[r].height = height
    return None


_PER_CELL = {"=INDEX(" + kind.call[1:]: kind for kind in KINDS}
"""The demo's function sheets: one INDEX of the call per cell (docs/engineering.md D56)."""


def follow_event(workbook: Any, participants: int) -> list[str]:
    """Make the print area of every Functions and Formula standings sheet of ``workbook`` (an
    openpyxl workbook; the sheets are known by their array formula of PARTICIPANTS or
    STANDINGS in column A, as the templates write it, or the demo's INDEX of one of them in
    each cell) end at the event's last participant
    (at most the array's rows); its first row and columns are kept (those of its print area,
    else those the templates print). Returns the titles of the sheets changed."""
    changed = []
    for ws in workbook.worksheets:
        found = array_in_a(ws)
        if found is not None:
            kind, cell = found
            ref = str(cell.value.ref)
        else:
            per_cell = _per_cell(ws)
            if per_cell is None:
                continue
            kind, ref = per_cell
        match = re.fullmatch(r"\$?[A-Z]+\$?\d+:\$?([A-Z]+)\$?(\d+)", ref)
        if match is None:
            continue
        first, columns = print_start(ws.print_area)
        columns = columns or (
            ws.max_column if kind.call.endswith("PARTICIPANTS(") else column_number(
                match.group(1)))
        rows = min(participants, int(match.group(2)) - kind.header_row)
        ws.print_area = event_print_area(first or kind.first_printed, columns, kind.header_row,
                                         rows)
        changed.append(ws.title)
    return changed


def _per_cell(ws: Any) -> tuple[SheetKind, str] | None:
    """The kind and the extent of the demo's per-cell function sheet ``ws`` (None: not
    one)."""
    cells = _formulas(ws)
    if cells is None:
        return None
    for start, kind in _PER_CELL.items():
        cell = cells.get((kind.array_row, 1))
        value = None if cell is None else cell.value
        if isinstance(value, str) and value.startswith(start):
            last_row = max(r for (r, c), other in cells.items() if c == 1 and isinstance(
                other.value, str) and other.value.startswith("=INDEX("))
            return kind, range_ref(kind.array_row, 1, last_row, ws.max_column)
    return None
