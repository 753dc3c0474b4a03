"""The one-tie-break worksheet functions: ``=BUCHHOLZ_CUT1(Crosstable, A2)`` … one function per
registry row that names one (:func:`xl_tiebreak.tiebreaks.registry.worksheet_functions`), each a
thin,
guarded call of :func:`xl_tiebreak.excel.functions.evaluation.value_of` with its descriptor. The
conventions (arguments, what a cell receives, one call per column) are those of
:mod:`xl_tiebreak.excel.functions.catalogue`, which lists these with the other functions."""

from __future__ import annotations

from typing import Any

import xlwings as xw

from xl_tiebreak.excel.functions.docs import (
    CATEGORY,
    DOC_BLANKS,
    DOC_CROSSTABLE,
    DOC_PLAYER,
    DOC_RULES,
    DOC_TYPE,
    DOC_UNRATED,
)
from xl_tiebreak.excel.functions.evaluation import value_of

__all__ = [
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
    "CUMULATIVE",
    "DIRECT_ENCOUNTER",
    "FORE_BUCHHOLZ",
    "GAMES_WON",
    "KASHDAN",
    "KOYA",
    "MODIFIED_MEDIAN",
    "OPP_CUMULATIVE",
    "PROGRESSIVE",
    "PTP",
    "RECURSIVE_BUCHHOLZ",
    "ROUNDS_PLAYED_BY_CHOICE",
    "SOLKOFF",
    "SONNEBORN",
    "SONNEBORN_CUT1",
    "STANDARD_POINTS",
    "TPR",
    "WINS",
]

@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Buchholz (BH, C.07 Art. 8.1): sum of the opponents' scores, unplayed rounds adjusted
    (Art. 16)."""
    return value_of("BUCHHOLZ", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def BUCHHOLZ_CUT1(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Buchholz Cut-1 (BH/C1, Art. 8.1, 14.1): Buchholz without the least significant
    opponent's score."""
    return value_of("BUCHHOLZ_CUT1", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def BUCHHOLZ_CUT2(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Buchholz Cut-2 (BH/C2): Buchholz without the two least significant values."""
    return value_of("BUCHHOLZ_CUT2", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def BUCHHOLZ_MEDIAN1(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Median Buchholz (BH/M1): Buchholz without the highest and the lowest value."""
    return value_of("BUCHHOLZ_MEDIAN1", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def BUCHHOLZ_MEDIAN2(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Median-2 Buchholz (BH/M2): Buchholz without the two highest and two lowest values."""
    return value_of("BUCHHOLZ_MEDIAN2", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def FORE_BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Fore Buchholz (FB, Art. 8.3): Buchholz with every last-round game counted as a draw."""
    return value_of("FORE_BUCHHOLZ", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def AVG_OPP_BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average of Opponents' Buchholz (AOB, Art. 8.2)."""
    return value_of("AVG_OPP_BUCHHOLZ", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def SONNEBORN(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Sonneborn-Berger (SB, Art. 9.1): sum of each opponent's score times the points scored
    against that opponent."""
    return value_of("SONNEBORN", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def SONNEBORN_CUT1(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Sonneborn-Berger Cut-1 (SB/C1): Sonneborn-Berger without the least significant value."""
    return value_of("SONNEBORN_CUT1", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def KOYA(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Koya System (KS, Art. 9.2): points scored against opponents with 50 % or more."""
    return value_of("KOYA", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def WINS(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of wins (WIN, Art. 7.1): rounds with the points of a win, played or not."""
    return value_of("WINS", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def GAMES_WON(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of games won over the board (WON, Art. 7.2)."""
    return value_of("GAMES_WON", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def BLACK_GAMES(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of games played with Black (BPG, Art. 7.3)."""
    return value_of("BLACK_GAMES", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def BLACK_WINS(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Number of games won with Black (BWG, Art. 7.4)."""
    return value_of("BLACK_WINS", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def PROGRESSIVE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Progressive score (PS, Art. 7.5): sum of the running scores after each round."""
    return value_of("PROGRESSIVE", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
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
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def STANDARD_POINTS(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Standard points (STD, Art. 7.7): 1 for a win, ½ for a draw, 0 for a loss, whatever the
    scoring system."""
    return value_of("STANDARD_POINTS", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def ARO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average Rating of Opponents (ARO, Art. 10.1), rounded; empty when undefined or skipped
    because of unrated players without a rating for them."""
    return value_of("ARO", crosstable, player, rules, unrated_rating, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def TPR(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Tournament Performance Rating (TPR, Art. 10.2); empty when undefined or skipped."""
    return value_of("TPR", crosstable, player, rules, unrated_rating, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def PTP(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Perfect Tournament Performance (PTP, Art. 10.3); empty when undefined or skipped."""
    return value_of("PTP", crosstable, player, rules, unrated_rating, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def APRO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average Performance Rating of Opponents (APRO, Art. 10.4); empty when undefined."""
    return value_of("APRO", crosstable, player, rules, unrated_rating,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("unrated_rating", err_to_str=True, doc=DOC_UNRATED)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def APPO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO",
    tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Average Perfect Performance of Opponents (APPO, Art. 10.5); empty when undefined."""
    return value_of("APPO", crosstable, player, rules, unrated_rating,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def DIRECT_ENCOUNTER(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Direct Encounter (DE, Art. 6): the player's place (1, 2, …) inside the group of players
    tied on points, as their games against each other decide; empty when DE decides nothing."""
    return value_of("DIRECT_ENCOUNTER", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def MODIFIED_MEDIAN(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Modified Median (US Chess 34E1): opponents' adjusted scores without the lowest, the
    highest or both by plus, minus or even score (two each from 9 rounds)."""
    return value_of("MODIFIED_MEDIAN", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def SOLKOFF(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Solkoff (US Chess 34E2): sum of the opponents' adjusted scores, unplayed games ½."""
    return value_of("SOLKOFF", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def CUMULATIVE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Cumulative (US Chess 34E3): running scores summed, less a point per unplayed win or
    full-point bye."""
    return value_of("CUMULATIVE", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def OPP_CUMULATIVE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Cumulative of opposition (US Chess 34E9): sum of the opponents' Cumulative scores."""
    return value_of("OPP_CUMULATIVE", crosstable, player, rules, None,
                    tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def KASHDAN(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Kashdan (US Chess 34E7): 4 per win, 2 per draw, 1 per loss played, 0 unplayed."""
    return value_of("KASHDAN", crosstable, player, rules, None, tournament_type, blank_rounds)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=DOC_CROSSTABLE)
@xw.arg("player", ndim=2, err_to_str=True, doc=DOC_PLAYER)
@xw.arg("rules", err_to_str=True, doc=DOC_RULES)
@xw.arg("tournament_type", err_to_str=True, doc=DOC_TYPE)
@xw.arg("blank_rounds", err_to_str=True, doc=DOC_BLANKS)
def RECURSIVE_BUCHHOLZ(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO", tournament_type: Any = "",
    blank_rounds: Any = "",
) -> Any:
    """Recursive Buchholz (OTHER_RBH, Swiss-Manager 25; not C.07): the sum of the opponents'
    Buchholz values (each with Art. 16 adjustments)."""
    return value_of("RECURSIVE_BUCHHOLZ", crosstable, player, rules, None, tournament_type,
                    blank_rounds)
