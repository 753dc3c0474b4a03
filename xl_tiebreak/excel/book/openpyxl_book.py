"""The :class:`~xl_tiebreak.excel.book.interface.Book` adapter over an ``openpyxl.Workbook``:
bounded
reads of the stored cells (with the values Excel saved for formulas), layouts rendered with
openpyxl styles, and the sheet marks as hidden sheet-scoped defined names.

The workbooks it wraps come from :func:`xl_tiebreak.excel.files.checks.load` or the templates.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from typing import Any

from openpyxl.styles import Alignment, PatternFill
from openpyxl.workbook.defined_name import DefinedName

from xl_tiebreak.excel.book.cells import LAST_COLUMN, LAST_ROW, bounds, find_sheet, within
from xl_tiebreak.excel.book.interface import (
    MARK_NAME,
    MAX_READ_COLUMNS,
    MAX_READ_ROWS,
    RangeValues,
    formula_text,
    mark_role,
    not_a_worksheet,
    too_large,
)
from xl_tiebreak.excel.book.layout import SheetLayout, Style
from xl_tiebreak.excel.book.names import parse_sized, sized_extent
from xl_tiebreak.excel.book.openpyxl_arrays import fit_workbook
from xl_tiebreak.i18n.language import translate
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.cells import column_letter, is_blank, range_ref

__all__ = ["OpenpyxlBook", "mark_worksheet", "worksheet_mark"]


class OpenpyxlBook:
    """A :class:`Book` over an ``openpyxl.Workbook``.

    ``values`` is an optional second view of the same file with the values Excel computed
    (``data_only=True``; ideally a streaming ``read_only`` load), or a function returning one,
    called only when a range read has formula cells. Reads then see the computed values, and
    formulas that have no saved value are reported in :attr:`RangeValues.uncomputed`. Without
    it, reads see the cells as stored (formula text).

    Reads never build more than the used area: its bounds come from the cells the sheet
    really holds, so a stray cell at XFD1048576 is reported instead of read.
    """

    def __init__(self, workbook: Any, values: Any = None) -> None:
        self.workbook = workbook
        self._values = values
        self._extent: dict[tuple[str, int | None], tuple[int, int, list[tuple[str, object]]]]
        self._extent = {}
        self.fit_report: list[str] = []
        """What the last :meth:`fit_function_sheets` did, a line for people per sheet grown
        or left short."""

    @property
    def values(self) -> Any:
        """The computed-values view (loaded on first use when given as a function)."""
        if callable(self._values) and not hasattr(self._values, "sheetnames"):
            self._values = self._values()
        return self._values

    def close(self) -> None:
        """Release the computed-values view (a read-only openpyxl load keeps its file open)."""
        values = self._values
        if values is not None and hasattr(values, "sheetnames"):
            close = getattr(values, "close", None)
            if callable(close):
                close()

    def sheet_names(self) -> list[str]:
        return list(self.workbook.sheetnames)

    def _worksheet(self, name: str) -> Any:
        """The worksheet called ``name`` (ignoring case); None when there is none. Raises
        InputError for a chart sheet."""
        found = find_sheet(self.workbook.sheetnames, name)
        if found is None:
            return None
        ws = self.workbook[found]
        if not hasattr(ws, "iter_rows"):
            raise not_a_worksheet(found)
        return ws

    def _used(
        self, ws: Any, max_cols: int | None = None
    ) -> tuple[int, int, list[tuple[str, object]]]:
        """(last row, last column) holding a non-empty value, only columns up to ``max_cols``
        counted, and the cells that set those bounds. Only the stored cells are looked at."""
        key = (ws.title, max_cols)
        if key in self._extent:
            return self._extent[key]
        last_row = last_col = 0
        cells: Any = getattr(ws, "_cells", None)
        stored = cells.items() if isinstance(cells, dict) else (
            ((c.row, c.column), c) for row in ws.iter_rows() for c in row
        )
        far_row: tuple[int, int, object] = (0, 0, None)
        far_col: tuple[int, int, object] = (0, 0, None)
        for (r, c), cell in stored:
            if max_cols is not None and c > max_cols:
                continue
            value = cell.value
            if is_blank(value):
                continue
            if r > last_row:
                last_row, far_row = r, (r, c, value)
            if c > last_col:
                last_col, far_col = c, (r, c, value)
        far = [(f"{column_letter(c)}{r}", v) for r, c, v in (far_row, far_col) if r]
        if len(far) == 2 and far[0][0] == far[1][0]:
            del far[1]
        self._extent[key] = (last_row, last_col, far)
        return self._extent[key]

    def _sized(self, text: str | None) -> list[tuple[str, str]]:
        """[(sheet, range)] of a name sized by INDEX/COUNTA (:mod:`xl_tiebreak.excel.book.names`);
        [] for any other formula."""
        sized = parse_sized(text)
        ws = self._worksheet(sized[0]) if sized else None
        if sized is None or ws is None:
            return []
        cells: Any = getattr(ws, "_cells", {})
        rows, cols = sized_extent(((r, c, cell.value) for (r, c), cell in cells.items()),
                                  sized[1], sized[2])
        return [(ws.title, range_ref(1, 1, rows, cols))]

    def read_sheet(
        self, name: str, max_cols: int | None = None, max_rows: int | None = None
    ) -> RangeValues | None:
        ws = self._worksheet(name)
        if ws is None:
            return None
        last_row, last_col, far = self._used(ws, max_cols)
        clipped = max_rows is not None and last_row > max_rows
        if max_rows is not None:
            last_row = min(last_row, max_rows)
        if last_row > MAX_READ_ROWS or last_col > MAX_READ_COLUMNS:
            raise too_large(ws.title, translate("the used area {area} of the sheet '{sheet}'",
                                        area=f"A1:{column_letter(last_col)}{last_row}",
                                        sheet=ws.title), far)
        found = self._read(ws, 1, 1, max(last_row, 1), max(last_col, 1))
        return found.replace(clipped=clipped)

    def read_name(self, name: str) -> RangeValues | None:
        names = self.workbook.defined_names
        key = find_sheet(list(names), name)
        defined = names.get(key) if key is not None else None
        if defined is None:
            return None
        try:
            destinations = list(defined.destinations)
        except Exception:  # a constant or a formula, not a range
            destinations = []
        if not destinations:  # the templates' INDEX/COUNTA name, evaluated as Excel does
            destinations = self._sized(defined.attr_text)
        if len(destinations) != 1:
            return None
        sheet, ref = destinations[0]
        ws = self._worksheet(sheet)
        if ws is None:
            return None
        try:
            r1, c1, r2, c2 = bounds(ref.replace("$", ""))
        except ValueError:
            return None
        last_row, last_col, _ = self._used(ws)
        below = self._outside(ws, r2 + 1, r2 + 1, c1, c2)
        right = self._outside(ws, r1, r2, c2 + 1, c2 + 1)
        r2, c2 = max(r1, min(r2, last_row)), max(c1, min(c2, last_col))
        if r2 - r1 + 1 > MAX_READ_ROWS or c2 - c1 + 1 > MAX_READ_COLUMNS:
            far = self._far(ws, r1, c1, r2, c2)
            raise too_large(ws.title, translate(
                "the range {range} of the name '{name}' (cut to the used area)",
                range=range_ref(r1, c1, r2, c2), name=key), far)
        found = self._read(ws, r1, c1, r2, c2)
        return found.replace(outside=tuple(below + right))

    def _outside(self, ws: Any, r1: int, r2: int, c1: int, c2: int) -> list[str]:
        """Non-empty cells (A1, at most 5) of a strip next to a named range."""
        if r1 > LAST_ROW or c1 > LAST_COLUMN:
            return []
        cells: Any = getattr(ws, "_cells", None)
        if not isinstance(cells, dict):
            return []
        found = sorted(
            (r, c) for (r, c), cell in cells.items()
            if r1 <= r <= r2 and c1 <= c <= c2 and not is_blank(cell.value)
        )
        return [f"{column_letter(c)}{r}" for r, c in found[:5]]

    def _far(self, ws: Any, r1: int, c1: int, r2: int, c2: int) -> list[tuple[str, object]]:
        """The cells inside a range that lie beyond the readable size."""
        _, _, far = self._used(ws)
        return [(ref, v) for ref, v in far if within(ref, r1, c1, r2, c2)]

    def _read(self, ws: Any, r1: int, c1: int, r2: int, c2: int) -> RangeValues:
        """The values of a bounded range, built from the stored cells only (no cell objects
        are created for empty positions)."""
        height, width = r2 - r1 + 1, c2 - c1 + 1
        rows: list[list[object]] = [[None] * width for _ in range(height)]
        formulas: list[tuple[int, int, object]] = []
        cells: Any = getattr(ws, "_cells", None)
        if isinstance(cells, dict):
            stored: Iterable[tuple[tuple[int, int], Any]] = cells.items()
        else:  # pragma: no cover - other openpyxl internals
            stored = (((c.row, c.column), c) for row in ws.iter_rows(
                min_row=r1, max_row=r2, min_col=c1, max_col=c2) for c in row)
        for (r, c), cell in stored:
            if not (r1 <= r <= r2 and c1 <= c <= c2):
                continue
            value = cell.value
            if value is None:
                continue
            if cell.data_type == "f":
                formulas.append((r - r1, c - c1, value))
            else:
                rows[r - r1][c - c1] = value
        uncomputed: list[tuple[int, int]] = []
        if formulas:
            computed = self._computed(ws.title, r1, c1, formulas)
            for i, j, value in sorted(formulas, key=lambda f: (f[0], f[1])):
                shown = computed.get((i, j))
                if shown is None:
                    uncomputed.append((i, j))
                    shown = str(getattr(value, "text", value))
                rows[i][j] = shown
        return RangeValues(ws.title, (r1, c1), rows, tuple(uncomputed))

    def _computed(
        self, sheet: str, r1: int, c1: int, formulas: list[tuple[int, int, object]]
    ) -> dict[tuple[int, int], object]:
        """Values Excel saved for the formula cells (0-based positions from r1, c1), read
        from the computed-values view over the smallest range that holds them."""
        shown = self.values
        if shown is None or sheet not in shown.sheetnames:
            return {}
        top = r1 + min(i for i, _, _ in formulas)
        bottom = r1 + max(i for i, _, _ in formulas)
        left = c1 + min(j for _, j, _ in formulas)
        right = c1 + max(j for _, j, _ in formulas)
        wanted = {(i, j) for i, j, _ in formulas}
        found: dict[tuple[int, int], object] = {}
        rows = shown[sheet].iter_rows(
            min_row=top, max_row=bottom, min_col=left, max_col=right, values_only=True
        )
        for r, row in enumerate(rows, start=top):
            for c, value in enumerate(row, start=left):
                if value is not None and (r - r1, c - c1) in wanted:
                    found[(r - r1, c - c1)] = value
        return found

    def write_sheet(self, layout: SheetLayout, after: str | None = None) -> None:
        wb = self.workbook
        existing = find_sheet(wb.sheetnames, layout.name)
        if existing is not None:
            old = wb[existing]
            index = wb.sheetnames.index(existing)
            ws = wb.create_sheet(f"{existing[:25]} new", index)
            wb.remove(old)
            ws.title = existing
        else:
            anchor = find_sheet(wb.sheetnames, after) if after else None
            index = wb.sheetnames.index(anchor) + 1 if anchor else len(wb.sheetnames)
            ws = wb.create_sheet(layout.name, index)
        self._forget(ws.title)
        _render_openpyxl(ws, layout)
        if layout.mark is not None:
            mark_worksheet(ws, layout.mark)

    def sheet_mark(self, name: str) -> str | None:
        found = find_sheet(self.workbook.sheetnames, name)
        return None if found is None else worksheet_mark(self.workbook[found])

    def _forget(self, sheet: str) -> None:
        for key in [k for k in self._extent if k[0].casefold() == sheet.casefold()]:
            del self._extent[key]

    def remove_sheet(self, name: str) -> None:
        found = find_sheet(self.workbook.sheetnames, name)
        if found is not None:
            self._forget(found)
            self.workbook.remove(self.workbook[found])

    def activate(self, name: str) -> None:
        wb = self.workbook
        found = find_sheet(wb.sheetnames, name)
        if found is None:
            return
        for ws in wb.worksheets:
            ws.sheet_view.tabSelected = False
        wb.active = wb.sheetnames.index(found)
        if hasattr(wb[found], "sheet_view"):
            wb[found].sheet_view.tabSelected = True

    def fit_function_sheets(self, participants: int) -> list[str]:
        """Grow the function sheets' arrays shorter than the event and end their print areas
        at its last participant (:func:`~xl_tiebreak.excel.book.openpyxl_arrays.fit_workbook`);
        :attr:`fit_report` says what was done. Returns the titles of the sheets changed."""
        changed, self.fit_report = fit_workbook(self.workbook, participants)
        return changed

    def cell_formula(self, sheet: str, ref: str) -> str | None:
        try:
            ws = self._worksheet(sheet)
        except InputError:  # a chart sheet
            return None
        return None if ws is None else formula_text(ws[ref].value)


def _render_openpyxl(ws: Any, layout: SheetLayout) -> None:
    for r, row in enumerate(layout.cells, start=1):
        for c, value in enumerate(row, start=1):
            if value is None:
                continue
            cell = ws.cell(row=r, column=c, value=value)
            if isinstance(value, str) and value.startswith("="):
                cell.data_type = "s"  # text, never a formula
    for merged in layout.merges:
        ws.merge_cells(merged)
    made: dict[tuple[tuple[int, ...], tuple[object, ...]], Any] = {}
    for style in layout.styles:
        for cell in _openpyxl_cells(ws, style.ref):
            _style_openpyxl(cell, style, made)
    for col, width in layout.widths.items():
        ws.column_dimensions[column_letter(col)].width = width
    for row_no, height in layout.heights.items():
        ws.row_dimensions[row_no].height = height
    if layout.freeze:
        ws.freeze_panes = layout.freeze
    if layout.autofilter:
        ws.auto_filter.ref = layout.autofilter
    if layout.landscape:
        ws.page_setup.orientation = "landscape"
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = layout.pages_tall
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_title_rows = layout.print_titles or "1:1"
        ws.print_options.horizontalCentered = True
        ws.page_margins.left = ws.page_margins.right = 0.4
        ws.page_margins.top = 0.5
        ws.page_margins.bottom = 0.75  # room for the footer (0.3 in from the edge)
    if layout.paper is not None:
        ws.page_setup.paperSize = _PAPER[layout.paper]
    if layout.footer is not None:
        ws.oddFooter.center.text = layout.footer
        ws.oddFooter.center.size = 8


_PAPER = {"A4": 9, "Letter": 1}
"""openpyxl's (and Excel's) paper size codes."""


def _openpyxl_cells(ws: Any, ref: str) -> Iterator[Any]:
    r1, c1, r2, c2 = bounds(ref)
    for row in ws.iter_rows(min_row=r1, max_row=r2, min_col=c1, max_col=c2):
        yield from row


def _style_openpyxl(cell: Any, style: Style,
                    made: dict[tuple[tuple[int, ...], tuple[object, ...]], Any]) -> None:
    """Apply ``style`` over the cell's own style. The result depends only on the two, so it is
    made once per pair and copied to the other cells (``made``: the cell's style ids and the
    style's attributes → the resulting style ids; setting openpyxl styles attribute by
    attribute costs about 0.1 ms a cell, seconds on a 2,000-player Standings sheet)."""
    own = cell._style  # None: a cell openpyxl has not styled yet (the default style)
    key = (tuple(own) if own is not None else (),
           (style.bold, style.italic, style.font_color, style.fill, style.number_format,
            style.align, style.wrap, style.size))
    done = made.get(key)
    if done is not None:
        cell._style = copy.copy(done)
        return
    _apply_style(cell, style)
    made[key] = copy.copy(cell._style)


def _apply_style(cell: Any, style: Style) -> None:
    if (style.bold is not None or style.italic is not None or style.font_color is not None
            or style.size is not None):
        font = copy.copy(cell.font)
        if style.size is not None:
            font.size = style.size
        if style.bold is not None:
            font.bold = style.bold
        if style.italic is not None:
            font.italic = style.italic
        if style.font_color is not None:
            font.color = "FF" + style.font_color.lstrip("#").upper()
        cell.font = font
    if style.fill is not None:
        rgb = "FF" + style.fill.lstrip("#").upper()
        cell.fill = PatternFill(fill_type="solid", start_color=rgb, end_color=rgb)
    if style.number_format is not None:
        cell.number_format = style.number_format
    if style.align is not None or style.wrap is not None:
        alignment = copy.copy(cell.alignment)
        if style.align is not None:
            alignment = Alignment(horizontal=style.align, vertical="center",
                                  wrap_text=alignment.wrap_text)
        if style.wrap is not None:
            alignment = Alignment(horizontal=alignment.horizontal, vertical="top",
                                  wrap_text=style.wrap)
        cell.alignment = alignment


def mark_worksheet(ws: Any, role: str) -> None:
    """Mark a worksheet as written by xl-tiebreak in ``role``: the hidden sheet-scoped
    defined name :data:`~xl_tiebreak.excel.book.interface.MARK_NAME` holding the role as text."""
    ws.defined_names[MARK_NAME] = DefinedName(MARK_NAME, attr_text=f'"{role}"', hidden=True)


def worksheet_mark(ws: Any) -> str | None:
    """The role a worksheet was marked with (:func:`mark_worksheet`), None when unmarked (or
    a chart sheet, which cannot hold names)."""
    names = getattr(ws, "defined_names", None)
    if names is None:
        return None
    defined = names.get(MARK_NAME)
    return None if defined is None else mark_role(defined.attr_text)
