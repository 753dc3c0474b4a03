"""The shipped xlwings Lite ``main.py`` registers every worksheet function and the standings
script with xlwings' own Office.js code, and the registered functions give the classic values.

xlwings chooses its decorators when it is first imported (``XLWINGS_ON_SERVER=true`` selects
the Office.js ones of ``xlwings.server``, which need a licence key; xlwings documents
``noncommercial`` for that), so the Lite side runs in a subprocess with that environment. It
imports ``workbook_templates/lite/main.py`` from its file, as the add-in does, and reports

* ``xlwings.server.custom_functions_meta(main)`` / ``custom_scripts_meta(main)`` — what the
  add-in hands to Excel;
* for a few calls: the registered function called directly, and the same call dispatched by
  ``xlwings.server.custom_functions_call`` (Office.js argument conversion: every argument a
  matrix, an omitted optional argument ``None``) — the value, or the raised error's message.

This process (classic decorators, no metadata) computes the expected parameters from the
classic functions' own signatures and the expected values by calling the classic functions.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from xl_tiebreak import udfs

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "workbook_templates" / "lite" / "main.py"

SMALL = [
    ["No", "Name", "R1", "R2", "R3"],
    [1.0, "Anna", "4w1", "2b½", "3w1"],
    [2.0, "Bert", "3b0", "1w½", "4b1"],
    [3.0, "Cleo", "2w1", "4b½", "1b0"],
    [4.0, "Dan", "1b0", "3w½", "2w0"],
]
"""Four players, three rounds, as a range arrives (numbers are floats)."""

CALLS: list[tuple[str, list[Any]]] = [
    ("POINTS", [SMALL, 1.0]),
    ("BUCHHOLZ_CUT1", [SMALL, "Cleo"]),
    ("SONNEBORN", [SMALL, 2.0, "FIDE2023"]),
    ("DIRECT_ENCOUNTER", [SMALL, 4.0]),
    ("ARO", [SMALL, 1.0, 1500.0]),
    ("PLACE", [SMALL, "Bert", "DE, SB"]),
    ("STANDINGS", [SMALL, "BH/C1, SB"]),
    ("TIEBREAK_EXPLAIN", [SMALL, 1.0, "BH/C1"]),
    ("CROSSTABLE_CHECK", [SMALL]),
    ("WHY_AHEAD", [SMALL, 1.0, "Bert", "BH/C1, SB"]),
    ("RECURSIVE_BUCHHOLZ", [SMALL, 1.0]),
    ("PLACE", [SMALL, "Bert", "LOTS", "", "", "", "", "spring-2026"]),
    # problems: the classic "#…" text, raised in Lite
    ("POINTS", [SMALL, "Nobody"]),
    ("TIEBREAK", [SMALL, 1.0, "XYZ"]),
    ("BUCHHOLZ", [SMALL, 1.0, "FIDE1999"]),
    ("ARO", [SMALL, 1.0, -5.0]),
    ("POINTS", [[["No", "Name", "R1"], [1.0, "Anna", "9w1"]], 1.0]),
]

TEAMS = [
    ["Boards", 2.0],
    ["No", "Team", "R1", "R2"],
    [1.0, "Ants", "2w1½", "3b1"],
    [2.0, "Bees", "1b½", "PAB"],
    [3.0, "Cats", "PAB", "1w1"],
]
"""Three teams of two boards, two rounds: R1 Ants beat Bees 1½–½, Cats have the PAB (by
default a won match, every board won); R2 Ants draw Cats 1–1, Bees have the PAB."""

TEAM_CALLS: list[tuple[str, list[Any]]] = [
    ("TEAM_POINTS", [TEAMS, 1.0]),
    ("TEAM_POINTS", [TEAMS, "Cats", "GP"]),
    ("TEAM_TIEBREAK", [TEAMS, [[1.0], [2.0], [3.0]], "BH:MP"]),
    ("TEAM_PLACE", [TEAMS, "Bees"]),
    ("TEAM_STANDINGS", [TEAMS, "GPTS"]),
    ("TEAM_TIEBREAKS", [TEAMS, "BH:MP"]),
    ("TEAM_COMPARE_ORDERS", [TEAMS, "BH:MP; DE:MP"]),
    ("TEAM_CROSSTABLE_CHECK", [TEAMS]),
    ("TEAM_POINTS", [TEAMS, 9.0]),  # a problem: raised in Lite
]
"""The team functions, called as Excel would."""
ALL_CALLS = CALLS + TEAM_CALLS

LITE_SIDE = r"""
import asyncio, importlib.util, json, sys
import xlwings as xw
from xlwings.server import custom_functions_call, custom_functions_meta, custom_scripts_meta

