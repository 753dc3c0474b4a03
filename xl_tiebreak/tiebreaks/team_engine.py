"""The tie-break engine of a team event: one round table per score type (MP and GP).

Art. 16 applies to teams as to individuals, per score type (spec §6.1): the same categories
(16.2) and rule sets, the MP table scored by match results, the GP table by board points. A drawn
match is 1 MP (the event's draw) and boards/2 GP, so the 16.4.2 cap is MP-draw × N for MP and
boards × ½ × N for GP; the 16.4.1 cap is the scheduled opponent's adjusted score of the same
type. In a team round robin forfeits count as matches (15.2).

:class:`ScoreEngine` is an :class:`~xl_tiebreak.tiebreaks.engine.Engine` over one score type, so
every
individual tie-break function (BH, SB, PS, KS, DE…) computes the team form on it unchanged;
:class:`TeamEngine` ranks by the primary score and holds both.
"""

from __future__ import annotations

import math
from fractions import Fraction

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import translate
from xl_tiebreak.model.teams import Score, TeamEvent
from xl_tiebreak.model.tournament import Color, Kind, Tournament, TournamentType, kind_text
from xl_tiebreak.tiebreaks.engine import Engine
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.tiebreaks.unplayed import Context, _all_categories, _tables

_PLAYED = (Kind.WIN, Kind.DRAW, Kind.LOSS)


def score_table(event: TeamEvent, score: Score, rounds: int) -> list[list[Fraction]]:
    """Points of each team in each of the first ``rounds`` rounds, in one score type."""
    of = event.mp_of if score is Score.MP else event.gp_of
    return [[of(event.match(i, r)) for r in range(1, rounds + 1)]
            for i in range(len(event.teams))]


def score_context(
    event: TeamEvent, tournament: Tournament, score: Score, rules: RuleSet, rounds: int,
    *, forfeits_played: bool = False, fore: bool = False,
) -> Context:
    """The Art. 16 round table of one score type after ``rounds`` rounds (``fore``: the Fore
    Buchholz table, every paired match of the last round counted as drawn)."""
    sc = event.scoring
    if score is Score.MP:
        win, draw, loss = sc.win, sc.draw, sc.loss
    else:
        win, draw, loss = Fraction(event.boards), Fraction(event.boards, 2), Fraction(0)
    points = score_table(event, score, rounds)
    den = 1
    for value in (win, draw, loss, *(p for row in points for p in row)):
        den = math.lcm(den, value.denominator)
    index = {t.start_no: i for i, t in enumerate(tournament.participants)}
    kinds, opps, colors = _tables(tournament, rounds, index)
    pts = [[int(p * den) for p in row] for row in points]
    if fore and rounds > 0:  # Art. 8.3: every paired final-round match counted as drawn
        draw_units = int(draw * den)
        for ks, os_, ps in zip(kinds, opps, pts):
            if os_[-1] >= 0 and not ks[-1].bye:
                ks[-1] = Kind.DRAW
                ps[-1] = draw_units
    predetermined = tournament.type is TournamentType.PREDETERMINED
    policy = rules.policy
    forfeit_game = forfeits_played or policy.forfeit_is_game(predetermined)
    otb = [[kd in _PLAYED for kd in ks] for ks in kinds]
    score_units = [sum(row) for row in pts]
    cats = _all_categories(kinds, opps, otb, predetermined, forfeit_game)
    draw_units = int(draw * den)
    adjusted = [policy.adjusted(c, p, s, draw_units) for c, p, s in zip(cats, pts, score_units)]
    return Context(
        rules=rules, rounds=rounds, den=den, index=index, kinds=kinds, opps=opps, colors=colors,
        pts=pts, otb=otb, score=score_units, cats=cats, adjusted=adjusted,
        win_units=int(win * den), draw_units=draw_units, loss_units=int(loss * den),
        forfeits_played=forfeit_game,
    )


class ScoreEngine(Engine):
    """An engine over one score type of a team event: the individual tie-break functions
    computed on it give the team form (BH on the MP engine is BH:MP)."""

    def __init__(self, event: TeamEvent, tournament: Tournament, score: Score, rules: RuleSet,
                 rounds: int | None = None) -> None:
        self.event = event
        self.score = score
        super().__init__(tournament, rules, rounds)

    def context(
        self, forfeits_played: bool = False, fore: bool = False, rules: RuleSet | None = None
    ) -> Context:
        """The (cached) Art. 16 table of this score type."""
        rule_set = rules or self.rules
        key = (forfeits_played, fore, rule_set)
        found = self._contexts.get(key)
        if found is None:
            found = self._contexts[key] = score_context(
                self.event, self.tournament, self.score, rule_set, self.rounds,
                forfeits_played=forfeits_played, fore=fore)
        return found


class TeamEngine(Engine):
    """The engine of a team event: ranks by the primary score; :meth:`of` gives the engine of
    either score type for the team tie-breaks."""

    def __init__(self, event: TeamEvent, rules: RuleSet, rounds: int | None = None) -> None:
        self.event = event
        self.primary = event.primary
        tournament = event.as_tournament()
        self.by_score = {s: ScoreEngine(event, tournament, s, rules, rounds) for s in Score}
        super().__init__(tournament, rules, rounds)

    def of(self, score: Score | None = None) -> ScoreEngine:
        """The engine of a score type (default: the primary score)."""
        return self.by_score[self.primary if score is None else score]

    def context(
        self, forfeits_played: bool = False, fore: bool = False, rules: RuleSet | None = None
    ) -> Context:
        """The primary score's table."""
        return self.of().context(forfeits_played, fore, rules)

    def round_label(self, i: int, r: int) -> str:
        """``match won vs #8 Hippopotami (White), GP 2½`` (in the language in force)."""
        m = self.event.match(i, r + 1)
        opp = self.base.opps[i][r]
        vs = " " + _("vs {opponent}", opponent=self.label(opp)) if opp >= 0 else ""
        what = _MATCH.get(m.kind)
        colour = _COLOUR.get(m.color) if m.color else None
        gp = self.event.gp_of(m)
        return (f"{kind_text(m.kind) if what is None else translate(what)}{vs}"
                f"{'' if colour is None else ' ' + translate(colour)}, "
                f"GP {number_text(_half(gp))}")


_MATCH = {Kind.WIN: N_("match won"), Kind.DRAW: N_("match drawn"), Kind.LOSS: N_("match lost")}
"""A played match's result as explanations name it (shown through the catalogue)."""
_COLOUR = {Color.WHITE: N_("(White)"), Color.BLACK: N_("(Black)")}
"""The colour of the team's first board, as explanations write it."""


def _half(x: Fraction) -> str:
    whole, rest = divmod(x, 1)
    if rest == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return str(int(x)) if x.denominator == 1 else str(float(x))
