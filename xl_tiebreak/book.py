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
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from xl_tiebreak.model import InputError, Problem, Severity

__all__ = [
    "MAX_READ_COLUMNS",
    "MAX_READ_ROWS",
    "Book",
    "OpenpyxlBook",
    "RangeValues",
    "SheetLayout",
    "Style",
    "XlwingsBook",
    "column_letter",
    "find_sheet",
    "range_ref",
    "sheet_ref",
]

MAX_READ_ROWS = 25_000
"""Most rows of a sheet's used area (or a named range) that are read at all."""
MAX_READ_COLUMNS = 600
"""Most columns of a sheet's used area (or a named range) that are read at all."""

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
    outside: tuple[str, ...] = ()
    """A named range only: non-empty cells (A1) in the row just below it or the column just
    right of it, which the range leaves out."""
    clipped: bool = False
    """True when rows beyond the ``max_rows`` asked for were left out."""


class Book(Protocol):
    """What the standings writer needs from a workbook."""

    def sheet_names(self) -> list[str]:
        """Names of the sheets in order."""
        ...

    def read_sheet(
        self, name: str, max_cols: int | None = None, max_rows: int | None = None
    ) -> RangeValues | None:
        """The used area of a sheet from A1, cut to its last non-empty row and column (None
        when there is no such sheet; names compare case-insensitively). With ``max_cols`` /
        ``max_rows`` only that many columns / rows from A1 are read (``clipped`` tells when
        rows were left out). Raises InputError, naming the place, for a chart sheet and for a
        used area larger than :data:`MAX_READ_ROWS` × :data:`MAX_READ_COLUMNS`."""
        ...

    def read_name(self, name: str) -> RangeValues | None:
        """The range of a workbook-level defined name (None when not defined or not a range),
        cut to the sheet's used area; ``outside`` lists non-empty cells just outside it.
        Raises InputError like :meth:`read_sheet`."""
        ...

    def write_sheet(self, layout: SheetLayout, after: str | None = None) -> None:
        """Replace the sheet named ``layout.name`` (case-insensitively; same position, its
        name kept) or add it after sheet ``after`` (at the end when None or missing), and
        render the layout."""
        ...

    def remove_sheet(self, name: str) -> None:
        """Delete a sheet if it exists (name compared case-insensitively)."""
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
    """(row1, col1, row2, col2) of ``A1``, ``A1:C3``, ``A:C`` (whole columns) or ``1:3``
    (whole rows)."""
    first, _, last = ref.partition(":")
    last = last or first
    cols = re.fullmatch(r"\$?([A-Za-z]{1,3})", first.strip()), re.fullmatch(
        r"\$?([A-Za-z]{1,3})", last.strip())
    if cols[0] and cols[1]:
        first, last = f"{cols[0].group(1)}1", f"{cols[1].group(1)}{_LAST_ROW}"
    rows = re.fullmatch(r"\$?([0-9]+)", first.strip()), re.fullmatch(r"\$?([0-9]+)", last.strip())
    if rows[0] and rows[1]:
        first, last = f"A{rows[0].group(1)}", f"XFD{rows[1].group(1)}"
    r1, c1 = _cell_index(first)
    r2, c2 = _cell_index(last)
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


_LAST_ROW = 1_048_576


def sheet_ref(sheet: str, ref: str = "") -> str:
    """``Crosstable!A1`` or ``'My sheet'!A1`` (the sheet alone when ``ref`` is empty)."""
    prefix = sheet if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet) else (
        "'" + sheet.replace("'", "''") + "'"
    )
    return f"{prefix}!{ref}" if ref else prefix


def find_sheet(names: Iterable[str], name: str) -> str | None:
    """The name in ``names`` equal to ``name`` as Excel compares sheet names (ignoring case),
    None when there is none."""
    wanted = name.casefold()
    return next((n for n in names if n.casefold() == wanted), None)


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _shown(value: object) -> str:
    text = str(value).strip()
    return f"'{text[:30]}…'" if len(text) > 30 else f"'{text}'"


