"""xlwings Lite's first import of the single-file ``main.py``, under Pyodide (a script, not a
test).

Builds the wheel of this checkout, makes ``main.py`` from it (``python -m
xl_tiebreak.excel.lite_bundle``) with and without bytecode, and runs each in a fresh Pyodide
under node (``tests/pyodide/run.mjs``; xlwings copied in as Lite installs it). In Pyodide it
imports xlwings first (Lite has it loaded before ``main.py`` runs), then times the import of
``main.py`` — unpacking the modules, importing them, registering every function — and says how
many of xl-tiebreak's modules were imported, and from bytecode or from source; then the
first call of a worksheet function (``POINTS`` on a four-player crosstable, which imports
and reads what the import left for it) and the modules imported after it. Three sessions
each; each figure is a fresh session (Pyodide's file system starts empty). CPU seconds of the
node process (``process.cpuUsage``; Pyodide's own clocks are wall clocks, which the other
processes' load inflates), the least of the sessions, and the wall-clock seconds beside.

Run: ``python benchmarks/bench_lite.py [--python PYTHON] [--sessions 3]`` (``--python``: the
interpreter that compiles the bytecode, of Pyodide's Python version; default: the one
``XL_TIEBREAK_BYTECODE_PYTHON`` names, else the ``python3.X`` on PATH of that version).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import xlwings

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide"

CROSSTABLE = [["No", "Name", "R1", "R2", "R3"],
              [1.0, "Anna", "4w1", "2b½", "3w1"],
              [2.0, "Bert", "3b0", "1w½", "4b1"],
              [3.0, "Cleo", "2w1", "4b½", "1b0"],
              [4.0, "Dan", "1b0", "3w½", "2w0"]]
"""The crosstable of the first call, ``POINTS(CROSSTABLE, 1)``: Anna's 1 + ½ + 1 = 2½ points."""

CODE = r"""
import json, os, sys, time
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
import xlwings, xlwings.server  # loaded before main.py in Lite
import importlib.util
import js
def cpu():
    used = js.process.cpuUsage()  # node's: Pyodide's own clocks are wall clocks
    return (used.user + used.system) / 1e6
started, wall = cpu(), time.perf_counter()
spec = importlib.util.spec_from_file_location("main", "/lite/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
seconds, wall = cpu() - started, time.perf_counter() - wall
before_call = set(sys.modules)
started = cpu()
points = main.POINTS(CROSSTABLE, 1.0)  # the first call: what it imports and reads
first_call = cpu() - started
assert points == 2.5, points
ours = [m for n, m in sys.modules.items() if n == "xl_tiebreak" or n.startswith("xl_tiebreak.")]
after_call = len(ours)
ours = [m for n, m in sys.modules.items()
        if (n == "xl_tiebreak" or n.startswith("xl_tiebreak.")) and n in before_call]
cached = [m for m in ours if getattr(m, "__cached__", None)
          and os.path.exists(m.__cached__)]
RESULT = json.dumps({"seconds": seconds, "wall": wall, "modules": len(ours),
                     "first_call": first_call, "after_call": after_call,
                     "from_bytecode": len(cached),
                     "python": sys.version.split()[0], "tag": sys.implementation.cache_tag})
"""


def pyodide_python() -> str:
    """Pyodide's Python version (``3.13.2``), from its lock file."""
    lock = json.loads((RUNNER / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    return str(lock["info"]["python"])


def runs_as(python: str | None, minor: str) -> str | None:
    """``python`` when it runs and is Python ``minor`` (``3.13``), else None."""
    if not python:
        return None
    try:
        done = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:2], sep='.')"],
                              capture_output=True, text=True, timeout=60)
    except OSError:
        return None
    return python if done.returncode == 0 and done.stdout.strip() == minor else None


def wheel(folder: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(folder), str(ROOT)], check=True, capture_output=True)
    (built,) = folder.glob("xl_tiebreak-*-py3-none-any.whl")
    return built


def session(main_py: Path) -> dict[str, Any]:
    """One fresh Pyodide session importing ``main_py``."""
    job = {"trees": {"/site": {"xlwings": str(Path(xlwings.__file__).resolve().parent)}},
           "files": {"/lite/main.py": main_py.read_text(encoding="utf-8")},
           "code": f"CROSSTABLE = {json.dumps(CROSSTABLE)}\n{CODE}"}
    node = shutil.which("node") or "node"
    done = subprocess.run([node, "run.mjs"], input=json.dumps(job), capture_output=True,
                          text=True, cwd=RUNNER, timeout=600,
                          env={k: v for k, v in os.environ.items() if k != "NODE_OPTIONS"})
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", help="interpreter of Pyodide's Python version")
    parser.add_argument("--sessions", type=int, default=3)
    args = parser.parse_args(argv[1:])
    version = pyodide_python()
    minor = ".".join(version.split(".")[:2])
    python = runs_as(args.python or os.environ.get("XL_TIEBREAK_BYTECODE_PYTHON")
                     or shutil.which(f"python{minor}"), minor)
    print(f"Pyodide's Python {version}; bytecode compiled by {python or '(none found)'}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        built = wheel(folder)
        forms: list[tuple[str, list[str]]] = [("source", [])]
        if python:
            forms.append(("bytecode", ["--bytecode", python]))
        for label, extra in forms:
            out = folder / f"main-{label}.py"
            subprocess.run([sys.executable, "-m", "xl_tiebreak.excel.lite_bundle", str(built),
                            "-o", str(out), *extra], check=True)
            runs = [session(out) for _ in range(args.sessions)]
            best = min(r["seconds"] for r in runs)
            last = runs[-1]
            size = out.stat().st_size
            print(f"  {label:8} main.py {size / 1024:,.0f} KiB: import {best:.3f} s CPU (of "
                  + ", ".join(f"{r['seconds']:.3f}" for r in runs)
                  + f"; wall {min(r['wall'] for r in runs):.3f} s"
                  + f"); {last['modules']} modules, {last['from_bytecode']} from bytecode "
                  f"({last['tag']}); first call POINTS "
                  f"{min(r['first_call'] for r in runs):.3f} s CPU ({last['after_call']} "
                  "modules after it)")
    if not re.fullmatch(r"3\.\d+", minor):
        raise SystemExit(f"unexpected Pyodide Python {version}")


if __name__ == "__main__":
    main(sys.argv)
