"""The command line's spreadsheet paths: ``standings``, ``templates``, ``demo``, ``compute`` on
workbooks, and where explanations go with ``--format csv|json``."""

from __future__ import annotations

import csv
import io
import json
import shlex
import stat
import zipfile
from pathlib import Path

import openpyxl
import pytest
from lean_books import lean_workbook

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS, TEMPLATE_FILES
from xl_tiebreak.excel.templates.knockout import KNOCKOUT_FILES


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "v.xlsx"
    lean_workbook(SWISS, vba=False).save(path)
    return path


def set_cell(path: Path, sheet: str, ref: str, value: object) -> None:
    wb = openpyxl.load_workbook(path)
    wb[sheet][ref] = value
    wb.save(path)


# ---------------------------------------------------------------- standings


def test_csv_path_that_is_the_workbook_is_refused(book: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    data = book.read_bytes()
    code, out, err = run(["standings", str(book), "--csv", str(book)], capsys)
    assert code == 2 and out == ""
    assert err.startswith("xl-tiebreak: cannot write the standings:\n")
    assert "the CSV file would overwrite the workbook" in err
    assert book.read_bytes() == data
    code, _, err = run(["standings", str(book), "--csv", str(book.parent / "nowhere" / "s.csv")],
                       capsys)
    assert code == 2 and "does not exist" in err
    assert book.read_bytes() == data


def test_standings_and_csv(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = book.parent / "s.csv"
    code, out, err = run(["standings", str(book), "--csv", str(target)], capsys)
    assert code == 0 and err == ""
    assert out.startswith("Standings of 16 players written to the 'Standings' sheet.")
    assert target.read_text(encoding="utf-8-sig").startswith("Rank,No,Name,Pts,")  # as compute
    code, _, _ = run(["standings", str(book), "--csv", str(target), "--player-columns",
                      "--force"], capsys)  # the CSV exists now: replaced only with --force
    assert code == 0
    header = target.read_text(encoding="utf-8-sig").splitlines()[0]
    assert header.endswith(",WIN,Title,Fed,Rtg,Decided by")


def test_problems_are_reported_with_the_sheet_they_are_listed_in(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    set_cell(book, "Crosstable", "I8", "zz")
    set_cell(book, "Crosstable", "J10", "??")
    code, out, err = run(["standings", str(book)], capsys)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == (f"xl-tiebreak: cannot compute standings: 2 problems; listed in the "
                        f"'Problems' sheet of {book.resolve()}:")
    assert lines[1].startswith("  Crosstable!I8: cannot read 'zz'")
    assert lines[2].startswith("  Crosstable!J10: cannot read '??'")
    assert "Problems" in openpyxl.load_workbook(book).sheetnames
    assert "cannot compute:" not in err


def test_a_users_problems_sheet_is_named_in_the_report(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wb = openpyxl.load_workbook(book)
    wb.create_sheet("Problems")["A1"] = "mate in 2"
    wb["Crosstable"]["I8"] = "zz"
    wb.save(book)
    code, _, err = run(["standings", str(book)], capsys)
    assert code == 2
    assert "1 problem; listed in the 'Problems (xl-tiebreak)' sheet of" in err
    assert openpyxl.load_workbook(book)["Problems"]["A1"].value == "mate in 2"


def test_read_only_workbook(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = book.read_bytes()
    book.chmod(0o444)
    try:
        code, _, err = run(["standings", str(book)], capsys)
    finally:
        book.chmod(0o644)
    assert code == 2 and "is read-only (write-protected): it was not changed" in err
    assert book.read_bytes() == data
    assert stat.S_IMODE(book.stat().st_mode) == 0o644


def test_template_output_is_refused(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["standings", str(book), "-o", str(book.parent / "out.xltx")], capsys)
    assert code == 2 and "the output must be an .xlsx or .xlsm workbook" in err
    assert not (book.parent / "out.xltx").exists()


# ---------------------------------------------------------------- templates and demo


def test_templates_refuse_to_overwrite_without_force(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "swiss.py").write_text("# mine\n", encoding="utf-8")
    code, out, err = run(["templates", str(tmp_path)], capsys)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        "xl-tiebreak: cannot write the templates:",
        f"  {tmp_path / 'swiss.py'}: already exists: not overwritten (use --force to replace "
        "it)",
    ]
    assert (tmp_path / "swiss.py").read_text(encoding="utf-8") == "# mine\n"
    code, out, _ = run(["templates", str(tmp_path), "--force"], capsys)
    assert code == 0 and len(out.splitlines()) == len(TEMPLATE_FILES) + len(KNOCKOUT_FILES)


def test_demo_prints_its_path_then_what_to_open_next(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """the demo printed only a path. The first line stays the path alone; then
    what to open, and a command that runs as printed (here without the console script)."""
    code, out, _ = run(["demo", str(tmp_path)], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0] == str((tmp_path / "tiebreak_demo.xlsm").resolve())
    assert "open it in Excel" in lines[1] and "LibreOffice" in lines[1]
    command = shlex.split(lines[-1])
    assert command[:2] == ["xl-tiebreak", "standings"] and command[2] == lines[0]
    csv_path = tmp_path / "out.csv"
    assert run([*command[1:-1], str(csv_path)], capsys)[0] == 0  # --csv PATH, elsewhere
    assert csv_path.read_text(encoding="utf-8-sig").startswith("Rank,No,Name,Pts,")


def test_demo_refuses_to_overwrite_without_force(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["demo", str(tmp_path)], capsys)[0] == 0
    code, _, err = run(["demo", str(tmp_path)], capsys)
    assert code == 2 and err.startswith("xl-tiebreak: cannot write the demo:\n")
    assert run(["demo", str(tmp_path), "--force"], capsys)[0] == 0


# ---------------------------------------------------------------- compute on workbooks


def test_explanations_keep_json_and_csv_valid(book: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["compute", str(book), "--format", "json", "--explain", "4",
                        "--tiebreaks", "BH/C1,SB"], capsys)
    assert code == 0
    data = json.loads(out)
    (explained,) = data["explanations"]
    assert explained["start_no"] == 4
    assert [t["tiebreak"] for t in explained["tiebreaks"]] == ["BH/C1", "SB"]
    assert explained["tiebreaks"][0]["formula"].startswith("BH/C1 (FIDE 2026) = ")
    code, out, err = run(["compute", str(book), "--format", "csv", "--explain", "4",
                          "--tiebreaks", "BH/C1"], capsys)
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) == 17 and {len(r) for r in rows} == {len(rows[0])}
    assert "How the values of #4 were obtained:" in err
    code, out, _ = run(["compute", str(book), "--explain", "4", "--tiebreaks", "BH/C1"], capsys)
    assert "How the values of #4 were obtained:" in out  # the table keeps them


@pytest.mark.parametrize("rating", ["5000", "-1"])
def test_unrated_rating_range(book: Path, capsys: pytest.CaptureFixture[str],
                              rating: str) -> None:
    code, _, err = run(["compute", str(book), f"--unrated-rating={rating}"], capsys)
    assert code == 2
    assert f"--unrated-rating {rating}: expected a whole number from 0 to 4000" in err


@pytest.mark.parametrize("suffix", [".xltx", ".xls", ".ods"])
def test_other_spreadsheets_are_not_read_as_trf(book: Path, capsys: pytest.CaptureFixture[str],
                                                suffix: str) -> None:
    other = book.with_suffix(suffix)
    other.write_bytes(book.read_bytes())
    code, _, err = run(["compute", str(other)], capsys)
    assert code == 2 and f"{suffix} files are not read" in err


def test_compute_warns_about_cells_outside_the_name_and_leaks_no_openpyxl_warnings(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from openpyxl.workbook.defined_name import DefinedName

    wb = openpyxl.load_workbook(book)
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text="Crosstable!$A$1:$L$17")
    wb.save(book)
    ext = tmp_path / "ext.xlsx"
    with zipfile.ZipFile(book) as src, zipfile.ZipFile(ext, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet3.xml":
                data = data.replace(b"</worksheet>", b'<extLst><ext uri="{05C60535-1F16-4FD2-'
                                    b'B633-F4F36F0B64E0}"/></extLst></worksheet>')
            dst.writestr(item, data)
    code, out, err = run(["compute", str(ext)], capsys)
    assert code == 0 and "Anna Kowalska" in out
    assert err.splitlines() == [
        "warning: Crosstable!M1: not read: M1, M2, M3, M4, M5 are just outside the range of "
        "the name 'Crosstable' (used part: Crosstable!A1:L17); widen the name's range "
        "(Formulas > Name Manager) if they belong to the crosstable"]
    code, _, err = run(["standings", str(ext)], capsys)
    # the zip route keeps the sparklines (the sheet's part is copied as it was)
    assert code == 0 and "UserWarning" not in err
    with zipfile.ZipFile(ext) as archive:
        assert b"{05C60535-1F16-4FD2-B633-F4F36F0B64E0}" in archive.read(
            "xl/worksheets/sheet3.xml")


def test_chart_sheet_is_a_message_not_a_traceback(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from openpyxl.chart import BarChart, Reference

    wb = lean_workbook(SWISS, vba=False)
    chart = BarChart()
    chart.add_data(Reference(wb["Crosstable"], min_col=4, min_row=1, max_row=17))
    del wb["Settings"]
    wb.create_chartsheet("Settings").add_chart(chart)
    path = tmp_path / "chart.xlsx"
    wb.save(path)
    code, _, err = run(["compute", str(path)], capsys)
    assert code == 2 and "Traceback" not in err
    assert "Settings: 'Settings' is a chart sheet, not a worksheet" in err


def test_a_portuguese_workbooks_csv_is_the_csv_of_compute(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``standings --csv`` of a workbook whose Language is pt-BR writes what ``compute
    --format csv`` writes of it: ``;`` between fields and ``23,5`` (what Excel in Portuguese
    opens as numbers); an English workbook's CSV stays with commas, whatever ``--lang``."""
    assert main(["--lang", "pt-BR", "demo", str(tmp_path)]) == 0
    (book,) = tmp_path.glob("*.xlsm")
    target = tmp_path / "classificacao.csv"
    assert main(["--lang", "pt-BR", "standings", str(book), "--csv", str(target)]) == 0
    capsys.readouterr()
    assert main(["--lang", "pt-BR", "compute", str(book), "--format", "csv"]) == 0
    computed = capsys.readouterr().out
    written = target.read_bytes().decode("utf-8-sig")
    assert written.replace("\r\n", "\n") == computed
    first = written.splitlines()[1].split(";")
    assert first[:5] == ["1", "1", "Anna Kowalska", "6", "23,5"]  # the demo's winner, BH/C1
    english = tmp_path / "english.csv"
    assert main(["--lang", "en", "demo", str(tmp_path / "en")]) == 0
    (book_en,) = (tmp_path / "en").glob("*.xlsm")
    assert main(["--lang", "pt-BR", "standings", str(book_en), "--csv", str(english)]) == 0
    assert english.read_text(encoding="utf-8-sig").splitlines()[1].startswith(
        "1,1,Anna Kowalska,6,23.5,")
