"""``xl-tiebreak workbook`` for team events: a team TRF (2026 ``310`` or legacy ``013``
records) or a CSV team crosstable written as a team workbook (the team template's sheets,
sized to the event), read back headless.

The values are checked against what does not come from the written workbook: E7's official
values and cells (the spec's tables E7.1 and E7.2), the FIDE TEC checker on generated events
(tests/oracle.py, when installed), and our reading of the TRF itself (a round trip through the
workbook must not change a value, board tie-breaks included).
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import oracle
import pytest
import team_generator
from sampling import fast_sample
from spec_data import TRF_DIR, number, require
from test_standings_teams import E7_COLUMNS, crosstable, e7, official

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.headless import read_workbook_event
from xl_tiebreak.excel.templates.team_from_event import round_cell, write_team_event_workbook
from xl_tiebreak.formats.trf.team_reader import parse_team_trf
from xl_tiebreak.model.teams import Match, Team, TeamEvent
from xl_tiebreak.model.tournament import InputError, Kind
from xl_tiebreak.standings.team_evaluation import compute_team_standings

E7_TRF = TRF_DIR / "e7_held_team.trf"
LABELS = list(E7_COLUMNS.values())
TEAMS = list(range(1, 15))
ROUND_TRIP = ("MPTS,GPTS,MPVGP,BH:MP,BH:GP,BH:MP/C1,BH:GP/C1,PS:MP,KS:MP,FB:MP,AOB:MP,WIN:MP,"
              "WON:MP,EMMSB,EMGSB,EGMSB,EGGSB,EMGSB/C1/P,OSB,SSSC,BC,TBR,BBE,EDE,EDEC,EDEBT")
"""Every kind of team tie-break: totals, Buchholz family, Sonneborn-Berger family, board
tie-breaks (the Boards sheet), the group tie-breaks."""
SHEETS = ["How to", "Crosstable", "Settings", "Teams", "Boards", "Standings", "Functions",
          "Formula standings", "xlwings.conf"]


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def _write(source: Path, target: Path, *more: str) -> int:
    return main(["workbook", str(source), "-o", str(target), *more])


@pytest.fixture(scope="module")
def e7_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("e7") / "e7.xlsx"
    assert _write(require(E7_TRF), path) == 0
    return path


def _halves(cell: str) -> str:
    """A cell with its half written as the spec writes it (``2½`` → ``2.5``, ``½`` → ``0.5``)."""
    return re.sub(r"(\d*)½", lambda m: f"{m.group(1) or 0}.5", cell)


def _sheet(path: Path, name: str) -> list[list[Any]]:
    wb = openpyxl.load_workbook(path)
    return [list(r) for r in wb[name].iter_rows(values_only=True)]


# ---------------------------------------------------------------- E7: the official values


def test_e7_trf_workbook_computes_the_official_values(
        e7_book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["compute", str(e7_book), "--format", "csv", "--rules", "fide2023",
                 "--tiebreaks", ",".join(["MPTS", "GPTS", *LABELS])]) == 0
    rows = _csv(capsys.readouterr().out)
    assert len(rows) == 14
    for row in rows:
        no = int(row["No"])
        assert number(row["MPTS"]) == number(crosstable()[no]["MP"])
        assert number(row["GPTS"]) == number(crosstable()[no]["GP"])
        for column_name, label in E7_COLUMNS.items():
            assert number(row[label]) == number(official()[no][column_name]), (no, label)


def test_e7_trf_workbook_has_the_template_sheets_and_the_spec_crosstable(e7_book: Path) -> None:
    assert openpyxl.load_workbook(e7_book).sheetnames == SHEETS
    sheet = _sheet(e7_book, "Crosstable")
    assert sheet[0] == ["No", "Team", *(f"R{r}" for r in range(1, 8))]
    spec = crosstable()
    for row in sheet[1:]:
        cells = [re.sub(r"([+-])F \(vs (\d+)\)", r"\1F\2",
                        spec[row[0]][f"R{r}"].replace("−", "-")) for r in range(1, 8)]
        assert [row[1], *map(_halves, row[2:])] == [spec[row[0]]["Team"], *cells], row[0]


def test_e7_settings_say_the_events_scoring(e7_book: Path) -> None:
    rows = {r[0]: r[1:3] for r in _sheet(e7_book, "Settings")[1:] if r[0]}
    assert rows["Boards"][0] == 4
    assert rows["Match points"][0] == "2-1-0"
    assert rows["Primary score"][0] == "MP"
    assert rows["Rules"][0] == "AUTO"
    assert rows["Start date"][0].date().isoformat() == "2024-08-01"
    assert tuple(rows["Pairing-allocated bye (PAB)"]) == (1, 2)  # E7: 1 MP + 2 GP (320)
    assert tuple(rows["Half-point bye (HPB)"]) == (1, 2)  # a drawn match, half the boards
    assert tuple(rows["Zero-point bye (ZPB)"]) == (0, 0)
    assert tuple(rows["Forfeit win"]) == (2, 4)  # a won match, every board won
    assert rows["Tie-breaks (in order)"][0] == "MPTS"


def test_e7_boards_sheet_adds_up_to_the_spec_game_points(e7_book: Path) -> None:
    rows = _sheet(e7_book, "Boards")
    assert rows[0] == ["Round", "Team", "B1", "B2", "B3", "B4"]
    spec = crosstable()
    seen = set()
    for rnd, team, *boards in rows[1:]:
        cell = spec[team][f"R{rnd}"]
        found = re.fullmatch(r"\d+[wb](\d+(?:\.5)?)", cell)
        assert found, (team, rnd, cell)  # only matches played over the board have rows
        assert sum(Fraction(b) for b in boards) == Fraction(found.group(1)), (team, rnd)
        seen.add((rnd, team))
    played = {(r, t) for t in TEAMS for r in range(1, 8)
              if re.fullmatch(r"\d+[wb].*", spec[t][f"R{r}"])}
    assert seen == played  # both teams of every played match


def test_e7_teams_sheet_has_the_rosters(e7_book: Path) -> None:
    rows = _sheet(e7_book, "Teams")
    assert rows[0][:4] == ["No", "Team", "Rating", "Board 1"]
    assert [(r[0], r[1]) for r in rows[1:]] == [(t, crosstable()[t]["Team"]) for t in TEAMS]
    trf = require(E7_TRF).read_text(encoding="utf-8")
    players = {int(line[4:8]): line[14:47].strip() for line in trf.splitlines()
               if line.startswith("001")}
    assert rows[1][3:7] == [players[n] for n in (1, 2, 3, 4)]  # 310: team 1 is players 1–4


def test_e7_round_trip_keeps_every_value(e7_book: Path) -> None:
    event, settings = read_workbook_event(e7_book)
    assert isinstance(event, TeamEvent)
    assert event.board_data  # the Boards sheet was read
    ours = compute_team_standings(event, ROUND_TRIP, rules="fide2023")
    trf = compute_team_standings(e7(), ROUND_TRIP, rules="fide2023")
    assert [r.participant.start_no for r in ours.rows] == [r.participant.start_no
                                                           for r in trf.rows]
    for t in TEAMS:
        assert ours.row(t).values == trf.row(t).values, t


def test_the_standings_command_on_the_written_workbook(
        e7_book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, table = tmp_path / "standings.xlsx", tmp_path / "standings.csv"
    assert main(["standings", str(e7_book), "-o", str(out), "--csv", str(table)]) == 0
    capsys.readouterr()
    rows = _csv(table.read_text(encoding="utf-8"))
    assert {int(r["No"]): (number(r["MPTS"]), number(r["GPTS"])) for r in rows} == {
        t: (number(crosstable()[t]["MP"]), number(crosstable()[t]["GP"])) for t in TEAMS}


def test_the_written_functions_evaluate_to_the_official_values(
        e7_book: Path, tmp_path: Path) -> None:
    from formula_harness import calculate, register, sized_names

    from xl_tiebreak import udfs

    udfs.clear_cache()
    register({**udfs.EXCEL_FUNCTIONS, **udfs.TEAM_FUNCTIONS})
    values = calculate(sized_names(e7_book, tmp_path / "sized.xlsx"))
    header = _sheet(e7_book, "Functions")[3]
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for column_name, label in E7_COLUMNS.items():
        if f'TEAM_TIEBREAK "{label}"' not in header:
            continue
        col = letters[header.index(f'TEAM_TIEBREAK "{label}"')]
        assert [values[("FUNCTIONS", f"{col}{4 + t}")] for t in TEAMS] == [
            float(number(official()[t][column_name])) for t in TEAMS], label
    mp = letters[header.index("TEAM_POINTS MP")]
    assert [values[("FUNCTIONS", f"{mp}{4 + t}")] for t in TEAMS] == [
        float(number(crosstable()[t]["MP"])) for t in TEAMS]


def test_the_written_workbook_caches_the_official_values(e7_book: Path) -> None:
    ws = openpyxl.load_workbook(e7_book, data_only=True)["Functions"]
    header = [c.value for c in ws[4]]
    rows = {int(r[0]): r for r in ws.iter_rows(min_row=5, max_row=18, values_only=True)}
    for column_name, label in E7_COLUMNS.items():
        col = header.index(f'TEAM_TIEBREAK "{label}"')
        assert [rows[t][col] for t in TEAMS] == [
            float(number(official()[t][column_name])) for t in TEAMS], label


# ---------------------------------------------------------------- generated events


def _generated(seed: int, tmp_path: Path) -> tuple[team_generator.GeneratedEvent, Path]:
    event = team_generator.generate(seed)
    trf = tmp_path / f"g{seed}.trf"
    trf.write_text(event.text, encoding="utf-8")
    book = tmp_path / f"g{seed}.xlsx"
    assert _write(trf, book) == 0, seed
    return event, book


@pytest.mark.parametrize("seed", fast_sample(range(8), 4))
def test_generated_events_round_trip_through_the_workbook(seed: int, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    generated, book = _generated(seed, tmp_path)
    capsys.readouterr()
    event, _ = read_workbook_event(book)
    assert isinstance(event, TeamEvent)
    assert (len(event.teams), event.boards, event.rounds) == (
        generated.teams, generated.boards, generated.rounds)
    assert event.scoring.win == generated.win_mp
    trf = parse_team_trf(generated.text, f"generated {seed}")
    ours = compute_team_standings(event, ROUND_TRIP, rules="auto")
    theirs = compute_team_standings(trf, ROUND_TRIP, rules="auto")
    for team in trf.teams:
        assert ours.row(team.start_no).values == theirs.row(team.start_no).values, team.start_no
        assert ours.row(team.start_no).rank == theirs.row(team.start_no).rank
    # the score totals by hand from what the generator played
    for no, rounds in generated.schedule.items():
        gp = sum((team_generator.board_gp(r.boards) for r in rounds if r.kind == "played"),
                 Fraction(0))
        team = next(t for t in event.teams if t.start_no == no)
        played_gp = sum((event.gp_of(m) for m in team.rounds if m.played), Fraction(0))
        assert played_gp == gp, no


@pytest.mark.skipif(not oracle.available(), reason="gacrux not installed")
@pytest.mark.parametrize("seed", [1, 4, 6])
def test_generated_workbooks_agree_with_the_checker(seed: int, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from test_tiebreaks_team_differential import NAMES, compared_values

    generated, book = _generated(seed, tmp_path)
    codes = compared_values(generated)  # without the checker's known failures (T4)
    theirs = oracle.run_text(generated.text, ["PTS", *[NAMES.get(x, x) for x in codes]],
                             predetermined=generated.round_robin)
    capsys.readouterr()
    event, _ = read_workbook_event(book)
    assert isinstance(event, TeamEvent)
    ours = compute_team_standings(event, ",".join(codes), rules="auto")
    assert len(theirs.values) == len(event.teams)
    for no, values in theirs.values.items():
        for code in codes:
            assert ours.value(no, code) == values[NAMES.get(code, code)], (no, code)


def test_any_size_of_event(tmp_path: Path) -> None:
    # a generated event of another shape than E7: its own teams, rounds and boards everywhere
    generated, book = _generated(5, tmp_path)  # 12 teams, 6 boards, 9 rounds
    wb = openpyxl.load_workbook(book)
    assert wb["Crosstable"].max_row == generated.teams + 1
    assert wb["Crosstable"]["A1"].value == "No"
    assert [c.value for c in wb["Crosstable"][1]][-1] == f"R{generated.rounds}"
    assert [c.value for c in wb["Boards"][1]] == ["Round", "Team", *(
        f"B{b}" for b in range(1, generated.boards + 1))]
    # the No/Team labels come from the crosstable (TEAM_PARTICIPANTS) as the cached values show
    shown = openpyxl.load_workbook(book, data_only=True)["Functions"]
    nos = [r[0] for r in shown.iter_rows(min_row=5, values_only=True)
           if isinstance(r[0], (int, float))]
    assert nos == list(range(1, generated.teams + 1))
    formula = wb["Formula standings"]["A3"].value
    assert int(formula.ref.split(":")[1].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) >= (
        2 + generated.teams + 1)  # a fixed-size array over at least every team


# ---------------------------------------------------------------- a CSV team crosstable


def test_a_csv_team_crosstable_becomes_a_team_workbook(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from test_formats_crosstable_team_boards import crosstable_rows

    source = tmp_path / "e7.csv"
    with source.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(crosstable_rows(e7()))  # Boards, Start date, PAB, HPB rows
    book = tmp_path / "e7.xlsx"
    assert _write(source, book) == 0
    capsys.readouterr()
    assert main(["compute", str(book), "--format", "csv", "--tiebreaks",
                 ",".join(["MPTS", *LABELS])]) == 0
    for row in _csv(capsys.readouterr().out):
        for column_name, label in E7_COLUMNS.items():
            assert number(row[label]) == number(official()[int(row["No"])][column_name])
    assert _sheet(book, "Boards") == [["Round", "Team", "B1", "B2", "B3", "B4"]]  # none given


# ---------------------------------------------------------------- refused: exit 2, no file


def test_incomplete_lineups_are_refused_naming_the_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = require(TRF_DIR / "gre_crete_team_cup_2024.trf")
    book = tmp_path / "crete.xlsx"
    assert _write(source, book, "--incomplete-lineups") == 2
    err = capsys.readouterr().err
    assert "cannot write the workbook" in err
    assert re.search(r"line \d+, col \d+: round 4, match #1–#11: game points 4½ \+ ½ do not "
                     r"sum to the 6 boards", err)
    assert "Traceback" not in err
    assert not book.exists()


def test_a_team_grid_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "grid.csv"
    source.write_text("Boards,4\nNo,Team,1,2,3\n1,A,,3,2\n2,B,1,,2½\n3,C,2,1½,\n",
                      encoding="utf-8")
    book = tmp_path / "grid.xlsx"
    assert _write(source, book) == 2
    err = capsys.readouterr().err
    assert "round-robin grid has no rounds" in err and "grid.csv" in err
    assert not book.exists()


def test_a_lots_seed_is_refused_for_a_team_event(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "e7.xlsx"
    assert _write(require(E7_TRF), book, "--lots-seed", "x") == 2
    assert "--lots-seed" in capsys.readouterr().err
    assert not book.exists()


def test_points_set_for_one_round_cannot_be_written(tmp_path: Path) -> None:
    event = TeamEvent([Team(1, "A", rounds=[Match(Kind.PAB, mp=Fraction(3), gp=Fraction(4),
                                                  set_by="line 9 (299)")]),
                       Team(2, "B", rounds=[Match(Kind.ZPB)])], boards=4)
    with pytest.raises(InputError, match=r"set for this round alone \(3 MP, 4 GP\)") as info:
        round_cell(event, event.teams[0], 1)
    assert info.value.problems[0].where == "line 9 (299)"
    with pytest.raises(InputError):
        write_team_event_workbook(event, tmp_path / "x.xlsx")
    assert not (tmp_path / "x.xlsx").exists()


# ---------------------------------------------------------------- a legacy 013 file


ARMSTRONG = TRF_DIR / "icu_armstrong_2011.trf"
"""A legacy TRF: teams as 013 records (rosters of up to 21 players for 8 boards), boards
numbered by the player's place in the line-up of each team."""


