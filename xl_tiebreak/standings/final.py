"""Final standings: points, then the ordered tie-break list.

:func:`compute_standings` is the engine's front door for a full ranking: it checks the
tournament, picks the rule set, computes every tie-break and sorts (through
:class:`xl_tiebreak.standings.evaluation.Evaluation`, which also answers single values and
explanations).
"""

from __future__ import annotations

from collections.abc import Sequence

from xl_tiebreak.model.tournament import Tournament
from xl_tiebreak.standings.evaluation import (
    DEFAULT_ROUND_ROBIN,
    DEFAULT_SWISS,
    Evaluation,
    Standings,
)
from xl_tiebreak.standings.rows import Row, sort_keys
from xl_tiebreak.standings.withdrawals import Withdrawals
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.encounter import direct_encounter, separate_standings
from xl_tiebreak.tiebreaks.rules import RuleSet

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.model.teams import TeamEvent

__all__ = [
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "Row",
    "Standings",
    "compute_standings",
    "direct_encounter",
    "separate_standings",
    "sort_keys",
]
# Row and sort_keys live in xl_tiebreak.standings.rows, Standings in
# xl_tiebreak.standings.evaluation, Direct Encounter in
# xl_tiebreak.tiebreaks.encounter, the default orders in xl_tiebreak.standings.evaluation (from the
# presets).


def compute_standings(
    tournament: Tournament | TeamEvent,
    tiebreaks: str | Sequence[str] | Sequence[Descriptor] | None = None,
    rules: str | RuleSet | None = "auto",
    after_round: int | None = None,
    unrated_rating: int | None = None,
    withdrawals: Withdrawals | str | None = None,
) -> Standings:
    """Check, then rank ``tournament`` (an individual tournament or a team event) by points
    and the tie-break list (a team event: docs/decisions.md D88).

    ``tiebreaks``: descriptors (``"BH/C1,BH,SB"``); default the tournament's declared list, else
    :data:`DEFAULT_SWISS` / :data:`DEFAULT_ROUND_ROBIN`. ``after_round``: standings as if the
    event had only that many rounds. ``withdrawals``: round-robin withdrawals, ``count`` or
    ``annul`` (C.06 5.4; None: the rule set's default, :mod:`xl_tiebreak.standings.withdrawals`).
    Raises InputError when the check finds errors.
    """
    evaluation = Evaluation(tournament, rules, after_round, unrated_rating, withdrawals)
    return evaluation.standings(tiebreaks)
