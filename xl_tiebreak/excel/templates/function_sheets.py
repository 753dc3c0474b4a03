"""The Functions and Formula standings sheets of the individual templates: one call of each
worksheet function per column (an array formula over the players), or — the demo — one plain
formula per cell (docs/engineering.md D56), and the whole standings from one STANDINGS call."""

from __future__ import annotations

from typing import Any

from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.excel.book.function_arrays import (  # the token cell, re-exported
    EVENT_CALL,
    TOKEN_CELL,
    event_call,
    event_print_area,
)
from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
    WHOLE_FORMAT,
    number_format,
    standings_formats,
)
from xl_tiebreak.excel.book.openpyxl_arrays import follow_event
from xl_tiebreak.excel.functions.catalogue import FIXED_DESCRIPTORS
from xl_tiebreak.excel.reading.settings import SETTINGS
from xl_tiebreak.excel.templates.parts import (
    Template,
    header_style,
    note_style,
    print_setup,
    wrap_note,
)
from xl_tiebreak.i18n.conventions import typed_formula
from xl_tiebreak.i18n.language import N_, translate
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.util.cells import column_letter, range_ref

__all__ = ["DEMO_ROWS", "DEMO_STANDINGS_ROWS", "EVENT_CALL", "FUNCTIONS_FIRST_ROW",
           "PER_CELL_NOTE", "STANDINGS_CALL", "TOKEN_CELL", "event_call",
           "STANDINGS_COLUMNS", "TEMPLATE_ROWS", "column_groups_setup", "follow_event",
           "formula_standings_sheet", "functions_sheet", "print_rows", "sheet_names"]


TIEBREAK_SLOTS = 12
"""Rows of the tie-break order on the Settings sheet (as the builder reserves them)."""
FUNCTIONS_FIRST_ROW = 5
"""First player row of the Functions sheet (row 4 is the header)."""
TEMPLATE_ROWS = 200
"""Participant rows of the templates' Functions and Formula standings sheets: every event
of up to this many participants has its row; the rows beyond the event stay empty."""
DEMO_ROWS = 500
"""Participant rows of the demo's per-cell Functions sheet (one formula per cell: fewer
rows)."""
DEMO_STANDINGS_ROWS = 100
"""Participant rows of the demo's per-cell Formula standings: each cell's INDEX(STANDINGS(…))
receives the whole table, so its cost grows with the square of the rows; an event with more
participants is reported by the sheet's check cell."""
STANDINGS_COLUMNS = len(standings_formats([])) + TIEBREAK_SLOTS + 1  # and Decided by
"""Columns of the Formula standings array: Place, No, Name, Rating, Fed, Pts and one per
tie-break slot of the Settings sheet (the columns beyond the order stay empty)."""
SETTINGS_TABLE_ROWS = 200
"""Rows of the Settings sheet in the defined name ``SettingsTable``."""
def sheet_names() -> dict[str, str]:
    """The defined names the function sheets use: ``SettingsTable`` (the Settings rows) and
    ``Tournament`` (the token cell of the Functions sheet)."""
    column, row = TOKEN_CELL[0], TOKEN_CELL[1:]
    return {"SettingsTable": f"{SETTINGS}!$A$1:$B${SETTINGS_TABLE_ROWS}",
            "Tournament": f"Functions!${column}${row}"}


def _function_formula(name: str) -> str:
    return f"={name}(Tournament,{{nos}})"


def _function_columns(template: Template) -> list[tuple[str, str, str]]:
    """(header, formula with ``{nos}``/``{names}`` for the players' start-number/name range,
    number format) of every Functions column after No and Name: one call per column. Every
    call gets the token ``Tournament``: the crosstable with every Settings row."""

    example = template.example
    example_format = number_format(parse_descriptor(example))
    columns = [
        ("POINTS", "=POINTS(Tournament,{nos})", HALF_FORMAT),
        ("PLACE", "=PLACE(Tournament,{nos})", WHOLE_FORMAT),
    ]
    columns += [
        (name, _function_formula(name), number_format(parse_descriptor(FIXED_DESCRIPTORS[name])))
        for name in template.functions
    ]
    columns.append((translate('TIEBREAK "{example}" by name', example=example),
                    f'=TIEBREAK(Tournament,{{names}},"{example}")', example_format))
    columns.append((f'TIEBREAK_EXPLAIN "{example}"',
                    f'=TIEBREAK_EXPLAIN(Tournament,{{nos}},"{example}")', "General"))
    return columns


