"""``xl-tiebreak workbook`` gives every participant a row of the function sheets: when the
event has more participants than the template's arrays have rows, the arrays are grown to the
event (and their check cells say OK), with each participant's values there."""

from __future__ import annotations

import json
from fractions import Fraction
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


def test_more_participants_than_the_template_s_rows(e1: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(function_sheets, "TEMPLATE_ROWS", 10)  # E1.1 has 16 players
    out = tmp_path / "e1.xlsx"
    assert main(["workbook", str(e1), "-o", str(out)]) == 0
    assert "Functions" not in capsys.readouterr().err  # nothing left out, nothing to say
    formulas = openpyxl.load_workbook(out)
    refs = sorted(str(c.value.ref) for c in formulas["Functions"]._cells.values()
                  if type(c.value).__name__ == "ArrayFormula")
    first = function_sheets.FUNCTIONS_FIRST_ROW
    assert refs and all(ref.endswith(str(first + 15)) for ref in refs), refs  # 16 rows
    values = openpyxl.load_workbook(out, data_only=True)["Functions"]
    assert "OK" in str(values["B3"].value)  # the check cell: every participant shown
    assert [values.cell(row=first + i, column=1).value for i in range(16)] == list(
        range(1, 17))  # E1.1's start numbers, each once, in order
    capsys.readouterr()
    assert main(["compute", str(e1), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    expected = {r["start_no"]: (r["name"], Fraction(r["points"]), Fraction(r["values"]["BH/C1"]))
                for r in rows}
    header = [c.value for c in values[first - 1]]
    points, cut1 = header.index("POINTS") + 1, header.index("BUCHHOLZ_CUT1") + 1
    shown = {values.cell(row=first + i, column=1).value: (
        values.cell(row=first + i, column=2).value,
        Fraction(str(values.cell(row=first + i, column=points).value)),
        Fraction(str(values.cell(row=first + i, column=cut1).value))) for i in range(16)}
    assert shown == expected  # rows 11-16 too, past the template's 10


def test_no_note_when_every_participant_has_a_row(e1: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["workbook", str(e1), "-o", str(tmp_path / "e1.xlsx")]) == 0
    assert "Functions" not in capsys.readouterr().err
