"""The team template ``team_swiss.xlsm`` / ``team_swiss.xlsx``, generated with openpyxl like the
individual ones (:mod:`xl_tiebreak.excel.templates.builder`, which writes it with them).

Sheets:

* ``How to`` — the steps in a few lines;
* ``Crosstable`` — the sample event in team notation (``8w2½``: against team 8, white on board
  1, 2½ game points; ``+F6``/``-F1`` forfeits; ``PAB``, ``HPB``, ``ZPB``): worked example E7 of
  the specification, Held's 14-team, 4-board, 7-round Swiss of the FIDE TEC, whose official
  values the tests check; the defined name ``Crosstable`` sized to the data;
* ``Settings`` — the team settings rows (:data:`~xl_tiebreak.excel.reading.team_settings.
  TEAM_SETTINGS_ROWS`: boards, match points, primary score, the byes' MP in B and GP in C,
  rules, tie-break order — the ``team-swiss`` preset), the defined names ``Rules`` (the helper
  cell: with AUTO the start date), ``TeamSettings`` (the rows the team functions read) and
  ``TieBreaks``; its ``Boards`` row makes the workbook a team workbook;
* ``Teams`` — the rosters: No, Team, Rating, the players in board order;
* ``Boards`` — the board results for the board tie-breaks (BC, TBR, BBE, the board steps of
  EDE): a header row ``Round, Team, B1…Bk`` to fill, one row per team per round (read by
  :func:`xl_tiebreak.formats.crosstable.team_boards.apply_boards`; the sample has none);
* ``Standings`` — filled by the macro / ``xl-tiebreak standings``;
* ``Functions`` — one call per column: ``TEAM_POINTS`` (MP, GP), ``TEAM_PLACE`` and one
  ``TEAM_TIEBREAK`` per tie-break (:data:`FUNCTION_TIEBREAKS`);
* ``Formula standings`` — ``{=TEAM_STANDINGS(Crosstable,TieBreaks,Rules,TRUE,"","",
  TeamSettings)}`` as a fixed-size array formula;
* ``xlwings.conf`` — ``UDF Modules`` = ``xl_tiebreak.udfs;xl_tiebreak.macros``.

The same builder writes a workbook for a real event (:class:`TeamBook`, made by
:mod:`xl_tiebreak.excel.templates.team_from_event`): every sheet is sized to the event's teams,
rounds and
boards, and the number formats follow its scoring (:mod:`xl_tiebreak.report.decimals`: match
points 2-1-0 are shown whole).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.excel.book.layout import (
    WHOLE_FORMAT,
    team_number_format,
    team_points_format,
)
from xl_tiebreak.excel.book.names import sized_reference
from xl_tiebreak.excel.files.output import append_text_row
from xl_tiebreak.excel.reading.event import CROSSTABLE
from xl_tiebreak.excel.reading.settings import SETTINGS
from xl_tiebreak.excel.reading.team_event import BOARDS, TEAMS
from xl_tiebreak.excel.reading.team_settings import TEAM_SETTINGS_ROWS, read_team_settings_rows
from xl_tiebreak.excel.templates import instructions
from xl_tiebreak.excel.templates.function_sheets import (
    FUNCTIONS_PRINTED_FROM,
    column_groups_setup,
    print_rows,
)
from xl_tiebreak.excel.templates.parts import (
    GRID,
    finish_template,
    header_style,
    how_to_sheet,
    note_style,
    print_setup,
    quickstart_workbook,
    standings_placeholder,
    wrap_note,
)
from xl_tiebreak.excel.templates.wording import (
    auto_words,
    choice_list,
    date_format,
    file_stem,
    language_value,
    settings_header,
    shown_value,
)
from xl_tiebreak.formats.crosstable.team_reader import read_team_crosstable
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import typed_formula
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.teams import Score, TeamEvent
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.team_evaluation import TeamEvaluation
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_descriptor, parse_list
from xl_tiebreak.tiebreaks.engine import Value
from xl_tiebreak.tiebreaks.presets import PRESETS
from xl_tiebreak.util.cells import column_letter, range_ref
from xl_tiebreak.util.plain import Frozen

__all__ = ["E7_ROWS", "FUNCTION_TIEBREAKS", "TEAM_SWISS", "TEAM_SWISS_SETTINGS",
           "TEAM_TEMPLATE_FILES", "TeamBook", "build_team_workbook", "sample_book"]

TEAM_SWISS = "team_swiss"
"""The file stem of the team template."""
TEAM_TEMPLATE_FILES = tuple(f"{TEAM_SWISS}{suffix}" for suffix in (".xlsm", ".xlsx", ".py"))
"""The files of the team template."""

E7_ROWS: tuple[tuple[object, ...], ...] = (
    ("No", "Team", "R1", "R2", "R3", "R4", "R5", "R6", "R7"),
    (1, "Antelopes", "8w2½", "4b1½", "7w3", "2b2½", "5w1½", "+F6", "3b2½"),
    (2, "Bonobos", "9b3", "3w4", "5b0", "1w1½", "13w3", "4b2½", "10b3"),
    (3, "Cougars", "10w2½", "2b0", "9w3", "6b2½", "4w3", "5b3½", "1w1½"),
    (4, "Deer", "11b3", "1w2½", "13b3", "5w3½", "3b1", "2w1½", "9b2½"),
    (5, "Elephants", "12w4", "6b3", "2w4", "4b½", "1b2½", "3w½", "13b3½"),
    (6, "Falcons", "13b2", "5w1", "8b3", "3w1½", "11b2½", "-F1", "12w2½"),
    (7, "Giraffes", "14w2", "8b2", "1b1", "10w2½", "9b2", "13w2", "ZPB"),
    (8, "Hippopotami", "1b1½", "7w2", "6w1", "12b3½", "10b2", "9w2", "11w3"),
    (9, "Iguanas", "2w1", "12b4", "3b1", "14w3", "7w2", "8b2", "4w1½"),
    (10, "Jackals", "3b1½", "11w1½", "12b2½", "7b1½", "8w2", "14b3", "2w1"),
    (11, "Koalas", "4w1", "10b2½", "14w2", "13b1½", "6w1½", "12w2", "8b1"),
    (12, "Lynxes", "5b0", "9w0", "10w1½", "8w½", "PAB", "11b2", "6b1½"),
    (13, "Moose", "6w2", "14b2½", "4w1", "11w2½", "2b1", "7b2", "5w½"),
    (14, "Narwhals", "7b2", "13w1½", "11b2", "9b1", "HPB", "10w1", "PAB"),
)
"""Worked example E7 (spec worked-examples.md E7.1: Held's team Swiss of the FIDE TEC), in the
team crosstable notation: team 1 won round 6 by forfeit against team 6, team 7 was absent in
round 7, teams 12 and 14 had the pairing-allocated bye, team 14 a half-point bye."""

TEAM_SWISS_SETTINGS: dict[str, object] = {
    "name": N_("Held team exercise (E7)"),
    "type": "Swiss",
    "rules": "AUTO",
    "start_date": datetime.datetime(2024, 8, 1),
    "boards": 4,
    "match_points": "2-1-0",
    "primary": "MP",
    "pab": (1, 2),  # E7: PAB = HPB = 1 MP + 2 GP on 4 boards
    "hpb": (1, 2),
    "zpb": (0, 0),
    "forfeit_win": (2, 4),
    "forfeit_loss": (0, 0),
    "blank_rounds": "Absent",
    "tiebreaks": PRESETS["team-swiss"].order.split(","),
}
"""The Settings values of the team template by field (byes: their MP and GP)."""

FUNCTION_TIEBREAKS = ("BH:MP,BH:MP/C1,BH:GP,BH:GP/C1,EMMSB,EMMSB/C1,EGMSB,EMGSB,EGGSB,SSSC,"
                      "MPVGP,EDE")
"""The team tie-breaks of the Functions sheet, one TEAM_TIEBREAK column each (E7's official
values and the EDE of its exercises)."""
TIEBREAK_SLOTS = 12
"""Rows reserved for the tie-break order on the Settings sheet (defined name ``TieBreaks``)."""
FUNCTIONS_FIRST_ROW = 5
"""First team row of the Functions sheet (row 4 is the header)."""
TEAM_ROWS = 60
"""Team rows of the Functions and Formula standings sheets: every event of up to this many
teams has its row (labels by TEAM_PARTICIPANTS); the rows beyond it stay empty."""
_ARGS = 'Rules,"","",TeamSettings'
"""The last arguments of every team function call: rules, boards and match points (in the
settings), the settings rows."""
_VALIDATIONS = {
    "rules": ("AUTO", "FIDE2026", "FIDE2023", "FIDE2009"),
    "type": ("Swiss", "Round robin"),
    "match_points": ("2-1-0", "3-1-0"),
    "primary": ("MP", "GP"),
    "blank_rounds": ("Absent", "Half-point bye"),
}
"""The drop-down lists of Settings cells (in English: written in the language in force)."""


class TeamBook(Frozen):
    """What a team workbook shows: the crosstable rows (header first, team notation), the
    Settings values by field (:data:`TEAM_SWISS_SETTINGS`' keys; a bye's value is its (MP, GP)
    pair), the Teams and Boards sheets' rows (header first; a Boards sheet of its header
    alone has no board results) and the event they make (its scoring chooses the number
    formats: match points 2-1-0 are shown whole)."""

    name: str
    rows: tuple[tuple[object, ...], ...]
    settings: dict[str, object]
    teams: tuple[tuple[object, ...], ...]
    boards: tuple[tuple[object, ...], ...]
    event: TeamEvent

    @property
    def n_teams(self) -> int:
        """Teams of the event (rows of the crosstable below its header)."""
        return len(self.rows) - 1

    @property
    def order(self) -> list[str]:
        """The tie-break order of the Settings sheet."""
        value = self.settings.get("tiebreaks")
        return [str(x) for x in value] if isinstance(value, list) else []

    def evaluation(self) -> TeamEvaluation:
        """The event evaluated under the Settings' rules (for the number formats)."""
        return TeamEvaluation(self.event, str(self.settings.get("rules") or "auto"))


