"""Excel worksheet functions (xlwings UDFs) over the tie-break engine.

Every function takes the crosstable range first (header row included, trailing empty rows and
columns allowed, e.g. ``A1:K200``), then the player (start number or exact name), then optional
arguments. An optional argument that is left out or points to an empty cell means its default;
one pointing to a cell that shows an Excel error (``#REF!``) is reported, never defaulted.

One call per column: the player may be a range (``=BUCHHOLZ_CUT1(Crosstable, A5:A404)``); the
result is then a range of the same shape (a column spills in Excel 365), each cell the value
of its player (empty for an empty cell). :func:`TIEBREAKS` gives every tie-break of an order
for every player in one call. The crosstable is then transferred once per column, not once
per player.

The last optional argument ``tournament_type`` (``Swiss``/``Round robin``; the templates pass
the Settings sheet's) decides the Art. 16 and round-robin rules; empty, it is inferred as the
readers infer it, so the functions, the command line and the Standings sheet agree.

What a cell receives:

* a number (float) — the value, e.g. ``11.5`` for a Buchholz, ``1834`` for an ARO;
* empty (None) — the value is undefined (e.g. ARO of a player without rated opponents, a
  rating-based tie-break skipped because of unrated players, DE deciding nothing);
* a text starting with ``#`` — what is wrong, e.g. ``#PLAYER? 'Nobody' not in crosstable`` or
  ``#CROSSTABLE cell E7: cannot read 'x' …``. Classic xlwings cannot return real Excel error
  values (a returned ``"#N/A"`` is only a text there), so problems are short texts that
  ``LEFT(cell,1)="#"`` can test; no traceback ever reaches a cell.

Cells are named as if the range started at ``A1`` of its sheet (a worksheet function only
receives values, not the range's address); the templates' ``Crosstable`` range does start there.

The one-tie-break functions (``BUCHHOLZ_CUT1`` … one per registry row that names one) are in
:mod:`xl_tiebreak.excel.functions.one_tiebreak`, their argument texts in
:mod:`xl_tiebreak.excel.functions.docs`; this module lists them all.

Each distinct crosstable is read and computed once (see
:mod:`xl_tiebreak.excel.functions.evaluation`);
the arguments are read by :mod:`xl_tiebreak.excel.functions.arguments`.

The crosstable argument is read with ``err_to_str=True``: a cell showing ``#N/A`` (or any Excel
error) arrives as that text and is reported with its cell instead of being taken as empty.

Function names are valid VBA identifiers that do not look like cell references (classic xlwings
creates one VBA wrapper per function); parameters are positional with defaults (no keyword-only
parameters, none named ``caller``), annotated only with types xlwings' converters know
(``Any``, ``list``), so that the annotations cannot select a wrong converter.

The team functions (``TEAM_POINTS``, ``TEAM_TIEBREAK``, ``TEAM_PLACE``, ``TEAM_STANDINGS``,
``TEAM_TIEBREAK_EXPLAIN``) are
in :mod:`xl_tiebreak.excel.functions.team` (table :data:`TEAM_FUNCTIONS`), re-exported here.

Shipped workbooks reach these functions as ``xl_tiebreak.udfs`` (its ``UDF Modules``
setting, and ``from xl_tiebreak.udfs import *`` in xlwings Lite): that module re-exports
:data:`__all__`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import xlwings as xw

import xl_tiebreak.excel.functions.evaluation as evaluation
import xl_tiebreak.excel.functions.team_evaluation as team_evaluation
import xl_tiebreak.tiebreaks.registry as registry
from xl_tiebreak.excel.functions.arguments import guarded
from xl_tiebreak.excel.functions.compare_orders import compare_rows
from xl_tiebreak.excel.functions.docs import (
    CATEGORY,
    DOC_BLANKS,
    DOC_CROSSTABLE,
    DOC_DESCRIPTOR,
    DOC_HEADER,
    DOC_ORDER,
    DOC_PLAYER,
    DOC_RULES,
    DOC_SEED,
    DOC_TYPE,
    DOC_UNRATED,
)
from xl_tiebreak.excel.functions.evaluation import (
    check_text,
    explanation,
    place,
    points,
    standings_rows,
    tiebreak_value,
    tiebreaks_rows,
)
from xl_tiebreak.excel.functions.one_tiebreak import (
    APPO,
    APRO,
    ARO,
    AVG_OPP_BUCHHOLZ,
    BLACK_GAMES,
    BLACK_WINS,
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    BUCHHOLZ_CUT2,
    BUCHHOLZ_MEDIAN1,
    BUCHHOLZ_MEDIAN2,
    CUMULATIVE,
    DIRECT_ENCOUNTER,
    FORE_BUCHHOLZ,
    GAMES_WON,
    KASHDAN,
    KOYA,
    MODIFIED_MEDIAN,
    OPP_CUMULATIVE,
    PROGRESSIVE,
    PTP,
    RECURSIVE_BUCHHOLZ,
    ROUNDS_PLAYED_BY_CHOICE,
    SOLKOFF,
    SONNEBORN,
    SONNEBORN_CUT1,
    STANDARD_POINTS,
    TPR,
    WINS,
)
from xl_tiebreak.excel.functions.team import (
    TEAM_FUNCTIONS,
    TEAM_PLACE,
    TEAM_POINTS,
    TEAM_STANDINGS,
    TEAM_TIEBREAK,
    TEAM_TIEBREAK_EXPLAIN,
)

__all__ = [  # every worksheet function: `from xl_tiebreak.udfs import *` (xlwings Lite)
    "APPO",
    "APRO",
    "ARO",
    "AVG_OPP_BUCHHOLZ",
    "BLACK_GAMES",
    "BLACK_WINS",
    "BUCHHOLZ",
    "BUCHHOLZ_CUT1",
    "BUCHHOLZ_CUT2",
    "BUCHHOLZ_MEDIAN1",
    "BUCHHOLZ_MEDIAN2",
    "CROSSTABLE_CHECK",
    "CUMULATIVE",
    "DIRECT_ENCOUNTER",
    "FORE_BUCHHOLZ",
    "GAMES_WON",
    "KASHDAN",
    "KOYA",
    "MODIFIED_MEDIAN",
    "OPP_CUMULATIVE",
    "PLACE",
    "POINTS",
    "PROGRESSIVE",
    "PTP",
    "RECURSIVE_BUCHHOLZ",
    "ROUNDS_PLAYED_BY_CHOICE",
    "SOLKOFF",
    "SONNEBORN",
    "SONNEBORN_CUT1",
    "STANDARD_POINTS",
    "STANDINGS",
    "TIEBREAK",
    "TIEBREAK_EXPLAIN",
    "TIEBREAKS",
    "TPR",
    "WINS",
    "COMPARE_ORDERS",
    "TEAM_PLACE",  # the team functions (xl_tiebreak.excel.functions.team, issue 11)
    "TEAM_POINTS",
    "TEAM_STANDINGS",
    "TEAM_TIEBREAK",
    "TEAM_TIEBREAK_EXPLAIN",
    "CATEGORY",
    "EXCEL_FUNCTIONS",
    "TEAM_FUNCTIONS",
    "FIXED_DESCRIPTORS",
    "RATING_FUNCTIONS",
    "clear_cache",
]


def clear_cache() -> None:
    """Forget every cached crosstable and result, individual and team ones (tests, or after a
    code reload)."""
    evaluation.clear_cache()
    team_evaluation.clear_team_cache()


# ====================================================================== worksheet functions
# Each function is a thin, guarded call of xl_tiebreak.excel.functions.evaluation. Docstrings are
# the Function
# Wizard descriptions (Excel keeps at most 255 characters).


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def POINTS(crosstable: list[list[Any]], player: Any, blank_rounds: Any = "") -> Any:
    """Points of the player (all rounds of the crosstable, 1-½-0 scoring)."""
    return guarded(points, crosstable, player, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("descriptor", err_to_str=True, doc=DOC_DESCRIPTOR)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def TIEBREAK(
    crosstable: list[list[Any]],
    player: Any,
    descriptor: Any,
    rules: Any = "AUTO",
    unrated_rating: Any = "",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Any tie-break by its descriptor (BH/C1, SB, KS/L+1, ARO/U1400, DE/P…); empty when
    undefined."""
    return guarded(tiebreak_value, crosstable, player, descriptor, rules, unrated_rating,
                   tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("order", err_to_str=True, doc=DOC_ORDER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
@xw.arg("lots_seed", err_to_str=True, doc=DOC_SEED)
def PLACE(
    crosstable: list[list[Any]],
    player: Any,
    order: Any = "",
    rules: Any = "AUTO",
    unrated_rating: Any = "",
    tournament_type: Any = "",
    blank_rounds: Any = "",
    lots_seed: Any = "",
) -> Any:
    """Final place of the player by points and the tie-break order; players still tied share
    the place (both get the better one)."""
    return guarded(place, crosstable, player, order, rules, unrated_rating,
                   tournament_type, blank_rounds, lots_seed)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("order", err_to_str=True, doc=DOC_ORDER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("header", err_to_str=True, doc=DOC_HEADER)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
@xw.arg("lots_seed", err_to_str=True, doc=DOC_SEED)
def STANDINGS(
    crosstable: list[list[Any]],
    order: Any = "",
    rules: Any = "AUTO",
    unrated_rating: Any = "",
    tournament_type: Any = "",
    header: Any = True,
    blank_rounds: Any = "",
    lots_seed: Any = "",
) -> Any:
    """The sorted standings as a table: a header row (unless header is FALSE), then Place, No,
    Name, Rating, Fed, Pts, one column per tie-break (spills in Excel 365)."""
    return guarded(standings_rows, crosstable, order, rules, unrated_rating, tournament_type,
                   header, blank_rounds, lots_seed)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("order", err_to_str=True, doc=DOC_ORDER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def TIEBREAKS(
    crosstable: list[list[Any]],
    order: Any = "",
    rules: Any = "AUTO",
    unrated_rating: Any = "",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Every tie-break of the order for every player in one call: one row per player in the
    crosstable's order, one column per tie-break, no header (spills in Excel 365)."""
    return guarded(tiebreaks_rows, crosstable, order, rules, unrated_rating,
                   tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("orders", err_to_str=True, doc="Tie-break orders: one per cell of a range, or one text "
        "with ; between orders, e.g. BH/C1,BH,SB; SB,BH; BH/M1")
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def COMPARE_ORDERS(
    crosstable: list[list[Any]],
    orders: Any = "",
    rules: Any = "AUTO",
    unrated_rating: Any = "",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """The standings under several tie-break orders side by side: Moves (* = placed
    differently by some order), No, Name, Pts, one place column per order (spills)."""
    return guarded(compare_rows, crosstable, orders, rules, unrated_rating,
                   tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def CROSSTABLE_CHECK(crosstable: list[list[Any]], tournament_type: Any = "", blank_rounds: Any = ""
) -> Any:
    """"OK", or a column of lines: how many errors and warnings, then every problem of the
    crosstable with its cell (errors stop the tie-breaks, warnings do not)."""
    return guarded(check_text, crosstable, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("descriptor", err_to_str=True, doc=DOC_DESCRIPTOR)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def TIEBREAK_EXPLAIN(
    crosstable: list[list[Any]],
    player: Any,
    descriptor: Any,
    rules: Any = "AUTO",
    unrated_rating: Any = "",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """How a tie-break value was computed, in one line, e.g. BH/C1 (FIDE 2026) = 3½ + 3 + 2½
    = 9; cut: R3 …"""
    return guarded(explanation, crosstable, player, descriptor, rules, unrated_rating,
                   tournament_type, blank_rounds)


_FUNCTIONS: Sequence[Any] = (
    POINTS,
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    BUCHHOLZ_CUT2,
    BUCHHOLZ_MEDIAN1,
    BUCHHOLZ_MEDIAN2,
    FORE_BUCHHOLZ,
    AVG_OPP_BUCHHOLZ,
    SONNEBORN,
    SONNEBORN_CUT1,
    KOYA,
    WINS,
    GAMES_WON,
    BLACK_GAMES,
    BLACK_WINS,
    PROGRESSIVE,
    ROUNDS_PLAYED_BY_CHOICE,
    STANDARD_POINTS,
    ARO,
    TPR,
    PTP,
    APRO,
    APPO,
    DIRECT_ENCOUNTER,
    MODIFIED_MEDIAN,
    SOLKOFF,
    CUMULATIVE,
    OPP_CUMULATIVE,
    KASHDAN,
    RECURSIVE_BUCHHOLZ,
    TIEBREAK,
    PLACE,
    STANDINGS,
    TIEBREAKS,
    COMPARE_ORDERS,
    CROSSTABLE_CHECK,
    TIEBREAK_EXPLAIN,
)

EXCEL_FUNCTIONS: dict[str, Any] = {f.__name__: f for f in _FUNCTIONS}
"""Every worksheet function by its Excel name."""

FIXED_DESCRIPTORS: dict[str, str] = dict(registry.worksheet_functions())
"""The tie-break descriptor behind each one-tie-break function (from the registry rows)."""

RATING_FUNCTIONS = registry.rating_functions()
"""Functions whose third argument is the rating for unrated players."""
