"""Benchmark of ``xl-tiebreak check``: 1,000 generated TRF files, files per second on one core
and on all cores.

Run: ``python benchmarks/bench_check.py [N]``. Writes N (default 1,000) files into a temporary
folder: the seeded random events of ``tests/generator.py`` (Swiss 4–40 players and round robins
4–12 players, 3–11 rounds, byes, forfeits, withdrawals), each exported with its computed ranks
and the tie-break list ``BH/C1,BH,SB,DE,WIN`` (so every file agrees), then times the
verification of the whole folder (reading, checking, ranking, comparing) with one process and
with a process pool over every core (the ``check`` command's default), best of 3 each.

A script, not a test: figures depend on the machine (and on what else runs on it).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import generator  # noqa: E402

from xl_tiebreak.cli.check import default_jobs, verify_all  # noqa: E402
from xl_tiebreak.report.trf import export_trf  # noqa: E402
from xl_tiebreak.standings.final import compute_standings  # noqa: E402
from xl_tiebreak.standings.verify import Verdict, event_files  # noqa: E402

ORDER = "BH/C1,BH,SB,DE,WIN"


def write_files(folder: Path, n: int) -> int:
    """N exported event files in ``folder``; their total number of players."""
    players = 0
    for seed in range(n):
        t = generator.generate(seed)
        players += len(t.participants)
        text = export_trf(compute_standings(t, ORDER))
        (folder / f"event_{seed:05}.trf").write_text(text, encoding="utf-8")
    return players


def timed(files: list[Path], jobs: int, repeat: int = 3) -> float:
    """Best wall time of verifying every file with ``jobs`` processes; checks the verdicts."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        reports = list(verify_all(files, jobs))
        best = min(best, time.perf_counter() - start)
        bad = [r for r in reports if r.verdict is not Verdict.AGREES]
        assert not bad, bad[:3]
    return best


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 1000
    with tempfile.TemporaryDirectory(prefix="bench_check_") as tmp:
        folder = Path(tmp)
        players = write_files(folder, n)
        files = event_files([tmp])
        cores = default_jobs()
        print(f"{len(files)} files, {players} players in all, tie-breaks {ORDER}")
        one = timed(files, 1)
        print(f"1 core:   {one:6.2f} s  {len(files) / one:7.1f} files/s")
        if cores > 1:
            many = timed(files, cores)
            print(f"{cores} cores: {many:6.2f} s  {len(files) / many:7.1f} files/s "
                  f"(speed-up {one / many:.2f})")
        else:
            print("1 core only on this machine: no pool run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
