"""The Functions and Formula standings sheets of the individual templates: one call of each
worksheet function per column (an array formula over the players), or — the demo — one plain
formula per cell (docs/engineering.md D56), and the whole standings from one STANDINGS call."""

from __future__ import annotations

from typing import Any

from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
    WHOLE_FORMAT,
    number_format,
    standings_formats,
)
from xl_tiebreak.excel.files.output import text_cell
from xl_tiebreak.excel.functions.catalogue import FIXED_DESCRIPTORS, RATING_FUNCTIONS
from xl_tiebreak.excel.templates.parts import (
    Template,
    header_style,
    note_style,
    print_setup,
    wrap_note,
)
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.util.cells import column_letter, range_ref

__all__ = ["FUNCTIONS_FIRST_ROW", "PER_CELL_NOTE", "STANDINGS_CALL", "formula_standings_sheet",
           "functions_sheet"]


def _function_formula(name: str) -> str:
    if name in RATING_FUNCTIONS:
        return f"={name}(Crosstable,{{nos}},UnratedRating,Rules,TournamentType,BlankRounds)"
    return f"={name}(Crosstable,{{nos}},Rules,TournamentType,BlankRounds)"


FUNCTIONS_FIRST_ROW = 5
"""First player row of the Functions sheet (row 4 is the header)."""


def _function_columns(template: Template) -> list[tuple[str, str, str]]:
    """(header, formula with ``{nos}``/``{names}`` for the players' start-number/name range,
    number format) of every Functions column after No and Name: one call per column."""

    example = template.example
    example_format = number_format(parse_descriptor(example))
    columns = [
        ("POINTS", "=POINTS(Crosstable,{nos},BlankRounds)", HALF_FORMAT),
        ("PLACE", "=PLACE(Crosstable,{nos},TieBreaks,Rules,UnratedRating,TournamentType,"
         "BlankRounds,LotsSeed)", WHOLE_FORMAT),
    ]
    columns += [
        (name, _function_formula(name), number_format(parse_descriptor(FIXED_DESCRIPTORS[name])))
        for name in template.functions
    ]
    columns.append((f'TIEBREAK "{example}" by name',
                    f'=TIEBREAK(Crosstable,{{names}},"{example}",Rules,UnratedRating,'
                    'TournamentType,BlankRounds)', example_format))
    columns.append((f'TIEBREAK_EXPLAIN "{example}"',
                    f'=TIEBREAK_EXPLAIN(Crosstable,{{nos}},"{example}",Rules,UnratedRating,'
                    'TournamentType,BlankRounds)', "General"))
    return columns


def functions_sheet(ws: Any, template: Template, per_cell: bool = False) -> None:
    """The Functions sheet: one call per column (an array formula over the players), or with
    ``per_cell`` one plain formula per player (the demo: docs/engineering.md D56)."""
    ws["A1"] = (PER_CELL_NOTE if per_cell else
                "Worksheet functions of xl-tiebreak, one call per column: in Excel, click Import "
                "Functions on the xlwings ribbon once, then Ctrl+Alt+F9 (see the How to sheet).")
    ws["A1"].font = Font(bold=True)
    wrap_note(ws, 9)
    ws["A2"] = "Check"
    ws["B2"] = "=CROSSTABLE_CHECK(Crosstable,TournamentType,BlankRounds)"
    columns = _function_columns(template)
    header = ["No", "Name", *(h for h, _, _ in columns)]
    for col, text in enumerate(header, start=1):
        ws.cell(row=FUNCTIONS_FIRST_ROW - 1, column=col, value=text)
    header_style(ws, FUNCTIONS_FIRST_ROW - 1, len(header))
    first, last = FUNCTIONS_FIRST_ROW, FUNCTIONS_FIRST_ROW + template.players - 1
    for i, player in enumerate(template.rows[1:]):
        row = first + i
        ws.cell(row=row, column=1, value=player[0]).alignment = Alignment(horizontal="center")
        text_cell(ws.cell(row=row, column=2, value=player[1]))
    nos, names = f"$A${first}:$A${last}", f"$B${first}:$B${last}"
    for col, (_, formula, shown) in enumerate(columns, start=3):
        if per_cell:
            for r in range(first, last + 1):
                ws.cell(row=r, column=col).value = formula.format(nos=f"$A{r}", names=f"$B{r}")
        else:
            ref = range_ref(first, col, last, col)
            ws.cell(row=first, column=col).value = ArrayFormula(
                ref, formula.format(nos=nos, names=names))
        for r in range(first, last + 1):
            ws.cell(row=r, column=col).number_format = shown
    for col, text in enumerate(header, start=1):
        ws.column_dimensions[column_letter(col)].width = max(8, min(len(text) + 2, 24))
    ws.column_dimensions["B"].width = 20
    ws.column_dimensions[column_letter(len(header))].width = 90
    ws.freeze_panes = f"C{FUNCTIONS_FIRST_ROW}"


