"""Damaged workbooks: seeded bit flips and truncations of a real template, files that are
not workbooks at all (a folder, a pipe, an old .xls, a password-protected workbook, missing
parts), and families of what real writers and hostile files put inside (formulas over huge
ranges, cycles and chains; no calcPr, a theme version, LibreOffice's defaults, merge and
shared-strings bombs, signatures, a tall crosstable, 17-digit numbers, comments shown or
resized, XML that is not well-formed, attributes the format does not have), each with the
answer it must get. ``compute`` and ``standings`` answer each with exit 0 or a clean
exit 2 naming the file, never a traceback, each within a time limit. A few hundred cases per
run; thousands with ``--run-slow``."""

from __future__ import annotations

import os
import random
import re
import sys
import time
import zipfile
from pathlib import Path

import pytest
from lean_books import lean_workbook
from openpyxl.comments import Comment

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

CASES = 300
SLOW_CASES = 3000
LIMIT_SECONDS = 10.0
EXCEPTION_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception|Forbidden)\b")
"""A Python exception's name (``ExpatError``, ``KeyError``…), which no message may show."""


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("fuzz") / "t.xlsx"
    build_workbook(SWISS, vba=False).save(path)
    return path.read_bytes()


def damaged(data: bytes, rng: random.Random) -> bytes:
    """Bit flips (1 to 8 of them) or a truncation, chosen by ``rng``."""
    if rng.random() < 0.25:
        return data[: rng.randrange(len(data))]
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def answers_cleanly(path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    started = time.process_time()  # CPU time: the test machine may be shared
    code = main(args)
    elapsed = time.process_time() - started
    out, err = capsys.readouterr()
    assert code in (0, 2), (args, err)
    assert "Traceback" not in err and "Traceback" not in out
    assert EXCEPTION_NAME.search(err) is None, err  # said for people, not as a Python error
    if code == 2:
        assert path.name in err or str(path) in err, err  # the file is named
    assert elapsed < LIMIT_SECONDS, (args, elapsed)
    return err


def run_cases(template: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str],
              count: int, seed: int) -> None:
    rng = random.Random(seed)
    book = tmp_path / "book.xlsx"
    out = tmp_path / "out.xlsx"
    refused = 0
    for _ in range(count):
        book.write_bytes(damaged(template, rng))
        if out.exists():
            out.unlink()
        err = answers_cleanly(book, capsys, ["compute", str(book)])
        answers_cleanly(book, capsys, ["standings", str(book), "-o", str(out)])
        refused += bool(err)
    assert refused > count // 2  # most damage is noticed, not read past


