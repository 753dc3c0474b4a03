"""A small book interface for the standings writer, and its two implementations.

The writer (:func:`xl_tiebreak.workbook.write_standings_to`) decides *what* goes on a sheet as a
declarative :class:`SheetLayout` (values, styles, widths, frozen header, filter range); a
:class:`Book` only reads ranges and renders layouts:

* :class:`OpenpyxlBook` wraps an ``openpyxl.Workbook`` (headless command, demo, tests);
* :class:`XlwingsBook` wraps an ``xlwings.Book`` (classic "Run main"/RunPython and xlwings Lite).

Neither xlwings nor openpyxl is imported here at module level, so xlwings Lite (Pyodide) needs
neither openpyxl nor anything else beyond xlwings itself.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Iterator
from typing import Any, Protocol

__all__ = [
    "Book",
    "OpenpyxlBook",
    "RangeValues",
    "SheetLayout",
    "Style",
    "XlwingsBook",
    "column_letter",
    "range_ref",
]

_FORMULA_START = ("=", "+", "-", "@")
"""Text that Excel would read as a formula when typed or assigned through COM."""


@dataclasses.dataclass(frozen=True)
class Style:
    """Formatting for the cells of an A1 range (``"A1:F1"``); None leaves an attribute alone."""

    ref: str
    bold: bool | None = None
    italic: bool | None = None
    font_color: str | None = None
    """``#RRGGBB``."""
    fill: str | None = None
    """Solid background, ``#RRGGBB``."""
    number_format: str | None = None
    align: str | None = None
    """``left``, ``center`` or ``right``."""
    wrap: bool | None = None
    """Wrap long text inside the cell."""


@dataclasses.dataclass
class SheetLayout:
    """Everything a sheet shows: values from ``A1``, styles, and sheet settings."""

    name: str
    cells: list[list[object]]
    """Rows of values from A1 (None = empty); text is never turned into a formula."""
    styles: list[Style] = dataclasses.field(default_factory=list)
    widths: dict[int, float] = dataclasses.field(default_factory=dict)
    """Column widths in characters by 1-based column (openpyxl; xlwings autofits ``fit``)."""
    heights: dict[int, float] = dataclasses.field(default_factory=dict)
    """Row heights in points by 1-based row (rows of wrapped text)."""
    fit: str | None = None
    """Range whose columns are autofitted where the book can measure text (xlwings)."""
    freeze: str | None = None
    """Top-left cell of the scrolling area: ``"A2"`` freezes row 1."""
    autofilter: str | None = None
    """Range that gets filter buttons on its first row."""
    landscape: bool = False

    @property
    def width(self) -> int:
        """Number of columns used."""
        return max((len(row) for row in self.cells), default=0)

    def rectangle(self) -> list[list[object]]:
        """The cells padded to a rectangle (what a 2-D range assignment needs)."""
        width = self.width
        return [list(row) + [None] * (width - len(row)) for row in self.cells]


@dataclasses.dataclass(frozen=True)
class RangeValues:
    """Values read from a book: the sheet, the 1-based (row, column) of the top-left cell,
    the rows of values, and the (0-based) positions of formulas without a computed value."""

    sheet: str
    origin: tuple[int, int]
    values: list[list[object]]
    uncomputed: tuple[tuple[int, int], ...] = ()


class Book(Protocol):
    """What the standings writer needs from a workbook."""

    def sheet_names(self) -> list[str]:
        """Names of the sheets in order."""
        ...

    def read_sheet(self, name: str) -> RangeValues | None:
        """The used area of a sheet (None when there is no such sheet)."""
        ...

    def read_name(self, name: str) -> RangeValues | None:
        """The range of a workbook-level defined name (None when not defined or not a range)."""
        ...

    def write_sheet(self, layout: SheetLayout, after: str | None = None) -> None:
        """Replace the sheet ``layout.name`` (same position) or add it after sheet ``after``
        (at the end when None or missing), and render the layout."""
        ...

    def remove_sheet(self, name: str) -> None:
        """Delete a sheet if it exists."""
        ...

    def activate(self, name: str) -> None:
        """Make a sheet the one shown when the book is opened or looked at."""
        ...


# ====================================================================== A1 helpers


def column_letter(col: int) -> str:
    """``1 → A``, ``27 → AA``."""
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def range_ref(row1: int, col1: int, row2: int, col2: int) -> str:
    """``range_ref(1, 1, 3, 2) == "A1:B3"`` (1-based, inclusive)."""
    return f"{column_letter(col1)}{row1}:{column_letter(col2)}{row2}"


_CELL = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]+)")


def _cell_index(ref: str) -> tuple[int, int]:
    m = _CELL.fullmatch(ref.strip().upper())
    if m is None:
        raise ValueError(f"not a cell reference: {ref!r}")
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - ord("A") + 1
    return int(m.group(2)), col