PER_CELL_NOTE = (
    "Worksheet functions of xl-tiebreak, one formula per cell in this demo, so that it shows its "
    "values in any spreadsheet (LibreOffice recomputes array formulas on opening). The "
    "templates use one call per column, e.g. {=BUCHHOLZ_CUT1(Crosstable,$A$5:$A$20)}: much "
    "faster for big events. In Excel: Import Functions on the xlwings ribbon, then Ctrl+Alt+F9.")
"""Note of the demo's Functions sheet (per-cell formulas, docs/engineering.md D56)."""

STANDINGS_CALL = ("STANDINGS(Crosstable,TieBreaks,Rules,UnratedRating,TournamentType,TRUE,"
                  "BlankRounds,LotsSeed)")
"""The call of the Formula standings sheet."""


def formula_standings_sheet(ws: Any, template: Template, per_cell: bool = False) -> None:
    """The Formula standings sheet: one array formula ``{=STANDINGS(...)}``, or with
    ``per_cell`` one ``=INDEX(STANDINGS(...),row,column)`` per cell (the demo: D56)."""
    if per_cell:
        ws["A1"] = (f"The whole standings from one function: each cell here is "
                    f"=INDEX({STANDINGS_CALL},row,column), so that this demo shows its values "
                    f"in any spreadsheet. The templates use one array formula "
                    f"{{={STANDINGS_CALL}}}; in Excel 365 a plain =STANDINGS(Crosstable) in an "
                    f"empty cell spills, and =TIEBREAKS(Crosstable,TieBreaks) gives every "
                    f"tie-break of every player.")
    else:
        ws["A1"] = (f"The whole standings from one formula: {{={STANDINGS_CALL}}}. A fixed-size "
                    f"array formula (any Excel); in Excel 365 a plain =STANDINGS(Crosstable) in "
                    f"an empty cell spills, and =TIEBREAKS(Crosstable,TieBreaks) gives every "
                    f"tie-break of every player.")
    note_style(ws["A1"])
    order = template.settings.get("tiebreaks", [])
    assert isinstance(order, list)
    formats = [*standings_formats([parse_descriptor(t) for t in order]), None]  # Decided by
    n_rows, n_cols = template.players + 1, len(formats)
    if per_cell:
        for i in range(n_rows):
            for j in range(n_cols):
                ws.cell(row=3 + i, column=1 + j).value = f"=INDEX({STANDINGS_CALL},{i + 1},{j + 1})"
    else:
        ws["A3"] = ArrayFormula(range_ref(3, 1, 2 + n_rows, n_cols), f"={STANDINGS_CALL}")
    for row in ws.iter_rows(min_row=4, max_row=2 + n_rows, max_col=n_cols):
        for cell, shown in zip(row, formats, strict=True):
            if shown:
                cell.number_format = shown
    header_style(ws, 3, n_cols)
    ws.column_dimensions["C"].width = 20
    wrap_note(ws, n_cols, 62)
    print_setup(ws, pages_tall=0)
    ws.print_title_rows = "3:3"
