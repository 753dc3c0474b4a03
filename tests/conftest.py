"""Shared pytest configuration: the opt-in flag for slow exhaustive runs."""

from __future__ import annotations

import os

import pytest


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