spec = importlib.util.spec_from_file_location("main", sys.argv[1])
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)

def outcome(call):
    try:
        return {"value": call()}
    except Exception as exc:
        return {"raised": type(exc).__name__, "message": str(exc)}

def dispatched(name, args, arity):
    as_matrix = [a if isinstance(a, list) and a and isinstance(a[0], list) else [[a]]
                 for a in args]
    data = {"func_name": name, "args": as_matrix + [None] * (arity - len(args)),
            "caller_address": "Sheet1!B2", "version": xw.__version__, "runtime": "1.4",
            "client": "Office.js"}
    return asyncio.run(custom_functions_call(data, main))

def afresh(function):
    # The Office.js metadata of a wrapper of the function registered afresh with
    # xlwings.server's decorators and the classic function's options (what excel.lite did
    # before it copied the metadata), as a comparable text.
    import functools
    import xlwings.server as office_js
    meta = function.__xlfunc__
    @functools.wraps(function)
    def wrapper(*args):
        return function(*args)
    del wrapper.__xlfunc__
    decorated = wrapper
    for argument in reversed(meta["args"]):
        decorated = office_js.arg(argument["name"], doc=argument["doc"],
                                  **dict(argument["options"]))(decorated)
    decorated = office_js.ret(**meta["ret"]["options"])(decorated)
    options = {k: meta[k] for k in ("volatile", "cache", "namespace", "help_url")
               if meta.get(k) is not None}
    if meta.get("excel_name"):
        options["name"] = meta["excel_name"]
    return repr(office_js.func(**options)(decorated).__xlfunc__)

import xl_tiebreak.excel.lite as lite
from xl_tiebreak import udfs
classic = {**udfs.EXCEL_FUNCTIONS, **udfs.TEAM_FUNCTIONS}
copies = {name: {"same": repr(getattr(main, name).__xlfunc__) == afresh(classic[name]),
                 "shared": any(a is b for a, b in zip(getattr(main, name).__xlfunc__["args"],
                                                      classic[name].__xlfunc__["args"]))
                 or getattr(main, name).__xlfunc__ is classic[name].__xlfunc__,
                 "argmap": all(getattr(main, name).__xlfunc__["argmap"][a["name"]] is a
                               for a in getattr(main, name).__xlfunc__["args"])}
          for name in classic}
calls = json.loads(sys.stdin.read())
results = []
for name, args in calls:
    f = getattr(main, name)
    arity = len(f.__xlfunc__["args"])
    results.append({"direct": outcome(lambda: f(*args)),
                    "dispatched": outcome(lambda: dispatched(name, args, arity))})
json.dump({"functions": custom_functions_meta(main)["functions"], "copies": copies,
           "scripts": custom_scripts_meta(main), "results": results}, sys.stdout)
