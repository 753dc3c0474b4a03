"""Every module of the package imports on its own in a fresh interpreter, and every package is
installed (import cycles and the layer contract: tests/test_project_architecture.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "xl_tiebreak"
MODULES = sorted(
    ".".join(p.relative_to(PACKAGE).with_suffix("").parts) for p in PACKAGE.rglob("*.py")
    if p.stem not in ("__init__", "__main__")
)
"""Every module of the package, the spreadsheet subpackage's as ``excel.functions``."""
PACKAGES = sorted(".".join(p.parent.relative_to(PACKAGE).parts)
                  for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE)


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_on_its_own(module: str) -> None:
    env = dict(os.environ)
    if module == "excel.lite":  # xlwings Lite's setting: Office.js decorators
        env.update(XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    result = subprocess.run([sys.executable, "-c", f"import xl_tiebreak.{module}"],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr


def test_every_subpackage_is_installed() -> None:
    """pyproject's package list names every folder of the package (a wheel, and Pyodide, get
    only those)."""
    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    packages = text.split("packages =", 1)[1].split("]")[0]
    listed = set(re.findall(r'"(xl_tiebreak[a-z0-9_.]*)"', packages))
    assert listed == {"xl_tiebreak", *(f"xl_tiebreak.{p}" for p in PACKAGES)}
