"""Excel worksheet functions (xlwings UDFs) for team events: ``TEAM_POINTS``,
``TEAM_TIEBREAK``, ``TEAM_PLACE``, ``TEAM_STANDINGS``, ``TEAM_TIEBREAK_EXPLAIN``, and the team
forms of ``TIEBREAKS``, ``COMPARE_ORDERS`` and ``CROSSTABLE_CHECK``.

The conventions of :mod:`xl_tiebreak.excel.functions.catalogue`: the team crosstable range first
(its
optional settings rows, then the header row with a ``Team`` column, see
:mod:`xl_tiebreak.formats.crosstable.team_reader`), then the team (number or exact name, or a range
of them:
one value per cell, a column spills), then optional arguments; an optional argument left out or
pointing to an empty cell means its default, one showing an Excel error is reported. A cell
receives a number, empty (undefined), or a text starting with ``#`` saying what is wrong
(``#TEAM? 'Nobody' not in crosstable``, ``#CROSSTABLE cell E7: …``).

The last three arguments give what the crosstable range does not carry: ``boards`` (boards per
match), ``match_points`` (``2-1-0`` default, ``3-1-0``) and ``settings`` (a range of label/value
rows as on the team template's Settings sheet: byes with their MP and GP, primary score, start
date, type, blank rounds; see :mod:`xl_tiebreak.excel.functions.team_evaluation`).

Shipped workbooks reach these functions as ``xl_tiebreak.udfs`` (re-exported there and listed in
:data:`xl_tiebreak.excel.functions.catalogue.__all__`); :data:`TEAM_FUNCTIONS` is their table by
Excel
name, as :data:`~xl_tiebreak.excel.functions.catalogue.EXCEL_FUNCTIONS` is the individual ones'.
"""

from __future__ import annotations

from typing import Any

from xl_tiebreak.excel.functions.arguments import guarded_in
from xl_tiebreak.excel.functions.docs import (
    DOC_BOARDS,
    DOC_COLUMNS,
    DOC_HEADER,
    DOC_LISTED,
    DOC_MATCH_POINTS,
    DOC_ROWS,
    DOC_SCORE,
    DOC_SETTINGS,
    DOC_TEAM,
    DOC_TEAM_CROSSTABLE,
    DOC_TEAM_DESCRIPTOR,
    DOC_TEAM_ORDER,
    DOC_TEAM_ORDERS,
    DOC_TEAM_RULES,
)
from xl_tiebreak.excel.functions.registration import RANGE, parameter, registered


def _team(name: str) -> Any:
    """A computation of :mod:`xl_tiebreak.excel.functions.team_evaluation`, imported at the
    first call of a team function: the team layers (readers, engine, checks) are not part of
    the import of the worksheet functions (xlwings Lite's first import of ``main.py``)."""
    import xl_tiebreak.excel.functions.team_evaluation as team_evaluation

    return getattr(team_evaluation, name)


def _run(name: str, settings: Any, *args: Any) -> Any:
    """``guarded`` computation ``name`` of ``args`` in the language of the settings' Language
    row (the language in force when there is none): texts returned to cells, explanations
    included, follow the workbook's language."""
    return guarded_in(_team("settings_language")(settings), _team(name), *args)


_CROSSTABLE = parameter("crosstable", DOC_TEAM_CROSSTABLE, RANGE)
_TEAM = parameter("team", DOC_TEAM, RANGE)
_SCORE = parameter("score", DOC_SCORE)
_RULES = parameter("rules", DOC_TEAM_RULES)
_BOARDS = parameter("boards", DOC_BOARDS)
_MATCH_POINTS = parameter("match_points", DOC_MATCH_POINTS)
_SETTINGS = parameter("settings", DOC_SETTINGS, RANGE)
_DESCRIPTOR = parameter("descriptor", DOC_TEAM_DESCRIPTOR)
_ORDER = parameter("order", DOC_TEAM_ORDER)
_HEADER = parameter("header", DOC_HEADER)
_ORDERS = parameter("orders", DOC_TEAM_ORDERS)
_ROWS = parameter("rows", DOC_ROWS)
_COLUMNS = parameter("columns", DOC_COLUMNS)
_LISTED = parameter("listed", DOC_LISTED, RANGE)


@registered(_CROSSTABLE, _TEAM, _SCORE, _RULES, _BOARDS, _MATCH_POINTS, _SETTINGS)
def TEAM_POINTS(
    crosstable: list[list[Any]], team: Any, score: Any = "", rules: Any = "AUTO",
    boards: Any = "", match_points: Any = "", settings: Any = "",
) -> Any:
    """Match points (MP) or game points (GP) of a team; empty score: the primary score."""
    return _run("team_points", settings, crosstable, team, score, rules, boards, match_points,
                   settings)


@registered(_CROSSTABLE, _TEAM, _DESCRIPTOR, _RULES, _BOARDS, _MATCH_POINTS, _SETTINGS)
def TEAM_TIEBREAK(
    crosstable: list[list[Any]], team: Any, descriptor: Any, rules: Any = "AUTO",
    boards: Any = "", match_points: Any = "", settings: Any = "",
) -> Any:
    """Any team tie-break by its descriptor (BH:MP/C1, EMGSB/C1, EGGSB, SSSC, EDE…); empty
    when undefined (board tie-breaks need board results)."""
    return _run("team_tiebreak_value", settings, crosstable, team, descriptor, rules, boards,
                   match_points, settings)


