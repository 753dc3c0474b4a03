"""Computations that tests/test_project_pyodide.py runs twice: in the test process (CPython) and
under
Pyodide (tests/pyodide/run.mjs copies this file there). Results are plain JSON values; values
of the engine are written with ``str`` (exact fractions stay exact)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

LONG_ORDER = (
    "DE", "BH/C1", "BH", "BH/C2", "BH/M1", "FB", "AOB", "SB", "SB/C1", "KS", "WIN", "WON",
    "BPG", "BWG", "PS", "REP", "STD", "ARO", "TPR", "PTP", "APRO", "APPO",
)
"""A long tie-break list: every FIDE tie-break the engine has, DE first."""

UNRATED_RATING = 1000
"""Rating for unrated players, so that the rating tie-breaks compute."""


def standings_rows(trf_path: str) -> list[list[str]]:
    """The standings of a TRF with :data:`LONG_ORDER`: place, start number, name, points and
    one value per tie-break."""
    from xl_tiebreak.formats.trf.reader import read_trf
    from xl_tiebreak.standings.final import compute_standings

    standings = compute_standings(read_trf(trf_path), LONG_ORDER, "auto", None, UNRATED_RATING)
    rows = [[standings.rules_note, ",".join(d.canonical for d in standings.descriptors)]]
    for row in standings.rows:
        rows.append([str(row.rank), str(row.participant.start_no), row.participant.name,
                     str(row.points), *map(str, row.values)])
    return rows


def jsonable(value: Any) -> Any:
    """A worksheet function's result as JSON (dates, should one come back, as ISO text)."""
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return value


def outcome(call: Callable[[], Any]) -> dict[str, Any]:
    """``{"value": …}`` or ``{"raised": class name, "message": …}``."""
    try:
        return {"value": jsonable(call())}
    except Exception as exc:
        return {"raised": type(exc).__name__, "message": str(exc)}


def as_matrix(value: Any) -> Any:
    """An argument as Office.js hands it to xlwings: every range a matrix (a 1-D list is one
    row); None is an omitted argument."""
    if value is None:
        return None
    if isinstance(value, list):
        return value if value and isinstance(value[0], list) else [value]
    return [[value]]


async def dispatched(main: Any, name: str, args: list[Any]) -> dict[str, Any]:
    """A call of ``main.<name>`` the way xlwings Lite makes it: through
    ``xlwings.server.custom_functions_call`` (Office.js argument conversion included)."""
    import xlwings as xw
    from xlwings.server import custom_functions_call

    arity = len(getattr(main, name).__xlfunc__["args"])
    data = {"func_name": name, "args": [as_matrix(a) for a in args] + [None] * (
        arity - len(args)), "caller_address": "Sheet1!B2", "version": xw.__version__,
        "runtime": "1.4", "client": "Office.js"}
    try:
        return {"value": jsonable(await custom_functions_call(data, main))}
    except Exception as exc:
        return {"raised": type(exc).__name__, "message": str(exc)}
