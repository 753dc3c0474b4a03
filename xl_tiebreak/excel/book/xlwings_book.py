"""The :class:`~xl_tiebreak.excel.book.interface.Book` adapter over an ``xlwings.Book`` (classic
Excel,
or xlwings Lite).

Only the portable xlwings API is used for content (values, number formats, fonts, fills,
autofit, sheet-scoped names for the marks). Sheet settings that xlwings exposes differently
per engine (frozen header, filter buttons) are applied best-effort: a failure there never stops
the writer. xlwings itself is not imported: the adapter only calls the book it is given.
"""

from __future__ import annotations

import re
from typing import Any

from xl_tiebreak.excel.book.cells import cell_index
from xl_tiebreak.excel.book.function_arrays import (
    KINDS,
    MAX_ARRAY_FORMULA,
    SheetKind,
    array_height,
    event_print_area,
    grown_formula,
    grown_line,
    grown_note,
    kind_of,
    not_fitted,
    not_grown,
    print_start,
    with_last_row,
)
from xl_tiebreak.excel.book.interface import (
    MARK_NAME,
    MAX_READ_COLUMNS,
    MAX_READ_ROWS,
    RangeValues,
    formula_text,
    mark_formula,
    mark_role,
    too_large,
)
from xl_tiebreak.excel.book.layout import SheetLayout, Style
from xl_tiebreak.i18n.language import translate
from xl_tiebreak.util.cells import cell_name, column_letter, is_blank, range_ref
from xl_tiebreak.util.safety import formula_safe

__all__ = ["XlwingsBook"]


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
        self.fit_report: list[str] = []
        """What the last :meth:`fit_function_sheets` did, a line for people per sheet grown
        or left short."""

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
            raise too_large(sheet.name, translate("the used area {area} of the sheet '{sheet}'",
                                          area=range_ref(r1, c1, r2, c2), sheet=sheet.name), [])
        rng = used if (r1, c1, r2, c2) == _extent(used) else sheet.range((r1, c1), (r2, c2))
        found = _read_xlwings(rng, sheet.name)
        return found.replace(clipped=clipped)

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
            raise too_large(sheet.name, translate(
                "the range {range} of the name '{name}' (cut to the used area)",
                range=range_ref(r1, c1, r2, c2), name=name), [])
        found = _read_xlwings(sheet.range((r1, c1), (r2, c2)), sheet.name)
        return found.replace(outside=tuple(outside[:5]))

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
        if layout.mark is not None:
            _best_effort(_mark_xlwings, sheet, layout.mark)

    def sheet_mark(self, name: str) -> str | None:
        sheet = self._sheet(name)
        if sheet is None:
            return None
        try:
            found = _mark_name(sheet)
            return None if found is None else mark_role(found.refers_to)
        except Exception:  # an engine without sheet-scoped names: the sheet has no mark
            return None

    def remove_sheet(self, name: str) -> None:
        sheet = self._sheet(name)
        if sheet is not None:
            sheet.delete()

    def activate(self, name: str) -> None:
        sheet = self._sheet(name)
        if sheet is not None:
            _best_effort(sheet.activate)

    def cell_formula(self, sheet: str, ref: str) -> str | None:
        found = self._sheet(sheet)
        if found is None:
            return None
        try:
            text = found.range(ref).formula
        except (NotImplementedError, AttributeError):  # xlwings Lite reads no formulas
            return None
        return formula_text(text)

    def fit_function_sheets(self, participants: int) -> list[str]:
        """Grow the function sheets' arrays shorter than the event and end their print areas
        at its last participant, through Excel (classic: ``Range.formula_array`` over the
        bigger range, the last row's formats pasted on the new rows, ``page_setup.
        print_area``). xlwings Lite cannot read formulas while a script runs: its function
        sheets keep their arrays, and :attr:`fit_report` says so when they are shorter
        than the event. Returns the titles of the sheets changed."""
        self.fit_report = []
        changed = []
        for sheet in self.book.sheets:
            if _fit_xlwings(sheet, participants, self.fit_report):
                changed.append(sheet.name)
        return changed


