"""``WHY_AHEAD``: the worksheet function returns what ``compute --why A,B`` prints for the same
crosstable, order and players (given by start number or by name), one line per cell."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from xl_tiebreak import udfs
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS

ORDER = "BH/C1,BH,SB,DE,WIN"


def as_range(rows: list[list[object]]) -> list[list[Any]]:
    """A crosstable as xlwings hands it over (numbers as floats)."""
    return [[float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in r]
            for r in rows]


def cli_why(tmp_path: Path, capsys: pytest.CaptureFixture[str], a: int, b: int) -> list[str]:
    """The ``--why`` block of the command line's text output, whitespace collapsed."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows(SWISS.rows)
    path = tmp_path / "swiss.csv"
    path.write_text(buffer.getvalue(), encoding="utf-8")
    assert main(["compute", str(path), "--tiebreaks", ORDER, "--why", f"{a},{b}"]) == 0
    out = capsys.readouterr().out
    block = out[out.index("Why: "):].strip().splitlines()
    return [" ".join(line.split()) for line in block]


def cells(result: Any) -> list[str]:
    """The function's result as lines (a single value or a column)."""
    if isinstance(result, str):
        return [result]
    return [str(row[0]) for row in result]


@pytest.mark.parametrize(("a", "b"), [(3, 6), (1, 2), (7, 3)])
def test_same_as_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  a: int, b: int) -> None:
    udfs.clear_cache()
    got = cells(udfs.WHY_AHEAD(as_range(SWISS.rows), float(a), float(b), ORDER))
    want = cli_why(tmp_path, capsys, a, b)
    assert " ".join(got) == " ".join(want)
    assert all(len(x) <= 255 for x in got)
    assert got[0].startswith(f"Why: #{a} ")


def test_players_by_name_and_unknown_player() -> None:
    udfs.clear_cache()
    rows = as_range(SWISS.rows)
    names = {int(r[0]): str(r[1]) for r in rows[1:] if isinstance(r[0], float)}
    by_number = udfs.WHY_AHEAD(rows, 1.0, 2.0, ORDER)
    assert udfs.WHY_AHEAD(rows, names[1], names[2], ORDER) == by_number
    problem = udfs.WHY_AHEAD(rows, 1.0, "Nobody", ORDER)
    assert isinstance(problem, str) and problem.startswith("#PLAYER?")
