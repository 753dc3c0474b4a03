"""The worksheet functions shipped workbooks see, compared with the stored record of them.

``tests/data/worksheet_functions.json`` records every function as classic xlwings' "Import
Functions" sees it (VBA wrapper parameters, argument conversion, the Function Wizard texts)
and as xlwings Lite registers it (the Office.js metadata); both are produced by xlwings' own
code (see :mod:`tests.xlwings_lists`). A function missing, one more, or one whose parameters,
defaults or texts changed fails here: a shipped workbook's formulas would break or change.
A deliberate change (a new function) is made by rewriting the file with
``python tests/xlwings_lists.py > tests/data/worksheet_functions.json`` and reviewing the diff.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.xlwings_lists import STORED, current_lists


@pytest.fixture(scope="module")
def stored() -> dict[str, Any]:
    result: dict[str, Any] = json.loads(STORED.read_text(encoding="utf-8"))
    return result


@pytest.fixture(scope="module")
def current() -> dict[str, Any]:
    return current_lists()


@pytest.mark.parametrize("side", ["classic", "lite"])
def test_no_function_missing_and_none_extra(stored: dict[str, Any], current: dict[str, Any],
                                            side: str) -> None:
    missing = sorted(set(stored[side]) - set(current[side]))
    extra = sorted(set(current[side]) - set(stored[side]))
    assert (missing, extra) == ([], [])


@pytest.mark.parametrize("side", ["classic", "lite"])
def test_every_function_as_stored(stored: dict[str, Any], current: dict[str, Any],
                                  side: str) -> None:
    changed = [name for name in sorted(set(stored[side]) & set(current[side]))
               if stored[side][name] != current[side][name]]
    assert changed == []
    assert len(stored[side]) == 49  # 40 individual + 9 team functions (TEAM_TIEBREAKS,
    # TEAM_COMPARE_ORDERS, TEAM_CROSSTABLE_CHECK, then CROSSTABLE_ID, PARTICIPANTS,
    # TEAM_PARTICIPANTS and WHY_AHEAD added deliberately)


def test_classic_and_lite_list_the_same_functions_and_parameters(current: dict[str, Any]
                                                                 ) -> None:
    """The two ways agree with each other: same names, same parameters in the same order,
    the same ones optional, the same texts (independently of the stored record)."""
    classic, lite = current["classic"], current["lite"]
    assert set(classic) == set(lite)
    for name, function in classic.items():
        registered = lite[name]
        declared = [(p.removeprefix("Optional "), p.startswith("Optional "))
                    for p in function["parameters"]]
        assert [(p["name"], p.get("optional", False)) for p in registered["parameters"]] \
            == declared, name
        assert [p["description"] for p in registered["parameters"]] == function["arguments"]
        assert registered["description"] == function["description"], name
        assert registered["name"] == name


def test_the_record_has_what_the_comparison_needs(stored: dict[str, Any]) -> None:
    """The record is not empty of the facts compared: every function has parameters,
    argument texts and a description on both sides."""
    for name, function in stored["classic"].items():
        assert function["parameters"][0] == "crosstable", name
        assert len(function["arguments"]) == len(function["parameters"]), name
        assert function["description"] and function["category"] == "xl-tiebreak", name
        assert set(function["conversion"]) == {p.removeprefix("Optional ")
                                               for p in function["parameters"]}, name
    for name, function in stored["lite"].items():
        assert function["parameters"] and function["description"], name
