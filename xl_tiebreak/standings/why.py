"""Why one participant is ahead of another: the order walked item by item.

The standings compare two participants on the points, then on each tie-break of the list in
turn (Art. 6: a tie-break is reached only while they are still equal on everything before it).
:func:`why_ahead` follows that walk for two start numbers: each item up to the one that decides
between them, both values with their explanations, and the article of the deciding item; for a
Direct Encounter, the games played among the group still tied when it was reached.
"""

from __future__ import annotations

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.tournament import InputError, Kind
from xl_tiebreak.standings.decided_by import POINTS, item_value, order_items
from xl_tiebreak.tiebreaks.engine import Explanation, Value
from xl_tiebreak.util.numbers import fmt, fmt_half
from xl_tiebreak.util.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.standings.ranking import Standings

__all__ = ["Step", "Why", "why_ahead"]

_SCORE = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+",
          Kind.FORFEIT_LOSS: "-"}
"""A participant's side of a game, as crosstables write it."""


class Step(Frozen):
    """One item of the order compared for the two participants.

    ``label``: as the standings' heading shows it (``Pts``, ``BH/C1``); ``name`` and
    ``article``: the tie-break's; ``values``: A's and B's; ``explanations``: A's and B's
    explanation lines; ``decides``: True on the item whose values differ (the last step);
    ``lower_is_better``: the lower value ranks first (lots, ARO…, and DE's place in the
    group); ``games``: for a Direct Encounter, the games among the group still tied when it
    was reached (``R3 #2 Bruno 1 - 0 #6 Franck``)."""

    __slots__ = ("label", "name", "article", "values", "explanations", "decides",
                 "lower_is_better", "games")
    label: str
    name: str
    article: str
    values: tuple[Value, Value]
    explanations: tuple[tuple[str, ...], tuple[str, ...]]
    decides: bool
    lower_is_better: bool
    games: tuple[str, ...]

    def __init__(self, label: str, name: str, article: str, values: tuple[Value, Value],
                 explanations: tuple[tuple[str, ...], tuple[str, ...]], decides: bool,
                 lower_is_better: bool, games: tuple[str, ...] = ()) -> None:
        set_field = object.__setattr__
        set_field(self, "label", label)
        set_field(self, "name", name)
        set_field(self, "article", article)
        set_field(self, "values", values)
        set_field(self, "explanations", explanations)
        set_field(self, "decides", decides)
        set_field(self, "lower_is_better", lower_is_better)
        set_field(self, "games", games)


class Why(Frozen):
    """The walk for participants ``a`` and ``b`` (start numbers): ``steps`` up to the
    deciding one; ``ahead``: the start number ranked first (None: they share the place);
    ``names``: both names; ``rules``: the rule set's label."""

    __slots__ = ("a", "b", "names", "steps", "ahead", "rules", "progress")
    a: int
    b: int
    names: tuple[str, str]
    steps: tuple[Step, ...]
    ahead: int | None
    rules: str
    progress: str

    def __init__(self, a: int, b: int, names: tuple[str, str], steps: tuple[Step, ...],
                 ahead: int | None, rules: str, progress: str) -> None:
        set_field = object.__setattr__
        set_field(self, "a", a)
        set_field(self, "b", b)
        set_field(self, "names", names)
        set_field(self, "steps", steps)
        set_field(self, "ahead", ahead)
        set_field(self, "rules", rules)
        set_field(self, "progress", progress)

    def verdict(self) -> str:
        """One line: who is ahead and by which item, or that they share the place."""
        who = {self.a: f"#{self.a} {self.names[0]}", self.b: f"#{self.b} {self.names[1]}"}
        if self.ahead is None:
            return _("{a} and {b} are equal on every item of the order: they share the place",
                     a=who[self.a], b=who[self.b])
        behind = self.b if self.ahead == self.a else self.a
        last = self.steps[-1]
        article = f", {last.article}" if last.article else ""
        return _("{ahead} is ahead of {behind}: decided by {label} ({name}{article})",
                 ahead=who[self.ahead], behind=who[behind], label=last.label, name=last.name,
                 article=article)

    def lines(self) -> list[str]:
        """The walk as text: a heading, one block per item, the verdict."""
        out = [_("Why: #{a} {name_a} against #{b} {name_b} (rules {rules}, {progress})",
                 a=self.a, name_a=self.names[0], b=self.b, name_b=self.names[1],
                 rules=self.rules, progress=self.progress)]
        for k, step in enumerate(self.steps, start=1):
            mine, theirs = (_shown(v) for v in step.values)
            how = _("differ: decides") if step.decides else _("equal: the next item is compared")
            better = (" " + _("(the lower ranks first)")
                      if step.lower_is_better and step.decides else "")
            out.append(f"{k}. {step.label} — {step.name}: #{self.a} {mine}, #{self.b} {theirs}; "
                       f"{how}{better}")
            for who, lines in zip((self.a, self.b), step.explanations, strict=True):
                out.append(f"   #{who}:")
                out.extend(f"     {line}" for line in lines)
            if step.games:
                out.append("   " + _("games among the tied group:"))
                out.extend(f"     {g}" for g in step.games)
        out.append(self.verdict())
        return out

    def as_json(self) -> dict[str, object]:
        """A JSON-ready form: values as exact decimal strings (null when undefined)."""
        return {
            "a": self.a, "b": self.b, "ahead": self.ahead, "verdict": self.verdict(),
            "steps": [{"item": s.label, "name": s.name, "article": s.article,
                       "values": [None if v is None else fmt(v) for v in s.values],
                       "decides": s.decides, "lower_is_better": s.lower_is_better,
                       "explanations": [list(x) for x in s.explanations],
                       "games": list(s.games)} for s in self.steps],
        }


