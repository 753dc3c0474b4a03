"""Real workbooks, kept or refused for a real reason, never damaged.

The files come from public test suites at pinned commits (``scripts/fetch_test_workbooks.py``
copies them into ``tests/data/real_workbooks/``; without them the corpus test skips). For
every file, ``standings`` in place either rewrites it (Standings, or Problems when the file
holds no crosstable) and every part of the user's survives — compared part by part: each
sheet's cells, formulas and merged ranges as openpyxl reads them, the defined names, and every
binary part (VBA project, images…) byte for byte — or refuses with exit 2, says why, and leaves
the file byte-identical. The default run takes a seeded sample; ``--run-slow`` takes them all.
The demo and each template saved by LibreOffice are written in place (skipped without
LibreOffice).
"""

from __future__ import annotations

import collections
import contextlib
import datetime
import io
import random
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from xl_tiebreak.cli.main import main

CORPUS = Path(__file__).resolve().parent / "data" / "real_workbooks"
SAMPLE = 60
"""Files taken in the default run (seeded, from every source)."""


def corpus() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in (".xlsx", ".xlsm"))


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _plain(value: Any) -> Any:
    """A cell's value, formula objects (array and data-table formulas) as their settings; a
    date as midnight of its day (a spreadsheet holds one number for both)."""
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return datetime.datetime(value.year, value.month, value.day)
    if hasattr(value, "__dict__") and not isinstance(value, (str, int, float)):
        return (type(value).__name__, sorted((k, str(v)) for k, v in vars(value).items()))
    return value


def _sheets(path: Path) -> dict[str, tuple[dict[str, Any], set[str]]]:
    """Each sheet's non-empty cells (value or formula text) and merged ranges."""
    import openpyxl

    workbook = openpyxl.load_workbook(path)
    out: dict[str, tuple[dict[str, Any], set[str]]] = {}
    for sheet in workbook.worksheets:
        stored = getattr(sheet, "_cells", {})  # the stored cells (iter_rows would fill the area)
        cells = {c.coordinate: _plain(c.value) for c in stored.values()
                 if c.value not in (None, "")}  # an empty text is an empty cell
        out[sheet.title] = (cells, {str(r) for r in sheet.merged_cells.ranges})
    names = {name: str(dn.attr_text) for name, dn in workbook.defined_names.items()}
    out["<defined names>"] = (dict(names), set())
    return out


def _binary_parts(path: Path) -> collections.Counter[bytes]:
    """The contents of every part that is not XML (VBA project, images, embeddings)."""
    with zipfile.ZipFile(path) as archive:
        return collections.Counter(
            archive.read(n) for n in archive.namelist()
            if not n.endswith((".xml", ".rels", ".vml")) and not n.endswith("/"))


def check_one(original: Path, tmp_path: Path) -> str:
    """Run ``standings`` in place on a copy; returns "rewritten" or "refused" (asserting what
    each means)."""
    book = tmp_path / original.name
    shutil.copyfile(original, book)
    before = book.read_bytes()
    code, out, err = run("standings", str(book))
    assert code in (0, 2), (original.name, code, err)
    assert "Traceback" not in out + err, original.name
    if book.read_bytes() == before:
        assert code == 2, (original.name, out)
        assert any(why in err for why in ("was not changed", "is not", "cannot", "refused",
                                          "nothing was written")), (original.name, err)
        if "rewritten without Excel" in err:
            assert "contains " in err and "-o" in err
        return "refused"
    ours = {"Standings", "Problems"}
    try:
        old = _sheets(original)
    except Exception:  # noqa: BLE001 - a file openpyxl cannot read (the zip route can):
        _same_parts(original, book)  # every part of the user's is unchanged
        return "rewritten"
    new = _sheets(book)
    for name, (cells, merged) in old.items():
        if name in ours:
            continue
        assert name in new, (original.name, name)
        if name == "<defined names>":
            assert cells.items() <= new[name][0].items(), original.name
            continue
        assert new[name][0] == cells, (original.name, name)
        assert new[name][1] == merged, (original.name, name)
    assert not _binary_parts(original) - _binary_parts(book), original.name
    return "rewritten"


def _sample(files: list[Path], slow: bool) -> list[Path]:
    if slow or len(files) <= SAMPLE:
        return files
    return sorted(random.Random(24).sample(files, SAMPLE))


def test_real_workbooks_are_kept_or_refused(tmp_path: Path, request: pytest.FixtureRequest,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    files = corpus()
    if not files:
        pytest.skip("no real workbooks: python scripts/fetch_test_workbooks.py --pypi")
    slow = bool(request.config.getoption("--run-slow"))
    chosen = _sample(files, slow)
    outcome: collections.Counter[str] = collections.Counter()
    failures: list[str] = []
    for path in chosen:
        try:
            outcome[check_one(path, tmp_path)] += 1
        except AssertionError as failure:
            failures.append(f"{path.parent.name}/{path.name}: {str(failure)[:300]}")
    assert failures == [], "\n".join(failures)
    with capsys.disabled():
        print(f"\nreal workbooks: {outcome['rewritten']} of {len(chosen)} rewritten in place, "
              f"{outcome['refused']} refused unchanged")
    # most of these files hold charts or images (refused, rightly); the rest are rewritten
    assert outcome["rewritten"] >= len(chosen) // 5


EXCEL_MADE = {
    # (file of XlsxWriter's Excel-made comparison files, the part that holds what openpyxl
    # could not keep: the zip route copies it byte for byte, so the file is written in place)
    "simple01.xlsx": None,  # numbers and text, the theme version Excel writes
    "macro01.xlsm": "xl/vbaProject.bin",  # a VBA project
    "macro04.xlsm": "xl/vbaProjectSignature.bin",  # a signed VBA project, its signature kept
    "chart_area01.xlsx": "xl/charts/chart1.xml",
    "rich_string01.xlsx": "xl/sharedStrings.xml",  # rich text runs
    "button01.xlsx": "xl/drawings/vmlDrawing1.vml",  # a form control
    "header_image01.xlsx": "xl/media/image1.jpeg",  # a picture in the page header
}
"""Owned by xl-tiebreak, rewritten: the workbook, its relationships, the content types, the
styles and the document's sheet list; every other part of the original must come out equal."""
_OWNED = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml",
          "xl/styles.xml", "docProps/app.xml",
          "xl/calcChain.xml")  # dropped: Excel rebuilds it (docs/decisions.md D-O1)
