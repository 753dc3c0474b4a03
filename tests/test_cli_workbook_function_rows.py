"""``xl-tiebreak workbook`` says when the event has more participants than the function
sheets' fixed arrays have rows (what their check cells say too), and says nothing otherwise."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from spec_data import code_block, section

import xl_tiebreak.excel.templates.function_sheets as function_sheets
from xl_tiebreak.cli.main import main


@pytest.fixture
def e1(tmp_path: Path) -> Path:
    path = tmp_path / "e1.trf"
    path.write_text(code_block(section("worked-examples.md", "E1.1")), encoding="utf-8")
    return path


def test_more_participants_than_function_rows(e1: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(function_sheets, "TEMPLATE_ROWS", 10)  # E1.1 has 16 players
    out = tmp_path / "e1.xlsx"
    assert main(["workbook", str(e1), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert ("the Functions and Formula standings sheets show the first 10 of the 16 "
            "participants") in err
    check = openpyxl.load_workbook(out, data_only=True)["Functions"]["B3"].value
    assert "leaves out 6 of the 16 participants" in str(check)  # the sheet says the same


def test_no_note_when_every_participant_has_a_row(e1: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["workbook", str(e1), "-o", str(tmp_path / "e1.xlsx")]) == 0
    assert "Functions" not in capsys.readouterr().err
