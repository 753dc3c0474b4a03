"""The one standings writer: the classic xlwings macro, the xlwings Lite script, the headless
command and the demo all call :func:`write_standings_to` on a
:class:`~xl_tiebreak.excel.book.interface.Book`.

It reads the crosstable and settings, computes the standings and writes a ``Standings`` sheet
(or, when something is wrong, a ``Problems`` sheet and nothing else). It never changes the
crosstable or the settings, and it only replaces or deletes sheets it wrote itself (recognised
by their marks, see :func:`~xl_tiebreak.excel.sheets.standings_sheet.sheet_kind`): a sheet of the
user's called
``Standings`` is left alone and reported, and problems go to ``Problems (xl-tiebreak)`` when
the user has a ``Problems`` sheet.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path

from xl_tiebreak.excel.book.cells import find_sheet
from xl_tiebreak.excel.book.function_arrays import TOKEN_CELL, event_call, reads_event_rows
from xl_tiebreak.excel.book.interface import Book
from xl_tiebreak.excel.book.layout import standings_table
from xl_tiebreak.excel.reading.event import CROSSTABLE, book_standings
from xl_tiebreak.excel.reading.settings import (
    SETTINGS,
    Settings,
    read_settings,
    settings_language,
)
from xl_tiebreak.excel.sheets.extra_sheets import plan_extras
from xl_tiebreak.excel.sheets.knockout import (
    BRACKET,
    is_knockout_book,
    knockout_layout,
    knockout_table,
    read_book_bracket,
)
from xl_tiebreak.excel.sheets.standings_sheet import (
    PROBLEMS,
    PROBLEMS_FALLBACK,
    STANDINGS,
    STANDINGS_NOTE,
    problems_layout,
    sheet_kind,
    standings_layout,
)
from xl_tiebreak.i18n import _, _n, using
from xl_tiebreak.i18n.conventions import typed_formula
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.knockout.bracket import KnockoutRow, knockout_standings
from xl_tiebreak.model.tournament import InputError, Problem, Severity, Tournament
from xl_tiebreak.prizes.allocation import Allocation
from xl_tiebreak.report.table import csv_places, rate_text, standings_csv_table
from xl_tiebreak.standings.compare_orders import Comparison
from xl_tiebreak.standings.final import Standings
from xl_tiebreak.standings.team_evaluation import TeamEvaluation
from xl_tiebreak.tiebreaks.ratings import fide_field, fide_kind
from xl_tiebreak.util.cells import sheet_ref
from xl_tiebreak.util.numbers import fmt
from xl_tiebreak.util.plain import Mutable, field

__all__ = ["WriteResult", "write_problems_to", "write_standings_to"]


class WriteResult(Mutable):
    """What the writer did.

    ``ok``: True when the Standings sheet was written; False when the Problems sheet was
    written instead (``problems`` are then the errors, else the warnings).
    """

    ok: bool
    sheet: str
    problems: list[Problem]
    standings: Standings | None = None
    settings: Settings | None = None
    table: list[list[object]] = field(default_factory=list)
    """The standings as the STANDINGS worksheet function returns them (header first, every
    row with its place)."""
    path: Path | None = None
    """The workbook written by :func:`write_standings_file`."""
    extra_sheets: list[str] = field(default_factory=list)
    """Sheets written beside Standings: ``Compare``, ``Prizes result``
    (:mod:`xl_tiebreak.excel.sheets.extra_sheets`)."""
    comparison: Comparison | None = None
    """The Compare sheet's comparison (None: no compare orders)."""
    allocation: Allocation | None = None
    """The Prizes result sheet's allocation (None: no Prizes sheet)."""
    knockout: list[KnockoutRow] | None = None
    """The standings of a knockout book (its ``standings`` is None then)."""
    fitted: list[str] = field(default_factory=list)
    """The function sheets (Functions, Formula standings) changed to cover and print the
    event's participants (:meth:`~xl_tiebreak.excel.book.interface.Book.fit_function_sheets`)."""
    fit_report: list[str] = field(default_factory=list)
    """What the book said about them: a line per sheet extended or left short (``'Functions'
    extended to 400 participant rows``); the message ends with them."""

    def csv_table(self, player_columns: bool = False) -> list[list[object]]:
        """The CSV table of ``compute --format csv``
        (:func:`xl_tiebreak.report.table.standings_csv_table`); empty when nothing was computed."""
        if self.standings is None:  # a knockout book: its table, else nothing computed
            return [list(row) for row in self.table] if self.knockout is not None else []
        table = standings_csv_table(self.standings, player_columns)
        places = csv_places(self.standings, player_columns)
        # AOB's fixed decimals (42.500) survive as a Decimal, which the CSV writes as it is
        return [table[0], *([v if n is None or v is None else Decimal(fmt(v, n))  # type: ignore[arg-type]
                             for v, n in zip(row, places, strict=True)] for row in table[1:])]

    @property
    def message(self) -> str:
        """One line for people: what was written, or how many problems."""
        count = len(self.problems)
        if self.ok and (self.standings is not None or self.knockout is not None):
            n = len(self.standings.rows if self.standings is not None else self.knockout or [])
            team = self.standings is not None and isinstance(self.standings.evaluation,
                                                             TeamEvaluation)
            if self.extra_sheets:
                also = ", ".join(f"'{name}'" for name in self.extra_sheets)
                where = _("the '{sheet}' sheet (also {others})", sheet=self.sheet, others=also)
            else:
                where = _("the '{sheet}' sheet", sheet=self.sheet)
            if team:
                text = _n("Standings of {count} team written to {where}",
                          "Standings of {count} teams written to {where}", count=n, where=where)
            else:
                text = _n("Standings of {count} player written to {where}",
                          "Standings of {count} players written to {where}", count=n,
                          where=where)
            if self.problems:
                text += _(", {count} warning(s)", count=count)
            return "; ".join([text, *self.fit_report]) + "."
        if not self.sheet:
            return _("{count} problem(s); the standings were not written (no sheet for them "
                     "could be added: your sheets hold the names '{first}' and '{second}').",
                     count=count, first=PROBLEMS, second=PROBLEMS_FALLBACK)
        return _("{count} problem(s): see the '{sheet}' sheet; the standings were not written.",
                 count=count, sheet=self.sheet)

    def __str__(self) -> str:
        """The message, then one line per warning (what a command prints)."""
        lines = [self.message]
        if self.path is not None:
            lines[0] += f" ({self.path})"
        if self.ok:
            lines.extend(_("warning: {problem}", "written sheet", problem=p) for p in self.problems)
        return "\n".join(lines)


