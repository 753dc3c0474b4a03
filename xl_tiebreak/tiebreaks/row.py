"""A registry row: what one tie-break code is, as data.

:class:`TieBreak` holds a code's name and article, the modifiers it takes, how its value is
shown and explained, its Swiss-Manager number and parameters, its score types, its warnings,
the worksheet functions that expose it and the functions that compute it. A team form on one
score type (``BH:MP``) carries the individual row it is made from as ``base``.

This module imports neither the engine nor the registry: the computing functions are typed by
their shape only (:data:`TieBreakFunction`…; the engine states them precisely), so the
descriptor (:mod:`xl_tiebreak.tiebreaks.descriptor`), the engine and the tie-break functions
can all read a row without importing the registry (:mod:`xl_tiebreak.tiebreaks.registry`,
which lists the rows and the functions that compute them).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from fractions import Fraction

from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.util.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:  # type annotations only
    from typing import Any

TieBreakFunction = Callable[..., "Fraction | None"]
"""Computes one participant's value: ``(engine, descriptor, index, terms or None) → value``
(:data:`xl_tiebreak.tiebreaks.engine.TieBreakFunction`)."""
GroupOrder = Callable[..., "list[list[int]]"]
"""Orders a tied group: ``(engine, descriptor, indices) → sub-groups``."""
GroupExplain = Callable[..., "Any"]
"""Explains a group tie-break: ``(engine, descriptor, index, group, value) → Explanation``."""


class Explained(enum.Enum):
    """How an explanation's one-line formula shows a value."""

    SUM = "sum"
    """``a + b + c = v`` over the kept terms."""
    AVERAGE = "average"
    """``(a + b + c) / 3 = v``."""
    PLAIN = "plain"
    """``= v``."""


class ScoreType(enum.Enum):
    """The score a tie-break is computed from. Individual events have game points only; team
    events will add match points and game points of a team."""

    POINTS = "points"
    """Game points of an individual event (``:GP`` in TRF26 descriptors)."""
    MATCH_POINTS = "match points"
    """Match points of a team event (``:MP``)."""
    GAME_POINTS = "game points"
    """Game points of a team event, the sum of its board points (``:GP``)."""


MODIFIERS = "CMPFLRU"
"""Modifier letters of a descriptor: ``/Cn`` cut, ``/Mn`` median, ``/P`` forfeits as games,
``/F`` Fore Buchholz (AOB), ``/L±n`` or ``/Ln`` Koya limit, ``/R`` reversed, ``/Unnnn`` rating
for unrated participants."""


class SmParam(enum.Enum):
    """One parameter of a Swiss-Manager code, in the order Swiss-Manager writes them."""

    GAME_POINTS = "game points"
    """Score type: 0 (game points) is the only one for individual events; written ``0``."""
    POINTS_TAG = "points tag"
    """Optional ``GP`` (accepted) or ``MP`` (refused) before the others (68); not written."""
    KIND = "kind"
    """Which of the codes sharing a number (68: 0 WIN, 1 WON, 2 BWG, 3 BPG; 88: 0 TPR, 1 APRO,
    2 PTP, 3 APPO): the row's ``select``."""
    FORE_BUCHHOLZ = "fore buchholz"
    """84: ``F`` (or 1) for Fore Buchholz, ``-`` for Buchholz: the row's ``select``."""
    HIGH = "high"
    """Number of strongest values discarded (Median-n together with LOW)."""
    LOW = "low"
    """Number of weakest values discarded (Cut-n)."""
    FORFEITS = "forfeits"
    """``P``: forfeits count as games (``/P``); ``-`` otherwise."""
    FORE = "fore"
    """77: ``F`` for the opponents' Fore Buchholz (``/F``)."""
    MINIMUM_RATING = "minimum rating"
    """80, 88: written from ``/U``; read only as 0 (its meaning is not documented, so another
    value has no certain FIDE equivalent)."""
    UNPLAYED = "unplayed"
    """80: take unplayed games into account; only 0 (no) is a FIDE descriptor."""
    PERCENT = "percent"
    """87: Koya limit in percent (``/Ln``), 50 by default."""
    ZERO = "zero"
    """A parameter whose only FIDE value is 0 (86: strongest discarded)."""


