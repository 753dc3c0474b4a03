"""Small workbooks that would cost unbounded work: each command ends with exit 0 or 2 within
10 s of CPU time and under 500 MB (measured in a child process with ``resource``), writes
nothing beyond what the event uses, and leaves a refused file byte-identical.

The bombs: a formula over ``A1:K200000`` and over whole columns (``A1:K1048576``), a formula
reading itself, a cycle of defined names, a chain of 3,000 formula cells, a merged range over
the whole sheet, a shared-strings table of 400,000 entries, a crosstable of 26,000 rows.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lean_books import lean_workbook

from xl_tiebreak.excel.templates.builder import SWISS

SECONDS = 10
MEGABYTES = 500
HANG_SECONDS = 90
"""Wall-clock time that only a hang reaches: the machine running the tests may be shared, so
the work is measured as the child's CPU time (user and system), which load does not grow."""


def within_limits(report: dict[str, Any]) -> bool:
    """At most :data:`SECONDS` of CPU time, :data:`MEGABYTES` of memory, and no hang."""
    return (report["cpu"] < SECONDS and report["kb"] < MEGABYTES * 1024
            and report["seconds"] < HANG_SECONDS)

_CHILD = """
import json, resource, sys, time
from xl_tiebreak.cli.main import main
start = time.monotonic()
code = main(sys.argv[1:])
used = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"code": code, "seconds": time.monotonic() - start,
                  "cpu": used.ru_utime + used.ru_stime, "kb": used.ru_maxrss}))
"""


