"""Dates as organizers write them: TRF forms, ISO texts, Excel serial numbers, date cells.

The one place where dates are read (docs/decisions.md D2); the TRF reader, the workbook's
Settings sheet and the worksheet functions use it.
"""

from __future__ import annotations

import datetime
import re

EXCEL_EPOCH = datetime.date(1899, 12, 30)
"""Day 0 of Excel's date serial numbers (1900 date system, after its leap-year bug)."""
MAX_EXCEL_SERIAL = 2_958_465
"""Serial number of 9999-12-31, the last date Excel shows."""


_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "mär": 3, "mrz": 3, "apr": 4, "may": 5, "mai": 5,
    "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "okt": 10, "nov": 11, "dec": 12,
    "dez": 12,
}  # fmt: skip
"""Month names by their first three letters (English, and the German forms that differ)."""

_NUMERIC_DATE = re.compile(r"(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})", re.ASCII)
_COMPACT_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})", re.ASCII)
_MONTH_FIRST = re.compile(
    r"([^\W\d_]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\.?,?\s+(\d{4})", re.IGNORECASE
)
_DAY_FIRST = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?\.?\s+([^\W\d_]+)\.?,?\s+(\d{4})", re.IGNORECASE)


def parse_date(text: str) -> datetime.date | None:
    """Read a date in any form seen in real TRF files; None when it is not a date.

    Accepted: ``2026/04/01``, ``2026-04-01``, ``2026.04.01``, ``20260401``, ``01.04.2026``,
    ``01/04/2026``, ``28. 07. 2005``, ``10.09.13`` (two-digit years: 00–69 → 20xx, 70–99 → 19xx),
    ``May 29, 2020``, ``29 May 2020``. With the year last, day-first is preferred
    (``01/04/2026`` is 1 April); month-first is used only when day-first is impossible
    (``04/13/2026``).
    """
    s = text.strip()
    if not s:
        return None
    for reader in (_numeric_date, _named_date):
        found = reader(s)
        if found is not None:
            return found
    return None


def _numeric_date(s: str) -> datetime.date | None:
    """``y/m/d``, ``d/m/y``, ``m/d/y`` (any of ``/ . -`` as separator) or ``yyyymmdd``."""
    compact = _COMPACT_DATE.fullmatch(s)
    if compact:
        return _make_date(compact[1], compact[2], compact[3])
    m = _NUMERIC_DATE.fullmatch(s)
    if not m:
        return None
    a, b, c = m.groups()
    if len(a) == 4:
        candidates = [(a, b, c), (a, c, b)]
    elif len(a) <= 2 and len(c) in (2, 4):
        candidates = [(c, b, a), (c, a, b)]
    else:
        return None
    for year, month, day in candidates:
        found = _make_date(year, month, day)
        if found is not None:
            return found
    return None


def _named_date(s: str) -> datetime.date | None:
    """``May 29, 2020``, ``Jun 26 2020``, ``29 May 2020``, ``3rd March 2021``."""
    m = _MONTH_FIRST.fullmatch(s)
    if m:
        month_name, day, year = m.groups()
    else:
        m = _DAY_FIRST.fullmatch(s)
        if not m:
            return None
        day, month_name, year = m.groups()
    month = _MONTHS.get(month_name[:3].lower())
    if month is None:
        return None
    return _make_date(year, str(month), day)


def _make_date(year: str, month: str, day: str) -> datetime.date | None:
    """A valid date from digit strings (two-digit years expanded), or None."""
    y = int(year)
    if len(year) == 2:
        y += 2000 if y < 70 else 1900
    elif len(year) != 4:
        return None
    try:
        return datetime.date(y, int(month), int(day))
    except ValueError:
        return None


def from_excel_serial(serial: float) -> datetime.date | None:
    """The date of an Excel serial number (``46123`` → 2026-04-11); None when out of range."""
    if not 1 <= serial <= MAX_EXCEL_SERIAL:
        return None
    return EXCEL_EPOCH + datetime.timedelta(days=int(serial))


def date_value(value: object) -> datetime.date | None:
    """A date from a cell or an argument: a date or datetime object, an Excel serial number,
    a ``yyyymmdd`` number (``20260411``) or a text in any form :func:`parse_date` reads; None
    when it is not a date."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        if value != int(value):
            return None
        number = int(value)
        if 19000101 <= number <= 99991231:
            return parse_date(str(number))
        return from_excel_serial(number)
    if isinstance(value, str):
        return parse_date(value)
    return None


_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})[./](\d{1,2})[./](\d{4})")


def sheet_date(value: object) -> datetime.date | None:
    """A start date as the workbook's Settings sheet reads it; None when it is not a date.

    Accepted: a date or datetime cell; an Excel serial number (a date-time serial gives its
    day: ``46123.75`` → 2026-04-11); a text starting with an ISO date (``2026-04-11``,
    ``2026-04-11T10:00``, ``20260411``); ``11.04.2026`` or ``11/04/2026`` (day first).
    """
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and 1 <= value < MAX_EXCEL_SERIAL + 1
    ):
        return EXCEL_EPOCH + datetime.timedelta(days=int(value))
    text = str(value).strip()
    try:
        return datetime.date.fromisoformat(text[:10])
    except ValueError:
        pass
    m = _DAY_MONTH_YEAR.fullmatch(text)
    if m:
        try:
            return datetime.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
        except ValueError:
            return None
    return None
