"""The VBA parts openpyxl keeps beside an .xlsm it loads are a finished, read-only archive
(files.checks.settle_vba): collected in any order, it writes nothing and raises nothing."""

from __future__ import annotations

import gc
import shutil
import sys
from pathlib import Path

from xl_tiebreak.excel.files.checks import load, settle_vba
from xl_tiebreak.excel.files.output import workbook_bytes
from xl_tiebreak.excel.templates.parts import quickstart_workbook

ROOT = Path(__file__).resolve().parents[1]


def _collected_quietly(make: object) -> list[str]:
    """What was reported as unraisable while ``make()``'s workbook and its buffer were
    collected (the buffer closed first, as the cyclic collector may)."""
    found: list[str] = []
    old = sys.unraisablehook
    sys.unraisablehook = lambda report: found.append(repr(report.exc_value))
    try:
        workbook = make()  # type: ignore[operator]
        archive = workbook.vba_archive
        archive.fp.close()  # what a collection of the cycle may do first
        del workbook, archive
        gc.collect()
    finally:
        sys.unraisablehook = old
    return found


def test_a_loaded_xlsm_keeps_its_vba_parts_read_only(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsm"
    shutil.copyfile(ROOT / "workbook_templates" / "swiss.xlsm", book)
    workbook = load(book, True)
    archive = workbook.vba_archive
    assert archive.mode == "r"
    assert "xl/vbaProject.bin" in archive.namelist()
    assert archive.testzip() is None
    for _ in range(2):  # saved twice: the parts are still there to copy
        assert b"xl/vbaProject.bin" in workbook_bytes(workbook)
    assert _collected_quietly(lambda: load(book, True)) == []


def test_the_quickstart_workbook_too() -> None:
    workbook = quickstart_workbook(True)
    assert workbook.vba_archive.mode == "r"
    assert _collected_quietly(lambda: quickstart_workbook(True)) == []


def test_an_archive_left_for_appending_is_what_fails() -> None:
    """The case settle_vba prevents (so the tests above can fail): openpyxl's own archive,
    collected after its buffer was closed, reports an error."""
    import openpyxl

    source = ROOT / "workbook_templates" / "swiss.xlsm"
    found = _collected_quietly(lambda: openpyxl.load_workbook(source, keep_vba=True))
    assert found and "closed file" in found[0]


def test_a_workbook_without_vba_is_left_alone(tmp_path: Path) -> None:
    workbook = load(ROOT / "workbook_templates" / "swiss.xlsx", False)
    assert workbook.vba_archive is None
    settle_vba(workbook)
    assert workbook.vba_archive is None


def test_settling_twice_changes_nothing() -> None:
    workbook = load(ROOT / "workbook_templates" / "swiss.xlsm", True)
    archive = workbook.vba_archive
    settle_vba(workbook)
    assert workbook.vba_archive is archive and archive.mode == "r"
