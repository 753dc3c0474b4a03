"""The tie-break engine: values and explanations of one tournament under one rule set.

:class:`Engine` computes one tie-break for all participants at once (:meth:`Engine.values`) or
itemises it for one participant (:meth:`Engine.explain`). Both call the same tie-break function
(the registry row's ``compute``), so what is explained is exactly what is computed. The shared
machinery of the sum-based tie-breaks — terms per round, the Art. 14 cuts with the 16.5
exception, their explanation — is here, used by the FIDE (:mod:`xl_tiebreak.tiebreaks.fide`) and the
US Chess (:mod:`xl_tiebreak.tiebreaks.uscf`) tie-breaks alike.

Descriptors are only read here: each holds its registry row, which says how to compute it; the
engine imports neither the registry nor the descriptor parser.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import current
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import Color, Kind, RatingUsed, Tournament, TournamentType
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.ratings import NATIONAL_KIND, chosen_ratings, fide_kind
from xl_tiebreak.tiebreaks.row import Explained
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.tiebreaks.unplayed import Context, build_context
from xl_tiebreak.util.numbers import fmt_half
from xl_tiebreak.util.plain import Frozen, Mutable

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:  # type annotations only; never imported at run time
    from xl_tiebreak.tiebreaks.descriptor import Descriptor

Value = Fraction | None
"""A tie-break value; None when undefined (ranks after every defined value)."""


class Term(Frozen):
    """One round's part in a tie-break value, as shown in an explanation."""

    __slots__ = ("round", "label", "value", "points", "contribution", "reason", "cut")
    round: int
    """Round number (1-based); 0 for terms that are not tied to a round."""
    label: str
    """What was counted: ``#12 Nick`` or ``dummy (half-point bye)``."""
    value: Fraction | None
    """The opponent's (adjusted) score, dummy score, rating, running score…"""
    points: Fraction | None
    """Points the participant scored in that round (SB multiplies by it)."""
    contribution: Fraction | None
    """What the term adds to the sum before cuts."""
    reason: str
    """Why this value (article), e.g. ``adjusted score: rounds after withdrawal = draws (16.3)``."""
    cut: str
    """Empty when kept; else why it was cut (``lowest value (Art. 14.1)``)."""

    def __init__(
        self, round: int, label: str, value: Fraction | None, points: Fraction | None = None,
        contribution: Fraction | None = None, reason: str = "", cut: str = "",
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "round", round)
        set_field(self, "label", label)
        set_field(self, "value", value)
        set_field(self, "points", points)
        set_field(self, "contribution", contribution)
        set_field(self, "reason", reason)
        set_field(self, "cut", cut)


class Explanation(Frozen):
    """How a participant's tie-break value was obtained."""

    __slots__ = ("descriptor", "rules", "start_no", "name", "value", "terms", "formula", "notes")
    descriptor: Descriptor
    rules: RuleSet
    start_no: int
    name: str
    value: Value
    terms: tuple[Term, ...]
    formula: str
    """One readable line: ``BH/C1 (FIDE 2026) = 3½ + 3 + 2½ + 2 = 11; cut: R3 …``."""
    notes: tuple[str, ...]

    def __init__(
        self, descriptor: Descriptor, rules: RuleSet, start_no: int, name: str, value: Value,
        terms: tuple[Term, ...], formula: str, notes: tuple[str, ...] = (),
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "descriptor", descriptor)
        set_field(self, "rules", rules)
        set_field(self, "start_no", start_no)
        set_field(self, "name", name)
        set_field(self, "value", value)
        set_field(self, "terms", terms)
        set_field(self, "formula", formula)
        set_field(self, "notes", notes)

    def lines(self) -> list[str]:
        """A multi-line itemised text for printing."""
        d = self.descriptor
        sm = f", Swiss-Manager {d.swiss_manager}" if d.swiss_manager else ""
        out = [_("{label} — {name} ({article}{sm}), rules {rules}", label=d.label, name=d.name,
                 article=d.article, sm=sm, rules=self.rules.label), self.formula]
        for t in self.terms:
            parts = [_("R{round}", round=t.round) if t.round else "  ", t.label]
            if t.value is not None:
                parts.append(_("value {value}", value=half(t.value)))
            if t.points is not None:
                parts.append(_("scored {points}", points=half(t.points)))
            if t.contribution is not None:
                parts.append(_("adds {value}", value=half(t.contribution)))
            if t.reason:
                parts.append(f"[{t.reason}]")
            if t.cut:
                parts.append(_("CUT: {why}", why=t.cut))
            out.append("  " + " · ".join(parts))
        out.extend("  " + _("note: {text}", text=n) for n in self.notes)
        return out