class SwissManager(Frozen):
    """A tie-break's Swiss-Manager / Chess-Results number and parameters (spec §9); ``select``:
    the value of the KIND or FORE_BUCHHOLZ parameter that means this row."""

    __slots__ = ("number", "params", "select")
    number: int
    params: tuple[SmParam, ...]
    select: str

    def __init__(self, number: int, params: tuple[SmParam, ...] = (), select: str = "") -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "select", select)


class WorksheetFunction(Frozen):
    """A one-tie-break worksheet function, e.g. ``BUCHHOLZ_CUT1`` = ``BH/C1``;
    ``swiss_template``, ``round_robin_template``: its place among the functions shown by the
    Swiss and the round-robin template (None: not shown)."""

    __slots__ = ("name", "descriptor", "swiss_template", "round_robin_template")
    name: str
    descriptor: str
    swiss_template: int | None
    round_robin_template: int | None

    def __init__(self, name: str, descriptor: str, swiss_template: int | None = None,
                 round_robin_template: int | None = None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "descriptor", descriptor)
        object.__setattr__(self, "swiss_template", swiss_template)
        object.__setattr__(self, "round_robin_template", round_robin_template)


_POINTS_ONLY = frozenset({ScoreType.POINTS})
"""The score types of an individual event's tie-break."""


