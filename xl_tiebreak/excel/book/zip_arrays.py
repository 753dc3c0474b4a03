"""The function sheets' arrays grown inside a workbook zip: what
:func:`~xl_tiebreak.excel.book.openpyxl_arrays.grow_arrays` does to an openpyxl worksheet,
done to the sheet part's XML (decision D-O4), so that ``xl-tiebreak workbook`` and
``standings`` never load and save a big workbook through openpyxl to cover an event.

Each array formula spanning the rows of the column-A array then ends at the event's last
participant (its height argument and its participant ranges with it), the check cell's range
follows, the note's row counts too, and the new rows get the formats of the array's last row
(each cell its format, the row its height). Everything else in the part stays as it is.
Only text here: the caller gives the sheet's stored cells and part.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from xl_tiebreak.excel.book.function_arrays import SheetKind, grown_note, with_last_row
from xl_tiebreak.excel.book.openpyxl_arrays import plan_growth
from xl_tiebreak.util.cells import column_letter
from xl_tiebreak.util.xml_text import escape

__all__ = ["CannotHere", "grown_part"]


class CannotHere(Exception):
    """The part has a form this growth does not edit (rows already below the arrays, a
    shared check formula…): the openpyxl route grows it."""


_ROW = re.compile(r'<row\b[^>]*?\br="(\d+)"[^>]*?(?:/>|>.*?</row>)', re.S)
_ATTR = re.compile(r'\b(ht|customHeight)="([^"]*)"')


def _xml(text: str) -> str:
    """Text for the part: escaped, a carriage return as its reference (a raw one would be
    read as a line feed)."""
    return escape(text).replace("\r", "&#13;")


def _cell_element(xml: str, ref: str) -> re.Match[str]:
    """The ``<c r="ref">`` element of the part (CannotHere when it is not written that way)."""
    found = re.search(r'<c r="' + ref + r'"(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</c>)', xml,
                      re.S)
    if found is None:
        raise CannotHere(ref)
    return found


def _with_formula(xml: str, ref: str, text: str, array_ref: str | None) -> str:
    """The part with the formula of cell ``ref`` replaced by ``text`` (from ``=``), its array
    range by ``array_ref`` when given; its cached value is left (rewritten afterwards)."""
    cell = _cell_element(xml, ref)
    body = cell.group("body") or ""
    formula = re.search(r"<f\b(?P<attrs>[^>]*?)(?:/>|>(?P<text>.*?)</f>)", body, re.S)
    if formula is None or 't="shared"' in formula.group("attrs"):
        raise CannotHere(ref)
    attrs = formula.group("attrs")
    if array_ref is not None:
        attrs, count = re.subn(r'\bref="[^"]*"', f'ref="{array_ref}"', attrs)
        if count != 1:
            raise CannotHere(ref)
    new_body = (body[:formula.start()] + f"<f{attrs}>{_xml(text[1:])}</f>"
                + body[formula.end():])
    return xml[:cell.start()] + f'<c r="{ref}"{cell.group("attrs")}>{new_body}</c>' + \
        xml[cell.end():]


def _with_text(xml: str, ref: str, text: str) -> str:
    """The part with cell ``ref`` holding the text ``text`` as an inline string (its format
    kept; a shared string is never edited, others may use it)."""
    cell = _cell_element(xml, ref)
    attrs = re.sub(r'\s+t="[^"]*"', "", cell.group("attrs"))
    new = (f'<c r="{ref}"{attrs} t="inlineStr"><is><t xml:space="preserve">{_xml(text)}'
           f"</t></is></c>")
    return xml[:cell.start()] + new + xml[cell.end():]


def _new_rows(xml: str, cells: Mapping[tuple[int, int], Any], last: int, new_last: int,
              width: int) -> str:
    """The part with rows ``last`` + 1 to ``new_last`` added after row ``last``, each cell
    formatted like that of row ``last`` in its column (up to ``width``), each row as high."""
    rows = list(_ROW.finditer(xml))
    numbers = [int(m.group(1)) for m in rows]
    if len(rows) != len(re.findall(r"<row\b", xml)) or numbers != sorted(set(numbers)):
        raise CannotHere("rows without their numbers, or out of order")
    if any(last < n <= new_last for n in numbers):
        raise CannotHere(f"row {last + 1}")  # cells there (empty ones): openpyxl merges them
    before = [m for m in rows if int(m.group(1)) <= last]
    model = next((m for m in before if int(m.group(1)) == last), None)
    height = "".join(f' {k}="{v}"' for k, v in _ATTR.findall(
        model.group(0)[:model.group(0).find(">")])) if model is not None else ""
    styles = [(column_letter(col), cells[(last, col)].style) for col in range(1, width + 1)
              if (last, col) in cells and cells[(last, col)].style]
    added = "".join(
        f'<row r="{r}"{height}>' + "".join(f'<c r="{letter}{r}" s="{s}"/>' for letter, s in styles)
        + "</row>" for r in range(last + 1, new_last + 1))
    at = before[-1].end() if before else xml.find(">", xml.find("<sheetData")) + 1
    if not before and xml.find("<sheetData") < 0:
        raise CannotHere("sheetData")
    return xml[:at] + added + xml[at:]


def _dimension(xml: str, new_last: int) -> str:
    """The part's ``<dimension>`` extended down to row ``new_last``."""
    def grow(match: re.Match[str]) -> str:
        return f'{match.group(1)}{max(int(match.group(2)), new_last)}"'

    return re.sub(r'(<dimension ref="[A-Z]+\d+:[A-Z]+)(\d+)"', grow, xml, count=1)


def grown_part(xml: str, cells: Mapping[tuple[int, int], Any], kind: SheetKind, first: int,
               last: int, new_last: int) -> tuple[str | None, str | None]:
    """(the part grown, None) when the arrays of the sheet spanning rows ``first``–``last``
    now end on ``new_last``; (None, why not) when the sheet is left as it is (a cell below
    the arrays is taken, a formula was changed by hand), as
    :func:`~xl_tiebreak.excel.book.openpyxl_arrays.plan_growth` decides. ``cells``: the
    sheet's stored cells. Raises :class:`CannotHere` for a part this does not edit."""
    plan = plan_growth(dict(cells), kind, first, last, new_last)
    if isinstance(plan, str):
        return None, plan
    texts, width = plan
    for c, ref, text in texts:
        xml = _with_formula(xml, c.coordinate, text, ref)
    new_texts: dict[str, str] = {}
    for (r, _col), other in cells.items():  # the check cell above the table
        if r < first and isinstance(other.value, str) and "CROSSTABLE_CHECK(" in other.value:
            grown = with_last_row(other.value, last, new_last)
            if other.data_type == "f":
                xml = _with_formula(xml, other.coordinate, grown, None)
            elif grown != other.value:
                new_texts[other.coordinate] = grown
    note = cells.get((1, 1))
    if note is not None and isinstance(note.value, str) and note.data_type != "f":
        before = new_texts.get("A1", note.value)
        text = str(grown_note(before, last - kind.header_row, new_last - kind.header_row))
        if text != note.value:
            new_texts["A1"] = text
    for ref, text in new_texts.items():
        xml = _with_text(xml, ref, text)
    xml = _new_rows(xml, cells, last, new_last, width)
    return _dimension(xml, new_last), None