TieBreakFunction = Callable[["Engine", "Descriptor", int, "list[Term] | None"], Value]
"""Computes one participant's value; itemises it into the list when one is given."""
GroupOrder = Callable[["Engine", "Descriptor", list[int]], list[list[int]]]
"""Orders a tied group (indices) into consecutive sub-groups still tied inside."""
GroupExplain = Callable[["Engine", "Descriptor", int, list[int], Value], Explanation]
"""Explains a group tie-break for one participant (index) of the tied group it was applied to,
given the value (place inside the group, or None) it got there."""


class Element(Mutable):
    """A term of a sum-based tie-break before cuts, in engine units: round ``r`` (0-based),
    the value ``v`` compared by the cuts (opponent's or dummy's score, a rating), the
    contribution ``c`` to the sum (SB: value × points), ``vur``: a voluntary unplayed round
    (16.1)."""

    __slots__ = ("r", "v", "c", "vur")
    r: int
    v: int
    c: int
    vur: bool

    def __init__(self, r: int, v: int, c: int, vur: bool) -> None:
        self.r = r
        self.v = v
        self.c = c
        self.vur = vur


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
        self._ratios: dict[tuple[int, int], Fraction] = {}
        self.reasons: dict[tuple[int, int, str], str] = {}
        """Why an opponent's score counts as it does in explanations, by (context, opponent,
        language); contexts live as long as the engine, so their ids stay theirs."""
        self.term_labels: dict[tuple[int, Kind, str], str] = {}
        """The label of a game in explanations (``#12 Nick (win)``), by (opponent, kind,
        language)."""
        self.tables: dict[tuple[object, ...], list[bool]] = {}
        """Per-participant tables a tie-break computes once for every participant's value
        (Koya's qualified opponents), by the tie-break's key."""
        self.rating_used = tournament.rating_used or RatingUsed.FIDE
        """Which rating the rating-based tie-breaks use (docs/decisions.md D-E1)."""
        chosen = chosen_ratings(tournament, self.rating_used)
        self.ratings = [r for r, _kind in chosen]
        """Each participant's rating under :attr:`rating_used`; None: he has none."""
        self.rating_kinds = [kind for _, kind in chosen]
        """What each rating is (``FIDE rapid rating``, ``national rating``; untranslated)."""
        self.leave_out = self.rating_used is RatingUsed.FIDE_THEN_NATIONAL
        """Opponents without a rating are left out of the rating-based sums (rather than the
        tie-break skipped, Art. 10) unless a rating for unrated players is set."""
        self._unrated_known = any(r is None for r in self.ratings)
        self.base = self.context()
        self.extra = [p.extra_points for p in tournament.participants]
        """Each participant's extra points (docs/decisions.md D51): in :meth:`points` and
        :meth:`score_units` only, never in a tie-break's context."""
        self.has_extra = any(self.extra)

    # ---------------------------------------------------------------- contexts
    def context(
        self, forfeits_played: bool = False, fore: bool = False, rules: RuleSet | None = None
    ) -> Context:
        """The (cached) Art. 16 context; ``fore`` builds the Fore Buchholz table; ``rules``
        overrides the engine's rule set (US Chess tie-breaks always use US Chess rules)."""
        rule_set = rules or self.rules
        key = (forfeits_played, fore, rule_set)
        found = self._contexts.get(key)
        if found is None:
            base = self._contexts.get((False, False, self.rules))
            found = self._contexts[key] = build_context(
                self.tournament, rule_set, self.rounds, forfeits_played=forfeits_played,
                fore=fore, base=base,
            )
        return found

    def points(self, i: int) -> Fraction:
        """Participant i's score after ``rounds`` rounds, extra points included (the score
        the standings rank by; the tie-breaks use the scores of the games alone,
        docs/decisions.md D51)."""
        games = self.ratio(self.base.score[i], self.base.den)
        return games + self.extra[i] if self.has_extra else games

    def games_points(self, i: int) -> Fraction:
        """Participant i's score from the rounds alone (without extra points)."""
        return self.ratio(self.base.score[i], self.base.den)

    def score_units(self) -> list[int]:
        """Every participant's :meth:`points` as whole numbers of one common unit (for
        sorting): the base table's units when nobody has extra points."""
        base = self.base
        if not self.has_extra:
            return base.score
        den = math.lcm(base.den, *(e.denominator for e in self.extra))
        scale = den // base.den
        return [s * scale + int(e * den) for s, e in zip(base.score, self.extra, strict=True)]

    def ratio(self, units: int, scale: int) -> Fraction:
        """``Fraction(units, scale)``, one shared object per distinct value (values repeat
        across participants; fractions are immutable)."""
        key = (units, scale)
        found = self._ratios.get(key)
        if found is None:
            found = self._ratios[key] = Fraction(units, scale)
        return found

    def index_of(self, start_no: int) -> int:
        """Index of a start number; KeyError when unknown."""
        return self.base.index[start_no]

    # ---------------------------------------------------------------- public API
    def values(self, d: Descriptor) -> list[Value]:
        """The tie-break value of every participant (index order)."""
        found = self._cache.get(d)
        if found is None:
            compute = d.tiebreak.compute
            if compute is None:
                raise ValueError(f"{d.label} orders a tied group; it has no value of its own")
            if self.skips(d):
                found = [None] * self.base.n
            else:
                found = [compute(self, d, i, None) for i in range(self.base.n)]
            self._cache[d] = found
        return found

    def explain(self, d: Descriptor, start_no: int) -> Explanation:
        """Itemised computation of one participant's value."""
        i = self.index_of(start_no)
        terms: list[Term] = []
        notes: list[str] = []
        compute = d.tiebreak.compute
        if compute is None:
            raise ValueError(f"{d.label} orders a tied group; explain it in a standings order")
        if self.skips(d):
            value: Value = None
            notes.append(self.skip_reason(d))
        else:
            value = compute(self, d, i, terms)
        if d.tiebreak.rating_based:
            notes.append(self.rating_note())
        rules = d.tiebreak.rules or self.rules
        formula = formula_text(d, rules, value, terms)
        p = self.tournament.participants[i]
        return Explanation(d, rules, start_no, p.name, value, tuple(terms), formula,
                           tuple(notes))

    def skips(self, d: Descriptor) -> bool:
        """True when a rating-based tie-break is skipped for unrated participants (Art. 10,
        docs/decisions.md D13)."""
        return (d.tiebreak.rating_based and d.unrated_rating is None
                and self.unrated_rating is None and self._unrated_known
                and not self.leave_out)

    def skip_reason(self, d: Descriptor) -> str:
        """Why a rating-based tie-break was skipped (Art. 10: unrated participants)."""
        names = [f"#{p.start_no}" for p, r in zip(self.tournament.participants, self.ratings,
                                                   strict=True) if r is None]
        shown = ", ".join(names[:5]) + (" …" if len(names) > 5 else "")
        if self.rating_used is RatingUsed.NATIONAL:
            return _("{label} skipped: participants without a national rating ({shown}) and "
                     "no rating for unrated players was set (Art. 10; give one with /U1400 or "
                     "the unrated-rating setting, or use --rating fide-then-national)",
                     label=d.label, shown=shown)
        return _("{label} skipped: unrated participants ({shown}) and no rating for unrated "
                 "players was set (Art. 10; give one with /U1400 or the unrated-rating setting)",
                 label=d.label, shown=shown)

    # ---------------------------------------------------------------- helpers
    def rating(self, d: Descriptor, i: int) -> int | None:
        """Rating of participant i for a rating-based tie-break: his rating under
        :attr:`rating_used`, else the rating set for unrated players; None (left out of the
        sums) when neither is there, which only :attr:`leave_out` allows (otherwise the
        tie-break is skipped)."""
        r = self.ratings[i]
        if r is not None:
            return r
        fallback = d.unrated_rating if d.unrated_rating is not None else self.unrated_rating
        assert fallback is not None or self.leave_out, "skipped tie-breaks are not computed"
        return fallback

    def rating_reason(self, d: Descriptor, i: int) -> str:
        """Which rating of participant i a rating-based value used, for explanations:
        ``FIDE rapid rating``, ``national rating``, the rating set for unrated players, or
        why he is left out."""
        if self.ratings[i] is not None:
            return translated(self.rating_kinds[i])
        fallback = d.unrated_rating if d.unrated_rating is not None else self.unrated_rating
        if fallback is not None:
            return _("no {rating}: the rating set for unrated players",
                     rating=self.rating_wanted())
        return _("no {rating}: left out", rating=self.rating_wanted())

    def rating_wanted(self) -> str:
        """The rating :attr:`rating_used` asks for, translated: ``FIDE rapid rating``,
        ``national rating``, ``FIDE rapid rating or national rating``."""
        fide = translated(fide_kind(self.tournament))
        if self.rating_used is RatingUsed.NATIONAL:
            return translated(NATIONAL_KIND)
        if self.rating_used is RatingUsed.FIDE_THEN_NATIONAL:
            return _("{fide} or national rating", fide=fide)
        return fide

    def rating_advice(self) -> str:
        """What the standings' legend says about the ratings of the rating-based tie-breaks:
        the choice and who is left out when one was made; when none was, the national ratings
        the input has but which are not used; empty otherwise (docs/decisions.md D-E1)."""
        t = self.tournament
        if t.rating_used is None:
            if not any(p.national_rating for p in t.participants):
                return ""
            return _("{note}; the national ratings of the input are not used (choose with "
                     "--rating or the Settings row Rating used)", note=self.rating_note())
        out = [p for p, r in zip(t.participants, self.ratings, strict=True) if r is None]
        if self.leave_out and out and self.unrated_rating is None:
            names = ", ".join(f"#{p.start_no}" for p in out[:5]) + (" …" if len(out) > 5 else "")
            return _("{note}: {names} left out", note=self.rating_note(), names=names)
        return self.rating_note()

    def rating_note(self) -> str:
        """What an explanation of a rating-based value says about the ratings used."""
        if self.rating_used is RatingUsed.NATIONAL:
            return _("ratings used: each player's national rating (Rating used: national)")
        fide = translated(fide_kind(self.tournament))
        if self.rating_used is RatingUsed.FIDE_THEN_NATIONAL:
            return _("ratings used: each player's {fide}, else his national rating; a player "
                     "with neither is left out (Rating used: fide-then-national)", fide=fide)
        return _("ratings used: each player's {fide} (Rating used: fide)", fide=fide)

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

    def round_label(self, i: int, r: int) -> str:
        """``win vs #12 Nick with Black`` (only built for explanations)."""
        ctx = self.base
        kind = ctx.kinds[i][r]
        opp = ctx.opps[i][r]
        col = ctx.colors[i][r]
        colour = _COLOUR.get(col, "") if col else ""
        vs = " " + _("vs {opponent}", opponent=self.label(opp)) if opp >= 0 else ""
        return f"{kind_text(kind)}{vs}{translated(colour) if colour else ''}"


