"""Issue 10, damaged workbooks: seeded bit flips and truncations of a real template, and
files that are not workbooks at all (a folder, a pipe, an old .xls, a password-protected
workbook, missing parts). ``compute`` and ``standings`` answer each with exit 0 or a clean
exit 2 naming the file, never a traceback, each within a time limit. A few hundred cases per
run; thousands with ``--run-slow``."""

from __future__ import annotations

import os
import random
import sys
import time
import zipfile
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

CASES = 300
SLOW_CASES = 3000
LIMIT_SECONDS = 10.0


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
    started = time.perf_counter()
    code = main(args)
    elapsed = time.perf_counter() - started
    out, err = capsys.readouterr()
    assert code in (0, 2), (args, err)
    assert "Traceback" not in err and "Traceback" not in out
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
