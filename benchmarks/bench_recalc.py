"""A classic-xlwings recalculation of a 400-player template, simulated (a script, not a test).

In Windows Excel every formula cell that takes the ``Crosstable`` name hands its range over
COM as a tuple of row tuples; xlwings' ``call_udf`` runs each argument through its own
conversion (``xlwings.conversion.read(None, value, options)``: per-cell cleaning, then the
``ndim=2`` and dimension stages), then calls the function. This script does exactly that for
every such cell of the Functions and Formula standings sheets, with xlwings' real conversion
pipeline and each argument's own options (classic xlwings' decorators are installed, so that
each function carries the ``__xlfunc__`` options ``call_udf`` uses); only the COM engine's
per-cell cleaning (``clean_value_data``, Windows-only code)
is stood in for by :class:`ComCleaning`, which does the same per-cell work (empty → None,
dates, COM error codes → ``#N/A`` texts).

* before — the old layout: one formula per player and function, each transferring the old
  fixed name ``Crosstable!$A$1:$AD$401`` (12,030 cells);
* after — one call per column (``{=BUCHHOLZ_CUT1(Crosstable,$A$5:$A$404,…)}``) with the name
  sized to the data by INDEX/COUNTA (401 rows × the filled columns).

It prints the crosstable transfers, the cells transferred and the Python-side seconds of each
(CPU seconds, ``time.process_time``: other processes' load does not inflate them).
"before" is measured on a sample of players (``--sample``, default 40) and scaled to all of
them (say ``--sample 400`` to measure everything; it takes minutes, which is the point).

Then the per-cell cases (``--per-cell 400 1000``): a column of hand-written
``=BUCHHOLZ_CUT1(Crosstable,A5)`` against ``=BUCHHOLZ_CUT1(Tournament,A5)`` (the token of one
``=CROSSTABLE_ID(Crosstable,SettingsTable)`` cell) and the one-call-per-column form of each:
crosstable transfers and Python seconds of a cold recalculation, an unchanged one and one after
a single edit. Last the Swiss template's Functions sheet as shipped (``--sheet 400 2000``): the
``CROSSTABLE_ID`` cell and its 29 column calls given the token, cold, unchanged, after each of
three single rating edits and of two single result edits (scores change), and whether the
targets of a recalculation after one edit (≤ 0.3 s at 400 players, ≤ 1 s at 2,000) are met.

Run: ``python benchmarks/bench_recalc.py [--players 400] [--rounds 9] [--sample 40]
[--per-cell 400 1000] [--sheet 400 2000]``.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _classic_decorators() -> None:
    """Classic xlwings' own decorators in place of ``xw.func``/``xw.arg`` (what they are on
    Windows; elsewhere xlwings makes them no-ops), so that every function carries the
    ``__xlfunc__`` options ``call_udf`` reads its arguments with. Classic ``xlwings.udfs``
    imports pywin32's modules: inert stand-ins are given for them (nothing here talks COM)."""
    pywintypes = types.ModuleType("pywintypes")
    pywintypes.com_error = type("com_error", (Exception,), {})  # type: ignore[attr-defined]
    pythoncom = types.ModuleType("pythoncom")
    pythoncom.CoInitialize = lambda: None  # type: ignore[attr-defined]
    client = types.ModuleType("win32com.client")
    client.Dispatch = None  # type: ignore[attr-defined]
    win32com = types.ModuleType("win32com")
    win32com.client = client  # type: ignore[attr-defined]
    for name, module in (("pywintypes", pywintypes), ("pythoncom", pythoncom),
                         ("win32com", win32com), ("win32com.client", client)):
        sys.modules.setdefault(name, module)
    import xlwings as xw
    import xlwings.udfs as classic

    xw.func, xw.arg, xw.ret = classic.xlfunc, classic.xlarg, classic.xlret


_classic_decorators()

import xlwings  # noqa: E402
from xlwings import conversion  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_udfs import crosstable  # noqa: E402

import xl_tiebreak.excel.functions.catalogue as functions  # noqa: E402
import xl_tiebreak.tiebreaks.registry as registry  # noqa: E402
from xl_tiebreak.standings.evaluation import DEFAULT_SWISS  # noqa: E402

OLD_ROWS, OLD_COLUMNS = 401, 30
"""The old fixed name: ``Crosstable!$A$1:$AD$401``."""

