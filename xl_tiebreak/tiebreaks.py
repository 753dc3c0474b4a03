"""Tie-break values (C.07 Arts. 7–10, 14, 16) for every participant, with their explanations.

:class:`Engine` computes one tie-break for all participants at once (``values``) or itemises it
for one participant (``explain``). Both paths share the same per-round terms, so what is
explained is exactly what is computed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction

from xl_tiebreak import ratings
from xl_tiebreak.descriptors import RATING_BASED, US_CHESS, Descriptor
from xl_tiebreak.model import Color, Kind, Tournament, TournamentType
from xl_tiebreak.numbers import fmt_half, round_half_up
from xl_tiebreak.unplayed import (
    CATEGORY_ARTICLE,
    Category,
    Context,
    RuleSet,
    build_context,
)

Value = Fraction | None
"""A tie-break value; None when undefined (ranks after every defined value)."""


@dataclasses.dataclass(frozen=True)
class Term:
    """One round's part in a tie-break value, as shown in an explanation."""

    round: int
    """Round number (1-based); 0 for terms that are not tied to a round."""
    label: str
    """What was counted: ``#12 Nick`` or ``dummy (half-point bye)``."""
    value: Fraction | None
    """The opponent's (adjusted) score, dummy score, rating, running score…"""
    points: Fraction | None = None
    """Points the participant scored in that round (SB multiplies by it)."""
    contribution: Fraction | None = None
    """What the term adds to the sum before cuts."""
    reason: str = ""
    """Why this value (article), e.g. ``adjusted score: rounds after withdrawal = draws (16.3)``."""
    cut: str = ""
    """Empty when kept; else why it was cut (``lowest value (Art. 14.1)``)."""


@dataclasses.dataclass(frozen=True)
class Explanation:
    """How a participant's tie-break value was obtained."""

    descriptor: Descriptor
    rules: RuleSet
    start_no: int
    name: str
    value: Value
    terms: tuple[Term, ...]
    formula: str
    """One readable line: ``BH/C1 (FIDE 2026) = 3½ + 3 + 2½ + 2 = 11; cut: R3 …``."""
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """A multi-line itemised text for printing."""
        d = self.descriptor
        sm = f", Swiss-Manager {d.swiss_manager}" if d.swiss_manager else ""
        out = [f"{d.label} — {d.name} ({d.article}{sm}), rules {self.rules.label}", self.formula]
        for t in self.terms:
            parts = [f"R{t.round}" if t.round else "  ", t.label]
            if t.value is not None:
                parts.append(f"value {fmt_half(t.value)}")
            if t.points is not None:
                parts.append(f"scored {fmt_half(t.points)}")
            if t.contribution is not None:
                parts.append(f"adds {fmt_half(t.contribution)}")
            if t.reason:
                parts.append(f"[{t.reason}]")
            if t.cut:
                parts.append(f"CUT: {t.cut}")
            out.append("  " + " · ".join(parts))
        out.extend(f"  note: {n}" for n in self.notes)
        return out


@dataclasses.dataclass(slots=True)
class _Element:
    """A term of a sum-based tie-break before cuts, in engine units."""

    r: int
    v: int | Fraction
    c: int | Fraction
    vur: bool


