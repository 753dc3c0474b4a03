"""The function sheets' arrays grown inside the zip (decision D-O4,
:mod:`xl_tiebreak.excel.book.zip_arrays`) give the workbook the openpyxl route gives: an
event larger than the template's rows typed into each shipped template (and the demo), then
``xl-tiebreak standings`` by each route, and every cell of every sheet compared (formula,
cached value, format), with the row heights, print areas, used ranges and defined names. The
zip route copies the sheets it does not own byte for byte. A part it does not edit (rows
already below the arrays) goes the openpyxl route, which still grows it; ``xl-tiebreak
workbook`` writes through the zip the workbook the openpyxl route wrote.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

import xl_tiebreak.excel.headless as headless
from tests.test_excel_functions_event_sheets import generated, typed
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.book.zip_book import NeedsGrowth, ZipBook

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "workbook_templates"


def _style(cell: Any) -> tuple[object, ...]:
    return (cell.number_format, cell.font.b, cell.font.sz, cell.fill.fgColor.rgb,
            cell.border.bottom.style, cell.alignment.horizontal, cell.alignment.wrap_text,
            cell.protection.locked)


def dump(path: Path) -> dict[str, Any]:
    """Everything compared of a workbook: per sheet its cells (value or formula, cached
    value, format), row heights, print area and used range; the defined names."""
    formulas = openpyxl.load_workbook(path)
    values = openpyxl.load_workbook(path, data_only=True)
    out: dict[str, Any] = {}
    for ws in formulas.worksheets:
        shown = values[ws.title]
        cells = {}
        for row in ws.iter_rows():
            for c in row:
                value = c.value
                if hasattr(value, "ref"):
                    value = ("array", value.ref, value.text)
                cells[c.coordinate] = (value, shown[c.coordinate].value, _style(c))
        heights = {r: d.height for r, d in ws.row_dimensions.items() if d.height}
        out[ws.title] = (cells, heights, ws.print_area, ws.dimensions)
    out["names"] = sorted((n, formulas.defined_names[n].attr_text)
                          for n in formulas.defined_names)
    return out


def by_openpyxl(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``standings`` take the openpyxl route, as it did for every short sheet before."""
    def refuse(book: ZipBook, participants: int) -> list[str]:
        raise NeedsGrowth("test")

    monkeypatch.setattr(ZipBook, "fit_function_sheets", refuse)


