"""The ``xl-tiebreak`` command line.

``xl-tiebreak compute FILE`` ranks a TRF file, a CSV crosstable or a workbook's crosstable sheet;
``standings``, ``templates`` and ``demo`` drive the spreadsheet layer. User errors end with exit
status 2 and a message naming the place; never with a traceback.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from xl_tiebreak.descriptors import parse_descriptor
from xl_tiebreak.export import csv_safe, standings_csv, standings_json, standings_table
from xl_tiebreak.model import InputError, Tournament, TournamentType

if TYPE_CHECKING:
    from xl_tiebreak.workbook import Settings
from xl_tiebreak.standings import compute_standings

MAX_INPUT_BYTES = 20 * 1024 * 1024


def load_tournament(path: str) -> Tournament:
    """Read a TRF file, a CSV crosstable or an .xlsx/.xlsm workbook (its crosstable sheet)."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path}: no such file")
    if p.stat().st_size > MAX_INPUT_BYTES:
        raise InputError(f"{path}: file is larger than {MAX_INPUT_BYTES // 2**20} MB")
    suffix = p.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _load_workbook(p)[0]
    data = p.read_bytes()
    if suffix == ".csv":
        from xl_tiebreak.crosstable import read_csv_crosstable

        return read_csv_crosstable(_decode(data), source=p.name)
    from xl_tiebreak.trf import parse_trf

    return parse_trf(data, source=p.name)


def _load_workbook(path: Path) -> tuple[Tournament, Settings]:
    from xl_tiebreak.workbook import read_workbook_tournament

    tournament, settings = read_workbook_tournament(path)
    return tournament, settings


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="xl-tiebreak",
        description="Exact, explainable FIDE C.07 chess tie-breaks and standings.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    c = sub.add_parser("compute", help="rank a TRF file, CSV crosstable or workbook")
    c.add_argument("file", help="TRF file, CSV crosstable, or .xlsx/.xlsm workbook")
    c.add_argument("--tiebreaks", help="comma-separated list, e.g. 'BH/C1,BH,SB,DE', "
                   "'preset:fide-open' or Swiss-Manager codes 'SM:84/0,0,1,-'")
    c.add_argument("--rules", default="auto",
                   help="auto (default: by start date), fide2026, fide2023, fide2009 or uscf")
    c.add_argument("--after-round", type=int, metavar="K", help="standings after round K")
    c.add_argument("--unrated-rating", type=int, metavar="R",
                   help="rating used for unrated players in rating-based tie-breaks")
    c.add_argument("--type", choices=["swiss", "rr"],
                   help="override the tournament type (rr = pre-determined pairings)")
    c.add_argument("--format", choices=["table", "csv", "json"], default="table")
    c.add_argument("--explain", type=int, action="append", metavar="NO", default=[],
                   help="also print how every value of start number NO was obtained")

    s = sub.add_parser("standings", help="write the Standings sheet of a workbook")
    s.add_argument("book", help=".xlsx or .xlsm workbook with Crosstable and Settings sheets")
    s.add_argument("-o", "--output", help="write to this workbook instead of in place")
    s.add_argument("--csv", help="also write the standings as CSV")

    sub.add_parser("presets", help="list the named tie-break orders (use as preset:NAME)")

    t = sub.add_parser("templates", help="generate the workbook templates")
    t.add_argument("dir", nargs="?", default="workbook_templates")

    d = sub.add_parser("demo", help="write a demo workbook with its Standings sheet filled")
    d.add_argument("dir", nargs="?", default=".")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "compute":
            return _compute(args)
        if args.command == "presets":
            return _presets()
        return _workbook_command(args)
    except InputError as exc:
        _fail(exc)
        return 2
    except OSError as exc:
        print(f"xl-tiebreak: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - output piped into head
        return 0


def _fail(exc: InputError) -> None:
    print("xl-tiebreak: cannot compute:", file=sys.stderr)
    for p in exc.problems:
        print(f"  {p}", file=sys.stderr)


def _compute(args: argparse.Namespace) -> int:
    if Path(args.file).suffix.lower() in (".xlsx", ".xlsm") and Path(args.file).is_file():
        # the workbook's Settings sheet gives defaults; command-line options win
        tournament, settings = _load_workbook(Path(args.file))
        if args.rules == "auto":
            args.rules = settings.rules
        if args.after_round is None:
            args.after_round = settings.after_round
        if args.unrated_rating is None:
            args.unrated_rating = settings.unrated_rating
    else:
        tournament = load_tournament(args.file)
    if args.type:
        tournament.type = TournamentType.SWISS if args.type == "swiss" else \
            TournamentType.PREDETERMINED
    standings = compute_standings(
        tournament, args.tiebreaks, rules=args.rules, after_round=args.after_round,
        unrated_rating=args.unrated_rating,
    )
    out = io.StringIO()
    if args.format == "csv":
        out.write(standings_csv(standings))
        for w in standings.warnings:
            print(f"warning: {csv_safe(str(w))}", file=sys.stderr)
    elif args.format == "json":
        out.write(json.dumps(standings_json(standings), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(standings_table(standings))
    for no in args.explain:
        try:
            standings.row(no)
        except KeyError:
            raise InputError(f"--explain {no}: no participant with that start number") from None
        out.write(f"\nHow the values of #{no} were obtained:\n")
        for d in standings.descriptors:
            out.write("\n".join(standings.explain(no, d).lines()) + "\n")
    sys.stdout.write(out.getvalue())
    return 0


def _presets() -> int:
    from xl_tiebreak.presets import PRESETS

    for p in PRESETS.values():
        print(f"preset:{p.name:<14} {p.order}")
        print(f"    for {p.purpose}; source: {p.source}")
    return 0


def _workbook_command(args: argparse.Namespace) -> int:
    try:
        from xl_tiebreak import workbook
    except ImportError as exc:  # openpyxl missing
        raise InputError(f"this command needs openpyxl: pip install 'xl-tiebreak[excel]' ({exc})"
                         ) from exc
    if args.command == "standings":
        result = workbook.write_standings_file(args.book, args.output, args.csv)
        print(result)
    elif args.command == "templates":
        for path in workbook.build_templates(args.dir):
            print(path)
    elif args.command == "demo":
        print(workbook.build_demo(args.dir))
    return 0


def describe(descriptor_text: str) -> str:
    """The name in words of a descriptor (used by ``--help`` style listings and tests)."""
    return parse_descriptor(descriptor_text).name


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