_COM_ERRORS = {-2146826281: "#DIV/0!", -2146826246: "#N/A", -2146826259: "#NAME?",
               -2146826288: "#NULL!", -2146826252: "#NUM!", -2146826265: "#REF!",
               -2146826273: "#VALUE!"}


class ComCleaning:
    """Stand-in for the Windows engine's ``clean_value_data``: the same per-cell work."""

    name = "excel"
    type = "desktop"

    @staticmethod
    def clean_value_data(data: Any, _datetime_builder: Any, empty_as: Any, number_builder: Any,
                         err_to_str: bool) -> list[list[Any]]:
        def cell(value: Any) -> Any:
            if value is None or value == "":
                return empty_as
            if isinstance(value, (datetime.date, datetime.datetime)):
                return value  # COM gives a pywintypes time; here already a datetime
            if number_builder is not None and isinstance(value, float):
                return number_builder(value)
            if isinstance(value, int) and value in _COM_ERRORS:
                return _COM_ERRORS[value] if err_to_str else None
            return value

        return [[cell(c) for c in row] for row in data]


def _install_engine() -> None:
    if "excel" not in xlwings.engines.engines_by_name:
        xlwings.engines.add(xlwings.main.Engine(impl=ComCleaning()))


def com_range(rows: list[list[Any]], height: int, width: int) -> tuple[tuple[Any, ...], ...]:
    """What COM hands over for a range of ``height`` × ``width`` cells over ``rows``."""
    out = []
    for r in range(height):
        row = rows[r] if r < len(rows) else []
        out.append(tuple(row[c] if c < len(row) else None for c in range(width)))
    return tuple(out)


class Recalculation:
    """Counts transfers and cells, and times xlwings' conversion plus the call."""

    def __init__(self) -> None:
        self.transfers = 0
        self.cells = 0
        self.seconds = 0.0

    def call(self, func: Callable[..., Any], xt: Any, players: Any, *rest: Any) -> Any:
        """``func`` called as classic xlwings' ``call_udf`` calls it: each argument read with
        that parameter's own options (``func.__xlfunc__``), then the call; a crosstable
        transfer counted when ``xt`` is a range (not a one-cell token)."""
        start = time.process_time()
        infos = func.__xlfunc__["args"]
        given = [xt, *([] if players is None else [players]), *rest]
        args = [conversion.read(None, value, infos[min(i, len(infos) - 1)]["options"])
                for i, value in enumerate(given)]
        result = func(*args)
        self.seconds += time.process_time() - start
        if _cells(xt) > 1:
            self.transfers += 1
            self.cells += _cells(xt)
        return result


def _cells(value: Any) -> int:
    """How many cells a value handed over by COM has (1 for a single value)."""
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return len(value) * len(value[0])
    return 1


