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

The prize lists and their categories are read by :mod:`xl_tiebreak.prizes.prize_list` and
:mod:`xl_tiebreak.prizes.categories` (every name stays importable from here).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError, Participant, Problem, Severity
from xl_tiebreak.prizes.categories import (
    AgeGroup,
    BirthYears,
    Category,
    Criterion,
    Eligibility,
    Federation,
    FieldValue,
    RatingBand,
    Unrated,
    Women,
    birth_year,
    parse_category,
    parse_criterion,
)
from xl_tiebreak.prizes.prize_list import (
    PLACE,
    Prize,
    PrizeList,
    money,
    parse_money,
    read_prize_csv,
    read_prize_rows,
    worth_text,
)
from xl_tiebreak.standings.final import Row, Standings
from xl_tiebreak.util.cells import quoted
from xl_tiebreak.util.numbers import fmt_half
from xl_tiebreak.util.plain import Frozen, Mutable, field

__all__ = [
    "PLACE", "AgeGroup", "Allocation", "Award", "BirthYears", "Category", "Criterion",
    "Eligibility", "Federation", "FieldValue", "Prize", "PrizeList", "PrizeOptions",
    "RatingBand", "Sharing", "Unrated", "Women", "allocate", "birth_year", "money",
    "parse_category", "parse_criterion", "parse_money", "read_prize_csv", "read_prize_rows",
]  # fmt: skip


class Sharing(enum.Enum):
    """How players tied on points share pooled money."""

    EQUAL = "equal"
    """Each pool member gets the pooled money divided by the number of members."""
    HORT = "hort"
    """Hort system: half of each prize shared equally, half by the tie-break order."""


class PrizeOptions(Frozen):
    """Choices of the tournament regulations."""

    sharing: Sharing = Sharing.EQUAL
    one_prize_per_player: bool = True
    """A player takes one prize, the higher (see the module docstring); False: a player may
    take a place prize and category prizes."""
    trophy_over_money: bool = False
    """True: any trophy or title is worth more than any money when choosing the higher."""


# ====================================================================== allocation


class Award(Frozen):
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
            return _("{category}place {place}", category=kind, place=self.first)
        return _("{category}places {first}–{last}", category=kind, first=self.first,
                 last=self.last)


class Allocation(Mutable):
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
    text = number_text(fmt_half(value))
    return _("{points} point", points=text) if value == 1 else _("{points} points", points=text)


class _Source(Mutable):
    name: str
    prizes: dict[int, Prize]
    eligible: set[int]
    takers: list[Row] = field(default_factory=list)

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
    people = [r.participant for r in rows]
    known = frozenset(f for f in ("club", "group") if any(getattr(q, f) for q in people))
    ctx = Eligibility(event_year or (start.year if start else None), columns or {}, known)
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
            for src, _offer in offers:
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
        lines.append(_("{prize} ({worth}): unclaimed, no eligible player left", prize=p.name(),
                       worth=p.worth()))
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
            problems.append(Problem(Severity.ERROR, _("{prize}: no category {category} is "
                                                      "defined", prize=prize.name(),
                                                      category=quoted(prize.category)),
                                    prize.where))
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
        unknown: list[tuple[Row, list[str]]] = []
        for r in rows:
            ok = cat.admits(r.participant, ctx)
            if ok is None:
                unknown.append((r, cat.undecided(r.participant, ctx)))
            if ok:
                src.eligible.add(r.participant.start_no)
        if unknown:
            problems.append(_undecided(cat, unknown))
            continue
        if not src.eligible:
            notes.append(_("{name} ({text}): no eligible player", name=cat.name,
                           text=cat.text()))
        out.append(src)
    if problems:
        raise InputError(problems)
    return out


