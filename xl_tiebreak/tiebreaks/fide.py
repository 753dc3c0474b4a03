"""FIDE tie-breaks (C.07 Arts. 7–10, 14, 16): one function per tie-break.

Each function computes one participant's value and, when given a list, itemises it into terms
(the same code path: what is explained is what is computed). The registry
(:mod:`xl_tiebreak.tiebreaks.registry`) names each function in its tie-break's row; the engine
(:mod:`xl_tiebreak.tiebreaks.engine`) calls it.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from fractions import Fraction

import xl_tiebreak.tiebreaks.ratings as ratings
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.tournament import Color, Kind
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.engine import (
    Element,
    Engine,
    Term,
    Value,
    bh_elements,
    cut,
    element_terms,
)
from xl_tiebreak.tiebreaks.unplayed import Context, rest_rounds
from xl_tiebreak.util.numbers import fmt_half, round_half_up

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:  # type annotations only; never imported at run time
    from xl_tiebreak.tiebreaks.descriptor import Descriptor



# ====================================================================== Type B (Art. 7)


def _count(
    eng: Engine, i: int, terms: list[Term] | None, rounds: Sequence[int],
    halves: Sequence[int] | None = None,
) -> Fraction:
    """Number of ``rounds`` (or the sum of ``halves`` / 2, one per round); the rounds are
    itemised into ``terms`` when asked."""
    amounts = [Fraction(h, 2) for h in halves] if halves is not None else None
    if terms is not None:
        for k, r in enumerate(rounds):
            amount = Fraction(1) if amounts is None else amounts[k]
            terms.append(Term(r + 1, eng.round_label(i, r), None, contribution=amount))
    return Fraction(len(rounds)) if halves is None else Fraction(sum(halves), 2)


_WINS = (Kind.WIN, Kind.FORFEIT_WIN)


def tb_win(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """WIN (7.1): rounds in which i got as many points as a win, with or without playing."""
    ctx = eng.base
    pts, kinds, win = ctx.pts[i], ctx.kinds[i], ctx.win_units
    rounds = [r for r in range(ctx.rounds) if pts[r] == win and kinds[r] is not Kind.FORFEIT_LOSS]
    return _count(eng, i, terms, rounds)


def _type_b_games(eng: Engine, d: Descriptor, i: int) -> list[int]:
    """Rounds counted as games by WON/BPG/BWG: over the board, plus forfeit wins in
    pre-determined pairings (15.2, docs/decisions.md D3) or with /P (D11)."""
    return eng.otb_rounds(i, forfeit_wins=eng.predetermined or d.forfeits_played)


def tb_won(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """WON (7.2): games won over the board (RR forfeit wins count, 15.2)."""
    kinds = eng.base.kinds[i]
    return _count(eng, i, terms, [r for r in _type_b_games(eng, d, i) if kinds[r] in _WINS])


def tb_bpg(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """BPG (7.3): games played with Black over the board."""
    colors = eng.base.colors[i]
    black = Color.BLACK
    return _count(eng, i, terms, [r for r in _type_b_games(eng, d, i) if colors[r] is black])


def tb_bwg(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """BWG (7.4): games won with Black over the board."""
    kinds, colors = eng.base.kinds[i], eng.base.colors[i]
    rounds = [r for r in _type_b_games(eng, d, i)
              if colors[r] is Color.BLACK and kinds[r] in _WINS]
    return _count(eng, i, terms, rounds)


def _rest_mask(ctx: Context, i: int) -> int:
    """The rest rounds of i in a round robin, as bits (:func:`rest_rounds`)."""
    return rest_rounds(ctx.kinds, ctx.opps)[i]


def tb_rep(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """REP (7.6): rounds minus half-point byes, zero-point byes and forfeit losses (a rest
    round of a round robin is not a choice and counts: docs/decisions.md D10; only a round
    the schedule gives as a rest is one, spec §4.7)."""
    ctx = eng.base
    kinds = ctx.kinds[i]
    rest = ctx.memo("rest rounds", i, _rest_mask) if eng.predetermined else 0
    rounds = [
        r for r in range(ctx.rounds)
        if kinds[r] not in (Kind.HPB, Kind.ZPB, Kind.FORFEIT_LOSS) or rest >> r & 1
    ]
    value = _count(eng, i, terms, rounds)
    if terms is not None and rest:
        terms[:] = [t.replace(label=_("rest round of the round robin"),
                              reason=_("not a choice (D10)"))
                    if rest >> (t.round - 1) & 1 else t for t in terms]
    return value


def tb_std(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """STD (7.7): 1 / ½ / 0 per round by comparing points with the scheduled opponent's, or
    with draw points when there was no opponent (a double forfeit gives ½, docs/decisions.md D4)."""
    ctx = eng.base
    halves = []
    for r in range(ctx.rounds):
        own = ctx.pts[i][r]
        opp = ctx.opps[i][r]
        other = ctx.pts[opp][r] if opp >= 0 and not ctx.kinds[i][r].bye else ctx.draw_units
        halves.append(2 if own > other else 1 if own == other else 0)
    return _count(eng, i, terms, range(ctx.rounds), halves)


def tb_ps(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """PS (7.5): sum of the running scores after each round; Cut-n drops the first n."""
    ctx = eng.base
    running = 0
    total = 0
    for r in range(ctx.rounds):
        running += ctx.pts[i][r]
        dropped = r < d.low
        if not dropped:
            total += running
        if terms is not None:
            value = ctx.to_points(running)
            terms.append(
                Term(r + 1, _("score after round {round}", round=r + 1), value,
                     ctx.to_points(ctx.pts[i][r]), value,
                     cut=_("first rounds cut (Art. 14.1)") if dropped else "")
            )
    return ctx.to_points(total)


def tb_tpn(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """TPN (7.8): the pairing number (lower is better unless /R)."""
    return Fraction(eng.tournament.participants[i].start_no)


def tb_pts(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """PTS: the score (extra points included, each part itemised; docs/decisions.md D51)."""
    if terms is not None and eng.extra[i]:
        terms.append(Term(0, _("results of the rounds"), None,
                          contribution=eng.games_points(i)))
        terms.append(Term(0, _("extra points (arbiter; in no tie-break)"), None,
                          contribution=eng.extra[i]))
    return eng.points(i)


# ====================================================================== Art. 16 based sums


def _bh_like(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None, *, fore: bool,
             sb: bool) -> Value:
    ctx = eng.context(d.forfeits_played, fore)
    scale = ctx.den * ctx.den if sb else ctx.den
    if terms is None:
        rounds, values, any_vur = ctx.term_columns(i)
        scored: list[int] = []
        if sb:  # the points i scored in each round counted
            pts = ctx.pts[i]
            scored = [pts[r] for r in rounds]
        if not d.low:  # fast path: a plain sum
            total = sum(map(operator.mul, values, scored)) if sb else sum(values)
            return eng.ratio(total, scale)
        if not ctx.rules.vur_cut_first or not any_vur:
            # fast path: the cuts drop the lowest and highest values (Art. 14) and no
            # voluntary unplayed round can be cut first (16.5)
            high = d.high if d.low else 0
            if sb:  # the values sorted, each with its contribution (value × points)
                pairs = sorted(zip(values, map(operator.mul, values, scored), strict=True))
                return eng.ratio(sum(c for _, c in pairs[d.low:len(pairs) - high]), scale)
            ordered = sorted(values)
            return eng.ratio(sum(ordered[d.low:len(ordered) - high]), scale)
    elements = bh_elements(ctx, i, sb)
    kept_elements, removed = cut(elements, d.low, d.low and d.high,
                                 vur_first=ctx.rules.vur_cut_first)
    if terms is not None:
        terms.extend(element_terms(eng, ctx, i, kept_elements, removed, sb))
    return eng.ratio(sum(e.c for e in kept_elements), scale)


def tb_bh(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """BH (8.1): sum of opponents' adjusted scores and dummy scores, after cuts."""
    return _bh_like(eng, d, i, terms, fore=False, sb=False)


