"""The standings' names where callers import them: :class:`Row`, :func:`rank` and
:func:`sort_keys` live in :mod:`xl_tiebreak.standings.rows`, :class:`Standings` with the
evaluation that makes it in :mod:`xl_tiebreak.standings.evaluation`."""

from __future__ import annotations

from xl_tiebreak.standings.evaluation import Standings
from xl_tiebreak.standings.rows import Row, rank, sort_keys

__all__ = ["Row", "Standings", "rank", "sort_keys"]