def _gp_by_team_from_001_lines(text: str) -> dict[str, Fraction]:
    """Each team's game points as the file itself declares them: the sum of its players'
    points (001 columns 81–84), the 013 rosters giving the players (by hand, no reader)."""
    points = {int(line[4:8]): Fraction(line[80:84].strip()) for line in text.splitlines()
              if line.startswith("001")}
    out = {}
    for line in text.splitlines():
        if line.startswith("013"):
            name = line[4:36].strip()
            out[name] = sum((points[int(x)] for x in line[36:].split()), Fraction(0))
    return out


def test_a_legacy_013_file_whose_boards_do_not_pair_is_refused_with_a_way_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = require(ARMSTRONG)
    book = tmp_path / "armstrong.xlsx"
    assert _write(source, book) == 2
    err = capsys.readouterr().err
    assert re.search(r"line \d+, col \d+: round 1, match #1–#9: board 1 of one team is not "
                     r"the other side", err)
    assert "more matches" in err and "--without-boards" in err and "Traceback" not in err
    assert not book.exists()
    assert _write(source, book, "--without-boards") == 0
    assert "not written: the board results" in capsys.readouterr().err
    assert _sheet(book, "Boards") == [["Round", "Team", *(f"B{b}" for b in range(1, 9))]]
    teams = _sheet(book, "Teams")  # rosters of up to 21 players for 8 boards
    assert teams[0][3:] == [*(f"Board {b}" for b in range(1, 9)),
                            *(f"Reserve {r}" for r in range(1, 14))]
    text = source.read_text(encoding="utf-8")
    dublin = next(line for line in text.splitlines() if line.startswith("013 Dublin"))
    names = {int(line[4:8]): line[14:47].strip() for line in text.splitlines()
             if line.startswith("001")}
    row = next(r for r in teams if r[1] == "Dublin")
    assert [c for c in row[3:] if c] == [names[int(x)] for x in dublin[36:].split()]
    event, _ = read_workbook_event(book)
    assert isinstance(event, TeamEvent) and len(event.teams) == 12 and event.rounds == 11
    declared = _gp_by_team_from_001_lines(source.read_text(encoding="utf-8"))
    s = compute_team_standings(event, "MPTS,GPTS,BH:MP,EMGSB,EDE,BC", rules="auto")
    assert {r.participant.name: s.value(r.participant.start_no, "GPTS") for r in s.rows} == (
        declared)
    assert all(s.value(t.start_no, "BC") is None for t in event.teams)  # no board results


