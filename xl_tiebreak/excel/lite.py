"""xlwings Lite (Office.js) registration of every worksheet function and the standings script.

xlwings Lite registers what the namespace of the ``main.py`` in its editor holds: every member
with an ``__xlfunc__`` dict becomes a custom function (``xlwings.server.custom_functions_meta``,
``inspect.getmembers(module)``) and every function with ``__xlscript__`` a script
(``custom_scripts_meta``). The shipped ``workbook_templates/lite/main.py`` puts
:data:`FUNCTIONS` and :data:`write_standings` there.

What xlwings needs (xlwings 0.37.8, read and run here):

* ``xlwings`` picks its decorators when it is first imported: with ``XLWINGS_ON_SERVER=true``
  ``xw.func``/``xw.arg``/``xw.ret``/``xw.script`` *are* the Office.js decorators of
  ``xlwings.server`` (otherwise, off Windows, they return the function unchanged). xlwings Lite
  runs with that setting, or its documented ``from xlwings import func`` would register
  nothing under Pyodide. So :mod:`xl_tiebreak.udfs`, imported there, carries the Office.js
  metadata (argument names, optional flags, ``ndim=2``, ``err_to_str``, descriptions).
* Classic xlwings has no Excel error values, so a problem is a text starting with ``#``
  (see :mod:`xl_tiebreak.udfs`). Office.js shows a raised exception as ``#VALUE!`` with its
  message, a real error that ``ISERROR`` sees and that no formula takes for a name. Each
  function here is therefore a wrapper that returns the classic function's value unchanged and
  raises :class:`LiteProblem` with the classic text as its message instead of returning it.
  The wrapper carries a copy of the classic function's metadata (what registering it afresh
  with ``xlwings.server``'s decorators and the classic options gives), so the classic
  function's metadata is left untouched.

This module belongs to the spreadsheet layer (it imports xlwings), not to the core.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import xlwings as xw
import xlwings.server as office_js

from xl_tiebreak import udfs

__all__ = ["FUNCTIONS", "LiteProblem", "lite_function", "write_standings"]


class LiteProblem(xw.XlwingsError):
    """A worksheet function's problem, raised so that Excel shows ``#VALUE!`` with this
    message (the classic ``#`` text, e.g. ``#PLAYER? 'Nobody' not in crosstable``)."""


def _metadata(function: Callable[..., Any]) -> dict[str, Any]:
    """The Office.js metadata of a worksheet function of :mod:`xl_tiebreak.udfs`."""
    meta = getattr(function, "__xlfunc__", None)
    if not isinstance(meta, dict):
        raise ImportError(
            f"{function.__name__} has no xlwings Office.js metadata: xl_tiebreak.excel.lite needs "
            "XLWINGS_ON_SERVER=true (as in xlwings Lite) before xlwings is first imported"
        )
    return meta


def lite_function(function: Callable[..., Any]) -> Callable[..., Any]:
    """The xlwings Lite version of a worksheet function: same parameters, options,
    description and values; a ``#`` problem text is raised as :class:`LiteProblem`."""
    meta = _metadata(function)

    @functools.wraps(function)
    def wrapper(*args: Any) -> Any:
        value = function(*args)
        if isinstance(value, str) and value.startswith("#"):
            raise LiteProblem(value)
        return value

    # functools.wraps copied the classic __xlfunc__ dict: the wrapper gets a copy instead of
    # sharing (and so changing) the classic function's metadata. Registering the wrapper
    # afresh with xlwings.server's decorators would make the same dict (its signature, type
    # hints and docstring are the classic function's: inspect follows __wrapped__) at the cost
    # of two typing.get_type_hints and one inspect.signature per function, about a tenth of
    # the first import under Pyodide (docs/engineering.md D-Q1; tests/test_excel_lite.py
    # compares both).
    wrapper.__xlfunc__ = _copied(meta)  # type: ignore[attr-defined]
    return wrapper


def _copied(meta: dict[str, Any]) -> dict[str, Any]:
    """A copy of a function's Office.js metadata (``__xlfunc__``) that shares no dict or list
    with it: each argument's entry and options, the return entry and options copied, the
    argument map pointing at the copied entries; the values inside (converters, defaults,
    texts) are the same objects, which xlwings never changes."""
    args = [{**argument, "options": dict(argument["options"])} for argument in meta["args"]]
    by_name = {argument["name"]: argument for argument in args}
    ret = {**meta["ret"], "options": dict(meta["ret"]["options"])}
    return {**meta, "args": args, "argmap": {name: by_name[name] for name in meta["argmap"]},
            "ret": ret}


FUNCTIONS: dict[str, Callable[..., Any]] = {
    name: lite_function(function)
    for name, function in {**udfs.EXCEL_FUNCTIONS, **udfs.TEAM_FUNCTIONS}.items()
}
"""Every worksheet function (the individual and the team ones) by its Excel name, ready for
xlwings Lite."""


def _standings_script() -> Callable[..., None]:
    """The standings script, registered with ``xlwings.server``'s script decorator as
    :func:`xl_tiebreak.macros.write_standings` is under Office.js (one ``book: xw.Book``
    parameter, which xlwings fills). It runs :func:`xl_tiebreak.excel.sheets.macros.run`,
    imported when the script first runs: the sheets layer (writer, prizes, knockout, report)
    is not part of the first import of Lite's ``main.py``."""

    def write_standings(book: xw.Book) -> None:
        """Writes the Standings sheet of this workbook from its Crosstable and Settings
        sheets (or a Problems sheet listing what to fix)."""
        from xl_tiebreak.excel.sheets.macros import run

        run(book)

    script: Callable[..., None] = office_js.script(write_standings)
    return script


write_standings: Callable[..., Any] = _standings_script()
"""xlwings Lite script: the Standings sheet of this workbook from its Crosstable and Settings
sheets (or a Problems sheet listing what to fix); :func:`xl_tiebreak.macros.write_standings`."""
