"""Writes that cannot lose an update: the workbook is replaced only if it is still the
version read (an Excel save while ``standings`` runs is kept); ``-o`` without ``--force``
never replaces a file that appeared meanwhile; ``--force`` replaces only regular files (not a
FIFO, nor a link to one); new files get the permissions of the user's umask; an output that
is one of the inputs is refused."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from lean_books import lean_workbook

import xl_tiebreak.excel.files.output as output
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "book.xlsx"
    lean_workbook(SWISS, vba=False).save(path)
    return path


@pytest.fixture
def trf(tmp_path: Path) -> Path:
    path = tmp_path / "open.trf"
    shutil.copyfile(EXAMPLES / "spring_open.trf", path)
    return path


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, err


def at_staged(monkeypatch: pytest.MonkeyPatch, action: object) -> None:
    """Run ``action()`` when every output is staged and nothing is replaced yet."""
    def pause(point: str) -> None:
        if point == "staged":
            action()  # type: ignore[operator]
    monkeypatch.setattr(output, "_pause", pause)


def test_an_excel_save_during_standings_is_not_overwritten(
        book: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    saved_meanwhile = b"the user's newer save"
    at_staged(monkeypatch, lambda: book.write_bytes(saved_meanwhile))
    code, err = run(capsys, "standings", str(book))
    assert code == 2 and "changed by another program" in err and str(book.name) in err
    assert book.read_bytes() == saved_meanwhile
    assert [p.name for p in book.parent.iterdir() if output.TEMP_MARK in p.name] == []


def test_an_output_that_appeared_meanwhile_is_not_replaced(
        book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    copy, table = tmp_path / "copy.xlsx", tmp_path / "table.csv"
    at_staged(monkeypatch, lambda: copy.write_bytes(b"someone else's"))
    code, err = run(capsys, "standings", str(book), "-o", str(copy))
    assert code == 2 and "appeared meanwhile" in err
    assert copy.read_bytes() == b"someone else's"
    copy.unlink()
    at_staged(monkeypatch, lambda: table.write_bytes(b"theirs"))
    code, err = run(capsys, "standings", str(book), "-o", str(copy), "--csv", str(table))
    assert code == 2 and "appeared meanwhile" in err
    assert table.read_bytes() == b"theirs" and not copy.exists()  # nothing replaced


def test_the_text_outputs_keep_a_file_that_appeared_meanwhile(
        trf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import xl_tiebreak.cli.outputs as outputs

    target = tmp_path / "ranked.trf"
    real_put = outputs._put

    def late(tmp: Path, path: Path, force: bool) -> None:
        path.write_text("theirs")
        real_put(tmp, path, force)

    monkeypatch.setattr(outputs, "_put", late)
    code, err = run(capsys, "export", str(trf), "-o", str(target))
    assert code == 2 and "appeared" in err
    assert target.read_text() == "theirs"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["open.trf", "ranked.trf"]


@pytest.mark.parametrize("link", [False, True], ids=["fifo", "link to a fifo"])
def test_force_never_replaces_a_fifo(book: Path, trf: Path, tmp_path: Path, link: bool,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    target = fifo
    if link:
        target = tmp_path / "pipe.csv"
        target.symlink_to(fifo)
    for command in (["export", str(trf), "-o", str(target), "--force"],
                    ["check", str(trf), "-o", str(target), "--force"],
                    ["standings", str(book), "--csv", str(target), "--force"]):
        code, err = run(capsys, *command)
        assert code == 2 and "not a regular file" in err, (command, err)
        assert stat.S_ISFIFO(os.stat(target).st_mode)


def test_new_files_get_the_umask_permissions(book: Path, trf: Path, tmp_path: Path,
                                             umask_022: None,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    outputs = {"export": tmp_path / "ranked.trf", "check": tmp_path / "report.txt",
               "standings": tmp_path / "copy.xlsx"}
    assert run(capsys, "export", str(trf), "-o", str(outputs["export"]))[0] == 0
    assert run(capsys, "check", str(trf), "-o", str(outputs["check"]))[0] in (0, 1)
    assert run(capsys, "standings", str(book), "-o", str(outputs["standings"]))[0] == 0
    for path in outputs.values():
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path
    os.umask(0o077)
    again = tmp_path / "private.trf"
    assert run(capsys, "export", str(trf), "-o", str(again))[0] == 0
    assert stat.S_IMODE(again.stat().st_mode) == 0o600


def test_an_output_that_is_an_input_is_refused(trf: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    before = trf.read_bytes()
    (tmp_path / "again.trf").symlink_to(trf)
    for target in (trf, tmp_path / "again.trf", tmp_path / "." / trf.name):
        for command in ("export", "check"):
            code, err = run(capsys, command, str(trf), "-o", str(target), "--force")
            assert code == 2 and "input" in err, (command, target, err)
    assert trf.read_bytes() == before


@pytest.mark.parametrize("command", [
    ["workbook", "examples/spring_open.trf", "-o"],
    ["compute", "examples/spring_open.trf", "-o"],
    ["export", "examples/spring_open.trf", "--format", "trf26", "-o"],
])
def test_an_output_in_a_missing_folder_names_the_folder(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused before anything is read or written, naming the folder (not a temporary)."""
    root = Path(__file__).resolve().parent.parent
    target = tmp_path / "nowhere" / "out.xlsx"
    argv = [str(root / a) if a.startswith("examples/") else a for a in command]
    assert main([*argv, str(target)]) == 2
    err = capsys.readouterr().err
    assert f"the folder {target.parent} does not exist" in err
    assert ".tmp" not in err and not target.parent.exists()
