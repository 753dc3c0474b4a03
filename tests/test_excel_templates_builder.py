"""The shipped workbook templates: a fresh build matches them, and every formula cell of every
template, evaluated with the ``formulas`` package, equals what the engine computes."""

from __future__ import annotations

import datetime
import hashlib
import importlib.util
import re
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import sheet_table
from formula_harness import calculate, register, sized_names
from openpyxl.utils import range_boundaries
from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak import macros, udfs
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.reading.settings import read_settings
from xl_tiebreak.excel.templates.builder import (
    CROSSTABLE_REFERS_TO,
    DEMO_NAME,
    FUNCTIONS_FIRST_ROW,
    ROUND_ROBIN,
    SWISS,
    TEMPLATE_FILES,
    TIEBREAK_SLOTS,
    Template,
    build_demo,
    build_templates,
    built_with,
    quickstart_path,
    xlwings_version,
)
from xl_tiebreak.excel.templates.knockout import KNOCKOUT_FILES
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.model.tournament import BlankRounds
from xl_tiebreak.standings.decided_by import decisions
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.tiebreaks.rules import resolve_rules
from xl_tiebreak.util.cells import column_letter
from xl_tiebreak.util.dates import EXCEL_EPOCH
from xl_tiebreak.util.numbers import to_float

SHIPPED = Path(__file__).resolve().parents[1] / "workbook_templates"
BY_STEM = {SWISS.stem: SWISS, ROUND_ROBIN.stem: ROUND_ROBIN}
WORKBOOKS = [name for name in TEMPLATE_FILES if not name.endswith(".py")
             and name.rsplit(".", 1)[0] in BY_STEM]  # the team one: test_excel_functions_team


def same_xlwings() -> None:
    """The shipped files carry the VBA project of the xlwings they were built with; a fresh
    build can only match them with that version installed."""
    shipped = built_with(SHIPPED / "swiss.xlsm")
    if shipped != xlwings_version():
        pytest.skip(f"templates built with xlwings {shipped}, installed {xlwings_version()}: "
                    "rebuild with build_templates('workbook_templates')")


def template_of(name: str) -> Template:
    return BY_STEM[name.rsplit(".", 1)[0]]


def vba_digest(path: Path) -> str | None:
    with zipfile.ZipFile(path) as z:
        if "xl/vbaProject.bin" not in z.namelist():
            return None
        return hashlib.sha256(z.read("xl/vbaProject.bin")).hexdigest()


def _cell(value: Any) -> Any:
    if isinstance(value, ArrayFormula):
        return ("array", value.ref, value.text)
    return value


def structure(path: Path) -> dict[str, Any]:
    """What a template is made of, without the save timestamps."""
    wb = openpyxl.load_workbook(path, keep_vba=path.suffix == ".xlsm")
    sheets = {}
    for ws in wb.worksheets:
        sheets[ws.title] = {
            "cells": [[(_cell(c.value), c.number_format, bool(c.font.bold), c.fill.fgColor.rgb)
                       for c in row] for row in ws.iter_rows()],
            "freeze": ws.freeze_panes,
            "widths": {k: v.width for k, v in ws.column_dimensions.items()},
            "validations": [(str(dv.sqref), dv.formula1, dv.showErrorMessage)
                            for dv in ws.data_validations.dataValidation],
            "code_name": ws.sheet_properties.codeName,
        }
    with zipfile.ZipFile(path) as z:
        parts = sorted(n for n in z.namelist() if not n.startswith("docProps/"))
        types = z.read("[Content_Types].xml")
    return {
        "sheetnames": wb.sheetnames,
        "active": wb.active.title,
        "sheets": sheets,
        "names": {n: d.attr_text for n, d in wb.defined_names.items()},
        "parts": parts,
        "content_types": types,
        "vba": vba_digest(path),
    }


# ---------------------------------------------------------------- the files


def test_shipped_templates_match_a_fresh_build(tmp_path: Path) -> None:
    same_xlwings()
    written = build_templates(tmp_path)
    assert sorted(p.name for p in written) == sorted((*TEMPLATE_FILES, *KNOCKOUT_FILES))
    for name in TEMPLATE_FILES:  # the knockout files: tests/test_excel_templates_knockout.py
        shipped, fresh = SHIPPED / name, tmp_path / name
        assert shipped.is_file(), f"{name} missing: run build_templates('workbook_templates')"
        if name.endswith(".py"):
            assert shipped.read_text(encoding="utf-8") == fresh.read_text(encoding="utf-8")
        else:
            assert structure(shipped) == structure(fresh), (
                f"{name} is stale: run build_templates('workbook_templates')")


