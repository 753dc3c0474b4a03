"""What the LibreOffice-rendering tests share: the marker that skips them without LibreOffice
and poppler-utils, and the repository's render script loaded as a module."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")

needs_libreoffice = pytest.mark.skipif(
    SOFFICE is None or not shutil.which("pdfinfo") or not shutil.which("pdftotext"),
    reason="needs LibreOffice (soffice) and poppler-utils (pdfinfo, pdftotext)",
)


def render_script() -> ModuleType:
    """``scripts/render_standings_png.py`` (it prints a workbook's sheets through LibreOffice)."""
    spec = importlib.util.spec_from_file_location(
        "render_standings_png", ROOT / "scripts" / "render_standings_png.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
