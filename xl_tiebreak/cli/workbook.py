"""``xl-tiebreak workbook FILE.trf -o EVENT.xlsx``: a crosstable workbook (the Swiss or
round-robin template) for an event that exists only as a TRF file
(:mod:`xl_tiebreak.excel.templates.from_event`); for a team event (a TRF with 310/013 records, a
CSV team
crosstable) the team template (:mod:`xl_tiebreak.excel.templates.team_from_event`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from xl_tiebreak.cli.console import note_line, warning_line
from xl_tiebreak.cli.loading import individual, load
from xl_tiebreak.cli.outputs import refuse_existing
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import BlankRounds, InputError, Tournament

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.model.teams import TeamEvent


def run(args: argparse.Namespace) -> int:
    """Read ``args.file`` (an individual or a team event) and write it as a workbook to
    ``args.output``; prints the path written and the reader's warnings. Nothing is written when
    the input cannot be."""
    out = refuse_existing(args.output, args.force)
    if out.suffix.lower() not in (".xlsx", ".xlsm"):
        raise InputError(_("{out}: expected a .xlsx or .xlsm file name", out=out))
    try:
        from xl_tiebreak.excel.templates.from_event import write_event_workbook
    except ImportError as exc:  # openpyxl or xlwings missing
        raise InputError(_("this command needs openpyxl and xlwings: pip install "
                           "'xl-tiebreak[excel]' ({exc})", exc=exc)) from exc
    event = load(args)[0]
    if not isinstance(event, Tournament):
        from xl_tiebreak.model.teams import TeamEvent

        if isinstance(event, TeamEvent):
            return _team_workbook(args, event, out)
    tournament = individual(event, args.file, "workbook")
    if args.lots_seed is not None:
        tournament.lots_seed = args.lots_seed
    for note in tournament.notes:
        print(warning_line(note), file=sys.stderr)
    blank_rounds = BlankRounds(args.blank_rounds) if args.blank_rounds else BlankRounds.ABSENT
    print(write_event_workbook(tournament, out, blank_rounds))
    _companion(out)
    return 0


def _team_workbook(args: argparse.Namespace, event: TeamEvent, out: Path) -> int:
    """Write the team event as a team workbook (its warnings and what is not written on
    stderr)."""
    from xl_tiebreak.excel.templates.team_from_event import not_written, write_team_event_workbook

    if args.lots_seed is not None:
        raise InputError(_("--lots-seed: a team event is ranked without a drawing of lots (its "
                           "tie-breaks end with EDE)"), args.file)
    for note in event.notes:
        print(warning_line(note), file=sys.stderr)
    boards = not args.without_boards
    path = write_team_event_workbook(event, out, boards)
    for item in not_written(event, boards):
        print(note_line(_("not written: {item}", item=item)), file=sys.stderr)
    print(path)
    _companion(out)
    return 0


def _companion(out: Path) -> None:
    """Beside an ``.xlsm``, the companion module its "Run main" button imports (named like
    the workbook; printed when written). A file of that name that is not exactly the module
    xl-tiebreak writes is the user's: it is left as it is, and a note says so. A workbook
    name that is not a Python module name gets a note: Run main cannot import it."""
    if out.suffix.lower() != ".xlsm":
        return
    from xl_tiebreak.excel.files.output import write_text_file
    from xl_tiebreak.excel.templates.builder import companion_module

    module = out.with_suffix(".py")
    text = companion_module(out.stem)
    if module.exists() or module.is_symlink():
        try:
            ours = module.is_file() and module.read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            ours = False
        if not ours:
            print(note_line(_("{name} exists and was left as it is; Run main imports it (the "
                              "module xl-tiebreak writes holds `from xl_tiebreak.macros import "
                              "main`)", name=module.name)), file=sys.stderr)
        return
    write_text_file(module, text)
    print(module)
    if not out.stem.isidentifier():
        print(note_line(_("{name}: Run main imports the module named like the workbook, "
                          "which must then be a Python name (letters, digits, _; not starting "
                          "with a digit): rename both files together, e.g. {example}.xlsm "
                          "and .py", name=out.name, example=_python_name(out.stem))),
              file=sys.stderr)


def _python_name(stem: str) -> str:
    """A Python module name close to a workbook name (``Club Open 2026`` → ``Club_Open_2026``)."""
    name = "".join(c if c.isalnum() or c == "_" else "_" for c in stem).strip("_") or "event"
    return f"event_{name}" if name[0].isdigit() else name
