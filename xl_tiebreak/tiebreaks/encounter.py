"""Direct Encounter (C.07 Art. 6): the separate standings of a tied group.

A group tie-break: it orders the participants still tied when it is reached instead of giving
each a value of its own (their place inside the group is shown as its value).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.engine import Engine, Explanation, Term, Value
from xl_tiebreak.tiebreaks.unplayed import Context
from xl_tiebreak.util.numbers import fmt_half, split_runs

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:  # type annotations only; never imported at run time
    from xl_tiebreak.tiebreaks.descriptor import Descriptor

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


def order_direct_encounter(eng: Engine, d: Descriptor, group: list[int]) -> list[list[int]]:
    """DE as a group tie-break of a standings order (``/P``: forfeits count as games)."""
    return direct_encounter(eng.context(d.forfeits_played), group)


def explain_direct_encounter(
    eng: Engine, d: Descriptor, i: int, group: list[int], value: Value
) -> Explanation:
    """The separate standings of the group still tied when DE was applied (``value``: the
    place of participant ``i`` inside it, None when DE decided nothing)."""
    ctx = eng.context(d.forfeits_played)
    p = eng.tournament.participants[i]
    head = f"{d.label} ({eng.rules.label}) = "
    if len(group) < 2:
        text = head + _("not applied: no tie is left when DE is reached")
        return Explanation(d, eng.rules, p.start_no, p.name, None, (), text)
    cur, missing = separate_standings(ctx, group)
    parts = eng.tournament.participants
    terms = []
    for j in sorted(group, key=lambda j: (-cur[j], parts[j].start_no)):
        terms.append(Term(0, eng.label(j), cur[j] / ctx.den,
                          reason=_("points in games inside the group; {missing} game(s) inside "
                                   "the group not played", missing=missing[j])))
    names = ", ".join(f"#{parts[j].start_no}" for j in group)
    forfeits = (_("forfeits counted") if ctx.forfeits_played
                else _("forfeits excluded (Art. 6.1.1)"))
    article = "6.3" if any(missing.values()) else "6.2"
    verdict = (_("nothing decided (Art. {article})", article=article) if value is None
               else _("place {place} (Art. {article})", place=number_text(fmt_half(value)),
                      article=article))
    text = head + _("{verdict} in the tied group {names}; {forfeits}", verdict=verdict,
                    names=names, forfeits=forfeits)
    return Explanation(d, eng.rules, p.start_no, p.name, value, tuple(terms), text)
