"""Workbook templates and the demo workbook, generated with openpyxl.

:func:`build_templates` writes ``swiss.xlsm`` and ``round_robin.xlsm`` (and the team template
``team_swiss.xlsm``/``.xlsx``/``.py`` of :mod:`xl_tiebreak.excel.templates.team`) (from xlwings' own
``quickstart.xlsm``, whose VBA project is kept byte for byte), their ``.xlsx`` variants (no VBA,
for the headless command and the xlwings add-in's "Run main"), and the companion modules
``swiss.py`` / ``round_robin.py`` ("Run main" imports the module named like the workbook).

Each template has:

* ``How to`` — the steps in a few lines;
* ``Crosstable`` — a sample event (Swiss: 16 players, 7 rounds, a half-point bye, two
  pairing-allocated byes, a forfeit and a withdrawal; round robin: an 8-player grid with a
  forfeit) and the defined name ``Crosstable``, sized to the data without volatile functions
  (:data:`CROSSTABLE_REFERS_TO`: from A1 down to the last row counted in column A and across to
  the last header cell; every formula uses the name);
* ``Settings`` — key/value rows (:data:`xl_tiebreak.excel.reading.settings.SETTINGS_ROWS`) with
drop-down
  lists for Rules and Tournament type, and the defined names ``Rules`` (a helper cell beside
  the Rules setting: with AUTO, the start date cell itself — no ``TEXT()`` format codes,
  which are language-specific — so the functions use the same rule set as the Standings
  sheet), ``TournamentType``, ``UnratedRating``, ``BlankRounds`` (what an empty round cell
  means, so that the functions read the crosstable as the Standings sheet does), ``LotsSeed``
  (the seed of the drawing of lots) and ``TieBreaks``; rows for the Prizes sheet's options and
  the orders a Compare sheet compares;
* ``Standings`` — filled by the macro / the headless command: a placeholder text
  (:data:`~xl_tiebreak.excel.sheets.standings_sheet.PLACEHOLDER`), and the mark of a Standings sheet
  (:data:`~xl_tiebreak.excel.sheets.standings_sheet.STANDINGS_ROLE`) that lets xl-tiebreak replace
  it;
* ``Functions`` — one call per worksheet function for the whole column of players, e.g.
  ``{=BUCHHOLZ_CUT1(Crosstable,$A$5:$A$20,Rules,TournamentType,BlankRounds)}`` (an array
  formula over the
  column: the crosstable is transferred once per column, not once per player);
* ``Formula standings`` — ``{=STANDINGS(Crosstable,TieBreaks,Rules,UnratedRating,
  TournamentType,TRUE,BlankRounds,LotsSeed)}`` as a fixed-size array formula (openpyxl cannot write
  spilling formulas);
* ``xlwings.conf`` — only ``UDF Modules`` = ``xl_tiebreak.udfs;xl_tiebreak.macros`` (the
  functions and the standings macro; a key on that sheet wins over the user's own xlwings
  settings even when empty, so the quickstart's interpreter and conda rows are removed).

The demo (:func:`build_demo`) is the Swiss template with its Standings filled, written with one
plain formula per cell on the Functions and Formula standings sheets (LibreOffice recomputes
array formulas on opening: docs/engineering.md D56).

Existing files are never overwritten unless ``force`` (``--force``) is given.
"""

from __future__ import annotations

import copy
import datetime
import json
import os
import shlex
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

