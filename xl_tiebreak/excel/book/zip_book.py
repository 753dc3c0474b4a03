"""The :class:`~xl_tiebreak.excel.book.interface.Book` adapter over the parts of a workbook zip:
the sheets xl-tiebreak owns are rewritten inside the zip, every other part is copied byte for
byte (its compressed data as it is), so the workbook is never loaded and saved whole.

Reading goes through the same code as :class:`~xl_tiebreak.excel.book.openpyxl_book.OpenpyxlBook`
(it is one, over a light workbook of the stored cells parsed here with defusedxml the way
openpyxl parses them: shared and inline strings, numbers, booleans, errors, dates by their
number format, formulas and the values saved for them), so every read gives the same
:class:`~xl_tiebreak.excel.book.interface.RangeValues`. Writing renders a
:class:`~xl_tiebreak.excel.book.layout.SheetLayout` as sheet XML (text as inline strings, never
a formula), appends the styles it needs to the styles part (existing entries are never
changed or reordered) and edits the workbook part, its relationships, the content types and
the defined names (print titles, print areas, marks: sheet-scoped names follow their sheet
when another is removed) textually, so that what xl-tiebreak does not know is kept.

:func:`open_zip_book` says whether a file can take this route (None: use openpyxl).
"""

from __future__ import annotations

import datetime
import html
import io
import posixpath
import pyexpat
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from typing import Any

from defusedxml import ElementTree as SafeTree
from openpyxl.formula.translate import Translator
from openpyxl.reader.strings import read_string_table
from openpyxl.styles.numbers import BUILTIN_FORMATS
from openpyxl.styles.stylesheet import Stylesheet
from openpyxl.utils.datetime import CALENDAR_MAC_1904, WINDOWS_EPOCH, from_excel, from_ISO8601
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

from xl_tiebreak.excel.book.cells import bounds, cell_index, find_sheet
from xl_tiebreak.excel.book.function_arrays import SheetKind
from xl_tiebreak.excel.book.interface import MARK_NAME, formula_text, mark_role
from xl_tiebreak.excel.book.layout import SheetLayout, Style
from xl_tiebreak.excel.book.openpyxl_arrays import follow_event, grow_arrays
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.book.zip_arrays import CannotHere, grown_part
from xl_tiebreak.util.cells import column_letter
from xl_tiebreak.util.xml_text import escape, quoteattr

__all__ = ["NeedsGrowth", "Unreadable", "ZipBook", "changed_parts", "open_zip_book"]

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
WORKSHEET_TYPE = REL + "/worksheet"
CHARTSHEET_TYPE = REL + "/chartsheet"
WORKSHEET_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_TEMPLATE_CONTENT = {
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml":
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    "application/vnd.ms-excel.template.macroEnabled.main+xml":
        "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
}
"""The main part's content type of a template → that of the workbook it becomes."""

_M = "{" + MAIN + "}"
_A1 = re.compile(r"([A-Z]{1,3})([0-9]+)")


def _column_number(letters: str) -> int:
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch) - 64
    return number


def _position(ref: str) -> tuple[int, int]:
    """(row, column) of an A1 cell name."""
    match = _A1.fullmatch(ref)
    if match is None:
        raise ValueError(ref)
    return int(match.group(2)), _column_number(match.group(1))


def _row_number(text: str) -> int:
    """A row's ``r`` (``3`` or ``3.0``, as openpyxl accepts it)."""
    try:
        return int(text)
    except ValueError:
        number = float(text)
        if not number.is_integer():
            raise
        return int(number)


def _cast_number(text: str) -> int | float:
    """A stored number as openpyxl reads it: a float when it has a point or an exponent."""
    if "." in text or "E" in text or "e" in text:
        return float(text)
    return int(text)


# ====================================================================== the stored cells


class ZipCell:
    """One stored cell: ``value`` and ``data_type`` as openpyxl loads them (a formula is its
    text from ``=``, an :class:`ArrayFormula` on the first cell of an array formula, data type
    ``f``), ``cached`` the value saved for a formula (as openpyxl's ``data_only`` view gives
    it), ``style`` the index of its cell format."""

    __slots__ = ("cached", "column", "data_type", "row", "style", "value")

    def __init__(self, row: int, column: int, value: object = None, data_type: str = "n",
                 cached: object = None, style: int = 0) -> None:
        self.row = row
        self.column = column
        self.value = value
        self.data_type = data_type
        self.cached = cached
        self.style = style

    @property
    def coordinate(self) -> str:
        """The cell's A1 name."""
        return f"{column_letter(self.column)}{self.row}"


class _Context:
    """What reading any sheet needs: the shared strings, the cell formats that show dates
    and durations, and the workbook's date system."""

    def __init__(self, strings: list[str], date_formats: set[int],
                 timedelta_formats: set[int], epoch: datetime.datetime) -> None:
        self.strings = strings
        self.date_formats = date_formats
        self.timedelta_formats = timedelta_formats
        self.epoch = epoch


def _typed(text: str | None, kind: str, style: int, ctx: _Context) -> tuple[object, str]:
    """(value, data type) of a stored ``<v>`` as openpyxl reads it."""
    if text is None:
        return None, kind
    if kind == "n":
        number = _cast_number(text)
        if style in ctx.date_formats:
            try:
                return from_excel(number, ctx.epoch,
                                  timedelta=style in ctx.timedelta_formats), "d"
            except (OverflowError, ValueError):
                return "#VALUE!", "e"
        return number, "n"
    if kind == "s":
        return ctx.strings[int(text)], "s"
    if kind == "b":
        return bool(int(text)), "b"
    if kind == "str":
        return text, "s"
    if kind == "d":
        return from_ISO8601(text), "d"
    return text, kind


def _inline_text(element: Any) -> str:
    """The text of an inline string (``<is>``): its plain text and every run's."""
    parts = []
    plain = element.find(_M + "t")
    if plain is not None and plain.text is not None:
        parts.append(plain.text)
    for run in element.findall(_M + "r"):
        t = run.find(_M + "t")
        if t is not None and t.text is not None:
            parts.append(t.text)
    return "".join(parts)


_PLAIN_PART = re.compile(rb"<!|\r|<[A-Za-z_][\w.-]*:(?:c|row|v|f|is|t|r|rPh|sheetData)[\s/>]")
"""What sends a part to the streaming parser: a DTD, CDATA or comment, a carriage return
(XML normalises it), a cell element with a namespace prefix."""
_ITEM = re.compile(r'<row\b([^>]*?)/?>'
                   r'|<c r="([A-Z]{1,3})([0-9]{1,7})"(?: s="([0-9]+)")?(?: t="([a-zA-Z]+)")?'
                   r"\s*(?:/>|>(.*?)</c>)"
                   r"|<c\b([^>]*?)(?:/>|>(.*?)</c>)", re.S)