@pytest.mark.parametrize("name", WORKBOOKS)
def test_template_contents(name: str) -> None:
    path = SHIPPED / name
    wb = openpyxl.load_workbook(path, keep_vba=name.endswith(".xlsm"))
    assert wb.sheetnames == ["How to", "Crosstable", "Settings", "Standings", "Functions",
                             "Formula standings", "xlwings.conf"]
    conf = {r[0]: r[1] for r in wb["xlwings.conf"].iter_rows(max_col=2, values_only=True)}
    # no other key overrides; the standings macro's module beside the functions'
    assert conf == {"UDF Modules": "xl_tiebreak.udfs;xl_tiebreak.macros"}
    assert wb.defined_names["Crosstable"].attr_text == CROSSTABLE_REFERS_TO
    assert set(wb.defined_names) == {"Crosstable", "Rules", "UnratedRating", "TieBreaks",
                                     "BlankRounds", "LotsSeed",
                                     "TournamentType", "Tournament", "SettingsTable"}
    rules = [dv for dv in wb["Settings"].data_validations.dataValidation
             if dv.formula1 == '"AUTO,FIDE2026,FIDE2023,FIDE2009,USCF"']
    kinds = [dv for dv in wb["Settings"].data_validations.dataValidation
             if dv.formula1 == '"Swiss,Round robin"']
    assert len(rules) == len(kinds) == 1
    template = template_of(name)
    crosstable = [list(r) for r in wb["Crosstable"].iter_rows(values_only=True)]
    assert crosstable == [list(r) for r in template.rows]


def test_vba_is_xlwings_quickstart_byte_for_byte() -> None:
    same_xlwings()
    quickstart = vba_digest(quickstart_path())
    assert quickstart is not None
    for name in WORKBOOKS:
        digest = vba_digest(SHIPPED / name)
        assert digest == (quickstart if name.endswith(".xlsm") else None), name
        with zipfile.ZipFile(SHIPPED / name) as z:
            types = z.read("[Content_Types].xml").decode()
        assert ("macroEnabled" in types) == name.endswith(".xlsm"), name


def test_settings_sheet_reads_back() -> None:
    for template in (SWISS, ROUND_ROBIN):
        wb = openpyxl.load_workbook(SHIPPED / f"{template.stem}.xlsx")
        settings, problems = read_settings(OpenpyxlBook(wb))
        assert problems == []
        assert settings.tiebreaks == template.settings["tiebreaks"]
        assert settings.name == template.settings["name"]
        assert settings.unrated_rating == template.settings.get("unrated_rating")
        assert settings.scheduled_rounds == 7
        assert settings.blank_rounds is BlankRounds.ABSENT


@pytest.mark.parametrize("name", WORKBOOKS)
def test_blank_rounds_row_with_its_drop_down(name: str, tmp_path: Path) -> None:
    """The Settings row 'Blank rounds' (docs/decisions.md D30): Absent by default,
    a drop-down of the three choices, and a choice made there is what the reader takes."""
    path = SHIPPED / name
    wb = openpyxl.load_workbook(path, keep_vba=name.endswith(".xlsm"))
    settings = wb["Settings"]
    row = next(c.row for c in settings["A"] if c.value == "Blank rounds")
    assert settings[f"B{row}"].value == "Absent"
    lists = [dv for dv in settings.data_validations.dataValidation
             if str(dv.sqref) == f"B{row}"]
    assert [dv.formula1 for dv in lists] == ['"Absent,Half-point bye,Declared"']
    for choice, want in (("Half-point bye", BlankRounds.HALF_POINT_BYE),
                         ("Declared", BlankRounds.DECLARED), ("Absent", BlankRounds.ABSENT)):
        settings[f"B{row}"] = choice
        read, problems = read_settings(OpenpyxlBook(wb))
        assert problems == [] and read.blank_rounds is want, choice
    tiebreaks = next(c.row for c in settings["A"] if c.value == "Tie-breaks (in order)")
    assert row < tiebreaks  # the tie-break slots stay the last rows
    assert wb.defined_names["TieBreaks"].attr_text == (
        f"Settings!$B${tiebreaks}:$B${tiebreaks + 11}")


