"""The tournament data model: participants, per-round records and the scoring system.

Everything here is plain data. Readers (:mod:`xl_tiebreak.formats.trf.reader`,
:mod:`xl_tiebreak.formats.crosstable.reader`)
build a :class:`Tournament`; :mod:`xl_tiebreak.standings.check` validates it; the tie-break engine
(:mod:`xl_tiebreak.tiebreaks.fide`, :mod:`xl_tiebreak.standings.final`) reads it.

Spec: ``tiebreak-rules.md`` §1 (data model) and §11.5 (TRF codes to kinds).
"""

from __future__ import annotations

import enum
import re
from collections import namedtuple
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.util.numbers import fmt
from xl_tiebreak.util.plain import Frozen, Mutable

TYPE_CHECKING = False
if TYPE_CHECKING:  # type annotations only; never imported at run time (start-up time)
    import datetime
    from typing import Any, NamedTuple


class Kind(enum.Enum):
    """What happened to one participant in one round (spec §1.2)."""

    WIN = "win"
    """Game won over the board (TRF ``1``, or ``W`` for a game of less than one move)."""
    DRAW = "draw"
    """Game drawn over the board (TRF ``=``/``D``)."""
    LOSS = "loss"
    """Game lost over the board (TRF ``0``/``L``)."""
    FORFEIT_WIN = "forfeit win"
    """Won because the scheduled opponent did not appear (TRF ``+``)."""
    FORFEIT_LOSS = "forfeit loss"
    """Lost by not appearing against a scheduled opponent; also each side of a double forfeit
    (TRF ``-`` with an opponent)."""
    PAB = "pairing-allocated bye"
    """Pairing-allocated bye (TRF ``U``); at most one per round."""
    FPB = "full-point bye"
    """Full-point bye (TRF ``F``)."""
    HPB = "half-point bye"
    """Half-point bye (TRF ``H``)."""
    ZPB = "zero-point bye"
    """Zero-point bye, announced absence, a round after withdrawal, or a round-robin rest round
    (TRF ``Z``, blank, or ``-`` without opponent)."""

    # Members are singletons compared by identity: hash them by identity too (Enum's default
    # hashes the name in Python code, which dominates the engine's inner loops).
    __hash__ = object.__hash__

    @property
    def played(self) -> bool:
        """True for a game actually played over the board."""
        return self in _PLAYED

    @property
    def forfeit(self) -> bool:
        """True for a forfeit win or loss (a scheduled pairing that was not played)."""
        return self is Kind.FORFEIT_WIN or self is Kind.FORFEIT_LOSS

    @property
    def bye(self) -> bool:
        """True for any bye or absence (no opponent)."""
        return self in _BYES


def kind_text(kind: Kind) -> str:
    """The name of a kind of round in the language in force, for messages (``win``,
    ``half-point bye``; ``vitória``, ``bye de meio ponto``)."""
    texts = {
        Kind.WIN: _("win", "result"),
        Kind.DRAW: _("draw", "result"),
        Kind.LOSS: _("loss", "result"),
        Kind.FORFEIT_WIN: _("forfeit win", "result"),
        Kind.FORFEIT_LOSS: _("forfeit loss", "result"),
        Kind.PAB: _("pairing-allocated bye", "result"),
        Kind.FPB: _("full-point bye", "result"),
        Kind.HPB: _("half-point bye", "result"),
        Kind.ZPB: _("zero-point bye", "result"),
    }
    return texts[kind]


_PLAYED = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS})
_BYES = frozenset({Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB})


class Color(enum.Enum):
    """Colour of the pieces in a paired round."""

    WHITE = "w"
    BLACK = "b"

    __hash__ = object.__hash__


class BlankRounds(enum.Enum):
    """What an empty round of a participant means (docs/decisions.md D30): always a choice
    the user can make, and always reported with the cells or lines taken that way."""

    ABSENT = "absent"
    """A zero-point bye (an absence): the default."""
    HALF_POINT_BYE = "half-point-bye"
    """A half-point bye (ICU exports write requested byes as empty rounds)."""
    DECLARED = "declared"
    """Per participant, as the declared points say: every empty round a half-point bye when
    the declared points are the results plus a half-point bye for each empty round, else
    absences."""

    @classmethod
    def parse(cls, text: str) -> BlankRounds:
        """``absent``/``zpb``, ``half-point-bye``/``hpb``/``bye``, ``declared``/``auto``;
        ValueError otherwise."""
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        found = _BLANK_ALIASES.get(key)
        if found is None:
            raise ValueError(_("blank rounds {text}: expected absent, half-point-bye or declared",
                               text=repr(text)))
        return found


