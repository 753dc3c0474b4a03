"""The writer recognises its own sheets by a mark users do not read (a hidden sheet-scoped
defined name holding the sheet's role), and sheets written before the marks by their texts."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
import sheet_table
from lean_books import lean_workbook

from xl_tiebreak.excel.book.interface import MARK_NAME, mark_formula, mark_role
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook, mark_worksheet, worksheet_mark
from xl_tiebreak.excel.sheets.standings_sheet import PROBLEMS_FALLBACK, sheet_kind
from xl_tiebreak.excel.sheets.writer import write_standings_to
from xl_tiebreak.excel.templates.builder import SWISS

SHIPPED = Path(__file__).resolve().parents[1] / "workbook_templates"

# The texts earlier versions wrote, typed here as those versions wrote them (not imported:
# the current messages may be reworded, the sheets already written keep these).
OLD_NOTE = "Computed by xl-tiebreak; the crosstable and settings were not changed."
OLD_PROBLEMS_TITLE = ("The standings were not computed: fix these problems and run again. "
                      "Any previous Standings sheet was left unchanged.")
OLD_PLACEHOLDER = ("Run main on the xlwings ribbon (or: xl-tiebreak standings THIS_FILE) to "
                   "write the standings here.")


def reloaded(wb: openpyxl.Workbook, tmp_path: Path) -> openpyxl.Workbook:
    path = tmp_path / "book.xlsx"
    wb.save(path)
    return openpyxl.load_workbook(path)


def unmarked_template() -> openpyxl.Workbook:
    """The Swiss template as an earlier version built it: no marks anywhere."""
    wb = lean_workbook(SWISS, vba=False)
    for ws in wb.worksheets:
        ws.defined_names.pop(MARK_NAME, None)
    return wb


def break_crosstable(wb: openpyxl.Workbook) -> None:
    wb["Crosstable"]["H3"] = "zz"


def test_the_mark_is_a_hidden_sheet_scoped_text_constant(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    mark_worksheet(wb.active, "standings")
    ws = reloaded(wb, tmp_path).active
    defined = ws.defined_names[MARK_NAME]
    assert defined.hidden is True
    assert defined.attr_text == '"standings"'
    assert worksheet_mark(ws) == "standings"
    assert MARK_NAME not in reloaded(wb, tmp_path).defined_names  # not workbook-scoped
    assert mark_role(mark_formula("problems")) == "problems"
    assert mark_role("=Sheet1!$A$1") is None and mark_role(None) is None


def test_written_sheets_carry_their_role(tmp_path: Path) -> None:
    wb = lean_workbook(SWISS, vba=False)
    assert write_standings_to(OpenpyxlBook(wb)).ok
    assert worksheet_mark(reloaded(wb, tmp_path)["Standings"]) == "standings"
    assert worksheet_mark(wb["Crosstable"]) is None and worksheet_mark(wb["Settings"]) is None
    break_crosstable(wb)
    result = write_standings_to(OpenpyxlBook(wb))
    assert not result.ok and result.sheet == "Problems"
    assert worksheet_mark(reloaded(wb, tmp_path)["Problems"]) == "problems"


def test_the_shipped_placeholder_is_marked() -> None:
    for name in ("swiss.xlsx", "swiss.xlsm", "round_robin.xlsx", "round_robin.xlsm"):
        wb = openpyxl.load_workbook(SHIPPED / name, keep_vba=name.endswith(".xlsm"))
        assert worksheet_mark(wb["Standings"]) == "standings", name


def test_the_mark_not_the_text_recognises_a_sheet() -> None:
    """Rewording (or deleting) the visible texts orphans nothing."""
    wb = lean_workbook(SWISS, vba=False)
    write_standings_to(OpenpyxlBook(wb))
    standings = wb["Standings"]
    for row in standings.iter_rows():
        for cell in row:
            if cell.value == OLD_NOTE:
                cell.value = "a reworded note"
    assert sheet_kind(OpenpyxlBook(wb), "Standings") == ("Standings", "standings")
    standings["A1"] = "anything"
    assert write_standings_to(OpenpyxlBook(wb)).ok  # replaced, not refused
    assert sheet_table.table(list(wb["Standings"].iter_rows(values_only=True)))[0][0] == "Place"

    break_crosstable(wb)
    write_standings_to(OpenpyxlBook(wb))
    wb["Problems"]["A1"] = "reworded title"
    assert sheet_kind(OpenpyxlBook(wb), "Problems") == ("Problems", "problems")
    wb["Crosstable"]["H3"] = SWISS.rows[2][7]
    assert write_standings_to(OpenpyxlBook(wb)).ok
    assert "Problems" not in wb.sheetnames  # the stale Problems sheet went


def test_a_renamed_marked_sheet_keeps_its_role() -> None:
    wb = lean_workbook(SWISS, vba=False)
    break_crosstable(wb)
    write_standings_to(OpenpyxlBook(wb))
    wb["Problems"].title = PROBLEMS_FALLBACK
    assert sheet_kind(OpenpyxlBook(wb), PROBLEMS_FALLBACK) == (PROBLEMS_FALLBACK, "problems")


def test_a_users_sheet_with_our_texts_but_a_foreign_mark_is_the_users() -> None:
    """A mark decides; the texts are consulted only for sheets without one."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Standings"
    ws["A1"] = OLD_NOTE
    mark_worksheet(ws, "somebody-else")
    assert sheet_kind(OpenpyxlBook(wb), "Standings") == ("Standings", "user")