@registered(_CROSSTABLE, _TEAM, _ORDER, _RULES, _BOARDS, _MATCH_POINTS, _SETTINGS)
def TEAM_PLACE(
    crosstable: list[list[Any]], team: Any, order: Any = "", rules: Any = "AUTO",
    boards: Any = "", match_points: Any = "", settings: Any = "",
) -> Any:
    """Final place of a team by its primary score and the tie-break order; teams still tied
    share the place (both get the better one)."""
    return _run("team_place", settings, crosstable, team, order, rules, boards, match_points,
                   settings)


@registered(_CROSSTABLE, _ORDER, _RULES, _HEADER, _BOARDS, _MATCH_POINTS, _SETTINGS, _ROWS,
            _COLUMNS)
def TEAM_STANDINGS(
    crosstable: list[list[Any]], order: Any = "", rules: Any = "AUTO", header: Any = True,
    boards: Any = "", match_points: Any = "", settings: Any = "", rows: Any = "",
    columns: Any = "",
) -> Any:
    """The sorted team standings as a table: a header row (unless header is FALSE), then
    Place, No, Name, Rating, Fed, Pts (the primary score), one column per tie-break."""
    return _run("team_standings_rows", settings, crosstable, order, rules, header, boards,
                   match_points, settings, rows, columns)


@registered(_CROSSTABLE, _BOARDS, _MATCH_POINTS, _SETTINGS, _ROWS)
def TEAM_PARTICIPANTS(
    crosstable: list[list[Any]], boards: Any = "", match_points: Any = "", settings: Any = "",
    rows: Any = "",
) -> Any:
    """No and Team of every team in the crosstable's order (two columns), padded with empty
    cells to rows; the labels of a sheet of per-team formulas."""
    return _run("team_participants_rows", settings, crosstable, boards, match_points, settings,
                   rows)


@registered(_CROSSTABLE, _TEAM, _DESCRIPTOR, _RULES, _BOARDS, _MATCH_POINTS, _SETTINGS)
def TEAM_TIEBREAK_EXPLAIN(
    crosstable: list[list[Any]], team: Any, descriptor: Any, rules: Any = "AUTO",
    boards: Any = "", match_points: Any = "", settings: Any = "",
) -> Any:
    """How a team tie-break value was computed, e.g. EMGSB (FIDE 2026) = 2 × 2½ + …; for a
    range of teams one line each."""
    return _run("team_explanation", settings, crosstable, team, descriptor, rules, boards,
                   match_points, settings)


@registered(_CROSSTABLE, _ORDER, _RULES, _BOARDS, _MATCH_POINTS, _SETTINGS)
def TEAM_TIEBREAKS(
    crosstable: list[list[Any]], order: Any = "", rules: Any = "AUTO", boards: Any = "",
    match_points: Any = "", settings: Any = "",
) -> Any:
    """Every tie-break of the order for every team in one call: one row per team in the
    crosstable's order, one column per tie-break, no header (spills in Excel 365)."""
    return _run("team_tiebreaks_rows", settings, crosstable, order, rules, boards, match_points,
                   settings)


@registered(_CROSSTABLE, _ORDERS, _RULES, _BOARDS, _MATCH_POINTS, _SETTINGS)
def TEAM_COMPARE_ORDERS(
    crosstable: list[list[Any]], orders: Any = "", rules: Any = "AUTO", boards: Any = "",
    match_points: Any = "", settings: Any = "",
) -> Any:
    """The team standings under several tie-break orders side by side: Moves (* = placed
    differently by some order), No, Name, Pts, one place column per order (spills)."""
    return _run("team_compare_rows", settings, crosstable, orders, rules, boards, match_points,
                   settings)


@registered(_CROSSTABLE, _BOARDS, _MATCH_POINTS, _SETTINGS, _LISTED)
def TEAM_CROSSTABLE_CHECK(
    crosstable: list[list[Any]], boards: Any = "", match_points: Any = "", settings: Any = "",
    listed: Any = "",
) -> Any:
    """"OK", or a column of lines: how many errors and warnings, then every problem of the
    team crosstable and its settings with its cell (errors stop the tie-breaks)."""
    return _run("team_check_text", settings, crosstable, boards, match_points, settings,
                   listed)


TEAM_FUNCTIONS: dict[str, Any] = {
    f.__name__: f for f in (TEAM_PARTICIPANTS, TEAM_POINTS, TEAM_TIEBREAK, TEAM_PLACE,
                            TEAM_STANDINGS,
                            TEAM_TIEBREAK_EXPLAIN, TEAM_TIEBREAKS, TEAM_COMPARE_ORDERS,
                            TEAM_CROSSTABLE_CHECK)
}
"""Every team worksheet function by its Excel name."""

__all__ = ["TEAM_FUNCTIONS", *TEAM_FUNCTIONS]