def tb_fb(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """FB (8.3): Buchholz as if every paired game of the last round had been drawn."""
    return _bh_like(eng, d, i, terms, fore=True, sb=False)


def tb_sb(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """SB (9.1): sum of opponent/dummy score × points scored in that round, after cuts."""
    return _bh_like(eng, d, i, terms, fore=False, sb=True)


def aob_places(rounds: int) -> int:
    """Decimals AOB is rounded to (half up) after ``rounds`` rounds, as the FIDE TEC checker
    does (spec §4.11, corrected): 2 below 9 rounds, 3 for 9-26, 4 for 27-72, 5 beyond. Ranks
    compare the rounded values."""
    if rounds < 9:
        return 2
    if rounds <= 26:
        return 3
    if rounds <= 72:
        return 4
    return 5


def tb_aob(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """AOB (8.2): average of the over-the-board opponents' Buchholz (or FB with /F), rounded
    half up to :func:`aob_places` decimals; undefined without such opponents."""
    code = "FB" if d.fore else "BH"
    ctx = eng.context(d.forfeits_played, d.fore)
    base = eng.base
    if d.forfeits_played:  # /P: the scheduled opponents of forfeits count too
        rounds = [r for r in range(ctx.rounds)
                  if ctx.opps[i][r] >= 0 and ctx.cats[i][r] is Category.PLAYED]
    else:  # over-the-board opponents only, round robins included (docs/decisions.md D12)
        rounds = [r for r in eng.otb_rounds(i) if base.opps[i][r] >= 0]
    opps = [base.opps[i][r] for r in rounds]
    if terms is not None:
        for r, o in zip(rounds, opps):
            value = ctx.to_points(ctx.bh_units(o))
            terms.append(Term(r + 1, eng.label(o), value, reason=f"opponent's {code}",
                              contribution=value))
    if not opps:
        return None
    total = sum(ctx.bh_units(o) for o in opps)
    return round_half_up(Fraction(total, ctx.den * len(opps)), aob_places(ctx.rounds))


# ====================================================================== Koya (9.2)


def tb_ks(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """KS (9.2): points scored against participants with at least 50 % of the maximum score
    (moved by the /L limit); a forfeit counts against its scheduled opponent."""
    ctx = eng.context(d.forfeits_played)
    total = 0
    qualified = _koya_qualified(eng, ctx, d)
    for r in range(ctx.rounds):
        o = ctx.opps[i][r]
        if o < 0 or ctx.kinds[i][r].bye:
            continue
        qualifies = qualified[o]
        if qualifies:
            total += ctx.pts[i][r]
        if terms is not None:
            limit = _koya_threshold(eng, ctx, d, o)
            terms.append(Term(
                r + 1, eng.label(o), ctx.to_points(ctx.score[o]), ctx.to_points(ctx.pts[i][r]),
                ctx.to_points(ctx.pts[i][r]) if qualifies else Fraction(0),
                _("threshold {points}", points=number_text(fmt_half(limit / ctx.den)))
                if qualifies else
                _("threshold {points} not reached", points=number_text(fmt_half(limit / ctx.den))),
            ))
    return ctx.to_points(total)


def _koya_qualified(eng: Engine, ctx: Context, d: Descriptor) -> list[bool]:
    """Whether each participant (index) reaches the Koya threshold of ``d``, computed once
    per engine, Koya context and limit (every participant's opponents look it up)."""
    key = ("KS", d.forfeits_played, d.limit, d.limit_percent)
    found = eng.tables.get(key)
    if found is None:
        found = eng.tables[key] = [ctx.score[o] >= _koya_threshold(eng, ctx, d, o)
                                   for o in range(ctx.n)]
    return found


def _koya_threshold(eng: Engine, ctx: Context, d: Descriptor, o: int) -> Fraction:
    """Score (units) a participant needs to count for Koya: a share of win points × the games
    that participant was scheduled to play (docs/decisions.md D9), moved by ``/L±n`` half-points."""
    maximum = Fraction(ctx.win_units * ctx.scheduled_games(o))
    if d.limit_percent is not None:
        return maximum * d.limit_percent / 100
    return maximum / 2 + (d.limit or 0) * Fraction(ctx.den, 2)


# ====================================================================== ratings (Art. 10)


def _opponent_ratings(eng: Engine, d: Descriptor, i: int) -> list[tuple[int, int | None]]:
    """(round, rating) of each over-the-board opponent; forfeits never count (15.2). The
    rating is None for an opponent left out (no rating, docs/decisions.md D-E1)."""
    ctx = eng.base
    return [(r, eng.rating(d, ctx.opps[i][r])) for r in eng.otb_rounds(i) if ctx.opps[i][r] >= 0]


def _left_out(eng: Engine, d: Descriptor, i: int, r: int, terms: list[Term] | None) -> None:
    """The explanation's line of round ``r`` (0-based), whose opponent is left out."""
    if terms is not None:
        o = eng.base.opps[i][r]
        terms.append(Term(r + 1, eng.label(o), None, reason=eng.rating_reason(d, o)))


def _aro_exact(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Fraction | None:
    pairs = _opponent_ratings(eng, d, i)
    elements = [Element(r, rt, rt, False) for r, rt in pairs if rt is not None]
    kept, removed = cut(elements, d.low, d.low and d.high, vur_first=False)
    if terms is not None:
        why_cut = {id(e): why for e, why in removed}
        by_round = {e.r: e for e in elements}
        for r, _rt in pairs:
            e = by_round.get(r)
            if e is None:
                _left_out(eng, d, i, r, terms)
                continue
            o = eng.base.opps[i][e.r]
            terms.append(Term(e.r + 1, eng.label(o), Fraction(e.v), contribution=Fraction(e.c),
                              reason=eng.rating_reason(d, o), cut=why_cut.get(id(e), "")))
    if not kept:
        return None
    return Fraction(sum(int(e.c) for e in kept), len(kept))


def tb_aro(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """ARO (10.1): average rating of over-the-board opponents, rounded (half up)."""
    exact = _aro_exact(eng, d, i, terms)
    return None if exact is None else round_half_up(exact)


def _rated_rounds(eng: Engine, d: Descriptor, i: int) -> list[int]:
    """Rounds (0-based) i played over the board against an opponent not left out."""
    opps = eng.base.opps[i]
    return [r for r in eng.otb_rounds(i)
            if opps[r] >= 0 and eng.rating(d, opps[r]) is not None]


def _game_score(eng: Engine, i: int, rounds: list[int] | None = None) -> tuple[Fraction, int]:
    """Over-the-board result points (1 / ½ / 0 per game) and number of games (of ``rounds``
    when given: the games against the opponents not left out)."""
    kinds = eng.base.kinds[i]
    if rounds is None:
        rounds = eng.otb_rounds(i)
    halves = sum(2 if kinds[r] is Kind.WIN else 1 if kinds[r] is Kind.DRAW else 0
                 for r in rounds)
    return Fraction(halves, 2), len(rounds)


def _counted_score(eng: Engine, d: Descriptor, i: int) -> tuple[Fraction, int]:
    """TPR's and PTP's points and games: every game over the board, or only those against
    opponents with a rating when opponents without one are left out."""
    return _game_score(eng, i, _rated_rounds(eng, d, i) if eng.leave_out else None)


def tb_tpr(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """TPR (10.2): ARO + dp(p), p = points / games over the board rounded to 2 decimals."""
    aro = tb_aro(eng, d, i, terms)  # TPR takes only /U, as ARO does: the same opponents
    score, games = _counted_score(eng, d, i)
    if aro is None or games == 0:
        return None
    pct = ratings.percent_of(score / games)
    if terms is not None:
        terms.append(Term(0, f"p = {fmt_half(score)}/{games} → {pct}%", Fraction(pct, 100),
                          contribution=Fraction(ratings.dp(pct)),
                          reason=f"ARO {aro} + dp({pct}%) (B.02 table)"))
    return aro + ratings.dp(pct)


def _ptp_of(opp_ratings: list[int], score: Fraction) -> int:
    """Lowest integer R with Σ E(R − r_i) ≥ score (full-scale B.02 table)."""
    if score == 0:
        return min(opp_ratings) - 800
    # Σ E (hundredths) ≥ score × 100, compared in whole numbers: score = num / den
    target, den = score.numerator * 100, score.denominator
    lowest, highest = min(opp_ratings), max(opp_ratings)
    lo, hi = lowest - 800, highest + ratings.PERFECT_DIFF
    # every rating tried lies in lo..hi: one check that the table holds every difference
    table = ratings.expected_table(lo - highest, hi - lowest)
    while lo < hi:
        mid = (lo + hi) // 2
        if table is not None:
            base = mid + ratings.EXPECTED_SPAN
            expected = sum([table[base - r] for r in opp_ratings])
        else:
            expected = ratings.expected_sum(mid, opp_ratings)
        if expected * den >= target:
            hi = mid
        else:
            lo = mid + 1
    return lo


def tb_ptp(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """PTP (10.3): the lowest rating whose expected score reaches the points scored."""
    every = _opponent_ratings(eng, d, i)
    pairs = [(r, rt) for r, rt in every if rt is not None]
    score, games = _counted_score(eng, d, i)
    if not pairs:
        for r, _rt in every:
            _left_out(eng, d, i, r, terms)
        return None
    value = _ptp_of([rt for _, rt in pairs], score)
    if terms is not None:
        for r, rt in every:
            o = eng.base.opps[i][r]
            if rt is None:
                _left_out(eng, d, i, r, terms)
                continue
            exp = ratings.expected_hundredths(value - rt)
            terms.append(Term(r + 1, eng.label(o), Fraction(rt),
                              contribution=Fraction(exp, 100),
                              reason=_("{rating}; expected score at {value}",
                                       rating=eng.rating_reason(d, o), value=value)))
        terms.append(Term(0, _("points over the board {points} in {games} games",
                               points=number_text(fmt_half(score)), games=games), score,
                          reason=_("lowest rating whose expected score reaches them (10.3)")))
    return Fraction(value)


def _average_of_opponents(
    eng: Engine, d: Descriptor, i: int, terms: list[Term] | None
) -> Value:
    averaged = d.tiebreak.of
    assert averaged is not None, "APRO and APPO rows name the tie-break they average"
    of = averaged.code
    inner = d.replace(tiebreak=averaged, text="")  # APRO/APPO take only /U, as TPR/PTP
    vals = eng.values(inner)
    rounds = [r for r in eng.otb_rounds(i) if eng.base.opps[i][r] >= 0]
    if eng.leave_out:  # an opponent without a rating is left out (docs/decisions.md D-E1)
        for r in rounds:
            if eng.rating(d, eng.base.opps[i][r]) is None:
                _left_out(eng, d, i, r, terms)
        rounds = _rated_rounds(eng, d, i)
    got = [(r, vals[eng.base.opps[i][r]]) for r in rounds]
    if terms is not None:
        for r, v in got:
            o = eng.base.opps[i][r]
            terms.append(Term(r + 1, eng.label(o), v, contribution=v,
                              reason=f"opponent's {of}; {eng.rating_reason(d, o)}"))
    defined = [v for _, v in got if v is not None]
    if not defined:
        return None
    if all(v.denominator == 1 for v in defined):  # whole ratings: summed as integers
        return round_half_up(Fraction(sum(v.numerator for v in defined), len(defined)))
    return round_half_up(Fraction(sum(defined), len(defined)))


def tb_apro(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """APRO (10.4): average TPR of over-the-board opponents, rounded half up."""
    return _average_of_opponents(eng, d, i, terms)


def tb_appo(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """APPO (10.5): average PTP of over-the-board opponents, rounded half up."""
    return _average_of_opponents(eng, d, i, terms)


def tb_rtng(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """RTNG (10.6): the participant's own rating (undefined for one without a rating when
    players without one are left out)."""
    rating = eng.rating(d, i)
    if terms is not None:
        terms.append(Term(0, eng.label(i), None if rating is None else Fraction(rating),
                          reason=eng.rating_reason(d, i)))
    return None if rating is None else Fraction(rating)