def _settings_event(rows: Sequence[Sequence[object]], settings: dict[str, object]) -> TeamEvent:
    """The event the crosstable rows make with the settings (the sample's, for its number
    formats)."""
    labels = {field: label for label, field, _hint in TEAM_SETTINGS_ROWS}
    cells: list[tuple[object, ...]] = []
    for field, value in settings.items():
        if field == "tiebreaks":
            continue
        pair = value if isinstance(value, tuple) else (value, None)
        cells.append((labels[field], *pair))
    team_settings, problems = read_team_settings_rows(cells, lambda r, c: "the settings")
    if problems:  # pragma: no cover - the sample's settings are valid
        raise InputError(problems)
    event = read_team_crosstable(rows, boards=team_settings.boards,
                                 scoring=team_settings.scoring())
    if team_settings.primary is not None:
        event.primary = team_settings.primary
    return event


def sample_book() -> TeamBook:
    """The team template's sample: worked example E7, rosters named after the teams, no board
    results."""
    boards = TEAM_SWISS_SETTINGS["boards"]
    assert isinstance(boards, int)
    teams = (("No", "Team", "Rating", *(f"Board {b}" for b in range(1, boards + 1))),
             *((row[0], row[1], None, *(f"{row[1]} {b}" for b in range(1, boards + 1)))
               for row in E7_ROWS[1:]))
    header = (("Round", "Team", *(f"B{b}" for b in range(1, boards + 1))),)
    name = translated(str(TEAM_SWISS_SETTINGS["name"]))
    return TeamBook(name, E7_ROWS, {**TEAM_SWISS_SETTINGS, "name": name},
                    teams, header, _settings_event(E7_ROWS, TEAM_SWISS_SETTINGS))


