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
from openpyxl.workbook.defined_name import DefinedName

from xl_tiebreak import workbook as wbmod
from xl_tiebreak.book import OpenpyxlBook
from xl_tiebreak.crosstable import read_crosstable
from xl_tiebreak.model import InputError, TournamentType
from xl_tiebreak.numbers import to_float
from xl_tiebreak.standings import Standings, compute_standings
from xl_tiebreak.templates import ROUND_ROBIN, SWISS, Template, build_workbook
from xl_tiebreak.workbook import (
    HALF_FORMAT,
    WHOLE_FORMAT,
    read_workbook_tournament,
    write_csv,
    write_standings_file,
    write_standings_to,
)


def save(template: Template, folder: Path, suffix: str = ".xlsm") -> Path:
    path = folder / f"{template.stem}{suffix}"
    build_workbook(template, vba=suffix == ".xlsm").save(path)
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
    rows = sheet_values(out, "Standings")
    assert rows[0][:11] == ("Place", "No", "Name", "Rating", "Fed", "Pts", "BH/C1", "BH", "SB",
                            "DE", "WIN")
    previous = None
    for got, row in zip(rows[1:17], want.rows, strict=True):
        p = row.participant
        assert got[1] == p.start_no and got[2] == p.name
        assert got[0] == (None if row.rank == previous else row.rank)
        previous = row.rank
        assert got[3] == p.rating and got[4] == p.federation
        assert got[5] == float(row.points)
        assert list(got[6:11]) == [to_float(v) for v in row.values]


def test_shared_place_shown_once(swiss: Path) -> None:
    write_standings_file(swiss)
    rows = sheet_values(swiss, "Standings")
    assert [r[0] for r in rows[1:6]] == [1, 2, 3, None, 5]
    assert [r[2] for r in rows[3:5]] == ["Sofia Marchetti", "Mateo García"]


def test_layout_formats_filter_freeze_and_podium(swiss: Path) -> None:
    write_standings_file(swiss)
    ws = openpyxl.load_workbook(swiss)["Standings"]
    assert ws.freeze_panes == "D2"
    assert ws.auto_filter.ref == "A1:K17"
    assert ws["F2"].number_format == HALF_FORMAT  # Pts
    assert ws["G2"].number_format == HALF_FORMAT  # BH/C1
    assert ws["I2"].number_format == HALF_FORMAT  # SB: quarters show as 17.75
    assert ws["J2"].number_format == WHOLE_FORMAT  # DE
    assert ws["K2"].number_format == WHOLE_FORMAT  # WIN
    assert ws["A1"].font.bold and ws["A1"].fill.fgColor.rgb == "FF1F4E78"
    fills = [ws.cell(row=r, column=1).fill.fgColor.rgb for r in range(2, 7)]
    assert fills[:4] == ["FFFFE699", "FFE7E6E6", "FFF8CBAD", "FFF8CBAD"]  # 3rd place shared
    assert ws.cell(row=6, column=1).fill.fill_type is None
    assert ws.column_dimensions["C"].width >= len("Sofia Marchetti")
    assert ws.page_setup.orientation == "landscape"


def test_legend_names_each_tiebreak(swiss: Path) -> None:
    write_standings_file(swiss)
    rows = sheet_values(swiss, "Standings")
    legend = {r[2]: r[3] for r in rows[18:] if r[2]}
    assert rows[17] == (None,) * len(rows[17])
    assert rows[18][3] == "Spring Open 2026 — after round 7 of 7"
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
    rows = sheet_values(path, "Standings")
    assert rows[0][6:10] == ("DE", "SB", "WIN", "KS")
    assert [r[1] for r in rows[1:9]] == [r.participant.start_no for r in want.rows]
    assert [r[6] for r in rows[2:6]] == [1, 2, 3, 4]  # DE orders the four players on 4 points
    assert result.standings is not None
    assert result.standings.tournament.type is TournamentType.PREDETERMINED


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
        assert [[c.value if not hasattr(c.value, "text") else c.value.text for c in row]
                for row in old.iter_rows()] == [
            [c.value if not hasattr(c.value, "text") else c.value.text for c in row]
            for row in new.iter_rows()], name
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
    assert wheres["Settings!B19"].startswith("unknown tie-break 'NOPE'")
    assert wheres["Settings!B5"].startswith("cannot read 'someday': expected a date")
    assert wheres["Settings!B4"].startswith("unknown rule set 'FIDE1999'")


def test_settings_and_crosstable_errors_are_listed_together(swiss: Path) -> None:
    set_setting(swiss, "Tie-breaks (in order)", "BHX")
    set_cell(swiss, "Crosstable", "F2", "9w0")
    with pytest.raises(InputError) as caught:
        write_standings_file(swiss)
    assert [p.where for p in caught.value.problems] == ["Settings!B18", "Crosstable!F2"]
    set_cell(swiss, "Crosstable", "I8", "zz")
    with pytest.raises(InputError) as caught:
        write_standings_file(swiss)
    assert [p.where for p in caught.value.problems] == ["Settings!B18", "Crosstable!I8"]


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
    rows = sheet_values(path, "Standings")
    assert rows[0][6:9] == ("SB", "WIN", "ARO")
    anna = next(r for r in rows if r[1] == 1)
    assert anna[5] == 15  # five wins in six rounds, scored 3-1-0
    legend = {r[2]: r[3] for r in rows if r[2]}
    assert legend["Rules"].startswith("FIDE 2023/24 (AUTO: the rules in force on the start date")
    assert legend["Scoring"].startswith("3-1-0")
    assert rows[17 + 1][3].endswith("after round 6 of 7")


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
    assert lines[0] == "Place,No,Name,Rating,Fed,Pts,BH/C1,BH,SB,DE,WIN"
    assert lines[1] == "1,1,Anna Kowalska,2291,POL,6,23.5,27.5,23.5,,6"
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
    names = [out.cell(row=r, column=3) for r in range(2, 18)]
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
    monkeypatch.setattr(wbmod, "MAX_FILE_BYTES", 1000)
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
    with pytest.raises(InputError, match="cannot open the workbook .EntitiesForbidden"):
        write_standings_file(evil, tmp_path / "out.xlsx")
    assert not (tmp_path / "out.xlsx").exists()


def test_charts_are_not_silently_lost(tmp_path: Path) -> None:
    from openpyxl.chart import BarChart, Reference

    wb = build_workbook(SWISS, vba=False)
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
