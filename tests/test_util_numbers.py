"""Tests for :mod:`xl_tiebreak.util.numbers`: the integer fast paths of ``fmt``/``fmt_half`` give
the
text that plain :class:`~fractions.Fraction` arithmetic gives."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xl_tiebreak.util.numbers import fmt, fmt_half, round_half_up


def _reference(value: Fraction, places: int | None = None) -> str:
    """Decimal text by Fraction arithmetic only: the smallest number of decimals (up to 8) that
    shows the value exactly, else 4 decimals rounded half away from zero."""
    if places is None:
        exact = next((p for p in range(9) if (value * 10**p).denominator == 1), None)
        if exact is None:
            return _reference(value, 4)
        places = exact
    scaled = abs(value) * 10**places
    whole = int(scaled + Fraction(1, 2))  # half away from zero
    negative = value < 0 and whole != 0
    text = str(whole).rjust(places + 1, "0")
    if places:
        text = f"{text[:-places]}.{text[-places:]}"
    return ("-" if negative else "") + text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(23, 2), "11.5"),
        (Fraction(37, 4), "9.25"),
        (1820, "1820"),
        (Fraction(0), "0"),
        (Fraction(-1, 4), "-0.25"),
        (Fraction(1, 3), "0.3333"),
        (Fraction(2, 3), "0.6667"),
        (Fraction(-2, 3), "-0.6667"),
        (Fraction(1, 2**8), "0.00390625"),
        (Fraction(1, 2**9), "0.0020"),  # 0.001953125 needs 9 decimals: 4, rounded
        (Fraction(-1, 30000), "0.0000"),  # rounds to zero: no minus sign
        (True, "1"),
        (None, ""),
    ],
)
def test_fmt_by_hand(value: Fraction | int | None, text: str) -> None:
    assert fmt(value) == text


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (Fraction(1, 8), 2, "0.13"),  # 0.125 half up
        (Fraction(-1, 8), 2, "-0.13"),
        (Fraction(5, 2), 0, "3"),
        (7, 2, "7.00"),
        (Fraction(-1, 1000), 2, "0.00"),
    ],
)
def test_fmt_with_places_by_hand(value: Fraction | int, places: int, text: str) -> None:
    assert fmt(value, places) == text


fractions = st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**12)
denominators_2_5 = st.builds(
    lambda n, a, b: Fraction(n, 2**a * 5**b),
    st.integers(-(10**9), 10**9), st.integers(0, 10), st.integers(0, 10),
)


@given(st.one_of(fractions, denominators_2_5))
def test_fmt_agrees_with_fraction_arithmetic(value: Fraction) -> None:
    assert fmt(value) == _reference(value)


@given(st.one_of(fractions, denominators_2_5), st.integers(0, 6))
def test_fmt_with_places_agrees_with_round_half_up(value: Fraction, places: int) -> None:
    assert fmt(value, places) == _reference(round_half_up(value, places), places)
    assert fmt(value, places) == _reference(value, places)


@given(st.integers(-(10**15), 10**15))
def test_fmt_of_an_int_is_its_digits(value: int) -> None:
    assert fmt(value) == str(value) == fmt(Fraction(value))


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(7, 2), "3\u00bd"),
        (Fraction(1, 2), "\u00bd"),
        (4, "4"),
        (Fraction(4), "4"),
        (Fraction(37, 4), "9.25"),
        (Fraction(-1, 2), "-0.5"),
        (None, ""),
    ],
)
def test_fmt_half_by_hand(value: Fraction | int | None, text: str) -> None:
    assert fmt_half(value) == text


@given(fractions)
def test_fmt_half_is_fmt_except_for_positive_halves(value: Fraction) -> None:
    if value.denominator == 2 and value > 0:
        whole = int(value)
        assert fmt_half(value) == (str(whole) if whole else "") + "\u00bd"
    else:
        assert fmt_half(value) == fmt(value)
