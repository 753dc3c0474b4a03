"""The standings button needs nothing beside the workbook, whatever its name.

A template saved as ``Club Open 2026.xlsm`` (spaces, a name starting like no Python module) is
run the way its button runs, through xlwings' own code, each way in a fresh interpreter:

* **classic xlwings** (Windows): xlwings' ``import_udfs`` reads the workbook's ``UDF Modules``
  setting, as Import Functions does, and writes the VBA module; it must hold one
  ``Sub write_standings()`` without parameters calling ``xl_tiebreak.macros``. The Sub is then
  resolved as xlwings' ``call_udf`` resolves it (``get_udf_module`` and the name) and run with
  ``Book.caller()`` answering a stand-in of the opened workbook (the one of
  ``tests/test_excel_sheets_macros.py``: no Excel here). Inert stand-ins replace pywin32, as
  in ``tests/xlwings_lists.py``.
* **xlwings Lite** (Office.js, ``XLWINGS_ON_SERVER=true`` and xlwings' documented
  ``noncommercial`` key): the shipped ``workbook_templates/lite/main.py`` is loaded; xlwings'
  ``custom_scripts_meta`` must list the script and ``custom_scripts_call`` runs it on an
  ``xlwings.Book`` made from the workbook's content in the form the add-in sends (sheets'
  values, names with their sheets). The actions xlwings returns are applied to that content,
  as the add-in applies them.

Each way, the Standings sheet is written with the standings that ``xl-tiebreak standings``
writes into the same file, and a second run leaves the workbook exactly as the first one did
(no sheet or name is created twice).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xl_tiebreak.excel.headless import write_standings_file
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
NAME = "Club Open 2026.xlsm"

CLASSIC = r"""
import contextlib, json, sys, types

pythoncom = types.ModuleType("pythoncom")
pythoncom.CoInitialize = lambda: None
pywintypes = types.ModuleType("pywintypes")
class com_error(Exception):
    pass
pywintypes.com_error = com_error
client = types.ModuleType("win32com.client")
def Dispatch(obj):
    raise AssertionError("xlwings asked for a COM object")
client.Dispatch = Dispatch
win32com = types.ModuleType("win32com")
win32com.client = client
sys.modules.update({"pythoncom": pythoncom, "pywintypes": pywintypes, "win32com": win32com,
                    "win32com.client": client})

import openpyxl
import xlwings as xw
import xlwings.udfs as classic

xw.func, xw.arg, xw.ret, xw.sub, xw.script = (classic.xlfunc, classic.xlarg, classic.xlret,
                                              classic.xlsub, classic.xlsub)
path, tests = sys.argv[1], sys.argv[2]
sys.path.insert(0, tests)
import test_excel_sheets_macros as stand_in
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook

wb = openpyxl.load_workbook(path, keep_vba=True)
conf = {r[0]: r[1] for r in wb["xlwings.conf"].iter_rows(max_col=2, values_only=True)}
modules = conf["UDF Modules"]
for module_name in modules.split(";"):  # what get_udf_module keeps (no COM look-up)
    module = __import__(module_name, fromlist=["_"])
    classic.udf_modules[module_name] = {"filename": module.__file__, "filetime": None,
                                        "module": module}

class Components:
    imported = None
    def __call__(self, name):
        raise com_error("no module " + name)
    def Remove(self, component):
        raise AssertionError("nothing to remove")
    def Import(self, path):
        with open(path) as f:
            Components.imported = f.read()

class Application:
    Version = "16.0"
    def MacroOptions(self, macro, **kw):
        pass

class Workbook:
    Name = path.replace("\\", "/").rsplit("/", 1)[-1]
    Application = Application()
    VBProject = types.SimpleNamespace(VBComponents=Components())

with contextlib.redirect_stdout(sys.stderr):
    classic.import_udfs(modules, Workbook())

# the stand-in of the opened workbook, as Excel shows it to xlwings
book = stand_in.FakeBook()
for ws in wb.worksheets:
    sheet = stand_in.FakeSheet(book, ws.title)
    book.sheet_list.append(sheet)
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is not None and cell.data_type != "f":
                sheet.cells[(cell.row, cell.column)] = stand_in.excel_value(cell.value)
    for local in ws.defined_names:  # the Standings placeholder's mark
        sheet.names.add(local, "=" + ws.defined_names[local].attr_text)
for name, defined in wb.defined_names.items():
    ((sheet_name, ref),) = list(defined.destinations) or OpenpyxlBook(wb)._sized(
        defined.attr_text)
    book.names.refs[name] = (sheet_name, ref.replace("$", ""))

xw.Book.caller = classmethod(lambda cls: book)
told = []
stand_in.excel_macros.tell = lambda b, message, problems=False: told.append(message)

def state():
    return {s.name: {"cells": sorted([f"{r},{c}", repr(v)] for (r, c), v in s.cells.items()),
                     "names": sorted(f"{d.local}={d.refers_to}" for d in s.names)}
            for s in book.sheet_list}

