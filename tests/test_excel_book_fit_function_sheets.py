"""The function sheets made to cover and print the event by the standings button's route
(:meth:`XlwingsBook.fit_function_sheets`, on a stand-in for classic Excel's array formulas and
for xlwings Lite, which cannot read formulas while a script runs), compared with the headless
route's (:meth:`OpenpyxlBook.fit_function_sheets`) on the same template; and the formula text
of a grown array, derived by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.worksheet.formula import ArrayFormula
from test_excel_functions_event_sheets import generated, typed
from test_excel_sheets_macros import (
    FakeBook,
    FakeRange,
    FakeSheet,
    _index,
    excel_value,
)

from xl_tiebreak.excel.book.cells import bounds
from xl_tiebreak.excel.book.function_arrays import KINDS, grown_formula, with_last_row
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.book.xlwings_book import XlwingsBook
from xl_tiebreak.excel.sheets import macros
from xl_tiebreak.excel.sheets.writer import write_standings_to
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "workbook_templates"
FUNCTION_SHEETS = ("Functions", "Formula standings")


# -- the formula of a grown array, by hand ---------------------------------------------------

def test_a_grown_formula_by_hand() -> None:
    participants, standings = KINDS[0], KINDS[2]
    # A5:B204 holds 200 rows; to row 434 it holds 430
    assert grown_formula("=PARTICIPANTS(Tournament,200)", participants, 204, 434) == (
        "=PARTICIPANTS(Tournament,430)")
    # a column call: its participants' range only ($A$5:$A$204), nothing else
    assert grown_formula('=TIEBREAK(Tournament,$B$5:$B$204,"BH/C1")', None, 204, 434) == (
        '=TIEBREAK(Tournament,$B$5:$B$434,"BH/C1")')
    # A3:S203 (a header and 200 rows, the call's 201) to row 233: 231
    assert grown_formula('=STANDINGS(Tournament,"","","","",TRUE,"","",201,19)', standings,
                         203, 233) == '=STANDINGS(Tournament,"","","","",TRUE,"","",231,19)'
    # a text argument with a comma is one argument
    assert grown_formula('=STANDINGS(Tournament,"a,b","","","",TRUE,"","",201,19)', standings,
                         203, 233).endswith(",231,19)")
    # a height changed by hand: refused
    with pytest.raises(ValueError):
        grown_formula("=PARTICIPANTS(Tournament,150)", participants, 204, 434)
    with pytest.raises(ValueError):
        grown_formula("=PARTICIPANTS(Tournament)", participants, 204, 434)
    # only ranges ending on the array's last row, whole numbers only
    assert with_last_row("=F($A$5:$A$204,$A$5:$A$2040,A5:A204)", 204, 300) == (
        "=F($A$5:$A$300,$A$5:$A$2040,A5:A204)")


# -- a stand-in for classic Excel's array formulas -------------------------------------------

class ArrayRange(FakeRange):
    """A range of :class:`ArraySheet`: array formulas as Excel keeps them (one formula over a
    block; a part of a block can be neither changed nor cleared)."""

    sheet: ArraySheet

    def _overlapping(self) -> list[tuple[int, int, int, int]]:
        r1, c1, r2, c2 = self.bounds
        return [b for b in self.sheet.arrays
                if not (b[2] < r1 or b[0] > r2 or b[3] < c1 or b[1] > c2)]

    def _refuse_parts(self) -> None:
        r1, c1, r2, c2 = self.bounds
        for b in self._overlapping():
            if not (r1 <= b[0] and b[2] <= r2 and c1 <= b[1] and b[3] <= c2):
                raise RuntimeError("You can't change part of an array.")

    @property
    def row_height(self) -> float | None:
        heights = {self.sheet.heights.get(r) for r in range(self.bounds[0], self.bounds[2] + 1)}
        return heights.pop() if len(heights) == 1 else None

    @property
    def has_array(self) -> bool:
        return bool(self._overlapping())

    @property
    def formula_array(self) -> str | None:
        found = self._overlapping()
        if found:
            return self.sheet.arrays[found[0]]
        return self.formula

    @property
    def formula(self) -> Any:
        r1, c1 = self.bounds[:2]
        return self.sheet.formulas.get((r1, c1), self.sheet.cells.get((r1, c1)))

    def clear_contents(self) -> None:
        self._refuse_parts()
        r1, c1, r2, c2 = self.bounds
        for b in self._overlapping():
            del self.sheet.arrays[b]
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                self.sheet.cells.pop((r, c), None)
                self.sheet.formulas.pop((r, c), None)

    def copy(self) -> None:
        self.sheet.clipboard = self.bounds

    def paste(self, paste: str = "") -> None:
        assert paste == "formats" and self.sheet.clipboard is not None
        s1, sc1, s2, sc2 = self.sheet.clipboard
        r1, c1, r2, c2 = self.bounds
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                model = self.sheet.formats.get((s1 + (r - r1) % (s2 - s1 + 1),
                                                sc1 + (c - c1) % (sc2 - sc1 + 1)))
                if model is not None:
                    self.sheet.formats[(r, c)] = dict(model)

    def __setattr__(self, key: str, value: Any) -> None:
        if key == "formula_array":
            self._refuse_parts()
            assert len(value) <= 255, "Range.FormulaArray: at most 255 characters"
            for b in self._overlapping():
                del self.sheet.arrays[b]
            self.sheet.arrays[self.bounds] = value
        elif key == "formula":
            self.sheet.formulas[self.bounds[:2]] = value
        elif key == "row_height":
            for r in range(self.bounds[0], self.bounds[2] + 1):
                self.sheet.heights[r] = value
        else:
            super().__setattr__(key, value)


class PageSetup:
    def __init__(self, area: str | None) -> None:
        self.print_area = area


class ArraySheet(FakeSheet):
    """A sheet with array formulas (``arrays``: (row1, col1, row2, col2) → formula), plain
    formulas (``formulas``) and a print area, as classic Excel shows them to xlwings."""

    def __init__(self, book: FakeBook, name: str) -> None:
        super().__init__(book, name)
        self.arrays: dict[tuple[int, int, int, int], str] = {}
        self.formulas: dict[tuple[int, int], str] = {}
        self.clipboard: tuple[int, int, int, int] | None = None
        self.heights: dict[int, float | None] = {}
        self.page_setup = PageSetup(None)

    @property
    def used_range(self) -> FakeRange:
        rows = [r for r, _ in self.cells] + [b[2] for b in self.arrays] + [1]
        cols = [c for _, c in self.cells] + [b[3] for b in self.arrays] + [1]
        return FakeRange(self, 1, 1, max(rows), max(cols))

    def range(self, first: Any, second: Any = None) -> ArrayRange:
        if isinstance(first, tuple):
            r2, c2 = second if second is not None else first
            return ArrayRange(self, first[0], first[1], r2, c2)
        a, _, b = first.partition(":")
        r1, c1 = _index(a)
        r2, c2 = _index(b) if b else (r1, c1)
        return ArrayRange(self, r1, c1, r2, c2)


def classic_fake(wb: Any) -> FakeBook:
    """The openpyxl workbook ``wb`` as classic Excel shows it to xlwings: values, formulas,
    array formulas, print areas, and each cell's number format (the formats a paste
    copies)."""
    book = FakeBook()
    for ws in wb.worksheets:
        sheet = ArraySheet(book, ws.title)
        book.sheet_list.append(sheet)
        if ws.print_area:
            sheet.page_setup.print_area = str(ws.print_area).rsplit("!", 1)[-1]
        for r, dimension in ws.row_dimensions.items():
            sheet.heights[r] = dimension.height
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, ArrayFormula):
                    sheet.arrays[bounds(str(cell.value.ref))] = str(cell.value.text)
                elif cell.data_type == "f":
                    sheet.formulas[(cell.row, cell.column)] = str(cell.value)
                elif cell.value is not None:
                    sheet.cells[(cell.row, cell.column)] = excel_value(cell.value)
                if cell.has_style:
                    sheet.formats[(cell.row, cell.column)] = {
                        "number_format": cell.number_format}
    for name, defined in wb.defined_names.items():
        ((sheet_name, ref),) = list(defined.destinations) or OpenpyxlBook(wb)._sized(
            defined.attr_text)
        book.names.refs[name] = (sheet_name, ref.replace("$", ""))
    return book


def openpyxl_arrays(ws: Any) -> dict[tuple[int, int, int, int], str]:
    return {bounds(str(c.value.ref)): str(c.value.text) for row in ws.iter_rows() for c in row
            if isinstance(c.value, ArrayFormula)}


def openpyxl_formulas(ws: Any) -> dict[tuple[int, int], str]:
    return {(c.row, c.column): str(c.value) for row in ws.iter_rows() for c in row
            if c.data_type == "f" and not isinstance(c.value, ArrayFormula)}


@pytest.mark.parametrize(("template", "participants"), [("swiss.xlsx", 430),
                                                         ("team_swiss.xlsx", 70),
                                                         ("swiss.xlsx", 40),
                                                         ("built", 250)])
def test_the_button_fits_the_sheets_as_the_headless_command_does(
        template: str, participants: int) -> None:
    # "built": the Swiss template as built now (its Functions rows two lines high)
    wb = (build_workbook(SWISS, vba=False) if template == "built"
          else openpyxl.load_workbook(TEMPLATES / template))
    book = classic_fake(wb)
    before = {s.name: dict(s.arrays) for s in book.sheet_list}
    changed = XlwingsBook(book).fit_function_sheets(participants)
    headless = OpenpyxlBook(wb)
    assert headless.fit_function_sheets(participants) == changed == list(FUNCTION_SHEETS)
    for name in FUNCTION_SHEETS:
        sheet = book.sheets[name]
        # the same arrays, formulas and print area as the openpyxl route's
        assert sheet.arrays == openpyxl_arrays(wb[name])
        assert sheet.formulas == openpyxl_formulas(wb[name])
        assert sheet.page_setup.print_area == str(wb[name].print_area).rsplit("!", 1)[-1]
        header = 4 if name == "Functions" else 3
        old_last = max(b[2] for b in before[name])
        grown = participants > old_last - header
        last = header + participants if grown else old_last  # never shrunk
        assert {b[2] for b in sheet.arrays} == {last}
        assert sheet.page_setup.print_area.endswith(f"${header + participants}")
        if grown:  # the new rows formatted like the array's last row, of its height
            assert all(sheet.formats.get((r, c)) == sheet.formats.get((old_last, c))
                       for r in range(old_last + 1, last + 1) for c in range(1, 20))
            assert {sheet.heights.get(r) for r in range(old_last, last + 1)} == {
                wb[name].row_dimensions[old_last].height}
            assert {wb[name].row_dimensions[r].height for r in range(old_last, last + 1)} == {
                wb[name].row_dimensions[old_last].height}
    functions = book.sheets["Functions"]
    if template == "built":
        assert functions.heights[250 + 4] == 30
    if template == "swiss.xlsx" and participants == 430:  # by hand
        assert functions.arrays[(5, 1, 434, 2)] == "=PARTICIPANTS(Tournament,430)"
        assert functions.formulas[(3, 2)] == '=CROSSTABLE_CHECK(Tournament,"","",$A$5:$A$434)'


def test_a_formula_longer_than_excel_writes_is_left_and_said() -> None:
    wb = openpyxl.load_workbook(TEMPLATES / "swiss.xlsx")
    book = classic_fake(wb)
    sheet = book.sheets["Functions"]
    (ref,) = [b for b, text in sheet.arrays.items() if text.startswith("=TIEBREAK(")]
    sheet.arrays[ref] = sheet.arrays[ref].replace('"BH/C1"', '"' + "BH/C1," * 45 + 'BH"')
    before = dict(sheet.arrays)
    fitted = XlwingsBook(book)
    assert fitted.fit_function_sheets(300) == list(FUNCTION_SHEETS)
    assert sheet.arrays == before  # nothing grown on that sheet; its print area: 200 rows
    assert sheet.page_setup.print_area.endswith("$204")
    assert any(line.startswith("'Functions' still has 200 participant rows for 300 "
                               "participants (the formula in") and "255 characters" in line
               for line in fitted.fit_report), fitted.fit_report
    assert "'Formula standings' extended to 300 participant rows" in fitted.fit_report


def test_the_button_extends_the_arrays_and_says_so(tmp_path: Path) -> None:
    t = generated(230, 7, seed=230)
    path = typed(TEMPLATES / "swiss.xlsx", t, tmp_path / "event.xlsx")
    book = classic_fake(openpyxl.load_workbook(path))
    result = macros.run(book)
    assert result is not None and result.ok
    assert result.fitted == list(FUNCTION_SHEETS)
    assert result.message == (
        "Standings of 230 players written to the 'Standings' sheet; 'Functions' extended to "
        "230 participant rows; 'Formula standings' extended to 230 participant rows.")
    standings = book.sheets["Formula standings"]
    assert list(standings.arrays) == [(3, 1, 233, 19)]
    again = macros.run(book)  # run again: nothing more to change
    assert again is not None and again.fitted == [] and again.fit_report == []
    assert list(standings.arrays) == [(3, 1, 233, 19)]


class LiteRange(FakeRange):
    @property
    def formula_array(self) -> str:
        raise NotImplementedError("Reading array formulas synchronously isn't supported")


class LiteSheet(FakeSheet):
    """A sheet as xlwings Lite shows it to a script: values (an array's empty results as
    empty texts), no formulas; a print area where the add-in sends it."""

    def __init__(self, book: FakeBook, name: str, area: str | None) -> None:
        super().__init__(book, name)
        self.page_setup = PageSetup(area)

    def range(self, first: Any, second: Any = None) -> FakeRange:
        rng = super().range(first, second)
        return LiteRange(rng.sheet, *rng.bounds)


def test_xlwings_lite_leaves_the_arrays_and_says_so() -> None:
    wb = openpyxl.load_workbook(TEMPLATES / "swiss.xlsx")
    book = FakeBook()
    for ws in wb.worksheets:
        area = str(ws.print_area).rsplit("!", 1)[-1] if ws.print_area else None
        sheet = LiteSheet(book, ws.title, area)
        book.sheet_list.append(sheet)
        for cell in openpyxl_arrays(ws):
            for r in range(cell[0], cell[2] + 1):
                for c in range(cell[1], cell[3] + 1):
                    sheet.cells[(r, c)] = ""
    lite = XlwingsBook(book)
    assert lite.fit_function_sheets(230) == list(FUNCTION_SHEETS)  # their print areas
    assert lite.fit_report == [
        f"'{name}' still has 200 participant rows for 230 participants (xlwings Lite cannot "
        "change array formulas while a script runs): its check cell (CROSSTABLE_CHECK) says "
        "so; run xl-tiebreak standings on the file, or extend its arrays by hand"
        for name in FUNCTION_SHEETS]
    # the template's first row and columns kept, the 200 rows there are
    assert book.sheets["Functions"].page_setup.print_area == "$A$3:$AC$204"
    assert lite.fit_function_sheets(40) == list(FUNCTION_SHEETS) and lite.fit_report == []
    assert book.sheets["Formula standings"].page_setup.print_area.endswith("$43")


# -- the Standings sheet's page set-up on the button route -----------------------------------

class PageSetupApi:
    """Excel's ``PageSetup`` object: records what is set."""

    def __init__(self) -> None:
        object.__setattr__(self, "set", {})

    def __setattr__(self, name: str, value: Any) -> None:
        self.set[name] = value