# ---------------------------------------------------------------- legacy sheets (no mark)


def test_a_legacy_placeholder_is_recognised_and_replaced() -> None:
    wb = unmarked_template()
    assert wb["Standings"]["A1"].value == OLD_PLACEHOLDER
    book = OpenpyxlBook(wb)
    assert sheet_kind(book, "Standings") == ("Standings", "standings")
    assert write_standings_to(book).ok
    assert worksheet_mark(wb["Standings"]) == "standings"  # marked from now on


def test_a_legacy_standings_sheet_is_recognised_and_replaced() -> None:
    wb = unmarked_template()
    ws = wb["Standings"]
    ws["A1"] = None
    for r, row in enumerate([["Place", "No", "Name", "Pts"], [1, 1, "Anna", 6]], start=1):
        for c, value in enumerate(row, start=1):
            ws.cell(row=r, column=c, value=value)
    ws["D5"] = "Spring Open 2026 — after round 7 of 7"
    ws["D6"] = OLD_NOTE
    book = OpenpyxlBook(wb)
    assert sheet_kind(book, "Standings") == ("Standings", "standings")
    assert write_standings_to(book).ok
    assert sheet_table.table(list(wb["Standings"].iter_rows(values_only=True)))[1][3] == (
        "Anna Kowalska")
    assert worksheet_mark(wb["Standings"]) == "standings"


@pytest.mark.parametrize("name", ["Problems", PROBLEMS_FALLBACK])
def test_a_legacy_problems_sheet_is_recognised_and_removed(name: str) -> None:
    wb = unmarked_template()
    ws = wb.create_sheet(name)
    ws["A1"] = OLD_PROBLEMS_TITLE
    ws["A3"], ws["B3"], ws["C3"] = "Where", "Problem", "Severity"
    ws["A4"], ws["B4"], ws["C4"] = "Crosstable!H3", "cannot read 'zz'", "error"
    book = OpenpyxlBook(wb)
    assert sheet_kind(book, name) == (name, "problems")
    assert write_standings_to(book).ok
    assert name not in wb.sheetnames


def test_a_legacy_text_further_down_does_not_make_a_problems_sheet() -> None:
    """As before the marks: a Problems sheet is one whose first text is the old title."""
    wb = unmarked_template()
    ws = wb.create_sheet("Problems")
    ws["A1"] = "my own notes"
    ws["A2"] = OLD_PROBLEMS_TITLE
    assert sheet_kind(OpenpyxlBook(wb), "Problems") == ("Problems", "user")
