"""A crosstable workbook for an event that exists only as a TRF file (``xl-tiebreak workbook
FILE.trf -o EVENT.xlsx``).

The workbook is the Swiss or the round-robin template (:func:`xl_tiebreak.excel.templates.builder.
build_workbook`) with the event in place of the sample:

* ``Crosstable``: one row per participant — ``No``, ``Name``, ``Title``, ``Rating``, ``Fed``,
  the identity columns (below), ``R1`` … ``Rn``, ``Extra points`` (only when a participant has extra
  points), ``Manual order`` (only when one has a value), ``Pts`` — each round
  in the notation :func:`xl_tiebreak.formats.crosstable.reader.parse_round_token` reads: ``12w1``,
  ``12b½``,
  ``12w+`` / ``12b-`` (forfeits), ``12 1`` (colour unknown), ``H``, ``F``, ``U``, ``Z``
  (zero-point bye or absence), ``+F`` (a forfeit win whose opponent is unknown); rounds
  after a participant's last entry stay empty (as in the TRF), and so do the rounds the TRF
  left blank: the ``Blank rounds`` setting (written from ``--blank-rounds``) says what they
  are, as for a typed crosstable. A round-robin event keeps this
  per-round layout too (a grid would lose the rounds and the colours; docs/engineering.md
  D50); the Settings sheet then says
  ``Round robin``. ``Pts`` holds the points the TRF declares (the computed score when it
  declares none), so the check compares them as it does for the TRF.
* ``Settings``: the event's name, type, start date, rounds scheduled, points per result and
  the declared tie-break list (the template's default list for the type when the TRF declares
  none: the list ``compute`` uses for it); rules ``AUTO`` (the start date picks them, as for
  the TRF); no rating for unrated players (the TRF has none); the event's lots seed in the
  ``Lots seed`` row.
* ``Event`` (only when the event has any): the event's facts as label/value rows (city,
  federation, end date, arbiters, time control, rate, round dates, the TRF header records kept
  as read: :mod:`xl_tiebreak.formats.event_facts`), read back by the workbook reader.

Who the players are goes in columns after ``Fed``, each only when a participant has a value:
``FIDE ID``, ``Sex``, ``Born``, ``Club``, ``Group``, ``National ID``, ``National rating``,
``Rapid``, ``Blitz`` (:data:`IDENTITY_COLUMNS`). What the crosstable cannot hold is not written:
the "less than one move" mark of a game (TRF ``W``/``D``/``L``: scored as the game it is).
"""

from __future__ import annotations

import datetime
import os
from fractions import Fraction
from pathlib import Path

from xl_tiebreak.excel.templates.builder import (
    ROUND_ROBIN,
    SWISS,
    TIEBREAK_SLOTS,
    Template,
    build_workbook,
    sampled_crosstable,
    save_with_values,
)
from xl_tiebreak.excel.templates.function_sheets import TOKEN_CELL, event_call
from xl_tiebreak.excel.templates.parts import print_setup
from xl_tiebreak.formats.event_facts import EVENT_SHEET, fact_label, fact_rows
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import (
    BlankRounds,
    Color,
    InputError,
    Kind,
    Participant,
    RatingUsed,
    Record,
    Scoring,
    Tournament,
    TournamentType,
)
from xl_tiebreak.standings.evaluation import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS

__all__ = ["EXTRA_HEADER", "crosstable_rows", "event_template",
           "write_event_workbook"]

MANUAL_HEADER = "Manual order"
"""Header of the manual-order column (``OTHER_MANUAL``; written only when a participant has a
value)."""

EXTRA_HEADER = "Extra points"
"""Header of the extra-points column (Swiss-Manager 42/43; written only when a participant has
extra points)."""

_BYE_TOKENS = {Kind.PAB: "U", Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z",
               Kind.FORFEIT_WIN: "+F"}
"""Rounds without opponent; ``+F``: a forfeit win whose opponent is unknown (TRF ``0000 +``)."""
_RESULT_TOKENS = {
    Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "-",
}
_COLOR_LETTERS = {Color.WHITE: "w", Color.BLACK: "b"}


