"""Cached values in formula cells of a workbook written by openpyxl.

openpyxl writes every formula cell with an empty ``<v/>``: a viewer without the xlwings add-in
(LibreOffice, Excel without xlwings, Excel for the web before xlwings Lite is set up) then shows
``#NAME?`` in every cell that calls a worksheet function of xl-tiebreak. :func:`with_cached_values`
rewrites the saved file so that those cells hold the values the functions compute — what a
spreadsheet shows until the add-in recalculates: each ``<c>`` named in the table gets its
``<v>`` (``t="str"`` for a text — an empty one as one space, which LibreOffice keeps —,
``t="b"`` for TRUE/FALSE, none for a number), the formula
(``<f>``, on the first cell of an array formula) is kept as it is.

The other parts of the file (the VBA project included) are copied byte for byte.
"""

from __future__ import annotations

import datetime
import io
import math
import posixpath
import re
import zipfile
from collections.abc import Callable, Mapping
from typing import Any, Protocol
from xml.etree import ElementTree

from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.excel.book.names import parse_sized, sized_extent
from xl_tiebreak.excel.book.zip_book import ZipBook, ZipWorkbook
from xl_tiebreak.excel.files.checks import workbook_bytes
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.cells import column_letter
from xl_tiebreak.util.dates import EXCEL_EPOCH
from xl_tiebreak.util.xml_text import escape

__all__ = ["CachedValue", "FormulaValues", "bytes_with_values", "cache_in_zip",
           "fitted_bytes_with_values", "saved_bytes", "with_cached_values"]

CachedValue = str | float | int | bool | None
"""A value a formula cell shows: a number, a text, TRUE/FALSE, or None (an empty text)."""

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_CELL = re.compile(r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</c>)',
                   re.S)