def _crosstable_sheet(ws: Any, book: TeamBook) -> None:
    for row in book.rows:
        append_text_row(ws, row)
    n_cols = len(book.rows[0])
    header_style(ws, 1, n_cols)
    for col in range(1, n_cols + 1):
        ws.column_dimensions[column_letter(col)].width = 16 if col == 2 else 8
        for r in range(1, len(book.rows) + 1):
            cell = ws.cell(row=r, column=col)
            cell.border = GRID
            if col != 2:
                cell.alignment = Alignment(horizontal="center")
    ws.freeze_panes = "C2"
    print_setup(ws, pages_tall=0)


def _settings_sheet(ws: Any, book: TeamBook) -> dict[str, str]:
    """Fill the team Settings sheet; returns the defined names it provides."""
    ws.append(settings_header(game_points=True))
    names: dict[str, str] = {}
    rows = {field: i for i, (_label, field, _hint) in enumerate(TEAM_SETTINGS_ROWS, start=2)}
    settings = {**book.settings, "language": language_value()}
    for label, field, hint in TEAM_SETTINGS_ROWS:
        row = rows[field]
        ws.cell(row=row, column=1, value=translated(label)).font = Font(bold=True)
        note_style(ws.cell(row=row, column=4, value=translated(hint) if hint else hint))
        value = shown_value(settings.get(field))
        if field == "tiebreaks":
            order = book.order
            for i in range(TIEBREAK_SLOTS):
                ws.cell(row=row + i, column=2, value=order[i] if i < len(order) else None)
            names["TieBreaks"] = f"{SETTINGS}!$B${row}:$B${row + TIEBREAK_SLOTS - 1}"
            names["TeamSettings"] = f"{SETTINGS}!$A$2:$C${row + TIEBREAK_SLOTS - 1}"
            continue
        if isinstance(value, tuple):
            ws.cell(row=row, column=2, value=value[0])
            ws.cell(row=row, column=3, value=value[1])
        else:
            cell = ws.cell(row=row, column=2, value=value)
            if field == "start_date":
                cell.number_format = date_format()
        for col in (2, 3):
            ws.cell(row=row, column=col).alignment = Alignment(horizontal="left")
        if field in _VALIDATIONS:
            dv = DataValidation(type="list", formula1=choice_list(*_VALIDATIONS[field]),
                                allow_blank=True,
                                showErrorMessage=field != "match_points")
            ws.add_data_validation(dv)
            dv.add(f"B{row}")
        if field == "rules":
            # AUTO: the start date cell itself (no TEXT() format codes, which depend on
            # Excel's language), as in the individual templates
            date_row = rows["start_date"]
            ws.cell(row=1, column=5,
                    value=_("Rules the functions get (AUTO: the start date)"))
            autos = ",".join(f'UPPER(B{row})="{word}"' for word in auto_words())
            helper = ws.cell(row=row, column=5, value=(
                f'=IF(OR(B{row}="",{autos}),'
                f'IF(B{date_row}="","AUTO",B{date_row}),B{row})'))
            helper.number_format = date_format()
            names["Rules"] = f"{SETTINGS}!$E${row}"
    header_style(ws, 1, 5)
    ws["E1"].alignment = Alignment(horizontal="center", wrap_text=True)
    ws.row_dimensions[1].height = 30.0
    for letter, width in zip("ABCDE", (30, 14, 10, 64, 24), strict=True):
        ws.column_dimensions[letter].width = width
    ws.freeze_panes = "A2"
    print_setup(ws, pages_tall=1)
    return names