def round_token(record: Record) -> str:
    """One round in the crosstable notation (``12w1``, ``12 ½``, ``12b-``, ``H``, ``Z``)."""
    if record.opponent is None:
        bye = _BYE_TOKENS.get(record.kind)
        if bye is None:  # a forfeit without opponent: the reader never builds one
            raise InputError(_("a {kind} without opponent cannot be written",
                               kind=record.kind.value), record.where)
        return bye
    result = _RESULT_TOKENS[record.kind] if not record.kind.bye else None
    if result is None:
        raise InputError(_("a {kind} against #{opponent} cannot be written",
                           kind=record.kind.value, opponent=record.opponent), record.where)
    if record.color is None:
        # a digit result needs a space after the opponent (``12 1``); a sign does not
        return f"{record.opponent} {result}" if result[0] in "01½" else f"{record.opponent}{result}"
    return f"{record.opponent}{_COLOR_LETTERS[record.color]}{result}"


def _cell_number(value: Fraction) -> int | float | str:
    """A cell value for exact points: a whole number, a binary fraction as a float (½, ¼),
    otherwise the text ``1/3`` (read back exactly by the Settings and crosstable readers)."""
    if value.denominator == 1:
        return int(value)
    if value.denominator & (value.denominator - 1) == 0:
        return float(value)
    return f"{value.numerator}/{value.denominator}"


def _score(t: Tournament, p: Participant) -> Fraction:
    rounds = p.rounds[: t.rounds]
    return sum((t.scoring.points(r.kind, r.color) for r in rounds), Fraction(0))


IDENTITY_COLUMNS = (
    ("FIDE ID", "fide_id"), ("Sex", "sex"), ("Born", "birth"), ("Club", "club"),
    ("Group", "group"), ("National ID", "national_id"), ("National rating", "national_rating"),
    ("Rapid", "rapid_rating"), ("Blitz", "blitz_rating"),
)
"""The columns written after ``Fed`` (header, participant field), each only when a
participant has a value in it; the crosstable reader reads them back by these headers."""


def _identity_cell(value: object) -> object:
    """A participant field as a cell: text as written (a FIDE ID or a birth year stays text,
    not a number a spreadsheet would reformat), a rating as a number, nothing for none."""
    return value if value not in ("", None) else None


def crosstable_rows(t: Tournament) -> tuple[tuple[object, ...], ...]:
    """The Crosstable sheet's rows (header first) for the event ``t``."""
    extra = any(p.extra_points for p in t.participants)
    identity = [(header, name) for header, name in IDENTITY_COLUMNS
                if any(getattr(p, name) for p in t.participants)]
    header: list[object] = ["No", "Name", "Title", "Rating", "Fed",
                            *(h for h, _ in identity),
                            *(f"R{r}" for r in range(1, t.rounds + 1))]
    manual = any(p.manual_order is not None for p in t.participants)
    if extra:
        header.append(EXTRA_HEADER)
    if manual:
        header.append(MANUAL_HEADER)
    header.append("Pts")
    rows: list[tuple[object, ...]] = [tuple(header)]
    for p in sorted(t.participants, key=lambda q: q.start_no):
        row: list[object] = [p.start_no, p.name, p.title or None, p.rating, p.federation or None]
        row += [_identity_cell(getattr(p, name)) for _, name in identity]
        # rounds after the participant's last entry stay empty, as in the TRF, and so do the
        # rounds the input left empty (the workbook's Blank rounds setting says what they are)
        row += [round_token(p.rounds[r])
                if r < len(p.rounds) and (p.start_no, r + 1) not in t.blanks else None
                for r in range(t.rounds)]
        if extra:
            value = p.extra_points
            row.append(_cell_number(value) if value else None)
        if manual:
            order = p.manual_order
            row.append(None if order is None else _cell_number(order))
        declared = p.declared_points
        row.append(_cell_number(declared if declared is not None else _score(t, p)))
        rows.append(tuple(row))
    return tuple(rows)


def _scoring_settings(scoring: Scoring) -> dict[str, object]:
    if scoring.by_color:
        raise InputError(_("points by colour (XXS WW=…, BW=…) cannot be written to a Settings "
                           "sheet"))
    kinds = {"win": Kind.WIN, "draw": Kind.DRAW, "loss": Kind.LOSS,
             "forfeit_win": Kind.FORFEIT_WIN, "forfeit_loss": Kind.FORFEIT_LOSS,
             "pab": Kind.PAB, "fpb": Kind.FPB, "hpb": Kind.HPB, "zpb": Kind.ZPB}
    return {field: _cell_number(scoring.points(kind)) for field, kind in kinds.items()}


