"""Prize categories: who is eligible for a category prize (rating bands, age groups, women,
unrated players, federations, any crosstable column value) and the notation that names them.

Category notation (the ``Category`` column of a prize list): an optional name and a colon, then
criteria joined by ``&`` or ``and``, all of which must hold::

    U1800                       rating below 1800 (``U`` + a number of 100 or more)
    rating<1800, <=1799, >=2000, 1600-1799      rating bands (also ``elo``)
    unrated / rated             no rating / a rating
    U12, U8, S50, S65, 65+      age groups by birth year (``U`` + a number below 100)
    born>=2010, born<=1960, born 2008-2011       birth years
    women (woman, female, ladies, girls)         sex F or W (Feminino, Female, Mulher…)
    fed=GER, fed=GER/AUT        federation(s)
    title=FM, sex=M             a participant field
    Club=Hamburg SK, Group=S50  the participant's club, Type/Group (Clube, Tipo, Grupo…)
    Colour=red                  any other name: the value of that crosstable column
    Best woman: women & U2000   a named category
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

from xl_tiebreak.formats.tables import header_key
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.model.tournament import InputError, Participant
from xl_tiebreak.util.cells import quoted
from xl_tiebreak.util.dates import parse_date
from xl_tiebreak.util.plain import Frozen, field

_BIRTH_DATA = N_("birth date or year (a Born/Nascimento column; TRF cols 70-79)")


class Eligibility(Frozen):
    """What categories need beyond a participant's own fields."""

    event_year: int | None = None
    columns: Mapping[int, Mapping[str, object]] = field(default_factory=dict)
    """Start number → crosstable column (header text) → cell value."""
    fields: frozenset[str] = frozenset()
    """The participant fields (``club``, ``group``) that some participant of the event has:
    a participant without one has none (no club), rather than unknown data."""


class Criterion(Protocol):
    """One condition of a category."""

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        """True/False; None when the participant's data do not tell (e.g. no birth date)."""

    def text(self) -> str:
        """The condition in words."""

    def data(self) -> str:
        """The data the condition reads, with where inputs hold them (for messages)."""


class RatingBand(Frozen):
    """Rating between ``minimum`` and ``maximum`` (both inclusive, None = open)."""

    minimum: int | None = None
    maximum: int | None = None

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        if p.rating is None:
            return False
        low = self.minimum is None or p.rating >= self.minimum
        return low and (self.maximum is None or p.rating <= self.maximum)

    def data(self) -> str:
        return _RATING_DATA

    def text(self) -> str:
        if self.minimum is None:
            return _("rating at most {rating}", rating=self.maximum)
        if self.maximum is None:
            return _("rating at least {rating}", rating=self.minimum)
        return _("rating {low}–{high}", low=self.minimum, high=self.maximum)


_RATING_DATA = N_("rating (a Rating column; TRF cols 49-52)")


class Unrated(Frozen):
    """No rating (``rated=True``: a rating)."""

    rated: bool = False

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        return (p.rating is not None) is self.rated

    def data(self) -> str:
        return _RATING_DATA

    def text(self) -> str:
        return _("rated") if self.rated else _("unrated")


def birth_year(p: Participant) -> int | None:
    """The year of the participant's birth field (``1990/05/12``, ``12.05.1990``, ``1990``)."""
    s = p.birth.strip()
    if not s:
        return None
    found = parse_date(s)
    if found is not None:
        return found.year
    m = re.fullmatch(r"(\d{4})(?:[./-]0{1,2}[./-]0{1,2})?", s)
    return int(m.group(1)) if m else None


class BirthYears(Frozen):
    """Born in ``first`` … ``last`` (years, inclusive; None = open)."""

    first: int | None = None
    last: int | None = None

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        year = birth_year(p)
        if year is None:
            return None
        return (self.first is None or year >= self.first) and (
            self.last is None or year <= self.last)

    def data(self) -> str:
        return _BIRTH_DATA

    def text(self) -> str:
        if self.first is None:
            return _("born in {year} or earlier", year=self.last)
        if self.last is None:
            return _("born in {year} or later", year=self.first)
        return _("born {first}–{last}", first=self.first, last=self.last)


