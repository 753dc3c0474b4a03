"""Excel-specific cell helpers: error values, dates where numbers were meant, A1 ranges and
sheet look-up.

The generic helpers (blank cells, A1 names, quoting) are in the core :mod:`xl_tiebreak.util.cells`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.model.tournament import Problem, Severity

__all__ = [
    "LAST_COLUMN",
    "LAST_ROW",
    "bounds",
    "cell_errors",
    "cell_index",
    "date_hints",
    "excel_error",
    "find_sheet",
    "within",
]

LAST_ROW = 1_048_576
"""The last row of an Excel sheet."""
LAST_COLUMN = 16_384
"""The last column of an Excel sheet (XFD)."""

_ERROR_VALUE = re.compile(r"#N/A|#[A-Z][A-Z0-9/_]*[!?]")
"""The texts Excel shows for error values (#N/A, #DIV/0!, #VALUE!, #REF!, #NAME?, #SPILL!…);
xlwings hands them over as such texts with ``err_to_str=True``, openpyxl always."""


def excel_error(value: object) -> str | None:
    """The Excel error a cell shows (``#N/A``), None for any other value."""
    if isinstance(value, str) and value[:1] == "#":
        text = value.strip()
        if _ERROR_VALUE.fullmatch(text):
            return text
    return None


def cell_errors(values: Sequence[Sequence[object]], where: Callable[[int, int], str]
                ) -> list[Problem]:
    """An error for every cell of a 2-D range that shows an Excel error value (``#N/A``),
    named by ``where(row, col)`` (0-based positions in the range)."""
    problems: list[Problem] = []
    for i, row in enumerate(values):
        if not isinstance(row, (list, tuple)):
            continue
        for j, value in enumerate(row):
            code = excel_error(value)
            if code is not None:
                problems.append(Problem(
                    Severity.ERROR,
                    _("the cell shows the Excel error {code}: correct its formula (or the "
                      "cells it uses), or type the value", code=code),
                    where(i, j),
                ))
    return problems


_ISO_IN_MESSAGE = re.compile(r"'(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?'")
_DATE_HINT = N_("; the cell holds a date (Excel turns some typed numbers and results, such as "
                "1/2 or 3.5 in some languages, into dates): format it as Text or Number and "
                "type it again")


def date_hints(problems: Sequence[Problem]) -> list[Problem]:
    """The problems with cells holding dates shown as ISO dates, with a hint how it happened."""
    out = []
    for p in problems:
        m = _ISO_IN_MESSAGE.search(p.message)
        if m is None:
            out.append(p)
            continue
        shown = m.group(1) if m.group(2) == "00:00:00" else f"{m.group(1)} {m.group(2)}"
        message = p.message[: m.start()] + _("the date {date}", date=shown) + p.message[m.end():]
        out.append(p.replace(message=message + _(_DATE_HINT)))
    return out


def find_sheet(names: Iterable[str], name: str) -> str | None:
    """The name in ``names`` equal to ``name`` as Excel compares sheet names (ignoring case),
    None when there is none."""
    wanted = name.casefold()
    return next((n for n in names if n.casefold() == wanted), None)


_CELL = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]+)")
_COLUMN = re.compile(r"\$?([A-Za-z]{1,3})")
_ROW = re.compile(r"\$?([0-9]+)")


def cell_index(ref: str) -> tuple[int, int]:
    """The 1-based (row, column) of an A1 cell name (``$`` allowed). Raises ValueError."""
    m = _CELL.fullmatch(ref.strip().upper())
    if m is None:
        raise ValueError(f"not a cell reference: {ref!r}")
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - ord("A") + 1
    return int(m.group(2)), col


def bounds(ref: str) -> tuple[int, int, int, int]:
    """(row1, col1, row2, col2) of ``A1``, ``A1:C3``, ``A:C`` (whole columns) or ``1:3``
    (whole rows). Raises ValueError."""
    first, _, last = ref.partition(":")
    last = last or first
    cols = _COLUMN.fullmatch(first.strip()), _COLUMN.fullmatch(last.strip())
    if cols[0] and cols[1]:
        first, last = f"{cols[0].group(1)}1", f"{cols[1].group(1)}{LAST_ROW}"
    rows = _ROW.fullmatch(first.strip()), _ROW.fullmatch(last.strip())
    if rows[0] and rows[1]:
        first, last = f"A{rows[0].group(1)}", f"XFD{rows[1].group(1)}"
    r1, c1 = cell_index(first)
    r2, c2 = cell_index(last)
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def within(ref: str, r1: int, c1: int, r2: int, c2: int) -> bool:
    """True when the cell ``ref`` lies inside the 1-based range (r1, c1)–(r2, c2)."""
    r, c = cell_index(ref)
    return r1 <= r <= r2 and c1 <= c <= c2
