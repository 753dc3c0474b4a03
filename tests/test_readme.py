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
    """README's Layout section describes the tree one module per entry (issue 7): every module
    of the package is named there as `name`."""
    layout = README.read_text(encoding="utf-8").split("## Layout", 1)[1]
    named = set(re.findall(r"`([a-z_]+)`", layout))
    package = ROOT / "xl_tiebreak"
    modules = {p.stem for p in package.rglob("*.py") if p.stem != "__init__"}
    modules -= {"udfs", "macros"}  # named by their paths (xl_tiebreak/udfs.py, …)
    subcommands = {p.stem for p in (package / "commands").glob("*.py")}
    missing = sorted(modules - named - subcommands)
    assert missing == [], missing
    assert "xl_tiebreak/udfs.py" in layout and "xl_tiebreak/macros.py" in layout
