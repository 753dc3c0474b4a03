"""The Python versions the package promises are the same everywhere they are stated:
``requires-python`` (what pip enforces), the README's Quick start, and the versions ruff and
mypy check the code for."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _lowest() -> tuple[int, int]:
    """The lowest Python version of ``requires-python`` (a single ``>=X.Y`` bound)."""
    spec = PYPROJECT["project"]["requires-python"]
    found = re.fullmatch(r">=\s*3\.(\d+)", spec)
    assert found, spec
    return 3, int(found.group(1))


def test_the_lowest_python_is_the_one_xlwings_needs() -> None:
    # xlwings 0.37.1 and later declare Requires-Python >=3.11 (docs/engineering.md D98), and
    # the excel extra needs 0.37.3 or later
    assert _lowest() == (3, 11)
    excel = PYPROJECT["project"]["optional-dependencies"]["excel"]
    assert any(re.fullmatch(r"xlwings>=0\.37\.[3-9]", d) for d in excel), excel


def test_readme_states_the_same_version() -> None:
    major, minor = _lowest()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = set(re.findall(r"Python (3\.\d+) or newer", readme))
    assert stated == {f"{major}.{minor}"}, stated


def test_linters_check_for_the_lowest_version() -> None:
    major, minor = _lowest()
    assert PYPROJECT["tool"]["ruff"]["target-version"] == f"py{major}{minor}"
    assert PYPROJECT["tool"]["mypy"]["python_version"] == f"{major}.{minor}"


def test_this_interpreter_is_supported() -> None:
    assert sys.version_info[:2] >= _lowest()
