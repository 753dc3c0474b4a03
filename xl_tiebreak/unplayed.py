"""Unplayed rounds: rule sets and what each round counts for opponent-based tie-breaks.

FIDE C.07 Art. 15–16 (2023/24 and 2026 texts): categories of unplayed rounds (16.2), adjusted
scores seen by opponents (16.3), dummy opponents for one's own unplayed rounds (16.4 with the
2026 caps) and which rounds are voluntary (16.1, used by the 16.5 cut exception).

Internally every score is an integer number of *units* (``1 unit = 1 / Context.den`` points) so
that the engine stays exact and fast; :class:`fractions.Fraction` values come out at the edge.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction

from xl_tiebreak.model import ABSENT, Color, InputError, Kind, Record, Tournament, TournamentType


class RuleSet(enum.Enum):
    """The tie-break regulations applied to unplayed rounds."""

    FIDE2026 = "fide2026"
    """C.07 in force from 1 March 2026: dummy scores capped (Art. 16.4.1, 16.4.2)."""
    FIDE2023 = "fide2023"
    """C.07 of Sept 2023 / April 2024 / Aug 2024: dummy = own score, no cap."""
    FIDE2009 = "fide2009"
    """Before Sept 2023 (C.02 13.15.2, Kallithea 2009): own unplayed round = a virtual opponent
    (score before the round, the opposite result, then draws); every unplayed round of an
    opponent counts as a draw; cuts simply drop the lowest values."""
    USCF = "uscf"
    """US Chess rule 34E: an opponent's unplayed games count as draws; one's own unplayed
    rounds count as opponents with 0."""

    @property
    def label(self) -> str:
        """The name shown to users: ``FIDE 2026``."""
        return _LABELS[self]

    @property
    def vur_cut_first(self) -> bool:
        """True when Art. 16.5 applies: low cuts remove voluntary unplayed rounds first."""
        return self in (RuleSet.FIDE2026, RuleSet.FIDE2023)


_LABELS = {
    RuleSet.FIDE2026: "FIDE 2026",
    RuleSet.FIDE2023: "FIDE 2023/24",
    RuleSet.FIDE2009: "FIDE pre-2023 (virtual opponent)",
    RuleSet.USCF: "US Chess 34E",
}

FIDE2026_START = datetime.date(2026, 3, 1)
FIDE2023_START = datetime.date(2023, 9, 1)


def resolve_rules(
    rules: str | RuleSet | None, start_date: datetime.date | None = None
) -> RuleSet:
    """The rule set to use: a name (``fide2026``, ``FIDE2023``, ``fide2009``, ``uscf``…) or
    ``auto``, which picks the rules in force on the start date (:func:`rules_in_force`)."""
    if isinstance(rules, RuleSet):
        return rules
    key = (rules or "auto").strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    aliases = {
        "fide2026": RuleSet.FIDE2026,
        "2026": RuleSet.FIDE2026,
        "fide2023": RuleSet.FIDE2023,
        "2023": RuleSet.FIDE2023,
        "fide2024": RuleSet.FIDE2023,
        "2024": RuleSet.FIDE2023,
        "fide2023/24": RuleSet.FIDE2023,
        "fide2009": RuleSet.FIDE2009,
        "2009": RuleSet.FIDE2009,
        "fide2012": RuleSet.FIDE2009,
        "legacy": RuleSet.FIDE2009,
        "uscf": RuleSet.USCF,
        "us": RuleSet.USCF,
        "uschess": RuleSet.USCF,
    }
    if key in aliases:
        return aliases[key]
    if key == "auto":
        return rules_in_force(start_date)
    raise InputError(
        f"unknown rule set '{rules}' (use AUTO, FIDE2026, FIDE2023, FIDE2009 or USCF)"
    )


def rules_in_force(start_date: datetime.date | None) -> RuleSet:
    """The FIDE rules in force on a start date (spec §14); no date → the current ones."""
    if start_date is None or start_date >= FIDE2026_START:
        return RuleSet.FIDE2026
    if start_date >= FIDE2023_START:
        return RuleSet.FIDE2023
    return RuleSet.FIDE2009


class Category(enum.IntEnum):
    """Art. 16.2 category of an unplayed round; PLAYED for a game (or a forfeit counted as one)."""

    PLAYED = 0
    BYE_WIN = 1
    """16.2.1: pairing-allocated bye or full-point bye."""
    FORFEIT_WIN = 2
    """16.2.2: forfeit win."""
    REQUESTED_BYE = 3
    """16.2.3: requested bye (HPB/ZPB) followed by at least one round that is not voluntary."""
    FORFEIT_LOSS = 4
    """16.2.4: forfeit loss."""
    REQUESTED_BYE_AT_END = 5
    """16.2.5: requested bye followed only by voluntary unplayed rounds, or in the last round."""
    REST = 6
    """A round without opponent in a pre-determined event (rest round): contributes nothing."""


CATEGORY_ARTICLE = {
    Category.BYE_WIN: "16.2.1",
    Category.FORFEIT_WIN: "16.2.2",
    Category.REQUESTED_BYE: "16.2.3",
    Category.FORFEIT_LOSS: "16.2.4",
    Category.REQUESTED_BYE_AT_END: "16.2.5",
}


@dataclasses.dataclass
class Context:
    """Everything the opponent-based tie-breaks need, for one tournament, rule set and cut-off.

    Participants are addressed by index ``0..n-1`` in the order of ``tournament.participants``.
    Scores are integers in units of ``1/den`` points.
    """

    tournament: Tournament
    rules: RuleSet
    rounds: int
    """Rounds taken into account (k): the event is treated as if it had k rounds (spec §14 Q6)."""
    den: int
    index: dict[int, int]
    """Start number → index."""
    kinds: list[list[Kind]]
    opps: list[list[int]]
    """Opponent index per round, -1 when none or unknown."""
    colors: list[list[Color | None]]
    pts: list[list[int]]
    """Points per round, in units."""
    otb: list[list[bool]]
    """True where the round was a game played over the board."""
    score: list[int]
    """S(P): final (actual) score in units."""
    cats: list[list[Category]]
    adjusted: list[int]
    """AS(P): score seen by opponents (16.3), in units."""
    win_units: int
    draw_units: int
    forfeits_played: bool
    """True when forfeits count as games: pre-determined pairings (15.2) or option /P."""
    fore: bool
    """True for the Fore Buchholz table: final-round paired games turned into draws (Art. 8.3)."""
    _terms: dict[int, list[tuple[int, int, bool]]] = dataclasses.field(default_factory=dict)
    _bh: dict[int, int] = dataclasses.field(default_factory=dict)
    _running: dict[int, list[int]] = dataclasses.field(default_factory=dict)
    _scheduled: dict[int, int] = dataclasses.field(default_factory=dict)
    loss_units: int = 0
    _memo: dict[tuple[str, int], int] = dataclasses.field(default_factory=dict)

    @property
    def n(self) -> int:
        """Number of participants."""
        return len(self.score)

    def to_points(self, units: int) -> Fraction:
        """Units back to points."""
        return Fraction(units, self.den)

    def is_vur(self, i: int, r: int) -> bool:
        """Art. 16.1: round r (0-based) is a voluntary unplayed round of participant i."""
        return _is_vur(self.kinds[i][r], self.forfeits_played and self.opps[i][r] >= 0)

    def terms(self, i: int) -> list[tuple[int, int, bool]]:
        """(round, value, voluntary) of each round counted by i's BH/SB: the opponent's
        adjusted score for a game, the dummy's score for an unplayed round (rest rounds of a
        round robin count nothing). Cached."""
        cached = self._terms.get(i)
        if cached is not None:
            return cached
        out = []
        cats, opps, adjusted = self.cats[i], self.opps[i], self.adjusted
        for r in range(self.rounds):
            cat = cats[r]
            if cat is Category.PLAYED:
                out.append((r, adjusted[opps[r]] if opps[r] >= 0 else 0, False))
            elif cat is not Category.REST:
                out.append((r, self.dummy(i, r)[0], self.is_vur(i, r)))
        self._terms[i] = out
        return out

    def memo(self, name: str, i: int, compute: Callable[[Context, int], int]) -> int:
        """``compute(self, i)``, computed once per context (for per-participant values other
        tie-breaks read many times, e.g. an opponent's Cumulative)."""
        key = (name, i)
        if key not in self._memo:
            self._memo[key] = compute(self, i)
        return self._memo[key]

    def running(self, i: int) -> list[int]:
        """Running score (units) of i after each round; cached."""
        cached = self._running.get(i)
        if cached is None:
            cached = self._running[i] = list(itertools.accumulate(self.pts[i]))
        return cached

    def scheduled_games(self, i: int) -> int:
        """Rounds in which i was scheduled to play (rest rounds of a round robin excluded)."""
        cached = self._scheduled.get(i)
        if cached is None:
            cached = self._scheduled[i] = sum(1 for c in self.cats[i] if c is not Category.REST)
        return cached

    def opposite(self, units: int) -> int:
        """Points of the opposite result: a win for a loss, a loss for a win, a draw for a
        draw (by value, so that 3-1-0 scoring works); otherwise win points minus the points."""
        loss = self.loss_units
        if units == self.win_units:
            return loss
        if units == self.draw_units:
            return self.draw_units
        if units == loss:
            return self.win_units
        return self.win_units - units

    def bh_units(self, i: int) -> int:
        """Plain Buchholz of i (no cut), in units; cached."""
        value = self._bh.get(i)
        if value is None:
            value = self._bh[i] = sum(v for _, v, _ in self.terms(i))
        return value

    def dummy(self, i: int, r: int) -> tuple[int, str]:
        """Score of the dummy opponent for i's unplayed round r (16.4), in units, and the rule.

        2023/24 rules: the player's own score. 2026: capped — forfeits at the scheduled
        opponent's adjusted score (16.4.1), other unplayed rounds at draw points × rounds
        (16.4.2); an unknown scheduled opponent uses the 16.4.2 cap (spec §14 Q7).
        """
        own = self.score[i]
        if self.rules is RuleSet.USCF:
            return 0, "own unplayed round counts as an opponent with 0 (US Chess 34E)"
        if self.rules is RuleSet.FIDE2009:
            before = self.running(i)[r] - self.pts[i][r]
            later = self.rounds - r - 1
            vo = before + self.opposite(self.pts[i][r]) + self.draw_units * later
            return vo, (
                "virtual opponent: score before the round + the opposite result + a draw in "
                f"each of the {later} later round(s) (C.02 13.15.2)"
            )
        if self.rules is RuleSet.FIDE2023:
            return own, "own score (Art. 16.4)"
        cat = self.cats[i][r]
        opp = self.opps[i][r]
        if cat in (Category.FORFEIT_WIN, Category.FORFEIT_LOSS) and opp >= 0:
            cap = self.adjusted[opp]
            return min(own, cap), "min(own score, opponent's adjusted score) (Art. 16.4.1)"
        cap = self.draw_units * self.rounds
        return min(own, cap), "min(own score, draw points × rounds) (Art. 16.4.2)"


def _is_vur(kind: Kind, forfeit_is_game: bool) -> bool:
    if kind is Kind.FORFEIT_LOSS:
        return not forfeit_is_game
    return kind is Kind.HPB or kind is Kind.ZPB


def scale_of(tournament: Tournament) -> int:
    """Common denominator of every point value of the scoring system (2 for 1-½-0)."""
    sc = tournament.scoring
    den = 1
    for kind in Kind:
        for color in (None, Color.WHITE, Color.BLACK):
            den = math.lcm(den, sc.points(kind, color).denominator)
    return den


def build_context(
    tournament: Tournament,
    rules: RuleSet,
    rounds: int | None = None,
    *,
    forfeits_played: bool = False,
    fore: bool = False,
    base: Context | None = None,
) -> Context:
    """Compute scores, categories and adjusted scores for the first ``rounds`` rounds.

    ``base``: a context of the same tournament and rounds whose per-round tables are reused
    (only what differs is rebuilt).
    """
    k = tournament.rounds if rounds is None else rounds
    parts = tournament.participants
    den = scale_of(tournament)
    sc = tournament.scoring
    predetermined = tournament.type is TournamentType.PREDETERMINED
    # Art. 15.2 (2023+): in pre-determined pairings forfeits are games. The older FIDE rule and
    # US Chess 34E count every unplayed game as such, round robins included.
    forfeit_game = forfeits_played or (predetermined and rules.vur_cut_first)
    unit = {(kd, c): int(sc.points(kd, c) * den)
            for kd in Kind for c in (None, Color.WHITE, Color.BLACK)}

    if base is not None and base.rounds == k:
        index, kinds, opps, colors = base.index, base.kinds, base.opps, base.colors
    else:
        index = {p.start_no: i for i, p in enumerate(parts)}
        kinds, opps, colors = _tables(tournament, k, index)
    if fore and k > 0:  # Art. 8.3: every paired final-round game counted as a draw
        kinds = [
            [*ks[:-1], Kind.DRAW] if os_[-1] >= 0 and not ks[-1].bye else ks
            for ks, os_ in zip(kinds, opps)
        ]
    if base is not None and base.rounds == k and not fore:
        pts, otb = base.pts, base.otb
    else:
        pts = [[unit[kd, c] for kd, c in zip(ks, cs)] for ks, cs in zip(kinds, colors)]
        played = (Kind.WIN, Kind.DRAW, Kind.LOSS)
        otb = [[kd in played for kd in ks] for ks in kinds]

    score = [sum(row) for row in pts]
    draw_units = int(sc.draw * den)
    cats = [
        _categories(kinds[i], opps[i], otb[i], predetermined, forfeit_game)
        for i in range(len(parts))
    ]
    if rules in (RuleSet.FIDE2009, RuleSet.USCF):
        # every unplayed round of an opponent counts as a draw
        counted = (Category.PLAYED, Category.REST)
        adjusted = [
            sum(u if c in counted else draw_units for c, u in zip(cats[i], pts[i]))
            for i in range(len(parts))
        ]
    else:
        at_end = Category.REQUESTED_BYE_AT_END
        adjusted = [
            sum(draw_units if c is at_end else u for c, u in zip(cats[i], pts[i]))
            if at_end in cats[i] else score[i]
            for i in range(len(parts))
        ]
    return Context(
        tournament=tournament,
        rules=rules,
        rounds=k,
        den=den,
        index=index,
        kinds=kinds,
        opps=opps,
        colors=colors,
        pts=pts,
        otb=otb,
        score=score,
        cats=cats,
        adjusted=adjusted,
        win_units=int(sc.win * den),
        draw_units=draw_units,
        loss_units=int(sc.loss * den),
        forfeits_played=forfeit_game,
        fore=fore,
    )


def _tables(
    tournament: Tournament, k: int, index: dict[int, int]
) -> tuple[list[list[Kind]], list[list[int]], list[list[Color | None]]]:
    """Kind, opponent index (-1 for none) and colour of every participant's first k rounds."""
    kinds: list[list[Kind]] = []
    opps: list[list[int]] = []
    colors: list[list[Color | None]] = []
    for p in tournament.participants:
        recs: Sequence[Record] = p.rounds[:k]
        if len(recs) < k:
            recs = [*recs, *([ABSENT] * (k - len(recs)))]
        kinds.append([rec.kind for rec in recs])
        opps.append([-1 if rec.opponent is None else index.get(rec.opponent, -1) for rec in recs])
        colors.append([rec.color for rec in recs])
    return kinds, opps, colors


def _categories(
    kinds: list[Kind], opps: list[int], otb: list[bool], predetermined: bool, forfeit_game: bool
) -> list[Category]:
    """Art. 16.2 category of each round of one participant (PLAYED for games)."""
    k = len(kinds)
    cats = [Category.PLAYED] * k
    if all(otb):
        return cats
    # A requested bye is "at the end" when every later round is voluntary (16.2.5).
    later_all_vur = True
    for r in range(k - 1, -1, -1):
        kind = kinds[r]
        paired = opps[r] >= 0
        if kind.played or (kind.forfeit and paired and forfeit_game):
            cats[r] = Category.PLAYED
        elif predetermined and not kind.forfeit:
            cats[r] = Category.REST
        elif kind is Kind.PAB or kind is Kind.FPB:
            cats[r] = Category.BYE_WIN
        elif kind is Kind.FORFEIT_WIN:
            cats[r] = Category.FORFEIT_WIN
        elif kind is Kind.FORFEIT_LOSS:
            cats[r] = Category.FORFEIT_LOSS
        else:
            cats[r] = (
                Category.REQUESTED_BYE_AT_END if later_all_vur else Category.REQUESTED_BYE
            )
        if not _is_vur(kind, forfeit_game and paired):
            later_all_vur = False
    return cats
