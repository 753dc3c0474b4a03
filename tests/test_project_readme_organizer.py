"""README.md is the organizer's page: the Quick start for Windows and macOS/Linux, the
troubleshooting of the known traps, and developer material in docs/ (linked, not inline).
Its commands are run by tests/test_project_readme.py (here) and by .ci/package-check (with the built
wheel in a fresh virtual environment)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the ``##`` section whose heading starts with ``title``."""
    found = re.search(rf"^## {re.escape(title)}.*?\n(.*?)(?=^## |\Z)", README, flags=re.M | re.S)
    assert found, title
    return found.group(1)


def test_quick_start_for_windows_and_posix() -> None:
    quick = section("Quick start")
    windows = re.search(r"```powershell\n(.*?)```", quick, flags=re.S)
    posix = re.search(r"```sh\n(.*?)```", quick, flags=re.S)
    assert windows and posix
    for block, activate in ((windows.group(1), r".venv\Scripts\Activate.ps1"),
                            (posix.group(1), ". .venv/bin/activate")):
        lines = block.splitlines()
        joined = "\n".join(lines)
        assert activate in joined
        # the add-in is installed after the package, inside the activated environment
        assert joined.index(activate) < joined.index('pip install ".[excel]"') < joined.index(
            "xlwings addin install")
    assert "xl-tiebreak workbook" in quick and "xl-tiebreak standings" in quick
    assert "Run main" in quick


def test_troubleshooting_names_the_traps_and_their_fixes() -> None:
    trouble = " ".join(section("Troubleshooting").replace("**", "").split())
    for issue in (1036, 1166, 1260, 1502):
        assert f"https://github.com/xlwings/xlwings/issues/{issue}" in trouble
    assert "xlwings config create --force" in trouble  # rewrites the stale interpreter
    assert "Mark of the Web" in trouble and "Unblock" in trouble
    assert "Trust access to the VBA project object model" in trouble


def test_developer_material_is_in_docs() -> None:
    assert "## Performance" not in README
    assert (ROOT / "docs" / "performance.md").is_file()
    contributors = section("For contributors")
    assert "-n auto" in contributors  # pytest-xdist, in the test extra
    for page in ("docs/development.md", "docs/performance.md", "docs/decisions.md"):
        assert f"]({page})" in contributors
    development = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    assert "--run-slow" in development and "Normal skips" in development