class Engine:
    """Computes tie-breaks of one tournament under one rule set, after round ``rounds``."""

    def __init__(
        self,
        tournament: Tournament,
        rules: RuleSet,
        rounds: int | None = None,
        unrated_rating: int | None = None,
    ) -> None:
        self.tournament = tournament
        self.rules = rules
        self.rounds = tournament.rounds if rounds is None else min(rounds, tournament.rounds)
        self.unrated_rating = unrated_rating
        self.predetermined = tournament.type is TournamentType.PREDETERMINED
        self._contexts: dict[tuple[bool, bool, RuleSet], Context] = {}
        self._cache: dict[Descriptor, list[Value]] = {}
        self.warnings: list[str] = []
        self.base = self.context()

    # ---------------------------------------------------------------- contexts
    def context(
        self, forfeits_played: bool = False, fore: bool = False, rules: RuleSet | None = None
    ) -> Context:
        """The (cached) Art. 16 context; ``fore`` builds the Fore Buchholz table; ``rules``
        overrides the engine's rule set (US Chess tie-breaks always use US Chess rules)."""
        rule_set = rules or self.rules
        key = (forfeits_played, fore, rule_set)
        if key not in self._contexts:
            base = self._contexts.get((False, False, self.rules))
            self._contexts[key] = build_context(
                self.tournament, rule_set, self.rounds, forfeits_played=forfeits_played,
                fore=fore, base=base,
            )
        return self._contexts[key]

    def points(self, i: int) -> Fraction:
        """Participant i's score after ``rounds`` rounds."""
        return self.base.to_points(self.base.score[i])

    def index_of(self, start_no: int) -> int:
        """Index of a start number; KeyError when unknown."""
        return self.base.index[start_no]

    # ---------------------------------------------------------------- public API
    def values(self, d: Descriptor) -> list[Value]:
        """The tie-break value of every participant (index order)."""
        if d not in self._cache:
            if d.code == "DE":
                raise ValueError("DE has no value of its own; see standings.direct_encounter")
            if self.skips(d):
                self._cache[d] = [None] * self.base.n
            else:
                fn = _TIEBREAKS[d.code]
                self._cache[d] = [fn(self, d, i, None) for i in range(self.base.n)]
        return self._cache[d]

    def explain(self, d: Descriptor, start_no: int) -> Explanation:
        """Itemised computation of one participant's value."""
        i = self.index_of(start_no)
        terms: list[Term] = []
        notes: list[str] = []
        if self.skips(d):
            value: Value = None
            notes.append(self.skip_reason(d))
        else:
            value = _TIEBREAKS[d.code](self, d, i, terms)
        rules = RuleSet.USCF if d.code in US_CHESS else self.rules
        formula = _formula(d, rules, value, terms)
        p = self.tournament.participants[i]
        return Explanation(d, rules, start_no, p.name, value, tuple(terms), formula,
                           tuple(notes))

    def skips(self, d: Descriptor) -> bool:
        """True when a rating-based tie-break is skipped for unrated participants (Art. 10)."""
        return d.code in RATING_BASED and self._unrated_rating(d) is _SKIP

    def skip_reason(self, d: Descriptor) -> str:
        """Why a rating-based tie-break was skipped (Art. 10: unrated participants)."""
        names = [f"#{p.start_no}" for p in self.tournament.participants if p.rating is None]
        shown = ", ".join(names[:5]) + (" …" if len(names) > 5 else "")
        return (
            f"{d.label} skipped: unrated participants ({shown}) and no rating for unrated "
            "players was set (Art. 10; give one with /U1400 or the unrated-rating setting)"
        )

    # ---------------------------------------------------------------- helpers
    def _unrated_rating(self, d: Descriptor) -> int | None | object:
        if d.unrated_rating is not None:
            return d.unrated_rating
        if self.unrated_rating is not None:
            return self.unrated_rating
        if any(p.rating is None for p in self.tournament.participants):
            return _SKIP
        return None

    def rating(self, d: Descriptor, i: int) -> int:
        """Rating of participant i for a rating-based tie-break (unrated → the set value)."""
        r = self.tournament.participants[i].rating
        if r is not None:
            return r
        fallback = self._unrated_rating(d)
        assert isinstance(fallback, int)
        return fallback

    def label(self, i: int) -> str:
        """``#12 Nick`` for messages."""
        p = self.tournament.participants[i]
        return f"#{p.start_no} {p.name}".strip()

    def otb_rounds(self, i: int, *, forfeit_wins: bool = False) -> list[int]:
        """Rounds (0-based) that i played over the board; with ``forfeit_wins``, RR forfeit
        wins too (15.2: a regular game for Type B tie-breaks)."""
        ctx = self.base
        otb = ctx.otb[i]
        if not forfeit_wins:
            return [r for r in range(ctx.rounds) if otb[r]]
        kinds, opps = ctx.kinds[i], ctx.opps[i]
        return [r for r in range(ctx.rounds)
                if otb[r] or (kinds[r] is Kind.FORFEIT_WIN and opps[r] >= 0)]


_SKIP = object()


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
            terms.append(Term(r + 1, _round_label(eng, i, r), None, contribution=amount))
    return Fraction(len(rounds)) if halves is None else Fraction(sum(halves), 2)