_TYPE = re.compile(r'\s+t="[^"]*"')
_ROW = re.compile(r'<row(?P<attrs> r="(?P<r>[0-9]+)"[^>]*?)(?:/>|>(?P<body>.*?)</row>)', re.S)
_VALUE = re.compile(r"<v\s*/>|<v(?:\s[^>]*)?>.*?</v>", re.S)
EMPTY_TEXT_XML = '<v xml:space="preserve"> </v>'
"""How an empty text result is cached: one space (LibreOffice recomputes a formula whose cached
value is empty; docs/engineering.md D56)."""


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → path of its XML part inside the archive."""
    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "")
               for r in rels.iter(f"{{{_PACKAGE_REL}}}Relationship")}
    parts: dict[str, str] = {}
    for sheet in workbook.iter(f"{{{_MAIN}}}sheet"):
        target = targets[sheet.get(f"{{{_REL}}}id")]
        path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
            posixpath.join("xl", target))
        parts[str(sheet.get("name"))] = path
    return parts


def _value_xml(value: CachedValue) -> tuple[str, str]:
    """(type attribute, ``<v>`` element) of a cached value."""
    if isinstance(value, bool):
        return ' t="b"', f"<v>{int(value)}</v>"
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return ' t="e"', "<v>#NUM!</v>"
        return "", f"<v>{value!r}</v>" if isinstance(value, float) else f"<v>{value}</v>"
    if value is None or value == "":
        # LibreOffice ignores an empty cached result and recomputes the cell (#NAME? without
        # the add-in): an empty text is cached as one space (docs/engineering.md D56)
        return ' t="str"', EMPTY_TEXT_XML
    return ' t="str"', f"<v>{escape(value)}</v>"


def _rewrite_sheet(xml: str, values: Mapping[str, CachedValue], sheet: str) -> str:
    seen: set[str] = set()
    made: dict[tuple[type, CachedValue], tuple[str, str]] = {}  # a value's XML, made once

    def cell(match: re.Match[str]) -> str:
        ref = match.group("ref")
        if ref not in values:
            return match.group(0)
        seen.add(ref)
        value = values[ref]
        key = (type(value), value)
        found = made.get(key)
        if found is None:
            found = made[key] = _value_xml(value)
        kind, v = found
        attrs = match.group("attrs")
        if 't="' in attrs:  # its old type goes (only then can _TYPE match)
            attrs = _TYPE.sub("", attrs)
        body = match.group("body")
        formula = _VALUE.sub("", body) if body and "<f" in body else ""
        return f'<c r="{ref}"{attrs}{kind}>{formula}{v}</c>'

    out = _CELL.sub(cell, xml)
    missing = set(values) - seen
    if missing:  # cells openpyxl left out (no value, no style): added to their rows
        by_row: dict[int, list[tuple[int, str]]] = {}
        for ref in missing:
            row, column = _position(ref)
            by_row.setdefault(row, []).append((column, ref))
        out = _ROW.sub(lambda m: _add_cells(m, values, by_row, missing), out)
    if missing:
        raise ValueError(f"{sheet}: no row for the cached values of "
                         f"{', '.join(sorted(missing)[:5])}")
    return out


_A1 = re.compile(r"([A-Z]+)([0-9]+)")


def _position(ref: str) -> tuple[int, int]:
    """(row, column number) of an A1 reference."""
    match = _A1.fullmatch(ref)
    assert match is not None
    column = 0
    for ch in match.group(1):
        column = column * 26 + ord(ch) - ord("A") + 1
    return int(match.group(2)), column


def _add_cells(row: re.Match[str], values: Mapping[str, CachedValue],
               by_row: Mapping[int, list[tuple[int, str]]], missing: set[str]) -> str:
    """A ``<row>`` element with the missing cells of that row (``by_row``: row number → its
    missing (column, reference) pairs) added in column order; those added leave ``missing``."""
    adding = by_row.get(int(row.group("r")))
    if not adding:
        return row.group(0)
    cells = [(_position(m.group("ref"))[1], m.group(0))
             for m in _CELL.finditer(row.group("body") or "")]
    for column, ref in adding:
        kind, v = _value_xml(values[ref])
        cells.append((column, f'<c r="{ref}"{kind}>{v}</c>'))
        missing.discard(ref)
    cells.sort(key=lambda item: item[0])
    return f'<row{row.group("attrs")}>{"".join(xml for _, xml in cells)}</row>'


def with_cached_values(data: bytes, values: Mapping[str, Mapping[str, CachedValue]]) -> bytes:
    """The workbook file ``data`` (as openpyxl saves it) with the cached values
    ``{sheet title: {"C5": value}}`` written into those cells."""
    source = zipfile.ZipFile(io.BytesIO(data))
    parts = _sheet_parts(source)
    by_part = {parts[sheet]: (sheet, cells) for sheet, cells in values.items() if cells}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename in by_part:
                sheet, cells = by_part[info.filename]
                content = _rewrite_sheet(content.decode("utf-8"), cells, sheet).encode("utf-8")
            target.writestr(info, content, compress_type=info.compress_type)
    return buffer.getvalue()


# ====================================================================== the values


def functions() -> Mapping[str, Callable[..., Any]]:
    """The worksheet functions by name (imported when first needed: they need xlwings)."""
    from xl_tiebreak.excel.functions.catalogue import EXCEL_FUNCTIONS, TEAM_FUNCTIONS

    return {**EXCEL_FUNCTIONS, **TEAM_FUNCTIONS}


_CALL = re.compile(r"=(?P<name>[A-Z][A-Z0-9_]*)\((?P<args>.*)\)", re.S)
_INDEX = re.compile(r"=INDEX\((?P<inner>[A-Z][A-Z0-9_]*\(.*\)),(?P<row>\d+),(?P<col>\d+)\)",
                    re.S)
"""One item of a function's result, ``=INDEX(STANDINGS(...),2,3)`` (the demo's per-cell
Formula standings, docs/engineering.md D56)."""
_IF_BLANK = re.compile(r'=IF\((?P<ref>\$?[A-Z]+\$?\d+)="","",(?P<inner>[A-Z][A-Z0-9_]*\(.*\))\)',
                       re.S)
"""A call made only for a filled cell, ``=IF($A5="","",BUCHHOLZ_CUT1(Tournament,$A5))`` (the
demo's per-cell rows beyond the event stay empty)."""
_RULES_HELPER = re.compile(
    r'=IF\(OR\(B(?P<rules>\d+)="",UPPER\(B(?P=rules)\)="AUTO"'
    r'(?P<more>(?:,UPPER\(B(?P=rules)\)="[^"]*")*)\),'  # AUTO in the template's language
    r'IF\(B(?P<date>\d+)="","AUTO",B(?P=date)\),B(?P=rules)\)')
_REF = re.compile(r"(?:(?P<sheet>[^!]+)!)?\$?(?P<c1>[A-Z]+)\$?(?P<r1>\d+)"
                  r"(?::\$?(?P<c2>[A-Z]+)\$?(?P<r2>\d+))?")


def _column_number(letters: str) -> int:
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch) - ord("A") + 1
    return number