def _bounds(ref: str) -> tuple[int, int, int, int]:
    """(row1, col1, row2, col2) of ``A1`` or ``A1:C3``."""
    first, _, last = ref.partition(":")
    r1, c1 = _cell_index(first)
    r2, c2 = _cell_index(last) if last else (r1, c1)
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


# ====================================================================== openpyxl


class OpenpyxlBook:
    """A :class:`Book` over an ``openpyxl.Workbook``.

    ``values`` is an optional second copy of the same file loaded with ``data_only=True``: reads
    then see the values Excel computed, and formulas that have no saved value are reported in
    :attr:`RangeValues.uncomputed`. Without it, reads see the cells as stored (formula text).
    """

    def __init__(self, workbook: Any, values: Any = None) -> None:
        self.workbook = workbook
        self.values = values

    def sheet_names(self) -> list[str]:
        return list(self.workbook.sheetnames)

    def read_sheet(self, name: str) -> RangeValues | None:
        if name not in self.workbook.sheetnames:
            return None
        ws = self.workbook[name]
        return self._read(name, 1, 1, ws.max_row, ws.max_column)

    def read_name(self, name: str) -> RangeValues | None:
        defined = self.workbook.defined_names.get(name)
        if defined is None:
            return None
        try:
            destinations = list(defined.destinations)
        except Exception:  # a constant or a formula, not a range
            return None
        if len(destinations) != 1:
            return None
        sheet, ref = destinations[0]
        if sheet not in self.workbook.sheetnames:
            return None
        try:
            r1, c1, r2, c2 = _bounds(ref.replace("$", ""))
        except ValueError:
            return None
        return self._read(sheet, r1, c1, r2, c2)

    def _read(self, sheet: str, r1: int, c1: int, r2: int, c2: int) -> RangeValues:
        stored = self.workbook[sheet]
        shown = self.values[sheet] if self.values is not None else None
        rows: list[list[object]] = []
        uncomputed: list[tuple[int, int]] = []
        cells = stored.iter_rows(min_row=r1, max_row=r2, min_col=c1, max_col=c2)
        values = (
            shown.iter_rows(
                min_row=r1, max_row=r2, min_col=c1, max_col=c2, values_only=True
            )
            if shown is not None
            else None
        )
        for i, row in enumerate(cells):
            computed = next(values) if values is not None else None
            out: list[object] = []
            for j, cell in enumerate(row):
                value = cell.value
                if cell.data_type == "f":
                    if computed is not None and computed[j] is not None:
                        value = computed[j]
                    else:
                        uncomputed.append((i, j))
                        value = str(getattr(value, "text", value))
                out.append(value)
            rows.append(out)
        return RangeValues(sheet, (r1, c1), rows, tuple(uncomputed))

    def write_sheet(self, layout: SheetLayout, after: str | None = None) -> None:
        wb = self.workbook
        if layout.name in wb.sheetnames:
            old = wb[layout.name]
            index = wb.sheetnames.index(layout.name)
            ws = wb.create_sheet(f"{layout.name[:25]} new", index)
            wb.remove(old)
            ws.title = layout.name
        else:
            index = wb.sheetnames.index(after) + 1 if after in wb.sheetnames else len(wb.sheetnames)
            ws = wb.create_sheet(layout.name, index)
        _render_openpyxl(ws, layout)

    def remove_sheet(self, name: str) -> None:
        if name in self.workbook.sheetnames:
            self.workbook.remove(self.workbook[name])

    def activate(self, name: str) -> None:
        wb = self.workbook
        if name not in wb.sheetnames:
            return
        for ws in wb.worksheets:
            ws.sheet_view.tabSelected = False
        wb.active = wb.sheetnames.index(name)
        wb[name].sheet_view.tabSelected = True


def _render_openpyxl(ws: Any, layout: SheetLayout) -> None:
    for r, row in enumerate(layout.cells, start=1):
        for c, value in enumerate(row, start=1):
            if value is None:
                continue
            cell = ws.cell(row=r, column=c, value=value)
            if isinstance(value, str) and value.startswith("="):
                cell.data_type = "s"  # text, never a formula
    for style in layout.styles:
        for cell in _openpyxl_cells(ws, style.ref):
            _style_openpyxl(cell, style)
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
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_title_rows = "1:1"


def _openpyxl_cells(ws: Any, ref: str) -> Iterator[Any]:
    r1, c1, r2, c2 = _bounds(ref)
    for row in ws.iter_rows(min_row=r1, max_row=r2, min_col=c1, max_col=c2):
        yield from row


def _style_openpyxl(cell: Any, style: Style) -> None:
    from openpyxl.styles import Alignment, PatternFill

    if style.bold is not None or style.italic is not None or style.font_color is not None:
        font = copy.copy(cell.font)
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


# ====================================================================== xlwings