import xl_tiebreak.excel.templates.knockout as knockout_template
import xl_tiebreak.tiebreaks.registry as registry
from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
)
from xl_tiebreak.excel.book.names import sized_reference
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.files.checks import transaction, write_text_file
from xl_tiebreak.excel.files.output import append_text_row, text_cell
from xl_tiebreak.excel.functions.cached_values import bytes_with_values, fitted_bytes_with_values
from xl_tiebreak.excel.reading.event import CROSSTABLE
from xl_tiebreak.excel.reading.settings import SETTINGS, SETTINGS_ROWS
from xl_tiebreak.excel.sheets.standings_sheet import STANDINGS
from xl_tiebreak.excel.sheets.writer import write_standings_to
from xl_tiebreak.excel.templates import instructions
from xl_tiebreak.excel.templates.function_sheets import FUNCTIONS_FIRST_ROW as FUNCTIONS_FIRST_ROW
from xl_tiebreak.excel.templates.function_sheets import formula_standings_sheet, functions_sheet
from xl_tiebreak.excel.templates.parts import BUILT_FROM as BUILT_FROM
from xl_tiebreak.excel.templates.parts import GRID as _GRID
from xl_tiebreak.excel.templates.parts import UDF_MODULE as UDF_MODULE
from xl_tiebreak.excel.templates.parts import Template as Template
from xl_tiebreak.excel.templates.parts import finish_template, quickstart_workbook
from xl_tiebreak.excel.templates.parts import header_style as _header_style
from xl_tiebreak.excel.templates.parts import how_to_sheet as how_to_sheet
from xl_tiebreak.excel.templates.parts import note_style as _note_style
from xl_tiebreak.excel.templates.parts import print_setup as _print_setup
from xl_tiebreak.excel.templates.parts import quickstart_path as quickstart_path
from xl_tiebreak.excel.templates.parts import standings_placeholder as _standings_placeholder
from xl_tiebreak.excel.templates.parts import xlwings_version as xlwings_version
from xl_tiebreak.excel.templates.team import TEAM_SWISS, TEAM_TEMPLATE_FILES, build_team_workbook
from xl_tiebreak.excel.templates.wording import (
    auto_words,
    choice_list,
    crosstable_header,
    date_format,
    file_stem,
    language_value,
    settings_header,
    shown_value,
)
from xl_tiebreak.i18n import N_, _, using
from xl_tiebreak.i18n.language import DEFAULT, available
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.standings.evaluation import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS
from xl_tiebreak.util.cells import column_letter
from xl_tiebreak.util.os_reasons import os_reason
from xl_tiebreak.util.safety import FORMULA_START

__all__ = [
    "DEMO_NAME",
    "ROUND_ROBIN",
    "SWISS",
    "TEMPLATE_FILES",
    "Template",
    "build_demo",
    "build_knockout_workbook",
    "build_shipped_templates",
    "build_templates",
    "build_workbook",
    "built_with",
    "demo_next_step",
    "quickstart_path",
]

CROSSTABLE_REFERS_TO = sized_reference(CROSSTABLE)
"""What the defined name ``Crosstable`` refers to (:func:`~xl_tiebreak.excel.book.names.
sized_reference`): from A1 to the last row counted in column A and the last header column,
with INDEX and COUNTA (not volatile), so that every worksheet function receives only the
filled cells."""
TIEBREAK_SLOTS = 12
"""Rows reserved for the tie-break order on the Settings sheet (defined name ``TieBreaks``)."""
DEMO_NAME = "tiebreak_demo"

_SWISS_ROWS: tuple[tuple[object, ...], ...] = (
    ("No", "Name", "Title", "Rating", "Fed", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "Pts",
     "Extra points", "Manual order"),
    (1, "Anna Kowalska", "WGM", 2291, "POL", "9w1", "6w1", "2w1", "3b1", "4b-", "5w1", "7b1", 6),
    (2, "Lukas Brenner", "FM", 2265, "GER", "10w1", "8w1", "1b0", "6w½", "7b1", "4w1", "3b0", 4.5),
    (3, "Sofia Marchetti", None, 2203, "ITA", "11w½", "12b1", "5w1", "1w0", "6b½", "8b½", "2w1",
     4.5),
    (4, "James O'Connor", "CM", 2156, "IRL", "12w½", "11b½", "7w1", "5b½", "1w+", "2b0", "6w½", 4),
    (5, "Elif Demir", "WFM", 2104, "TUR", "13w½", "15b1", "3b0", "4w½", "12w1", "1b0", "8w0", 3),
    (6, "Mateo García", None, 2087, "ESP", "14w1", "1b0", "10w1", "2b½", "3w½", "11b1", "4b½",
     4.5),
    (7, "Nina Virtanen", None, 2012, "FIN", "15w½", "13b1", "4b0", "11w1", "2w0", "12b1", "1w0",
     3.5),
    (8, "Pieter de Vries", None, 1978, "NED", "16w1", "2b0", "11w0", "10b1", "9b1", "3w½", "5b1",
     4.5),
    (9, "Chloé Martin", None, 1931, "FRA", "1b0", "14w½", "H", "16b1", "8w0", "13b½", "12w1", 3.5),
    (10, "Tomáš Novák", None, 1896, "CZE", "2b0", "16w1", "6b0", "8w0", "14w½", "15b1", "13w1",
     3.5),
    (11, "Ingrid Solberg", None, 1842, "NOR", "3b½", "4w½", "8b1", "7b0", "15w1", "6w0", "14w1",
     4),
    (12, "Dmitri Volkov", None, 1805, "SRB", "4b½", "3w0", "14b1", "15w1", "5b0", "7w0", "9b0",
     2.5),
    (13, "Hannah Schmidt", None, 1763, "AUT", "5b½", "7w0", "15w0", "14b½", "16b1", "9w½", "10b0",
     2.5),
    (14, "Rui Almeida", None, 1720, "POR", "6b0", "9b½", "12w0", "13w½", "10b½", "16w1", "11b0",
     2.5),
    (15, "Maja Horvat", None, 1654, "CRO", "7b½", "5w0", "13b1", "12b0", "11b0", "10w0", "U", 2.5),
    (16, "Oliver Bennett", None, None, "ENG", "8b0", "10b0", "U", "9w0", "13w0", "14b0", "-", 1),
)
"""A 16-player, 7-round Swiss: #9 takes a half-point bye (H) in round 3, #16 and #15 get the
pairing-allocated bye (U) in rounds 3 and 7, #1 forfeits round 5 against #4, #16 (unrated)
withdraws before round 7. #3 and #6 share 3rd place with the default tie-breaks."""
_SWISS_ROWS = tuple(r + (None,) * (len(_SWISS_ROWS[0]) - len(r)) for r in _SWISS_ROWS)
"""The players' rows padded to the header: ``Extra points`` and ``Manual order`` (Swiss-Manager
42/43 and 5) stay empty in the sample, for the arbiter to fill."""