"""A row, a cell written the usual way (``r``, then ``s`` and ``t``), or any other cell."""
_PLAIN_INLINE = re.compile(r'<is><t(?: xml:space="preserve")?>([^<]*)</t></is>')
_COLUMNS: dict[str, int] = {}
_ATTR = re.compile(r"([\w:.-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_F = re.compile(r"<f\b([^>]*?)(?:/>|>(.*?)</f>)", re.S)
_V = re.compile(r"<v\b[^>]*?(?:/>|>(.*?)</v>)", re.S)
_IS = re.compile(r"<is\b[^>]*?(?:/>|>(.*?)</is>)", re.S)
_T = re.compile(r"<t\b[^>]*?(?:/>|>(.*?)</t>)", re.S)
_PHONETIC = re.compile(r"<rPh\b.*?</rPh>", re.S)


def _attributes(text: str) -> dict[str, str]:
    return {m.group(1): html.unescape(m.group(2) if m.group(2) is not None else m.group(3))
            for m in _ATTR.finditer(text)}


class _Formula:
    """A ``<f>`` element as :func:`_formula` reads it (attributes and text)."""

    def __init__(self, attrib: dict[str, str], text: str | None) -> None:
        self.attrib = attrib
        self.text = text

    def get(self, key: str) -> str | None:
        return self.attrib.get(key)


def _is_plain(xml: bytes, well_formed: bool = False) -> bool:
    """True for a part that the regular expressions read (:func:`parse_cells`): no DTD,
    CDATA, comment or prefixed cell element in it, and well-formed — checked by expat, which
    raises otherwise, unless ``well_formed`` says it was checked already (the file's check,
    :func:`~xl_tiebreak.excel.files.checks.check_file`, or a part written here)."""
    if _PLAIN_PART.search(xml) is not None or not re.search(
            rb'<worksheet\b[^>]*\sxmlns="' + MAIN.encode() + b'"', xml[:2000]):
        return False
    if not well_formed:
        checker = pyexpat.ParserCreate()
        checker.Parse(xml, True)  # raises for XML that is not well-formed
    return True


def parse_cells(xml: bytes, ctx: _Context, well_formed: bool = False
                ) -> dict[tuple[int, int], ZipCell]:
    """The stored cells of a worksheet part, by (row, column). A part of plain structure is
    read by regular expressions once it is known well-formed (:func:`_is_plain`); any other
    is streamed through defusedxml."""
    if not _is_plain(xml, well_formed):
        return _parse_streamed(xml, ctx)
    return _parse_plain(xml.decode("utf-8"), ctx)


_CELL_START = re.compile(rb"<c\b")
_CELL_REF = re.compile(rb'<c r="([A-Z]{1,3})([0-9]{1,7})"')
_FORMULA_START = re.compile(r"<f[\s/>]")


def _referenced(xml: bytes) -> bool:
    """True when every cell of a part starts with its reference (``<c r="B7"``): each cell
    is then placed without reading the cells before it."""
    return len(_CELL_START.findall(xml)) == xml.count(b'<c r="')


def formula_cells(xml: bytes, ctx: _Context, well_formed: bool = False,
                  plain: bool = False) -> dict[tuple[int, int], ZipCell] | None:
    """The formula cells of a worksheet part, as :func:`parse_cells` reads them, found
    without reading the other cells (the cached values of a function sheet's arrays): each
    ``<f`` inside the sheet data belongs to the cell opened last before it. None when the part
    is not plain or has a cell without its reference (read it whole); ``plain``: known to be
    plain with every cell referenced (a part grown here from one that was)."""
    if not plain and (not _is_plain(xml, well_formed) or not _referenced(xml)):
        return None
    text = xml.decode("utf-8")
    start, end = text.find("<sheetData"), text.rfind("</sheetData>")
    if start < 0 or end < 0:
        return {}
    pieces: list[str] = []
    last = -1
    for match in _FORMULA_START.finditer(text, start, end):
        opened = text.rfind("<c ", start, match.start())
        if opened <= last:  # a second <f> of the cell taken already: never in valid sheets
            continue
        closed = text.find("</c>", match.start(), end)
        if opened < 0 or closed < 0:
            return None
        pieces.append(text[opened:closed + 4])
        last = opened
    # shared formulas are translated from the cell that holds their text, which comes first
    return _parse_plain("<sheetData>" + "".join(pieces) + "</sheetData>", ctx)


def cell_extent(xml: bytes, plain: bool = False) -> tuple[int, int] | None:
    """(last row, last column) of the cells a part stores, from their references alone (1
    for none); None when a cell has no reference (``plain``: known to have none such)."""
    if not plain and not _referenced(xml):
        return None
    refs = _CELL_REF.findall(xml)
    rows = max((int(r) for _, r in refs), default=1)
    columns = max((_column_number(c.decode()) for c in {c for c, _ in refs}), default=1)
    return rows, columns


def _style_index(text: str | None) -> int:
    """The cell format index of a cell's ``s`` attribute (0 when absent or empty)."""
    return int(text) if text else 0


def _place(ref: str | None, row_no: int, col_no: int) -> tuple[int, int]:
    """The (row, column) of a cell, as openpyxl places it: its ``r``, else the cell after
    the previous one (``col_no``) in the current row (``row_no``)."""
    return _position(ref) if ref else (row_no, col_no + 1)


def _parse_plain(text: str, ctx: _Context) -> dict[tuple[int, int], ZipCell]:
    """:func:`parse_cells` of a plain part, by regular expressions."""
    cells: dict[tuple[int, int], ZipCell] = {}
    shared: dict[str, Translator] = {}
    row_no = col_no = 0
    start = text.find("<sheetData")
    end = text.rfind("</sheetData>")
    if start < 0 or end < 0:
        return cells
    unescape = html.unescape
    columns = _COLUMNS
    for match in _ITEM.finditer(text, start, end):
        row_attrs, letters, digits, style_text, kind_text, body, cell_attrs, other = \
            match.groups()
        if row_attrs is not None:
            attrs = _attributes(row_attrs)
            row_no = _row_number(attrs["r"]) if "r" in attrs else row_no + 1
            col_no = 0
            continue
        if letters is not None:  # <c r="B7" s="3" t="s">
            column = columns.get(letters)
            if column is None:
                column = columns[letters] = _column_number(letters)
            row, col_no = int(digits), column
            kind = kind_text or "n"
            style = _style_index(style_text)
            if kind == "inlineStr" and body:
                plain = _PLAIN_INLINE.fullmatch(body)
                if plain is not None:
                    cells[(row, column)] = ZipCell(row, column, unescape(plain.group(1)), "s",
                                                   None, style)
                    continue
            elif body and body.startswith("<v>") and body.endswith("</v>") and \
                    "<" not in body[3:-4]:  # a value alone: <v>1.5</v>
                alone, data_type = _typed(unescape(body[3:-4]) or None, kind, style, ctx)
                cells[(row, column)] = ZipCell(row, column, alone, data_type, None, style)
                continue
        else:
            body = other
            attrs = _attributes(cell_attrs)
            kind = attrs.get("t", "n")
            style = _style_index(attrs.get("s"))
            row, column = _place(attrs.get("r"), row_no, col_no)
            col_no = column
        body = body or ""
        value_text = None
        formula = None
        if body:
            if kind != "inlineStr":
                v = _V.search(body)
                value_text = unescape(v.group(1)) if v is not None and v.group(1) else None
            f = _F.search(body)
            if f is not None:
                inner = f.group(2)
                formula = _Formula(_attributes(f.group(1)),
                                   unescape(inner) if inner else None)
        cached, cached_type = _typed(value_text, kind, style, ctx)
        if kind == "inlineStr":
            inline = _IS.search(body)
            if inline is not None:
                content = _PHONETIC.sub("", inline.group(1) or "")
                cached = "".join(unescape(t.group(1) or "") for t in _T.finditer(content))
                cached_type = "s"
        if formula is not None:
            value: object = _formula(formula, f"{column_letter(column)}{row}", shared)
            cells[(row, column)] = ZipCell(row, column, value, "f", cached, style)
        else:
            cells[(row, column)] = ZipCell(row, column, cached, cached_type, None, style)
    return cells


def _parse_streamed(xml: bytes, ctx: _Context) -> dict[tuple[int, int], ZipCell]:
    """:func:`parse_cells` through defusedxml's streaming parser."""
    cells: dict[tuple[int, int], ZipCell] = {}
    shared: dict[str, Translator] = {}
    row_no = 0
    col_no = 0
    cell_tag, row_tag = _M + "c", _M + "row"
    for event, element in SafeTree.iterparse(io.BytesIO(xml), events=("start", "end")):
        tag = element.tag
        if event == "start":
            if tag == row_tag:  # as openpyxl counts rows: its r, else the next one
                number = element.get("r")
                row_no = _row_number(number) if number is not None else row_no + 1
                col_no = 0
            continue
        if tag == row_tag:
            element.clear()
            continue
        if tag != cell_tag:
            if tag == _M + "sheetData":
                element.clear()
            continue
        kind = element.get("t", "n")
        style = _style_index(element.get("s"))
        row, column = _place(element.get("r"), row_no, col_no)
        col_no = column
        text = None if kind == "inlineStr" else (element.findtext(_M + "v") or None)
        formula = element.find(_M + "f")
        cached, cached_type = _typed(text, kind, style, ctx)
        if kind == "inlineStr":
            inline = element.find(_M + "is")
            if inline is not None:
                cached, cached_type = _inline_text(inline), "s"
        if formula is not None:
            value: object = _formula(formula, f"{column_letter(column)}{row}", shared)
            cell = ZipCell(row, column, value, "f", cached, style)
        else:
            cell = ZipCell(row, column, cached, cached_type, None, style)
        cells[(row, column)] = cell
        element.clear()
    return cells


def layout_cells(layout: SheetLayout) -> dict[tuple[int, int], ZipCell]:
    """The stored cells of a sheet rendered from ``layout`` (:func:`render_sheet`), as
    :func:`parse_cells` would read them back: numbers as the int or float written, texts,
    booleans."""
    cells: dict[tuple[int, int], ZipCell] = {}
    for r, row in enumerate(layout.cells, start=1):
        for c, value in enumerate(row, start=1):
            if value is None:
                continue
            if isinstance(value, bool):
                cells[(r, c)] = ZipCell(r, c, value, "b")
            elif isinstance(value, float) and value.is_integer():
                cells[(r, c)] = ZipCell(r, c, int(value), "n")
            elif isinstance(value, (int, float)):
                cells[(r, c)] = ZipCell(r, c, value, "n")
            else:
                cells[(r, c)] = ZipCell(r, c, value if isinstance(value, str) else str(value),
                                        "s")
    return cells


def _layout_extent(layout: SheetLayout) -> tuple[int, int]:
    """(last row, last column) of the cells :func:`layout_cells` makes (1 for none)."""
    rows = [r for r, row in enumerate(layout.cells, start=1) if any(v is not None for v in row)]
    columns = [max(c for c, v in enumerate(row, start=1) if v is not None)
               for row in layout.cells if any(v is not None for v in row)]
    return max(rows, default=1), max(columns, default=1)


def _formula(formula: Any, ref: str, shared: dict[str, Translator]) -> object:
    """A formula as openpyxl loads it (shared formulas translated to the cell)."""
    value = "=" + (formula.text or "")
    kind = formula.get("t")
    if kind == "array":
        return ArrayFormula(ref=formula.get("ref"), text=value)
    if kind == "shared":
        index = formula.get("si")
        if index in shared:
            return shared[index].translate_formula(ref)
        if value != "=":
            shared[index] = Translator(value, ref)
        return value
    if kind == "dataTable":
        return DataTableFormula(**formula.attrib)
    return value


def _column_of(cell: ZipCell) -> int:
    return cell.column


class ZipSheet:
    """A worksheet of a :class:`ZipBook`, with the few openpyxl worksheet attributes the readers
    and the formula values use (``title``, ``_cells``, ``iter_rows``, ``cell``, ``max_row``,
    ``max_column``, ``print_area``). Its cells are parsed when first used."""

    def __init__(self, book: ZipBook, title: str, part: str,
                 layout: SheetLayout | None = None) -> None:
        self.book = book
        self.title = title
        self.part = part
        self._parsed: dict[tuple[int, int], ZipCell] | None = None
        self._formulas: dict[tuple[int, int], ZipCell] | None = None
        """The formula cells found without reading the others (None: not looked for, or
        the part must be read whole)."""
        self._references: tuple[int, int] | None = None
        """The extent found from the cell references alone."""
        self._plain = False
        """Whether the part is known to be plain with every cell referenced."""
        self._layout = layout
        """The layout a sheet written here renders (its cells are those values)."""

    @property
    def _cells(self) -> dict[tuple[int, int], ZipCell]:
        if self._parsed is None:
            if self._layout is not None:
                self._parsed = layout_cells(self._layout)
            else:
                try:
                    self._parsed = parse_cells(self.book.part(self.part), self.book.context,
                                               self.book.well_formed(self.part))
                except Exception as exc:  # damaged: the openpyxl route names the damage
                    raise Unreadable(self.part) from exc
        return self._parsed

    def forget(self, plain: bool = False) -> None:
        """Forget what was read of the part (it was replaced); ``plain``: the new part is
        plain with every cell referenced, as the one it replaces (grown here from it)."""
        self._parsed = self._formulas = self._references = None
        self._plain = plain

    def formula_cells(self) -> dict[tuple[int, int], ZipCell]:
        """The stored cells that hold a formula, by (row, column): on a sheet not read yet,
        found without reading its other cells (:func:`formula_cells`)."""
        if self._layout is not None and self._parsed is None:
            return {}  # a sheet rendered here holds values only, never a formula
        if self._parsed is None:
            if self._formulas is None:
                try:
                    self._formulas = formula_cells(self.book.part(self.part), self.book.context,
                                                   self.book.well_formed(self.part), self._plain)
                except Exception as exc:  # damaged: the openpyxl route names the damage
                    raise Unreadable(self.part) from exc
            if self._formulas is not None:
                return self._formulas
        return {key: cell for key, cell in self._cells.items() if cell.data_type == "f"}

    def extent(self) -> tuple[int, int]:
        """(last row, last column) of the stored cells (1 for none), from the cell
        references alone while the sheet has not been read."""
        if self._parsed is None and self._layout is not None:
            return _layout_extent(self._layout)
        if self._parsed is None:
            if self._references is None:  # formula cells found alone: every cell referenced
                self._references = cell_extent(self.book.part(self.part),
                                               self._plain or self._formulas is not None)
            if self._references is not None:
                return self._references
        cells = self._cells
        return (max((r for r, _ in cells), default=1), max((c for _, c in cells), default=1))

    def iter_rows(self) -> Iterator[list[ZipCell]]:
        """The stored cells, row by row (only the cells the part stores)."""
        rows: dict[int, list[ZipCell]] = {}
        for (r, _c), cell in self._cells.items():  # in the part's order: by row, by column
            rows.setdefault(r, []).append(cell)
        for r in sorted(rows):
            row = rows[r]
            row.sort(key=_column_of)  # already in order but for cells made since
            yield row

    def cell(self, row: int, column: int) -> ZipCell:
        """The stored cell at (row, column), made empty when the part has none."""
        found = self._cells.get((row, column))
        if found is None:
            found = self._cells[(row, column)] = ZipCell(row, column)
        return found

    @property
    def max_row(self) -> int:
        return self.extent()[0]

    @property
    def max_column(self) -> int:
        return self.extent()[1]

    @property
    def print_area(self) -> str | None:
        """The sheet's print area as its defined name holds it, None without one."""
        name = self.book.local_name(self.title, "_xlnm.Print_Area")
        return None if name is None else name.text

    @print_area.setter
    def print_area(self, value: str) -> None:
        """Set the print area to a range of this sheet (``A3:AC204``)."""
        r1, c1, r2, c2 = bounds(value.replace("$", ""))
        ref = f"${column_letter(c1)}${r1}:${column_letter(c2)}${r2}"
        self.book.set_local_name(self.title, "_xlnm.Print_Area", f"{_quote(self.title)}!{ref}")


class ZipChartSheet:
    """A chart sheet of a :class:`ZipBook` (no cells: readers refuse it)."""

    def __init__(self, title: str) -> None:
        self.title = title


class _Values:
    """The values saved for formulas, as openpyxl's ``data_only`` view lets the readers ask
    for them."""

    def __init__(self, book: ZipBook) -> None:
        self.book = book

    @property
    def sheetnames(self) -> list[str]:
        return [entry.title for entry in self.book.entries]

    def __getitem__(self, title: str) -> _ValuesSheet:
        return _ValuesSheet(self.book.workbook[title])


class _ValuesSheet:
    def __init__(self, sheet: ZipSheet) -> None:
        self.sheet = sheet

    def iter_rows(self, min_row: int, max_row: int, min_col: int, max_col: int,
                  values_only: bool = True) -> Iterator[tuple[object, ...]]:
        cells = self.sheet._cells
        for r in range(min_row, max_row + 1):
            row = []
            for c in range(min_col, max_col + 1):
                cell = cells.get((r, c))
                row.append(None if cell is None else
                           cell.cached if cell.data_type == "f" else cell.value)
            yield tuple(row)


class ZipWorkbook:
    """The openpyxl workbook attributes the readers use, over a :class:`ZipBook`:
    ``sheetnames``, ``worksheets``, ``wb[title]`` and the workbook-level ``defined_names``."""

    def __init__(self, book: ZipBook) -> None:
        self.book = book

    @property
    def sheetnames(self) -> list[str]:
        return [entry.title for entry in self.book.entries]

    @property
    def worksheets(self) -> list[ZipSheet]:
        return [e.sheet for e in self.book.entries if isinstance(e.sheet, ZipSheet)]

    def __getitem__(self, title: str) -> ZipSheet | ZipChartSheet:
        for entry in self.book.entries:
            if entry.title == title:
                return entry.sheet
        raise KeyError(title)

    @property
    def defined_names(self) -> dict[str, DefinedName]:
        return {n.name: DefinedName(n.name, attr_text=n.text)
                for n in self.book.names if n.sheet is None}


# ====================================================================== the workbook's parts


class _Entry:
    """A sheet of the workbook: its title, the ``<sheet>`` element as written (kept for the
    sheets not rewritten), its relationship, part and kind."""

    def __init__(self, title: str, xml: str | None, rid: str, part: str,
                 sheet: ZipSheet | ZipChartSheet, sheet_id: int) -> None:
        self.title = title
        self.xml = xml
        self.rid = rid
        self.part = part
        self.sheet = sheet
        self.sheet_id = sheet_id


class _Name:
    """A defined name: its name, the sheet entry it belongs to (None: the workbook), its
    formula text, and its element as written (None for a name made here)."""

    def __init__(self, name: str, sheet: _Entry | None, text: str, xml: str | None,
                 hidden: bool = False) -> None:
        self.name = name
        self.sheet = sheet
        self.text = text
        self.xml = xml
        self.hidden = hidden


_IN_TAG = r"""(?:[^>"']|"[^"]*"|'[^']*')*?"""
"""The inside of a start tag: attribute values may hold ``>`` (a sheet named ``R>5``)."""
_DEFINED_NAME = re.compile(rf"<definedName\b{_IN_TAG}(?:/>|>.*?</definedName>)", re.S)
_DEFINED_NAMES = re.compile(rf"<definedNames\b{_IN_TAG}(?:/>|>.*?</definedNames>)", re.S)
_SHEETS = re.compile(rf"<sheets\b{_IN_TAG}>.*?</sheets>", re.S)
_SHEET = re.compile(rf"<sheet\b{_IN_TAG}/>|<sheet\b{_IN_TAG}>.*?</sheet>", re.S)
_START = {tag: re.compile(rf"<{tag}\b{_IN_TAG}/?>") for tag in ("sheet", "sheets",
                                                                   "definedName")}
"""The start tag of an element."""
_CALC_PR = re.compile(rf"<calcPr\b{_IN_TAG}/?>")
"""The start tag of ``<calcPr>`` (its attributes are what is edited)."""
_WORKBOOK_VIEW = re.compile(rf"<workbookView\b{_IN_TAG}/?>")
_RELATIONSHIP = re.compile(r"<Relationship\b[^>]*?/>|<Relationship\b[^>]*>.*?</Relationship>",
                           re.S)
_SHEET_VIEW = re.compile(r"<sheetView\b[^>]*?>")


def _attr(xml: str, name: str) -> str | None:
    """The value of attribute ``name`` in an element's start tag (unescaped)."""
    match = re.search(r"\s" + re.escape(name) + r"\s*=\s*(\"[^\"]*\"|'[^']*')", xml)
    if match is None:
        return None
    return html.unescape(match.group(1)[1:-1])


def _set_attr(tag: str, name: str, value: str | None) -> str:
    """A start tag with attribute ``name`` set to ``value`` (removed when None)."""
    pattern = re.compile(r"\s" + re.escape(name) + r"\s*=\s*(\"[^\"]*\"|'[^']*')")
    tag = pattern.sub("", tag)
    if value is None:
        return tag
    end = -2 if tag.endswith("/>") else -1
    return f"{tag[:end]} {name}={quoteattr(value)}{tag[end:]}"


def _quote(title: str) -> str:
    """A sheet title as a formula names it: ``'It''s'``."""
    return "'" + title.replace("'", "''") + "'"


class Unsupported(Exception):
    """The file is not one the zip route handles (the openpyxl route is taken instead)."""


class NeedsGrowth(Exception):
    """A function sheet's arrays are shorter than the event: the openpyxl route grows them."""


class Unreadable(Exception):
    """A sheet part the zip route cannot read (damaged XML, a bad cell reference…): the
    openpyxl route reads the file again and names the damage as it always has."""


class ZipBook(OpenpyxlBook):
    """A :class:`Book` over the parts of a workbook zip (``data``: the file's bytes).

    Reads are those of :class:`OpenpyxlBook` over the stored cells; :meth:`write_sheet`,
    :meth:`remove_sheet` and :meth:`activate` edit the parts, and :meth:`save` writes the zip
    with every part it did not change copied as it was. Raises :class:`Unsupported` for a
    file it does not handle (a main part in another namespace or with prefixes, Zip64…)."""

    def __init__(self, data: bytes, checked: bool = False) -> None:
        self.data = data
        self.checked = checked
        """Whether every part of ``data`` was found well-formed XML without a DTD already
        (:func:`~xl_tiebreak.excel.files.checks.check_file` on these very bytes)."""
        self.archive = zipfile.ZipFile(io.BytesIO(data))
        self.infos = {info.filename: info for info in self.archive.infolist()}
        if any(i.file_size >= 0xFFFFFFFF or i.compress_size >= 0xFFFFFFFF
               or i.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
               for i in self.infos.values()):
            raise Unsupported("zip64 or a compression other than deflate")
        self.changed: dict[str, bytes] = {}
        self.removed: set[str] = set()
        self.touched: set[str] = set()
        """Parts of the user's sheets edited in place (a sheet view's selection)."""
        self.removed_rids: set[str] = set()
        self._check_content_types()
        self.workbook_part = self._main_part()
        self._read_workbook()
        super().__init__(ZipWorkbook(self), _Values(self))
        self.workbook = ZipWorkbook(self)

    # -------------------------------------------------------------- reading the parts

    def well_formed(self, name: str) -> bool:
        """Whether the part is known to be well-formed XML: checked with the file, or written
        here (a grown function sheet, a rendered sheet)."""
        return self.checked or name in self.changed

    def part(self, name: str) -> bytes:
        """The current bytes of a part."""
        if name in self.changed:
            return self.changed[name]
        return self.archive.read(name)

    def _text(self, name: str) -> str:
        return self.part(name).decode("utf-8")

    def _check_content_types(self) -> None:
        """Every part the content types name is there (else openpyxl's route names what is
        missing; the zip route never writes a workbook the tool could not read again)."""
        types = self._text("[Content_Types].xml")
        for tag in re.findall(r"<Override\b[^>]*?/>", types):
            part = (_attr(tag, "PartName") or "").lstrip("/")
            if part not in self.infos:
                raise Unsupported(f"the content types name the missing part {part}")

    def _main_part(self) -> str:
        rels = self._text("_rels/.rels")
        for rel in _RELATIONSHIP.findall(rels):
            if (_attr(rel, "Type") or "").endswith("/officeDocument"):
                target = (_attr(rel, "Target") or "").lstrip("/")
                if target in self.infos:
                    return target
        raise Unsupported("no main workbook part")

    def _rels_part(self, part: str) -> str:
        folder, name = posixpath.split(part)
        return posixpath.join(folder, "_rels", name + ".rels")

    def _target(self, base: str, target: str) -> str:
        if target.startswith("/"):
            return target.lstrip("/")
        return posixpath.normpath(posixpath.join(posixpath.dirname(base), target))

    def _read_workbook(self) -> None:
        xml = self._text(self.workbook_part)
        root = SafeTree.fromstring(xml.encode("utf-8"))
        if root.tag != _M + "workbook" or not re.search(r"<workbook[\s>]", xml):
            raise Unsupported("the workbook part is not SpreadsheetML with its default namespace")
        rels_part = self._rels_part(self.workbook_part)
        rels_xml = self._text(rels_part)
        if "<Relationship " not in rels_xml and "<Relationship>" not in rels_xml and \
                re.search(r"<\w+:Relationship\b", rels_xml):
            raise Unsupported("relationships with a namespace prefix")
        self.rels_part = rels_part
        rels = {}
        for rel in _RELATIONSHIP.findall(rels_xml):
            rels[_attr(rel, "Id")] = (_attr(rel, "Type") or "", _attr(rel, "Target") or "")
        self.rel_ids = set(rels)
        sheets_block = _SHEETS.search(xml)
        if sheets_block is None:
            raise Unsupported("no sheets")
        self.entries: list[_Entry] = []
        for raw in _SHEET.findall(sheets_block.group(0)):
            title = _attr(raw, "name") or ""
            rid = next((v for k, v in re.findall(r"\s([\w.-]+:id)\s*=\s*\"([^\"]*)\"", raw)),
                       "")
            kind, target = rels.get(rid, ("", ""))
            part = self._target(self.workbook_part, target)
            sheet: ZipSheet | ZipChartSheet
            if kind == WORKSHEET_TYPE and part in self.infos:
                sheet = ZipSheet(self, title, part)
            elif kind == CHARTSHEET_TYPE:
                sheet = ZipChartSheet(title)
            else:
                raise Unsupported(f"sheet {title!r} of an unknown kind")
            self.entries.append(_Entry(title, raw, rid, part, sheet,
                                       int(_attr(raw, "sheetId") or 0)))
        self.names: list[_Name] = []
        block = _DEFINED_NAMES.search(xml)
        for raw in _DEFINED_NAME.findall(block.group(0) if block else ""):
            local = _attr(raw, "localSheetId")
            entry = None
            if local is not None:
                index = int(local)
                entry = self.entries[index] if 0 <= index < len(self.entries) else None
                if entry is None:
                    continue  # a name of a sheet that is not there: Excel drops it too
            head = _START["definedName"].match(raw)
            body = raw[head.end():] if head is not None else ""
            text = "" if raw.endswith("/>") else body[:-len("</definedName>")]
            text = html.unescape(text)
            self.names.append(_Name(_attr(raw, "name") or "", entry, text, raw,
                                    _attr(raw, "hidden") in ("1", "true")))
        view = _WORKBOOK_VIEW.search(xml)
        active = int(_attr(view.group(0), "activeTab") or 0) if view else 0
        self.active: _Entry | None = (self.entries[active] if 0 <= active < len(self.entries)
                                      else None)
        workbook_pr = re.search(r"<workbookPr\b[^>]*>", xml)
        date1904 = workbook_pr is not None and _attr(workbook_pr.group(0), "date1904") in (
            "1", "true")
        strings: list[str] = []
        styles_part = None
        for kind, target in rels.values():
            path = self._target(self.workbook_part, target)
            if kind.endswith("/sharedStrings") and path in self.infos:
                strings = read_string_table(io.BytesIO(self.part(path)))
            elif kind.endswith("/styles") and path in self.infos:
                styles_part = path
        self.styles_part = styles_part
        date_formats: set[int] = set()
        timedelta_formats: set[int] = set()
        if styles_part is not None:
            try:
                sheet_styles = Stylesheet.from_tree(SafeTree.fromstring(self.part(styles_part)))
            except Exception as exc:  # damaged: the openpyxl route names the damage
                raise Unsupported("the styles part cannot be read") from exc
            date_formats = set(sheet_styles.date_formats)
            timedelta_formats = set(sheet_styles.timedelta_formats)
        self.context = _Context(strings, date_formats, timedelta_formats,
                                CALENDAR_MAC_1904 if date1904 else WINDOWS_EPOCH)
        self.calc_full: bool | None = None
        self.calc_id: int | None = None
        self._styles: _StyleTable | None = None

    # -------------------------------------------------------------- names

    def _entry(self, title: str) -> _Entry | None:
        found = find_sheet([e.title for e in self.entries], title)
        return next((e for e in self.entries if e.title == found), None)

    def local_name(self, title: str, name: str) -> _Name | None:
        """The defined name ``name`` scoped to sheet ``title``, None when it has none."""
        entry = self._entry(title)
        return next((n for n in self.names if n.sheet is entry and entry is not None
                     and n.name.casefold() == name.casefold()), None)

    def set_local_name(self, title: str, name: str, text: str, hidden: bool = False) -> None:
        """Define (or redefine) the name ``name`` scoped to sheet ``title`` as ``text``."""
        entry = self._entry(title)
        if entry is None:
            raise KeyError(title)
        self.names = [n for n in self.names
                      if not (n.sheet is entry and n.name.casefold() == name.casefold())]
        self.names.append(_Name(name, entry, text, None, hidden))

    def sheet_mark(self, name: str) -> str | None:
        entry = self._entry(name)
        if entry is None or not isinstance(entry.sheet, ZipSheet):
            return None
        mark = self.local_name(entry.title, MARK_NAME)
        return None if mark is None else mark_role(mark.text)

    # -------------------------------------------------------------- writing

    def _new_part(self) -> str:
        taken = {p.casefold() for p in self.infos} | {p.casefold() for p in self.changed}
        number = len(self.entries) + 1
        while f"xl/worksheets/sheet{number}.xml" in taken:
            number += 1
        return f"xl/worksheets/sheet{number}.xml"

    def _new_rid(self) -> str:
        number = len(self.rel_ids) + 1
        while f"rId{number}" in self.rel_ids:
            number += 1
        self.rel_ids.add(f"rId{number}")
        return f"rId{number}"

    def write_sheet(self, layout: SheetLayout, after: str | None = None) -> None:
        existing = self._entry(layout.name)
        if existing is not None:
            title = existing.title
            self._drop_sheet_parts(existing)
            head = None if existing.xml is None else _START["sheet"].match(existing.xml)
            shown = None if head is None else _set_attr(
                re.sub(r"\s*/?>$", "/>", head.group(0)), "state", None)
            entry = _Entry(title, shown, existing.rid, existing.part,
                           ZipSheet(self, title, existing.part, layout), existing.sheet_id)
            index = self.entries.index(existing)
            self.entries[index] = entry
            for n in self.names:
                if n.sheet is existing:
                    n.sheet = entry
            self.names = [n for n in self.names if n.sheet is not entry]
            if self.active is existing:
                self.active = entry
        else:
            anchor = self._entry(after) if after else None
            index = self.entries.index(anchor) + 1 if anchor else len(self.entries)
            part = self._new_part()
            entry = _Entry(layout.name, None, self._new_rid(), part,
                           ZipSheet(self, layout.name, part, layout),
                           max((e.sheet_id for e in self.entries), default=0) + 1)
            self.entries.insert(index, entry)
        self._forget(entry.title)
        styles = self._style_table()
        self.changed[entry.part] = render_sheet(layout, styles).encode("utf-8")
        self.removed.discard(entry.part)
        if layout.landscape:
            rows = (layout.print_titles or "1:1").replace("$", "")
            first, last = rows.split(":")
            self.set_local_name(entry.title, "_xlnm.Print_Titles",
                                f"{_quote(entry.title)}!${first}:${last}")
        if layout.mark is not None:
            self.set_local_name(entry.title, MARK_NAME, f'"{layout.mark}"', hidden=True)

    def _drop_sheet_parts(self, entry: _Entry) -> None:
        """Forget what only the old sheet referred to: its relationships part and the parts
        (printer settings, drawings, comments of the old xl-tiebreak sheet) nothing else
        refers to."""
        rels = self._rels_part(entry.part)
        if rels not in self.infos or rels in self.removed:
            return
        targets = [self._target(entry.part, _attr(r, "Target") or "")
                   for r in _RELATIONSHIP.findall(self._text(rels))
                   if _attr(r, "TargetMode") != "External"]
        self.removed.add(rels)
        still = self._referenced(skip=rels)
        for target in targets:
            if target in self.infos and target not in still:
                self.removed.add(target)

    def _referenced(self, skip: str) -> set[str]:
        """Every part some relationships part (but ``skip`` and removed ones) refers to."""
        found = set()
        for name in self.infos:
            if not name.endswith(".rels") or name == skip or name in self.removed:
                continue
            base = name.replace("_rels/", "")[:-len(".rels")]
            for rel in _RELATIONSHIP.findall(self._text(name)):
                if _attr(rel, "TargetMode") != "External":
                    found.add(self._target(base, _attr(rel, "Target") or ""))
        return found

    def remove_sheet(self, name: str) -> None:
        entry = self._entry(name)
        if entry is None:
            return
        self._forget(entry.title)
        self._drop_sheet_parts(entry)
        self.entries.remove(entry)
        self.names = [n for n in self.names if n.sheet is not entry]
        if entry.part in self.infos:
            self.removed.add(entry.part)
        self.changed.pop(entry.part, None)
        if entry.xml is not None:  # a sheet of the file: its relationship goes
            self.removed_rids.add(entry.rid)
        if self.active is entry:
            self.active = None

    def activate(self, name: str) -> None:
        entry = self._entry(name)
        if entry is not None:
            self.active = entry

    def fit_function_sheets(self, participants: int) -> list[str]:
        """Grow the arrays of every Functions and Formula standings sheet that has fewer
        participant rows than the event, inside the zip
        (:func:`~xl_tiebreak.excel.book.zip_arrays.grown_part`, decision D-O4), and end
        their print areas at its last participant
        (:func:`~xl_tiebreak.excel.book.openpyxl_arrays.follow_event`); :attr:`fit_report`
        says what was done. Returns the titles of the sheets changed. Raises
        :class:`NeedsGrowth` for a sheet whose part this growth does not edit: the openpyxl
        route writes the workbook then."""
        grown, self.fit_report = self._grow_arrays(participants)
        before = {ws.title: ws.print_area for ws in self.workbook.worksheets}
        followed = follow_event(self.workbook, participants)
        return [ws.title for ws in self.workbook.worksheets if ws.title in grown or (
            ws.title in followed and ws.print_area != before[ws.title])]

    def cell_formula(self, sheet: str, ref: str) -> str | None:
        entry = self._entry(sheet)
        if entry is None or not isinstance(entry.sheet, ZipSheet):
            return None
        found = entry.sheet.formula_cells().get(cell_index(ref))
        return "" if found is None else formula_text(found.value)

    def _grow_arrays(self, participants: int) -> tuple[list[str], list[str]]:
        """:func:`~xl_tiebreak.excel.book.openpyxl_arrays.grow_arrays` inside the zip."""
        return grow_arrays(self.workbook, participants, self._grow_sheet)

    def _grow_sheet(self, sheet: Any, kind: SheetKind, first: int, last: int,
                    new_last: int) -> str | None:
        """Grow one sheet's arrays in its part (:data:`~xl_tiebreak.excel.book.
        openpyxl_arrays.GrowSheet`). Raises :class:`NeedsGrowth` where the part is not one
        this growth edits."""
        assert isinstance(sheet, ZipSheet)
        try:
            xml, why = grown_part(self._text(sheet.part), sheet._cells, kind, first, last,
                                  new_last)
        except CannotHere as exc:
            raise NeedsGrowth(sheet.title) from exc
        if xml is None:
            return why
        self.replace_part(sheet.part, xml.encode("utf-8"))
        sheet.forget(plain=sheet._formulas is not None)  # as the part it was grown from
        return None

    def set_calculation(self, full_on_load: bool, calc_id: int | None = None) -> None:
        """Ask (or not) for a full recalculation when the workbook is opened, and record the
        calculation engine the cached values are from."""
        self.calc_full = full_on_load
        self.calc_id = calc_id

    def _style_table(self) -> _StyleTable:
        if self._styles is None:
            if self.styles_part is None:
                raise Unsupported("no styles part")
            self._styles = _StyleTable(self._text(self.styles_part))
        return self._styles

    def replace_part(self, part: str, content: bytes) -> None:
        """Replace a sheet's part (the cached values of a function sheet)."""
        self.changed[part] = content

    def sheet_part(self, title: str) -> str | None:
        """The part of a worksheet (None: no such worksheet)."""
        entry = self._entry(title)
        return entry.part if entry is not None and isinstance(entry.sheet, ZipSheet) else None

    # -------------------------------------------------------------- saving

    def _workbook_xml(self) -> str:
        xml = self._text(self.workbook_part)
        sheets = []
        for entry in self.entries:
            if entry.xml is not None:
                sheets.append(entry.xml)
            else:  # its own declaration of the prefix: the file's may be on a sibling only
                sheets.append(f'<sheet xmlns:r="{REL}" name={quoteattr(entry.title)} '
                              f'sheetId="{entry.sheet_id}" r:id="{entry.rid}"/>')
        block = _SHEETS.search(xml)
        assert block is not None
        start = _START["sheets"].match(block.group(0))
        assert start is not None
        xml = xml[:block.start()] + start.group(0) + "".join(sheets) + "</sheets>" + \
            xml[block.end():]
        names = []
        for n in self.names:
            local = None if n.sheet is None else str(self.entries.index(n.sheet))
            if n.xml is not None:
                start_tag = _START["definedName"].match(n.xml)
                assert start_tag is not None
                names.append(_set_attr(start_tag.group(0), "localSheetId", local)
                             + n.xml[start_tag.end():])
            else:
                attrs = f" name={quoteattr(n.name)}"
                if local is not None:
                    attrs += f' localSheetId="{local}"'
                if n.hidden:
                    attrs += ' hidden="1"'
                names.append(f"<definedName{attrs}>{escape(n.text)}</definedName>")
        defined = "<definedNames>" + "".join(names) + "</definedNames>" if names else ""
        found = _DEFINED_NAMES.search(xml)
        if found is not None:
            xml = xml[:found.start()] + defined + xml[found.end():]
        elif defined:  # after the sheets, function groups and external references
            xml = _insert_before(xml, ("calcPr", *_AFTER_CALC), defined)
        view = _WORKBOOK_VIEW.search(xml)
        if view is not None:
            active = self.entries.index(self.active) if self.active in self.entries else 0
            tag = _set_attr(view.group(0), "activeTab", str(active) if active else None)
            first = int(_attr(tag, "firstSheet") or 0)
            if first > active or first >= len(self.entries):
                tag = _set_attr(tag, "firstSheet", None)
            xml = xml[:view.start()] + tag + xml[view.end():]
        if self.calc_full is not None:
            calc = _CALC_PR.search(xml)
            tag = calc.group(0) if calc is not None else "<calcPr/>"
            full = "1" if self.calc_full else "0" if "fullCalcOnLoad" in tag else None
            tag = _set_attr(tag, "fullCalcOnLoad", full)
            if self.calc_id is not None:
                tag = _set_attr(tag, "calcId", str(self.calc_id))
            if calc is not None:
                xml = xml[:calc.start()] + tag + xml[calc.end():]
            else:
                xml = _insert_calc(xml, tag)
        return xml

    def _rels_xml(self) -> str:
        xml = self._text(self.rels_part)
        keep = []
        for rel in _RELATIONSHIP.findall(xml):
            if _attr(rel, "Id") in self.removed_rids:
                continue
            if (_attr(rel, "Type") or "").endswith("/calcChain"):
                continue
            keep.append(rel)
        for entry in self.entries:
            if entry.xml is None:
                target = posixpath.relpath(entry.part, posixpath.dirname(self.workbook_part))
                keep.append(f'<Relationship Id="{entry.rid}" Type="{WORKSHEET_TYPE}" '
                            f'Target="{target}"/>')
        start = xml.index("<Relationships")
        head_end = xml.index(">", start) + 1
        return xml[:head_end] + "".join(keep) + "</Relationships>"

    def _content_types(self, removed: set[str], added: Sequence[str]) -> str:
        xml = self._text("[Content_Types].xml")

        def override(match: re.Match[str]) -> str:
            tag = match.group(0)
            part = (_attr(tag, "PartName") or "").lstrip("/")
            if part in removed:
                return ""
            kind = _attr(tag, "ContentType") or ""
            if part == self.workbook_part and kind in _TEMPLATE_CONTENT:
                return _set_attr(tag, "ContentType", _TEMPLATE_CONTENT[kind])
            return tag

        xml = re.sub(r"<Override\b[^>]*?/>", override, xml)
        extra = "".join(f'<Override PartName="/{part}" ContentType="{WORKSHEET_CONTENT}"/>'
                        for part in added)
        end = xml.rindex("</Types>")
        return xml[:end] + extra + xml[end:]

    def _app_xml(self, xml: str) -> str:
        """docProps/app.xml without the sheet titles when the sheets changed (the spreadsheet
        writes them again on its next save; openpyxl's route writes none either)."""
        xml = re.sub(r"<HeadingPairs\b.*?</HeadingPairs>", "", xml, flags=re.S)
        return re.sub(r"<TitlesOfParts\b.*?</TitlesOfParts>", "", xml, flags=re.S)

    def owned_parts(self) -> set[str]:
        """The parts :meth:`save` writes anew or leaves out; every other part is copied as it
        was."""
        return self._plan()[0]

    def _plan(self) -> tuple[set[str], dict[str, bytes]]:
        out: dict[str, bytes] = {}
        removed = set(self.removed)
        for name in self.infos:  # Excel rebuilds its calculation chain (openpyxl drops it)
            if name.endswith("calcChain.xml"):
                removed.add(name)
        added = [e.part for e in self.entries if e.xml is None]
        out[self.workbook_part] = self._workbook_xml().encode("utf-8")
        out[self.rels_part] = self._rels_xml().encode("utf-8")
        out["[Content_Types].xml"] = self._content_types(removed, added).encode("utf-8")
        if "docProps/app.xml" in self.infos and (self.removed or added):
            out["docProps/app.xml"] = self._app_xml(self._text("docProps/app.xml")).encode(
                "utf-8")
        if self._styles is not None and self._styles.grew:
            assert self.styles_part is not None
            out[self.styles_part] = self._styles.xml().encode("utf-8")
        for name, content in self.changed.items():
            if name not in removed:
                out[name] = content
        for entry in self.entries:  # one selected tab: the active sheet
            if not isinstance(entry.sheet, ZipSheet) or entry is self.active:
                continue
            xml = out.get(entry.part)
            text = xml.decode("utf-8") if xml is not None else None
            if text is None:
                raw = self.archive.read(entry.part)
                if b"tabSelected" not in raw:
                    continue
                text = raw.decode("utf-8")
            fixed = _unselect(text)
            if fixed != text:
                out[entry.part] = fixed.encode("utf-8")
                if xml is None:
                    self.touched.add(entry.part)
        if isinstance(self.active, _Entry) and self.active.part in out:
            out[self.active.part] = _select(out[self.active.part].decode("utf-8")).encode(
                "utf-8")
        elif isinstance(self.active, _Entry) and isinstance(self.active.sheet, ZipSheet):
            shown = self.archive.read(self.active.part).decode("utf-8")
            selected = _select(shown)
            if selected != shown:
                out[self.active.part] = selected.encode("utf-8")
                self.touched.add(self.active.part)
        return removed | set(out), out

    def save(self) -> bytes:
        """The workbook file: the parts written here, every other one copied as it was (its
        compressed bytes), in the original order, new parts at the end."""
        owned, out = self._plan()
        removed = owned - set(out)
        writer = _ZipWriter()
        for name, info in self.infos.items():
            if name in removed:
                continue
            if name in out:
                writer.add(name, out.pop(name), info)
            else:
                writer.copy(self.data, info)
        for name, content in out.items():
            writer.add(name, content, None)
        return writer.finish()


_AFTER_CALC = ("oleSize", "customWorkbookViews", "pivotCaches", "smartTagPr", "smartTagTypes",
               "webPublishing", "fileRecoveryPr", "webPublishObjects", "extLst")
"""What follows ``<calcPr>`` in a workbook part, in the schema's order."""


def _insert_before(xml: str, tags: Sequence[str], item: str) -> str:
    """``xml`` with ``item`` inserted before the first of the elements ``tags`` it holds (at
    the end of the workbook when it holds none), where the schema's order puts it."""
    found = [m.start() for tag in tags
             if (m := re.search(rf"<{tag}[\s/>]", xml)) is not None]
    at = min(found) if found else xml.rindex("</workbook>")
    return xml[:at] + item + xml[at:]


def _insert_calc(xml: str, tag: str) -> str:
    """Insert ``<calcPr>`` where the schema puts it (after the defined names, before
    :data:`_AFTER_CALC`)."""
    return _insert_before(xml, _AFTER_CALC, tag)


def _unselect(xml: str) -> str:
    """A sheet part whose sheet view is not selected (one tab is, the active one)."""
    match = _SHEET_VIEW.search(xml)
    if match is None or _attr(match.group(0), "tabSelected") not in ("1", "true"):
        return xml
    tag = _set_attr(match.group(0), "tabSelected", "0")
    return xml[:match.start()] + tag + xml[match.end():]


def _select(xml: str) -> str:
    """A sheet part whose sheet view is the selected tab."""
    match = _SHEET_VIEW.search(xml)
    if match is None:
        return xml
    tag = _set_attr(match.group(0), "tabSelected", "1")
    return xml[:match.start()] + tag + xml[match.end():]


# ====================================================================== the zip itself


class _ZipWriter:
    """A zip file written part by part: copied parts keep their compressed bytes."""

    def __init__(self) -> None:
        self.buffer = io.BytesIO()
        self.central: list[bytes] = []

    def _header(self, name: bytes, method: int, dostime: tuple[int, int], crc: int,
                csize: int, usize: int, flags: int) -> tuple[bytes, bytes]:
        offset = self.buffer.tell()
        local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, flags, method, dostime[0],
                            dostime[1], crc, csize, usize, len(name), 0) + name
        central = struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, flags, method, dostime[0],
                              dostime[1], crc, csize, usize, len(name), 0, 0, 0, 0, 0,
                              offset) + name
        return local, central

    @staticmethod
    def _dostime(info: zipfile.ZipInfo | None) -> tuple[int, int]:
        y, mo, d, h, mi, s = info.date_time if info is not None else (1980, 1, 1, 0, 0, 0)
        return ((h << 11) | (mi << 5) | (s // 2), ((max(y, 1980) - 1980) << 9) | (mo << 5) | d)

    def copy(self, data: bytes, info: zipfile.ZipInfo) -> None:
        """Copy a part's compressed bytes from the original file ``data``."""
        start = info.header_offset
        name_len, extra_len = struct.unpack("<2H", data[start + 26:start + 30])
        begin = start + 30 + name_len + extra_len
        raw = data[begin:begin + info.compress_size]
        flags = info.flag_bits & 0x0800  # keep only the UTF-8 name flag
        name = info.filename.encode("utf-8" if flags else "cp437")
        local, central = self._header(name, info.compress_type, self._dostime(info), info.CRC,
                                      info.compress_size, info.file_size, flags)
        self.buffer.write(local)
        self.buffer.write(raw)
        self.central.append(central)

    def add(self, name: str, content: bytes, like: zipfile.ZipInfo | None) -> None:
        """Write a part (compressed as ``like`` was; deflated when new)."""
        method = like.compress_type if like is not None else zipfile.ZIP_DEFLATED
        if method == zipfile.ZIP_DEFLATED:
            compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
            raw = compressor.compress(content) + compressor.flush()
        else:
            raw = content
        encoded = name.encode("utf-8")
        flags = 0 if encoded.isascii() else 0x0800
        local, central = self._header(encoded, method, self._dostime(like),
                                      zlib.crc32(content), len(raw), len(content), flags)
        self.buffer.write(local)
        self.buffer.write(raw)
        self.central.append(central)

    def finish(self) -> bytes:
        start = self.buffer.tell()
        for entry in self.central:
            self.buffer.write(entry)
        size = self.buffer.tell() - start
        self.buffer.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(self.central),
                                      len(self.central), size, start, 0))
        return self.buffer.getvalue()