def _split_arguments(text: str) -> list[str]:
    """The arguments of a call, split at the commas outside quotes and parentheses."""
    parts, depth, quoted_text, current = [], 0, False, ""
    for ch in text:
        if ch == '"':
            quoted_text = not quoted_text
        elif not quoted_text and ch in "({":
            depth += 1
        elif not quoted_text and ch in ")}":
            depth -= 1
        elif ch == "," and depth == 0 and not quoted_text:
            parts.append(current)
            current = ""
            continue
        current += ch
    parts.append(current)
    return [part.strip() for part in parts]


def _as_passed(value: object) -> object:
    """A cell value as the functions receive it from the add-in: numbers as floats, dates as
    their Excel serial numbers, empty cells as None."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, datetime.datetime):
        return float((value.date() - EXCEL_EPOCH).days)
    if isinstance(value, datetime.date):
        return float((value - EXCEL_EPOCH).days)
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)  # pragma: no cover - the templates hold no other values


class FormulaValues:
    """The value of every formula cell of a built workbook, computed by the worksheet functions
    themselves (:data:`~xl_tiebreak.excel.functions.catalogue.EXCEL_FUNCTIONS`) with the arguments
    the
    add-in passes — what the cells show once the add-in has recalculated."""

    def __init__(self, wb: Any) -> None:
        self.wb = wb
        self.values: dict[str, dict[str, CachedValue]] = {}
        self._calls: dict[tuple[str, str], object] = {}
        self._pending: list[str] = []  # the formula cells being computed, outermost first
        self._cells_read = 0
        self._extents: dict[str, tuple[int, int]] = {}
        self._sheets: dict[str, Any] = {}
        self._ranges: dict[tuple[str, int, int, int, int], list[list[object]]] = {}
        self._arrays: dict[str, list[tuple[int, int, int, int, Any]]] = {}
        self._formulas: dict[str, dict[tuple[int, int], Any]] = {}
        self._names = wb.defined_names
        """The workbook-level defined names (a zip book makes them on each access)."""
        self._create_cells = not isinstance(wb, ZipWorkbook)
        """Whether the cells of an array's range are made in the workbook (openpyxl: so that
        saving writes them; a zip book's rewriting adds those missing itself)."""

    def _sheet(self, title: str) -> Any:
        """The worksheet of that title (looked up once: ``wb[title]`` walks every sheet)."""
        if title not in self._sheets:
            self._sheets[title] = self.wb[title]
        return self._sheets[title]

    def _formula_cells(self, sheet: str) -> dict[tuple[int, int], Any]:
        """The sheet's formula cells by (row, column), found once: on a sheet of a zip book
        without reading its other cells (a function sheet's cached values are only written,
        never read)."""
        if sheet not in self._formulas:
            ws = self._sheet(sheet)
            finder = getattr(ws, "formula_cells", None)
            if finder is not None:
                self._formulas[sheet] = finder()
            else:
                cells = getattr(ws, "_cells", None) or {}
                self._formulas[sheet] = {
                    key: cell for key, cell in cells.items()
                    if isinstance(cell.value, ArrayFormula) or cell.data_type == "f"}
        return self._formulas[sheet]

    def _stored(self, sheet: str, row: int, col: int) -> Any:
        """The cell as the file stores it, None for an empty position (no cell is created:
        reading never adds rows or cells to the user's sheets)."""
        formula = self._formula_cells(sheet).get((row, col))
        if formula is not None:
            return formula
        cells = getattr(self._sheet(sheet), "_cells", None)
        if isinstance(cells, dict):
            return cells.get((row, col))
        return self._sheet(sheet).cell(row=row, column=col)  # pragma: no cover - other openpyxl

    def _extent(self, sheet: str) -> tuple[int, int]:
        """(last row, last column) of the cells the sheet stores."""
        if sheet not in self._extents:
            ws = self._sheet(sheet)
            extent = getattr(ws, "extent", None)
            if extent is not None:  # a zip book's sheet: from the cell references alone
                self._extents[sheet] = extent()
            else:
                cells = getattr(ws, "_cells", None) or {}
                self._extents[sheet] = (max((r for r, _ in cells), default=1),
                                        max((c for _, c in cells), default=1))
        return self._extents[sheet]

    def _anchor(self, sheet: str, row: int, col: int) -> Any:
        """The first cell of the array formula whose range holds (row, col), if any (a cell
        inside an array formula's range stores no formula of its own)."""
        if sheet not in self._arrays:
            found: list[tuple[int, int, int, int, Any]] = []
            for cell in self._formula_cells(sheet).values():
                if isinstance(cell.value, ArrayFormula):
                    match = _REF.fullmatch(cell.value.ref)
                    if match is not None:
                        c1, r1 = _column_number(match.group("c1")), int(match.group("r1"))
                        c2 = _column_number(match.group("c2") or match.group("c1"))
                        r2 = int(match.group("r2") or match.group("r1"))
                        found.append((r1, c1, r2, c2, cell))
            self._arrays[sheet] = found
        for r1, c1, r2, c2, anchor in self._arrays[sheet]:
            if r1 <= row <= r2 and c1 <= col <= c2:
                return anchor
        return None

    def cell(self, sheet: str, row: int, col: int) -> object:
        ref = f"{column_letter(col)}{row}"
        if ref in self.values.get(sheet, {}):
            return self.values[sheet][ref]
        anchor = self._anchor(sheet, row, col)
        if anchor is not None and (anchor.row, anchor.column) != (row, col):
            self.formula(sheet, anchor)  # the array it belongs to, computed first
            return self.values[sheet].get(ref)
        cell = self._stored(sheet, row, col)
        if cell is None:
            return None
        value = cell.value
        if isinstance(value, ArrayFormula) or cell.data_type == "f":
            self.formula(sheet, cell)
            return self.values[sheet][ref]
        return _as_passed(value)

    def _range(self, where: str, r1: int, c1: int, r2: int, c2: int) -> list[list[object]]:
        """A range's values, cut to the cells the sheet stores (what lies beyond is empty):
        ``A1:K1048576`` costs what the sheet holds. Refused (InputError, so the spreadsheet
        computes the formulas) beyond :data:`MAX_FORMULA_CELLS` cells read in all. A range read
        before (the crosstable, by every column's formula) is not read again: each call gets a
        copy of the rows read the first time, so the work is linear in the cells read."""
        last_row, last_col = self._extent(where)
        r2, c2 = max(r1, min(r2, last_row)), max(c1, min(c2, last_col))
        key = (where, r1, c1, r2, c2)
        if key not in self._ranges:
            self._cells_read += (r2 - r1 + 1) * (c2 - c1 + 1)
            if self._cells_read > MAX_FORMULA_CELLS:
                raise InputError(f"{where}!{column_letter(c1)}{r1}: the formulas read more "
                                 f"than {MAX_FORMULA_CELLS:,} cells")
            self._ranges[key] = self._read_range(where, r1, c1, r2, c2)
        return [list(row) for row in self._ranges[key]]

    def _read_range(self, where: str, r1: int, c1: int, r2: int, c2: int
                    ) -> list[list[object]]:
        """The values of a range, as :meth:`cell` gives each: on a sheet without array
        formulas (a crosstable) the stored cells are taken directly and only formula cells go
        through :meth:`cell`, which computes them."""
        self._anchor(where, 0, 0)  # the sheet's array formulas, found once
        # a sheet with arrays is not read whole: its cells are the arrays' computed values
        stored = None if self._arrays[where] else getattr(self._sheet(where), "_cells", None)
        if not isinstance(stored, dict):
            return [[self.cell(where, r, c) for c in range(c1, c2 + 1)]
                    for r in range(r1, r2 + 1)]
        out: list[list[object]] = []
        for r in range(r1, r2 + 1):
            row: list[object] = []
            for c in range(c1, c2 + 1):
                cell = stored.get((r, c))
                if cell is None:
                    row.append(None)
                elif isinstance(cell.value, ArrayFormula) or cell.data_type == "f":
                    row.append(self.cell(where, r, c))
                else:
                    row.append(_as_passed(cell.value))
            out.append(row)
        return out

    def argument(self, sheet: str, token: str) -> object:
        if not token:  # an argument left out: its default, as the add-in passes it
            return None
        if token.startswith('"') and token.endswith('"'):
            return token[1:-1].replace('""', '"')
        if re.fullmatch(r"-?\d+(?:\.\d+)?", token):  # PARTICIPANTS(Tournament,2000)
            return float(token)
        if token.upper() in ("TRUE", "FALSE"):  # STANDINGS(…, TRUE, …)
            return token.upper() == "TRUE"
        names = self._names
        sized = parse_sized(names[token].attr_text) if token in names else None
        if sized is not None:  # INDEX/COUNTA: the filled cells (excel/names.py)
            where, least_rows, least_cols = sized
            stored = getattr(self._sheet(where), "_cells", None) or {}
            cells = ((r, c, cell.value) for (r, c), cell in stored.items())
            rows, cols = sized_extent(cells, least_rows, least_cols)
            return self._range(where, 1, 1, rows, cols)
        if token in names:
            if token in self._pending:
                raise InputError(f"the name {token} refers to itself (a cycle of names)")
            self._pending.append(token)
            try:
                return self.argument(sheet, names[token].attr_text)
            finally:
                self._pending.pop()
        match = _REF.fullmatch(token)
        if match is None:
            raise InputError(f"{sheet}: cannot compute the argument {token!r}")
        where = (match.group("sheet") or sheet).strip("'")
        c1, r1 = _column_number(match.group("c1")), int(match.group("r1"))
        if match.group("c2") is None:
            return self.cell(where, r1, c1)
        c2, r2 = _column_number(match.group("c2")), int(match.group("r2"))
        return self._range(where, r1, c1, r2, c2)

    def formula(self, sheet: str, cell: Any) -> None:
        """Compute one formula cell (and, first, the formula cells it reads). A cell that
        reads itself, or a chain deeper than :data:`MAX_FORMULA_DEPTH`, is refused
        (InputError, naming the cell) before Python's recursion limit is reached."""
        where = f"{sheet}!{cell.coordinate}"
        if where in self._pending:
            raise InputError(f"{where}: a circular reference (the formula reads its own value)")
        if len(self._pending) >= MAX_FORMULA_DEPTH:
            raise InputError(f"{where}: formulas refer to formulas more than "
                             f"{MAX_FORMULA_DEPTH} deep")
        self._pending.append(where)
        try:
            self._formula(sheet, cell)
        finally:
            self._pending.pop()

    def _formula(self, sheet: str, cell: Any) -> None:
        value = cell.value
        text, ref = (value.text, value.ref) if isinstance(value, ArrayFormula) else (
            str(value), cell.coordinate)
        helper = _RULES_HELPER.fullmatch(text)
        if helper:  # the Rules helper of the Settings sheet (docs: _settings_sheet)
            rules = self.cell(sheet, int(helper.group("rules")), 2)
            start = self.cell(sheet, int(helper.group("date")), 2)
            words = ("", "AUTO", *re.findall(r'="([^"]*)"', helper.group("more")))
            auto = rules is None or str(rules).upper() in words
            result: object = (("AUTO" if start is None else start) if auto else rules)
        elif (only := _IF_BLANK.fullmatch(text)) is not None:
            tested = self.argument(sheet, only.group("ref"))
            result = "" if tested is None or tested == "" else self.call(
                sheet, cell.coordinate, "=" + only.group("inner"))
        elif (index := _INDEX.fullmatch(text)) is not None:
            whole = self.call(sheet, cell.coordinate, "=" + index.group("inner"))
            rows_of = whole if isinstance(whole, list) else [[whole]]
            r, c = int(index.group("row")) - 1, int(index.group("col")) - 1
            inside = 0 <= r < len(rows_of) and 0 <= c < len(rows_of[r])
            result = rows_of[r][c] if inside else "#REF!"
        else:
            result = self.call(sheet, cell.coordinate, text)
        match = _REF.fullmatch(ref)
        assert match is not None
        c1, r1 = _column_number(match.group("c1")), int(match.group("r1"))
        c2 = _column_number(match.group("c2") or match.group("c1"))
        r2 = int(match.group("r2") or match.group("r1"))
        rows = result if isinstance(result, list) else [[result]]
        if (r2 - r1 + 1) * (c2 - c1 + 1) > MAX_CACHED_AREA:
            raise InputError(f"{sheet}!{ref}: an array formula over more than "
                             f"{MAX_CACHED_AREA:,} cells")
        cells = self.values.setdefault(sheet, {})
        ws = self._sheet(sheet)
        letters = [column_letter(c) for c in range(c1, c2 + 1)]
        width = c2 - c1 + 1
        for r in range(r1, r2 + 1):
            row = rows[r - r1] if r - r1 < len(rows) else None
            # an array formula larger than its result shows #N/A there, as in Excel
            items = [] if row is None else list(row[:width])
            items += ["#N/A"] * (width - len(items))
            number = str(r)
            cells.update(zip([letter + number for letter in letters], items))
            if self._create_cells:
                for c in range(c1, c2 + 1):
                    ws.cell(row=r, column=c)  # the cell exists in the file

    def call(self, sheet: str, coordinate: str, text: str) -> object:
        """The result of one worksheet-function call ``=NAME(args)`` written on ``sheet``
        (computed once per sheet and text)."""
        key = (sheet, text)
        if key not in self._calls:
            call = _CALL.fullmatch(text)
            if call is None or call.group("name") not in functions():
                raise InputError(f"{sheet}!{coordinate}: cannot compute {text!r}")
            args = [self.argument(sheet, a) for a in _split_arguments(call.group("args"))]
            self._calls[key] = functions()[call.group("name")](*args)
        return self._calls[key]

    def compute(self) -> dict[str, dict[str, CachedValue]]:
        for ws in self.wb.worksheets:
            formulas = self._formula_cells(ws.title)
            for key in sorted(formulas):  # by row, then column
                c = formulas[key]
                if c.coordinate not in self.values.get(ws.title, {}):
                    self.formula(ws.title, c)
        return self.values


