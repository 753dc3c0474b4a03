"""Team standings: a team event checked once and evaluated under one rule set.

:class:`TeamEvaluation` is the team form of :class:`xl_tiebreak.standings.evaluation.Evaluation`
(same
questions: values, explanations, standings for a tie-break order), ranking by the primary
score; :func:`compute_team_standings` is its front door.
"""

from __future__ import annotations

from collections.abc import Sequence

from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import InputError, Problem, Severity, TournamentType
from xl_tiebreak.standings.evaluation import Evaluation, Order
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.standings.team_check import check_event
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_descriptor, parse_list
from xl_tiebreak.tiebreaks.presets import PRESETS
from xl_tiebreak.tiebreaks.registry import GAME_POINTS_ONLY
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.tiebreaks.team import sssc_factor
from xl_tiebreak.tiebreaks.team_engine import TeamEngine

DEFAULT_TEAM_SWISS = PRESETS["team-swiss"].order
"""Default order of a team Swiss without a declared list."""
DEFAULT_TEAM_ROUND_ROBIN = PRESETS["team-round-robin"].order
"""Default order of a team round robin without a declared list."""


class TeamEvaluation(Evaluation):
    """A team event checked once and evaluated under one rule set, after ``after_round``."""

    def __init__(
        self,
        event: TeamEvent,
        rules: str | RuleSet | None = "auto",
        after_round: int | None = None,
    ) -> None:
        if not event.rounds_known and after_round is not None:
            raise InputError("after round: the input has no rounds (a round-robin grid); "
                             "give the rounds in a team crosstable for intermediate standings",
                             event.source)
        warnings = self._start(check_event(event), rules, event.start_date, after_round,
                               event.rounds, "event")
        self.event = event
        self.rounds_known = event.rounds_known
        self.engine: TeamEngine = TeamEngine(event, self.rules, after_round)
        self.tournament = self.engine.tournament
        self.problems: list[Problem] = warnings
        self.problems += [Problem(Severity.WARNING, n, event.source) for n in event.notes]
        self.problems += self._rule_warnings()

    def order(self, order: Order = None) -> tuple[list[Descriptor], int]:
        """The tie-break list of an order, read for this event's primary score; a team event
        is ranked by its primary score first (the primary score's code, MPTS or GPTS, is that
        score), so no tie-break comes before it."""
        return self.descriptors(order), 0

    def descriptors(self, order: Order = None) -> list[Descriptor]:
        """The tie-break list of an order, read for this event's primary score."""
        found = self._descriptors(order)
        for d in found:
            self.refuse_without_rounds(d)
        return found

    def refuse_without_rounds(self, d: Descriptor) -> None:
        """InputError for a tie-break that depends on the order of the rounds when the input
        has none (a round-robin grid; docs/decisions.md D58)."""
        if not self.event.rounds_known and (d.tiebreak.round_order or d.fore):
            raise InputError(f"{d.label} depends on the order of the rounds, and a round-robin "
                             "grid has none; give the rounds in a team crosstable",
                             self.event.source)

    def _descriptors(self, order: Order = None) -> list[Descriptor]:
        primary = self.event.primary
        if order is None or (isinstance(order, str) and not order.strip()):
            if self.event.tiebreaks:
                return parse_list(self.event.tiebreaks, primary)
            predetermined = self.event.type is TournamentType.PREDETERMINED
            default = DEFAULT_TEAM_ROUND_ROBIN if predetermined else DEFAULT_TEAM_SWISS
            return parse_list(default, primary)
        if isinstance(order, str):
            return parse_list(order, primary)
        items = list(order)
        if all(isinstance(x, Descriptor) for x in items):
            return [x for x in items if isinstance(x, Descriptor) and x.code != "PTS"]
        return parse_list([str(x) for x in items], primary)

    def parse(self, descriptor: Descriptor | str) -> Descriptor:
        """A descriptor as given, or parsed from its text with this event's primary score."""
        d = descriptor if isinstance(descriptor, Descriptor) else parse_descriptor(
            descriptor, self.event.primary)
        self.refuse_without_rounds(d)
        return d

    def advice(self, descriptors: Sequence[Descriptor]) -> list[Problem]:
        """The individual warnings plus the team ones: board tie-breaks without board data or
        where game points may differ, SSSC with F_N = 0."""
        out = super().advice(descriptors)
        gp_equal = False  # a game-point value listed earlier: teams tied there have equal GP
        for d in descriptors:
            row = d.tiebreak
            if row.compute is not None and (row.score_types == GAME_POINTS_ONLY
                                            or d.code == "MPVGP"):
                gp_equal = True
            if row.boards and not self.event.board_data:
                out.append(Problem(Severity.WARNING, f"{d.label}: the input has no board "
                                   "results; board tie-breaks decide nothing"))
            if d.code == "BC" and not gp_equal:
                out.append(Problem(Severity.WARNING, "BC compares teams with equal game "
                                   "points (Art. 12); list it after the game points"))
            if d.code == "SSSC" and sssc_factor(self.engine) == 0:
                out.append(Problem(Severity.WARNING, "SSSC is undefined: F_N = floor(max "
                                   "primary total / max secondary of a round) is 0 "
                                   "(Art. 13.4.2; docs/decisions.md D26)"))
        return out


def compute_team_standings(
    event: TeamEvent,
    tiebreaks: str | Sequence[str] | Sequence[Descriptor] | None = None,
    rules: str | RuleSet | None = "auto",
    after_round: int | None = None,
) -> Standings:
    """Check, then rank a team event by its primary score and the tie-break list."""
    return TeamEvaluation(event, rules, after_round).standings(tiebreaks)
