"""The team-event model: teams with rosters, one match (or unplayed kind) per team per round.

A team event scores two points: **match points** (MP, by the match result: 2-1-0 by default,
3-1-0 common, TRF ``362``) and **game points** (GP, the sum of the board points). Which one
ranks first is the event's *primary score* (TEC 11.1); the other is the secondary score.

A team's round is a :class:`Match`: a played match against another team (its boards, with
players and board results; a board forfeit inside a played match is a board result), or an
unplayed kind — PAB, FPB, HPB, ZPB, a forfeit win or loss with or without the scheduled
opponent, a double forfeit (both sides lose by forfeit). The MP and GP of every unplayed kind
are settable (:class:`TeamScoring`; TRF ``320``/``299``; the CLI).

The tie-break engine (:mod:`xl_tiebreak.tiebreaks.team_engine`) sees a team event as two round
tables of
the same teams, kinds and opponents: one in MP, one in GP (Art. 16 per score type).

Spec: ``tiebreak-rules.md`` §6.1; the TRF26 team records are read by
:mod:`xl_tiebreak.formats.trf.team_reader`.
"""

from __future__ import annotations

import datetime
import enum
from fractions import Fraction

from xl_tiebreak.model.tournament import (
    Color,
    Kind,
    Participant,
    Record,
    Tournament,
    TournamentType,
)
from xl_tiebreak.util.plain import Frozen, Mutable, field


class Score(enum.Enum):
    """A team's score type."""

    MP = "MP"
    """Match points (2-1-0 or 3-1-0 per match)."""
    GP = "GP"
    """Game points: the sum of the board points."""

    @property
    def other(self) -> Score:
        """The other score type (the secondary score of a primary)."""
        return Score.GP if self is Score.MP else Score.MP


class BoardGame(Frozen):
    """One board of a played match, seen from the team: its player and what the player got."""

    board: int
    """Board number, 1 = top board."""
    player: int | None
    """Start number of the player (None for an empty board)."""
    opponent: int | None
    """Start number of the opposing player (None when the board had none)."""
    color: Color | None
    kind: Kind
    """The player's result on the board (a board forfeit is a forfeit win or loss)."""
    points: Fraction
    """Game points the board scored for the team."""


class Match(Frozen):
    """A team's round: a played match or an unplayed kind (:attr:`kind`)."""

    kind: Kind
    """WIN / DRAW / LOSS for a played match (by GP against the opponent's GP); PAB, FPB, HPB,
    ZPB, FORFEIT_WIN, FORFEIT_LOSS (also each side of a double forfeit) for unplayed ones."""
    opponent: int | None = None
    """The opposing team (the scheduled one for a forfeit); None for byes and for a forfeit
    without opponent."""
    color: Color | None = None
    """The team's colour: the colour of its first board."""
    gp: Fraction | None = None
    """Game points of the round; None: the scoring's value for an unplayed kind."""
    mp: Fraction | None = None
    """Match points of the round when set explicitly (TRF ``299``); None: by the scoring."""
    boards: tuple[BoardGame, ...] = ()
    """The boards of a played match (empty when the input has no board data)."""
    where: str = field(default="", compare=False)
    set_by: str = field(default="", compare=False)
    """Where :attr:`mp`/:attr:`gp` were set for this round alone (``line 539 (299)``)."""

    @property
    def played(self) -> bool:
        """True for a match played over the board (board forfeits inside it included)."""
        return self.kind.played


class Team(Mutable):
    """A team: start number, name, roster (players' start numbers in board order) and rounds."""

    start_no: int
    name: str
    roster: list[int] = field(default_factory=list)
    rating: int | None = None
    """Average rating or strength (TRF26 310 cols 48–53), if known."""
    federation: str = ""
    rounds: list[Match] = field(default_factory=list)
    declared_mp: Fraction | None = None
    declared_gp: Fraction | None = None
    declared_rank: int | None = None
    where: str = ""


