"""Prizes: allocation of place and category prizes over final standings, every step explained.

A prize list holds **place prizes** (place 1, 2, … of the tournament) and **category prizes**
(place 1, 2, … among the players of a :class:`Category`: a rating band, an age group, women,
unrated players, a federation, any crosstable column value). A prize is money (an exact
amount), a trophy or title (a text), or both.

How prizes are allocated (list these in docs/decisions.md):

- **Money is pooled over points, not over tie-breaks.** Players on equal points who occupy
  positions i…j of a prize list pool the money of prizes i…j (positions beyond the list bring
  nothing) and share it equally — :attr:`Sharing.EQUAL`, the default. With
  :attr:`Sharing.HORT` half of each pooled prize is shared equally and the other half goes by
  the tie-break order (the standings order); players still tied after all tie-breaks share
  their tie-break halves equally, and the note says so.
- **Trophies and titles are never shared.** Within a pool, the trophy of position k goes to the
  k-th player in standings order. When that player is still tied with another pool member after
  all tie-breaks (the standings list them by start number, docs/decisions.md D15) the trophy is
  given to the first by standings order and a note reports the unresolved tie.
- **One prize per player, the higher** (:attr:`PrizeOptions.one_prize_per_player`). Players are
  taken in standings order; each takes, of the prize lists he is eligible for (the place
  prizes, each category), the one that gives him most, and the prizes of the lists he did not
  take pass to the next eligible players. What a list gives a player is his share in the pool
  he would join there: the players already taking that list on his points, himself, and every
  player below him on his points who is eligible for that list (a lower bound: players who
  later take another prize only make it larger). "More" means: more money; at equal money a
  trophy beats none (with :attr:`PrizeOptions.trophy_over_money` a trophy beats any money);
  at equal value a place prize beats a category prize, and categories rank in the order they
  are listed.
- **Pools are formed over the players who take the prizes of a list.** A player who takes a
  category prize leaves the place-prize pools: the place prizes are allocated to the remaining
  players in standings order (the next player moves up into his position), and a category's
  prizes go to its eligible players who took no other prize. Every such move is explained.
- Category prizes are allocated after place prizes in the sense above: a place prize is never
  lost to a category prize of equal value. Prizes left over (a category without enough eligible
  players, more prizes than players) are reported as unclaimed.
- Ages are counted by birth **year** relative to the event's year (the common youth and senior
  rule): ``U12`` admits players born in (year − 12) or later, ``S65``/``65+`` players born in
  (year − 65) or earlier. Players whose birth year is unknown are not admitted to an age group,
  and a note names how many. Rating bands never admit unrated players unless they say
  ``unrated`` too; ``U1800`` means a rating below 1800.

Category notation (the ``Category`` column of a prize list): an optional name and a colon, then
criteria joined by ``&`` or ``and``, all of which must hold::

    U1800                       rating below 1800 (``U`` + a number of 100 or more)
    rating<1800, <=1799, >=2000, 1600-1799      rating bands (also ``elo``)
    unrated / rated             no rating / a rating
    U12, U8, S50, S65, 65+      age groups by birth year (``U`` + a number below 100)
    born>=2010, born<=1960, born 2008-2011       birth years
    women (woman, female, ladies, girls)         sex F or W
    fed=GER, fed=GER/AUT        federation(s)
    title=FM, sex=M             a participant field
    Club=Hamburg SK             any other name: the value of that crosstable column
    Best woman: women & U2000   a named category
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Protocol

from xl_tiebreak.cells import quoted
from xl_tiebreak.dates import parse_date
from xl_tiebreak.model import InputError, Participant, Problem, Severity
from xl_tiebreak.numbers import fmt, fmt_half, from_float
from xl_tiebreak.standings import Row, Standings
from xl_tiebreak.tables import Table, csv_rows, header_key, read_table

PLACE = ""
"""The source name of the place prizes (category prizes use their category's name)."""


class Sharing(enum.Enum):
    """How players tied on points share pooled money."""

    EQUAL = "equal"
    """Each pool member gets the pooled money divided by the number of members."""
    HORT = "hort"
    """Hort system: half of each prize shared equally, half by the tie-break order."""


@dataclasses.dataclass(frozen=True)
class PrizeOptions:
    """Choices of the tournament regulations."""

    sharing: Sharing = Sharing.EQUAL
    one_prize_per_player: bool = True
    """A player takes one prize, the higher (see the module docstring); False: a player may
    take a place prize and category prizes."""
    trophy_over_money: bool = False
    """True: any trophy or title is worth more than any money when choosing the higher."""


# ====================================================================== categories


@dataclasses.dataclass(frozen=True)
class Eligibility:
    """What categories need beyond a participant's own fields."""

    event_year: int | None = None
    columns: Mapping[int, Mapping[str, object]] = dataclasses.field(default_factory=dict)
    """Start number → crosstable column (header text) → cell value."""


class Criterion(Protocol):
    """One condition of a category."""

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        """True/False; None when the participant's data do not tell (e.g. no birth date)."""

    def text(self) -> str:
        """The condition in words."""


@dataclasses.dataclass(frozen=True)
class RatingBand:
    """Rating between ``minimum`` and ``maximum`` (both inclusive, None = open)."""

    minimum: int | None = None
    maximum: int | None = None

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        if p.rating is None:
            return False
        low = self.minimum is None or p.rating >= self.minimum
        return low and (self.maximum is None or p.rating <= self.maximum)

    def text(self) -> str:
        if self.minimum is None:
            return f"rating at most {self.maximum}"
        if self.maximum is None:
            return f"rating at least {self.minimum}"
        return f"rating {self.minimum}–{self.maximum}"


@dataclasses.dataclass(frozen=True)
class Unrated:
    """No rating (``rated=True``: a rating)."""

    rated: bool = False

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        return (p.rating is not None) is self.rated

    def text(self) -> str:
        return "rated" if self.rated else "unrated"


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


@dataclasses.dataclass(frozen=True)
class BirthYears:
    """Born in ``first`` … ``last`` (years, inclusive; None = open)."""

    first: int | None = None
    last: int | None = None

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        year = birth_year(p)
        if year is None:
            return None
        return (self.first is None or year >= self.first) and (
            self.last is None or year <= self.last)

    def text(self) -> str:
        if self.first is None:
            return f"born in {self.last} or earlier"
        if self.last is None:
            return f"born in {self.first} or later"
        return f"born {self.first}–{self.last}"


@dataclasses.dataclass(frozen=True)
class AgeGroup:
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
            raise InputError(f"the age group {self.text()} needs the event's year "
                             "(its start date)")
        return self.years(ctx.event_year).admits(p, ctx)

    def text(self) -> str:
        return f"U{self.under}" if self.under is not None else f"{self.at_least}+"


@dataclasses.dataclass(frozen=True)
class Women:
    """Sex F or W (TRF ``w``/``f``)."""

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        return p.sex.strip().lower() in ("f", "w")

    def text(self) -> str:
        return "women"


@dataclasses.dataclass(frozen=True)
class Federation:
    """Federation among ``codes`` (upper case)."""

    codes: frozenset[str]

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        return p.federation.strip().upper() in self.codes

    def text(self) -> str:
        return "federation " + "/".join(sorted(self.codes))


@dataclasses.dataclass(frozen=True)
class FieldValue:
    """A participant field (``title``, ``sex``) or, for any other name, a crosstable column
    equals ``value`` (case-insensitive, spaces at the ends ignored)."""

    name: str
    value: str

    def admits(self, p: Participant, ctx: Eligibility) -> bool | None:
        key = header_key(self.name)
        if key in ("title", "sex"):
            have: object = getattr(p, key)
        else:
            cells = {header_key(k): v for k, v in ctx.columns.get(p.start_no, {}).items()}
            if key not in cells:
                return None
            have = cells[key]
        text = "" if have is None else str(have)
        if isinstance(have, float) and have.is_integer():
            text = str(int(have))
        return text.strip().lower() == self.value.strip().lower()

    def text(self) -> str:
        return f"{self.name} = {self.value}"


@dataclasses.dataclass(frozen=True)
class Category:
    """A named group of players for category prizes: all criteria must hold."""

    name: str
    criteria: tuple[Criterion, ...]
    where: str = dataclasses.field(default="", compare=False)

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
        return " and ".join(c.text() for c in self.criteria) or "everyone"


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
            raise ValueError(f"{quoted(s)}: the range runs from {a} down to {b}")
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
                raise ValueError(f"{quoted(s)}: no federation given")
            return Federation(codes)
        return FieldValue(name, value)
    raise ValueError(f"{quoted(s)} is not a category criterion (e.g. U1800, U12, women, "
                     "unrated, fed=GER, Club=…)")


def parse_category(text: str, where: str = "") -> Category:
    """A category from its notation (``Best woman: women & U2000``). Raises InputError."""
    s = text.strip()
    name, sep, rest = s.partition(":")
    if not sep:
        name, rest = s, s
    name = name.strip()
    parts = [x for x in re.split(r"\s*&\s*|\s+and\s+", rest.strip(), flags=re.I) if x.strip()]
    if not name or not parts:
        raise InputError(f"category {quoted(s)} has no name or no criteria", where)
    try:
        criteria = tuple(parse_criterion(x) for x in parts)
    except ValueError as exc:
        raise InputError(f"category {quoted(s)}: {exc}", where) from None
    return Category(name, criteria, where)


# ====================================================================== prizes


@dataclasses.dataclass(frozen=True)
class Prize:
    """One prize: money, a trophy/title, or both, for a place of the tournament (``category``
    empty) or a place among a category's players."""

    place: int
    amount: Fraction = Fraction(0)
    trophy: str = ""
    category: str = PLACE
    label: str = ""
    where: str = dataclasses.field(default="", compare=False)

    def name(self) -> str:
        """``place 2`` or ``U1800 place 1`` (the label when given)."""
        if self.label:
            return self.label
        return f"{self.category + ' ' if self.category else ''}place {self.place}"

    def worth(self) -> str:
        """``300``, ``trophy 'Champion'``, ``300 and trophy 'Champion'``."""
        return _worth(self.amount, self.trophy)


@dataclasses.dataclass
class PrizeList:
    """Prizes and the categories their category prizes refer to."""

    prizes: list[Prize]
    categories: list[Category] = dataclasses.field(default_factory=list)


def money(value: Fraction) -> str:
    """Money for people: ``250``, ``83.50``, ``333.33 (exactly 1000/3)``."""
    if value.denominator == 1:
        return fmt(value)
    if (value * 100).denominator == 1:
        return fmt(value, 2)
    return f"{fmt(value, 2)} (exactly {value.numerator}/{value.denominator})"


def _worth(amount: Fraction, trophy: str) -> str:
    parts = []
    if amount or not trophy:
        parts.append(money(amount))
    if trophy:
        parts.append(f"trophy {quoted(trophy)}")
    return " and ".join(parts)


_MONEY = re.compile(r"(\d+)(?:[.,](\d{1,2}))?")


def parse_money(value: object) -> Fraction:
    """An amount: ``300``, ``300.50``, ``300,5``, ``€ 300`` or a spreadsheet number; exact.
    Raises ValueError (thousands separators are refused: ``1,000`` could be 1 or 1000)."""
    if isinstance(value, bool):
        raise ValueError(f"{quoted(value)} is not an amount")
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        result = from_float(value)
    else:
        s = str(value).strip().strip("€$£¥").strip()
        for code in ("EUR", "USD", "GBP", "CHF"):
            s = s.removeprefix(code).removesuffix(code).strip()
        m = _MONEY.fullmatch(s)
        if not m:
            raise ValueError(f"{quoted(value)} is not an amount (write e.g. 300 or 300.50, "
                             "without thousands separators)")
        result = Fraction(int(m.group(1))) + (
            Fraction(int(m.group(2)), 10 ** len(m.group(2))) if m.group(2) else 0)
    if result < 0:
        raise ValueError(f"{quoted(value)} is negative")
    return result


_FIELDS = {
    "prize": ("Prize", "Label", "Name"),
    "category": ("Category",),
    "place": ("Place", "Rank"),
    "amount": ("Amount", "Money", "Cash"),
    "trophy": ("Trophy", "Title"),
}


def read_prize_rows(rows: Sequence[Sequence[object]], source: str = "") -> PrizeList:
    """A prize list from rows of cells: a header (``Prize, Category, Place, Amount, Trophy``;
    only ``Place`` and one of ``Amount``/``Trophy`` are required), one prize a row. A blank
    Category is a place prize; otherwise the category notation (module docstring). Raises
    :class:`InputError` naming the row and column of every problem."""
    table = read_table(rows, _FIELDS, ["place"], source, "prize list")
    if "amount" not in table.columns and "trophy" not in table.columns:
        raise InputError("the prize list needs an Amount or a Trophy column",
                         table.row_place(table.rows[0][0] - 1))
    problems: list[Problem] = []
    prizes: list[Prize] = []
    categories: dict[str, Category] = {}
    seen: dict[tuple[str, int], str] = {}
    for number, cells in table.rows:
        prize = _read_prize(table, number, cells, categories, problems)
        if prize is None:
            continue
        key = (prize.category.lower(), prize.place)
        if key in seen:
            problems.append(Problem(Severity.ERROR, f"{prize.name()} is given twice (also "
                                    f"{seen[key]})", table.row_place(number)))
            continue
        seen[key] = table.row_place(number)
        prizes.append(prize)
    if problems:
        raise InputError(problems)
    return PrizeList(prizes, list(categories.values()))


def _read_prize(
    table: Table, number: int, cells: list[object], categories: dict[str, Category],
    problems: list[Problem],
) -> Prize | None:
    def error(message: str, where: str) -> None:
        problems.append(Problem(Severity.ERROR, message, where))

    place_cell = table.cell(number, cells, "place")
    place = 0
    if not place_cell.text:
        error("the place is missing", place_cell.where)
    elif not re.fullmatch(r"\d{1,6}", place_cell.text) or int(place_cell.text) < 1:
        error(f"{quoted(place_cell.text)} is not a place (1, 2, 3 …)", place_cell.where)
    else:
        place = int(place_cell.text)
    amount = Fraction(0)
    amount_cell = table.cell(number, cells, "amount")
    if amount_cell.text:
        col = table.columns["amount"]
        raw = cells[col] if col < len(cells) else amount_cell.text
        try:
            amount = parse_money(raw)
        except ValueError as exc:
            error(str(exc), amount_cell.where)
    trophy = table.cell(number, cells, "trophy").text
    if not amount_cell.text and not trophy:
        error("the prize has neither an amount nor a trophy", table.row_place(number))
    category = PLACE
    cat_cell = table.cell(number, cells, "category")
    if cat_cell.text:
        try:
            cat = parse_category(cat_cell.text, cat_cell.where)
        except InputError as exc:
            problems.extend(exc.problems)
            return None
        known = categories.get(cat.name.lower())
        if known is None:
            categories[cat.name.lower()] = cat
        elif known.criteria != cat.criteria:
            error(f"category {quoted(cat.name)} is defined differently in {known.where}",
                  cat_cell.where)
        category = known.name if known is not None else cat.name
    if not place:
        return None
    return Prize(place, amount, trophy, category, table.cell(number, cells, "prize").text,
                 table.row_place(number))


def read_prize_csv(text: str, source: str = "") -> PrizeList:
    """A prize list from CSV text (see :func:`read_prize_rows`)."""
    return read_prize_rows(csv_rows(text, source), source)


# ====================================================================== allocation


@dataclasses.dataclass(frozen=True)
class Award:
    """What one player receives."""

    participant: Participant
    rank: int
    points: Fraction
    source: str
    """:data:`PLACE` for a place prize, else the category's name."""
    first: int
    last: int
    """The prize positions pooled by the player's group (first == last: not pooled)."""
    money: Fraction
    trophy: str

    def prize(self) -> str:
        """``place 2–3`` / ``U1800 place 1``."""
        kind = f"{self.source} " if self.source else ""
        if self.first == self.last:
            return f"{kind}place {self.first}"
        return f"{kind}places {self.first}–{self.last}"


@dataclasses.dataclass
class Allocation:
    """The prizes allocated, explained."""

    awards: list[Award]
    """In standings order."""
    lines: list[str]
    """One line per pool (and per player who took one prize rather than another)."""
    unclaimed: list[Prize]
    notes: list[str]
    """Things the organizer must know: unresolved ties, players with missing data…"""
    options: PrizeOptions

    def award(self, start_no: int) -> Award | None:
        """The award of a player, None when he receives nothing (the first one when prizes
        may be combined)."""
        found = self.awards_of(start_no)
        return found[0] if found else None

    def awards_of(self, start_no: int) -> list[Award]:
        """Every award of a player."""
        return [a for a in self.awards if a.participant.start_no == start_no]

    def total(self) -> Fraction:
        """All money allocated."""
        return sum((a.money for a in self.awards), Fraction(0))


def _name(row: Row) -> str:
    return row.participant.name or f"#{row.participant.start_no}"


def _points(value: Fraction) -> str:
    text = fmt_half(value)
    return f"{text} point" if value == 1 else f"{text} points"


@dataclasses.dataclass
class _Source:
    name: str
    prizes: dict[int, Prize]
    eligible: set[int]
    takers: list[Row] = dataclasses.field(default_factory=list)

    def label(self) -> str:
        return f"{self.name} " if self.name else ""


def _pool(
    src: _Source, base: int, members: Sequence[Row], sharing: Sharing
) -> list[tuple[Fraction, str]]:
    """Money and trophy of each member of a pool at positions base+1 … base+len(members)."""
    n = len(members)
    prizes = [src.prizes.get(base + 1 + k) for k in range(n)]
    amounts = [p.amount if p else Fraction(0) for p in prizes]
    trophies = [p.trophy if p else "" for p in prizes]
    total = sum(amounts, Fraction(0))
    if sharing is Sharing.EQUAL or n == 1:
        shares = [total / n] * n
    else:
        shares = [total / 2 / n] * n
        for run in _rank_runs(members):
            half = sum((amounts[k] for k in run), Fraction(0)) / 2 / len(run)
            for k in run:
                shares[k] += half
    return list(zip(shares, trophies))


def _rank_runs(members: Sequence[Row]) -> list[list[int]]:
    """Positions in ``members`` grouped by equal standings rank (still tied after all
    tie-breaks)."""
    runs: list[list[int]] = []
    for k, row in enumerate(members):
        if runs and members[runs[-1][0]].rank == row.rank:
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


def _value(offer: tuple[Fraction, str], options: PrizeOptions) -> tuple[int, Fraction, int]:
    amount, trophy = offer
    if options.trophy_over_money:
        return (1 if trophy else 0, amount, 0)
    return (0, amount, 1 if trophy else 0)


def allocate(
    standings: Standings,
    prize_list: PrizeList,
    options: PrizeOptions | None = None,
    *,
    event_year: int | None = None,
    columns: Mapping[int, Mapping[str, object]] | None = None,
) -> Allocation:
    """Allocate the prizes over ``standings`` (the rules are in the module docstring).

    ``event_year``: for age groups (default: the tournament's start date). ``columns``:
    start number → crosstable column → value, for categories on other columns. Raises
    :class:`InputError` for a prize of an unknown category or an age group without a year.
    """
    opts = options or PrizeOptions()
    rows = standings.rows
    start = standings.tournament.start_date
    ctx = Eligibility(event_year or (start.year if start else None), columns or {})
    notes: list[str] = []
    sources = _sources(rows, prize_list, ctx, notes)
    lines: list[str] = []
    for idx, row in enumerate(rows):
        offers: list[tuple[_Source, tuple[Fraction, str]]] = []
        for src in sources:
            if row.participant.start_no not in src.eligible or not src.prizes:
                continue
            offer = _estimate(src, rows, idx, opts.sharing)
            if offer[0] or offer[1]:
                offers.append((src, offer))
        if not offers:
            continue
        if not opts.one_prize_per_player:
            for src, _ in offers:
                src.takers.append(row)
            continue
        # max() keeps the first of equal values: the place prizes, then categories as listed
        best = max(offers, key=lambda o: _value(o[1], opts))
        best[0].takers.append(row)
        if len(offers) > 1:
            lines.append(_choice_line(row, best, offers, opts))
    awards: list[Award] = []
    unclaimed: list[Prize] = []
    for src in sources:
        _share_out(src, opts, awards, lines, notes)
        unclaimed.extend(p for k, p in sorted(src.prizes.items()) if k > len(src.takers))
    order = {row.participant.start_no: k for k, row in enumerate(rows)}
    awards.sort(key=lambda a: order[a.participant.start_no])
    for p in unclaimed:
        lines.append(f"{p.name()} ({p.worth()}): unclaimed, no eligible player left")
    return Allocation(awards, lines, unclaimed, notes, opts)


def _sources(
    rows: list[Row], prize_list: PrizeList, ctx: Eligibility, notes: list[str]
) -> list[_Source]:
    """The place prizes, then one source per category that has prizes, in listed order."""
    cats = {c.name.lower(): c for c in prize_list.categories}
    place = _Source(PLACE, {}, {r.participant.start_no for r in rows})
    out = [place]
    by_cat: dict[str, _Source] = {}
    problems: list[Problem] = []
    for prize in prize_list.prizes:
        if not prize.category:
            place.prizes[prize.place] = prize
            continue
        key = prize.category.lower()
        cat = cats.get(key)
        if cat is None:
            problems.append(Problem(Severity.ERROR, f"{prize.name()}: no category "
                                    f"{quoted(prize.category)} is defined", prize.where))
            continue
        if key not in by_cat:
            by_cat[key] = _Source(cat.name, {}, set())
        by_cat[key].prizes[prize.place] = prize
    if problems:
        raise InputError(problems)
    for cat in prize_list.categories:
        src = by_cat.get(cat.name.lower())
        if src is None:
            continue
        unknown = 0
        for r in rows:
            ok = cat.admits(r.participant, ctx)
            unknown += ok is None
            if ok:
                src.eligible.add(r.participant.start_no)
        if unknown:
            notes.append(f"{cat.name} ({cat.text()}): {unknown} player(s) not considered, "
                         "their data do not tell (birth date or column missing)")
        if not src.eligible:
            notes.append(f"{cat.name} ({cat.text()}): no eligible player")
        out.append(src)
    return out


def _estimate(
    src: _Source, rows: list[Row], idx: int, sharing: Sharing
) -> tuple[Fraction, str]:
    """What ``src`` would give the player at ``idx``: his share of the pool formed by the
    players already taking ``src`` on his points, himself and the eligible players below him
    on his points."""
    row = rows[idx]
    tied = [r for r in src.takers if r.points == row.points]
    base = len(src.takers) - len(tied)
    below = [r for r in rows[idx + 1:] if r.points == row.points
             and r.participant.start_no in src.eligible]
    return _pool(src, base, [*tied, row, *below], sharing)[len(tied)]


def _choice_line(
    row: Row, best: tuple[_Source, tuple[Fraction, str]],
    offers: list[tuple[_Source, tuple[Fraction, str]]], opts: PrizeOptions,
) -> str:
    def prizes(src: _Source) -> str:
        return f"the {src.name or 'place'} prizes"

    options = " or ".join(f"{_worth(*o[1])} from {prizes(o[0])}" for o in offers)
    others = [o for o in offers if o[0] is not best[0]]
    equal = any(_value(o[1], opts) == _value(best[1], opts) for o in others)
    why = "the higher"
    if equal:
        why = ("equal value: the place prize comes first" if not best[0].name
               else "equal value: the category listed first")
    passed = " and ".join(prizes(o[0]) for o in others)
    return (f"{_name(row)} (rank {row.rank}, {_points(row.points)}) would receive {options}: "
            f"takes {prizes(best[0])} ({why}); {passed} pass to the next eligible players")


def _share_out(
    src: _Source, opts: PrizeOptions, awards: list[Award], lines: list[str], notes: list[str]
) -> None:
    """Final pools over the players who took ``src``: awards and their explanation lines."""
    k = 0
    takers = src.takers
    while k < len(takers):
        j = k
        while j + 1 < len(takers) and takers[j + 1].points == takers[k].points:
            j += 1
        members = takers[k:j + 1]
        shares = _pool(src, k, members, opts.sharing)
        for m, (amount, trophy) in zip(members, shares):
            if amount or trophy:
                awards.append(Award(m.participant, m.rank, m.points, src.name, k + 1, j + 1,
                                    amount, trophy))
        lines.append(_pool_line(src, k, members, shares, opts))
        _tie_notes(src, k, members, shares, opts, notes)
        k = j + 1


def _pool_line(
    src: _Source, base: int, members: list[Row], shares: list[tuple[Fraction, str]],
    opts: PrizeOptions,
) -> str:
    n = len(members)
    first, last = base + 1, base + n
    amounts = [src.prizes[p].amount if p in src.prizes else Fraction(0)
               for p in range(first, last + 1)]
    trophies = [(m, t) for m, (_, t) in zip(members, shares) if t]
    trophy_text = "".join(f"; trophy {quoted(t)} to {_name(m)}"
                          + (" (tie-break order)" if n > 1 else "") for m, t in trophies)
    if n == 1:
        m = members[0]
        return (f"{src.label()}place {first}: {_name(m)} ({_points(m.points)}): "
                f"{_worth(shares[0][0], shares[0][1])}")
    head = (f"{src.label()}places {first}–{last} tied on {_points(members[0].points)} "
            f"({', '.join(_name(m) for m in members)})")
    total = sum(amounts, Fraction(0))
    if not total:
        return f"{head}: no money{trophy_text}"
    listed = " + ".join(money(a) for a in amounts)
    if opts.sharing is Sharing.EQUAL:
        return f"{head}: {listed} shared, {money(shares[0][0])} each{trophy_text}"
    halves = ", ".join(f"{_name(m)} {money(a / 2)}" for m, a in zip(members, amounts))
    result = ", ".join(f"{_name(m)} {money(s)}" for m, (s, _) in zip(members, shares))
    return (f"{head}, Hort system: {listed} = {money(total)}; half shared, "
            f"{money(total / 2 / n)} each; half by tie-break order: {halves}; "
            f"in all {result}{trophy_text}")


def _tie_notes(
    src: _Source, base: int, members: list[Row], shares: list[tuple[Fraction, str]],
    opts: PrizeOptions, notes: list[str],
) -> None:
    for run in _rank_runs(members):
        if len(run) < 2:
            continue
        names = ", ".join(_name(members[k]) for k in run)
        trophies = [shares[k][1] for k in run]
        if any(t != trophies[0] for t in trophies):
            given = "; ".join(f"{quoted(shares[k][1])} to {_name(members[k])}"
                              for k in run if shares[k][1])
            notes.append(f"unresolved tie: {names} (rank {members[run[0]].rank}) are still "
                         f"tied after all tie-breaks; {src.label()}trophy {given}: given by "
                         "standings order (start number), not decided by the tie-breaks")
        if opts.sharing is Sharing.HORT:
            halves = [src.prizes[base + 1 + k].amount if base + 1 + k in src.prizes
                      else Fraction(0) for k in run]
            if any(h != halves[0] for h in halves):
                notes.append(f"Hort system: {names} are still tied after all tie-breaks and "
                             "share their tie-break halves equally")
