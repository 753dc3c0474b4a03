"""Message catalogues in the gettext ``.po`` form, read without compiling them.

A catalogue maps each English text (its ``msgid``, with an optional ``msgctxt`` telling apart
two uses of the same English words) to its translation (``msgstr``). The ``.po`` form is the
one translators' tools (Poedit, Weblate, Crowdin) edit; reading it here, in a few lines of the
standard library, keeps the package free of a build step and working in Pyodide. Entries
marked ``#, fuzzy`` and empty translations are left out, so that their English text is used.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["Catalogue", "CatalogueError", "parse_po"]

_KEYWORD = re.compile(r'(msgctxt|msgid|msgstr)\s+"(.*)"\s*$')
_CONTINUATION = re.compile(r'"(.*)"\s*$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


class CatalogueError(ValueError):
    """A ``.po`` text that cannot be read, with the line number."""


def _unescape(text: str, line_no: int) -> str:
    out = []
    chars = iter(text)
    for c in chars:
        if c != "\\":
            out.append(c)
            continue
        nxt = next(chars, "")
        if nxt not in _ESCAPES:
            raise CatalogueError(f"line {line_no}: unknown escape \\{nxt}")
        out.append(_ESCAPES[nxt])
    return "".join(out)


def parse_po(text: str) -> dict[tuple[str, str], str]:
    """The translations of a ``.po`` text, keyed by (context, English text); the header entry
    (empty ``msgid``), fuzzy entries and empty translations are not included."""
    found: dict[tuple[str, str], str] = {}
    entry: dict[str, str] = {}
    fuzzy = False
    field = ""

    def close() -> None:
        nonlocal entry, fuzzy, field
        msgid, msgstr = entry.get("msgid"), entry.get("msgstr")
        if msgid and msgstr and not fuzzy:
            found[(entry.get("msgctxt", ""), msgid)] = msgstr
        entry, fuzzy, field = {}, False, ""

    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            close()
            continue
        if line.startswith("#"):
            if "msgid" in entry:
                close()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        keyword = _KEYWORD.match(line)
        if keyword:
            name, value = keyword.groups()
            if name in ("msgctxt", "msgid") and "msgstr" in entry:
                close()
            if name in entry:
                raise CatalogueError(f"line {line_no}: a second {name} in one entry")
            field = name
            entry[field] = _unescape(value, line_no)
            continue
        more = _CONTINUATION.match(line)
        if more and field:
            entry[field] += _unescape(more.group(1), line_no)
            continue
        raise CatalogueError(f"line {line_no}: cannot read {raw.strip()[:40]!r}")
    close()
    return found


class Catalogue:
    """The translations of one language."""

    __slots__ = ("language", "_entries")

    def __init__(self, language: str, entries: dict[tuple[str, str], str]) -> None:
        self.language = language
        self._entries = entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._entries)

    def get(self, msgid: str, context: str = "") -> str | None:
        """The translation of ``msgid`` (in ``context``), or None when the catalogue has none."""
        return self._entries.get((context, msgid))

    def keys(self) -> list[tuple[str, str]]:
        """Every (context, English text) the catalogue translates."""
        return list(self._entries)
