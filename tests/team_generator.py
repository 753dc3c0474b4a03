"""A seeded generator of team events written as TRF26 team files (test-only).

Each event is a team Swiss (pairing by MP then GP, no rematch when avoidable, PAB for the
lowest unpaired team) or a team round robin (circle method), with 4–6 boards, 2-1-0 or 3-1-0
match scoring and a start date in 2026 or 2023 (the rule set the checker and we choose by it).
Unplayed kinds: PABs (``320``, sometimes with E7's 1 MP + boards/2 GP), HPB / ZPB / FPB
(``240``), whole-match forfeits with the scheduled opponent (``330 +-`` / ``-+``), forfeit wins
without opponent (the winner's boards ``0000 - +``, the other team absent), double forfeits
(``330 --``), withdrawals (a team that leaves: absent from then on in a Swiss, its remaining
round-robin matches forfeited with opponent), and board forfeits inside played matches (``+``/
``-`` against a real opponent player).

The line-up is always the roster in board order (no ``300`` records); board 1 of the first
team (the white team of the match) is white, colours alternate (``352 WBWB…``).

:func:`generate` returns a :class:`GeneratedEvent`: the TRF text and what the generator put in
it (used by the predicates that explain known differences).
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

RESULTS = ("1", "=", "0")


@dataclasses.dataclass
class Round:
    """A team's round as generated: ``kind`` is ``played``, ``pab``, ``H``/``Z``/``F``
    (240 byes), ``+``/``-`` (match forfeit with opponent), ``+0`` (forfeit win without
    opponent), ``--`` (double forfeit) or ``absent``."""

    kind: str
    opponent: int | None = None
    white: bool = True
    boards: tuple[str, ...] = ()
    """Board results of the team (``1``, ``=``, ``0``, ``+``, ``-``) for a played match."""


@dataclasses.dataclass
class GeneratedEvent:
    """A generated event: its TRF text and its facts."""

    seed: int
    text: str
    round_robin: bool
    teams: int
    boards: int
    rounds: int
    win_mp: int
    year: int
    schedule: dict[int, list[Round]]
    """Team number → its rounds."""
    pab_mp: Fraction
    pab_gp: Fraction

    def kinds(self) -> set[str]:
        """Every kind of round that occurs."""
        return {r.kind for rs in self.schedule.values() for r in rs}


def board_gp(boards: tuple[str, ...]) -> Fraction:
    value = {"1": Fraction(1), "+": Fraction(1), "=": Fraction(1, 2)}
    return sum((value.get(b, Fraction(0)) for b in boards), Fraction(0))


_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _play(rng: random.Random, boards: int, board_forfeits: float) -> tuple[str, ...]:
    out = []
    for _ in range(boards):
        if rng.random() < board_forfeits:
            out.append(rng.choice("+-"))
        else:
            out.append(rng.choices(RESULTS, weights=(4, 3, 4))[0])
    return tuple(out)


def _circle(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds for n (even) teams by the circle method, teams 1..n."""
    ids = list(range(1, n + 1))
    rounds = []
    for r in range(n - 1):
        pairs = []
        for k in range(n // 2):
            a, b = ids[k], ids[n - 1 - k]
            pairs.append((a, b) if (r + k) % 2 == 0 else (b, a))
        rounds.append(pairs)
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return rounds


class _Builder:
    def __init__(self, seed: int, round_robin: bool | None, year: int | None,
                 exclude: frozenset[str]) -> None:
        self.rng = rng = random.Random(seed)
        self.exclude = exclude
        self.seed = seed
        self.rr = rng.random() < 0.35 if round_robin is None else round_robin
        self.boards = rng.randint(4, 6)
        self.n = rng.choice((4, 6, 8)) if self.rr else rng.randint(7, 14)
        self.rounds = self.n - 1 if self.rr else rng.randint(4, min(9, self.n - 1))
        self.win_mp = rng.choice((2, 3))
        self.year = rng.choice((2023, 2026)) if year is None else year
        self.e7_pab = rng.random() < 0.4
        self.pab_mp = Fraction(1) if self.e7_pab else Fraction(self.win_mp)
        self.pab_gp = Fraction(self.boards, 2) if self.e7_pab else Fraction(self.boards)
        self.sched: dict[int, list[Round]] = {t: [] for t in range(1, self.n + 1)}
        self.withdrawn: dict[int, int] = {}  # team → first round it is gone
        if rng.random() < 0.5 and "absent" not in exclude:
            self.withdrawn[rng.randint(1, self.n)] = rng.randint(2, self.rounds)

    # -- scheduling ------------------------------------------------------------------------------
    def mp(self, t: int) -> Fraction:
        total = Fraction(0)
        for r in self.sched[t]:
            if r.kind == "pab":
                total += self.pab_mp
            elif r.kind in ("+", "+0", "F"):
                total += self.win_mp
            elif r.kind == "H":
                total += 1
            elif r.kind == "played":
                own, other = board_gp(r.boards), Fraction(self.boards) - board_gp(r.boards)
                if any(b in "+-" for b in r.boards):
                    other = board_gp(tuple(_MIRROR[b] for b in r.boards))
                total += self.win_mp if own > other else 1 if own == other else 0
        return total

    def gone(self, t: int, rnd: int) -> bool:
        return t in self.withdrawn and rnd >= self.withdrawn[t]

    def match(self, white: int, black: int, rnd: int) -> None:
        rng = self.rng
        if self.rr and (self.gone(white, rnd) or self.gone(black, rnd)):
            if self.gone(white, rnd) and self.gone(black, rnd):
                self.put_pair(white, black, "--", "--")
            elif self.gone(white, rnd):
                self.put_pair(white, black, "-", "+")
            else:
                self.put_pair(white, black, "+", "-")
            return
        x = rng.random()
        if x < 0.05 and "+" not in self.exclude:
            self.put_pair(white, black, *rng.choice((("+", "-"), ("-", "+"))))
        elif x < 0.07 and "--" not in self.exclude:
            self.put_pair(white, black, "--", "--")
        elif x < 0.09 and not self.rr and "+0" not in self.exclude:
            win, other = (white, black) if rng.random() < 0.5 else (black, white)
            self.sched[win].append(Round("+0"))
            self.sched[other].append(Round("absent"))
        else:
            boards = _play(rng, self.boards, 0.0 if "board" in self.exclude else 0.04)
            self.sched[white].append(Round("played", black, True, boards))
            self.sched[black].append(Round("played", white, False,
                                           tuple(_MIRROR[b] for b in boards)))

    def put_pair(self, white: int, black: int, kw: str, kb: str) -> None:
        self.sched[white].append(Round(kw, black, True))
        self.sched[black].append(Round(kb, white, False))

    def build(self) -> None:
        if self.rr:
            for rnd, pairs in enumerate(_circle(self.n), start=1):
                for white, black in pairs:
                    self.match(white, black, rnd)
            return
        rng = self.rng
        met: set[frozenset[int]] = set()
        had_pab: set[int] = set()
        for rnd in range(1, self.rounds + 1):
            active = []
            for t in range(1, self.n + 1):
                if self.gone(t, rnd):
                    self.sched[t].append(Round("absent"))
                elif rng.random() < 0.06 and rnd < self.rounds:
                    kind = rng.choice("HHZF")
                    if kind in self.exclude:
                        active.append(t)
                    else:
                        self.sched[t].append(Round(kind))
                else:
                    active.append(t)
            active.sort(key=lambda t: (-self.mp(t), rng.random()))
            if len(active) % 2:
                low = next((t for t in reversed(active) if t not in had_pab), active[-1])
                active.remove(low)
                had_pab.add(low)
                self.sched[low].append(Round("pab"))
            while active:
                a = active.pop(0)
                b = next((t for t in active if frozenset((a, t)) not in met), active[0])
                active.remove(b)
                met.add(frozenset((a, b)))
                white, black = (a, b) if rng.random() < 0.5 else (b, a)
                self.match(white, black, rnd)

    # -- writing ---------------------------------------------------------------------------------
    def player(self, t: int, b: int) -> int:
        return (t - 1) * self.boards + b

    def cells(self, t: int, b: int) -> list[str]:
        out = []
        for r in self.sched[t]:
            first = r.white  # the team whose board 1 is white
            odd = b % 2 == 1
            color = "w" if first == odd else "b"
            if r.kind == "played":
                assert r.opponent is not None
                out.append(f"{self.player(r.opponent, b):4d} {color} {r.boards[b - 1]}")
            elif r.kind in ("+", "+0"):
                out.append("0000 - +")
            elif r.kind in ("-", "--"):
                out.append("0000 - -")
            else:
                out.append("        ")
        return out

    def text(self) -> str:
        b = self.boards
        # 1 Oct 2023: C.07 of Sept 2023 (an earlier 2023 date selects the pre-2023 rules in
        # our "auto"); 1 March 2026: the 2026 caps (16.4.1, 16.4.2)
        month = "10" if self.year == 2023 else "03"
        lines = [
            f"012 Generated team event {self.seed}",
            f"042 {self.year}/{month}/01",
            f"052 {self.year}/{month}/20",
            f"062 {self.n * b}",
            f"082 {self.n}",
            "092 Team round robin" if self.rr else "092 FIDE team Swiss",
            f"142 {self.rounds}",
            "352 " + "".join("WB"[i % 2] for i in range(b)),
            f"362 TW {self.win_mp}.0   TD 1.0   TL 0.0",
        ]
        for t in range(1, self.n + 1):
            for k in range(1, b + 1):
                cells = self.cells(t, k)
                pts = sum(1 if c.endswith(("1", "+")) else 0.5 if c.endswith("=") else 0
                          for c in cells)
                no = self.player(t, k)
                name = f"Team {t} player {k}"
                lines.append(f"001 {no:4d} m    {name:<33s} 2000 FID {no:11d} 2000/01/01 "
                             f"{pts:4.1f} {no:4d}  " + "  ".join(cells).rstrip())
        for t in range(1, self.n + 1):
            roster = "".join(f" {self.player(t, k):4d}" for k in range(1, b + 1))
            lines.append(f"310 {t:3d} {'Team ' + str(t):<32s} {'T' + str(t):<5s} {0:6d} "
                         f"{0:6.1f} {0:6.1f} {t:3d} {roster}")
        pab = ["    "] * self.rounds
        for t, rs in self.sched.items():
            for i, r in enumerate(rs):
                if r.kind == "pab":
                    pab[i] = f" {t:3d}"
        if any(x.strip() for x in pab):
            lines.append(f"320 {float(self.pab_mp):4.1f} {float(self.pab_gp):4.1f}"
                         + "".join(pab).rstrip())
        for i in range(self.rounds):
            for kind in "FHZ":
                teams = [t for t, rs in self.sched.items() if rs[i].kind == kind]
                if teams:
                    lines.append(f"240 {kind} {i + 1:3d}" + "".join(f" {t:4d}" for t in teams))
            for t, rs in self.sched.items():
                r = rs[i]
                if r.white and r.opponent is not None and r.kind in ("+", "-", "--"):
                    other = self.sched[r.opponent][i].kind
                    code = "--" if r.kind == "--" else r.kind + other
                    lines.append(f"330 {code} {i + 1:3d} {t:3d} {r.opponent:3d}")
        return "\n".join(lines) + "\n"


def generate(seed: int, round_robin: bool | None = None, year: int | None = None,
             exclude: frozenset[str] = frozenset()) -> GeneratedEvent:
    """The team event of a seed (``round_robin``, ``year``: force the kind of event or the
    start year; ``exclude``: kinds of rounds not to generate, as in :class:`Round`)."""
    b = _Builder(seed, round_robin, year, exclude)
    b.build()
    return GeneratedEvent(seed, b.text(), b.rr, b.n, b.boards, b.rounds, b.win_mp, b.year,
                          b.sched, b.pab_mp, b.pab_gp)
