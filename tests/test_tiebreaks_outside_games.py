"""Recursive Buchholz, manual order and the drawing of lots, derived by hand."""

from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path

import pytest
from test_standings_compare_orders import ANA, BO, CAI, ROWS, three_champions

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.reader import write_trf
from xl_tiebreak.report.table import standings_table
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.outside_games import draw_lots, lot_digest

_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}


def _opponents(no: int) -> list[int]:
    return [int(tok[:-2]) for tok in ROWS[no].split()]


def test_recursive_buchholz_is_the_sum_of_the_opponents_buchholz() -> None:
    # every round played, no byes: BH = sum of the opponents' scores (summed from the rows)
    score = {no: sum((_POINTS[t[-1]] for t in line.split()), Fraction(0))
             for no, line in ROWS.items()}
    bh = {no: sum((score[o] for o in _opponents(no)), Fraction(0)) for no in ROWS}
    h = Fraction(1, 2)
    assert [bh[o] for o in _opponents(ANA)] == [13 + h, 12 + h, 12 + h, 12, 13]
    s = compute_standings(three_champions(), "RBH")
    for no in ROWS:
        assert s.row(no).values[0] == sum((bh[o] for o in _opponents(no)), Fraction(0))
    assert s.row(ANA).values[0] == 63 + h  # 13½ + 12½ + 12½ + 12 + 13
    e = s.explain(ANA, s.descriptors[0])
    assert e.formula.endswith("= 63½")
    assert "opponent's BH" in "\n".join(e.lines())
    assert s.descriptors[0].code == "OTHER_RBH"


def test_manual_order_lowest_first_and_reversed() -> None:
    t = three_champions()
    by_no = t.by_start_no()
    by_no[ANA].manual_order = Fraction(2)
    by_no[BO].manual_order = Fraction(3)
    by_no[CAI].manual_order = Fraction(1)
    top = [r.participant.start_no for r in compute_standings(t, "MANUAL").rows[:3]]
    assert top == [CAI, ANA, BO]
    top = [r.participant.start_no for r in compute_standings(t, "MANUAL/R").rows[:3]]
    assert top == [BO, ANA, CAI]


def _lots_by_hand(seed: str, numbers: list[int]) -> dict[int, int]:
    digests = sorted((hashlib.sha256(f"{seed}:{no}".encode()).hexdigest(), no)
                     for no in numbers)
    return {no: k for k, (_, no) in enumerate(digests, start=1)}


def test_lots_are_the_order_of_the_sha256_digests() -> None:
    # the digest of 'spring:1' as printed by coreutils' sha256sum (any SHA-256 tool agrees)
    assert lot_digest("spring", 1) == ("76458cd107213ddde19358a236f7801f"
                                       "f613cf0ca6c38b4d25e74590d5455037")
    t = three_champions()
    t.lots_seed = "spring"
    s = compute_standings(t, "LOTS")
    expected = _lots_by_hand("spring", list(ROWS))
    assert {r.participant.start_no: r.values[0] for r in s.rows} == expected
    # a lot decides only among equal points
    first = [r for r in s.rows if r.points == 4]
    assert [r.participant.start_no for r in first] == sorted(
        (ANA, BO, CAI), key=lambda no: expected[no])


def test_same_seed_same_draw_other_seed_other_draw() -> None:
    numbers = tuple(range(1, 15))
    assert draw_lots("spring", numbers) == draw_lots("spring", numbers)
    assert draw_lots("spring", numbers) != draw_lots("autumn", numbers)
    t1, t2 = three_champions(), three_champions()
    t1.lots_seed = t2.lots_seed = "x"
    assert ([r.participant.start_no for r in compute_standings(t1, "BH,LOTS").rows]
            == [r.participant.start_no for r in compute_standings(t2, "BH,LOTS").rows])


def test_the_legend_names_the_seed_and_the_display_order() -> None:
    t = three_champions()
    t.lots_seed = "spring"
    text = standings_table(compute_standings(t, "BH,LOTS"))
    assert "Drawing of lots: seed 'spring'" in text
    assert "listed by start number" in text
    t.lots_seed = None
    text = standings_table(compute_standings(t, "BH,LOTS"))
    assert "seed none given" in text
    explained = compute_standings(t, "LOTS").explain(ANA, 0)
    assert "none given" in "\n".join(explained.lines())


def test_cli_lots_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.trf"
    path.write_text(write_trf(three_champions()), encoding="utf-8")
    assert main(["compute", str(path), "--tiebreaks", "LOTS", "--lots-seed", "spring"]) == 0
    out = capsys.readouterr().out
    assert "seed 'spring'" in out
    lots = _lots_by_hand("spring", list(ROWS))
    winner = min((ANA, BO, CAI), key=lambda no: lots[no])
    first = next(line for line in out.splitlines() if line.lstrip().startswith("1 "))
    assert first.split()[1] == str(winner)
