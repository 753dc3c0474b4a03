"""Team crosstables (xl_tiebreak.formats.crosstable.team_reader): the notation, the checks, and the
same event
as a TRF26 team file and as a team crosstable giving the same values."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
import team_generator
from spec_data import TRF_DIR, require

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.crosstable.team_reader import (
    TeamCell,
    is_team_crosstable,
    parse_team_cell,
    read_csv_team_crosstable,
    read_team_crosstable,
)
from xl_tiebreak.formats.trf.team_reader import parse_team_trf, read_team_trf
from xl_tiebreak.model.teams import Score, TeamScoring
from xl_tiebreak.model.tournament import BlankRounds, Color, InputError, Kind
from xl_tiebreak.standings.team_evaluation import compute_team_standings

NON_BOARD = ["MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1",
             "PS:MP", "WIN:MP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EGGSB/C1",
             "SSSC", "FB:MP"]


def _gp(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}"


def generated_rows(event: team_generator.GeneratedEvent) -> list[list[str]]:
    """The generated event written as a team crosstable, from the generator's own schedule
    (not from any reader)."""
    month = "10" if event.year == 2023 else "03"
    rows = [["Boards", str(event.boards)], ["Match points", f"{event.win_mp}-1-0"],
            ["Start date", f"{event.year}-{month}-01"],
            ["Type", "Round robin" if event.round_robin else "Swiss"],
            ["No", "Team", *[f"R{r}" for r in range(1, event.rounds + 1)]]]
    for no, rounds in event.schedule.items():
        cells = []
        for r in rounds:
            if r.kind == "played":
                cells.append(f"{r.opponent}{'w' if r.white else 'b'}"
                             f"{_gp(team_generator.board_gp(r.boards))}")
            elif r.kind in ("+", "-"):
                cells.append(f"{r.kind}F{r.opponent}")
            elif r.kind == "--":
                cells.append(f"-F{r.opponent}")
            elif r.kind == "+0":
                cells.append("+F")
            else:
                cells.append({"pab": "PAB", "H": "HPB", "Z": "ZPB", "F": "FPB"}.get(r.kind, ""))
        rows.append([str(no), f"Team {no}", *cells])
    return rows


def pab_scoring(event: team_generator.GeneratedEvent) -> TeamScoring:
    """The PAB of the generated 320 record."""
    return TeamScoring(win=Fraction(event.win_mp)).with_unplayed(Kind.PAB, event.pab_mp,
                                                                 event.pab_gp)


@pytest.mark.parametrize("seed", range(12))
def test_generated_event_as_trf_and_as_crosstable_gives_the_same_values(seed: int) -> None:
    event = team_generator.generate(seed)
    trf = parse_team_trf(event.text, "trf")
    table = read_team_crosstable(generated_rows(event), scoring=pab_scoring(event))
    assert table.type is trf.type
    order = ",".join(NON_BOARD)
    a = compute_team_standings(trf, order, rules="auto")
    b = compute_team_standings(table, order, rules="auto")
    assert a.rules == b.rules
    for no in event.schedule:
        for x in NON_BOARD:
            assert a.value(no, x) == b.value(no, x), (seed, no, x)
    ranked_a = compute_team_standings(trf, "MPTS,GPTS,EDE", rules="auto")
    ranked_b = compute_team_standings(table, "MPTS,GPTS,EDE", rules="auto")
    assert [(r.rank, r.participant.start_no) for r in ranked_a.rows] == [
        (r.rank, r.participant.start_no) for r in ranked_b.rows]


E7_CROSSTABLE = TRF_DIR / "e7_held_team.trf"


def test_e7_as_crosstable_csv_through_the_cli(tmp_path: pytest.TempPathFactory,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # E7 written as a team crosstable from its TRF's matches, then computed by the CLI as
    # the TRF is: the same MP, BH:MP, EGGSB (the official E7 values are asserted on the TRF
    # in tests/test_standings_teams.py)
    from test_formats_crosstable_team_boards import crosstable_rows

    event = read_team_trf(require(E7_CROSSTABLE))
    rows = crosstable_rows(event)
    path = tmp_path / "e7_teams.csv"  # type: ignore[operator]
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    # E7's 320 record: PAB = 1 MP + 2 GP; in a crosstable the settings row "PAB, 1, 2"
    assert main(["compute", str(path), "--rules", "fide2023", "--format", "csv",
                 "--tiebreaks", "BH:MP,EGGSB,SSSC"]) == 0
    theirs = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert main(["compute", str(E7_CROSSTABLE), "--rules", "fide2023", "--format", "csv",
                 "--tiebreaks", "BH:MP,EGGSB,SSSC"]) == 0
    ours = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert theirs == ours


def test_cells() -> None:
    assert parse_team_cell("8w2½") == parse_team_cell("8w2.5")
    cell = parse_team_cell("8w2½")
    assert cell is not None and (cell.opponent, cell.color, cell.gp) == (8, Color.WHITE,
                                                                         Fraction(5, 2))
    assert parse_team_cell("12b½") == TeamCell(Kind.WIN, 12, Color.BLACK, Fraction(1, 2))
    assert parse_team_cell("3-4") == TeamCell(Kind.WIN, 3, None, Fraction(4))
    assert parse_team_cell("+F6") == TeamCell(Kind.FORFEIT_WIN, 6)
    assert parse_team_cell("-F") == TeamCell(Kind.FORFEIT_LOSS, None)
    for text, kind in (("PAB", Kind.PAB), ("u", Kind.PAB), ("HPB", Kind.HPB), ("H", Kind.HPB),
                       ("FPB", Kind.FPB), ("F", Kind.FPB), ("ZPB", Kind.ZPB), ("Z", Kind.ZPB)):
        assert parse_team_cell(text) == TeamCell(kind)
    assert parse_team_cell("8x2") is None and parse_team_cell("w2") is None


def _small(r1: str = "2w3", r2: str = "1b1") -> list[list[object]]:
    return [["Boards", 4], ["No", "Team", "R1", "R2"], [1, "A", r1, "3w2"],
            [2, "B", r2, "PAB"], [3, "C", "PAB", "1b2"]]


def test_small_event_by_hand() -> None:
    e = read_team_crosstable(_small())
    # A: won 3-1 and drew 2-2 = 2 + 1 MP, 5 GP; B lost 1-3 and had a PAB (2 MP, 4 GP)
    s = compute_team_standings(e, "MPTS,GPTS")
    assert [s.value(n, "MPTS") for n in (1, 2, 3)] == [3, 2, 3]
    assert [s.value(n, "GPTS") for n in (1, 2, 3)] == [5, 5, 6]
    assert s.row(1).points == 3


def test_mirror_and_sum_errors_name_the_cells() -> None:
    with pytest.raises(InputError) as err:
        read_team_crosstable(_small(r2="1b2"), sheet="Teams")
    assert "Teams!C4" in str(err.value) and "do not sum to the 4 boards" in str(err.value)
    with pytest.raises(InputError) as err:
        read_team_crosstable(_small(r2="3b1"))
    assert "cell C3" in str(err.value) and "does not say 1" in str(err.value)
    with pytest.raises(InputError) as err:
        read_team_crosstable(_small(r1="2b3"))
    assert "board 1 black" in str(err.value)
    with pytest.raises(InputError) as err:
        read_team_crosstable(_small(r1="2w5"))
    assert "cell C3" in str(err.value) and "5 game points on 4 boards" in str(err.value)
    with pytest.raises(InputError, match="not a team result"):
        read_team_crosstable(_small(r1="2w"))
    with pytest.raises(InputError, match="opposite forfeit"):
        read_team_crosstable(_small(r1="+F2", r2="+F1"))


def test_forfeits_and_double_forfeit() -> None:
    e = read_team_crosstable(_small(r1="+F2", r2="-F"))
    assert [t.rounds[0].kind for t in e.teams[:2]] == [Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS]
    e = read_team_crosstable(_small(r1="-F2", r2="-F1"))
    assert [t.rounds[0].kind for t in e.teams[:2]] == [Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS]


def test_blank_cells_follow_the_setting() -> None:
    rows = _small()
    rows[3][2] = ""
    rows[2][2] = "+F"
    e = read_team_crosstable(rows)
    assert e.teams[1].rounds[0].kind is Kind.ZPB and "cell C4" in e.notes[0]
    e = read_team_crosstable(rows, blank_rounds=BlankRounds.HALF_POINT_BYE)
    assert e.teams[1].rounds[0].kind is Kind.HPB and "half-point byes" in e.notes[0]


def test_settings_rows() -> None:
    rows: list[list[object]] = [["Match points", "3-1-0"], ["Primary", "GP"],
                                ["Type", "Round robin"], *_small()]
    e = read_team_crosstable(rows)
    assert e.scoring.win == 3 and e.primary is Score.GP and e.type.name == "PREDETERMINED"
    with pytest.raises(InputError, match="needs the boards"):
        read_team_crosstable(_small()[1:])
    assert read_team_crosstable(_small()[1:], boards=4).boards == 4


def test_detection_never_takes_an_individual_crosstable() -> None:
    individual = [["No", "Name", "Team", "R1"], [1, "Ann", "Club A", "2w1"],
                  [2, "Bob", "Club B", "1b0"]]
    assert not is_team_crosstable(individual)
    assert not is_team_crosstable([["No", "Name", "R1"], [1, "Ann", "2w1"]], boards=4)
    assert is_team_crosstable(_small()) and is_team_crosstable(_small()[1:], boards=4)


def test_board_tiebreaks_without_board_data_are_undefined_with_a_warning() -> None:
    e = read_team_crosstable(_small())
    s = compute_team_standings(e, "BC,MPTS")
    assert all(s.value(n, "BC") is None for n in (1, 2, 3))
    assert any("no board results" in str(w) for w in s.warnings)


def test_csv_text() -> None:
    text = "Boards;4\nNo;Team;R1;R2\n1;A;2w3;3w2\n2;B;1b1;PAB\n3;C;PAB;1b2\n"
    e = read_csv_team_crosstable(text, source="t.csv")
    assert [t.name for t in e.teams] == ["A", "B", "C"]


def test_cli_team_csv_detection_and_errors(tmp_path: pytest.TempPathFactory,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path  # type: ignore[assignment]
    small = folder / "small.csv"  # type: ignore[operator]
    small.write_text("No,Team,R1,R2\n1,A,2w3,3w2\n2,B,1b1,PAB\n3,C,PAB,1b2\n")
    # without Boards row or --teams: not a team crosstable (read, and refused, as individual)
    assert main(["compute", str(small), "--format", "csv", "--tiebreaks", "GPTS"]) == 2
    capsys.readouterr()
    assert main(["compute", str(small), "--teams", "4", "--format", "csv",
                 "--tiebreaks", "GPTS"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["No"], r["Pts"], r["GPTS"]) for r in rows] == [("3", "3", "6"), ("1", "3", "5"),
                                                               ("2", "2", "5")]
    bad = folder / "bad.csv"  # type: ignore[operator]
    bad.write_text("Boards,4\nNo,Team,R1,R2\n1,A,2w3,3w2\n2,B,1b2,PAB\n3,C,PAB,1b2\n")
    assert main(["compute", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "cell C3" in err and "do not sum to the 4 boards" in err and "Traceback" not in err
    individual = folder / "individual.csv"  # type: ignore[operator]
    individual.write_text("No,Name,Team,R1\n1,Ann,Club A,2w1\n2,Bob,Club B,1b0\n")
    assert main(["compute", str(individual), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["Name"], r["Pts"]) for r in rows] == [("Ann", "1"), ("Bob", "0")]
