"""Cached values in formula cells of a workbook written by openpyxl (issue 8 item 4).

openpyxl writes every formula cell with an empty ``<v/>``: a viewer without the xlwings add-in
(LibreOffice, Excel without xlwings, Excel for the web before xlwings Lite is set up) then shows
``#NAME?`` in every cell that calls a worksheet function of xl-tiebreak. :func:`with_cached_values`
rewrites the saved file so that those cells hold the values the functions compute — what a
spreadsheet shows until the add-in recalculates: each ``<c>`` named in the table gets its
``<v>`` (``t="str"`` for a text, ``t="b"`` for TRUE/FALSE, none for a number), the formula
(``<f>``, on the first cell of an array formula) is kept as it is.

The other parts of the file (the VBA project included) are copied byte for byte.
"""

from __future__ import annotations

import io
import math
import posixpath
import re
import zipfile
from collections.abc import Mapping
from xml.etree import ElementTree
from xml.sax.saxutils import escape

__all__ = ["CachedValue", "with_cached_values"]

CachedValue = str | float | int | bool | None
"""A value a formula cell shows: a number, a text, TRUE/FALSE, or None (an empty text)."""

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_CELL = re.compile(r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</c>)',
                   re.S)
_TYPE = re.compile(r'\s+t="[^"]*"')
_ROW = re.compile(r'<row(?P<attrs> r="(?P<r>[0-9]+)"[^>]*?)(?:/>|>(?P<body>.*?)</row>)', re.S)
_VALUE = re.compile(r"<v\s*/>|<v>.*?</v>", re.S)


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
    return ' t="str"', f"<v>{escape('' if value is None else value)}</v>"


def _rewrite_sheet(xml: str, values: Mapping[str, CachedValue], sheet: str) -> str:
    seen: set[str] = set()

    def cell(match: re.Match[str]) -> str:
        ref = match.group("ref")
        if ref not in values:
            return match.group(0)
        seen.add(ref)
        kind, v = _value_xml(values[ref])
        attrs = _TYPE.sub("", match.group("attrs")) + kind
        body = match.group("body") or ""
        formula = _VALUE.sub("", body) if "<f" in body else ""
        return f'<c r="{ref}"{attrs}>{formula}{v}</c>'

    out = _CELL.sub(cell, xml)
    missing = set(values) - seen
    if missing:  # cells openpyxl left out (no value, no style): added to their rows
        out = _ROW.sub(lambda m: _add_cells(m, values, missing), out)
    if missing:
        raise ValueError(f"{sheet}: no row for the cached values of "
                         f"{', '.join(sorted(missing)[:5])}")
    return out


def _position(ref: str) -> tuple[int, int]:
    """(row, column number) of an A1 reference."""
    match = re.fullmatch(r"([A-Z]+)([0-9]+)", ref)
    assert match is not None
    column = 0
    for ch in match.group(1):
        column = column * 26 + ord(ch) - ord("A") + 1
    return int(match.group(2)), column


def _add_cells(row: re.Match[str], values: Mapping[str, CachedValue], missing: set[str]) -> str:
    """A ``<row>`` element with the missing cells of that row added in column order."""
    number = int(row.group("r"))
    adding = sorted((ref for ref in missing if _position(ref)[0] == number),
                    key=lambda ref: _position(ref)[1])
    if not adding:
        return row.group(0)
    cells = [(_position(m.group("ref"))[1], m.group(0))
             for m in _CELL.finditer(row.group("body") or "")]
    for ref in adding:
        kind, v = _value_xml(values[ref])
        cells.append((_position(ref)[1], f'<c r="{ref}"{kind}>{v}</c>'))
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