def _columns() -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """(function, arguments after the players) of every Functions column of the Swiss
    template, as the template passes them (Rules = the start date, UnratedRating 1400)."""
    rules, unrated, kind = datetime.datetime(2026, 4, 11), 1400.0, "Swiss"
    order = tuple((t,) for t in DEFAULT_SWISS.split(","))
    cols: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
        (functions.POINTS, ()),
        (functions.PLACE, (order, rules, unrated, kind)),
    ]
    for name in registry.template_functions("swiss"):
        f = functions.EXCEL_FUNCTIONS[name]
        extra = (unrated, rules, kind) if name in functions.RATING_FUNCTIONS else (rules, kind)
        cols.append((f, extra))
    cols.append((functions.TIEBREAK, ("BH/C1", rules, unrated, kind)))
    cols.append((functions.TIEBREAK_EXPLAIN, ("BH/C1", rules, unrated, kind)))
    return cols


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--sample", type=int, default=40,
                        help="players measured for 'before' (scaled to all)")
    parser.add_argument("--per-cell", type=int, nargs="*", default=[400, 1000],
                        help="player counts of the per-cell cases (default 400 1000)")
    parser.add_argument("--sheet", type=int, nargs="*", default=[400, 2000],
                        help="player counts of the template's token-form Functions sheet "
                             "(default 400 2000)")
    args = parser.parse_args(argv[1:])
    _install_engine()
    rows = crosstable(args.players, args.rounds)
    cols = _columns()
    sheet = [[r[0]] for r in rows[1:]]  # the Functions sheet's No column
    order = tuple((t,) for t in DEFAULT_SWISS.split(","))
    print(f"{args.players} players × {args.rounds} rounds; Functions sheet: {len(cols)} "
          f"columns + CROSSTABLE_CHECK + Formula standings")

    # before: one formula per player and function over the old fixed name
    functions.clear_cache()
    old = com_range(rows, OLD_ROWS if args.players < OLD_ROWS else len(rows), OLD_COLUMNS)
    before = Recalculation()
    sample = min(args.sample, args.players)
    for func, extra in cols:
        for i in range(sample):
            before.call(func, old, sheet[i][0], *extra)
    before.call(functions.CROSSTABLE_CHECK, old, None)
    before.call(functions.STANDINGS, old, None, order)
    scale = args.players / sample
    per_player = len(cols)
    total_transfers = per_player * args.players + 2
    total_seconds = before.seconds * scale
    print(f"before (one call per player and function, {OLD_ROWS}×{OLD_COLUMNS} range): "
          f"{total_transfers:,} crosstable transfers, "
          f"{total_transfers * len(old) * len(old[0]):,} cells, "
          f"{total_seconds:.2f} s Python-side"
          + (f" (measured on {sample} players: {before.seconds:.2f} s, scaled)"
             if sample < args.players else ""))

    # after: one call per column over the sized name
    functions.clear_cache()
    sized = com_range(rows, len(rows), len(rows[0]))
    players = tuple(tuple(r) for r in sheet)
    after = Recalculation()
    for func, extra in cols:
        out = after.call(func, sized, players, *extra)
        assert isinstance(out, list) and len(out) == args.players, (func.__name__, out)
    after.call(functions.CROSSTABLE_CHECK, sized, None)
    after.call(functions.STANDINGS, sized, None, order)
    print(f"after (one call per column, {len(sized)}×{len(sized[0])} sized range): "
          f"{after.transfers:,} crosstable transfers, {after.cells:,} cells, "
          f"{after.seconds:.2f} s Python-side")
    target = after.seconds < 2 and after.transfers < 50
    print(f"target (< 2 s, < 50 transfers): {'met' if target else 'NOT met'}")
    for players in args.per_cell:
        per_cell_cases(players, args.rounds)
    for players in args.sheet:
        sheet_cases(players, args.rounds)


def _edited(rows: list[list[Any]], player: int = 1) -> list[list[Any]]:
    """The crosstable after one edit: a player's rating corrected by one point (any edit
    changes the range's content, so that nothing computed from it is reused)."""
    out = [list(r) for r in rows]
    col = [str(h) for h in out[0]].index("Rating")
    out[player][col] = float(out[player][col] or 1500) + 1
    return out


def _result_edited(rows: list[list[Any]], player: int = 1) -> list[list[Any]]:
    """The crosstable after one result is corrected: ``player``'s first-round game the other
    way round (a win a loss, a loss a win, a draw a win), the opponent's cell with it: scores,
    and so every opponent-based value around them, change."""
    out = [list(r) for r in rows]
    col = [str(h) for h in out[0]].index("R1")
    cell = str(out[player][col])
    number = cell[:len(cell) - len(cell.lstrip("0123456789"))]
    if not number:
        return _edited(rows, player)  # a bye: a rating edit instead
    other = int(number)
    flip = {"1": ("0", "1"), "0": ("1", "0"), "½": ("1", "0")}
    mine, theirs = flip.get(cell[-1], ("1", "0"))
    out[player][col] = cell[:-1] + mine
    back = str(out[other][col])
    out[other][col] = back[:-1] + theirs
    return out


