"""A ranked event as a TRF file: computed points and ranks, and the tie-break list.

:func:`exported_tournament` copies a :class:`~xl_tiebreak.standings.ranking.Standings`' tournament
with the
computed points (cols 81–84) and places (cols 86–89; tied participants share the place) as its
declared values and the standings' tie-break list as its ``202``/``212`` list;
:func:`export_trf` writes it with :func:`xl_tiebreak.formats.trf.reader.write_trf`. Reading the
file back
(:func:`xl_tiebreak.formats.trf.reader.parse_trf`) gives the same standings under the rule set
``auto`` picks
from the start date; :func:`export_warnings` says when that is not the rule set used.
"""

from __future__ import annotations

from xl_tiebreak.formats.trf.reader import write_trf
from xl_tiebreak.formats.trf.writer import given_colours, round_date_text
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import Problem, Severity, Tournament
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.tiebreaks.rules import resolve_rules


def exported_tournament(standings: Standings) -> Tournament:
    """A copy of the standings' tournament whose declared points, ranks and tie-break list are
    the computed ones (the rounds taken into account become the rounds written)."""
    t = standings.tournament
    computed = {r.participant.start_no: r for r in standings.rows}
    rounds = standings.rounds
    parts = [
        p.replace(rounds=list(p.rounds[:rounds]), declared_points=computed[p.start_no].points,
                  declared_rank=computed[p.start_no].rank)
        for p in t.participants
    ]
    scheduled = t.scheduled_rounds if rounds == t.rounds else rounds
    return t.replace(
        participants=parts, scheduled_rounds=scheduled if scheduled is not None else rounds,
        tiebreaks=[d.canonical for d in standings.descriptors], rounds=rounds,
    )


def export_warnings(standings: Standings) -> list[Problem]:
    """What a reader of the exported file will not see: the rule set when it is not the one
    ``auto`` picks from the start date (a TRF file has no record for it)."""
    t = standings.tournament
    out: list[Problem] = []
    auto = resolve_rules("auto", t.start_date)
    if standings.rules is not auto:
        out.append(Problem(
            Severity.WARNING,
            _("ranked under the rules {rules}, but a reader of the TRF file picks {auto} from "
              "its start date: the file records the ranks and the tie-break list, not the "
              "rule set", rules=standings.rules.label, auto=auto.label)))
    extra = [p for p in t.participants if p.extra_points]
    if extra:  # docs/decisions.md D51
        numbers = ", ".join(f"#{p.start_no}" for p in extra[:20])
        more = ", …" if len(extra) > 20 else ""
        out.append(Problem(
            Severity.WARNING,
            _("extra points of {count} participant(s) ({numbers}) are in the points written "
              "(cols 81-84) but have no record of their own (the spec gives no columns for "
              "TRF26 299): a reader of the file ranks by the results alone",
              count=len(extra), numbers=numbers + more)))
    odd = [p for p in t.participants if p.fide_id and not (p.fide_id.isascii()
                                                           and p.fide_id.isdigit())]
    if odd:
        shown = ", ".join(f"#{p.start_no} {p.fide_id!r}" for p in odd[:10])
        more = ", …" if len(odd) > 10 else ""
        out.append(Problem(
            Severity.WARNING,
            _("{count} FIDE ID(s) are not numbers ({ids}): written as given in cols 58-68, "
              "but FIDE's checker refuses such a file; correct or remove them before "
              "submitting it for rating", count=len(odd), ids=shown + more)))
    given = given_colours(t)
    if given:
        shown = ", ".join(_("#{no} round {round}", no=no, round=rnd)
                          for no, rnd in sorted(given)[:10])
        more = ", …" if len(given) > 10 else ""
        out.append(Problem(
            Severity.WARNING,
            _("{count} game record(s) have no colour ({games}): written with one (the "
              "opponent's opposite, else White for the lower start number), since a TRF game "
              "needs w or b; a comment line lists them for xl-tiebreak, but other programs "
              "count them as written (BPG, BWG, points by colour)", count=len(given),
              games=shown + more)))
    dates = [r for r, text in enumerate(t.round_dates, start=1)
             if text and round_date_text(text) is None]
    if dates:
        out.append(Problem(
            Severity.WARNING,
            _("the date of round(s) {rounds} is not a date and does not fit in the 8 columns "
              "of the 132 record: not written", rounds=", ".join(map(str, dates)))))
    return out


def export_trf(standings: Standings, version: str = "trf16") -> str:
    """The TRF text (``trf16`` or ``trf26``) of a ranked event (see the module docstring)."""
    return write_trf(exported_tournament(standings), version)
