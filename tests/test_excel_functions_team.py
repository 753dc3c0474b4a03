"""Team events in Excel: the team worksheet functions, team workbooks read by
``compute`` and ``standings``, and the team template.

The same event — worked example E7, Held's team Swiss — as a TRF file, as a team crosstable
range (written here from the spec's E7.1 table), as the team template read headless and through
the team worksheet functions gives the official E7 values (2023 rules), the expected tables of
tests/test_standings_teams.py parsed from the specification, never the engine's output.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from spec_data import TRF_DIR, number, require
from test_standings_teams import E7_COLUMNS, crosstable, e7, official

from xl_tiebreak import udfs
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.headless import read_workbook_event, read_workbook_tournament
from xl_tiebreak.excel.templates.builder import save_with_values
from xl_tiebreak.excel.templates.team import E7_ROWS, FUNCTION_TIEBREAKS, build_team_workbook
from xl_tiebreak.formats.crosstable.team_reader import read_team_crosstable
from xl_tiebreak.model.teams import TeamEvent, TeamScoring
from xl_tiebreak.model.tournament import InputError, Kind
from xl_tiebreak.standings.team_evaluation import compute_team_standings
from xl_tiebreak.util.numbers import round_half_up

SHIPPED = Path(__file__).resolve().parents[1] / "workbook_templates"
E7_TRF = TRF_DIR / "e7_held_team.trf"
LABELS = list(E7_COLUMNS.values())
"""BH:MP, BH:MP/C1, BH:GP, BH:GP/C1, EMMSB, EGMSB, EMGSB, EGGSB: E7.2's columns."""
PAB = [["PAB", 1.0, 2.0]]
"""E7's PAB (1 MP + 2 GP on 4 boards) as a settings argument; the HPB default is the same."""
TEAMS = list(range(1, 15))


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    udfs.clear_cache()
    yield


def spec_rows() -> list[list[Any]]:
    """E7.1 (the spec's table) as a team crosstable range arrives from Excel: a Start date row,
    the header, one row per team; ``+F (vs 6)`` written ``+F6``; numbers as floats."""
    rows: list[list[Any]] = [["Start date", "2024-08-01"],
                             ["No", "Team", *(f"R{r}" for r in range(1, 8))]]
    for no, row in sorted(crosstable().items()):
        cells = []
        for r in range(1, 8):
            text = row[f"R{r}"].replace("−", "-")
            m = re.fullmatch(r"([+-])F \(vs (\d+)\)", text)
            cells.append(f"{m.group(1)}F{m.group(2)}" if m else text)
        rows.append([float(no), row["Team"], *cells])
    return rows


def e7_scoring() -> TeamScoring:
    return TeamScoring().with_unplayed(Kind.PAB, number("1"), number("2"))


def column(values: Any) -> list[Any]:
    assert isinstance(values, list), values
    return [row[0] for row in values]


# ---------------------------------------------------------------- the four ways, same values


def test_the_template_crosstable_is_the_spec_table() -> None:
    # the template's sample typed from E7.1: the same cells as the spec's table (½ for .5)
    assert [list(r[2:]) for r in E7_ROWS[1:]] == [
        [c.replace(".5", "½").replace("0½", "½") for c in r[2:]] for r in spec_rows()[2:]]
    assert [r[1] for r in E7_ROWS[1:]] == [r[1] for r in spec_rows()[2:]]


def test_e7_range_read_gives_the_official_values() -> None:
    require(E7_TRF)
    event = read_team_crosstable(spec_rows(), boards=4, scoring=e7_scoring())
    s = compute_team_standings(event, ",".join(LABELS), rules="auto")
    assert s.rules.label.startswith("FIDE 2023")  # the start date row: the 2023 rules
    for no, row in official().items():
        for column_name, label in E7_COLUMNS.items():
            assert s.value(no, label) == number(row[column_name]), (no, label)


