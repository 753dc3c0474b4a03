"""The knockout template's sheets: ``How to``, ``Bracket`` (the bracket table of
:mod:`xl_tiebreak.knockout.bracket` with a sample 16-player cup: play-offs, a walkover, an
Armageddon
drawn with Black advancing) and ``Settings`` (the event's name). The workbook around them
(xlwings' quickstart, the Standings placeholder, ``xlwings.conf``) is built by
:func:`xl_tiebreak.excel.templates.builder.build_knockout_workbook`, and ``build_templates`` writes
``knockout.xlsm``, ``knockout.xlsx`` and ``knockout.py`` (:data:`KNOCKOUT_FILES`).

The Standings sheet is written by the macro ("Run main") or headless
(``xl-tiebreak standings knockout.xlsx``): by the stage reached
(:mod:`xl_tiebreak.excel.sheets.knockout`).
"""

from __future__ import annotations

from typing import Any

from openpyxl.styles import Alignment, Font, PatternFill

from xl_tiebreak.excel.book.layout import HEADER_FILL, HEADER_FONT, NOTE_FONT
from xl_tiebreak.excel.reading.settings import SETTINGS_ROWS
from xl_tiebreak.excel.sheets.knockout import BRACKET
from xl_tiebreak.excel.templates import instructions
from xl_tiebreak.excel.templates.parts import how_to_sheet, print_setup
from xl_tiebreak.excel.templates.wording import file_stem, language_value, settings_header
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.util.cells import column_letter

__all__ = ["KNOCKOUT_FILES", "KNOCKOUT_NAME", "KNOCKOUT_ROWS", "KNOCKOUT_STEM", "bracket_headers",
           "fill_knockout"]

KNOCKOUT_STEM = "knockout"
KNOCKOUT_FILES = tuple(f"{KNOCKOUT_STEM}{suffix}" for suffix in (".xlsm", ".xlsx", ".py"))
"""The files of the knockout template."""
KNOCKOUT_NAME = N_("Knockout Cup 2026")
"""The sample event's name (in English: translated where written)."""

def bracket_headers() -> list[str]:
    """The Bracket sheet's headers in the language in force (the bracket reader,
    :mod:`xl_tiebreak.knockout.bracket`, reads them in English and Portuguese)."""
    return [_("Round", "bracket header"), _("Match", "bracket header"),
            _("Player A", "bracket header"), _("Player B", "bracket header"),
            _("Games", "bracket header"), _("Play-off", "bracket header"),
            _("Armageddon", "bracket header")]


KNOCKOUT_ROWS: tuple[tuple[object, ...], ...] = (
    ("Round", "Match", "Player A", "Player B", "Games", "Play-off", "Armageddon"),
    (1, 1, "Ana", "Bo", "1-0 ½-½", None, None),
    (1, 2, "Cai", "Dan", "1 0", "1-0 ½-½", None),
    (1, 3, "Eve", "Fay", "+-", None, None),
    (1, 4, "Gus", "Hal", "½ ½", "1-0 0-1", "½-½ white"),
    (1, 5, "Ida", "Jon", "0 ½", None, None),
    (1, 6, "Kim", "Lea", "1 1", None, None),
    (1, 7, "Max", "Ned", "½ 1", None, None),
    (1, 8, "Oli", "Pia", "0-1 0-1", None, None),
    (2, 1, "Ana", "Cai", "1 ½", None, None),
    (2, 2, "Eve", "Hal", "0 ½", None, None),
    (2, 3, "Jon", "Kim", "1 1", None, None),
    (2, 4, "Max", "Pia", "½ ½", "0-1 0-1", None),
    (3, 1, "Ana", "Hal", "1 ½", None, None),
    (3, 2, "Jon", "Pia", "0 ½", None, None),
    (4, 1, "Ana", "Pia", "½ ½", "1-0 1-0", None),
)
"""The sample bracket (examples/knockout_cup.csv): one match a row."""

HOW_TO = (
    N_("xl-tiebreak: knockout standings in Excel"),
    "",
    N_("1. Bracket sheet: one match a row — Round (1, 2, …; 3rd for a match for third place), "
       "Match (1, 2, … inside the round), Player A, Player B (empty: a bye), Games (from Player "
       "A's side: 1-0 ½-½ or A's score 1 ½; +- / -+ a walkover), Play-off (same notation), "
       "Armageddon (result and Player A's colour: ½-½ black)."),
    N_("2. Settings sheet: the event's name."),
    *instructions.STANDINGS_STEPS,
    N_("   Places by the stage reached: champion 1, finalist 2, then 3–4, 5–8, 9–16 … Play-off "
       "and Armageddon games decide who advances but are not points. Errors are listed with "
       "their cells on a Problems sheet."),
)


def _header(ws: Any, n_cols: int) -> None:
    fill = PatternFill(fill_type="solid", start_color="FF" + HEADER_FILL[1:],
                       end_color="FF" + HEADER_FILL[1:])
    for col in range(1, n_cols + 1):
        cell = ws.cell(row=1, column=col)
        cell.font = Font(bold=True, color="FF" + HEADER_FONT[1:])
        cell.fill = fill
        cell.alignment = Alignment(horizontal="center")


def bracket_sheet(ws: Any) -> None:
    """The Bracket sheet with the sample cup."""
    ws.append(bracket_headers())
    white = _("white", "bracket colour")  # the Armageddon's colour, as the reader reads it
    for row in KNOCKOUT_ROWS[1:]:
        ws.append([v.replace(" white", f" {white}") if isinstance(v, str) else v for v in row])
    _header(ws, len(KNOCKOUT_ROWS[0]))
    for col, width in enumerate((7, 7, 16, 16, 14, 14, 14), start=1):
        ws.column_dimensions[column_letter(col)].width = width
    for row in ws.iter_rows(min_row=2, max_col=7):
        for cell in row:
            cell.number_format = "@" if cell.column >= 5 else "General"  # 1-0 stays a text
    ws.freeze_panes = "A2"
    print_setup(ws, 0)  # one page wide, the header on every page (a 16-player cup: one page)


def settings_sheet(ws: Any) -> None:
    """The Settings sheet: the event's name (and, in another language than English, the
    Language row)."""
    ws.append(settings_header())
    _header(ws, 3)
    rows = {field: (label, hint) for label, field, hint in SETTINGS_ROWS}
    label, hint = rows["name"]
    ws.append([translated(label), translated(KNOCKOUT_NAME), translated(hint)])
    language = language_value()
    if language is not None:
        label, hint = rows["language"]
        ws.append([translated(label), language, translated(hint)])
    for r in range(2, ws.max_row + 1):
        ws.cell(row=r, column=1).font = Font(bold=True)
        ws.cell(row=r, column=3).font = Font(italic=True, color="FF" + NOTE_FONT[1:])
        ws.cell(row=r, column=3).alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions["A"].width = 22
    ws.column_dimensions["B"].width = 24
    ws.column_dimensions["C"].width = 40
    print_setup(ws, pages_tall=1)


def fill_knockout(wb: Any, first: Any) -> None:
    """Turn the quickstart's first sheet ``first`` into the Bracket sheet and add Settings and
    How to (the Standings placeholder and ``xlwings.conf`` are the caller's)."""
    first.title = BRACKET
    bracket_sheet(first)
    settings_sheet(wb.create_sheet("Settings"))
    how_to_sheet(wb.create_sheet("How to", 0), HOW_TO, file_stem(KNOCKOUT_STEM))
