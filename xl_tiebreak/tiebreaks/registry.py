"""The tie-break registry: one frozen row per tie-break code, the single source of what it is.

The row class is :class:`xl_tiebreak.tiebreaks.row.TieBreak` (named here too, with its parts);
this module lists the rows, with the functions that compute them, and looks them up. Nothing
below it (the engine, the tie-break functions, the descriptor class) imports it.

A row says everything the rest of the package needs to know about a tie-break: its acronym, name
and article, aliases, the modifiers it takes, whether it gives each participant a value or orders
a tied group, whether it is rating-based or whole-numbered, how it is explained, its
Swiss-Manager number and parameters (read and written from the same data), the score types it
accepts, the warnings it triggers, the worksheet functions that expose it, and the function that
computes it. Descriptor parsing and naming (:mod:`xl_tiebreak.tiebreaks.descriptors`), the engine,
the
standings and the spreadsheet layer read it.

Adding a tie-break = one row here + one function (in :mod:`xl_tiebreak.tiebreaks.fide` or
:mod:`xl_tiebreak.tiebreaks.uscf`) + tests.
"""

from __future__ import annotations

from collections.abc import Callable

import xl_tiebreak.tiebreaks.encounter as encounter
import xl_tiebreak.tiebreaks.fide as tiebreaks
import xl_tiebreak.tiebreaks.outside_games as arbiter
from xl_tiebreak.i18n import N_
from xl_tiebreak.tiebreaks.row import MODIFIERS as MODIFIERS
from xl_tiebreak.tiebreaks.row import Explained as Explained
from xl_tiebreak.tiebreaks.row import ScoreType as ScoreType
from xl_tiebreak.tiebreaks.row import SmParam as SmParam
from xl_tiebreak.tiebreaks.row import SwissManager as SwissManager
from xl_tiebreak.tiebreaks.row import TieBreak as TieBreak
from xl_tiebreak.tiebreaks.row import WorksheetFunction as WorksheetFunction
from xl_tiebreak.tiebreaks.rules import RuleSet

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _fn(name: str, descriptor: str, swiss: int | None = None,
        round_robin: int | None = None) -> WorksheetFunction:
    return WorksheetFunction(name, descriptor, swiss, round_robin)


def _mods(letters: str) -> frozenset[str]:
    return frozenset(letters)


_MS, _GS = "MP", "GP"
"""The score types of :class:`xl_tiebreak.model.teams.Score` by value (the module is not imported
here: see :class:`_Deferred`)."""


class _Deferred:
    """A tie-break function of a module imported on its first call: the US Chess functions
    (:mod:`xl_tiebreak.tiebreaks.uscf`) and the team ones, made by a factory of
    :mod:`xl_tiebreak.tiebreaks.team` (``name``, given ``args``; ``"MP"``/``"GP"`` stand for
    the :class:`~xl_tiebreak.model.teams.Score` members; ``part``: which of the pair it returns).
    A FIDE individual event, and the start of the command line, import neither."""

    __slots__ = ("_module", "_name", "_args", "_part", "_function")

    def __init__(self, module: str, name: str, *args: object, part: int | None = None) -> None:
        self._module = module
        self._name = name
        self._args = args
        self._part = part
        self._function: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        function = self._function
        if function is None:
            function = self._function = self._make()
        return function(*args)

    def _make(self) -> Callable[..., Any]:
        found: Any
        if self._module == "uscf":
            import xl_tiebreak.tiebreaks.uscf as uscf

            found = getattr(uscf, self._name)
        else:
            import xl_tiebreak.tiebreaks.team as team_tiebreaks
            from xl_tiebreak.model.teams import Score

            found = getattr(team_tiebreaks, self._name)
        if self._args:
            found = found(*(Score(a) if a in (_MS, _GS) else a for a in self._args))
        made: Callable[..., Any] = found if self._part is None else found[self._part]
        return made

    def __reduce__(self) -> tuple[Callable[..., _Deferred], tuple[object, ...]]:
        # pickled as what it names, without the function made on the first call (a closure)
        return _deferred, (self._module, self._name, self._args, self._part)

    def __repr__(self) -> str:
        shown = ", ".join(map(repr, self._args))
        pair = "" if self._part is None else f"[{self._part}]"
        call = f"({shown})" if self._args else ""
        return f"{self._module}.{self._name}{call}{pair}"


def _deferred(module: str, name: str, args: tuple[object, ...], part: int | None) -> _Deferred:
    """A :class:`_Deferred` made again from what it names (unpickling)."""
    return _Deferred(module, name, *args, part=part)


