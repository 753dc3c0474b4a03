"""Rows of values written into a sheet part as openpyxl writes them: the crosstable of a
workbook made from an event (``xl-tiebreak workbook``), built by openpyxl with its header and
one cell of each format only, then filled here, so that 30,000 crosstable cells are not made
and serialized one by one by openpyxl (:class:`~xl_tiebreak.excel.templates.builder.
SampledCrosstable`).

Each value is written with the type openpyxl gives it: a whole or decimal number as a number
(``%.16g``), a text as an inline string (``xml:space="preserve"`` when it has spaces at an
end; a text that starts like a formula too, the builder marks it text with the quote
prefix), an empty cell as a formatted empty cell. A value openpyxl would write otherwise (a
date, a boolean, a text it reads as an error value, an illegal character or a carriage
return, a text over 32,767 characters, a number that is not finite) is not :func:`writable`:
the workbook is then built whole by openpyxl.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from xl_tiebreak.util.cells import column_letter
from xl_tiebreak.util.xml_text import escape

__all__ = ["filled_rows", "writable"]

_ILLEGAL = re.compile(r"[\000-\010\013\014\016-\037]")
"""What openpyxl refuses in a cell's text."""
_ERRORS = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"})
"""Texts openpyxl stores as error values."""
MAX_TEXT = 32_767
"""Longest text of a cell (openpyxl cuts a longer one)."""


def writable(rows: Sequence[Sequence[object]]) -> bool:
    """True when every value is one :func:`filled_rows` writes as openpyxl does."""
    for row in rows:
        for value in row:
            kind = type(value)
            if value is None or kind is int:
                continue
            if kind is float:
                if not math.isfinite(value):  # type: ignore[arg-type]
                    return False
                continue
            if kind is not str:
                return False
            assert isinstance(value, str)
            if (len(value) > MAX_TEXT or value in _ERRORS or _ILLEGAL.search(value)
                    or "\r" in value):  # written raw, read back as a line feed
                return False
    return True


def _cell(ref: str, value: object, style: int) -> str:
    s = f' s="{style}"' if style else ""
    if value is None:
        return f'<c r="{ref}"{s} t="n" />' if style else ""
    if isinstance(value, str):
        space = ' xml:space="preserve"' if value.strip() and value != value.strip() else ""
        return (f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{escape(value)}</t></is></c>'
                if value else f'<c r="{ref}"{s} t="inlineStr" />')
    assert isinstance(value, (int, float))
    return f'<c r="{ref}"{s} t="n"><v>{value:.16g}</v></c>'  # openpyxl's "%.16g"


def filled_rows(xml: str, rows: Sequence[Sequence[object]],
                styles: Sequence[Sequence[int]]) -> str | None:
    """The sheet part ``xml`` with its rows after the first replaced by ``rows[1:]`` (each
    cell ``styles[r][c]``, its format index), and its used range (``<dimension>``) covering
    them all; the first row is kept as written. None when the part's sheet data is not
    found as openpyxl writes it."""
    start = xml.find("<sheetData>")
    end = xml.find("</sheetData>")
    if start < 0 or end < 0:
        return None
    first_end = xml.find("</row>", start, end)
    if not xml.startswith('<row r="1"', start + len("<sheetData>")) or first_end < 0:
        return None
    width = max((len(row) for row in rows), default=1)
    letters = [column_letter(c) for c in range(1, width + 1)]
    out = [xml[:first_end + len("</row>")]]
    for r, (row, row_styles) in enumerate(zip(rows[1:], styles[1:], strict=True), start=2):
        number = str(r)
        out.append(f'<row r="{number}">')
        out.extend(_cell(letter + number, value, style)
                   for letter, value, style in zip(letters, row, row_styles, strict=False))
        out.append("</row>")
    out.append(xml[end:])
    filled = "".join(out)
    dimension = f'<dimension ref="A1:{letters[-1]}{max(len(rows), 1)}"'
    return re.sub(r'<dimension ref="[^"]*"', dimension, filled, count=1)
