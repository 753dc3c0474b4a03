"""Recompute an event's declared ranks: what a rating officer runs over a season of reports.

:func:`verify_tournament` ranks an event (individual or team) with its own declared tie-break
list (TRF ``202`` / ``212``; the default list for its type when it declares none, and the
report says so) and compares the result with the ranks the file declares (TRF cols 86–89).
Participants still tied after the whole list share a place range; a declared rank anywhere
inside that range agrees (the software that wrote the file had to list them in some order).
Files of every kind, knockout brackets included, are checked by
:func:`xl_tiebreak.events.check.check_file`.
"""

from __future__ import annotations

import enum
from pathlib import Path

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text, place_range_text, place_text
from xl_tiebreak.model.tournament import InputError, Participant, Tournament, TournamentType
from xl_tiebreak.standings.evaluation import Evaluation, Standings
from xl_tiebreak.standings.rows import Row
from xl_tiebreak.util.numbers import fmt
from xl_tiebreak.util.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.model.teams import TeamEvent

MAX_WHY = 400
"""Longest explanation kept in a report line (characters)."""


class Verdict(enum.Enum):
    """The outcome for one file."""

    AGREES = "agrees"
    """Every declared rank is the computed place (or inside the computed shared place)."""
    DIFFERS = "differs"
    """Some declared rank is not; :attr:`FileReport.place` is the first such place."""
    NO_RANKS = "no ranks"
    """The file declares no ranks (or not for everybody): nothing to compare."""
    ERROR = "error"
    """The file could not be read or ranked; :attr:`FileReport.why` says why."""


class FileReport(Frozen):
    """One line of the report."""

    file: str
    verdict: Verdict
    place: int | None = None
    """The first place where the declared and the computed standings differ."""
    why: str = ""
    tiebreaks: str = ""
    """The tie-break list used, as written (``BH/C1,BH,SB``)."""
    participants: int = 0
    kind: str = ""
    """The kind of event read (``individual Swiss``, ``team round robin``, ``knockout``);
    empty when the file could not be read."""

    def as_dict(self) -> dict[str, object]:
        """The report line as plain values (CSV/JSON)."""
        return {"file": self.file, "verdict": self.verdict.value, "place": self.place,
                "why": self.why, "tiebreaks": self.tiebreaks,
                "participants": self.participants, "kind": self.kind}


def _label(p: Participant) -> str:
    return f"#{p.start_no} {p.name}".rstrip()


def _values(standings: Standings, row: Row) -> str:
    parts = [f"Pts {number_text(fmt(row.points))}"]
    parts += [f"{d.label} {number_text(fmt(v)) if v is not None else '-'}"
              for d, v in zip(standings.descriptors, row.values)]
    return ", ".join(parts)


def first_difference(standings: Standings) -> tuple[int, str] | None:
    """The first place where the declared and the computed standings disagree, and why; None
    when they agree.

    A participant agrees when his declared place range (his rank, shared with the others who
    declare it) overlaps his computed one (shared by the participants still tied after the
    list): a file may list tied participants in some order, or show as shared a tie that the
    list breaks. The place reported is the smallest place of a participant who disagrees.
    """
    rows = standings.rows
    size: dict[int, int] = {}
    said: dict[int, int] = {}
    for row in rows:
        size[row.rank] = size.get(row.rank, 0) + 1
        d = row.participant.declared_rank
        if d is not None:
            said[d] = said.get(d, 0) + 1
    found: tuple[int, Row] | None = None
    for row in rows:
        d = row.participant.declared_rank
        if d is None:
            continue
        first, last = row.rank, row.rank + size[row.rank] - 1
        if d <= last and first <= d + said[d] - 1:
            continue
        place = min(first, d)
        if found is None or place < found[0]:
            found = (place, row)
    if found is None:
        return None
    place, row = found
    first, last = row.rank, row.rank + size[row.rank] - 1
    at = next((r for r in rows if r.rank <= place < r.rank + size[r.rank]), None)
    declared = row.participant.declared_rank
    assert declared is not None
    why = _("the file ranks {who} {declared}, the computation {computed} ({values})",
            who=_label(row.participant), declared=place_text(declared),
            computed=place_range_text(first, last), values=_values(standings, row))
    if at is not None and at is not row:
        why += "; " + _("computed {place}: {who} ({values})", place=place_text(place),
                        who=_label(at.participant), values=_values(standings, at))
    holder = next((r for r in rows if r.participant.declared_rank == place), None)
    if holder is not None and holder is not row:
        why += "; " + _("declared {place}: {who}, computed {computed}", place=place_text(place),
                        who=_label(holder.participant), computed=place_range_text(
                            holder.rank, holder.rank + size[holder.rank] - 1))
    return place, why