def _us(name: str) -> Any:
    """The US Chess function ``name`` (:mod:`xl_tiebreak.tiebreaks.uscf`)."""
    return _Deferred("uscf", name)


def _tt(name: str, *args: object) -> Any:
    """The team function ``name`` (made by ``name(*args)`` when args are given)."""
    return _Deferred("team_tiebreaks", name, *args)


def _pair(name: str, *args: object) -> tuple[Any, Any]:
    """The (order, explanation) pair a team factory makes, for a group tie-break's row."""
    return (_Deferred("team_tiebreaks", name, *args, part=0),
            _Deferred("team_tiebreaks", name, *args, part=1))


_P = SmParam
_CUTS = (_P.GAME_POINTS, _P.HIGH, _P.LOW, _P.FORFEITS)
_WINS = (_P.POINTS_TAG, _P.KIND, _P.FORFEITS)
_PERFORMANCE = (_P.KIND, _P.MINIMUM_RATING)
_BUCHHOLZ_TYPE = N_("Buchholz-type tie-breaks must not be used in round robins (Art. 8 note)")
_US = RuleSet.USCF
_SUM = Explained.SUM
_AVERAGE = Explained.AVERAGE

_TPR = TieBreak(
    "TPR", N_("Tournament Performance Rating"), "Art. 10.2", tiebreaks.tb_tpr,
    modifiers=_mods("U"), rating_based=True, whole=True,
    swiss_manager=SwissManager(88, _PERFORMANCE, "0"), functions=(_fn("TPR", "TPR", 19, 11),),
)
_PTP = TieBreak(
    "PTP", N_("Perfect Tournament Performance"), "Art. 10.3", tiebreaks.tb_ptp,
    modifiers=_mods("U"), rating_based=True, whole=True,
    swiss_manager=SwissManager(88, _PERFORMANCE, "2"), functions=(_fn("PTP", "PTP", 20, 12),),
)
"""The rows APRO and APPO average over the opponents."""

