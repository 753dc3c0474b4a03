"""Team round-robin grids (xl_tiebreak.formats.crosstable.team_grid): one row and one column per
team, the cell
of row A / column B = what A scored against B. Values derived by hand in each test; the same
event as a team crosstable gives the same values; the checks name their cells."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.crosstable.team_grid import (
    circle_rounds,
    is_team_grid,
    parse_grid_cell,
    read_team_grid,
)
from xl_tiebreak.formats.crosstable.team_reader import is_team_crosstable, read_team_crosstable
from xl_tiebreak.model.tournament import InputError, Kind, TournamentType
from xl_tiebreak.standings.team_evaluation import TeamEvaluation, compute_team_standings

# 4 teams, 4 boards, MP 2-1-0. A–B 2½:1½, A–C 3:1, A–D + (forfeit), B–C 2:2, B–D 4:0,
# C–D - / + (C lost by forfeit).
GRID = [
    ["Boards", 4],
    ["No", "Team", "1", "2", "3", "4", "MP"],
    [1, "A", "", "2½", 3.0, "+", ""],
    [2, "B", 1.5, "x", "2", "4", ""],
    [3, "C", "1", "2", None, "-", ""],
    [4, "D", "-", "0", "+", "", ""],
]


def test_cells() -> None:
    assert parse_grid_cell("2½") == [Fraction(5, 2)]
    assert parse_grid_cell("2,5 / ½") == [Fraction(5, 2), Fraction(1, 2)]
    assert parse_grid_cell("+ -") == [Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS]
    assert parse_grid_cell("8w2½") is None
    assert parse_grid_cell("-1") is None


def test_circle_method_meets_every_pair_once() -> None:
    for n in (2, 3, 4, 5, 8, 11):
        pairs = [frozenset(p) for rnd in circle_rounds(n) for p in rnd if max(p) < n]
        assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
        for rnd in circle_rounds(n):
            seen = [t for p in rnd for t in p]
            assert len(seen) == len(set(seen))


def test_detection_tells_a_grid_from_a_crosstable() -> None:
    assert is_team_grid(GRID)
    assert is_team_crosstable(GRID)  # a Team header and the boards: the CLI then asks is_team_grid
    crosstable = [["Boards", 4], ["No", "Team", "1", "2"], [1, "A", "2w2½", "PAB"],
                  [2, "B", "1b1½", "-F"]]
    assert not is_team_grid(crosstable)
    assert not is_team_grid(GRID[1:])  # no boards


def test_values_by_hand() -> None:
    # MP: A 2+2+2 = 6; B 0+1+2 = 3; C 0+1+0 = 1; D 0+0+2 = 2 (forfeit win = 2 MP + 4 GP,
    # docs/decisions.md D25). GP: A 2½+3+4 = 9½; B 1½+2+4 = 7½; C 1+2+0 = 3; D 0+0+4 = 4.
    # EMGSB (15.2: forfeits are matches in a round robin): A 3·2½ + 1·3 + 2·4 = 18½;
    # B 6·1½ + 1·2 + 2·4 = 19; C 6·1 + 3·2 + 2·0 = 12; D 6·0 + 3·0 + 1·4 = 4.
    event = read_team_grid(GRID, source="grid")
    assert event.type is TournamentType.PREDETERMINED
    assert not event.rounds_known
    s = compute_team_standings(event, "GPTS,EMGSB", rules="fide2026")
    expected = {1: (6, Fraction(19, 2), Fraction(37, 2)), 2: (3, Fraction(15, 2), 19),
                3: (1, 3, 12), 4: (2, 4, 4)}
    for no, (mp, gp, esb) in expected.items():
        assert s.row(no).points == mp
        assert (s.value(no, "GPTS"), s.value(no, "EMGSB")) == (gp, esb), no
    assert [r.participant.start_no for r in s.rows] == [1, 2, 4, 3]


def test_the_same_event_as_a_crosstable_gives_the_same_values() -> None:
    # the grid's matches written in rounds by hand: R1 A–D, B–C; R2 A–C, D–B; R3 A–B, C–D
    crosstable = [
        ["Boards", 4], ["Type", "Round robin"],
        ["No", "Team", "R1", "R2", "R3"],
        [1, "A", "+F4", "3-3", "2-2½"],
        [2, "B", "3-2", "4-4", "1-1½"],
        [3, "C", "2-2", "1-1", "-F4"],
        [4, "D", "-F1", "2-0", "+F3"],
    ]
    order = "MPTS,GPTS,EMMSB,EMGSB,EGMSB,EGGSB,EDE,WIN:MP,KS:MP,SSSC,MPVGP"
    a = compute_team_standings(read_team_grid(GRID), order, rules="fide2026")
    b = compute_team_standings(read_team_crosstable(crosstable), order, rules="fide2026")
    for no in range(1, 5):
        assert a.row(no).values == b.row(no).values, no
        assert a.row(no).rank == b.row(no).rank


def test_two_cycles_and_an_odd_number_of_teams() -> None:
    # 3 teams, 2 boards, two cycles; B–C's second match not played yet.
    # A: 2, 1½ vs B; 1, 2 vs C → MP 2+2+1+2 = 7, GP 6½. B: 0, ½ vs A; 1 vs C → MP 0+0+1 = 1,
    # GP 1½. C: 1, 0 vs A; 1 vs B → MP 1+0+1 = 2, GP 2.
    grid = [["Boards", 2], ["Cycles", 2], ["Team", "1", "2", "3"],
            ["A", "", "2 1½", "1/2"], ["B", "0 ½", "", "1"], ["C", "1 0", "1", ""]]
    event = read_team_grid(grid)
    s = compute_team_standings(event, "GPTS", rules="fide2026")
    assert [(s.row(n).points, s.value(n, "GPTS")) for n in (1, 2, 3)] == [
        (7, Fraction(13, 2)), (1, Fraction(3, 2)), (2, 2)]
    warnings = " ".join(p.message for p in TeamEvaluation(event, "fide2026").problems)
    assert "#2–#3 (cycle 2)" in warnings


@pytest.mark.parametrize(("cells", "message"), [
    ({(2, 3): "2"}, r"cell D3: game points 2 \+ 1½ \(at cell C4\) do not sum to the 4 boards"),
    ({(4, 5): "+"}, r"cell F5: both teams 3 and 4 won by forfeit"),
    ({(4, 5): "1"}, r"cell F5: a played match against team 4 here, a forfeit at cell E6"),
    ({(2, 3): "2½ 1"}, r"cell D3: team 1 has 2 result\(s\) against team 2, but cell C4 has 1"),
    ({(2, 2): "0"}, r"cell C3: team 1 against itself"),
    ({(2, 3): "5"}, r"cell D3: against team 2: 5 game points on 4 boards"),
    ({(2, 3): "2w2½"}, r"is not a grid result"),
])
def test_problems_name_their_cells(cells: dict[tuple[int, int], str], message: str) -> None:
    grid = [list(r) for r in GRID]
    for (r, c), text in cells.items():
        grid[r][c] = text
    with pytest.raises(InputError, match=message):
        read_team_grid(grid)


def test_round_order_tiebreaks_and_intermediate_standings_are_refused() -> None:
    event = read_team_grid(GRID, source="grid")
    for order in ("PS:MP", "FB:GP", "AOB:MP/F", "SSSC/F"):
        with pytest.raises(InputError, match="order of the rounds"):
            compute_team_standings(event, order)
    with pytest.raises(InputError, match="the order of the rounds"):
        TeamEvaluation(event, "fide2026").explain("PS:GP", 1)
    with pytest.raises(InputError, match="no rounds"):
        compute_team_standings(event, "GPTS", after_round=2)


def test_cli_reads_a_csv_grid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "grid.csv"
    path.write_text("Boards,4\nNo,Team,1,2,3,4\n1,A,,2½,3,+\n2,B,1½,,2,4\n3,C,1,2,,-\n"
                    "4,D,-,0,+,\n", encoding="utf-8")
    assert main(["compute", str(path), "--format", "csv", "--tiebreaks", "GPTS,EMGSB"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Rank,No,Name,Pts,GPTS,EMGSB,Decided by"
    assert out[1:] == ["1,1,A,6,9.5,18.5,Pts (6 vs 3)", "2,2,B,3,7.5,19,Pts (3 vs 2)",
                       "3,4,D,2,4,4,Pts (2 vs 1)", "4,3,C,1,3,12,"]  # separated by points
    assert main(["compute", str(path), "--tiebreaks", "PS:MP"]) == 2
    assert "order of the rounds" in capsys.readouterr().err


ODD = ["", "x", "½", "2½", "9" * 30, "-", "+", "/", "+ -", "1e9", "nan", "\x00", "²", "-1", "4",
       "0", "2,5", "1/2", "  ", "Team", "Boards", 2.5, 1.0, -3.0, None, True]


def test_fuzzed_grids_fail_cleanly() -> None:
    # seeded random cell replacements: a clean InputError naming a cell, or an event
    import random

    for seed in range(300):
        rng = random.Random(seed)
        grid = [list(r) for r in GRID]
        for _ in range(rng.randint(1, 4)):
            r = rng.randrange(len(grid))
            c = rng.randrange(len(grid[r]))
            grid[r][c] = rng.choice(ODD)
        try:
            event = read_team_grid(grid)
        except InputError as exc:
            assert exc.problems, seed
            continue
        compute_team_standings(event, "GPTS,EMGSB,EDE", rules="fide2026")


def test_html_has_no_crosstable_by_round(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "grid.csv"
    path.write_text("Boards,4\nNo,Team,1,2,3,4\n1,A,,2½,3,+\n2,B,1½,,2,4\n3,C,1,2,,-\n"
                    "4,D,-,0,+,\n", encoding="utf-8")
    assert main(["compute", str(path), "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert "no crosstable by round" in page
    assert '<th class="c" scope="col">R1</th>' not in page
