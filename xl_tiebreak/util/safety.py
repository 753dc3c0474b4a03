"""Text that goes into spreadsheets and CSV files from strangers' files, made harmless.

One guard for every output (CSV files, the text table, sheets written by the spreadsheet
layer, warnings printed next to them): :func:`formula_safe`. Following OWASP's advice on CSV
injection, a text a spreadsheet would run as a formula gets an apostrophe in front. A
spreadsheet may also *split* a field before it evaluates the pieces: a CSV opened in a locale
whose list separator is ``;``, a text pasted with tabs or line breaks in it. So every piece
that such a split could produce is guarded too: a formula character right after ``;``, ``,``,
tab, CR or LF inside the text (spaces between them allowed) gets the same apostrophe.
"""

from __future__ import annotations

import re

from xl_tiebreak.util.patterns import LazyPattern

__all__ = ["FORMULA_START", "SEPARATORS", "formula_safe", "printable"]

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
"""First characters that make a spreadsheet read a text as a formula (or hide one)."""
SEPARATORS = (";", ",", "\t", "\r", "\n")
"""Characters at which a spreadsheet may split one text into several cells."""

_STARTS = re.escape("".join(c for c in FORMULA_START if c not in SEPARATORS))
_INSIDE = LazyPattern(f"([{re.escape(''.join(SEPARATORS))}][ ]*)(?=[{_STARTS}])")


def formula_safe(text: str, split: bool = True) -> str:
    """``text`` unchanged when no part of it can be run as a formula; else with an apostrophe
    in front of it (it starts like a formula) and after each separator that a formula
    character follows (``x;=1+1`` becomes ``x;'=1+1``).

    ``split=False`` is for a text written straight into one spreadsheet cell (never split by
    the spreadsheet): only its start is guarded."""
    if text.startswith(FORMULA_START):
        text = "'" + text
    if split and any(s in text for s in SEPARATORS):
        text = _INSIDE.sub(r"\1'", text)
    return text


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on or hide escaped as Python writes
    it: control characters (``\\x1b``, a line break as ``\\x0a``), format characters such as a
    right-to-left override (``\\u202e``), other separators than the space; unchanged when it
    has none. For names from files (a file name, a player's name) shown to people."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