TIEBREAKS: tuple[TieBreak, ...] = (
    TieBreak("PTS", N_("Points"), "", tiebreaks.tb_pts),
    TieBreak(
        "DE", N_("Direct Encounter"), "Art. 6", None, encounter.order_direct_encounter,
        encounter.explain_direct_encounter, modifiers=_mods("P"), whole=True,
        swiss_manager=SwissManager(81, (_P.FORFEITS,)),
        functions=(_fn("DIRECT_ENCOUNTER", "DE", 3, 0),),
    ),
    TieBreak(
        "WIN", N_("Number of Wins"), "Art. 7.1", tiebreaks.tb_win, modifiers=_mods("P"),
        whole=True, explained=_SUM, swiss_manager=SwissManager(68, _WINS, "0"),
        functions=(_fn("WINS", "WIN", 4, 2),),
    ),
    TieBreak(
        "WON", N_("Number of Games Won"), "Art. 7.2", tiebreaks.tb_won, modifiers=_mods("P"),
        whole=True, explained=_SUM, swiss_manager=SwissManager(68, _WINS, "1"),
        functions=(_fn("GAMES_WON", "WON", 12, 5),),
    ),
    TieBreak(
        "BPG", N_("Number of Games Played with Black"), "Art. 7.3", tiebreaks.tb_bpg,
        aliases=("MOSTBLACKS",), modifiers=_mods("P"), whole=True, explained=_SUM,
        swiss_manager=SwissManager(68, _WINS, "3"),
        functions=(_fn("BLACK_GAMES", "BPG", 13, 6),),
    ),
    TieBreak(
        "BWG", N_("Number of Games Won with Black"), "Art. 7.4", tiebreaks.tb_bwg,
        modifiers=_mods("P"), whole=True, explained=_SUM,
        swiss_manager=SwissManager(68, _WINS, "2"),
        functions=(_fn("BLACK_WINS", "BWG", 14, 7),),
    ),
    TieBreak(
        "PS", N_("Progressive Score"), "Art. 7.5", tiebreaks.tb_ps, modifiers=_mods("C"),
        explained=_SUM, swiss_manager=SwissManager(86, (_P.GAME_POINTS, _P.ZERO)),
        round_order=True, functions=(_fn("PROGRESSIVE", "PS", 15),),
    ),
    TieBreak(
        "REP", N_("Rounds one Elected to Play"), "Art. 7.6", tiebreaks.tb_rep, aliases=("GE",),
        whole=True, explained=_SUM, swiss_manager=SwissManager(79),
        functions=(_fn("ROUNDS_PLAYED_BY_CHOICE", "REP", 16, 8),),
    ),
    TieBreak(
        "STD", N_("Standard Points"), "Art. 7.7", tiebreaks.tb_std, explained=_SUM,
        functions=(_fn("STANDARD_POINTS", "STD", 17, 9),),
    ),
    TieBreak(
        "TPN", N_("Tournament Pairing Number"), "Art. 7.8", tiebreaks.tb_tpn, modifiers=_mods("R"),
        whole=True, lower_is_better=True,
    ),
    TieBreak(
        "BH", N_("Buchholz"), "Art. 8.1", tiebreaks.tb_bh, modifiers=_mods("CMP"), explained=_SUM,
        swiss_manager=SwissManager(84, (*_CUTS, _P.FORE_BUCHHOLZ), "-"),
        round_robin_warning=_BUCHHOLZ_TYPE,
        functions=(
            _fn("BUCHHOLZ", "BH", 1),
            _fn("BUCHHOLZ_CUT1", "BH/C1", 0),
            _fn("BUCHHOLZ_CUT2", "BH/C2", 5),
            _fn("BUCHHOLZ_MEDIAN1", "BH/M1", 6),
            _fn("BUCHHOLZ_MEDIAN2", "BH/M2", 7),
        ),
    ),
    TieBreak(
        "AOB", N_("Average of Opponents' Buchholz"), "Art. 8.2", tiebreaks.tb_aob,
        modifiers=_mods("PF"), explained=_AVERAGE, swiss_manager=SwissManager(77, (_P.FORE,)),
        round_robin_warning=_BUCHHOLZ_TYPE, places=tiebreaks.aob_places,
        functions=(_fn("AVG_OPP_BUCHHOLZ", "AOB", 9),),
    ),
    TieBreak(
        "FB", N_("Fore Buchholz"), "Art. 8.3", tiebreaks.tb_fb, modifiers=_mods("CMP"),
        explained=_SUM, swiss_manager=SwissManager(84, (*_CUTS, _P.FORE_BUCHHOLZ), "F"),
        round_robin_warning=_BUCHHOLZ_TYPE, round_order=True,
        functions=(_fn("FORE_BUCHHOLZ", "FB", 8),),
    ),
    TieBreak(
        "SB", N_("Sonneborn-Berger"), "Art. 9.1", tiebreaks.tb_sb, modifiers=_mods("CP"),
        explained=_SUM, swiss_manager=SwissManager(85, _CUTS),
        functions=(_fn("SONNEBORN", "SB", 2, 1), _fn("SONNEBORN_CUT1", "SB/C1", 10, 4)),
    ),
    TieBreak(
        "KS", N_("Koya System"), "Art. 9.2", tiebreaks.tb_ks, modifiers=_mods("LP"), explained=_SUM,
        swiss_manager=SwissManager(87, (_P.GAME_POINTS, _P.PERCENT)),
        swiss_warning=N_("KS in a Swiss is allowed only when the tournament rules say so "
                         "(Art. 9.2)"),
        functions=(_fn("KOYA", "KS", 11, 3),),
    ),
    TieBreak(
        "ARO", N_("Average Rating of Opponents"), "Art. 10.1", tiebreaks.tb_aro,
        aliases=("AROC/C1",), modifiers=_mods("CMU"), rating_based=True, whole=True,
        explained=_AVERAGE,
        swiss_manager=SwissManager(80, (_P.MINIMUM_RATING, _P.HIGH, _P.LOW, _P.UNPLAYED)),
        functions=(_fn("ARO", "ARO", 18, 10),),
    ),
    _TPR,
    _PTP,
    TieBreak(
        "APRO", N_("Average Performance Rating of Opponents"), "Art. 10.4", tiebreaks.tb_apro,
        modifiers=_mods("U"), rating_based=True, whole=True, explained=_AVERAGE,
        swiss_manager=SwissManager(88, _PERFORMANCE, "1"), of=_TPR,
        functions=(_fn("APRO", "APRO", 21, 13),),
    ),
    TieBreak(
        "APPO", N_("Average Perfect Performance of Opponents"), "Art. 10.5", tiebreaks.tb_appo,
        modifiers=_mods("U"), rating_based=True, whole=True, explained=_AVERAGE,
        swiss_manager=SwissManager(88, _PERFORMANCE, "3"), of=_PTP,
        functions=(_fn("APPO", "APPO", 22, 14),),
    ),
    TieBreak(
        "RTNG", N_("Rating"), "Art. 10.6", tiebreaks.tb_rtng, modifiers=_mods("RU"),
        rating_based=True, whole=True,
    ),
    TieBreak(
        "OTHER_RBH", N_("Recursive Buchholz (sum of opponents' Buchholz)"),
        N_("not C.07; Swiss-Manager 25"), arbiter.tb_recursive_buchholz,
        aliases=("RBH", "SUMBH"), modifiers=_mods("P"), explained=_SUM,
        round_robin_warning=_BUCHHOLZ_TYPE,
        functions=(_fn("RECURSIVE_BUCHHOLZ", "OTHER_RBH"),),
    ),
    TieBreak(
        "OTHER_MANUAL", N_("Manual order"), N_("not C.07; Swiss-Manager 5"), arbiter.tb_manual,
        aliases=("MANUAL",), modifiers=_mods("R"), lower_is_better=True,
    ),
    TieBreak(
        "OTHER_LOTS", N_("Drawing of lots"), N_("not C.07"), arbiter.tb_lots,
        aliases=("LOTS", "LOT"), whole=True, lower_is_better=True,
    ),
    TieBreak(
        "OTHER_MM", N_("Modified Median"), "US Chess 34E1", _us("tb_modified_median"),
        aliases=("MM", "MODIFIEDMEDIAN"), explained=_SUM, rules=_US,
        functions=(_fn("MODIFIED_MEDIAN", "OTHER_MM"),),
    ),
    TieBreak(
        "OTHER_MEDIAN", N_("Median (Harkness)"), "US Chess 34E4", _us("tb_median"),
        aliases=("MEDIAN", "HARKNESS"), explained=_SUM, rules=_US,
    ),
    TieBreak(
        "OTHER_SOLKOFF", N_("Solkoff"), "US Chess 34E2", _us("tb_solkoff"), aliases=("SOLKOFF",),
        explained=_SUM, rules=_US, functions=(_fn("SOLKOFF", "OTHER_SOLKOFF"),),
    ),
    TieBreak(
        "OTHER_CUM", N_("Cumulative"), "US Chess 34E3", _us("tb_cumulative"),
        aliases=("CUM", "CUMULATIVE"), explained=_SUM, rules=_US,
        functions=(_fn("CUMULATIVE", "OTHER_CUM"),),
    ),
    TieBreak(
        "OTHER_OPPCUM", N_("Cumulative of Opposition"), "US Chess 34E9", _us("tb_opp_cumulative"),
        aliases=("OPPCUM",), explained=_SUM, rules=_US,
        functions=(_fn("OPP_CUMULATIVE", "OTHER_OPPCUM"),),
    ),
    TieBreak(
        "OTHER_KASHDAN", N_("Kashdan"), "US Chess 34E7", _us("tb_kashdan"),
        aliases=("KASHDAN", "KA", "OTHER_KA"), explained=_SUM, rules=_US,
        swiss_manager=SwissManager(92), functions=(_fn("KASHDAN", "OTHER_KASHDAN"),),
    ),
    TieBreak(
        "OTHER_USSB", N_("Sonneborn-Berger (US Chess)"), "US Chess 34E8", _us("tb_us_sonneborn"),
        aliases=("USSB",), explained=_SUM, rules=_US,
    ),
    TieBreak(
        "OTHER_RBTP", N_("Result between Tied Players"), "US Chess 34E5", None,
        _us("order_result_between_tied"), _us("explain_result_between_tied"), aliases=("RBTP",),
        rules=_US,
    ),
)
"""Every tie-break, FIDE (C.07 Art. 5 table order) then US Chess 34E."""


