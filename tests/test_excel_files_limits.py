"""Bounded work: a workbook inside the file-size limits but with millions of cells
in an unrelated sheet is refused at once with the limit named; a sheet whose last row is
1,048,576 costs nothing extra. (``benchmarks/bench_limits.py`` prints the cost at each
limit.)"""

from __future__ import annotations

import importlib.util
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import xl_tiebreak.excel.files.checks as files
import xl_tiebreak.excel.files.limits as limits
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
    started = time.process_time()  # CPU time: the test machine may be shared
    assert main([command, str(book)]) == 2
    assert time.process_time() - started < 5
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
    started = time.process_time()  # CPU time: the test machine may be shared
    assert main(["standings", str(book), "-o", str(tmp_path / "o.xlsx")]) == 0
    assert time.process_time() - started < 10
    capsys.readouterr()


def test_too_many_rows_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = bench().with_sheet(tmp_path, "rows.xlsx", files.MAX_ROWS + 10, 0)
    assert main(["compute", str(book)]) == 2
    assert f"more than {files.MAX_ROWS:,} rows" in capsys.readouterr().err


# ---------------------------------------------------------------- the crosstable's area


def _template(path: Path, edit: Callable[[Any], None]) -> Path:
    from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

    wb = build_workbook(SWISS, vba=False)
    edit(wb)
    wb.save(path)
    return path


def test_a_stray_cell_far_below_a_sized_crosstable_costs_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Crosstable name counts the values of column A (COUNTA): one value in row 30,000
    makes it 18 rows, not 30,000, so the file is read as the spreadsheet layer reads it."""
    def edit(wb: Any) -> None:
        wb["Crosstable"]["A30000"] = "note"
        for row in range(18, 25_100):  # more stored rows than are ever read
            wb["Crosstable"].cell(row=row, column=20, value=1)

    book = _template(tmp_path / "stray.xlsx", edit)
    assert main(["compute", str(book)]) == 0
    out, err = capsys.readouterr()
    assert "Anna Kowalska" in out and "refused before the file is loaded" not in err


def test_blank_texts_below_an_unnamed_crosstable_are_not_its_area(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without the name, the sheet's used area is read: cells holding a text of spaces are
    blank (as the spreadsheet layer counts them), so 26,000 of them leave the crosstable its
    17 rows; a real value there is refused while the file is unpacked."""
    def blanks(wb: Any) -> None:
        del wb.defined_names["Crosstable"]
        for row in range(18, 26_018):
            wb["Crosstable"].cell(row=row, column=2, value="  ")

    book = _template(tmp_path / "blank.xlsx", blanks)
    assert main(["compute", str(book)]) == 0
    assert "Anna Kowalska" in capsys.readouterr().out

    def value(wb: Any) -> None:
        blanks(wb)
        wb["Crosstable"]["B26017"] = "x"

    book = _template(tmp_path / "value.xlsx", value)
    started = time.process_time()  # CPU time: the test machine may be shared
    assert main(["compute", str(book)]) == 2
    assert time.process_time() - started < 10
    err = capsys.readouterr().err
    assert "Crosstable!A1:O26017" in err and "refused before the file is loaded" in err


# ---------------------------------------------------------------- what is written is read


def test_a_workbook_is_never_written_beyond_what_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the cell limit just above the template's cells, the template is read, but the
    Standings sheet would take it over the limit: nothing is written, the file unchanged."""
    book = _template(tmp_path / "book.xlsx", lambda wb: None)
    with zipfile.ZipFile(book) as archive:
        cells = sum(archive.read(n).count(b"<c ") for n in archive.namelist()
                    if n.startswith("xl/worksheets/") and n.count("/") == 2)
    monkeypatch.setattr(limits, "MAX_CELLS", cells + 10)
    before = book.read_bytes()
    assert main(["standings", str(book)]) == 2
    err = capsys.readouterr().err
    assert f"the workbook would hold more than {cells + 10:,} cells" in err
    assert "nothing was written" in err
    assert book.read_bytes() == before
    monkeypatch.setattr(limits, "MAX_CELLS", cells + 5_000)
    assert main(["standings", str(book)]) == 0
    capsys.readouterr()


def _written_cells(tmp_path: Path, players: int, rounds: int) -> int:
    """Cells of the workbook ``workbook`` writes for a Swiss of ``players`` × ``rounds``
    once ``standings`` has added its sheet."""
    games: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    for r in range(rounds):  # the circle method: a different opponent every round
        order = [(r + k) % (players - 1) + 1 for k in range(players - 1)] + [players]
        for k in range(players // 2):
            white, black = order[k], order[players - 1 - k]
            games[white].append(f"  {black:4d} w 1")
            games[black].append(f"  {white:4d} b 0")
    lines = ["012 Open", "042 2026/03/01", f"XXR {rounds}"]
    for n in range(1, players + 1):
        points = sum(g.endswith("1") for g in games[n])
        lines.append(f"001 {n:4d} m    {f'Player {n:05d}':<33} {1500 + n % 700:4d} BRA "
                     f"{1000 + n:>11} {'':10} {points:4.1f} {n:4d}" + "".join(games[n]))
    source = tmp_path / f"e{players}.trf"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    book = tmp_path / f"e{players}.xlsx"
    assert main(["workbook", str(source), "-o", str(book)]) == 0
    assert main(["standings", str(book)]) == 0
    with zipfile.ZipFile(book) as archive:
        return sum(archive.read(n).count(b"<c ") for n in archive.namelist()
                   if n.startswith("xl/worksheets/") and n.count("/") == 2)


def test_a_workbook_of_5000_players_and_15_rounds_fits_the_limits(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Beyond the template's 200 rows each player adds the same cells (a crosstable row, a
    Functions row, a Formula standings row, a Standings row): measured at 240 and 280
    players, the line through them puts 5,000 players × 15 rounds inside the cell limit, as
    README says (below 200 players the function sheets keep their 200 rows)."""
    small, large = _written_cells(tmp_path, 240, 15), _written_cells(tmp_path, 280, 15)
    capsys.readouterr()
    per_player = (large - small) / 40
    # 21 crosstable cells, 29 Functions, 19 Formula standings, the Standings row's
    assert 70 <= per_player <= 100, per_player
    assert small + (5_000 - 240) * per_player <= files.MAX_CELLS