_ROUND_ROBIN_ROWS: tuple[tuple[object, ...], ...] = (
    ("No", "Name", "Rating", "Fed", 1, 2, 3, 4, 5, 6, 7, 8, "Pts"),
    (1, "Magnus Lindqvist", 2402, "SWE", "x", "½", "½", "½", 1, "½", "½", "½", 4),
    (2, "Aylin Yilmaz", 2356, "TUR", "½", "x", 1, "½", 1, 1, 0, 0, 4),
    (3, "Carlos Ruiz", 2331, "ESP", "½", 0, "x", 1, 0, "½", 1, 1, 4),
    (4, "Eva Novotná", 2298, "CZE", "½", "½", 0, "x", "½", "½", "½", "½", 3),
    (5, "Kofi Mensah", 2270, "GHA", 0, 0, 1, "½", "x", 1, "½", "+", 4),
    (6, "Laura Bianchi", 2244, "ITA", "½", 0, "½", "½", 0, "x", 0, "½", 2),
    (7, "Sean Murphy", 2215, "IRL", "½", 1, 0, "½", "½", 1, "x", 1, 4.5),
    (8, "Yuki Tanaka", 2190, "JPN", "½", 1, 0, "½", "-", "½", 0, "x", 2.5),
)
"""An 8-player round robin as a grid (row player's result against the column player); #8 lost
the game against #5 by forfeit. Four players tie on 4 points and Direct Encounter orders them."""

_ALL_FUNCTIONS = registry.template_functions("swiss")
"""The one-tie-break functions the Swiss template shows, in the registry's order for it."""
_ROUND_ROBIN_FUNCTIONS = registry.template_functions("round_robin")
"""The one-tie-break functions the round-robin template shows."""


SWISS = Template(
    stem="swiss",
    rows=_SWISS_ROWS,
    settings={
        "name": N_("Spring Open 2026"),
        "type": "Swiss",
        "rules": "AUTO",
        "start_date": datetime.datetime(2026, 4, 11),
        "scheduled_rounds": 7,
        "unrated_rating": 1400,
        "tiebreaks": DEFAULT_SWISS.split(","),
    },
    functions=_ALL_FUNCTIONS,
    example="BH/C1",
)
ROUND_ROBIN = Template(
    stem="round_robin",
    rows=_ROUND_ROBIN_ROWS,
    settings={
        "name": N_("Club Championship 2026"),
        "type": "Round robin",
        "rules": "AUTO",
        "start_date": datetime.datetime(2026, 5, 2),
        "scheduled_rounds": 7,
        "tiebreaks": DEFAULT_ROUND_ROBIN.split(","),
    },
    functions=_ROUND_ROBIN_FUNCTIONS,
    example="SB",
)
TEMPLATES = (SWISS, ROUND_ROBIN)

TEMPLATE_FILES = tuple(
    f"{t.stem}{suffix}" for t in TEMPLATES for suffix in (".xlsm", ".xlsx", ".py")
) + TEAM_TEMPLATE_FILES
"""Every file :func:`build_templates` writes (the team template's last,
:mod:`xl_tiebreak.excel.templates.team`)."""