def functions_sheet(ws: Any, template: Template, per_cell: bool = False) -> dict[str, str]:
    """The Functions sheet: the event token (B2), the check of the sheet (B3), then one row per
    participant of the crosstable — No and Name by formula (PARTICIPANTS), so that each row
    shows whose values it holds — and one call per column (an array formula over
    :data:`TEMPLATE_ROWS` rows), or with ``per_cell`` one plain formula per cell over
    :data:`DEMO_ROWS` rows (the demo: docs/engineering.md D56). Returns the defined names it
    needs (:func:`sheet_names`)."""
    height = DEMO_ROWS if per_cell else TEMPLATE_ROWS
    ws["A1"] = (translate(PER_CELL_NOTE, rows=DEMO_ROWS, call=typed_formula(PER_CELL_CALL),
                          column=typed_formula(COLUMN_CALL)) if per_cell else
                translate("Worksheet functions of xl-tiebreak, one call per column over {rows} "
                          "rows (every participant of the crosstable has its row, the rows "
                          "beyond it stay empty): in Excel, click Import Functions on the xlwings "
                          "ribbon once, then Ctrl+Alt+F9 (see the How to sheet). Every call gets "
                          "Tournament (cell B2): the crosstable with every row of the Settings "
                          "sheet, as the Standings sheet reads them.", rows=height))
    ws["A1"].font = Font(bold=True)
    wrap_note(ws, 9)
    first, last = FUNCTIONS_FIRST_ROW, FUNCTIONS_FIRST_ROW + height - 1
    nos, names = f"$A${first}:$A${last}", f"$B${first}:$B${last}"
    ws["A2"] = "Tournament"
    ws[TOKEN_CELL] = EVENT_CALL
    ws["A3"] = translate("Check", "written sheet")
    ws["B3"] = f'=CROSSTABLE_CHECK(Tournament,"","",{nos})'
    columns = _function_columns(template)
    header = [translate("No", "written sheet"), translate("Name", "written sheet"),
              *(h for h, _, _ in columns)]
    for col, text in enumerate(header, start=1):
        ws.cell(row=FUNCTIONS_FIRST_ROW - 1, column=col, value=text)
    header_style(ws, FUNCTIONS_FIRST_ROW - 1, len(header))
    if per_cell:
        for i, row in enumerate(range(first, last + 1), start=1):
            for col in (1, 2):
                ws.cell(row=row, column=col).value = (
                    f"=INDEX(PARTICIPANTS(Tournament,{height}),{i},{col})")
    else:
        ws.cell(row=first, column=1).value = ArrayFormula(
            range_ref(first, 1, last, 2), f"=PARTICIPANTS(Tournament,{height})")
    for row in range(first, last + 1):
        ws.cell(row=row, column=1).alignment = Alignment(horizontal="center")
    for col, (_, formula, shown) in enumerate(columns, start=3):
        if per_cell:
            for r in range(first, last + 1):
                call = formula.format(nos=f"$A{r}", names=f"$B{r}").removeprefix("=")
                ws.cell(row=r, column=col).value = f'=IF($A{r}="","",{call})'
        else:
            ref = range_ref(first, col, last, col)
            ws.cell(row=first, column=col).value = ArrayFormula(
                ref, formula.format(nos=nos, names=names))
        for r in range(first, last + 1):
            ws.cell(row=r, column=col).number_format = shown
    for col, text in enumerate(header, start=1):
        ws.column_dimensions[column_letter(col)].width = max(8, min(len(text) + 2, 24))
    ws.column_dimensions["B"].width = 20
    # the explanations in a column that prints beside No and Name on one page, wrapped in
    # rows of EXPLAIN_LINES lines (a spreadsheet does not fit the rows of a formula's text to
    # it: LibreOffice printed wrapped lines over the next row), every cell of a
    # participant's row at the top of it
    ws.column_dimensions[column_letter(len(header))].width = EXPLAIN_WIDTH
    top, wrapped = Alignment(vertical="top"), Alignment(vertical="top", wrap_text=True)
    centred = Alignment(horizontal="center", vertical="top")
    for r in range(first, last + 1):
        ws.row_dimensions[r].height = EXPLAIN_LINES * LINE_HEIGHT
        for col in range(1, len(header) + 1):
            ws.cell(row=r, column=col).alignment = (
                wrapped if col == len(header) else centred if col == 1 else top)
    ws.freeze_panes = f"C{FUNCTIONS_FIRST_ROW}"
    # printed at its own size (readable type), landscape, split into groups of columns with
    # the header row and No/Name repeated on every page
    column_groups_setup(ws, FUNCTIONS_FIRST_ROW - 1)
    ws.page_margins.top = ws.page_margins.bottom = 0.5  # 16 rows of two lines on one page
    print_rows(ws, len(header), FUNCTIONS_FIRST_ROW - 1, min(len(template.rows) - 1, height),
               first_row=FUNCTIONS_PRINTED_FROM)
    return sheet_names()


EXPLAIN_WIDTH = 74
"""Characters of the TIEBREAK_EXPLAIN column (wider, it would not print beside No and Name
on a landscape Letter page: LibreOffice cut a column of 76 at the page's edge)."""
EXPLAIN_LINES = 2
"""Lines of a participant's row on a Functions sheet: an explanation of up to about 160
characters (BH/C1 of some 12 rounds with its cut) prints whole, wrapped in its column; 16
such rows print on one landscape page (three lines would take two)."""
LINE_HEIGHT = 15.0
"""Points of one line of 11-point type (Excel's default row height)."""
FUNCTIONS_PRINTED_FROM = 3
"""First printed row of a Functions sheet: the check, then the table (the note above,
merged across the first columns, would print cut on every group of columns)."""