def test_companion_modules_expose_main() -> None:
    for template in (SWISS, ROUND_ROBIN):
        spec = importlib.util.spec_from_file_location(
            f"companion_{template.stem}", SHIPPED / f"{template.stem}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert module.main is macros.main


def test_demo(tmp_path: Path) -> None:
    path = build_demo(tmp_path)
    assert path == (tmp_path / f"{DEMO_NAME}.xlsm").resolve()
    assert (tmp_path / f"{DEMO_NAME}.py").is_file()
    wb = openpyxl.load_workbook(path, keep_vba=True)
    assert wb.active.title == "Standings"
    rows = sheet_table.table(list(wb["Standings"].iter_rows(values_only=True)))
    t = read_crosstable([list(r) for r in SWISS.rows])
    want = compute_standings(t, SWISS.settings["tiebreaks"], "auto", None, 1400)  # type: ignore[arg-type]
    assert [r[1] for r in rows[1:17]] == [r.participant.start_no for r in want.rows]
    assert vba_digest(path) == vba_digest(quickstart_path())


# ---------------------------------------------------------------- formula cells = the engine


@pytest.fixture(scope="module")
def registered() -> None:
    register(udfs.EXCEL_FUNCTIONS)


_FORMULA_CELLS: dict[bytes, tuple[tuple[str, str], ...]] = {}
""":func:`formula_cells` by the SHA-256 of a file's bytes."""


def formula_cells(path: Path) -> tuple[tuple[str, str], ...]:
    """(SHEET, A1) of every formula cell, array formulas expanded to their whole range. Read
    once for each content of a file (the tests ask it of the same templates many times)."""
    key = hashlib.sha256(path.read_bytes()).digest()
    if key not in _FORMULA_CELLS:
        _FORMULA_CELLS[key] = tuple(_formula_cells(openpyxl.load_workbook(path)))
    return _FORMULA_CELLS[key]


def _formula_cells(wb: Any) -> Iterator[tuple[str, str]]:
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, ArrayFormula):
                    c1, r1, c2, r2 = range_boundaries(c.value.ref)
                    assert c1 and r1 and c2 and r2
                    for r in range(r1, r2 + 1):
                        for col in range(c1, c2 + 1):
                            yield ws.title.upper(), f"{column_letter(col)}{r}"
                elif c.data_type == "f":
                    yield ws.title.upper(), c.coordinate


class Expected:
    """What each formula of a template must give, computed by the engine (not the UDFs)."""

    def __init__(self, template: Template) -> None:
        self.template = template
        self.tournament = read_crosstable([list(r) for r in template.rows])
        # The functions get Settings' Rules resolved with the start date (helper cell, column D).
        start = template.settings.get("start_date")
        day = start.date() if isinstance(start, datetime.datetime) else start
        assert day is None or isinstance(day, datetime.date)
        self.rules = resolve_rules(str(template.settings["rules"]), day)
        # AUTO: the helper gives the start date cell itself (a serial number, no TEXT())
        self.rules_text: object = (
            float((day - EXCEL_EPOCH).days) if day and str(template.settings["rules"]).upper()
            in ("", "AUTO") else str(template.settings["rules"]))
        unrated = template.settings.get("unrated_rating")
        self.unrated = unrated if isinstance(unrated, int) else None
        order = template.settings["tiebreaks"]
        assert isinstance(order, list)
        self.order = order
        self._cache: dict[tuple[tuple[str, ...], int | None], Standings] = {}

    def standings(self, order: list[str], unrated: int | None = None) -> Standings:
        key = (tuple(order), unrated)
        if key not in self._cache:
            self._cache[key] = compute_standings(self.tournament, order, self.rules, None, unrated)
        return self._cache[key]

    def function(self, header: str, start_no: int, name: str) -> Any:
        if header == "POINTS":
            return float(self.standings([]).row(start_no).points)
        if header == "PLACE":
            return float(self.standings(self.order, self.unrated).row(start_no).rank)
        if header in udfs.FIXED_DESCRIPTORS:
            unrated = self.unrated if header in udfs.RATING_FUNCTIONS else None
            row = self.standings([udfs.FIXED_DESCRIPTORS[header]], unrated).row(start_no)
            return to_float(row.values[0])
        m = re.fullmatch(r'(TIEBREAK|TIEBREAK_EXPLAIN) "([^"]+)".*', header)
        assert m, header
        if m.group(1) == "TIEBREAK":
            by_name = next(p.start_no for p in self.tournament.participants if p.name == name)
            return to_float(self.standings([m.group(2)]).row(by_name).values[0])
        text = self.standings([]).explain(start_no, parse_descriptor(m.group(2))).formula
        return text if len(text) <= 255 else text[:254] + "…"  # a column: one line each

    def table(self) -> list[list[Any]]:
        s = self.standings(self.order, self.unrated)
        out: list[list[Any]] = [["Place", "No", "Name", "Rating", "Fed", "Pts",
                                 *(d.label for d in s.descriptors), "Decided by"]]
        for row, decided in zip(s.rows, decisions(s), strict=True):
            p = row.participant
            out.append([float(row.rank), float(p.start_no), p.name, to_float(p.rating),
                        p.federation or None, float(row.points),
                        *(to_float(v) for v in row.values), decided.text() or None])
        return out