def _undecided(cat: Category, unknown: list[tuple[Row, list[str]]]) -> Problem:
    """The refusal of a category that cannot be decided for some players: the data missing
    and the players, with their places (rows or lines)."""
    data = sorted({d for _row, ds in unknown for d in ds})
    players = ", ".join(
        f"#{r.participant.start_no} {r.participant.name}"
        + (f" ({r.participant.where})" if r.participant.where else "")
        for r, _ds in unknown[:12])
    more = " " + _("and {n} more", n=len(unknown) - 12) if len(unknown) > 12 else ""
    return Problem(
        Severity.ERROR,
        _("the category {name} ({text}) cannot be decided for {count} player(s) without their "
          "{data}: {players}{more}; fill it in, or give the prize without that category",
          name=cat.name, text=cat.text(), count=len(unknown),
          data=_(" or ").join(translated(d) for d in data), players=players, more=more),
        cat.where)

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
        return (_("the {name} prizes", name=src.name) if src.name
                else _("the place prizes"))

    options = _(" or ").join(_("{worth} from {prizes}", worth=worth_text(*o[1]),
                               prizes=prizes(o[0])) for o in offers)
    others = [o for o in offers if o[0] is not best[0]]
    equal = any(_value(o[1], opts) == _value(best[1], opts) for o in others)
    why = _("the higher")
    if equal:
        why = (_("equal value: the place prize comes first") if not best[0].name
               else _("equal value: the category listed first"))
    passed = _(" and ").join(prizes(o[0]) for o in others)
    return _("{name} (rank {rank}, {points}) would receive {options}: takes {best} ({why}); "
             "{passed} pass to the next eligible players", name=_name(row), rank=row.rank,
             points=_points(row.points), options=options, best=prizes(best[0]), why=why,
             passed=passed)


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
    trophies = [(m, t) for m, (_amount, t) in zip(members, shares) if t]
    trophy_text = "".join("; " + _("trophy {name} to {player}", name=quoted(t), player=_name(m))
                          + (" " + _("(tie-break order)") if n > 1 else "")
                          for m, t in trophies)
    if n == 1:
        m = members[0]
        return _("{category}place {place}", category=src.label(), place=first) + (
            f": {_name(m)} ({_points(m.points)}): {worth_text(shares[0][0], shares[0][1])}")
    head = _("{category}places {first}–{last} tied on {points} ({names})",
             category=src.label(), first=first, last=last, points=_points(members[0].points),
             names=", ".join(_name(m) for m in members))
    total = sum(amounts, Fraction(0))
    if not total:
        return _("{head}: no money", head=head) + trophy_text
    listed = " + ".join(money(a) for a in amounts)
    if opts.sharing is Sharing.EQUAL:
        return _("{head}: {listed} shared, {each} each", head=head, listed=listed,
                 each=money(shares[0][0])) + trophy_text
    halves = ", ".join(f"{_name(m)} {money(a / 2)}" for m, a in zip(members, amounts))
    result = ", ".join(f"{_name(m)} {money(s)}" for m, (s, _t) in zip(members, shares))
    return _("{head}, Hort system: {listed} = {total}; half shared, {each} each; half by "
             "tie-break order: {halves}; in all {result}", head=head, listed=listed,
             total=money(total), each=money(total / 2 / n), halves=halves,
             result=result) + trophy_text


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
            given = "; ".join(_("{name} to {player}", name=quoted(shares[k][1]),
                                player=_name(members[k])) for k in run if shares[k][1])
            notes.append(_("unresolved tie: {names} (rank {rank}) are still tied after all "
                           "tie-breaks; {category}trophy {given}: given by standings order "
                           "(start number), not decided by the tie-breaks", names=names,
                           rank=members[run[0]].rank, category=src.label(), given=given))
        if opts.sharing is Sharing.HORT:
            halves = [src.prizes[base + 1 + k].amount if base + 1 + k in src.prizes
                      else Fraction(0) for k in run]
            if any(h != halves[0] for h in halves):
                notes.append(_("Hort system: {names} are still tied after all tie-breaks and "
                               "share their tie-break halves equally", names=names))
