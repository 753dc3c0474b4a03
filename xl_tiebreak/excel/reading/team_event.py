"""The team event of a workbook: a team crosstable (the defined name ``Crosstable``, else the
sheet of that name; one row per team, a ``Team`` column, cells such as ``8w2½``, see
:mod:`xl_tiebreak.formats.crosstable.team_reader`) with the team Settings sheet applied
(:mod:`xl_tiebreak.excel.reading.team_settings`), an optional ``Teams`` sheet of rosters, and the
team
standings computed from them.

The crosstable may also be a team round-robin grid (one column per team, headed by its
number: :mod:`xl_tiebreak.formats.crosstable.team_grid`).

A workbook is a team workbook when its Settings sheet has a ``Boards`` row
(:func:`is_team_book`): an individual workbook's Settings sheet never has one, so the individual
reader and writer are unchanged for it (docs/engineering.md D68). A crosstable that carries its
own ``Boards`` row above a ``Team`` header (:func:`has_team_crosstable`) is a team one too; that
is asked only when the individual reader fails on it, so an individual workbook is read once.

The ``Boards`` sheet (optional): the board results for BC, TBR, BBE and the board steps of
EDE, as :func:`xl_tiebreak.formats.crosstable.team_boards.apply_boards` reads them (one row per
team per round —
``Round, Team, B1…Bk`` — or one per game — ``Round, Board, White, Black, Result``); their sums
must equal the crosstable's game points, a mismatch names the row and the match.

The ``Teams`` sheet (optional): a header row with ``No`` and ``Team``, then one row per team;
``Rating`` (optional) is the team's rating, every other column a player in board order. Each
team number must be a team of the crosstable and its name the crosstable's; the ratings are
kept on the teams (the team tie-breaks use none).
"""

from __future__ import annotations

from xl_tiebreak.excel.book.cells import cell_errors, date_hints
from xl_tiebreak.excel.book.interface import Book, RangeValues
from xl_tiebreak.excel.reading.settings import SETTINGS, SETTINGS_MAX_ROWS, Settings
from xl_tiebreak.excel.reading.team_settings import (
    TEAM_SETTINGS_COLUMNS,
    TeamSettings,
    has_boards_row,
    read_team_settings_rows,
)
from xl_tiebreak.formats.crosstable.team_boards import apply_boards
from xl_tiebreak.formats.crosstable.team_grid import is_team_grid, read_team_grid
from xl_tiebreak.formats.crosstable.team_reader import is_team_crosstable, read_team_crosstable
from xl_tiebreak.i18n import _
from xl_tiebreak.model.teams import Team, TeamEvent
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.standings.team_evaluation import compute_team_standings
from xl_tiebreak.util.cells import is_blank, quoted
from xl_tiebreak.util.numbers import from_float

__all__ = ["BOARDS", "TEAMS", "apply_settings", "as_settings", "book_team_standings",
           "has_team_crosstable", "is_team_book", "read_book_team_event"]

TEAMS = "Teams"
BOARDS = "Boards"
"""The optional sheet of board results."""
"""The name of the optional sheet of rosters."""


def _settings_sheet(book: Book) -> RangeValues | None:
    return book.read_sheet(SETTINGS, max_cols=TEAM_SETTINGS_COLUMNS, max_rows=SETTINGS_MAX_ROWS)


def is_team_book(book: Book) -> bool:
    """True when the book's Settings sheet has a ``Boards`` row (a team workbook). Reads the
    columns A:B only, as the individual Settings reader does (column C is read for a team
    workbook alone)."""
    try:
        sheet = book.read_sheet(SETTINGS, max_cols=2, max_rows=SETTINGS_MAX_ROWS)
    except InputError:
        return False  # the individual reader reports what is wrong with the sheet
    return sheet is not None and has_boards_row([row[:1] for row in sheet.values])


