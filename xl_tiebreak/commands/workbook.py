"""``xl-tiebreak workbook FILE.trf -o EVENT.xlsx``: a crosstable workbook (the Swiss or
round-robin template) for an event that exists only as a TRF file
(:mod:`xl_tiebreak.excel.from_event`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from xl_tiebreak.commands.outputs import refuse_existing
from xl_tiebreak.model import InputError, Tournament
from xl_tiebreak.safety import formula_safe


def run(args: argparse.Namespace, load: Callable[[str], Tournament],
        is_team: Callable[[str], bool]) -> int:
    """Read ``args.file`` (with ``load``; ``is_team`` tells a team TRF, refused) and write
    it as a workbook to ``args.output``; prints the path written and the reader's warnings."""
    out = refuse_existing(args.output, args.force)
    if out.suffix.lower() not in (".xlsx", ".xlsm"):
        raise InputError(f"{out}: expected a .xlsx or .xlsm file name")
    try:
        from xl_tiebreak.excel.from_event import write_event_workbook
    except ImportError as exc:  # openpyxl or xlwings missing
        raise InputError(f"this command needs openpyxl and xlwings: pip install "
                         f"'xl-tiebreak[excel]' ({exc})") from exc
    if is_team(args.file):
        raise InputError(f"{args.file}: a team event (TRF 310/013 records) has no crosstable "
                         "workbook yet")
    tournament = load(args.file)
    if args.lots_seed is not None:
        tournament.lots_seed = args.lots_seed
    for note in tournament.notes:
        print(f"warning: {formula_safe(str(note))}", file=sys.stderr)
    print(write_event_workbook(tournament, out))
    return 0
