"""What the team worksheet functions compute, and the cache that makes a column of them cheap.

The team form of :mod:`xl_tiebreak.excel.functions.evaluation`, on the same cache
(:mod:`xl_tiebreak.excel.functions.range_cache`): each distinct team crosstable (its values,
trailing
empty rows dropped, plus the boards, match points and settings arguments) is read once
(:func:`xl_tiebreak.formats.crosstable.team_reader.read_team_crosstable`) and checked once per rule
set
(:class:`~xl_tiebreak.standings.team_evaluation.TeamEvaluation`); standings per tie-break order are
kept
with it, so a column of formulas costs one computation plus a look-up per cell.

The crosstable may carry its own settings rows above the header (``Boards``, ``Match points``,
``PAB, 1, 2`` …, docs/engineering.md D53); where it does not, the arguments give them:
``boards`` (a whole number), ``match_points`` (``2-1-0``, ``3-1-0``) and ``settings`` — a range
of label/value rows as on a team Settings sheet (:mod:`xl_tiebreak.excel.reading.team_settings`:
boards,
match points, primary score, byes with their MP and GP, start date, type, blank rounds; the
templates pass the Settings sheet's rows). An argument and a settings row that disagree are
reported, never silently preferred.

Cells are named as if the range started at ``A1`` of its sheet (a worksheet function only
receives values); a settings argument's cells as ``settings cell B3``.
"""

from __future__ import annotations

from typing import Any

import xl_tiebreak.excel.functions.arguments as arguments
from xl_tiebreak.excel.book.cells import cell_errors
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.excel.functions.compare_orders import order_cells
from xl_tiebreak.excel.functions.evaluation import (
    MAX_CHECK_TEXT,
    MAX_RESULTS_PER_CROSSTABLE,
    column_of,
    coverage,
    for_players,
    lines,
    padded,
    problems_column,
)
from xl_tiebreak.excel.functions.participants import TEAM, Participants
from xl_tiebreak.excel.functions.range_cache import RANGES, Content, Results, header_flag
from xl_tiebreak.excel.reading.team_event import apply_settings
from xl_tiebreak.excel.reading.team_settings import TeamSettings, read_team_settings_rows
from xl_tiebreak.formats.crosstable.team_reader import is_team_crosstable, read_team_crosstable
from xl_tiebreak.i18n.language import N_, translate
from xl_tiebreak.model.teams import Score, TeamEvent
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.standings.compare_orders import compare_orders, comparison_rows
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.standings.team_check import check_event
from xl_tiebreak.standings.team_evaluation import TeamEvaluation
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_list
from xl_tiebreak.tiebreaks.engine import Value
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.util.cells import cell_name, is_blank
from xl_tiebreak.util.numbers import to_float
from xl_tiebreak.util.plain import Mutable, field

__all__ = [
    "team_place",
    "team_points",
    "team_standings_rows",
    "team_check_text",
    "team_participants_rows",
    "team_compare_rows",
    "team_tiebreak_value",
    "team_tiebreaks_rows",
]

_Key = tuple[object, ...]
_Rules = RuleSet | str
"""A rule set, or ``"auto"``: the rules in force on the event's start date (the crosstable's or
the settings' ``Start date``; the newest without one)."""


def _rule_set(value: object) -> _Rules:
    """The rules argument: AUTO (or empty) is resolved by the event's own start date, unlike
    the individual functions, whose range carries no date (a team crosstable's settings rows
    may); anything else as :func:`xl_tiebreak.excel.functions.arguments.rule_set` reads it."""
    text = arguments.option_text(arguments.without_error(value, "#RULES?", N_("rules")), "AUTO")
    return "auto" if text.upper() == "AUTO" else arguments.rule_set(value)


MAX_EVALUATIONS_PER_CROSSTABLE = 4
"""Evaluations (one per rule set) kept per team crosstable."""


class _TeamParsed(Mutable, eq=False):
    """A team crosstable read into a team event (or the reason it cannot be), the teams'
    numbers and names for look-ups, and its own bounded caches: one evaluation per rule set,
    standings per (order, rule set). Hashed by identity."""

    event: TeamEvent | None
    error: InputError | None
    teams: Participants = field(default_factory=lambda: Participants(TEAM, ()))
    evaluations: Results[_Rules, TeamEvaluation | InputError] = field(
        default_factory=lambda: Results(MAX_EVALUATIONS_PER_CROSSTABLE))
    standings: Results[_Key, Standings] = field(
        default_factory=lambda: Results(MAX_RESULTS_PER_CROSSTABLE))
    settings_error: bool = False
    """True when ``error`` is about the settings (boards, match points, settings rows)."""