def column_groups_setup(ws: Any, header_row: int) -> None:
    """Print a wide function sheet at its own size (readable type), landscape, split into
    groups of columns with the header row and the No/Name columns repeated on every page."""
    ws.page_setup.orientation = "landscape"
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.print_title_rows = f"{header_row}:{header_row}"
    ws.print_title_cols = "A:B"
    ws.print_options.horizontalCentered = True
    ws.page_margins.left = ws.page_margins.right = 0.4


def print_rows(ws: Any, columns: int, header_row: int, rows: int, first_row: int = 1) -> None:
    """The print area of a function sheet: its first ``columns`` columns, from ``first_row``
    down to the header row and ``rows`` participant rows below it (the array's empty rows
    beyond the event would print as blank pages)."""
    ws.print_area = event_print_area(first_row, columns, header_row, rows)


PER_CELL_NOTE = N_(
    "Worksheet functions of xl-tiebreak, one formula per cell in this demo, so that it shows its "
    "values in any spreadsheet (LibreOffice recomputes array formulas on opening), for up to "
    "{rows} participants. Each cell gets Tournament (B2: the crosstable with the Settings "
    "rows, read once), e.g. ={call}: fast per cell. The templates use one call per column, "
    "e.g. {{={column}}}. In Excel: Import Functions on the xlwings ribbon, then Ctrl+Alt+F9.")
"""Note of the demo's Functions sheet (per-cell formulas, docs/engineering.md D56), with the
fields ``rows``, ``call`` and ``column``."""
PER_CELL_CALL = "BUCHHOLZ_CUT1(Tournament,$A5)"
COLUMN_CALL = "BUCHHOLZ_CUT1(Tournament,$A$5:$A$2004)"
"""The example calls of :data:`PER_CELL_NOTE`."""



STANDINGS_CALL = "STANDINGS(Tournament)"
"""The call of the Formula standings sheet, as its note shows it."""


def _standings_call(rows: int, columns: int) -> str:
    """The Formula standings call padded to ``rows`` rows (header included) and ``columns``
    columns."""
    return f'STANDINGS(Tournament,"","","","",TRUE,"","",{rows},{columns})'


def formula_standings_sheet(ws: Any, template: Template, per_cell: bool = False) -> None:
    """The Formula standings sheet: its check (A2: does the table show every participant?),
    then one array formula ``{=STANDINGS(Tournament,…)}`` over :data:`TEMPLATE_ROWS` rows, or
    with ``per_cell`` one ``=INDEX(STANDINGS(...),row,column)`` per cell over
    :data:`DEMO_STANDINGS_ROWS` rows (the demo: D56). The rows and columns beyond the event
    are empty."""
    height = (DEMO_STANDINGS_ROWS if per_cell else TEMPLATE_ROWS) + 1
    order = template.settings.get("tiebreaks", [])
    assert isinstance(order, list)
    formats = [*standings_formats([parse_descriptor(t) for t in order]), None]  # Decided by
    n_cols = len(formats) if per_cell else STANDINGS_COLUMNS
    call = _standings_call(height, n_cols)
    if per_cell:
        ws["A1"] = translate(
            "The whole standings from one function: each cell here is ={index}, so that this "
            "demo shows its values in any spreadsheet. The templates use one array formula "
            "{{={call}}}; in Excel 365 a plain ={spill} in an empty cell spills, and "
            "=TIEBREAKS(Tournament) gives every tie-break of every player.",
            index=typed_formula(f"INDEX({call},row,column)"), call=typed_formula(call),
            spill=STANDINGS_CALL)
    else:
        ws["A1"] = translate(
            "The whole standings from one formula: {{={call}}} over {rows} rows (the Settings' "
            "order, rules and points; the rows beyond the event stay empty). A fixed-size array "
            "formula (any Excel); in Excel 365 a plain ={spill} in an empty cell spills, and "
            "=TIEBREAKS(Tournament) gives every tie-break of every player.",
            call=typed_formula(call), rows=height - 1, spill=STANDINGS_CALL)
    note_style(ws["A1"])
    ws["A2"] = f'=CROSSTABLE_CHECK(Tournament,"","",$B$4:$B${2 + height})'
    if per_cell:
        for i in range(height):
            for j in range(n_cols):
                ws.cell(row=3 + i, column=1 + j).value = f"=INDEX({call},{i + 1},{j + 1})"
    else:
        ws["A3"] = ArrayFormula(range_ref(3, 1, 2 + height, n_cols), f"={call}")
    for row in ws.iter_rows(min_row=4, max_row=2 + height, max_col=len(formats)):
        for cell, shown in zip(row, formats, strict=True):
            if shown:
                cell.number_format = shown
    header_style(ws, 3, n_cols)
    ws.column_dimensions["C"].width = 24  # Name (Place, No, Name, …): printed uncut
    ws.column_dimensions[column_letter(len(formats))].width = 30  # Decided by
    wrap_note(ws, len(formats), 62)
    print_setup(ws, pages_tall=0)
    ws.print_title_rows = "3:3"
    # the table's own columns (those beyond the order stay empty), the sample's rows
    print_rows(ws, len(formats), 3, min(len(template.rows) - 1, height - 1))