_BLANK_ALIASES = {
    "absent": BlankRounds.ABSENT, "absence": BlankRounds.ABSENT, "zpb": BlankRounds.ABSENT,
    "zero-point-bye": BlankRounds.ABSENT, "0": BlankRounds.ABSENT,
    "half-point-bye": BlankRounds.HALF_POINT_BYE, "hpb": BlankRounds.HALF_POINT_BYE,
    "half": BlankRounds.HALF_POINT_BYE, "bye": BlankRounds.HALF_POINT_BYE,
    "declared": BlankRounds.DECLARED, "auto": BlankRounds.DECLARED,
    "by-declared-points": BlankRounds.DECLARED,
}  # fmt: skip

MAX_ROUNDS = 99
"""Most rounds an event may have (work bounded by what a tournament can be)."""
MAX_PARTICIPANTS = 100_000
"""Most participants an event may have."""


class TournamentType(enum.Enum):
    """Swiss (Art. 16 applies) or pre-determined pairings, e.g. round robin (Art. 15.2)."""

    SWISS = "swiss"
    PREDETERMINED = "round robin"


if TYPE_CHECKING:  # the same fields, typed for the checker (typing is not imported at run time)
    class _RecordFields(NamedTuple):
        kind: Kind
        opponent: int | None = None
        color: Color | None = None
        short_game: bool = False
        where: str = ""
else:
    _RecordFields = namedtuple("_RecordFields", ("kind", "opponent", "color", "short_game",
                                                 "where"), defaults=(None, None, False, ""))