def _tiebreak_cells(order: list[str]) -> list[str]:
    """The tie-break list in the template's :data:`TIEBREAK_SLOTS` rows: one per row, the
    rest comma separated in the last row (the Settings reader splits commas)."""
    if len(order) <= TIEBREAK_SLOTS:
        return list(order)
    return [*order[: TIEBREAK_SLOTS - 1], ",".join(order[TIEBREAK_SLOTS - 1:])]


_BLANK_SETTING = {BlankRounds.ABSENT: "Absent", BlankRounds.HALF_POINT_BYE: "Half-point bye",
                  BlankRounds.DECLARED: "Declared"}
"""The Settings sheet's words for each :class:`BlankRounds` choice."""


_RATING_SETTING = {RatingUsed.FIDE: "FIDE", RatingUsed.NATIONAL: "National",
                   RatingUsed.FIDE_THEN_NATIONAL: "FIDE then national"}
"""The Settings sheet's words for each rating choice (docs/decisions.md D-E1)."""


def event_template(t: Tournament, blank_rounds: BlankRounds = BlankRounds.ABSENT) -> Template:
    """The template (Swiss or round robin, by the event's type) filled with the event;
    ``blank_rounds``: the Blank rounds setting written (what the event's empty rounds,
    written empty, mean)."""
    predetermined = t.type is TournamentType.PREDETERMINED
    base = ROUND_ROBIN if predetermined else SWISS
    default = DEFAULT_ROUND_ROBIN if predetermined else DEFAULT_SWISS
    settings: dict[str, object] = {
        "name": t.name or None,
        "type": "Round robin" if predetermined else "Swiss",
        "rules": "AUTO",
        "start_date": (datetime.datetime.combine(t.start_date, datetime.time())
                       if t.start_date is not None else None),
        "scheduled_rounds": t.scheduled_rounds,
        "tiebreaks": _tiebreak_cells(list(t.tiebreaks) or default.split(",")),
        **({"lots_seed": t.lots_seed} if t.lots_seed else {}),
        **({"rating_used": _RATING_SETTING[t.rating_used]} if t.rating_used else {}),
        **({"blank_rounds": _BLANK_SETTING[blank_rounds]} if t.blanks else {}),
        **_scoring_settings(t.scoring),
    }
    return Template(stem=base.stem, rows=crosstable_rows(t), settings=settings,
                    functions=base.functions, example=base.example, sample=False)


def fact_value(rate: str) -> str:
    """The rate of play (``standard``, ``rapid``, ``blitz``) in the language in force."""
    words = {"standard": _("standard", "rate of play"), "rapid": _("rapid", "rate of play"),
             "blitz": _("blitz", "rate of play")}
    return words.get(rate, rate)


def write_event_workbook(t: Tournament, path: str | os.PathLike[str],
                         blank_rounds: BlankRounds = BlankRounds.ABSENT) -> Path:
    """Write the event ``t`` as a crosstable workbook to ``path`` (``.xlsx``, or ``.xlsm``
    with the template's VBA project); returns the path. The caller refuses an existing file
    (``--force``). InputError for another suffix or what cannot be written."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".xlsx", ".xlsm"):
        raise InputError(_("{file}: expected a .xlsx or .xlsm file name", file=target))
    if not t.participants:
        raise InputError(_("the event has no participants"), t.source)
    template = event_template(t, blank_rounds)
    crosstable = sampled_crosstable(template)  # its rows written into the zip
    workbook = build_workbook(template, vba=suffix == ".xlsm", module=target.stem,
                              sampled=crosstable is not None)
    workbook.properties.title = t.name or target.stem
    facts = fact_rows(t)
    if facts:
        sheet = workbook.create_sheet(EVENT_SHEET)
        sheet.append([_("Fact", "event sheet"), _("Value", "settings sheet")])
        for row, (label, value) in enumerate(facts, start=2):
            sheet.cell(row=row, column=1, value=label)  # already in the language in force
            shown = fact_value(value) if label == fact_label("rate") else value
            cell = sheet.cell(row=row, column=2, value=shown)
            cell.data_type = "s"  # text as written, never a formula (a time control "+30")
        sheet.column_dimensions["A"].width = 18
        sheet.column_dimensions["B"].width = 60
        print_setup(sheet, 0)  # labels and values on one page wide
        if "Functions" in workbook.sheetnames:  # the functions read the Rate as the
            workbook["Functions"][TOKEN_CELL] = event_call(len(facts) + 1)  # Standings sheet
    # every participant gets a row of the function sheets (arrays grown past the template's),
    # and a viewer without the add-in shows the values
    save_with_values(workbook, target, len(t.participants), crosstable)
    return target
