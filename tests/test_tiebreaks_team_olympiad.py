"""The Olympiad Sonneborn-Berger (OSB, Swiss-Manager 74; spec §6.5 and §9.3): opponents' MP ×
own GP of the match, one round dropped — the PAB round if any, else the lowest-MP opponent
(docs/decisions.md D57). The FIDE checker has no such tie-break, so every value is derived by
hand in the test: on a small 5-team event and on worked example E7."""

from __future__ import annotations

from fractions import Fraction

import pytest
from spec_data import TRF_DIR, require

from xl_tiebreak.formats.crosstable.team_reader import read_team_crosstable
from xl_tiebreak.formats.trf.team_reader import read_team_trf
from xl_tiebreak.model.teams import Score, TeamEvent
from xl_tiebreak.standings.team_evaluation import TeamEvaluation, compute_team_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor, parse_list, parse_swiss_manager

# 5 teams, 2 boards, 3 rounds, MP 2-1-0, a PAB = 2 MP + 2 GP (docs/decisions.md D25).
#   R1: 1–2 2:0, 3–4 1:1, 5 PAB.  R2: 3–1 ½:1½, 2–5 2:0, 4 PAB.  R3: 2–4 1:1, 5–3 0:2, 1 PAB.
# MP: #1 2+2+2 = 6, #2 0+2+1 = 3, #3 1+0+2 = 3, #4 1+2+1 = 4, #5 2+0+0 = 2.
SMALL = [
    ["Boards", 2],
    ["No", "Team", "R1", "R2", "R3"],
    [1, "A", "2w2", "3b1½", "PAB"],
    [2, "B", "1b0", "5w2", "4b1"],
    [3, "C", "4w1", "1w½", "5b2"],
    [4, "D", "3b1", "PAB", "2w1"],
    [5, "E", "PAB", "2b0", "3w0"],
]


def small() -> TeamEvent:
    return read_team_crosstable(SMALL, source="small")


def test_small_event_2023_by_hand() -> None:
    # 2023 rules: a PAB's dummy has the team's own MP.
    # #1: vs #2 3·2 = 6, vs #3 3·1½ = 4½, PAB dummy 6·2 = 12 → EMGSB 22½; OSB drops the PAB
    #     round → 10½ (EMGSB/C1 drops the lowest-MP opponent instead: 22½ − 4½ = 18).
    # #2 (no PAB): vs #1 6·0 = 0, vs #5 2·2 = 4, vs #4 4·1 = 4 → 8; OSB drops #5 (lowest MP,
    #     2) → 4, not the lowest contribution (0).
    # #3: vs #4 4·1 = 4, vs #1 6·½ = 3, vs #5 2·2 = 4 → 11; OSB drops #5 → 7.
    # #4: vs #3 3·1 = 3, PAB dummy 4·2 = 8, vs #2 3·1 = 3 → 14; OSB drops the PAB → 6.
    # #5: PAB dummy 2·2 = 4, vs #2 3·0, vs #3 3·0 → 4; OSB drops the PAB → 0.
    s = compute_team_standings(small(), "OSB,EMGSB,EMGSB/C1", rules="fide2023")
    expected = {1: Fraction(21, 2), 2: 4, 3: 7, 4: 6, 5: 0}
    for no, value in expected.items():
        assert s.value(no, "OSB") == value, no
    assert s.value(1, "EMGSB") == Fraction(45, 2)
    assert s.value(1, "EMGSB/C1") == 18


def test_small_event_2026_caps_the_pab_dummy_before_dropping_it() -> None:
    # 2026 rules, 16.4.2: #1's PAB dummy = min(6, 1·3) = 3 MP → EMGSB 6 + 4½ + 3·2 = 16½;
    # OSB still drops the PAB round → 10½; #4: dummy min(4, 3) = 3 → 3 + 6 + 3 = 12, OSB 6.
    s = compute_team_standings(small(), "OSB,EMGSB", rules="fide2026")
    assert s.value(1, "EMGSB") == Fraction(33, 2)
    assert s.value(1, "OSB") == Fraction(21, 2)
    assert s.value(4, "EMGSB") == 12
    assert s.value(4, "OSB") == 6


def test_small_event_explanation_names_the_dropped_round() -> None:
    e = TeamEvaluation(small(), "fide2023").explain("OSB", 1)
    assert e.value == Fraction(21, 2)
    assert [t.contribution for t in e.terms] == [6, Fraction(9, 2), 12]
    dropped = [t for t in e.terms if t.cut]
    assert [t.round for t in dropped] == [3]
    assert "bye" in dropped[0].cut
    e2 = TeamEvaluation(small(), "fide2023").explain("OSB", 2)
    assert [t.round for t in e2.terms if t.cut] == [2]
    assert "lowest MP" in e2.terms[1].cut


def e7() -> TeamEvent:
    return read_team_trf(require(TRF_DIR / "e7_held_team.trf"))


@pytest.mark.parametrize(("team", "value"), [
    # #1 (E7.1, 2023 rules; #7 adjusted to 7 MP): 7·2½ + 10·1½ + 7·3 + 10·2½ + 10·1½
    #    + dummy 10·4 (+F) + 10·2½ = 158½ (= the official EMGSB); lowest MP 7 twice, the lower
    #    contribution 17½ (R1, #8) dropped → 141.
    (1, Fraction(141)),
    # #6: 6·2 + 10·1 + 7·3 + 10·1½ + 4·2½ + dummy 7·0 (−F) + 2·2½ = 73; #12 (2 MP) dropped
    #    → 68 (not the forfeit loss, whose contribution 0 is the lowest).
    (6, Fraction(68)),
    # #7: 4·2 + 7·2 + 10·1 + 5·2½ + 6·2 + 6·2 + dummy 6·0 (ZPB) = 68½; #14 (4 MP) dropped
    #    → 60½ (the ZPB round, a VUR, is not cut first: no 16.5 here).
    (7, Fraction(121, 2)),
    # #12: 10·0 + 6·0 + 5·1½ + 7·½ + dummy 2·2 (PAB) + 4·2 + 7·1½ = 33½; the PAB dropped → 29½.
    (12, Fraction(59, 2)),
    # #14: 7·2 + 6·1½ + 4·2 + 6·1 + dummy 4·2 (HPB) + 5·1 + dummy 4·2 (PAB, R7) = 58; the PAB
    #    dropped → 50.
    (14, Fraction(50)),
])
def test_e7_by_hand(team: int, value: Fraction) -> None:
    s = compute_team_standings(e7(), "OSB", rules="fide2023")
    assert s.value(team, "OSB") == value


def test_swiss_manager_74_both_directions() -> None:
    d = parse_descriptor("OSB", Score.MP)
    assert d.swiss_manager == "74"
    assert parse_swiss_manager("SM:74", Score.MP) == d
    assert [x.code for x in parse_list("MPTS, SM:1, SM:83/MP,-, SM:74", Score.MP)] == [
        "MPTS", "GPTS", "EDE", "OSB"]


def test_osb_is_refused_in_an_individual_event() -> None:
    from xl_tiebreak.model.tournament import InputError
    with pytest.raises(InputError, match="team tie-break"):
        parse_descriptor("OSB")
