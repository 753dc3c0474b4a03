"""README and the How to sheets say the same thing: README's blocks between
``<!-- instructions:NAME -->`` marks are the steps of
:mod:`xl_tiebreak.excel.templates.instructions`, and every template's How to sheet holds them
(wrapped into rows, in the language in force)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from xl_tiebreak.excel.templates import instructions
from xl_tiebreak.excel.templates.parts import HOW_TO_WIDTH
from xl_tiebreak.i18n import using

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TEMPLATES = ["swiss.xlsx", "round_robin.xlsx", "team_swiss.xlsx", "knockout.xlsx"]


README_PT = (ROOT / "README.pt-BR.md").read_text(encoding="utf-8")


def _blocks(text: str, name: str) -> list[str]:
    return re.findall(rf"<!-- instructions:{name} -->\n(.*?)\n<!-- /instructions:{name} -->",
                      text, flags=re.S)


@pytest.mark.parametrize("name", sorted(instructions.BLOCKS))
def test_readme_holds_the_steps_of_the_how_to_sheets(name: str) -> None:
    assert _blocks(README, name) == [instructions.readme_block(name)]


@pytest.mark.parametrize("name", sorted(instructions.BLOCKS))
def test_the_portuguese_readme_holds_the_steps_of_the_portuguese_how_to_sheets(
        name: str) -> None:
    """README.pt-BR.md says what the Portuguese How to sheets say, naming the Portuguese
    Swiss template's files (suico.xlsm, suico.py)."""
    from xl_tiebreak.excel.templates.wording import file_stem

    with using("pt-BR"):
        stem = file_stem("swiss")
        expected = instructions.readme_block(name, stem)
    assert stem == "suico"
    assert _blocks(README_PT, name) == [expected]
    assert expected != instructions.readme_block(name, stem)  # English outside: translated


def _rows(text: str) -> list[str]:
    return textwrap.wrap(text, HOW_TO_WIDTH, subsequent_indent="   ", break_long_words=False,
                         break_on_hyphens=False)


def _built(name: str) -> Any:
    """The template ``name`` as built now (the shipped files match a fresh build:
    tests/test_excel_templates_builder.py)."""
    from xl_tiebreak.excel.templates.builder import (
        ROUND_ROBIN,
        SWISS,
        build_knockout_workbook,
        build_team_workbook,
        build_workbook,
    )

    stem = name.split(".")[0]
    if stem == "knockout":
        return build_knockout_workbook(vba=False)
    if stem == "team_swiss":
        return build_team_workbook(vba=False)
    return build_workbook(SWISS if stem == "swiss" else ROUND_ROBIN, vba=False)


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_how_to_sheet_holds_the_standings_steps(name: str) -> None:
    ws = _built(name)["How to"]
    text = "\n".join(str(row[0]) for row in ws.iter_rows(values_only=True) if row[0])
    steps = instructions.STANDINGS_STEPS + (
        () if name.startswith("knockout") else
        instructions.FUNCTION_SHEET_STEPS + instructions.LITE_STEPS)
    stem = name.split(".")[0]
    for step in steps:
        assert "\n".join(_rows(instructions.shown(step, stem))) in text
    # the companion module named is the template's own
    assert f"such as {stem}.py next to {stem}.xlsm" in " ".join(text.split())
    assert "write_standings" in text and "import *" not in text


def test_the_companion_module_is_the_workbooks_own_in_every_language() -> None:
    from xl_tiebreak.excel.templates.wording import file_stem

    with using("pt-BR"):
        for name in TEMPLATES:
            text = " ".join(" ".join(str(row[0]) for row in _built(name)[
                "How to"].iter_rows(values_only=True) if row[0]).split())
            stem = file_stem(name.split(".")[0])
            assert f"como {stem}.py ao lado de {stem}.xlsm" in text, name
        assert file_stem("swiss") == "suico"


def test_the_steps_are_translated() -> None:
    with using("pt-BR"):
        shown = [instructions.shown(step) for step in instructions.STANDINGS_STEPS]
    assert all(s != e for s, e in zip(shown, instructions.STANDINGS_STEPS, strict=True))
    assert all("write_standings" in s for s in shown)