class TieBreak(Frozen):
    """Everything about one tie-break code (immutable: assigning a field raises
    :class:`dataclasses.FrozenInstanceError`)."""

    __slots__ = ("code", "name", "article", "compute", "order", "explain_group", "aliases",
                 "modifiers", "rating_based", "whole", "lower_is_better", "explained", "rules",
                 "swiss_manager", "score_types", "round_robin_warning", "swiss_warning",
                 "functions", "boards", "round_order", "places", "base", "of")
    _uncompared = ("name", "article", "compute", "order", "explain_group", "aliases",
                   "modifiers", "rating_based", "whole", "lower_is_better", "explained",
                   "rules", "swiss_manager", "score_types", "round_robin_warning",
                   "swiss_warning", "functions", "boards", "round_order", "places", "base",
                   "of")
    """A row is known by its code (one row per code): equal rows have equal codes, and a row
    rebuilt by pickle (its functions made again) equals the registry's."""

    code: str
    """The acronym, upper case (``BH``; US Chess ones with the TRF26 ``OTHER_`` prefix)."""
    name: str
    """In words: ``Buchholz``."""
    article: str
    """Where it is defined: ``Art. 8.1`` (C.07), ``US Chess 34E1``; empty for PTS."""
    compute: TieBreakFunction | None
    """Computes one participant's value (value tie-breaks)."""
    order: GroupOrder | None
    """Orders a tied group (group tie-breaks: DE, OTHER_RBTP)."""
    explain_group: GroupExplain | None
    """Explains a group tie-break at its place in a standings order."""
    aliases: tuple[str, ...]
    """Other names accepted, optionally with implied modifiers: ``AROC/C1``."""
    modifiers: frozenset[str]
    """Modifier letters it takes (see :data:`MODIFIERS`)."""
    rating_based: bool
    """Art. 10: subject to the unrated-player rule (docs/decisions.md D13)."""
    whole: bool
    """Its values are shown as whole numbers (counts, places, ratings)."""
    lower_is_better: bool
    """The lowest value ranks first (TPN; ``/R`` turns it round)."""
    explained: Explained
    """How the one-line explanation shows the value."""
    rules: RuleSet | None
    """A rule set always used for it, whatever the event's (US Chess 34E for its own)."""
    swiss_manager: SwissManager | None
    score_types: frozenset[ScoreType]
    round_robin_warning: str
    """Warning when it is used in a round robin (after the descriptor's label)."""
    swiss_warning: str
    """Warning when it is used in a Swiss."""
    functions: tuple[WorksheetFunction, ...]
    """The one-tie-break worksheet functions that expose it."""
    boards: bool
    """Reads board results (Art. 12: BC, TBR, BBE and the EDE variants that end with them)."""
    round_order: bool
    """Depends on the order of the rounds (PS; FB, which counts the last round apart): refused
    for an event without rounds (a team round-robin grid)."""
    places: Callable[[int], int] | None
    """The decimals its values are rounded to after a number of rounds, and shown with in
    every output (AOB: :func:`xl_tiebreak.tiebreaks.fide.aob_places`); None: exact values."""
    base: TieBreak | None
    """The individual row a team form on one score type is made from (``BH`` for ``BH:MP``);
    None for every other row."""
    of: TieBreak | None
    """The tie-break whose values of the opponents this one averages (APRO: TPR; APPO: PTP);
    None for every other row."""

    def __init__(
        self, code: str, name: str, article: str, compute: TieBreakFunction | None = None,
        order: GroupOrder | None = None, explain_group: GroupExplain | None = None,
        aliases: tuple[str, ...] = (), modifiers: frozenset[str] = frozenset(),
        rating_based: bool = False, whole: bool = False, lower_is_better: bool = False,
        explained: Explained = Explained.PLAIN, rules: RuleSet | None = None,
        swiss_manager: SwissManager | None = None,
        score_types: frozenset[ScoreType] = _POINTS_ONLY, round_robin_warning: str = "",
        swiss_warning: str = "", functions: tuple[WorksheetFunction, ...] = (),
        boards: bool = False, round_order: bool = False,
        places: Callable[[int], int] | None = None, base: TieBreak | None = None,
        of: TieBreak | None = None,
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "code", code)
        set_field(self, "name", name)
        set_field(self, "article", article)
        set_field(self, "compute", compute)
        set_field(self, "order", order)
        set_field(self, "explain_group", explain_group)
        set_field(self, "aliases", aliases)
        set_field(self, "modifiers", modifiers)
        set_field(self, "rating_based", rating_based)
        set_field(self, "whole", whole)
        set_field(self, "lower_is_better", lower_is_better)
        set_field(self, "explained", explained)
        set_field(self, "rules", rules)
        set_field(self, "swiss_manager", swiss_manager)
        set_field(self, "score_types", score_types)
        set_field(self, "round_robin_warning", round_robin_warning)
        set_field(self, "swiss_warning", swiss_warning)
        set_field(self, "functions", functions)
        set_field(self, "boards", boards)
        set_field(self, "round_order", round_order)
        set_field(self, "places", places)
        set_field(self, "base", base)
        set_field(self, "of", of)

    @property
    def group(self) -> bool:
        """True for a tie-break that orders a tied group instead of giving values (Art. 6)."""
        return self.compute is None

    @property
    def team(self) -> bool:
        """True for a team tie-break (its score type is match points or game points)."""
        return ScoreType.POINTS not in self.score_types

    def swiss_manager_form(self) -> tuple[SwissManager, str] | None:
        """The row's Swiss-Manager number and the value of its score-type parameter (``0`` game
        points, ``1`` match points): the row's own, or — for a team form on one score type
        (``BH:MP``) — its base row's, where that number takes the type (spec §9.1: 84, 86, 87
        "Type (0 GP, 1 MP)"; 84 on a team's game points: ``GP``, D84); None when the row has
        no Swiss-Manager form."""
        if self.swiss_manager is not None:
            return self.swiss_manager, "0"
        base = self.base
        if (base is None or base.swiss_manager is None
                or SmParam.GAME_POINTS not in base.swiss_manager.params):
            return None
        if ScoreType.MATCH_POINTS in self.score_types:
            return base.swiss_manager, "1"
        # game points of a team written by name: a team event reads 84 with type 0 on match
        # points (docs/decisions.md D84)
        return base.swiss_manager, "GP" if base.swiss_manager.number == 84 else "0"

    def __repr__(self) -> str:
        return f"TieBreak({self.code!r})"
