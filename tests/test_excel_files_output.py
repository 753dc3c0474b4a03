"""Outputs: an existing file is replaced only with --force, a workbook open in Excel
or LibreOffice is left alone, hard links are reported, the CSV and the workbook are replaced
together or not at all, temporaries never stay (SIGTERM, SIGKILL, a full disk), and a stale
one from a killed run is removed by the next run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest
from lean_books import lean_workbook

import xl_tiebreak.excel.files.checks as files
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "book.xlsx"
    lean_workbook(SWISS, vba=False).save(path)
    return path


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if files.TEMP_MARK in p.name)


def has_standings_of_16(path: Path) -> bool:
    ws = openpyxl.load_workbook(path, read_only=True)["Standings"]
    rows = [r for r in ws.iter_rows(values_only=True) if len(r) > 1 and isinstance(r[1], int)]
    return len(rows) == 16


# ---------------------------------------------------------------- --force


@pytest.mark.parametrize("option", ["-o", "--csv"])
def test_an_existing_output_is_replaced_only_with_force(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    other = tmp_path / ("other.xlsx" if option == "-o" else "other.csv")
    other.write_bytes(b"someone else's file")
    data = book.read_bytes()
    assert main(["standings", str(book), option, str(other)]) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and "--force" in err and "Traceback" not in err
    assert other.read_bytes() == b"someone else's file"
    assert book.read_bytes() == data
    assert main(["standings", str(book), option, str(other), "--force"]) == 0
    capsys.readouterr()
    assert other.read_bytes() != b"someone else's file"


def test_the_workbook_itself_needs_no_force(book: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(book)]) == 0
    assert main(["standings", str(book), "-o", str(book)]) == 0
    capsys.readouterr()


# ---------------------------------------------------------------- open in Excel, hard links


@pytest.mark.parametrize("lock", ["~$book.xlsx", ".~lock.book.xlsx#"])
def test_a_workbook_open_in_excel_or_libreoffice_is_not_replaced(
    book: Path, capsys: pytest.CaptureFixture[str], lock: str
) -> None:
    (book.parent / lock).write_bytes(b"owner")
    data = book.read_bytes()
    assert main(["standings", str(book)]) == 2
    err = capsys.readouterr().err
    assert "is open in Excel or LibreOffice" in err and lock in err
    assert book.read_bytes() == data
    copy = book.parent / "copy.xlsx"
    assert main(["standings", str(book), "-o", str(copy)]) == 0  # a copy may be written
    capsys.readouterr()
    assert has_standings_of_16(copy)


def test_a_hard_link_is_reported(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = book.parent / "link.xlsx"
    os.link(book, link)
    before = link.read_bytes()
    assert main(["standings", str(book)]) == 0
    err = capsys.readouterr().err  # a warning: on stderr
    assert "1 other hard link(s)" in err and "old content" in err
    assert link.read_bytes() == before  # what the message says
    assert has_standings_of_16(book)


# ---------------------------------------------------------------- stale temporaries


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_stale_temporary_is_removed_by_the_next_run(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = book.parent / f".book.xlsx{files.TEMP_MARK}{dead_pid()}-abc123.tmp"
    stale.write_bytes(b"half a zip")
    alive = book.parent / f".book.xlsx{files.TEMP_MARK}{os.getppid()}-abc123.tmp"
    alive.write_bytes(b"another run, still writing")
    mine = book.parent / ".book.xlsx.my-own-notes.tmp"
    mine.write_bytes(b"not ours")
    assert main(["standings", str(book)]) == 0
    capsys.readouterr()
    assert not stale.exists()
    assert alive.exists() and mine.exists()


# ---------------------------------------------------------------- killed runs


def start(book: Path, csv: Path, point: str, marker: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT),
               **{files.PAUSE_VARIABLE: f"{point}:{marker}"})
    return subprocess.Popen(
        [sys.executable, "-m", "xl_tiebreak.cli", "standings", str(book), "--csv", str(csv)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_signals_open)


def _signals_open() -> None:
    """In the child before it runs: SIGTERM and SIGHUP not blocked. A child inherits its
    parent thread's signal mask, and a test runner's thread may block them; the signal sent
    would then wait until the paused write wakes up (one run under load hung 60 s so)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGHUP})


def wait_for(marker: Path, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the write never reached its pause point"
        time.sleep(0.05)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
@pytest.mark.parametrize("point", ["staged", "replaced-first"])
def test_a_killed_write_leaves_the_old_or_the_new_files(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    sig: signal.Signals, point: str,
) -> None:
    csv = tmp_path / "standings.csv"
    original = book.read_bytes()
    marker = tmp_path / "paused"
    process = start(book, csv, point, marker)
    wait_for(marker, process)
    process.send_signal(sig)
    _, err = process.communicate(timeout=60)
    assert b"Traceback" not in err
    if sig == signal.SIGTERM:
        assert process.returncode == 128 + signal.SIGTERM
        assert temporaries(tmp_path) == []  # removed before the process ended
    # each file is either the old one or the new one complete: killed after the temporaries
    # were written, nothing is replaced; after the first rename, the workbook is new and the
    # CSV not yet written
    if point == "staged":
        assert book.read_bytes() == original
    else:
        assert book.read_bytes() != original and has_standings_of_16(book)
    assert not csv.exists()
    # after SIGKILL a temporary may stay; the next run removes it and succeeds
    assert main(["standings", str(book), "--csv", str(csv), "--force"]) == 0
    capsys.readouterr()
    assert temporaries(tmp_path) == []
    assert has_standings_of_16(book)


# ---------------------------------------------------------------- a full disk


def can_mount() -> bool:
    return sys.platform.startswith("linux") and os.geteuid() == 0


@pytest.mark.skipif(not can_mount(), reason="needs root to mount a small tmpfs")
def test_a_full_disk_changes_nothing(book: Path, tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace')}")
    try:
        target = disk / "book.xlsx"
        target.write_bytes(book.read_bytes())
        filler = disk / "filler"
        with open(filler, "wb", buffering=0) as handle:  # fill the disk, then free a little
            try:
                while True:
                    handle.write(b"\0" * 4096)
                    handle.flush()
            except OSError:
                pass
        os.truncate(filler, max(0, filler.stat().st_size - 8192))
        original = target.read_bytes()
        csv = disk / "standings.csv"
        done = subprocess.run(
            [sys.executable, "-m", "xl_tiebreak.cli", "standings", str(target), "--csv",
             str(csv)], env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True)
        err = done.stderr.decode()
        assert done.returncode == 2, err
        assert "Traceback" not in err and "Exception ignored" not in err
        assert "no space left on the disk" in err and "nothing was changed" in err
        assert target.read_bytes() == original
        assert zipfile.ZipFile(target).testzip() is None
        assert not csv.exists()
        assert temporaries(disk) == []
    finally:
        subprocess.run(["umount", str(disk)], check=False)
