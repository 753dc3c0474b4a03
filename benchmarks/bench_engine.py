"""Benchmark of the core engine: full standings of large generated Swiss tournaments.

Run: ``python benchmarks/bench_engine.py [--runs N] [--command-line]``. Prints

* the start of the command line, as a user's installation runs it: a new virtual environment
  holding only the package, compiled to ``.pyc`` files as ``pip install`` leaves it, and pip's
  console script (:func:`fresh_install`); every run with ``PYTHONPATH``,
  ``PYTHONDONTWRITEBYTECODE`` and ``PYTHONPYCACHEPREFIX`` unset, so that no module is compiled
  from source during a run. Figures: the bare interpreter (``python -c pass``), importing
  ``xl_tiebreak.cli.main`` in a fresh interpreter (less the bare interpreter), and the whole process
  of ``xl-tiebreak compute`` on a 1,000-player, 9-round Swiss with four tie-breaks, each the
  best and the median of ``--runs`` runs (21 by default, the three commands taking turns);
  then the same from this checkout without the ``site`` module (``python -S``, ``python -m
  xl_tiebreak.cli``: no ``.pth`` file is read, e.g. an editable install's finder, which
  imports pathlib, re and enum before any module of the package); the FIDE TEC checker
  (gacrux) on the same file for comparison, when it is installed;
* (without ``--command-line``) for 2,000 players × 11 rounds and 10,000 players × 13 rounds
  (with byes, forfeits and withdrawals), the time to parse the TRF text and to compute full
  standings with BH/C1, BH, SB, PS, WIN, ARO, TPR, FB, AOB and DE on one core, and the peak
  memory of the process.

A script, not a test: figures depend on the machine and on what else runs on it (on a shared
machine the medians move with the load; the best runs move less).
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence

from xl_tiebreak.formats.trf.reader import parse_trf, write_trf
from xl_tiebreak.model.tournament import Color, Kind, Participant, Record, Tournament
from xl_tiebreak.standings.final import compute_standings

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
"""The four tie-breaks of the whole-process figure (at most 90 ms, import 40 ms)."""


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


def _figure(times: list[float], minus: list[float] | None = None) -> str:
    """``best …, median …`` of run times, less the best and the median of ``minus``."""
    best, median = min(times), statistics.median(times)
    if minus is not None:
        best, median = best - min(minus), median - statistics.median(minus)
    return f"best {_ms(best)}, median {_ms(median)}"


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CONSOLE_SCRIPT = """#!{python}
import sys
from xl_tiebreak.cli.main import console
if __name__ == '__main__':
    sys.argv[0] = sys.argv[0].removesuffix('.exe')
    sys.exit(console())
"""
"""The console script pip writes for ``[project.scripts] xl-tiebreak`` (pip 24-26)."""


def _clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without what would change how modules load: no
    ``PYTHONPATH``, ``PYTHONDONTWRITEBYTECODE`` or ``PYTHONPYCACHEPREFIX``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env.update(extra)
    return env


def fresh_install(folder: str) -> tuple[str, str]:
    """A new virtual environment in ``folder`` holding the package as ``pip install`` of its
    wheel leaves it: ``xl_tiebreak/`` in site-packages, compiled to ``.pyc`` files, and the
    console script; nothing else (no editable-install finder, no other package). Returns
    (its python, its ``xl-tiebreak`` script). Offline: the files are copied from this
    checkout (building the wheel would need the build backend from the network)."""
    venv = os.path.join(folder, "venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    scripts = os.path.join(venv, "Scripts" if os.name == "nt" else "bin")
    python = os.path.join(scripts, "python")
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                           "['purelib'])"], check=True, capture_output=True, text=True,
                          env=_clean_env()).stdout.strip()
    package = os.path.join(site, "xl_tiebreak")
    shutil.copytree(os.path.join(ROOT, "xl_tiebreak"), package,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    subprocess.run([python, "-m", "compileall", "-q", package], check=True, env=_clean_env())
    script = os.path.join(scripts, "xl-tiebreak")
    with open(script, "w", encoding="utf-8") as f:
        f.write(CONSOLE_SCRIPT.format(python=python))
    os.chmod(script, 0o755)
    return python, script


def _cpu_of_children() -> float:
    """CPU seconds (user + system) used so far by the finished child processes."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


