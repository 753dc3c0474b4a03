"""Read test inputs and expected values from the shared specification and data folder.

The shared folder (``../shared`` beside the project) is read in place, never copied; tests that
need it are skipped when it is absent.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(__file__).resolve().parents[2] / "shared"
SPEC = SHARED / "spec"
TRF_DIR = SHARED / "data" / "trf"


def require(path: Path) -> Path:
    """``path`` if it exists, else skip the calling test."""
    if not path.exists():
        pytest.skip(f"shared data not available: {path}")
    return path


def section(doc: str, heading: str) -> str:
    """Text of the section of ``doc`` (a spec file name) whose heading starts with ``heading``.

    The section ends at the next heading of the same or a higher level.
    """
    text = require(SPEC / doc).read_text(encoding="utf-8")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"(#+) (.*)", line)
        if m and m.group(2).startswith(heading):
            level = len(m.group(1))
            out = []
            for nxt in lines[i + 1 :]:
                m2 = re.match(r"(#+) ", nxt)
                if m2 and len(m2.group(1)) <= level:
                    break
                out.append(nxt)
            return "\n".join(out)
    raise LookupError(f"no section {heading!r} in {doc}")


def code_block(text: str) -> str:
    """The first fenced code block of ``text``."""
    m = re.search(r"```\n(.*?)```", text, re.S)
    if not m:
        raise LookupError("no code block")
    return m.group(1)


def table(text: str) -> list[dict[str, str]]:
    """The first Markdown table of ``text`` as a list of rows keyed by column heading."""
    rows = [line for line in text.splitlines() if line.startswith("|")]
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    header, body = cells[0], [c for c in cells[2:]]
    return [dict(zip(header, row)) for row in body]


def number(text: str) -> Fraction | None:
    """A table cell as an exact value; ``undef`` (and empty) as None; bold marks ignored."""
    t = text.replace("*", "").strip()
    if t in ("", "undef", "undefined"):
        return None
    return Fraction(t)
