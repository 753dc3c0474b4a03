"""Tie-break orders side by side: one event, several orders, one place column per order.

Before a tie-break order goes into the regulations an organizer wants to see what it changes:
"one crosstable, three champions" (BH, BH/C1 and BH/M1 can crown three different players on
the same table). :func:`compare_orders` ranks one evaluated event by each order;
:class:`Comparison` holds the place of every participant under every order and says who moves
(a participant whose place is not the same under every order). Rows are listed by the first
order's standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _, _n
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.tournament import InputError, Participant
from xl_tiebreak.standings.evaluation import Evaluation, Order
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.util.numbers import fmt, fmt_half
from xl_tiebreak.util.plain import Frozen
from xl_tiebreak.util.safety import formula_safe

MAX_ORDERS = 26
"""Most orders compared at once (they are named A, B, C, … in the output)."""


class CompareRow(Frozen):
    """One participant's places, one per order."""

    participant: Participant
    points: Fraction
    places: tuple[int, ...]
    """Place under each order (shared places: the better one, as in the standings)."""

    @property
    def moves(self) -> bool:
        """True when the place is not the same under every order."""
        return len(set(self.places)) > 1

    def shift(self, k: int) -> int:
        """Places gained (positive) or lost (negative) under order ``k`` against the first."""
        return self.places[0] - self.places[k]


class Comparison(Frozen):
    """The standings of one event under several tie-break orders."""

    labels: tuple[str, ...]
    """Each order as written out (``BH/C1,BH,SB``; the declared or default list when empty)."""
    standings: tuple[Standings, ...]
    rows: tuple[CompareRow, ...]
    """In the first order's standings order."""

    def row(self, start_no: int) -> CompareRow:
        """The row of a start number (KeyError when unknown)."""
        for r in self.rows:
            if r.participant.start_no == start_no:
                return r
        raise KeyError(start_no)

    def winners(self, k: int) -> list[Participant]:
        """Who is first under order ``k`` (several when the first place is shared)."""
        return [r.participant for r in self.standings[k].rows if r.rank == 1]

    @property
    def movers(self) -> list[CompareRow]:
        """The rows whose place differs between orders."""
        return [r for r in self.rows if r.moves]


def order_name(k: int) -> str:
    """The short name of the k-th order: ``A``, ``B``, …"""
    return chr(ord("A") + k)


def compare_orders(evaluation: Evaluation, orders: Sequence[Order]) -> Comparison:
    """Rank ``evaluation``'s event under each order (at least one, at most
    :data:`MAX_ORDERS`); an empty order means the declared or default list."""
    if not orders:
        raise InputError(_("no tie-break order to compare"))
    if len(orders) > MAX_ORDERS:
        raise InputError(_("{count} orders to compare: at most {most}", count=len(orders),
                           most=MAX_ORDERS))
    standings = tuple(evaluation.standings(o) for o in orders)
    labels = tuple(",".join(d.label for d in s.descriptors) or "PTS" for s in standings)
    places: dict[int, list[int]] = {}
    for s in standings:
        for r in s.rows:
            places.setdefault(r.participant.start_no, []).append(r.rank)
    rows = tuple(
        CompareRow(r.participant, r.points, tuple(places[r.participant.start_no]))
        for r in standings[0].rows
    )
    return Comparison(labels, standings, rows)


def _place_text(row: CompareRow, k: int) -> str:
    """``3`` under the first order; ``1 ↑2`` / ``4 ↓1`` / ``3`` under the others."""
    place = str(row.places[k])
    shift = row.shift(k)
    if k == 0 or shift == 0:
        return place
    return f"{place} {'↑' if shift > 0 else '↓'}{abs(shift)}"


def _names(people: Sequence[Participant]) -> str:
    return ", ".join(f"{formula_safe(p.name)} (#{p.start_no})" for p in people)


def comparison_rows(c: Comparison) -> list[list[object]]:
    """A table with a header row (for a sheet or a worksheet function): Moves, No, Name, Pts,
    then one place column per order headed by its name and list (``A: BH/C1,BH,SB``)."""
    header: list[object] = [_("Moves"), _("No"), _("Name"), _("Pts"),
                            *[f"{order_name(k)}: {label}" for k, label in enumerate(c.labels)]]
    out = [header]
    for r in c.rows:
        out.append(["*" if r.moves else "", r.participant.start_no,
                    formula_safe(r.participant.name), float(r.points), *r.places])
    return out


def comparison_table(c: Comparison) -> str:
    """Aligned text: the orders, the champion of each, one place column per order (``↑n``/``↓n``
    against order A) and a ``*`` in front of every participant who moves."""
    t = c.standings[0].tournament
    lines = [_("{title} — {participants} participants, {rounds} rounds, rules {rules}",
               title=t.name or t.source or _("Tournament"), participants=len(c.rows),
               rounds=c.standings[0].rounds, rules=c.standings[0].rules.label), ""]
    for k, label in enumerate(c.labels):
        lines.append(_("{order} = {label}: first {names}", order=order_name(k), label=label,
                       names=_names(c.winners(k))))
    lines.append("")
    header = ["", _("No"), _("Name"), _("Pts"), *[order_name(k) for k in range(len(c.labels))]]
    body = [["*" if r.moves else "", str(r.participant.start_no),
             formula_safe(r.participant.name), number_text(fmt_half(r.points)),
             *[_place_text(r, k) for k in range(len(c.labels))]] for r in c.rows]
    widths = [max(len(row[col]) for row in [header, *body]) for col in range(len(header))]
    for row in [header, *body]:
        cells = [row[col].ljust(widths[col]) if col in (0, 2) else row[col].rjust(widths[col])
                 for col in range(len(row))]
        lines.append("  ".join(cells).rstrip())
    moving = len(c.movers)
    lines += ["", _n("* moves: {count} participant not placed the same by every order; "
                     "↑n/↓n: places gained/lost against order A",
                     "* moves: {count} participants not placed the same by every order; "
                     "↑n/↓n: places gained/lost against order A", count=moving)]
    return "\n".join(lines) + "\n"


def comparison_json(c: Comparison) -> dict[str, object]:
    """A JSON-ready description: the orders with their champions, then one row per
    participant with its place under each order."""
    return {
        "orders": [
            {"name": order_name(k), "order": label,
             "first": [p.start_no for p in c.winners(k)]}
            for k, label in enumerate(c.labels)
        ],
        "rows": [
            {"start_no": r.participant.start_no, "name": r.participant.name,
             "points": fmt(r.points), "places": list(r.places), "moves": r.moves}
            for r in c.rows
        ],
    }
