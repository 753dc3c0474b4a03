"""The package under Pyodide (the Python of xlwings Lite) computes what CPython computes.

``tests/pyodide/run.mjs`` runs Pyodide with node from the pinned npm package ``pyodide``
(``tests/pyodide/package-lock.json``; ``.ci/run`` installs it with ``npm ci``). Nothing is
fetched at run time: no ``loadPackage``, no micropip. The package's ``.py`` files are copied
into Pyodide's file system, and so are those of the **real xlwings** installed here (the
version this project pins): xlwings is pure Python except its optional calamine reader
``xlwingslib`` (a CPython extension, import guarded by xlwings, not copied), so no stub is
needed. Under Pyodide xlwings runs as in xlwings Lite: ``XLWINGS_ON_SERVER=true`` with
xlwings' documented ``noncommercial`` licence key, set before xlwings is imported.

Under Pyodide the test

* parses a TRF (``held_swiss_5.trf`` from the shared data, skipped when absent) and computes
  its standings with a long tie-break list (:data:`pyodide_cases.LONG_ORDER`);
* imports the shipped ``workbook_templates/lite/main.py`` and calls worksheet functions on a
  crosstable range given as Lite passes it (numbers as floats, rows as lists, a 1-D list for a
  tie-break order, a date as an Excel serial number): directly, and dispatched through
  ``xlwings.server.custom_functions_call`` exactly as the add-in does.

CPython (this process, classic xlwings) computes the expectations: the same standings code,
and the classic worksheet functions. A date given as a serial or as ``yyyymmdd`` must give the
value of the same date given as a date (those cases were ``xfail(strict=True)`` until
the functions read dates with :func:`xl_tiebreak.util.dates.date_value`).
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import xlwings
from spec_data import TRF_DIR

from xl_tiebreak import udfs
from xl_tiebreak.excel.templates.builder import SWISS

sys.path.insert(0, str(Path(__file__).resolve().parent / "pyodide"))
import pyodide_cases as cases  # noqa: E402  (also run under Pyodide)

ROOT = Path(__file__).resolve().parents[1]
RUNNER_DIR = ROOT / "tests" / "pyodide"
TRF = TRF_DIR / "held_swiss_5.trf"
XLWINGS_DIR = Path(xlwings.__file__).resolve().parent

CROSSTABLE: list[list[Any]] = [
    [float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in row]
    for row in SWISS.rows
] + [[None] * len(SWISS.rows[0]) for _ in range(5)]
"""The Swiss template's crosstable as Lite passes a range: floats, a rectangle, empty rows."""

START = datetime.date(2024, 8, 1)
SERIAL = 45505.0
"""Excel's serial number of 2024-08-01 (days since 1899-12-30)."""

# (label, function, Lite-style arguments, classic arguments giving the expected value or None
# for the same arguments, xfail reason or None)
CALLS: list[tuple[str, str, list[Any], list[Any] | None, str | None]] = [
    ("points", "POINTS", [CROSSTABLE, 1.0], None, None),
    ("bh-c1 by name", "BUCHHOLZ_CUT1", [CROSSTABLE, "Lukas Brenner"], None, None),
    ("sb fide2023", "SONNEBORN", [CROSSTABLE, 3.0, "FIDE2023"], None, None),
    ("aro", "ARO", [CROSSTABLE, 2.0, 1000.0], None, None),
    ("tpr empty unrated", "TPR", [CROSSTABLE, 2.0], None, None),
    ("de", "DIRECT_ENCOUNTER", [CROSSTABLE, 4.0], None, None),
    ("modified median", "MODIFIED_MEDIAN", [CROSSTABLE, 5.0, "USCF"], None, None),
    ("tiebreak ks/l+1", "TIEBREAK", [CROSSTABLE, 6.0, "KS/L+1"], None, None),
    ("place, 1-D order", "PLACE", [CROSSTABLE, 7.0, ["DE", "SB", "BH/C1"]], None, None),
    ("standings, 1-D order", "STANDINGS", [CROSSTABLE, ["BH/C1", "BH", "SB", "DE", "WIN"]],
     None, None),
    ("standings, long order", "STANDINGS", [CROSSTABLE, ",".join(cases.LONG_ORDER), "AUTO",
                                            1000.0], None, None),
    ("explain", "TIEBREAK_EXPLAIN", [CROSSTABLE, 1.0, "BH/C1"], None, None),
    ("check", "CROSSTABLE_CHECK", [CROSSTABLE], None, None),
    ("rules as ISO text", "BUCHHOLZ", [CROSSTABLE, 2.0, "2024-08-01"], None, None),
    ("problem: unknown player", "POINTS", [CROSSTABLE, "Nobody"], None, None),
    ("problem: bad descriptor", "TIEBREAK", [CROSSTABLE, 1.0, "XYZ"], None, None),
    ("rules as date serial", "BUCHHOLZ", [CROSSTABLE, 2.0, SERIAL],
     [CROSSTABLE, 2.0, START], None),
    ("rules as yyyymmdd", "SONNEBORN", [CROSSTABLE, 3.0, 20240801.0],
     [CROSSTABLE, 3.0, START], None),
    ("place, rules as serial", "PLACE", [CROSSTABLE, 7.0, ["DE", "SB"], SERIAL],
     [CROSSTABLE, 7.0, ["DE", "SB"], START], None),
]