def _teams_sheet(ws: Any, book: TeamBook) -> None:
    for row in book.teams:
        append_text_row(ws, row)
    n_cols = len(book.teams[0])
    header_style(ws, 1, n_cols)
    ws.column_dimensions["B"].width = 16
    for col in range(4, n_cols + 1):
        ws.column_dimensions[column_letter(col)].width = 18
    ws.freeze_panes = "C2"
    print_setup(ws, pages_tall=0)  # one page wide, whatever the boards


def _boards_sheet(ws: Any, book: TeamBook) -> None:
    """The Boards sheet: its header row (Round, Team, B1…Bk), then the board results, if any
    — a row per team per round with the board points (1, ½, 0, + or -) gives the board
    tie-breaks."""
    for row in book.boards:
        append_text_row(ws, row)
    header_style(ws, 1, len(book.boards[0]))
    for r in range(2, len(book.boards) + 1):
        for c in range(1, len(book.boards[0]) + 1):
            ws.cell(row=r, column=c).alignment = Alignment(horizontal="center")
    ws.freeze_panes = "A2"
    print_setup(ws, pages_tall=0)


def _function_columns(book: TeamBook, evaluation: TeamEvaluation) -> list[tuple[str, str, str]]:
    """(header, formula with ``{teams}``, number format) of every Functions column; the
    formats by the event's scoring (whole match points shown whole)."""
    event = book.event
    mp = team_number_format(event, parse_descriptor("MPTS", Score.MP),
                            evaluation.values("MPTS").values())
    gp = team_number_format(event, parse_descriptor("GPTS", Score.MP))
    columns = [
        ("TEAM_POINTS MP", f'=TEAM_POINTS(Crosstable,{{teams}},"MP",{_ARGS})', mp),
        ("TEAM_POINTS GP", f'=TEAM_POINTS(Crosstable,{{teams}},"GP",{_ARGS})', gp),
        ("TEAM_PLACE", f"=TEAM_PLACE(Crosstable,{{teams}},TieBreaks,{_ARGS})", WHOLE_FORMAT),
    ]
    for d in parse_list(FUNCTION_TIEBREAKS, Score.MP):
        columns.append((f'TEAM_TIEBREAK "{d.label}"',
                        f'=TEAM_TIEBREAK(Crosstable,{{teams}},"{d.label}",{_ARGS})',
                        team_number_format(event, d, _values(evaluation, d))))
    return columns


