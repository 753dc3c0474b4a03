"""Why the system refused a file, said in the language in force (os_reasons.os_reason), not
in the C library's English."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.i18n import using
from xl_tiebreak.util.os_reasons import os_reason


@pytest.mark.parametrize(("code", "english", "portuguese"), [
    (errno.ENOENT, "the file does not exist", "o arquivo não existe"),
    (errno.EACCES, "permission denied", "permissão negada"),
    (errno.ENOSPC, "no space left on the disk", "não há espaço livre no disco"),
])
def test_the_usual_reasons_are_translated(code: int, english: str, portuguese: str) -> None:
    exc = OSError(code, os.strerror(code))
    assert os_reason(exc) == english
    with using("pt-BR"):
        assert os_reason(exc) == portuguese


def test_any_other_reason_is_the_systems() -> None:
    exc = OSError(errno.EXDEV, os.strerror(errno.EXDEV))
    assert os_reason(exc) == os.strerror(errno.EXDEV)
    assert os_reason(OSError("plain")) == "plain"


def test_a_missing_workbook_is_said_in_portuguese(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nada.xlsx"
    assert main(["--lang", "pt-BR", "standings", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "o arquivo não existe" in err and "No such file" not in err
