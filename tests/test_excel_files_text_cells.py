"""Names from strangers' files stay names in a workbook: a TRF player called
``=HYPERLINK(…)``, ``+SUM(1;2)`` or ``@cmd`` becomes a text cell (never a formula, marked with
Excel's quote prefix so that editing the cell keeps it text), and every reader gets the name
back exactly as the TRF spells it."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xl_tiebreak.cli.main import main

NAMES = ['=HYPERLINK("http://x.example")', "+SUM(1;2)", "@cmd", "-2+3",
         "Silva, Ana"]


def trf(names: list[str]) -> str:
    """A three-round Swiss of four players (1-2, 3-4; 1-3, 2-4; 1-4, 2-3), White winning
    every game, written column by column as TRF16 lays out a 001 line."""
    games = {1: [(2, "w", "1"), (3, "w", "1"), (4, "w", "1")],
             2: [(1, "b", "0"), (4, "w", "1"), (3, "w", "1")],
             3: [(4, "w", "1"), (1, "b", "0"), (2, "b", "0")],
             4: [(3, "b", "0"), (2, "b", "0"), (1, "b", "0")]}
    lines = ["012 Names test", "042 2026/03/01", "XXR 3"]
    for no in range(1, 5):
        points = sum(result == "1" for _, _, result in games[no])
        line = f"001 {no:4d} m    {names[no - 1]:<33} {1800 + no:4d} BRA {1000 + no:>11} " \
               f"{'':10} {points:4.1f} {no:4d}"
        line += "".join(f"  {opp:4d} {colour} {result}" for opp, colour, result in games[no])
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("first", range(len(NAMES) - 3))
def test_a_name_that_starts_like_a_formula_is_written_as_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], first: int) -> None:
    names = NAMES[first:first + 4]
    source = tmp_path / "event.trf"
    source.write_text(trf(names), encoding="utf-8")
    book = tmp_path / "event.xlsx"
    assert main(["workbook", str(source), "-o", str(book)]) == 0
    capsys.readouterr()

    wb = openpyxl.load_workbook(book)
    crosstable = {c.value: c for c in wb["Crosstable"]["B"][1:]}
    assert sorted(crosstable) == sorted(names)  # each name kept exactly
    for name, cell in crosstable.items():
        assert cell.data_type == "s", name
        assert cell.quotePrefix == name.startswith(("=", "+", "-", "@")), name
    with zipfile.ZipFile(book) as archive:
        formulas = b"".join(archive.read(n) for n in archive.namelist()
                            if n.startswith("xl/worksheets/"))
    assert b"<f>HYPERLINK" not in formulas and b"<f>SUM(1;2)" not in formulas

    # read back: the standings name the players as the TRF does, and the TRF export too
    assert main(["compute", str(book), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [row["name"] for row in rows] == names  # White won every game: 1, 2, 3, 4
    assert main(["standings", str(book)]) == 0
    capsys.readouterr()
    again = tmp_path / "again.trf"
    assert main(["export", str(book), "-o", str(again)]) == 0
    capsys.readouterr()
    exported = [line[14:47].rstrip() for line in again.read_text(encoding="utf-8").splitlines()
                if line.startswith("001")]
    assert exported == names


def test_report_sheets_write_such_names_as_they_are(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the Progression and Ratings sheets (Settings 'Report sheets'): the names exactly as the
    # TRF spells them, in text cells, no apostrophe of their own in the cell's text
    names = NAMES[:4]
    source = tmp_path / "event.trf"
    source.write_text(trf(names), encoding="utf-8")
    book = tmp_path / "event.xlsx"
    assert main(["workbook", str(source), "-o", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    settings = wb["Settings"]
    row = settings.max_row + 1
    settings.cell(row=row, column=1, value="Report sheets")
    settings.cell(row=row, column=2, value="Progression, Ratings")
    wb.save(book)
    assert main(["standings", str(book)]) == 0
    capsys.readouterr()
    wb = openpyxl.load_workbook(book)
    for sheet in ("Progression", "Ratings"):
        cells = [c for r in wb[sheet].iter_rows() for c in r if isinstance(c.value, str)]
        shown = {c.value for c in cells}
        assert set(names) <= shown, (sheet, sorted(shown)[:12])
        assert not any(v.startswith("'") for v in shown), sheet
        assert all(c.data_type == "s" for c in cells if c.value in names), sheet