# ====================================================================== styles


_FONT_KEYS = ("b", "i", "strike", "condense", "extend", "outline", "shadow", "u", "vertAlign",
              "sz", "color", "name", "family", "charset", "scheme")
"""The children of ``<font>`` in the order the schema wants them."""


class _StyleTable:
    """The styles part, with cell formats appended for the layouts written (the entries
    already there are never changed or moved)."""

    def __init__(self, xml: str) -> None:
        self.text = xml
        self.grew = False
        root = SafeTree.fromstring(xml.encode("utf-8"))
        self.fonts = [f for f in root.iter(_M + "font")
                      if f in list(root.find(_M + "fonts") or [])]
        fonts = root.find(_M + "fonts")
        fills = root.find(_M + "fills")
        xfs = root.find(_M + "cellXfs")
        formats = root.find(_M + "numFmts")
        if fonts is None or fills is None or xfs is None or len(xfs) == 0 or len(fonts) == 0:
            raise Unsupported("a styles part without fonts, fills or cell formats")
        self.font_count = len(fonts)
        self.fill_count = len(fills)
        self.xf_count = len(xfs)
        self.base_font = _font_parts(fonts[0])
        self.formats: dict[str, int] = {}
        for fmt in (formats if formats is not None else []):
            code = fmt.get("formatCode")
            if code is not None:
                self.formats.setdefault(code, int(fmt.get("numFmtId", "0")))
        self.builtin = {code: number for number, code in BUILTIN_FORMATS.items()}
        self.next_format = max([163, *self.formats.values()]) + 1
        self.new_fonts: list[str] = []
        self.new_fills: list[str] = []
        self.new_formats: list[str] = []
        self.new_xfs: list[str] = []
        self.made: dict[tuple[object, ...], int] = {}
        self.font_ids: dict[str, int] = {}
        self.fill_ids: dict[str, int] = {}

    def xf(self, key: tuple[object, ...]) -> int:
        """The cell format of a combined style (bold, italic, colour, size, fill, number
        format, horizontal, vertical, wrap), made on first use."""
        if key in self.made:
            return self.made[key]
        bold, italic, color, size, fill, fmt, horizontal, vertical, wrap = key
        attrs = ' borderId="0" xfId="0"'
        font_id = 0
        if bold is not None or italic is not None or color is not None or size is not None:
            parts = dict(self.base_font)
            for tag, value in (("b", bold), ("i", italic)):
                if value is not None:
                    parts.pop(tag, None)
                    if value:
                        parts[tag] = f"<{tag}/>"
            if size is not None:
                parts["sz"] = f'<sz val="{size:g}"/>'
            if color is not None:
                parts["color"] = f'<color rgb="FF{str(color).lstrip("#").upper()}"/>'
            font = "<font>" + "".join(parts[k] for k in _FONT_KEYS if k in parts) + "</font>"
            if font not in self.font_ids:
                self.font_ids[font] = self.font_count + len(self.new_fonts)
                self.new_fonts.append(font)
            font_id = self.font_ids[font]
            attrs += ' applyFont="1"'
        fill_id = 0
        if fill is not None:
            rgb = "FF" + str(fill).lstrip("#").upper()
            fill_xml = (f'<fill><patternFill patternType="solid"><fgColor rgb="{rgb}"/>'
                        f'<bgColor rgb="{rgb}"/></patternFill></fill>')
            if fill_xml not in self.fill_ids:
                self.fill_ids[fill_xml] = self.fill_count + len(self.new_fills)
                self.new_fills.append(fill_xml)
            fill_id = self.fill_ids[fill_xml]
            attrs += ' applyFill="1"'
        format_id = 0
        if fmt is not None:
            code = str(fmt)
            if code in self.builtin:
                format_id = self.builtin[code]
            else:
                if code not in self.formats:
                    self.formats[code] = self.next_format
                    self.new_formats.append(f'<numFmt numFmtId="{self.next_format}" '
                                            f'formatCode={quoteattr(code)}/>')
                    self.next_format += 1
                format_id = self.formats[code]
            attrs += ' applyNumberFormat="1"'
        body = ""
        if horizontal is not None or vertical is not None or wrap:
            align = ""
            if horizontal is not None:
                align += f' horizontal="{horizontal}"'
            if vertical is not None:
                align += f' vertical="{vertical}"'
            if wrap:
                align += ' wrapText="1"'
            body = f"<alignment{align}/>"
            attrs += ' applyAlignment="1"'
        xf = (f'<xf numFmtId="{format_id}" fontId="{font_id}" fillId="{fill_id}"{attrs}'
              + (f">{body}</xf>" if body else "/>"))
        self.made[key] = self.xf_count + len(self.new_xfs)
        self.new_xfs.append(xf)
        self.grew = True
        return self.made[key]

    def xml(self) -> str:
        """The styles part with the new entries appended."""
        text = self.text
        text = _append(text, "numFmts", self.new_formats, before=("fonts",))
        text = _append(text, "fonts", self.new_fonts)
        text = _append(text, "fills", self.new_fills)
        return _append(text, "cellXfs", self.new_xfs)


