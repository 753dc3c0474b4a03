"""Text that goes into spreadsheets and CSV files from strangers' files, made harmless.

One guard for every output (CSV, text tables, sheets written by the spreadsheet layer): a text
a spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice on CSV
injection).
"""

from __future__ import annotations

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
"""First characters that make a spreadsheet read a text as a formula (or hide one)."""


def formula_safe(text: str) -> str:
    """``text`` unchanged, or with an apostrophe in front when it starts like a formula."""
    return "'" + text if text.startswith(FORMULA_START) else text