def test_a_legacy_013_file_round_trips_without_boards(tmp_path: Path) -> None:
    from xl_tiebreak.formats.trf.team_reader import read_team_trf

    book = tmp_path / "armstrong.xlsx"
    assert _write(require(ARMSTRONG), book, "--without-boards") == 0
    event, _ = read_workbook_event(book)
    assert isinstance(event, TeamEvent)
    order = "MPTS,GPTS,BH:MP,BH:GP,EMMSB,EMGSB,EGGSB,SSSC,MPVGP,EDE,PS:MP"
    ours = compute_team_standings(event, order, rules="auto")
    trf = compute_team_standings(read_team_trf(ARMSTRONG), order, rules="auto")
    for team in event.teams:
        assert ours.row(team.start_no).values == trf.row(team.start_no).values


def test_a_csv_crosstable_with_a_boards_csv_keeps_the_board_tie_breaks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from test_formats_crosstable_team_boards import crosstable_rows, team_rows

    source, boards = tmp_path / "e7.csv", tmp_path / "boards.csv"
    for path, rows in ((source, crosstable_rows(e7())), (boards, team_rows(e7()))):
        with path.open("w", encoding="utf-8", newline="") as f:
            csv.writer(f).writerows(rows)
    book = tmp_path / "e7.xlsx"
    assert _write(source, book, "--boards", str(boards)) == 0
    capsys.readouterr()
    assert len(_sheet(book, "Boards")) > 1
    event, _ = read_workbook_event(book)
    assert isinstance(event, TeamEvent) and event.board_data
    order = "MPTS,GPTS,BC,TBR,BBE,EDEC,EDEBT"
    ours = compute_team_standings(event, order, rules="fide2023")
    trf = compute_team_standings(e7(), order, rules="fide2023")  # E7's 001 board results
    for t in TEAMS:
        assert ours.row(t).values == trf.row(t).values, t


def test_board_results_for_an_individual_event_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "x.xlsx"
    spring = Path(__file__).resolve().parents[1] / "examples" / "spring_open.trf"
    assert _write(spring, book, "--boards", str(spring)) == 2
    assert "--boards: board results are for team events" in capsys.readouterr().err
    assert not book.exists()


def test_a_list_ranking_by_the_other_score_names_the_settings_row(
        e7_book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Settings sheet declares the primary score (Primary score: MP); a tie-break list
    ranking by game points first is followed, and the warning says where MP was declared."""
    path = tmp_path / "e7_gp_first.xlsx"
    book = openpyxl.load_workbook(e7_book)
    settings = book["Settings"]
    for row in settings.iter_rows(min_col=1, max_col=2):
        if row[0].value == "Tie-breaks (in order)":
            row[1].value = "GPTS,MPTS,BH:GP"
    book.save(path)
    assert main(["compute", str(path)]) == 0
    out = capsys.readouterr()
    text = out.out + out.err
    assert "ranked as the list says" in text
    assert "Settings 'Primary score', Settings!" in text