def _round_label(eng: Engine, i: int, r: int) -> str:
    """``win vs #12 Nick with Black`` (only built for explanations)."""
    ctx = eng.base
    kind = ctx.kinds[i][r]
    opp = ctx.opps[i][r]
    col = ctx.colors[i][r]
    colour = {Color.WHITE: " with White", Color.BLACK: " with Black"}.get(col, "") if col else ""
    vs = f" vs {eng.label(opp)}" if opp >= 0 else ""
    return f"{kind.value}{vs}{colour}"


_WINS = (Kind.WIN, Kind.FORFEIT_WIN)


def tb_win(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """WIN (7.1): rounds in which i got as many points as a win, with or without playing."""
    ctx = eng.base
    pts, kinds, win = ctx.pts[i], ctx.kinds[i], ctx.win_units
    rounds = [r for r in range(ctx.rounds) if pts[r] == win and kinds[r] is not Kind.FORFEIT_LOSS]
    return _count(eng, i, terms, rounds)


def _type_b_games(eng: Engine, d: Descriptor, i: int) -> list[int]:
    """Rounds counted as games by WON/BPG/BWG: over the board, plus forfeit wins in
    pre-determined pairings (15.2, spec §14 Q3) or with /P."""
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


def tb_rep(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """REP (7.6): rounds minus half-point byes, zero-point byes and forfeit losses (a rest
    round of a round robin is not a choice and counts)."""
    ctx = eng.base
    kinds, opps = ctx.kinds[i], ctx.opps[i]
    rounds = [
        r for r in range(ctx.rounds)
        if kinds[r] not in (Kind.HPB, Kind.ZPB, Kind.FORFEIT_LOSS)
        or (eng.predetermined and kinds[r] is Kind.ZPB and opps[r] < 0)
    ]
    return _count(eng, i, terms, rounds)


def tb_std(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """STD (7.7): 1 / ½ / 0 per round by comparing points with the scheduled opponent's, or
    with draw points when there was no opponent (a double forfeit gives ½, spec §14 Q4)."""
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
        cut = r < d.low
        if not cut:
            total += running
        if terms is not None:
            value = ctx.to_points(running)
            terms.append(
                Term(r + 1, f"score after round {r + 1}", value, ctx.to_points(ctx.pts[i][r]),
                     value, cut="first rounds cut (Art. 14.1)" if cut else "")
            )
    return ctx.to_points(total)


def tb_tpn(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """TPN (7.8): the pairing number (lower is better unless /R)."""
    return Fraction(eng.tournament.participants[i].start_no)


def tb_pts(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """PTS: the score."""
    return eng.points(i)


# ====================================================================== Art. 16 based sums


def _bh_elements(ctx: Context, i: int, with_points: bool) -> list[_Element]:
    """BH/SB terms of participant i: opponent's adjusted score or dummy score per round."""
    pts = ctx.pts[i]
    if with_points:
        return [_Element(r, v, v * pts[r], vur) for r, v, vur in ctx.terms(i)]
    return [_Element(r, v, v, vur) for r, v, vur in ctx.terms(i)]


def _cut(
    elements: list[_Element], low: int, high: int, vur_first: bool,
    rule: tuple[str, str] = ("Art. 14.1", "Art. 14.3"),
) -> tuple[list[_Element], list[tuple[_Element, str]]]:
    """Art. 14 cuts with the 16.5 exception: a low cut removes a voluntary unplayed round
    instead of the least significant value when its contribution is not lower."""
    kept = list(elements)
    removed: list[tuple[_Element, str]] = []
    for _ in range(low):
        if not kept:
            break
        lsv = min(kept, key=lambda e: (e.v, e.c, e.r))
        vurs = [e for e in kept if e.vur]
        if vur_first and vurs:
            vur = min(vurs, key=lambda e: (e.c, e.v, e.r))
            if vur.c >= lsv.c:
                kept.remove(vur)
                removed.append((vur, "voluntary unplayed round cut first (Art. 16.5)"))
                continue
        kept.remove(lsv)
        removed.append((lsv, f"least significant value ({rule[0]})"))
    for _ in range(high):
        if not kept:
            break
        msv = max(kept, key=lambda e: (e.v, e.c, -e.r))
        kept.remove(msv)
        removed.append((msv, f"most significant value ({rule[1]})"))
    return kept, removed


def _opponent_reason(ctx: Context, opp: int) -> str:
    if not ctx.rules.vur_cut_first:
        unplayed = [r + 1 for r, c in enumerate(ctx.cats[opp])
                    if c not in (Category.PLAYED, Category.REST)]
        if unplayed:
            rule = "US Chess 34E" if ctx.rules is RuleSet.USCF else "C.02 13.15.2"
            rounds = ", ".join(f"R{r}" for r in unplayed)
            return f"opponent's adjusted score: unplayed {rounds} counted as draws ({rule})"
        return "opponent's score"
    if ctx.adjusted[opp] != ctx.score[opp]:
        ends = [r + 1 for r, c in enumerate(ctx.cats[opp]) if c is Category.REQUESTED_BYE_AT_END]
        rounds = ", ".join(f"R{r}" for r in ends)
        return f"opponent's adjusted score: {rounds} counted as draws (Art. 16.3)"
    if ctx.cats[opp] and any(c not in (Category.PLAYED, Category.REST) for c in ctx.cats[opp]):
        return "opponent's score, unplayed rounds at face value (Art. 16.3)"
    return "opponent's score"


def _element_terms(
    eng: Engine, ctx: Context, i: int, kept: list[_Element], removed: list[tuple[_Element, str]],
    sb: bool,
) -> list[Term]:
    cut_reason = {id(e): why for e, why in removed}
    sq = ctx.den * ctx.den if sb else ctx.den
    terms = []
    for e in sorted([*kept, *(e for e, _ in removed)], key=lambda e: e.r):
        r = e.r
        kind = ctx.kinds[i][r]
        opp = ctx.opps[i][r]
        cat = ctx.cats[i][r]
        if cat is Category.PLAYED:
            what = "forfeit counted as a game" if kind.forfeit else kind.value
            label = f"{eng.label(opp)} ({what})" if opp >= 0 else kind.value
            reason = _opponent_reason(ctx, opp) if opp >= 0 else ""
        else:
            _, rule = ctx.dummy(i, r)
            label = ("virtual opponent" if ctx.rules is RuleSet.FIDE2009 else
                     "no opponent" if ctx.rules is RuleSet.USCF else "dummy opponent")
            label += f" ({kind.value})"
            reason = (f"category {CATEGORY_ARTICLE[cat]}; dummy = {rule}"
                      if ctx.rules.vur_cut_first else rule)
            if e.vur and ctx.rules.vur_cut_first:
                reason += "; voluntary unplayed round"
        terms.append(
            Term(r + 1, label, ctx.to_points(int(e.v)), ctx.to_points(ctx.pts[i][r]),
                 Fraction(e.c) / sq, reason, cut_reason.get(id(e), ""))
        )
    return terms


def _bh_like(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None, *, fore: bool,
             sb: bool) -> Value:
    ctx = eng.context(d.forfeits_played, fore)
    scale = ctx.den * ctx.den if sb else ctx.den
    if not d.low and terms is None:  # fast path: a plain sum
        pts = ctx.pts[i]
        raw = ctx.terms(i)
        total = sum(v * pts[r] for r, v, _ in raw) if sb else sum(v for _, v, _ in raw)
        return Fraction(total, scale)
    elements = _bh_elements(ctx, i, sb)
    kept, removed = _cut(elements, d.low, d.low and d.high, vur_first=ctx.rules.vur_cut_first)
    if terms is not None:
        terms.extend(_element_terms(eng, ctx, i, kept, removed, sb))
    return Fraction(sum(int(e.c) for e in kept), scale)


def tb_bh(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """BH (8.1): sum of opponents' adjusted scores and dummy scores, after cuts."""
    return _bh_like(eng, d, i, terms, fore=False, sb=False)


def tb_fb(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """FB (8.3): Buchholz as if every paired game of the last round had been drawn."""
    return _bh_like(eng, d, i, terms, fore=True, sb=False)


def tb_sb(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """SB (9.1): sum of opponent/dummy score × points scored in that round, after cuts."""
    return _bh_like(eng, d, i, terms, fore=False, sb=True)


def tb_aob(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """AOB (8.2): average of the over-the-board opponents' Buchholz (or FB with /F), rounded
    to 2 decimals; undefined without such opponents."""
    code = "FB" if d.fore else "BH"
    ctx = eng.context(d.forfeits_played, d.fore)
    base = eng.base
    if d.forfeits_played:  # /P: the scheduled opponents of forfeits count too
        rounds = [r for r in range(ctx.rounds)
                  if ctx.opps[i][r] >= 0 and ctx.cats[i][r] is Category.PLAYED]
    else:  # over-the-board opponents only, round robins included (spec §4.11)
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
    return round_half_up(Fraction(total, ctx.den * len(opps)), 2)


# ====================================================================== Koya (9.2)


def tb_ks(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """KS (9.2): points scored against participants with at least 50 % of the maximum score
    (moved by the /L limit); a forfeit counts against its scheduled opponent."""
    ctx = eng.context(d.forfeits_played)
    total = 0
    for r in range(ctx.rounds):
        o = ctx.opps[i][r]
        if o < 0 or ctx.kinds[i][r].bye:
            continue
        limit = _koya_threshold(eng, ctx, d, o)
        qualifies = ctx.score[o] >= limit
        if qualifies:
            total += ctx.pts[i][r]
        if terms is not None:
            terms.append(Term(
                r + 1, eng.label(o), ctx.to_points(ctx.score[o]), ctx.to_points(ctx.pts[i][r]),
                ctx.to_points(ctx.pts[i][r]) if qualifies else Fraction(0),
                f"threshold {fmt_half(limit / ctx.den)}" + ("" if qualifies else " not reached"),
            ))
    return ctx.to_points(total)


def _koya_threshold(eng: Engine, ctx: Context, d: Descriptor, o: int) -> Fraction:
    """Score (units) a participant needs to count for Koya: a share of win points × the games
    that participant was scheduled to play (spec §14 Q11), moved by ``/L±n`` half-points."""
    maximum = Fraction(ctx.win_units * ctx.scheduled_games(o))
    if d.limit_percent is not None:
        return maximum * d.limit_percent / 100
    return maximum / 2 + (d.limit or 0) * Fraction(ctx.den, 2)


# ====================================================================== ratings (Art. 10)


def _opponent_ratings(eng: Engine, d: Descriptor, i: int) -> list[tuple[int, int]]:
    """(round, rating) of each over-the-board opponent; forfeits never count (15.2)."""
    ctx = eng.base
    return [(r, eng.rating(d, ctx.opps[i][r])) for r in eng.otb_rounds(i) if ctx.opps[i][r] >= 0]


def _aro_exact(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Fraction | None:
    pairs = _opponent_ratings(eng, d, i)
    elements = [_Element(r, rt, rt, False) for r, rt in pairs]
    kept, removed = _cut(elements, d.low, d.low and d.high, vur_first=False)
    if terms is not None:
        cut = {id(e): why for e, why in removed}
        for e in elements:
            o = eng.base.opps[i][e.r]
            terms.append(Term(e.r + 1, eng.label(o), Fraction(e.v), contribution=Fraction(e.c),
                              reason="rating", cut=cut.get(id(e), "")))
    if not kept:
        return None
    return Fraction(sum(int(e.c) for e in kept), len(kept))


def tb_aro(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """ARO (10.1): average rating of over-the-board opponents, rounded (half up)."""
    exact = _aro_exact(eng, d, i, terms)
    return None if exact is None else round_half_up(exact)


def _game_score(eng: Engine, i: int) -> tuple[Fraction, int]:
    """Over-the-board result points (1 / ½ / 0 per game) and number of games."""
    kinds = eng.base.kinds[i]
    rounds = eng.otb_rounds(i)
    halves = sum(2 if kinds[r] is Kind.WIN else 1 if kinds[r] is Kind.DRAW else 0
                 for r in rounds)
    return Fraction(halves, 2), len(rounds)


def tb_tpr(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """TPR (10.2): ARO + dp(p), p = points / games over the board rounded to 2 decimals."""
    base = Descriptor("ARO", unrated_rating=d.unrated_rating)
    aro = tb_aro(eng, base, i, terms)
    score, games = _game_score(eng, i)
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
    target = score * 100
    lo, hi = min(opp_ratings) - 800, max(opp_ratings) + ratings.PERFECT_DIFF
    while lo < hi:
        mid = (lo + hi) // 2
        if sum(ratings.expected_hundredths(mid - r) for r in opp_ratings) >= target:
            hi = mid
        else:
            lo = mid + 1
    return lo


def tb_ptp(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """PTP (10.3): the lowest rating whose expected score reaches the points scored."""
    pairs = _opponent_ratings(eng, d, i)
    score, games = _game_score(eng, i)
    if not pairs:
        return None
    value = _ptp_of([rt for _, rt in pairs], score)
    if terms is not None:
        for r, rt in pairs:
            exp = ratings.expected_hundredths(value - rt)
            terms.append(Term(r + 1, eng.label(eng.base.opps[i][r]), Fraction(rt),
                              contribution=Fraction(exp, 100),
                              reason=f"expected score at {value}"))
        terms.append(Term(0, f"points over the board {fmt_half(score)} in {games} games", score,
                          reason="lowest rating whose expected score reaches them (10.3)"))
    return Fraction(value)


def _average_of_opponents(
    eng: Engine, d: Descriptor, i: int, terms: list[Term] | None, of: str
) -> Value:
    inner = Descriptor(of, unrated_rating=d.unrated_rating)
    vals = eng.values(inner)
    rounds = [r for r in eng.otb_rounds(i) if eng.base.opps[i][r] >= 0]
    got = [(r, vals[eng.base.opps[i][r]]) for r in rounds]
    if terms is not None:
        for r, v in got:
            terms.append(Term(r + 1, eng.label(eng.base.opps[i][r]), v, contribution=v,
                              reason=f"opponent's {of}"))
    defined = [v for _, v in got if v is not None]
    if not defined:
        return None
    return round_half_up(Fraction(sum(defined), len(defined)))


def tb_apro(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """APRO (10.4): average TPR of over-the-board opponents, rounded half up."""
    return _average_of_opponents(eng, d, i, terms, "TPR")


def tb_appo(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """APPO (10.5): average PTP of over-the-board opponents, rounded half up."""
    return _average_of_opponents(eng, d, i, terms, "PTP")


def tb_rtng(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """RTNG (10.6): the participant's own rating."""
    return Fraction(eng.rating(d, i))


TieBreakFunction = Callable[[Engine, Descriptor, int, list[Term] | None], Value]
"""Computes one participant's value; itemises it into the list when one is given."""

_TIEBREAKS: dict[str, TieBreakFunction] = {
    "PTS": tb_pts,
    "WIN": tb_win,
    "WON": tb_won,
    "BPG": tb_bpg,
    "BWG": tb_bwg,
    "PS": tb_ps,
    "REP": tb_rep,
    "STD": tb_std,
    "TPN": tb_tpn,
    "BH": tb_bh,
    "AOB": tb_aob,
    "FB": tb_fb,
    "SB": tb_sb,
    "KS": tb_ks,
    "ARO": tb_aro,
    "TPR": tb_tpr,
    "PTP": tb_ptp,
    "APRO": tb_apro,
    "APPO": tb_appo,
    "RTNG": tb_rtng,
}


def _register_us_chess() -> None:
    from xl_tiebreak import uscf  # defined there; it builds on this module

    _TIEBREAKS.update(uscf.TIEBREAKS)


_register_us_chess()

_SUMS = ("BH", "FB", "SB", "PS", "WIN", "WON", "BPG", "BWG", "REP", "STD", "KS",
         "OTHER_MM", "OTHER_MEDIAN", "OTHER_SOLKOFF", "OTHER_CUM", "OTHER_OPPCUM",
         "OTHER_KASHDAN", "OTHER_USSB")


def _formula(d: Descriptor, rules: RuleSet, value: Value, terms: list[Term]) -> str:
    head = f"{d.label} ({rules.label}) = "
    if value is None:
        return head + "undefined"
    kept = [t for t in terms if not t.cut and t.contribution is not None and t.round]
    cut = [t for t in terms if t.cut]
    if d.code in _SUMS and kept:
        sums = fmt_half(kept[0].contribution) + "".join(
            f" − {fmt_half(-t.contribution)}" if t.contribution is not None and t.contribution < 0
            else f" + {fmt_half(t.contribution)}"
            for t in kept[1:]
        )
        text = f"{head}{sums} = {fmt_half(value)}"
    elif d.code in ("ARO", "APRO", "APPO", "AOB") and kept:
        vals = " + ".join(fmt_half(t.contribution) for t in kept)
        text = f"{head}({vals}) / {len(kept)} = {fmt_half(value)}"
    else:
        text = f"{head}{fmt_half(value)}"
    if cut:
        text += "; cut: " + ", ".join(
            f"R{t.round} {t.label} ({fmt_half(t.value)}, {t.cut})" for t in cut
        )
    return text