def bytes_with_values(workbook: Any) -> bytes:
    """The workbook saved to memory with the computed value cached in every formula cell
    (:class:`FormulaValues`). It does not ask for a full recalculation on opening (openpyxl's
    default), which without the add-in would replace them by ``#NAME?``. Raises InputError
    (or KeyError, ValueError… on formulas it cannot follow) when a formula cannot be
    computed; the workbook's calculation settings are then unchanged."""
    values = FormulaValues(workbook).compute()
    workbook.calculation.fullCalcOnLoad = False
    workbook.calculation.calcId = _CALC_ID
    return with_cached_values(workbook_bytes(workbook), values)


MAX_FORMULA_CELLS = 1_000_000
"""Most cells the formulas of one workbook may read (ranges cut to the stored cells) before
``xl-tiebreak standings`` leaves their values to the spreadsheet."""
MAX_FORMULA_DEPTH = 100
"""Deepest chain of formula cells reading formula cells that is computed here."""

MAX_CACHED_AREA = 250_000
"""Cells of used area (rows × columns, all sheets) up to which ``xl-tiebreak standings``
computes the formulas' values itself (a 400-player template is about 40,000); a bigger
workbook asks the spreadsheet to recompute them instead (a stray cell in the last row would
make every sheet a million rows to visit)."""


