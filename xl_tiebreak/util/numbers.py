"""Exact numbers: parsing, rounding where the rules round, and formatting for people.

All scores are exact (:class:`fractions.Fraction`); binary floats appear only at the
spreadsheet boundary (:func:`to_float`).
"""

from __future__ import annotations

import decimal
from collections.abc import Mapping, Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.util.patterns import LazyPattern

Number = Fraction | int


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """Round to ``places`` decimals, halves away from zero (the rules' "0.5 rounded up")."""
    scale = 10**places
    num, den = abs(value.numerator) * scale, value.denominator
    whole = (2 * num + den) // (2 * den)  # floor(x + ½) in integers
    return Fraction(-whole if value < 0 else whole, scale)


_PLAIN = LazyPattern(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_FRACTION = LazyPattern(r"\d+/\d+")
MAX_DIGITS = 30
"""Longest number text accepted: scores and ratings never need more."""


MAX_WHOLE_DIGITS = 12
"""Longest whole number text accepted by :func:`parse_whole` unless told otherwise."""


def shown(text: str, limit: int = 40) -> str:
    """``text`` as it may appear in a message: quoted, control characters (NUL…) escaped,
    cut after ``limit`` characters (``'12345…' (4300 characters)``)."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    safe = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" if ord(c) < 256
                   else f"\\u{ord(c):04x}" for c in cut)
    extra = _(" ({count} characters)", count=len(text)) if len(text) > limit else ""
    return f"'{safe}'{extra}"


def parse_whole(
    text: str, what: str, low: int = 0, high: int | None = None,
    digits: int = MAX_WHOLE_DIGITS,
) -> int:
    """The one bounded reader of whole-number fields: ASCII digits only (an optional leading
    ``+``/``-`` when ``low`` is negative), at most ``digits`` of them, between ``low`` and
    ``high``. Raises ValueError with a message naming ``what`` (``number of rounds``,
    ``cut of BH/C…``) and the text, shown safely (:func:`shown`)."""
    s = text.strip()
    body = s[1:] if s[:1] in "+-" and low < 0 else s
    if not body or not (body.isascii() and body.isdigit()):
        raise ValueError(_("{what} {text} is not a whole number", what=what, text=shown(s)))
    if len(body.lstrip("0")) > digits:
        raise ValueError(_("{what} {text} has more than {digits} digits", what=what,
                           text=shown(s), digits=digits))
    value = int(s)
    if value < low or (high is not None and value > high):
        if high is not None:
            message = _("{what} {text} must be from {low} to {high}", what=what, text=shown(s),
                        low=low, high=high)
        else:
            message = _("{what} {text} must be at least {low}", what=what, text=shown(s), low=low)
        raise ValueError(message)
    return value


def parse_number(text: str) -> Fraction:
    """Parse ``3.5``, ``3,5``, ``3½``, ``½``, ``1/2``, ``3 1/2``, ``-1`` into an exact fraction.

    Raises ValueError when the text is not such a number (exponents, ``inf``, ``1/0``, signs
    inside a mixed number and texts longer than :data:`MAX_DIGITS` are refused).
    """
    s = text.strip().replace("\u00bd", " 1/2").replace(",", ".").strip()
    if not s or len(s) > MAX_DIGITS:
        raise ValueError(_("not a number: {text}", text=repr(text)))
    parts = s.split()
    whole, frac = (parts[0], parts[1]) if len(parts) == 2 else (parts[0], "")
    if len(parts) > 2 or (frac and not _FRACTION.fullmatch(frac)):
        raise ValueError(_("not a number: {text}", text=repr(text)))
    if _FRACTION.fullmatch(whole) and not frac:
        value = _fraction(whole, text)
    elif _PLAIN.fullmatch(whole):
        value = Fraction(decimal.Decimal(whole))
        if frac:
            extra = _fraction(frac, text)
            value = value - extra if whole.startswith("-") else value + extra
    else:
        raise ValueError(_("not a number: {text}", text=repr(text)))
    return value


def _fraction(text: str, original: str) -> Fraction:
    numerator, denominator = text.split("/")
    if int(denominator) == 0:
        raise ValueError(_("not a number: {text} (division by zero)", text=repr(original)))
    return Fraction(int(numerator), int(denominator))


def from_float(value: float) -> Fraction:
    """A spreadsheet float (3.5, 0.25) as an exact fraction, via its shortest decimal text."""
    return Fraction(decimal.Decimal(repr(float(value))))


def fmt(value: Number | None, places: int | None = None) -> str:
    """Plain decimal text: ``11.5``, ``9.25``, ``1820``; empty for None.

    With ``places``, exactly that many decimals (rounded half up). Without, the exact value with
    no trailing zeros (values with an infinite expansion are shown to 4 decimals).

    Works on the integers of the fraction (numerator, denominator): the standings print
    thousands of values, and :class:`~fractions.Fraction` arithmetic is slow.
    """
    if value is None:
        return ""
    if type(value) is int and places is None:
        return str(value)
    if not isinstance(value, Fraction):
        value = Fraction(value)
    num, den = value.numerator, value.denominator
    if places is None:
        if den == 1:
            return str(num)
        exact = _decimal_places(den)
        if exact is None:
            places = 4
        else:
            return _digits(num * (10**exact // den), exact)
    return _digits(_scaled_half_up(num, den, places), places)


def _decimal_places(den: int) -> int | None:
    """Fewest decimals (at most 8) that show ``x / den`` exactly, or None when there are none:
    the larger exponent of 2 and 5 in ``den`` when it has no other prime factor."""
    twos = (den & -den).bit_length() - 1
    rest = den >> twos
    fives = 0
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    places = max(twos, fives)
    return places if rest == 1 and places <= 8 else None


def _scaled_half_up(num: int, den: int, places: int) -> int:
    """``num / den`` times ``10**places``, rounded half away from zero (as
    :func:`round_half_up`), as an integer."""
    scale: int = 10**places
    whole = (2 * abs(num) * scale + den) // (2 * den)
    return -whole if num < 0 else whole


def _digits(scaled: int, places: int) -> str:
    """The decimal text of ``scaled / 10**places``: ``_digits(-25, 2) == "-0.25"``."""
    sign = "-" if scaled < 0 else ""
    n = abs(scaled)
    if places == 0:
        return f"{sign}{n}"
    digits = str(n).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def fmt_half(value: Number | None) -> str:
    """Human text with the half sign: ``3½``, ``½``, ``4``, ``9.25``."""
    if value is None:
        return ""
    if type(value) is int:
        return str(value)
    if not isinstance(value, Fraction):
        value = Fraction(value)
    if value.denominator == 2 and value.numerator > 0:
        whole = value.numerator // 2
        return f"{whole if whole else ''}\u00bd"
    return fmt(value)


def to_float(value: Number | None) -> float | None:
    """The spreadsheet form of a value: a float, or None for undefined (a fraction as its
    numerator divided by its denominator, the correctly rounded division ``float()`` does,
    without its generic path)."""
    if type(value) is Fraction:
        return value.numerator / value.denominator
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