def has_team_crosstable(book: Book, name: str) -> bool:
    """True when the crosstable ``name`` is itself a team crosstable: settings rows with a
    ``Boards`` row above a header with a ``Team`` column (docs/engineering.md D53). Asked only
    when the individual reader could not read it, so that such a workbook without a team
    Settings sheet is read as the team event it is."""
    try:
        found = book.read_name(name) or book.read_sheet(name)
    except InputError:
        return False
    return found is not None and is_team_crosstable(found.values)


def _crosstable(book: Book, name: str) -> RangeValues:
    found = book.read_name(name) or book.read_sheet(name)
    if found is None:
        raise InputError(_("no crosstable: add a sheet named '{name}' (settings rows, then a "
                           "header row: No, Team, R1, R2, …) or define the name '{name}' for "
                           "its range", name=name))
    problems = [
        Problem(Severity.ERROR, _("formula without a computed value (the file was not saved "
                                  "by Excel): open and save it in Excel, or type the value"),
                found.where(r, c))
        for r, c in found.uncomputed
    ]
    problems += cell_errors(found.values, found.where)
    if problems:
        raise InputError(problems)
    return found


def _teams_sheet(book: Book, event: TeamEvent, warnings: list[Problem]) -> list[Problem]:
    """Check the optional Teams sheet against the crosstable and keep its ratings; returns
    the errors (each naming its cell)."""
    sheet = book.read_sheet(TEAMS)
    if sheet is None or not sheet.values:
        return []
    header = [str(c).strip().lower() if not is_blank(c) else "" for c in sheet.values[0]]
    if "team" not in header:
        return [Problem(Severity.ERROR, _("the Teams sheet needs a header row with a 'Team' "
                                          "column (No, Team, Rating, then the players in "
                                          "board order)"),
                        sheet.where(0, 0))]
    team_col = header.index("team")
    no_col = next((i for i, h in enumerate(header) if h in ("no", "#", "nr")), None)
    rating_col = next((i for i, h in enumerate(header) if h in ("rating", "rtg")), None)
    by_no: dict[int, Team] = {t.start_no: t for t in event.teams}
    errors: list[Problem] = []
    seen: set[int] = set()
    for r, row in enumerate(sheet.values[1:], start=1):
        cells = [*row, *([None] * len(header))]
        if all(is_blank(c) for c in row):
            continue
        name = "" if is_blank(cells[team_col]) else str(cells[team_col]).strip()
        team = None
        if no_col is not None:
            number = cells[no_col]
            team = by_no.get(_whole(number) or 0)
            if team is None:
                errors.append(Problem(Severity.ERROR, _(
                    "team number {number} is not a team of the crosstable",
                    number=quoted(number)), sheet.where(r, no_col)))
                continue
            if name and name != team.name:
                errors.append(Problem(Severity.ERROR, _(
                    "team {no} is {name} in the crosstable, not {other}", no=team.start_no,
                    name=quoted(team.name), other=quoted(name)), sheet.where(r, team_col)))
                continue
        else:
            team = next((t for t in event.teams if t.name == name), None)
            if team is None:
                errors.append(Problem(Severity.ERROR, _(
                    "team {name} is not in the crosstable", name=quoted(name)),
                    sheet.where(r, team_col)))
                continue
        if team.start_no in seen:
            errors.append(Problem(Severity.ERROR, _("team {no} has two rows",
                                                    no=team.start_no),
                                  sheet.where(r, team_col)))
            continue
        seen.add(team.start_no)
        if rating_col is not None and not is_blank(cells[rating_col]):
            value = cells[rating_col]
            if isinstance(value, (int, float)) and not isinstance(value, bool) and (
                    0 <= value <= 4000):
                team.rating = round(from_float(float(value)))
            else:
                errors.append(Problem(Severity.ERROR, _(
                    "rating: expected a number from 0 to 4000, not {value}",
                    value=quoted(value)), sheet.where(r, rating_col)))
    missing = [t.start_no for t in event.teams if t.start_no not in seen]
    if missing and seen:
        warnings.append(Problem(Severity.WARNING, _(
            "the Teams sheet has no row for team(s) {numbers}",
            numbers=", ".join(map(str, missing))), sheet.where(0, team_col)))
    return errors


