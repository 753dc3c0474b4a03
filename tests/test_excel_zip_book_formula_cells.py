"""The formula cells and the extent of a sheet part found without reading its other cells
(:func:`~xl_tiebreak.excel.book.zip_book.formula_cells`,
:func:`~xl_tiebreak.excel.book.zip_book.cell_extent`) are what reading the whole part gives:
every formula cell (plain, shared and translated, array, data table) with its value, cached
value and format, and the last row and column of the stored cells. Over the shipped
templates, the demo, a workbook written from an event and its standings, hand-made parts
(shared formulas, cells without a reference, a comment) and the real workbooks of
tests/data when fetched. ``standings`` then writes the same bytes as when every sheet was
read whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_excel_zip_book import corpus
from xl_tiebreak.excel.book import zip_book
from xl_tiebreak.excel.book.zip_book import ZipBook, ZipSheet, open_zip_book

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted(p for p in (ROOT / "workbook_templates").rglob("*")
                   if p.suffix in (".xlsx", ".xlsm"))


def _plain(value: object) -> object:
    if hasattr(value, "ref") and hasattr(value, "text"):
        return ("array", value.ref, value.text)
    if hasattr(value, "attrib") or type(value).__name__ == "DataTableFormula":
        return ("table", sorted(dict(value).items()))  # type: ignore[call-overload]
    return value


def _comparable(cells: dict[tuple[int, int], Any]) -> dict[tuple[int, int], tuple[Any, ...]]:
    return {k: (_plain(c.value), c.data_type, _plain(c.cached), c.style)
            for k, c in cells.items()}


def assert_alike(book: ZipBook, where: str) -> int:
    """Compare both views of every worksheet part of ``book``; returns how many parts took
    the short way (formula cells found alone)."""
    short = 0
    for entry in book.entries:
        if not isinstance(entry.sheet, ZipSheet):
            continue
        data = book.part(entry.part)
        try:
            whole = zip_book.parse_cells(data, book.context)
        except Exception:  # noqa: BLE001 - a damaged part: nothing to compare with
            continue
        formulas = {k: c for k, c in whole.items() if c.data_type == "f"}
        found = zip_book.formula_cells(data, book.context)
        if found is not None:
            short += 1
            assert _comparable(found) == _comparable(formulas), (where, entry.title)
        extent = zip_book.cell_extent(data)
        expected = (max((r for r, _ in whole), default=1), max((c for _, c in whole), default=1))
        if extent is not None:
            assert extent == expected, (where, entry.title)
        # the sheet's own view, before and after it is read whole
        sheet = ZipSheet(book, entry.title, entry.part)
        assert _comparable(sheet.formula_cells()) == _comparable(formulas), (where, entry.title)
        assert sheet.extent() == expected, (where, entry.title)
        assert sheet._parsed is None or found is None  # not read whole for that
        assert (sheet.max_row, sheet.max_column) == expected
    return short


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_templates(path: Path) -> None:
    assert assert_alike(ZipBook(path.read_bytes()), path.name) > 0


def test_demo_and_written_workbooks(tmp_path: Path) -> None:
    from xl_tiebreak.cli.main import main
    from xl_tiebreak.excel.templates.builder import build_demo

    demo = build_demo(tmp_path)
    assert assert_alike(ZipBook(demo.read_bytes()), "demo") > 0
    out = tmp_path / "event.xlsx"
    assert main(["workbook", str(ROOT / "examples" / "spring_open.trf"), "-o", str(out)]) == 0
    assert assert_alike(ZipBook(out.read_bytes()), "workbook") > 0
    assert main(["standings", str(out)]) == 0
    assert assert_alike(ZipBook(out.read_bytes()), "standings") > 0


def _book_with_sheet(sheet_data: str, tmp_path: Path) -> ZipBook:
    """A template whose Settings sheet part has the given sheet data."""
    import re
    import zipfile

    source = TEMPLATES[0]
    book = ZipBook(source.read_bytes())
    part = book.sheet_part("Settings")
    assert part is not None
    xml = book.part(part).decode("utf-8")
    xml = re.sub(r"<sheetData>.*</sheetData>|<sheetData/>",
                 f"<sheetData>{sheet_data}</sheetData>", xml, flags=re.S)
    out = tmp_path / "made.xlsx"
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, xml.encode() if info.filename == part else src.read(info))
    return ZipBook(out.read_bytes())


def test_shared_array_and_table_formulas(tmp_path: Path) -> None:
    """Shared formulas translated from their first cell, an array formula over cached values,
    a cell whose formula is inside an inline string cell, values around them."""
    data = (
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f t="shared" ref="B1:B3" si="0">A1*2</f>'
        '<v>2</v></c></row>'
        '<row r="2"><c r="A2"><v>2</v></c><c r="B2"><f t="shared" si="0"/><v>4</v></c></row>'
        '<row r="3"><c r="A3" t="inlineStr"><is><t>x</t></is></c>'
        '<c r="B3"><f t="shared" si="0"/><v>6</v></c>'
        '<c r="C3" t="str"><f t="array" ref="C3:C5">ROW(A1:A3)</f><v>1</v></c></row>'
        '<row r="4"><c r="C4"><v>2</v></c></row><row r="5"><c r="C5"><v>3</v></c>'
        '<c r="AB9" t="b"><f>TRUE</f><v>1</v></c></row>'
    )
    book = _book_with_sheet(data, tmp_path)
    assert assert_alike(book, "made") > 0
    part = book.sheet_part("Settings")
    assert part is not None
    found = zip_book.formula_cells(book.part(part), book.context)
    assert found is not None
    assert {k: _plain(c.value) for k, c in found.items()} == {
        (1, 2): "=A1*2", (2, 2): "=A2*2", (3, 2): "=A3*2",
        (3, 3): ("array", "C3:C5", "=ROW(A1:A3)"), (9, 28): "=TRUE"}
    assert zip_book.cell_extent(book.part(part)) == (9, 28)  # its r, not its row, places it


def test_cells_without_reference_are_read_whole(tmp_path: Path) -> None:
    """A cell placed by its order (no ``r``) makes both short ways give up: the part is read
    whole, which places it after the previous cell."""
    data = '<row r="1"><c r="A1"><v>1</v></c><c><f>A1+1</f><v>2</v></c></row>'
    book = _book_with_sheet(data, tmp_path)
    part = book.sheet_part("Settings")
    assert part is not None
    assert zip_book.formula_cells(book.part(part), book.context) is None
    assert zip_book.cell_extent(book.part(part)) is None
    sheet = book.workbook["Settings"]
    assert isinstance(sheet, ZipSheet)
    assert {k: c.value for k, c in sheet.formula_cells().items()} == {(1, 2): "=A1+1"}
    assert sheet.extent() == (1, 2)


def test_a_damaged_part_is_refused(tmp_path: Path) -> None:
    data = '<row r="1"><c r="A1"><f>1+1</f><v>2</v></c><c r="B1" <v>1</v></c></row>'
    book = _book_with_sheet(data, tmp_path)
    sheet = book.workbook["Settings"]
    assert isinstance(sheet, ZipSheet)
    with pytest.raises(zip_book.Unreadable):
        sheet.formula_cells()


@pytest.mark.skipif(not corpus(), reason="tests/data/real_workbooks not fetched")
def test_real_workbooks() -> None:
    """Every worksheet part of the real workbooks that the zip route takes."""
    compared = 0
    for path in corpus():
        try:
            book = open_zip_book(path.read_bytes(), path.suffix)
        except Exception:  # refused: nothing to compare
            continue
        if book is None:
            continue
        compared += assert_alike(book, path.name)
    assert compared


def test_a_sheet_written_here_has_no_formulas_and_its_extent(tmp_path: Path) -> None:
    """The Standings sheet the zip route renders: no formula cells, and its extent from its
    layout is the one of the cells it renders (its empty cells not counted)."""
    from xl_tiebreak.cli.main import main
    from xl_tiebreak.excel.sheets.writer import write_standings_to

    out = tmp_path / "event.xlsx"
    assert main(["workbook", str(ROOT / "examples" / "spring_open.trf"), "-o", str(out)]) == 0
    book = ZipBook(out.read_bytes())
    result = write_standings_to(book)
    sheet = book.workbook[result.sheet]
    assert isinstance(sheet, ZipSheet) and sheet._layout is not None
    assert sheet.formula_cells() == {}
    rendered = zip_book.layout_cells(sheet._layout)
    assert sheet.extent() == (max(r for r, _ in rendered), max(c for _, c in rendered))
    assert any(v is None for row in sheet._layout.cells for v in row)  # empty cells there
    assert sheet._parsed is None  # found without making its cells
