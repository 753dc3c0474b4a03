"""Tests for :mod:`xl_tiebreak.util.dates`: Excel serials, cell values and the Settings sheet's
start dates (the TRF forms are tested in test_formats_trf.py)."""

from __future__ import annotations

import datetime

import pytest

from xl_tiebreak.util.dates import (
    EXCEL_EPOCH,
    date_value,
    from_excel_serial,
    parse_date,
    sheet_date,
)

D = datetime.date


def test_excel_serials() -> None:
    # 1 January 1900 is serial 1 in Excel; 45658 is 2025-01-01 (days since 1899-12-30)
    assert from_excel_serial(45658) == D(2025, 1, 1)
    assert EXCEL_EPOCH + datetime.timedelta(days=2) == D(1900, 1, 1)
    assert from_excel_serial(2_958_465) == D(9999, 12, 31)
    assert from_excel_serial(0) is None
    assert from_excel_serial(2_958_466) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (D(2026, 4, 11), D(2026, 4, 11)),
        (datetime.datetime(2026, 4, 11, 9, 30), D(2026, 4, 11)),
        (46123, D(2026, 4, 11)),
        (46123.0, D(2026, 4, 11)),
        (46123.5, None),
        (20260411, D(2026, 4, 11)),
        ("11.04.2026", D(2026, 4, 11)),
        (True, None),
        (None, None),
    ],
)
def test_date_value(value: object, expected: D | None) -> None:
    assert date_value(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (D(2026, 4, 11), D(2026, 4, 11)),
        (datetime.datetime(2026, 4, 11, 9, 30), D(2026, 4, 11)),
        (46123, D(2026, 4, 11)),
        (46123.75, D(2026, 4, 11)),  # a date-time serial: its day
        ("2026-04-11", D(2026, 4, 11)),
        ("2026-04-11T10:00", D(2026, 4, 11)),
        (" 11.04.2026 ", D(2026, 4, 11)),
        ("11/04/2026", D(2026, 4, 11)),
        ("1.4.2026", D(2026, 4, 1)),
        ("04/13/2026", None),  # day first only
        ("31.02.2026", None),
        ("April 2026", None),
        (0, None),
        (False, None),
        ("", None),
    ],
)
def test_sheet_date(value: object, expected: D | None) -> None:
    assert sheet_date(value) == expected


@pytest.mark.parametrize("text", ["2026-13-01", "2026/31/12", "2026.13.01"])
def test_a_year_first_date_is_year_month_day_or_nothing(text: str) -> None:
    """Year first is ISO 8601's order: a month above 12 is not read as day and month
    swapped (13 January), it is no date, and the reader then says so."""
    assert parse_date(text) is None
