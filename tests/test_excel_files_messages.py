"""Every workbook error names the file and the sheet, part or cell, never a Python
exception: a part that is not well-formed XML (found while the file is unpacked, with its line
and column), a DTD, a cell whose reference cannot be read, an attribute the format does not
have, a date that is not one, an OS error; in English and in Portuguese."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from lean_books import lean_workbook

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS

EXCEPTION_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception|Forbidden)\b")
CROSSTABLE = "xl/worksheets/sheet2.xml"


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    path = tmp_path_factory.mktemp("messages") / "t.xlsx"
    lean_workbook(SWISS, vba=False).save(path)
    with zipfile.ZipFile(path) as archive:
        assert b'<sheet name="Crosstable" sheetId="2"' in archive.read("xl/workbook.xml")
        return {name: archive.read(name) for name in archive.namelist()}


def replaced(part: str, old: bytes, new: bytes) -> Callable[[dict[str, bytes]], None]:
    def edit(p: dict[str, bytes]) -> None:
        assert old in p[part], (part, old)
        p[part] = p[part].replace(old, new, 1)
    return edit


CASES = [
    ("broken tag", replaced(CROSSTABLE, b'<c r="A2"', b'<c r="A2" <'),
     ["book.xlsx", CROSSTABLE, "the sheet 'Crosstable'", "not well-formed XML", "{place}"]),
    ("DTD", replaced("xl/styles.xml", b"<styleSheet", b"<!DOCTYPE x [<!ENTITY a 'b'>]><styleSheet"),
     ["book.xlsx", "xl/styles.xml", "DTD"]),
    ("cell reference", replaced(CROSSTABLE, b'<c r="A2"', b'<c r="A2x"'),
     ["book.xlsx", "cell A2x", "the sheet 'Crosstable'", CROSSTABLE, "'2x'"]),
    ("unknown attribute", replaced("xl/styles.xml", b"<alignment ", b'<alignment vertica="x" '),
     ["book.xlsx", "xl/styles.xml", "(the styles)", "(vertica)"]),
    ("date", replaced("docProps/core.xml", b'W3CDTF">', b'W3CDTF">x'),
     ["book.xlsx", "docProps/core.xml", "document properties", "Invalid datetime value x"]),
]


def write(path: Path, parts: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


@pytest.mark.parametrize("command", ["compute", "standings"])
@pytest.mark.parametrize("case, edit, named", CASES, ids=[c[0] for c in CASES])
def test_a_damaged_part_is_named_without_exception_names(
    parts: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    command: str, case: str, edit: Callable[[dict[str, bytes]], None], named: list[str],
) -> None:
    damaged = dict(parts)
    edit(damaged)
    book = tmp_path / "book.xlsx"
    write(book, damaged)
    before = book.read_bytes()
    if (case, command) == ("date", "standings"):
        # the zip route never parses the document properties: copied as they are (D-O2)
        assert main([command, str(book)]) == 0
        with zipfile.ZipFile(book) as archive:
            assert archive.read("docProps/core.xml") == damaged["docProps/core.xml"]
        return
    assert main([command, str(book)]) == 2
    err = capsys.readouterr().err
    for text in named:
        if text == "{place}":  # the line and column of the stray "<", counted from 1
            data = damaged[CROSSTABLE]
            at = data.index(b'<c r="A2" <') + len(b'<c r="A2" ')
            line = data.count(b"\n", 0, at) + 1
            column = at - (data.rfind(b"\n", 0, at) + 1) + 1
            text = f"line {line}, column {column}"
        assert text in err, (text, err)
    assert EXCEPTION_NAME.search(err) is None, err
    assert "Traceback" not in err
    assert book.read_bytes() == before


def test_the_message_is_in_portuguese(parts: dict[str, bytes], tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    damaged = dict(parts)
    CASES[2][1](damaged)
    book = tmp_path / "book.xlsx"
    write(book, damaged)
    assert main(["compute", str(book), "--lang", "pt-BR"]) == 2  # the command's own choice
    err = capsys.readouterr().err
    assert "não foi possível ler a célula A2x da aba 'Crosstable'" in err, err
    assert "abra-o no Excel ou no LibreOffice" in err


def test_an_os_error_names_the_file_and_what_happened(
        parts: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import openpyxl

    book = tmp_path / "book.xlsx"
    write(book, parts)

    def fail(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(openpyxl, "load_workbook", fail)
    assert main(["compute", str(book)]) == 2
    err = capsys.readouterr().err
    assert "book.xlsx: cannot read the file: Permission denied" in err
    assert EXCEPTION_NAME.search(err) is None
