"""Benchmark of the workbook commands on big events and of xlwings Lite's first import.

Run: ``python benchmarks/bench_workbook.py [--players 400,2000,5000] [--runs N] [--no-pyodide]``.
Prints

* for each size (generated Swiss events: 400 × 9, 2,000 × 11 and 5,000 × 15 rounds, with
  byes, forfeits and withdrawals, ``bench_engine.generate``): the processor time of the whole
  process of ``xl-tiebreak workbook EVENT.trf -o EVENT.xlsx`` and of ``xl-tiebreak standings
  EVENT.xlsx`` (the best of ``--runs``, 1 by default), and the time per player × round, which
  stays flat when the work is linear (at 5,000 players the function sheets' used area is over
  ``cached_values.MAX_CACHED_AREA``: ``standings`` leaves their values to the spreadsheet,
  ``workbook`` caches them all);
* ``xl-tiebreak standings`` on a copy of the shipped ``workbook_templates/swiss.xlsx`` (its
  16-player sample, the function sheets' fixed arrays over every participant row): what the
  size of those arrays costs;
* under Pyodide (node, ``tests/pyodide``; skipped when absent): the time of Lite's first import
  of ``workbook_templates/lite/main.py`` with the package copied in, and of the single-file
  ``main.py`` that ``python -m xl_tiebreak.excel.lite_bundle`` makes from a wheel built here,
  without and (given Pyodide's Python 3.13: ``XL_TIEBREAK_BYTECODE_PYTHON`` or ``python3.13``
  on the PATH) with the bytecode it ships.

Processor time (user + system of the child) is printed besides the wall time: on a shared
machine the wall time moves with the load, the processor time much less. The commands run as
a user runs them: Python keeps the bytecode it compiles (``PYTHONDONTWRITEBYTECODE``, which
some machines set, is removed from the child's environment), and one untimed run first
compiles it. Virtual machines also change speed from hour to hour (threefold on the
development machine): the processor time of a fixed pure-Python loop
(:func:`reference_seconds`) is measured just before each run, and each best figure is printed
with the loop's time before it and as a multiple of it, so that runs on different machines
or hours can be compared; every run's time follows.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_engine import generate  # noqa: E402

from xl_tiebreak.formats.trf.reader import write_trf  # noqa: E402

ROUNDS = {400: 9, 2000: 11, 5000: 15}
"""Rounds of the generated event of each size (other sizes: 11)."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The commands' environment: Python writes and reuses bytecode, as it does for users."""


Run = tuple[float, float, float]
"""One timed run: (processor seconds, wall seconds, the reference loop's seconds just
before it)."""


def timed(command: list[str]) -> Run:
    """One run of ``command``, with the machine's speed measured just before it."""
    reference = reference_seconds(1)
    cpu, wall = _children_cpu(), time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=CHILD_ENV)
    return _children_cpu() - cpu, time.perf_counter() - wall, reference


REFERENCE_LOOP = 10_000_000
"""Additions of the reference loop."""


def reference_seconds(runs: int = 3) -> float:
    """Processor seconds of a fixed pure-Python loop (:data:`REFERENCE_LOOP` additions), the
    best of ``runs``: this machine's speed at this moment (it moves threefold from hour to
    hour here)."""
    best_time = float("inf")
    for _ in range(runs):
        started = time.process_time()
        total = 0
        for i in range(REFERENCE_LOOP):
            total += i
        best_time = min(best_time, time.process_time() - started)
    return best_time


def best(runs: list[Run]) -> Run:
    """The fastest run (least processor time)."""
    return min(runs)


def _line(label: str, runs: list[Run], per: str = "") -> str:
    cpu, wall, reference = best(runs)
    spread = ", ".join(f"{r[0]:.2f}" for r in runs)
    return (f"{label}  processor {cpu:6.2f} s  wall {wall:6.2f} s{per}  "
            f"(reference loop {reference:.2f} s before it: {cpu / reference:5.2f} ×; "
            f"all runs {spread} s)")


def commands(players: int, runs: int, folder: Path) -> None:
    rounds = ROUNDS.get(players, 11)
    trf = folder / f"event_{players}.trf"
    trf.write_text(write_trf(generate(players, rounds)), encoding="utf-8")
    book = folder / f"event_{players}.xlsx"
    cli = [sys.executable, "-m", "xl_tiebreak.cli"]
    workbook = [timed([*cli, "workbook", str(trf), "-o", str(book), "--force"])
                for _ in range(runs)]
    fresh = folder / f"event_{players}_written.xlsx"
    shutil.copyfile(book, fresh)
    standings = []
    for _ in range(runs):  # each run writes a first Standings sheet
        shutil.copyfile(fresh, book)
        standings.append(timed([*cli, "standings", str(book)]))
    for label, found in (("workbook", workbook), ("standings", standings)):
        per = best(found)[0] / (players * rounds) * 1e6
        print(_line(f"{players:>6} players × {rounds:>2} rounds  {label:<9}", found,
                    f"  {per:5.1f} µs per player-round"))