class SheetApi:
    def __init__(self) -> None:
        self.PageSetup = PageSetupApi()


def test_the_button_prints_standings_as_the_headless_command_does() -> None:
    wb = build_workbook(SWISS, vba=False)
    book = classic_fake(wb)
    for sheet in book.sheet_list:
        sheet.api = SheetApi()  # type: ignore[attr-defined]
    result = macros.run(book)
    assert result is not None and result.ok
    excel = book.sheets["Standings"].api.PageSetup.set  # type: ignore[attr-defined]
    assert write_standings_to(OpenpyxlBook(wb)).ok
    ws = wb["Standings"]
    inch = 72
    assert ws.page_setup.orientation == "landscape" and excel["Orientation"] == 2
    assert excel["Zoom"] is False and ws.sheet_properties.pageSetUpPr.fitToPage
    assert excel["FitToPagesWide"] == ws.page_setup.fitToWidth == 1
    assert excel["FitToPagesTall"] == (ws.page_setup.fitToHeight or False)
    assert excel["PrintTitleRows"] == str(ws.print_title_rows) == "$6:$6"
    assert excel["CenterHorizontally"] is bool(ws.print_options.horizontalCentered) is True
    for side in ("left", "right", "top", "bottom"):
        assert excel[f"{side.capitalize()}Margin"] == getattr(ws.page_margins, side) * inch
    assert excel["PaperSize"] == int(ws.page_setup.paperSize) == 9  # A4
    assert ws.oddFooter.center.size == 8
    assert excel["CenterFooter"] == "&8" + str(ws.oddFooter.center.text)