_COLOUR = {Color.WHITE: N_(" with White"), Color.BLACK: N_(" with Black")}

KIND_NAMES = {
    Kind.WIN: N_("win"), Kind.DRAW: N_("draw"), Kind.LOSS: N_("loss"),
    Kind.FORFEIT_WIN: N_("forfeit win"), Kind.FORFEIT_LOSS: N_("forfeit loss"),
    Kind.PAB: N_("pairing-allocated bye"), Kind.FPB: N_("full-point bye"),
    Kind.HPB: N_("half-point bye"), Kind.ZPB: N_("zero-point bye"),
}
"""What each kind of round is, in English (shown through the catalogue: :func:`kind_text`)."""


def kind_text(kind: Kind) -> str:
    """A round's kind in words in the language in force (``forfeit win``, ``vitória por
    W.O.``)."""
    text = KIND_NAMES.get(kind)
    return kind.value if text is None else translated(text)


def half(value: Fraction | None) -> str:
    """A value as people read it in the language in force: ``4½``, ``17.75`` (``17,75``);
    the texts of the last few thousand values are kept per language (explanations show the
    same scores over and over)."""
    key = (type(value), None if value is None else value.as_integer_ratio(),
           current())  # cheaper to hash than the fraction
    found = _HALVES.get(key)
    if found is None:
        if len(_HALVES) >= 4096:
            _HALVES.clear()
        found = _HALVES[key] = number_text(fmt_half(value))
    return found


