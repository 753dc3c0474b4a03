"""The command line's arguments: the argparse parser of every command, and
:func:`parse_arguments`, which builds only the parser of the command given (docs/engineering.md
D78). :mod:`xl_tiebreak.cli.main` runs the commands."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from xl_tiebreak.cli.language import language_argument
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import BlankRounds, RatingUsed
from xl_tiebreak.version import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:  # type annotations only; typing is not imported at run time
    from typing import Any, NoReturn

__all__ = ["COMMANDS", "parse_arguments", "parser"]


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it (``COLUMNS``, else the
    terminal of standard output, else 80), without importing shutil (start-up time)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, the width read by :func:`_columns` (argparse would import
    shutil, and with it bz2, lzma and zlib, for every argument added)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """An argument parser (and, by argparse's default, its subcommands' parsers) that formats
    with :class:`_Formatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def _add_compute(sub: Any) -> None:
    c = sub.add_parser("compute", help=_("rank a TRF file, CSV crosstable or workbook"))
    c.add_argument("file", help=_("TRF file, CSV crosstable, or .xlsx/.xlsm workbook"))
    c.add_argument("--tiebreaks", help=_("comma-separated list, e.g. 'BH/C1,BH,SB,DE', "
                   "'preset:fide-open' or Swiss-Manager codes 'SM:84/0,0,1,-'"))
    c.add_argument("--rules", default="auto",
                   help=_("auto (default: by start date), fide2026, fide2023, fide2009 or uscf"))
    c.add_argument("--after-round", type=int, metavar="K", help=_("standings after round K"))
    c.add_argument("--start-date", metavar="DATE",
                   help=_("the event's start date (2024-08-01, 01.08.2024, Aug 1 2024…), for "
                   "--rules auto; overrides the input's"))
    c.add_argument("--blank-rounds", choices=[m.value for m in BlankRounds],
                   help=_("what an empty round means in a TRF or CSV: absent (zero-point bye, "
                   "the default), half-point-bye, or declared (as each player's declared "
                   "points say); the rounds taken so are listed in a warning"))
    c.add_argument("--unrated-rating", type=int, metavar="R",
                   help=_("rating used for unrated players in rating-based tie-breaks"))
    _add_rating(c)
    c.add_argument("--type", choices=["swiss", "rr"],
                   help=_("override the tournament type (rr = pre-determined pairings)"))
    c.add_argument("--rr-withdrawals", choices=["count", "annul"],
                   help=_("round robins: a player who withdrew having completed fewer than "
                   "half of his games: annul his results (FIDE C.06 5.4, the default under "
                   "FIDE rules) or count them (the default under US Chess rules)"))
    c.add_argument("--format", choices=["table", "csv", "json", "html"], default="table",
                   help=_("table (default), csv, json, or html (one self-contained page with "
                   "the standings, the legend and the crosstable)"))
    c.add_argument("--player-columns", action="store_true",
                   help=_("csv: also write Title, Fed and Rtg after the tie-breaks"))
    c.add_argument("--incomplete-lineups", action="store_true",
                   help=_("team files: read matches with fewer games than boards (the boards "
                   "without a game score nothing)"))
    c.add_argument("--teams", type=int, metavar="BOARDS",
                   help=_("a CSV team crosstable with BOARDS boards per match (one row per "
                   "team, a 'Team' column, cells such as 8w2½, +F6, PAB; or a round-robin "
                   "grid, one column per team headed 1 … n, cells 2½, +, -); a CSV with a "
                   "'Boards' row above a 'Team' header is recognised without it"))
    c.add_argument("--primary", choices=["MP", "GP", "mp", "gp"], metavar="MP|GP",
                   help=_("team events: the primary score (match or game points) ranked first "
                   "when the tie-break list names neither MPTS nor GPTS; overrides the "
                   "file's (TRF 192, the Primary row)"))
    c.add_argument("--boards", metavar="CSV",
                   help=_("team events: a CSV of board results (one row per team per round: "
                   "Round, Team, B1 … Bk; or one per game: Round, Board, White, Black, "
                   "Result) for BC, TBR, BBE; its sums must equal the match game points"))
    c.add_argument("--explain", type=int, action="append", metavar="NO", default=[],
                   help=_("also print how every value of start number NO was obtained"))
    c.add_argument("--why", type=_pair, action="append", metavar="A,B", default=[],
                   help=_("also print why start number A is ahead of B (or not): the order "
                   "walked item by item, both values explained, up to the deciding item"))
    c.add_argument("--progression", action="store_true",
                   help=_("also print every participant's rank and score after each round"))
    c.add_argument("--ratings", nargs="?", const="", metavar="RATE",
                   choices=["", "standard", "rapid", "blitz"],
                   help=_("also print the FIDE rating report (B.02 applied from 1 March 2024): "
                   "per player and game the expected score, K and why, the rating change; "
                   "unrated players' provisional performance. RATE: standard (assumed when "
                   "not given), rapid or blitz"))
    c.add_argument("--norms", action="store_true",
                   help=_("also print the title norm check (FIDE B.01 applied from 1 January "
                          "2024): for every player and GM, IM, WGM, WIM each requirement "
                          "with its value, the games that may be left out, and the result"))
    c.add_argument("--norm-event", metavar="KIND",
                   choices=["national-championship", "national-team-championship", "zonal"],
                   help=_("with --norms: declare the event exempt from the federation "
                          "requirements, which the file cannot show: national-championship "
                          "(its final stage, 1.4.3a), national-team-championship (1.4.3b) or "
                          "zonal (zonal or sub-zonal, 1.4.3c)"))
    c.add_argument("--lots-seed", metavar="SEED",
                   help=_("seed of the drawing of lots (tie-break OTHER_LOTS, e.g. "
                   "--tiebreaks 'BH/C1,BH,LOTS'); the same seed gives the same draw"))
    c.add_argument("--compare", nargs="+", metavar="ORDER",
                   help=_("rank by each tie-break order and print one place column per order, "
                   "marking who moves, e.g. --compare 'BH/C1,BH,SB' 'SB,BH' 'BH/M1'"))
    c.add_argument("--prizes", metavar="PRIZES.csv",
                   help=_("also allocate the prizes of this prize list (CSV) and explain them"))
    c.add_argument("--hort", action="store_true",
                   help=_("with --prizes: Hort system (half shared, half by tie-break order)"))
    c.add_argument("-o", "--output", metavar="FILE",
                   help=_("write the output to FILE (UTF-8) instead of standard output"))
    c.add_argument("--force", action="store_true", help=_("overwrite an existing -o file"))


def _add_rating(c: Any) -> None:
    """The ``--rating`` option of the commands that compute or write rating-based values."""
    c.add_argument("--rating", choices=[m.value for m in RatingUsed],
                   help=_("which rating ARO, TPR, PTP, APRO, APPO and RTNG use: fide (the "
                          "FIDE rating of the event's rate, the default), national, or "
                          "fide-then-national (a player with neither is left out); overrides "
                          "the input's"))


def _pair(text: str) -> tuple[int, int]:
    """``3,7`` → (3, 7): two different start numbers (``--why``)."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(_("{value}: expected two start numbers, e.g. 3,7",
                                           value=repr(text)))
    if parts[0] == parts[1] or int(parts[0]) == int(parts[1]):
        raise argparse.ArgumentTypeError(_("{value}: two different start numbers are needed",
                                           value=repr(text)))
    return int(parts[0]), int(parts[1])


def _add_export(sub: Any) -> None:
    c = sub.add_parser("export", help=_("write any input as a TRF file with computed points, "
                       "ranks and the tie-break list"))
    c.add_argument("file", help=_("TRF file, CSV crosstable, or .xlsx/.xlsm workbook"))
    c.add_argument("--format", choices=["trf16", "trf26"], default="trf16")
    c.add_argument("-o", "--output", required=True, help=_("the TRF file to write ('-': stdout)"))
    c.add_argument("--tiebreaks", help=_("tie-break order (default: the declared list, else the "
                   "default for the tournament type)"))
    c.add_argument("--rules", default="auto", help=_("as for compute"))
    _add_rating(c)
    c.add_argument("--encoding", choices=["latin-1", "utf-8"], default="latin-1",
                   help=_("the file's encoding: latin-1 (the default: what the FIDE checker "
                          "reads; letters it lacks are written without accents, with a "
                          "warning) or utf-8"))
    c.add_argument("--force", action="store_true", help=_("overwrite an existing output file"))


def _add_workbook(sub: Any) -> None:
    c = sub.add_parser("workbook", help=_("write a crosstable workbook (Swiss, round-robin or "
                       "team template) for an event given as a TRF file or CSV crosstable"))
    c.add_argument("file", help=_("TRF file (team events: 310 or 013 records) or CSV crosstable "
                   "(individual or team)"))
    c.add_argument("-o", "--output", required=True, help=_("the .xlsx or .xlsm workbook to write"))
    c.add_argument("--lots-seed", metavar="SEED",
                   help=_("seed of the drawing of lots, written to the Settings sheet"))
    _add_rating(c)
    c.add_argument("--blank-rounds", choices=[m.value for m in BlankRounds],
                   help=_("what the input's empty rounds mean: absent (the default), "
                   "half-point-bye or declared; they stay empty in the Crosstable sheet and "
                   "this is written to its 'Blank rounds' setting"))
    c.add_argument("--force", action="store_true", help=_("overwrite an existing workbook"))
    c.add_argument("--teams", type=int, metavar="BOARDS",
                   help=_("a CSV team crosstable with BOARDS boards per match (a team TRF, or a "
                   "CSV with a 'Boards' row above its 'Team' header, is recognised without "
                   "it): writes a team workbook"))
    c.add_argument("--boards", metavar="CSV",
                   help=_("team events: a CSV of board results, written to the Boards sheet"))
    c.add_argument("--without-boards", action="store_true",
                   help=_("team events: leave the board results out of the workbook (the board "
                   "tie-breaks are then undefined)"))
    c.add_argument("--incomplete-lineups", action="store_true",
                   help=_("team TRF: read matches with fewer games than boards (the boards "
                   "without a game score nothing)"))


def _add_check(sub: Any) -> None:
    c = sub.add_parser("check", help=_("recompute many events with their declared tie-break "
                       "lists and compare with their declared ranks"))
    c.add_argument("paths", nargs="+", metavar="FILE|DIR",
                   help=_("TRF files or CSV crosstables, or folders of them (searched "
                          "recursively)"))
    c.add_argument("--jobs", type=int, metavar="N", help=_("processes (default: all cores)"))
    c.add_argument("--tiebreaks", help=_("tie-break list for files that declare none (default: "
                   "the default list for the tournament type)"))
    c.add_argument("--format", choices=["table", "csv", "json"],
                   help=_("report format (default: by the -o suffix, else table)"))
    c.add_argument("-o", "--output", help=_("write the report to this file"))
    c.add_argument("--force", action="store_true", help=_("overwrite an existing report file"))


def _add_knockout(sub: Any) -> None:
    c = sub.add_parser("knockout", help=_("standings of a knockout event by the stage reached"))
    c.add_argument("bracket", help=_("bracket CSV (Round, Match, Player A, Player B, Games, "
                   "Play-off, Armageddon), a workbook with a Bracket sheet, or a TRF with one "
                   "game per round and an XXK record"))
    c.add_argument("--format", choices=["table", "csv", "json"], default="table")


def _add_standings(sub: Any) -> None:
    c = sub.add_parser("standings", help=_("write the Standings sheet of a workbook"))
    c.add_argument("book", help=_(".xlsx or .xlsm workbook with Crosstable and Settings sheets"))
    c.add_argument("-o", "--output", help=_("write to this workbook instead of in place"))
    c.add_argument("--csv", help=_("also write the standings as CSV, the columns of compute "
                   "--format csv (never the workbook itself; both files are replaced together "
                   "or not at all)"))
    c.add_argument("--player-columns", action="store_true",
                   help=_("with --csv: also write Title, Fed and Rtg after the tie-breaks"))
    c.add_argument("--force", action="store_true",
                   help=_("replace an existing -o or --csv file"))


def _add_presets(sub: Any) -> None:
    sub.add_parser("presets", help=_("list the named tie-break orders (use as preset:NAME)"))


def _add_templates(sub: Any) -> None:
    c = sub.add_parser("templates", help=_("generate the workbook templates"))
    c.add_argument("dir", nargs="?", default="workbook_templates")
    c.add_argument("--force", action="store_true", help=_("overwrite existing files"))


def _add_demo(sub: Any) -> None:
    c = sub.add_parser("demo", help=_("write a demo workbook with its Standings sheet filled"))
    c.add_argument("dir", nargs="?", default=".")
    c.add_argument("--force", action="store_true", help=_("overwrite existing files"))


COMMANDS: dict[str, Callable[[Any], None]] = {
    "compute": _add_compute,
    "export": _add_export,
    "workbook": _add_workbook,
    "check": _add_check,
    "knockout": _add_knockout,
    "standings": _add_standings,
    "presets": _add_presets,
    "templates": _add_templates,
    "demo": _add_demo,
}
"""Each command and the function that adds its parser, in the order ``--help`` lists them."""


def parser(only: str | None = None,
           parser_class: type[argparse.ArgumentParser] | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, the parser of that command alone (the other
    commands' options are not built: see :func:`parse_arguments`)."""
    made = (parser_class or _Parser)(
        prog="xl-tiebreak",
        description=_("Exact, explainable FIDE C.07 chess tie-breaks and standings."),
    )
    made.add_argument("--version", action="version", version=f"xl-tiebreak {__version__}",
                      help=_("show program's version number and exit"))
    language_argument(made)
    sub = made.add_subparsers(dest="command", required=True)
    for name, add in COMMANDS.items():
        if only is None or name == only:
            add(sub)
            language_argument(sub.choices[name])
    return made


class _Retry(Exception):
    """Raised by :class:`_OneCommandParser` instead of reporting an error."""


class _OneCommandParser(_Parser):
    """The parser of one command (see :func:`parse_arguments`): an error is not reported but
    raised as :class:`_Retry`, for the whole parser to report it in its own words."""

    def error(self, message: str) -> NoReturn:
        raise _Retry(message)


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line. When it starts with a command, only that command's parser is
    built (building every command's options would cost a few milliseconds of each run, most
    of it argparse's message lookups); any error is then reported by the whole parser, so
    that every message and usage line is the one the whole parser gives (docs/engineering.md
    D78)."""
    if argv and argv[0] in COMMANDS:
        try:
            return parser(argv[0], _OneCommandParser).parse_args(argv)
        except _Retry:
            pass
    return parser().parse_args(argv)