class XlwingsBook:
    """A :class:`Book` over an ``xlwings.Book`` (classic Excel, or xlwings Lite).

    Only the portable xlwings API is used for content (values, number formats, fonts, fills,
    autofit). Sheet settings that xlwings exposes differently per engine (frozen header,
    filter buttons) are applied best-effort: a failure there never stops the writer.
    """

    def __init__(self, book: Any) -> None:
        self.book = book

    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def _sheet(self, name: str) -> Any:
        for sheet in self.book.sheets:
            if sheet.name == name:
                return sheet
        return None

    def read_sheet(self, name: str) -> RangeValues | None:
        sheet = self._sheet(name)
        if sheet is None:
            return None
        return _read_xlwings(sheet.used_range, sheet.name)

    def read_name(self, name: str) -> RangeValues | None:
        try:
            if not self.book.names.contains(name):
                return None
            rng = self.book.names(name).refers_to_range
        except Exception:  # a constant or a formula, not a range
            return None
        return _read_xlwings(rng, rng.sheet.name)

    def write_sheet(self, layout: SheetLayout, after: str | None = None) -> None:
        sheet = self._sheet(layout.name)
        if sheet is not None:
            _reset_xlwings(sheet)
        else:
            anchor = self._sheet(after) if after else None
            if anchor is None:
                anchor = list(self.book.sheets)[-1]
            sheet = self.book.sheets.add(name=layout.name, after=anchor)
        _render_xlwings(sheet, layout)

    def remove_sheet(self, name: str) -> None:
        sheet = self._sheet(name)
        if sheet is not None:
            sheet.delete()

    def activate(self, name: str) -> None:
        sheet = self._sheet(name)
        if sheet is not None:
            _best_effort(sheet.activate)


def _read_xlwings(rng: Any, sheet: str) -> RangeValues:
    values = rng.options(ndim=2).value
    rows = [list(row) for row in values] if values else []
    return RangeValues(sheet, (int(rng.row), int(rng.column)), rows)


def _best_effort(action: Any, *args: Any) -> bool:
    """Run a cosmetic action; True when it worked. Engines differ (Windows COM, macOS, Lite)."""
    try:
        action(*args)
    except Exception:
        return False
    return True


def _reset_xlwings(sheet: Any) -> None:
    sheet.clear()
    _best_effort(lambda: sheet.freeze_panes.unfreeze())
    _best_effort(lambda: setattr(sheet.api, "AutoFilterMode", False))


def _xlwings_text(value: object) -> object:
    """Text that Excel would parse as a formula is written with a leading apostrophe."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _render_xlwings(sheet: Any, layout: SheetLayout) -> None:
    cells = [[_xlwings_text(v) for v in row] for row in layout.rectangle()]
    if cells and cells[0]:
        sheet.range((1, 1), (len(cells), len(cells[0]))).value = cells
    for style in layout.styles:
        _style_xlwings(sheet.range(style.ref), style)
    if layout.fit:
        _best_effort(lambda: sheet.range(layout.fit).columns.autofit())
    for row, height in layout.heights.items():
        _best_effort(lambda r=row, h=height: setattr(sheet.range((r, 1)), "row_height", h))
    if layout.freeze:
        _freeze_xlwings(sheet, layout.freeze)
    if layout.autofilter:
        _best_effort(lambda: sheet.range(layout.autofilter).api.AutoFilter())


def _style_xlwings(rng: Any, style: Style) -> None:
    if style.bold is not None:
        rng.font.bold = style.bold
    if style.italic is not None:
        rng.font.italic = style.italic
    if style.font_color is not None:
        rng.font.color = style.font_color
    if style.fill is not None:
        rng.color = style.fill
    if style.number_format is not None:
        rng.number_format = style.number_format
    if style.align is not None:
        _best_effort(lambda: setattr(rng, "horizontal_alignment", style.align))
    if style.wrap is not None:
        _best_effort(lambda: setattr(rng, "wrap_text", style.wrap))


def _freeze_xlwings(sheet: Any, top_left: str) -> None:
    """Freeze the rows above and the columns left of ``top_left``: xlwings' portable API where
    the engine has it (Lite, Server: the frozen range, e.g. ``A1:C1``), else Excel's window API
    (classic on Windows)."""
    row, col = _cell_index(top_left)
    if row > 1 and col > 1:
        frozen = range_ref(1, 1, row - 1, col - 1)
    elif row > 1:
        frozen = f"1:{row - 1}"
    elif col > 1:
        frozen = f"A:{column_letter(col - 1)}"
    else:
        return
    if _best_effort(lambda: sheet.freeze_panes.freeze_at(frozen)):
        return

    def windows() -> None:
        sheet.activate()
        window = sheet.book.app.api.ActiveWindow
        window.FreezePanes = False
        window.SplitRow = row - 1
        window.SplitColumn = col - 1
        window.FreezePanes = True

    _best_effort(windows)
