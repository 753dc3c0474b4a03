"""One entry of a tie-break order: a registry row with its modifiers (``BH/C1``).

A :class:`Descriptor` holds its row (:class:`xl_tiebreak.tiebreaks.row.TieBreak`), so the
engine and the tie-break functions read everything about a code from the descriptor they are
given, without a registry lookup; parsing text into descriptors is
:mod:`xl_tiebreak.tiebreaks.descriptors`. The Swiss-Manager text of a descriptor is written
here from its row's Swiss-Manager data (spec §9).
"""

from __future__ import annotations

from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.tiebreaks.row import SmParam, TieBreak
from xl_tiebreak.util.plain import Frozen


class Descriptor(Frozen):
    """One entry of a tie-break list, with its modifiers."""

    __slots__ = ("tiebreak", "low", "high", "limit", "limit_percent", "forfeits_played", "fore",
                 "reverse", "unrated_rating", "text")
    _uncompared = ("text",)
    tiebreak: TieBreak
    """The registry row of the code: what the tie-break is and how it is computed."""
    low: int
    """Number of least significant values cut (Cut-n, Median-n)."""
    high: int
    """Number of most significant values cut (Median-n)."""
    limit: Fraction | None
    """Koya: threshold shift in half-points (``/L+1`` → 1), or None."""
    limit_percent: int | None
    """Koya: threshold as a percentage (``/L60``)."""
    forfeits_played: bool
    """``/P``: forfeits count as games against the scheduled opponent."""
    fore: bool
    """``/F``: AOB uses the opponents' Fore Buchholz."""
    reverse: bool
    """``/R``: TPN and RTNG sorted the other way."""
    unrated_rating: int | None
    """``/U1400``: rating used for unrated participants in rating-based tie-breaks."""
    text: str
    """The descriptor as the user wrote it."""

    def __init__(
        self, tiebreak: TieBreak, low: int = 0, high: int = 0, limit: Fraction | None = None,
        limit_percent: int | None = None, forfeits_played: bool = False, fore: bool = False,
        reverse: bool = False, unrated_rating: int | None = None, text: str = "",
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "tiebreak", tiebreak)
        set_field(self, "low", low)
        set_field(self, "high", high)
        set_field(self, "limit", limit)
        set_field(self, "limit_percent", limit_percent)
        set_field(self, "forfeits_played", forfeits_played)
        set_field(self, "fore", fore)
        set_field(self, "reverse", reverse)
        set_field(self, "unrated_rating", unrated_rating)
        set_field(self, "text", text)

    @property
    def code(self) -> str:
        """The FIDE acronym, upper case (``BH``; a team form with its score type: ``BH:MP``)."""
        return self.tiebreak.code

    @property
    def canonical(self) -> str:
        """TRF26 form: ``BH/C1``, ``BH/M1``, ``KS/L+1``, ``ARO/U1400``."""
        out = self.code
        if self.low and self.high == self.low:
            out += f"/M{self.low}"
        elif self.low:
            out += f"/C{self.low}"
        if self.limit is not None:
            sign = "+" if self.limit >= 0 else "-"
            out += f"/L{sign}{abs(self.limit)}"
        if self.limit_percent is not None:
            out += f"/L{self.limit_percent}"
        if self.forfeits_played:
            out += "/P"
        if self.fore:
            out += "/F"
        if self.reverse:
            out += "/R"
        if self.unrated_rating is not None:
            out += f"/U{self.unrated_rating}"
        return out

    @property
    def label(self) -> str:
        """The column heading: the user's text if given, else the canonical form."""
        return self.text or self.canonical

    @property
    def name(self) -> str:
        """In words: ``Buchholz Cut-1``, ``Koya System (limit +1)``."""
        out = translated(self.tiebreak.name)
        if self.low and self.high == self.low:
            out = (_("{name} Median-1", name=out) if self.low == 1
                   else _("{name} Median-{n}", name=out, n=self.low))
        elif self.low:
            out = _("{name} Cut-{n}", name=out, n=self.low)
        extras = []
        if self.limit is not None:
            extras.append(_("limit {sign}{n} half-points", sign="+" if self.limit >= 0 else "-",
                            n=abs(self.limit)))
        if self.limit_percent is not None:
            extras.append(_("limit {n}%", n=self.limit_percent))
        if self.forfeits_played:
            extras.append(_("forfeits as played"))
        if self.fore:
            extras.append(_("of Fore Buchholz"))
        if self.reverse:
            extras.append(_("reversed"))
        if self.unrated_rating is not None:
            extras.append(_("unrated = {rating}", rating=self.unrated_rating))
        return out + (f" ({', '.join(extras)})" if extras else "")

    @property
    def article(self) -> str:
        """C.07 article (or US Chess rule) defining the tie-break, in the language in force."""
        return article_text(self.tiebreak.article)

    @property
    def lower_is_better(self) -> bool:
        """TPN ranks the lowest number first (unless /R); RTNG/R ranks the lowest rating first."""
        return self.tiebreak.lower_is_better != self.reverse

    @property
    def swiss_manager(self) -> str:
        """Swiss-Manager / Chess-Results tie-break number and parameters (``84 / 0,0,1,-,-``);
        empty when the descriptor has no Swiss-Manager form (spec §9)."""
        return swiss_manager_text(self)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__[1:])
        return f"Descriptor({self.code!r}, {fields})"


def article_text(article: str) -> str:
    """A registry row's article as people read it: ``Art. 8.1`` as it is, the words of
    ``Art. 6 (teams)`` or ``not C.07`` in the language in force."""
    if article.endswith(" (teams)"):
        return _("{article} (teams)", article=article_text(article[:-len(" (teams)")]))
    return translated(article)


def swiss_manager_text(d: Descriptor) -> str:
    """``84 / 0,0,1,-,-`` for BH/C1 (``84 / 1,0,1,-,-`` for BH:MP/C1); empty when the row has
    no Swiss-Manager number or the descriptor has a modifier that the number's parameters
    cannot express."""
    form = d.tiebreak.swiss_manager_form()
    if form is None:
        return ""
    sm, score_type = form
    params = sm.params
    expressible = (
        (not d.low or SmParam.LOW in params)
        and (not d.high or SmParam.HIGH in params)
        and (not d.forfeits_played or SmParam.FORFEITS in params)
        and (not d.fore or SmParam.FORE in params)
        and d.limit is None
        and (d.limit_percent is None or SmParam.PERCENT in params)
        and (d.unrated_rating is None or SmParam.MINIMUM_RATING in params)
    )
    if not expressible:
        return ""
    written = [_written(p, d, sm.select, score_type) for p in params
               if p is not SmParam.POINTS_TAG]
    return f"{sm.number} / {','.join(written)}" if written else str(sm.number)


def _written(p: SmParam, d: Descriptor, select: str, score_type: str) -> str:
    if p is SmParam.GAME_POINTS:
        return score_type
    if p is SmParam.HIGH:
        return str(d.high)
    if p is SmParam.LOW:
        return str(d.low)
    if p is SmParam.FORFEITS:
        return "P" if d.forfeits_played else "-"
    if p is SmParam.FORE:
        return "F" if d.fore else "-"
    if p is SmParam.KIND or p is SmParam.FORE_BUCHHOLZ:
        return select
    if p is SmParam.MINIMUM_RATING:
        return str(d.unrated_rating or 0)
    if p is SmParam.PERCENT:
        return str(d.limit_percent or 50)
    return "0"  # UNPLAYED, ZERO
