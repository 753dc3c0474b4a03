"""The macro entry points on a stand-in for ``xlwings.Book`` (no Excel on Linux).

The stand-in implements the part of the xlwings object model that :class:`XlwingsBook` uses
(sheets, used_range, names, range values/number_format/font/color, freeze_panes, autofit) and
records what was done, so the test can check that the macro writes what the headless command
writes: both go through the same writer.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import openpyxl
import pytest
import sheet_table
import xlwings as xw

import xl_tiebreak.excel.sheets.macros as excel_macros
from xl_tiebreak import macros
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.book.xlwings_book import XlwingsBook
from xl_tiebreak.excel.sheets.writer import write_standings_to
from xl_tiebreak.excel.templates.builder import ROUND_ROBIN, SWISS, Template, build_workbook

_REF = re.compile(r"([A-Z]+)([0-9]+)")


def _index(ref: str) -> tuple[int, int]:
    m = _REF.fullmatch(ref.replace("$", ""))
    assert m, ref
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - 64
    return int(m.group(2)), col


class FakeFont:
    def __init__(self, rng: FakeRange) -> None:
        self._rng = rng

    def __setattr__(self, key: str, value: Any) -> None:
        if key == "_rng":
            object.__setattr__(self, key, value)
        else:
            self._rng.record(f"font.{key}", value)


class FakeColumns:
    def __init__(self, rng: FakeRange) -> None:
        self.rng = rng

    def autofit(self) -> None:
        self.rng.sheet.log.append(("autofit", self.rng.address))


class XlError:
    """An Excel error value in a cell (#N/A…): xlwings hands it over as None, or as its text
    with ``err_to_str=True``."""

    def __init__(self, code: str) -> None:
        self.code = code


class FakeRange:
    def __init__(self, sheet: FakeSheet, r1: int, c1: int, r2: int, c2: int,
                 err_to_str: bool = False) -> None:
        object.__setattr__(self, "sheet", sheet)
        object.__setattr__(self, "bounds", (r1, c1, r2, c2))
        object.__setattr__(self, "err_to_str", err_to_str)

    @property
    def row(self) -> int:
        return self.bounds[0]

    @property
    def column(self) -> int:
        return self.bounds[1]

    @property
    def address(self) -> str:
        r1, c1, r2, c2 = self.bounds
        return f"{_letters(c1)}{r1}:{_letters(c2)}{r2}"

    @property
    def shape(self) -> tuple[int, int]:
        r1, c1, r2, c2 = self.bounds
        return r2 - r1 + 1, c2 - c1 + 1

    def options(self, ndim: int | None = None, err_to_str: bool = False) -> FakeRange:
        assert ndim == 2
        return FakeRange(self.sheet, *self.bounds, err_to_str=err_to_str)

    @property
    def value(self) -> list[list[Any]]:
        r1, c1, r2, c2 = self.bounds
        self.sheet.reads.append(self.address)
        assert (r2 - r1 + 1) * (c2 - c1 + 1) <= 2_000_000, "a huge range was read"

        def shown(v: Any) -> Any:
            if isinstance(v, XlError):
                return v.code if self.err_to_str else None
            return v

        return [[shown(self.sheet.cells.get((r, c))) for c in range(c1, c2 + 1)]
                for r in range(r1, r2 + 1)]

    @property
    def font(self) -> FakeFont:
        return FakeFont(self)

    @property
    def columns(self) -> FakeColumns:
        return FakeColumns(self)

    @property
    def api(self) -> Any:
        raise AttributeError("no COM here (like xlwings Lite)")

    def record(self, key: str, value: Any) -> None:
        r1, c1, r2, c2 = self.bounds
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                self.sheet.formats.setdefault((r, c), {})[key] = value

    def __setattr__(self, key: str, value: Any) -> None:
        if key == "value":
            r1, c1 = self.bounds[:2]
            for i, row in enumerate(value):
                for j, v in enumerate(row):
                    if v is None:
                        self.sheet.cells.pop((r1 + i, c1 + j), None)
                    else:
                        self.sheet.cells[(r1 + i, c1 + j)] = v
        elif key in ("number_format", "color", "horizontal_alignment"):
            self.record(key, value)
        else:
            raise AttributeError(key)


def _letters(col: int) -> str:
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


class FakeFreeze:
    def __init__(self, sheet: FakeSheet) -> None:
        self.sheet = sheet

    def freeze_at(self, ref: str) -> None:
        self.sheet.log.append(("freeze_at", ref))

    def unfreeze(self) -> None:
        self.sheet.log.append(("unfreeze", None))


class FakeDefinedName:
    """A sheet-scoped name as xlwings shows it: ``name`` carries the sheet (``Sheet!x``)."""

    def __init__(self, sheet: FakeSheet, name: str, refers_to: str) -> None:
        self.sheet = sheet
        self.local = name
        self.refers_to = refers_to

    @property
    def name(self) -> str:
        return f"{self.sheet.name}!{self.local}"

    @property
    def api(self) -> Any:
        raise AttributeError("no COM here (like xlwings Lite)")


class FakeSheetNames:
    def __init__(self, sheet: FakeSheet) -> None:
        self.sheet = sheet
        self.defined: list[FakeDefinedName] = []

    def __iter__(self) -> Any:
        return iter(list(self.defined))

    def add(self, name: str, refers_to: str) -> FakeDefinedName:
        assert all(d.local != name for d in self.defined), "a duplicate name"
        defined = FakeDefinedName(self.sheet, name, refers_to)
        self.defined.append(defined)
        return defined


class FakeSheet:
    def __init__(self, book: FakeBook, name: str) -> None:
        self.book = book
        self.name = name
        self.names = FakeSheetNames(self)
        self.cells: dict[tuple[int, int], Any] = {}
        self.formats: dict[tuple[int, int], dict[str, Any]] = {}
        self.log: list[tuple[str, Any]] = []
        self.reads: list[str] = []

    @property
    def used_range(self) -> FakeRange:
        if not self.cells:
            return FakeRange(self, 1, 1, 1, 1)
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return FakeRange(self, min(rows), min(cols), max(rows), max(cols))

    def range(self, first: Any, second: Any = None) -> FakeRange:
        if isinstance(first, tuple):
            r2, c2 = second if second is not None else first
            return FakeRange(self, first[0], first[1], r2, c2)
        a, _, b = first.partition(":")
        r1, c1 = _index(a)
        r2, c2 = _index(b) if b else (r1, c1)
        return FakeRange(self, r1, c1, r2, c2)

    @property
    def freeze_panes(self) -> FakeFreeze:
        return FakeFreeze(self)

    def clear(self) -> None:
        self.cells.clear()
        self.formats.clear()
        self.log.append(("clear", None))

    def delete(self) -> None:
        self.book.sheet_list.remove(self)

    def activate(self) -> None:
        self.book.active = self.name

    def rows(self) -> list[list[Any]]:
        return self.used_range.value if self.cells else []


class FakeSheets:
    def __init__(self, book: FakeBook) -> None:
        self.book = book

    def __iter__(self) -> Any:
        return iter(list(self.book.sheet_list))

    def __getitem__(self, key: Any) -> FakeSheet:
        if isinstance(key, int):
            return self.book.sheet_list[key]
        return next(s for s in self.book.sheet_list if s.name == key)

    def add(self, name: str, before: Any = None, after: FakeSheet | None = None) -> FakeSheet:
        assert name not in [s.name for s in self.book.sheet_list]
        sheet = FakeSheet(self.book, name)
        index = self.book.sheet_list.index(after) + 1 if after else 0
        self.book.sheet_list.insert(index, sheet)
        self.book.active = name
        return sheet


class FakeName:
    def __init__(self, rng: FakeRange) -> None:
        self.refers_to_range = rng


class FakeNames:
    def __init__(self, book: FakeBook) -> None:
        self.book = book
        self.refs: dict[str, tuple[str, str]] = {}

    def contains(self, name: str) -> bool:
        return name in self.refs

    def __call__(self, name: str) -> FakeName:
        sheet, ref = self.refs[name]
        return FakeName(self.book.sheets[sheet].range(ref))


class FakeBook:
    def __init__(self) -> None:
        self.sheet_list: list[FakeSheet] = []
        self.sheets = FakeSheets(self)
        self.names = FakeNames(self)
        self.active = ""


def excel_value(value: Any) -> Any:
    """What Excel hands back: numbers as floats; dates as datetime."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return float(value)
    return value


def fake_from(template: Template) -> FakeBook:
    """The template's workbook as Excel would show it to xlwings."""
    wb = build_workbook(template, vba=False)
    book = FakeBook()
    for ws in wb.worksheets:
        sheet = FakeSheet(book, ws.title)
        book.sheet_list.append(sheet)
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is not None and cell.data_type != "f":
                    sheet.cells[(cell.row, cell.column)] = excel_value(cell.value)
    for name, defined in wb.defined_names.items():
        # Excel evaluates the templates' INDEX/COUNTA name to the filled range
        ((sheet_name, ref),) = list(defined.destinations) or OpenpyxlBook(wb)._sized(
            defined.attr_text)
        book.names.refs[name] = (sheet_name, ref.replace("$", ""))
    return book


def openpyxl_standings(template: Template) -> list[list[Any]]:
    wb = build_workbook(template, vba=False)
    write_standings_to(OpenpyxlBook(wb))
    return [[excel_value(v) for v in row] for row in wb["Standings"].iter_rows(values_only=True)]


def trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    return [[v for v in row] for row in rows]


@pytest.mark.parametrize("template", [SWISS, ROUND_ROBIN], ids=lambda t: t.stem)
def test_lite_script_writes_what_the_headless_command_writes(template: Template) -> None:
    book = fake_from(template)
    crosstable = dict(book.sheets["Crosstable"].cells)
    settings = dict(book.sheets["Settings"].cells)
    macros.run(book)
    sheet = book.sheets["Standings"]
    assert sheet.rows() == openpyxl_standings(template)
    assert book.active == "Standings"
    assert book.sheets["Crosstable"].cells == crosstable
    assert book.sheets["Settings"].cells == settings
    assert ("clear", None) in sheet.log  # the template's placeholder sheet was reused


def test_formats_freeze_and_autofit() -> None:
    book = fake_from(SWISS)
    macros.run(book)
    sheet = book.sheets["Standings"]
    h = sheet_table.header_index(sheet.rows()) + 1  # the header row
    assert sheet.formats[(h + 1, 7)]["number_format"] == "0.0#"
    assert sheet.formats[(h + 1, 12)]["number_format"] == "0"
    assert sheet.formats[(h, 1)]["font.bold"] is True
    assert sheet.formats[(h, 1)]["color"] == "#1F4E78"
    assert sheet.formats[(h + 1, 1)]["color"] == "#FFE699"
    assert sheet.formats[(h + 4, 12)]["color"] == "#F8CBAD"  # shared 3rd place
    assert "color" not in sheet.formats.get((h + 5, 1), {})
    assert ("freeze_at", f"A1:D{h}") in sheet.log
    assert ("autofit", f"A{h}:M{h + 16}") in sheet.log  # M: Decided by


def test_classic_main_uses_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    book = fake_from(ROUND_ROBIN)
    monkeypatch.setattr(xw.Book, "caller", staticmethod(lambda: book))
    macros.main()
    rows = sheet_table.table(book.sheets["Standings"].rows())
    assert list(rows[0][7:11]) == ["DE", "SB", "WIN", "KS"]


def test_problems_sheet_and_untouched_standings(capsys: pytest.CaptureFixture[str]) -> None:
    book = fake_from(SWISS)
    macros.run(book)
    standings = book.sheets["Standings"].rows()
    book.sheets["Crosstable"].cells[(8, 9)] = "zz"
    result = macros.run(book)
    assert result is not None and not result.ok
    assert book.sheets["Standings"].rows() == standings
    names = [s.name for s in book.sheets]
    assert names.index("Problems") == names.index("Settings") + 1
    assert book.active == "Problems"
    rows = book.sheets["Problems"].rows()
    assert rows[3][:2] == ["Crosstable!I8", "cannot read 'zz' as a round result (expected e.g. "
                                           "12w1, 12b½, 12+, H, U, -)"]
    assert "problem(s): see the 'Problems' sheet" in capsys.readouterr().out
    book.sheets["Crosstable"].cells[(8, 9)] = SWISS.rows[7][8]
    assert macros.run(book) is not None
    assert "Problems" not in [s.name for s in book.sheets]


def test_sheet_added_when_missing_and_text_never_becomes_a_formula() -> None:
    book = fake_from(SWISS)
    book.sheets["Standings"].delete()
    book.sheets["Crosstable"].cells[(3, 2)] = "=Lukas"
    macros.run(book)
    names = [s.name for s in book.sheets]
    assert names.index("Standings") == names.index("Settings") + 1
    values = [row[3] for row in sheet_table.table(book.sheets["Standings"].rows())[1:17]]
    assert "'=Lukas" in values


def test_without_defined_name_the_sheet_is_read() -> None:
    book = fake_from(SWISS)
    book.names.refs.clear()
    book.sheets["Settings"].cells[(5, 2)] = datetime.datetime(2025, 12, 1)
    result = macros.run(book)
    assert result is not None and result.standings is not None
    assert result.standings.rules.label == "FIDE 2023/24"


def test_unexpected_failure_is_reported_not_raised(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(book: Any) -> None:
        raise RuntimeError("out of cheese")

    monkeypatch.setattr(excel_macros, "write_standings_to", boom)
    book = fake_from(SWISS)
    assert macros.run(book) is None
    rows = book.sheets["Problems"].rows()
    assert rows[0][0].startswith("The standings were not computed")  # our marker
    assert rows[3][1].startswith("internal error (RuntimeError: out of cheese)")
    assert "internal error" in capsys.readouterr().out


def test_xlwings_book_reads_a_named_range() -> None:
    book = fake_from(SWISS)
    # the sized name: No … R7, Pts, Extra points, Manual order
    assert book.names.refs["Crosstable"] == ("Crosstable", "A1:O17")
    book.names.refs["Crosstable"] = ("Crosstable", "A1:AD401")  # a generous name of the user's
    found = XlwingsBook(book).read_name("Crosstable")
    assert found is not None
    assert found.sheet == "Crosstable" and found.origin == (1, 1)
    assert book.names.refs["Crosstable"] == ("Crosstable", "A1:AD401")
    # cut to the sheet's used area before reading: 17 rows (header + 16) × 15 columns
    assert len(found.values) == 17 and len(found.values[0]) == 15
    assert "A1:AD401" not in book.sheets["Crosstable"].reads
    assert found.outside == ()
    assert XlwingsBook(book).read_name("Nope") is None
    assert openpyxl.Workbook  # openpyxl is not needed by XlwingsBook itself


# ---------------------------------------------------------------- review: the xlwings path


def add_fake_sheet(book: FakeBook, name: str, cells: dict[tuple[int, int], Any]) -> FakeSheet:
    sheet = FakeSheet(book, name)
    sheet.cells.update(cells)
    book.sheet_list.append(sheet)
    return sheet


def test_users_sheets_are_kept_like_the_headless_command() -> None:
    book = fake_from(SWISS)
    book.sheets["Standings"].delete()
    mine = add_fake_sheet(book, "STANDINGS", {(1, 1): "My standings", (2, 2): 500.0})
    theirs = add_fake_sheet(book, "problems", {(1, 1): "Chess problem #1: mate in 2"})
    result = macros.run(book)
    assert result is not None and not result.ok
    assert result.sheet == "Problems (xl-tiebreak)"
    assert result.problems[0].where == "STANDINGS"
    assert mine.cells == {(1, 1): "My standings", (2, 2): 500.0}
    assert theirs.cells == {(1, 1): "Chess problem #1: mate in 2"}
    assert book.active == "Problems (xl-tiebreak)"
    mine.name = "My standings"
    result = macros.run(book)
    assert result is not None and result.ok
    names = [s.name for s in book.sheets]
    assert "Problems (xl-tiebreak)" not in names and "problems" in names
    assert "Standings" in names and mine.cells == {(1, 1): "My standings", (2, 2): 500.0}


def test_our_standings_sheet_is_found_whatever_its_case() -> None:
    book = fake_from(SWISS)
    macros.run(book)
    book.sheets["Standings"].name = "STANDINGS"
    result = macros.run(book)
    assert result is not None and result.ok and result.sheet == "STANDINGS"
    assert [s.name for s in book.sheets].count("STANDINGS") == 1
    assert "Standings" not in [s.name for s in book.sheets]


def test_excel_errors_are_read_as_errors_not_empty_cells() -> None:
    book = fake_from(SWISS)
    book.sheets["Crosstable"].cells[(4, 4)] = XlError("#N/A")  # a rating
    result = macros.run(book)
    assert result is not None and not result.ok
    assert [(p.where, p.message[:35]) for p in result.problems] == [
        ("Crosstable!D4", "the cell shows the Excel error #N/A")]


def test_a_huge_used_range_is_refused_before_reading() -> None:
    book = fake_from(SWISS)
    book.names.refs.clear()
    book.sheets["Crosstable"].cells[(1_048_576, 16_384)] = "x"
    book.sheets["Settings"].cells[(1_048_576, 16_384)] = "y"
    result = macros.run(book)  # FakeRange.value refuses to read a huge range
    assert result is not None and not result.ok
    assert result.problems[0].where == "Crosstable"
    assert "the used area A1:XFD1048576 of the sheet 'Crosstable' is too large" in (
        result.problems[0].message)
    assert all(ref.startswith("A1:B") for ref in book.sheets["Settings"].reads)


def test_lowercase_crosstable_sheet_and_outside_cells() -> None:
    book = fake_from(SWISS)
    book.names.refs.clear()
    book.sheets["Crosstable"].name = "crosstable"
    result = macros.run(book)
    assert result is not None and result.ok and len(result.table) == 17
    book.names.refs["Crosstable"] = ("crosstable", "A1:L17")
    result = macros.run(book)
    assert result is not None and result.ok
    assert [p.where for p in result.problems] == ["crosstable!M1"]
    assert "just outside the range of the name 'Crosstable'" in result.problems[0].message


def test_internal_error_never_overwrites_a_users_problems_sheet(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(book: Any) -> None:
        raise RuntimeError("out of cheese")

    monkeypatch.setattr(excel_macros, "write_standings_to", boom)
    book = fake_from(SWISS)
    theirs = add_fake_sheet(book, "Problems", {(1, 1): "mate in 2"})
    assert macros.run(book) is None
    assert theirs.cells == {(1, 1): "mate in 2"}
    assert "internal error" in book.sheets["Problems (xl-tiebreak)"].rows()[3][1]


# ---------------------------------------------------------------- sheet marks (xlwings)


def marks(sheet: FakeSheet) -> list[tuple[str, str]]:
    return [(d.name, d.refers_to) for d in sheet.names]


def test_xlwings_sheets_are_marked_and_recognised_by_the_mark() -> None:
    book = fake_from(SWISS)  # as Excel shows the template to xlwings; no marks copied
    assert marks(book.sheets["Standings"]) == []
    macros.run(book)  # the placeholder is recognised by its (legacy) text
    standings = book.sheets["Standings"]
    assert marks(standings) == [("Standings!_xltiebreak_sheet", '="standings"')]
    assert XlwingsBook(book).sheet_mark("standings") == "standings"
    assert XlwingsBook(book).sheet_mark("Crosstable") is None
    assert XlwingsBook(book).sheet_mark("Nope") is None
    for key, value in list(standings.cells.items()):
        if isinstance(value, str) and value.startswith("Computed by xl-tiebreak"):
            standings.cells[key] = "a reworded note"
    macros.run(book)  # still ours: rewritten, the mark kept once
    assert marks(standings) == [("Standings!_xltiebreak_sheet", '="standings"')]
    assert sheet_table.table(standings.rows())[1][3] == "Anna Kowalska"

    book.sheets["Crosstable"].cells[(8, 9)] = "zz"
    result = macros.run(book)
    assert result is not None and result.sheet == "Problems"
    problems = book.sheets["Problems"]
    assert marks(problems) == [("Problems!_xltiebreak_sheet", '="problems"')]
    problems.cells[(1, 1)] = "reworded title"
    book.sheets["Crosstable"].cells[(8, 9)] = SWISS.rows[7][8]
    assert macros.run(book) is not None
    assert "Problems" not in [s.name for s in book.sheets]


def test_xlwings_engines_without_sheet_names_fall_back_to_the_texts() -> None:
    book = fake_from(SWISS)
    for sheet in book.sheet_list:
        del sheet.names  # an engine where sheet-scoped names fail
    macros.run(book)
    assert sheet_table.table(book.sheets["Standings"].rows())[1][3] == "Anna Kowalska"
    macros.run(book)  # recognised again by the legend's note
    assert XlwingsBook(book).sheet_mark("Standings") is None


class _App:
    """An xlwings App as the macro sees it: classic has a status bar, Lite only alert()."""

    def __init__(self, status_bar: bool) -> None:
        self.has_status_bar = status_bar
        self.shown: list[tuple[str, str]] = []

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "status_bar":
            if not self.has_status_bar:
                raise AttributeError("status_bar")  # xlwings Lite
            self.shown.append(("status bar", value))
            return
        object.__setattr__(self, name, value)

    def alert(self, prompt: str, title: str = "") -> None:
        self.shown.append(("message box", prompt))


@pytest.mark.parametrize("classic", [True, False])
def test_the_macro_tells_the_user_what_it_did(classic: bool) -> None:
    import xl_tiebreak.excel.sheets.macros as excel_macros

    book = fake_from(SWISS)
    app = _App(status_bar=classic)
    book.app = app  # type: ignore[attr-defined]
    result = excel_macros.run(book)
    assert result is not None and result.ok
    kind = "status bar" if classic else "message box"
    assert len(app.shown) == 1 and app.shown[0][0] == kind
    assert "Standings of 16 players written to the 'Standings' sheet" in app.shown[0][1]
    # problems: also a message box in classic, so that they are not missed
    broken = fake_from(SWISS)
    sheet = next(s for s in broken.sheet_list if s.name == "Crosstable")
    sheet.cells[(3, 6)] = "zz"
    app = _App(status_bar=classic)
    broken.app = app  # type: ignore[attr-defined]
    result = excel_macros.run(broken)
    assert result is not None and not result.ok
    assert app.shown[-1][0] == "message box" and "problem" in app.shown[-1][1]
    assert [k for k, _ in app.shown] == (["status bar", "message box"] if classic
                                         else ["message box"])