_MP = frozenset({ScoreType.MATCH_POINTS})
_GP = GAME_POINTS_ONLY = frozenset({ScoreType.GAME_POINTS})
_TEAM = frozenset({ScoreType.MATCH_POINTS, ScoreType.GAME_POINTS})
_ESB = (_P.KIND, _P.HIGH, _P.LOW, _P.FORFEITS, _P.ZERO)


_DE_MP, _DE_GP = _pair("score_de", _MS), _pair("score_de", _GS)
_TBR, _BBE = _pair("board_group", "T"), _pair("board_group", "B")


def _ede(code: str, name: str, boards: str, sm: SwissManager | None = None) -> TieBreak:
    return TieBreak(
        code, name, "Art. 13.3", None, _tt("ede_order", boards), _tt("ede_explain", boards),
        modifiers=_mods("P"), whole=True, swiss_manager=sm, score_types=_TEAM,
        boards=bool(boards),
    )


def _on(code: str, score: str, base: TieBreak, name: str) -> TieBreak:
    """The team form of an individual row on one score type (``BH:MP``)."""
    assert base.compute is not None
    return base.replace(
        code=f"{code}:{score}", name=name, article=f"{base.article} (teams)",
        compute=_tt("on_score", score, code, base.compute), aliases=(), functions=(),
        swiss_manager=None, score_types=_MP if score == _MS else _GP, base=base,
    )


