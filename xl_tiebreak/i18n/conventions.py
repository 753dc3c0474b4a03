"""How the language in force writes numbers, dates, places and CSV files.

The conventions are catalogue entries like any text, under the context ``"convention"``, so
that a translator who adds a language sets them in the same one file: the decimal separator
(msgid ``"."``), the CSV field separator (msgid ``","``), the date pattern and the place
patterns. English is the code's form: ``2.5``, ``2026-03-01``, ``3`` and ``3-4``, commas in CSV.
"""

from __future__ import annotations

import datetime as _dt
import re

from xl_tiebreak.i18n.language import translate

__all__ = ["csv_separator", "date_text", "decimal_separator", "number_text", "place_range_text",
           "place_text", "typed_formula"]

_NUMBER = re.compile(r"^([+\-\u2212]?\d*)\.(\d+)$")


def decimal_separator() -> str:
    """The decimal separator: ``.`` in English, ``,`` in Portuguese."""
    return translate(".", "convention")


def csv_separator() -> str:
    """The field separator of CSV files as the language's spreadsheet opens them: ``,`` in
    English, ``;`` in Portuguese (where the comma is the decimal separator)."""
    return translate(",", "convention")


def typed_formula(formula: str) -> str:
    """A formula as a person types it in the language in force: its arguments separated by
    the language's list separator (``;`` in Portuguese, as Excel's list separator is the CSV
    one); a file keeps commas."""
    return formula.replace(",", csv_separator())


def number_text(text: str) -> str:
    """A number already written in the code's form (``2.5``, ``-0.25``, ``12``) written with the
    language's decimal separator; any other text (``½``, ``-``, a name) is returned as it is."""
    separator = decimal_separator()
    if separator == ".":
        return text
    found = _NUMBER.match(text)
    if found is None:
        return text
    return f"{found.group(1)}{separator}{found.group(2)}"


def date_text(day: _dt.date) -> str:
    """A date as the language writes it: ``2026-03-01`` in English (ISO 8601), ``01/03/2026``
    in Portuguese."""
    pattern = translate("{year:04d}-{month:02d}-{day:02d}", "convention")
    return pattern.format(year=day.year, month=day.month, day=day.day)


def place_text(place: int) -> str:
    """One place: ``3`` in English, ``3º`` in Portuguese."""
    return translate("{place}", "convention").format(place=place)


def place_range_text(first: int, last: int) -> str:
    """A shared place: ``3-4`` in English, ``3º–4º`` in Portuguese (one place when equal)."""
    if first == last:
        return place_text(first)
    return translate("{first}-{last}", "convention").format(first=first, last=last)