"""


@pytest.fixture(scope="module")
def lite() -> dict[str, Any]:
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", LITE_SIDE, str(MAIN)], input=json.dumps(ALL_CALLS),
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_every_worksheet_function_is_registered(lite: dict[str, Any]) -> None:
    registered = {f["id"]: f for f in lite["functions"]}
    assert set(registered) == set(udfs.EXCEL_FUNCTIONS) | set(udfs.TEAM_FUNCTIONS)
    assert len(udfs.EXCEL_FUNCTIONS) == 40  # + TIEBREAKS, COMPARE_ORDERS, RECURSIVE_BUCHHOLZ,
    # WHY_AHEAD, CROSSTABLE_ID, PARTICIPANTS
    assert set(udfs.TEAM_FUNCTIONS) == {"TEAM_POINTS", "TEAM_TIEBREAK", "TEAM_PLACE",
                                        "TEAM_STANDINGS", "TEAM_TIEBREAK_EXPLAIN",
                                        "TEAM_TIEBREAKS", "TEAM_COMPARE_ORDERS",
                                        "TEAM_CROSSTABLE_CHECK", "TEAM_PARTICIPANTS"}
    assert len(lite["functions"]) == 40 + 9
    for name, function in {**udfs.EXCEL_FUNCTIONS, **udfs.TEAM_FUNCTIONS}.items():
        assert registered[name]["name"] == name  # the Excel name, no namespace
        assert registered[name]["description"] == function.__doc__


def test_the_lite_metadata_is_what_a_fresh_registration_gives(lite: dict[str, Any]) -> None:
    """Each Lite function carries a copy of its classic function's metadata: equal to what
    registering the wrapper afresh with xlwings.server's decorators gives, sharing no entry
    with the classic one, its argument map pointing at its own entries."""
    assert set(lite["copies"]) == set(udfs.EXCEL_FUNCTIONS) | set(udfs.TEAM_FUNCTIONS)
    for name, copy in lite["copies"].items():
        assert copy == {"same": True, "shared": False, "argmap": True}, name


def test_parameters_names_in_order_with_optional_ones_marked(lite: dict[str, Any]) -> None:
    registered = {f["id"]: f for f in lite["functions"]}
    for name, function in {**udfs.EXCEL_FUNCTIONS, **udfs.TEAM_FUNCTIONS}.items():
        expected = [(p.name, p.default is not inspect.Parameter.empty)
                    for p in inspect.signature(function).parameters.values()]
        params = registered[name]["parameters"]
        assert [(p["name"], p.get("optional", False)) for p in params] == expected, name
        assert expected[0] == ("crosstable", False)
        # descriptions from the classic registration, not xlwings' "Positional argument n"
        assert all(not p["description"].startswith("Positional argument") for p in params)
        assert not any(p.get("repeating") for p in params)


def test_the_standings_script_is_registered(lite: dict[str, Any]) -> None:
    assert [s["function_name"] for s in lite["scripts"]] == ["write_standings"]


@pytest.mark.parametrize("index", range(len(ALL_CALLS)),
                         ids=[f"{name}-{i}" for i, (name, _) in enumerate(ALL_CALLS)])
def test_lite_values_are_the_classic_values(lite: dict[str, Any], index: int) -> None:
    udfs.clear_cache()
    name, args = ALL_CALLS[index]
    classic = {**udfs.EXCEL_FUNCTIONS, **udfs.TEAM_FUNCTIONS}[name](*args)
    direct, dispatched = lite["results"][index]["direct"], lite["results"][index]["dispatched"]
    if isinstance(classic, str) and classic.startswith("#"):
        # a problem: raised in Lite (Excel shows #VALUE! with the message), same text
        assert direct == {"raised": "LiteProblem", "message": classic}
        assert dispatched == direct
        return
    assert direct == {"value": classic}
    # Office.js returns a matrix; xlwings writes an empty value (None) as ""
    rows = classic if isinstance(classic, list) else [[classic]]
    assert dispatched == {"value": [["" if c is None else c for c in row] for row in rows]}


def test_the_problem_cases_are_problems_in_classic() -> None:
    """The problem calls above really are problems (otherwise the Lite check proves nothing)."""
    problems = [udfs.EXCEL_FUNCTIONS[name](*args) for name, args in CALLS[12:]]
    assert all(isinstance(p, str) and p.startswith("#") for p in problems), problems
    values = [udfs.EXCEL_FUNCTIONS[name](*args) for name, args in CALLS[:12]]
    assert not any(isinstance(v, str) and v.startswith("#") for v in values), values



def test_the_team_calls_give_values_and_one_problem() -> None:
    """The team calls above give the values derived by hand (see TEAMS), the last one a
    problem (else the Lite check of problems proves nothing for them)."""
    values = [udfs.TEAM_FUNCTIONS[name](*args) for name, args in TEAM_CALLS]
    # Ants: 2 + 1 MP; Cats: 2 (PAB on 2 boards) + 1 GP; BH:MP: Ants met Bees (2) and Cats (3)
    assert values[0] == 3.0 and values[1] == 3.0
    assert values[2][0] == [5.0]
    assert isinstance(values[-1], str) and values[-1].startswith("#TEAM?")
    assert not any(isinstance(v, str) and v.startswith("#") for v in values[:-1]), values
    assert values[-2] == "OK"  # TEAM_CROSSTABLE_CHECK
