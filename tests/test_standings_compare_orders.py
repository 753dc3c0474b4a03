"""Tie-break orders side by side: "one crosstable, three champions".

The crosstable is built for the test: a 14-player, 5-round Swiss (every round played, no byes)
in which Ana, Bo and Cai share first on 4/5 and their opponents' final scores are exactly the
issue's: Ana 4, 3, 3, 2, 1; Bo 4, 3, 2½, 2, 2; Cai 3, 3, 3, 2½, 1. The test derives those
scores from the rows below (not with the engine), then the three orders by hand:

- BH: Ana 13, Bo 13½, Cai 12½ → Bo.
- BH/C1 (lowest cut): Ana 13 − 1 = 12, Bo 13½ − 2 = 11½, Cai 12½ − 1 = 11½ → Ana.
- BH/M1 (highest and lowest cut): Ana 13 − 4 − 1 = 8, Bo 13½ − 4 − 2 = 7½,
  Cai 12½ − 3 − 1 = 8½ → Cai.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tests.generator import compact
from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.reader import write_trf
from xl_tiebreak.model.tournament import InputError, Tournament
from xl_tiebreak.standings.compare_orders import compare_orders, comparison_rows, comparison_table
from xl_tiebreak.standings.evaluation import Evaluation

NAMES = ["Ana", "Bo", "Cai", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
         "Max", "Ned"]

ROWS = {  # opponent, colour, result per round (tests.generator.compact tokens)
    1: "2w= 4b1 5w1 8w1 10b=",
    2: "1b= 6w1 9w1 7w1 11b=",
    3: "4w1 5w1 6b1 10b1 7w0",
    4: "3b0 1w0 13w1 12b1 14b1",
    5: "12w1 3b0 1b0 14w1 13b1",
    6: "8w1 2b0 3w0 11b1 9w1",
    7: "9w= 8b= 11w= 2b0 3b1",
    8: "6b0 7w= 10w1 1b0 12w=",
    9: "7b= 10w1 2b0 13w= 6b0",
    10: "14w= 9b0 8b0 3w0 1w=",
    11: "13w= 12b= 7b= 6w0 2w=",
    12: "5b0 11w= 14b= 4w0 8b=",
    13: "11b= 14w1 4b0 9b= 5w0",
    14: "10b= 13b0 12w= 5b0 4w0",
}
_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
ANA, BO, CAI = 1, 2, 3


def three_champions() -> Tournament:
    t = compact(ROWS, name="Three champions")
    for p in t.participants:
        p.name = NAMES[p.start_no - 1]
    return t


def _scores() -> dict[int, Fraction]:
    """Final scores summed from the rows' result letters."""
    return {no: sum((_POINTS[tok[-1]] for tok in line.split()), Fraction(0))
            for no, line in ROWS.items()}


def _opponents(no: int) -> list[int]:
    return [int(tok[:-2]) for tok in ROWS[no].split()]


def test_the_crosstable_is_the_issues() -> None:
    scores = _scores()
    # a consistent Swiss: 5 rounds, every pairing mirrored, nobody met twice
    for no, line in ROWS.items():
        assert len(line.split()) == 5
        assert len(set(_opponents(no))) == 5
        for rnd, tok in enumerate(line.split()):
            other = ROWS[int(tok[:-2])].split()[rnd]
            assert int(other[:-2]) == no
            assert _POINTS[tok[-1]] + _POINTS[other[-1]] == 1
    assert sorted(no for no, s in scores.items() if s == 4) == [ANA, BO, CAI]
    assert max(s for no, s in scores.items() if no > 3) < 4
    opp_scores = {no: sorted((scores[o] for o in _opponents(no)), reverse=True)
                  for no in (ANA, BO, CAI)}
    h = Fraction(1, 2)
    assert opp_scores[ANA] == [4, 3, 3, 2, 1]
    assert opp_scores[BO] == [4, 3, 2 + h, 2, 2]
    assert opp_scores[CAI] == [3, 3, 3, 2 + h, 1]


