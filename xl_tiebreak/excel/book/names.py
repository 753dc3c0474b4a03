"""The defined name ``Crosstable`` sized to the data: ``INDEX``/``COUNTA``, never volatile.

Excel evaluates the name itself (xlwings' ``refers_to_range``); :func:`sized_extent` computes
the same range from a sheet's stored cells for the readers that cannot evaluate formulas
(openpyxl, the headless command).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["MIN_COLUMNS", "MIN_ROWS", "parse_sized", "sized_extent", "sized_reference"]

MIN_ROWS = 2
"""Rows the name covers at least (a header and one player)."""
MIN_COLUMNS = 3
"""Columns the name covers at least (No, Name and one round)."""

_SIZED = re.compile(
    r"(?P<sheet>'(?:[^']|'')+'|[A-Za-z_][\w.]*)!\$A\$1:INDEX\((?P=sheet)!\$A:\$ZZ,"
    r"MAX\((?P<rows>\d{1,7}),COUNTA\((?P=sheet)!\$A:\$A\)\),"
    r"MAX\((?P<cols>\d{1,5}),COUNTA\((?P=sheet)!\$1:\$1\)\)\)"
)


def sized_reference(sheet: str) -> str:
    """What the name refers to: from A1 of ``sheet`` (a plain sheet name) down to the row
    counted by COUNTA in column A (the header and one cell per player, without gaps) and
    across to the column counted by COUNTA in row 1 (the header cells). INDEX and COUNTA are
    not volatile, unlike OFFSET and INDIRECT, which recalculate every formula on every edit."""
    return (f"{sheet}!$A$1:INDEX({sheet}!$A:$ZZ,MAX({MIN_ROWS},COUNTA({sheet}!$A:$A)),"
            f"MAX({MIN_COLUMNS},COUNTA({sheet}!$1:$1)))")


def parse_sized(text: str | None) -> tuple[str, int, int] | None:
    """(sheet, least rows, least columns) of a name written by :func:`sized_reference`; None
    for anything else."""
    m = _SIZED.fullmatch((text or "").strip().lstrip("="))
    if not m:
        return None
    sheet = m.group("sheet")
    if sheet.startswith("'"):
        sheet = sheet[1:-1].replace("''", "'")
    return sheet, int(m.group("rows")), int(m.group("cols"))


def sized_extent(cells: Iterable[tuple[int, int, object]], least_rows: int = MIN_ROWS,
                 least_columns: int = MIN_COLUMNS) -> tuple[int, int]:
    """(rows, columns) the sized name covers, from a sheet's (row, column, value) cells:
    COUNTA of column A and of row 1, as Excel counts them (every non-empty value)."""
    rows = columns = 0
    for row, column, value in cells:
        if value is None:
            continue
        rows += column == 1
        columns += row == 1
    return max(least_rows, rows), max(least_columns, columns)
