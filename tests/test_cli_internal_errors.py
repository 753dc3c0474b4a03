"""A fault of the tool itself (an unexpected exception) ends with a short message and exit
status 3, never a traceback, and the workbook is left as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import xl_tiebreak.excel.headless as headless
from xl_tiebreak.cli.main import INTERNAL_ERROR, main

ROOT = Path(__file__).resolve().parents[1]


def test_unexpected_exception_in_standings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(ROOT / "workbook_templates" / "swiss.xlsx", book)
    before = book.read_bytes()

    def broken(*args: object, **kwargs: object) -> object:
        raise TypeError("unsupported operand type(s) for +: 'int' and 'str'\nsecond line")

    monkeypatch.setattr(headless, "saved_bytes", broken)  # the openpyxl route
    monkeypatch.setattr(headless, "cache_in_zip", broken)  # the zip route
    code = main(["standings", str(book), "-o", str(tmp_path / "out.xlsx")])
    out, err = capsys.readouterr()
    assert code == INTERNAL_ERROR == 3  # not 2, which means bad input
    assert "Traceback" not in out + err
    assert err.startswith("xl-tiebreak: internal error in 'standings' (TypeError: "
                          "unsupported operand type(s) for +: 'int' and 'str'); please report")
    assert "second line" not in err
    assert book.read_bytes() == before
    assert not (tmp_path / "out.xlsx").exists()


def test_internal_error_message_in_portuguese(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    import xl_tiebreak.cli.main as cli_main

    def broken(args: object) -> int:
        raise KeyError("x")

    monkeypatch.setattr(cli_main, "_compute", broken)
    trf = tmp_path / "e.trf"
    trf.write_text("012 x\n", encoding="utf-8")
    code = main(["--lang", "pt-BR", "compute", str(trf)])
    err = capsys.readouterr().err
    assert code == 3
    assert err.startswith("xl-tiebreak: erro interno em 'compute' (KeyError: 'x')")
