"""The event's facts as label/value rows: what a workbook's ``Event`` sheet holds (city,
federation, end date, arbiters, time control, rate, round dates and the TRF header records
the tool keeps as read), so that an event keeps them on its way TRF → workbook → TRF.

:func:`fact_rows` gives the rows of a tournament; :func:`apply_fact_rows` reads such rows back
into a tournament (labels in English or Portuguese, compared without case, spaces, ``-``,
``_`` and ``.``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xl_tiebreak.formats.tables import header_key
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import RATES, InputError, Problem, Severity, Tournament
from xl_tiebreak.util.cells import is_blank, quoted

__all__ = ["EVENT_SHEET", "RATES", "fact_rows", "apply_fact_rows"]

EVENT_SHEET = "Event"
"""The workbook sheet of the event's facts."""

_LABELS: dict[str, tuple[str, ...]] = {
    "city": ("City", "Cidade", "Place", "Local"),
    "federation": ("Federation", "Federação", "Federacao"),
    "end_date": ("End date", "Data final", "Data de término", "Data de termino"),
    "chief_arbiter": ("Chief arbiter", "Árbitro principal", "Arbitro principal"),
    "deputy_arbiters": ("Deputy arbiters", "Árbitros adjuntos", "Arbitros adjuntos"),
    "time_control": ("Time control", "Ritmo", "Ritmo de jogo"),
    "rate": ("Rate", "Modalidade"),
    "round_dates": ("Round dates", "Datas das rodadas"),
    "other_records": ("TRF records", "Registros TRF"),
}
"""Each fact: its label as written (first) and the other labels read."""

_KEYS = {header_key(label): name for name, labels in _LABELS.items() for label in labels}


def fact_label(name: str) -> str:
    """The label of a fact in the language in force (``City``; ``Cidade`` in Portuguese), as
    the Event sheet writes it; every language's label is read back."""
    labels = {
        "city": _("City", "event fact"), "federation": _("Federation", "event fact"),
        "end_date": _("End date", "event fact"),
        "chief_arbiter": _("Chief arbiter", "event fact"),
        "deputy_arbiters": _("Deputy arbiters", "event fact"),
        "time_control": _("Time control", "event fact"), "rate": _("Rate", "event fact"),
        "round_dates": _("Round dates", "event fact"),
        "other_records": _("TRF records", "event fact"),
    }
    return labels[name]

_RATE_WORDS = {"standard": "standard", "classical": "standard", "clássico": "standard",
               "classico": "standard", "std": "standard", "rapid": "rapid", "rápido": "rapid",
               "rapido": "rapid", "blitz": "blitz", "relâmpago": "blitz",
               "relampago": "blitz"}
"""Words for the rates (English and Portuguese)."""


def read_rate(text: str) -> str | None:
    """The rate a word names (``standard``, ``rapid``, ``blitz``); None when it names none."""
    return _RATE_WORDS.get(text.strip().lower())


def fact_rows(t: Tournament) -> list[tuple[str, str]]:
    """The label/value rows of the facts ``t`` has (none for a fact it lacks). Lists (deputy
    arbiters, round dates, TRF records) are one value each, separated by `` | ``."""
    values: dict[str, str] = {
        "city": t.city, "federation": t.federation, "end_date": t.end_date,
        "chief_arbiter": t.chief_arbiter, "deputy_arbiters": " | ".join(t.deputy_arbiters),
        "time_control": t.time_control, "rate": t.rate,
        "round_dates": " | ".join(t.round_dates) if any(t.round_dates) else "",
        "other_records": " | ".join(t.other_records),
    }
    return [(fact_label(name), value) for name, value in values.items() if value]


def apply_fact_rows(
    t: Tournament, rows: Sequence[Sequence[object]], where: Callable[[int, int], str]
) -> None:
    """Set the facts of ``t`` from label/value rows (column A the label, B the value; other
    rows, and blank values, are left alone). ``where(row, col)`` (0-based) names a cell.
    Raises InputError for a rate that is not one of :data:`RATES`."""
    keys = {**_KEYS, **{header_key(fact_label(name)): name for name in _LABELS}}
    for r, row in enumerate(rows):
        if len(row) < 2 or is_blank(row[0]) or is_blank(row[1]):
            continue
        name = keys.get(header_key(row[0]))
        if name is None:
            continue
        value = str(row[1]).strip()
        if name in ("deputy_arbiters", "round_dates", "other_records"):
            setattr(t, name, [part.strip() for part in value.split("|")])
        elif name == "rate":
            rate = read_rate(value)
            if rate is None:
                raise InputError([Problem(
                    Severity.ERROR,
                    _("the rate {value} is not one of standard, rapid, blitz (clássico, "
                      "rápido, relâmpago)", value=quoted(value)), where(r, 1))])
            t.rate = rate
        else:
            setattr(t, name, value)
