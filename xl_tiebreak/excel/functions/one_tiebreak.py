"""The one-tie-break worksheet functions, generated from the registry rows: ``=BUCHHOLZ_CUT1(
Crosstable, A2)`` … one function per :class:`~xl_tiebreak.tiebreaks.registry.WorksheetFunction`
of a row, for players (an individual row) or teams (a team row).

Each is a real Python function with real parameters (classic xlwings' "Import Functions" reads
them with :func:`inspect.signature` and :func:`typing.get_type_hints`, and writes one VBA wrapper
per function; xlwings Lite reads the same), named as its registry entry, its Function Wizard
description from :data:`~xl_tiebreak.excel.functions.docs.ONE_TIEBREAK_TEXTS`, decorated with
``@xw.func`` and one ``@xw.arg`` per parameter (argument text, ``ndim=2`` for the ranges,
``err_to_str``), and a thin guarded call of the value function with the row's descriptor
(a player one parsed once, when the function is made). The parameters come in three shapes
(:class:`Shape`):

* a player tie-break: ``crosstable, player, rules, tournament_type, blank_rounds``;
* a rating-based one: ``unrated_rating`` after the player (``=ARO(Crosstable, A2, 1400)``);
* a team tie-break: ``crosstable, team, rules, boards, match_points, settings`` (the
  conventions of :mod:`xl_tiebreak.excel.functions.team`).

:data:`ONE_TIEBREAK_FUNCTIONS` holds them by Excel name; this module's ``__all__`` and the
catalogue's are derived from it, and each is also a member of this module (and so of
``xl_tiebreak.udfs``) under its name.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import xl_tiebreak.tiebreaks.registry as registry
from xl_tiebreak.excel.functions.arguments import guarded
from xl_tiebreak.excel.functions.docs import (
    DOC_BLANKS,
    DOC_BOARDS,
    DOC_CROSSTABLE,
    DOC_MATCH_POINTS,
    DOC_PLAYER,
    DOC_RULES,
    DOC_SETTINGS,
    DOC_TEAM,
    DOC_TEAM_CROSSTABLE,
    DOC_TEAM_RULES,
    DOC_TYPE,
    DOC_UNRATED,
    ONE_TIEBREAK_TEXTS,
)
from xl_tiebreak.excel.functions.evaluation import run, tiebreak_value
from xl_tiebreak.excel.functions.registration import RANGE, VALUE, Parameter, registered
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor

WorksheetCallable = Callable[..., Any]
"""A worksheet function: positional arguments as Excel passes them, a cell value back."""


class Shape(enum.Enum):
    """The parameters of a one-tie-break function, by what it is computed for."""

    PLAYER = "player"
    """``crosstable, player, rules, tournament_type, blank_rounds``."""
    RATED_PLAYER = "rated player"
    """``crosstable, player, unrated_rating, rules, tournament_type, blank_rounds``."""
    TEAM = "team"
    """``crosstable, team, rules, boards, match_points, settings``."""


_RANGE, _VALUE = RANGE, VALUE

_ARGUMENTS: dict[Shape, tuple[Parameter, ...]] = {
    Shape.PLAYER: (
        ("crosstable", DOC_CROSSTABLE, _RANGE), ("player", DOC_PLAYER, _RANGE),
        ("rules", DOC_RULES, _VALUE), ("tournament_type", DOC_TYPE, _VALUE),
        ("blank_rounds", DOC_BLANKS, _VALUE),
    ),
    Shape.RATED_PLAYER: (
        ("crosstable", DOC_CROSSTABLE, _RANGE), ("player", DOC_PLAYER, _RANGE),
        ("unrated_rating", DOC_UNRATED, _VALUE), ("rules", DOC_RULES, _VALUE),
        ("tournament_type", DOC_TYPE, _VALUE), ("blank_rounds", DOC_BLANKS, _VALUE),
    ),
    Shape.TEAM: (
        ("crosstable", DOC_TEAM_CROSSTABLE, _RANGE), ("team", DOC_TEAM, _RANGE),
        ("rules", DOC_TEAM_RULES, _VALUE), ("boards", DOC_BOARDS, _VALUE),
        ("match_points", DOC_MATCH_POINTS, _VALUE), ("settings", DOC_SETTINGS, _RANGE),
    ),
}
"""Each shape's parameters in order: name, Function Wizard text, xlwings options. The
functions of :func:`_body` declare the same names in the same order (a test compares them)."""


def shape_of(row: registry.TieBreak) -> Shape:
    """The parameters a row's worksheet functions take."""
    if row.team:
        return Shape.TEAM
    return Shape.RATED_PLAYER if row.rating_based else Shape.PLAYER


