"""Art. 16 in isolation: categories, adjusted scores, dummy opponents, voluntary unplayed rounds,
forfeits in round robins, and the rule-set policies (every expected value derived by hand).

The main event is a 6-player, 5-round Swiss built so that every category of 16.2 occurs:

    no | R1  R2  R3  R4  R5 | score
     1 | W2  H   W4  +5  L3 | 1 + ½ + 1 + 1 + 0 = 3½
     2 | L1  D3  U   W6  Z  | 0 + ½ + 1 + 1 + 0 = 2½
     3 | D4  D2  W5  -4  W1 | ½ + ½ + 1 + 0 + 1 = 3
     4 | D3  W5  L1  +3  D5 | ½ + 1 + 0 + 1 + ½ = 3
     5 | D6  L4  L3  -1  D4 | ½ + 0 + 0 + 0 + ½ = 1
     6 | D5  U   H   L2  H  | ½ + 1 + ½ + 0 + ½ = 2½

(W/D/L n: win/draw/loss against n; +n/-n: forfeit win/loss against n; U pairing-allocated
bye, H half-point bye, Z zero-point bye.)
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from builders import solo

from xl_tiebreak.model.tournament import (
    Color,
    Kind,
    Participant,
    Record,
    Tournament,
    TournamentType,
)
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.rules import (
    FIDE2023_START,
    FIDE2026_START,
    Fide2009Policy,
    Fide2023Policy,
    Fide2026Policy,
    RuleSet,
    UsChessPolicy,
    resolve_rules,
    rules_in_force,
    rules_note,
)
from xl_tiebreak.tiebreaks.unplayed import Context, build_context

_KINDS = {"W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS, "+": Kind.FORFEIT_WIN,
          "-": Kind.FORFEIT_LOSS, "U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB}


def event(rows: dict[int, str], *, round_robin: bool = False) -> Tournament:
    """A tournament from one line of tokens per start number (see the module docstring)."""
    parts = []
    for no, line in rows.items():
        p = Participant(no, f"P{no}")
        for token in line.split():
            kind = _KINDS[token[0]]
            if len(token) == 1:
                p.rounds.append(Record(kind))
            else:
                opp = int(token[1:])
                p.rounds.append(Record(kind, opp, Color.WHITE if no < opp else Color.BLACK))
        parts.append(p)
    kind = TournamentType.PREDETERMINED if round_robin else TournamentType.SWISS
    return Tournament(parts, type=kind)


SWISS = {
    1: "W2 H  W4 +5 L3",
    2: "L1 D3 U  W6 Z",
    3: "D4 D2 W5 -4 W1",
    4: "D3 W5 L1 +3 D5",
    5: "D6 L4 L3 -1 D4",
    6: "D5 U  H  L2 H",
}
P, BYE, FW, REQ, FL, END, REST = (Category.PLAYED, Category.BYE_WIN, Category.FORFEIT_WIN,
                                  Category.REQUESTED_BYE, Category.FORFEIT_LOSS,
                                  Category.REQUESTED_BYE_AT_END, Category.REST)


def ctx_of(rules: RuleSet, rows: dict[int, str] = SWISS, **kw: bool) -> Context:
    return build_context(event(rows, **kw), rules)


def points(ctx: Context, units: int) -> Fraction:
    return ctx.to_points(units)


def dummy(ctx: Context, no: int, rnd: int) -> Fraction:
    units, _ = ctx.dummy(ctx.index[no], rnd - 1)
    return ctx.to_points(units)


# ====================================================================== 16.2 categories


@pytest.mark.parametrize("rules", [RuleSet.FIDE2026, RuleSet.FIDE2023])
def test_categories_of_every_round(rules: RuleSet) -> None:
    ctx = ctx_of(rules)
    assert ctx.cats == [
        [P, REQ, P, FW, P],    # 1: H in R2 is followed by a game (16.2.3); +5 is 16.2.2
        [P, P, BYE, P, END],   # 2: U is 16.2.1; Z in the last round is 16.2.5
        [P, P, P, FL, P],      # 3: -4 is 16.2.4
        [P, P, P, FW, P],      # 4: +3 is 16.2.2
        [P, P, P, FL, P],      # 5: -1 is 16.2.4
        [P, BYE, REQ, P, END],  # 6: H in R3 is followed by a game; H in R5 is the last round
    ]


def test_a_requested_bye_followed_only_by_voluntary_rounds_is_at_the_end() -> None:
    # H in R2, then Z (voluntary) in R3: both at the end (16.2.5)
    assert build_context(solo(["1", "H", "Z"]), RuleSet.FIDE2026).cats[0] == [P, END, END]
    # H in R2, then a forfeit loss (voluntary, 16.1) in R3: H at the end, the forfeit 16.2.4
    assert build_context(solo(["1", "H", "-"]), RuleSet.FIDE2026).cats[0] == [P, END, FL]
    # H in R1, then a game: 16.2.3
    assert build_context(solo(["H", "1"]), RuleSet.FIDE2026).cats[0] == [REQ, P]


def test_category_articles() -> None:
    assert [c.article for c in Category] == ["", "16.2.1", "16.2.2", "16.2.3", "16.2.4",
                                              "16.2.5", ""]


# ====================================================================== 16.1 voluntary rounds


def test_voluntary_unplayed_rounds() -> None:
    ctx = ctx_of(RuleSet.FIDE2026)
    vur = {no: [r + 1 for r in range(5) if ctx.is_vur(ctx.index[no], r)] for no in SWISS}
    # HPB, ZPB and forfeit losses are voluntary; byes with points and forfeit wins are not.
    assert vur == {1: [2], 2: [5], 3: [4], 4: [], 5: [4], 6: [3, 5]}


# ====================================================================== 16.3 adjusted scores


@pytest.mark.parametrize("rules", [RuleSet.FIDE2026, RuleSet.FIDE2023])
def test_adjusted_scores_count_requested_byes_at_the_end_as_draws(rules: RuleSet) -> None:
    ctx = ctx_of(rules)
    assert [points(ctx, s) for s in ctx.score] == [Fraction(x) for x in
                                                   ("3.5", "2.5", "3", "3", "1", "2.5")]
    # 2: Z in R5 (16.2.5) seen as a draw: 2½ − 0 + ½ = 3. 6: H in R5 is already ½ → 2½.
    # Every other round, 16.2.3 and forfeits included, stays at face value.
    assert [points(ctx, s) for s in ctx.adjusted] == [Fraction(x) for x in
                                                      ("3.5", "3", "3", "3", "1", "2.5")]


@pytest.mark.parametrize("rules", [RuleSet.FIDE2009, RuleSet.USCF])
def test_older_rules_count_every_unplayed_round_as_a_draw(rules: RuleSet) -> None:
    ctx = ctx_of(rules)
    # 1: 1 + ½ + 1 + (+5 → ½) + 0 = 3
    # 2: 0 + ½ + (U → ½) + 1 + (Z → ½) = 2½
    # 3: ½ + ½ + 1 + (-4 → ½) + 1 = 3½
    # 4: ½ + 1 + 0 + (+3 → ½) + ½ = 2½
    # 5: ½ + 0 + 0 + (-1 → ½) + ½ = 1½
    # 6: ½ + (U → ½) + ½ + 0 + ½ = 2
    assert [points(ctx, s) for s in ctx.adjusted] == [Fraction(x) for x in
                                                      ("3", "2.5", "3.5", "2.5", "1.5", "2")]


# ====================================================================== 16.4 dummy opponents


def test_fide2023_dummy_is_the_own_score_without_cap() -> None:
    ctx = ctx_of(RuleSet.FIDE2023)
    assert dummy(ctx, 1, 2) == Fraction(7, 2)  # HPB: own score 3½
    assert dummy(ctx, 1, 4) == Fraction(7, 2)  # forfeit win: own score 3½
    assert dummy(ctx, 2, 3) == Fraction(5, 2)  # PAB: own score 2½


def test_fide2026_caps() -> None:
    ctx = ctx_of(RuleSet.FIDE2026)
    # 16.4.1: forfeit win against 5 → min(own 3½, 5's adjusted 1) = 1
    assert dummy(ctx, 1, 4) == 1
    # 16.4.2: HPB → min(own 3½, ½ × 5 rounds = 2½) = 2½
    assert dummy(ctx, 1, 2) == Fraction(5, 2)
    # 16.4.1: forfeit loss against 4 → min(own 3, 4's adjusted 3) = 3
    assert dummy(ctx, 3, 4) == 3
    # 16.4.2: 2's PAB and Z → min(own 2½, 2½) = 2½
    assert dummy(ctx, 2, 3) == dummy(ctx, 2, 5) == Fraction(5, 2)
    _, rule = ctx.dummy(0, 3)
    assert "16.4.1" in rule


def test_fide2026_cap_uses_the_opponents_adjusted_score() -> None:
    # 2 and 4 forfeit in R5 (2 wins); 5 takes a zero-point bye in the last round instead.
    rows = dict(SWISS)
    rows[2] = "L1 D3 U  W6 +4"
    rows[4] = "D3 W5 L1 +3 -2"
    rows[5] = "D6 L4 L3 -1 Z"
    ctx = ctx_of(RuleSet.FIDE2026, rows)
    # 2: 0 + ½ + 1 + 1 + 1 = 3½; 4: ½ + 1 + 0 + 1 + 0 = 2½ (no request at the end: adjusted
    # = score). 4's dummy in R5: min(own 2½, 2's adjusted 3½) = 2½; 2's: min(3½, 2½) = 2½
    assert dummy(ctx, 4, 5) == Fraction(5, 2)
    assert dummy(ctx, 2, 5) == Fraction(5, 2)
    # 5: score ½ + 0 + 0 + 0 + 0 = ½, but its Z in the last round is 16.2.5, seen as a draw:
    # adjusted ½ + ½ = 1. 1's forfeit win against 5 is capped at the adjusted score, not the
    # actual one: min(3½, 1) = 1 (with the actual score it would be ½).
    assert points(ctx, ctx.score[4]) == Fraction(1, 2)
    assert dummy(ctx, 1, 4) == 1


def test_fide2026_unknown_scheduled_opponent_uses_the_round_cap() -> None:
    # docs/decisions.md D7: 1's forfeit win names a start number that is not in the event
    rows = dict(SWISS)
    rows[1] = "W2 H  W4 +99 L3"
    rows[5] = "D6 L4 L3 Z D4"
    ctx = ctx_of(RuleSet.FIDE2026, rows)
    assert ctx.opps[0][3] == -1
    # 16.4.2: min(own 3½, ½ × 5 = 2½) = 2½
    assert dummy(ctx, 1, 4) == Fraction(5, 2)
    _, rule = ctx.dummy(0, 3)
    assert "16.4.2" in rule


def test_round_cap_after_round_k_uses_k_rounds() -> None:
    # docs/decisions.md D6: after round 2, 1 has 1½ and the cap is ½ × 2 = 1 → min(1½, 1) = 1
    ctx = build_context(event(SWISS), RuleSet.FIDE2026, 2)
    assert dummy(ctx, 1, 2) == 1


def test_fide2009_virtual_opponent() -> None:
    ctx = ctx_of(RuleSet.FIDE2009)
    # 1's HPB in R2: score before 1 + opposite of ½ (½) + ½ × 3 later rounds = 3
    assert dummy(ctx, 1, 2) == 3
    # 1's forfeit win in R4: before 2½ + opposite of a win (0) + ½ × 1 later round = 3
    assert dummy(ctx, 1, 4) == 3
    # 3's forfeit loss in R4: before 2 + opposite of 0 (1) + ½ = 3½
    assert dummy(ctx, 3, 4) == Fraction(7, 2)


def test_us_chess_own_unplayed_rounds_count_zero() -> None:
    ctx = ctx_of(RuleSet.USCF)
    assert dummy(ctx, 1, 2) == dummy(ctx, 1, 4) == dummy(ctx, 2, 3) == 0


def test_terms_of_a_buchholz() -> None:
    ctx = ctx_of(RuleSet.FIDE2026)
    terms = [(r + 1, ctx.to_points(v), vur) for r, v, vur in ctx.terms(0)]
    # 1: R1 opponent 2 adjusted 3; R2 dummy 2½ (VUR); R3 opponent 4: 3; R4 dummy 1; R5 3: 3
    assert terms == [(1, 3, False), (2, Fraction(5, 2), True), (3, 3, False), (4, 1, False),
                     (5, 3, False)]


# ====================================================================== round robins (15.2)

ROUND_ROBIN = {
    1: "W2 D3 W4",
    2: "L1 W4 D3",
    3: "+4 D1 D2",
    4: "-3 L2 L1",
}


@pytest.mark.parametrize("rules", [RuleSet.FIDE2026, RuleSet.FIDE2023])
def test_forfeits_are_games_in_pre_determined_pairings(rules: RuleSet) -> None:
    ctx = ctx_of(rules, ROUND_ROBIN, round_robin=True)
    assert ctx.forfeits_played
    assert ctx.cats[2] == [P, P, P] and ctx.cats[3] == [P, P, P]
    # the forfeit loss counted as a game is not voluntary
    assert not ctx.is_vur(3, 0)
    # 3's Buchholz term for R1 is 4's score (0), not a dummy
    assert ctx.terms(2)[0] == (0, 0, False)


@pytest.mark.parametrize("rules", [RuleSet.FIDE2009, RuleSet.USCF])
def test_older_rules_keep_round_robin_forfeits_unplayed(rules: RuleSet) -> None:
    # docs/decisions.md D8
    ctx = ctx_of(rules, ROUND_ROBIN, round_robin=True)
    assert not ctx.forfeits_played
    assert ctx.cats[2][0] is FW and ctx.cats[3][0] is FL


def test_rest_rounds_count_nothing() -> None:
    rows = {1: "W2 D3 Z", 2: "L1 Z W3", 3: "Z D1 L2"}
    ctx = ctx_of(RuleSet.FIDE2026, rows, round_robin=True)
    assert ctx.cats[0] == [P, P, REST]
    # 1's terms: R1 opponent 2 (1 point), R2 opponent 3 (½); the rest round adds nothing
    assert [(r, ctx.to_points(v)) for r, v, _ in ctx.terms(0)] == [(0, 1), (1, Fraction(1, 2))]
    assert ctx.scheduled_games(0) == 2


# ====================================================================== the policies


def test_each_rule_set_has_its_policy() -> None:
    assert isinstance(RuleSet.FIDE2026.policy, Fide2026Policy)
    assert isinstance(RuleSet.FIDE2023.policy, Fide2023Policy)
    assert isinstance(RuleSet.FIDE2009.policy, Fide2009Policy)
    assert isinstance(RuleSet.USCF.policy, UsChessPolicy)
    assert [r.vur_cut_first for r in RuleSet] == [True, True, False, False]
    assert [r.policy.dummy_label for r in RuleSet] == [
        "dummy opponent", "dummy opponent", "virtual opponent", "no opponent"]
    assert [r.policy.forfeit_is_game(True) for r in RuleSet] == [True, True, False, False]
    assert not any(r.policy.forfeit_is_game(False) for r in RuleSet)
    assert [r.label for r in RuleSet] == [
        "FIDE 2026", "FIDE 2023/24", "FIDE pre-2023 (virtual opponent)", "US Chess 34E"]


def test_rules_in_force_by_start_date() -> None:
    day = datetime.timedelta(days=1)
    assert rules_in_force(None) is RuleSet.FIDE2026
    assert rules_in_force(FIDE2026_START) is RuleSet.FIDE2026
    assert rules_in_force(FIDE2026_START - day) is RuleSet.FIDE2023
    assert rules_in_force(FIDE2023_START) is RuleSet.FIDE2023
    assert rules_in_force(FIDE2023_START - day) is RuleSet.FIDE2009
    assert resolve_rules("auto", datetime.date(2024, 8, 1)) is RuleSet.FIDE2023
    assert resolve_rules(" FIDE-2024 ") is RuleSet.FIDE2023
    assert resolve_rules("uschess") is RuleSet.USCF


def test_rules_note() -> None:
    assert rules_note("FIDE2023", None) == "chosen by the user"
    assert rules_note(RuleSet.FIDE2026, None) == "chosen by the user"
    assert rules_note("auto", None) == "auto: no start date known, the rules in force now"
    assert rules_note(None, datetime.date(2024, 8, 1)) == (
        "auto: rules in force on the start date 2024-08-01")