def _too_large(sheet: str, what: str, far: list[tuple[str, object]]) -> InputError:
    """The error for an area too large to read, naming the cells that make it so."""
    message = (
        f"{what} is too large to read (at most {MAX_READ_ROWS} rows and "
        f"{MAX_READ_COLUMNS} columns)"
    )
    if far:
        cells = ", ".join(f"{sheet_ref(sheet, ref)} holding {_shown(v)}" for ref, v in far)
        message += f": delete what is far outside the table ({cells})"
    else:
        message += ": delete the far-away cells (Ctrl+End shows the last one)"
    return InputError([Problem(Severity.ERROR, message, sheet_ref(sheet))])


def _not_a_worksheet(sheet: str) -> InputError:
    return InputError([Problem(
        Severity.ERROR,
        f"'{sheet}' is a chart sheet, not a worksheet: rename it, and keep the data on a "
        "worksheet of that name",
        sheet_ref(sheet),
    )])


# ====================================================================== openpyxl


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
            raise _not_a_worksheet(found)
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
            if _blank(value):
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
            raise _too_large(ws.title, f"the used area A1:{column_letter(last_col)}{last_row} "
                             f"of the sheet '{ws.title}'", far)
        found = self._read(ws, 1, 1, max(last_row, 1), max(last_col, 1))
        return dataclasses.replace(found, clipped=clipped)

    def read_name(self, name: str) -> RangeValues | None:
        names = self.workbook.defined_names
        key = find_sheet(list(names), name)
        defined = names.get(key) if key is not None else None
        if defined is None:
            return None
        try:
            destinations = list(defined.destinations)
        except Exception:  # a constant or a formula, not a range
            return None
        if len(destinations) != 1:
            return None
        sheet, ref = destinations[0]
        ws = self._worksheet(sheet)
        if ws is None:
            return None
        try:
            r1, c1, r2, c2 = _bounds(ref.replace("$", ""))
        except ValueError:
            return None
        last_row, last_col, _ = self._used(ws)
        below = self._outside(ws, r2 + 1, r2 + 1, c1, c2)
        right = self._outside(ws, r1, r2, c2 + 1, c2 + 1)
        r2, c2 = max(r1, min(r2, last_row)), max(c1, min(c2, last_col))
        if r2 - r1 + 1 > MAX_READ_ROWS or c2 - c1 + 1 > MAX_READ_COLUMNS:
            far = self._far(ws, r1, c1, r2, c2)
            raise _too_large(ws.title, f"the range {range_ref(r1, c1, r2, c2)} of the name "
                             f"'{key}' (cut to the used area)", far)
        found = self._read(ws, r1, c1, r2, c2)
        return dataclasses.replace(found, outside=tuple(below + right))

    def _outside(self, ws: Any, r1: int, r2: int, c1: int, c2: int) -> list[str]:
        """Non-empty cells (A1, at most 5) of a strip next to a named range."""
        if r1 > _LAST_ROW or c1 > 16_384:
            return []
        cells: Any = getattr(ws, "_cells", None)
        if not isinstance(cells, dict):
            return []
        found = sorted(
            (r, c) for (r, c), cell in cells.items()
            if r1 <= r <= r2 and c1 <= c <= c2 and not _blank(cell.value)
        )
        return [f"{column_letter(c)}{r}" for r, c in found[:5]]

    def _far(self, ws: Any, r1: int, c1: int, r2: int, c2: int) -> list[tuple[str, object]]:
        """The cells inside a range that lie beyond the readable size."""
        _, _, far = self._used(ws)
        return [(ref, v) for ref, v in far if _within(ref, r1, c1, r2, c2)]

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


