"""The package's marked texts (``xl_tiebreak.i18n.extract.marked_texts``), read once per test
process: parsing every module of the package costs about a second, and the catalogue tests
and the Portuguese-output tests of several modules ask for it (under ``-n`` each worker
collects every module, so a module-level reading was paid by each)."""

from __future__ import annotations

import functools

from xl_tiebreak.i18n.extract import MarkedText, marked_texts


@functools.cache
def package_marked_texts() -> tuple[tuple[MarkedText, ...], tuple[str, ...]]:
    """``marked_texts()`` of the package, as tuples (shared: not to be changed): the marked
    texts, and the places of marking calls whose text is not a literal."""
    found, not_literal = marked_texts()
    return tuple(found), tuple(not_literal)
