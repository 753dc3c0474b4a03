"""The command line: formats, explanations, after-round standings and user errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from spec_data import code_block, section

from xl_tiebreak.cli.main import main


@pytest.fixture
def e1(tmp_path: Path) -> Path:
    path = tmp_path / "e1.trf"
    path.write_text(code_block(section("worked-examples.md", "E1.1")), encoding="utf-8")
    return path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_csv_format_is_exact(e1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["compute", str(e1), "--tiebreaks", "bh-c1,AOB,ARO/C1,DE",
                        "--rules", "fide2023", "--format", "csv"], capsys)
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["Rank", "No", "Name", "Pts", "bh-c1", "AOB", "ARO/C1", "DE", "Decided by"]
    # AOB with the 2 decimals it is rounded to below 9 rounds (spec §4.11 corrected)
    assert rows[1][:8] == ["1", "2", "Bruno", "4", "12", "13.60", "1988", ""]
    by_no = {r[1]: r for r in rows[1:]}
    assert by_no["4"][3:7] == ["3.5", "11.5", "13.38", "1983"]
    assert by_no["12"][6] == ""  # ARO/C1 undefined: one game, cut
    assert len(rows) == 17


def test_table_names_rules_and_tiebreaks(e1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["compute", str(e1)], capsys)
    assert code == 0
    assert "rules FIDE 2026 (auto: rules in force on the start date 2026-04-01)" in out
    assert "BH/C1 = Buchholz Cut-1" in out


def test_json_and_explain(e1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["compute", str(e1), "--tiebreaks", "BH/C1", "--format", "json",
                        "--rules", "fide2026"], capsys)
    data = json.loads(out)
    assert data["rules"] == "fide2026"
    row = next(r for r in data["rows"] if r["start_no"] == 4)
    assert row["values"]["BH/C1"] == "11.5" and row["points"] == "3.5"
    code, out, _ = run(["compute", str(e1), "--tiebreaks", "BH/C1", "--explain", "4"], capsys)
    assert "R2 · dummy opponent (half-point bye) · value 2½" in out
    assert "voluntary unplayed round cut first (Art. 16.5)" in out


def test_after_round(e1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # after round 2, #2 Bruno (2/2) leads; his opponents #10 (1 after R2) and #7 (1 after R2)
    code, out, _ = run(["compute", str(e1), "--tiebreaks", "BH", "--after-round", "2",
                        "--format", "csv"], capsys)
    rows = list(csv.reader(io.StringIO(out)))
    bruno = next(r for r in rows if r[1] == "2")
    assert bruno[3] == "2" and bruno[4] == "2"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compute", "missing.trf"], "no such file"),
        (["compute", "{e1}", "--tiebreaks", "XYZ"], "unknown tie-break 'XYZ'"),
        (["compute", "{e1}", "--rules", "fide1999"], "unknown rule set"),
        (["compute", "{e1}", "--after-round", "9"], "the tournament has 5 rounds"),
        (["compute", "{e1}", "--explain", "77"], "no participant with that start number"),
    ],
)
def test_user_errors_exit_2_without_traceback(
    e1: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run([a.format(e1=e1) for a in args], capsys)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_inconsistent_file_names_line_and_column(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = code_block(section("worked-examples.md", "E1.1"))
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("001    1"))
    lines[i] = lines[i][:98] + "0" + lines[i][99:]  # Alyx now lost to #9, who also won
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run(["compute", str(bad)], capsys)
    assert code == 2
    assert f"line {i + 1}, col 92: results do not mirror in round 1" in err


def test_csv_crosstable_input_and_formula_injection(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.csv"
    path.write_text("No,Name,R1\n1,=HYPERLINK(\"x\"),2w1\n2,Bob,1b0\n", encoding="utf-8")
    code, out, _ = run(["compute", str(path), "--tiebreaks", "BH", "--format", "csv"], capsys)
    assert code == 0
    assert "'=HYPERLINK" in out


def test_presets_listing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["presets"], capsys)
    assert code == 0 and "preset:uscf" in out and "MM,SOLKOFF,CUM,OPPCUM" in out


def test_garbage_collector_paused_for_compute_and_slowed_for_workbooks(
        e1: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``compute`` runs without the cyclic collector, the workbook commands with the raised
    thresholds; both are given back as they were, also when the command fails."""
    import gc

    import xl_tiebreak.cli.main as cli

    seen: list[tuple[bool, tuple[int, ...]]] = []
    run_command = cli._run

    def watched(args: object) -> int:
        seen.append((gc.isenabled(), gc.get_threshold()))
        return run_command(args)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "_run", watched)
    before = gc.get_threshold()
    assert gc.isenabled()
    assert main(["compute", str(e1)]) == 0
    book = tmp_path / "e1.xlsx"
    assert main(["workbook", str(e1), "-o", str(book)]) == 0
    assert main(["standings", str(tmp_path / "missing.xlsx")]) == 2
    capsys.readouterr()
    assert seen == [(False, before), (True, cli.WORKBOOK_GC_THRESHOLD),
                    (True, cli.WORKBOOK_GC_THRESHOLD)]
    assert gc.isenabled() and gc.get_threshold() == before
    assert before != cli.WORKBOOK_GC_THRESHOLD
