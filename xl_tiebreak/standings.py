"""Final standings: points, then the ordered tie-break list; Direct Encounter (Art. 6).

:func:`compute_standings` is the engine's front door: it checks the tournament, picks the rule
set, computes every tie-break and sorts.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

from xl_tiebreak.check import check
from xl_tiebreak.descriptors import GROUP_BASED, RATING_BASED, Descriptor, parse_list
from xl_tiebreak.model import InputError, Participant, Problem, Severity, Tournament, TournamentType
from xl_tiebreak.numbers import fmt_half, split_runs
from xl_tiebreak.tiebreaks import Engine, Explanation, Term, Value
from xl_tiebreak.unplayed import Category, Context, RuleSet, resolve_rules, rules_in_force
from xl_tiebreak.uscf import plus_minus, result_between_tied

DEFAULT_SWISS = "BH/C1,BH,SB,DE,WIN"
"""Default tie-break list for a Swiss without a declared list (common FIDE open practice)."""
DEFAULT_ROUND_ROBIN = "DE,SB,WIN,KS"
"""Default tie-break list for a round robin without a declared list."""


@dataclasses.dataclass(frozen=True)
class Row:
    """One line of the standings."""

    rank: int
    """Place; participants still tied after the last tie-break share it."""
    participant: Participant
    points: Fraction
    values: tuple[Value, ...]
    """One value per tie-break of the list (DE: place inside the tied group, None when DE
    decided nothing there)."""
    shared: bool
    """True when the place is shared with another participant."""


@dataclasses.dataclass
class Standings:
    """The result of a computation: sorted rows, the rule set used and the warnings."""

    tournament: Tournament
    descriptors: list[Descriptor]
    rules: RuleSet
    rounds: int
    rows: list[Row]
    warnings: list[Problem]
    engine: Engine
    rules_note: str = ""
    """How the rule set was chosen (``auto: start date 2024-08-01``)."""

    def row(self, start_no: int) -> Row:
        """The row of a start number (KeyError when unknown)."""
        for row in self.rows:
            if row.participant.start_no == start_no:
                return row
        raise KeyError(start_no)

    def value(self, start_no: int, label: str) -> Value:
        """The value in the column of a tie-break, by its label as given."""
        labels = [d.label for d in self.descriptors]
        return self.row(start_no).values[labels.index(label)]

    def explain(self, start_no: int, descriptor: Descriptor | int) -> Explanation:
        """Itemised computation of a value. ``descriptor``: one of this list's descriptors or
        its position (DE, which may be listed twice: the separate standings of the group still
        tied at that position)."""
        try:
            self.row(start_no)
        except KeyError:
            raise InputError(f"no participant with start number {start_no}") from None
        level: int | None
        if isinstance(descriptor, int):
            level, d = descriptor, self.descriptors[descriptor]
        else:
            d = descriptor
            level = self._level(d)
        if d.code in GROUP_BASED:
            if level is None:
                raise InputError(f"{d.label} is not in the tie-break list; a group-based "
                                 "tie-break is explained at its place in the list")
            if d.code == "DE":
                return explain_direct_encounter(self, start_no, d, level)
            return explain_plus_minus(self, start_no, d, level)
        return self.engine.explain(d, start_no)

    def _level(self, d: Descriptor) -> int | None:
        """Position of a descriptor in the list: the same object first, else an equal one."""
        for k, x in enumerate(self.descriptors):
            if x is d:
                return k
        for k, x in enumerate(self.descriptors):
            if x == d:
                return k
        return None


def compute_standings(
    tournament: Tournament,
    tiebreaks: str | Sequence[str] | Sequence[Descriptor] | None = None,
    rules: str | RuleSet | None = "auto",
    after_round: int | None = None,
    unrated_rating: int | None = None,
) -> Standings:
    """Check, then rank ``tournament`` by points and the tie-break list.

    ``tiebreaks``: descriptors (``"BH/C1,BH,SB"``); default the tournament's declared list, else
    :data:`DEFAULT_SWISS` / :data:`DEFAULT_ROUND_ROBIN`. ``after_round``: standings as if the
    event had only that many rounds. Raises InputError when the check finds errors.
    """
    problems = check(tournament)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors:
        raise InputError(errors)
    descriptors = _descriptors(tournament, tiebreaks)
    rule_set = resolve_rules(rules, tournament.start_date)
    if after_round is not None and not 0 <= after_round <= tournament.rounds:
        raise InputError(
            f"after round {after_round}: the tournament has {tournament.rounds} rounds"
        )
    engine = Engine(tournament, rule_set, after_round, unrated_rating)
    warnings = [p for p in problems if p.severity is Severity.WARNING]
    in_force = rules_in_force(tournament.start_date)
    if (tournament.start_date is not None and rule_set is not in_force
            and rule_set is not RuleSet.USCF):
        warnings.append(Problem(
            Severity.WARNING,
            f"rules {rule_set.label} chosen, but the event started on "
            f"{tournament.start_date.isoformat()} when {in_force.label} was in force",
        ))
    if tournament.type_inferred:
        warnings.append(Problem(
            Severity.WARNING,
            "treated as a round robin (pre-determined pairings, Art. 15.2): the input does not "
            "say, and every participant met every other equally often",
            tournament.source,
        ))
    warnings.extend(_advice(engine, descriptors))
    rows = _rank(engine, descriptors)
    return Standings(tournament, descriptors, rule_set, engine.rounds, rows, warnings, engine,
                     _rules_note(rules, tournament))


def _rules_note(rules: str | RuleSet | None, t: Tournament) -> str:
    if isinstance(rules, RuleSet) or (rules or "auto").strip().lower() != "auto":
        return "chosen by the user"
    if t.start_date is None:
        return "auto: no start date known, the rules in force now"
    return f"auto: rules in force on the start date {t.start_date.isoformat()}"


def _descriptors(
    t: Tournament, tiebreaks: str | Sequence[str] | Sequence[Descriptor] | None
) -> list[Descriptor]:
    if tiebreaks is None or (isinstance(tiebreaks, str) and not tiebreaks.strip()):
        if t.tiebreaks:
            return parse_list(t.tiebreaks)
        default = DEFAULT_ROUND_ROBIN if t.type is TournamentType.PREDETERMINED else DEFAULT_SWISS
        return parse_list(default)
    if isinstance(tiebreaks, str):
        return parse_list(tiebreaks)
    items = list(tiebreaks)
    if all(isinstance(x, Descriptor) for x in items):
        return [x for x in items if isinstance(x, Descriptor) and x.code != "PTS"]
    return parse_list([str(x) for x in items])


def _advice(engine: Engine, descriptors: list[Descriptor]) -> list[Problem]:
    """Warnings about the tie-break list itself (rating rule, BH in round robins…)."""
    out = []
    seen = set()
    listed: set[str] = set()
    for d in descriptors:
        if d.code != "DE" and d.canonical in listed:
            out.append(Problem(Severity.WARNING, f"{d.label} is listed twice; only DE may "
                                                 "appear more than once (Art. 6)"))
        listed.add(d.canonical)
        if d.code in RATING_BASED and engine.skips(d):
            text = engine.skip_reason(d)
            if text not in seen:
                seen.add(text)
                out.append(Problem(Severity.WARNING, text))
        if d.code in ("BH", "FB", "AOB") and engine.predetermined and d.code not in seen:
            seen.add(d.code)
            out.append(Problem(Severity.WARNING, f"{d.label}: Buchholz-type tie-breaks must not "
                                                 "be used in round robins (Art. 8 note)"))
        if d.code == "KS" and not engine.predetermined and "KS" not in seen:
            seen.add("KS")
            out.append(Problem(Severity.WARNING, "KS in a Swiss is allowed only when the "
                                                 "tournament rules say so (Art. 9.2)"))
    return out


# ====================================================================== sorting


def _rank(engine: Engine, descriptors: list[Descriptor]) -> list[Row]:
    n = engine.base.n
    points = [engine.points(i) for i in range(n)]
    columns: list[list[Value]] = []
    keys: list[list[float | int]] = []
    for d in descriptors:
        columns.append([None] * n if d.code in GROUP_BASED else list(engine.values(d)))
        keys.append(sort_keys(columns[-1], d.lower_is_better))

    def split(group: list[int], level: int) -> list[list[int]]:
        if len(group) < 2 or level == len(descriptors):
            return [group]
        d = descriptors[level]
        if d.code in GROUP_BASED:
            parts = order_group(engine, d, group)
            if len(parts) > 1:
                offset = 1
                for part in parts:
                    for i in part:
                        columns[level][i] = Fraction(offset)
                    offset += len(part)
        else:
            parts = split_runs(group, keys[level])
        out: list[list[int]] = []
        for part in parts:
            out.extend(split(part, level + 1))
        return out

    by_points = split_runs(list(range(n)), sort_keys(points))
    groups: list[list[int]] = []
    for g in by_points:
        groups.extend(split(g, 0))
    rows = []
    position = 1
    parts = engine.tournament.participants
    for g in groups:
        for i in sorted(g, key=lambda i: parts[i].start_no):
            rows.append(Row(position, parts[i], points[i], tuple(c[i] for c in columns),
                            len(g) > 1))
        position += len(g)
    return rows


def sort_keys(values: Sequence[Value], lower_is_better: bool = False) -> list[float | int]:
    """Integer sort keys equivalent to the exact values (best first, undefined last).

    Values are scaled to a common denominator once, so that sorting compares plain integers.
    """
    den = 1
    for v in values:
        if v is not None and v.denominator != 1:
            den = math.lcm(den, v.denominator)
    sign = 1 if lower_is_better else -1
    return [math.inf if v is None else sign * v.numerator * (den // v.denominator)
            for v in values]


def order_group(engine: Engine, d: Descriptor, group: list[int]) -> list[list[int]]:
    """Order a tied group by a group-based tie-break (DE, or US Chess 34E5)."""
    if d.code == "DE":
        return direct_encounter(engine.context(d.forfeits_played), group)
    return result_between_tied(engine.context(rules=RuleSet.USCF), group)


# ====================================================================== Direct Encounter


def _encounters(ctx: Context, group: Sequence[int]) -> dict[int, dict[int, list[int]]]:
    """Points (units) each member scored in each counted game against other members."""
    members = set(group)
    games: dict[int, dict[int, list[int]]] = {i: {} for i in group}
    for i in group:
        for r in range(ctx.rounds):
            o = ctx.opps[i][r]
            if o in members and ctx.cats[i][r] is Category.PLAYED:
                games[i].setdefault(o, []).append(ctx.pts[i][r])
    return games


def _total(results: Iterable[list[int]]) -> Fraction:
    """Sum of per-opponent scores, each the average of the games against that opponent."""
    whole = 0
    extra = Fraction(0)
    for g in results:
        if len(g) == 1:
            whole += g[0]
        else:
            extra += Fraction(sum(g), len(g))
    return extra + whole


def separate_standings(
    ctx: Context, group: Sequence[int]
) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Art. 6: each member's score in the games among the group (6.1.2: several games between
    two members count as their average) and the number of members it has not met."""
    games = _encounters(ctx, group)
    cur = {i: _total(games[i].values()) for i in group}
    missing = {i: len(group) - 1 - len(games[i]) for i in group}
    return cur, missing


