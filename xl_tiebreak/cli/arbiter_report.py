"""``compute``'s arbiter's report options: ``--why A,B``, ``--progression``, ``--ratings``
and ``--norms``.

:func:`build` computes what the options ask (refusing unknown start numbers before anything
is printed); the result is printed after the standings as text (standard output for the
table, standard error beside CSV and HTML) or added to the JSON document.
"""

from __future__ import annotations

import argparse

from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.util.safety import formula_safe

TYPE_CHECKING = False
if TYPE_CHECKING:
    from xl_tiebreak.ratings.norms import NormReport
    from xl_tiebreak.ratings.rating_change import RatingReport
    from xl_tiebreak.standings.progression import Progression
    from xl_tiebreak.standings.why import Why

__all__ = ["Extras", "build"]


class Extras:
    """What the report options computed: ``whys`` (one per ``--why``) and ``progression``
    (None without ``--progression``)."""

    def __init__(self, whys: list[Why], progression: Progression | None,
                 ratings: RatingReport | None = None, norms: NormReport | None = None) -> None:
        self.whys = whys
        self.progression = progression
        self.ratings = ratings
        self.norms = norms

    def blocks(self) -> list[tuple[str, list[str]]]:
        """Every part asked: its title and its lines (in the language in force)."""
        blocks = [(_("Why one participant is ahead of the other"), why.lines())
                  for why in self.whys]
        if self.progression is not None:
            blocks.append((_("Rank and score after each round"), self.progression.lines()))
        if self.ratings is not None:
            blocks.append((_("Rating report"), self.ratings.lines()))
        if self.norms is not None:
            blocks.append((_("Title norm check"), self.norms.lines()))
        return blocks

    def text(self) -> str:
        """Every part as text, each after a blank line; empty when nothing was asked."""
        return "".join("\n" + "\n".join(formula_safe(x) for x in lines) + "\n"
                       for _title, lines in self.blocks())

    def as_json(self) -> dict[str, object]:
        """The keys added to the JSON document (``why``, ``progression``), only those asked."""
        data: dict[str, object] = {}
        if self.whys:
            data["why"] = [why.as_json() for why in self.whys]
        if self.progression is not None:
            data["progression"] = self.progression.as_json()
        if self.ratings is not None:
            data["ratings"] = self.ratings.as_json()
        if self.norms is not None:
            data["norms"] = self.norms.as_json()
        return data


def build(standings: Standings, args: argparse.Namespace) -> Extras:
    """Compute what ``--why`` and ``--progression`` ask for ``standings`` (InputError for a
    start number not in the event)."""
    whys = []
    for a, b in getattr(args, "why", None) or []:
        from xl_tiebreak.standings.why import why_ahead

        whys.append(why_ahead(standings, a, b))
    progression = None
    if getattr(args, "progression", False):
        from xl_tiebreak.standings.progression import progression as progress

        progression = progress(standings, args.tiebreaks)
    ratings = None
    rate = getattr(args, "ratings", None)
    if rate is not None:
        if standings.evaluation is not None and standings.evaluation.team:
            raise InputError(_("--ratings: a team event; the rating report is for individual "
                               "events"))
        from xl_tiebreak.ratings.rating_change import rating_report

        ratings = rating_report(standings.tournament, standings.rounds, rate or "standard",
                                rate_given=bool(rate),
                                order=[r.participant.start_no for r in standings.rows])
    norms = None
    if getattr(args, "norm_event", None) and not getattr(args, "norms", False):
        raise InputError(_("--norm-event declares the event for the title norm check: give "
                           "--norms too"))
    if getattr(args, "norms", False):
        if standings.evaluation is not None and standings.evaluation.team:
            raise InputError(_("--norms: a team event; the title norm check is for "
                               "individual events"))
        from xl_tiebreak.ratings.norms import norm_report

        norms = norm_report(standings.tournament, standings.rounds,
                            order=[r.participant.start_no for r in standings.rows],
                            event=getattr(args, "norm_event", None) or "")
    return Extras(whys, progression, ratings, norms)
