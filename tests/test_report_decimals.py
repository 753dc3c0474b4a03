"""Team standings show match points as the event scores them, in every output: whole numbers
for a whole scoring (MP 2-1-0, 3-1-0: ``10``, never ``10.0``), halves where the scoring has
them (``3½`` for people, ``3.5`` for programs, the sheet's points format ``0.0#``).

The events: E7 (MP 2-1-0, HPB = 1 MP) and E7 with its half-point bye worth ½ MP (team 14's HPB
in round 5: 4 MP in the spec's table, so 3½ here). The expected values are the spec's
(E7.1), the expected formats what the scoring says, never the engine's output.
"""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from spec_data import TRF_DIR, number, require
from test_formats_crosstable_team_boards import crosstable_rows
from test_standings_teams import crosstable, e7

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.book.layout import HALF_FORMAT, WHOLE_FORMAT
from xl_tiebreak.model.teams import Match, Score, Team, TeamEvent, TeamScoring
from xl_tiebreak.model.tournament import Kind
from xl_tiebreak.report.decimals import whole_match_points, whole_primary, whole_tiebreak
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor

ORDER = "MPTS,GPTS,BH:MP,BH:MP/C1,EMMSB,PS:MP,BH:GP"
MP_COLUMNS = ("Pts", "MPTS", "BH:MP", "BH:MP/C1", "EMMSB", "PS:MP")
"""Sums of match points: whole in E7."""
GP_COLUMNS = ("GPTS", "BH:GP")
"""Game points: halves."""
E7_TRF = TRF_DIR / "e7_held_team.trf"


def _e7_with_half_mp_hpb(tmp_path: Path) -> Path:
    """E7 as a CSV team crosstable whose HPB is worth ½ MP (and 2 GP, as in E7)."""
    rows = [r for r in crosstable_rows(e7()) if r[0] != "HPB"]
    rows.insert(1, ["HPB", "0.5", "2"])
    path = tmp_path / "e7_half.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    return path


def _out(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["compute", *args]) == 0
    return capsys.readouterr().out


def _csv_rows(text: str) -> dict[int, dict[str, str]]:
    return {int(r["No"]): r for r in csv.DictReader(io.StringIO(text))}


def _text_rows(text: str) -> tuple[list[str], dict[int, list[str]]]:
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("Place"))
    header = lines[head].split()
    rows = {}
    for line in lines[head + 1:]:
        if not line.strip():
            break
        cells = line.split()
        rows[int(cells[1])] = cells
    return header, rows


def _html_cells(text: str, team: int) -> list[str]:
    row = re.search(rf'<tr><td class="place">[^<]*</td><td class="num"><a href="#p{team}">'
                    rf".*?</tr>", text)
    assert row, team
    return re.findall(r"<td[^>]*>(?:<a[^>]*>)?([^<]*)", row.group(0))


def _sheet_formats(path: Path) -> dict[str, str]:
    """The number format of each Standings column's first data cell, by its header."""
    ws = openpyxl.load_workbook(path)["Standings"]
    rows = list(ws.iter_rows())
    head = next(i for i, r in enumerate(rows) if any(c.value == "MPTS" for c in r))
    return {str(c.value): rows[head + 1][k].number_format for k, c in enumerate(rows[head])
            if c.value is not None}


# ---------------------------------------------------------------- MP 2-1-0: whole numbers


def test_whole_scoring_text_csv_json_html(capsys: pytest.CaptureFixture[str]) -> None:
    trf = str(require(E7_TRF))
    spec = crosstable()
    header, rows = _text_rows(_out(capsys, trf, "--tiebreaks", ORDER))
    for t in (5, 1):  # 10 MP each, 18 and 17½ GP (E7.1)
        cells = dict(zip(header, rows[t], strict=False))
        assert cells["MPTS"] == spec[t]["MP"] == "10"
        assert cells["Pts"] == "10"
        assert cells["GPTS"] == spec[t]["GP"].replace(".5", "½")
    by_csv = _csv_rows(_out(capsys, trf, "--tiebreaks", ORDER, "--format", "csv"))
    data = json.loads(_out(capsys, trf, "--tiebreaks", ORDER, "--format", "json"))
    html = _out(capsys, trf, "--tiebreaks", ORDER, "--format", "html")
    for t in range(1, 15):
        mp, gp = spec[t]["MP"], spec[t]["GP"]
        assert by_csv[t]["MPTS"] == by_csv[t]["Pts"] == mp and "." not in mp
        assert by_csv[t]["GPTS"] == gp
        row = next(r for r in data["rows"] if r["start_no"] == t)
        assert row["points"] == row["values"]["MPTS"] == mp
        assert row["values"]["GPTS"] == gp
        cells = _html_cells(html, t)
        assert mp in cells and f"{mp}.0" not in cells
        assert gp.replace(".5", "½") in cells
    for t in range(1, 15):  # the Buchholz of match points: whole, no ".0" anywhere
        for label in ("BH:MP", "BH:MP/C1", "EMMSB", "PS:MP"):
            assert re.fullmatch(r"\d+", by_csv[t][label]), (t, label)


