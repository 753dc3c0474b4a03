"""US Chess tie-breaks (Official Rules, 7th ed., rule 34E).

They always count unplayed games the US Chess way (34E; their registry rows fix the rule set):
each unplayed game of an opponent counts as a draw (½) for the opponent's score; the player's own
unplayed rounds count as opponents with 0. Descriptors carry the TRF26 ``OTHER_`` prefix
(``OTHER_MM``), with readable aliases (``MM``, ``SOLKOFF``, ``CUM``, ``OPPCUM``, ``KASHDAN``).
"""

from __future__ import annotations

from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.tournament import Kind, kind_text
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.engine import (
    Engine,
    Explanation,
    Term,
    Value,
    bh_elements,
    cut,
    element_terms,
)
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.tiebreaks.unplayed import Context
from xl_tiebreak.util.numbers import fmt_half, split_runs

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:  # type annotations only; never imported at run time
    from xl_tiebreak.tiebreaks.descriptor import Descriptor


def us_context(eng: Engine) -> Context:
    """The context with US Chess unplayed-game rules."""
    return eng.context(rules=RuleSet.USCF)


def discards(eng: Engine) -> int:
    """Values discarded at each end: one, or two in events of 9 rounds or more (34E1, 34E4)."""
    return 2 if eng.rounds >= 9 else 1


def _median_sum(
    eng: Engine, i: int, terms: list[Term] | None, low: int, high: int, why: str
) -> Value:
    ctx = us_context(eng)
    elements = bh_elements(ctx, i, with_points=False)
    kept, removed = cut(elements, low, high, vur_first=False, rule=("34E", "34E"))
    if terms is not None:
        terms.extend(element_terms(eng, ctx, i, kept, removed, sb=False))
        if why:
            terms.append(Term(0, why, None))
    return Fraction(sum(int(e.c) for e in kept), ctx.den)


