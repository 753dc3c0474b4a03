"""``xl-tiebreak check FILES… | DIR``: recompute every event as what it is (individual, team,
knockout: :func:`xl_tiebreak.events.check.check_file`) with its own declared tie-break list and
compare with its declared ranks, in parallel over a process pool.

All cores by default (``--jobs N``; 1 = in this process). A progress bar goes to standard
error when it is a terminal. The report (CSV, JSON or a table) lists per file: verdict, first
differing place, why. Exit status 0 when every file agrees (or declares no ranks), 1 when some
file differs or cannot be read, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from xl_tiebreak.cli.outputs import refuse_existing, write_text
from xl_tiebreak.events.check import check_file
from xl_tiebreak.i18n import N_, _, _n
from xl_tiebreak.i18n.language import current, using
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.verify import FileReport, Verdict, event_files
from xl_tiebreak.util.safety import formula_safe, printable

FIELDS = ("file", "verdict", "place", "why", "tiebreaks", "participants")
"""Columns of the CSV report."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def verify_all(files: Sequence[Path], jobs: int, fallback: str | None = None
               ) -> Iterator[FileReport]:
    """The report lines, in the order of ``files``; over ``jobs`` processes. ``fallback``:
    the tie-break list of files that declare none."""
    names = [os.fspath(f) for f in files]
    if jobs <= 1 or len(names) <= 1:
        yield from (check_file(n, fallback) for n in names)
        return
    import functools
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(32, len(names) // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=min(jobs, len(names))) as pool:
        yield from pool.map(functools.partial(_check_in, current(), fallback=fallback), names,
                            chunksize=chunk)


def _check_in(language: str, name: str, fallback: str | None) -> FileReport:
    """One file's report line written in ``language`` (a worker process started by spawn
    does not inherit the language in force)."""
    with using(language):
        return check_file(name, fallback)


class Progress:
    """A one-line progress bar on a terminal (nothing otherwise)."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.shown = stream.isatty() and total > 0
        self.done = 0

    def step(self) -> None:
        self.done += 1
        if self.shown:
            filled = self.WIDTH * self.done // self.total
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} files")
            if self.done == self.total:
                self.stream.write("\n")
            self.stream.flush()


def csv_report(reports: Sequence[FileReport]) -> str:
    import csv

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(FIELDS)
    for r in reports:
        d = r.as_dict()
        w.writerow([formula_safe(printable(str(d[f]))) if isinstance(d[f], str) else
                    ("" if d[f] is None else d[f]) for f in FIELDS])
    return buf.getvalue()


def json_report(reports: Sequence[FileReport]) -> str:
    import json

    text = json.dumps({"summary": summary(reports), "files": [r.as_dict() for r in reports]},
                      indent=2, ensure_ascii=False) + "\n"
    # names from files: a character a terminal would act on is written as a JSON escape
    # (the value is the same); json itself escapes only those below U+0020
    return "".join(c if c.isprintable() or c == "\n" else _json_escape(c) for c in text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


_VERDICTS = {Verdict.AGREES: N_("agrees"), Verdict.DIFFERS: N_("differs"),
             Verdict.NO_RANKS: N_("no ranks"), Verdict.ERROR: N_("error")}
"""Each verdict as the table report says it."""
_KINDS = (N_("individual"), N_("team"), N_("knockout"), N_("prize list"),
          N_("individual Swiss"), N_("individual round robin"), N_("team Swiss"),
          N_("team round robin"))
"""The kinds of event a file can be (:func:`xl_tiebreak.events.loader.describe`), as the
table report says them."""


def table_report(reports: Sequence[FileReport]) -> str:
    out = io.StringIO()
    for r in reports:
        place = " " + _("at place {place}", place=r.place) if r.place is not None else ""
        why = f": {formula_safe(printable(r.why))}" if r.why else ""
        kind = f" ({translated(r.kind)})" if r.kind in _KINDS else (
            f" ({printable(r.kind)})" if r.kind else "")
        verdict = translated(_VERDICTS[r.verdict]).upper()
        name = formula_safe(printable(r.file))
        out.write(f"{verdict:<8} {name}{kind}{place}{why}\n")
    counts = summary(reports)
    out.write(", ".join(f"{n} {translated(_VERDICTS[Verdict(v)])}" for v, n in counts.items() if n)
              + " " + _n("({count} file)", "({count} files)", count=len(reports)) + "\n")
    return out.getvalue()


def summary(reports: Sequence[FileReport]) -> dict[str, int]:
    """How many files got each verdict."""
    return {v.value: sum(r.verdict is v for r in reports) for v in Verdict}


def run(args: argparse.Namespace) -> int:
    """The ``check`` command (see the module docstring)."""
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise InputError(_("--jobs {jobs}: expected 1 or more", jobs=jobs))
    files = event_files(list(args.paths))
    out = None if args.output is None else refuse_existing(args.output, args.force,
                                                            inputs=files)
    if not files:
        raise InputError(_("no event files (.trf, .trfx, .csv) found in {paths}",
                           paths=", ".join(args.paths)))
    progress = Progress(len(files), sys.stderr)
    reports = []
    if args.tiebreaks:
        from xl_tiebreak.tiebreaks.descriptors import parse_list

        parse_list(args.tiebreaks)  # a wrong list is a usage error, not one per file
    for report in verify_all(files, jobs, args.tiebreaks):
        reports.append(report)
        progress.step()
    fmt = args.format or (Path(args.output).suffix.lower().lstrip(".") if args.output else "")
    render = {"csv": csv_report, "json": json_report}.get(fmt, table_report)
    text = render(reports)
    if out is None:
        sys.stdout.write(text)
    else:
        write_text(out, text)
        print(out)
    bad = (Verdict.DIFFERS, Verdict.ERROR)
    return 1 if any(r.verdict in bad for r in reports) else 0