def _anchor(book: Book) -> str | None:
    names = book.sheet_names()
    for name in (SETTINGS, CROSSTABLE):
        found = find_sheet(names, name)
        if found is not None:
            return found
    return None


_PROBLEMS_NAMES = (PROBLEMS, PROBLEMS_FALLBACK, *(f"Problems (xl-tiebreak {i})" for i in
                                                   range(2, 6)))
"""Sheets the Problems list may go to, in order of preference."""


def _problems_sheets(book: Book) -> Iterator[tuple[str, str]]:
    """(name, kind) of each candidate Problems sheet."""
    for candidate in _PROBLEMS_NAMES:
        actual, kind = sheet_kind(book, candidate)
        yield actual or candidate, kind


def write_problems_to(book: Book, problems: Sequence[Problem]) -> WriteResult:
    """Write the Problems sheet (never over a sheet of the user's: ``Problems (xl-tiebreak)``
    when ``Problems`` is theirs) and activate it. Returns the failed :class:`WriteResult`."""
    target = next((name for name, kind in _problems_sheets(book)
                   if kind in ("absent", "problems")), None)
    if target is not None:
        book.write_sheet(problems_layout(problems, target), after=_anchor(book))
        book.activate(target)
    return WriteResult(False, target or "", list(problems))


def _standings_conflict(book: Book) -> tuple[str, list[Problem]]:
    """The Standings sheet to write, and the error when a sheet of the user's holds the
    name."""
    actual, kind = sheet_kind(book, STANDINGS)
    if kind == "user":
        assert actual is not None
        return actual, [Problem(
            Severity.ERROR,
            _("the sheet '{sheet}' was not written by xl-tiebreak (it lacks the line "
              "'{note}'), so it is left as it is: rename or delete it, then run again to get "
              "a new '{standings}' sheet", sheet=actual, note=translated(STANDINGS_NOTE),
              standings=STANDINGS),
            sheet_ref(actual),
        )]
    return actual or STANDINGS, []


def write_standings_to(book: Book) -> WriteResult:
    """Compute the standings of ``book`` and write its Standings sheet, in the language of its
    Settings ``Language`` row (English without one: a workbook's sheets speak its own
    language, whatever the terminal's).

    On success the Standings sheet is replaced (or added after Settings / Crosstable), stale
    Problems sheets written by xl-tiebreak are removed and Standings is activated. When the
    settings or the crosstable have errors, a Problems sheet lists every one with its cell, any
    previous Standings sheet is left as it was, and Problems is activated. The crosstable and
    settings are never changed, nor any sheet xl-tiebreak did not write: a sheet of the user's
    named Standings (in any case) is an error. Never raises InputError: problems end up in the
    result and on the Problems sheet.
    """
    with using(settings_language(book)):
        return _write_standings_to(book)