def _font_parts(font: Any) -> dict[str, str]:
    """The children of a ``<font>`` element as XML, by tag."""
    parts: dict[str, str] = {}
    for child in font:
        tag = child.tag.rsplit("}", 1)[-1]
        attrs = "".join(f" {k}={quoteattr(v)}" for k, v in child.attrib.items()
                        if "}" not in k)
        parts[tag] = f"<{tag}{attrs}/>"
    return parts


_ITEM_TAG = {"numFmts": "numFmt", "fonts": "font", "fills": "fill", "cellXfs": "xf"}
"""The element each list of the styles part holds."""


def _append(xml: str, tag: str, items: list[str], before: tuple[str, ...] = ()) -> str:
    """``xml`` with ``items`` appended to its ``<tag>`` list (its count updated; the list made
    before ``<before>`` when there is none)."""
    if not items:
        return xml
    block = re.search(rf"<{tag}\b[^>]*?(?:/>|>.*?</{tag}>)", xml, re.S)
    if block is None:
        start = min((xml.index(f"<{b}") for b in before if f"<{b}" in xml), default=None)
        if start is None:
            raise Unsupported(f"no <{tag}> in the styles part")
        new = f'<{tag} count="{len(items)}">' + "".join(items) + f"</{tag}>"
        return xml[:start] + new + xml[start:]
    found = block.group(0)
    head = re.match(rf"<{tag}\b[^>]*?/?>", found)
    assert head is not None
    count = len(re.findall(rf"<{_ITEM_TAG[tag]}\b", found))
    opening = _set_attr(head.group(0).replace("/>", ">") if found.endswith("/>")
                        and head.group(0) == found else head.group(0),
                        "count", str(count + len(items)))
    inner = "" if found.endswith("/>") and head.group(0) == found else \
        found[head.end():-len(f"</{tag}>")]
    return xml[:block.start()] + opening + inner + "".join(items) + f"</{tag}>" + \
        xml[block.end():]


