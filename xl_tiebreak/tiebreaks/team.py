"""Team tie-breaks (C.07 Arts. 11–13; spec §6): each computed on the MP or GP round table.

The sums on one score type (BH:MP, BH:GP, FB, AOB, PS, KS, EMMSB = SB on MP, EGGSB = SB on GP)
run the individual functions of :mod:`xl_tiebreak.tiebreaks.fide` on that score type's engine
(:class:`xl_tiebreak.tiebreaks.team_engine.ScoreEngine`); the mixed ones (EMGSB, EGMSB) multiply the
opponent's score of one type by the team's own score of the other in that round. Cuts remove the
opponent with the lowest opponent score (ties by contribution), a voluntary unplayed round first
under 16.5 — for the SB types this is not the lowest contribution.

EDE (13.3) orders a tied group by the primary score in the separate cross-table of the group,
then by the secondary score (a subgroup still tied stays on the secondary score, TEC ex. 45),
then — for exactly two teams left — by the board tie-breaks of the variant (Art. 12: BC, TBR,
BBE on the matches between them).
"""

from __future__ import annotations

from fractions import Fraction

import xl_tiebreak.tiebreaks.fide as tiebreaks
from xl_tiebreak.i18n import N_, _, _n
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import translate
from xl_tiebreak.model.teams import Score
from xl_tiebreak.model.tournament import Kind, kind_text
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.encounter import (
    direct_encounter,
    explain_direct_encounter,
    order_direct_encounter,
    separate_standings,
)
from xl_tiebreak.tiebreaks.engine import (
    Element,
    Engine,
    Explanation,
    GroupExplain,
    GroupOrder,
    Term,
    TieBreakFunction,
    Value,
    cut,
    element_terms,
)
from xl_tiebreak.tiebreaks.team_engine import TeamEngine
from xl_tiebreak.util.numbers import fmt_half, round_half_up

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:  # type annotations only; never imported at run time
    from xl_tiebreak.tiebreaks.descriptor import Descriptor


def team_engine(eng: Engine) -> TeamEngine:
    """The engine as a team engine; a team tie-break asked of an individual event is refused
    before it gets here (:mod:`xl_tiebreak.standings.evaluation`)."""
    if not isinstance(eng, TeamEngine):
        raise TypeError("a team tie-break needs a team event")
    return eng


def _as_base(d: Descriptor) -> Descriptor:
    """The same modifiers on the individual row of a team form (BH:MP/C1 → BH/C1 on the MP
    engine)."""
    base = d.tiebreak.base
    assert base is not None, f"{d.code} is not a team form of an individual tie-break"
    return d.replace(tiebreak=base, text="")


