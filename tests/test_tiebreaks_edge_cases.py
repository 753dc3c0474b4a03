"""Edge cases found in review: other scoring systems, descriptor and number parsing, DE
explanations, identity checks, and the older rule sets in round robins."""

from __future__ import annotations

from fractions import Fraction

import pytest
from spec_data import code_block, section

from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.model.tournament import (
    Color,
    InputError,
    Kind,
    Participant,
    Record,
    Scoring,
    Tournament,
)
from xl_tiebreak.standings.check import check
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor, parse_list
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.tiebreaks.unplayed import build_context
from xl_tiebreak.util.numbers import parse_number

THREE_ONE_ZERO = Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))


def test_koya_limit_moves_by_half_points_under_3_1_0() -> None:
    # 3-1-0, two rounds: #1 3 pts, #2 3, #3 4, #4 1. Maximum 3 × 2 = 6; 50 % = 3; /L+1 moves
    # the threshold by one half-point to 3.5. #4 drew #3 (4 ≥ 3.5 → counts 1) and lost to #2
    # (3 < 3.5): KS/L+1 = 1 (the FIDE TEC checker gives 1 too).
    rows = [["No", "Name", "R1", "R2"], [1, "A", "2w1", "3b0"], [2, "B", "1b0", "4w1"],
            [3, "C", "4w=", "1w1"], [4, "D", "3b=", "2b0"]]
    t = read_crosstable(rows, scoring=THREE_ONE_ZERO)
    s = compute_standings(t, "KS,KS/L+1", rules="fide2026")
    assert s.row(4).values == (Fraction(1), Fraction(1))
    # #1 beat #2, who has 3: enough for KS (3 ≥ 3), not for KS/L+1 (3 < 3.5); lost to #3.
    assert s.row(1).values == (Fraction(3), Fraction(0))


def test_virtual_opponent_takes_the_opposite_result_by_value_under_3_1_0() -> None:
    # pre-2023 rules, 3-1-0: a bye worth a draw in R1 (1 point), then two wins.
    # Virtual opponent: score before R1 (0) + the opposite of a draw (a draw, 1) + a draw in
    # each of the 2 later rounds (1 + 1) = 3 (not 0 + (3 - 1) + 2 = 4).
    p = Participant(1, "P", rounds=[Record(Kind.HPB), Record(Kind.WIN, 2, Color.WHITE),
                                    Record(Kind.WIN, 3, Color.BLACK)])
    t = Tournament([p, Participant(2, "O2"), Participant(3, "O3")],
                   scoring=THREE_ONE_ZERO.replace(hpb=Fraction(1)))
    ctx = build_context(t, RuleSet.FIDE2009)
    assert ctx.to_points(ctx.dummy(0, 0)[0]) == 3


@pytest.mark.parametrize("text", ["BH:MP", "BH:MP/C1", "BH:FOO:GP", "BH/C1/C2", "AROC/M1",
                                  "KS/L+1/L50", "ARO/U-5", "KS/L150", "SB/M1", "BH/Q1"])
def test_descriptors_refused(text: str) -> None:
    with pytest.raises(InputError):
        parse_descriptor(text)


def test_descriptor_lists_mix_separators_and_accept_gp() -> None:
    assert [d.canonical for d in parse_list("BH:GP/C1, SB; DE")] == ["BH/C1", "SB", "DE"]


@pytest.mark.parametrize("text", ["1/0", "inf", "1e999999", "3 -1/2", "9" * 50, "-", "1.2.3"])
def test_parse_number_refuses_with_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse_number(text)


def test_trf_scoring_errors_name_the_line() -> None:
    text = code_block(section("worked-examples.md", "E1.1")).replace(
        "142 5", "142 5\nXXS W=1/0 D=700")
    with pytest.raises(InputError) as info:
        parse_trf(text)
    assert all(p.where.startswith("line 9, col") for p in info.value.problems)


def test_de_listed_twice_is_explained_at_its_own_place() -> None:
    # E4.2 with DE, BH, DE: the second DE works on the group still tied after BH. For #3 the
    # first DE group is {1, 2, 3, 4} (partly decided, Art. 6.3); at the third position #3 is
    # alone (BH 13): nothing to do.
    t = parse_trf(code_block(section("worked-examples.md", "E4.2")))
    s = compute_standings(t, "DE,BH,DE", rules="fide2026")
    first = s.explain(3, s.descriptors[0])
    third = s.explain(3, s.descriptors[2])
    assert "tied group #1, #2, #3, #4" in first.formula and "(Art. 6.3)" in first.formula
    assert "no tie is left" in third.formula
    with pytest.raises(InputError):
        s.explain(3, parse_descriptor("OTHER_RBTP"))


def test_check_finds_duplicate_start_numbers_and_games_without_opponent() -> None:
    t = Tournament([Participant(3, "A"), Participant(3, "B", rounds=[Record(Kind.WIN)])])
    messages = [p.message for p in check(t)]
    assert "start number 3 is used twice (#3 A and #3 B)" in messages
    assert "#3 B has a win in round 1 but no opponent" in messages


def test_us_chess_counts_round_robin_forfeits_as_unplayed() -> None:
    # Round robin, #4 forfeits its games against #1 and #2 (withdrawal). Under US Chess 34E an
    # opponent's unplayed games count ½ and one's own unplayed round counts as an opponent
    # with 0, round robins included (no FIDE 15.2 there).
    rows = [["No", "Name", 1, 2, 3, 4],
            [1, "A", "x", "1", "1", "+"],
            [2, "B", "0", "x", "1", "+"],
            [3, "C", "0", "0", "x", "1"],
            [4, "D", "-", "-", "0", "x"]]
    t = read_crosstable(rows)
    us = compute_standings(t, "SOLKOFF", rules="uscf")
    # Solkoff(A): B scored 0 vs A, 1 vs C and won by forfeit vs D -> adjusted 0 + 1 + ½ = 1.5;
    # C scored 0, 0, 1 -> 1; A's own forfeit win vs D counts 0. 1.5 + 1 + 0 = 2.5
    assert us.row(1).values == (Fraction(5, 2),)
    fide = compute_standings(t, "SB", rules="fide2026", withdrawals="count")
    # FIDE 15.2: forfeits are games: SB(A) = 1·B(2) + 1·C(1) + 1·D(0) = 3 (with D's results
    # counted: by default C.06 5.4 sets D aside, 1 of his 3 games completed)
    assert fide.row(1).values == (Fraction(3),)
