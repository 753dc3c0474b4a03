"""Team standings under the names the spreadsheet layer imports: :class:`TeamEvaluation` is
what :class:`xl_tiebreak.standings.evaluation.Evaluation` is for a team event, and
:func:`compute_team_standings` is :func:`xl_tiebreak.standings.final.compute_standings`."""

from __future__ import annotations

from xl_tiebreak.standings.evaluation import (
    DEFAULT_TEAM_ROUND_ROBIN,
    DEFAULT_TEAM_SWISS,
    TeamEvaluation,
)
from xl_tiebreak.standings.final import compute_standings

__all__ = ["DEFAULT_TEAM_ROUND_ROBIN", "DEFAULT_TEAM_SWISS", "TeamEvaluation",
           "compute_team_standings"]

compute_team_standings = compute_standings
"""Check, then rank a team event (the same function as for an individual one)."""