def test_whole_scoring_standings_sheet_formats(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "e7.xlsx"
    assert main(["workbook", str(require(E7_TRF)), "-o", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    row = next(r for r in ws.iter_rows() if r[0].value == "Tie-breaks (in order)")[0].row
    for i, label in enumerate(ORDER.split(",")):
        ws.cell(row=row + i, column=2, value=label)
    wb.save(book)
    out = tmp_path / "standings.xlsx"
    assert main(["standings", str(book), "-o", str(out)]) == 0
    formats = _sheet_formats(out)
    for label in MP_COLUMNS:
        assert formats[label] == WHOLE_FORMAT, label
    for label in GP_COLUMNS:
        assert formats[label] == HALF_FORMAT, label
    capsys.readouterr()


def test_whole_scoring_functions_and_formula_standings_formats(tmp_path: Path) -> None:
    book = tmp_path / "e7.xlsx"
    assert main(["workbook", str(require(E7_TRF)), "-o", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Functions"]
    header = [c.value for c in ws[4]]
    shown = {h: ws.cell(row=5, column=k + 1).number_format for k, h in enumerate(header)}
    assert shown["TEAM_POINTS MP"] == WHOLE_FORMAT
    assert shown["TEAM_POINTS GP"] == HALF_FORMAT
    assert shown['TEAM_TIEBREAK "BH:MP"'] == shown['TEAM_TIEBREAK "EMMSB"'] == WHOLE_FORMAT
    assert shown['TEAM_TIEBREAK "EMGSB"'] == HALF_FORMAT  # MP × GP: halves
    fs = wb["Formula standings"]
    # Place, No, Name, Rating, Fed, Pts, MPTS, GPTS, EDE, BH:MP/C1 (the team-swiss order)
    assert [fs.cell(row=4, column=c).number_format for c in (6, 7, 8, 10)] == [
        WHOLE_FORMAT, WHOLE_FORMAT, HALF_FORMAT, WHOLE_FORMAT]


def test_the_template_shows_e7_match_points_whole() -> None:
    shipped = Path(__file__).resolve().parents[1] / "workbook_templates" / "team_swiss.xlsx"
    ws = openpyxl.load_workbook(shipped)["Functions"]
    header = [c.value for c in ws[4]]
    assert ws.cell(row=5, column=header.index("TEAM_POINTS MP") + 1).number_format == (
        WHOLE_FORMAT)


# ---------------------------------------------------------------- a half-point MP: halves


def test_half_scoring_text_csv_json_html(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    source = str(_e7_with_half_mp_hpb(tmp_path))
    mp14 = number(crosstable()[14]["MP"]) - 1 + Fraction(1, 2)  # its HPB: ½ MP, not 1
    assert mp14 == Fraction(7, 2)
    header, rows = _text_rows(_out(capsys, source, "--tiebreaks", ORDER))
    assert dict(zip(header, rows[14], strict=False))["MPTS"] == "3½"
    assert dict(zip(header, rows[5], strict=False))["MPTS"] == "10"  # exact: whole stays whole
    by_csv = _csv_rows(_out(capsys, source, "--tiebreaks", ORDER, "--format", "csv"))
    assert by_csv[14]["MPTS"] == by_csv[14]["Pts"] == "3.5"
    assert by_csv[5]["MPTS"] == "10"
    data = json.loads(_out(capsys, source, "--tiebreaks", ORDER, "--format", "json"))
    assert next(r for r in data["rows"] if r["start_no"] == 14)["values"]["MPTS"] == "3.5"
    html = _out(capsys, source, "--tiebreaks", ORDER, "--format", "html")
    assert "3½" in _html_cells(html, 14)


def test_half_scoring_standings_sheet_keeps_the_points_format(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "half.xlsx"
    assert main(["workbook", str(_e7_with_half_mp_hpb(tmp_path)), "-o", str(book)]) == 0
    rows = {r[0]: r[1:3] for r in openpyxl.load_workbook(book)["Settings"].iter_rows(
        values_only=True) if r[0]}
    assert tuple(rows["Half-point bye (HPB)"]) == (0.5, 2)
    out = tmp_path / "standings.xlsx"
    assert main(["standings", str(book), "-o", str(out)]) == 0
    formats = _sheet_formats(out)
    assert formats["Pts"] == formats["MPTS"] == formats["BH:MP/C1"] == HALF_FORMAT
    capsys.readouterr()


# ---------------------------------------------------------------- the rule itself


def _event(scoring: TeamScoring, mp: Fraction | None = None) -> TeamEvent:
    a = Team(1, "A", rounds=[Match(Kind.WIN, 2, gp=Fraction(3), mp=mp)])
    b = Team(2, "B", rounds=[Match(Kind.LOSS, 1, gp=Fraction(1))])
    return TeamEvent([a, b], boards=4, scoring=scoring)


@pytest.mark.parametrize(("scoring", "mp", "whole"), [
    (TeamScoring(), None, True),                                              # 2-1-0
    (TeamScoring(Fraction(3), Fraction(1), Fraction(0)), None, True),         # 3-1-0
    (TeamScoring(Fraction(1), Fraction(1, 2), Fraction(0)), None, False),     # 1-½-0
    (TeamScoring().with_unplayed(Kind.HPB, Fraction(1, 2), None), None, False),
    (TeamScoring(), Fraction(3, 2), False),                                   # a 299 round
])
def test_whole_match_points_follow_the_scoring(scoring: TeamScoring, mp: Fraction | None,
                                               whole: bool) -> None:
    event = _event(scoring, mp)
    assert whole_match_points(event) is whole
    assert whole_primary(event) is whole
    bh = parse_descriptor("BH:MP", Score.MP)
    assert whole_tiebreak(event, bh) is whole
    assert not whole_tiebreak(event, parse_descriptor("BH:GP", Score.MP))
    assert not whole_tiebreak(event, parse_descriptor("AOB:MP", Score.MP))  # an average
    assert whole_tiebreak(event, parse_descriptor("EDE", Score.MP))  # a place
    # a value with a half (FIDE 2009's virtual opponents…) keeps the points format
    assert not whole_tiebreak(event, bh, [Fraction(3), Fraction(7, 2)])
    event.primary = Score.GP
    assert not whole_primary(event)
