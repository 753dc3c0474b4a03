"""Named tie-break orders for common kinds of events, each with where it comes from.

Use one as ``--tiebreaks preset:fide-open`` on the command line, ``preset:round-robin`` in the
Settings sheet or a worksheet function's order argument; ``xl-tiebreak presets`` lists them.
"""

from __future__ import annotations

from xl_tiebreak.i18n import N_
from xl_tiebreak.util.plain import Frozen


class Preset(Frozen):
    """A tie-break order (comma-separated descriptors) with its purpose and source; ``team``:
    a team-event order (read with the event's primary score)."""

    __slots__ = ("name", "order", "purpose", "source", "team")
    name: str
    order: str
    purpose: str
    source: str
    team: bool

    def __init__(self, name: str, order: str, purpose: str, source: str,
                 team: bool = False) -> None:
        set_field = object.__setattr__
        set_field(self, "name", name)
        set_field(self, "order", order)
        set_field(self, "purpose", purpose)
        set_field(self, "source", source)
        set_field(self, "team", team)


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "fide-open",
            "BH/C1,BH,SB,DE,WIN",
            N_("FIDE-rated Swiss opens"),
            N_("common practice of FIDE opens (C.07 itself prescribes no order, Art. 4.1); "
            "the project's default for a Swiss"),
        ),
        Preset(
            "swiss-manager",
            "BH/C1,BH/M1,BH,WIN,BPG",
            N_("Swiss events set up like Swiss-Manager's new tournaments"),
            N_("Swiss-Manager's default list for a new Swiss tournament"),
        ),
        Preset(
            "diswiss",
            "DE,BH/C1,BH,SB,BH/M1,WIN,BPG",
            N_("Swiss events set up like DiSwiss"),
            N_("DiSwiss's published order for an individual Swiss under the 2026 rules "
            "(spec §9.3): DE (81) · BH/C1 (84/0,0,1) · BH (84/0,0,0) · SB (85) · "
            "BH/M1 (84/0,1,1) · WIN (68) · BPG (53)"),
        ),
        Preset(
            "round-robin",
            "DE,SB,WIN,KS",
            N_("round robins and other pre-determined pairings"),
            N_("DiSwiss's published round-robin order and Swiss-Manager's round-robin default "
            "(spec §9.3): DE, SB, WIN, KS; C.07: Buchholz must not be used in round robins "
            "(Art. 8 note); the project's default for a round robin"),
        ),
        Preset(
            "rapid-blitz",
            "BH/C1,BH,DE,WIN",
            N_("rapid and blitz Swiss events, often with unrated players"),
            N_("project recommendation: no rating-based tie-break (Art. 10 drops them when "
            "participants are unrated), quick to check by hand"),
        ),
        Preset(
            "school",
            "BH/C1,BH,PS,WIN",
            N_("school and junior events"),
            N_("project recommendation: opponents' strength first, then progressive score and "
            "wins, which players and parents can follow on the crosstable; no ratings needed"),
        ),
        Preset(
            "team-swiss",
            "MPTS,GPTS,EDE,BH:MP/C1",
            N_("team Swiss events (leagues, olympiad-style events) with match points first"),
            N_("project recommendation after C.07 Arts. 11–13: game points, Extended Direct "
            "Encounter, then Buchholz on match points cutting the lowest; the project's "
            "default for a team Swiss"),
            team=True,
        ),
        Preset(
            "team-chesspairings",
            "MPTS,GPTS,BH:MP,EDE",
            N_("team Swiss events set up like ChessPairings.org"),
            N_("ChessPairings.org guide, team Swiss: MP, GP, BH:MP, EDE"),
            team=True,
        ),
        Preset(
            "team-diswiss",
            "MPTS,GPTS,EDE,OSB,BH:MP/C1,BH:MP,BH:MP/M1,WIN:MP",
            N_("team Swiss events set up like DiSwiss (olympiad style, MP 2-1-0)"),
            N_("DiSwiss's team Swiss (spec §9.3; its primary score, match points, first): game "
            "points, EDE on match points, Olympiad SB "
            "(Swiss-Manager 74), BH:MP/C1, BH:MP, BH:MP/M1, match wins"),
            team=True,
        ),
        Preset(
            "team-round-robin",
            "MPTS,GPTS,EDE,EMGSB,WIN:MP",
            N_("team round robins"),
            N_("DiSwiss's team round robin (its primary score, match points, first; then game "
            "points, EDE, team SB = EMGSB without cut, match wins); the project's default for "
            "a team round robin"),
            team=True,
        ),
        Preset(
            "uscf",
            "MM,SOLKOFF,CUM,OPPCUM",
            N_("US Chess rated events"),
            N_("US Chess Official Rules 7th ed., 34E: the default order unless another is posted "
            "before round 1"),
        ),
    )
}


def expand(name: str) -> str:
    """The order of ``preset:NAME`` (or ``NAME``); raise KeyError for an unknown preset."""
    key = name.strip().lower()
    key = key[len("preset:"):] if key.startswith("preset:") else key
    return PRESETS[key.strip()].order