def saved_bytes(workbook: Any) -> tuple[bytes, bool]:
    """The workbook as ``xl-tiebreak standings`` saves it, and whether its formula values are
    cached: when every formula cell is a call of xl-tiebreak's worksheet functions (or the
    Rules helper), with the values computed from the crosstable as it is now, so that a viewer
    without the add-in shows them; otherwise (a formula of the user's own, which only the
    spreadsheet can compute) without values, asking the spreadsheet to recompute every
    formula on opening — never a stale value shown as if computed."""
    area = sum(ws.max_row * ws.max_column for ws in workbook.worksheets)
    try:
        if area > MAX_CACHED_AREA:
            raise InputError("too large a used area to compute the formulas here")
        return bytes_with_values(workbook), True
    except (InputError, KeyError, ValueError, IndexError, AttributeError, TypeError,
            RecursionError, MemoryError):
        # a formula it cannot follow (a chart sheet where a range was expected, a name
        # it does not know…): the spreadsheet computes it
        workbook.calculation.fullCalcOnLoad = True
        return workbook_bytes(workbook), False


class Filler(Protocol):
    """The rows of a sheet built sampled (:class:`~xl_tiebreak.excel.templates.builder.
    SampledCrosstable`), written into the saved workbook's zip or else into the openpyxl
    workbook."""

    def into_zip(self, book: ZipBook) -> bool:
        """Write the rows into the zip book; False (nothing changed) when they cannot be."""

    def into_workbook(self, workbook: Any) -> None:
        """Write the rows into the openpyxl workbook."""