def _values(evaluation: TeamEvaluation, d: Descriptor) -> list[Value]:
    """The values of a tie-break in the event, for its number format (none when it cannot be
    computed here: the format then follows the scoring alone)."""
    try:
        return list(evaluation.values(d).values())
    except InputError:
        return [Fraction(1, 2)]  # unknown values: never a whole format that could hide a half


def _functions_sheet(ws: Any, book: TeamBook, evaluation: TeamEvaluation) -> None:
    ws["A1"] = _("Team worksheet functions of xl-tiebreak, one call per column: in Excel, "
                 "click Import Functions on the xlwings ribbon once, then Ctrl+Alt+F9.")
    ws["A1"].font = Font(bold=True)
    ws["A2"] = _('The last arguments: Rules, then boards and match points ("": from the '
                 "settings), then the settings rows (TeamSettings: Settings!A2:C…). No and "
                 "Team come from the crosstable (TEAM_PARTICIPANTS), {rows} rows.",
                 rows=TEAM_ROWS)
    first, last = FUNCTIONS_FIRST_ROW, FUNCTIONS_FIRST_ROW + TEAM_ROWS - 1
    teams = f"$A${first}:$A${last}"
    ws["A3"] = f'=TEAM_CROSSTABLE_CHECK(Crosstable,"","",TeamSettings,{teams})'
    columns = _function_columns(book, evaluation)
    header = [_("No", "crosstable header"), _("Team", "crosstable header"),
              *(h for h, _formula, _shown in columns)]
    for col, text in enumerate(header, start=1):
        ws.cell(row=FUNCTIONS_FIRST_ROW - 1, column=col, value=text)
    header_style(ws, FUNCTIONS_FIRST_ROW - 1, len(header))
    ws.cell(row=first, column=1).value = ArrayFormula(
        range_ref(first, 1, last, 2), f'=TEAM_PARTICIPANTS(Crosstable,"","",TeamSettings,'
        f'{TEAM_ROWS})')
    for r in range(first, last + 1):
        ws.cell(row=r, column=1).alignment = Alignment(horizontal="center")
    for col, (_header, formula, shown) in enumerate(columns, start=3):
        ws.cell(row=first, column=col).value = ArrayFormula(
            range_ref(first, col, last, col), formula.format(teams=teams))
        for r in range(first, last + 1):
            ws.cell(row=r, column=col).number_format = shown
    for col, text in enumerate(header, start=1):
        ws.column_dimensions[column_letter(col)].width = max(8, min(len(text) + 2, 24))
    ws.column_dimensions["B"].width = 16
    ws.freeze_panes = f"C{FUNCTIONS_FIRST_ROW}"
    # at its own size, in groups of columns with No/Team repeated (shrunk to one page wide,
    # its type printed at about 4 points)
    column_groups_setup(ws, FUNCTIONS_FIRST_ROW - 1)
    print_rows(ws, len(header), FUNCTIONS_FIRST_ROW - 1, min(book.n_teams, TEAM_ROWS),
               first_row=FUNCTIONS_PRINTED_FROM)


