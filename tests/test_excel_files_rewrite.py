"""What an in-place rewrite keeps that openpyxl alone would change: every number exactly as
stored (a double that needs 17 significant digits, a long whole number; a time of day as
openpyxl reads it), and
the size of comment boxes; a comment shown on the sheet, which openpyxl would hide, makes the
in-place write refuse, naming it, with ``-o`` offered."""

from __future__ import annotations

import datetime
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.comments import Comment

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

NUMBERS = [0.30000000000000004, 1.2345678901234567, 123456789.12345679, 2.0 ** -1074,
           1.7976931348623157e308, 9007199254740993, 12345678901234567890, -0.1 - 0.2]
"""Each needs more than 16 significant digits to be written exactly."""


def _values_in_xml(path: Path, sheet_title: str) -> dict[str, str]:
    """The ``<v>`` text of each cell of the sheet called ``sheet_title``."""
    wb = openpyxl.load_workbook(path, read_only=True)
    index = wb.sheetnames.index(sheet_title) + 1
    wb.close()
    with zipfile.ZipFile(path) as archive:
        xml = archive.read(f"xl/worksheets/sheet{index}.xml").decode()
    return dict(re.findall(r'<c r="([A-Z]+\d+)"[^>]*><v>([^<]*)</v>', xml))


@pytest.fixture
def book(tmp_path: Path) -> Path:
    wb = build_workbook(SWISS, vba=False)
    ws = wb.create_sheet("Data")
    for row, value in enumerate(NUMBERS, start=1):
        ws.cell(row=row, column=1, value=value)
    ws.cell(row=len(NUMBERS) + 1, column=1,
            value=datetime.datetime(2026, 4, 11, 10, 17, 23, 456000))
    path = tmp_path / "book.xlsx"
    wb.save(path)
    return path


def test_numbers_keep_every_digit(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # openpyxl's own save writes 16 digits: the file holds the rounded texts at first, so
    # the exact values are put into the XML by hand, as Excel writes them
    with zipfile.ZipFile(book) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    title = "Data"
    index = openpyxl.load_workbook(book, read_only=True).sheetnames.index(title) + 1
    part = f"xl/worksheets/sheet{index}.xml"
    xml = parts[part].decode()
    for row, value in enumerate(NUMBERS, start=1):
        xml = re.sub(rf'(<c r="A{row}"[^>]*><v>)[^<]*(</v>)', lambda m, v=value: m.group(1) + (
            repr(v) if isinstance(v, float) else str(v)) + m.group(2), xml, count=1)
    parts[part] = xml.encode()
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    stamp = openpyxl.load_workbook(book)[title][f"A{len(NUMBERS) + 1}"].value

    assert main(["standings", str(book)]) == 0
    capsys.readouterr()
    after = _values_in_xml(book, title)
    for row, value in enumerate(NUMBERS, start=1):
        text = after[f"A{row}"]
        assert (float(text) if isinstance(value, float) else int(text)) == value, (row, text)
    read = [c.value for c in openpyxl.load_workbook(book)[title]["A"]]
    assert read == [*NUMBERS, stamp]  # the time of day as read (openpyxl's microseconds)


def _vml(path: Path) -> tuple[str, str]:
    with zipfile.ZipFile(path) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".vml"))
        return name, archive.read(name).decode()


def _with_vml(path: Path, name: str, text: str) -> None:
    with zipfile.ZipFile(path) as source:
        parts = {n: source.read(n) for n in source.namelist()}
    parts[name] = text.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for n, data in parts.items():
            target.writestr(n, data)


@pytest.fixture
def openpyxl_route(monkeypatch: pytest.MonkeyPatch) -> None:
    """``standings`` by the openpyxl route (the fallback where the zip route cannot go)."""
    import xl_tiebreak.excel.headless as headless

    monkeypatch.setattr(headless, "_zip_book", lambda *args: None)