def _shown(value: Value) -> str:
    return _("undefined") if value is None else number_text(fmt_half(value))


def why_ahead(standings: Standings, a: int, b: int) -> Why:
    """The walk through the order for start numbers ``a`` and ``b`` (InputError when either
    is unknown)."""
    rows = []
    for no in (a, b):
        try:
            rows.append(standings.row(no))
        except KeyError:
            raise InputError(_("--why {a},{b}: no participant with start number {no}", a=a, b=b,
                               no=no)) from None
    row_a, row_b = rows
    steps = []
    ahead: int | None = None
    for label, level in order_items(standings):
        values = (item_value(row_a, level), item_value(row_b, level))
        decides = values[0] != values[1]
        games: tuple[str, ...] = ()
        if level == POINTS:
            name, article, lower = _("Points"), "", False
            explanations = (_points_lines(standings, a), _points_lines(standings, b))
        else:
            d = standings.descriptors[level]
            group = d.tiebreak.group
            name, article = d.name, d.article
            lower = d.lower_is_better or group
            explanations = (_lines(standings.explain(a, level)),
                            _lines(standings.explain(b, level)))
            games = _group_games(standings, a, level) if group else ()
        steps.append(Step(label, name, article, values, explanations, decides, lower, games))
        if decides:
            first = _better(values[0], values[1], lower)
            ahead = a if first else b
            break
    return Why(a, b, (row_a.participant.name, row_b.participant.name), tuple(steps), ahead,
               standings.rules.label, standings.progress)


def _better(x: Value, y: Value, lower_is_better: bool) -> bool:
    """True when ``x`` ranks before ``y`` (they differ; undefined ranks last, D14)."""
    if x is None or y is None:
        return y is None
    return x < y if lower_is_better else x > y


def _lines(explanation: Explanation) -> tuple[str, ...]:
    return tuple(explanation.lines()[1:])  # the first line repeats the item's name


def _points_lines(standings: Standings, no: int) -> tuple[str, ...]:
    evaluation = standings.evaluation
    if evaluation is None:
        return (f"Pts = {number_text(fmt_half(standings.row(no).points))}",)
    return _lines(evaluation.explain("PTS", no))


def _group_games(standings: Standings, no: int, level: int) -> tuple[str, ...]:
    """The games among the participants still tied with ``no`` when position ``level`` of
    the list is reached, each once, in round order."""
    parts = standings.tournament.participants
    group = {parts[i].start_no for i in standings.group_at(no, level)}
    by_no = {p.start_no: p for p in parts}
    out = []
    for r in range(standings.rounds):
        for x in sorted(group):
            p = by_no[x]
            if r >= len(p.rounds):
                continue
            record = p.rounds[r]
            y = record.opponent
            if y is None or y not in group or y < x or record.kind not in _SCORE:
                continue
            q = by_no[y]
            other = q.rounds[r].kind if r < len(q.rounds) else None
            theirs = _SCORE.get(other, "?") if other is not None else "?"
            note = " " + _("(forfeit)") if record.kind.forfeit else ""
            out.append(f"R{r + 1} #{x} {p.name} {_SCORE[record.kind]} - {theirs} #{y} "
                       f"{q.name}{note}")
    return tuple(out)
