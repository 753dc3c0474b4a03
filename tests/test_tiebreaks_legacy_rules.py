"""FIDE pre-2023 "virtual opponent" rule set (C.02 13.15.2; spec §3.7, examples E8)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import solo
from spec_data import code_block, section

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.rules import RuleSet, resolve_rules
from xl_tiebreak.tiebreaks.unplayed import build_context


def _vo(results: list[str], unplayed_round: int) -> Fraction:
    ctx = build_context(solo(results), RuleSet.FIDE2009)
    units, _ = ctx.dummy(0, unplayed_round - 1)
    return ctx.to_points(units)


@pytest.mark.parametrize(
    ("results", "rnd", "expected"),
    [
        # C.02 ex. 1: 9 rounds, absent (forfeit loss) in R3 with 1.5 before: 1.5 + 1 + ½·6
        (["1", "=", "-", "1", "1", "0", "0", "=", "1"], 3, "5.5"),
        # C.02 ex. 2: 9 rounds, forfeit win in R6 with 3.5 before: 3.5 + 0 + ½·3
        (["1", "1", "1", "=", "0", "+", "0", "0", "0"], 6, "5"),
        # Spanish blog ex. 1: 8 rounds, forfeit win R4 with 2 before: 2 + 0 + ½·4
        (["1", "1", "0", "+", "0", "0", "1", "="], 4, "4"),
        # Spanish blog ex. 2: 9 rounds, forfeit loss R5 with 1.5 before: 1.5 + 1 + ½·4
        (["1", "=", "0", "0", "-", "1", "1", "1", "1"], 5, "4.5"),
        # 2009 minutes A: 9 rounds, default win R3 with 2 before: 2 + 0 + ½·6
        (["1", "1", "+", "1", "1", "1", "0", "0", "0"], 3, "5"),
        # 2009 minutes B: 9 rounds, absent R7 with 4 before: 4 + 1 + ½·2
        (["1", "1", "1", "1", "0", "0", "Z", "1", "1"], 7, "6"),
    ],
)
def test_virtual_opponent_scores(results: list[str], rnd: int, expected: str) -> None:
    assert _vo(results, rnd) == Fraction(expected)


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        # 2009 minutes A finishes on 6 with a default win: seen by opponents as 6 - 1 + ½
        (["1", "1", "+", "1", "1", "1", "0", "0", "0"], "5.5"),
        # 2009 minutes B finishes on 6, absent in R7: 6 - 0 + ½
        (["1", "1", "1", "1", "0", "0", "Z", "1", "1"], "6.5"),
    ],
)
def test_unplayed_rounds_count_as_draws_for_opponents(results: list[str], expected: str) -> None:
    ctx = build_context(solo(results), RuleSet.FIDE2009)
    assert ctx.to_points(ctx.score[0]) == 6
    assert ctx.to_points(ctx.adjusted[0]) == Fraction(expected)


def test_auto_picks_the_rules_in_force_on_the_start_date() -> None:
    import datetime as dt

    assert resolve_rules("auto", dt.date(2023, 8, 31)) is RuleSet.FIDE2009
    assert resolve_rules("auto", dt.date(2023, 9, 1)) is RuleSet.FIDE2023
    assert resolve_rules("auto", dt.date(2026, 2, 28)) is RuleSet.FIDE2023
    assert resolve_rules("auto", dt.date(2026, 3, 1)) is RuleSet.FIDE2026
    assert resolve_rules("auto", None) is RuleSet.FIDE2026
    assert resolve_rules("FIDE2009") is RuleSet.FIDE2009
    assert resolve_rules("uscf") is RuleSet.USCF


def test_e1_david_under_the_virtual_opponent_rule() -> None:
    """#4 David of E1 (hand derivation, pre-2023 rules):

    - R1 #12 Nick: 0 (R1 loss) + ½ (R2 PAB) + ½ (R3 forfeit win) + ½ + ½ (R4, R5 absent) = 2
    - R2 half-point bye: virtual opponent 1 (score before R2) + ½ (opposite of ½) + ½·3 = 3
    - R3 #13 Opal 1.5, R4 #3 Charline 3.5, R5 #1 Alyx 3.5 (all games played)
    BH = 2 + 3 + 1.5 + 3.5 + 3.5 = 13.5; Cut-1 drops the lowest value (no 16.5 priority):
    13.5 - 1.5 = 12; SB = 1·2 + ½·3 + 1·1.5 + ½·3.5 + ½·3.5 = 8.5.
    """
    trf = code_block(section("worked-examples.md", "E1.1"))
    s = compute_standings(parse_trf(trf), "BH,BH/C1,SB", rules="fide2009")
    assert s.row(4).values == (Fraction(27, 2), Fraction(12), Fraction(17, 2))
    terms = s.explain(4, s.descriptors[1]).terms
    assert [t.round for t in terms if t.cut] == [3]  # Opal's 1.5, not the bye
    assert "virtual opponent" in terms[1].label
