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

Each distinct crosstable is read and computed once (see :mod:`xl_tiebreak.excel.evaluation`);
the arguments are read by :mod:`xl_tiebreak.excel.arguments`.

The crosstable argument is read with ``err_to_str=True``: a cell showing ``#N/A`` (or any Excel
error) arrives as that text and is reported with its cell instead of being taken as empty.

Function names are valid VBA identifiers that do not look like cell references (classic xlwings
creates one VBA wrapper per function); parameters are positional with defaults (no keyword-only
parameters, none named ``caller``), annotated only with types xlwings' converters know
(``Any``, ``list``), so that the annotations cannot select a wrong converter.

The team functions (``TEAM_POINTS``, ``TEAM_TIEBREAK``, ``TEAM_PLACE``, ``TEAM_STANDINGS``,
``TEAM_TIEBREAK_EXPLAIN``) are
in :mod:`xl_tiebreak.excel.team_functions` (table :data:`TEAM_FUNCTIONS`), re-exported here.

Shipped workbooks reach these functions as ``xl_tiebreak.udfs`` (its ``UDF Modules``
setting, and ``from xl_tiebreak.udfs import *`` in xlwings Lite): that module re-exports
:data:`__all__`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import xlwings as xw

from xl_tiebreak import registry
from xl_tiebreak.excel import evaluation, team_evaluation
from xl_tiebreak.excel.arguments import guarded
from xl_tiebreak.excel.compare import compare_rows
from xl_tiebreak.excel.evaluation import (
    check_text,
    explanation,
    place,
    points,
    standings_rows,
    tiebreak_value,
    tiebreaks_rows,
    value_of,
)
from xl_tiebreak.excel.team_functions import (
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
    "TEAM_PLACE",  # the team functions (xl_tiebreak.excel.team_functions, issue 11)
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

CATEGORY = "xl-tiebreak"
"""Function Wizard category of every function."""

_DOC_CROSSTABLE = "Crosstable range incl. header row (No, Name, Rating, Fed, R1, R2, … or a grid)"
_DOC_PLAYER = ("Start number or exact name of the player, or a range of them (one value "
               "per cell)")
_DOC_RULES = ("Rule set: AUTO (default), FIDE2026, FIDE2023, FIDE2009, USCF, or the start "
              "date (the rules in force then)")
_DOC_UNRATED = "Rating used for unrated players (empty: rating tie-breaks are skipped)"
_DOC_DESCRIPTOR = "Tie-break descriptor, e.g. BH/C1, SB, KS/L+1, ARO/U1400"
_DOC_ORDER = "Tie-break order, comma separated or a range (default: the engine's default list)"
_DOC_TYPE = "Swiss or Round robin (empty: from the crosstable, a grid or all-play-all pairings)"
_DOC_HEADER = "TRUE (default): with the header row; FALSE: the rows only"
_DOC_BLANKS = ("What an empty round cell means: Absent (default), Half-point bye, or Declared "
               "(as each player's Pts say); the Settings sheet's Blank rounds")
_DOC_SEED = ("Seed of the drawing of lots (tie-break LOTS), e.g. the Settings sheet's Lots seed "
             "cell; empty: the empty seed")


def clear_cache() -> None:
    """Forget every cached crosstable and result, individual and team ones (tests, or after a
    code reload)."""
    evaluation.clear_cache()
    team_evaluation.clear_team_cache()


# ====================================================================== worksheet functions
# Each function is a thin, guarded call of xl_tiebreak.excel.evaluation. Docstrings are the Function
# Wizard descriptions (Excel keeps at most 255 characters).


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def POINTS(crosstable: list[list[Any]], player: Any, blank_rounds: Any = "") -> Any:
    """Points of the player (all rounds of the crosstable, 1-½-0 scoring)."""
    return guarded(points, crosstable, player, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Buchholz (BH, C.07 Art. 8.1): sum of the opponents' scores, unplayed rounds adjusted
    (Art. 16)."""
    return value_of("BUCHHOLZ", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def BUCHHOLZ_CUT1(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Buchholz Cut-1 (BH/C1, Art. 8.1, 14.1): Buchholz without the least significant
    opponent's score."""
    return value_of("BUCHHOLZ_CUT1", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def BUCHHOLZ_CUT2(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Buchholz Cut-2 (BH/C2): Buchholz without the two least significant values."""
    return value_of("BUCHHOLZ_CUT2", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def BUCHHOLZ_MEDIAN1(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Median Buchholz (BH/M1): Buchholz without the highest and the lowest value."""
    return value_of("BUCHHOLZ_MEDIAN1", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def BUCHHOLZ_MEDIAN2(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Median-2 Buchholz (BH/M2): Buchholz without the two highest and two lowest values."""
    return value_of("BUCHHOLZ_MEDIAN2", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def FORE_BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Fore Buchholz (FB, Art. 8.3): Buchholz with every last-round game counted as a draw."""
    return value_of("FORE_BUCHHOLZ", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def AVG_OPP_BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average of Opponents' Buchholz (AOB, Art. 8.2)."""
    return value_of("AVG_OPP_BUCHHOLZ", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def SONNEBORN(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Sonneborn-Berger (SB, Art. 9.1): sum of each opponent's score times the points scored
    against that opponent."""
    return value_of("SONNEBORN", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def SONNEBORN_CUT1(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Sonneborn-Berger Cut-1 (SB/C1): Sonneborn-Berger without the least significant value."""
    return value_of("SONNEBORN_CUT1", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def KOYA(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Koya System (KS, Art. 9.2): points scored against opponents with 50 % or more."""
    return value_of("KOYA", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def WINS(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of wins (WIN, Art. 7.1): rounds with the points of a win, played or not."""
    return value_of("WINS", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def GAMES_WON(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of games won over the board (WON, Art. 7.2)."""
    return value_of("GAMES_WON", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def BLACK_GAMES(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of games played with Black (BPG, Art. 7.3)."""
    return value_of("BLACK_GAMES", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def BLACK_WINS(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of games won with Black (BWG, Art. 7.4)."""
    return value_of("BLACK_WINS", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def PROGRESSIVE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Progressive score (PS, Art. 7.5): sum of the running scores after each round."""
    return value_of("PROGRESSIVE", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def ROUNDS_PLAYED_BY_CHOICE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Rounds one elected to play (REP, Art. 7.6): rounds played or forfeited by the opponent,
    i.e. not missed by the player's own choice."""
    return value_of("ROUNDS_PLAYED_BY_CHOICE", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def STANDARD_POINTS(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Standard points (STD, Art. 7.7): 1 for a win, ½ for a draw, 0 for a loss, whatever the
    scoring system."""
    return value_of("STANDARD_POINTS", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def ARO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average Rating of Opponents (ARO, Art. 10.1), rounded; empty when undefined or skipped
    because of unrated players without a rating for them."""
    return value_of("ARO", crosstable, player, rules, unrated_rating, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def TPR(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Tournament Performance Rating (TPR, Art. 10.2); empty when undefined or skipped."""
    return value_of("TPR", crosstable, player, rules, unrated_rating, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def PTP(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Perfect Tournament Performance (PTP, Art. 10.3); empty when undefined or skipped."""
    return value_of("PTP", crosstable, player, rules, unrated_rating, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def APRO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average Performance Rating of Opponents (APRO, Art. 10.4); empty when undefined."""
    return value_of("APRO", crosstable, player, rules, unrated_rating,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def APPO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average Perfect Performance of Opponents (APPO, Art. 10.5); empty when undefined."""
    return value_of("APPO", crosstable, player, rules, unrated_rating,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def DIRECT_ENCOUNTER(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Direct Encounter (DE, Art. 6): the player's place (1, 2, …) inside the group of players
    tied on points, as their games against each other decide; empty when DE decides nothing."""
    return value_of("DIRECT_ENCOUNTER", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("descriptor", err_to_str=True, doc=_DOC_DESCRIPTOR)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
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
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("order", err_to_str=True, doc=_DOC_ORDER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
@xw.arg("lots_seed", err_to_str=True, doc=_DOC_SEED)
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
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("order", err_to_str=True, doc=_DOC_ORDER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("header", err_to_str=True, doc=_DOC_HEADER)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
@xw.arg("lots_seed", err_to_str=True, doc=_DOC_SEED)
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
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("order", err_to_str=True, doc=_DOC_ORDER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
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
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("orders", err_to_str=True, doc="Tie-break orders: one per cell of a range, or one text "
        "with ; between orders, e.g. BH/C1,BH,SB; SB,BH; BH/M1")
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
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
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def CROSSTABLE_CHECK(crosstable: list[list[Any]], tournament_type: Any = "", blank_rounds: Any = ""
) -> Any:
    """"OK", or a column of lines: how many errors and warnings, then every problem of the
    crosstable with its cell (errors stop the tie-breaks, warnings do not)."""
    return guarded(check_text, crosstable, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("descriptor", err_to_str=True, doc=_DOC_DESCRIPTOR)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("unrated_rating", err_to_str=True, doc=_DOC_UNRATED)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
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


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def MODIFIED_MEDIAN(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Modified Median (US Chess 34E1): opponents' adjusted scores without the lowest, the
    highest or both by plus, minus or even score (two each from 9 rounds)."""
    return value_of("MODIFIED_MEDIAN", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def SOLKOFF(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Solkoff (US Chess 34E2): sum of the opponents' adjusted scores, unplayed games ½."""
    return value_of("SOLKOFF", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def CUMULATIVE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Cumulative (US Chess 34E3): running scores summed, less a point per unplayed win or
    full-point bye."""
    return value_of("CUMULATIVE", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def OPP_CUMULATIVE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Cumulative of opposition (US Chess 34E9): sum of the opponents' Cumulative scores."""
    return value_of("OPP_CUMULATIVE", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def KASHDAN(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Kashdan (US Chess 34E7): 4 per win, 2 per draw, 1 per loss played, 0 unplayed."""
    return value_of("KASHDAN", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=_DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=_DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=_DOC_BLANKS)
def RECURSIVE_BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Recursive Buchholz (OTHER_RBH, Swiss-Manager 25; not C.07): the sum of the opponents'
    Buchholz values (each with Art. 16 adjustments)."""
    return value_of("RECURSIVE_BUCHHOLZ", crosstable, player, rules, None, tournament_type,
                    blank_rounds)


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