Command = tuple[list[str], Mapping[str, str]]
"""A command line and the environment it runs with."""


def _interleaved(commands: dict[str, Command], runs: int) -> dict[str, list[float]]:
    """Wall-clock times of each command (under ``name``) and the CPU time of its process
    (under ``name + " cpu"``: user + system, which another process on the machine disturbs
    less than the wall clock), the commands taking turns (a change of load or of the machine's
    speed affects them alike); the first run of each (reading every file once) is not counted
    and must succeed."""
    for cmd, env in commands.values():
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=env)
    times: dict[str, list[float]] = {}
    for _ in range(runs):
        for name, (cmd, env) in commands.items():
            before = _cpu_of_children()
            times.setdefault(name, []).extend(_timed(cmd, 1, env))
            times.setdefault(name + " cpu", []).append(_cpu_of_children() - before)
    return times


def command_line(runs: int = 21, checker: bool = True) -> None:
    """Import time of the CLI and whole-process time of ``compute`` (see the module doc);
    ``checker``: also the FIDE checker's time on the same file."""
    with tempfile.TemporaryDirectory() as tmp:
        trf = os.path.join(tmp, "big1000.trf")
        with open(trf, "w", encoding="utf-8") as f:
            f.write(write_trf(generate(1000, 9)))
        args = ["compute", trf, "--tiebreaks", COMMAND_TIEBREAKS]
        python, script = fresh_install(tmp)
        subprocess.run([sys.executable, "-m", "compileall", "-q",
                        os.path.join(ROOT, "xl_tiebreak")], check=True, env=_clean_env())
        plain, on_path = _clean_env(), _clean_env(PYTHONPATH=ROOT)
        bare_s = [sys.executable, "-S"]
        every = _interleaved({  # all six take turns: a change of the machine's speed hits all
            "installed bare": ([python, "-c", "pass"], plain),
            "installed import": ([python, "-c", "import xl_tiebreak.cli.main"], plain),
            "installed whole": ([script, *args], plain),
            "checkout bare": ([*bare_s, "-c", "pass"], on_path),
            "checkout import": ([*bare_s, "-c", "import xl_tiebreak.cli.main"], on_path),
            "checkout whole": ([*bare_s, "-m", "xl_tiebreak.cli", *args], on_path),
        }, runs)
        installed = {k.removeprefix("installed "): v for k, v in every.items()
                     if k.startswith("installed ")}
        checkout_times = {k.removeprefix("checkout "): v for k, v in every.items()
                          if k.startswith("checkout ")}
        for label, times in (("installed (fresh venv)", installed),
                             ("this checkout, python -S", checkout_times)):
            print(f"{label:>28}: bare interpreter {_figure(times['bare'])}")
            print(f"{'':>28}  import xl_tiebreak.cli.main {_figure(times['import'], times['bare'])}"
                  " (less the bare interpreter)")
            print(f"{'':>28}  compute 1,000 x 9 ({COMMAND_TIEBREAKS}), whole process: "
                  f"{_figure(times['whole'])}")
            cpu = {name: times[name + " cpu"] for name in ("bare", "import", "whole")}
            print(f"{'':>28}  CPU time (user + system): bare {_figure(cpu['bare'])}; import "
                  f"{_figure(cpu['import'], cpu['bare'])}; compute {_figure(cpu['whole'])}")
        if checker:
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
    import argparse

    parser = argparse.ArgumentParser(description="Benchmark of the command line and the engine")
    parser.add_argument("--runs", type=int, default=21, help="runs per command-line figure")
    parser.add_argument("--command-line", action="store_true",
                        help="only the command-line figures")
    parser.add_argument("--no-checker", action="store_true",
                        help="without the FIDE checker's figure (it takes seconds)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, one process, one core, {args.runs} runs each")
    command_line(args.runs, checker=not args.no_checker)
    if not args.command_line:
        run(2_000, 11)
        run(10_000, 13)


if __name__ == "__main__":
    main()