def both_routes(source: Path, players: int, tmp_path: Path,
                monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The typed template written by ``standings`` through the zip (checked: openpyxl never
    loaded it) and through openpyxl."""
    zipped = typed(source, generated(players, 7, seed=players), tmp_path / f"zip{source.suffix}")
    plain = Path(shutil.copy(zipped, tmp_path / f"openpyxl{source.suffix}"))
    loaded: list[Path] = []
    load = headless.files.load

    def spy(path: Path, *args: Any, **kwargs: Any) -> Any:
        loaded.append(Path(path))
        return load(path, *args, **kwargs)

    monkeypatch.setattr(headless.files, "load", spy)
    assert main(["standings", str(zipped)]) == 0
    assert loaded == []  # the zip route wrote it
    with monkeypatch.context() as patched:
        by_openpyxl(patched)
        assert main(["standings", str(plain)]) == 0
    assert loaded == [plain]
    return zipped, plain


@pytest.mark.parametrize("name", ["swiss.xlsx", "swiss.xlsm", "round_robin.xlsx"])
def test_grown_in_the_zip_as_by_openpyxl(name: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    zipped, plain = both_routes(TEMPLATES / name, 230, tmp_path, monkeypatch)
    got, expected = dump(zipped), dump(plain)
    assert got.keys() == expected.keys()
    for sheet in expected:
        assert got[sheet] == expected[sheet], (name, sheet)
    functions = openpyxl.load_workbook(zipped)["Functions"]
    assert functions["A5"].value.ref == "A5:B234"  # 230 participant rows
    assert "230" in str(functions["A1"].value)  # the note counts the rows


def test_rows_below_the_arrays_go_the_openpyxl_route(tmp_path: Path) -> None:
    """Empty formatted cells below the arrays: the zip growth would have to merge rows, so
    it leaves the sheet to the openpyxl route, which grows the arrays over them."""
    wb = openpyxl.load_workbook(TEMPLATES / "swiss.xlsx")
    wb["Functions"]["C230"].number_format = "0.00"  # a format, no value
    made = tmp_path / "formatted.xlsx"
    wb.save(made)
    event = typed(made, generated(230, 7, seed=3), tmp_path / "event.xlsx")
    book = ZipBook(event.read_bytes())
    with pytest.raises(NeedsGrowth):
        book.fit_function_sheets(230)
    assert main(["standings", str(event)]) == 0
    assert openpyxl.load_workbook(event)["Functions"]["A5"].value.ref == "A5:B234"


def test_a_taken_cell_below_is_said_in_both_routes(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    wb = openpyxl.load_workbook(TEMPLATES / "swiss.xlsx")
    wb["Functions"]["D220"] = "mine"
    made = tmp_path / "taken.xlsx"
    wb.save(made)
    texts = []
    for route in ("zip", "openpyxl"):
        event = typed(made, generated(230, 7, seed=4), tmp_path / f"{route}.xlsx")
        with monkeypatch.context() as patched:
            if route == "openpyxl":
                by_openpyxl(patched)
            result = headless.write_standings_file(event)
        texts.append(result.fit_report)
        assert openpyxl.load_workbook(event)["Functions"]["D220"].value == "mine"
    assert texts[0] == texts[1]
    assert any("D220 below its arrays is not empty" in line for line in texts[0])


def test_workbook_from_an_event_as_by_openpyxl(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``xl-tiebreak workbook`` grows and fills the function sheets inside the zip: the same
    workbook as growing them with openpyxl and saving it whole (the file name it quotes
    aside)."""
    import xl_tiebreak.excel.book.openpyxl_arrays as openpyxl_arrays
    from xl_tiebreak.formats.trf.reader import write_trf

    trf = tmp_path / "event.trf"
    trf.write_text(write_trf(generated(260, 9, seed=26)), encoding="utf-8")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    zipped = tmp_path / "a" / "event.xlsx"
    plain = tmp_path / "b" / "event.xlsx"
    grown_by_openpyxl: list[int] = []
    fit = openpyxl_arrays.fit_workbook

    def spy(workbook: Any, participants: int) -> tuple[list[str], list[str]]:
        grown_by_openpyxl.append(participants)
        return fit(workbook, participants)

    monkeypatch.setattr(openpyxl_arrays, "fit_workbook", spy)
    assert main(["workbook", str(trf), "-o", str(zipped)]) == 0
    assert grown_by_openpyxl == []  # grown inside the zip
    with monkeypatch.context() as patched:
        by_openpyxl(patched)
        assert main(["workbook", str(trf), "-o", str(plain)]) == 0
    assert grown_by_openpyxl == [260]
    got, expected = dump(zipped), dump(plain)
    assert got == expected
    xml = zipfile.ZipFile(zipped).read("xl/workbook.xml").decode()
    assert re.search(r'<calcPr[^>]*fullCalcOnLoad="0"', xml)


def test_rows_the_zip_growth_cannot_place_go_the_openpyxl_route() -> None:
    """A row without its number, or rows out of order: the new rows could not be put in
    their place, so the zip growth hands over."""
    from xl_tiebreak.excel.book.zip_arrays import CannotHere, _new_rows

    head = '<worksheet><sheetData><row r="4"><c r="A4"/></row>'
    for rows in ('<row><c r="A5"/></row>', '<row r="6"><c r="A6"/></row><row r="5"/>'):
        with pytest.raises(CannotHere):
            _new_rows(head + rows + "</sheetData></worksheet>", {}, 6, 8, 2)
    grown = _new_rows(head + '<row r="5"/><row r="6"/></sheetData></worksheet>', {}, 6, 8, 2)
    assert grown.index('<row r="6"/>') < grown.index('<row r="7">') < grown.index(
        '<row r="8">') < grown.index("</sheetData>")
