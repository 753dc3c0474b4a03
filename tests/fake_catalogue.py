"""A fake catalogue that turns every translated text into a marked one (``⟦Legend⟧``), and
the helpers that find the visible texts of a sheet that did not go through it.

Used by the tests that show every visible string of a sheet goes through the catalogue
(``tests/test_excel_sheets_catalogue.py``); the How-to, Functions and Formula standings sheets
can be checked the same way: build the sheet inside ``with fake_catalogue():`` and assert
``unmarked(sheet_texts(ws), allowed) == []``, ``allowed`` being the texts that are data (names,
codes, formulas) or another package's."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from xl_tiebreak.i18n.catalogue import Catalogue
from xl_tiebreak.i18n.language import using_catalogue

OPEN, CLOSE = "\u27e6", "\u27e7"


class MarkingCatalogue(Catalogue):
    """Every text ``⟦text⟧`` (its fields kept), except the conventions (decimal separator,
    CSV separator, date and place patterns), which are formats, not words."""

    def get(self, msgid: str, context: str = "") -> str | None:
        if context == "convention":
            return None
        return f"{OPEN}{msgid}{CLOSE}"


@contextmanager
def fake_catalogue() -> Iterator[None]:
    """Translate with :class:`MarkingCatalogue` inside the block."""
    with using_catalogue(MarkingCatalogue("xx", {})):
        yield


_DATA = re.compile(r"^[\d\s.,:;+\-–/½()#*%=]*$|^R\d+$")
"""Texts that are numbers, places (``3–4``), scores or round headers: data, not words."""


def sheet_texts(ws: Any) -> list[tuple[str, str]]:
    """(cell, text) of every text cell of an openpyxl worksheet that is not a formula, and its
    footer (``footer``)."""
    found = [(c.coordinate, c.value) for row in ws.iter_rows() for c in row
             if isinstance(c.value, str) and c.value.strip() and not c.value.startswith("=")]
    footer = ws.oddFooter.center.text
    if footer:
        found.append(("footer", footer))
    return found


def layout_texts(cells: Iterable[Iterable[object]]) -> list[tuple[str, str]]:
    """(row:column, text) of every text of a layout's cells."""
    return [(f"{r}:{c}", v) for r, row in enumerate(cells, 1) for c, v in enumerate(row, 1)
            if isinstance(v, str) and v.strip()]


def unmarked(texts: Iterable[tuple[str, str]], allowed: Iterable[str]) -> list[tuple[str, str]]:
    """The texts that hold no marked text and are neither data nor in ``allowed``."""
    ok = {a.strip() for a in allowed if isinstance(a, str)}
    return [(where, text) for where, text in texts
            if OPEN not in text and text.strip() not in ok and not _DATA.match(text.strip())]