_DEFAULT_POINTS = {
    "win": 1, "draw": 0.5, "loss": 0, "forfeit_win": 1, "forfeit_loss": 0, "pab": 1, "fpb": 1,
    "hpb": 0.5, "zpb": 0, "blank_rounds": "Absent", "prize_sharing": "Equal",
    "one_prize_per_player": "Yes",
}
_VALIDATIONS = {
    "rules": ("AUTO", "FIDE2026", "FIDE2023", "FIDE2009", "USCF"),
    "type": ("Swiss", "Round robin"),
    "blank_rounds": ("Absent", "Half-point bye", "Declared"),
    "rating_used": ("FIDE", "National", "FIDE then national"),
    "prize_sharing": ("Equal", "Hort"),
    "one_prize_per_player": ("Yes", "No"),
}
"""The drop-down lists of Settings cells (in English: written in the language in force)."""
COMPARE_SLOTS = 3
"""Rows reserved for the orders to compare on the Settings sheet."""
_SUGGESTED_TIEBREAKS = (
    '"BH/C1,BH,BH/C2,BH/M1,SB,SB/C1,DE,WIN,WON,BPG,BWG,PS,REP,STD,KS,AOB,FB,ARO,ARO/C1,TPR,'
    'PTP,APRO,APPO,RTNG,TPN"'
)


# ====================================================================== sheets


StyleKey = tuple[bool, bool, bool, bool, bool]
"""What a crosstable cell's format depends on: (points column, name column, a grid's
diagonal, header row, quote prefix)."""


def _written(template: Template) -> list[list[object]]:
    """The crosstable's rows as written (the header in the workbook's words)."""
    return [[crosstable_header(v) for v in row] if k == 0 else list(row)
            for k, row in enumerate(template.rows)]


def crosstable_keys(template: Template) -> list[list[StyleKey]]:
    """The :data:`StyleKey` of every cell of the crosstable's rows."""
    header = template.rows[0]
    n_cols = len(header)
    names = {c for c in range(1, n_cols + 1) if str(header[c - 1]) == "Name"}
    keys: list[list[StyleKey]] = []
    for r, row in enumerate(_written(template), start=1):
        keys.append([(
            r > 1 and c == n_cols,
            c in names,
            # a grid's diagonal (the player's own column): shaded
            r > 1 and header[c - 1] == template.rows[r - 1][0],
            r == 1,
            # a text that starts like a formula is written with the quote prefix
            isinstance(value, str) and value.startswith(FORMULA_START),
        ) for c, value in enumerate([*row, *[None] * (n_cols - len(row))], start=1)])
    return keys


def _crosstable_sheet(ws: Any, template: Template, sampled: bool = False) -> None:
    """The Crosstable sheet of the template's rows; ``sampled``: only the header and the
    first cell of each format (:func:`crosstable_keys`), the rest written into the zip later
    (:func:`sampled_crosstable`)."""
    rows = _written(template)
    keys = crosstable_keys(template)
    if sampled:
        append_text_row(ws, rows[0])
        written: set[StyleKey] = set()
        for r, row_keys in enumerate(keys[1:], start=2):
            for c, key in enumerate(row_keys, start=1):
                if key not in written:
                    written.add(key)
                    text_cell(ws.cell(row=r, column=c, value=rows[r - 1][c - 1]))
    else:
        for row in rows:
            append_text_row(ws, row)
    n_cols = len(template.rows[0])
    _header_style(ws, 1, n_cols)
    for col in range(1, n_cols + 1):
        header = str(template.rows[0][col - 1])
        width = 20 if header == "Name" else 7 if header in ("Rating", "Title", "Pts") else 6
        ws.column_dimensions[column_letter(col)].width = width
    # each cell's style is one of a few: made once on a first cell, then copied (setting
    # openpyxl styles cell by cell costs about 0.1 ms a cell, seconds at 2,000 players)
    made: dict[StyleKey, Any] = {}
    cells: dict[tuple[int, int], Any] = ws._cells
    positions = (sorted(p for p in cells if p[0] <= len(rows) and p[1] <= n_cols) if sampled
                 else [(r, c) for r in range(1, len(rows) + 1) for c in range(1, n_cols + 1)])
    for (r, c) in positions:  # row by row, as the cells are written
        cell = ws.cell(row=r, column=c)
        key = keys[r - 1][c - 1]
        points, name, diagonal, _header, _quoted = key
        first = made.get(key)
        if first is not None and r > 1:
            cell._style = copy.copy(first._style)
            continue
        if points:
            cell.number_format = HALF_FORMAT
        cell.border = _GRID
        if not name:  # numbers, ½ and x alike
            cell.alignment = Alignment(horizontal="center")
        if diagonal:
            cell.fill = _DIAGONAL
        made.setdefault(key, cell)
    ws.freeze_panes = "C2"
    _print_setup(ws, pages_tall=0)