_IND = {row.code: row for row in TIEBREAKS}

TEAM_TIEBREAKS: tuple[TieBreak, ...] = (
    TieBreak("MPTS", N_("Match Points"), "Art. 11.1", _tt("total", _MS), score_types=_MP,
             swiss_manager=SwissManager(13)),
    TieBreak("GPTS", N_("Game Points"), "Art. 11.1", _tt("total", _GS), score_types=_GP,
             swiss_manager=SwissManager(1)),
    TieBreak("MPVGP", N_("Secondary score (MP v GP)"), "Art. 13.1", _tt("tb_secondary"),
             score_types=_TEAM),
    TieBreak("DE:MP", N_("Direct Encounter (match points)"), "Art. 6 (teams)", None, *_DE_MP,
             modifiers=_mods("P"), whole=True, score_types=_MP, base=_IND["DE"]),
    TieBreak("DE:GP", N_("Direct Encounter (game points)"), "Art. 6 (teams)", None, *_DE_GP,
             modifiers=_mods("P"), whole=True, score_types=_GP, base=_IND["DE"]),
    _on("WIN", _MS, _IND["WIN"], N_("Number of Match Wins")).replace(
        swiss_manager=SwissManager(12)),  # DiSwiss's team tables: match wins (D84)
    _on("WON", _MS, _IND["WON"], N_("Number of Matches Won over the board")),
    _on("PS", _MS, _IND["PS"], N_("Progressive Score (match points)")),
    _on("PS", _GS, _IND["PS"], N_("Progressive Score (game points)")),
    _on("BH", _MS, _IND["BH"], N_("Buchholz (match points)")),
    _on("BH", _GS, _IND["BH"], N_("Buchholz (game points)")),
    _on("FB", _MS, _IND["FB"], N_("Fore Buchholz (match points)")),
    _on("FB", _GS, _IND["FB"], N_("Fore Buchholz (game points)")),
    _on("AOB", _MS, _IND["AOB"], N_("Average of Opponents' Buchholz (match points)")),
    _on("AOB", _GS, _IND["AOB"], N_("Average of Opponents' Buchholz (game points)")),
    _on("KS", _MS, _IND["KS"], N_("Koya System (match points)")),
    _on("KS", _GS, _IND["KS"], N_("Koya System (game points)")),
    TieBreak("EMMSB", N_("Extended Sonneborn-Berger (opponent MP × own MP)"), "Art. 13.2",
             _tt("extended_sb", _MS, _MS), aliases=("ESB:MM",), modifiers=_mods("CP"),
             explained=_SUM, swiss_manager=SwissManager(82, _ESB, "0"), score_types=_TEAM),
    TieBreak("EMGSB", N_("Extended Sonneborn-Berger (opponent MP × own GP)"), "Art. 13.2",
             _tt("extended_sb", _MS, _GS), aliases=("ESB:MG",), modifiers=_mods("CP"),
             explained=_SUM, swiss_manager=SwissManager(82, _ESB, "1"), score_types=_TEAM),
    TieBreak("EGMSB", N_("Extended Sonneborn-Berger (opponent GP × own MP)"), "Art. 13.2",
             _tt("extended_sb", _GS, _MS), aliases=("ESB:GM",), modifiers=_mods("CP"),
             explained=_SUM, swiss_manager=SwissManager(82, _ESB, "2"), score_types=_TEAM),
    TieBreak("EGGSB", N_("Extended Sonneborn-Berger (opponent GP × own GP)"), "Art. 13.2",
             _tt("extended_sb", _GS, _GS), aliases=("ESB:GG",), modifiers=_mods("CP"),
             explained=_SUM, swiss_manager=SwissManager(82, _ESB, "3"), score_types=_TEAM),
    TieBreak("OSB", N_("Olympiad Sonneborn-Berger (opponent MP × own GP, lowest dropped)"),
             N_("D.02.01 App. 2 (Olympiad)"), _tt("tb_olympiad_sb"), modifiers=_mods("P"),
             explained=_SUM, swiss_manager=SwissManager(74), score_types=_TEAM),
    _ede("EDE", N_("Extended Direct Encounter"), "",
         SwissManager(83, (_P.POINTS_TAG, _P.FORFEITS))),
    _ede("EDEC", N_("Extended Direct Encounter + BC"), "C"),
    _ede("EDET", N_("Extended Direct Encounter + TBR"), "T"),
    _ede("EDEB", N_("Extended Direct Encounter + BBE"), "B"),
    _ede("EDEBT", N_("Extended Direct Encounter + BC + TBR"), "CT"),
    _ede("EDEBB", N_("Extended Direct Encounter + BC + BBE"), "CB"),
    TieBreak("SSSC", N_("Score Strength Combination"), "Art. 13.4", _tt("tb_sssc"),
             modifiers=_mods("PF"), swiss_manager=SwissManager(91, (_P.POINTS_TAG, _P.FORFEITS)),
             score_types=_TEAM),
    TieBreak("BC", N_("Board Count"), "Art. 12", _tt("tb_bc"), lower_is_better=True,
             explained=_SUM, swiss_manager=SwissManager(78), score_types=_TEAM,
             boards=True),
    TieBreak("TBR", N_("Top Board Results"), "Art. 12", None, *_TBR,
             swiss_manager=SwissManager(89), whole=True, score_types=_TEAM, boards=True),
    TieBreak("BBE", N_("Bottom Board Elimination"), "Art. 12", None, *_BBE,
             swiss_manager=SwissManager(90), whole=True, score_types=_TEAM, boards=True),
)
"""Team tie-breaks (C.07 Arts. 11–13): each on match points, game points or both."""