def fitted_bytes_with_values(workbook: Any, participants: int,
                             filler: Filler | None = None) -> bytes:
    """A built workbook (its function sheets at the template's size) saved to memory with
    its function sheets grown to ``participants`` rows and the computed value cached in every
    formula cell: what :func:`~xl_tiebreak.excel.book.openpyxl_arrays.fit_workbook` then
    :func:`bytes_with_values` give, but the arrays grown and the values written inside the
    zip (:class:`ZipBook`), so that the big sheets are never serialized cell by cell by
    openpyxl; ``filler`` first writes the rows of a crosstable built sampled. Where the zip
    route cannot go, that openpyxl route is taken (the rows written into the workbook
    first). Raises as :func:`bytes_with_values`."""
    from xl_tiebreak.excel.book.openpyxl_arrays import fit_workbook
    from xl_tiebreak.excel.book.zip_book import NeedsGrowth, Unreadable, Unsupported

    try:
        book = ZipBook(workbook_bytes(workbook), checked=True)  # written by openpyxl here
        if filler is None or filler.into_zip(book):
            book.fit_function_sheets(participants)
            if cache_in_zip(book, area_limit=math.inf):  # as bytes_with_values: any size
                return book.save()
    except (NeedsGrowth, Unreadable, Unsupported):
        pass
    if filler is not None:
        filler.into_workbook(workbook)
    fit_workbook(workbook, participants)
    return bytes_with_values(workbook)


