"""Benchmark of the core engine: full standings of large generated Swiss tournaments.

Run: ``python benchmarks/bench_engine.py``. Prints

* the start of the command line: importing ``xl_tiebreak.cli`` in a fresh interpreter (best of
  several, minus a bare ``python -c pass``), and the whole process of ``xl-tiebreak compute`` on
  a 1,000-player, 9-round Swiss with four tie-breaks (best and median of 7 runs), each with the
  bytecode cache as this environment has it (none when ``PYTHONDONTWRITEBYTECODE`` is set: every
  module is compiled from source on every run) and with a warm cache (``.pyc`` files in a
  temporary ``PYTHONPYCACHEPREFIX``, as after ``pip install``); the FIDE TEC checker (gacrux) on
  the same file for comparison, when it is installed;
* for 2,000 players × 11 rounds and 10,000 players × 13 rounds (with byes, forfeits and
  withdrawals), the time to parse the TRF text and to compute full standings with BH/C1, BH,
  SB, PS, WIN, ARO, TPR, FB, AOB and DE on one core, and the peak memory of the process.

A script, not a test: figures depend on the machine (and on what else runs on it).
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence

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


COMMAND_TIEBREAKS = "BH/C1,BH,SB,DE"
"""The four tie-breaks of the whole-process figure (issue 7: at most 90 ms, import 40 ms)."""


def _timed(cmd: Sequence[str], runs: int, env: Mapping[str, str] | None = None) -> list[float]:
    """Wall-clock seconds of ``runs`` runs of ``cmd`` (output discarded)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       env=env)
        times.append(time.perf_counter() - start)
    return times


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:6.1f} ms"


def command_line(runs: int = 7) -> None:
    """Import time of the CLI and whole-process time of ``compute`` (see the module doc)."""
    with tempfile.TemporaryDirectory() as tmp:
        trf = os.path.join(tmp, "big1000.trf")
        with open(trf, "w", encoding="utf-8") as f:
            f.write(write_trf(generate(1000, 9)))
        compute = [sys.executable, "-m", "xl_tiebreak.cli", "compute", trf,
                   "--tiebreaks", COMMAND_TIEBREAKS]
        warm = dict(os.environ, PYTHONPYCACHEPREFIX=os.path.join(tmp, "pyc"))
        warm.pop("PYTHONDONTWRITEBYTECODE", None)
        _timed(compute, 1, warm)  # fills the cache
        cache = "none" if sys.flags.dont_write_bytecode or os.environ.get(
            "PYTHONDONTWRITEBYTECODE") else "as found"
        for label, env in ((f"bytecode cache {cache}", None), ("warm bytecode cache", warm)):
            bare = min(_timed([sys.executable, "-c", "pass"], 2 * runs, env))
            imported = min(_timed([sys.executable, "-c", "import xl_tiebreak.cli"], 2 * runs, env))
            whole = _timed(compute, runs, env)
            print(f"{label:>28}: import xl_tiebreak.cli {_ms(imported - bare)} "
                  f"(bare interpreter {_ms(bare)}); compute 1,000 x 9 ({COMMAND_TIEBREAKS}), "
                  f"whole process: best {_ms(min(whole))}, median {_ms(statistics.median(whole))}")
        gacrux(trf)


def gacrux(trf: str) -> None:
    """The FIDE TEC checker on the same file and tie-breaks, when installed (skipped if slow)."""
    import importlib.util

    if importlib.util.find_spec("gacrux") is None:
        print(f"{'FIDE checker (gacrux)':>28}: not installed")
        return
    cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", trf, "-d", "C",
           "-t", "PTS", *COMMAND_TIEBREAKS.split(",")]
    first = _timed(cmd, 1)[0]
    times = [first] if first > 5 else [first, *_timed(cmd, 2)]
    print(f"{'FIDE checker (gacrux)':>28}: whole process best {_ms(min(times))} "
          f"({len(times)} run{'s' if len(times) > 1 else ''})")


def main() -> None:
    print(f"Python {sys.version.split()[0]}, one process, one core")
    command_line()
    run(2_000, 11)
    run(10_000, 13)


if __name__ == "__main__":
    main()