def _formula_standings_sheet(ws: Any, book: TeamBook, evaluation: TeamEvaluation) -> None:
    call = (f'=TEAM_STANDINGS(Crosstable,TieBreaks,Rules,TRUE,"","",TeamSettings,'
            f'{TEAM_ROWS + 1},{6 + TIEBREAK_SLOTS})')
    ws["A1"] = _("The whole team standings from one formula: {{{call}}}. A fixed-size array "
                 "formula (any Excel); in Excel 365 a plain =TEAM_STANDINGS(Crosstable,,,,4) "
                 "in an empty cell spills.", call=typed_formula(call))
    note_style(ws["A1"])
    descriptors = [parse_descriptor(t, book.event.primary) for t in book.order]
    formats = [WHOLE_FORMAT, WHOLE_FORMAT, None, WHOLE_FORMAT, None,
               team_points_format(book.event),
               *(team_number_format(book.event, d, _values(evaluation, d))
                 for d in descriptors)]
    n_rows = TEAM_ROWS + 1
    ws["A2"] = (f'=TEAM_CROSSTABLE_CHECK(Crosstable,"","",TeamSettings,'
                f'$B$4:$B${2 + n_rows})')
    ws["A3"] = ArrayFormula(range_ref(3, 1, 2 + n_rows, 6 + TIEBREAK_SLOTS), call)
    for row in ws.iter_rows(min_row=4, max_row=2 + n_rows, max_col=len(formats)):
        for cell, shown in zip(row, formats, strict=True):
            if shown:
                cell.number_format = shown
    header_style(ws, 3, len(formats))
    ws.column_dimensions["C"].width = 16
    wrap_note(ws, len(formats))  # the note on the table's page, not on pages of its own
    print_setup(ws, pages_tall=0)
    ws.print_title_rows = "3:3"
    print_rows(ws, len(formats), 3, min(book.n_teams, TEAM_ROWS))  # the sample's rows


_HOW_TO = (
    N_("xl-tiebreak: FIDE team tie-breaks and standings in Excel"),
    "",
    N_("1. Crosstable sheet: one row per team — No, Team, then one column per round (R1, R2, "
       "…): 8w2½ = against team 8, white on board 1, 2½ game points; +F6 / -F1 a match won / "
       "lost by forfeit (opponent optional); PAB, HPB, FPB, ZPB the byes. Match points follow "
       "from the game points."),
    N_("2. Settings sheet: boards per match (this row makes the workbook a team event), match "
       "points (2-1-0 or 3-1-0), primary score (MP or GP), match and game points of each bye "
       "(B and C), rules, tie-break order (one per row)."),
    N_("3. Teams sheet (optional): the rosters, players in board order, and a team rating. "
       "Boards sheet (optional): one row per team per round with its board points (Round, "
       "Team, B1…B4: 1, ½, 0, + or -); they must add up to the crosstable's game points, and "
       "give the board tie-breaks (BC, TBR, BBE, the board steps of EDE)."),
    *instructions.STANDINGS_STEPS,
    *instructions.FUNCTION_SHEET_STEPS,
    N_("   xl-tiebreak compute THIS_FILE.xlsx prints the standings. Errors are listed with "
       "their cells on a Problems sheet."),
    N_("Worksheet functions: =TEAM_POINTS(Crosstable, 1, \"GP\", Rules, \"\", \"\", "
       "TeamSettings), =TEAM_TIEBREAK(Crosstable, A5:A18, \"EMGSB/C1\", Rules, \"\", \"\", "
       "TeamSettings), =TEAM_PLACE(…), =TEAM_STANDINGS(…). A text starting with # says what "
       "is wrong; an empty cell means the value is undefined (board tie-breaks need board "
       "results)."),
    *instructions.LITE_STEPS,
)


def build_team_workbook(vba: bool = True, book: TeamBook | None = None,
                        module: str | None = None) -> Any:
    """A team workbook as an ``openpyxl.Workbook`` built on xlwings' quickstart.xlsm (its VBA
    project kept when ``vba``; save it as .xlsm then, as .xlsx otherwise): the template with
    its sample (E7), or ``book``'s event (:mod:`xl_tiebreak.excel.templates.team_from_event`).
    The How to sheet names the companion module ``module`` (default: ``team_swiss``)."""
    book = book or sample_book()
    evaluation = book.evaluation()
    wb = quickstart_workbook(vba)
    crosstable = wb["Sheet1"]
    crosstable.title = CROSSTABLE
    _crosstable_sheet(crosstable, book)
    names = _settings_sheet(wb.create_sheet(SETTINGS), book)
    _teams_sheet(wb.create_sheet(TEAMS), book)
    _boards_sheet(wb.create_sheet(BOARDS), book)
    standings_placeholder(wb.create_sheet("Standings"))
    _functions_sheet(wb.create_sheet("Functions"), book, evaluation)
    _formula_standings_sheet(wb.create_sheet("Formula standings"), book, evaluation)
    how_to_sheet(wb.create_sheet("How to", 0), _HOW_TO, module or file_stem(TEAM_SWISS))
    names["Crosstable"] = sized_reference(CROSSTABLE)
    finish_template(wb, book.name, names)
    return wb