@pytest.mark.parametrize("column_name", list(E7_COLUMNS))
def test_e7_team_tiebreak_column_calls_give_the_official_values(column_name: str) -> None:
    label = E7_COLUMNS[column_name]
    got = udfs.TEAM_TIEBREAK(spec_rows(), [[float(t)] for t in TEAMS], label, "AUTO", 4.0,
                             "", PAB)
    expected = [float(number(official()[t][column_name])) for t in TEAMS]
    assert column(got) == expected
    # one call per team gives the same values, by number and by name
    names = {int(r[0]): r[1] for r in spec_rows()[2:]}
    assert [udfs.TEAM_TIEBREAK(spec_rows(), float(t), label, "FIDE2023", 4.0, "", PAB)
            for t in TEAMS] == expected
    assert [udfs.TEAM_TIEBREAK(spec_rows(), names[t], label, "", 4.0, "", PAB)
            for t in TEAMS] == expected


def test_e7_team_points_and_sssc() -> None:
    rows, teams = spec_rows(), [[float(t)] for t in TEAMS]
    mp = column(udfs.TEAM_POINTS(rows, teams, "MP", "AUTO", 4.0, "", PAB))
    gp = column(udfs.TEAM_POINTS(rows, teams, "GP", "AUTO", 4.0, "", PAB))
    primary = column(udfs.TEAM_POINTS(rows, teams, "", "AUTO", 4.0, "", PAB))
    assert mp == primary == [float(number(crosstable()[t]["MP"])) for t in TEAMS]
    assert gp == [float(number(crosstable()[t]["GP"])) for t in TEAMS]
    sssc = column(udfs.TEAM_TIEBREAK(rows, teams, "SSSC", "AUTO", 4.0, "", PAB))
    # TEC shows SSSC to one decimal (docs/decisions.md D26: the engine to 0.01)
    assert [float(round_half_up(number(str(v)), 1)) for v in sssc] == [
        float(number(official()[t]["SSSC"])) for t in TEAMS]


def test_e7_team_place_and_standings_follow_ede() -> None:
    # E7.3 (TEC ex. 45): the 10-MP group in the order 4, 2, 1, 3, 5 by EDE
    rows = spec_rows()
    places = column(udfs.TEAM_PLACE(rows, [[float(t)] for t in TEAMS], "EDE", "AUTO", 4.0, "",
                                    PAB))
    ten = sorted((places[t - 1], t) for t in (1, 2, 3, 4, 5))
    assert [t for _, t in ten] == [4, 2, 1, 3, 5]
    table = udfs.TEAM_STANDINGS(rows, "EDE", "AUTO", True, 4.0, "", PAB)
    assert table[0][:6] == ["Place", "No", "Name", "Rating", "Fed", "Pts"]
    assert [r[1] for r in table[1:6]] == [4.0, 2.0, 1.0, 3.0, 5.0]
    assert udfs.TEAM_STANDINGS(rows, "EDE", "AUTO", False, 4.0, "", PAB) == table[1:]


def test_the_settings_argument_and_the_range_rows_agree() -> None:
    # the boards as an argument, a settings row or a row of the range: the same values
    rows = spec_rows()
    by_argument = udfs.TEAM_TIEBREAK(rows, 1.0, "EGGSB", "AUTO", 4.0, "", PAB)
    by_settings = udfs.TEAM_TIEBREAK(rows, 1.0, "EGGSB", "AUTO", "", "",
                                     [["Boards", 4.0], ["PAB", 1.0, 2.0]])
    in_range = udfs.TEAM_TIEBREAK([["Boards", 4.0], ["PAB", 1.0, 2.0], *rows], 1.0, "EGGSB")
    assert by_argument == by_settings == in_range == float(number(official()[1]["EGGSB"]))