PYODIDE_CODE = r"""
import json, os, sys, time
started = time.perf_counter()
os.environ["XLWINGS_ON_SERVER"] = "true"          # as in xlwings Lite, before xlwings loads
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
import importlib.util
import pyodide_cases as cases
request = json.loads(REQUEST)
out = {"platform": sys.platform, "python": sys.version.split()[0]}
if request["trf"]:
    out["standings"] = cases.standings_rows(request["trf"])
spec = importlib.util.spec_from_file_location("main", "/lite/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
from xl_tiebreak import udfs
out["direct"] = [cases.outcome(lambda: getattr(main, name)(*args))
                 for name, args in request["calls"]]
out["classic"] = [cases.outcome(lambda: udfs.EXCEL_FUNCTIONS[name](*args))
                  for name, args in request["calls"]]
out["dispatched"] = [await cases.dispatched(main, name, args) for name, args in request["calls"]]
out["seconds"] = time.perf_counter() - started
RESULT = json.dumps(out)
"""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    if not (RUNNER_DIR / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("npm package pyodide not installed: npm ci --prefix tests/pyodide")
    return node


@pytest.fixture(scope="module")
def pyodide() -> dict[str, Any]:
    node = _node()
    request = {
        "trf": "/data/held_swiss_5.trf" if TRF.is_file() else None,
        "calls": [[name, args] for _, name, args, _, _ in CALLS],
    }
    files = {
        "/site/pyodide_cases.py": (RUNNER_DIR / "pyodide_cases.py").read_text(encoding="utf-8"),
        "/lite/main.py": (ROOT / "workbook_templates/lite/main.py").read_text(encoding="utf-8"),
    }
    if TRF.is_file():
        files["/data/held_swiss_5.trf"] = TRF.read_text(encoding="utf-8")
    job = {
        "trees": {"/site": {"xl_tiebreak": str(ROOT / "xl_tiebreak"),
                            "xlwings": str(XLWINGS_DIR)}},
        "files": files,
        "code": f"REQUEST = {json.dumps(json.dumps(request))}\n{PYODIDE_CODE}",
    }
    started = time.perf_counter()
    done = subprocess.run([node, "run.mjs"], input=json.dumps(job), capture_output=True,
                          text=True, cwd=RUNNER_DIR, timeout=300,
                          env={k: v for k, v in os.environ.items() if k != "NODE_OPTIONS"})
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    result["wall_seconds"] = time.perf_counter() - started
    return result


def test_it_really_ran_under_pyodide(pyodide: dict[str, Any]) -> None:
    assert pyodide["platform"] == "emscripten"
    major, minor = map(int, pyodide["python"].split(".")[:2])
    assert (major, minor) >= (3, 10)


def test_trf_standings_with_a_long_tiebreak_list(pyodide: dict[str, Any]) -> None:
    if not TRF.is_file():
        pytest.skip(f"shared data not available: {TRF}")
    expected = cases.standings_rows(str(TRF))
    assert len(expected) > 10 and len(expected[1]) == 4 + len(cases.LONG_ORDER)
    assert pyodide["standings"] == expected


def _expected(name: str, args: list[Any], classic_args: list[Any] | None) -> dict[str, Any]:
    udfs.clear_cache()
    return cases.outcome(lambda: udfs.EXCEL_FUNCTIONS[name](*(classic_args or args)))


def _params() -> list[Any]:
    out = []
    for i, (label, _, _, _, xfail) in enumerate(CALLS):
        marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
        out.append(pytest.param(i, id=label, marks=marks))
    return out


@pytest.mark.parametrize("index", _params())
def test_worksheet_functions_under_pyodide(pyodide: dict[str, Any], index: int) -> None:
    _, name, args, classic_args, _ = CALLS[index]
    expected = _expected(name, args, classic_args)
    value = expected.get("value")
    problem = isinstance(value, str) and value.startswith("#")
    # the classic function, under Pyodide, gives CPython's classic value (a problem is a text)
    assert pyodide["classic"][index] == expected
    if problem:  # Lite: raised, Excel shows #VALUE! with the classic text as message
        raised = {"raised": "LiteProblem", "message": value}
        assert pyodide["direct"][index] == raised
        assert pyodide["dispatched"][index] == raised
        return
    assert pyodide["direct"][index] == expected
    rows = value if isinstance(value, list) else [[value]]
    assert pyodide["dispatched"][index] == {
        "value": [["" if c is None else c for c in row] for row in rows]}


def test_the_calls_are_discriminating() -> None:
    """Problem cases are problems and value cases values in CPython (otherwise equality with
    Pyodide would prove little), and the date-serial cases give, in CPython too, the value of
    the same call with the date itself."""
    for label, name, args, classic_args, _ in CALLS:
        value = _expected(name, args, classic_args).get("value")
        is_problem = isinstance(value, str) and value.startswith("#")
        assert is_problem == label.startswith("problem:"), (label, value)
        if classic_args is not None:  # the serial / yyyymmdd call equals the date call
            assert not is_problem
            assert _expected(name, args, None) == _expected(name, args, classic_args), label


def test_the_serial_is_the_start_date() -> None:
    assert datetime.date(1899, 12, 30) + datetime.timedelta(days=SERIAL) == START


def test_timing(pyodide: dict[str, Any]) -> None:
    """The Pyodide run stays well inside the default suite's budget (measured: ~7 s)."""
    assert pyodide["wall_seconds"] < 60, pyodide["wall_seconds"]
