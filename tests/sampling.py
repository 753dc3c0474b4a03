"""Cases of a parametrized property test shared between the default run and the slow set."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def fast_sample(values: Iterable[Any], fast: int) -> list[Any]:
    """``values`` as ``parametrize`` cases: the first ``fast`` of them run by default, the
    others are marked ``slow`` (run with ``--run-slow``), so that the default run still takes
    the code path of every case and the slow set adds the rest of the seeds."""
    return [value if i < fast else pytest.param(value, marks=pytest.mark.slow)
            for i, value in enumerate(values)]
