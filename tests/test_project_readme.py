"""Every ``xl-tiebreak`` command in README.md's shell blocks runs and exits 0.

The commands are taken from the README itself (```sh blocks; ```text blocks are synopses with
placeholders), in the order they appear, and run as a newcomer would from the repository root:
in a temporary copy of the root's ``examples/`` folder, so that nothing is written into the
checkout (``xl-tiebreak demo out`` writes ``out/`` there)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def readme_commands() -> list[str]:
    """The ``xl-tiebreak …`` command lines of the README's ``sh`` blocks, in order (a line such
    as ``pip install … && xl-tiebreak demo out`` gives its ``xl-tiebreak`` part)."""
    text = README.read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            for part in line.split("&&"):
                part = part.strip()
                if part.startswith("xl-tiebreak "):
                    commands.append(part)
    return commands


def test_the_readme_shows_commands() -> None:
    commands = readme_commands()
    assert any(c.startswith("xl-tiebreak demo") for c in commands)
    assert sum(c.startswith("xl-tiebreak compute examples/") for c in commands) >= 3


def test_every_readme_command_exits_0(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for command in readme_commands():
        args = shlex.split(command)[1:]
        done = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{command}: {done.stderr}"
        assert "Traceback" not in done.stderr, command


@pytest.mark.parametrize("link", re.findall(r"\]\(((?!https?:)[^)#]+)", README.read_text(
    encoding="utf-8")))
def test_links_to_files_of_the_repository_exist(link: str) -> None:
    assert (ROOT / link).exists(), link


def test_the_layout_section_names_every_module() -> None:
    """docs/architecture.md (linked from README's Layout section) describes the tree one module
    per entry: every module of the package is named there as `package/module`."""
    assert "docs/architecture.md" in README.read_text(encoding="utf-8").split("## Layout", 1)[1]
    layout = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z0-9_/]+)`", layout))
    package = ROOT / "xl_tiebreak"
    modules = {"/".join(p.relative_to(package).with_suffix("").parts)
               for p in package.rglob("*.py") if p.stem not in ("__init__", "__main__")}
    missing = sorted(modules - named)
    assert missing == [], missing
    assert "xl_tiebreak/udfs.py" in layout and "xl_tiebreak/macros.py" in layout