def _within(ref: str, r1: int, c1: int, r2: int, c2: int) -> bool:
    r, c = _cell_index(ref)
    return r1 <= r <= r2 and c1 <= c <= c2


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

    Ranges are read with ``err_to_str=True``: a cell showing ``#N/A`` arrives as that text
    (not as an empty cell). The size of a used area is checked before its values are read.
    """

    def __init__(self, book: Any) -> None:
        self.book = book

    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def _sheet(self, name: str) -> Any:
        wanted = name.casefold()
        for sheet in self.book.sheets:
            if sheet.name.casefold() == wanted:
                return sheet
        return None

    def read_sheet(
        self, name: str, max_cols: int | None = None, max_rows: int | None = None
    ) -> RangeValues | None:
        sheet = self._sheet(name)
        if sheet is None:
            return None
        used = sheet.used_range
        r1, c1, r2, c2 = _extent(used)
        clipped = max_rows is not None and r2 > max_rows
        if max_cols is not None or max_rows is not None:
            r1, c1 = 1, 1  # a bounded read (Settings A:B) starts at A1
            r2 = min(r2, max_rows) if max_rows is not None else r2
            c2 = min(c2, max_cols) if max_cols is not None else c2
        if r2 - r1 + 1 > MAX_READ_ROWS or c2 - c1 + 1 > MAX_READ_COLUMNS:
            raise _too_large(sheet.name, f"the used area {range_ref(r1, c1, r2, c2)} of the "
                             f"sheet '{sheet.name}'", [])
        rng = used if (r1, c1, r2, c2) == _extent(used) else sheet.range((r1, c1), (r2, c2))
        found = _read_xlwings(rng, sheet.name)
        return dataclasses.replace(found, clipped=clipped)

    def read_name(self, name: str) -> RangeValues | None:
        try:
            if not self.book.names.contains(name):
                return None
            rng = self.book.names(name).refers_to_range
        except Exception:  # a constant or a formula, not a range
            return None
        sheet = rng.sheet
        r1, c1, r2, c2 = _extent(rng)
        _, _, last_row, last_col = _extent(sheet.used_range)
        outside = _xlwings_outside(sheet, r2 + 1, r2 + 1, c1, min(c2, last_col), last_row,
                                   last_col)
        outside += _xlwings_outside(sheet, r1, min(r2, last_row), c2 + 1, c2 + 1, last_row,
                                    last_col)
        r2, c2 = max(r1, min(r2, last_row)), max(c1, min(c2, last_col))
        if r2 - r1 + 1 > MAX_READ_ROWS or c2 - c1 + 1 > MAX_READ_COLUMNS:
            raise _too_large(sheet.name, f"the range {range_ref(r1, c1, r2, c2)} of the name "
                             f"'{name}' (cut to the used area)", [])
        found = _read_xlwings(sheet.range((r1, c1), (r2, c2)), sheet.name)
        return dataclasses.replace(found, outside=tuple(outside[:5]))

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


def _extent(rng: Any) -> tuple[int, int, int, int]:
    """(row1, col1, row2, col2) of an xlwings range, without reading its values."""
    rows, cols = rng.shape
    r1, c1 = int(rng.row), int(rng.column)
    return r1, c1, r1 + int(rows) - 1, c1 + int(cols) - 1


def _xlwings_outside(
    sheet: Any, r1: int, r2: int, c1: int, c2: int, last_row: int, last_col: int
) -> list[str]:
    """Non-empty cells (A1) of a strip next to a named range, inside the used area."""
    if r1 > min(r2, last_row) or c1 > min(c2, last_col):
        return []
    r2, c2 = min(r2, last_row), min(c2, last_col)
    if (r2 - r1 + 1) * (c2 - c1 + 1) > MAX_READ_ROWS:
        return []
    values = sheet.range((r1, c1), (r2, c2)).options(ndim=2, err_to_str=True).value or []
    return [
        f"{column_letter(c1 + j)}{r1 + i}"
        for i, row in enumerate(values)
        for j, value in enumerate(row)
        if not _blank(value)
    ]


def _read_xlwings(rng: Any, sheet: str) -> RangeValues:
    values = rng.options(ndim=2, err_to_str=True).value
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