def direct_encounter(ctx: Context, group: list[int]) -> list[list[int]]:
    """Order a tied group by Art. 6; returns consecutive sub-groups still tied inside.

    6.2: when all members met, the separate standings decide, re-applied to every tied subset.
    6.3: otherwise a member is placed only when alone at the top whatever the missing games'
    results, then the next, and Art. 6 is re-applied to the rest. Nothing is ranked from the
    bottom.
    """
    if len(group) < 2:
        return [group]
    cur, missing = separate_standings(ctx, group)
    ordered = sorted(group, key=lambda i: -cur[i])
    if not any(missing.values()):
        runs = split_runs(ordered, {i: -cur[i] for i in group})
        if len(runs) == 1:
            return [group]
        out: list[list[int]] = []
        for run in runs:
            out.extend(direct_encounter(ctx, run))
        return out
    best = {i: cur[i] + missing[i] * ctx.win_units for i in group}
    placed: list[list[int]] = []
    rest = ordered
    while len(rest) > 1:
        top = rest[0]
        if all(cur[top] > best[q] for q in rest[1:]):
            placed.append([top])
            rest = rest[1:]
        else:
            break
    if not placed:
        return [group]
    if len(rest) == 1:
        return [*placed, rest]
    return [*placed, *direct_encounter(ctx, rest)]