def _boards(value: object) -> int | None:
    """The boards argument: a whole number from 1 to 64; None when empty."""
    return arguments.whole_number(value, N_("boards"), 1, 64)


def _match_points(value: object) -> str | None:
    value = arguments.without_error(value, "#ARG?", N_("match points"))
    return None if is_blank(value) else str(value).strip()


def _is_range(value: object) -> bool:
    """True for a range of more than one cell (a 1×1 range is a single cell)."""
    return isinstance(value, (list, tuple)) and sum(
        len(r) if isinstance(r, (list, tuple)) else 1 for r in value) > 1


def _settings_rows(value: object) -> Content | None:
    """The settings argument as a cache key of its rows (None: not given)."""
    if _is_range(value):
        return Content(value)
    if is_blank(arguments.without_error(value, "#ARG?", N_("settings"))):
        return None
    raise CellProblem("#ARG? " + translate("settings must be a range of rows: a label in the "
                                           "first column, its value in the next (e.g. "
                                           "Settings!A2:C28)"))


def settings_language(value: object) -> str | None:
    """The Language row's tag of a team settings argument (None: no such row, no settings, or
    rows that cannot be read: the computation then reports them), so that a team function
    answers in its workbook's language as the individual ones do."""
    if not _is_range(value):
        return None
    try:
        settings, _problems = read_team_settings_rows(Content(value).rows, lambda r, c: "")
    except Exception:  # the computation reads the rows again and says what is wrong
        return None
    return settings.language


def _settings(rows: Content | None, boards: int | None,
              match_points: str | None) -> tuple[TeamSettings, list[Problem]]:
    """The settings rows with the boards and match points arguments; a disagreement between
    an argument and a row is a problem (neither is silently preferred)."""
    def where(r: int, c: int) -> str:
        return translate("settings cell {name}", name=cell_name(r + 1, c + 1))

    settings, problems = read_team_settings_rows(rows.rows if rows else [], where)
    if boards is not None:
        if settings.boards not in (None, boards):
            problems.append(Problem(Severity.ERROR, translate(
                "boards {given}, but the settings say {found}", given=boards,
                found=settings.boards), settings.where["boards"]))
        settings.boards = boards
    if match_points is not None:
        given, more = read_team_settings_rows([("Match points", match_points)],
                                              lambda r, c: translate("the match points argument"))
        problems += more
        if given.win_draw_loss is not None:
            if settings.win_draw_loss not in (None, given.win_draw_loss):
                problems.append(Problem(Severity.ERROR, translate(
                    "match points {given}, but the settings say otherwise", given=match_points),
                                        settings.where["match_points"]))
            settings.win_draw_loss = given.win_draw_loss
    return settings, problems


def _cell(row: int, col: int) -> str:
    return translate("cell {name}", name=cell_name(row + 1, col + 1))


def _read(content: Content, boards: int | None, match_points: str | None,
          settings_rows: Content | None) -> _TeamParsed:
    errors = cell_errors(content.rows, _cell)
    if errors:
        return _TeamParsed(None, InputError(errors))
    settings, problems = _settings(settings_rows, boards, match_points)
    bad = [p for p in problems if p.severity is Severity.ERROR]
    if bad:
        return _TeamParsed(None, InputError(bad), settings_error=True)
    if settings.boards is None and is_team_crosstable(content.rows, 1) and not (
            is_team_crosstable(content.rows)):
        return _TeamParsed(None, InputError(translate(
            "no boards per match: add a 'Boards' row above the header (Boards, 4) or give the "
            "boards argument")))
    try:
        event = read_team_crosstable(content.rows, boards=settings.boards,
                                     scoring=settings.scoring(),
                                     blank_rounds=settings.blank_rounds)
    except InputError as error:
        return _TeamParsed(None, error)
    apply_settings(event, settings)
    return _TeamParsed(event, None, Participants(TEAM, ((t.start_no, t.name)
                                                        for t in event.teams)))


def _parsed(crosstable: object, boards: object, match_points: object,
            settings: object) -> _TeamParsed:
    """The read team crosstable (cached); CellProblem when it cannot be read."""
    if crosstable is None:
        raise CellProblem("#CROSSTABLE " + translate("the crosstable range is empty"))
    parsed = RANGES(_read, Content(crosstable), _boards(boards), _match_points(match_points),
                    _settings_rows(settings))
    if parsed.error is not None and parsed.settings_error:
        problems = parsed.error.problems
        more = (" " + translate("(and {count} more)", count=len(problems) - 1)
                if len(problems) > 1 else "")
        raise CellProblem(arguments.shorten(f"#SETTINGS {problems[0]}{more}"))
    if parsed.error is not None:
        raise CellProblem(arguments.crosstable_text(parsed.error))
    return parsed