_HALVES: dict[tuple[type, tuple[int, int] | None, str], str] = {}
"""The texts :func:`half` gave, by the value's type and (numerator, denominator), and the
language."""


# ====================================================================== Art. 16 based sums


def bh_elements(ctx: Context, i: int, with_points: bool) -> list[Element]:
    """BH/SB terms of participant i: opponent's adjusted score or dummy score per round."""
    pts = ctx.pts[i]
    if with_points:
        return [Element(r, v, v * pts[r], vur) for r, v, vur in ctx.terms(i)]
    return [Element(r, v, v, vur) for r, v, vur in ctx.terms(i)]


def cut(
    elements: list[Element], low: int, high: int, vur_first: bool,
    rule: tuple[str, str] = ("Art. 14.1", "Art. 14.3"),
) -> tuple[list[Element], list[tuple[Element, str]]]:
    """Art. 14 cuts with the 16.5 exception: a low cut removes a voluntary unplayed round
    instead of the least significant value when its contribution is not lower (the VUR with the
    lowest contribution, docs/decisions.md D5)."""
    kept = list(elements)
    removed: list[tuple[Element, str]] = []
    for _count in range(low):
        if not kept:
            break
        lsv = min(kept, key=lambda e: (e.v, e.c, e.r))
        vurs = [e for e in kept if e.vur]
        if vur_first and vurs:
            vur = min(vurs, key=lambda e: (e.c, e.v, e.r))
            if vur.c >= lsv.c:
                kept.remove(vur)
                removed.append((vur, _("voluntary unplayed round cut first (Art. 16.5)")))
                continue
        kept.remove(lsv)
        removed.append((lsv, _("least significant value ({rule})", rule=rule[0])))
    for _count in range(high):
        if not kept:
            break
        msv = max(kept, key=lambda e: (e.v, e.c, -e.r))
        kept.remove(msv)
        removed.append((msv, _("most significant value ({rule})", rule=rule[1])))
    return kept, removed