def test_e7_workbook_read_headless_gives_the_official_values(tmp_path: Path) -> None:
    path = tmp_path / "team.xlsx"
    save_with_values(build_team_workbook(vba=False), path)
    event, settings = read_workbook_event(path)
    assert isinstance(event, TeamEvent)
    assert settings.tiebreaks == ["MPTS", "GPTS", "EDE", "BH:MP/C1"]
    s = compute_team_standings(event, ",".join(LABELS), settings.rules, settings.after_round)
    for no, row in official().items():
        for column_name, label in E7_COLUMNS.items():
            assert s.value(no, label) == number(row[column_name]), (no, label)
    with pytest.raises(InputError, match="team workbook"):
        read_workbook_tournament(path)


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def test_compute_on_the_team_template_equals_compute_on_the_trf(
        capsys: pytest.CaptureFixture[str]) -> None:
    require(E7_TRF)
    assert main(["compute", str(SHIPPED / "team_swiss.xlsx"), "--format", "csv"]) == 0
    book = _csv(capsys.readouterr().out)
    assert main(["compute", str(E7_TRF), "--format", "csv",
                 "--tiebreaks", "MPTS,GPTS,EDE,BH:MP/C1"]) == 0
    assert book == _csv(capsys.readouterr().out)
    assert list(book[0]) == ["Rank", "No", "Name", "Pts", "MPTS", "GPTS", "EDE", "BH:MP/C1",
                             "Decided by"]
    order = ",".join(["MPTS", *LABELS, "SSSC"])
    assert main(["compute", str(SHIPPED / "team_swiss.xlsx"), "--format", "csv",
                 "--tiebreaks", order]) == 0
    book = _csv(capsys.readouterr().out)
    assert main(["compute", str(E7_TRF), "--format", "csv", "--tiebreaks", order]) == 0
    assert book == _csv(capsys.readouterr().out)
    for row in book:  # and the official values
        for column_name, label in E7_COLUMNS.items():
            assert number(row[label]) == number(official()[int(row["No"])][column_name])


