"""Regular expressions compiled when first used, not when their module is imported.

Compiling a pattern costs a tenth of a millisecond to half a millisecond; the readers and the
descriptor parser hold about twenty, most of which a given run never uses (date forms, TRF
records a file does not have). A :class:`LazyPattern` is declared like ``re.compile`` and
offers the methods of :class:`re.Pattern` the package calls (docs/engineering.md D77).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["LazyPattern"]


class LazyPattern:
    """``re.compile(source, flags)``, done on the first call of a method."""

    __slots__ = ("source", "flags", "_compiled")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source = source
        """The pattern text."""
        self.flags = flags
        """The :mod:`re` flags (``re.ASCII``, ``re.IGNORECASE``…)."""
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled once)."""
        found = self._compiled
        if found is None:
            found = self._compiled = re.compile(self.source, self.flags)
        return found

    def match(self, text: str) -> re.Match[str] | None:
        """:meth:`re.Pattern.match`."""
        return self.compiled.match(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        """:meth:`re.Pattern.fullmatch`."""
        return self.compiled.fullmatch(text)

    def search(self, text: str) -> re.Match[str] | None:
        """:meth:`re.Pattern.search`."""
        return self.compiled.search(text)

    def finditer(self, text: str, pos: int = 0) -> Iterator[re.Match[str]]:
        """:meth:`re.Pattern.finditer` (from index ``pos``)."""
        return self.compiled.finditer(text, pos)

    def split(self, text: str, maxsplit: int = 0) -> list[str]:
        """:meth:`re.Pattern.split` (for a pattern without groups)."""
        return self.compiled.split(text, maxsplit)

    def sub(self, replacement: str, text: str) -> str:
        """:meth:`re.Pattern.sub`."""
        return self.compiled.sub(replacement, text)

    def __repr__(self) -> str:
        return f"LazyPattern({self.source!r}, {self.flags!r})"
