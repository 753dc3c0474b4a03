"""The standings writer and the headless command, checked by re-opening the output with openpyxl."""

from __future__ import annotations

import csv
import datetime
import hashlib
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import openpyxl.xml
import pytest
import sheet_table
from lean_books import lean_workbook
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.formula import ArrayFormula

import xl_tiebreak.excel.files.checks as files
from xl_tiebreak.excel.book.layout import HALF_FORMAT, WHOLE_FORMAT
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.files.checks import write_csv
from xl_tiebreak.excel.headless import (
    ProblemsWritten,
    read_workbook_tournament,
    write_standings_file,
)
from xl_tiebreak.excel.sheets.writer import write_standings_to
from xl_tiebreak.excel.templates.builder import ROUND_ROBIN, SWISS, Template
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.model.tournament import InputError, TournamentType
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.util.numbers import to_float


def save(template: Template, folder: Path, suffix: str = ".xlsm") -> Path:
    """The template saved in ``folder``, without its function sheets (tests/lean_books.py)."""
    path = folder / f"{template.stem}{suffix}"
    lean_workbook(template, vba=suffix == ".xlsm").save(path)
    return path


def vba_hash(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        return hashlib.sha256(z.read("xl/vbaProject.bin")).hexdigest()


def sheet_values(path: Path, sheet: str) -> list[tuple[Any, ...]]:
    wb = openpyxl.load_workbook(path)
    return list(wb[sheet].iter_rows(values_only=True))


def engine(template: Template, unrated: int | None, rules: str = "auto",
           start: datetime.date | None = None) -> Standings:
    t = read_crosstable([list(r) for r in template.rows], start_date=start)
    tiebreaks = template.settings["tiebreaks"]
    assert isinstance(tiebreaks, list)
    return compute_standings(t, tiebreaks, rules, None, unrated)


@pytest.fixture
def swiss(tmp_path: Path) -> Path:
    return save(SWISS, tmp_path)


def set_setting(path: Path, label: str, *values: object) -> None:
    """Set the value cell(s) of a Settings row (continuation rows for several values)."""
    keep = path.suffix == ".xlsm"
    wb = openpyxl.load_workbook(path, keep_vba=keep)
    ws = wb["Settings"]
    for row in ws.iter_rows(min_col=1, max_col=2):
        if row[0].value == label:
            for i, value in enumerate(values):
                ws.cell(row=row[0].row + i, column=2).value = value
            break
    else:
        raise AssertionError(label)
    wb.save(path)


def set_cell(path: Path, sheet: str, ref: str, value: object) -> None:
    wb = openpyxl.load_workbook(path, keep_vba=path.suffix == ".xlsm")
    wb[sheet][ref] = value
    wb.save(path)


# ---------------------------------------------------------------- the Standings sheet


def test_standings_sheet_matches_the_engine(swiss: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.xlsm"
    result = write_standings_file(swiss, out)
    assert result.ok and result.path == out.resolve()
    want = engine(SWISS, 1400, start=datetime.date(2026, 4, 11))
    rows = sheet_table.table(sheet_values(out, "Standings"))
    assert rows[0] == (*sheet_table.FIXED, "BH/C1", "BH", "SB", "DE", "WIN", "Decided by")
    for got, row in zip(rows[1:17], want.rows, strict=True):
        p = row.participant
        assert got[1] == p.start_no and got[3] == p.name
        assert got[0] == row.rank  # on every row of a shared place
        assert got[2] == (p.title or None)
        assert got[5] == p.rating and got[4] == p.federation
        assert got[6] == float(row.points)
        assert list(got[7:12]) == [to_float(v) for v in row.values]


def test_shared_place_on_every_row(swiss: Path) -> None:
    write_standings_file(swiss)
    rows = sheet_table.table(sheet_values(swiss, "Standings"))
    assert [r[0] for r in rows[1:6]] == [1, 2, 3, 3, 5]
    assert [r[3] for r in rows[3:5]] == ["Sofia Marchetti", "Mateo García"]
    ws = openpyxl.load_workbook(swiss)["Standings"]
    top = sheet_table.header_index(sheet_values(swiss, "Standings")) + 1
    shown = [ws.cell(row=top + k, column=1).number_format for k in range(1, 6)]
    assert shown[2] == shown[3] == '0"\u20134"'  # the number 3, shown 3–4
    assert shown[0] == shown[1] == shown[4] == WHOLE_FORMAT


def test_layout_formats_filter_freeze_and_podium(swiss: Path) -> None:
    write_standings_file(swiss)
    ws = openpyxl.load_workbook(swiss)["Standings"]
    h = sheet_table.header_index(sheet_values(swiss, "Standings")) + 1  # the header row
    assert ws.freeze_panes == f"E{h + 1}"
    assert ws.auto_filter.ref == f"A{h}:M{h + 16}"  # M: Decided by
    assert ws[f"G{h + 1}"].number_format == HALF_FORMAT  # Pts
    assert ws[f"H{h + 1}"].number_format == HALF_FORMAT  # BH/C1
    assert ws[f"J{h + 1}"].number_format == HALF_FORMAT  # SB: quarters show as 17.75
    assert ws[f"K{h + 1}"].number_format == WHOLE_FORMAT  # DE
    assert ws[f"L{h + 1}"].number_format == WHOLE_FORMAT  # WIN
    assert ws[f"A{h}"].font.bold and ws[f"A{h}"].fill.fgColor.rgb == "FF1F4E78"
    fills = [ws.cell(row=r, column=1).fill.fgColor.rgb for r in range(h + 1, h + 6)]
    assert fills[:4] == ["FFFFE699", "FFE7E6E6", "FFF8CBAD", "FFF8CBAD"]  # 3rd place shared
    assert ws.cell(row=h + 5, column=1).fill.fill_type is None
    assert ws.column_dimensions["D"].width >= len("Sofia Marchetti")
    assert ws.page_setup.orientation == "landscape"
    assert ws.page_setup.fitToWidth == 1 and ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.print_title_rows == f"${h}:${h}"
    assert ws.page_setup.paperSize == 9  # A4
    assert "computed by xl-tiebreak " in ws.oddFooter.center.text


def test_legend_names_each_tiebreak(swiss: Path) -> None:
    write_standings_file(swiss)
    rows = sheet_values(swiss, "Standings")
    legend = sheet_table.legend(rows)
    below = sheet_table.header_index(rows) + 17
    assert rows[below] == (None,) * len(rows[below])
    assert rows[below + 1][3] == "Legend"
    assert sheet_table.title_block(rows)[0] == "Spring Open 2026"
    assert "Final standings after 7 rounds" in sheet_table.title_block(rows)[-2]
    assert legend["Order"] == "Pts, BH/C1, BH, SB, DE, WIN"
    assert legend["BH/C1"] == "Buchholz Cut-1 (Art. 8.1; Swiss-Manager 84 / 0,0,1,-,-)"
    assert legend["DE"].startswith("Direct Encounter (Art. 6")
    assert legend["Rules"] == "FIDE 2026 (AUTO: the rules in force on the start date 2026-04-11)"
    assert legend["Unrated"] == "rating 1400 used for unrated players"
    assert "share a place" in legend["Places"]


def test_round_robin_template(tmp_path: Path) -> None:
    path = save(ROUND_ROBIN, tmp_path, ".xlsx")
    result = write_standings_file(path)
    want = engine(ROUND_ROBIN, None)
    rows = sheet_table.table(sheet_values(path, "Standings"))
    assert rows[0][7:11] == ("DE", "SB", "WIN", "KS")
    assert [r[1] for r in rows[1:9]] == [r.participant.start_no for r in want.rows]
    assert [r[7] for r in rows[2:6]] == [1, 2, 3, 4]  # DE orders the four players on 4 points
    assert result.standings is not None
    assert result.standings.tournament.type is TournamentType.PREDETERMINED


def contents(ws: Any) -> list[list[object]]:
    """Every cell's value or formula text; cells of an array formula's range after its first
    cell (they hold only the formula's cached values) as None."""
    spilled: set[str] = set()
    for row in ws.iter_rows():
        for c in row:
            if isinstance(c.value, ArrayFormula):
                c1, r1, c2, r2 = range_boundaries(c.value.ref)
                spilled |= {f"{get_column_letter(x)}{y}" for x in range(c1, c2 + 1)
                            for y in range(r1, r2 + 1)} - {c.coordinate}
    return [[None if c.coordinate in spilled else
             c.value.text if isinstance(c.value, ArrayFormula) else c.value for c in row]
            for row in ws.iter_rows()]


def test_everything_else_is_kept(swiss: Path, tmp_path: Path) -> None:
    before = openpyxl.load_workbook(swiss, keep_vba=True)
    out = tmp_path / "out.xlsm"
    write_standings_file(swiss, out)
    after = openpyxl.load_workbook(out, keep_vba=True)
    assert after.sheetnames == before.sheetnames
    for name in before.sheetnames:
        if name == "Standings":
            continue
        old, new = before[name], after[name]
        # cells inside an array formula's range (not its first) hold only its cached values,
        # which the rewritten file holds again (excel/cached.py): compared as the formula
        assert contents(old) == contents(new), name
        assert old.freeze_panes == new.freeze_panes
        assert [(str(dv.sqref), dv.formula1) for dv in old.data_validations.dataValidation] == [
            (str(dv.sqref), dv.formula1) for dv in new.data_validations.dataValidation]
    assert {n: d.attr_text for n, d in before.defined_names.items()} == {
        n: d.attr_text for n, d in after.defined_names.items()}
    assert after["Crosstable"]["A1"].font.bold
    assert vba_hash(out) == vba_hash(swiss)
    with zipfile.ZipFile(out) as z:
        types = z.read("[Content_Types].xml").decode()
    assert "sheet.macroEnabled.main+xml" in types


def test_in_place_keeps_crosstable_and_vba(swiss: Path) -> None:
    crosstable = sheet_values(swiss, "Crosstable")
    settings = sheet_values(swiss, "Settings")
    digest = vba_hash(swiss)
    write_standings_file(swiss)
    assert sheet_values(swiss, "Crosstable") == crosstable
    assert sheet_values(swiss, "Settings") == settings
    assert vba_hash(swiss) == digest
    assert not [p for p in swiss.parent.iterdir() if p.name.startswith(".")]  # no temp file left


def test_output_elsewhere_leaves_the_input_untouched(swiss: Path, tmp_path: Path) -> None:
    data = swiss.read_bytes()
    write_standings_file(swiss, tmp_path / "copy.xlsx")
    assert swiss.read_bytes() == data
    with zipfile.ZipFile(tmp_path / "copy.xlsx") as z:
        assert "xl/vbaProject.bin" not in z.namelist()
    assert "Standings" in openpyxl.load_workbook(tmp_path / "copy.xlsx").sheetnames


def test_running_twice_gives_the_same_sheet(swiss: Path) -> None:
    write_standings_file(swiss)
    first = sheet_values(swiss, "Standings")
    names = openpyxl.load_workbook(swiss).sheetnames
    write_standings_file(swiss)
    assert sheet_values(swiss, "Standings") == first
    assert openpyxl.load_workbook(swiss).sheetnames == names


# ---------------------------------------------------------------- problems


def test_errors_write_problems_and_keep_the_old_standings(swiss: Path) -> None:
    write_standings_file(swiss)
    standings = sheet_values(swiss, "Standings")
    set_cell(swiss, "Crosstable", "I8", "zz")
    set_cell(swiss, "Crosstable", "F3", "9w0")
    with pytest.raises(InputError) as caught:
        write_standings_file(swiss)
    wheres = [p.where for p in caught.value.problems]
    assert "Crosstable!I8" in wheres
    assert sheet_values(swiss, "Standings") == standings
    wb = openpyxl.load_workbook(swiss)
    assert wb.active.title == "Problems"
    problems = list(wb["Problems"].iter_rows(values_only=True))
    assert problems[0][0].startswith("The standings were not computed")
    assert problems[2] == ("Where", "Problem", "Severity")
    listed = {r[0]: r[1] for r in problems[3:]}
    assert listed["Crosstable!I8"].startswith("cannot read 'zz' as a round result")
    assert wb.sheetnames.index("Problems") == wb.sheetnames.index("Settings") + 1


def test_mirror_errors_are_listed_with_their_cells(swiss: Path) -> None:
    set_cell(swiss, "Crosstable", "F2", "9w0")  # #1's round 1 no longer mirrors #9's
    with pytest.raises(InputError) as caught:
        write_standings_file(swiss)
    assert [p.where for p in caught.value.problems] == ["Crosstable!F2"]
    assert "Standings" in openpyxl.load_workbook(swiss).sheetnames


def test_stale_problems_sheet_is_removed(swiss: Path) -> None:
    set_cell(swiss, "Crosstable", "I8", "zz")
    with pytest.raises(InputError):
        write_standings_file(swiss)
    set_cell(swiss, "Crosstable", "I8", SWISS.rows[7][8])
    write_standings_file(swiss)
    wb = openpyxl.load_workbook(swiss)
    assert "Problems" not in wb.sheetnames
    assert wb.active.title == "Standings"


def test_settings_errors(swiss: Path) -> None:
    set_setting(swiss, "Tie-breaks (in order)", "BH/C1", "NOPE")
    set_setting(swiss, "Start date", "someday")
    set_setting(swiss, "Rules", "FIDE1999")
    with pytest.raises(InputError) as caught:
        write_standings_file(swiss)
    wheres = {p.where: p.message for p in caught.value.problems}
    assert wheres["Settings!B20"].startswith("unknown tie-break 'NOPE'")
    assert wheres["Settings!B5"].startswith("cannot read 'someday': expected a date")
    assert wheres["Settings!B4"].startswith("unknown rule set 'FIDE1999'")


def test_settings_and_crosstable_errors_are_listed_together(swiss: Path) -> None:
    set_setting(swiss, "Tie-breaks (in order)", "BHX")
    set_cell(swiss, "Crosstable", "F2", "9w0")
    with pytest.raises(InputError) as caught:
        write_standings_file(swiss)
    assert [p.where for p in caught.value.problems] == ["Settings!B19", "Crosstable!F2"]
    set_cell(swiss, "Crosstable", "I8", "zz")
    with pytest.raises(InputError) as caught:
        write_standings_file(swiss)
    assert [p.where for p in caught.value.problems] == ["Settings!B19", "Crosstable!I8"]


def test_missing_crosstable(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.active.title = "Data"
    path = tmp_path / "empty.xlsx"
    wb.save(path)
    with pytest.raises(InputError, match="no crosstable"):
        write_standings_file(path)


def test_formula_without_value_is_named(tmp_path: Path) -> None:
    path = save(SWISS, tmp_path, ".xlsx")
    set_cell(path, "Crosstable", "M2", "=SUM(1,2)")
    with pytest.raises(InputError) as caught:
        write_standings_file(path)
    assert caught.value.problems[0].where == "Crosstable!M2"
    assert "formula without a computed value" in caught.value.problems[0].message


# ---------------------------------------------------------------- settings


def test_settings_change_the_computation(tmp_path: Path) -> None:
    path = save(SWISS, tmp_path, ".xlsx")
    set_setting(path, "Tie-breaks (in order)", "SB, WIN", "ARO", None, None, None)
    set_setting(path, "Points for a win", 3)
    set_setting(path, "Points for a draw", 1)
    set_setting(path, "Points for a half-point bye (HPB)", "1")
    set_setting(path, "Points for a pairing-allocated bye (PAB)", 3)
    set_setting(path, "Points for a forfeit win", 3)
    set_setting(path, "Points for a full-point bye (FPB)", 3)
    set_setting(path, "Start date", datetime.datetime(2025, 10, 4))
    set_setting(path, "Standings after round", 6)
    set_setting(path, "Rating for unrated players", 1200)
    result = write_standings_file(path)
    assert result.settings is not None and result.standings is not None
    assert result.settings.tiebreaks == ["SB", "WIN", "ARO"]
    assert result.standings.rules.label == "FIDE 2023/24"
    assert result.standings.rounds == 6
    sheet = sheet_values(path, "Standings")
    rows = sheet_table.table(sheet)
    assert rows[0][7:10] == ("SB", "WIN", "ARO")
    anna = next(r for r in rows if r[1] == 1)
    assert anna[6] == 15  # five wins in six rounds, scored 3-1-0
    legend = sheet_table.legend(sheet)
    assert legend["Rules"].startswith("FIDE 2023/24 (AUTO: the rules in force on the start date")
    assert legend["Scoring"].startswith("3-1-0")
    assert "After round 6 of 7" in sheet_table.title_block(sheet)[-2]


def test_unknown_setting_is_a_warning(tmp_path: Path) -> None:
    path = save(SWISS, tmp_path, ".xlsx")
    set_cell(path, "Settings", "A40", "Arbiter")
    set_cell(path, "Settings", "B40", "J. Doe")
    result = write_standings_file(path)
    assert [p.message for p in result.problems] == ["unknown setting 'Arbiter' ignored"]
    assert str(result).splitlines() == [
        f"Standings of 16 players written to the 'Standings' sheet, 1 warning(s). ({path})",
        "warning: Settings!A40: unknown setting 'Arbiter' ignored",
    ]
    rows = sheet_values(path, "Standings")
    assert ("Warning", "Settings!A40: unknown setting 'Arbiter' ignored") in [r[2:4] for r in rows]


def test_no_settings_sheet_uses_defaults(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.active.title = "Crosstable"
    for row in SWISS.rows:
        wb.active.append(list(row))
    path = tmp_path / "plain.xlsx"
    wb.save(path)
    result = write_standings_file(path)
    assert result.standings is not None
    assert [d.label for d in result.standings.descriptors] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    legend = {r[2]: r[3] for r in sheet_values(path, "Standings") if r[2]}
    assert legend["Rules"] == "FIDE 2026 (AUTO: no start date given, the newest rules)"
    assert "Unrated" not in legend


def test_defined_name_wins_over_the_sheet(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws.append(["Notes above the table"])
    for row in SWISS.rows:
        ws.append(list(row))
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text="Data!$A$2:$M$40")
    path = tmp_path / "named.xlsx"
    wb.save(path)
    result = write_standings_file(path)
    assert result.ok
    set_cell(path, "Data", "I9", "zz")
    with pytest.raises(InputError) as caught:
        write_standings_file(path)
    assert caught.value.problems[0].where == "Data!I9"


def test_read_workbook_tournament(swiss: Path) -> None:
    t, settings = read_workbook_tournament(swiss)
    assert len(t.participants) == 16 and t.rounds == 7
    assert t.tiebreaks == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert settings.unrated_rating == 1400 and settings.start_date == datetime.date(2026, 4, 11)
    assert t.start_date == datetime.date(2026, 4, 11) and t.name == "Spring Open 2026"
    s = compute_standings(t, None, settings.rules, settings.after_round, settings.unrated_rating)
    assert [r.participant.start_no for r in s.rows] == [
        r.participant.start_no for r in engine(SWISS, 1400).rows]


# ---------------------------------------------------------------- files


def test_csv_output(swiss: Path, tmp_path: Path) -> None:
    target = tmp_path / "standings.csv"
    write_standings_file(swiss, tmp_path / "o.xlsx", target)
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    lines = raw.decode("utf-8-sig").splitlines()
    assert lines[0] == "Rank,No,Name,Pts,BH/C1,BH,SB,DE,WIN,Decided by"  # as compute --format csv
    assert lines[1].startswith("1,1,Anna Kowalska,6,23.5,27.5,23.5,,6,")
    assert lines[3].startswith("3,3,Sofia") and lines[4].startswith("3,6,Mateo")  # every place
    assert len(lines) == 17


def test_csv_is_safe_against_formula_injection(tmp_path: Path) -> None:
    target = write_csv(tmp_path / "x.csv", [["a", "b", "c", "d", "e", "f", "g", "h"],
                                            ["=1+1", "+44", "-bob", "@SUM(A1)", "\tx", "\rx",
                                             -1.5, "plain"]])
    with target.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[1] == ["'=1+1", "'+44", "'-bob", "'@SUM(A1)", "'\tx", "'\rx", "-1.5", "plain"]


def test_crosstable_names_with_formula_text_stay_text(tmp_path: Path) -> None:
    path = save(SWISS, tmp_path, ".xlsx")
    set_cell(path, "Crosstable", "B3", "'=HYPERLINK(\"x\")")
    wb = openpyxl.load_workbook(path)
    wb["Crosstable"]["B3"].value = "=cmd"
    wb["Crosstable"]["B3"].data_type = "s"
    wb.save(path)
    write_standings_file(path, tmp_path / "o.xlsx", tmp_path / "o.csv")
    out = openpyxl.load_workbook(tmp_path / "o.xlsx")["Standings"]
    names = [out.cell(row=r, column=4) for r in range(1, 30)]
    cell = next(c for c in names if c.value == "=cmd")
    assert cell.data_type == "s"
    assert "'=cmd" in (tmp_path / "o.csv").read_text(encoding="utf-8-sig")


def test_file_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = tmp_path / "notes.xlsx"
    text.write_text("not a zip")
    with pytest.raises(InputError, match="is not an Excel workbook"):
        write_standings_file(text)
    with pytest.raises(InputError, match=r"expected an \.xlsx or \.xlsm"):
        write_standings_file(tmp_path / "t.ods")
    with pytest.raises(InputError, match="cannot read the file"):
        write_standings_file(tmp_path / "missing.xlsx")
    swiss = save(SWISS, tmp_path, ".xlsx")
    with pytest.raises(InputError, match="has no macros"):
        write_standings_file(swiss, tmp_path / "x.xlsm")
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1000)
    with pytest.raises(InputError, match="MB; workbooks up to 0 MB are accepted"):
        write_standings_file(swiss)


def test_xml_entities_are_refused(tmp_path: Path) -> None:
    """openpyxl parses through defusedxml when it is installed: no entity expansion."""
    assert openpyxl.xml.DEFUSEDXML is True
    good = save(SWISS, tmp_path, ".xlsx")
    evil = tmp_path / "evil.xlsx"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(evil, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if b"<t>Name</t>" in data:
                doctype = b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>'
                data = doctype + data.replace(b"<t>Name</t>", b"<t>&b;</t>", 1)
            dst.writestr(item, data)
    with pytest.raises(InputError, match="declares XML entities or a DTD, which are refused"):
        write_standings_file(evil, tmp_path / "out.xlsx")
    assert not (tmp_path / "out.xlsx").exists()


@pytest.fixture
def openpyxl_route(monkeypatch: pytest.MonkeyPatch) -> None:
    """``standings`` by the openpyxl route (the fallback where the zip route cannot go)."""
    import xl_tiebreak.excel.headless as headless

    monkeypatch.setattr(headless, "_zip_book", lambda *args: None)


def test_charts_are_not_silently_lost(tmp_path: Path, openpyxl_route: None) -> None:
    from openpyxl.chart import BarChart, Reference

    wb = lean_workbook(SWISS, vba=False)
    chart = BarChart()
    chart.add_data(Reference(wb["Crosstable"], min_col=4, min_row=1, max_row=17))
    wb["Settings"].add_chart(chart, "E2")
    path = tmp_path / "chart.xlsx"
    wb.save(path)
    with pytest.raises(InputError, match="contains charts"):
        write_standings_file(path)
    result = write_standings_file(path, tmp_path / "out.xlsx")
    assert any("charts" in p.message for p in result.problems)


def test_writer_never_raises_input_error() -> None:
    wb = openpyxl.Workbook()
    result = write_standings_to(OpenpyxlBook(wb))
    assert not result.ok and result.sheet == "Problems"
    assert "no crosstable" in result.message or result.problems
    assert "Problems" in wb.sheetnames


# ---------------------------------------------------------------- review: files are never lost


def xlsx(tmp_path: Path, name: str = "v.xlsx") -> Path:
    path = tmp_path / name
    lean_workbook(SWISS, vba=False).save(path)
    return path


def test_csv_that_is_the_workbook_is_refused(tmp_path: Path) -> None:
    book = xlsx(tmp_path)
    data = book.read_bytes()
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.csv"
    link.symlink_to(book)
    for csv_out in (book, tmp_path / "sub" / ".." / "v.xlsx", link):
        with pytest.raises(InputError, match="would overwrite the workbook"):
            write_standings_file(book, csv_out=csv_out)
        assert book.read_bytes() == data
    out = tmp_path / "out.xlsx"
    with pytest.raises(InputError, match="would overwrite the workbook"):
        write_standings_file(book, out, csv_out=out)
    assert not out.exists()
    with pytest.raises(InputError, match="named like a workbook"):
        write_standings_file(book, out, csv_out=tmp_path / "other.xlsm")
    assert book.read_bytes() == data


def test_csv_is_written_before_the_workbook(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    book = xlsx(tmp_path)
    data = book.read_bytes()
    with pytest.raises(InputError, match="folder .* does not exist"):
        write_standings_file(book, csv_out=tmp_path / "missing" / "x.csv")
    assert book.read_bytes() == data

    def failing(table: object) -> bytes:
        raise InputError("disk full")

    # the CSV is staged with the workbook (files.transaction): a failure replaces neither
    monkeypatch.setattr(files, "csv_bytes", failing)
    with pytest.raises(InputError, match="disk full"):
        write_standings_file(book, csv_out=tmp_path / "x.csv")
    assert book.read_bytes() == data  # the workbook is replaced only after the CSV


def add_sheet(path: Path, name: str, *rows: tuple[object, ...]) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet(name)
    for row in rows:
        ws.append(list(row))
    wb.save(path)


def test_a_users_problems_sheet_is_never_touched(tmp_path: Path) -> None:
    book = xlsx(tmp_path)
    add_sheet(book, "Problems", ("Chess problem #1: mate in 2",), ("Kh1 Qd5",))
    set_cell(book, "Crosstable", "I8", "zz")
    with pytest.raises(ProblemsWritten) as caught:
        write_standings_file(book)
    assert caught.value.sheet == "Problems (xl-tiebreak)"
    wb = openpyxl.load_workbook(book)
    assert wb.active.title == "Problems (xl-tiebreak)"
    assert list(wb["Problems"].iter_rows(values_only=True)) == [
        ("Chess problem #1: mate in 2",), ("Kh1 Qd5",)]
    listed = [r[0] for r in wb["Problems (xl-tiebreak)"].iter_rows(values_only=True)]
    assert "Crosstable!I8" in listed
    set_cell(book, "Crosstable", "I8", SWISS.rows[7][8])
    result = write_standings_file(book)
    assert result.ok
    wb = openpyxl.load_workbook(book)
    assert "Problems (xl-tiebreak)" not in wb.sheetnames  # ours: removed
    assert list(wb["Problems"].iter_rows(values_only=True))[0] == (
        "Chess problem #1: mate in 2",)  # theirs: kept


@pytest.mark.parametrize("name", ["Standings", "STANDINGS", "standings"])
def test_a_users_standings_sheet_is_refused_not_replaced(tmp_path: Path, name: str) -> None:
    path = tmp_path / "v.xlsx"
    wb = lean_workbook(SWISS, vba=False)
    del wb["Standings"]
    ws = wb.create_sheet(name)
    ws.append(["My hand-made standings with prize money"])
    ws.append([None, 500])
    wb.save(path)
    with pytest.raises(ProblemsWritten) as caught:
        write_standings_file(path)
    assert caught.value.problems[0].where == name
    assert f"the sheet '{name}' was not written by xl-tiebreak" in caught.value.problems[0].message
    wb = openpyxl.load_workbook(path)
    assert list(wb[name].iter_rows(values_only=True)) == [
        ("My hand-made standings with prize money", None), (None, 500)]
    assert [n for n in wb.sheetnames if n.casefold() == "standings"] == [name]
    assert wb.active.title == "Problems"


def test_our_sheets_are_recognised_whatever_their_case(tmp_path: Path) -> None:
    book = xlsx(tmp_path)
    write_standings_file(book)
    wb = openpyxl.load_workbook(book)
    wb["Standings"].title = "renamed"  # openpyxl itself refuses a change of case only
    wb["renamed"].title = "STANDINGS"
    wb.save(book)
    set_cell(book, "Crosstable", "I8", "zz")
    with pytest.raises(InputError):
        write_standings_file(book)
    wb = openpyxl.load_workbook(book)
    wb["Problems"].title = "renamed"
    wb["renamed"].title = "problems"
    wb.save(book)
    set_cell(book, "Crosstable", "I8", SWISS.rows[7][8])
    result = write_standings_file(book)
    assert result.ok and result.sheet == "STANDINGS"
    wb = openpyxl.load_workbook(book)
    assert [n for n in wb.sheetnames if n.casefold() in ("standings", "problems")] == [
        "STANDINGS"]
    assert sheet_table.table(list(wb["STANDINGS"].iter_rows(values_only=True)))[1][3] == (
        "Anna Kowalska")


def test_an_empty_standings_sheet_is_used(tmp_path: Path) -> None:
    path = tmp_path / "v.xlsx"
    wb = lean_workbook(SWISS, vba=False)
    del wb["Standings"]
    wb.create_sheet("Standings")
    wb.save(path)
    assert write_standings_file(path).ok
    ws = openpyxl.load_workbook(path)["Standings"]
    assert sheet_table.table(list(ws.iter_rows(values_only=True)))[0][0] == "Place"


def with_extension(source: Path, target: Path, uri: str) -> Path:
    ext = (f'<extLst><ext uri="{uri}" '
           'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
           '<x14:dataValidations count="1" '
           'xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
           '<x14:dataValidation type="list" allowBlank="1"><x14:formula1>'
           '<xm:f>Crosstable!$B$2:$B$17</xm:f></x14:formula1><xm:sqref>E2</xm:sqref>'
           '</x14:dataValidation></x14:dataValidations></ext></extLst>').encode()
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet3.xml":
                data = data.replace(b"</worksheet>", ext + b"</worksheet>")
            dst.writestr(item, data)
    return target


def test_worksheet_extensions_are_not_silently_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], openpyxl_route: None
) -> None:
    plain = xlsx(tmp_path, "plain.xlsx")
    path = with_extension(plain, tmp_path / "ext.xlsx", "{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}")
    data = path.read_bytes()
    import warnings as warnings_module

    with warnings_module.catch_warnings():
        warnings_module.simplefilter("error")  # openpyxl's own warning must not escape
        with pytest.raises(InputError) as caught:
            write_standings_file(path)
        message = str(caught.value)
        assert "drop-down lists that refer to other sheets" in message
        assert "-o" in message and "the copy lacks them" in message
        assert path.read_bytes() == data
        result = write_standings_file(path, tmp_path / "out.xlsx")
        read_workbook_tournament(path)
    assert any("drop-down lists" in p.message for p in result.problems)
    assert capsys.readouterr().err == ""


def test_unknown_extensions_and_parts_are_detected(tmp_path: Path,
                                                   openpyxl_route: None) -> None:
    plain = xlsx(tmp_path, "plain.xlsx")
    odd = with_extension(plain, tmp_path / "odd.xlsx", "{00000000-0000-0000-0000-000000000000}")
    assert files.lost_parts(odd) == ["Excel extensions (extLst)"]
    sparkline = with_extension(plain, tmp_path / "s.xlsx",
                               "{05C60535-1F16-4FD2-B633-F4F36F0B64E0}")
    assert files.lost_parts(sparkline) == ["sparklines"]
    slicers = tmp_path / "slicers.xlsx"
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(slicers, "w") as dst:
        for item in src.infolist():
            dst.writestr(item, src.read(item.filename))
        dst.writestr("xl/slicers/slicer1.xml", "<slicers/>")
        dst.writestr("xl/ctrlProps/ctrlProp1.xml", "<formControlPr/>")
    assert files.lost_parts(slicers) == ["slicers", "form controls (buttons, check boxes)"]
    assert files.lost_parts(plain) == []
    with pytest.raises(InputError, match="slicers, form controls"):
        write_standings_file(slicers)


def test_read_only_workbook_is_refused_and_modes_are_kept(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import stat

    book = xlsx(tmp_path)
    data = book.read_bytes()
    book.chmod(0o444)
    try:
        with pytest.raises(InputError, match="read-only"):
            write_standings_file(book)
        assert book.read_bytes() == data
        assert stat.S_IMODE(book.stat().st_mode) == 0o444
        result = write_standings_file(book, tmp_path / "copy.xlsx")
        assert result.ok
    finally:
        book.chmod(0o644)
    book.chmod(0o640)
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    write_standings_file(book)
    assert stat.S_IMODE(book.stat().st_mode) == 0o640
    assert synced  # flushed to disk before the rename
    csv_path = tmp_path / "s.csv"
    csv_path.write_text("old")
    csv_path.chmod(0o444)
    with pytest.raises(InputError, match="read-only"):
        write_standings_file(book, csv_out=csv_path)
    assert csv_path.read_text() == "old"


# ---------------------------------------------------------------- review: bounded reading


def test_a_stray_far_cell_is_named_not_read(tmp_path: Path) -> None:
    wb = lean_workbook(SWISS, vba=False)
    del wb.defined_names["Crosstable"]
    wb["Crosstable"]["XFD1048576"] = "x"
    wb["Settings"]["XFD1048576"] = "y"
    path = tmp_path / "stray.xlsx"
    wb.save(path)
    with pytest.raises(InputError) as caught:
        read_workbook_tournament(path)
    assert [p.where for p in caught.value.problems] == ["Crosstable"]
    assert "Crosstable!XFD1048576 holding 'x'" in caught.value.problems[0].message
    assert "too large to read" in caught.value.problems[0].message
    # only columns A:B of Settings are read: its stray cell does not matter
    wb["Crosstable"]["XFD1048576"] = None
    wb.save(path)
    t, settings = read_workbook_tournament(path)
    assert len(t.participants) == 16 and settings.unrated_rating == 1400


def test_reading_creates_no_cells(tmp_path: Path) -> None:
    wb = lean_workbook(SWISS, vba=False)
    wb.defined_names["Crosstable"] = DefinedName("Crosstable",  # a generous name of the user's
                                                 attr_text="Crosstable!$A$1:$AD$401")
    ws = wb["Crosstable"]
    ws["Z300"] = "note"
    stored = len(ws._cells)
    found = OpenpyxlBook(wb).read_sheet("Crosstable")
    assert found is not None and len(found.values) == 300 and len(found.values[0]) == 26
    assert len(ws._cells) == stored  # no Cell objects made for the empty positions
    named = OpenpyxlBook(wb).read_name("Crosstable")
    assert named is not None and len(named.values) == 300
    assert len(ws._cells) == stored


def test_the_templates_sized_name_is_evaluated_like_excel(tmp_path: Path) -> None:
    """Crosstable = A1:INDEX(A:ZZ, COUNTA(A:A), COUNTA(1:1)): 17 rows (header + 16 players)
    and 15 columns (No … R7, Pts, Extra points, Manual order); a note far away is not read, a
    17th player extends it."""
    wb = lean_workbook(SWISS, vba=False)
    ws = wb["Crosstable"]
    ws["Z300"] = "note"
    named = OpenpyxlBook(wb).read_name("Crosstable")
    assert named is not None and (len(named.values), len(named.values[0])) == (17, 15)
    ws["A18"] = 17
    named = OpenpyxlBook(wb).read_name("Crosstable")
    assert named is not None and len(named.values) == 18


def test_a_name_over_whole_columns_is_cut_to_the_used_area(tmp_path: Path) -> None:
    wb = lean_workbook(SWISS, vba=False)
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text="Crosstable!$A:$XFD")
    path = tmp_path / "cols.xlsx"
    wb.save(path)
    t, _ = read_workbook_tournament(path)
    assert len(t.participants) == 16


def test_settings_are_read_from_columns_a_and_b_only(tmp_path: Path) -> None:
    wb = lean_workbook(SWISS, vba=False)
    book = OpenpyxlBook(wb)
    found = book.read_sheet("Settings", max_cols=2, max_rows=10)
    assert found is not None and found.clipped
    assert len(found.values) == 10 and {len(r) for r in found.values} == {2}


def test_the_workbook_is_loaded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[bool] = []
    real = openpyxl.load_workbook

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(bool(kwargs.get("read_only")))
        return real(*args, **kwargs)

    path = xlsx(tmp_path)
    monkeypatch.setattr(openpyxl, "load_workbook", counting)
    read_workbook_tournament(path)
    assert calls == [False]  # no formulas in the crosstable: one load
    calls.clear()
    write_standings_file(path)
    assert calls == []  # the zip route: the parts are read, openpyxl loads nothing
    wb = real(path)
    wb["Crosstable"]["M2"] = "=5+1"
    wb.save(path)
    calls.clear()
    with pytest.raises(InputError, match="formula without a computed value"):
        read_workbook_tournament(path)
    assert calls == [False, True]  # + a streaming read of the saved values


def test_formula_values_saved_by_excel_are_read(tmp_path: Path) -> None:
    """A formula cell with the value Excel saved (written here into the sheet XML)."""
    path = xlsx(tmp_path)
    wb = openpyxl.load_workbook(path)
    wb["Crosstable"]["M2"] = "=3+3"
    wb.save(path)
    patched = tmp_path / "saved.xlsx"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(patched, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if b"<f>3+3</f>" in data:
                data = data.replace(b"<f>3+3</f><v></v>", b"<f>3+3</f><v>6</v>").replace(
                    b"<f>3+3</f><v />", b"<f>3+3</f><v>6</v>")
                if b"<v>6</v>" not in data:
                    data = data.replace(b"<f>3+3</f>", b"<f>3+3</f><v>6</v>")
            dst.writestr(item, data)
    t, _ = read_workbook_tournament(patched)
    assert t.participants[0].declared_points == 6


def test_unzipped_size_is_capped(tmp_path: Path) -> None:
    assert files.MAX_UNZIPPED_BYTES <= 100 * 1024 * 1024
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b"\0" * (files.MAX_UNZIPPED_BYTES + 1))
    with pytest.raises(InputError, match="unpacks to more than"):
        read_workbook_tournament(path)


@pytest.mark.parametrize("sheet", ["Settings", "Crosstable"])
def test_a_chart_sheet_is_named_not_a_traceback(tmp_path: Path, sheet: str) -> None:
    from openpyxl.chart import BarChart, Reference

    wb = lean_workbook(SWISS, vba=False)
    chart = BarChart()
    chart.add_data(Reference(wb["Crosstable"], min_col=4, min_row=1, max_row=17))
    del wb[sheet]
    if sheet == "Crosstable":
        del wb.defined_names["Crosstable"]
    wb.create_chartsheet(sheet).add_chart(chart)
    path = tmp_path / "chart.xlsx"
    wb.save(path)
    with pytest.raises(InputError) as caught:
        read_workbook_tournament(path)
    assert caught.value.problems[0].where == sheet
    assert f"'{sheet}' is a chart sheet, not a worksheet" in caught.value.problems[0].message
    with pytest.raises(ProblemsWritten):
        write_standings_file(path, tmp_path / "out.xlsx")


# ---------------------------------------------------------------- review: silent wrong results


def test_cells_just_outside_the_named_range_are_reported(tmp_path: Path) -> None:
    wb = lean_workbook(SWISS, vba=False)
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text="Crosstable!$A$1:$L$17")
    path = tmp_path / "narrow.xlsx"
    wb.save(path)
    t, settings = read_workbook_tournament(path)  # the Pts column M is left out
    assert len(t.participants) == 16 and t.participants[0].declared_points is None
    warning = next(w for w in settings.warnings if "outside the range" in w.message)
    assert warning.where == "Crosstable!M1"
    assert warning.message.startswith("not read: M1, M2, M3, M4, M5 are just outside the "
                                      "range of the name 'Crosstable' (used part: "
                                      "Crosstable!A1:L17)")
    result = write_standings_file(path)
    assert any("just outside the range of the name 'Crosstable'" in p.message
               for p in result.problems)
    legend = [r[3] for r in sheet_values(path, "Standings") if r[2] == "Warning"]
    assert any("M1, M2" in text for text in legend)
    wb = openpyxl.load_workbook(path)  # a player below the range: row 18
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text="Crosstable!$A$1:$M$16")
    wb.save(path)
    t, settings = read_workbook_tournament(path)
    assert len(t.participants) == 15
    assert [w.where for w in settings.warnings] == ["Crosstable!A17"]
    wb = openpyxl.load_workbook(path)
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text="Crosstable!$A$1:$M$17")
    wb["Crosstable"]["A18"] = "see the notes"
    wb.save(path)
    _, settings = read_workbook_tournament(path)
    assert [w.where for w in settings.warnings] == ["Crosstable!A18"]