def test_each_order_crowns_its_champion() -> None:
    h = Fraction(1, 2)
    e = Evaluation(three_champions())
    assert [e.value("BH", no) for no in (ANA, BO, CAI)] == [13, 13 + h, 12 + h]
    assert [e.value("BH/C1", no) for no in (ANA, BO, CAI)] == [12, 11 + h, 11 + h]
    assert [e.value("BH/M1", no) for no in (ANA, BO, CAI)] == [8, 7 + h, 8 + h]
    c = compare_orders(e, ["BH", "BH/C1", "BH/M1"])
    assert [[p.name for p in c.winners(k)] for k in range(3)] == [["Bo"], ["Ana"], ["Cai"]]
    # places 1-3 under each order, by hand from the values above (BH/C1: Bo and Cai tie on
    # 11½ and stay tied: both 2nd)
    assert c.row(ANA).places == (2, 1, 2)
    assert c.row(BO).places == (1, 2, 3)
    assert c.row(CAI).places == (3, 2, 1)
    assert {r.participant.start_no for r in c.movers} >= {ANA, BO, CAI}
    assert [r.participant.name for r in c.rows[:3]] == ["Bo", "Ana", "Cai"]  # order A = BH


def test_the_comparison_table_shows_the_three_champions() -> None:
    c = compare_orders(Evaluation(three_champions()), ["BH", "BH/C1", "BH/M1"])
    text = comparison_table(c)
    assert "A = BH: first Bo (#2)" in text
    assert "B = BH/C1: first Ana (#1)" in text
    assert "C = BH/M1: first Cai (#3)" in text
    lines = {line.split()[2]: line.split() for line in text.splitlines()
             if line.startswith("*") and len(line.split()) > 3}
    assert lines["Bo"][4:] == ["1", "2", "↓1", "3", "↓2"]
    assert lines["Cai"][4:] == ["3", "2", "↑1", "1", "↑2"]
    rows = comparison_rows(c)
    assert rows[0][4:] == ["A: BH", "B: BH/C1", "C: BH/M1"]
    assert rows[1][:3] == ["*", BO, "Bo"]


def test_players_who_do_not_move_are_not_marked() -> None:
    c = compare_orders(Evaluation(three_champions()), ["BH", "BH,SB"])
    # BH then SB only breaks ties BH left: a participant alone on his points and BH keeps
    # his place under both orders
    for r in c.rows:
        s = c.standings[0].row(r.participant.start_no)
        if not s.shared:
            assert not r.moves


def test_orders_are_checked() -> None:
    e = Evaluation(three_champions())
    with pytest.raises(InputError):
        compare_orders(e, [])
    with pytest.raises(InputError):
        compare_orders(e, ["BH", "XYZ"])


def test_cli_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.trf"
    path.write_text(write_trf(three_champions()), encoding="utf-8")
    assert main(["compute", str(path), "--compare", "BH/C1,BH,SB", "BH", "BH/M1"]) == 0
    out = capsys.readouterr().out
    assert "A = BH/C1,BH,SB: first Ana (#1)" in out
    assert "B = BH: first Bo (#2)" in out
    assert "C = BH/M1: first Cai (#3)" in out
    assert main(["compute", str(path), "--format", "json", "--compare", "BH", "BH/M1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [o["first"] for o in data["orders"]] == [[BO], [CAI]]
    assert main(["compute", str(path), "--compare", "BH", "NOPE"]) == 2
    assert "NOPE" in capsys.readouterr().err


def _crosstable() -> list[list[object]]:
    """The three-champions event as worksheet cells (No, Name, Rating, R1…R5 tokens)."""
    rows: list[list[object]] = [["No", "Name", "Rating", "R1", "R2", "R3", "R4", "R5"]]
    for no, line in ROWS.items():
        rows.append([float(no), NAMES[no - 1], 2000.0 - 50 * (no - 1),
                     *[f"{tok[:-2]}{tok[-2]}{tok[-1]}" for tok in line.split()]])
    return rows


def test_compare_orders_worksheet_function() -> None:
    pytest.importorskip("xlwings")
    from xl_tiebreak import udfs

    rows = udfs.COMPARE_ORDERS(_crosstable(), [["BH"], ["BH/C1"], ["BH/M1"]])
    assert isinstance(rows, list), rows
    assert rows[0] == ["Moves", "No", "Name", "Pts", "A: BH", "B: BH/C1", "C: BH/M1"]
    places = {r[2]: r[4:] for r in rows[1:]}
    assert places["Bo"] == [1, 2, 3] and places["Ana"] == [2, 1, 2] and places["Cai"] == [3, 2, 1]
    same = udfs.COMPARE_ORDERS(_crosstable(), "BH; BH/C1; BH/M1")
    assert same == rows
    assert str(udfs.COMPARE_ORDERS(_crosstable(), "")).startswith("#ORDERS?")
    assert str(udfs.COMPARE_ORDERS(_crosstable(), "BH; XYZ")).startswith("#TIEBREAK?")