# ====================================================================== a layout as XML


def _cell_styles(layout: SheetLayout) -> dict[tuple[int, int], tuple[object, ...]]:
    """The combined style of every styled cell, applied in the layout's order as
    :class:`OpenpyxlBook` applies them over a new cell."""
    styled: dict[tuple[int, int], list[object]] = {}
    for style in layout.styles:
        r1, c1, r2, c2 = bounds(style.ref)
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                key = styled.get((r, c))
                if key is None:
                    key = styled[(r, c)] = [None, None, None, None, None, None, None, None,
                                            False]
                _apply(key, style)
    return {pos: tuple(key) for pos, key in styled.items()}


def _apply(key: list[object], style: Style) -> None:
    """Apply one style to a combined style (bold, italic, colour, size, fill, number format,
    horizontal, vertical, wrap)."""
    if style.bold is not None:
        key[0] = style.bold
    if style.italic is not None:
        key[1] = style.italic
    if style.font_color is not None:
        key[2] = style.font_color
    if style.size is not None:
        key[3] = style.size
    if style.fill is not None:
        key[4] = style.fill
    if style.number_format is not None:
        key[5] = style.number_format
    if style.align is not None:
        key[6], key[7] = style.align, "center"
    if style.wrap is not None:
        key[7], key[8] = "top", style.wrap