_SHEET_NAMES = {"functions": 4, "formula standings": 3}
"""The function sheets by their names in the templates, with their header rows (for engines
that cannot read formulas: xlwings Lite)."""


def _formula_array(cell: Any) -> str | None:
    """The array formula of a cell (None: the cell is not in an array formula). Raises
    NotImplementedError where the engine cannot read formulas (xlwings Lite)."""
    try:
        text = cell.formula_array
    except NotImplementedError:
        raise
    except AttributeError as error:  # an engine without the property
        raise NotImplementedError from error
    if not isinstance(text, str) or not text.startswith("="):
        return None
    try:
        if not cell.has_array:
            return None
    except (AttributeError, NotImplementedError):
        return None  # not known to be an array: left alone
    return text


def _fit_xlwings(sheet: Any, participants: int, report: list[str]) -> bool:
    """Fit one sheet if it is a function sheet (see :meth:`XlwingsBook.fit_function_sheets`);
    True when it was changed. A failure of the engine is reported, never raised."""
    try:
        found = _xlwings_kind(sheet)
    except NotImplementedError:
        return _unreadable(sheet, participants, report)
    except Exception:  # an engine's failure on a sheet: not a function sheet for us
        return False
    if found is None:
        return False
    kind, text = found
    height = array_height(text, kind)
    if height is None:
        report.append(not_fitted(sheet.name, translate(
            "the formula in {cell} was changed", cell=cell_name(kind.array_row, 1))))
        return False
    try:
        last = kind.array_row + height - 1
        rows = last - kind.header_row
        grown = False
        if participants > rows:
            why = _grow_xlwings(sheet, kind, last, kind.header_row + participants)
            if why is None:
                grown, rows = True, participants
                report.append(grown_line(sheet.name, participants))
            else:
                report.append(not_grown(sheet.name, rows, participants, why))
        width = _array_width(sheet, kind, text)
        printed = _print_xlwings(sheet, kind, width, min(participants, rows))
    except Exception as error:  # said to the user, never a traceback
        report.append(not_fitted(sheet.name, str(error) or type(error).__name__))
        return False
    return grown or printed


def _xlwings_kind(sheet: Any) -> tuple[SheetKind, str] | None:
    """The kind of function sheet and its column-A array formula (None: not one)."""
    for kind in KINDS:
        text = _formula_array(sheet.range((kind.array_row, 1)))
        if kind_of(text) is kind and text is not None:
            return kind, text
    return None


def _array_width(sheet: Any, kind: SheetKind, text: str) -> int:
    """The columns of the column-A array (the cells to its right holding the same array
    formula)."""
    _, _, _, last_col = _extent(sheet.used_range)
    width = 1
    while width < last_col and _formula_array(sheet.range((kind.array_row, width + 1))) == text:
        width += 1
    return width


