"""``xl-tiebreak knockout BRACKET.csv``: knockout standings by the stage reached, and how every
match was decided."""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

from xl_tiebreak.knockout.bracket import Bracket, explain, knockout_standings, read_bracket_csv
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.numbers import fmt, fmt_half
from xl_tiebreak.util.safety import formula_safe
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES, DecodeError, decode_text


def read_bracket(path: Path) -> Bracket:
    """The bracket of a file: a workbook's Bracket sheet (``.xlsx``/``.xlsm``), a TRF
    (``.trf``/``.txt``, or text starting with TRF records: one game per TRF round,
    :mod:`xl_tiebreak.knockout.trf`) or a CSV bracket table."""
    if path.suffix.lower() in (".xlsx", ".xlsm", ".xltx", ".xltm"):
        return _workbook_bracket(path)
    data = path.read_bytes()
    if path.suffix.lower() in (".trf", ".trfx", ".txt") or _looks_like_trf(data):
        from xl_tiebreak.knockout.trf import read_knockout_trf

        return read_knockout_trf(data, source=path.name)
    try:
        text = decode_text(data)
    except DecodeError as exc:
        raise InputError(str(exc), f"{path.name}, {exc.where}") from None
    return read_bracket_csv(text, source=path.name)


def _workbook_bracket(path: Path) -> Bracket:
    """The Bracket sheet of a knockout workbook (:mod:`xl_tiebreak.excel.sheets.knockout`)."""
    import xl_tiebreak.excel.files.checks as files
    from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
    from xl_tiebreak.excel.sheets.knockout import read_book_bracket

    files.check_file(path)
    book = OpenpyxlBook(files.load(path, False), files.values_view(path))
    try:
        if not any(n.casefold() == "bracket" for n in book.sheet_names()):
            raise InputError(f"{path.name} has no 'Bracket' sheet (Round, Match, Player A, "
                             "Player B, Games, Play-off, Armageddon)")
        return read_book_bracket(book)
    finally:
        book.close()


def _looks_like_trf(data: bytes) -> bool:
    """True when the first non-empty line starts with a TRF record code (``012 ``, ``001 ``,
    ``XXK`` …)."""
    head = data[:4096].decode("utf-8", errors="replace").lstrip("\ufeff").splitlines()
    first = next((line for line in head if line.strip()), "")
    return bool(re.match(r"(\d{3}|XX[A-Z]|###)( |$)", first))


def run(args: argparse.Namespace) -> int:
    """Read the bracket CSV ``args.bracket`` and print its standings in ``args.format``."""
    path = Path(args.bracket)
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    if path.stat().st_size > MAX_INPUT_BYTES:
        raise InputError(f"{path}: file is larger than {MAX_INPUT_BYTES // 2**20} MB")
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
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["Place", "Player", "Stage", "Pts", "Play-off", "How"])
        for r in rows:
            w.writerow([r.place, formula_safe(r.player), r.stage, fmt(r.points),
                        fmt(r.playoff_points), formula_safe(r.eliminated)])
        sys.stdout.write(buf.getvalue())
        return 0
    table = [["Place", "Player", "Stage", "Pts", "Play-off", "How"]]
    table += [[r.place, formula_safe(r.player), r.stage, fmt_half(r.points),
               fmt_half(r.playoff_points), formula_safe(r.eliminated)] for r in rows]
    widths = [max(len(t[c]) for t in table) for c in range(len(table[0]))]
    out = io.StringIO()
    out.write(f"{formula_safe(path.name)} — knockout, {bracket.size} players, "
              f"{bracket.rounds} rounds; champion {formula_safe(bracket.champion)}\n")
    out.write("Places by the stage reached; players out in the same round share the place. "
              "Play-off and Armageddon games decide who advances but are not points.\n\n")
    for t in table:
        cells = [t[c].rjust(widths[c]) if c in (3, 4) else t[c].ljust(widths[c])
                 for c in range(len(t))]
        out.write("  ".join(cells).rstrip() + "\n")
    out.write("\nMatches:\n")
    out.writelines(f"  {formula_safe(line)}\n" for line in lines)
    sys.stdout.write(out.getvalue())
    return 0