def check_formula_cells(path: Path, values: dict[tuple[str, str], Any],
                        template: Template | None = None) -> None:
    """Every formula cell of the template at ``path`` (``template``: the one it was built
    from, default the shipped template of its name) has in ``values`` (``{("SHEET", "B5"):
    value}``) what the engine computes (empty results as an empty text)."""
    template = template or template_of(path.name)
    expected = Expected(template)
    wb = openpyxl.load_workbook(path)
    checked: set[tuple[str, str]] = set()

    def check(sheet: str, ref: str, want: Any) -> None:
        got = values.get((sheet, ref))
        assert got == ("" if want is None else want), (sheet, ref, got, want)
        checked.add((sheet, ref))

    token = values.get(("FUNCTIONS", "B2"))
    assert str(token).startswith("xlt:"), token  # the event token of CROSSTABLE_ID
    checked.add(("FUNCTIONS", "B2"))
    check("FUNCTIONS", "B3", "OK")
    check("FORMULA STANDINGS", "A2", "OK")
    rules_row = next(c.row for c in wb["Settings"]["A"] if c.value == "Rules")
    check("SETTINGS", f"D{rules_row}", expected.rules_text)
    functions = wb["Functions"]
    headers = [c.value for c in functions[FUNCTIONS_FIRST_ROW - 1]]
    for i, r in enumerate(range(FUNCTIONS_FIRST_ROW, FUNCTIONS_FIRST_ROW + template.players)):
        start_no, player = template.rows[1 + i][0], template.rows[1 + i][1]
        assert isinstance(start_no, int)
        check("FUNCTIONS", f"A{r}", float(start_no))  # the labels come from the crosstable
        check("FUNCTIONS", f"B{r}", player)
        for col, header in enumerate(headers[2:], start=3):
            want = expected.function(str(header), start_no, str(player))
            check("FUNCTIONS", f"{column_letter(col)}{r}", want)
    for i, row in enumerate(expected.table()):
        for j, want in enumerate(row):
            check("FORMULA STANDINGS", f"{column_letter(j + 1)}{3 + i}", want)
    rest = [cell for cell in formula_cells(path) if cell not in checked]
    for sheet, ref in rest:  # the rows and columns beyond the event stay empty
        assert sheet in ("FUNCTIONS", "FORMULA STANDINGS"), (sheet, ref)
        check(sheet, ref, None)
    assert set(formula_cells(path)) == checked
    assert len(checked) > template.players * 10


@pytest.mark.parametrize("name", WORKBOOKS)
def test_every_formula_cell_equals_the_engine(name: str, registered: None,
                                               tmp_path: Path) -> None:
    path = SHIPPED / name
    check_formula_cells(path, calculate(sized_names(path, tmp_path / name)))


def cached_values(path: Path) -> dict[tuple[str, str], Any]:
    """The value stored in each formula cell of the file (what a viewer without the add-in
    shows), read as openpyxl reads cached values; an empty text as ""."""
    wb = openpyxl.load_workbook(path, data_only=True)

    def stored(value: Any) -> Any:
        if isinstance(value, datetime.datetime):  # a date-formatted number: the serial
            return float((value.date() - EXCEL_EPOCH).days)
        # an empty text is cached as one space (LibreOffice recomputes empty ones: D56)
        return "" if value is None or value == " " else value

    return {(sheet, ref): stored(wb[sheet_title(wb, sheet)][ref].value)
            for sheet, ref in formula_cells(path)}


def sheet_title(wb: Any, upper: str) -> str:
    return next(t for t in wb.sheetnames if t.upper() == upper)


@pytest.mark.parametrize("name", WORKBOOKS)
def test_every_formula_cell_holds_the_engine_value_cached(name: str) -> None:
    """opened without the add-in, every formula cell shows what the engine
    computes (its cached value), not #NAME?, until the add-in recalculates."""
    path = SHIPPED / name
    check_formula_cells(path, cached_values(path))
    workbook = openpyxl.load_workbook(path)
    assert not workbook.calculation.fullCalcOnLoad  # which would replace them by #NAME?