def test_excel_error_cells_are_named(tmp_path: Path) -> None:
    path = xlsx(tmp_path)
    wb = openpyxl.load_workbook(path)
    wb["Crosstable"]["D4"] = "#N/A"
    wb["Crosstable"]["D4"].data_type = "e"
    wb["Crosstable"]["M5"] = "#DIV/0!"
    wb["Crosstable"]["M5"].data_type = "e"
    wb["Settings"]["B8"] = "#REF!"
    wb["Settings"]["B8"].data_type = "e"
    wb.save(path)
    with pytest.raises(InputError) as caught:
        write_standings_file(path)
    found = {p.where: p.message for p in caught.value.problems}
    assert found["Crosstable!D4"].startswith("the cell shows the Excel error #N/A")
    assert found["Crosstable!M5"].startswith("the cell shows the Excel error #DIV/0!")
    assert found["Settings!B8"].startswith("the cell shows the Excel error #REF!")


def test_date_cells_are_shown_as_dates_with_a_hint(tmp_path: Path) -> None:
    path = xlsx(tmp_path)
    set_cell(path, "Crosstable", "M2", datetime.datetime(2026, 1, 6))
    set_setting(path, "Rounds scheduled", datetime.datetime(1900, 1, 7))
    with pytest.raises(InputError) as caught:
        write_standings_file(path)
    found = {p.where: p.message for p in caught.value.problems}
    assert found["Crosstable!M2"].startswith("cannot read the date 2026-01-06 as points; the "
                                             "cell holds a date")
    assert "T00:00:00" not in found["Crosstable!M2"]
    assert found["Settings!B6"].startswith("cannot read '1900-01-07': expected a whole number")
    assert "the cell holds a date" in found["Settings!B6"]


