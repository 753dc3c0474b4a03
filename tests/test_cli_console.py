"""Output in any console: UTF-8 into files and pipes whatever the console's encoding (a
Windows console simulated with ``PYTHONIOENCODING=cp1252`` and ``PYTHONUTF8=0``), the
terminal's own encoding on a terminal with ASCII forms of what it cannot show, and ``-o FILE``
for ``compute`` (``check`` already had it) with the rules of ``export``'s output files.

The event is typed here, with a name that cp1252 cannot hold (ř) beside ones it can (ü, ë,
é, š); its points are counted by hand from the crosstable: #1 ½ + 1 = 1½, #2 ½ + ½ = 1,
#3 1 + 0 = 1, #4 0 + ½ = ½."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from xl_tiebreak.cli.console import CONSOLE_ERRORS

ROOT = Path(__file__).resolve().parents[1]

CROSSTABLE = """No,Name,Rating,R1,R2
1,"Müller, Zoë",2100,2w½,3w1
2,"Núñez, José",2000,1b½,4b½
3,"Berg, Åsa",1900,4w1,1b0
4,"Dvořák, Tomáš",1800,3b0,2w½
"""
NAMES = ["Müller, Zoë", "Núñez, José", "Berg, Åsa", "Dvořák, Tomáš"]
WINDOWS = {"PYTHONIOENCODING": "cp1252", "PYTHONUTF8": "0"}


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "événement.csv"
    path.write_text(CROSSTABLE, encoding="utf-8")
    return path


def cli(args: list[str], cwd: Path, env: dict[str, str] | None = None,
        **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    """The command line in a new process, its output as bytes (no decoding by the test)."""
    full = {**os.environ, **(WINDOWS if env is None else env)}
    return subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], cwd=cwd,
                          env=full, capture_output=True, timeout=120, check=False,
                          **kwargs)  # type: ignore[call-overload, no-any-return]


def utf8(data: bytes) -> str:
    """``data`` decoded as UTF-8; a byte sequence that is not UTF-8 fails the test."""
    return data.decode("utf-8", errors="strict")


def check_points(text: str, fmt: str) -> None:
    """The hand-counted points in the form each format shows them."""
    if fmt == "json":
        rows = {r["name"]: r["points"] for r in json.loads(text)["rows"]}
        assert rows == {NAMES[0]: "1.5", NAMES[1]: "1", NAMES[2]: "1", NAMES[3]: "0.5"}
        return
    for name, pts in zip(NAMES, ["1½", "1", "1", "½"] if fmt != "csv" else
                         ["1.5", "1", "1", "0.5"]):
        line = next(line for line in text.splitlines() if name in line)
        assert pts in line, (name, line)


@pytest.mark.parametrize("fmt", ["table", "csv", "json", "html"])
def test_every_format_is_utf8_on_a_windows_console(event: Path, fmt: str) -> None:
    piped = cli(["compute", event.name, "--format", fmt], event.parent)
    assert piped.returncode == 0, piped.stderr
    assert b"Traceback" not in piped.stderr
    text = utf8(piped.stdout)
    utf8(piped.stderr)
    for name in NAMES:
        assert name in text
    check_points(text if fmt != "html" else text.replace("<td>", "\n<td>"), fmt)
    if fmt == "html":
        assert '<meta charset="utf-8">' in text.lower()

    out = event.parent / f"standings.{fmt}"
    written = cli(["compute", event.name, "--format", fmt, "-o", out.name], event.parent)
    assert written.returncode == 0, written.stderr
    assert utf8(written.stdout).strip() == out.name  # the path written, as export prints it
    assert utf8(out.read_bytes()) == text  # the same bytes as the pipe


def test_compare_no_longer_fails_on_its_arrows(event: Path) -> None:
    # the comparison marks who moves with arrows that cp1252 lacks: it ended in a traceback
    args = ["compute", event.name, "--compare", "BH,SB", "SB,BH"]
    piped = cli(args, event.parent)
    assert piped.returncode == 0 and b"Traceback" not in piped.stderr, piped.stderr
    text = utf8(piped.stdout)
    assert NAMES[3] in text
    written = cli([*args, "-o", "compare.txt"], event.parent)
    assert written.returncode == 0, written.stderr
    assert utf8((event.parent / "compare.txt").read_bytes()) == text


def test_output_file_is_not_replaced_without_force(event: Path) -> None:
    out = event.parent / "standings.txt"
    out.write_text("mine\n", encoding="utf-8")
    refused = cli(["compute", event.name, "-o", out.name], event.parent)
    assert refused.returncode == 2 and b"Traceback" not in refused.stderr
    assert "--force" in utf8(refused.stderr)
    assert out.read_text(encoding="utf-8") == "mine\n"
    forced = cli(["compute", event.name, "-o", out.name, "--force"], event.parent)
    assert forced.returncode == 0, forced.stderr
    assert NAMES[3] in utf8(out.read_bytes())
    assert [p.name for p in event.parent.iterdir() if p.name.startswith(".")] == []


def test_check_report_is_utf8(event: Path) -> None:
    piped = cli(["check", event.name, "--jobs", "1"], event.parent)
    assert b"Traceback" not in piped.stderr, piped.stderr
    assert event.name in utf8(piped.stdout)
    written = cli(["check", event.name, "--jobs", "1", "-o", "report.csv"], event.parent)
    assert b"Traceback" not in written.stderr, written.stderr
    assert event.name in utf8((event.parent / "report.csv").read_bytes())


def test_export_and_knockout_are_utf8(event: Path) -> None:
    # a TRF is Latin-1 unless asked (what the FIDE checker reads, docs/engineering.md D-E2)
    exported = cli(["export", event.name, "-o", "-", "--encoding", "utf-8"], event.parent)
    assert exported.returncode == 0, exported.stderr
    assert NAMES[3] in utf8(exported.stdout)
    bracket = event.parent / "cup.csv"
    bracket.write_text("Round,Match,Player A,Player B,Games,Play-off,Armageddon\n"
                       "1,1,Dvořák,Núñez,1-0 ½-½,,\n", encoding="utf-8")
    ranked = cli(["knockout", bracket.name], event.parent)
    assert ranked.returncode == 0, ranked.stderr
    text = utf8(ranked.stdout)
    assert "Dvořák" in text and "Núñez" in text


def test_an_error_naming_the_file_is_utf8(tmp_path: Path) -> None:
    missing = cli(["compute", "Dvořák_open.trf"], tmp_path)
    assert missing.returncode == 2 and b"Traceback" not in missing.stderr
    assert "Dvořák_open.trf" in utf8(missing.stderr)


def _on_a_terminal(args: list[str], cwd: Path, encoding: str) -> bytes:
    """What the command writes to a terminal (a pseudo-terminal) whose encoding is
    ``encoding``."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONUTF8": "0"}
    with subprocess.Popen([sys.executable, "-m", "xl_tiebreak.cli", *args], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, stdout=slave, stderr=slave) as process:
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=120)
    os.close(master)
    assert process.returncode == 0, b"".join(chunks)
    return b"".join(chunks)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_terminal_keeps_its_encoding_with_ascii_forms(event: Path) -> None:
    shown = _on_a_terminal(["compute", event.name], event.parent, "ascii").decode("ascii")
    assert "Traceback" not in shown
    assert "Dvorak, Tomas" in shown and "Muller, Zoe" in shown
    line = next(line for line in shown.splitlines() if "Muller, Zoe" in line)
    assert "1.5" in line
    line = next(line for line in shown.splitlines() if "Dvorak, Tomas" in line)
    assert "0.5" in line
    # cp1252 holds ½, ü, á and š but not ř: that alone falls back
    shown = _on_a_terminal(["compute", event.name], event.parent, "cp1252").decode("cp1252")
    assert "Müller, Zoë" in shown and "Dvorák, Tomáš" in shown
    assert "1½" in next(line for line in shown.splitlines() if "Müller" in line)
    # an HTML page is UTF-8 even on the terminal: it declares UTF-8
    page = _on_a_terminal(["compute", event.name, "--format", "html"], event.parent, "cp1252")
    assert NAMES[3] in utf8(page)


@pytest.mark.parametrize(("text", "shown"), [
    ("4½", "4.5"), ("½", "0.5"), ("3–4", "3-4"), ("a · b", "a - b"), ("Dvořák", "Dvorak"),
    ("Øst", "?st"), ("x → y", "x -> y"),
])
def test_ascii_forms(text: str, shown: str) -> None:
    assert text.encode("ascii", errors=CONSOLE_ERRORS).decode("ascii") == shown


def test_files_and_pipes_are_utf8_with_a_utf8_locale_too(event: Path) -> None:
    env = {"PYTHONIOENCODING": "utf-8"}
    piped = cli(["compute", event.name], event.parent, env)
    assert piped.returncode == 0
    assert NAMES[3] in utf8(piped.stdout)