class TeamScoring(Frozen):
    """Match points of a match result and MP/GP of every unplayed kind.

    Defaults (docs/decisions.md D25): a PAB, an FPB and a forfeit win are a won match with
    every board won (win MP, boards GP); an HPB a drawn match with half the boards (draw MP,
    boards/2 GP); a ZPB and a forfeit loss (double forfeits too) nothing. E7 sets PAB = HPB =
    1 MP + 2 GP on 4 boards (TRF ``320``).
    """

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    unplayed: tuple[tuple[Kind, Fraction | None, Fraction | None], ...] = ()
    """(kind, MP, GP) set by the event; None keeps the default of that score."""
    set_by: tuple[tuple[Kind, str], ...] = field(default=(), compare=False)
    """Where the values of an unplayed kind were set (``line 540 (299)``), for explanations."""

    def with_unplayed(self, kind: Kind, mp: Fraction | None, gp: Fraction | None,
                      where: str = "") -> TeamScoring:
        """A copy with the MP and/or GP of an unplayed kind set (``where``: by what)."""
        rest = tuple(x for x in self.unplayed if x[0] is not kind)
        old = next((x for x in self.unplayed if x[0] is kind), (kind, None, None))
        new = (kind, old[1] if mp is None else mp, old[2] if gp is None else gp)
        places = tuple(x for x in self.set_by if x[0] is not kind)
        if where:
            places = (*places, (kind, where))
        return self.replace(unplayed=(*rest, new), set_by=places)

    def source(self, kind: Kind) -> str:
        """Where the values of an unplayed kind were set; empty for the defaults."""
        return next((w for k, w in self.set_by if k is kind), "")

    def mp(self, kind: Kind) -> Fraction:
        """Match points of a round of this kind."""
        for k, mp, _ in self.unplayed:
            if k is kind and mp is not None:
                return mp
        if kind in (Kind.WIN, Kind.PAB, Kind.FPB, Kind.FORFEIT_WIN):
            return self.win
        if kind in (Kind.DRAW, Kind.HPB):
            return self.draw
        return self.loss if kind is Kind.LOSS else Fraction(0)

    def gp(self, kind: Kind, boards: int) -> Fraction:
        """Game points of an unplayed round of this kind (a played match has its boards')."""
        for k, _, gp in self.unplayed:
            if k is kind and gp is not None:
                return gp
        if kind in (Kind.PAB, Kind.FPB, Kind.FORFEIT_WIN, Kind.WIN):
            return Fraction(boards)
        if kind in (Kind.HPB, Kind.DRAW):
            return Fraction(boards, 2)
        return Fraction(0)

    def describe(self) -> str:
        """``MP 2-1-0``."""
        return f"MP {_num(self.win)}-{_num(self.draw)}-{_num(self.loss)}"


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(float(x))


class TeamEvent(Mutable):
    """A whole team event: teams, boards per match, the scoring and the primary score."""

    teams: list[Team]
    boards: int
    rounds: int = 0
    scoring: TeamScoring = field(default_factory=TeamScoring)
    type: TournamentType = TournamentType.SWISS
    primary: Score = Score.MP
    start_date: datetime.date | None = None
    name: str = ""
    tiebreaks: list[str] = field(default_factory=list)
    """Declared tie-break list (TRF ``202``/``212``), without ``PTS``."""
    players: dict[int, Participant] = field(default_factory=dict)
    """The individual players (TRF ``001``) by start number, when the input has them."""
    source: str = ""
    type_inferred: bool = False
    notes: list[str] = field(default_factory=list)
    """What the reader chose that the input did not say (shown as warnings)."""
    rounds_known: bool = True
    """False when the input has no rounds (a round-robin grid,
    :mod:`xl_tiebreak.formats.crosstable.team_grid`):
    the matches stand in made-up rounds, so tie-breaks that depend on the order of the rounds
    and intermediate standings are refused."""
    primary_from: str = ""
    """Where the input declares :attr:`primary` (``192 FIDE_TEAM_GP, line 3``, ``Primary, row
    2``, ``--primary GP``); empty when it declares none (match points then, unless the
    tie-break list names a score first: docs/decisions.md D88)."""

    def __post_init__(self) -> None:
        longest = max((len(t.rounds) for t in self.teams), default=0)
        self.rounds = max(self.rounds, longest)

    @property
    def board_data(self) -> bool:
        """True when every played match has its boards (board tie-breaks can be computed)."""
        return all(m.boards for t in self.teams for m in t.rounds if m.played)

    def match(self, team: int, rnd: int) -> Match:
        """The match of team index ``team`` in round ``rnd`` (1-based); absent when none."""
        rounds = self.teams[team].rounds
        return rounds[rnd - 1] if 1 <= rnd <= len(rounds) else ABSENT_MATCH

    def mp_of(self, m: Match) -> Fraction:
        """Match points of one round."""
        return self.scoring.mp(m.kind) if m.mp is None else m.mp

    def gp_of(self, m: Match) -> Fraction:
        """Game points of one round."""
        if m.gp is not None:
            return m.gp
        return self.scoring.gp(m.kind, self.boards)

    def score(self, team: int, score: Score, rounds: int | None = None) -> Fraction:
        """A team's total MP or GP after ``rounds`` rounds (default all)."""
        k = self.rounds if rounds is None else rounds
        of = self.mp_of if score is Score.MP else self.gp_of
        return sum((of(self.match(team, r)) for r in range(1, k + 1)), Fraction(0))

    def as_tournament(self) -> Tournament:
        """The teams as the participants of a tournament (kinds, opponents, colours): the view
        the engine's round tables are built from."""
        parts = []
        for t in self.teams:
            recs = [Record(m.kind, m.opponent, m.color, where=m.where) for m in t.rounds]
            parts.append(Participant(t.start_no, t.name, t.rating, t.federation,
                                     declared_rank=t.declared_rank, rounds=recs, where=t.where))
        return Tournament(parts, name=self.name, rounds=self.rounds, type=self.type,
                          start_date=self.start_date, tiebreaks=list(self.tiebreaks),
                          source=self.source, type_inferred=self.type_inferred)


ABSENT_MATCH = Match(Kind.ZPB)
"""A round with no entry: the team is absent (a zero-point bye)."""


def match_result(gp: Fraction, opponent_gp: Fraction) -> Kind:
    """WIN / DRAW / LOSS of a played match by its game points."""
    if gp > opponent_gp:
        return Kind.WIN
    return Kind.DRAW if gp == opponent_gp else Kind.LOSS