class AgeGroup(Frozen):
    """Under ``under`` (born in event year − under or later) or at least ``at_least`` (born in
    event year − at_least or earlier), by birth year."""

    under: int | None = None
    at_least: int | None = None

    def years(self, event_year: int) -> BirthYears:
        """The birth years this age group admits in an event of ``event_year``."""
        if self.under is not None:
            return BirthYears(first=event_year - self.under)
        return BirthYears(last=event_year - (self.at_least or 0))

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        if ctx.event_year is None:
            raise InputError(_("the age group {group} needs the event's year (its start date)",
                               group=self.text()))
        return self.years(ctx.event_year).admits(p, ctx)

    def data(self) -> str:
        return _BIRTH_DATA

    def text(self) -> str:
        return f"U{self.under}" if self.under is not None else f"{self.at_least}+"


_FEMALE = frozenset({"f", "w", "female", "woman", "women", "feminino", "fem", "mulher", "weiblich",
                     "femme", "femenino", "mujer"})
_MALE = frozenset({"m", "male", "man", "men", "masculino", "masc", "homem", "männlich",
                   "homme", "hombre", "h"})


class Women(Frozen):
    """Sex F or W (TRF ``w``/``f``; ``Feminino``, ``Female``…); None (undecided) when the
    participant's sex is not given or not understood."""

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        sex = p.sex.strip().lower()
        if sex in _FEMALE:
            return True
        return False if sex in _MALE else None

    def data(self) -> str:
        return N_("sex (a Sex/Sexo column: M or F; TRF col 10: m or w)")

    def text(self) -> str:
        return _("women")


class Federation(Frozen):
    """Federation among ``codes`` (upper case)."""

    codes: frozenset[str]

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        return p.federation.strip().upper() in self.codes

    def data(self) -> str:
        return N_("federation (a Fed column; TRF cols 54-56)")

    def text(self) -> str:
        return _("federation {codes}", codes="/".join(sorted(self.codes)))


_PARTICIPANT_FIELDS = {
    "title": "title", "título": "title", "titulo": "title", "sex": "sex", "sexo": "sex",
    "club": "club", "clube": "club", "group": "group", "type": "group", "type/group": "group",
    "tipo": "group", "grupo": "group", "tipo/grupo": "group", "category": "group",
    "categoria": "group",
}
"""Names of participant fields in the ``name=value`` criterion (header keys)."""


class FieldValue(Frozen):
    """A participant field (``title``, ``sex``, ``club``, ``group``: the Type/Group column)
    or, for any other name, a crosstable column equals ``value`` (case-insensitive, spaces at
    the ends ignored). An empty club or group is "none" when some participant of the event
    has one (:attr:`Eligibility.fields`), else the crosstable column is looked up."""

    name: str
    value: str

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        key = header_key(self.name)
        attr = _PARTICIPANT_FIELDS.get(key)
        if attr in ("title", "sex") or (attr is not None and (
                getattr(p, attr) or attr in ctx.fields)):
            have: object = getattr(p, attr)
        else:
            cells = {header_key(k): v for k, v in ctx.columns.get(p.start_no, {}).items()}
            if key not in cells:
                return None
            have = cells[key]
        text = "" if have is None else str(have)
        if isinstance(have, float) and have.is_integer():
            text = str(int(have))
        return text.strip().lower() == self.value.strip().lower()

    def data(self) -> str:
        return _("the {name} column", name=self.name)

    def text(self) -> str:
        return f"{self.name} = {self.value}"


