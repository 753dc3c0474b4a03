"""Run the FIDE TEC reference tie-break checker (``gacrux.tiebreakchecker``) as an oracle.

Test-only helper: gacrux is called as a subprocess on a TRF text written to a temporary file,
and its CSV output is parsed into exact fractions. Nothing of gacrux is imported or copied.

Output format of ``python -m gacrux.tiebreakchecker -i FILE -d C -t PTS BH ...``::

    StartNo,Rank,PTS,BH,...
    1,4,3.5,12.5,...

Values are printed with fixed decimals (``8.00``, ``12.60``, ``1820``); an undefined value
(Python ``None`` inside the checker) is printed as ``-0``. When it refuses a file the checker
exits with a non-zero status and prints ``### Error 401`` and the reason instead of the table.

Quirks of gacrux 1.11.65 that callers must work around:

- ``FB`` changes state that later tie-breaks of the same call read: with ``-t PTS FB SB`` the SB
  (and BH, AOB) values differ from ``-t PTS SB`` whenever a player has requested byes and was
  paired in the last round. Put ``FB`` and ``FB/Cn`` last in the list.
- Dates are read only as ``YYYY-MM-DD``/``YYYY/MM/DD``/``DD.MM.YYYY``; anything else (``Jun 26,
  2020``) silently selects the 2026 rules. Give it ``YYYY/MM/DD``.
- With ``XXR`` larger than the rounds played, the missing rounds are treated as absences even
  with ``-n``, and the Fore Buchholz drawn round is round ``XXR``. Write ``XXR`` = rounds played.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import subprocess
import sys
import tempfile
from decimal import Decimal, InvalidOperation
from fractions import Fraction

TIMEOUT = 120
"""Seconds before a single oracle call is abandoned."""


def available() -> bool:
    """True when the gacrux package can be run."""
    return importlib.util.find_spec("gacrux") is not None


class OracleError(RuntimeError):
    """The oracle refused the input or printed something that is not its CSV table."""


@dataclasses.dataclass
class OracleResult:
    """Parsed checker output: ranks and values by start number."""

    tiebreaks: list[str]
    ranks: dict[int, int]
    values: dict[int, dict[str, Fraction | None]]
    raw: dict[int, dict[str, str]]
    """The cells as printed (to see how many decimals the checker used)."""
    text: str
    """The raw output, for failure messages."""


def parse_value(text: str) -> Fraction | None:
    """A checker cell as an exact fraction; ``-0`` (undefined) as None."""
    s = text.strip()
    if s in ("-0", "", "None"):
        return None
    try:
        return Fraction(Decimal(s))
    except (InvalidOperation, ValueError) as exc:
        raise OracleError(f"cannot read oracle value {text!r}") from exc


def parse_output(text: str, tiebreaks: list[str]) -> OracleResult:
    """Parse the ``-d C`` CSV table printed by the checker."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    header = ["StartNo", "Rank", *tiebreaks]
    try:
        start = next(i for i, ln in enumerate(lines) if ln.split(",")[:2] == header[:2])
    except StopIteration:
        raise OracleError(f"oracle printed no table:\n{text}") from None
    got = lines[start].split(",")
    if got != header:
        raise OracleError(f"unexpected oracle header {got} (expected {header})")
    ranks: dict[int, int] = {}
    values: dict[int, dict[str, Fraction | None]] = {}
    raw: dict[int, dict[str, str]] = {}
    for ln in lines[start + 1 :]:
        cells = ln.split(",")
        if len(cells) != len(header):
            if ln.startswith("Check:"):
                continue
            raise OracleError(f"unexpected oracle line {ln!r}")
        sno = int(cells[0])
        ranks[sno] = int(cells[1])
        raw[sno] = dict(zip(tiebreaks, cells[2:], strict=True))
        values[sno] = {tb: parse_value(c) for tb, c in raw[sno].items()}
    return OracleResult(list(tiebreaks), ranks, values, raw, text)


def run_file(
    path: str | os.PathLike[str],
    tiebreaks: list[str],
    *,
    predetermined: bool = False,
    swiss: bool = False,
    unrated: int | None = None,
    rounds: int | None = None,
) -> OracleResult:
    """Run the checker on a TRF file with the given tie-break list (``PTS`` first usually)."""
    cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", os.fspath(path), "-d", "C"]
    if predetermined:
        cmd.append("-p")
    if swiss:
        cmd.append("-s")
    if unrated is not None:
        cmd += ["-u", str(unrated)]
    if rounds is not None:
        cmd += ["-n", str(rounds)]
    cmd += ["-t", *tiebreaks]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    out = proc.stdout
    if proc.returncode != 0 or not out.startswith("StartNo,"):
        raise OracleError(
            f"oracle failed (status {proc.returncode}) on {path}:\n{out}\n{proc.stderr}".strip()
        )
    return parse_output(out, tiebreaks)


def run_text(
    trf_text: str,
    tiebreaks: list[str],
    *,
    predetermined: bool = False,
    swiss: bool = False,
    unrated: int | None = None,
    rounds: int | None = None,
) -> OracleResult:
    """Run the checker on TRF text (written to a temporary ``.trf`` file in Latin-1, the
    encoding the checker reads: it refuses a UTF-8 ``á`` with its error 401, see
    tests/test_formats_trf_encoding.py; a character outside Latin-1 becomes ``?``, which only
    names can hold and no value depends on)."""
    fd, name = tempfile.mkstemp(suffix=".trf", prefix="oracle_")
    try:
        with os.fdopen(fd, "w", encoding="latin-1", errors="replace", newline="\n") as f:
            f.write(trf_text)
        return run_file(
            name, tiebreaks, predetermined=predetermined, swiss=swiss, unrated=unrated,
            rounds=rounds,
        )
    finally:
        os.unlink(name)