def element_terms(
    eng: Engine, ctx: Context, i: int, kept: list[Element], removed: list[tuple[Element, str]],
    sb: bool,
) -> list[Term]:
    """The explanation terms of a sum of opponents' (or dummies') scores, cuts marked."""
    cut_reason = {id(e): why for e, why in removed}
    sq = ctx.den * ctx.den if sb else ctx.den
    policy = ctx.rules.policy
    reasons, labels = eng.reasons, eng.term_labels
    language = current()
    terms = []
    for e in sorted([*kept, *(e for e, _why in removed)], key=lambda e: e.r):
        r = e.r
        kind = ctx.kinds[i][r]
        opp = ctx.opps[i][r]
        cat = ctx.cats[i][r]
        if cat is Category.PLAYED:
            shown = (opp, kind, language)
            label = labels.get(shown, "")
            if not label:  # ``#12 Nick (win)``: the same opponent and kind recur
                what = _("forfeit counted as a game") if kind.forfeit else kind_text(kind)
                label = labels[shown] = (f"{eng.label(opp)} ({what})" if opp >= 0
                                         else kind_text(kind))
            reason = ""
            if opp >= 0:  # the same opponents come back in many explanations: kept
                key = (id(ctx), opp, language)
                reason = reasons.get(key) or reasons.setdefault(
                    key, policy.opponent_reason(ctx, opp))
        else:
            _score, rule = ctx.dummy(i, r)
            label = f"{translated(policy.dummy_label)} ({kind_text(kind)})"
            reason = policy.dummy_reason(cat, rule, e.vur and policy.vur_cut_first)
        terms.append(  # shared fractions (eng.ratio): the same values recur
            Term(r + 1, label, eng.ratio(e.v, ctx.den), eng.ratio(ctx.pts[i][r], ctx.den),
                 eng.ratio(e.c, sq), reason, cut_reason.get(id(e), ""))
        )
    return terms


def formula_text(d: Descriptor, rules: RuleSet, value: Value, terms: list[Term]) -> str:
    """The one-line explanation: a sum, an average or the plain value, as the registry row
    says, then the cuts."""
    head = f"{d.label} ({rules.label}) = "
    if value is None:
        return head + _("undefined")
    kept = [t for t in terms if not t.cut and t.contribution is not None and t.round]
    cuts = [t for t in terms if t.cut]
    shown = d.tiebreak.explained
    if shown is Explained.SUM and kept:
        sums = half(kept[0].contribution) + "".join(
            f" − {half(-t.contribution)}"
            if t.contribution is not None and t.contribution.numerator < 0
            else f" + {half(t.contribution)}"
            for t in kept[1:]
        )
        text = f"{head}{sums} = {half(value)}"
    elif shown is Explained.AVERAGE and kept:
        vals = " + ".join(half(t.contribution) for t in kept)
        text = f"{head}({vals}) / {len(kept)} = {half(value)}"
    else:
        text = f"{head}{half(value)}"
    if cuts:
        text += "; " + _("cut: {list}", list=", ".join(
            f"{_('R{round}', round=t.round)} {t.label} ({half(t.value)}, {t.cut})"
            for t in cuts))
    return text
