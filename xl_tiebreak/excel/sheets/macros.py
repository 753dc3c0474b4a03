"""One-click standings: the xlwings entry points.

* :func:`main` — classic xlwings: the ribbon's "Run main" (which imports the module named like
  the workbook, e.g. ``swiss.py`` next to ``swiss.xlsm``, whose ``main`` is this one) and
  ``RunPython "import xl_tiebreak.macros; xl_tiebreak.macros.main()"``.
* :func:`write_standings` — xlwings Lite script (``@xw.script``; the book is passed in).

Both call :func:`xl_tiebreak.excel.sheets.writer.write_standings_to` on an
:class:`~xl_tiebreak.excel.book.xlwings_book.XlwingsBook`, the same writer the headless command uses
with openpyxl. Workbooks and their companion modules reach them as ``xl_tiebreak.macros``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, TypeVar

import xlwings as xw

from xl_tiebreak.excel.book.xlwings_book import XlwingsBook
from xl_tiebreak.excel.sheets.writer import WriteResult, write_problems_to, write_standings_to
from xl_tiebreak.model.tournament import Problem, Severity

__all__ = ["main", "run", "tell", "write_standings"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _identity(f: _F) -> _F:
    return f


_script: Callable[[_F], _F] = getattr(xw, "script", None) or _identity
"""``xw.script`` where this xlwings has it (0.33+); older versions get a plain function."""


def tell(book: Any, message: str, problems: bool = False) -> None:
    """Tell the user in Excel what the macro did: classic xlwings shows ``message`` in Excel's
    status bar (and, when there are ``problems``, in a message box too, so that they are not
    missed); xlwings Lite, which has no status bar, shows a message box (``book.app.alert``).
    Also printed (xlwings' console). Never raises: telling must not turn a done job into a
    failure."""
    text = f"xl-tiebreak: {message}"
    print(text)
    app = getattr(book, "app", None)
    if app is None:
        return
    shown = False
    try:
        app.status_bar = text
        shown = True
    except Exception:  # Lite: no status bar
        shown = False
    if shown and not problems:
        return
    with contextlib.suppress(Exception):
        app.alert(message, title="xl-tiebreak")


def run(book: Any) -> WriteResult | None:
    """Write the standings of an ``xlwings.Book``; tell the user the outcome (:func:`tell`).

    Problems in the crosstable or settings go to the Problems sheet (see
    :func:`~xl_tiebreak.excel.sheets.writer.write_standings_to`). An unexpected failure is written
    to the
    Problems sheet (never over a sheet of the user's) instead of reaching the user as a
    traceback; None is returned then.
    """
    target = XlwingsBook(book)
    try:
        result = write_standings_to(target)
    except Exception as exc:  # never a traceback for the user
        message = f"internal error ({type(exc).__name__}: {exc}); please report it"
        with contextlib.suppress(Exception):  # the message is told in any case
            write_problems_to(target, [Problem(Severity.ERROR, message)])
        tell(book, message, problems=True)
        return None
    tell(book, result.message, problems=not result.ok)
    return result


def main() -> None:
    """Classic xlwings entry ("Run main", RunPython): writes the calling workbook's standings."""
    run(xw.Book.caller())


@_script
def write_standings(book: xw.Book) -> None:
    """xlwings Lite script: writes the Standings sheet of this workbook from its Crosstable
    and Settings sheets (or a Problems sheet listing what to fix)."""
    run(book)