@pytest.mark.slow  # 30-40 s; the default run keeps the demo's cached values and the templates'
def test_the_demo_formulas_evaluate_to_the_engine(registered: None, tmp_path: Path) -> None:
    """The demo writes one plain formula per cell (docs/engineering.md D56): evaluated by
    ``formulas`` (INDEX over STANDINGS included), every cell equals the engine."""
    demo = build_demo(tmp_path)
    as_swiss = tmp_path / "swiss.xlsm"
    demo.rename(as_swiss)
    wb = openpyxl.load_workbook(as_swiss)
    assert not any(isinstance(c.value, ArrayFormula) for ws in wb.worksheets
                   for row in ws.iter_rows() for c in row)
    assert wb["Formula standings"]["C4"].value.startswith("=INDEX(STANDINGS(")
    check_formula_cells(as_swiss, calculate(sized_names(as_swiss, tmp_path / "sized.xlsm")))


def test_the_demo_holds_the_engine_values_cached(tmp_path: Path) -> None:
    demo = build_demo(tmp_path)
    as_swiss = tmp_path / "swiss.xlsm"  # check_formula_cells finds the template by the name
    demo.rename(as_swiss)
    check_formula_cells(as_swiss, cached_values(as_swiss))


# ---------------------------------------------------------------- review


