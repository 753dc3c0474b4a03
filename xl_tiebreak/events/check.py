"""The check of one file of any kind: its declared ranks recomputed as the event it is.

An individual tournament or a team event is ranked with its declared tie-break list
(:func:`xl_tiebreak.standings.verify.verify_tournament`); a knockout bracket by the stage
reached, a declared rank agreeing when it lies inside the place range of the stage
(docs/engineering.md D90). Unreadable input becomes a report line, never an exception.
"""

from __future__ import annotations

import os

from xl_tiebreak.events.loader import describe, load_event, read_input, suffix
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import place_range_text, place_text
from xl_tiebreak.knockout.bracket import Bracket, knockout_standings, stage_text
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.verify import FileReport, Verdict, short, verify_tournament


def check_file(path: str | os.PathLike[str], fallback: str | None = None) -> FileReport:
    """The report line of one file (``fallback``: the tie-break list of an individual or team
    event that declares none)."""
    name = os.fspath(path)
    if suffix(name) == ".csv" and _prize_list(name):
        return FileReport(name, Verdict.NO_RANKS, why=_("a prize list (for compute --prizes), "
                                                        "not an event"), kind="prize list")
    try:
        event = load_event(name)
        if isinstance(event, Bracket):
            return verify_bracket(event, name, _declared_ranks(name))
    except InputError as exc:
        return FileReport(name, Verdict.ERROR, why=short(str(exc)))
    except (OSError, ValueError) as exc:
        return FileReport(name, Verdict.ERROR, why=short(_("cannot read the file: {error}",
                                                           error=exc)))
    return verify_tournament(event, name, fallback)


verify_file = check_file
"""The name the command line's callers knew."""


def _prize_list(path: str) -> bool:
    """True for a CSV holding a prize list (it goes with an event; nothing to check)."""
    from xl_tiebreak.events.loader import is_prize_list
    from xl_tiebreak.formats.crosstable.team_reader import csv_rows
    from xl_tiebreak.util.text_files import decode_text_noted

    try:
        return is_prize_list(csv_rows(decode_text_noted(read_input(path))[0]))
    except (InputError, OSError, ValueError):
        return False  # the loader says what is wrong with it


def _declared_ranks(path: str) -> dict[str, int | None] | None:
    """A knockout TRF's declared ranks by player name (TRF cols 86–89); None for a bracket
    table, which declares none."""
    if suffix(path) == ".csv":
        return None
    from xl_tiebreak.formats.trf.reader import parse_trf

    t = parse_trf(read_input(path), source=os.path.basename(path))
    return {p.name: p.declared_rank for p in t.participants}


def verify_bracket(bracket: Bracket, name: str, declared: dict[str, int | None] | None
                   ) -> FileReport:
    """Compare a bracket's declared ranks (``declared``: by player name; None when the input
    declares none) with the places by the stage reached."""
    rows = knockout_standings(bracket)
    kind = describe(bracket)
    stage = _("stage reached")
    if declared is None:
        return FileReport(name, Verdict.NO_RANKS, why=_("a bracket table declares no ranks"),
                          tiebreaks=stage, participants=len(rows), kind=kind)
    missing = sum(declared.get(r.player) is None for r in rows)
    if missing:
        return FileReport(name, Verdict.NO_RANKS,
                          why=_("{missing} of {count} players declare no rank", missing=missing,
                                count=len(rows)),
                          tiebreaks=stage, participants=len(rows), kind=kind)
    wrong = []
    for r in rows:
        d = declared[r.player]
        assert d is not None
        if not r.first <= d <= r.last:
            wrong.append((min(d, r.first), r, d))
    if not wrong:
        return FileReport(name, Verdict.AGREES, tiebreaks=stage,
                          participants=len(rows), kind=kind)
    place, r, d = min(wrong, key=lambda w: (w[0], w[1].first))
    why = _("the file ranks {player} {declared}, the stage reached ({stage}) gives place "
            "{places}", player=r.player, declared=place_text(d), stage=stage_text(r.stage),
            places=place_range_text(r.first, r.last))
    return FileReport(name, Verdict.DIFFERS, place, short(why), stage, len(rows), kind)