def _body(shape: Shape, name: str, text: str) -> WorksheetCallable:
    """The undecorated function of one shape: its parameters, and the guarded value call of
    the descriptor ``text`` (``name`` for the ``#INTERNAL`` text of an unexpected failure).
    A player descriptor is parsed here, once; a team one by each event, which reads it on its
    primary score."""
    if shape is Shape.TEAM:

        def team_function(
            crosstable: list[list[Any]], team: Any, rules: Any = "AUTO", boards: Any = "",
            match_points: Any = "", settings: Any = "",
        ) -> Any:
            from xl_tiebreak.excel.functions.team import _team

            return guarded(_team("team_tiebreak_value"), crosstable, team, text, rules, boards,
                           match_points, settings, name=name)

        return team_function
    descriptor = parse_descriptor(text)
    if shape is Shape.PLAYER:

        def player_function(
            crosstable: list[list[Any]], player: Any, rules: Any = "",
            tournament_type: Any = "", blank_rounds: Any = "",
        ) -> Any:
            return run(tiebreak_value, crosstable, player, descriptor, rules, None,
                       tournament_type, blank_rounds, name=name)

        return player_function

    def rated_player_function(
        crosstable: list[list[Any]], player: Any, unrated_rating: Any = "",
        rules: Any = "", tournament_type: Any = "", blank_rounds: Any = "",
    ) -> Any:
        return run(tiebreak_value, crosstable, player, descriptor, rules, unrated_rating,
                   tournament_type, blank_rounds, name=name)

    return rated_player_function


def description(row: registry.TieBreak, function: registry.WorksheetFunction) -> str:
    """The Function Wizard description of a function: its text of
    :data:`~xl_tiebreak.excel.functions.docs.ONE_TIEBREAK_TEXTS`, or else one made from the row
    (``Buchholz (BH, Art. 8.1).``)."""
    text = ONE_TIEBREAK_TEXTS.get(function.name)
    if text is not None:
        return text
    where = f", {row.article}" if row.article else ""
    return f"{row.name} ({function.descriptor}{where})."


def one_tiebreak_function(row: registry.TieBreak, function: registry.WorksheetFunction
                          ) -> WorksheetCallable:
    """The worksheet function ``function`` of ``row``, decorated for xlwings (classic and
    Office.js alike: ``xw.func``/``xw.arg`` are whichever xlwings chose)."""
    shape = shape_of(row)
    built = _body(shape, function.name, function.descriptor)
    built.__name__ = built.__qualname__ = function.name
    built.__module__ = __name__
    built.__doc__ = description(row, function)
    decorated: WorksheetCallable = registered(*_ARGUMENTS[shape])(built)
    return decorated


def one_tiebreak_functions(rows: tuple[registry.TieBreak, ...] = registry.TIEBREAKS
                           ) -> dict[str, WorksheetCallable]:
    """Every worksheet function the rows name, by Excel name, in registry order."""
    built: dict[str, WorksheetCallable] = {}
    for row in rows:
        for function in row.functions:
            if function.name in built:
                raise ValueError(f"worksheet function {function.name} named twice")
            built[function.name] = one_tiebreak_function(row, function)
    return built


ONE_TIEBREAK_FUNCTIONS: dict[str, WorksheetCallable] = one_tiebreak_functions()
"""Every one-tie-break worksheet function by its Excel name (``BUCHHOLZ_CUT1`` …)."""

globals().update(ONE_TIEBREAK_FUNCTIONS)

__all__ = ["ONE_TIEBREAK_FUNCTIONS", "Shape", "description", "one_tiebreak_function",
           "one_tiebreak_functions", "shape_of", *ONE_TIEBREAK_FUNCTIONS]