def on_score(score: Score, code: str, function: TieBreakFunction) -> TieBreakFunction:
    """The individual tie-break ``function`` (of ``code``) computed on one score type."""

    def compute(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
        return function(team_engine(eng).of(score), _as_base(d), i, terms)

    compute.__doc__ = f"{code} on {score.value} ({function.__doc__})"
    return compute


def total(score: Score) -> TieBreakFunction:
    """MPTS / GPTS: the team's match points or game points."""

    def compute(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
        te = team_engine(eng)
        if terms is not None:
            terms.extend(score_terms(te, score, i))
        return te.of(score).points(i)

    return compute


def score_terms(te: TeamEngine, score: Score, i: int) -> list[Term]:
    """The rounds of a team's MP or GP total, each with where its points come from: the boards
    of a played match (MP by the match result), the event's value of an unplayed kind (and
    the record that set it: TRF ``320``/``299``), or a ``299`` record for that round alone."""
    ev = te.event
    out = []
    for r in range(1, te.rounds + 1):
        m = ev.match(i, r)
        pts = ev.mp_of(m) if score is Score.MP else ev.gp_of(m)
        own = m.mp if score is Score.MP else m.gp
        if m.set_by and own is not None:
            why = _("{score} set for this round by {record}", score=score.value,
                    record=m.set_by)
        elif own is not None and not m.played:
            why = _("absent (no game, no bye record): nothing")
        elif m.played:
            why = (_("by the match result, {scoring}", scoring=ev.scoring.describe())
                   if score is Score.MP else _("the sum of its boards"))
        else:
            source = ev.scoring.source(m.kind)
            why = (_("the event's {score} for a {kind}, set by {record}", score=score.value,
                     kind=kind_text(m.kind), record=source) if source
                   else _("the event's {score} for a {kind} (docs/decisions.md D25)",
                          score=score.value, kind=kind_text(m.kind)))
        out.append(Term(r, te.round_label(i, r - 1), None, contribution=pts, reason=why))
    return out


def tb_secondary(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """MPvGP (13.1): the secondary score (GP when MP is primary, MP when GP is)."""
    te = team_engine(eng)
    return te.of(te.primary.other).points(i)


def extended_sb(opponent: Score, own: Score) -> TieBreakFunction:
    """ESB (13.2): Σ opponent's score (``opponent`` type; a dummy's for an unplayed round) ×
    the team's own score of the round (``own`` type), after cuts (no median)."""

    def compute(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
        te = team_engine(eng)
        octx = te.of(opponent).context(d.forfeits_played)
        sctx = te.of(own).context(d.forfeits_played)
        pts = sctx.pts[i]
        elements = [Element(r, v, v * pts[r], vur) for r, v, vur in octx.terms(i)]
        kept, removed = cut(elements, d.low, 0, vur_first=octx.rules.vur_cut_first)
        scale = octx.den * sctx.den
        if terms is not None:
            for t in element_terms(te.of(opponent), octx, i, kept, removed, True):
                r = t.round - 1
                e = next(x for x in elements if x.r == r)
                terms.append(t.replace(points=sctx.to_points(pts[r]),
                                       contribution=Fraction(e.c, scale)))
        return eng.ratio(sum(e.c for e in kept), scale)

    return compute


def tb_olympiad_sb(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """Olympiad Sonneborn-Berger (Swiss-Manager 74, spec §6.5 and §9.3): Σ opponent's MP ×
    the team's own GP of the match, one round dropped — the PAB round when there is one,
    otherwise the opponent with the lowest MP (ties: the lowest contribution, then the earlier
    round). Unplayed rounds count a dummy opponent as in EMGSB (Art. 16 of the rule set); the
    16.5 VUR exception does not apply (the Olympiad rule is a 16.6 alternative; see
    docs/decisions.md D57)."""
    te = team_engine(eng)
    octx = te.of(Score.MP).context(d.forfeits_played)
    sctx = te.of(Score.GP).context(d.forfeits_played)
    pts = sctx.pts[i]
    elements = [Element(r, v, v * pts[r], vur) for r, v, vur in octx.terms(i)]
    byes = [e for e in elements if te.event.match(i, e.r + 1).kind is Kind.PAB]
    removed: list[tuple[Element, str]] = []
    if byes:
        drop = min(byes, key=lambda e: (e.c, e.r))
        removed.append((drop, _("pairing-allocated bye dropped first (Olympiad SB)")))
    elif elements:
        drop = min(elements, key=lambda e: (e.v, e.c, e.r))
        removed.append((drop, _("opponent with the lowest MP dropped (Olympiad SB)")))
    kept = [e for e in elements if all(e is not x for x, _ in removed)]
    scale = octx.den * sctx.den
    if terms is not None:
        for t in element_terms(te.of(Score.MP), octx, i, kept, removed, True):
            e = next(x for x in elements if x.r == t.round - 1)
            terms.append(t.replace(points=sctx.to_points(pts[e.r]),
                                   contribution=Fraction(e.c, scale)))
    return eng.ratio(sum(e.c for e in kept), scale)


def sssc_factor(te: TeamEngine) -> int:
    """F_N of SSSC (13.4.2.b): the maximum primary total divided by the maximum secondary
    score of a round, rounded down (MP primary: floor(W_MP·N / boards))."""
    win_mp = te.event.scoring.win
    boards = te.event.boards
    n = te.rounds
    if te.primary is Score.MP:
        return int(win_mp * n // boards)
    return int(boards * n // win_mp)


def tb_sssc(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """SSSC (13.4): secondary score + BH of the primary score / F_N, rounded to 0.01 half up
    (docs/decisions.md D26); undefined when F_N is 0 (few rounds, many boards)."""
    te = team_engine(eng)
    f_n = sssc_factor(te)
    inner: list[Term] | None = [] if terms is not None else None
    bh_fn = tiebreaks.tb_fb if d.fore else tiebreaks.tb_bh
    bh = bh_fn(te.of(), d, i, inner)  # Buchholz reads the modifiers only (/P, and /F here)
    secondary = te.of(te.primary.other).points(i)
    if terms is not None and inner is not None:
        terms.extend(inner)
        terms.append(Term(0, _("secondary score {score}", score=te.primary.other.value),
                          secondary,
                          reason=_("SSSC = {secondary} + {bh} / {f_n} (F_N = floor of max "
                                   "{primary} total / max {other} of a round, Art. 13.4.2)",
                                   secondary=_half(secondary), bh=_half(bh), f_n=f_n,
                                   primary=te.primary.value, other=te.primary.other.value)))
    if f_n == 0 or bh is None:
        return None
    return round_half_up(secondary + bh / f_n, 2)


# ====================================================================== boards (Art. 12)


def board_points(te: TeamEngine, i: int, r: int) -> list[Fraction]:
    """Points on boards 1..k of team i in round r (0-based): a played match's boards; a won
    unplayed round (PAB, FPB, forfeit win) all boards won, a lost one all lost, an HPB all
    drawn (docs/decisions.md D24)."""
    m = te.event.match(i, r + 1)
    k = te.event.boards
    if m.played and m.boards:
        out = [Fraction(0)] * k
        for b in m.boards:
            if 1 <= b.board <= k:
                out[b.board - 1] = b.points
        return out
    if m.kind in (Kind.PAB, Kind.FPB, Kind.FORFEIT_WIN):
        return [Fraction(1)] * k
    if m.kind is Kind.HPB:
        return [Fraction(1, 2)] * k
    return [Fraction(0)] * k


def _bc(points: list[Fraction]) -> Fraction:
    return sum((b * p for b, p in enumerate(points, start=1)), Fraction(0))


def tb_bc(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """BC (Art. 12, listed on its own): Σ board number × points on that board over every round
    (as the FIDE checker counts it; lower is better); undefined without board data."""
    te = team_engine(eng)
    if not te.event.board_data:
        return None
    value = Fraction(0)
    for r in range(te.rounds):
        if te.event.match(i, r + 1).kind is Kind.ZPB:
            continue
        pts = board_points(te, i, r)
        v = _bc(pts)
        value += v
        if terms is not None:
            boards = " + ".join(f"{b}·{fmt_half(p)}" for b, p in enumerate(pts, 1) if p)
            terms.append(Term(r + 1, te.round_label(i, r), None, contribution=v,
                              reason=boards or _("no board points")))
    return value


def _mutual(te: TeamEngine, a: int, b: int) -> list[list[Fraction]]:
    """Board points of team a in the matches it played against b (15.2: RR forfeits too)."""
    ctx = te.of().context()
    return [board_points(te, a, r) for r in range(te.rounds)
            if ctx.opps[a][r] == b and ctx.cats[a][r] is Category.PLAYED]


def _sum_boards(rows: list[list[Fraction]]) -> list[Fraction]:
    k = max((len(x) for x in rows), default=0)
    return [sum((x[j] for x in rows), Fraction(0)) for j in range(k)]


def _board_keys(te: TeamEngine, pair: list[int], step: str) -> list[list[Fraction]] | None:
    """The successive comparisons of a board tie-break for two teams (higher is better),
    or None when they did not meet."""
    a, b = pair
    pa, pb = _sum_boards(_mutual(te, a, b)), _sum_boards(_mutual(te, b, a))
    if not pa or not pb:
        return None
    if step == "C":  # BC: lower is better, so compare the negated counts
        return [[-_bc(pa)], [-_bc(pb)]]
    k = len(pa)
    # TBR: boards 1, then 1–2, then 1–3 …; BBE: drop the last board, then the last two …
    cuts = range(1, k + 1) if step == "T" else range(k - 1, 0, -1)
    return [[sum(pa[:n], Fraction(0)) for n in cuts], [sum(pb[:n], Fraction(0)) for n in cuts]]


def board_order(te: TeamEngine, pair: list[int], steps: str) -> tuple[list[list[int]], str]:
    """Two tied teams ordered by the board tie-breaks ``steps`` (C = BC, T = TBR, B = BBE)
    on the matches between them; the reason shown in explanations."""
    for step in steps:
        keys = _board_keys(te, pair, step)
        if keys is None:
            return [pair], _("the two teams did not play each other: no board tie-break")
        ka, kb = keys
        if ka != kb:
            first = pair if ka > kb else pair[::-1]
            return [[first[0]], [first[1]]], _("{name} on their match(es)",
                                               name=translate(_BOARD_STEPS[step]))
    return [pair], _("board tie-breaks equal")


_BOARD_STEPS = {"C": N_("board count"), "T": N_("top board results"),
                "B": N_("bottom board elimination")}
"""The board tie-breaks of Art. 12 by their step letter, in English (shown translated)."""


def ede_order(boards: str) -> GroupOrder:
    """EDE (13.3) and its variants: the board tie-breaks ``boards`` (``""`` for EDE, ``"T"``
    for EDET, ``"B"`` EDEB, ``"CT"`` EDEBT, ``"CB"`` EDEBB, ``"C"`` EDEC) apply to exactly two
    teams left tied (13.3.2)."""

    def order(eng: Engine, d: Descriptor, group: list[int]) -> list[list[int]]:
        return _ede(team_engine(eng), d, group, boards)[0]

    return order


def _ede(te: TeamEngine, d: Descriptor, group: list[int],
         boards: str) -> tuple[list[list[int]], list[str]]:
    prim = te.of().context(d.forfeits_played)
    sec = te.of(te.primary.other).context(d.forfeits_played)
    out: list[list[int]] = []
    why: list[str] = []
    for part in direct_encounter(prim, group):
        if len(part) < 2:
            out.append(part)
            continue
        why.append(_("{teams} tied on {primary}: {other} decides (Art. 13.3.1)",
                     teams=_names(te, part), primary=te.primary.value,
                     other=te.primary.other.value))
        for sub in direct_encounter(sec, part):
            if len(sub) == 2 and boards:
                parts, reason = board_order(te, sub, boards)
                why.append(_("{teams}: {reason} (Art. 13.3.2)", teams=_names(te, sub),
                             reason=reason))
                out.extend(parts)
            else:
                out.append(sub)
    return out, why


def _names(te: TeamEngine, group: list[int]) -> str:
    return ", ".join(f"#{te.tournament.participants[j].start_no}" for j in group)


def ede_explain(boards: str) -> GroupExplain:
    """Explains EDE for one team of the tied group it was applied to."""

    def explain(eng: Engine, d: Descriptor, i: int, group: list[int],
                value: Value) -> Explanation:
        te = team_engine(eng)
        p = te.tournament.participants[i]
        head = f"{d.label} ({te.rules.label}) = "
        if len(group) < 2:
            return Explanation(d, te.rules, p.start_no, p.name, None, (),
                               head + _("not applied: no tie is left when EDE is reached"))
        terms = []
        for score in (te.primary, te.primary.other):
            ctx = te.of(score).context(d.forfeits_played)
            cur, missing = separate_standings(ctx, group)
            for j in sorted(group, key=lambda j: -cur[j]):
                terms.append(Term(0, f"{te.label(j)} ({score.value})", cur[j] / ctx.den,
                                  reason=_n("{score} in matches inside the group; {count} "
                                            "match not played",
                                            "{score} in matches inside the group; {count} "
                                            "matches not played", count=missing[j],
                                            score=score.value)))
        why = _ede(te, d, group, boards)[1]
        teams = _names(te, group)
        text = head + (_("nothing decided in the tied group {teams} (Art. 13.3)", teams=teams)
                       if value is None else
                       _("place {place} in the tied group {teams} (Art. 13.3)",
                         place=_half(value), teams=teams))
        return Explanation(d, te.rules, p.start_no, p.name, value, tuple(terms), text,
                           tuple(why))

    return explain


def board_group(step: str) -> tuple[GroupOrder, GroupExplain]:
    """TBR / BBE listed on their own: two tied teams by the boards of their match(es)."""

    def order(eng: Engine, d: Descriptor, group: list[int]) -> list[list[int]]:
        if len(group) != 2:
            return [group]
        return board_order(team_engine(eng), group, step)[0]

    def explain(eng: Engine, d: Descriptor, i: int, group: list[int],
                value: Value) -> Explanation:
        te = team_engine(eng)
        p = te.tournament.participants[i]
        if len(group) != 2:
            why = _("applies to two tied teams; {count} are tied here", count=len(group))
        else:
            why = board_order(te, group, step)[1]
        verdict = (_("nothing decided: {why} (Art. 12)", why=why) if value is None
                   else _("place {place}: {why} (Art. 12)", place=_half(value), why=why))
        text = f"{d.label} ({te.rules.label}) = {verdict}"
        return Explanation(d, te.rules, p.start_no, p.name, value, (), text)

    return order, explain


def _half(value: Value) -> str:
    """A value with ½ and the language's decimal separator (``2½``, ``17,75``)."""
    return number_text(fmt_half(value))


def score_de(score: Score) -> tuple[GroupOrder, GroupExplain]:
    """DE (Art. 6) on one score type of a team event."""
    def order(eng: Engine, d: Descriptor, group: list[int]) -> list[list[int]]:
        return order_direct_encounter(team_engine(eng).of(score), _as_base(d), group)

    def explain(eng: Engine, d: Descriptor, i: int, group: list[int],
                value: Value) -> Explanation:
        e = explain_direct_encounter(team_engine(eng).of(score), _as_base(d), i, group, value)
        return e.replace(descriptor=d, formula=e.formula.replace("DE", d.label, 1))

    return order, explain