def _cell_xml(ref: str, value: object, style: int) -> str:
    s = f' s="{style}"' if style else ""
    if value is None:
        return f'<c r="{ref}"{s}/>'
    if isinstance(value, bool):
        return f'<c r="{ref}"{s} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        text = repr(float(value)) if isinstance(value, float) else str(value)
        if text in ("nan", "inf", "-inf"):
            return f'<c r="{ref}"{s} t="e"><v>#NUM!</v></c>'
        if text.endswith(".0"):
            text = text[:-2]
        return f'<c r="{ref}"{s}><v>{text}</v></c>'
    if isinstance(value, datetime.datetime | datetime.date):
        text = value.isoformat()
        return f'<c r="{ref}"{s} t="d"><v>{text}</v></c>'
    text = _xml_text(str(value))
    return f'<c r="{ref}"{s} t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_text(text: str) -> str:
    """Text as XML character data (characters XML cannot hold written as Excel's _xHHHH_)."""
    text = text.replace("_x", "_x005F_x") if "_x" in text else text
    text = _CONTROL.sub(lambda m: f"_x{ord(m.group(0)):04X}_", text)
    return escape(text)


def render_sheet(layout: SheetLayout, styles: _StyleTable) -> str:
    """The worksheet XML of a layout (its cells, styles and sheet settings)."""
    cell_styles = _cell_styles(layout)
    xf = {pos: styles.xf(key) for pos, key in cell_styles.items()}
    rows: dict[int, dict[int, object]] = {}
    for r, row in enumerate(layout.cells, start=1):
        for c, value in enumerate(row, start=1):
            if value is not None:
                rows.setdefault(r, {})[c] = value
    for (r, c) in xf:
        rows.setdefault(r, {}).setdefault(c, None)
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}">']
    if layout.landscape:
        out.append('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>')
    last_row = max(rows, default=1)
    last_col = max((c for cells in rows.values() for c in cells), default=1)
    out.append(f'<dimension ref="A1:{column_letter(last_col)}{last_row}"/>')
    out.append(_views(layout.freeze))
    out.append('<sheetFormatPr defaultRowHeight="15"/>')
    if layout.widths:
        out.append("<cols>" + "".join(
            f'<col min="{c}" max="{c}" width="{w:g}" customWidth="1"/>'
            for c, w in sorted(layout.widths.items())) + "</cols>")
    out.append("<sheetData>")
    for r in sorted(set(rows) | set(layout.heights)):
        cells = rows.get(r, {})
        height = layout.heights.get(r)
        attrs = f' ht="{height:g}" customHeight="1"' if height is not None else ""
        body = "".join(_cell_xml(f"{column_letter(c)}{r}", cells[c], xf.get((r, c), 0))
                       for c in sorted(cells))
        out.append(f'<row r="{r}"{attrs}>{body}</row>' if body else f'<row r="{r}"{attrs}/>')
    out.append("</sheetData>")
    if layout.autofilter:
        out.append(f'<autoFilter ref="{layout.autofilter}"/>')
    if layout.merges:
        out.append(f'<mergeCells count="{len(layout.merges)}">' + "".join(
            f'<mergeCell ref="{m}"/>' for m in layout.merges) + "</mergeCells>")
    if layout.landscape:
        out.append('<printOptions horizontalCentered="1"/>')
        out.append('<pageMargins left="0.4" right="0.4" top="0.5" bottom="0.75" header="0.3" '
                   'footer="0.3"/>')
    else:
        out.append('<pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" '
                   'footer="0.5"/>')
    setup = ""
    if layout.paper is not None:
        setup += f' paperSize="{_PAPER[layout.paper]}"'
    if layout.landscape:
        setup += f' orientation="landscape" fitToWidth="1" fitToHeight="{layout.pages_tall}"'
    if setup:
        out.append(f"<pageSetup{setup}/>")
    if layout.footer is not None:
        out.append("<headerFooter><oddFooter>"
                   + escape("&C&8" + layout.footer) + "</oddFooter></headerFooter>")
    out.append("</worksheet>")
    return "".join(out)


