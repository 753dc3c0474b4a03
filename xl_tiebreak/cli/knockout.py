"""``xl-tiebreak knockout BRACKET.csv``: knockout standings by the stage reached, and how every
match was decided."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from xl_tiebreak.events.loader import load_event
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import csv_separator, number_text, place_text
from xl_tiebreak.knockout.bracket import Bracket, explain, knockout_standings, stage_text
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.numbers import fmt, fmt_half
from xl_tiebreak.util.safety import formula_safe
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES


def read_bracket(path: Path) -> Bracket:
    """The bracket of a file: a workbook's Bracket sheet (``.xlsx``/``.xlsm``), else what the
    one loader reads as a knockout (:func:`xl_tiebreak.events.loader.load_event`: a TRF, one
    game per TRF round, :mod:`xl_tiebreak.knockout.trf`; or a CSV bracket table)."""
    if path.suffix.lower() in (".xlsx", ".xlsm", ".xltx", ".xltm"):
        return _workbook_bracket(path)
    event = load_event(path, knockout=True)
    assert isinstance(event, Bracket)  # knockout=True reads nothing else
    return event


def _workbook_bracket(path: Path) -> Bracket:
    """The Bracket sheet of a knockout workbook (:mod:`xl_tiebreak.excel.sheets.knockout`)."""
    import xl_tiebreak.excel.files.checks as files
    from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
    from xl_tiebreak.excel.sheets.knockout import read_book_bracket

    files.check_file(path)
    book = OpenpyxlBook(files.load(path, False), files.values_view(path))
    try:
        if not any(n.casefold() == "bracket" for n in book.sheet_names()):
            raise InputError(_("{name} has no 'Bracket' sheet (Round, Match, Player A, Player B, "
                               "Games, Play-off, Armageddon)", name=path.name))
        return read_book_bracket(book)
    finally:
        book.close()


def run(args: argparse.Namespace) -> int:
    """Read the bracket CSV ``args.bracket`` and print its standings in ``args.format``."""
    path = Path(args.bracket)
    if not path.is_file():
        raise InputError(_("{path}: no such file", path=path))
    if path.stat().st_size > MAX_INPUT_BYTES:
        raise InputError(_("{path}: file is larger than {size} MB", path=path,
                           size=MAX_INPUT_BYTES // 2**20))
    bracket = read_bracket(path)
    rows = knockout_standings(bracket)
    lines = explain(bracket)
    if args.format == "json":
        import json

        data = {
            "champion": bracket.champion,
            "standings": [
                {"place": r.place, "first": r.first, "last": r.last, "player": r.player,
                 "stage": r.stage, "points": fmt(r.points),
                 "playoff_points": fmt(r.playoff_points), "how": r.eliminated}
                for r in rows
            ],
            "matches": lines,
        }
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return 0
    if args.format == "csv":
        import csv

        buf = io.StringIO()
        # as the language's spreadsheet opens it (``;`` and decimal commas in Portuguese)
        w = csv.writer(buf, delimiter=csv_separator(), lineterminator="\n")
        w.writerow([_("Place"), _("Player"), _("Stage"), _("Pts"), _("Play-off"), _("How")])
        for r in rows:
            w.writerow([r.place, formula_safe(r.player), stage_text(r.stage),
                        number_text(fmt(r.points)), number_text(fmt(r.playoff_points)),
                        formula_safe(r.eliminated)])
        sys.stdout.write(buf.getvalue())
        return 0
    table = [[_("Place"), _("Player"), _("Stage"), _("Pts"), _("Play-off"), _("How")]]
    table += [[_place(r.first, r.last), formula_safe(r.player), stage_text(r.stage),
               number_text(fmt_half(r.points)), number_text(fmt_half(r.playoff_points)),
               formula_safe(r.eliminated)] for r in rows]
    widths = [max(len(t[c]) for t in table) for c in range(len(table[0]))]
    out = io.StringIO()
    out.write(_("{name} — knockout, {size} players, {rounds} rounds; champion {champion}",
                name=formula_safe(path.name), size=bracket.size, rounds=bracket.rounds,
                champion=formula_safe(bracket.champion)) + "\n")
    out.write(_("Places by the stage reached; players out in the same round share the place. "
                "Play-off and Armageddon games decide who advances but are not points.")
              + "\n\n")
    for t in table:
        cells = [t[c].rjust(widths[c]) if c in (3, 4) else t[c].ljust(widths[c])
                 for c in range(len(t))]
        out.write("  ".join(cells).rstrip() + "\n")
    out.write("\n" + _("Matches:") + "\n")
    out.writelines(f"  {formula_safe(line)}\n" for line in lines)
    sys.stdout.write(out.getvalue())
    return 0


def _place(first: int, last: int) -> str:
    """A place of the text table: ``3`` alone, ``3–4`` shared (``3º–4º`` in Portuguese)."""
    return place_text(first) if first == last else f"{place_text(first)}\u2013{place_text(last)}"