def explain_direct_encounter(
    standings: Standings, start_no: int, d: Descriptor, level: int
) -> Explanation:
    """The separate standings of the group still tied when DE (at position ``level`` of the
    list) was applied."""
    eng = standings.engine
    ctx = eng.context(d.forfeits_played)
    row = standings.row(start_no)
    group = _group_at(standings, start_no, level)
    cur, missing = separate_standings(ctx, group)
    value = row.values[level]
    head = f"{d.label} ({eng.rules.label}) = "
    if len(group) < 2:
        text = head + "not applied: no tie is left when DE is reached"
        return Explanation(d, eng.rules, start_no, row.participant.name, None, (), text)
    terms = []
    for i in sorted(group, key=lambda i: (-cur[i], eng.tournament.participants[i].start_no)):
        terms.append(Term(0, eng.label(i), cur[i] / ctx.den,
                          reason=f"points in games inside the group; {missing[i]} game(s) "
                                 "inside the group not played"))
    names = ", ".join(f"#{eng.tournament.participants[i].start_no}" for i in group)
    forfeits = "forfeits counted" if ctx.forfeits_played else "forfeits excluded (Art. 6.1.1)"
    article = "6.3" if any(missing.values()) else "6.2"
    verdict = (f"nothing decided (Art. {article})" if value is None
               else f"place {fmt_half(value)} (Art. {article})")
    text = f"{head}{verdict} in the tied group {names}; {forfeits}"
    return Explanation(d, eng.rules, start_no, row.participant.name, value, tuple(terms), text)


