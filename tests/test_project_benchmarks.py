"""The benchmark scripts still run (they print figures; nothing here is timed): the command
line's benchmark with one run, through its fresh installation of the package."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_command_line_benchmark_runs_a_fresh_install() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_engine.py"), "--command-line",
         "--runs", "1", "--no-checker"],
        capture_output=True, text=True, env=env, check=False, timeout=600)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for label in ("installed (fresh venv)", "this checkout, python -S"):
        assert label in out
    # two whole-process figures, each a best and a median in milliseconds
    assert len(re.findall(r"whole process: best +[\d.]+ ms, median +[\d.]+ ms", out)) == 2
    assert "FIDE checker" not in out


def test_the_workbook_benchmark_runs() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_workbook.py"), "--players", "40",
         "--no-pyodide"], capture_output=True, text=True, env=env, check=False, timeout=600)
    assert result.returncode == 0, result.stderr
    for label in ("workbook", "standings"):
        assert re.search(rf"40 players × 11 rounds  {label} +processor +[\d.]+ s", result.stdout)
    assert re.search(r"standings on swiss.xlsx \([\d,]+ function rows, \d+ KB\) +processor",
                     result.stdout)
