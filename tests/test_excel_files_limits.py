"""Bounded work: a workbook inside the file-size limits but with millions of cells
in an unrelated sheet is refused at once with the limit named; a sheet whose last row is
1,048,576 costs nothing extra. (``benchmarks/bench_limits.py`` prints the cost at each
limit.)"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path
from types import ModuleType

import pytest

import xl_tiebreak.excel.files.checks as files
from xl_tiebreak.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_limits",
                                                  ROOT / "benchmarks" / "bench_limits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("command", ["compute", "standings"])
def test_millions_of_cells_in_another_sheet_are_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    book = bench().with_sheet(tmp_path, "huge.xlsx", 33_000, 100)  # 3.3 M one-digit cells
    assert book.stat().st_size < files.MAX_FILE_BYTES
    data = book.read_bytes()
    started = time.perf_counter()
    assert main([command, str(book)]) == 2
    assert time.perf_counter() - started < 5
    err = capsys.readouterr().err
    assert f"more than {files.MAX_CELLS:,} cells" in err and "huge.xlsx" in err
    assert "Traceback" not in err
    assert book.read_bytes() == data


def test_cells_just_under_the_limit_are_read(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    rows = (files.MAX_CELLS - 40_000) // 1000
    book = bench().with_sheet(tmp_path, "under.xlsx", rows, 1000)
    assert main(["compute", str(book)]) == 0
    assert "Anna Kowalska" in capsys.readouterr().out


def test_a_cell_in_the_last_row_costs_nothing(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    book = bench().with_sheet(tmp_path, "tall.xlsx", 1, 1, last_row=1_048_576)
    started = time.perf_counter()
    assert main(["standings", str(book), "-o", str(tmp_path / "o.xlsx")]) == 0
    assert time.perf_counter() - started < 10
    capsys.readouterr()


def test_too_many_rows_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = bench().with_sheet(tmp_path, "rows.xlsx", files.MAX_ROWS + 10, 0)
    assert main(["compute", str(book)]) == 2
    assert f"more than {files.MAX_ROWS:,} rows" in capsys.readouterr().err
