"""Worked examples E10.2 and E10.3 (seed pages, checked by hand in the spec).

Opponents' final scores are what the examples state; the ``star`` builder makes each opponent
reach its score through games against filler players, so every score is a real result.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import solo, star

from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.tiebreaks.engine import Engine
from xl_tiebreak.tiebreaks.rules import RuleSet


def _values(t: object, descriptors: str, rules: str = "fide2026") -> tuple[object, ...]:
    return compute_standings(t, descriptors, rules=rules).row(1).values  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("opponents", "bh", "c1", "m1"),
    [
        ([4, 3, 3, 2, 1], 13, 12, 8),          # Ana: wins under Cut-1
        ([4, 3, 2.5, 2, 2], 13.5, 11.5, 7.5),  # Bo: wins under plain BH
        ([3, 3, 3, 2.5, 1], 12.5, 11.5, 8.5),  # Cai: wins under Median-1
    ],
)
def test_e10_2_buchholz_family(opponents: list[float], bh: float, c1: float, m1: float) -> None:
    t = star(["="] * 5, opponents)  # P's results do not change Buchholz
    assert _values(t, "BH,BH/C1,BH/M1") == (Fraction(bh), Fraction(c1), Fraction(m1))


def test_e10_2_round_robin_sonneborn_berger() -> None:
    # Ana beats X and Eli, draws Bo and Y; Bo draws Ana and X, beats Y and Eli; X beats Y and
    # Eli; Y beats Eli. Ana and Bo 3/4, X 2.5, Y 1.5, Eli 0.
    grid = [
        ["No", "Name", 1, 2, 3, 4, 5],
        [1, "Ana", "x", "½", "1", "½", "1"],
        [2, "Bo", "½", "x", "½", "1", "1"],
        [3, "X", "0", "½", "x", "1", "1"],
        [4, "Y", "½", "0", "0", "x", "1"],
        [5, "Eli", "0", "0", "0", "0", "x"],
    ]
    s = compute_standings(read_crosstable(grid), "SB", rules="fide2026")
    assert s.row(1).values == (Fraction(19, 4),)   # ½·3 + 1·2.5 + ½·1.5 + 1·0
    assert s.row(2).values == (Fraction(17, 4),)   # ½·3 + ½·2.5 + 1·1.5 + 1·0
    assert [r.participant.name for r in s.rows[:2]] == ["Ana", "Bo"]


@pytest.mark.parametrize(("results", "ps"), [(["1", "1", "1", "0", "1"], 13),
                                              (["0", "1", "1", "1", "1"], 10)])
def test_e10_2_progressive_score(results: list[str], ps: int) -> None:
    engine = Engine(solo(results), RuleSet.FIDE2026)
    assert engine.values(parse_descriptor("PS"))[0] == ps


def test_e10_2_half_point_bye_cap_2026() -> None:
    # 4.5/5 with a half-point bye in R3, real opponents 3.5, 3, 2.5, 2 (sum 11).
    t = star(["1", "1", "H", "1", "1"], [3.5, 3, None, 2.5, 2])
    assert _values(t, "BH,BH/C1", "fide2026") == (Fraction(27, 2), Fraction(11))  # dummy 2.5
    assert _values(t, "BH", "fide2023") == (Fraction(31, 2),)                     # dummy 4.5


def test_e10_3_lbx_diswiss_checks() -> None:
    # Ana, 3 rounds, opponents 3, 2, 1: BH 6, Cut-1 5, Median-1 2
    assert _values(star(["0", "0", "0"], [3, 2, 1]), "BH,BH/C1,BH/M1") == (6, 5, 2)
    # Bruno beat Caio (2) and drew Duda (3): SB = 2 + 1.5 (two later losses add nothing)
    assert _values(star(["1", "=", "0", "0"], [2, 3, 1, 1]), "SB") == (Fraction(7, 2),)