class Category(Frozen):
    """A named group of players for category prizes: all criteria must hold."""

    name: str
    criteria: tuple[Criterion, ...]
    where: str = field(default="", compare=False)

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        """True when every criterion holds; None when one cannot be told and none fails."""
        unknown = False
        for c in self.criteria:
            ok = c.admits(p, ctx)
            if ok is False:
                return False
            unknown = unknown or ok is None
        return None if unknown else True

    def text(self) -> str:
        """The criteria in words."""
        return _(" and ").join(c.text() for c in self.criteria) or _("everyone")

    def undecided(self, p: Participant, ctx: Eligibility) -> list[str]:
        """The data (:meth:`Criterion.data`) that leave ``p`` undecided: those of the
        criteria that cannot tell, when none of the others excludes him."""
        results = [(c, c.admits(p, ctx)) for c in self.criteria]
        if any(ok is False for _, ok in results):
            return []
        return [c.data() for c, ok in results if ok is None]


_WOMEN = {"women", "woman", "female", "ladies", "lady", "girls", "girl"}
_RATING = re.compile(r"(?:rating|elo)?\s*(<=|>=|<|>)\s*(\d{1,4})")
_RANGE = re.compile(r"(rating|elo|born)?\s*(\d{1,4})\s*[-–]\s*(\d{1,4})")
_BORN = re.compile(r"born\s*(<=|>=|<|>)\s*(\d{4})")
_UNDER = re.compile(r"u\s*(\d{1,4})")
_SENIOR = re.compile(r"(?:s|o|senior)\s*(\d{2})|(\d{2})\s*\+")
_FIELD = re.compile(r"([^=<>]+?)\s*=\s*(.+)")


def _bound(op: str, number: int) -> tuple[int | None, int | None]:
    if op == "<":
        return None, number - 1
    if op == "<=":
        return None, number
    if op == ">":
        return number + 1, None
    return number, None


def parse_criterion(text: str) -> Criterion:
    """One criterion of the category notation (module docstring). Raises ValueError."""
    s = text.strip()
    low = s.lower()
    if low in _WOMEN:
        return Women()
    if low in ("unrated", "rated"):
        return Unrated(rated=low == "rated")
    m = _BORN.fullmatch(low)
    if m:
        first, last = _bound(m.group(1), int(m.group(2)))
        return BirthYears(first, last)
    m = _RATING.fullmatch(low)
    if m:
        lo, hi = _bound(m.group(1), int(m.group(2)))
        return RatingBand(lo, hi)
    m = _RANGE.fullmatch(low)
    if m:
        a, b = int(m.group(2)), int(m.group(3))
        if a > b:
            raise ValueError(_("{text}: the range runs from {first} down to {last}",
                               text=quoted(s), first=a, last=b))
        return BirthYears(a, b) if m.group(1) == "born" else RatingBand(a, b)
    m = _UNDER.fullmatch(low)
    if m:
        n = int(m.group(1))
        return AgeGroup(under=n) if n < 100 else RatingBand(maximum=n - 1)
    m = _SENIOR.fullmatch(low)
    if m:
        return AgeGroup(at_least=int(m.group(1) or m.group(2)))
    m = _FIELD.fullmatch(s)
    if m:
        name, value = m.group(1).strip(), m.group(2).strip()
        if header_key(name) in ("fed", "federation"):
            codes = frozenset(c.strip().upper() for c in value.split("/") if c.strip())
            if not codes:
                raise ValueError(_("{text}: no federation given", text=quoted(s)))
            return Federation(codes)
        return FieldValue(name, value)
    raise ValueError(_("{text} is not a category criterion (e.g. U1800, U12, women, unrated, "
                       "fed=GER, Club=…)", text=quoted(s)))


def parse_category(text: str, where: str = "") -> Category:
    """A category from its notation (``Best woman: women & U2000``). Raises InputError."""
    s = text.strip()
    name, sep, rest = s.partition(":")
    if not sep:
        name, rest = s, s
    name = name.strip()
    parts = [x for x in re.split(r"\s*&\s*|\s+and\s+", rest.strip(), flags=re.I) if x.strip()]
    if not name or not parts:
        raise InputError(_("category {text} has no name or no criteria", text=quoted(s)), where)
    try:
        criteria = tuple(parse_criterion(x) for x in parts)
    except ValueError as exc:
        raise InputError(_("category {text}: {error}", text=quoted(s), error=exc),
                         where) from None
    return Category(name, criteria, where)