MATCH_POINT_SUMS: frozenset[str] = frozenset(
    {row.code for row in TEAM_TIEBREAKS if row.score_types == _MP and row.places is None}
    | {"EMMSB"})
"""Team tie-breaks whose values are sums of match points (or of products of match points:
EMMSB), so whole numbers when every match point of the event is (MP 2-1-0, 3-1-0): shown
without decimals then (:mod:`xl_tiebreak.report.decimals`). AOB:MP is an average (rounded)."""

TIEBREAKS = TIEBREAKS + TEAM_TIEBREAKS

SWISS_MANAGER_ALSO: dict[int, tuple[str, str]] = {
    53: ("BPG", N_("most games with Black")),
    50: ("EMGSB", N_("Olympiad Sonneborn-Berger: opponents' match points × own game points")),
}
"""Swiss-Manager numbers DiSwiss publishes (spec §9.2, §9.3) for rows written back with their
own number (53 → BPG, written 68 / 3; 50 → EMGSB, written 82 / 1): code and meaning."""

SWISS_MANAGER_OLD: dict[int, str] = {
    2: N_("old 'Buchholz, all results'"),
    3: N_("old 'Buchholz without one result'"),
    4: N_("old 'median Buchholz'"),
    5: N_("manual input"),
    6: N_("manual input"),
    7: N_("'Sonneborn-Berger with real points' (teams)"),
    8: N_("old 'FIDE tie-break'"),
    9: N_("old 'FIDE tie-break'"),
    10: N_("old 'average rating of opponents'"),
    11: N_("old 'direct encounter in the same point group'"),
    14: N_("old 'team DE by match points'"),
    15: N_("'board tie-breaks'"),
    16: N_("old 'team Buchholz'"),
    17: N_("old 'Buchholz with real points'"),
    19: N_("old 'Sonneborn-Berger with modified points'"),
    20: N_("old 'rating average without one result'"),
    21: N_("old 'performance'"),
    22: N_("old 'team Buchholz'"),
    23: N_("old 'sum of ratings without one result'"),
    25: N_("'sum of Buchholz' (no certain parameters; OTHER_RBH by name)"),
    35: N_("old 'FIDE Sonneborn-Berger for teams'"),
    36: N_("old 'ARO variable' (now 80)"),
    37: N_("old 'Buchholz variable' (now 84)"),
    40: N_("'match points 3/1/0'"),
    45: N_("old 'Koya' (now 87)"),
    49: N_("'Olympiad match points without the lowest result'"),
    52: N_("old 'Sonneborn-Berger variable' (now 85)"),
    54: N_("'recursive rating performance'"),
    55: N_("'average recursive rating performance'"),
    56: N_("'Olympiad Khanty-Mansiysk' variant"),
    57: N_("'Olympiad Khanty-Mansiysk' variant"),
    60: N_("old 'performance variable' (now 88)"),
    67: N_("'team SB of all results'"),
    69: N_("'Koya fine'"),
    70: N_("'sum of Buchholz variable'"),
    71: N_("'Berlin' tie-break"),
    75: N_("'Olympiad adjusted match points without the lowest result'"),
    76: N_("'special white/black game points'"),
}
"""Swiss-Manager numbers read in real lists that have no certain FIDE descriptor, with what
Herzog's table says they are (spec §9.1): named in the refusal."""