def _whole(value: object) -> int | None:
    """A whole number from a cell (``3``, ``3.0``, ``"3"``); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def read_book_team_event(
    book: Book, crosstable: str, warnings: list[Problem] | None = None,
) -> tuple[TeamEvent, TeamSettings]:
    """The team event of a team workbook and its settings. Raises InputError naming every
    cell that cannot be read (settings, crosstable and Teams sheet); warnings (unknown
    settings, empty rounds read by the blank-round setting…) go to ``warnings``."""
    found = _settings_sheet(book)
    rows = found.values if found is not None else []
    where = found.where if found is not None else (lambda r, c: SETTINGS)
    settings, problems = read_team_settings_rows(rows, where)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if warnings is not None:
        warnings.extend(p for p in problems if p.severity is not Severity.ERROR)
    if errors and settings.boards is None:  # the crosstable cannot be read without them
        raise InputError(errors)
    try:
        table = _crosstable(book, crosstable)
        if is_team_grid(table.values, settings.boards):  # a team round-robin grid
            event = read_team_grid(
                table.values, boards=settings.boards, scoring=settings.scoring(),
                source=table.sheet, sheet=table.sheet, first_row=table.origin[0],
                first_col=table.origin[1])
        else:
            event = read_team_crosstable(
                table.values, boards=settings.boards, scoring=settings.scoring(),
                blank_rounds=settings.blank_rounds, source=table.sheet, sheet=table.sheet,
                first_row=table.origin[0], first_col=table.origin[1])
    except InputError as error:
        raise InputError(errors + date_hints(error.problems)) from error
    errors += _teams_sheet(book, event, warnings if warnings is not None else [])
    if errors:
        raise InputError(errors)
    event = _boards_sheet(book, event)
    apply_settings(event, settings)
    return event, settings


def _boards_sheet(book: Book, event: TeamEvent) -> TeamEvent:
    """The event with the board results of the optional Boards sheet added (the event as it
    is without one). Raises InputError naming each row that cannot be read or does not add up
    to its match's game points."""
    sheet = book.read_sheet(BOARDS)
    if sheet is None or not any(not is_blank(c) for row in sheet.values[1:] for c in row):
        return event  # no sheet, or only its header row (the template's): no board table
    return apply_boards(event, sheet.values, source=sheet.sheet, sheet=sheet.sheet,
                        first_row=sheet.origin[0])


def apply_settings(event: TeamEvent, settings: TeamSettings) -> None:
    """What the settings say over what the crosstable's own settings rows said: the name,
    type, primary score, start date and tie-break order (boards and scoring were given to the
    reader)."""
    if settings.name:
        event.name = settings.name
    if settings.type is not None:
        event.type = settings.type
        event.type_inferred = False
    if settings.primary is not None:
        event.primary = settings.primary
        event.primary_from = _("Settings '{label}', {where}", label=_("Primary score"),
                               where=settings.where.get("primary", ""))
    if settings.start_date is not None:
        event.start_date = settings.start_date
    if settings.tiebreaks:
        event.tiebreaks = list(settings.tiebreaks)


def as_settings(team: TeamSettings) -> Settings:
    """The individual :class:`Settings` the standings sheet and ``compute`` read (name, rules,
    start date, after round, tie-breaks, type)."""
    return Settings(name=team.name, tiebreaks=list(team.tiebreaks), rules=team.rules,
                    tournament_type=team.type, start_date=team.start_date,
                    after_round=team.after_round, where=dict(team.where))


def book_team_standings(book: Book, crosstable: str) -> tuple[Settings, Standings, list[Problem]]:
    """Settings, team standings and warnings of a team workbook. Raises InputError with every
    problem of the settings, the crosstable and the Teams sheet together."""
    warnings: list[Problem] = []
    event, settings = read_book_team_event(book, crosstable, warnings)
    standings = compute_team_standings(event, settings.tiebreaks or None, settings.rules,
                                       settings.after_round)
    return as_settings(settings), standings, warnings + standings.warnings

