"""Benchmark of the core engine: full standings of large generated Swiss tournaments.

Run: ``python benchmarks/bench_engine.py``. Prints, for 2,000 players × 11 rounds and
10,000 players × 13 rounds (with byes, forfeits and withdrawals), the time to compute full
standings with BH/C1, BH, SB, PS, WIN, ARO, TPR, FB, AOB and DE on one core, and the peak
memory of the process. A script, not a test: figures depend on the machine.
"""

from __future__ import annotations

import random
import resource
import sys
import time

from xl_tiebreak.model import Color, Kind, Participant, Record, Tournament
from xl_tiebreak.standings import compute_standings
from xl_tiebreak.trf import parse_trf, write_trf

TIEBREAKS = "BH/C1,BH,SB,PS,WIN,ARO,TPR,FB,AOB,DE"


def generate(players: int, rounds: int, seed: int = 1) -> Tournament:
    """A Swiss-like event: score-group pairing, 1 % half-point byes, 1 % forfeits, 2 %
    withdrawals, a pairing-allocated bye when the number of active players is odd."""
    rng = random.Random(seed)
    recs: list[list[Record]] = [[] for _ in range(players)]
    score = [0.0] * players
    withdrawn = [False] * players
    for _r in range(rounds):
        active = []
        for i in range(players):
            if withdrawn[i] or rng.random() < 0.002:
                withdrawn[i] = True
                recs[i].append(Record(Kind.ZPB))
            elif rng.random() < 0.01:
                recs[i].append(Record(Kind.HPB))
                score[i] += 0.5
            else:
                active.append(i)
        active.sort(key=lambda i: (-score[i], i))
        if len(active) % 2:
            bye = active.pop()
            recs[bye].append(Record(Kind.PAB))
            score[bye] += 1
        for a, b in zip(active[::2], active[1::2]):
            x = rng.random()
            if x < 0.01:
                ka, kb = Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS
            elif x < 0.45:
                ka, kb = Kind.WIN, Kind.LOSS
            elif x < 0.75:
                ka, kb = Kind.DRAW, Kind.DRAW
            else:
                ka, kb = Kind.LOSS, Kind.WIN
            recs[a].append(Record(ka, b + 1, Color.WHITE))
            recs[b].append(Record(kb, a + 1, Color.BLACK))
            score[a] += {Kind.WIN: 1, Kind.DRAW: 0.5, Kind.FORFEIT_WIN: 1}.get(ka, 0)
            score[b] += {Kind.WIN: 1, Kind.DRAW: 0.5, Kind.FORFEIT_WIN: 1}.get(kb, 0)
    parts = [
        Participant(i + 1, f"Player {i + 1:05d}", rating=2600 - i // 5, rounds=recs[i])
        for i in range(players)
    ]
    return Tournament(parts, name=f"Benchmark {players}x{rounds}", scheduled_rounds=rounds)


def run(players: int, rounds: int) -> None:
    t = generate(players, rounds)
    parse = "parse TRF    n/a (TRF start numbers have 4 digits)"
    parsed = t
    if players <= 9999:
        text = write_trf(t)
        start = time.perf_counter()
        parsed = parse_trf(text)
        parse = f"parse TRF {time.perf_counter() - start:6.2f} s"
    start = time.perf_counter()
    s = compute_standings(parsed, TIEBREAKS, rules="fide2026")
    compute_s = time.perf_counter() - start
    assert len(s.rows) == players
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{players:>6} players × {rounds:>2} rounds: {parse}, "
          f"compute standings ({TIEBREAKS}) {compute_s:6.2f} s, peak RSS so far {peak_mb:6.0f} MB")


def main() -> None:
    print(f"Python {sys.version.split()[0]}, one process, one core")
    run(2_000, 11)
    run(10_000, 13)


if __name__ == "__main__":
    main()
