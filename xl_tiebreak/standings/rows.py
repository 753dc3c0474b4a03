"""Standings rows and their order: points, then the tie-break list, ties shared (Art. 6 groups).

:func:`rank` sorts the participants of an :class:`~xl_tiebreak.tiebreaks.engine.Engine` by points
and a list of descriptors into :class:`Row` objects (the standings they make up are
:class:`xl_tiebreak.standings.evaluation.Standings`). Value tie-breaks are sorted on integer
keys; group tie-breaks (DE) order each group still tied when they are reached, and the place
inside the group is shown as their value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.model.tournament import Participant
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.engine import Engine, Value
from xl_tiebreak.util.numbers import split_runs
from xl_tiebreak.util.plain import Frozen


class Row(Frozen):
    """One line of the standings: ``rank``, the place (participants still tied after the last
    tie-break share it); ``values``, one per tie-break of the list (DE: place inside the tied
    group, None when DE decided nothing there); ``shared``: the place is shared with another
    participant."""

    __slots__ = ("rank", "participant", "points", "values", "shared")
    rank: int
    participant: Participant
    points: Fraction
    values: tuple[Value, ...]
    shared: bool

    def __init__(self, rank: int, participant: Participant, points: Fraction,
                 values: tuple[Value, ...], shared: bool) -> None:
        set_field = object.__setattr__
        set_field(self, "rank", rank)
        set_field(self, "participant", participant)
        set_field(self, "points", points)
        set_field(self, "values", values)
        set_field(self, "shared", shared)


def rank(engine: Engine, descriptors: Sequence[Descriptor], points_at: int = 0) -> list[Row]:
    """The standings rows: by points, then each tie-break of the list in turn; with
    ``points_at`` = k, the first k tie-breaks rank before the points (TRF26 ``212 WIN,PTS,BH``:
    k = 1); a negative ``points_at``: by the list alone (a team list that names its scores)."""
    n = engine.base.n
    score = engine.score_units()  # extra points included (docs/decisions.md D51)
    points = [engine.points(i) for i in range(n)]
    columns: list[list[Value]] = []
    keys: list[list[float | int]] = []
    for d in descriptors:
        if d.tiebreak.group:
            columns.append([None] * n)
            keys.append([])
        else:
            columns.append(list(engine.values(d)))
            keys.append(sort_keys(columns[-1], d.lower_is_better))
    levels = len(descriptors)

    minus_score = [-s for s in score]

    def split(group: list[int], level: int, points_pending: bool = True) -> list[list[int]]:
        if points_pending and level == points_at:
            return [g for part in split_runs(group, minus_score)
                    for g in split(part, level, False)]
        if len(group) < 2 or level == levels:
            return [group]
        d = descriptors[level]
        order = d.tiebreak.order
        if order is not None:
            parts = order(engine, d, group)
            if len(parts) > 1:
                offset = 1
                column = columns[level]
                for part in parts:
                    for i in part:
                        column[i] = Fraction(offset)
                    offset += len(part)
        else:
            parts = split_runs(group, keys[level])
        out: list[list[int]] = []
        for part in parts:
            out.extend(split(part, level + 1, points_pending))
        return out

    if points_at >= 0:
        points_at = min(points_at, levels)
    groups = split(list(range(n)), 0, points_at >= 0)
    rows = []
    position = 1
    parts = engine.tournament.participants
    values = list(zip(*columns)) if columns else [()] * n
    for g in groups:
        shared = len(g) > 1
        if shared:
            g = sorted(g, key=lambda i: parts[i].start_no)
        for i in g:
            rows.append(Row(position, parts[i], points[i], values[i], shared))
        position += len(g)
    return rows


def sort_keys(values: Sequence[Value], lower_is_better: bool = False) -> list[float | int]:
    """Integer sort keys equivalent to the exact values (best first, undefined last).

    Values are scaled to a common denominator once, so that sorting compares plain integers.
    """
    distinct = {id(v): v for v in values}  # values repeat as shared objects: by identity
    den = 1
    for v in distinct.values():
        if v is not None and v.denominator != 1:
            den = math.lcm(den, v.denominator)
    sign = 1 if lower_is_better else -1
    key: dict[int, float | int] = {
        k: math.inf if v is None else sign * v.numerator * (den // v.denominator)
        for k, v in distinct.items()
    }
    return [key[id(v)] for v in values]