def per_cell_cases(players: int, rounds: int) -> None:
    """400 (or ``players``) hand-written per-cell formulas ``=BUCHHOLZ_CUT1(Crosstable,A5)``
    against the token form ``=BUCHHOLZ_CUT1(Tournament,A5)`` (one ``CROSSTABLE_ID`` cell) and
    the column forms of both: crosstable transfers and Python seconds per recalculation, cold
    (nothing cached), unchanged (a full recalculation of the same data), after one edit."""
    base = crosstable(players, rounds)
    print(f"\nper-cell and column forms, {players} players × {rounds} rounds "
          "(BUCHHOLZ_CUT1 down one column):")
    numbers = [float(r[0]) for r in base[1:]]
    column = tuple((n,) for n in numbers)
    settings = ((("Rating for unrated players", 1400.0),))
    for form in ("per cell, range", "per cell, token", "column, range", "column, token"):
        functions.clear_cache()
        figures = []
        for phase, rows in (("cold", base), ("unchanged", base), ("one edit", _edited(base))):
            sized = com_range(rows, len(rows), len(rows[0]))
            run = Recalculation()
            if "token" in form:
                token = run.call(functions.CROSSTABLE_ID, sized, settings)
                xt: Any = ((token,),)
            else:
                xt = sized
            if form.startswith("per cell"):
                for n in numbers:
                    value = run.call(functions.BUCHHOLZ_CUT1, xt, n)
                    assert isinstance(value, float), value
            else:
                out = run.call(functions.BUCHHOLZ_CUT1, xt, column)
                assert isinstance(out, list) and len(out) == players, out
            transfers = run.transfers
            figures.append(f"{phase} {transfers:,} transfers {run.seconds:.3f} s")
        print(f"  {form:18} " + "; ".join(figures))


TEMPLATE_SETTINGS = (
    ("Setting", "Value"), ("Tournament type", "Swiss"), ("Rules", "AUTO"),
    ("Start date", datetime.datetime(2026, 4, 11)), ("Rating for unrated players", 1400.0),
    ("Tie-breaks (in order)", "BH/C1"), (None, "BH"), (None, "SB"), (None, "DE"), (None, "WIN"),
)
"""The rows of the Swiss template's Settings table that the functions read."""


def sheet_cases(players: int, rounds: int) -> None:
    """The Swiss template's Functions sheet as shipped: one ``CROSSTABLE_ID(Crosstable,
    SettingsTable)`` cell, then one call per column given the token (CROSSTABLE_CHECK,
    PARTICIPANTS, POINTS, PLACE, every template function, TIEBREAK by name, TIEBREAK_EXPLAIN):
    transfers and Python seconds cold, unchanged and after each of three single edits."""
    base = crosstable(players, rounds)
    numbers = tuple((float(r[0]),) for r in base[1:])
    names = tuple((r[1],) for r in base[1:])
    cols: list[tuple[Callable[..., Any], Any, tuple[Any, ...]]] = [
        (functions.CROSSTABLE_CHECK, None, ("", "", numbers)),
        (functions.PARTICIPANTS, None, (float(players),)),
        (functions.POINTS, numbers, ()), (functions.PLACE, numbers, ()),
        *((functions.EXCEL_FUNCTIONS[name], numbers, ())
          for name in registry.template_functions("swiss")),
        (functions.TIEBREAK, names, ("BH/C1",)),
        (functions.TIEBREAK_EXPLAIN, numbers, ("BH/C1",)),
    ]
    functions.clear_cache()

    def recalculation(rows: list[list[Any]]) -> Recalculation:
        run = Recalculation()
        token = run.call(functions.CROSSTABLE_ID, com_range(rows, len(rows), len(rows[0])),
                         TEMPLATE_SETTINGS)
        assert isinstance(token, str) and "#" not in token, token
        for func, who, extra in cols:
            out = run.call(func, ((token,),), who, *extra)
            assert not (isinstance(out, str) and out.startswith("#")), (func.__name__, out)
        return run

    figures = []
    edits: list[float] = []
    for phase, rows in (("cold", base), ("unchanged", base), *(
            (f"rating edit {k}", _edited(base, k)) for k in (1, 2, 3)), *(
            (f"result edit {k}", _result_edited(base, k)) for k in (4, 5))):
        run = recalculation(rows)
        if "edit" in phase:
            edits.append(run.seconds)
        figures.append(f"{phase} {run.transfers} transfer{'s' if run.transfers != 1 else ''} "
                       f"{run.seconds:.3f} s")
    print(f"\nSwiss template's Functions sheet (token form, {len(cols)} column calls + "
          f"CROSSTABLE_ID), {players} players × {rounds} rounds:\n  " + "; ".join(figures))
    target = {400: 0.3, 2000: 1.0}.get(players)
    if target is not None:
        worst = max(edits)
        print(f"  target after one edit (≤ {target} s CPU): "
              f"{'met' if worst <= target else 'NOT met'} (worst {worst:.3f} s)")


if __name__ == "__main__":
    main(sys.argv)