def _write_standings_to(book: Book) -> WriteResult:
    """:func:`write_standings_to` in the language in force."""
    target, conflict = _standings_conflict(book)
    if is_knockout_book(book):  # a Bracket sheet, no crosstable
        return _write_knockout_to(book, target, conflict)
    try:
        settings, standings, warnings = book_standings(book)
    except InputError as error:
        return write_problems_to(book, conflict + list(error.problems))
    try:
        extras = plan_extras(book, settings, standings)
    except InputError as error:
        return write_problems_to(book, conflict + list(error.problems))
    if conflict:
        return write_problems_to(book, conflict)
    rate_warning = _rate_warning(book, standings)
    if rate_warning is not None:
        warnings = [*warnings, rate_warning]
    layout = standings_layout(standings, settings, warnings).replace(name=target)
    book.write_sheet(layout, after=_anchor(book))
    after = target
    for extra in extras.layouts:  # Compare, Prizes result
        book.write_sheet(extra, after=after)
        after = extra.name
    for name in extras.stale:
        book.remove_sheet(name)
    for name, kind in list(_problems_sheets(book)):
        if kind == "problems":
            book.remove_sheet(name)
    book.activate(target)
    table = standings_table(standings, every_place=True)
    result = WriteResult(True, target, warnings, standings, settings, table,
                         extra_sheets=[x.name for x in extras.layouts],
                         comparison=extras.comparison, allocation=extras.allocation)
    return _fitted(book, result)


def _rate_warning(book: Book, standings: Standings) -> Problem | None:
    """The warning that the worksheet functions use another rating than the Standings sheet:
    the Event sheet's Rate takes a rapid or blitz rating column here, and the Functions
    sheet's event token does not read the Event rows (decision D-P1), or may not where the
    engine reads no formulas (xlwings Lite). None when they agree."""
    t = getattr(standings, "tournament", None)
    if not isinstance(t, Tournament) or not t.rate or fide_field(t) == "rating":
        return None
    sheet = find_sheet(book.sheet_names(), FUNCTIONS)
    if sheet is None:
        return None
    formula = book.cell_formula(sheet, TOKEN_CELL)
    if formula is not None and ("CROSSTABLE_ID(" not in formula.upper()
                                or reads_event_rows(formula)):
        return None  # no event token there, or one that reads the Rate
    where = sheet_ref(sheet, TOKEN_CELL)
    fixed = typed_formula(event_call())  # as the language's Excel writes it
    rate, kind = rate_text(t.rate), translated(fide_kind(t))
    if formula is None:
        text = _("the Event sheet's Rate ({rate}) takes each player's {kind} for ARO, TPR, "
                 "APRO…; the Functions and Formula standings sheets too only if this event "
                 "token reads the Event sheet: {formula}", rate=rate, kind=kind, formula=fixed)
    else:
        text = _("the Event sheet's Rate ({rate}) takes each player's {kind} for ARO, TPR, "
                 "APRO…, but this event token does not read the Event sheet, so the Functions "
                 "and Formula standings sheets take the Rating column: write {formula} here",
                 rate=rate, kind=kind, formula=fixed)
    return Problem(Severity.WARNING, text, where)


FUNCTIONS = "Functions"
"""The function sheet whose :data:`~xl_tiebreak.excel.book.function_arrays.TOKEN_CELL` holds
the event token in the templates."""


def _fitted(book: Book, result: WriteResult) -> WriteResult:
    """``result`` once the book's function sheets cover and print its participants (one row
    each: the table's rows after its header)."""
    result.fitted = book.fit_function_sheets(max(len(result.table) - 1, 0))
    result.fit_report = list(getattr(book, "fit_report", []))
    return result


def _write_knockout_to(book: Book, target: str, conflict: list[Problem]) -> WriteResult:
    """The Standings sheet of a knockout book (:mod:`xl_tiebreak.excel.sheets.knockout`), by the
    rules of :func:`write_standings_to`."""
    settings, problems = read_settings(book)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    try:
        bracket = read_book_bracket(book)
    except InputError as error:
        return write_problems_to(book, conflict + errors + list(error.problems))
    if conflict or errors:
        return write_problems_to(book, conflict + errors)
    layout = knockout_layout(bracket, settings.name).replace(name=target)
    book.write_sheet(layout, after=_anchor(book) or BRACKET)
    for name, kind in list(_problems_sheets(book)):
        if kind == "problems":
            book.remove_sheet(name)
    book.activate(target)
    rows = knockout_standings(bracket)
    return _fitted(book, WriteResult(True, target, problems, None, settings,
                                     knockout_table(rows), knockout=rows))