_PAPER = {"A4": 9, "Letter": 1}


def _views(freeze: str | None) -> str:
    """The sheet view, with the panes frozen above and left of ``freeze``."""
    if not freeze or freeze == "A1":
        return '<sheetViews><sheetView workbookViewId="0"/></sheetViews>'
    row, col = _position(freeze)
    x, y = col - 1, row - 1
    if x and y:
        pane = "bottomRight"
    elif y:
        pane = "bottomLeft"
    else:
        pane = "topRight"
    split = (f' xSplit="{x}"' if x else "") + (f' ySplit="{y}"' if y else "")
    return (f'<sheetViews><sheetView workbookViewId="0"><pane{split} topLeftCell="{freeze}" '
            f'activePane="{pane}" state="frozen"/><selection pane="{pane}" '
            f'activeCell="{freeze}" sqref="{freeze}"/></sheetView></sheetViews>')


def open_zip_book(path_or_data: bytes, suffix: str, checked: bool = False) -> ZipBook | None:
    """The :class:`ZipBook` of a workbook file's bytes, or None when the zip route does not
    handle it (then the openpyxl route is taken): not an .xlsx/.xlsm/.xltx/.xltm, or a
    structure it does not know (:class:`Unsupported`). ``checked``: the bytes passed
    :func:`~xl_tiebreak.excel.files.checks.check_file`."""
    if suffix.lower() not in (".xlsx", ".xlsm", ".xltx", ".xltm"):
        return None
    try:
        return ZipBook(path_or_data, checked)
    except Exception:  # noqa: BLE001 - anything unexpected: openpyxl's route reads it
        return None


def changed_parts(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """(parts of ``before`` missing from ``after``, parts whose content differs): the check
    that everything but the parts xl-tiebreak owns was copied as it was."""
    with zipfile.ZipFile(io.BytesIO(before)) as old, zipfile.ZipFile(io.BytesIO(after)) as new:
        names = set(new.namelist())
        missing = [n for n in old.namelist() if n not in names]
        differ = []
        new_infos = {i.filename: i for i in new.infolist()}
        for info in old.infolist():
            other = new_infos.get(info.filename)
            if other is not None and (other.CRC != info.CRC or other.file_size != info.file_size
                                      or old.read(info) != new.read(other)):
                differ.append(info.filename)
    return missing, differ
