"""``compute``'s arbiter's report options: ``--why A,B`` and ``--progression``.

:func:`build` computes what the options ask (refusing unknown start numbers before anything
is printed); the result is printed after the standings as text (standard output for the
table, standard error beside CSV and HTML) or added to the JSON document.
"""

from __future__ import annotations

import argparse

from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.util.safety import formula_safe

TYPE_CHECKING = False
if TYPE_CHECKING:
    from xl_tiebreak.standings.progression import Progression
    from xl_tiebreak.standings.why import Why

__all__ = ["Extras", "build"]


class Extras:
    """What the report options computed: ``whys`` (one per ``--why``) and ``progression``
    (None without ``--progression``)."""

    def __init__(self, whys: list[Why], progression: Progression | None) -> None:
        self.whys = whys
        self.progression = progression

    def text(self) -> str:
        """Every part as text, each after a blank line; empty when nothing was asked."""
        blocks = [why.lines() for why in self.whys]
        if self.progression is not None:
            blocks.append(self.progression.lines())
        return "".join("\n" + "\n".join(formula_safe(x) for x in b) + "\n" for b in blocks)

    def as_json(self) -> dict[str, object]:
        """The keys added to the JSON document (``why``, ``progression``), only those asked."""
        data: dict[str, object] = {}
        if self.whys:
            data["why"] = [why.as_json() for why in self.whys]
        if self.progression is not None:
            data["progression"] = self.progression.as_json()
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
    return Extras(whys, progression)
