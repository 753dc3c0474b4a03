"""The sheets the standings writer adds beside the Standings sheet: ``Compare``
when the Settings sheet has ``Compare orders`` rows (:mod:`~xl_tiebreak.excel.sheets.compare`),
``Prizes result`` when the book has a ``Prizes`` sheet with prizes
(:mod:`~xl_tiebreak.excel.sheets.prizes`), ``Progression``, ``Ratings`` and ``Norms`` when
the ``Report sheets`` row names them (:mod:`~xl_tiebreak.excel.sheets.report_sheets`).

They follow the Standings sheet's rules: only a sheet xl-tiebreak wrote (its mark) is replaced
or removed, a sheet of the user's of that name is an error (nothing is written then), and a
sheet of ours whose input is gone (no compare orders, no prize rows) is removed rather than
left showing a stale result.
"""

from __future__ import annotations

from xl_tiebreak.excel.book.interface import Book
from xl_tiebreak.excel.book.layout import SheetLayout
from xl_tiebreak.excel.reading.event import CROSSTABLE
from xl_tiebreak.excel.reading.settings import Settings
from xl_tiebreak.excel.sheets.compare import COMPARE, compare_layout, comparison_of
from xl_tiebreak.excel.sheets.prizes import (
    PRIZES_RESULT,
    crosstable_columns,
    prizes_layout,
    read_prize_sheet,
    sheet_allocation,
)
from xl_tiebreak.excel.sheets.standings_sheet import (
    COMPARE_ROLE,
    PRIZES_ROLE,
    STANDINGS,
    sheet_kind,
)
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.prizes.allocation import Allocation
from xl_tiebreak.standings.compare_orders import Comparison
from xl_tiebreak.standings.final import Standings
from xl_tiebreak.util.cells import sheet_ref
from xl_tiebreak.util.plain import Mutable, field

__all__ = ["Extras", "plan_extras"]


class Extras(Mutable):
    """What to do beside the Standings sheet."""

    layouts: list[SheetLayout] = field(default_factory=list)
    """Sheets to write, in order, after the Standings sheet."""
    stale: list[str] = field(default_factory=list)
    """Sheets of ours to remove (their input is gone)."""
    comparison: Comparison | None = None
    allocation: Allocation | None = None


def _target(book: Book, name: str, role: str, needed: bool,
            extras: Extras, problems: list[Problem]) -> str:
    """The sheet to write ``name`` to; a user's sheet of that name is a problem when the sheet
    is ``needed``, and a sheet of ours is stale when it is not."""
    actual, kind = sheet_kind(book, name)
    if kind == "user" and needed:
        assert actual is not None
        problems.append(Problem(
            Severity.ERROR,
            _("the sheet '{sheet}' was not written by xl-tiebreak, so it is left as it is: "
              "rename or delete it, then run again to get a new '{name}' sheet",
              sheet=actual, name=name),
            sheet_ref(actual)))
    elif kind == role and not needed:
        assert actual is not None
        extras.stale.append(actual)
    return actual or name


def plan_extras(book: Book, settings: Settings, standings: Standings) -> Extras:
    """The extra sheets of ``book`` (see the module docstring). Raises InputError with every
    problem (a sheet of the user's in the way, a prize list that cannot be read or
    allocated, a compare order that cannot be computed)."""
    extras = Extras()
    problems: list[Problem] = []
    compare_to = _target(book, COMPARE, COMPARE_ROLE, bool(settings.compare_orders), extras,
                         problems)
    prize_list = None
    try:
        prize_list = read_prize_sheet(book)
    except InputError as error:
        problems.extend(error.problems)
    prizes_to = _target(book, PRIZES_RESULT, PRIZES_ROLE, prize_list is not None, extras,
                        problems)
    if settings.compare_orders:
        try:
            extras.comparison = comparison_of(standings, settings.compare_orders)
        except InputError as error:
            where = settings.compare_where[0] if settings.compare_where else ""
            problems.extend(Problem(p.severity, _("Compare orders: {problem}",
                                                  problem=p.message),
                                    p.where or where) for p in error.problems)
        else:
            extras.layouts.append(compare_layout(extras.comparison).replace(name=compare_to))
    if prize_list is not None:
        found = book.read_name(CROSSTABLE) or book.read_sheet(CROSSTABLE)
        columns = crosstable_columns(found, standings.tournament) if found else {}
        try:
            extras.allocation = sheet_allocation(standings, prize_list, settings, columns)
        except InputError as error:
            problems.extend(error.problems)
        else:
            layout = prizes_layout(extras.allocation, standings)
            extras.layouts.append(layout.replace(name=prizes_to))
    _plan_reports(book, settings, standings, extras, problems)
    if problems:
        raise InputError(problems)
    return extras


def _plan_reports(book: Book, settings: Settings, standings: Standings, extras: Extras,
                  problems: list[Problem]) -> None:
    """The report sheets the ``Report sheets`` row asks for (Progression, Ratings, Norms),
    and those of ours it no longer asks for marked stale."""
    from xl_tiebreak.excel.sheets import report_sheets as rs

    asked = settings.report_sheets
    where = settings.where.get("report_sheets", "")
    title = standings.tournament.name or settings.name or STANDINGS
    team = standings.evaluation is not None and standings.evaluation.team
    for kind, name, role in (("progression", rs.PROGRESSION, rs.PROGRESSION_ROLE),
                             ("ratings", rs.RATINGS, rs.RATINGS_ROLE),
                             ("norms", rs.NORMS, rs.NORMS_ROLE)):
        target = _target(book, name, role, kind in asked, extras, problems)
        if kind not in asked:
            continue
        try:
            if kind == "progression":
                from xl_tiebreak.standings.progression import progression

                layout = rs.progression_layout(
                    progression(standings, settings.tiebreaks or None), title)
            elif team:
                raise InputError(_("Report sheets: {sheet} is for individual events",
                                   sheet=name))
            elif kind == "ratings":
                from xl_tiebreak.ratings.rating_change import rating_report

                rate = standings.tournament.rate or "standard"
                layout = rs.ratings_layout(rating_report(
                    standings.tournament, standings.rounds, rate,
                    rate_given=bool(standings.tournament.rate),
                    order=[r.participant.start_no for r in standings.rows]), title)
            else:
                from xl_tiebreak.ratings.norms import norm_report

                layout = rs.norms_layout(norm_report(
                    standings.tournament, standings.rounds,
                    order=[r.participant.start_no for r in standings.rows]), title)
        except InputError as error:
            problems.extend(Problem(p.severity, _("Report sheets: {message}",
                                                  message=p.message), p.where or where)
                            for p in error.problems)
        else:
            extras.layouts.append(layout.replace(name=target))
