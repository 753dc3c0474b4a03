"""The tournament of a book: its crosstable (the defined name ``Crosstable``, else the sheet of
that name) with the Settings sheet applied, and the standings computed from both.
"""

from __future__ import annotations

from xl_tiebreak.excel.book.cells import cell_errors, date_hints
from xl_tiebreak.excel.book.interface import Book
from xl_tiebreak.excel.reading.settings import Settings, read_settings
from xl_tiebreak.excel.reading.team_event import (
    book_team_standings,
    has_team_crosstable,
    is_team_book,
)
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.formats.event_facts import EVENT_SHEET, apply_fact_rows
from xl_tiebreak.i18n import _, _n
from xl_tiebreak.model.tournament import InputError, Problem, Severity, Tournament
from xl_tiebreak.standings.check import check
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.util.cells import range_ref, sheet_ref

__all__ = ["CROSSTABLE", "book_standings", "read_book_tournament"]

CROSSTABLE = "Crosstable"
"""The name of the crosstable: a defined name for its range, or the sheet."""


def read_book_tournament(
    book: Book, settings: Settings, warnings: list[Problem] | None = None
) -> Tournament:
    """The tournament of a book's crosstable (defined name ``Crosstable``, else the sheet) with
    the settings applied. Raises InputError naming every cell that cannot be read (also cells
    showing Excel errors such as ``#N/A``). Non-empty cells just outside the named range are
    added to ``warnings`` (when given)."""
    found = book.read_name(CROSSTABLE) or book.read_sheet(CROSSTABLE)
    if found is None:
        raise InputError(_(
            "no crosstable: add a sheet named '{name}' (header row first: No, Name, Rating, "
            "Fed, R1, R2, …) or define the name '{name}' for its range", name=CROSSTABLE))
    problems = [
        Problem(
            Severity.ERROR,
            _("formula without a computed value (the file was not saved by Excel): open and "
              "save it in Excel, or type the value"),
            found.where(r, c),
        )
        for r, c in found.uncomputed
    ]
    problems += cell_errors(found.values, found.where)
    if problems:
        raise InputError(problems)
    if found.outside and warnings is not None:
        r1, c1 = found.origin
        height = len(found.values)
        width = max((len(row) for row in found.values), default=0)
        named = sheet_ref(found.sheet, range_ref(r1, c1, r1 + height - 1, c1 + width - 1))
        warnings.append(Problem(
            Severity.WARNING,
            _n("not read: {cells} is just outside the range of the name '{name}' (used part: "
               "{named}); widen the name's range (Formulas > Name Manager) if they belong to "
               "the crosstable",
               "not read: {cells} are just outside the range of the name '{name}' (used part: "
               "{named}); widen the name's range (Formulas > Name Manager) if they belong to "
               "the crosstable", len(found.outside), cells=", ".join(found.outside),
               name=CROSSTABLE, named=named),
            sheet_ref(found.sheet, found.outside[0]),
        ))
    try:
        tournament = read_crosstable(
            found.values,
            sheet=found.sheet,
            origin=found.origin,
            scoring=settings.scoring,
            tournament_type=settings.tournament_type,
            start_date=settings.start_date,
            scheduled_rounds=settings.scheduled_rounds,
            name=settings.name,
            blank_rounds=settings.blank_rounds,
        )
    except InputError as error:
        raise InputError(date_hints(error.problems)) from error
    tournament.tiebreaks = list(settings.tiebreaks)
    tournament.lots_seed = settings.lots_seed
    if settings.rating_used is not None:  # the Settings row wins over a row above the header
        tournament.rating_used = settings.rating_used
    facts = book.read_sheet(EVENT_SHEET)
    if facts is not None:
        apply_fact_rows(tournament, facts.values, facts.where)
    return tournament


def book_standings(book: Book) -> tuple[Settings, Standings, list[Problem]]:
    """Settings, standings and warnings of a book. Raises InputError with every problem of the
    settings and of the crosstable together. A team workbook (a ``Boards`` row in its Settings
    sheet or above its crosstable's header) gives the team standings
    (:mod:`xl_tiebreak.excel.reading.team_event`)."""
    if is_team_book(book):
        return book_team_standings(book, CROSSTABLE)
    settings, problems = read_settings(book)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    try:
        tournament = read_book_tournament(book, settings, problems)
    except InputError as error:
        if has_team_crosstable(book, CROSSTABLE):  # its own Boards row (D53)
            return book_team_standings(book, CROSSTABLE)
        raise InputError(errors + list(error.problems)) from error
    if errors:
        found = check(tournament)
        raise InputError(errors + [p for p in found if p.severity is Severity.ERROR])
    standings = compute_standings(
        tournament,
        settings.tiebreaks or None,
        settings.rules,
        settings.after_round,
        settings.unrated_rating,
        settings.rr_withdrawals,
    )
    return settings, standings, problems + standings.warnings
