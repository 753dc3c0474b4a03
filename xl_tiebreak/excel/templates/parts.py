"""What every workbook template shares (:mod:`xl_tiebreak.excel.templates.builder` for the
individual
ones, :mod:`xl_tiebreak.excel.templates.team` for the team one): xlwings' quickstart workbook
they are built on, its config sheet, the header, note and grid styles, the print set-up and the
Standings placeholder.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import xlwings
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.workbook.defined_name import DefinedName

from xl_tiebreak.excel.book.layout import HEADER_FILL, HEADER_FONT, NOTE_FONT
from xl_tiebreak.excel.book.openpyxl_book import mark_worksheet
from xl_tiebreak.excel.files.checks import settle_vba
from xl_tiebreak.excel.sheets.standings_sheet import PLACEHOLDER, STANDINGS_ROLE
from xl_tiebreak.excel.templates.instructions import shown
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.plain import Frozen

__all__ = [
    "BUILT_FROM",
    "GRID",
    "UDF_MODULE",
    "header_style",
    "note_style",
    "print_setup",
    "quickstart_path",
    "standings_placeholder",
    "xlwings_conf",
    "xlwings_version",
]

UDF_MODULE = "xl_tiebreak.udfs;xl_tiebreak.macros"
"""The ``UDF Modules`` setting: the worksheet functions' module and the standings macro's
(xlwings' Import Functions imports both: the ``write_standings`` Sub comes with the
functions, so the standings button needs no companion module)."""
BUILT_FROM = "xl-tiebreak template built from the quickstart.xlsm of xlwings"
"""Start of the workbook description; the xlwings version follows (its VBA is in the file)."""


def quickstart_path() -> Path:
    """xlwings' own ``quickstart.xlsm`` (its VBA project references the xlwings add-in)."""

    return Path(os.path.dirname(xlwings.__file__)) / "quickstart.xlsm"


def xlwings_version() -> str:
    """The installed xlwings version (the source of the templates' VBA project)."""

    return str(xlwings.__version__)


def header_style(ws: Any, row: int, n_cols: int) -> None:
    """Bold white on the header colour, centred: the first ``n_cols`` cells of ``row``."""
    fill = PatternFill(fill_type="solid", start_color="FF" + HEADER_FILL[1:],
                       end_color="FF" + HEADER_FILL[1:])
    for col in range(1, n_cols + 1):
        cell = ws.cell(row=row, column=col)
        cell.font = Font(bold=True, color="FF" + HEADER_FONT[1:])
        cell.fill = fill
        cell.alignment = Alignment(horizontal="center")


def note_style(cell: Any) -> None:
    """Grey italics: a hint."""
    cell.font = Font(italic=True, color="FF" + NOTE_FONT[1:])


_GRID_SIDE = Side(style="thin", color="FFB0B0B0")
GRID = Border(left=_GRID_SIDE, right=_GRID_SIDE, top=_GRID_SIDE, bottom=_GRID_SIDE)
"""Thin grey lines around every cell of the crosstable, so that a printed grid reads."""


def print_setup(ws: Any, pages_tall: int) -> None:
    """Landscape, one page wide (``pages_tall`` pages tall, 0: as many as needed), the first
    row repeated on every page, centred on the paper (a crosstable of up to 11
    rounds and the Settings sheet print one page wide)."""
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = pages_tall
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = "1:1"
    ws.print_options.horizontalCentered = True
    ws.page_margins.left = ws.page_margins.right = 0.4


def xlwings_conf(wb: Any) -> None:
    """Activate the quickstart's config sheet with its ``UDF Modules`` row only: a key on that
    sheet wins over the user's own xlwings settings even when empty (the quickstart's
    ``Interpreter_Win = python``, ``Conda Path``… would break a venv or conda set-up)."""
    ws = wb["_xlwings.conf"]
    ws.title = "xlwings.conf"
    keys = [row[0].value for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=1)]
    if "UDF Modules" not in keys:  # pragma: no cover - the quickstart always has the key
        raise InputError("xlwings' quickstart.xlsm has no 'UDF Modules' setting")
    ws.delete_rows(1, ws.max_row)
    ws["A1"] = "UDF Modules"
    ws["B1"] = UDF_MODULE