class SampledCrosstable:
    """The crosstable of an event workbook built sampled (:func:`_crosstable_sheet`): its
    rows written into the saved workbook's zip (:meth:`into_zip`), each cell with the format
    of the first cell of its kind, as openpyxl writes them (:func:`~xl_tiebreak.excel.book.
    zip_rows.filled_rows`); or, where the zip route cannot go, into the openpyxl workbook
    (:meth:`into_workbook`), as a full build writes them."""

    def __init__(self, template: Template) -> None:
        self.template = template
        self.rows = _written(template)
        """The crosstable's rows as written."""

    def into_zip(self, book: Any) -> bool:
        """Write the rows into the Crosstable sheet of a :class:`~xl_tiebreak.excel.book.
        zip_book.ZipBook` of the saved workbook; False (nothing changed) when they cannot be
        written that way."""
        from xl_tiebreak.excel.book.zip_rows import filled_rows

        part = book.sheet_part(CROSSTABLE)
        if part is None:
            return False
        sheet = book.workbook[CROSSTABLE]
        keys = crosstable_keys(self.template)
        styles: dict[StyleKey, int] = {}
        for r, row_keys in enumerate(keys, start=1):
            for c, key in enumerate(row_keys, start=1):
                if key not in styles and (r, c) in sheet._cells:
                    styles[key] = sheet._cells[(r, c)].style
        try:
            ids = [[styles[key] for key in row_keys] for row_keys in keys]
        except KeyError:
            return False
        xml = filled_rows(book.part(part).decode("utf-8"), self.rows, ids)
        if xml is None:
            return False
        book.replace_part(part, xml.encode("utf-8"))
        sheet.forget(plain=True)  # every cell written with its reference, nothing else
        return True

    def into_workbook(self, workbook: Any) -> None:
        """Write the whole crosstable into the openpyxl workbook built sampled."""
        ws = workbook[CROSSTABLE]
        ws._cells.clear()
        ws._current_row = 0  # appending starts again at row 1
        _crosstable_sheet(ws, self.template)


def sampled_crosstable(template: Template) -> SampledCrosstable | None:
    """The sampled form of the template's crosstable, None when its rows hold a value the
    zip route does not write as openpyxl does (:func:`~xl_tiebreak.excel.book.zip_rows.
    writable`): then the workbook is built whole."""
    from xl_tiebreak.excel.book.zip_rows import writable

    sampled = SampledCrosstable(template)
    return sampled if writable(sampled.rows) else None