_OWNED_ANYWHERE = ("styles.xml", "workbook.xml", "workbook.xml.rels")
"""The same parts where a file keeps them elsewhere than under ``xl/``."""


@pytest.mark.parametrize("name, kept_part", sorted(EXCEL_MADE.items()))
def test_excel_made_files_keep_every_part_of_theirs(tmp_path: Path, name: str,
                                                    kept_part: str | None) -> None:
    original = CORPUS / "jmcnamara+XlsxWriter" / name
    if not original.exists():
        pytest.skip("no real workbooks: python scripts/fetch_test_workbooks.py --mirror DIR")
    assert check_one(original, tmp_path) == "rewritten"
    if kept_part is not None:
        with zipfile.ZipFile(original) as before:
            assert kept_part in before.namelist()
    _same_parts(original, tmp_path / name)  # a user's sheet: only its tab no longer selected


def _same_parts(original: Path, written: Path) -> None:
    """Every part of ``original`` but those xl-tiebreak owns is in ``written``, unchanged
    (but for its sheet tab no longer being the selected one)."""
    with zipfile.ZipFile(original) as before, zipfile.ZipFile(written) as after:
        for part in before.namelist():
            if part not in _OWNED and not part.endswith(_OWNED_ANYWHERE):
                assert _unselected(after.read(part)) == _unselected(before.read(part)), (
                    original.name, part)


def _unselected(xml: bytes) -> bytes:
    """A part with its sheet tabs' selection left out (the written sheet is the active one)."""
    import re

    return re.sub(rb'\s+tabSelected="[01]"', b"", xml)


PYPI_MADE = {
    # (file of a pinned PyPI release's test files, what must make it refused or not)
    "pypi+xlsx2csv-0.8.6/test__namespace.xlsx": None,  # relationships written as <ns0:…>
    "pypi+pyexcel-xlsx-0.6.1/tests__fixtures__hidden_sheets.xlsx": None,  # hidden sheets
    "pypi+python-calamine-0.9.1/tests__data__password.xlsx": "password-protected",
    "pypi+python-calamine-0.9.1/tests__data__empty_file.xlsx": "not a readable zip",
}


@pytest.mark.parametrize("name, refused_for", sorted(PYPI_MADE.items()))
def test_files_of_other_readers_are_judged_by_what_they_hold(tmp_path: Path, name: str,
                                                             refused_for: str | None) -> None:
    original = CORPUS / name
    if not original.exists():
        pytest.skip("no real workbooks: python scripts/fetch_test_workbooks.py --pypi")
    if refused_for is None:
        assert check_one(original, tmp_path) == "rewritten"
        return
    book = tmp_path / original.name
    shutil.copyfile(original, book)
    code, _, err = run("standings", str(book))
    assert code == 2 and refused_for in err and "Traceback" not in err
    assert book.read_bytes() == original.read_bytes()


def test_without_calc_properties_is_written(tmp_path: Path) -> None:
    """A workbook without ``<calcPr>`` (many writers other than Excel leave it out) gets its
    Standings."""
    import re

    from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

    made = tmp_path / "made.xlsx"
    build_workbook(SWISS, vba=False).save(made)
    book = tmp_path / "book.xlsx"
    with zipfile.ZipFile(made) as src, zipfile.ZipFile(book, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/workbook.xml":
                data, n = re.subn(rb"<calcPr\b[^>]*/>", b"", data)
                assert n == 1
            dst.writestr(info, data)
    code, out, err = run("standings", str(book))
    assert code == 0 and "Standings of 16 players" in out, err


def _soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def test_demo_and_templates_saved_by_libreoffice_are_written_in_place(tmp_path: Path) -> None:
    soffice = _soffice()
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from xl_tiebreak.excel.templates.builder import build_demo, build_templates

    made = tmp_path / "made"
    made.mkdir()
    books = [build_demo(made), *(p for p in build_templates(made)
                                 if p.suffix.lower() == ".xlsx")]
    saved = tmp_path / "saved"
    subprocess.run([soffice, "--headless", f"-env:UserInstallation=file://{tmp_path}/lo",
                    "--convert-to", "xlsx", "--outdir", str(saved), *map(str, books)],
                   check=True, capture_output=True, timeout=180 * len(books))  # one start
    for book in books:
        again = saved / f"{book.stem}.xlsx"
        code, out, err = run("standings", str(again))
        assert code == 0 and "Standings of" in out, (again.name, err)
