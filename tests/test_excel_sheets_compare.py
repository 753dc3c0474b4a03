"""The Compare sheet the standings writer adds when the Settings sheet has ``Compare orders``
rows (docs/engineering.md D64), on the "three champions" crosstable of
tests/test_standings_compare_orders.py, whose champions are derived by hand there: BH → Bo (13½),
BH/C1 → Ana
(12), BH/M1 → Cai (8½). Written headless (``xl-tiebreak standings``, the macro's writer) and
re-read with openpyxl."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.test_standings_compare_orders import NAMES, _crosstable
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.headless import ProblemsWritten, write_standings_file


def _book(path: Path, settings: list[tuple[object, object]],
          own_compare: bool = False) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Crosstable"
    for row in _crosstable():
        ws.append(row)
    st = wb.create_sheet("Settings")
    for label, value in settings:
        st.append([label, value])
    if own_compare:
        wb.create_sheet("Compare")["A1"] = "my own notes"
    wb.save(path)
    return path


SETTINGS = [("Setting", "Value"), ("Tournament name", "Three champions"),
            ("Tie-breaks", "BH"), ("Compare orders", "BH/C1"), (None, "BH/M1")]


def _table(ws: object) -> tuple[list[object], dict[str, list[object]]]:
    rows = [list(r) for r in ws.iter_rows(values_only=True)]  # type: ignore[attr-defined]
    top = next(k for k, r in enumerate(rows) if r[:2] == ["Moves", "No"])
    header = rows[top]
    body = {}
    for r in rows[top + 1:]:
        if r[2] in NAMES:
            body[str(r[2])] = r
    return header, body


def test_the_compare_sheet_names_three_champions(tmp_path: Path) -> None:
    path = _book(tmp_path / "event.xlsx", SETTINGS)
    result = write_standings_file(path)
    assert result.ok and result.extra_sheets == ["Compare"]
    assert "also 'Compare'" in result.message
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[-2:] == ["Standings", "Compare"]
    ws = wb["Compare"]
    header, body = _table(ws)
    assert header[:7] == ["Moves", "No", "Name", "Pts", "A: BH", "B: BH/C1", "C: BH/M1"]
    assert body["Bo"][4:7] == [1, 2, 3]
    assert body["Ana"][4:7] == [2, 1, 2]
    assert body["Cai"][4:7] == [3, 2, 1]
    assert body["Bo"][0] == body["Ana"][0] == body["Cai"][0] == "*"
    texts = [str(r[0]) for r in ws.iter_rows(values_only=True) if r and r[0]]
    assert any(t.startswith("A = BH (the Tie-breaks row") and "champion Bo (#2)" in t
               for t in texts)
    assert any(t.startswith("B = BH/C1: champion Ana (#1)") for t in texts)
    assert any(t.startswith("C = BH/M1: champion Cai (#3)") for t in texts)
    # a place that differs from order A is bold
    row = next(r for r in ws.iter_rows() if r[2].value == "Ana")
    assert row[5].font.bold and not row[4].font.bold
    assert OpenpyxlBook(wb).sheet_mark("Compare") == "compare"
    # '*' exactly on the rows whose places differ
    assert all((r[0] == "*") == (len(set(r[4:7])) > 1) for r in body.values())


def test_the_compare_sheet_goes_with_its_rows(tmp_path: Path) -> None:
    path = _book(tmp_path / "event.xlsx", SETTINGS)
    write_standings_file(path)
    wb = openpyxl.load_workbook(path)
    settings = wb["Settings"]
    for row in settings.iter_rows():
        if row[0].value == "Compare orders" or (row[0].value is None and row[1].value):
            row[1].value = None
            row[0].value = None
    wb.save(path)
    result = write_standings_file(path)
    assert result.extra_sheets == []
    assert "Compare" not in openpyxl.load_workbook(path).sheetnames


def test_a_compare_sheet_of_the_users_is_kept(tmp_path: Path) -> None:
    path = _book(tmp_path / "event.xlsx", SETTINGS, own_compare=True)
    with pytest.raises(ProblemsWritten) as caught:
        write_standings_file(path)
    assert any("'Compare' was not written by xl-tiebreak" in p.message
               for p in caught.value.problems)
    wb = openpyxl.load_workbook(path)
    assert wb["Compare"]["A1"].value == "my own notes"
    assert "Standings" not in wb.sheetnames
    # without compare orders the user's sheet is no business of ours
    path2 = _book(tmp_path / "event2.xlsx", SETTINGS[:3], own_compare=True)
    assert write_standings_file(path2).ok
    assert openpyxl.load_workbook(path2)["Compare"]["A1"].value == "my own notes"


def test_a_bad_compare_order_names_its_cell(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _book(tmp_path / "event.xlsx", [*SETTINGS[:3], ("Compare orders", "BH, NOPE")])
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr()
    assert "Settings!B4" in err.out + err.err and "NOPE" in err.out + err.err


def test_the_standings_legend_names_the_lots_seed(tmp_path: Path) -> None:
    # the legend of the Standings sheet names the seed of the drawing of lots
    path = _book(tmp_path / "event.xlsx", [("Tie-breaks", "LOTS"), ("Lots seed", "kilbrack")])
    write_standings_file(path)
    texts = [str(v) for r in openpyxl.load_workbook(path)["Standings"].iter_rows(values_only=True)
             for v in r if isinstance(v, str)]
    assert any(t.startswith("Drawing of lots: seed 'kilbrack'") for t in texts)
    path2 = _book(tmp_path / "bh.xlsx", [("Tie-breaks", "BH")])
    write_standings_file(path2)
    texts = [str(v) for r in openpyxl.load_workbook(path2)["Standings"].iter_rows(values_only=True)
             for v in r if isinstance(v, str)]
    assert not any("Drawing of lots" in t for t in texts)
