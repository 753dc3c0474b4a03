"""Standings: ordering, DE anywhere in the list, shared places, undefined values last."""

from __future__ import annotations

from fractions import Fraction

from spec_data import code_block, section

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.standings.final import compute_standings


def _e4() -> str:
    return code_block(section("worked-examples.md", "E4.2"))


def test_de_after_another_tiebreak_works_on_the_remaining_group() -> None:
    # E4.2: players 1-4 on 3 points; BH 12, 12, 13, 12. With [BH, DE]: #3 leads on BH; the
    # rest {1, 2, 4} all met each other: 1 beat 2 and 4, 2 beat 4 -> 1, 2, 4 (Art. 6.2).
    s = compute_standings(parse_trf(_e4()), "BH,DE", rules="fide2026")
    top = s.rows[:4]
    assert [r.participant.start_no for r in top] == [3, 1, 2, 4]
    assert [r.values[1] for r in top] == [None, 1, 2, 3]
    assert [r.rank for r in top] == [1, 2, 3, 4]


def test_de_listed_twice() -> None:
    # [DE, BH, DE]: first DE places 1 and 2 and leaves {3, 4}; BH separates them (13 > 12);
    # the second DE has nothing left to do.
    s = compute_standings(parse_trf(_e4()), "DE,BH,DE", rules="fide2026")
    assert [r.participant.start_no for r in s.rows[:4]] == [1, 2, 3, 4]
    assert [r.values[2] for r in s.rows[:4]] == [None] * 4


def test_shared_places_are_ranked_once_and_ordered_by_start_number() -> None:
    # E4.2: #7 and #8 (2.5) drew each other and have equal BH: they share place 5.
    s = compute_standings(parse_trf(_e4()), "DE,BH", rules="fide2026")
    shared = [r for r in s.rows if r.points == Fraction(5, 2)]
    assert [(r.rank, r.participant.start_no, r.shared) for r in shared] == [
        (5, 7, True), (5, 8, True)]
    assert s.rows[6].rank == 7  # the next place after two sharing 5th is 7th


def test_undefined_values_rank_after_defined_ones() -> None:
    # E1: on 2 points, #15 Reine (ARO/C1 1963) and #14 Paul (1900) have values; #12 Nick's is
    # undefined (one game, cut): Nick comes last of the three and shows an empty value.
    t = parse_trf(code_block(section("worked-examples.md", "E1.1")))
    s = compute_standings(t, "ARO/C1", rules="fide2026")
    group = [r for r in s.rows if r.points == 2]
    assert [(r.participant.start_no, r.values[0]) for r in group] == [
        (15, 1963), (14, 1900), (12, None)]
    assert [r.rank for r in group] == [10, 11, 12]


def test_tpn_lower_is_better_and_reverse() -> None:
    s = compute_standings(parse_trf(_e4()), "TPN", rules="fide2026")
    assert [r.participant.start_no for r in s.rows[:4]] == [1, 2, 3, 4]
    s = compute_standings(parse_trf(_e4()), "TPN/R", rules="fide2026")
    assert [r.participant.start_no for r in s.rows[:4]] == [4, 3, 2, 1]
