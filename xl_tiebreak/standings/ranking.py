"""Standings rows and their order: points, then the tie-break list, ties shared (Art. 6 groups).

:func:`rank` sorts the participants of an :class:`~xl_tiebreak.tiebreaks.engine.Engine` by points
and a
list of descriptors; :class:`Standings` is the result with its rows. Value tie-breaks are sorted
on integer keys; group tie-breaks (DE) order each group still tied when they are reached, and the
place inside the group is shown as their value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.model.tournament import InputError, Participant, Problem, Tournament
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.engine import Engine, Explanation, Value
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.util.numbers import split_runs
from xl_tiebreak.util.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.standings.evaluation import Evaluation


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


class Standings:
    """The result of a computation: sorted rows, the rule set used and the warnings.

    ``rules_note``: how the rule set was chosen (``auto: start date 2024-08-01``);
    ``evaluation``: the evaluation these standings came from (ask it for other values of the
    same event); ``points_at``: number of tie-breaks ranked before the points (TRF26
    ``212 WIN,PTS,BH``: 1), 0 for the usual points-first order. The engine the values came
    from is private: per-value callers ask :attr:`evaluation`. Compared (and shown) by the
    fields a dataclass of them would compare: neither the engine nor the evaluation."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, tournament: Tournament, descriptors: list[Descriptor], rules: RuleSet,
                 rounds: int, rows: list[Row], warnings: list[Problem], _engine: Engine,
                 rules_note: str = "", evaluation: Evaluation | None = None,
                 _by_start_no: dict[int, Row] | None = None, points_at: int = 0) -> None:
        self.tournament = tournament
        self.descriptors = descriptors
        self.rules = rules
        self.rounds = rounds
        self.rows = rows
        self.warnings = warnings
        self._engine = _engine
        self.rules_note = rules_note
        self.evaluation = evaluation
        self._by_start_no: dict[int, Row] = {} if _by_start_no is None else _by_start_no
        self.points_at = points_at

    def _compared(self) -> tuple[object, ...]:
        return (self.tournament, self.descriptors, self.rules, self.rounds, self.rows,
                self.warnings, self.rules_note, self.points_at)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Standings)
        return self._compared() == other._compared()

    def __repr__(self) -> str:
        return (f"Standings(tournament={self.tournament!r}, descriptors={self.descriptors!r}, "
                f"rules={self.rules!r}, rounds={self.rounds!r}, rows={self.rows!r}, "
                f"warnings={self.warnings!r}, rules_note={self.rules_note!r}, "
                f"points_at={self.points_at!r})")

    @property
    def scheduled_rounds(self) -> int | None:
        """Rounds scheduled for the event (TRF ``142``/``XXR``, Settings), if known."""
        return self.tournament.scheduled_rounds

    @property
    def partial(self) -> bool:
        """True when these are the standings of an event not over yet (or asked after an
        earlier round): :attr:`rounds` is less than the rounds scheduled or read. Every output
        then says :attr:`progress` (``after round 4 of 9``)."""
        return self.rounds < self.total_rounds

    @property
    def total_rounds(self) -> int:
        """The event's rounds: the scheduled ones, or the rounds read when more."""
        return max(self.scheduled_rounds or 0, self.tournament.rounds)

    @property
    def progress(self) -> str:
        """``after round 4 of 9`` for a partial event, else ``9 rounds``."""
        if self.partial:
            return f"after round {self.rounds} of {self.total_rounds}"
        return f"{self.rounds} round{'' if self.rounds == 1 else 's'}"

    def row(self, start_no: int) -> Row:
        """The row of a start number (KeyError when unknown)."""
        if len(self._by_start_no) != len(self.rows):
            self._by_start_no = {r.participant.start_no: r for r in self.rows}
        return self._by_start_no[start_no]

    def value(self, start_no: int, label: str) -> Value:
        """The value in the column of a tie-break, by its label as given."""
        labels = [d.label for d in self.descriptors]
        return self.row(start_no).values[labels.index(label)]

    def explain(self, start_no: int, descriptor: Descriptor | int) -> Explanation:
        """Itemised computation of a value. ``descriptor``: one of this list's descriptors or
        its position (DE, which may be listed twice: the separate standings of the group still
        tied at that position)."""
        try:
            row = self.row(start_no)
        except KeyError:
            raise InputError(f"no participant with start number {start_no}") from None
        level: int | None
        if isinstance(descriptor, int):
            level, d = descriptor, self.descriptors[descriptor]
        else:
            d = descriptor
            level = self._level(d)
        explain_group = d.tiebreak.explain_group
        if explain_group is None:
            return self._engine.explain(d, start_no)
        if level is None:
            raise InputError(f"{d.label} is not in the tie-break list; a group-based "
                             "tie-break is explained at its place in the list")
        group = self.group_at(start_no, level)
        return explain_group(self._engine, d, self._engine.index_of(start_no), group,
                             row.values[level])

    def group_at(self, start_no: int, level: int) -> list[int]:
        """Indices of the participants tied with ``start_no`` on points and the tie-breaks
        before position ``level`` of the list."""
        row = self.row(start_no)
        with_points = 0 <= self.points_at <= level  # the points rank before this tie-break

        def key(r: Row) -> tuple[object, ...]:
            return (r.points if with_points else None, r.values[:level])

        mine = key(row)
        return [self._engine.index_of(r.participant.start_no) for r in self.rows
                if key(r) == mine]

    def _level(self, d: Descriptor) -> int | None:
        """Position of a descriptor in the list: the same object first, else an equal one."""
        for k, x in enumerate(self.descriptors):
            if x is d:
                return k
        for k, x in enumerate(self.descriptors):
            if x == d:
                return k
        return None


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