def cache_in_zip(book: ZipBook, area_limit: float = MAX_CACHED_AREA) -> bool:
    """Cache the computed value in every formula cell of a :class:`ZipBook` (its function
    sheets' parts rewritten in place, the other parts untouched), under the conditions of
    :func:`saved_bytes` (``area_limit``: the largest used area computed here); returns
    whether the values are cached. When they are not, the workbook asks the spreadsheet to
    recompute every formula on opening."""
    try:
        workbook = book.workbook
        area = sum(math.prod(ws.extent()) for ws in workbook.worksheets)
        if area > area_limit:
            raise InputError("too large a used area to compute the formulas here")
        values = FormulaValues(workbook).compute()
        edits: list[tuple[str, str]] = []
        for sheet, cells in values.items():
            part = book.sheet_part(sheet)
            if not cells:
                continue
            if part is None:
                raise ValueError(sheet)
            xml = book.part(part).decode("utf-8")
            if xml.count("<c ") != xml.count('<c r="'):  # cells the rewriting cannot find
                raise ValueError(f"{sheet}: cells without their reference first")
            edits.append((part, _rewrite_sheet(xml, cells, sheet)))
    except (InputError, KeyError, ValueError, IndexError, AttributeError, TypeError,
            RecursionError, MemoryError, UnicodeDecodeError):
        book.set_calculation(True)
        return False
    for part, xml in edits:
        book.replace_part(part, xml.encode("utf-8"))
    book.set_calculation(False, _CALC_ID)
    return True


_CALC_ID = 191029
"""The calculation engine of Excel 2019/365: Excel recalculates a whole workbook on opening
when it was saved by an older engine (openpyxl writes 171027), which without the add-in would
replace the cached values by ``#NAME?``."""