def _group_at(standings: Standings, start_no: int, level: int) -> list[int]:
    """Indices of the participants tied with ``start_no`` on points and the tie-breaks before
    ``level``."""
    row = standings.row(start_no)
    eng = standings.engine
    key = (row.points, row.values[:level])
    return [eng.index_of(r.participant.start_no) for r in standings.rows
            if (r.points, r.values[:level]) == key]


def explain_plus_minus(
    standings: Standings, start_no: int, d: Descriptor, level: int
) -> Explanation:
    """US Chess 34E5: the plus/minus of each member of the tied group."""
    eng = standings.engine
    row = standings.row(start_no)
    group = _group_at(standings, start_no, level)
    ctx = eng.context(rules=RuleSet.USCF)
    plus = plus_minus(ctx, group)
    terms = tuple(Term(0, eng.label(i), Fraction(plus[i]), reason="wins − losses inside the group")
                  for i in sorted(group, key=lambda i: -plus[i]))
    value = row.values[level]
    verdict = "nothing decided" if value is None else f"place {fmt_half(value)}"
    text = f"{d.label} ({RuleSet.USCF.label}) = {verdict} in the tied group (plus/minus, 34E5)"
    return Explanation(d, RuleSet.USCF, start_no, row.participant.name, value, terms, text)
