"""The round-robin corners of the rules: REP and rest rounds (spec §4.7), withdrawals (C.06),
rest rounds under the pre-2023 and US Chess rules, Fore Buchholz after round K. Every expected
value is derived by hand in the test."""

from __future__ import annotations

from generator import compact

from xl_tiebreak.standings.final import compute_standings

EVEN_RR4 = {
    # Berger table for 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1. #2 and #4 do not play their
    # round-3 game (both absent: zero-point byes without opponent). An even field has no
    # rest round, so both absences are rounds not elected: REP 2 for #2 and #4, 3 for #1, #3.
    1: "4w1 2b= 3b1",
    2: "3w1 1w= Z",
    3: "2b0 4b= 1w0",
    4: "1b0 3w= Z",
}

ODD_RR5 = {
    # 5 players, 5 rounds, one rest a round: R1 rest 5 (1-2, 3-4), R2 rest 4 (1-3, 2-5),
    # R3 rest 3 (1-5, 2-4), R4 rest 2 (1-4, 3-5), R5 rest 1 (2-3, 4-5). #3 and #5 do not play
    # their round-4 game: in round 4 three players are without opponent (#2, #3, #5). #3's
    # and #5's rests of the cycle are certain (R3, R1: alone then), so round 4 is #2's rest.
    # REP: #1, #2, #4 elected every round (a rest is not a choice, D10): 5; #3, #5: 4.
    1: "2w1 3w= 5b0 4w1 Z",
    2: "1b0 5w1 4b= Z 3w0",
    3: "4w1 1b= Z Z 2b1",
    4: "3b0 Z 2w= 1b0 5w1",
    5: "Z 2b0 1w1 Z 4b0",
}


def _values(rows: dict[int, str], label: str) -> dict[int, object]:
    s = compute_standings(compact(rows, round_robin=True), label)
    return {sno: s.value(sno, label) for sno in rows}


def test_rep_in_an_even_round_robin_counts_an_absence_as_not_elected() -> None:
    assert _values(EVEN_RR4, "REP") == {1: 3, 2: 2, 3: 3, 4: 2}
    s = compute_standings(compact(EVEN_RR4, round_robin=True), "REP")
    lines = s.explain(2, 0).lines()
    assert not any(line.lstrip().startswith("R3") for line in lines), lines


def test_rep_in_an_odd_round_robin_counts_only_the_scheduled_rest() -> None:
    assert _values(ODD_RR5, "REP") == {1: 5, 2: 5, 3: 4, 4: 5, 5: 4}
    s = compute_standings(compact(ODD_RR5, round_robin=True), "REP")
    two = s.explain(2, 0).lines()
    assert any("R4" in line and "rest round" in line for line in two), two
    three = s.explain(3, 0).lines()
    assert any("R3" in line and "rest round" in line for line in three), three
    assert not any(line.lstrip().startswith("R4") for line in three), three
