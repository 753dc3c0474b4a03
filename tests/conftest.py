"""Shared pytest configuration: the opt-in flag for slow exhaustive runs, and how pytest-xdist
shares the tests out between its workers (the modules whose tests share an expensive
module-scoped fixture run on one worker, so that the fixture is built once, not once per
worker)."""

from __future__ import annotations

import os
from typing import Any

import pytest

SHARED_FIXTURE_MODULES = frozenset({
    "tests/test_excel_functions_event_sheets.py",  # the Settings event after 'standings'
    "tests/test_excel_lite.py",  # the Lite functions' record
    "tests/test_excel_sheets_standings_button.py",  # the template after 'standings'
    "tests/test_excel_templates_open_anywhere.py",  # the demo opened by LibreOffice
    "tests/test_excel_templates_print_layout.py",  # the demo printed by LibreOffice
    "tests/test_excel_templates_team_workbook.py",  # the team workbook of a TRF
    "tests/test_project_lite_bundle.py",  # a wheel built, bundled and run in Pyodide
    "tests/test_project_pyodide.py",  # Pyodide started under node
    "tests/test_tiebreaks_legacy_oracle.py",  # the npm oracle's answers
})
"""Test modules whose module-scoped fixtures cost seconds each: with ``-n`` their tests go to
one worker together (the other modules' tests one by one to whichever worker is free)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow", action="store_true", default=False, help="run slow exhaustive tests"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow") or os.environ.get("XL_TIEBREAK_SLOW") == "1":
        return
    # One skipped entry per slow test function says that it exists and how to run it; the
    # other cases of a parametrized one (a thousand seeds) are deselected, not listed.
    skip = pytest.mark.skip(reason="slow: enable with --run-slow or XL_TIEBREAK_SLOW=1")
    kept: list[pytest.Item] = []
    deselected: list[pytest.Item] = []
    shown: set[tuple[str, str]] = set()
    for item in items:
        if "slow" not in item.keywords:
            kept.append(item)
            continue
        function = (item.nodeid.split("::")[0], getattr(item, "originalname", item.name))
        if function in shown:
            deselected.append(item)
            continue
        shown.add(function)
        item.add_marker(skip)
        kept.append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # before pytest-xdist's own
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``-n`` with the default distribution: xdist's scheduling by groups, one group per module
    of ``SHARED_FIXTURE_MODULES`` and each other test a group of its own (xdist's own
    ``xdist_group`` mark does not reach the scheduler under pytest 9.2)."""
    if config.getoption("dist") != "load":
        return None  # another distribution asked for on the command line
    from xdist.scheduler import LoadScopeScheduling

    class ModuleFixtureScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::")[0]
            return module if module in SHARED_FIXTURE_MODULES else nodeid

    return ModuleFixtureScheduling(config, log)
