"""Exact numbers: parsing, rounding where the rules round, and formatting for people.

All scores are exact (:class:`fractions.Fraction`); binary floats appear only at the
spreadsheet boundary (:func:`to_float`).
"""

from __future__ import annotations

import decimal
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

Number = Fraction | int


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """Round to ``places`` decimals, halves away from zero (the rules' "0.5 rounded up")."""
    scale = 10**places
    num, den = abs(value.numerator) * scale, value.denominator
    whole = (2 * num + den) // (2 * den)  # floor(x + ½) in integers
    return Fraction(-whole if value < 0 else whole, scale)


_PLAIN = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_FRACTION = re.compile(r"\d+/\d+")
MAX_DIGITS = 30
"""Longest number text accepted: scores and ratings never need more."""


def parse_number(text: str) -> Fraction:
    """Parse ``3.5``, ``3,5``, ``3½``, ``½``, ``1/2``, ``3 1/2``, ``-1`` into an exact fraction.

    Raises ValueError when the text is not such a number (exponents, ``inf``, ``1/0``, signs
    inside a mixed number and texts longer than :data:`MAX_DIGITS` are refused).
    """
    s = text.strip().replace("\u00bd", " 1/2").replace(",", ".").strip()
    if not s or len(s) > MAX_DIGITS:
        raise ValueError(f"not a number: {text!r}")
    parts = s.split()
    whole, frac = (parts[0], parts[1]) if len(parts) == 2 else (parts[0], "")
    if len(parts) > 2 or (frac and not _FRACTION.fullmatch(frac)):
        raise ValueError(f"not a number: {text!r}")
    if _FRACTION.fullmatch(whole) and not frac:
        value = _fraction(whole, text)
    elif _PLAIN.fullmatch(whole):
        value = Fraction(decimal.Decimal(whole))
        if frac:
            extra = _fraction(frac, text)
            value = value - extra if whole.startswith("-") else value + extra
    else:
        raise ValueError(f"not a number: {text!r}")
    return value


def _fraction(text: str, original: str) -> Fraction:
    numerator, denominator = text.split("/")
    if int(denominator) == 0:
        raise ValueError(f"not a number: {original!r} (division by zero)")
    return Fraction(int(numerator), int(denominator))


def from_float(value: float) -> Fraction:
    """A spreadsheet float (3.5, 0.25) as an exact fraction, via its shortest decimal text."""
    return Fraction(decimal.Decimal(repr(float(value))))


def fmt(value: Number | None, places: int | None = None) -> str:
    """Plain decimal text: ``11.5``, ``9.25``, ``1820``; empty for None.

    With ``places``, exactly that many decimals (rounded half up). Without, the exact value with
    no trailing zeros (values with an infinite expansion are shown to 4 decimals).
    """
    if value is None:
        return ""
    value = Fraction(value)
    if places is not None:
        return _fixed(round_half_up(value, places), places)
    for p in range(0, 9):
        if (value * 10**p).denominator == 1:
            return _fixed(value, p)
    return _fixed(round_half_up(value, 4), 4)


def _fixed(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    n = int(scaled)  # exact here: caller rounded already
    sign = "-" if n < 0 else ""
    n = abs(n)
    if places == 0:
        return f"{sign}{n}"
    digits = str(n).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def fmt_half(value: Number | None) -> str:
    """Human text with the half sign: ``3½``, ``½``, ``4``, ``9.25``."""
    if value is None:
        return ""
    value = Fraction(value)
    whole = int(value)
    if value.denominator == 2 and value >= 0:
        return f"{whole if whole else ''}\u00bd"
    return fmt(value)


def to_float(value: Number | None) -> float | None:
    """The spreadsheet form of a value: a float, or None for undefined."""
    return None if value is None else float(value)


def split_runs(
    group: list[int], keys: Sequence[float | int] | Mapping[int, Fraction] | Mapping[int, int]
) -> list[list[int]]:
    """Order a group of indices by key (smallest first) and cut it into runs of equal keys."""
    ordered = sorted(group, key=keys.__getitem__)
    parts: list[list[int]] = []
    last: object = object()
    for i in ordered:
        k = keys[i]
        if k != last:
            parts.append([])
            last = k
        parts[-1].append(i)
    return parts