def _evaluation(parsed: _TeamParsed, rules: _Rules) -> TeamEvaluation:
    """The event checked and evaluated under the rules (cached on the crosstable, a failed
    check too)."""
    event = parsed.event
    assert event is not None

    def compute() -> TeamEvaluation | InputError:
        try:
            return TeamEvaluation(event, rules)
        except InputError as error:
            return error

    found = parsed.evaluations.get_or_compute(rules, compute)
    if isinstance(found, InputError):
        raise CellProblem(arguments.crosstable_text(found))
    return found


def _standings(parsed: _TeamParsed, order: tuple[str, ...] | None, rules: _Rules) -> Standings:
    """The standings for a tie-break order (cached on the crosstable)."""
    def compute() -> Standings:
        evaluation = _evaluation(parsed, rules)
        try:
            return evaluation.standings(list(order) if order is not None else None)
        except InputError as error:
            raise CellProblem(f"#TIEBREAK? {error}") from error

    return parsed.standings.get_or_compute((order, rules), compute)


def _team(parsed: _TeamParsed, team: object) -> int:
    """The number of a team given by number or name. Raises CellProblem."""
    return parsed.teams.find(team)


def _flat(value: object, depth: int = 0) -> list[object]:
    if isinstance(value, (list, tuple)):
        if depth >= arguments.MAX_DEPTH:
            raise CellProblem("#ARG? " + translate(
                "a list nested too deeply (a range is at most 2-D)"))
        return [c for item in value for c in _flat(item, depth + 1)]
    return [value]


def _order(parsed: _TeamParsed, value: object) -> tuple[str, ...] | None:
    """A team tie-break order: comma-separated text or a range; None for the default (the
    Settings' order, else the team preset). Checked for this event's primary score."""
    items: list[str] = []
    for cell in _flat(value):
        arguments.without_error(cell, "#TIEBREAK?", N_("tie-break order"))
        if not is_blank(cell):
            items.extend(part.strip() for part in str(cell).split(",") if part.strip())
    if not items:
        return None
    assert parsed.event is not None
    try:
        parse_list(items, parsed.event.primary)
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error
    return tuple(items)


def _descriptor(evaluation: TeamEvaluation, value: object) -> Descriptor:
    text = arguments.option_text(arguments.without_error(value, "#TIEBREAK?",
                                                         N_("tie-break")), "")
    if not text:
        raise CellProblem("#TIEBREAK? " + translate(
            "no tie-break given (e.g. BH:MP/C1, EMGSB, EDE)"))
    try:
        return evaluation.parse(text)
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error


def _value(value: Value) -> float | None:
    return to_float(value)


def team_tiebreak_value(crosstable: object, team: object, descriptor: object, rules: object,
                        boards: object, match_points: object, settings: object) -> Any:
    """A team tie-break's value for a team or each of a range of teams (:func:`for_players`);
    a group tie-break (EDE) is the team's place inside its group tied on the primary score."""
    rule_set = _rule_set(rules)
    parsed = _parsed(crosstable, boards, match_points, settings)
    evaluation = _evaluation(parsed, rule_set)
    d = _descriptor(evaluation, descriptor)
    try:
        values = evaluation.values(d)
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error
    return for_players(team, lambda t: _value(values[_team(parsed, t)]))


def team_points(crosstable: object, team: object, score: object, rules: object,
                boards: object, match_points: object, settings: object) -> Any:
    """Match points (``MP``) or game points (``GP``) of a team; empty: the primary score."""
    text = arguments.option_text(arguments.without_error(score, "#ARG?", N_("score")), "").upper()
    text = text.removesuffix("TS")  # MPTS, GPTS: the codes of the two scores
    if text not in ("", "MP", "GP"):
        raise CellProblem("#ARG? " + translate("score must be MP or GP, not {value}",
                                               value=repr(arguments.shorten(text, 20))))
    rule_set = _rule_set(rules)
    parsed = _parsed(crosstable, boards, match_points, settings)
    assert parsed.event is not None
    kind = parsed.event.primary if not text else Score.GP if text == "GP" else Score.MP
    values = _evaluation(parsed, rule_set).values("GPTS" if kind is Score.GP else "MPTS")
    return for_players(team, lambda t: _value(values[_team(parsed, t)]))


def team_place(crosstable: object, team: object, order: object, rules: object,
               boards: object, match_points: object, settings: object) -> Any:
    """The place of a team by its primary score and the tie-break order (tied teams share the
    better place)."""
    rule_set = _rule_set(rules)
    parsed = _parsed(crosstable, boards, match_points, settings)
    standings = _standings(parsed, _order(parsed, order), rule_set)
    ranks = {r.participant.start_no: r.rank for r in standings.rows}
    return for_players(team, lambda t: float(ranks[_team(parsed, t)]))