def test_a_failure_of_excel_leaves_every_array_as_it_was() -> None:
    # Excel refuses the write of one column (say, a protected cell): the arrays already
    # rewritten go back, the sheet is as before, and the message says it could not be fitted
    wb = openpyxl.load_workbook(TEMPLATES / "swiss.xlsx")
    book = classic_fake(wb)
    sheet = book.sheets["Functions"]
    before = dict(sheet.arrays)
    real = ArrayRange.__setattr__

    def refusing(self: ArrayRange, key: str, value: Any) -> None:
        if key == "formula_array" and "TIEBREAK_EXPLAIN" in value and "$434" in value:
            raise RuntimeError("The cell or chart you're trying to change is protected.")
        real(self, key, value)

    ArrayRange.__setattr__ = refusing  # type: ignore[method-assign]
    try:
        fitted = XlwingsBook(book)
        changed = fitted.fit_function_sheets(430)
    finally:
        ArrayRange.__setattr__ = real  # type: ignore[method-assign]
    assert sheet.arrays == before
    assert "Functions" not in changed and "Formula standings" in changed
    assert fitted.fit_report[0] == (
        "'Functions' could not be fitted to the event (The cell or chart you're trying to "
        "change is protected.): its check cell (CROSSTABLE_CHECK) says whether it still covers "
        "the crosstable")