def test_the_standings_command_on_the_team_template_equals_the_cli_on_the_trf(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require(E7_TRF)
    out, table = tmp_path / "standings.xlsx", tmp_path / "standings.csv"
    assert main(["standings", str(SHIPPED / "team_swiss.xlsx"), "-o", str(out),
                 "--csv", str(table)]) == 0
    capsys.readouterr()
    assert main(["compute", str(E7_TRF), "--format", "csv",
                 "--tiebreaks", "MPTS,GPTS,EDE,BH:MP/C1"]) == 0
    assert _csv(table.read_text(encoding="utf-8")) == _csv(capsys.readouterr().out)
    sheet = [list(r) for r in openpyxl.load_workbook(out)["Standings"].iter_rows(
        values_only=True)]
    head = next(i for i, r in enumerate(sheet) if "MPTS" in r)
    no, mp, gp = (sheet[head].index(x) for x in ("No", "MPTS", "GPTS"))
    rows = [r for r in sheet[head + 1:head + 15]]
    assert {int(r[no]): (r[mp], r[gp]) for r in rows} == {
        t: (float(number(crosstable()[t]["MP"])), float(number(crosstable()[t]["GP"])))
        for t in TEAMS}
    assert any("Legend" in str(c) for r in sheet for c in r if c)


# ---------------------------------------------------------------- the template's formulas


def _functions_header(ws: Any) -> list[Any]:
    return [c.value for c in ws[4]]


def test_the_shipped_template_caches_the_official_values() -> None:
    wb = openpyxl.load_workbook(SHIPPED / "team_swiss.xlsx", data_only=True)
    ws = wb["Functions"]
    header = _functions_header(ws)
    rows = {int(r[0]): r for r in ws.iter_rows(min_row=5, max_row=18, values_only=True)}
    for column_name, label in E7_COLUMNS.items():
        col = header.index(f'TEAM_TIEBREAK "{label}"')
        assert [rows[t][col] for t in TEAMS] == [
            float(number(official()[t][column_name])) for t in TEAMS], label
    mp = header.index("TEAM_POINTS MP")
    assert [rows[t][mp] for t in TEAMS] == [float(number(crosstable()[t]["MP"])) for t in TEAMS]
    assert len([h for h in header if str(h).startswith("TEAM_TIEBREAK")]) == len(
        FUNCTION_TIEBREAKS.split(","))


def test_the_template_formulas_evaluate_to_the_engine_values(tmp_path: Path) -> None:
    from formula_harness import calculate, register, sized_names

    require(E7_TRF)
    path = tmp_path / "team.xlsx"
    build_team_workbook(vba=False).save(path)  # no cached values: the formulas compute them
    register({**udfs.EXCEL_FUNCTIONS, **udfs.TEAM_FUNCTIONS})
    values = calculate(sized_names(path, tmp_path / "team_sized.xlsx"))
    header = _functions_header(openpyxl.load_workbook(path)["Functions"])
    trf = compute_team_standings(e7(), "MPTS,GPTS," + FUNCTION_TIEBREAKS, rules="fide2023")
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for label in FUNCTION_TIEBREAKS.split(","):
        if label == "EDE":
            continue  # a place within the tied group: its own order (below)
        col = letters[header.index(f'TEAM_TIEBREAK "{label}"')]
        got = [values[("FUNCTIONS", f"{col}{4 + t}")] for t in TEAMS]
        want = [trf.value(t, label) for t in TEAMS]
        assert got == [float(v) if v is not None else "" for v in want], label
    place = letters[header.index("TEAM_PLACE")]
    ranked = compute_team_standings(e7(), None, rules="fide2023")
    assert [values[("FUNCTIONS", f"{place}{4 + t}")] for t in TEAMS] == [
        float(ranked.row(t).rank) for t in TEAMS]
    # the formula standings: the teams in the order of the ranked TRF
    assert [values[("FORMULA STANDINGS", f"B{4 + i}")] for i in range(14)] == [
        float(r.participant.start_no) for r in ranked.rows]


# ---------------------------------------------------------------- problems


def _changed_copy(tmp_path: Path, sheet: str, cell: str, value: object) -> Path:
    wb = openpyxl.load_workbook(SHIPPED / "team_swiss.xlsx")
    wb[sheet][cell] = value
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(("sheet", "cell", "value", "named"), [
    ("Settings", "B7", "four", "Settings!B7"),  # Boards
    ("Settings", "B8", "2-1", "Settings!B8"),  # Match points
    ("Settings", "C10", "x", "Settings!C10"),  # the GP of the PAB
    ("Crosstable", "C2", "8x2", "Crosstable!C2"),
    ("Crosstable", "D2", "4b2½", "Crosstable!D2"),  # 2½ + 2½ (team 4's 2½) ≠ 4 boards
    ("Teams", "A3", 99, "Teams!A3"),
    ("Teams", "B4", "Ocelots", "Teams!B4"),
])
def test_bad_team_workbook_input_is_named_and_nothing_changes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], sheet: str, cell: str,
        value: object, named: str) -> None:
    path = _changed_copy(tmp_path, sheet, cell, value)
    before = _digest(path)
    assert main(["compute", str(path)]) == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err
    out = tmp_path / "out.xlsx"
    assert main(["standings", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err
    assert _digest(path) == before
    problems = openpyxl.load_workbook(out)  # the copy lists the problems, standings untouched
    assert "Problems" in problems.sheetnames
    assert problems["Standings"]["A1"].value == openpyxl.load_workbook(
        SHIPPED / "team_swiss.xlsx")["Standings"]["A1"].value


def test_function_problems_are_texts() -> None:
    rows = spec_rows()
    assert udfs.TEAM_POINTS(rows, 99.0, "", "AUTO", 4.0).startswith("#TEAM? team number 99")
    assert udfs.TEAM_POINTS(rows, "Nobody", "", "AUTO", 4.0).startswith("#TEAM? 'Nobody'")
    assert udfs.TEAM_POINTS(rows, 1.0, "XP", "AUTO", 4.0).startswith("#ARG? score")
    assert udfs.TEAM_POINTS(rows, 1.0).startswith("#CROSSTABLE no boards per match")
    assert udfs.TEAM_POINTS(rows, 1.0, "", "AUTO", "#REF!") == (
        "#ARG? the boards cell shows the Excel error #REF!")
    assert udfs.TEAM_TIEBREAK(rows, 1.0, "XYZ", "AUTO", 4.0).startswith("#TIEBREAK?")
    assert udfs.TEAM_TIEBREAK(rows, 1.0, "BH", "FIDE1999", 4.0).startswith("#RULES?")
    assert udfs.TEAM_PLACE(rows, 1.0, "BH:MP, NOPE", "AUTO", 4.0).startswith("#TIEBREAK?")
    bad = [r[:] for r in rows]
    bad[2][2] = "8w9"
    assert udfs.TEAM_POINTS(bad, 1.0, "", "AUTO", 4.0).startswith("#CROSSTABLE cell C3")
    # an argument that contradicts the range's own Boards row is reported, not preferred
    assert udfs.TEAM_POINTS([["Boards", 4.0], *rows], 1.0, "", "AUTO", 5.0).startswith(
        "#CROSSTABLE")
    assert udfs.TEAM_POINTS(rows, 1.0, "", "AUTO", 4.0, "", [["Boards", 5.0]]) == (
        "#SETTINGS settings cell B1: boards 4, but the settings say 5")
    # a range of teams: each cell its own problem, empty cells empty
    assert udfs.TEAM_POINTS(rows, [[1.0], [None], [99.0]], "MP", "AUTO", 4.0) == [
        [10.0], [None], ["#TEAM? team number 99 not in crosstable"]]


def test_board_tiebreaks_without_board_data_are_empty() -> None:
    # a team crosstable has no board results (docs/engineering.md D53)
    assert udfs.TEAM_TIEBREAK(spec_rows(), 11.0, "BBE", "AUTO", 4.0, "", PAB) is None


# ---------------------------------------------------------------- registration


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from test_excel_functions_metadata import _reimport

    yield from _reimport(monkeypatch, "xl_tiebreak.excel.functions.team")


def test_team_function_metadata(recorded: Any) -> None:
    # what Excel receives from the decorators, as tests/test_excel_functions_metadata.py checks it
    # for the
    # individual functions
    import inspect

    from test_excel_functions_metadata import CELL_REFERENCE, VBA_IDENTIFIER, VBA_RESERVED

    assert set(recorded.TEAM_FUNCTIONS) == {"TEAM_PARTICIPANTS", "TEAM_POINTS",
                                            "TEAM_TIEBREAK", "TEAM_PLACE",
                                            "TEAM_STANDINGS", "TEAM_TIEBREAK_EXPLAIN",
                                            "TEAM_TIEBREAKS", "TEAM_COMPARE_ORDERS",
                                            "TEAM_CROSSTABLE_CHECK"}
    for name, f in recorded.TEAM_FUNCTIONS.items():
        assert VBA_IDENTIFIER.fullmatch(name) and not CELL_REFERENCE.fullmatch(name)
        meta = f.__xlmeta__
        assert meta["func"] == {"category": "xl-tiebreak"}, name
        assert f.__doc__ and len(f.__doc__) <= 255, name
        params = inspect.signature(f).parameters
        assert list(params)[0] == "crosstable" and meta["args"]["crosstable"]["ndim"] == 2
        assert set(meta["args"]) == set(params), name
        for pname, p in params.items():
            assert p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, (name, pname)
            assert pname.lower() not in VBA_RESERVED, (name, pname)
            assert meta["args"][pname].get("doc"), (name, pname)
            assert meta["args"][pname].get("err_to_str") is True, (name, pname)
            assert (p.default is inspect.Parameter.empty) == (
                pname in ("crosstable", "team", "descriptor")), (name, pname)
        core = [p for p in params if p not in ("rows", "columns", "listed")]  # sheet layout
        assert core[-3:] == ["boards", "match_points", "settings"], name


def test_the_udfs_shim_exports_the_team_functions() -> None:
    import xl_tiebreak.excel.functions.catalogue as functions

    for name in udfs.TEAM_FUNCTIONS:
        assert name in udfs.__all__ and name in functions.__all__
        assert getattr(udfs, name) is udfs.TEAM_FUNCTIONS[name]
    assert not set(udfs.TEAM_FUNCTIONS) & set(udfs.EXCEL_FUNCTIONS)


def test_explain_on_a_team_workbook(capsys: pytest.CaptureFixture[str]) -> None:
    # E7.2 notes: #1 EMMSB = 14 + 0 + 14 + 20 + 0 + 20 + 20 = 88
    assert main(["compute", str(SHIPPED / "team_swiss.xlsx"), "--tiebreaks", "EMMSB",
                 "--explain", "1"]) == 0
    out = capsys.readouterr().out
    assert "EMMSB (FIDE 2023/24) = 14 + 0 + 14 + 20 + 0 + 20 + 20 = 88" in out


# ---------------------------------------------------------------- generated events


@pytest.mark.parametrize("seed", range(8))
def test_generated_events_functions_and_workbook_equal_the_trf(
        seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Team Swiss and round robins, 2-1-0 and 3-1-0, byes, forfeits, withdrawals
    (tests/team_generator.py): the functions on the range, and compute on a workbook with the
    event's settings on its Settings sheet, give the TRF's values."""
    import team_generator
    from test_formats_crosstable_team import NON_BOARD, generated_rows

    from xl_tiebreak.formats.trf.team_reader import parse_team_trf

    event = team_generator.generate(seed)
    trf_path = tmp_path / "event.trf"
    trf_path.write_text(event.text, encoding="utf-8")
    trf = compute_team_standings(parse_team_trf(event.text, "trf"), ",".join(NON_BOARD))
    rows = generated_rows(event)  # settings rows (Boards, Match points, Start date, Type) first
    pab = [["PAB", float(event.pab_mp), float(event.pab_gp)]]
    teams = [[float(no)] for no in event.schedule]
    for label in NON_BOARD:
        got = column(udfs.TEAM_TIEBREAK(rows, teams, label, "AUTO", "", "", pab))
        want = [trf.value(no, label) for no in event.schedule]
        assert got == [None if v is None else float(v) for v in want], (seed, label)
    # the same event as a team workbook: its settings on the Settings sheet
    header = next(i for i, r in enumerate(rows) if "Team" in r)
    settings = {str(r[0]): r[1] for r in rows[:header]}
    wb = openpyxl.Workbook()
    sheet = wb.active
    sheet.title = "Crosstable"
    for r in rows[header:]:
        sheet.append([int(c) if isinstance(c, str) and c.isdigit() else c or None for c in r])
    ws = wb.create_sheet("Settings")
    ws.append(["Setting", "Value"])
    ws.append(["Boards", int(str(settings["Boards"]))])
    ws.append(["Match points", settings["Match points"]])
    ws.append(["Start date", settings["Start date"]])
    ws.append(["Tournament type", settings["Type"]])
    ws.append(["Pairing-allocated bye (PAB)", float(event.pab_mp), float(event.pab_gp)])
    order = "MPTS,GPTS,BH:MP,BH:GP/C1,EMGSB,EGGSB,PS:MP"
    ws.append(["Tie-breaks", order])
    book = tmp_path / "event.xlsx"
    wb.save(book)
    assert main(["compute", str(book), "--format", "csv"]) == 0
    from_book = _csv(capsys.readouterr().out)
    assert main(["compute", str(trf_path), "--format", "csv", "--tiebreaks", order]) == 0
    assert from_book == _csv(capsys.readouterr().out), seed


def test_match_points_argument_3_1_0_by_hand() -> None:
    # E7 scored 3-1-0: every cell's MP derived here from its GP (more than 2 of 4 boards: a
    # win), +F a won match, PAB 1 MP (the event's), HPB a drawn match, ZPB and -F nothing
    def mp(cell: str) -> int:
        if cell.startswith("+F"):
            return 3
        if cell in ("PAB", "HPB"):
            return 1
        if cell in ("ZPB",) or cell.startswith("-F"):
            return 0
        gp = number(re.sub(r"^\d+[wb]", "", cell))
        return 3 if gp > 2 else 1 if gp == 2 else 0

    rows = spec_rows()
    want = [float(sum(mp(c) for c in r[2:])) for r in rows[2:]]
    got = column(udfs.TEAM_POINTS(rows, [[float(t)] for t in TEAMS], "MP", "AUTO", 4.0,
                                  "3-1-0", PAB))
    assert got == want
    assert got != column(udfs.TEAM_POINTS(rows, [[float(t)] for t in TEAMS], "MP", "AUTO",
                                          4.0, "", PAB))


def test_error_cells_in_the_settings_argument_are_reported() -> None:
    rows = spec_rows()
    got = udfs.TEAM_POINTS(rows, 1.0, "", "AUTO", 4.0, "", [["PAB", "#N/A", 2.0]])
    assert got == ("#SETTINGS settings cell B1: the cell shows the Excel error #N/A: correct "
                   "its formula or type the value")
    assert udfs.TEAM_POINTS(rows, 1.0, "", "AUTO", 4.0, "#DIV/0!") == (
        "#ARG? the match points cell shows the Excel error #DIV/0!")
    assert udfs.TEAM_POINTS(rows, 1.0, "", "AUTO", 4.0, "", "x").startswith(
        "#ARG? settings must be a range")
    # the primary score from the settings: GP ranks first
    gp_first = udfs.TEAM_POINTS(rows, 1.0, "", "AUTO", 4.0, "", [*PAB, ["Primary score", "GP"]])
    assert gp_first == float(number(crosstable()[1]["GP"]))


def test_a_crosstable_with_its_own_boards_row_is_a_team_workbook(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # no Settings sheet: the settings rows above the header (docs/engineering.md D53) say it
    require(E7_TRF)
    wb = openpyxl.Workbook()
    wb.active.title = "Crosstable"
    for row in [["Boards", 4], ["PAB", 1, 2], *spec_rows()]:
        wb.active.append(row)
    path = tmp_path / "crosstable_only.xlsx"
    wb.save(path)
    assert main(["compute", str(path), "--format", "csv", "--tiebreaks", ",".join(LABELS)]) == 0
    book = _csv(capsys.readouterr().out)
    assert main(["compute", str(E7_TRF), "--format", "csv", "--tiebreaks", ",".join(LABELS)]) == 0
    assert book == _csv(capsys.readouterr().out)
    out = tmp_path / "out.xlsx"
    assert main(["standings", str(path), "-o", str(out)]) == 0
    assert "Standings of 14 teams" in capsys.readouterr().out


def test_a_boards_sheet_gives_the_board_tiebreaks_of_the_trf(tmp_path: Path) -> None:
    """The team template with a Boards sheet (one row per team per round, from E7's board
    games in its TRF): the board tie-breaks read headless equal the TRF's; a board result
    that does not add up to the match's game points is named with its sheet and row (exit 2;
    the Problems sheet lists it and the Standings sheet is left as it was)."""
    from test_formats_crosstable_team_boards import BOARD_ORDER, e7_trf, team_rows

    trf = e7_trf()
    wb = build_team_workbook(vba=False)
    boards = wb["Boards"]  # the template's: its header row only
    assert [c.value for c in boards[1]] == ["Round", "Team", "B1", "B2", "B3", "B4"]
    assert boards.max_row == 1
    table = team_rows(trf)
    assert table[0] == ["Round", "Team", "B1", "B2", "B3", "B4"]
    for row in table[1:]:
        boards.append(row)
    path = tmp_path / "team.xlsx"
    wb.save(path)
    event, settings = read_workbook_event(path)
    assert isinstance(event, TeamEvent) and event.board_data
    got = compute_team_standings(event, BOARD_ORDER, "fide2023")
    want = compute_team_standings(trf, BOARD_ORDER, "fide2023")
    for no in TEAMS:
        assert got.row(no).values == want.row(no).values, no
    # one board of the first data row changed: its sum no longer equals the match's GP
    first = boards.cell(row=2, column=3)
    first.value = "0" if first.value != "0" else "1"
    wb.save(path)
    with pytest.raises(InputError) as caught:
        read_workbook_event(path)
    assert "Boards, row 2: team #1's boards sum to" in str(caught.value)
    standings_before = [list(r) for r in openpyxl.load_workbook(path)["Standings"].values]
    assert main(["standings", str(path)]) == 2
    after = openpyxl.load_workbook(path)
    listed = [str(c) for row in after["Problems"].values for c in row if c]
    assert any("Boards, row 2" in c for c in listed), listed
    assert [list(r) for r in after["Standings"].values] == standings_before


def test_a_team_round_robin_grid_in_a_workbook() -> None:
    """A team round-robin grid typed on the Crosstable sheet of a team workbook (one column
    per team, headed by its number) is read as the grid reader reads it: the values derived by
    hand in tests/test_formats_crosstable_team_grid.py::test_values_by_hand (A 6 MP, 9½ GP, EMGSB
    18½ …)."""
    from test_formats_crosstable_team_grid import GRID

    from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
    from xl_tiebreak.excel.reading.team_event import read_book_team_event

    wb = build_team_workbook(vba=False)
    del wb["Teams"]  # the template's rosters are E7's teams
    ws = wb["Crosstable"]
    ws.delete_rows(1, ws.max_row)
    for row in GRID[1:]:  # the Settings sheet gives the boards (4)
        ws.append(row)
    event, _ = read_book_team_event(OpenpyxlBook(wb), "Crosstable")
    assert not event.rounds_known
    s = compute_team_standings(event, "GPTS,EMGSB", "fide2026")
    expected = {1: (6, 9.5, 18.5), 2: (3, 7.5, 19), 3: (1, 3, 12), 4: (2, 4, 4)}
    for no, (mp, gp, esb) in expected.items():
        assert (float(s.row(no).points), float(s.value(no, "GPTS")),
                float(s.value(no, "EMGSB"))) == (mp, gp, esb), no


def test_the_team_standings_legend_says_how_teams_score(tmp_path: Path) -> None:
    """The legend of a team Standings sheet gives the match points of a won, drawn and lost
    match and the boards (E7: 2-1-0, 4 boards, ranked by MP), not the 1-½-0 of a game."""
    path = tmp_path / "team.xlsx"
    save_with_values(build_team_workbook(vba=False), path)
    assert main(["standings", str(path)]) == 0
    texts = [str(c) for row in openpyxl.load_workbook(path)["Standings"].values
             for c in row if c]
    scoring = texts[texts.index("Scoring") + 1]
    assert scoring.startswith("match points 2-1-0 (won, drawn, lost match)")
    assert "4 boards" in scoring and scoring.endswith("Pts = MP")
    assert any(t.startswith("teams still tied after the last tie-break") for t in texts)


def test_team_tiebreak_explain_ends_with_the_official_value() -> None:
    """TEAM_TIEBREAK_EXPLAIN: the explanation of every E7 team's value ends with the official
    value (E7.2, 2023 rules); a range of teams gives one line each; an unknown team is named."""
    rows = spec_rows()
    teams = [[float(t)] for t in TEAMS]
    for column_name, label in E7_COLUMNS.items():
        lines = udfs.TEAM_TIEBREAK_EXPLAIN(rows, teams, label, "AUTO", 4.0, "", PAB)
        for t, (line,) in zip(TEAMS, lines, strict=True):
            assert line.startswith(f"{label} (FIDE 2023/24) = "), line
            shown = line.split("; cut:")[0].rsplit("= ", 1)[1]
            assert number(shown.replace("½", ".5")) == number(official()[t][column_name]), (
                t, label, line)
    one = udfs.TEAM_TIEBREAK_EXPLAIN(rows, 1.0, "EDE", "AUTO", 4.0, "", PAB)
    assert isinstance(one, str) and "tied group" in one and "(Art. 13.3)" in one
    missing = udfs.TEAM_TIEBREAK_EXPLAIN(rows, 99.0, "EMGSB", "AUTO", 4.0, "", PAB)
    assert missing == "#TEAM? team number 99 not in crosstable"


def test_team_functions_answer_in_the_language_of_their_settings() -> None:
    # the same unknown team asked with Language en, then Idioma Português in the settings
    # rows: the words after #TEAM? follow the row (the Portuguese text is the catalogue's)
    rows = spec_rows()
    assert udfs.TEAM_POINTS(rows, 99.0, "", "AUTO", 4.0, "", [*PAB, ["Language", "en"]]) == (
        "#TEAM? team number 99 not in crosstable")
    assert udfs.TEAM_POINTS(rows, 99.0, "", "AUTO", 4.0, "", [*PAB, ["Idioma", "Português"]]) == (
        "#TEAM? número da equipe 99 não está na tabela de resultados")
    assert udfs.TEAM_PLACE(rows, 99.0, "", "AUTO", 4.0, "", [*PAB, ["Idioma", "pt-BR"]]) == (
        "#TEAM? número da equipe 99 não está na tabela de resultados")
