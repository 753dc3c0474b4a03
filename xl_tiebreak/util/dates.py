"""Dates as organizers write them: TRF forms, ISO texts, Excel serial numbers, date cells.

The one place where dates are read (docs/decisions.md D2); the TRF reader, the workbook's
Settings sheet and the worksheet functions use it.
"""

from __future__ import annotations

import datetime
import re

from xl_tiebreak.util.patterns import LazyPattern

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

_NUMERIC_DATE = LazyPattern(r"(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})", re.ASCII)
_COMPACT_DATE = LazyPattern(r"(\d{4})(\d{2})(\d{2})", re.ASCII)
_MONTH_FIRST = LazyPattern(
    r"([^\W\d_]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\.?,?\s+(\d{4})", re.IGNORECASE
)
_DAY_FIRST = LazyPattern(r"(\d{1,2})(?:st|nd|rd|th)?\.?\s+([^\W\d_]+)\.?,?\s+(\d{4})",
                         re.IGNORECASE)


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
        candidates = [(a, b, c)]  # year first: always year, month, day (ISO 8601)
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


_RANGE_SEPARATOR = LazyPattern(r"\s+(?:-|–|—|to|bis|au|al|a|do)\s+|\s*[–—]\s*", re.IGNORECASE)
_MONTH_DAYS_YEAR = LazyPattern(
    r"([^\W\d_]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*[-–—]\s*(?:[^\W\d_]+\.?\s+)?"
    r"\d{1,2}(?:st|nd|rd|th)?,?\s+(\d{4})", re.IGNORECASE)
"""``Aug 1-5, 2024``, ``Jul 30 - Aug 3, 2024`` (the first month is the start's)."""
_DAYS_MONTH_YEAR = LazyPattern(
    r"(\d{1,2})\.?\s*[-–—]\s*\d{1,2}\.?\s*([^\W\d_]+)\.?,?\s+(\d{4})", re.IGNORECASE)
"""``1-5 Aug 2024``, ``1.-5. August 2024``."""
_DAYS_NUMERIC = LazyPattern(r"(\d{1,2})\.?\s*[-–—]\s*(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})")
"""``1.-5.8.2024``, ``01-05.08.2024``: days of one month."""


def parse_date_range(text: str) -> tuple[datetime.date, datetime.date] | None:
    """A date range as organizers write the dates of an event; None when it is not one.

    ``1.8.2024 - 5.8.2024``, ``2024/08/01 to 2024/08/05``, ``Aug 1-5, 2024``,
    ``Jul 30 - Aug 3, 2024``, ``1-5 Aug 2024``, ``1.-5.8.2024``. The end must not be before
    the start.
    """
    s = " ".join(text.split())
    found = _range_by_separator(s) or _range_of_days(s)
    if found is None or found[1] < found[0]:
        return None
    return found


def _range_by_separator(s: str) -> tuple[datetime.date, datetime.date] | None:
    for m in _RANGE_SEPARATOR.finditer(s):
        first, last = parse_date(s[: m.start()]), parse_date(s[m.end():])
        if first is not None and last is not None:
            return first, last
    return None


def _range_of_days(s: str) -> tuple[datetime.date, datetime.date] | None:
    m = _MONTH_DAYS_YEAR.fullmatch(s)
    if m:
        month_name, day, year = m.groups()
        start = _named(year, month_name, day)
        end_text = s[m.end(2):].lstrip(" stndrh").lstrip("-–— ")
        end = parse_date(end_text) or parse_date(f"{month_name} {end_text}")
        return (start, end) if start is not None and end is not None else None
    m = _DAYS_MONTH_YEAR.fullmatch(s)
    if m:
        day, month_name, year = m.groups()
        start = _named(year, month_name, day)
        end = parse_date(s[m.end(1):].lstrip(". -–—"))
        return (start, end) if start is not None and end is not None else None
    m = _DAYS_NUMERIC.fullmatch(s)
    if m:
        first, last, month, year = m.groups()
        start, end = _make_date(year, month, first), _make_date(year, month, last)
        return (start, end) if start is not None and end is not None else None
    return None


def _named(year: str, month_name: str, day: str) -> datetime.date | None:
    month = _MONTHS.get(month_name[:3].lower())
    return None if month is None else _make_date(year, str(month), day)


def parse_start_date(text: str) -> datetime.date | None:
    """The start of an event from a date or a date range (:func:`parse_date`,
    :func:`parse_date_range`); None when neither."""
    found = parse_date(text)
    if found is not None:
        return found
    span = parse_date_range(text)
    return None if span is None else span[0]


_TWO_DIGIT = LazyPattern(r"(\d{1,2})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{2})", re.ASCII)


def date_readings(text: str) -> list[datetime.date]:
    """Every reading of a date: one for an unambiguous form; for three fields of one or two
    digits (``10.09.13``) the valid ones of day-month-year, month-day-year, year-month-day and
    year-day-month (ICU round dates: ``11.25.02`` is 25 February 2011), in that order; for a
    range, the readings of its start. Empty when not a date."""
    s = text.strip()
    m = _TWO_DIGIT.fullmatch(s)
    if m is None:
        span = parse_date_range(s)
        if span is None:
            found = parse_date(s)
            return [] if found is None else [found]
        first = _RANGE_SEPARATOR.split(" ".join(s.split()), maxsplit=1)[0]
        readings = date_readings(first) if _TWO_DIGIT.fullmatch(first) else []
        return readings or [span[0]]
    a, _, b, c = m.groups()
    out: list[datetime.date] = []
    for year, month, day in ((c, b, a), (c, a, b), (a.rjust(2, "0"), b, c),
                             (a.rjust(2, "0"), c, b)):
        found = _make_date(year, month, day) if len(year) == 2 else None
        if found is not None and found not in out:
            out.append(found)
    return out


MAX_EVENT_DAYS = 400
"""Longest span from the start date to any other date of an event (round dates, end date)
that counts as agreeing with it."""


def choose_start_date(
    readings: list[datetime.date], others: list[list[datetime.date]]
) -> tuple[datetime.date | None, bool]:
    """The start date among ``readings`` that the event's other dates (each a list of
    readings: the end date, the round dates) agree with best: the most of them on or after it
    within :data:`MAX_EVENT_DAYS`. Returns the date and whether the choice is certain (one
    reading, or one best); an uncertain choice falls back to the first reading."""
    if not readings:
        return None, False
    if len(readings) == 1:
        return readings[0], True

    def agreeing(day: datetime.date) -> int:
        return sum(
            any(0 <= (o - day).days <= MAX_EVENT_DAYS for o in other) for other in others
        )

    scores = [agreeing(day) for day in readings]
    best = max(scores)
    if best and scores.count(best) == 1:
        return readings[scores.index(best)], True
    return readings[0], False


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


_DAY_MONTH_YEAR = LazyPattern(r"(\d{1,2})[./](\d{1,2})[./](\d{4})")


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
