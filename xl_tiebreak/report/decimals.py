"""Whether a team event's values are whole numbers: how many decimals its outputs show.

Match points are whole numbers in most events (MP 2-1-0, 3-1-0, whole MP for every bye and
forfeit): their totals and the tie-breaks that add them up (Buchholz, Progressive Score, Koya,
EMMSB … on match points: :data:`xl_tiebreak.tiebreaks.registry.MATCH_POINT_SUMS`) are then shown as
``10``, not ``10.0``. A scoring with halves (a bye worth ½ MP, MP 1-½-0, a match's points set
to ``1.5`` by a TRF ``299`` record) keeps the halves, and game points always may have them.

The text outputs show every exact value as it is (``10``, ``10½``); the spreadsheet needs one
number format per column, chosen here (docs/engineering.md D80).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from xl_tiebreak.model.teams import Score, TeamEvent
from xl_tiebreak.model.tournament import Kind
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.engine import Value
from xl_tiebreak.tiebreaks.registry import MATCH_POINT_SUMS

__all__ = ["whole_match_points", "whole_primary", "whole_tiebreak"]

_UNPLAYED = (Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)


def _whole(x: Fraction) -> bool:
    return x.denominator == 1


def whole_match_points(event: TeamEvent) -> bool:
    """True when every match point the event can give is a whole number: the won, drawn and
    lost match, each unplayed kind, and each round whose MP the input set on its own."""
    s = event.scoring
    if not all(_whole(x) for x in (s.win, s.draw, s.loss)):
        return False
    if not all(_whole(s.mp(kind)) for kind in _UNPLAYED):
        return False
    return all(m.mp is None or _whole(m.mp) for t in event.teams for m in t.rounds)


def _all_whole(values: Iterable[Value]) -> bool:
    return all(v is None or (isinstance(v, Fraction) and _whole(v))
               or isinstance(v, int) for v in values)


def whole_primary(event: TeamEvent) -> bool:
    """True when the primary score (the ``Pts`` column) is whole: match points of a scoring
    without halves; game points never (a drawn board is worth ½)."""
    return event.primary is Score.MP and whole_match_points(event)


def whole_tiebreak(event: TeamEvent, d: Descriptor, values: Iterable[Value] = ()) -> bool:
    """True when the tie-break ``d`` has whole values in this event: whole-numbered by its
    kind (places, counts), or a sum of match points of a scoring without halves. ``values``
    (the column's values, when known) must be whole too: never a format that hides a half."""
    if d.tiebreak.places is not None:
        return False  # fixed decimals of its own (AOB)
    if d.tiebreak.whole:
        return True
    return (d.code in MATCH_POINT_SUMS and whole_match_points(event)
            and _all_whole(values))