def standings_placeholder(ws: Any) -> None:
    """The Standings sheet of a template: the placeholder text and the Standings mark (so that
    the writer may replace it)."""
    ws["A1"] = translated(PLACEHOLDER)
    note_style(ws["A1"])
    mark_worksheet(ws, STANDINGS_ROLE)
    print_setup(ws, 1)  # one line: one page (it printed on two)


HOW_TO_WIDTH = 90
"""Characters per row of a How to sheet."""


def how_to_sheet(ws: Any, lines: Sequence[str], module: str) -> None:
    """A How to sheet: the first line as its title, then each line of text broken into rows of
    at most :data:`HOW_TO_WIDTH` characters (an empty text: an empty row), so that it reads
    the same in every spreadsheet and prints one page wide: a cell's own wrapping depends on
    the fonts each program has (LibreOffice printed the right end of long lines off the
    page). Each line is shown in the language in force (the lines are catalogue entries,
    :func:`~xl_tiebreak.excel.templates.instructions.shown`), naming the workbook's own
    companion ``module`` (``swiss``: its file name)."""
    for k, line in enumerate(shown(text, module) for text in lines):
        pieces = [line] if k == 0 or not line else textwrap.wrap(
            line, HOW_TO_WIDTH, subsequent_indent="   ", break_long_words=False,
            break_on_hyphens=False)
        for piece in pieces:
            ws.append([piece or None])
    ws["A1"].font = Font(bold=True, size=14)
    ws.column_dimensions["A"].width = HOW_TO_WIDTH + 10
    print_setup(ws, 1)  # about 35 rows: one page (they ran onto a second one)


def wrap_note(ws: Any, n_cols: int, height: float = 48) -> None:
    """The note in A1 wrapped in a cell merged over the first ``n_cols`` columns, so that a
    long note does not run across (and print on) pages of its own."""
    ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=n_cols)
    ws["A1"].alignment = Alignment(wrap_text=True, vertical="top")
    ws.row_dimensions[1].height = height


def quickstart_workbook(vba: bool) -> Any:
    """xlwings' quickstart.xlsm as an ``openpyxl.Workbook``, the start of every template (its
    VBA project kept when ``vba``). Raises InputError when the file is missing."""
    source = quickstart_path()
    if not source.is_file():
        raise InputError(f"xlwings' quickstart workbook is missing: {source}")
    workbook = openpyxl.load_workbook(source, keep_vba=vba)
    settle_vba(workbook)
    return workbook


def finish_template(wb: Any, title: str, names: Mapping[str, str] | None = None) -> None:
    """What every template ends with: the ``xlwings.conf`` sheet (:func:`xlwings_conf`) last,
    the defined names, the How to sheet first and selected, the document properties (the
    xlwings version its VBA comes from: ``built_with``)."""
    xlwings_conf(wb)
    wb.move_sheet("xlwings.conf", offset=len(wb.sheetnames) - 1 - wb.sheetnames.index(
        "xlwings.conf"))
    for name, ref in (names or {}).items():
        wb.defined_names[name] = DefinedName(name, attr_text=ref)
    wb.active = 0
    for ws in wb.worksheets:
        ws.sheet_view.tabSelected = ws.title == "How to"
    wb.properties.creator = "xl-tiebreak"
    wb.properties.title = title
    wb.properties.description = f"{BUILT_FROM} {xlwings_version()}"


class Template(Frozen):
    """One template: its file stem, sample crosstable, settings and demonstrated functions."""

    stem: str
    rows: tuple[tuple[object, ...], ...]
    settings: dict[str, object]
    """Settings values by field (see SETTINGS_ROWS); the tie-breaks as a list."""
    functions: tuple[str, ...]
    """The one-tie-break functions shown on the Functions sheet (POINTS, PLACE, TIEBREAK and
    TIEBREAK_EXPLAIN are always there)."""
    example: str
    """The descriptor used in the TIEBREAK and TIEBREAK_EXPLAIN examples."""
    sample: bool = True
    """The shipped sample: its tournament name is a catalogue text, written in the language in
    force. False for an event's own workbook, whose name is written exactly as the event
    gives it (never translated: an event called "Tournament" stays so)."""

    @property
    def players(self) -> int:
        return len(self.rows) - 1
