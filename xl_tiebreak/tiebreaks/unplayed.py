"""Unplayed rounds: what each round counts for opponent-based tie-breaks (the round table).

FIDE C.07 Art. 15–16 (2023/24 and 2026 texts): categories of unplayed rounds (16.2), adjusted
scores seen by opponents (16.3), dummy opponents for one's own unplayed rounds (16.4 with the
2026 caps) and which rounds are voluntary (16.1, used by the 16.5 cut exception). What differs
between rule sets is asked of the rule set's policy (:mod:`xl_tiebreak.tiebreaks.rules`).

Internally every score is an integer number of *units* (``1 unit = 1 / Context.den`` points) so
that the engine stays exact and fast; :class:`fractions.Fraction` values come out at the edge.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction

from xl_tiebreak.model.tournament import ABSENT, Color, Kind, Record, Tournament, TournamentType
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.util.plain import Mutable


class Context(Mutable):
    """Everything the opponent-based tie-breaks need, for one tournament, rule set and cut-off.

    Participants are addressed by index ``0..n-1`` in the order of ``tournament.participants``.
    Scores are integers in units of ``1/den`` points:

    - ``rounds``: rounds taken into account (k): the event is treated as if it had k rounds
      (docs/decisions.md D6);
    - ``index``: start number → index;
    - ``kinds``, ``opps``, ``colors``, ``pts``, ``otb``: per participant and round, the kind,
      the opponent's index (-1 when none or unknown), the colour, the points in units, and
      whether the round was a game played over the board;
    - ``score``: S(P), the final (actual) score in units; ``cats``: the 16.2 categories;
      ``adjusted``: AS(P), the score seen by opponents (16.3), in units;
    - ``forfeits_played``: forfeits count as games (pre-determined pairings, 15.2, or /P).

    The caches (``_terms``, ``_bh``…) start empty.
    """

    __slots__ = ("rules", "rounds", "den", "index", "kinds", "opps", "colors", "pts", "otb",
                 "score", "cats", "adjusted", "win_units", "draw_units", "forfeits_played",
                 "_terms", "_columns", "_bh", "_running", "_scheduled", "loss_units", "_memo")

    def __init__(
        self, *, rules: RuleSet, rounds: int, den: int, index: dict[int, int],
        kinds: list[list[Kind]], opps: list[list[int]], colors: list[list[Color | None]],
        pts: list[list[int]], otb: list[list[bool]], score: list[int],
        cats: list[list[Category]], adjusted: list[int], win_units: int, draw_units: int,
        forfeits_played: bool, loss_units: int = 0,
    ) -> None:
        self.rules = rules
        self.rounds = rounds
        self.den = den
        self.index = index
        self.kinds = kinds
        self.opps = opps
        self.colors = colors
        self.pts = pts
        self.otb = otb
        self.score = score
        self.cats = cats
        self.adjusted = adjusted
        self.win_units = win_units
        self.draw_units = draw_units
        self.forfeits_played = forfeits_played
        self._terms: dict[int, list[tuple[int, int, bool]]] = {}
        self._columns: dict[int, tuple[tuple[int, ...], tuple[int, ...], bool]] = {}
        self._bh: dict[int, int] = {}
        self._running: dict[int, list[int]] = {}
        self._scheduled: dict[int, int] = {}
        self.loss_units = loss_units
        self._memo: dict[tuple[str, int], int] = {}

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
        cats, opps, adjusted = self.cats[i], self.opps[i], self.adjusted
        played = Category.PLAYED
        if cats.count(played) == len(cats):  # the usual participant: a game every round
            out = [(r, adjusted[o] if o >= 0 else 0, False) for r, o in enumerate(opps)]
        else:
            out = []
            for r in range(self.rounds):
                cat = cats[r]
                if cat is played:
                    out.append((r, adjusted[opps[r]] if opps[r] >= 0 else 0, False))
                elif cat is not Category.REST:
                    out.append((r, self.dummy(i, r)[0], self.is_vur(i, r)))
        self._terms[i] = out
        return out

    def term_columns(self, i: int) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
        """:meth:`terms` of i as columns: the rounds, the values, and whether any of them is
        a voluntary unplayed round (for sums and cuts that need no itemising). Cached."""
        found = self._columns.get(i)
        if found is None:
            raw = self.terms(i)
            if raw:
                rounds, values, vurs = zip(*raw, strict=True)
                found = (rounds, values, any(vurs))
            else:
                found = ((), (), False)
            self._columns[i] = found
        return found

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
            value = self._bh[i] = sum(self.term_columns(i)[1])
        return value

    def dummy(self, i: int, r: int) -> tuple[int, str]:
        """Score of the dummy opponent for i's unplayed round r (16.4), in units, and the rule
        (each rule set's own: :meth:`xl_tiebreak.tiebreaks.rules.Policy.dummy`)."""
        return self.rules.policy.dummy(self, i, r)


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
    policy = rules.policy
    forfeit_game = forfeits_played or policy.forfeit_is_game(predetermined)
    unit = {(kd, c): int(sc.points(kd, c) * den)
            for kd in Kind for c in (None, Color.WHITE, Color.BLACK)}

    same_rounds = base is not None and base.rounds == k
    if base is not None and same_rounds:
        index, kinds, opps, colors = base.index, base.kinds, base.opps, base.colors
    else:
        index = {p.start_no: i for i, p in enumerate(parts)}
        kinds, opps, colors = _tables(tournament, k, index)
    if fore and k > 0:  # Art. 8.3: every paired final-round game counted as a draw
        kinds = [
            [*ks[:-1], Kind.DRAW] if os_[-1] >= 0 and not ks[-1].bye else ks
            for ks, os_ in zip(kinds, opps)
        ]
    draw_units = int(sc.draw * den)
    if base is not None and same_rounds and not fore:
        pts, otb, score = base.pts, base.otb, base.score
        cats = (base.cats if base.forfeits_played == forfeit_game
                else _all_categories(kinds, opps, otb, predetermined, forfeit_game))
    else:
        if sc.by_color:
            pts = [[unit[kd, c] for kd, c in zip(ks, cs)] for ks, cs in zip(kinds, colors)]
        else:  # the points do not depend on the colour: looked up by kind alone
            by_kind = {kd: unit[kd, None] for kd in Kind}
            pts = [[by_kind[kd] for kd in ks] for ks in kinds]
        played = (Kind.WIN, Kind.DRAW, Kind.LOSS)
        otb = [[kd in played for kd in ks] for ks in kinds]
        score = [sum(row) for row in pts]
        cats = _all_categories(kinds, opps, otb, predetermined, forfeit_game)
    adjusted = [
        policy.adjusted(c, p, s, draw_units) for c, p, s in zip(cats, pts, score)
    ]
    return Context(
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
    )


def _all_categories(
    kinds: list[list[Kind]], opps: list[list[int]], otb: list[list[bool]], predetermined: bool,
    forfeit_game: bool,
) -> list[list[Category]]:
    """Art. 16.2 categories of every participant's rounds. In a round robin whose rule set
    keeps forfeits unplayed (pre-2023, US Chess: docs/decisions.md D8) only the rest rounds of
    the schedule are rests (D82, D87); another round without a game is an unplayed round."""
    if predetermined and not forfeit_game:
        rests = rest_rounds(kinds, opps)
        return [_categories(ks, os_, ob, predetermined, forfeit_game, rest)
                for ks, os_, ob, rest in zip(kinds, opps, otb, rests)]
    return [_categories(ks, os_, ob, predetermined, forfeit_game)
            for ks, os_, ob in zip(kinds, opps, otb)]


_ZPB = Kind.ZPB
SET_ASIDE = -2
"""Opponent indices at or below this stand for an opponent no longer in the event (a
participant set aside under C.06 5.4, :mod:`xl_tiebreak.standings.withdrawals`): ``-2 − his
start number``. Below 0, so no opponent for every tie-break; a rest round of the schedule for
:func:`rest_rounds`, which also counts those participants in the schedule's field."""


def rest_rounds(kinds: list[list[Kind]], opps: list[list[int]]) -> list[int]:
    """The rest rounds of each participant of a round robin, as bits (bit r: round r + 1;
    spec §4.7, docs/decisions.md D82). A round without a game looks the same whether it is
    the schedule's rest or an absence (a zero-point bye without opponent), so the schedule
    decides: an even field has none; in an odd field of n every cycle of n rounds gives each
    participant one rest, and round r is a participant's rest when he alone is without an
    opponent in it, or the only one left after setting aside those whose rest of the same
    cycle is certain (a withdrawn player's later rounds); otherwise it is not known to be a
    rest and counts as a zero-point bye. A round whose game was against a participant set
    aside (:data:`SET_ASIDE`) is a rest too: that game does not exist any more."""
    n = len(kinds)
    rounds = len(kinds[0]) if kinds else 0
    masks = [0] * n
    aside: set[int] = set()
    for j in range(n):  # a game against a participant set aside: no game, as a rest
        for r in range(rounds):
            if opps[j][r] <= SET_ASIDE and kinds[j][r] is Kind.ZPB:
                masks[j] |= 1 << r
                aside.add(opps[j][r])
    field = n + len(aside)  # the schedule was made for them too
    if field % 2 == 0 or rounds == 0:
        return masks
    unpaired = [[j for j in range(n) if kinds[j][r] is Kind.ZPB and opps[j][r] == -1]
                for r in range(rounds)]
    alone = {r: u[0] for r, u in enumerate(unpaired) if len(u) == 1}
    for r, here in enumerate(unpaired):
        if not here:
            continue
        if len(here) == 1:
            masks[here[0]] |= 1 << r
            continue
        first = r - r % field
        rested = {alone[q] for q in range(first, min(first + field, rounds)) if q in alone}
        left = [j for j in here if j not in rested]
        if len(left) == 1:
            masks[left[0]] |= 1 << r
    return masks


def _tables(
    tournament: Tournament, k: int, index: dict[int, int]
) -> tuple[list[list[Kind]], list[list[int]], list[list[Color | None]]]:
    """Kind, opponent index (-1 for none) and colour of every participant's first k rounds."""
    kinds: list[list[Kind]] = []
    opps: list[list[int]] = []
    colors: list[list[Color | None]] = []
    get = index.get
    if k == 0:
        n = len(tournament.participants)
        return [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
    for p in tournament.participants:
        recs: Sequence[Record] = p.rounds[:k]
        if len(recs) < k:
            recs = [*recs, *([ABSENT] * (k - len(recs)))]
        # a record is a named tuple: its fields come out as columns (kind, opponent, colour…)
        ks, os_, cs, _, _ = zip(*recs, strict=True)
        kinds.append(list(ks))
        # a zero-point round naming an opponent no longer in the event: a game set aside
        # by C.06 5.4 (SET_ASIDE); any other unknown opponent is none (-1)
        opps.append([-1 if o is None else get(o, SET_ASIDE - o if k is _ZPB else -1)
                     for o, k in zip(os_, ks, strict=True)])
        colors.append(list(cs))
    return kinds, opps, colors


_FORFEITS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)


def _categories(
    kinds: list[Kind], opps: list[int], otb: list[bool], predetermined: bool, forfeit_game: bool,
    rest: int | None = None,
) -> list[Category]:
    """Art. 16.2 category of each round of one participant (PLAYED for games); ``rest``: the
    participant's rest rounds as bits (:func:`rest_rounds`), None when every round of a round
    robin without a game counts as a rest (C.07 2023 and later: no adjusted scores there)."""
    k = len(kinds)
    cats = [Category.PLAYED] * k
    if all(otb):
        return cats
    # A requested bye is "at the end" when every later round is voluntary (16.2.5).
    later_all_vur = True
    for r in range(k - 1, -1, -1):
        if otb[r]:  # a game: not voluntary
            later_all_vur = False
            continue
        kind = kinds[r]
        paired = opps[r] >= 0
        forfeit = kind in _FORFEITS
        if forfeit and paired and forfeit_game:
            cats[r] = Category.PLAYED
        elif predetermined and not forfeit and (rest is None or rest >> r & 1):
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