module = classic.get_udf_module("xl_tiebreak.macros", None)  # as call_udf resolves the Sub
sub = getattr(module, "write_standings")
runs = []
for _ in range(2):
    sub()
    runs.append(state())
standings = book.sheets["Standings"]
rows = standings.used_range.value
json.dump({"vba": Components.imported, "meta": {"sub": sub.__xlfunc__["sub"],
           "args": sub.__xlfunc__["args"]}, "told": told, "runs": runs,
           "order": [s.name for s in book.sheet_list],
           "standings": [[stand_in.excel_value(v) for v in row] for row in rows]},
          sys.stdout)
"""

LITE = r"""
import asyncio, importlib.util, json, sys
import xlwings as xw
from xlwings.server import custom_scripts_call, custom_scripts_meta

path, main_path, helpers = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, helpers)
from lite_book import apply_actions, book_json

spec = importlib.util.spec_from_file_location("main", main_path)
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)

data = book_json(path, xw.__version__)
runs, kinds = [], []
for _ in range(2):
    book = xw.Book(json=json.loads(json.dumps(data)))
    asyncio.run(custom_scripts_call(main, "write_standings", typehint_to_value={xw.Book: book}))
    actions = book.json()["actions"]
    kinds.append([a["func"] for a in actions])
    apply_actions(data, actions)
    runs.append(json.loads(json.dumps(data)))
sheet = next(s for s in data["sheets"] if s["name"] == "Standings")
json.dump({"meta": custom_scripts_meta(main), "runs": runs, "kinds": kinds,
           "alerts": [a["args"][0] for a in actions if a["func"] == "alert"],
           "standings": sheet["values"]}, sys.stdout)
"""


def _run(code: str, *args: str, lite: bool = False) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get(
        "PYTHONPATH", "")]))
    if lite:
        env.update(XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    else:
        env.pop("XLWINGS_ON_SERVER", None)
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    # the last line: the macro also prints what it told the user (xlwings' console)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def workbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("button") / NAME
    build_workbook(SWISS, vba=True).save(path)
    return path


@pytest.fixture(scope="module")
def headless_table(workbook: Path, tmp_path_factory: pytest.TempPathFactory) -> list[list[Any]]:
    """The Standings sheet's table as ``xl-tiebreak standings`` writes it into the same file
    (from the header row down; numbers as floats, as Excel hands them over)."""
    out = tmp_path_factory.mktemp("headless") / "written.xlsm"
    write_standings_file(workbook, out)
    rows = [list(r) for r in openpyxl.load_workbook(out)["Standings"].iter_rows(
        values_only=True)]
    return _table(rows)


def _table(rows: list[list[Any]]) -> list[list[Any]]:
    """The standings table: the rows from the ``Place`` header to the last player row, each
    cut to the header's width, numbers as floats."""
    start = next(i for i, row in enumerate(rows) if row and row[0] == "Place")
    width = len([v for v in rows[start] if v not in (None, "")])
    table = []
    for row in rows[start:]:
        cells = [float(v) if isinstance(v, int) and not isinstance(v, bool) else v
                 for v in list(row)[:width]]
        if all(v in (None, "") for v in cells):
            break
        table.append([None if v == "" else v for v in cells])
    return table


def test_classic_import_functions_brings_the_button_macro(workbook: Path,
                                                          headless_table: list[list[Any]]
                                                          ) -> None:
    result = _run(CLASSIC, str(workbook), str(TESTS))
    vba = result["vba"]
    subs = [line for line in vba.splitlines() if line.startswith("Sub ")]
    assert subs == ["Sub write_standings()"]  # one macro, no parameters: Alt+F8 or a button
    body = vba[vba.index("Sub write_standings()"):vba.index("End Sub")]
    assert ('XLPy.CallUDF "xl_tiebreak.macros", "write_standings", Array(), ThisWorkbook, '
            "Application.Caller") in body
    assert "Function BUCHHOLZ_CUT1(" in vba  # the functions come with it, as before
    assert result["meta"] == {"sub": True, "args": []}
    assert result["told"] == ["Standings of 16 players written to the 'Standings' sheet."] * 2
    first, second = result["runs"]
    assert first == second  # the second run leaves the workbook as the first did
    assert result["order"].count("Standings") == 1 and "Problems" not in result["order"]
    assert _table(result["standings"]) == headless_table
    assert len(headless_table) == 1 + SWISS.players


def test_lite_runs_the_script_of_the_shipped_main(workbook: Path,
                                                  headless_table: list[list[Any]]) -> None:
    result = _run(LITE, str(workbook), str(ROOT / "workbook_templates" / "lite" / "main.py"),
                  str(TESTS / "pyodide"), lite=True)
    assert [s["function_name"] for s in result["meta"]] == ["write_standings"]
    first, second = result["runs"]
    assert first == second
    assert [s["name"] for s in first["sheets"]].count("Standings") == 1
    assert "addSheet" not in result["kinds"][1] and "namesAdd" not in result["kinds"][1]
    assert result["alerts"] == ["Standings of 16 players written to the 'Standings' sheet."]
    assert _table(result["standings"]) == headless_table