@pytest.fixture
def commented(tmp_path: Path) -> Path:
    """The template with a comment on the Settings sheet whose box is 300 × 150 pixels, given
    in points (225 × 112.5) as Excel writes the VML."""
    wb = build_workbook(SWISS, vba=False)
    wb["Settings"]["B2"].comment = Comment("Checked by the arbiter", "Chief", height=150,
                                           width=300)
    path = tmp_path / "commented.xlsx"
    wb.save(path)
    name, vml = _vml(path)
    assert "width:300px" in vml and "height:150px" in vml
    _with_vml(path, name, vml.replace("width:300px", "width:225pt").replace(
        "height:150px", "height:112.5pt"))
    return path


def test_comment_boxes_keep_their_size(commented: Path, capsys: pytest.CaptureFixture[str],
                                       openpyxl_route: None) -> None:
    assert main(["standings", str(commented)]) == 0
    assert "warning" not in capsys.readouterr().err
    _, vml = _vml(commented)
    assert re.search(r"width:300(\.0)?px", vml) and re.search(r"height:150(\.0)?px", vml), vml
    assert openpyxl.load_workbook(commented)["Settings"]["B2"].comment.text == (
        "Checked by the arbiter")


def test_a_comment_shown_on_the_sheet_is_refused_in_place(
        commented: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        openpyxl_route: None) -> None:
    name, vml = _vml(commented)
    shown = vml.replace("visibility:hidden", "visibility:visible")
    shown = re.sub(r"(<x:ClientData[^>]*>)", r"\1<x:Visible/>", shown, count=1)
    assert shown != vml
    _with_vml(commented, name, shown)
    before = commented.read_bytes()
    assert main(["standings", str(commented)]) == 2
    err = capsys.readouterr().err
    assert "comments shown on the sheet" in err and "'Settings'" in err and "-o" in err
    assert commented.read_bytes() == before
    copy = tmp_path / "copy.xlsx"
    assert main(["standings", str(commented), "-o", str(copy)]) == 0
    assert "comments shown on the sheet" in capsys.readouterr().err


def test_the_zip_route_keeps_comments_as_they_are(
        commented: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The zip route copies the comments and their boxes (shown on the sheet or not) byte
    for byte: written in place, nothing to warn about."""
    name, vml = _vml(commented)
    shown = re.sub(r"(<x:ClientData[^>]*>)", r"\1<x:Visible/>",
                   vml.replace("visibility:hidden", "visibility:visible"), count=1)
    _with_vml(commented, name, shown)
    assert main(["standings", str(commented)]) == 0
    assert "warning" not in capsys.readouterr().err
    assert _vml(commented) == (name, shown)
    assert openpyxl.load_workbook(commented)["Settings"]["B2"].comment.text == (
        "Checked by the arbiter")


def test_a_comment_saved_by_libreoffice_is_rewritten_in_place(
        commented: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        openpyxl_route: None) -> None:
    """LibreOffice writes a comment's box in points with two decimals (224.95pt): the box is
    kept to the hundredth of a pixel and the workbook rewritten in place."""
    import shutil
    import subprocess

    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed")
    out = tmp_path / "lo"
    done = subprocess.run([soffice, "--headless", "--norestore", "--convert-to",
                           "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out), str(commented)],
                          capture_output=True, timeout=180)
    saved = out / commented.name
    if done.returncode != 0 or not saved.exists():
        pytest.skip("LibreOffice could not convert here")
    _, vml = _vml(saved)
    width, height = (float(re.search(rf"{side}:([0-9.]+)pt", vml).group(1))  # type: ignore[union-attr]
                     for side in ("width", "height"))
    assert main(["standings", str(saved)]) == 0
    assert "warning" not in capsys.readouterr().err
    _, after = _vml(saved)
    assert f"width:{round(width * 4 / 3, 2)}px" in after
    assert f"height:{round(height * 4 / 3, 2)}px" in after