def kind_text(t: Tournament | TeamEvent) -> str:
    """``individual Swiss``, ``team round robin`` … (untranslated: the report's ``kind``
    field; the table report shows it translated)."""
    who = "individual" if isinstance(t, Tournament) else "team"
    form = "round robin" if t.type is TournamentType.PREDETERMINED else "Swiss"
    return f"{who} {form}"


def verify_tournament(t: Tournament | TeamEvent, source: str = "",
                      fallback: str | None = None) -> FileReport:
    """Rank ``t`` (an individual tournament or a team event) with its declared list (see the
    module docstring) and compare. ``fallback``: the list for an event that declares none
    (default: the default list for its type)."""
    name = source or t.source
    kind = kind_text(t)
    size = len(t.participants) if isinstance(t, Tournament) else len(t.teams)
    try:
        evaluation = Evaluation(t)
        standings = evaluation.standings(t.tiebreaks or fallback or None)
    except InputError as exc:
        return FileReport(name, Verdict.ERROR, why=_short(str(exc)),
                          tiebreaks=",".join(t.tiebreaks), participants=size, kind=kind)
    listed = ",".join(d.label for d in standings.descriptors)
    note = ""
    if not t.tiebreaks:
        note = (_("no declared tie-break list: the list given {listed} was used", listed=listed)
                if fallback else
                _("no declared tie-break list: the default {listed} was used", listed=listed)
                ) + "; "
    ranks = [p.declared_rank for p in standings.tournament.participants]
    if any(r is None for r in ranks):
        missing = sum(r is None for r in ranks)
        return FileReport(name, Verdict.NO_RANKS,
                          why=note + _("{missing} of {count} participants declare no rank",
                                       missing=missing, count=len(ranks)),
                          tiebreaks=listed, participants=len(ranks), kind=kind)
    found = first_difference(standings)
    if found is None:
        return FileReport(name, Verdict.AGREES, why=note.rstrip("; "), tiebreaks=listed,
                          participants=len(ranks), kind=kind)
    place, why = found
    warnings = "; ".join(str(w) for w in standings.warnings[:2])
    extra = " " + _("(warnings: {warnings})", warnings=warnings) if warnings else ""
    return FileReport(name, Verdict.DIFFERS, place, _short(note + why + extra), listed,
                      len(ranks), kind)


def _short(text: str) -> str:
    return text if len(text) <= MAX_WHY else text[: MAX_WHY - 1] + "…"


def short(text: str) -> str:
    """A report line's explanation, at most :data:`MAX_WHY` characters."""
    return _short(text)


EVENT_SUFFIXES = (".trf", ".trfx", ".csv")
"""Files taken from a folder (recursively)."""


def event_files(paths: list[str]) -> list[Path]:
    """The files named, and the event files (:data:`EVENT_SUFFIXES`) under the folders named,
    sorted per folder; InputError for a name that is neither."""
    out: list[Path] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            out += sorted(f for f in p.rglob("*")
                          if f.is_file() and f.suffix.lower() in EVENT_SUFFIXES)
        elif p.is_file():
            out.append(p)
        else:
            raise InputError(_("{name}: no such file or folder", name=name))
    return out
