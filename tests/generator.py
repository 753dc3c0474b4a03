"""Seeded random tournaments for differential and property tests.

:func:`generate` builds an :class:`xl_tiebreak.model.tournament.Tournament` that is fully
determined by its
seed: a Swiss (simple score-group pairing, no rematches where possible) or a round robin (FIDE
Berger tables, odd fields with a rest round written as a zero-point bye without opponent,
type PREDETERMINED).

Swiss events get every kind of round: played wins/draws/losses with colours (sometimes as games
of less than one move, TRF ``W``/``D``/``L``), forfeits (``+``/``-``), double forfeits (``-`` on
both sides), a pairing-allocated bye (``U``, at most one per round), full-point byes (``F``),
half-point byes (``H``), zero-point byes (``Z``), withdrawals (every later round ``Z``) and late
entries (the first rounds ``Z`` or ``H``). Round robins get games, forfeits, double forfeits and
withdrawals (the withdrawn player's remaining games are forfeits against the scheduled
opponents). Some tournaments have unrated players (rating None). Start dates fall before and
after 2026-03-01, so both rule sets are exercised.

:func:`oracle_trf` writes the TRF text the reference checker is given for a tournament.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from fractions import Fraction

from xl_tiebreak.model.tournament import (
    Color,
    Kind,
    Participant,
    Record,
    Scoring,
    Tournament,
    TournamentType,
)

RULES_CUTOFF = datetime.date(2026, 3, 1)

_FIRST = ["Ada", "Boris", "Chen", "Dana", "Emil", "Fatima", "Goran", "Hana", "Ivan", "Judit",
          "Kofi", "Lena", "Milan", "Nora", "Oleg", "Pia", "Quinn", "Rosa", "Sven", "Tara"]
_LAST = ["Alder", "Brook", "Cole", "Dune", "Eske", "Frost", "Grove", "Heath", "Isle", "Jett"]


# --------------------------------------------------------------------------------- helpers


def _date(rng: random.Random) -> datetime.date | None:
    """A start date: mostly around the 2026-03-01 switch, sometimes older, sometimes none."""
    roll = rng.random()
    if roll < 0.05:
        return None
    if roll < 0.12:
        return datetime.date(2019, 1, 1) + datetime.timedelta(days=rng.randrange(1500))
    if roll < 0.20:
        # right at the switch
        return RULES_CUTOFF + datetime.timedelta(days=rng.choice([-2, -1, 0, 1]))
    if roll < 0.60:
        return datetime.date(2023, 9, 1) + datetime.timedelta(days=rng.randrange(911))
    return RULES_CUTOFF + datetime.timedelta(days=rng.randrange(700))


def _participants(rng: random.Random, n: int, unrated_share: float) -> list[Participant]:
    ratings = sorted((rng.randrange(1000, 2700) for _ in range(n)), reverse=True)
    out = []
    for i, rating in enumerate(ratings, start=1):
        name = f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}"
        rated = rng.random() >= unrated_share
        out.append(Participant(start_no=i, name=name, rating=rating if rated else None,
                               sex=rng.choice("mw")))
    return out


def _game(rng: random.Random, white: int | None, black: int | None) -> tuple[Kind, Kind]:
    """Result of a played game (white's kind, black's kind); the stronger side wins more."""
    diff = ((white or 1500) - (black or 1500)) / 400
    p_white = 1 / (1 + 10 ** (-diff))
    draw = 0.3
    roll = rng.random()
    if roll < draw:
        return Kind.DRAW, Kind.DRAW
    if roll < draw + (1 - draw) * p_white:
        return Kind.WIN, Kind.LOSS
    return Kind.LOSS, Kind.WIN


@dataclasses.dataclass
class _Mix:
    """Probabilities of the unusual events of one tournament (drawn per tournament)."""

    forfeit: float
    double_forfeit: float
    short_game: float
    hpb: float
    zpb: float
    fpb: float
    withdraw: float
    late: float
    unknown_forfeit: float


def _mix(rng: random.Random) -> _Mix:
    wild = rng.random() < 0.5  # half of the events are "messy"
    k = 1.0 if wild else 0.3
    return _Mix(
        forfeit=0.06 * k,
        double_forfeit=0.03 * k,
        short_game=0.02 * k,
        hpb=0.05 * k,
        zpb=0.03 * k,
        fpb=0.01 * k,
        withdraw=0.12 * k,
        late=0.08 * k,
        unknown_forfeit=0.01 * k,
    )


def _paired_records(
    rng: random.Random, mix: _Mix, a: int, b: int, a_white: bool, ratings: dict[int, int | None]
) -> tuple[Record, Record]:
    """Records of a pairing a–b (forfeits and double forfeits included)."""
    ca, cb = (Color.WHITE, Color.BLACK) if a_white else (Color.BLACK, Color.WHITE)
    roll = rng.random()
    if roll < mix.double_forfeit:
        return (Record(Kind.FORFEIT_LOSS, b, ca), Record(Kind.FORFEIT_LOSS, a, cb))
    if roll < mix.double_forfeit + mix.forfeit:
        if rng.random() < 0.5:
            return (Record(Kind.FORFEIT_WIN, b, ca), Record(Kind.FORFEIT_LOSS, a, cb))
        return (Record(Kind.FORFEIT_LOSS, b, ca), Record(Kind.FORFEIT_WIN, a, cb))
    w, bl = (a, b) if a_white else (b, a)
    kw, kb = _game(rng, ratings[w], ratings[bl])
    ka, kb2 = (kw, kb) if a_white else (kb, kw)
    short = rng.random() < mix.short_game
    return (Record(ka, b, ca, short_game=short), Record(kb2, a, cb, short_game=short))


# --------------------------------------------------------------------------------- Swiss


def _pair_group(
    order: list[int], met: dict[int, set[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Pair ``order`` (even length) top-down without rematches, by backtracking."""
    if not order:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    first, rest = order[0], order[1:]
    for j, other in enumerate(rest):
        if other in met[first]:
            continue
        tail = _pair_group(rest[:j] + rest[j + 1 :], met, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def _swiss(rng: random.Random, seed: int, n: int, rounds: int, mix: _Mix,
           unrated_share: float) -> Tournament:
    parts = _participants(rng, n, unrated_share)
    ratings = {p.start_no: p.rating for p in parts}
    ids = [p.start_no for p in parts]
    recs: dict[int, list[Record]] = {i: [] for i in ids}
    points = dict.fromkeys(ids, Fraction(0))
    whites = dict.fromkeys(ids, 0)
    met: dict[int, set[int]] = {i: set() for i in ids}
    had_pab: set[int] = set()

    # Per-player plan: late entry, withdrawal.
    late = {i: (rng.randint(1, max(1, rounds // 3)) if rng.random() < mix.late else 0)
            for i in ids}
    late_kind = {i: rng.choice([Kind.ZPB, Kind.HPB]) for i in ids}
    withdraw = {i: (rng.randint(2, rounds) if rng.random() < mix.withdraw else rounds + 1)
                for i in ids}

    for rnd in range(1, rounds + 1):
        present = []
        for i in ids:
            if rnd >= withdraw[i]:
                recs[i].append(Record(Kind.ZPB))
            elif rnd <= late[i]:
                recs[i].append(Record(late_kind[i]))
            else:
                roll = rng.random()
                if roll < mix.hpb:
                    recs[i].append(Record(Kind.HPB))
                elif roll < mix.hpb + mix.zpb:
                    recs[i].append(Record(Kind.ZPB))
                elif roll < mix.hpb + mix.zpb + mix.fpb:
                    recs[i].append(Record(Kind.FPB))
                elif roll < mix.hpb + mix.zpb + mix.fpb + mix.unknown_forfeit:
                    # forfeit win whose opponent is unknown (TRF "0000 - +", spec §14 Q7)
                    recs[i].append(Record(Kind.FORFEIT_WIN))
                else:
                    present.append(i)
        order = sorted(present, key=lambda i: (-points[i], -(ratings[i] or 0), i))
        if len(order) % 2 == 1:
            candidates = [i for i in reversed(order) if i not in had_pab] or list(reversed(order))
            pab = candidates[0]
            order.remove(pab)
            had_pab.add(pab)
            recs[pab].append(Record(Kind.PAB))
        pairs = _pair_group(order, met, [2000])
        if pairs is None:  # rematches allowed as a last resort: plain top-down pairing
            pairs = list(zip(order[::2], order[1::2], strict=True))
        for a, b in pairs:
            a_white = whites[a] < whites[b] or (whites[a] == whites[b] and rng.random() < 0.5)
            ra, rb = _paired_records(rng, mix, a, b, a_white, ratings)
            recs[a].append(ra)
            recs[b].append(rb)
            met[a].add(b)
            met[b].add(a)
            if ra.kind.played:
                whites[a if a_white else b] += 1
        for i in ids:
            points[i] += _points(recs[i][-1].kind)

    for p in parts:
        p.rounds = recs[p.start_no]
        p.declared_points = points[p.start_no]
    return Tournament(participants=parts, name=f"Generated Swiss {seed}", rounds=rounds,
                      scheduled_rounds=rounds, type=TournamentType.SWISS,
                      start_date=_date(rng), source=f"generator seed {seed}")


# --------------------------------------------------------------------------------- round robin


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """FIDE Berger tables: for each round the pairings (white, black) of players 1..n.

    For odd ``n`` a phantom player n+1 is added; pairing with it is the rest round.
    """
    m = n if n % 2 == 0 else n + 1
    rotating = list(range(1, m))
    out = []
    for r in range(m - 1):
        pairs = []
        first = rotating[0]
        pairs.append((first, m) if r % 2 == 0 else (m, first))
        for i in range(1, m // 2):
            pairs.append((rotating[i], rotating[m - 1 - i]))
        out.append(pairs)
        shift = m // 2
        rotating = rotating[shift:] + rotating[:shift]
    return out


def _round_robin(rng: random.Random, seed: int, n: int, mix: _Mix,
                 unrated_share: float) -> Tournament:
    parts = _participants(rng, n, unrated_share)
    ratings = {p.start_no: p.rating for p in parts}
    ids = [p.start_no for p in parts]
    table = berger_rounds(n)
    rounds = len(table)
    recs: dict[int, list[Record]] = {i: [] for i in ids}
    withdraw = {i: (rng.randint(2, rounds) if rng.random() < mix.withdraw / 2 else rounds + 1)
                for i in ids}
    for rnd, pairs in enumerate(table, start=1):
        for w, b in pairs:
            if w > n or b > n:
                rest = w if b > n else b
                recs[rest].append(Record(Kind.ZPB))
                continue
            gone_w, gone_b = rnd >= withdraw[w], rnd >= withdraw[b]
            if gone_w and gone_b:
                rw, rb = Record(Kind.FORFEIT_LOSS, b, Color.WHITE), Record(
                    Kind.FORFEIT_LOSS, w, Color.BLACK)
            elif gone_w:
                rw, rb = Record(Kind.FORFEIT_LOSS, b, Color.WHITE), Record(
                    Kind.FORFEIT_WIN, w, Color.BLACK)
            elif gone_b:
                rw, rb = Record(Kind.FORFEIT_WIN, b, Color.WHITE), Record(
                    Kind.FORFEIT_LOSS, w, Color.BLACK)
            else:
                rw, rb = _paired_records(rng, mix, w, b, True, ratings)
            recs[w].append(rw)
            recs[b].append(rb)
    for p in parts:
        p.rounds = recs[p.start_no]
        p.declared_points = sum((_points(r.kind) for r in p.rounds), Fraction(0))
    return Tournament(participants=parts, name=f"Generated round robin {seed}", rounds=rounds,
                      scheduled_rounds=rounds, type=TournamentType.PREDETERMINED,
                      start_date=_date(rng), source=f"generator seed {seed}")


def _points(kind: Kind) -> Fraction:
    return {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.FORFEIT_WIN: Fraction(1),
            Kind.PAB: Fraction(1), Kind.FPB: Fraction(1),
            Kind.HPB: Fraction(1, 2)}.get(kind, Fraction(0))


# --------------------------------------------------------------------------------- public


SCORINGS = {
    "1-½-0": Scoring(),
    "3-1-0": Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0)),
    "2-1-0": Scoring(win=Fraction(2), draw=Fraction(1), loss=Fraction(0)),
    "PAB ½": Scoring(pab=Fraction(1, 2)),
}
"""Scoring systems drawn by :func:`generate` (written as TRF ``162``, which the checker reads)."""


def generate(seed: int, *, round_robin: bool | None = None) -> Tournament:
    """A random tournament, fully determined by ``seed``.

    About one in four is a round robin (4–12 players, so 3–11 rounds); the others are Swiss
    events with 4–40 players and 3–11 rounds. About a third have unrated players; about one
    in seven uses another scoring system than 1-½-0 (see :data:`SCORINGS`).
    """
    rng = random.Random(seed)
    rr = rng.random() < 0.25 if round_robin is None else round_robin
    mix = _mix(rng)
    unrated_share = rng.choice([0.0, 0.0, 0.1, 0.3]) if rng.random() < 0.45 else 0.0
    if rr:
        n = rng.randint(4, 12)
        t = _round_robin(rng, seed, n, mix, unrated_share)
    else:
        n = rng.choice([rng.randint(4, 12), rng.randint(4, 40), rng.randint(12, 40)])
        rounds = rng.randint(3, min(11, max(3, n - 1)))
        t = _swiss(rng, seed, n, rounds, mix, unrated_share)
    if rng.random() < 0.15:
        t.scoring = SCORINGS[rng.choice(["3-1-0", "2-1-0", "PAB ½"])]
        for p in t.participants:
            p.declared_points = sum((t.scoring.points(r.kind, r.color) for r in p.rounds),
                                    Fraction(0))
    return t


def has_unrated(t: Tournament) -> bool:
    """True when some participant has no rating."""
    return any(p.rating is None for p in t.participants)


def oracle_trf(t: Tournament) -> str:
    """TRF16 text for the reference checker describing exactly ``t``.

    Written with :func:`xl_tiebreak.formats.trf.reader.write_trf` from a copy in which names are
    plain ASCII
    (the checker misreads non-ASCII names), declared points are blank (the checker refuses files
    whose declared points disagree with the results), no tie-break list is declared, and the
    scheduled rounds equal the rounds taken into account (standings "as if the event had k
    rounds", spec §14 Q6, which is also what the checker does with the final round). National
    ratings and the header records kept as read are left out: a ``172`` makes the checker
    rate by national ratings, which the engine does not read.
    The start date is written as ``YYYY/MM/DD``, which the checker reads, so it picks the same
    rule set as ``rules="auto"``.
    """
    from xl_tiebreak.formats.trf.reader import write_trf

    parts = [
        p.replace(name=f"Player {p.start_no}", declared_points=None, declared_rank=None,
            federation="", title="", fide_id="", birth="", sex=p.sex[:1] if p.sex in "mw" else "",
            national_rating=None, national_id="", club="", group="",
        )
        for p in t.participants
    ]
    copy = t.replace(participants=parts, name=t.name.encode("ascii", "replace")
                               .decode() or "Tournament", scheduled_rounds=t.rounds,
                               tiebreaks=[], other_records=[])
    return write_trf(copy)


def describe(t: Tournament) -> str:
    """One line: type, size, rounds, date (for failure messages and ids)."""
    kind = "RR" if t.type is TournamentType.PREDETERMINED else "Swiss"
    scoring = next((k for k, v in SCORINGS.items() if v == t.scoring), t.scoring.describe())
    return (f"{t.source or t.name}: {kind}, {len(t.participants)} players, {t.rounds} rounds, "
            f"start {t.start_date}, scoring {scoring}")


_COMPACT_RESULTS = {
    "1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
}
_COMPACT_BYES = {"U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB}


def compact(
    rows: dict[int, str],
    *,
    round_robin: bool = False,
    start: datetime.date | None = RULES_CUTOFF,
    ratings: dict[int, int | None] | None = None,
    name: str = "hand-built",
) -> Tournament:
    """A small tournament from one line of tokens per start number.

    Tokens: ``3w1`` (vs #3 with White, won), ``3b=``, ``3b0``, ``3w+`` / ``3b-`` (forfeits;
    ``3b-`` on both sides is a double forfeit), ``0w+`` (forfeit win, opponent unknown), and
    the byes ``U`` ``F`` ``H`` ``Z``. Ratings default to 2000 − 50 × (start number − 1).
    """
    parts = []
    for sno, line in sorted(rows.items()):
        recs = []
        for tok in line.split():
            if tok in _COMPACT_BYES:
                recs.append(Record(_COMPACT_BYES[tok]))
                continue
            opp, colour, res = int(tok[:-2]), tok[-2], tok[-1]
            recs.append(Record(_COMPACT_RESULTS[res], opp or None,
                               Color.WHITE if colour == "w" else Color.BLACK))
        rating = 2000 - 50 * (sno - 1) if ratings is None else ratings.get(sno)
        parts.append(Participant(start_no=sno, name=f"Player {sno}", rating=rating, rounds=recs))
    kind = TournamentType.PREDETERMINED if round_robin else TournamentType.SWISS
    return Tournament(participants=parts, name=name, type=kind, start_date=start, source=name)


def fill_colours(t: Tournament) -> Tournament:
    """A copy of ``t`` in which paired rounds written without a colour (``13 - +``) get one.

    The checker refuses such files ("No result for black"); the colour of a forfeit changes no
    compared value in a Swiss. The colour is the opposite of the opponent's, or White for the
    lower start number when neither side has one.
    """
    by_no = t.by_start_no()
    parts = []
    for p in t.participants:
        rounds = []
        for rnd, r in enumerate(p.rounds, start=1):
            if r.opponent is not None and r.color is None:
                other = by_no.get(r.opponent)
                theirs = other.record(rnd).color if other is not None else None
                if theirs is not None:
                    colour = Color.BLACK if theirs is Color.WHITE else Color.WHITE
                else:
                    colour = Color.WHITE if p.start_no < r.opponent else Color.BLACK
                r = r.replace(color=colour)
            rounds.append(r)
        parts.append(p.replace(rounds=rounds))
    return t.replace(participants=parts)