_DIAGONAL = PatternFill(fill_type="solid", start_color="FFD9D9D9", end_color="FFD9D9D9")
"""The diagonal of a round-robin grid, shaded as printed crosstables do."""
def _settings_sheet(ws: Any, template: Template) -> dict[str, str]:
    """Fill the Settings sheet; returns the defined names (name → reference) it provides."""

    ws.append(settings_header())
    names: dict[str, str] = {}
    values = {**_DEFAULT_POINTS, **template.settings, "language": language_value()}
    if template.sample and isinstance(values.get("name"), str):
        values["name"] = translated(str(values["name"]))
    for label, field, english_hint in SETTINGS_ROWS:
        hint = translated(english_hint) if english_hint else ""
        row = ws.max_row + 1
        title = ws.cell(row=row, column=1, value=translated(label))
        title.font = Font(bold=True)
        title.alignment = Alignment(vertical="top")
        note = ws.cell(row=row, column=3, value=hint or None)
        _note_style(note)
        note.alignment = Alignment(wrap_text=True, vertical="top")
        lines = -(-len(hint) // 72)  # about 72 italic characters fit in a line of width 60
        if lines > 1:
            ws.row_dimensions[row].height = 15.0 * lines
        if field == "tiebreaks":
            items = list(values.get("tiebreaks", []))  # type: ignore[call-overload]
            for i in range(TIEBREAK_SLOTS):
                slot = ws.cell(row=row + i, column=2, value=items[i] if i < len(items) else None)
                slot.alignment = Alignment(horizontal="left", vertical="top")
            ref = f"{SETTINGS}!$B${row}:$B${row + TIEBREAK_SLOTS - 1}"
            names["TieBreaks"] = ref
            dv = DataValidation(type="list", formula1=_SUGGESTED_TIEBREAKS, allow_blank=True,
                                showErrorMessage=False)
            ws.add_data_validation(dv)
            dv.add(f"B{row}:B{row + TIEBREAK_SLOTS - 1}")
            continue
        if field == "compare_orders":
            items = list(values.get("compare_orders", []))  # type: ignore[call-overload]
            for i in range(COMPARE_SLOTS):
                slot = ws.cell(row=row + i, column=2, value=items[i] if i < len(items) else None)
                slot.alignment = Alignment(horizontal="left", vertical="top")
            continue
        value = shown_value(values.get(field))
        cell = ws.cell(row=row, column=2, value=value)
        cell.alignment = Alignment(horizontal="left", vertical="top")
        if field == "lots_seed":
            cell.number_format = "@"  # a text: 2026-04 must not become a date
            names["LotsSeed"] = f"{SETTINGS}!$B${row}"
        if field == "start_date":
            cell.number_format = date_format()
        if field in _VALIDATIONS:
            choices = choice_list(*_VALIDATIONS[field])
            dv = DataValidation(type="list", formula1=choices, allow_blank=True,
                                showErrorMessage=True, errorTitle=translated(label),
                                error=_("Choose one of {choices}", choices=choices))
            ws.add_data_validation(dv)
            dv.add(f"B{row}")
        if field == "rules":
            # The functions get AUTO resolved with the start date (the row below), so that
            # they use the same rule set as the Standings sheet.
            fields = [f for _, f, _ in SETTINGS_ROWS]
            date_row = row + fields.index("start_date") - fields.index("rules")
            ws.cell(row=1, column=4,
                    value=_("Rules the functions get (AUTO: the start date)"))
            # The date cell itself, not TEXT(date, "yyyy-mm-dd"): TEXT's format codes depend
            # on Excel's language; the functions read a date, a serial or a text alike. AUTO
            # in the template's language is AUTO too (Automático).
            autos = ",".join(f'UPPER(B{row})="{word}"' for word in auto_words())
            helper = ws.cell(row=row, column=4, value=(
                f'=IF(OR(B{row}="",{autos}),'
                f'IF(B{date_row}="","AUTO",B{date_row}),B{row})'))
            helper.number_format = date_format()
            helper.alignment = Alignment(horizontal="left", vertical="top")
            names["Rules"] = f"{SETTINGS}!$D${row}"
        elif field == "type":
            names["TournamentType"] = f"{SETTINGS}!$B${row}"
        elif field == "unrated_rating":
            names["UnratedRating"] = f"{SETTINGS}!$B${row}"
        elif field == "blank_rounds":
            names["BlankRounds"] = f"{SETTINGS}!$B${row}"
    _header_style(ws, 1, 4)
    ws["D1"].alignment = Alignment(horizontal="center", wrap_text=True)
    ws.row_dimensions[1].height = 30.0
    ws.column_dimensions["A"].width = 38
    shown = [len(str(c.value)) for c in ws["B"] if isinstance(c.value, str)]
    ws.column_dimensions["B"].width = max(16, min(30, max(shown, default=0)))  # a long name
    ws.column_dimensions["C"].width = 60
    ws.column_dimensions["D"].width = 24
    ws.freeze_panes = "A2"
    # one page wide, as many down as the rows need (with the header row on each): squeezed
    # onto one page, its type printed below 7 points
    _print_setup(ws, pages_tall=0)
    return names


_HOW_TO = (
    N_("xl-tiebreak: exact FIDE C.07 tie-breaks and standings in Excel"),
    "",
    N_("1. Crosstable sheet: one row per player — No, Name, Rating, Fed, then one column per "
       "round (R1, R2, …) with opponent, colour and result: 12w1, 5b½, 7w0; 3+ / 3- forfeits; "
       "H half-point bye, U pairing-allocated bye, F full-point bye, - absent. A round robin "
       "may be a grid (columns 1, 2, …, n; x on the diagonal)."),
    N_("2. Settings sheet: tie-break order (one per row), rules (AUTO picks FIDE 2026 or "
       "2023/24 from the start date), points per result, rating used for unrated players."),
    *instructions.STANDINGS_STEPS,
    *instructions.FUNCTION_SHEET_STEPS,
    N_("   Errors in the crosstable are listed with their cells on a Problems sheet; the "
       "Standings sheet is then left as it was."),
    N_("Worksheet functions (Windows): xlwings add-in installed, click Import Functions once "
       "and save. Then =BUCHHOLZ_CUT1(Crosstable, 5), =SONNEBORN(Crosstable, \"Anna "
       "Kowalska\"), =TIEBREAK(Crosstable, A2, \"KS/L+1\"), =PLACE(Crosstable, A2), "
       "=STANDINGS(Crosstable) …"),
    N_("   A cell showing a text that starts with # says what is wrong (e.g. #PLAYER? …); an "
       "empty cell means the value is undefined."),
    *instructions.LITE_STEPS,
)


def save_with_values(workbook: Any, target: Path, participants: int | None = None,
                     crosstable: SampledCrosstable | None = None) -> None:
    """Save a built workbook atomically with the computed value cached in every formula cell
    (:func:`~xl_tiebreak.excel.functions.cached_values.bytes_with_values`), so that a viewer
    without the add-in shows numbers, not ``#NAME?``, until the add-in recalculates. With
    ``participants``, its function sheets are first grown to give each participant a row
    (:func:`~xl_tiebreak.excel.functions.cached_values.fitted_bytes_with_values`), and the
    ``crosstable`` of a workbook built sampled is written in."""
    if participants is None:
        assert crosstable is None
        data = bytes_with_values(workbook)
    else:
        data = fitted_bytes_with_values(workbook, participants, crosstable)
    with transaction() as stage:
        stage(target, data)


# ====================================================================== workbooks


def build_workbook(template: Template, vba: bool = True, per_cell: bool = False,
                   module: str | None = None, sampled: bool = False) -> Any:
    """The template as an ``openpyxl.Workbook`` built on xlwings' quickstart.xlsm (its VBA
    project kept when ``vba``; save it as .xlsm then, as .xlsx otherwise); ``per_cell``: one
    plain formula per cell on the Functions and Formula standings sheets instead of one array
    formula per column (the demo, docs/engineering.md D56). The How to sheet names the
    companion module ``module`` (default: the template's file name, ``swiss``). ``sampled``:
    the crosstable's header and one cell of each format only (:class:`SampledCrosstable`
    writes the rest)."""

    wb = quickstart_workbook(vba)
    crosstable = wb["Sheet1"]
    crosstable.title = CROSSTABLE
    _crosstable_sheet(crosstable, template, sampled)
    names = _settings_sheet(wb.create_sheet(SETTINGS), template)
    _standings_placeholder(wb.create_sheet(STANDINGS))
    names.update(functions_sheet(wb.create_sheet("Functions"), template, per_cell))
    formula_standings_sheet(wb.create_sheet("Formula standings"), template, per_cell)
    how_to_sheet(wb.create_sheet("How to", 0), _HOW_TO, module or file_stem(template.stem))
    names["Crosstable"] = CROSSTABLE_REFERS_TO
    name = str(template.settings.get("name") or template.stem)
    finish_template(wb, translated(name) if template.sample else name, names)
    return wb


def build_knockout_workbook(vba: bool = True) -> Any:
    """The knockout template (:mod:`xl_tiebreak.excel.templates.knockout`: How to, Bracket,
    Settings) with a Standings placeholder, on xlwings' quickstart.xlsm like
    :func:`build_workbook`."""
    wb = quickstart_workbook(vba)
    knockout_template.fill_knockout(wb, wb["Sheet1"])
    _standings_placeholder(wb.create_sheet(STANDINGS))
    finish_template(wb, translated(knockout_template.KNOCKOUT_NAME))
    return wb


def built_with(path: str | os.PathLike[str]) -> str | None:
    """The xlwings version a template file was built from (None when not recorded)."""

    workbook = openpyxl.load_workbook(path, read_only=True)
    try:
        description = workbook.properties.description or ""
    finally:
        workbook.close()
    return description[len(BUILT_FROM):].strip() if description.startswith(BUILT_FROM) else None


def companion_module(stem: str, source: str = "Crosstable") -> str:
    """The Python module that must stand next to ``stem.xlsm`` for the xlwings add-in's "Run
    main" (it imports the module named like the workbook and calls its ``main``); ``source``:
    the sheet the standings come from. The workbook's name is written as a quoted string (a
    name is never code) and, in the docstring, without quotes or backslashes."""
    shown = "".join(c for c in stem if c.isprintable() and c not in "\\\"'")
    quoted = json.dumps(f"{stem}.xlsm", ensure_ascii=False)  # a valid Python string literal
    return f'''"""Companion module of {shown}.xlsm / {shown}.xlsx.

The xlwings add-in's "Run main" button imports the Python module named like the workbook and
calls its main(): this one writes the Standings sheet from the {source} and Settings sheets
(see xl_tiebreak.macros). Keep this file next to the workbook.
"""

from xl_tiebreak.macros import main

__all__ = ["main"]

if __name__ == "__main__":
    import xlwings as xw

    xw.Book({quoted}).set_mock_caller()
    main()
'''


def _refuse_existing(paths: list[Path], force: bool) -> None:
    """Unless ``force``: InputError naming every file that exists (nothing is written then)."""
    if force:
        return
    existing = [p for p in paths if p.exists() or p.is_symlink()]
    if existing:
        raise InputError([
            Problem(Severity.ERROR, _("already exists: not overwritten (use --force to replace "
                                      "it)"), str(p))
            for p in existing
        ])


def _directory(directory: str | os.PathLike[str]) -> Path:
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(_("cannot create the folder {folder}: {reason}", folder=folder,
                           reason=os_reason(exc))) from exc
    return folder


def template_files() -> tuple[str, ...]:
    """Every file :func:`build_templates` writes in the language in force
    (:data:`TEMPLATE_FILES`, then the knockout template's, named in that language:
    ``suico.xlsm``…)."""
    english = (*TEMPLATE_FILES, *knockout_template.KNOCKOUT_FILES)
    return tuple(file_stem(stem) + "." + suffix
                 for stem, suffix in (name.rsplit(".", 1) for name in english))


def build_templates(directory: str | os.PathLike[str], force: bool = False) -> list[Path]:
    """Write every template (:func:`template_files`: the individual ones, the team one, then
    the knockout one) into ``directory`` (created if needed), in the language in force (its
    file names, sheets and Settings ``Language`` row); returns the paths written. Existing
    files are refused (InputError listing them, nothing written) unless ``force``; each file
    is written atomically. Raises InputError when a file cannot be written."""
    folder = Path(directory)
    _refuse_existing([folder / name for name in template_files()], force)
    folder = _directory(directory)
    written: list[Path] = []

    def write(stem: str, build: Any, source: str = "Crosstable") -> None:
        name = file_stem(stem)
        for vba, suffix in ((True, ".xlsm"), (False, ".xlsx")):
            target = folder / f"{name}{suffix}"
            save_with_values(build(vba), target)
            written.append(target)
        module = folder / f"{name}.py"
        write_text_file(module, companion_module(name, source))
        written.append(module)

    for template in TEMPLATES:
        write(template.stem, lambda vba, t=template: build_workbook(t, vba=vba))
    write(knockout_template.KNOCKOUT_STEM, lambda vba: build_knockout_workbook(vba=vba),
          "Bracket")
    write(TEAM_SWISS, lambda vba: build_team_workbook(vba=vba))
    return written


def build_shipped_templates(directory: str | os.PathLike[str],
                            force: bool = False) -> list[Path]:
    """The shipped templates: :func:`build_templates` in English into ``directory``, then in
    every other language with a catalogue into ``directory/<tag>`` (``pt-BR/suico.xlsx``…).
    Rebuild them with ``build_shipped_templates('workbook_templates', force=True)``."""
    with using(DEFAULT):
        written = build_templates(directory, force)
    for tag in available():
        if tag != DEFAULT:
            with using(tag):
                written += build_templates(Path(directory) / tag, force)
    return written


def build_demo(directory: str | os.PathLike[str] = ".", force: bool = False) -> Path:
    """Write ``tiebreak_demo.xlsm`` (the Swiss template with its Standings sheet filled) and its
    companion ``tiebreak_demo.py`` into ``directory``; returns the workbook's path. Existing
    files are refused unless ``force``."""
    name = file_stem(DEMO_NAME)
    target = Path(directory) / f"{name}.xlsm"
    module = Path(directory) / f"{name}.py"
    _refuse_existing([target, module], force)
    folder = _directory(directory)
    workbook = build_workbook(SWISS, vba=True, per_cell=True, module=name)
    result = write_standings_to(OpenpyxlBook(workbook))
    if not result.ok:  # pragma: no cover - the sample is valid
        raise InputError(result.problems)
    target = folder / f"{name}.xlsm"
    save_with_values(workbook, target)
    write_text_file(folder / f"{name}.py", companion_module(name))
    return target.resolve()


def demo_next_step(path: Path) -> str:
    """What to do with the demo workbook at ``path`` (printed by ``xl-tiebreak demo`` after
    the path)."""
    shown = shlex.quote(str(path))
    return _("Next: open it in Excel (the Standings sheet is filled; with the xlwings add-in, "
             "Run main recomputes it) or in LibreOffice; or, without a spreadsheet, run:\n"
             "  xl-tiebreak standings {path} --csv {csv}", path=shown,
             csv=_("standings.csv", "file name"))
