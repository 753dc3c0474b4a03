"""Names from files are never printed raw: a file called ``evil<ESC>[31m…<RLO>…trf`` is shown
with its control and format characters escaped in ``check``'s table and CSV, as JSON escapes
(the JSON value still the file's exact name), and in every error report."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.util.safety import printable

EVIL = "evil\x1b[31mred\u202eX\x7f"
"""An escape sequence (red text), a right-to-left override and DEL in one file name."""
RAW = ("\x1b", "\u202e", "\x7f")

TRF = (
    "012 Two players\n"
    "001    1 m    Anna                              1800 BRA        1001             1.0    1"
    "     2 w 1\n"
    "001    2 m    Bruno                             1700 BRA        1002             0.0    2"
    "     1 b 0\n"
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    if sys.platform == "win32":
        pytest.skip("Windows file names cannot hold control characters")
    (tmp_path / f"{EVIL}.trf").write_text(TRF, encoding="utf-8")
    return tmp_path


def test_printable_escapes_only_what_a_terminal_acts_on() -> None:
    assert printable("Łukasz Żółć 4½ – ok") == "Łukasz Żółć 4½ – ok"
    assert printable(EVIL) == "evil\\x1b[31mred\\u202eX\\x7f"
    assert printable("a\nb\tc\x9b") == "a\\x0ab\\x09c\\x9b"


@pytest.mark.parametrize("form", ["table", "csv", "json"])
def test_check_escapes_file_names(folder: Path, capsys: pytest.CaptureFixture[str],
                                  form: str) -> None:
    args = ["check", str(folder), "--jobs", "1"] + ([] if form == "table" else
                                                     ["--format", form])
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert not any(c in out + err for c in RAW)
    if form == "json":
        files = json.loads(out)["files"]
        assert [os.path.basename(f["file"]) for f in files] == [f"{EVIL}.trf"]
    else:
        assert "evil\\x1b[31mred\\u202eX\\x7f.trf" in out


def test_error_reports_escape_file_names(folder: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    missing = folder / f"{EVIL}-missing.trf"
    assert main(["compute", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "evil\\x1b[31mred\\u202eX\\x7f-missing.trf" in err
    assert not any(c in err for c in RAW)
    assert main(["compute", str(folder / f"{EVIL}.trf"), "--tiebreaks", "BH,XX"]) == 2
    assert not any(c in capsys.readouterr().err for c in RAW)