def template_standings(runs: int, folder: Path) -> None:
    """Time ``standings`` on a copy of the shipped Swiss template (copied afresh each run)."""
    from xl_tiebreak.excel.templates.function_sheets import TEMPLATE_ROWS

    source = ROOT / "workbook_templates" / "swiss.xlsx"
    book = folder / "template.xlsx"
    results = []
    for _ in range(runs):
        shutil.copyfile(source, book)
        results.append(timed([sys.executable, "-m", "xl_tiebreak.cli", "standings", str(book)]))
    print(_line(f"standings on swiss.xlsx ({TEMPLATE_ROWS:,} function rows, "
                f"{source.stat().st_size / 1024:.0f} KB)", results))


PYODIDE_CODE = r"""
import os, sys, time, importlib.util, json
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
import xlwings  # as in Lite, loaded before main.py runs
started = time.perf_counter()
spec = importlib.util.spec_from_file_location("main", "/lite/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
RESULT = json.dumps({"seconds": time.perf_counter() - started,
                     "functions": len([n for n in dir(main)
                                      if hasattr(getattr(main, n), "__xlfunc__")])})
"""


def pyodide_import(folder: Path) -> None:
    runner = ROOT / "tests" / "pyodide"
    node = shutil.which("node")
    if node is None or not (runner / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        print("Pyodide: skipped (node or the npm package pyodide is missing: npm ci --prefix "
              "tests/pyodide)")
        return
    import xlwings

    xlwings_dir = str(Path(xlwings.__file__).resolve().parent)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(folder), str(ROOT)], check=True, capture_output=True)
    (wheel,) = folder.glob("xl_tiebreak-*.whl")
    bundled = folder / "main.py"
    subprocess.run([sys.executable, "-m", "xl_tiebreak.excel.lite_bundle", str(wheel), "-o",
                    str(bundled), "--force"], check=True, cwd=ROOT)
    compiled = folder / "main_bytecode.py"
    python = os.environ.get("XL_TIEBREAK_BYTECODE_PYTHON") or shutil.which("python3.13")
    if python:  # Pyodide's Python (3.13) compiles the shipped bytecode
        subprocess.run([sys.executable, "-m", "xl_tiebreak.excel.lite_bundle", str(wheel), "-o",
                        str(compiled), "--force", "--bytecode", python], check=True, cwd=ROOT)
    cases = {
        "shipped main.py, package copied in": (
            (ROOT / "workbook_templates" / "lite" / "main.py").read_text(encoding="utf-8"),
            {"xl_tiebreak": str(ROOT / "xl_tiebreak"), "xlwings": xlwings_dir}),
        "single-file main.py (lite_bundle)": (
            bundled.read_text(encoding="utf-8"), {"xlwings": xlwings_dir}),
    }
    if compiled.is_file():
        cases["single-file main.py with Python 3.13 bytecode (lite_bundle --bytecode)"] = (
            compiled.read_text(encoding="utf-8"), {"xlwings": xlwings_dir})
    else:
        print("Pyodide: the bundle with bytecode skipped (no python3.13: set "
              "XL_TIEBREAK_BYTECODE_PYTHON)")
    for label, (text, trees) in cases.items():
        job = {"trees": {"/site": trees}, "files": {"/lite/main.py": text},
               "code": PYODIDE_CODE}
        done = subprocess.run([node, "run.mjs"], input=json.dumps(job), capture_output=True,
                              text=True, cwd=runner, check=True,
                              env={k: v for k, v in os.environ.items() if k != "NODE_OPTIONS"})
        result = json.loads(done.stdout)
        print(f"Pyodide first import, {label}: {result['seconds']:.2f} s "
              f"({result['functions']} functions registered)")


def warm_up(folder: Path) -> None:
    """Both commands once on a small event, untimed: Python compiles and keeps the bytecode
    of every module they import, as a user's first run does."""
    trf = folder / "warm_up.trf"
    trf.write_text(write_trf(generate(16, 5)), encoding="utf-8")
    book = folder / "warm_up.xlsx"
    cli = [sys.executable, "-m", "xl_tiebreak.cli"]
    for command in ([*cli, "workbook", str(trf), "-o", str(book), "--force"],
                    [*cli, "standings", str(book)]):
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=CHILD_ENV)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="400,2000,5000")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args(argv)
    print(f"reference loop: {REFERENCE_LOOP:,} additions, timed before each run")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        warm_up(folder)
        for players in (int(p) for p in args.players.split(",") if p.strip()):
            commands(players, args.runs, folder)
        template_standings(args.runs, folder)
        if not args.no_pyodide:
            pyodide_import(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