# The tie-break names Brazilian organizers type in an order (glossary-pt-BR.md): DiSwiss's
# abbreviations and the Portuguese names, compared by their key (upper case, no accents,
# spaces, dots or hyphens: tiebreaks.descriptors.spoken_key), each read as the descriptor it
# means (docs/decisions.md D-C2).

SPOKEN: dict[str, str] = {
    # DiSwiss's abbreviations (glossary, "Tie-breaks")
    "BUT": "BH", "BU1": "BH/C1", "BU2": "BH/C2", "BUM": "BH/M1", "VIT": "WIN", "BLK": "BPG",
    "KOYA": "KS", "PT": "PTS",
    # names
    "BUCHHOLZ": "BH", "BUCHHOLZTOTAL": "BH",
    "BUCHHOLZCORTE1": "BH/C1", "BUCHHOLZCORTE2": "BH/C2",
    "BUCHHOLZMEDIANO": "BH/M1", "BUCHHOLZMEDIANO1": "BH/M1", "BUCHHOLZMEDIANO2": "BH/M2",
    "SONNEBORNBERGER": "SB",
    "CONFRONTODIRETO": "DE", "ENCONTRODIRETO": "DE",
    "NUMERODEVITORIAS": "WIN", "VITORIAS": "WIN",
    "PARTIDASVENCIDAS": "WON", "NUMERODEPARTIDASVENCIDAS": "WON",
    "PARTIDASDENEGRAS": "BPG", "PARTIDASDEPRETAS": "BPG", "PARTIDASJOGADASDEPRETAS": "BPG",
    "PARTIDASJOGADASDENEGRAS": "BPG",
    "VITORIASDENEGRAS": "BWG", "VITORIASDEPRETAS": "BWG",
    "SISTEMAKOYA": "KS",
    "PONTUACAOPROGRESSIVA": "PS", "PROGRESSIVO": "PS",
    "RATINGMEDIODOSOPONENTES": "ARO", "RATINGMEDIODOSADVERSARIOS": "ARO",
    "PERFORMANCEDERATINGMEDIADOSOPONENTES": "APRO",
    "PERFORMANCE": "TPR", "RATINGDEPERFORMANCE": "TPR",
    "SORTEIO": "OTHER_LOTS", "ORDEMMANUAL": "OTHER_MANUAL",
    "PONTOS": "PTS", "PONTUACAO": "PTS",
}
"""Key (``spoken_key`` of :mod:`xl_tiebreak.tiebreaks.descriptors`) → descriptor, in an
individual event."""

ABBREVIATIONS = ("BUT", "BU1", "BU2", "BUM", "VIT", "BLK", "KOYA", "PT")
"""DiSwiss's abbreviations of individual tie-breaks, as named in a refusal."""
TEAM_ABBREVIATIONS = ("BUT", "BU1", "BU2", "BUM", "VIT", "KOYA", "PT", "MP", "GP")
"""The same for team events."""

SPOKEN_TEAM: dict[str, str] = {
    "BUT": "BH", "BU1": "BH/C1", "BU2": "BH/C2", "BUM": "BH/M1", "VIT": "WIN", "KOYA": "KS",
    "PT": "GPTS", "MP": "MPTS", "GP": "GPTS",
    "PONTOSDEMATCH": "MPTS", "PONTOSDETABULEIRO": "GPTS",
    "BUCHHOLZ": "BH", "BUCHHOLZTOTAL": "BH",
    "BUCHHOLZCORTE1": "BH/C1", "BUCHHOLZCORTE2": "BH/C2",
    "BUCHHOLZMEDIANO": "BH/M1", "BUCHHOLZMEDIANO1": "BH/M1", "BUCHHOLZMEDIANO2": "BH/M2",
    "CONFRONTODIRETO": "DE", "ENCONTRODIRETO": "DE",
    "CONFRONTODIRETOESTENDIDO": "EDE",
    "MATCHESVENCIDOS": "WIN", "VITORIAS": "WIN", "NUMERODEVITORIAS": "WIN",
    "SISTEMAKOYA": "KS", "PONTUACAOPROGRESSIVA": "PS", "PROGRESSIVO": "PS",
    "SONNEBORNBERGERDEEQUIPES": "EMGSB", "SONNEBORNBERGEROLIMPICO": "OSB",
    "SORTEIO": "OTHER_LOTS",
}
"""Key → descriptor, in a team event (a code without score type is read on the primary score,
as :func:`xl_tiebreak.tiebreaks.descriptors.parse_descriptor` reads ``BH``)."""

