"""The zip-level book reads exactly what the openpyxl book reads.

Every read the spreadsheet layer makes (sheet names, each sheet's used area — whole, cut to
a few columns and rows —, every workbook-level defined name, every sheet's mark) is made
through both adapters, :class:`~xl_tiebreak.excel.book.zip_book.ZipBook` over the file's bytes
and :class:`~xl_tiebreak.excel.book.openpyxl_book.OpenpyxlBook` over openpyxl's load (with its
computed-values view), and compared: values, origins, uncomputed positions, the cells just
outside a name, errors. Over the shipped templates, the demo, workbooks written by
``xl-tiebreak workbook`` and ``standings``, and the real workbooks of tests/data when fetched.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import xl_tiebreak.excel.files.checks as files
from xl_tiebreak.excel.book.interface import Book
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.book.zip_book import ZipBook, open_zip_book
from xl_tiebreak.model.tournament import InputError

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted(p for p in (ROOT / "workbook_templates").rglob("*")
                   if p.suffix in (".xlsx", ".xlsm"))
CORPUS = ROOT / "tests" / "data" / "real_workbooks"


def reads(book: Book, extra_names: list[str]) -> dict[str, Any]:
    """Every read of a book, errors included (by their message)."""
    def attempt(read: Callable[[], object]) -> object:
        try:
            found = read()
        except InputError as error:
            return ("InputError", str(error))
        if found is None:
            return None
        return (found.sheet, found.origin, found.values, found.uncomputed,  # type: ignore[attr-defined]
                found.outside, found.clipped)  # type: ignore[attr-defined]

    names = book.sheet_names()
    out: dict[str, Any] = {"names": names}
    for name in [*names, *(n.upper() for n in names), "no such sheet"]:
        out[f"sheet {name}"] = attempt(lambda n=name: book.read_sheet(n))  # type: ignore[misc]
        out[f"sheet {name} cut"] = attempt(
            lambda n=name: book.read_sheet(n, max_cols=3, max_rows=4))  # type: ignore[misc]
        out[f"mark {name}"] = book.sheet_mark(name)
    for name in [*extra_names, "Crosstable", "crosstable", "Tournament", "nothing"]:
        out[f"name {name}"] = attempt(lambda n=name: book.read_name(n))  # type: ignore[misc]
    return out


def both(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    zip_book = open_zip_book(path.read_bytes(), path.suffix)
    assert zip_book is not None, path
    workbook = files.load(path, path.suffix == ".xlsm")
    names = list(workbook.defined_names)
    openpyxl_book = OpenpyxlBook(workbook, files.values_view(path))
    try:
        expected = reads(openpyxl_book, names)
    finally:
        openpyxl_book.close()
    return reads(zip_book, names), expected


def assert_same_reads(path: Path) -> None:
    got, expected = both(path)
    assert got.keys() == expected.keys()
    for key in expected:
        assert got[key] == expected[key], (path.name, key)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_templates_read_alike(path: Path) -> None:
    assert_same_reads(path)


def test_demo_reads_alike(tmp_path: Path) -> None:
    from xl_tiebreak.excel.templates.builder import build_demo

    assert_same_reads(build_demo(tmp_path))


def test_written_workbook_reads_alike(tmp_path: Path) -> None:
    from xl_tiebreak.cli.main import main

    trf = ROOT / "examples" / "spring_open.trf"
    out = tmp_path / "event.xlsx"
    assert main(["workbook", str(trf), "-o", str(out)]) == 0
    assert_same_reads(out)
    assert main(["standings", str(out)]) == 0
    assert_same_reads(out)


def test_dates_shared_strings_and_errors(tmp_path: Path) -> None:
    import datetime

    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Data"
    ws["A1"] = "text"
    ws["B1"] = 3
    ws["C1"] = 2.5
    ws["D1"] = True
    ws["E1"] = datetime.datetime(2024, 3, 1, 12, 30)
    ws["F1"] = datetime.date(2025, 1, 2)
    ws["A2"] = "=1/0"
    ws["B2"] = "=SUM(B1:C1)"
    ws["C3"] = ""
    ws["A4"] = "#N/A"
    ws.cell(row=5, column=2).number_format = "0.0"
    wb.create_sheet("Second")["A1"] = "x"
    path = tmp_path / "mixed.xlsx"
    wb.save(path)
    assert_same_reads(path)


def corpus() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in (".xlsx", ".xlsm"))


@pytest.mark.skipif(not corpus(), reason="tests/data/real_workbooks not fetched")
def test_real_workbooks_read_alike() -> None:
    compared = 0
    for path in corpus():
        try:
            files.check_file(path)
            files.load(path, False)
        except Exception:  # refused or unreadable by openpyxl: nothing to compare with
            continue
        if open_zip_book(path.read_bytes(), path.suffix) is None:
            continue  # the openpyxl route reads it
        assert_same_reads(path)
        compared += 1
    assert compared


def test_not_a_zip_book() -> None:
    assert open_zip_book(b"not a zip", ".xlsx") is None
    assert open_zip_book(TEMPLATES[0].read_bytes(), ".xls") is None
    assert isinstance(open_zip_book(TEMPLATES[0].read_bytes(), ".xlsx"), ZipBook)


def _comparable(cells: dict[tuple[int, int], Any]) -> dict[tuple[int, int], tuple[Any, ...]]:
    def plain(value: object) -> object:
        if hasattr(value, "ref") and hasattr(value, "text"):
            return ("array", value.ref, value.text)
        return value

    return {k: (plain(c.value), c.data_type, plain(c.cached), c.style) for k, c in cells.items()}


@pytest.mark.parametrize("path", TEMPLATES[:4], ids=lambda p: p.name)
def test_both_sheet_parsers_read_alike(path: Path) -> None:
    """A plain sheet part is read by regular expressions, any other streamed: the two give the
    same cells for every sheet of the templates."""
    from xl_tiebreak.excel.book import zip_book

    book = ZipBook(path.read_bytes())
    for entry in book.entries:
        data = book.part(entry.part)
        streamed = zip_book._parse_streamed(data, book.context)
        assert _comparable(zip_book._parse_plain(data.decode("utf-8"), book.context)) == \
            _comparable(streamed), entry.title


def test_a_damaged_sheet_is_not_read_by_the_plain_parser() -> None:
    from xl_tiebreak.excel.book import zip_book

    book = ZipBook(TEMPLATES[0].read_bytes())
    data = book.part(book.entries[1].part).replace(b'<c r="A2"', b'<c r="A2" <', 1)
    with pytest.raises(Exception, match="not well-formed"):
        zip_book.parse_cells(data, book.context)
    prefixed = b"<!-- a comment -->" + book.part(book.entries[1].part)
    assert zip_book._PLAIN_PART.search(prefixed) is not None  # streamed instead


def test_names_and_calculation_go_where_the_schema_puts_them() -> None:
    """A workbook part without defined names or <calcPr> gets them in the schema's order:
    after the external references, before the pivot caches and extensions."""
    from xl_tiebreak.excel.book import zip_book

    xml = ('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets>'
           '<externalReferences><externalReference r:id="rId9"/></externalReferences>'
           '<pivotCaches><pivotCache cacheId="1" r:id="rId8"/></pivotCaches><extLst/></workbook>')
    names = zip_book._insert_before(xml, ("calcPr", *zip_book._AFTER_CALC), "<definedNames/>")
    both = zip_book._insert_calc(names, "<calcPr/>")
    order = [both.index(tag) for tag in ("</externalReferences>", "<definedNames/>",
                                         "<calcPr/>", "<pivotCaches>", "<extLst/>")]
    assert order == sorted(order)