def team_standings_rows(crosstable: object, order: object, rules: object, header: object,
                        boards: object, match_points: object, settings: object,
                        rows: object = None, columns: object = None) -> list[list[object]]:
    """The team standings as a table: Place, No, Name (the team), Rating, Fed, Pts (the
    primary score), one column per tie-break; header first unless ``header`` is FALSE."""
    rule_set = _rule_set(rules)
    with_header = header_flag(header)
    parsed = _parsed(crosstable, boards, match_points, settings)
    standings = _standings(parsed, _order(parsed, order), rule_set)
    from xl_tiebreak.excel.book.layout import standings_table  # the report layer, when used

    table = standings_table(standings, every_place=True)
    return padded(table if with_header else table[1:], rows, columns)


def team_participants_rows(crosstable: object, boards: object, match_points: object,
                           settings: object, rows: object = None) -> list[list[object]]:
    """No and Team of every team, in the crosstable's order (the labels of the team Functions
    sheet), made ``rows`` high with empty cells."""
    parsed = _parsed(crosstable, boards, match_points, settings)
    assert parsed.event is not None
    table: list[list[object]] = [[float(t.start_no), t.name] for t in parsed.event.teams]
    return padded(table, rows)



def team_explanation(crosstable: object, team: object, descriptor: object, rules: object,
                     boards: object, match_points: object, settings: object) -> Any:
    """How a team's value was computed: for one team its text (a column of lines of at most
    255 characters when longer); for a range of teams one line each, cut at 255 characters."""
    rule_set = _rule_set(rules)
    parsed = _parsed(crosstable, boards, match_points, settings)
    evaluation = _evaluation(parsed, rule_set)
    d = _descriptor(evaluation, descriptor)

    def text(t: object) -> str:
        try:
            return evaluation.explain(d, _team(parsed, t)).formula
        except InputError as error:
            raise CellProblem(f"#TIEBREAK? {error}") from error

    if not _is_range(team):
        return column_of(lines(arguments.shorten(text(team), MAX_CHECK_TEXT)))
    return for_players(team, lambda t: arguments.shorten(text(t)))


def team_tiebreaks_rows(crosstable: object, order: object, rules: object, boards: object,
                        match_points: object, settings: object) -> list[list[object]]:
    """The values of every tie-break of the order (columns, in the order's sequence; the
    default order when empty) for every team (rows, in the crosstable's order, so that they
    line up with it); no header row."""
    rule_set = _rule_set(rules)
    parsed = _parsed(crosstable, boards, match_points, settings)
    standings = _standings(parsed, _order(parsed, order), rule_set)
    rows = {r.participant.start_no: r for r in standings.rows}
    assert parsed.event is not None
    out: list[list[object]] = [[_value(v) for v in rows[t.start_no].values]
                               for t in parsed.event.teams]
    return out if out and out[0] else [[None] for _ in out]


def team_compare_rows(crosstable: object, orders: object, rules: object, boards: object,
                      match_points: object, settings: object) -> list[list[object]]:
    """The comparison table of a team event: Moves (``*``), No, Name (the team), Pts (the
    primary score), one place column per order (an empty order: the default one)."""
    texts = order_cells(orders)
    rule_set = _rule_set(rules)
    parsed = _parsed(crosstable, boards, match_points, settings)
    chosen = [_order(parsed, text) for text in texts]
    evaluation = _evaluation(parsed, rule_set)
    try:
        comparison = compare_orders(evaluation, [list(o) if o else None for o in chosen])
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error
    return comparison_rows(comparison)


def team_check_text(crosstable: object, boards: object, match_points: object,
                    settings: object, listed: object = None) -> Any:
    """``OK``, or the problems of the team crosstable as a column of lines (as
    CROSSTABLE_CHECK shows them): what stops the reading (settings, cells), else the
    consistency check of the event and the reader's own warnings."""
    if crosstable is None:
        raise CellProblem("#CROSSTABLE " + translate("the crosstable range is empty"))
    parsed = RANGES(_read, Content(crosstable), _boards(boards), _match_points(match_points),
                    _settings_rows(settings))
    if parsed.error is not None:
        return problems_column(list(parsed.error.problems))
    event = parsed.event
    assert event is not None
    notes = [Problem(Severity.WARNING, note, event.source) for note in event.notes]
    covered = (coverage(parsed.teams, [t.start_no for t in event.teams], listed)
               if _is_range(listed) else [])
    return problems_column(check_event(event) + notes + covered)
