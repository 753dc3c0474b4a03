"""The progression of an event: every participant's place and score after each round.

The standings after round k are those of the event as if it had k rounds (docs/decisions.md
D6: the 16.4.2 cap is draw points × k, the last round is round k), ranked by the same order
under the same rule set: :func:`progression` asks, for every k, exactly what
``compute --after-round k`` asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text, place_text
from xl_tiebreak.util.numbers import fmt, fmt_half
from xl_tiebreak.util.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.standings.evaluation import Order
    from xl_tiebreak.standings.ranking import Row, Standings

__all__ = ["Progression", "progression", "standings_after"]


class Progression(Frozen):
    """Places and scores after each round.

    ``rounds``: 1 … k; ``start_numbers``: in the order of the final standings (those asked);
    ``names``: by start number; ``places``: start number → one ``(first, last)`` place per
    round (``(3, 4)``: the 3rd place shared by two); ``points``: start number → one score per
    round."""

    __slots__ = ("rounds", "start_numbers", "names", "places", "points")
    rounds: tuple[int, ...]
    start_numbers: tuple[int, ...]
    names: dict[int, str]
    places: dict[int, tuple[tuple[int, int], ...]]
    points: dict[int, tuple[Fraction, ...]]

    def __init__(self, rounds: tuple[int, ...], start_numbers: tuple[int, ...],
                 names: dict[int, str], places: dict[int, tuple[tuple[int, int], ...]],
                 points: dict[int, tuple[Fraction, ...]]) -> None:
        set_field = object.__setattr__
        set_field(self, "rounds", rounds)
        set_field(self, "start_numbers", start_numbers)
        set_field(self, "names", names)
        set_field(self, "places", places)
        set_field(self, "points", points)

    def lines(self) -> list[str]:
        """An aligned text table: No, Name, then ``place (score)`` per round."""
        from xl_tiebreak.util.safety import formula_safe

        head = [_("No"), _("Name"), *(_("R{round}", round=r) for r in self.rounds)]
        body = []
        for no in self.start_numbers:
            cells = [f"{_place(a, b)} ({number_text(fmt_half(p))})"
                     for (a, b), p in zip(self.places[no], self.points[no], strict=True)]
            body.append([str(no), formula_safe(self.names[no]), *cells])
        widths = [max(len(r[k]) for r in [head, *body]) for k in range(len(head))]
        out = [_("Progression: place (score) after each round, each as --after-round would "
                 "rank it")]
        for r in [head, *body]:
            out.append("  ".join(c.ljust(w) if k == 1 else c.rjust(w)
                                 for k, (c, w) in enumerate(zip(r, widths, strict=True)))
                       .rstrip())
        return out

    def as_json(self) -> list[dict[str, object]]:
        """One entry per participant: start number, name and, per round, rank (first place of
        the group), place text and points (exact decimal string)."""
        return [{"start_no": no, "name": self.names[no],
                 "rounds": [{"round": r, "rank": a, "place": _place(a, b), "points": fmt(p)}
                            for r, (a, b), p in zip(self.rounds, self.places[no],
                                                    self.points[no], strict=True)]}
                for no in self.start_numbers]


def place_ranges(rows: Sequence[Row]) -> list[tuple[int, int]]:
    """(first, last) place of each row's group (``(3, 4)`` on both rows of a shared 3rd)."""
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.rank] = counts.get(row.rank, 0) + 1
    return [(row.rank, row.rank + counts[row.rank] - 1) for row in rows]


def _place(first: int, last: int) -> str:
    return place_text(first) if first == last else f"{place_text(first)}\u2013{place_text(last)}"


def standings_after(standings: Standings, order: Order, k: int) -> Standings:
    """The standings after round ``k``, for the event, rule set and rating for unrated
    players of ``standings``, ranked by ``order`` (as given to ``compute``)."""
    from xl_tiebreak.standings.evaluation import Evaluation

    evaluation = standings.evaluation
    if evaluation is None:
        return Evaluation(standings.tournament, standings.rules, k).standings(order)
    unrated = None if evaluation.team else evaluation.engine.unrated_rating
    return Evaluation(evaluation.event, standings.rules, k, unrated).standings(order)


def progression(standings: Standings, order: Order) -> Progression:
    """Place and score of every participant after each of the rounds of ``standings``
    (rounds 1 … its rounds), ranked by ``order``."""
    places: dict[int, list[tuple[int, int]]] = {}
    points: dict[int, list[Fraction]] = {}
    rounds = tuple(range(1, standings.rounds + 1))
    for k in rounds:
        after = standings if k == standings.rounds else standings_after(standings, order, k)
        for row, place in zip(after.rows, place_ranges(after.rows), strict=True):
            no = row.participant.start_no
            places.setdefault(no, []).append(place)
            points.setdefault(no, []).append(row.points)
    numbers = tuple(r.participant.start_no for r in standings.rows)
    names = {r.participant.start_no: r.participant.name for r in standings.rows}
    return Progression(rounds, numbers, names, {n: tuple(places[n]) for n in numbers},
                       {n: tuple(points[n]) for n in numbers})
