"""Board tables (xl_tiebreak.formats.crosstable.team_boards.apply_boards) added to a team
crosstable: the board
tie-breaks of worked example E7 as its TRF gives them (the TRF has the board games), TEC ex.
46–48 by hand, and the checks naming rows and matches."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import pytest
from spec_data import TRF_DIR, require

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.crosstable.team_boards import apply_boards, parse_board_point, parse_result
from xl_tiebreak.formats.crosstable.team_reader import read_team_crosstable
from xl_tiebreak.formats.trf.team_reader import read_team_trf
from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import Color, InputError, Kind
from xl_tiebreak.standings.team_evaluation import compute_team_standings

BOARD_ORDER = "BC,EDET,EDEBT,EDEBB,EDEB,EDEC"


def e7_trf() -> TeamEvent:
    return read_team_trf(require(TRF_DIR / "e7_held_team.trf"))


def _gp(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}"


def _point(kind: Kind, points: Fraction) -> str:
    if kind is Kind.FORFEIT_WIN:
        return "+"
    if kind is Kind.FORFEIT_LOSS:
        return "-"
    return "½" if points == Fraction(1, 2) else str(int(points))


def crosstable_rows(event: TeamEvent) -> list[list[str]]:
    """The event's matches as a team crosstable (no boards), from the event's rounds."""
    rows = [["Boards", "4"], ["Start date", "2024-08-01"], ["PAB", "1", "2"], ["HPB", "1", "2"],
            ["No", "Team", *[f"R{r}" for r in range(1, event.rounds + 1)]]]
    for t in event.teams:
        cells = []
        for m in t.rounds:
            if m.played:
                c = "w" if m.color is Color.WHITE else "b"
                cells.append(f"{m.opponent}{c}{_gp(event.gp_of(m))}")
            elif m.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                cells.append(f"{'+' if m.kind is Kind.FORFEIT_WIN else '-'}F{m.opponent or ''}")
            else:
                cells.append({Kind.PAB: "U", Kind.HPB: "H", Kind.ZPB: "Z"}[m.kind])
        rows.append([str(t.start_no), t.name, *cells])
    return rows


def team_rows(event: TeamEvent, *, both_sides: bool = True) -> list[list[str]]:
    """One row per team per round, from the board games of the event (E7's TRF 001 lines)."""
    rows = [["Round", "Team", "B1", "B2", "B3", "B4"]]
    for t in event.teams:
        for r, m in enumerate(t.rounds, start=1):
            if m.played and (both_sides or t.start_no < (m.opponent or 0)):
                rows.append([str(r), str(t.start_no),
                             *[_point(b.kind, b.points) for b in m.boards]])
    return rows


def game_rows(event: TeamEvent) -> list[list[str]]:
    """One row per game (white team first), from the same board games."""
    rows = [["Round", "Board", "White", "Black", "Result"]]
    for t in event.teams:
        for r, m in enumerate(t.rounds, start=1):
            if not m.played:
                continue
            opp = event.match(next(i for i, x in enumerate(event.teams)
                                   if x.start_no == m.opponent), r)
            for b, theirs in zip(m.boards, opp.boards):
                if b.color is Color.WHITE:
                    result = f"{_point(b.kind, b.points)}-{_point(theirs.kind, theirs.points)}"
                    rows.append([str(r), str(b.board), str(t.start_no), str(m.opponent),
                                 result])
    return rows


def test_points_and_results() -> None:
    assert parse_board_point("½") == (Kind.DRAW, Fraction(1, 2))
    assert parse_board_point("0.5") == parse_board_point("1/2")
    assert parse_board_point("+") == (Kind.FORFEIT_WIN, 1)
    assert parse_board_point("2") is None
    assert parse_result("1/2-1/2") == ((Kind.DRAW, Fraction(1, 2)), (Kind.DRAW, Fraction(1, 2)))
    assert parse_result("+:-") == ((Kind.FORFEIT_WIN, 1), (Kind.FORFEIT_LOSS, 0))
    assert parse_result("--") == ((Kind.FORFEIT_LOSS, 0), (Kind.FORFEIT_LOSS, 0))
    assert parse_result("1-1") is None
    assert parse_result("+-+") is None
    assert parse_result("1-") is None


@pytest.mark.parametrize("layout", ["teams", "one side", "games"])
def test_e7_board_tiebreaks_as_the_trf_gives_them(layout: str) -> None:
    trf = e7_trf()
    assert trf.board_data
    plain = read_team_crosstable(crosstable_rows(trf), source="e7")
    assert not plain.board_data
    table = {"teams": team_rows(trf), "one side": team_rows(trf, both_sides=False),
             "games": game_rows(trf)}[layout]
    with_boards = apply_boards(plain, table, source="boards.csv")
    assert with_boards.board_data and not plain.board_data  # a new event
    a = compute_team_standings(trf, BOARD_ORDER, rules="fide2023")
    b = compute_team_standings(with_boards, BOARD_ORDER, rules="fide2023")
    for no in range(1, 15):
        assert a.row(no).values == b.row(no).values, no
        assert a.row(no).rank == b.row(no).rank


def test_tec_ex_46_to_48_by_hand() -> None:
    # E7.3: #11 vs #14 in R3, #11's boards 1-0, ½-½, ½-½, 0-1. BC #11 = 1·1 + 2·½ + 3·½ +
    # 4·0 = 3½, #14 = 1·0 + 2·½ + 3·½ + 4·1 = 6½ (lower is better): #11 ahead; TBR board 1:
    # #11; BBE without board 4: 2 vs 1: #11. Only this match has board rows here.
    plain = read_team_crosstable(crosstable_rows(e7_trf()))
    event = apply_boards(plain, [["Round", "Team", "Boards"], [3, 11, "1 ½ ½ 0"]])
    m11 = event.match(10, 3)
    assert [b.points for b in m11.boards] == [1, Fraction(1, 2), Fraction(1, 2), 0]
    assert [b.points for b in event.match(13, 3).boards] == [0, Fraction(1, 2), Fraction(1, 2),
                                                             1]
    for variant in ("EDEC", "EDET", "EDEB"):
        # E7 ranks by match points first, then game points (the order of the list)
        s = compute_team_standings(event, f"MPTS,GPTS,{variant}", rules="fide2023")
        assert s.row(11).rank < s.row(14).rank, variant
    warnings = " ".join(p.message for p in compute_team_standings(
        event, "GPTS,EDET", rules="fide2023").warnings)
    assert "no board results for #1–#8 (round 1)" in warnings


def _plain() -> TeamEvent:
    return read_team_crosstable(crosstable_rows(e7_trf()))


@pytest.mark.parametrize(("rows", "message"), [
    # E7.1: #1 scored 2½ against #8 in R1
    ([[1, 1, "1", "1", "0", "0"]],
     r"boards.csv, row 2: team #1's boards sum to 2, the crosstable gives it 2½ in the "
     r"match #1–#8 of round 1"),
    ([[1, 1, "1", "1", "½", "0"], [1, 8, "0", "0", "1", "½"]],
     r"row 2: board 3 of the match #1–#8 of round 1: #1 scored ½, #8 1 \(boards.csv, row 3\)"),
    ([[1, 1, "1", "1", "½", "0"], [1, 1, "1", "1", "½", "0"]],
     r"row 3: round 1: the boards of team #1 are given twice"),
    ([[5, 12, "1", "1", "0", "0"]], r"round 5: team #12 played no match over the board"),
    ([[1, 99, "1", "1", "0", "0"]], r"team: '99' is not a team of the event"),
    ([[1, 1, "1", "1", "2", "0"]], r"'2' is not a board result"),
    ([[1, 1, "1", "1", "0"]], r"3 board result\(s\) for 4 boards"),
    ([[8, 1, "1", "1", "0", "0"]], r"round: expected 1 to 7, not '8'"),
])
def test_problems_name_the_row_and_the_match(rows: list[list[object]], message: str) -> None:
    table: list[list[object]] = [["Round", "Team", "B1", "B2", "B3", "B4"], *rows]
    with pytest.raises(InputError, match=message):
        apply_boards(_plain(), table, source="boards.csv")


def test_game_rows_problems() -> None:
    head = ["Round", "Board", "White", "Black", "Result"]
    with pytest.raises(InputError, match=r"round 1: team #1 played #8, not #2"):
        apply_boards(_plain(), [head, [1, 1, 1, 2, "1-0"]], source="b")
    with pytest.raises(InputError, match=r"match #1–#8: no game on board\(s\) 2, 3, 4"):
        apply_boards(_plain(), [head, [1, 1, 1, 8, "1-0"]], source="b")
    with pytest.raises(InputError, match=r"result '1-1'"):
        apply_boards(_plain(), [head, [1, 1, 1, 8, "1-1"]], source="b")
    with pytest.raises(InputError, match="needs the columns"):
        apply_boards(_plain(), [["Round", "Result"], [1, "1-0"]], source="b")


def test_cli_boards_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = e7_trf()
    teams, boards = tmp_path / "teams.csv", tmp_path / "boards.csv"
    for path, rows in ((teams, crosstable_rows(trf)), (boards, game_rows(trf))):
        with open(path, "w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows(rows)
    args = ["--rules", "fide2023", "--format", "csv", "--tiebreaks", "GPTS,BC,EDEBT"]
    assert main(["compute", str(teams), "--boards", str(boards), *args]) == 0
    theirs = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert main(["compute", str(TRF_DIR / "e7_held_team.trf"), *args]) == 0
    ours = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert theirs == ours
    bad = tmp_path / "bad.csv"
    bad.write_text("Round,Team,B1,B2,B3,B4\n1,1,1,1,0,0\n", encoding="utf-8")
    assert main(["compute", str(teams), "--boards", str(bad), *args]) == 2
    err = capsys.readouterr().err
    assert "bad.csv, row 2" in err and "match #1–#8 of round 1" in err


ODD = ["", "½", "1", "0", "+", "-", "2", "1-0", "--", "x", "99", "\x00", 0.5, 1.0, None, "B1",
       "Round", "1 ½ 0 1", "-1"]


def test_fuzzed_board_tables_fail_cleanly() -> None:
    import random

    plain = _plain()
    base: list[list[object]] = [list(r) for r in team_rows(e7_trf())[:30]]
    for seed in range(200):
        rng = random.Random(seed)
        rows = [list(r) for r in base]
        for _ in range(rng.randint(1, 4)):
            r = rng.randrange(len(rows))
            c = rng.randrange(len(rows[r]))
            rows[r][c] = rng.choice(ODD)
        try:
            apply_boards(plain, rows, source="b")
        except InputError as exc:
            assert exc.problems, seed