def tb_modified_median(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """34E1 Modified Median: opponents' adjusted scores without the lowest (plus score), the
    highest (minus score) or both (even score); two at each end from 9 rounds."""
    ctx = us_context(eng)
    n = discards(eng)
    half = ctx.win_units * ctx.rounds
    twice = 2 * ctx.score[i]
    if twice > half:
        low, high, why = n, 0, _("plus score: lowest discarded ({count} each, 34E1)", count=n)
    elif twice < half:
        low, high, why = 0, n, _("minus score: highest discarded ({count} each, 34E1)", count=n)
    else:
        low, high, why = n, n, _("even score: highest and lowest discarded ({count} each, "
                                 "34E1)", count=n)
    return _median_sum(eng, i, terms, low, high, why)


def tb_median(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """34E4 Median (Harkness): opponents' adjusted scores without the highest and lowest."""
    n = discards(eng)
    return _median_sum(eng, i, terms, n, n,
                       _("highest and lowest discarded ({count} each, 34E4)", count=n))


def tb_solkoff(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """34E2 Solkoff: the sum of the opponents' adjusted scores, nothing discarded."""
    return _median_sum(eng, i, terms, 0, 0, "")


def _unplayed_full_point(ctx: Context, i: int, r: int) -> bool:
    """A win without playing: forfeit win, full-point or pairing-allocated bye worth a win."""
    kind = ctx.kinds[i][r]
    return not ctx.otb[i][r] and kind is not Kind.FORFEIT_LOSS and ctx.pts[i][r] == ctx.win_units


def cumulative_units(ctx: Context, i: int) -> int:
    """34E3 Cumulative in units: running scores summed, minus a win for each unplayed win or
    full-point bye."""
    unplayed_wins = sum(1 for r in range(ctx.rounds) if _unplayed_full_point(ctx, i, r))
    return sum(ctx.running(i)) - ctx.win_units * unplayed_wins


def tb_cumulative(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """34E3 Cumulative: the sum of the running scores, less one point for each unplayed win
    or one-point bye."""
    ctx = us_context(eng)
    if terms is not None:
        running = 0
        for r in range(ctx.rounds):
            running += ctx.pts[i][r]
            terms.append(Term(r + 1, _("score after round {round}", round=r + 1),
                              ctx.to_points(running),
                              ctx.to_points(ctx.pts[i][r]), ctx.to_points(running)))
            if _unplayed_full_point(ctx, i, r):
                minus = ctx.to_points(-ctx.win_units)
                terms.append(Term(r + 1, _("unplayed {kind} not counted",
                                           kind=kind_text(ctx.kinds[i][r])),
                                  None, contribution=minus, reason="34E3"))
    return ctx.to_points(cumulative_units(ctx, i))


def tb_opp_cumulative(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """34E9 Cumulative of opposition: the sum of the opponents' Cumulative scores (games
    actually played; unplayed rounds add nothing)."""
    ctx = us_context(eng)
    total = 0
    for r in range(ctx.rounds):
        o = ctx.opps[i][r]
        if o < 0 or not ctx.otb[i][r]:
            continue
        cum = ctx.memo("cumulative", o, cumulative_units)
        total += cum
        if terms is not None:
            terms.append(Term(r + 1, eng.label(o), ctx.to_points(cum),
                              contribution=ctx.to_points(cum), reason=_("opponent's Cumulative")))
    return ctx.to_points(total)


_KASHDAN = {Kind.WIN: 4, Kind.DRAW: 2, Kind.LOSS: 1}


def tb_kashdan(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """34E7 Kashdan: 4 per win, 2 per draw, 1 per loss played, 0 per unplayed game."""
    ctx = us_context(eng)
    total = 0
    for r in range(ctx.rounds):
        value = _KASHDAN.get(ctx.kinds[i][r], 0) if ctx.otb[i][r] else 0
        total += value
        if terms is not None:
            terms.append(Term(r + 1, ctx.kinds[i][r].value, None, contribution=Fraction(value)))
    return Fraction(total)


def tb_us_sonneborn(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """34E8 Sonneborn-Berger: adjusted scores of the opponents beaten plus half of those
    drawn (unplayed rounds add nothing)."""
    ctx = us_context(eng)
    total = Fraction(0)
    for r in range(ctx.rounds):
        o = ctx.opps[i][r]
        kind = ctx.kinds[i][r]
        if o < 0 or not ctx.otb[i][r] or kind is Kind.LOSS:
            continue
        share = Fraction(1) if kind is Kind.WIN else Fraction(1, 2)
        value = ctx.to_points(ctx.adjusted[o])
        total += share * value
        if terms is not None:
            terms.append(Term(r + 1, f"{eng.label(o)} ({kind_text(kind)})", value,
                              contribution=share * value,
                              reason=_("opponent's adjusted score (34E)")))
    return total


def plus_minus(ctx: Context, group: list[int]) -> dict[int, int]:
    """Wins − losses of each member in the games played among the group (34E5)."""
    members = set(group)
    plus = {i: 0 for i in group}
    for i in group:
        for r in range(ctx.rounds):
            if ctx.opps[i][r] in members and ctx.cats[i][r] is Category.PLAYED:
                kind = ctx.kinds[i][r]
                plus[i] += 1 if kind in (Kind.WIN, Kind.FORFEIT_WIN) else \
                    -1 if kind in (Kind.LOSS, Kind.FORFEIT_LOSS) else 0
    return plus


def result_between_tied(ctx: Context, group: list[int]) -> list[list[int]]:
    """34E5: order a tied group by plus/minus (wins − losses) in the games played among its
    members (not by percentage); equal plus/minus stay tied."""
    plus = plus_minus(ctx, group)
    return split_runs(group, {i: -v for i, v in plus.items()})


def order_result_between_tied(eng: Engine, d: Descriptor, group: list[int]) -> list[list[int]]:
    """34E5 as a group tie-break of a standings order (always US Chess rules)."""
    return result_between_tied(us_context(eng), group)


def explain_result_between_tied(
    eng: Engine, d: Descriptor, i: int, group: list[int], value: Value
) -> Explanation:
    """US Chess 34E5: the plus/minus of each member of the tied group."""
    plus = plus_minus(us_context(eng), group)
    terms = tuple(Term(0, eng.label(j), Fraction(plus[j]),
                       reason=_("wins − losses inside the group"))
                  for j in sorted(group, key=lambda j: -plus[j]))
    verdict = (_("nothing decided in the tied group (plus/minus, 34E5)") if value is None
               else _("place {place} in the tied group (plus/minus, 34E5)",
                      place=number_text(fmt_half(value))))
    text = f"{d.label} ({RuleSet.USCF.label}) = {verdict}"
    p = eng.tournament.participants[i]
    return Explanation(d, RuleSet.USCF, p.start_no, p.name, value, terms, text)