def test_damaged_workbooks_never_give_a_traceback(
    template: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_cases(template, tmp_path, capsys, CASES, seed=10)


@pytest.mark.slow
def test_damaged_workbooks_never_give_a_traceback_many(
    template: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_cases(template, tmp_path, capsys, SLOW_CASES, seed=1010)


# ---------------------------------------------------------------- not workbooks at all


def ole(streams: list[str]) -> bytes:
    """The start of an OLE compound file whose directory names ``streams``."""
    head = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504
    return head + b"".join(s.encode("utf-16-le").ljust(64, b"\0") for s in streams)


@pytest.mark.parametrize("command", ["compute", "standings"])
@pytest.mark.parametrize("case, expected", [
    ("encrypted", "password-protected"),
    ("xls", "old Excel 97-2003 workbook"),
    ("folder", "is a folder"),
    ("fifo", "not a regular file"),
    ("no styles", "xl/styles.xml (styles) is missing"),
    ("no workbook", "(the workbook) is missing"),
    ("truncated", "not a readable zip archive"),
    ("bad part", "is damaged: its part xl/worksheets/sheet2.xml cannot be read"),
])
def test_files_that_are_not_readable_workbooks_are_named(
    template: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    command: str, case: str, expected: str,
) -> None:
    path = tmp_path / "book.xlsx"
    if case == "encrypted":
        path.write_bytes(ole(["Root Entry", "EncryptionInfo", "EncryptedPackage"]))
    elif case == "xls":
        path.write_bytes(ole(["Root Entry", "Workbook", "SummaryInformation"]))
    elif case == "folder":
        path.mkdir()
    elif case == "fifo":
        if not hasattr(os, "mkfifo") or sys.platform == "win32":
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    elif case in ("no styles", "no workbook", "bad part"):
        source = tmp_path / "t.xlsx"
        source.write_bytes(template)
        drop = {"no styles": "xl/styles.xml", "no workbook": "xl/workbook.xml"}.get(case)
        with zipfile.ZipFile(source) as src, zipfile.ZipFile(path, "w",
                                                              zipfile.ZIP_DEFLATED) as dst:
            for item in src.infolist():
                if item.filename != drop:
                    dst.writestr(item.filename, src.read(item.filename))
        if case == "bad part":
            data = bytearray(path.read_bytes())
            with zipfile.ZipFile(path) as archive:
                info = archive.getinfo("xl/worksheets/sheet2.xml")
            start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
            data[start + info.compress_size // 2] ^= 0xFF
            path.write_bytes(bytes(data))
    elif case == "truncated":
        path.write_bytes(template[: len(template) // 2])
    args = [command, str(path)] + (["-o", str(tmp_path / "o.xlsx")] if command == "standings"
                                   else [])
    started = time.perf_counter()
    assert main(args) == 2
    assert time.perf_counter() - started < LIMIT_SECONDS  # a pipe is never opened
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err
    assert "book.xlsx" in err


# ---------------------------------------------------------------- what real files and bombs hold


FAMILY_CASES = 24
SLOW_FAMILY_CASES = 200
CROSSTABLE = "xl/worksheets/sheet2.xml"
DIGITS_17 = b"0.30000000000000004"
"""A double that needs 17 significant digits (0.1 + 0.2)."""


def _formula_family(wb: object, rng: random.Random) -> str:
    """A formula of the user's: over a huge range, reading itself, a cycle of names, a chain."""
    from openpyxl.workbook.defined_name import DefinedName

    ws = wb["Settings"]  # type: ignore[index]
    kind = rng.choice(["huge", "whole", "self", "names", "chain"])
    if kind == "huge":
        ws["H1"] = f"=BUCHHOLZ(Crosstable!A1:K{rng.randrange(20_000, 1_048_576)},1)"
    elif kind == "whole":
        ws["H1"] = "=BUCHHOLZ(Crosstable!A1:XFD1048576,1)"
    elif kind == "self":
        ws["H1"] = "=BUCHHOLZ(Settings!H1:H3,1)"
    elif kind == "names":
        wb.defined_names["Loop1"] = DefinedName("Loop1", attr_text="Loop2")  # type: ignore[attr-defined]
        wb.defined_names["Loop2"] = DefinedName("Loop2", attr_text="Loop1")  # type: ignore[attr-defined]
        ws["H1"] = "=BUCHHOLZ(Loop1,1)"
    else:
        for row in range(1, rng.randrange(100, 3001)):
            ws.cell(row=row, column=10, value=f"=BUCHHOLZ(Settings!J{row + 1}:J{row + 2},1)")
    return f"formula:{kind}"


def _xml_family(parts: dict[str, bytes], rng: random.Random) -> str:
    """What other writers put in the XML, harmless or hostile."""

    kind = rng.choice(["no calcPr", "theme version", "libreoffice defaults", "merge bomb",
                       "strings bomb", "empty drawing", "signature", "tall crosstable",
                       "17 digits", "comment shown", "comment size", "damaged xml",
                       "unknown attribute"])
    book, sheet = "xl/workbook.xml", "xl/worksheets/sheet1.xml"
    vml = next((n for n in parts if n.endswith(".vml")), "")
    if kind == "tall crosstable":  # 26,000 start numbers in column A: refused unpacking
        rows = b"".join(b'<row r="%d"><c r="A%d"><v>%d</v></c></row>' % (r, r, r)
                        for r in range(18, 26_018))
        parts[CROSSTABLE] = parts[CROSSTABLE].replace(b"</sheetData>", rows + b"</sheetData>")
    elif kind == "17 digits":
        parts[sheet] = parts[sheet].replace(
            b"</sheetData>", b'<row r="999"><c r="A999"><v>' + DIGITS_17 + b"</v></c></row>"
            b"</sheetData>")
    elif kind == "comment shown":
        shown = parts[vml].replace(b"visibility:hidden", b"visibility:visible")
        parts[vml] = re.sub(rb"(<x:ClientData[^>]*>)", rb"\1<x:Visible/>", shown, count=1)
    elif kind == "comment size":
        parts[vml] = parts[vml].replace(b"width:300px", b"width:225pt").replace(
            b"height:150px", b"height:112.5pt")
    elif kind == "damaged xml":
        name = rng.choice([book, sheet, CROSSTABLE, "xl/styles.xml"])
        at = parts[name].index(b"<", rng.randrange(100, len(parts[name]) - 100)) + 1
        parts[name] = parts[name][:at] + b"<" + parts[name][at:]
        return f"xml:{kind}:{name}"
    elif kind == "unknown attribute":
        parts["xl/styles.xml"] = parts["xl/styles.xml"].replace(b"<alignment ",
                                                                b'<alignment vertica="x" ', 1)
    elif kind == "no calcPr":
        parts[book] = re.sub(rb"<calcPr\b[^>]*/>", b"", parts[book])
    elif kind == "theme version":
        version = str(rng.randrange(124226, 202301)).encode()
        parts[book] = re.sub(rb"<workbookPr\b", b'<workbookPr defaultThemeVersion="' + version
                             + b'"', parts[book], count=1)
    elif kind == "libreoffice defaults":
        parts[sheet] = parts[sheet].replace(b"<row ", b'<row hidden="false" outlineLevel="0" ')
    elif kind == "merge bomb":
        ref = rng.choice([b"A1:XFD1048576", b"A1:Z100000", b"B2:C1048576"])
        parts[sheet] = parts[sheet].replace(
            b"</sheetData>", b'</sheetData><mergeCells count="1"><mergeCell ref="' + ref
            + b'"/></mergeCells>', 1)
    elif kind == "strings bomb":
        count = rng.randrange(300_001, 600_000)
        parts["xl/sharedStrings.xml"] = (
            b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            + b"<si><t>x</t></si>" * count + b"</sst>")
        parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
            b"</Relationships>", b'<Relationship Id="rIdS9" Type="http://schemas.'
            b'openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
            b'Target="sharedStrings.xml"/></Relationships>')
    elif kind == "empty drawing":
        parts["xl/drawings/drawing1.xml"] = (
            b'<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/'
            b'spreadsheetDrawing"></xdr:wsDr>')
        parts["xl/worksheets/_rels/sheet1.xml.rels"] = (
            b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            b'relationships"><Relationship Id="rIdD1" Type="http://schemas.openxmlformats.'
            b'org/officeDocument/2006/relationships/drawing" Target="../drawings/'
            b'drawing1.xml"/></Relationships>')
    else:
        parts["_xmlsignatures/origin.sigs"] = b""
        parts["_rels/.rels"] = parts["_rels/.rels"].replace(
            b"</Relationships>", b'<Relationship Id="rIdS1" Type="http://schemas.openxmlformats'
            b'.org/package/2006/relationships/digital-signature/origin" '
            b'Target="_xmlsignatures/origin.sigs"/></Relationships>')
    return f"xml:{kind}"


def run_family_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str], count: int,
                     seed: int) -> None:
    """Each case: the template with one or two of the families above; ``standings`` in place
    ends with exit 0 or 2, never a traceback, within the time limit, and a refused file is
    byte-identical."""
    rng = random.Random(seed)
    book = tmp_path / "book.xlsx"
    seen: set[str] = set()
    for _ in range(count):
        wb = lean_workbook(SWISS, vba=False)
        wb["Settings"]["B2"].comment = Comment("Checked", "Arbiter", width=300, height=150)
        kinds = [_formula_family(wb, rng)] if rng.random() < 0.5 else []
        wb.save(book)
        with zipfile.ZipFile(book) as archive:
            parts = {name: archive.read(name) for name in archive.namelist()}
        if not kinds or rng.random() < 0.5:
            kinds.append(_xml_family(parts, rng))
        with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in parts.items():
                archive.writestr(name, data)
        seen.update(kinds)
        before = book.read_bytes()
        started = time.process_time()
        code = main(["standings", str(book)])
        elapsed = time.process_time() - started
        out, err = capsys.readouterr()
        assert code in (0, 2) and "Traceback" not in err, (kinds, err)
        assert EXCEPTION_NAME.search(err) is None, (kinds, err)
        assert elapsed < LIMIT_SECONDS, (kinds, elapsed)
        if code == 2 and "listed in the" not in err:  # refused: nothing written
            assert book.read_bytes() == before, kinds
            assert book.name in err, (kinds, err)
        _expected(kinds[-1], code, err, book)
    assert len(seen) >= min(count, 6)  # the seed reaches most families


def _expected(kind: str, code: int, err: str, book: Path) -> None:
    """What each family of real or hostile content must give (the formula families: 0)."""
    if kind.startswith("formula:") or kind in ("xml:no calcPr", "xml:theme version",
                                               "xml:libreoffice defaults",
                                               "xml:empty drawing"):
        assert code == 0, (kind, err)
    elif kind in ("xml:merge bomb", "xml:strings bomb", "xml:signature"):
        assert code == 2, (kind, err)
    elif kind == "xml:tall crosstable":
        assert code == 2 and "refused before the file is loaded" in err, err
    elif kind == "xml:17 digits":
        assert code == 0, err
        with zipfile.ZipFile(book) as archive:
            assert b"<v>" + DIGITS_17 + b"</v>" in archive.read("xl/worksheets/sheet1.xml")
    elif kind == "xml:comment shown":  # the zip route keeps the comment's part as it was
        assert code == 0, err
        with zipfile.ZipFile(book) as archive:
            vml = next(archive.read(n) for n in archive.namelist() if n.endswith(".vml"))
        assert b"visibility:visible" in vml, vml
    elif kind == "xml:comment size":
        assert code == 0, err
        with zipfile.ZipFile(book) as archive:
            vml = next(archive.read(n) for n in archive.namelist() if n.endswith(".vml"))
        assert re.search(rb"width:225pt", vml), vml  # copied as it was (the zip route)
    elif kind.startswith("xml:damaged xml:"):
        part = kind.rsplit(":", 1)[1]
        assert code == 2 and part in err and "not well-formed XML" in err, (kind, err)
    elif kind == "xml:unknown attribute":
        assert code == 2 and "(vertica)" in err and "xl/styles.xml" in err, err


def test_real_and_hostile_workbook_contents_never_give_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_family_cases(tmp_path, capsys, FAMILY_CASES, seed=24)


@pytest.mark.slow
def test_real_and_hostile_workbook_contents_never_give_a_traceback_many(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_family_cases(tmp_path, capsys, SLOW_FAMILY_CASES, seed=2424)