SPOKEN_AMBIGUOUS: dict[str, tuple[str, ...]] = {
    "BUCHHOLZCORTE": ("Buchholz Corte-1 (BH/C1)", "Buchholz Corte-2 (BH/C2)"),
    "CORTE1": ("Buchholz Corte-1 (BH/C1)", "Sonneborn-Berger Corte-1 (SB/C1)"),
    "MEDIANO": ("Buchholz Mediano (BH/M1)", "Median (Harkness) (OTHER_MEDIAN)"),
}
"""Names that could mean more than one tie-break in any event, and the forms that say which."""

SPOKEN_TEAM_AMBIGUOUS: dict[str, tuple[str, ...]] = {
    "SB": ("Sonneborn-Berger de Equipes (EMGSB)", "Sonneborn-Berger Olímpico (OSB)",
           "EMMSB", "EGMSB", "EGGSB"),
    "SONNEBORNBERGER": ("Sonneborn-Berger de Equipes (EMGSB)",
                        "Sonneborn-Berger Olímpico (OSB)", "EMMSB", "EGMSB", "EGGSB"),
}
"""Names that could mean more than one tie-break of a team event (DiSwiss's ``SB`` names both
the team and the Olympiad Sonneborn-Berger)."""

_BY_CODE = {row.code: row for row in TIEBREAKS}
_BY_NAME: dict[str, tuple[TieBreak, tuple[str, ...]]] = {row.code: (row, ()) for row in TIEBREAKS}
for _row in TIEBREAKS:
    for _alias in _row.aliases:
        _name, *_implied = _alias.split("/")
        _BY_NAME[_name] = (_row, tuple(_implied))


def tiebreak(code: str) -> TieBreak:
    """The row of a code (``BH``); KeyError when unknown."""
    return _BY_CODE[code]


def lookup(name: str) -> tuple[TieBreak, tuple[str, ...]] | None:
    """The row of a code or alias (upper case, no modifiers) and the modifiers the alias implies
    (``AROC`` → ARO, ``("C1",)``); None when unknown."""
    return _BY_NAME.get(name)


def codes() -> list[str]:
    """Every registered code, in registry order."""
    return [row.code for row in TIEBREAKS]


def taking(letter: str) -> list[TieBreak]:
    """The rows that take a modifier letter (``R`` → TPN, RTNG)."""
    return [row for row in TIEBREAKS if letter in row.modifiers]


def swiss_manager_rows(number: int) -> list[TieBreak]:
    """The rows with a Swiss-Manager number (68 → WIN, WON, BPG, BWG)."""
    return [row for row in TIEBREAKS
            if row.swiss_manager is not None and row.swiss_manager.number == number]


def swiss_manager_form(row: TieBreak) -> tuple[SwissManager, str] | None:
    """A row's Swiss-Manager number and score-type parameter
    (:meth:`~xl_tiebreak.tiebreaks.row.TieBreak.swiss_manager_form`)."""
    return row.swiss_manager_form()


def swiss_manager_numbers() -> list[int]:
    """Every Swiss-Manager number with a certain FIDE equivalent, ascending."""
    return sorted({row.swiss_manager.number for row in TIEBREAKS if row.swiss_manager})


def worksheet_functions() -> list[tuple[str, str]]:
    """(function name, descriptor) of every one-tie-break worksheet function, in registry
    order: ``("BUCHHOLZ", "BH")``, ``("BUCHHOLZ_CUT1", "BH/C1")``…"""
    return [(f.name, f.descriptor) for row in TIEBREAKS for f in row.functions]


def rating_functions() -> frozenset[str]:
    """The worksheet functions of rating-based tie-breaks (they take a rating for unrated
    players)."""
    return frozenset(f.name for row in TIEBREAKS if row.rating_based for f in row.functions)


def template_functions(template: str) -> tuple[str, ...]:
    """The worksheet functions a template shows, in its order: ``swiss`` or ``round_robin``."""
    if template not in ("swiss", "round_robin"):
        raise ValueError(f"unknown template {template!r} (swiss, round_robin)")
    placed = []
    for row in TIEBREAKS:
        for f in row.functions:
            place = f.swiss_template if template == "swiss" else f.round_robin_template
            if place is not None:
                placed.append((place, f.name))
    return tuple(name for _, name in sorted(placed))