def _grow_xlwings(sheet: Any, kind: SheetKind, last: int, new_last: int) -> str | None:
    """Grow the arrays of ``sheet`` starting on the column-A array's row down to
    ``new_last``; None when done, else why not (nothing changed then)."""
    first = kind.array_row
    _, _, _, last_col = _extent(sheet.used_range)
    arrays: list[tuple[int, int, str]] = []  # (first column, last column, formula)
    col = 1
    while col <= last_col:
        text = _formula_array(sheet.range((first, col)))
        if text is None:
            col += 1
            continue
        end = col
        while end < last_col and _formula_array(sheet.range((first, end + 1))) == text:
            end += 1
        arrays.append((col, end, text))
        col = end + 1
    width = max(end for _, end, _ in arrays)
    below = sheet.range((last + 1, 1), (new_last, width)).options(ndim=2, err_to_str=True).value
    taken = [(r, c) for r, row in enumerate(below or [], start=last + 1)
             for c, v in enumerate(row, start=1) if not is_blank(v)]
    if taken:
        return translate("{cell} below its arrays is not empty", cell=cell_name(*taken[0]))
    grown: list[tuple[int, int, str, str]] = []
    for c1, c2, text in arrays:
        try:
            new = grown_formula(text, kind if c1 == 1 else None, last, new_last)
        except ValueError:
            return translate("the formula in {cell} was changed", cell=cell_name(first, c1))
        if len(new) > MAX_ARRAY_FORMULA:
            return translate("the formula in {cell} is longer than the {count} characters "
                             "Excel lets a program write as an array formula",
                             cell=cell_name(first, c1), count=MAX_ARRAY_FORMULA)
        grown.append((c1, c2, text, new))
    _best_effort(_paste_formats, sheet, (last, 1, last, width), (last + 1, 1, new_last, width))
    _best_effort(lambda: setattr(sheet.range((last + 1, 1), (new_last, 1)), "row_height",
                                 sheet.range((last, 1)).row_height))
    done: list[tuple[int, int, str]] = []
    try:
        for c1, c2, text, new in grown:
            sheet.range((first, c1), (last, c2)).clear_contents()
            done.append((c1, c2, text))
            sheet.range((first, c1), (new_last, c2)).formula_array = new
    except Exception:
        for c1, c2, text in done:  # every array as it was
            _best_effort(lambda a=c1, b=c2: sheet.range((first, a), (new_last, b))
                         .clear_contents())
            _best_effort(lambda a=c1, b=c2, t=text: setattr(
                sheet.range((first, a), (last, b)), "formula_array", t))
        raise
    for r in range(1, first):  # the check cell above the table
        for c in range(1, 4):
            cell = sheet.range((r, c))
            formula = cell.formula
            if isinstance(formula, str) and "CROSSTABLE_CHECK(" in formula:
                cell.formula = with_last_row(formula, last, new_last)
    note = sheet.range((1, 1))  # the note's "over 200 rows" and the call it quotes
    text = note.value
    new_text = grown_note(text, last - kind.header_row, new_last - kind.header_row)
    if new_text != text:
        _best_effort(lambda: setattr(note, "value", new_text))
    return None


def _paste_formats(sheet: Any, source: tuple[int, int, int, int],
                   target: tuple[int, int, int, int]) -> None:
    """The formats of the ``source`` cells (row1, col1, row2, col2) pasted on the ``target``
    cells."""
    sheet.range(source[:2], source[2:]).copy()
    sheet.range(target[:2], target[2:]).paste(paste="formats")


def _print_xlwings(sheet: Any, kind: SheetKind | None, width: int, rows: int,
                   header_row: int = 0) -> bool:
    """End the print area of a function sheet at its ``rows``-th participant row (its first
    row and columns kept: those of its print area, else those the templates print); True when
    it changed. Engines without a print area leave it."""
    try:
        area = sheet.page_setup.print_area
    except Exception:  # an engine without page set-up
        return False
    first, columns = print_start(area)
    header = kind.header_row if kind is not None else header_row
    if kind is None and not columns:
        return False  # nothing to go by
    if not columns:
        assert kind is not None
        columns = (_extent(sheet.used_range)[3] if kind.call.endswith("PARTICIPANTS(")
                   else width)
    default_first = kind.first_printed if kind is not None else 1
    new = re.sub(r"([A-Z]+)(\d+)", r"$\1$\2",
                 event_print_area(first or default_first, columns, header, rows))
    if str(area or "").rsplit("!", 1)[-1] == new:
        return False
    return _best_effort(lambda: setattr(sheet.page_setup, "print_area", new))


def _unreadable(sheet: Any, participants: int, report: list[str]) -> bool:
    """A function sheet of an engine that cannot read formulas (xlwings Lite): known by its
    name; its arrays are left (said when the used area has fewer participant rows than the
    event), its print area follows the event where the engine has one. True when the print
    area changed."""
    header_row = _SHEET_NAMES.get(sheet.name.casefold())
    if header_row is None:
        return False
    try:
        rows = _extent(sheet.used_range)[2] - header_row
    except Exception:
        return False
    if rows <= 0:
        return False  # nothing below the header: not the templates' arrays
    if participants > rows:
        report.append(not_grown(sheet.name, rows, participants, translate(
            "xlwings Lite cannot change array formulas while a script runs")))
    return _print_xlwings(sheet, None, 0, min(participants, rows), header_row)


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
        if not is_blank(value)
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
    return formula_safe(value, split=False) if isinstance(value, str) else value  # one cell


