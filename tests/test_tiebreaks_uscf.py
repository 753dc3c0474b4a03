"""US Chess rule 34E tie-breaks (spec §10, examples E9), with hand derivations."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import solo, star

from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.tiebreaks.unplayed import build_context
from xl_tiebreak.tiebreaks.uscf import result_between_tied


def _value(t: object, descriptor: str, no: int = 1) -> Fraction | None:
    s = compute_standings(t, [descriptor], rules="uscf")  # type: ignore[arg-type]
    return s.row(no).values[0]


def test_adjusted_score_counts_unplayed_games_as_draws() -> None:
    # won, won, lost, then withdrew for R4-R5: 1 + 1 + 0 + ½ + ½ = 3
    ctx = build_context(solo(["1", "1", "0", "Z", "Z"]), RuleSet.USCF)
    assert ctx.to_points(ctx.adjusted[0]) == 3
    assert ctx.to_points(ctx.score[0]) == 2


@pytest.mark.parametrize(
    ("results", "opponents", "mm", "solkoff"),
    [
        # Big Rapids: Adam 4/5, opponents 1 2 3 3.5 4: plus score, drop the lowest (1)
        (["1", "1", "1", "1", "0"], [1, 2, 3, 3.5, 4], "12.5", "13.5"),
        # Barbara 4/5, opponents 2 2.5 3 3 4: drop the 2
        (["1", "1", "1", "1", "0"], [2, 2.5, 3, 3, 4], "12.5", "14.5"),
        # WinTD: A 4-1, opponents 0 3 3 4 5: drop the 0
        (["1", "1", "1", "1", "0"], [0, 3, 3, 4, 5], "15", "15"),
        # WinTD: B 4-1 (lost to the 5-point opponent), opponents 3 2 5 3 3: drop the 2
        (["1", "1", "0", "1", "1"], [3, 2, 5, 3, 3], "14", "16"),
        # Debrah 7/7, opponents 1 2.5 4 4 5 5.5 6: drop 1 -> 27
        (["1"] * 7, [1, 2.5, 4, 4, 5, 5.5, 6], "27", "28"),
    ],
)
def test_modified_median_and_solkoff(
    results: list[str], opponents: list[float], mm: str, solkoff: str
) -> None:
    t = star(results, opponents)
    assert _value(t, "MM") == Fraction(mm)
    assert _value(t, "SOLKOFF") == Fraction(solkoff)


def test_modified_median_opponent_with_full_point_bye_counts_half_for_it() -> None:
    # Calvin 7/7, opponents 2 2 3.5 4 5 5 6; the 6-point opponent had a full-point bye, which
    # counts ½ for Calvin's tie-break: 5.5. MM (plus score, drop one 2) = 2+3.5+4+5+5+5.5 = 25
    t = star(["1"] * 7, [2, 2, 3.5, 4, 5, 5, 6], opponent_byes={8: "F"})
    assert _value(t, "MM") == 25
    assert _value(t, "SOLKOFF") == 27


def test_modified_median_minus_and_even_scores_and_nine_rounds() -> None:
    # minus score 1/5, opponents 1 2 3 3.5 4 -> drop the highest (4): 9.5
    assert _value(star(["1", "0", "0", "0", "0"], [1, 2, 3, 3.5, 4]), "MM") == Fraction(19, 2)
    # even score 2.5/5 -> drop highest and lowest: 2 + 3 + 3.5 = 8.5
    t = star(["1", "1", "=", "0", "0"], [1, 2, 3, 3.5, 4])
    assert _value(t, "MM") == Fraction(17, 2)
    assert _value(t, "MEDIAN") == Fraction(17, 2)  # Harkness always drops both
    # 9 rounds, plus score: two lowest discarded: opponents 1..9 minus (1 + 2) = 42
    t9 = star(["1"] * 6 + ["0"] * 3, list(range(1, 10)))
    assert _value(t9, "MM") == 42
    assert _value(t9, "MEDIAN") == 45 - 1 - 2 - 9 - 8  # two at each end


def test_own_unplayed_rounds_count_as_zero() -> None:
    # P: bye (PAB), then wins against opponents scoring 2, 3, 4, 1: total 4/5, plus score.
    # Own bye counts as an opponent with 0: Solkoff = 0+2+3+4+1 = 10; MM drops the 0 -> 10.
    t = star(["U", "1", "1", "1", "1"], [None, 2, 3, 4, 1])
    assert _value(t, "SOLKOFF") == 10
    assert _value(t, "MM") == 10
    # With a forfeit loss in R5 instead of the last win (3/5, still plus): the forfeit round
    # counts 0 and is the one dropped: Solkoff = 0+2+3+4+0 = 9, MM = 9.
    t2 = star(["U", "1", "1", "1", "-"], [None, 2, 3, 4, 1])
    assert _value(t2, "SOLKOFF") == 9
    assert _value(t2, "MM") == 9


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        # bye, W, L, D, W: 1 + 2 + 2 + 2.5 + 3.5 - 1 (unplayed full point) = 10
        (["F", "1", "0", "=", "1"], "10"),
        # W, L, W, D, L: 1 + 1 + 2 + 2.5 + 2.5 = 9
        (["1", "0", "1", "=", "0"], "9"),
        # W, L, W, W, D: 1 + 1 + 2 + 3 + 3.5 = 10.5
        (["1", "0", "1", "1", "="], "10.5"),
        # forfeit win R2 and half-point bye R4: 1 + 2 + 2 + 2.5 + 3.5 - 1 (forfeit win only)
        (["1", "+", "0", "H", "1"], "10"),
    ],
)
def test_cumulative(results: list[str], expected: str) -> None:
    t = star(results, [2.5] * len(results))
    assert _value(t, "CUM") == Fraction(expected)


def test_opposition_cumulative() -> None:
    # Opponents are built by the star builder: opponent j plays P in round j and fillers in
    # the others, winning first. Opponent 2 (score 3: L vs P in R1, then W W W L) has running
    # 0,1,2,3,3 -> 9. Opponent 3 (score 2: W vs filler R1, L vs P R2, W, L, L) -> 1,1,2,2,2 = 8.
    # R3 is a forfeit win for P: that opponent adds nothing (unplayed). R4, R5 byes add nothing.
    t = star(["1", "1", "+", "U", "H"], [3, 2, 4, None, None])
    assert _value(t, "OPPCUM") == 17


def test_kashdan() -> None:
    # W W W D D = 4·3 + 2·2 = 16
    assert _value(star(["1", "1", "1", "=", "="], [2] * 5), "KASHDAN") == 16
    # W, L, forfeit win, bye, D: 4 + 1 + 0 + 0 + 2 = 7 (unplayed games 0)
    assert _value(star(["1", "0", "+", "U", "="], [2, 2, 2, None, 2]), "KASHDAN") == 7


def test_us_sonneborn_berger() -> None:
    # beat opponents 3 and 2, drew 4, lost to 5, forfeit win vs 1: 3 + 2 + ½·4 = 7
    t = star(["1", "1", "=", "0", "+"], [3, 2, 4, 5, 1])
    assert _value(t, "USSB") == 7


def test_us_sonneborn_uses_adjusted_scores_of_withdrawn_opponents() -> None:
    # P beat an opponent who then withdrew: opponent 2 lost R1 to P, won R2, was absent R3-R5:
    # adjusted 0 + 1 + ½ + ½ + ½ = 2.5 (his real score is 1). P's USSB = 2.5.
    from xl_tiebreak.model.tournament import Kind, Record

    t = star(["1", "0", "0", "0", "0"], [1, 2, 2, 2, 2])
    opp = t.by_start_no()[2]
    dropped = {r.opponent for r in opp.rounds[2:]}
    opp.rounds[2:] = [Record(Kind.ZPB)] * 3  # withdrawn after round 2
    t.participants = [p for p in t.participants if p.start_no not in dropped]
    assert _value(t, "USSB") == Fraction(5, 2)


def test_result_between_tied_players_is_plus_minus_not_percentage() -> None:
    # In the tied group, A (1) scored 3-1 = +2 and B (7) scored 1-0 = +1: A ranks first
    # although B has 100 %. F (6) also has +1 (beat A). C, D, E, G have -1 each.
    t = solo(["1", "1", "1", "0"])
    by = t.by_start_no()
    from xl_tiebreak.model.tournament import Color, Kind, Participant, Record

    by[2].rounds = [Record(Kind.LOSS, 1, Color.BLACK)]
    by[3].rounds = [Record(Kind.ZPB), Record(Kind.LOSS, 1, Color.BLACK)]
    by[4].rounds = [Record(Kind.ZPB), Record(Kind.ZPB), Record(Kind.LOSS, 1, Color.BLACK)]
    by[5].rounds = [Record(Kind.ZPB)] * 3 + [Record(Kind.WIN, 1, Color.BLACK)]
    b = Participant(6, "B", rounds=[Record(Kind.WIN, 7, Color.WHITE)])
    g = Participant(7, "G", rounds=[Record(Kind.LOSS, 6, Color.BLACK)])
    t.participants += [b, g]
    ctx = build_context(t, RuleSet.USCF)
    order = result_between_tied(ctx, list(range(7)))
    names = [sorted(t.participants[i].start_no for i in part) for part in order]
    assert names == [[1], [5, 6], [2, 3, 4, 7]]


def test_us_descriptors_have_other_prefix_and_aliases() -> None:
    assert parse_descriptor("MM").canonical == "OTHER_MM"
    assert parse_descriptor("other_solkoff").name == "Solkoff"
    assert parse_descriptor("Kashdan").article == "US Chess 34E7"
    assert parse_descriptor("OTHER_KA").code == "OTHER_KASHDAN"