class Record(_RecordFields):
    """One participant's round: what happened, against whom, with which colour (immutable).

    ``kind``: what happened; ``opponent``: start number of the opponent (the scheduled one for
    forfeits), None for byes; ``short_game``: a game of less than one move (TRF ``W``/``D``/
    ``L``), still an over-the-board result; ``where`` names the place in the input (``"line 12,
    col 92"`` or ``"cell E7"``) for messages and takes no part in equality or hash.

    A record is a named tuple underneath (readers build one per round of every participant:
    :func:`tuple.__new__` ``(Record, (kind, opponent, color, short_game, where))`` makes one
    without a Python ``__init__``; docs/engineering.md D76), but it compares only with records,
    without ``where``, and is not ordered, as the dataclass it was.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Record:
            return False  # not NotImplemented: a plain tuple would then compare as a tuple
        assert isinstance(other, Record)
        return self[:4] == other[:4]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:4])

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __repr__(self) -> str:
        return (f"Record(kind={self.kind!r}, opponent={self.opponent!r}, color={self.color!r}, "
                f"short_game={self.short_game!r}, where={self.where!r})")

    def replace(self, **changes: Any) -> Record:
        """A copy with some fields changed (as :func:`dataclasses.replace`)."""
        unknown = set(changes).difference(self._fields)
        if unknown:
            raise TypeError(f"Record has no field {', '.join(sorted(unknown))}")
        return self._replace(**changes)


_ZERO, _HALF, _ONE = Fraction(0), Fraction(1, 2), Fraction(1)

ABSENT = Record(Kind.ZPB)
"""The record used for a round with no entry at all (zero-point bye / absence)."""


class Scoring(Frozen):
    """Points for each kind of round (TRF ``162`` / JaVaFo ``XXS``); exact fractions.

    ``forfeit_win``, ``pab`` and ``fpb`` default to ``win`` (None), ``hpb`` to ``draw``.
    Colour-specific values for played games (``XXS WW=…``) may be given in ``by_color``,
    keyed by (kind, colour).
    """

    __slots__ = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb",
                 "zpb", "by_color")
    win: Fraction
    draw: Fraction
    loss: Fraction
    forfeit_win: Fraction | None
    forfeit_loss: Fraction
    pab: Fraction | None
    fpb: Fraction | None
    hpb: Fraction | None
    zpb: Fraction
    by_color: tuple[tuple[Kind, Color, Fraction], ...]

    def __init__(
        self, win: Fraction = _ONE, draw: Fraction = _HALF, loss: Fraction = _ZERO,
        forfeit_win: Fraction | None = None, forfeit_loss: Fraction = _ZERO,
        pab: Fraction | None = None, fpb: Fraction | None = None, hpb: Fraction | None = None,
        zpb: Fraction = _ZERO, by_color: tuple[tuple[Kind, Color, Fraction], ...] = (),
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "win", win)
        set_field(self, "draw", draw)
        set_field(self, "loss", loss)
        set_field(self, "forfeit_win", forfeit_win)
        set_field(self, "forfeit_loss", forfeit_loss)
        set_field(self, "pab", pab)
        set_field(self, "fpb", fpb)
        set_field(self, "hpb", hpb)
        set_field(self, "zpb", zpb)
        set_field(self, "by_color", by_color)

    def points(self, kind: Kind, color: Color | None = None) -> Fraction:
        """Points awarded for a round of this kind."""
        for k, c, value in self.by_color:
            if k is kind and c is color:
                return value
        if kind is Kind.WIN:
            return self.win
        if kind is Kind.DRAW:
            return self.draw
        if kind is Kind.LOSS:
            return self.loss
        if kind is Kind.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if kind is Kind.FORFEIT_LOSS:
            return self.forfeit_loss
        if kind is Kind.PAB:
            return self.win if self.pab is None else self.pab
        if kind is Kind.FPB:
            return self.win if self.fpb is None else self.fpb
        if kind is Kind.HPB:
            return self.draw if self.hpb is None else self.hpb
        return self.zpb

    def describe(self) -> str:
        """Short human description, e.g. ``1-½-0, PAB 1``."""
        text = f"{fmt(self.win)}-{fmt(self.draw)}-{fmt(self.loss)}"
        pab = self.points(Kind.PAB)
        if pab != self.win:
            text += f", PAB {fmt(pab)}"
        return text


class Participant(Mutable):
    """A player (or team) with its start number and its rounds in order (index 0 = round 1).

    ``rating``: FIDE (or national) rating, None when unrated; ``declared_points``: the points
    written in the input (TRF cols 81–84, crosstable Pts column), if any; ``where``: its place in
    the input (``"line 7"``, ``"row 5"``).

    ``extra_points``: points the arbiter or the regulations add to (or, negative, take from) the
    score (Swiss-Manager 42/43 "Pts+Arb"; a crosstable ``Extra`` column). They count in the
    participant's own score for ranking only: not in any tie-break, neither the participant's
    own (SB, PS, the 16.4 dummy) nor the opponents' (BH, SB, ARO…); docs/decisions.md D51.

    ``manual_order``: a value typed by the arbiter for the manual-order tie-break
    (``OTHER_MANUAL``, Swiss-Manager 5; :mod:`xl_tiebreak.tiebreaks.outside_games`); None when none
    was typed.

    Who the player is, as the input gives it (empty or None where it says nothing): ``sex``
    (``m``/``w`` in a TRF; a crosstable's ``Sex``/``Sexo`` cell as written), ``fide_id``,
    ``birth`` (a date ``YYYY/MM/DD`` or a year, as written), ``national_id`` (a national
    federation's ID: a TRF26 national record, a ``National ID``/``ID CBX`` column), ``club``,
    ``group`` (a ``Type``/``Group`` column: ``S50``, ``U14``, ``Sub-14``…), ``national_rating``
    (a TRF26 national rating record, a ``Rating CBX``/``National rating`` column),
    ``rapid_rating`` and ``blitz_rating`` (FIDE ratings of those rates where the input gives
    them beside ``rating``, which is the rating of the event's rate).
    """

    __slots__ = ("start_no", "name", "rating", "federation", "title", "sex", "fide_id", "birth",
                 "declared_points", "declared_rank", "rounds", "extra_points", "manual_order",
                 "where", "national_id", "club", "group", "national_rating", "rapid_rating",
                 "blitz_rating")
    start_no: int
    name: str
    rating: int | None
    federation: str
    title: str
    sex: str
    fide_id: str
    birth: str
    declared_points: Fraction | None
    declared_rank: int | None
    rounds: list[Record]
    extra_points: Fraction
    manual_order: Fraction | None
    where: str
    national_id: str
    club: str
    group: str
    national_rating: int | None
    rapid_rating: int | None
    blitz_rating: int | None

    def __init__(
        self, start_no: int, name: str, rating: int | None = None, federation: str = "",
        title: str = "", sex: str = "", fide_id: str = "", birth: str = "",
        declared_points: Fraction | None = None, declared_rank: int | None = None,
        rounds: list[Record] | None = None, extra_points: Fraction = _ZERO,
        manual_order: Fraction | None = None, where: str = "", national_id: str = "",
        club: str = "", group: str = "", national_rating: int | None = None,
        rapid_rating: int | None = None, blitz_rating: int | None = None,
    ) -> None:
        self.start_no = start_no
        self.name = name
        self.rating = rating
        self.federation = federation
        self.title = title
        self.sex = sex
        self.fide_id = fide_id
        self.birth = birth
        self.declared_points = declared_points
        self.declared_rank = declared_rank
        self.rounds = [] if rounds is None else rounds
        self.extra_points = extra_points
        self.manual_order = manual_order
        self.where = where
        self.national_id = national_id
        self.club = club
        self.group = group
        self.national_rating = national_rating
        self.rapid_rating = rapid_rating
        self.blitz_rating = blitz_rating

    def record(self, rnd: int) -> Record:
        """The record of round ``rnd`` (1-based); an absence when the input has none."""
        if 1 <= rnd <= len(self.rounds):
            return self.rounds[rnd - 1]
        return ABSENT


MAX_EXTRA_POINTS = 1000
"""Largest extra points (either sign) a participant may have (:attr:`Participant.extra_points`)."""

RATES = ("standard", "rapid", "blitz")
"""The rates of play a FIDE rating belongs to (:attr:`Tournament.rate`)."""


class RatingUsed(enum.Enum):
    """Which rating of each player the rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO,
    RTNG) use (:attr:`Tournament.rating_used`; docs/decisions.md D-E1)."""

    FIDE = "fide"
    """The FIDE rating of the event's rate (standard, rapid or blitz): the default."""
    NATIONAL = "national"
    """The national rating (a ``Rating CBX``/``National rating`` column, a TRF26 national
    record)."""
    FIDE_THEN_NATIONAL = "fide-then-national"
    """The FIDE rating of the event's rate, else the national rating; an opponent with
    neither is left out of the sums (the Brazilian club platform's rule)."""


def rating_used_of(text: str) -> RatingUsed | None:
    """The rating choice a text names: ``fide``, ``national``, ``fide-then-national``, also
    ``cbx`` (national) and ``fide, national`` / ``fide+cbx``…, any case, spaces and accents
    of the Portuguese words (``FIDE, depois nacional``) allowed; None for anything else."""
    words = re.findall(r"[a-z]+", text.lower().replace("ã", "a").replace("é", "e"))
    words = [w for w in words if w not in ("then", "else", "depois", "senao", "or", "ou",
                                           "rating", "e")]
    kinds = ["national" if w in ("national", "nacional", "cbx") else w for w in words]
    if kinds == ["fide"]:
        return RatingUsed.FIDE
    if kinds == ["national"]:
        return RatingUsed.NATIONAL
    if kinds == ["fide", "national"]:
        return RatingUsed.FIDE_THEN_NATIONAL
    return None

_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM",
           "wc": "WCM"}
"""The one- and two-letter title codes of FIDE's rating files and some TRF writers, and the
titles they stand for (the values, also accepted in any case)."""


def shown_title(code: str) -> str:
    """A title as players know it: ``GM``, ``IM``, ``WGM``… for the short codes ``g``, ``m``,
    ``wg``… some files use (any case); any other text as written (``GM``, ``AGM``, ``FA``)."""
    text = code.strip()
    if text.upper() in _TITLES.values():
        return text.upper()
    return _TITLES.get(text.lower(), text)


class Tournament(Mutable):
    """A whole event as read from a TRF file, a crosstable or built in code.

    ``rounds``: the number of rounds taken into account (the largest round with any entry, or
    more when the input declares the rounds played so far); ``scheduled_rounds``: the rounds
    scheduled for the event (TRF ``142``/``XXR``), if known.

    ``tiebreaks``: the tie-break descriptors declared by the input (TRF ``202``/``212``) as
    written: ``PTS`` stays where it stands (``212 WIN,PTS,BH`` ranks by WIN first; a leading one
    is dropped); ``tiebreaks_where``: where the declared list is (``line 5, col 5``), for
    messages about it. ``source``: where the tournament came from (file name, sheet name).

    ``lots_seed``: the seed of the drawing of lots (``OTHER_LOTS``,
    :mod:`xl_tiebreak.tiebreaks.outside_games`);
    None: none given (the empty seed is used and the legend says so). ``type_inferred``: the
    input did not say Swiss or round robin and the type was inferred from the pairings
    (:func:`looks_like_round_robin`).

    ``played_rounds``: the rounds with results (:func:`rounds_with_results`) when later rounds
    hold only pre-entered byes: the standings are those after this round unless asked
    otherwise; None: every round of :attr:`rounds` has results. ``notes``: warnings of the
    reader (choices it made: blank rounds, rounds not yet played, dates), reported by
    :class:`xl_tiebreak.standings.evaluation.Evaluation` with the check's. ``unread_date``: the
    start date
    the reader could not read (message and place), if any: the rule set is then chosen without
    it, and the evaluation says which.

    ``blanks``: (start number, round) of every round the input left empty (a blank TRF round
    block, an empty crosstable cell), which the reader filled in as the user's
    :class:`BlankRounds` choice says: a writer keeps them empty, so that the choice can still be
    made where the event goes (a workbook's Settings).

    The event's facts, as written in the input (empty where it says nothing; TRF header
    records in brackets): ``city`` (022), ``federation`` (032), ``start_text`` and
    ``end_date`` (042 and 052, the text as written: :attr:`start_date` is the date read),
    ``chief_arbiter`` (102), ``deputy_arbiters`` (112, one per record), ``time_control``
    (122), ``round_dates`` (132, one text per round, empty for a round without a date),
    ``rate`` (``standard``, ``rapid`` or ``blitz`` when the input says which).
    ``other_records``: the TRF header records the tool does not use (``082``, ``152``, ``172``,
    ``222``…), whole lines in their order, written back as read.

    ``rating_used``: which rating the rating-based tie-breaks use, as the input (a TRF event
    comment line, a crosstable's ``Rating used`` row, a workbook's Settings) or the user
    (``--rating``) chose it; None: not chosen (the FIDE rating of the event's rate).
    """

    __slots__ = ("participants", "name", "rounds", "scheduled_rounds", "type", "start_date",
                 "scoring", "tiebreaks", "tiebreaks_where", "source", "lots_seed",
                 "type_inferred", "played_rounds", "notes", "unread_date", "blanks", "city",
                 "federation", "start_text", "end_date", "chief_arbiter", "deputy_arbiters",
                 "time_control", "round_dates", "rate", "other_records", "rating_used")
    participants: list[Participant]
    name: str
    rounds: int
    scheduled_rounds: int | None
    type: TournamentType
    start_date: datetime.date | None
    scoring: Scoring
    tiebreaks: list[str]
    tiebreaks_where: str
    source: str
    lots_seed: str | None
    type_inferred: bool
    played_rounds: int | None
    notes: list[Problem]
    unread_date: Problem | None
    blanks: frozenset[tuple[int, int]]
    city: str
    federation: str
    start_text: str
    end_date: str
    chief_arbiter: str
    deputy_arbiters: list[str]
    time_control: str
    round_dates: list[str]
    rate: str
    other_records: list[str]
    rating_used: RatingUsed | None

    def __init__(
        self, participants: list[Participant], name: str = "", rounds: int = 0,
        scheduled_rounds: int | None = None, type: TournamentType = TournamentType.SWISS,
        start_date: datetime.date | None = None, scoring: Scoring | None = None,
        tiebreaks: list[str] | None = None, tiebreaks_where: str = "", source: str = "",
        lots_seed: str | None = None, type_inferred: bool = False,
        played_rounds: int | None = None, notes: list[Problem] | None = None,
        unread_date: Problem | None = None,
        blanks: frozenset[tuple[int, int]] = frozenset(), city: str = "",
        federation: str = "", start_text: str = "", end_date: str = "",
        chief_arbiter: str = "", deputy_arbiters: list[str] | None = None,
        time_control: str = "", round_dates: list[str] | None = None, rate: str = "",
        other_records: list[str] | None = None, rating_used: RatingUsed | None = None,
    ) -> None:
        self.participants = participants
        self.name = name
        longest = max((len(p.rounds) for p in participants), default=0)
        self.rounds = max(rounds, longest)
        self.scheduled_rounds = scheduled_rounds
        self.type = type
        self.start_date = start_date
        self.scoring = Scoring() if scoring is None else scoring
        self.tiebreaks = [] if tiebreaks is None else tiebreaks
        self.tiebreaks_where = tiebreaks_where
        self.source = source
        self.lots_seed = lots_seed
        self.type_inferred = type_inferred
        self.played_rounds = played_rounds
        self.notes = [] if notes is None else notes
        self.unread_date = unread_date
        self.blanks = blanks
        self.city = city
        self.federation = federation
        self.start_text = start_text
        self.end_date = end_date
        self.chief_arbiter = chief_arbiter
        self.deputy_arbiters = [] if deputy_arbiters is None else deputy_arbiters
        self.time_control = time_control
        self.round_dates = [] if round_dates is None else round_dates
        self.rate = rate
        self.other_records = [] if other_records is None else other_records
        self.rating_used = rating_used

    def by_start_no(self) -> dict[int, Participant]:
        """Participants keyed by start number."""
        return {p.start_no: p for p in self.participants}


def rounds_with_results(
    participants: list[Participant], blanks: frozenset[tuple[int, int]] = frozenset()
) -> int:
    """The last round that has been played: one holding a game (played or forfeited) or a
    pairing-allocated bye, or an entry for every participant. A later round where only some
    participants have pre-entered byes (H, F, Z) and the others nothing has not been played
    yet. ``blanks``: (start number, round) of the empty rounds the reader filled in."""
    longest = max((len(p.rounds) for p in participants), default=0)
    for r in range(longest, 0, -1):
        complete = True
        for p in participants:
            if r > len(p.rounds) or (p.start_no, r) in blanks:
                complete = False
                continue
            rec = p.rounds[r - 1]
            if rec.opponent is not None or rec.kind is Kind.PAB or rec.kind.forfeit:
                return r
        if complete:
            return r
    return 0


def note_rounds_played(
    t: Tournament, declared_where: str = "", blanks: frozenset[tuple[int, int]] = frozenset()
) -> None:
    """Set :attr:`Tournament.played_rounds` and note the rounds not yet played: rounds after
    the last one played (:func:`rounds_with_results`: only some pre-entered byes), and
    scheduled rounds (TRF ``142``/``XXR``, ``declared_where``) beyond the rounds read.
    docs/decisions.md D31."""
    played = rounds_with_results(t.participants, blanks)
    scheduled = t.scheduled_rounds
    if 0 < played < t.rounds:
        t.played_rounds = played
        later = range(played + 1, t.rounds + 1)
        total = max(scheduled or 0, t.rounds)
        if len(later) == 1:
            message = _("round {first} has only pre-entered byes (no game, no pairing-allocated "
                        "bye): standings after round {k} of {n}", first=played + 1, k=played,
                        n=total)
        else:
            message = _("rounds {first}-{last} have only pre-entered byes (no game, no "
                        "pairing-allocated bye): standings after round {k} of {n}",
                        first=played + 1, last=t.rounds, k=played, n=total)
        t.notes.append(Problem(Severity.WARNING, message, t.source))
    elif scheduled is not None and played and scheduled > t.rounds:
        t.notes.append(Problem(
            Severity.WARNING,
            _("{n} rounds are scheduled but results are given for {k}: standings after round "
              "{k} of {n}", n=scheduled, k=t.rounds),
            declared_where or t.source,
        ))


def looks_like_round_robin(participants: list[Participant]) -> bool:
    """True when every participant was paired with every other the same number of times
    (at least once) and with no one else: an all-play-all, i.e. pre-determined pairings."""
    numbers = {p.start_no for p in participants}
    if len(numbers) < 3:
        return False
    times: int | None = None
    for p in participants:
        met: dict[int, int] = {}
        for rec in p.rounds:
            if rec.opponent is not None:
                met[rec.opponent] = met.get(rec.opponent, 0) + 1
        if set(met) != numbers - {p.start_no}:
            return False
        counts = set(met.values())
        if len(counts) != 1 or (times is not None and counts != {times}):
            return False
        times = counts.pop()
    return True


class Severity(enum.Enum):
    """How bad a :class:`Problem` is: errors stop the computation, warnings are reported."""

    ERROR = "error"
    WARNING = "warning"


class Problem(Frozen):
    """Something wrong in the input, said in plain language, with its place (``where``)."""

    __slots__ = ("severity", "message", "where")
    severity: Severity
    message: str
    where: str

    def __init__(self, severity: Severity, message: str, where: str = "") -> None:
        set_field = object.__setattr__
        set_field(self, "severity", severity)
        set_field(self, "message", message)
        set_field(self, "where", where)

    def __str__(self) -> str:
        place = f"{self.where}: " if self.where else ""
        return f"{place}{self.message}"


class InputError(ValueError):
    """The input cannot be used; ``problems`` lists every reason with its place."""

    def __init__(self, problems: list[Problem] | str, where: str = "") -> None:
        if isinstance(problems, str):
            problems = [Problem(Severity.ERROR, problems, where)]
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))