def measured(*argv: str) -> tuple[dict[str, Any], str]:
    """Run the command in a child process limited to 2 GB of address space; its exit code,
    wall and CPU seconds, peak memory (KB), and its standard error."""
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
    done = subprocess.run([sys.executable, "-c", limit + _CHILD, *argv], capture_output=True,
                          text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return report, done.stderr


def template(path: Path, edit: Callable[[Any], None]) -> Path:
    wb = lean_workbook(SWISS, vba=False)
    edit(wb)
    wb.save(path)
    return path


def rezip(path: Path, change: Callable[[str, bytes], bytes]) -> Path:
    """Rewrite every part of the zip through ``change(name, data)``."""
    with zipfile.ZipFile(path) as source:
        parts = [(info, change(info.filename, source.read(info))) for info in source.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info, data in parts:
            target.writestr(info.filename, data)
    return path


def sheet_part(path: Path, title: str) -> str:
    import openpyxl

    index = openpyxl.load_workbook(path).sheetnames.index(title) + 1
    return f"xl/worksheets/sheet{index}.xml"


def rows_stored(path: Path, title: str) -> int:
    with zipfile.ZipFile(path) as archive:
        return archive.read(sheet_part(path, title)).count(b"<row ")


def check_bounded(book: Path, *commands: list[str]) -> list[int]:
    """Each command (``standings`` in place last) within the limits; their exit codes."""
    codes = []
    for command in commands:
        before = book.read_bytes()
        report, err = measured(*command, str(book))
        assert report["code"] in (0, 2), err
        assert within_limits(report), report
        if report["code"] == 2 and command[0] == "standings":
            assert book.read_bytes() == before, err
        codes.append(report["code"])
    return codes


def formula_in_settings(text: str) -> Callable[[Any], None]:
    def edit(wb: Any) -> None:
        wb["Settings"]["H1"] = text
    return edit


@pytest.mark.parametrize("text", [
    "=BUCHHOLZ(Crosstable!A1:K200000,1)",
    "=BUCHHOLZ(Crosstable!A1:K1048576,1)",
    "=BUCHHOLZ(Settings!H1:H2,1)",  # reads itself
])
def test_a_formula_over_a_huge_range_or_itself_writes_only_what_the_event_uses(
        tmp_path: Path, text: str) -> None:
    book = template(tmp_path / "book.xlsx", formula_in_settings(text))
    crosstable_rows = rows_stored(book, "Crosstable")
    assert check_bounded(book, ["compute"], ["standings"]) == [0, 0]
    # the Crosstable sheet gained no rows (17: the header and 16 players, as built)
    assert rows_stored(book, "Crosstable") == crosstable_rows
    assert book.stat().st_size < 100_000


def test_a_cycle_of_defined_names_is_bounded(tmp_path: Path) -> None:
    from openpyxl.workbook.defined_name import DefinedName

    def edit(wb: Any) -> None:
        wb.defined_names["Loop1"] = DefinedName("Loop1", attr_text="Loop2")
        wb.defined_names["Loop2"] = DefinedName("Loop2", attr_text="Loop1")
        wb["Settings"]["H1"] = "=BUCHHOLZ(Loop1,1)"

    book = template(tmp_path / "book.xlsx", edit)
    assert check_bounded(book, ["compute"], ["standings"]) == [0, 0]


def test_a_chain_of_3000_formula_cells_is_bounded(tmp_path: Path) -> None:
    def edit(wb: Any) -> None:
        ws = wb["Settings"]
        for row in range(1, 3001):
            ws.cell(row=row, column=10, value=f"=BUCHHOLZ(Settings!J{row + 1}:J{row + 2},1)")

    book = template(tmp_path / "book.xlsx", edit)
    assert check_bounded(book, ["compute"], ["standings"]) == [0, 0]


def test_a_merged_range_over_the_whole_sheet_is_refused_at_once(tmp_path: Path) -> None:
    book = template(tmp_path / "book.xlsx", lambda wb: None)
    part = sheet_part(book, "How to")

    def merge(name: str, data: bytes) -> bytes:
        if name != part:
            return data
        data = re.sub(rb"<mergeCells\b.*?</mergeCells>", b"", data, flags=re.S)
        return data.replace(b"</sheetData>", b'</sheetData><mergeCells count="1">'
                                              b'<mergeCell ref="A1:XFD1048576"/></mergeCells>')

    rezip(book, merge)
    for command in (["compute"], ["standings"], ["export", "-o", str(tmp_path / "x.trf")]):
        report, err = measured(*command, str(book))
        assert report["code"] == 2 and "A1:XFD1048576" in err and part in err
        assert within_limits(report), report


def test_a_shared_strings_bomb_is_refused_at_once(tmp_path: Path) -> None:
    book = template(tmp_path / "book.xlsx", lambda wb: None)
    table = (b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
             b'count="400000" uniqueCount="400000">' + b"<si><t>x</t></si>" * 400_000
             + b"</sst>")

    def add(name: str, data: bytes) -> bytes:
        if name == "xl/_rels/workbook.xml.rels":
            return data.replace(b"</Relationships>", (
                b'<Relationship Id="rIdS9" Type="http://schemas.openxmlformats.org/'
                b'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                b"</Relationships>"))
        return data

    rezip(book, add)
    with zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/sharedStrings.xml", table)
    assert book.stat().st_size < 200_000  # a small file
    before = book.read_bytes()
    report, err = measured("standings", str(book))
    assert report["code"] == 2 and "shared-strings" in err and "xl/sharedStrings.xml" in err
    assert within_limits(report), report
    assert book.read_bytes() == before


@pytest.mark.parametrize("columns", [5, 7])
def test_a_crosstable_of_26000_rows_is_refused_before_loading(tmp_path: Path,
                                                              columns: int) -> None:
    """26,000 rows of 5 columns (130,000 cells, inside the cell limit) or of 7: refused while
    the file is unpacked, naming the range and the far cells, the file unchanged."""
    book = template(tmp_path / "book.xlsx", lambda wb: None)
    part = sheet_part(book, "Crosstable")
    letters = "ABCDEFG"[:columns]
    rows = "".join(f'<row r="{row}">' + "".join(f'<c r="{col}{row}" t="n"><v>{row}</v></c>'
                                                for col in letters) + "</row>"
                   for row in range(18, 26_018)).encode()

    def grow(name: str, data: bytes) -> bytes:
        """Rows 18 to 26,017 after the 16 players, each cell holding its row's number, as
        openpyxl writes them (their XML written here: 26,000 rows cell by cell through
        openpyxl took seconds), and the dimension that covers them."""
        if name != part:
            return data
        assert data.count(b'<dimension ref="A1:O17"') == 1 and b'<row r="18"' not in data
        data = data.replace(b'<dimension ref="A1:O17"', b'<dimension ref="A1:O26017"')
        return data.replace(b"</sheetData>", rows + b"</sheetData>")

    rezip(book, grow)
    with zipfile.ZipFile(book) as archive:
        assert archive.read(part).count(b"<row ") == 17 + 26_000
    before = book.read_bytes()
    for command in (["compute"], ["standings"]):
        report, err = measured(*command, str(book))
        assert report["code"] == 2, err
        assert "Crosstable!A1:O26017" in err and "refused before the file is loaded" in err, err
        assert "Crosstable!A26017" in err
        assert within_limits(report), report
        assert book.read_bytes() == before
