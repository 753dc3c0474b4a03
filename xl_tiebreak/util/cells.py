"""Cells of a spreadsheet range as the core reads and names them: blank tests, A1 names,
sheet-qualified references and cell texts quoted for messages.

The one place for these helpers; the readers (``crosstable``) and the spreadsheet layer
(``xl_tiebreak.excel``) both use them.
"""

from __future__ import annotations

import datetime
import functools
import re

from xl_tiebreak.i18n import _

SHOWN_TEXT = 40
"""Characters of a cell's text shown in a message before it is shortened."""

_PLAIN_SHEET = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def is_blank(value: object) -> bool:
    """True for an empty cell: None or text of white space only."""
    return value is None or (isinstance(value, str) and not value.strip())


def quoted(value: object, limit: int = SHOWN_TEXT) -> str:
    """A cell value quoted for a message (``'12x'``), shortened with ``…`` past ``limit``
    characters; dates without a time are shown as ISO dates; control characters escaped
    (``\\x00``)."""
    if isinstance(value, datetime.datetime):
        text = value.date().isoformat() if value.time() == datetime.time() else (
            value.isoformat(sep=" "))
    else:
        text = str(value).strip()
    shown = f"{text[:limit]}…" if len(text) > limit else text
    if not shown.isprintable():  # a NUL or escape character is never echoed raw
        shown = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" if ord(c) < 256
                        else f"\\u{ord(c):04x}" for c in shown)
    return f"'{shown}'"


@functools.lru_cache(maxsize=1 << 14)
def column_letter(col: int) -> str:
    """Column letters of a 1-based column number: ``1 → A``, ``27 → AA``."""
    if col < 1:
        raise ValueError(_("column {col} is outside the sheet", col=col))
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def cell_name(row: int, col: int) -> str:
    """A1 name of a 1-based (row, column): ``cell_name(7, 5) == "E7"``.

    Raises ValueError when row or column is below 1.
    """
    if row < 1 or col < 1:
        raise ValueError(_("cell ({row}, {col}) is outside the sheet", row=row, col=col))
    return f"{column_letter(col)}{row}"


def range_ref(row1: int, col1: int, row2: int, col2: int) -> str:
    """``range_ref(1, 1, 3, 2) == "A1:B3"`` (1-based, inclusive)."""
    return f"{cell_name(row1, col1)}:{cell_name(row2, col2)}"


def sheet_prefix(sheet: str) -> str:
    """The sheet part of a reference: ``Crosstable`` or ``'My sheet'`` (quotes doubled)."""
    if _PLAIN_SHEET.fullmatch(sheet):
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


def sheet_ref(sheet: str, ref: str = "") -> str:
    """``Crosstable!A1`` or ``'My sheet'!A1`` (the sheet alone when ``ref`` is empty)."""
    prefix = sheet_prefix(sheet)
    return f"{prefix}!{ref}" if ref else prefix