def _mark_name(sheet: Any) -> Any:
    """The sheet-scoped name :data:`MARK_NAME` of a sheet (its ``name`` reads
    ``Sheet!_xltiebreak_sheet``), None when it has none."""
    for defined in sheet.names:
        if str(defined.name).rsplit("!", 1)[-1] == MARK_NAME:
            return defined
    return None


def _mark_xlwings(sheet: Any, role: str) -> None:
    """Mark the sheet (see :data:`MARK_NAME`), hidden from the Name Manager where the engine
    allows it (classic Excel)."""
    found = _mark_name(sheet)
    if found is None:
        found = sheet.names.add(MARK_NAME, mark_formula(role))
    elif mark_role(found.refers_to) != role:
        found.refers_to = mark_formula(role)
    _best_effort(lambda: setattr(found.api, "Visible", False))


def _render_xlwings(sheet: Any, layout: SheetLayout) -> None:
    cells = [[_xlwings_text(v) for v in row] for row in layout.rectangle()]
    if cells and cells[0]:
        sheet.range((1, 1), (len(cells), len(cells[0]))).value = cells
    for merged in layout.merges:
        _best_effort(lambda ref=merged: sheet.range(ref).merge())
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
    if layout.landscape or layout.footer is not None or layout.paper is not None:
        _best_effort(_page_setup_xlwings, sheet, layout)


_XL_LANDSCAPE = 2
_XL_PAPER = {"A4": 9, "Letter": 1}
"""Excel's XlPaperSize codes."""


def _page_setup_xlwings(sheet: Any, layout: SheetLayout) -> None:
    """Print setup through Excel's object model, as the openpyxl adapter writes it: landscape
    one page wide (``pages_tall`` pages tall, else as many as needed), the print titles,
    centred, its margins; the paper and the footer (8-point type). Classic Excel only: each
    setting is tried on its own, and engines without ``PageSetup`` (xlwings Lite, Excel on
    the Mac through AppleScript) print with their defaults."""
    setup = sheet.api.PageSetup
    for name, value in _page_settings(layout):
        _best_effort(setattr, setup, name, value)


_POINTS = 72
"""Points per inch (Excel's PageSetup margins are in points)."""


def _page_settings(layout: SheetLayout) -> list[tuple[str, object]]:
    """Excel's PageSetup properties and values for a layout's print settings, in the order
    they are set (Zoom off before the fit to pages)."""
    settings: list[tuple[str, object]] = []
    if layout.landscape:
        rows = (layout.print_titles or "1:1").split(":")
        settings += [("Orientation", _XL_LANDSCAPE), ("Zoom", False), ("FitToPagesWide", 1),
                     ("FitToPagesTall", layout.pages_tall or False),
                     ("PrintTitleRows", f"${rows[0]}:${rows[-1]}"),
                     ("CenterHorizontally", True),
                     ("LeftMargin", 0.4 * _POINTS), ("RightMargin", 0.4 * _POINTS),
                     ("TopMargin", 0.5 * _POINTS),
                     ("BottomMargin", 0.75 * _POINTS)]  # room for the footer
    if layout.paper is not None:
        settings.append(("PaperSize", _XL_PAPER[layout.paper]))
    if layout.footer is not None:
        settings.append(("CenterFooter", "&8" + layout.footer))
    return settings


def _style_xlwings(rng: Any, style: Style) -> None:
    if style.bold is not None:
        rng.font.bold = style.bold
    if style.italic is not None:
        rng.font.italic = style.italic
    if style.size is not None:
        _best_effort(lambda: setattr(rng.font, "size", style.size))
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
    row, col = cell_index(top_left)
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