def test_existing_files_are_not_overwritten_without_force(tmp_path: Path) -> None:
    from xl_tiebreak.model.tournament import InputError

    (tmp_path / "swiss.py").write_text("# my own module\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        build_templates(tmp_path)
    assert [p.where for p in caught.value.problems] == [str(tmp_path / "swiss.py")]
    assert "use --force" in caught.value.problems[0].message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["swiss.py"]  # nothing written
    assert (tmp_path / "swiss.py").read_text(encoding="utf-8") == "# my own module\n"
    written = build_templates(tmp_path, force=True)
    assert sorted(p.name for p in written) == sorted((*TEMPLATE_FILES, *KNOCKOUT_FILES))
    assert "from xl_tiebreak.macros import main" in (tmp_path / "swiss.py").read_text()


def test_demo_is_not_overwritten_without_force(tmp_path: Path) -> None:
    from xl_tiebreak.model.tournament import InputError

    build_demo(tmp_path)
    (tmp_path / f"{DEMO_NAME}.py").write_text("# edited\n", encoding="utf-8")
    with pytest.raises(InputError, match="already exists"):
        build_demo(tmp_path)
    assert (tmp_path / f"{DEMO_NAME}.py").read_text(encoding="utf-8") == "# edited\n"
    build_demo(tmp_path, force=True)
    assert (tmp_path / f"{DEMO_NAME}.py").read_text(encoding="utf-8") != "# edited\n"


@pytest.mark.parametrize("name", WORKBOOKS)
def test_every_formula_reads_the_crosstable_through_the_sized_name(name: str) -> None:
    wb = openpyxl.load_workbook(SHIPPED / name)
    refers_to = wb.defined_names["Crosstable"].attr_text
    assert refers_to == CROSSTABLE_REFERS_TO
    assert "OFFSET" not in refers_to.upper() and "INDIRECT" not in refers_to.upper()  # volatile
    assert "INDEX(" in refers_to and "COUNTA(" in refers_to
    formulas = [
        str(getattr(c.value, "text", c.value))
        for ws in wb.worksheets if ws.title != "Settings"  # its one formula resolves Rules
        for row in ws.iter_rows() for c in row
        if c.data_type == "f" or isinstance(c.value, ArrayFormula)
    ]
    assert formulas
    for formula in formulas:  # the crosstable itself, or the event token made from it
        assert re.search(r"\((?:Crosstable|Tournament)[,)]", formula), formula
        assert "Crosstable!" not in formula, formula  # never a fixed range of the sheet


@pytest.mark.parametrize("name", WORKBOOKS)
def test_one_call_per_column(name: str) -> None:
    """The crosstable is transferred once: only the token cell (``=CROSSTABLE_ID(Crosstable,
    SettingsTable)``) takes it; every other call takes the one-cell token ``Tournament``, one
    array formula per column over :data:`TEMPLATE_ROWS` rows, far fewer than 50 calls."""
    from xl_tiebreak.excel.templates.function_sheets import TEMPLATE_ROWS

    wb = openpyxl.load_workbook(SHIPPED / name)
    transfers, calls = 0, 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                text = str(getattr(c.value, "text", c.value))
                formula = c.data_type == "f" or isinstance(c.value, ArrayFormula)
                transfers += formula and "Crosstable" in text
                if formula and "Tournament" in text:
                    calls += 1
                    if ws.title == "Functions" and c.row >= FUNCTIONS_FIRST_ROW:
                        assert isinstance(c.value, ArrayFormula), c.coordinate
                        c1, r1, c2, r2 = range_boundaries(c.value.ref)
                        assert (r1, r2 - (r1 or 0) + 1) == (FUNCTIONS_FIRST_ROW, TEMPLATE_ROWS)
    columns = len(wb["Functions"][FUNCTIONS_FIRST_ROW - 1]) - 2
    assert transfers == 1
    assert calls == columns + 4  # + the labels, the checks of both sheets, the standings
    assert calls < 50


@pytest.mark.parametrize("name", WORKBOOKS)
def test_the_rules_helper_uses_no_locale_format_codes(name: str) -> None:
    """TEXT(date, "yyyy-mm-dd") gives #RULES? in German, French, Dutch… Excel (its format codes
    are language-specific): no formula of a template holds TEXT( or a quoted format code; the
    helper passes the start date cell itself, which the functions read in any form."""
    wb = openpyxl.load_workbook(SHIPPED / name)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                text = str(getattr(c.value, "text", c.value))
                if c.data_type == "f" or isinstance(c.value, ArrayFormula):
                    assert "TEXT(" not in text.upper(), (ws.title, c.coordinate, text)
                    assert not re.search(r'"[^"]*(yy|mm|dd|jj|aa|tt)[^"]*"', text, re.I), text
    settings = wb["Settings"]
    rules_row = next(c.row for c in settings["A"] if c.value == "Rules")
    date_row = next(c.row for c in settings["A"] if c.value == "Start date")
    helper = settings[f"D{rules_row}"].value
    assert f"B{date_row}" in helper and f"B{rules_row}" in helper


def test_the_placeholder_sheet_is_replaced_and_marked(tmp_path: Path) -> None:
    from xl_tiebreak.excel.sheets.standings_sheet import PLACEHOLDER, sheet_kind

    wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsx")
    assert wb["Standings"]["A1"].value == PLACEHOLDER
    book = OpenpyxlBook(wb)
    assert sheet_kind(book, "standings") == ("Standings", "standings")
    assert sheet_kind(book, "Crosstable") == ("Crosstable", "user")
    assert sheet_kind(book, "Problems") == (None, "absent")


def test_functions_follow_the_start_date_when_rules_is_auto(tmp_path: Path,
                                                             registered: None) -> None:
    # Move the Swiss template's start date before 1 March 2026: with Rules = AUTO the
    # worksheet functions must then use the 2023/24 rules, like the Standings sheet.
    wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsx")
    settings = wb["Settings"]
    date_row = next(c.row for c in settings["A"] if c.value == "Start date")
    settings[f"B{date_row}"] = datetime.datetime(2025, 10, 4)
    path = tmp_path / "early.xlsx"
    wb.save(path)
    values = calculate(sized_names(path, tmp_path / "early_sized.xlsx"))
    template = template_of("swiss.xlsx")
    tournament = read_crosstable([list(r) for r in template.rows])
    early = compute_standings(tournament, ["BH"], "fide2023")
    late = compute_standings(tournament, ["BH"], "fide2026")
    functions = wb["Functions"]
    headers = [c.value for c in functions[FUNCTIONS_FIRST_ROW - 1]]
    col = column_letter(headers.index("BUCHHOLZ") + 1)
    differs = False
    for i, r in enumerate(range(FUNCTIONS_FIRST_ROW, FUNCTIONS_FIRST_ROW + template.players)):
        no = template.rows[1 + i][0]
        assert isinstance(no, int) and values[("FUNCTIONS", f"A{r}")] == no
        want = to_float(early.row(no).values[0])
        assert values[("FUNCTIONS", f"{col}{r}")] == want
        differs |= want != to_float(late.row(no).values[0])
    assert differs, "the sample should show a difference between the rule sets"


def test_libreoffice_sizes_the_crosstable_name_to_the_data(tmp_path: Path) -> None:
    """The INDEX/COUNTA name, evaluated by a real spreadsheet program: 17 rows × 15 columns
    for the Swiss sample (No … R7, Pts, Extra points, Manual order), 18 rows once a 17th
    player is typed below."""
    import subprocess

    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsx")
    probe = wb.create_sheet("Probe")
    probe["A1"], probe["B1"] = "=ROWS(Crosstable)", "=COLUMNS(Crosstable)"
    wb.save(tmp_path / "probe.xlsx")
    wb["Crosstable"]["A18"], wb["Crosstable"]["B18"] = 17, "New Player"
    wb.save(tmp_path / "probe17.xlsx")
    out = tmp_path / "out"
    done = subprocess.run(
        [soffice, f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
         "--calc", "--convert-to", "xlsx", "--outdir", str(out),
         str(tmp_path / "probe.xlsx"), str(tmp_path / "probe17.xlsx")],
        capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr
    for name, rows in (("probe.xlsx", 17), ("probe17.xlsx", 18)):
        values = openpyxl.load_workbook(out / name, data_only=True)["Probe"]
        assert (values["A1"].value, values["B1"].value) == (rows, 15), name



def test_the_standings_command_caches_fresh_formula_values(tmp_path: Path) -> None:
    """``xl-tiebreak standings`` rewrites the workbook with openpyxl (which stores no formula
    values) and caches the value of every formula again, computed from the crosstable as it is
    now (a result changed first), so that a viewer without the add-in still shows numbers; the
    file does not ask for a recalculation then."""
    from xl_tiebreak.excel.headless import write_standings_file

    book = tmp_path / "swiss.xlsm"
    wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsm", keep_vba=True)
    # #16 Oliver Bennett draws his round-7 game instead of withdrawing: a new table
    ws = wb["Crosstable"]
    header = [c.value for c in ws[1]]
    row = next(r for r in ws.iter_rows(min_row=2) if r[0].value == 16)
    row[header.index("R7")].value = "15w½"
    row[header.index("Pts")].value = 1.5
    row15 = next(r for r in ws.iter_rows(min_row=2) if r[0].value == 15)
    row15[header.index("R7")].value = "16b½"
    row15[header.index("Pts")].value = 2
    wb.save(book)
    write_standings_file(book)
    assert not openpyxl.load_workbook(book).calculation.fullCalcOnLoad
    edited = read_crosstable([[c.value for c in r] for r in
                              openpyxl.load_workbook(book)["Crosstable"].iter_rows()])
    got = cached_values(book)
    functions = openpyxl.load_workbook(book)["Functions"]
    headers = [c.value for c in functions[FUNCTIONS_FIRST_ROW - 1]]
    col = headers.index("BUCHHOLZ") + 1
    bh = compute_standings(edited, ["BH"], "auto")
    for r in range(FUNCTIONS_FIRST_ROW, FUNCTIONS_FIRST_ROW + SWISS.players):
        start_no = int(got[("FUNCTIONS", f"A{r}")])
        assert got[("FUNCTIONS", f"{column_letter(col)}{r}")] == to_float(
            bh.row(start_no).values[0]), start_no
    assert bh.row(16).values[0] != compute_standings(
        read_crosstable([list(x) for x in SWISS.rows]), ["BH"], "auto").row(16).values[0]


def test_the_standings_command_asks_for_a_recalculation_for_other_formulas(
        tmp_path: Path) -> None:
    """A formula of the user's own (only the spreadsheet computes it): the file is saved
    without formula values and asks the spreadsheet to recompute every formula on opening —
    never a stale or empty value shown as if computed."""
    from xl_tiebreak.excel.headless import write_standings_file

    book = tmp_path / "swiss.xlsx"
    wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsx")
    wb["Settings"]["F1"] = "=SUM(Crosstable!D2:D5)"
    wb.save(book)
    write_standings_file(book)
    assert openpyxl.load_workbook(book).calculation.fullCalcOnLoad
    assert openpyxl.load_workbook(book, data_only=True)["Functions"]["C5"].value is None


def test_the_functions_read_blank_rounds_as_the_settings_say(tmp_path: Path) -> None:
    """Settings' Blank rounds reaches the worksheet functions (defined name ``BlankRounds``):
    #9's half-point bye of round 3 typed as an empty cell, with Blank rounds = Half-point bye,
    gives every formula the value of the shipped template (where the cell says ``H``, values
    checked against the engine above); with Absent, #9 has half a point less. The Standings
    sheet agrees, and the check says how the blank was read."""
    from xl_tiebreak.excel.headless import write_standings_file

    shipped = cached_values(SHIPPED / "swiss.xlsx")
    for setting, same in (("Half-point bye", True), ("Absent", False)):
        book = tmp_path / f"{setting[0]}" / "swiss.xlsx"
        book.parent.mkdir()
        wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsx")
        ws = wb["Crosstable"]
        header = [c.value for c in ws[1]]
        row9 = next(r for r in ws.iter_rows(min_row=2) if r[0].value == 9)
        assert row9[header.index("R3")].value == "H"
        row9[header.index("R3")].value = None
        settings = wb["Settings"]
        blank_row = next(c.row for c in settings["A"] if c.value == "Blank rounds")
        settings.cell(row=blank_row, column=2, value=setting)
        wb.save(book)
        write_standings_file(book)
        got = cached_values(book)
        check = got[("FUNCTIONS", "B3")]
        if same:
            assert "1 blank round read as a half-point bye" in str(check)
            assert "cell H10 (#9 round 3)" in str(check)
        else:  # the blank read as an absence, the declared 3.5 points, the setting to use
            assert str(check).startswith("OK, 3 warnings: row 10: #9 Chloé Martin declares")
        own = {("FUNCTIONS", "B2"), ("FUNCTIONS", "B3"), ("FORMULA STANDINGS", "A2")}  # the
        # token (another content) and the checks (the warning about the blank)
        differing = {k for k in shipped if k not in own and got[k] != shipped[k]}
        points_9 = ("FUNCTIONS", f"C{FUNCTIONS_FIRST_ROW + 8}")
        assert (differing == set()) is same, sorted(differing)[:5]
        if not same:
            assert got[points_9] == shipped[points_9] - 0.5
        standings = sheet_table.table(list(openpyxl.load_workbook(book)["Standings"].iter_rows(
            values_only=True)))
        at = standings[0].index("Pts")
        pts = next(r[at] for r in standings[1:] if r[1] == 9)
        assert pts == got[points_9]


def test_the_template_settings_reach_the_compare_sheet_and_the_functions(
        tmp_path: Path) -> None:
    """The template's Settings rows for the orders to compare and the lots seed are read:
    an order typed under Compare orders gives a Compare sheet; with LOTS last in the order and
    a seed, the Functions sheet's PLACE column (which passes ``LotsSeed``) equals the places
    of the Standings sheet, which the same seed draws; another seed may draw otherwise but
    both agree again."""
    from xl_tiebreak.excel.headless import write_standings_file

    for seed in ("spring-2026", "another seed"):
        book = tmp_path / seed / "swiss.xlsx"
        book.parent.mkdir()
        wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsx")
        settings = wb["Settings"]
        labels = {c.value: c.row for c in settings["A"] if c.value}
        settings.cell(row=labels["Compare orders"], column=2, value="SB,BH")
        settings.cell(row=labels["Lots seed"], column=2, value=seed)
        first = labels["Tie-breaks (in order)"]
        for r in range(first, first + TIEBREAK_SLOTS):
            settings.cell(row=r, column=2, value=None)
        settings.cell(row=first, column=2, value="LOTS")  # places by lot only
        wb.save(book)
        write_standings_file(book)
        out = openpyxl.load_workbook(book)
        assert "Compare" in out.sheetnames
        standings = sheet_table.table(list(out["Standings"].iter_rows(values_only=True)))
        place = {r[1]: r[0] for r in standings[1:]}
        assert seed in " ".join(str(c) for row in out["Standings"].values for c in row if c)
        got = cached_values(book)
        functions = out["Functions"]
        col = [c.value for c in functions[FUNCTIONS_FIRST_ROW - 1]].index("PLACE") + 1
        for r in range(FUNCTIONS_FIRST_ROW, FUNCTIONS_FIRST_ROW + SWISS.players):
            no = int(got[("FUNCTIONS", f"A{r}")])
            assert got[("FUNCTIONS", f"{column_letter(col)}{r}")] == float(
                str(place[no]).split("–")[0]), (seed, no)


def test_the_standings_sheet_shows_extra_points_in_their_own_column(tmp_path: Path) -> None:
    """The template's Extra points column (docs/decisions.md D51): the Standings sheet shows
    Extra after Pts, Pts includes it (#2: 4½ from the games + 1 = 5½), and the legend says
    what it is; without extra points (the column left empty) the column is not there."""
    from xl_tiebreak.excel.headless import write_standings_file

    book = tmp_path / "extra.xlsx"
    wb = openpyxl.load_workbook(SHIPPED / "swiss.xlsx")
    ws = wb["Crosstable"]
    headers = [c.value for c in ws[1]]
    col = headers.index("Extra points") + 1  # the template's own, empty column
    ws.cell(row=3, column=col, value=1)  # #2 Lukas Brenner
    wb.save(book)
    write_standings_file(book)
    rows = sheet_table.table(list(openpyxl.load_workbook(book)["Standings"].iter_rows(
        values_only=True)))
    header = list(rows[0])
    assert header[header.index("Pts") + 1] == "Extra"
    lukas = next(r for r in rows[1:] if r[1] == 2)
    assert (lukas[header.index("Pts")], lukas[header.index("Extra")]) == (5.5, 1)
    texts = [str(c) for r in openpyxl.load_workbook(book)["Standings"].values for c in r if c]
    assert texts[texts.index("Extra", texts.index("Legend")) + 1].startswith(
        "points added by the arbiter")
    plain = tmp_path / "plain.xlsx"
    plain.write_bytes((SHIPPED / "swiss.xlsx").read_bytes())
    write_standings_file(plain)
    header = list(sheet_table.table(list(openpyxl.load_workbook(plain)["Standings"].iter_rows(
        values_only=True)))[0])
    assert "Extra" not in header
