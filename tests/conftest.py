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
    skip = pytest.mark.skip(reason="slow: enable with --run-slow or XL_TIEBREAK_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
