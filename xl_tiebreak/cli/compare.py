"""``xl-tiebreak compute FILE --compare ORDER ORDER …``: one place column per order."""

from __future__ import annotations

import argparse
import sys

from xl_tiebreak.cli.console import warning_line
from xl_tiebreak.model.tournament import Tournament
from xl_tiebreak.standings.compare_orders import (
    compare_orders,
    comparison_json,
    comparison_rows,
    comparison_table,
)
from xl_tiebreak.standings.evaluation import Evaluation
from xl_tiebreak.util.safety import formula_safe


def run(tournament: Tournament, args: argparse.Namespace) -> int:
    """Print the comparison of ``args.compare`` (the orders) in ``args.format``."""
    evaluation = Evaluation(tournament, args.rules, args.after_round, args.unrated_rating,
                            args.rr_withdrawals)
    comparison = compare_orders(evaluation, list(args.compare))
    if args.format == "json":
        import json

        sys.stdout.write(json.dumps(comparison_json(comparison), indent=2,
                                    ensure_ascii=False) + "\n")
    elif args.format == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerows([[formula_safe(c) if isinstance(c, str) else c for c in row]
                          for row in comparison_rows(comparison)])
    else:
        sys.stdout.write(comparison_table(comparison))
    for w in comparison.standings[0].warnings:
        print(warning_line(w), file=sys.stderr)
    return 0
