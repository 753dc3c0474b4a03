"""One-click standings: the xlwings entry points.

* :data:`write_standings` — the standings macro that needs nothing beside the workbook, one name
  in both xlwings:

  - classic xlwings (Windows): a ``Sub write_standings()`` without parameters. The templates'
    ``UDF Modules`` setting names :mod:`xl_tiebreak.macros` beside :mod:`xl_tiebreak.udfs`, so
    the add-in's Import Functions writes that Sub into the workbook's ``xlwings_udfs`` VBA module
    with the worksheet functions (xlwings' ``generate_vba_wrapper`` makes a Sub of every
    function decorated ``xw.script``/``xw.sub``); Alt+F8 or a button runs it, whatever the
    workbook's file name, and the workbook is ``Book.caller()``.
  - xlwings Lite: an ``@xw.script`` whose one parameter is the book Lite passes in.

  xlwings picks its decorators when first imported (``XLWINGS_ON_SERVER=true`` in Lite), so the
  one that fits is made then (:func:`_entry`).
* :func:`main` — the fallbacks of classic xlwings: the ribbon's "Run main" (which imports the
  module named like the workbook, e.g. ``swiss.py`` next to ``swiss.xlsm``, whose ``main`` is
  this one) and ``RunPython "import xl_tiebreak.macros; xl_tiebreak.macros.main()"``.

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
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import Problem, Severity

__all__ = ["ENTRY_NAME", "main", "on_office_js", "run", "tell", "write_standings"]

_F = TypeVar("_F", bound=Callable[..., Any])

ENTRY_NAME = "write_standings"
"""The name of the standings macro: the VBA Sub of classic xlwings and the Lite script."""


def _identity(f: _F) -> _F:
    return f


def on_office_js() -> bool:
    """Whether xlwings runs its Office.js decorators (xlwings Lite, or ``XLWINGS_ON_SERVER=true``
    when xlwings was first imported): the script then takes the book as its parameter."""
    return bool(getattr(xw, "on_server", False))


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
        message = _("internal error ({error}); please report it",
                    error=f"{type(exc).__name__}: {exc}")
        with contextlib.suppress(Exception):  # the message is told in any case
            write_problems_to(target, [Problem(Severity.ERROR, message)])
        tell(book, message, problems=True)
        return None
    tell(book, result.message, problems=not result.ok)
    return result


def main() -> None:
    """Classic xlwings entry ("Run main", RunPython): writes the calling workbook's standings."""
    run(xw.Book.caller())


def _entry() -> Callable[..., None]:
    """The standings macro as the running xlwings registers it, named :data:`ENTRY_NAME`.

    Office.js (Lite): ``@xw.script`` with the one ``book: xw.Book`` parameter xlwings fills.
    Classic Windows xlwings: ``xw.sub``, a Sub without parameters (a Sub with one cannot be run
    from Alt+F8 or a button) that writes ``Book.caller()``. Elsewhere (Linux, macOS) the plain
    function of classic xlwings. Made here, not at module level, so that the module holds one
    decorated function only: Import Functions writes a Sub for every one it finds."""
    if on_office_js():

        def lite(book: xw.Book) -> None:
            """Writes the Standings sheet of this workbook from its Crosstable and Settings
            sheets (or a Problems sheet listing what to fix)."""
            run(book)

        lite.__name__ = lite.__qualname__ = ENTRY_NAME
        script: Callable[..., None] = xw.script(lite)
        return script

    def classic() -> None:
        """Writes the Standings sheet of this workbook from its Crosstable and Settings sheets
        (or a Problems sheet listing what to fix)."""
        run(xw.Book.caller())

    classic.__name__ = classic.__qualname__ = ENTRY_NAME
    sub: Callable[[_F], _F] = getattr(xw, "sub", None) or _identity
    return sub(classic)


write_standings: Callable[..., None] = _entry()
"""The standings macro: ``Sub write_standings()`` in classic Excel after Import Functions (the
workbook is the caller), the ``write_standings`` script in xlwings Lite (the book is passed
in). Its name is :data:`ENTRY_NAME`; see the module's description."""
