"""``xl-tiebreak export FILE --format trf16|trf26 -o OUT.trf``: any input as a TRF file with
computed points, ranks and the tie-break list (for submitting an event kept in a workbook or
CSV for rating), in Latin-1 as the FIDE checker reads it unless ``--encoding utf-8``
(:mod:`xl_tiebreak.formats.trf.encoding`)."""

from __future__ import annotations

import argparse
import sys

from xl_tiebreak.cli.console import warning_line
from xl_tiebreak.cli.loading import individual, load
from xl_tiebreak.cli.outputs import refuse_existing, write_text
from xl_tiebreak.formats.trf.encoding import DEFAULT_ENCODING, trf_bytes
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.report.trf import export_trf, export_warnings
from xl_tiebreak.standings.final import compute_standings


def run(args: argparse.Namespace) -> int:
    """Rank ``args.file`` (an individual event) and write it as TRF to ``args.output`` (``-``:
    standard output); prints the path written."""
    out = None if args.output == "-" else refuse_existing(args.output, args.force,
                                                          inputs=[args.file])
    tournament = individual(load(args)[0], args.file, "export")
    standings = compute_standings(tournament, args.tiebreaks, rules=args.rules)
    try:
        text = export_trf(standings, args.format)
    except ValueError as exc:  # a number that does not fit in its TRF columns
        raise InputError(_("cannot write {format}: {error}", format=args.format.upper(),
                           error=exc)) from None
    encoding = getattr(args, "encoding", None) or DEFAULT_ENCODING
    data, notes = trf_bytes(text, encoding)  # docs/engineering.md D-E2
    for w in [*standings.warnings, *export_warnings(standings), *notes]:
        print(warning_line(w), file=sys.stderr)
    if out is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        write_text(out, data.decode(encoding), encoding=encoding)
        print(out)
    return 0
