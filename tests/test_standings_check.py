"""Consistency check: plain-language problems that name the place (cell or TRF line)."""

from __future__ import annotations

import pytest

from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.model.tournament import InputError, Severity
from xl_tiebreak.standings.check import check
from xl_tiebreak.standings.final import compute_standings

HEADER = ["No", "Name", "Pts", "R1", "R2"]


def _problems(rows: list[list[object]]) -> list[str]:
    t = read_crosstable([HEADER, *rows], sheet="Crosstable")
    return [str(p) for p in check(t)]


def test_consistent_crosstable_has_no_problem() -> None:
    rows = [[1.0, "Ann", 2.0, "2w1", "3b1"], [2.0, "Bob", 1.0, "1b0", "U"],
            [3.0, "Cid", 0.5, "H", "1w0"]]
    assert _problems(rows) == []


def test_results_that_do_not_mirror_name_both_cells() -> None:
    rows = [[1.0, "Ann", 1.5, "2w1", "H"], [2.0, "Bob", 1.5, "1b1", "H"]]
    (p,) = _problems(rows)
    assert p.startswith("Crosstable!D2: results do not mirror in round 1")
    assert "#1 Ann has 'win against #2'" in p and "#2 Bob (Crosstable!D3) has 'win against #1'" in p


def test_one_sided_pairing() -> None:
    rows = [[1.0, "Ann", 1.5, "2w1", "H"], [2.0, "Bob", 0.0, "Z", "Z"]]
    (p,) = _problems(rows)
    assert "Crosstable!D2" in p and "#2 Bob's round 1 (Crosstable!D3) says zero-point bye" in p


def test_unknown_opponent_and_self_pairing() -> None:
    rows = [[1.0, "Ann", 1.0, "9w1", "1b1"]]
    ps = _problems(rows)
    assert "Crosstable!D2: #1 Ann has an unknown opponent #9 in round 1" in ps
    assert "Crosstable!E2: #1 Ann is paired with himself in round 2" in ps


def test_paired_twice_in_a_round() -> None:
    rows = [[1.0, "Ann", 1.0, "2w1", "H"], [2.0, "Bob", 0.5, "1b0", "H"],
            [3.0, "Cid", 1.5, "2w1", "H"]]
    ps = _problems(rows)
    assert any("Crosstable!D4: #3 Cid is paired with #2 Bob in round 1, but #2 Bob's round 1"
               in p and "names #1 as the opponent" in p for p in ps)


def test_two_pairing_allocated_byes_in_a_round() -> None:
    rows = [[1.0, "Ann", 1.0, "U", "2w0"], [2.0, "Bob", 2.0, "U", "1b1"]]
    ps = _problems(rows)
    assert ps == ["Crosstable!D3: round 1 has 2 pairing-allocated byes (#1 Ann, #2 Bob); there "
                  "can be at most one"]


def test_declared_points_are_a_warning_and_results_win() -> None:
    rows = [[1.0, "Ann", 2.0, "2w1", "H"], [2.0, "Bob", 0.5, "1b0", "H"]]
    t = read_crosstable([HEADER, *rows], sheet="Crosstable")
    (p,) = check(t)
    assert p.severity is Severity.WARNING
    assert str(p) == ("Crosstable!row 2: #1 Ann declares 2 points but the results add up to "
                      "1.5; the results are used")
    s = compute_standings(t, "BH")
    assert s.row(1).points == 1.5 and s.warnings == [p]


def test_errors_stop_the_computation() -> None:
    rows = [[1.0, "Ann", 1.0, "2w1", "H"], [2.0, "Bob", 1.0, "1b1", "H"]]
    t = read_crosstable([HEADER, *rows], sheet="Crosstable")
    with pytest.raises(InputError) as info:
        compute_standings(t, "BH")
    assert info.value.problems[0].where == "Crosstable!D2"