def test_lowercase_sheet_names_are_found(tmp_path: Path) -> None:
    wb = lean_workbook(SWISS, vba=False)
    del wb.defined_names["Crosstable"]
    for name in ("Crosstable", "Settings"):
        wb[name].title = "renamed"  # openpyxl refuses a change of case only
        wb["renamed"].title = name.lower() if name == "Crosstable" else name.upper()
    assert "crosstable" in wb.sheetnames and "SETTINGS" in wb.sheetnames
    path = tmp_path / "lower.xlsx"
    wb.save(path)
    t, settings = read_workbook_tournament(path)
    assert len(t.participants) == 16 and settings.unrated_rating == 1400


def test_templates_and_other_outputs_are_refused(tmp_path: Path) -> None:
    book = xlsx(tmp_path)
    with pytest.raises(InputError, match=r"out\.xltx: the output must be an \.xlsx or \.xlsm"):
        write_standings_file(book, tmp_path / "out.xltx")
    template = tmp_path / "t.xltx"
    template.write_bytes(book.read_bytes())
    with pytest.raises(InputError, match="is not written in place"):
        write_standings_file(template)
    result = write_standings_file(template, tmp_path / "from_template.xlsx")
    assert result.ok
    with zipfile.ZipFile(tmp_path / "from_template.xlsx") as z:
        assert "template" not in z.read("[Content_Types].xml").decode()
