"""The ``xl-tiebreak`` command line.

``xl-tiebreak compute FILE`` ranks a TRF file, a CSV crosstable or a workbook's crosstable sheet;
``standings``, ``templates`` and ``demo`` drive the spreadsheet layer. User errors end with exit
status 2 and a message naming the place; never with a traceback.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import sys
from collections.abc import Sequence

from xl_tiebreak.cli.arguments import parse_arguments
from xl_tiebreak.cli.console import configure_streams, warning_line, write_stdout
from xl_tiebreak.cli.language import chosen, route_argparse
from xl_tiebreak.cli.loading import load, load_tournament
from xl_tiebreak.i18n import N_, _, _n, using
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError, Tournament, TournamentType
from xl_tiebreak.report.table import standings_csv, standings_json, standings_table
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.util.numbers import fmt
from xl_tiebreak.util.os_reasons import os_reason
from xl_tiebreak.util.safety import printable

__all__ = ["console", "load_tournament", "main"]

# What only some commands or inputs need is imported where it is used, for the start-up time
# of the command: json (--format json), trf, crosstable (CSV input), presets, the workbook layer,
# pathlib (file names are handled with os.path); typing is not imported at all.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from fractions import Fraction

    from xl_tiebreak.model.teams import TeamEvent

_HEADINGS = {
    "compute": N_("cannot compute"),
    "export": N_("cannot export"),
    "workbook": N_("cannot write the workbook"),
    "check": N_("cannot check"),
    "knockout": N_("cannot rank the knockout event"),
    "standings": N_("cannot write the standings"),
    "templates": N_("cannot write the templates"),
    "demo": N_("cannot write the demo"),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    configure_streams()  # UTF-8 into files and pipes, the terminal's encoding on a terminal
    arguments = sys.argv[1:] if argv is None else list(argv)
    route_argparse()  # argparse's own words in the language in force
    with using(chosen(arguments)):  # --lang, else the locale
        return _main(arguments)


def _main(argv: list[str]) -> int:
    """:func:`main` in the chosen language."""
    args = parse_arguments(argv)
    # `compute` is short-lived and builds tens of thousands of objects at once (records, values)
    # without reference cycles to reclaim: the cyclic garbage collector's passes over them are
    # pure cost (a fifth of its time on 1,000 players), so it pauses meanwhile. The other
    # commands load and build openpyxl workbooks, which are reference cycles (a worksheet
    # knows its workbook), some of them many (``templates``, ``check``): their collector
    # runs, but less often (:data:`WORKBOOK_GC_THRESHOLD`).
    collecting = gc.isenabled() and args.command == "compute"
    threshold = gc.get_threshold()
    if collecting:
        gc.disable()
    else:
        gc.set_threshold(*WORKBOOK_GC_THRESHOLD)
    try:
        return _run(args)
    finally:
        if collecting:
            gc.enable()
        gc.set_threshold(*threshold)


WORKBOOK_GC_THRESHOLD = (50_000, 20, 100)
"""The garbage collector's thresholds while a command other than ``compute`` runs
(``workbook``, ``standings``, ``templates``…): a young collection after 50,000 allocations
rather than Python's 700, the older ones rarer too, so that its passes over the growing heap
of cells, records and values do not cost 7% of a 2,000-player ``standings`` (0.15 of 2.1 s
processor time, benchmarks/bench_workbook.py), while the workbooks' reference cycles are still
reclaimed as the command goes (an .xlsm's VBA parts are a read-only archive by then,
:func:`~xl_tiebreak.excel.files.checks.settle_vba`, so the order they are collected in does
not matter)."""


def _run(args: argparse.Namespace) -> int:
    """Run the parsed command; user errors become a message and exit status 2."""
    try:
        if args.command == "compute":
            return _compute(args)
        if args.command == "presets":
            return _presets()
        if args.command == "knockout":
            import xl_tiebreak.cli.knockout as knockout

            return knockout.run(args)
        if args.command == "check":
            import xl_tiebreak.cli.check as check

            return check.run(args)
        if args.command == "export":
            import xl_tiebreak.cli.export as export

            return export.run(args)
        if args.command == "workbook":
            import xl_tiebreak.cli.workbook as workbook

            return workbook.run(args)
        return _workbook_command(args)
    except InputError as exc:
        _fail(exc, _heading(args.command, exc))
        return 2
    except OSError as exc:
        where = f"{_shown(os.fsdecode(exc.filename))}: " if exc.filename else ""
        print(f"xl-tiebreak: {where}{os_reason(exc)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - output piped into head
        return 0
    except KeyboardInterrupt:
        print("xl-tiebreak: " + _("interrupted; no file was changed"), file=sys.stderr)
        return 130
    except Exception as exc:  # a fault of the tool, not of the input: no traceback either
        print("xl-tiebreak: " + _("internal error in '{command}' ({error}); please report it "
                                  "with the command and its input", command=args.command,
                                  error=_internal(exc)), file=sys.stderr)
        return INTERNAL_ERROR


INTERNAL_ERROR = 3
"""Exit status of a fault of the tool itself (2 is bad input, which the message names)."""


def _internal(exc: Exception) -> str:
    """The exception's kind and first line of text, control characters escaped and cut to
    a line, for the report of an internal error."""
    text = str(exc).splitlines()[0] if str(exc).strip() else ""
    shown = printable(f"{type(exc).__name__}: {text}" if text else type(exc).__name__)
    return shown if len(shown) <= 200 else shown[:199] + "…"


def _shown(name: str) -> str:
    """A file name from the system, its control characters escaped (``\\x1b``)."""
    return printable(name)


def _heading(command: str, exc: InputError) -> str:
    """The first line of an error report: what could not be done (and, for ``standings`` with
    errors in the workbook, where the problems were listed)."""
    sheet = getattr(exc, "sheet", None)
    path = getattr(exc, "path", None)
    if command == "standings" and sheet is not None and path is not None:
        n = len(exc.problems)
        if sheet:
            return _n("cannot compute standings: {count} problem; listed in the '{sheet}' "
                      "sheet of {path}",
                      "cannot compute standings: {count} problems; listed in the '{sheet}' "
                      "sheet of {path}", count=n, sheet=sheet, path=path)
        return _n("cannot compute standings: {count} problem (no sheet could be added for it "
                  "in {path})",
                  "cannot compute standings: {count} problems (no sheet could be added for "
                  "them in {path})", count=n, path=path)
    return translated(_HEADINGS.get(command, _HEADINGS["compute"]))


def _fail(exc: InputError, heading: str | None = None) -> None:
    """The error report on standard error; names from files (file names, sheet and player
    names) with their control characters escaped (``\\x1b``)."""
    shown = translated(_HEADINGS["compute"]) if heading is None else heading
    print(f"xl-tiebreak: {printable(shown)}:", file=sys.stderr)
    for p in exc.problems:
        print(f"  {printable(str(p))}", file=sys.stderr)
    for w in getattr(exc, "warnings", ()):
        print(printable(warning_line(w)), file=sys.stderr)


def _compute(args: argparse.Namespace) -> int:
    if args.unrated_rating is not None and not 0 <= args.unrated_rating <= 4000:
        raise InputError(_("--unrated-rating {value}: expected a whole number from 0 to 4000",
                           value=args.unrated_rating))
    start_date = None
    if args.start_date is not None:
        from xl_tiebreak.util.dates import parse_start_date

        start_date = parse_start_date(args.start_date)
        if start_date is None:
            raise InputError(_("--start-date {value}: not a date (expected e.g. 2024-08-01, "
                               "01.08.2024 or 01/08/2024)", value=repr(args.start_date)))
    target = None
    if args.output is not None:  # refused before anything is read when it exists
        from xl_tiebreak.cli.outputs import refuse_existing

        target = refuse_existing(args.output, args.force)
    event, settings = load(args)
    if settings is not None:  # a workbook: its Settings sheet gives defaults; options win
        if args.rules == "auto":
            args.rules = settings.rules
        if args.after_round is None:
            args.after_round = settings.after_round
        if args.unrated_rating is None:
            args.unrated_rating = settings.unrated_rating
        if getattr(args, "rr_withdrawals", None) is None:
            args.rr_withdrawals = settings.rr_withdrawals
        for w in settings.warnings:
            print(warning_line(w), file=sys.stderr)
    kind = None if not args.type else (
        TournamentType.SWISS if args.type == "swiss" else TournamentType.PREDETERMINED)
    if not isinstance(event, Tournament):
        from xl_tiebreak.model.teams import TeamEvent

        if not isinstance(event, TeamEvent):
            raise InputError(_("a knockout event (an XXK record or a bracket table): rank it "
                               "with: xl-tiebreak knockout FILE"), os.path.basename(args.file))
        if start_date is not None:
            event.start_date = start_date
        if args.lots_seed is not None:
            raise InputError(_("--lots-seed: a team event is ranked without a drawing of "
                               "lots (its tie-breaks end with EDE)"),
                             os.path.basename(args.file))
        standings = _team_standings(args, kind, event)
    else:
        tournament = event
        if start_date is not None:
            tournament.start_date = start_date
            tournament.unread_date = None
        if kind is not None:
            tournament.type = kind
        if args.lots_seed is not None:
            tournament.lots_seed = args.lots_seed
        if args.compare:
            import xl_tiebreak.cli.compare as compare

            if target is None:
                return compare.run(tournament, args)
            import contextlib

            with contextlib.redirect_stdout(io.StringIO()) as compared:
                status = compare.run(tournament, args)
            _write_output(target, compared.getvalue())
            return status
        standings = compute_standings(
            tournament, args.tiebreaks, rules=args.rules, after_round=args.after_round,
            unrated_rating=args.unrated_rating, withdrawals=args.rr_withdrawals,
        )
    for no in args.explain:
        try:
            standings.row(no)
        except KeyError:
            raise InputError(_("--explain {no}: no participant with that start number",
                               no=no)) from None
    from xl_tiebreak.cli.arbiter_report import build

    extras = build(standings, args)  # --why, --progression, --ratings, --norms
    allocation = None
    if args.prizes:
        import xl_tiebreak.cli.prizes as prizes

        allocation = prizes.allocation(standings, args)
    out = io.StringIO()
    if args.format == "csv":
        out.write(standings_csv(standings, args.player_columns))
        for w in standings.warnings:
            print(warning_line(w), file=sys.stderr)
        # explanations are not CSV: they go to stderr, stdout stays a valid CSV file
        sys.stderr.write(_explanations_text(standings, args.explain) + extras.text())
        if allocation is not None:
            sys.stderr.write(prizes.text(allocation))
    elif args.format == "json":
        import json

        data = standings_json(standings)
        if args.explain:
            data["explanations"] = [
                {
                    "start_no": no,
                    "tiebreaks": [
                        {"tiebreak": d.label, "formula": e.formula, "lines": e.lines()}
                        for d in standings.descriptors
                        for e in (standings.explain(no, d),)
                    ],
                }
                for no in args.explain
            ]
        if allocation is not None:
            data["prizes"] = prizes.as_json(allocation)
        data.update(extras.as_json())
        out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    elif args.format == "html":
        from xl_tiebreak.report.html import standings_html

        blocks = extras.blocks()  # the report and the prizes on the page
        if allocation is not None:
            blocks.append((_("Prizes"), prizes.text(allocation).strip("\n").splitlines()))
        out.write(standings_html(standings, blocks))
        for w in standings.warnings:  # also listed on the page
            print(warning_line(w), file=sys.stderr)
        sys.stderr.write(_explanations_text(standings, args.explain))
    else:
        out.write(standings_table(standings))
        out.write(_explanations_text(standings, args.explain) + extras.text())
        if allocation is not None:
            out.write(prizes.text(allocation))
    if target is None:
        write_stdout(out.getvalue(), utf8=args.format == "html")
    else:
        _write_output(target, out.getvalue())
    return 0


def _write_output(target: os.PathLike[str], text: str) -> None:
    """Write ``text`` to the ``-o`` file ``target`` (UTF-8, whole or not at all) and print its
    name, as ``export`` and ``check`` do."""
    from pathlib import Path

    from xl_tiebreak.cli.outputs import write_text

    write_text(Path(target), text)
    print(target)


def _team_standings(args: argparse.Namespace, kind: TournamentType | None,
                    event: TeamEvent) -> Standings:
    """The standings of a team event read from ``args.file``."""
    if kind is not None:
        event.type = kind
        event.type_inferred = False
    if args.unrated_rating is not None:
        raise InputError(_("--unrated-rating: team events have no rating-based tie-breaks"))
    return compute_standings(event, args.tiebreaks, rules=args.rules,
                             after_round=args.after_round)


def _explanations_text(standings: Standings, numbers: Sequence[int]) -> str:
    out = io.StringIO()
    for no in numbers:
        out.write("\n" + _("How the values of #{no} were obtained:", no=no) + "\n")
        row = standings.row(no)
        extra = row.participant.extra_points
        if extra:  # docs/decisions.md D51
            games = row.points - extra
            sign = f"+ {number(extra)}" if extra > 0 else f"- {number(-extra)}"
            out.write(_("Pts = {games} from the rounds {sign} extra points = {points} (the "
                        "extra points are in no tie-break)", games=number(games), sign=sign,
                        points=number(row.points)) + "\n")
        for d in standings.descriptors:
            out.write("\n".join(standings.explain(no, d).lines()) + "\n")
    return out.getvalue()


def number(value: Fraction | int) -> str:
    """A number as people read it in the language in force (``2.5``, ``2,5``)."""
    return number_text(fmt(value))


def _presets() -> int:
    from xl_tiebreak.tiebreaks.presets import PRESETS

    for p in PRESETS.values():
        print(f"preset:{p.name:<14} {p.order}")
        print("    " + _("for {purpose}; source: {source}", purpose=translated(p.purpose),
                         source=translated(p.source)))
    return 0


def _workbook_command(args: argparse.Namespace) -> int:
    try:
        if args.command == "standings":
            from xl_tiebreak.excel.headless import write_standings_file
        else:
            from xl_tiebreak.excel.templates.builder import (
                build_demo,
                build_templates,
                demo_next_step,
            )
    except ImportError as exc:  # openpyxl (or, for templates, xlwings) missing
        raise InputError(_("this command needs openpyxl and xlwings: pip install "
                           "'xl-tiebreak[excel]' ({error})", error=exc)) from exc
    if args.command == "standings":
        written, *warned = str(write_standings_file(
            args.book, args.output, args.csv, force=args.force,
            player_columns=args.player_columns)).split("\n")
        print(written)
        for line in warned:  # what the copy lacks, and other warnings
            print(line, file=sys.stderr)
    elif args.command == "templates":
        for path in build_templates(args.dir, force=args.force):
            print(path)
    elif args.command == "demo":
        demo = build_demo(args.dir, force=args.force)
        print(demo)  # the first line is the path alone (scripts read it)
        print(demo_next_step(demo))
    return 0


def console() -> None:
    """The console script (and ``python -m xl_tiebreak.cli``): :func:`main` with the process's
    arguments. After ``compute``, once its output is flushed, the process ends at once
    (:func:`os._exit`) instead of tearing the interpreter down: freeing a large event's
    objects one by one would take a tenth of the whole run, and ``compute`` leaves nothing to
    clean up (it writes standard output and standard error only). docs/engineering.md D73.
    Every other command, and a failed flush, exit the usual way."""
    argv = sys.argv[1:]
    status = main(argv)
    if argv[:1] == ["compute"]:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):  # a closed pipe: the usual exit reports it
            raise SystemExit(status) from None
        os._exit(status)
    raise SystemExit(status)


