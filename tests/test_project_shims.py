"""``xl_tiebreak.udfs`` and ``xl_tiebreak.macros`` stay what shipped workbooks point at: the
worksheet functions and the macros, re-exported from the spreadsheet layer."""

from __future__ import annotations

import inspect
import subprocess
import sys

import xl_tiebreak.excel.functions.catalogue as functions
import xl_tiebreak.excel.sheets.macros as excel_macros
from xl_tiebreak import macros, udfs


def test_a_star_import_brings_every_worksheet_function() -> None:
    """What xlwings Lite's main.py does: ``from xl_tiebreak.udfs import *``."""
    namespace: dict[str, object] = {}
    exec("from xl_tiebreak.udfs import *", namespace)
    assert len(functions.EXCEL_FUNCTIONS) == 40  # + TIEBREAKS (8), COMPARE_ORDERS, RBH (12),
    # WHY_AHEAD, CROSSTABLE_ID, PARTICIPANTS
    for name, f in functions.EXCEL_FUNCTIONS.items():
        assert namespace[name] is f, name
    assert namespace["clear_cache"] is functions.clear_cache
    assert set(udfs.__all__) == set(functions.__all__)


def test_every_function_is_a_member_of_the_udf_module() -> None:
    """Classic xlwings' "Import Functions" scans ``dir()`` of the module named in
    ``UDF Modules`` and calls each function by that module's name."""
    members = {name for name in dir(udfs) if inspect.isfunction(getattr(udfs, name))}
    assert set(functions.EXCEL_FUNCTIONS) <= members
    for name in functions.EXCEL_FUNCTIONS:
        assert getattr(udfs, name) is functions.EXCEL_FUNCTIONS[name]


def test_the_macros_are_reexported() -> None:
    assert macros.main is excel_macros.main
    assert macros.write_standings is excel_macros.write_standings
    assert macros.run is excel_macros.run
    namespace: dict[str, object] = {}
    exec("from xl_tiebreak.macros import main", namespace)  # the companion modules' line
    assert namespace["main"] is excel_macros.main


def test_the_shims_import_on_their_own() -> None:
    for name in ("xl_tiebreak.udfs", "xl_tiebreak.macros"):
        subprocess.run([sys.executable, "-c", f"import {name}"], check=True)
