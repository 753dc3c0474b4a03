"""``standings`` by the zip route writes what the openpyxl route writes, and keeps the rest.

For each workbook (the shipped templates, English and Portuguese, .xlsx and .xlsm; the demo;
a workbook written from a TRF; a workbook whose crosstable has errors, so a Problems sheet)
``standings`` runs by both routes (the openpyxl one forced by taking the zip route away) and
the two outputs are compared as openpyxl reads them: every sheet's cell values and formulas,
the saved values, the styles that matter (bold, italic, font colour, fill, number format,
alignment, wrapping), print areas, print titles, frozen panes, filters, every defined name
(the marks included) and the active sheet. Every part the zip route does not own is
byte-identical to the original's; LibreOffice opens each output (one batched conversion;
skipped without soffice).
"""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from lean_books import lean_workbook

import xl_tiebreak.excel.headless as headless
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.book.zip_book import ZipBook, changed_parts
from xl_tiebreak.excel.templates.builder import SWISS

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted(p for p in (ROOT / "workbook_templates").rglob("*")
                   if p.suffix in (".xlsx", ".xlsm"))


def run(source: Path, out: Path, zip_route: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    """``standings`` of ``source`` written to ``out`` by one route; the sheet it wrote."""
    with monkeypatch.context() as patch:
        if not zip_route:
            patch.setattr(headless, "_zip_book", lambda *args: None)
        try:
            return headless.write_standings_file(source, out, force=True).sheet
        except headless.ProblemsWritten as written:
            return "problems: " + written.sheet


def _value(value: Any) -> Any:
    if hasattr(value, "ref") and hasattr(value, "text"):  # an array formula
        return ("array", value.ref, value.text)
    return value


def contents(path: Path) -> dict[Any, Any]:
    """What openpyxl reads of a workbook, sheet by sheet."""
    found: dict[Any, Any] = {}
    for data_only in (False, True):
        wb = openpyxl.load_workbook(path, data_only=data_only)
        found[("sheets", data_only)] = wb.sheetnames
        found[("names", data_only)] = sorted((k, v.attr_text)
                                             for k, v in wb.defined_names.items())
        found[("active", data_only)] = wb.active.title
        for ws in wb.worksheets:
            found[(ws.title, data_only)] = {c.coordinate: _value(c.value) for row in
                                            ws.iter_rows() for c in row if c.value is not None}
            if data_only:
                continue
            found[(ws.title, "names")] = sorted((k, v.attr_text)
                                                for k, v in ws.defined_names.items())
            found[(ws.title, "print")] = (str(ws.print_area), str(ws.print_title_rows),
                                          ws.freeze_panes, ws.auto_filter.ref,
                                          ws.page_setup.orientation, ws.page_setup.paperSize)
            found[(ws.title, "styles")] = {
                c.coordinate: (c.font.b, c.font.i, c.font.color.rgb if c.font.color else None,
                               c.font.sz, c.fill.fgColor.rgb if c.fill.fill_type else None,
                               c.number_format, c.alignment.horizontal,
                               c.alignment.vertical, c.alignment.wrap_text)
                for row in ws.iter_rows() for c in row if c.has_style}
            found[(ws.title, "merged")] = sorted(str(m) for m in ws.merged_cells.ranges)
            found[(ws.title, "widths")] = {k: d.width for k, d in ws.column_dimensions.items()
                                           if d.customWidth}
    return found


def assert_same(a: dict[Any, Any], b: dict[Any, Any]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key] == b[key], key


def output_name(source: Path, tag: str) -> str:
    suffix = ".xlsm" if source.suffix in (".xlsm", ".xltm") else ".xlsx"
    return f"{source.stem}_{tag}{suffix}"


def assert_routes_agree(source: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    by_openpyxl = folder / output_name(source, "openpyxl")
    by_zip = folder / output_name(source, "zip")
    assert run(source, by_openpyxl, False, monkeypatch) == run(source, by_zip, True,
                                                                  monkeypatch)
    assert_same(contents(by_openpyxl), contents(by_zip))
    assert zipfile.ZipFile(by_zip).testzip() is None
    return by_zip


def assert_copied(source: Path, written: Path, owned: set[str]) -> None:
    """Every part of ``source`` but the owned ones is in ``written`` unchanged."""
    missing, differ = changed_parts(source.read_bytes(), written.read_bytes())
    assert set(missing) <= owned and set(differ) <= owned, (missing, differ)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_templates_by_both_routes(template: Path, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    written = assert_routes_agree(template, tmp_path, monkeypatch)
    owned = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml",
             "docProps/app.xml", "xl/styles.xml"}
    with zipfile.ZipFile(template) as archive:  # the sheets it writes or gives values to
        owned |= {n for n in archive.namelist() if n.startswith("xl/worksheets/")}
    assert_copied(template, written, owned)
    if template.suffix == ".xlsm":
        with zipfile.ZipFile(template) as a, zipfile.ZipFile(written) as b:
            assert a.read("xl/vbaProject.bin") == b.read("xl/vbaProject.bin")


def test_demo_and_a_trf_workbook_by_both_routes(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from xl_tiebreak.excel.templates.builder import build_demo

    assert_routes_agree(build_demo(tmp_path), tmp_path, monkeypatch)
    from_trf = tmp_path / "spring.xlsx"
    assert main(["workbook", str(ROOT / "examples" / "spring_open.trf"), "-o",
                 str(from_trf)]) == 0
    assert_routes_agree(from_trf, tmp_path, monkeypatch)


def test_problems_sheet_by_both_routes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wb = lean_workbook(SWISS, vba=False)
    wb["Crosstable"]["I8"] = "zz"  # not a round cell
    source = tmp_path / "errors.xlsx"
    wb.save(source)
    by_zip = assert_routes_agree(source, tmp_path, monkeypatch)
    assert "Problems" in openpyxl.load_workbook(by_zip).sheetnames


def test_running_twice_replaces_the_sheet_in_place(tmp_path: Path) -> None:
    book = tmp_path / "book.xlsx"
    lean_workbook(SWISS, vba=False).save(book)
    assert main(["standings", str(book)]) == 0
    first = contents(book)
    assert main(["standings", str(book)]) == 0
    assert_same(first, contents(book))
    with zipfile.ZipFile(book) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/sheet")]
    assert len(sheets) == len(openpyxl.load_workbook(book).sheetnames)


def test_removing_a_sheet_moves_the_sheet_scoped_names(tmp_path: Path) -> None:
    """A stale Problems sheet before other sheets with print areas: removing it must leave
    every sheet-scoped name on its own sheet (localSheetId is a position)."""
    wb = lean_workbook(SWISS, vba=False)
    typed = wb["Crosstable"]["I8"].value
    wb["Crosstable"]["I8"] = "zz"
    book = tmp_path / "book.xlsx"
    wb.save(book)
    assert main(["standings", str(book)]) == 2  # writes Problems after Settings
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames.index("Problems") < len(wb.sheetnames) - 1
    wb["Crosstable"]["I8"] = typed
    last = wb.worksheets[-1]
    last.print_area = "A1:B5"
    wb.save(book)
    assert main(["standings", str(book)]) == 0
    after = openpyxl.load_workbook(book)
    assert "Problems" not in after.sheetnames
    assert str(after[last.title].print_area).endswith("$A$1:$B$5")
    assert after["Standings"].defined_names["_xltiebreak_sheet"].attr_text == '"standings"'


def test_what_openpyxl_would_drop_is_kept_in_place(tmp_path: Path) -> None:
    """A part openpyxl does not know (a custom ribbon) and an element it drops (ignored
    errors) survive byte for byte: the zip route writes in place without a warning."""
    book = tmp_path / "book.xlsx"
    lean_workbook(SWISS, vba=False).save(book)
    with zipfile.ZipFile(book) as archive:
        parts = {i.filename: archive.read(i) for i in archive.infolist()}
    sheet = "xl/worksheets/sheet2.xml"
    parts[sheet] = parts[sheet].replace(
        b"</worksheet>", b'<ignoredErrors><ignoredError sqref="A1" numberStoredAsText="1"/>'
                         b"</ignoredErrors></worksheet>")
    parts["customUI/customUI14.xml"] = b'<customUI xmlns="x"/>'
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    before = book.read_bytes()
    assert main(["standings", str(book)]) == 0
    with zipfile.ZipFile(book) as archive:
        assert archive.read(sheet) == parts[sheet]
        assert archive.read("customUI/customUI14.xml") == parts["customUI/customUI14.xml"]
    with zipfile.ZipFile(__import__("io").BytesIO(before)) as old, zipfile.ZipFile(book) as new:
        for info in old.infolist():  # copied parts keep their compressed bytes too
            if info.filename in (sheet, "customUI/customUI14.xml"):
                assert new.getinfo(info.filename).compress_size == info.compress_size


def test_a_signed_workbook_takes_the_openpyxl_route(tmp_path: Path) -> None:
    book = tmp_path / "book.xlsx"
    lean_workbook(SWISS, vba=False).save(book)
    with zipfile.ZipFile(book, "a") as archive:
        archive.writestr("_xmlsignatures/origin.sigs", b"")
    assert headless._zip_book(book, book.read_bytes(), False) is None


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice not installed")
def test_libreoffice_opens_the_zip_route_outputs(tmp_path: Path) -> None:
    written = []
    for template in TEMPLATES:
        if template.suffix == ".xlsx" or template.stem == "swiss":
            out = tmp_path / output_name(template, template.parent.name + template.suffix[1:])
            headless.write_standings_file(template, out)
            written.append(out)
    out = tmp_path / "converted"
    subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/lo",
                    "--convert-to", "csv", "--outdir", str(out), *map(str, written)],
                   check=True, capture_output=True, timeout=600)
    converted = sorted(p.stem for p in out.glob("*.csv"))
    assert converted == sorted(p.stem for p in written)


@pytest.mark.parametrize("suffix, kind", [
    (".xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml"),
    (".xltm", "application/vnd.ms-excel.template.macroEnabled.main+xml"),
])
def test_a_template_becomes_a_workbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       suffix: str, kind: str) -> None:
    source = ROOT / "workbook_templates" / ("swiss.xlsx" if suffix == ".xltx" else "swiss.xlsm")
    template = tmp_path / f"swiss{suffix}"
    workbook_kind = (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
        if suffix == ".xltx" else "application/vnd.ms-excel.sheet.macroEnabled.main+xml")
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(template, "w",
                                                         zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == "[Content_Types].xml":
                assert workbook_kind.encode() in data
                data = data.replace(workbook_kind.encode(), kind.encode())
            new.writestr(info, data)
    written = assert_routes_agree(template, tmp_path, monkeypatch)
    with zipfile.ZipFile(written) as archive:
        types = archive.read("[Content_Types].xml")
    assert workbook_kind.encode() in types and kind.encode() not in types


def test_odd_sheet_names_and_a_hidden_old_standings(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Sheet names with ``>``, ``&`` and an apostrophe, and an old Standings sheet hidden by
    hand (the new one is shown, as the openpyxl route's): both routes agree."""
    wb = lean_workbook(SWISS, vba=False)
    wb.create_sheet("R>5 & 'notes'")["A1"] = "kept"
    source = tmp_path / "odd.xlsx"
    wb.save(source)
    assert main(["standings", str(source)]) == 0
    wb = openpyxl.load_workbook(source)
    wb["Standings"].sheet_state = "hidden"
    wb.active = 0
    wb.save(source)
    written = assert_routes_agree(source, tmp_path, monkeypatch)
    after = openpyxl.load_workbook(written)
    assert after["Standings"].sheet_state == "visible"
    assert after["R>5 & 'notes'"]["A1"].value == "kept"


def test_the_styles_lists_count_their_entries(tmp_path: Path) -> None:
    """Styles are appended (none changed or moved), each list's count attribute says how many
    it holds."""
    import re

    source = ROOT / "workbook_templates" / "swiss.xlsx"
    out = tmp_path / "out.xlsx"
    headless.write_standings_file(source, out)
    with zipfile.ZipFile(source) as a, zipfile.ZipFile(out) as b:
        before, after = a.read("xl/styles.xml").decode(), b.read("xl/styles.xml").decode()
    for tag, item in (("numFmts", "numFmt"), ("fonts", "font"), ("fills", "fill"),
                      ("cellXfs", "xf")):
        old = re.search(rf"<{tag}\b[^>]*>(.*?)</{tag}>", before, re.S)
        new = re.search(rf'<{tag} count="(\d+)"[^>]*>(.*?)</{tag}>', after, re.S)
        assert new is not None, tag
        assert int(new.group(1)) == len(re.findall(rf"<{item}\b", new.group(2))), tag
        if old is not None:
            assert new.group(2).startswith(old.group(1)), tag  # the old entries come first


def _without_selection(data: bytes) -> bytes:
    import re

    return re.sub(rb'\stabSelected="[^"]*"', b"", data)


def test_what_openpyxl_would_drop_is_kept_by_the_zip_route(tmp_path: Path) -> None:
    """Each feature the openpyxl route refuses in place (tests/test_excel_files_keep_or_refuse.py)
    is written in place by the zip route, with every part of the user's as it was (a sheet's
    selected tab and the values of its formulas aside); the package signature alone takes
    the openpyxl route (D-O3)."""
    from test_excel_files_keep_or_refuse import FEATURES, inject

    plain = tmp_path / "plain.xlsx"
    lean_workbook(SWISS, vba=False).save(plain)
    owned = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml",
             "docProps/app.xml", "xl/styles.xml"}
    for feature, _named, edit in FEATURES:
        book = inject(plain, tmp_path / f"{feature}.xlsx", edit)
        before = book.read_bytes()
        if feature == "digital signature":
            assert headless._zip_book(book, book.read_bytes(), False) is None
            continue
        assert main(["standings", str(book)]) == 0, feature
        standings = ZipBook(book.read_bytes()).sheet_part("Standings")
        with zipfile.ZipFile(__import__("io").BytesIO(before)) as old, \
                zipfile.ZipFile(book) as new:
            after = set(new.namelist())
            for name in old.namelist():
                if name in owned or name == standings:
                    continue
                if name.startswith("xl/worksheets/") and b"<f" in old.read(name):
                    continue  # its formulas get their computed values (D-O1)
                assert name in after, (feature, name)
                assert _without_selection(old.read(name)) == _without_selection(
                    new.read(name)), (feature, name)


def test_short_function_sheets_grow_in_the_zip(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Arrays shorter than the event are grown inside the zip (D-O4), as a workbook whose
    arrays cover the event (what ``xl-tiebreak workbook`` writes) is written: openpyxl loads
    nothing; every participant then has its row."""
    import xl_tiebreak.excel.templates.function_sheets as function_sheets

    trf = ROOT / "examples" / "spring_open.trf"
    covered = tmp_path / "covered.xlsx"
    assert main(["workbook", str(trf), "-o", str(covered)]) == 0
    monkeypatch.setattr(function_sheets, "TEMPLATE_ROWS", 5)
    short = tmp_path / "short.xlsx"
    from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

    build_workbook(SWISS, vba=False).save(short)  # 5-row arrays, the 16-player sample
    loads: list[object] = []
    real = openpyxl.load_workbook

    def counting(*args: Any, **kwargs: Any) -> Any:
        loads.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(openpyxl, "load_workbook", counting)
    assert main(["standings", str(covered)]) == 0
    assert loads == []
    assert main(["standings", str(short)]) == 0
    assert loads == []  # grown by the zip route
    monkeypatch.setattr(openpyxl, "load_workbook", real)
    rows = list(openpyxl.load_workbook(short, data_only=True)["Functions"].iter_rows(
        min_row=5, max_col=1, values_only=True))
    assert sorted(int(r[0]) for r in rows if r[0] not in (None, "", " ")) == list(range(1, 17))


def test_a_book_without_a_styles_part_is_written_by_the_openpyxl_route(tmp_path: Path) -> None:
    """A workbook without ``xl/styles.xml`` (allowed, and some writers omit it; calamine's test
    files hold two): the zip route cannot add the Standings sheet's formats to it, so the
    openpyxl route writes it; never an internal error."""
    import contextlib
    import io
    import re

    from xl_tiebreak.excel.templates.builder import build_workbook

    template = build_workbook(SWISS, vba=False)["Crosstable"]
    plain = openpyxl.Workbook()
    sheet = plain.active
    sheet.title = "Crosstable"
    for row in template.iter_rows(values_only=True):  # values only: no cell refers to a style
        sheet.append(list(row))
    made = tmp_path / "made.xlsx"
    plain.save(made)
    book = tmp_path / "book.xlsx"
    with zipfile.ZipFile(made) as src, zipfile.ZipFile(book, "w") as dst:
        for info in src.infolist():
            if info.filename == "xl/styles.xml":
                continue
            data = src.read(info)
            if info.filename in ("[Content_Types].xml", "xl/_rels/workbook.xml.rels"):
                data, n = re.subn(rb"<(Override|Relationship)\b[^>]*styles[^>]*/>", b"", data)
                assert n == 1
            dst.writestr(info, data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["standings", str(book)])
    assert code == 0, err.getvalue()
    assert "Standings of 16 players" in out.getvalue()
    assert "Standings" in openpyxl.load_workbook(book).sheetnames
