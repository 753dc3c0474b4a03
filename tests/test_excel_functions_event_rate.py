"""The Event sheet's Rate reaches the worksheet functions (issue 19 item 2): a rapid event
whose crosstable has a ``Rapid rating`` column beside ``Rating`` gets the rapid ratings in
ARO, TPR, PTP… of the functions, as on the Standings sheet and in ``compute``.

The token ``CROSSTABLE_ID(Crosstable, SettingsTable, Event rows)`` reads the Rate of the
Event rows; a workbook written from an event with an Event sheet passes them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

import xl_tiebreak.udfs as udfs
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.from_event import write_event_workbook
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.util.numbers import to_float

ROWS: list[list[Any]] = [
    ["No", "Name", "Rating", "Rapid rating", "R1", "R2", "R3"],
    [1.0, "A", 2000.0, 1800.0, "2w1", "3b½", "4w1"],
    [2.0, "B", 1900.0, 2100.0, "1b0", "4w1", "3b0"],
    [3.0, "C", 1800.0, 1500.0, "4b½", "1w½", "2w1"],
    [4.0, "D", 1700.0, 1950.0, "3w½", "2b0", "1b0"],
]
"""Four players, three rounds; each has a standard and a (different) rapid rating."""

RAPID = (("Fact", "Value"), ("Rate", "rapid"))
NUMBERS = [[1.0], [2.0], [3.0], [4.0]]


def _engine(rate: str, code: str) -> list[float | None]:
    """``code``'s value of each player from the engine on the crosstable read afresh, the
    tournament's rate set to ``rate``."""
    t = read_crosstable(ROWS)
    t.rate = rate
    standings = compute_standings(t, [code], "auto")
    return [to_float(standings.row(no).values[0]) for no in range(1, 5)]


def test_the_token_reads_the_rate_of_the_event_rows() -> None:
    udfs.clear_cache()
    crosstable = tuple(tuple(r) for r in ROWS)
    rapid = udfs.CROSSTABLE_ID(crosstable, "", RAPID)
    plain = udfs.CROSSTABLE_ID(crosstable, "")
    assert rapid.split()[0] != plain.split()[0]  # another event, another token
    aro_rapid = [v for (v,) in udfs.ARO([[rapid]], NUMBERS)]
    aro_plain = [v for (v,) in udfs.ARO([[plain]], NUMBERS)]
    # by hand: A met B, C, D: rapid (2100 + 1500 + 1950) / 3, standard (1900 + 1800 + 1700) / 3
    assert aro_rapid[0] == 1850.0 and aro_plain[0] == 1800.0
    assert aro_rapid == _engine("rapid", "ARO")
    assert aro_plain == _engine("standard", "ARO")
    for name, code in (("TPR", "TPR"), ("PTP", "PTP"), ("APRO", "APRO")):
        got = [v for (v,) in getattr(udfs, name)([[rapid]], NUMBERS)]
        assert got == _engine("rapid", code), name


def test_a_rate_that_is_none_of_the_three_is_said_in_the_token_cell() -> None:
    udfs.clear_cache()
    token = udfs.CROSSTABLE_ID(tuple(tuple(r) for r in ROWS), "",
                               (("Fact", "Value"), ("Rate", "bullet")))
    assert "#" in token and "bullet" in token and "B2" in token
    assert str(udfs.ARO([[token.split()[0]]], NUMBERS)).startswith("#SETTINGS")


def test_event_rows_that_are_not_a_range_are_refused() -> None:
    udfs.clear_cache()
    value = udfs.CROSSTABLE_ID(tuple(tuple(r) for r in ROWS), "", "rapid")
    assert str(value).startswith("#EVENT?")


def _column(ws: Any, header_row: int, label: str, rows: int) -> list[Any]:
    """The values under the header ``label`` of ``header_row``."""
    headers = [c.value for c in ws[header_row]]
    col = headers.index(label) + 1
    return [ws.cell(row=header_row + 1 + k, column=col).value for k in range(rows)]


def _header_row(ws: Any, first: str) -> int:
    for row in ws.iter_rows(min_row=1, max_row=20):
        if row[0].value == first:
            return int(row[0].row)
    raise AssertionError(f"no row starting with {first!r}")


def test_a_rapid_workbook_functions_equal_standings_equal_compute(tmp_path: Path) -> None:
    t = read_crosstable(ROWS)
    t.rate = "rapid"
    t.tiebreaks = ["ARO", "TPR"]
    path = tmp_path / "rapid.xlsx"
    write_event_workbook(t, path)
    assert main(["standings", str(path)]) == 0
    formulas = openpyxl.load_workbook(path)
    assert "Event!" in str(formulas["Functions"]["B2"].value)  # the token reads the Rate
    book = openpyxl.load_workbook(path, data_only=True)
    functions = book["Functions"]
    head = _header_row(functions, "No")
    numbers = _column(functions, head, "No", 4)
    standings_sheet = book["Standings"]
    top = _header_row(standings_sheet, "Place")
    by_no = dict(zip(_column(standings_sheet, top, "No", 4),
                     zip(_column(standings_sheet, top, "ARO", 4),
                         _column(standings_sheet, top, "TPR", 4), strict=True), strict=True))
    for code, k in (("ARO", 0), ("TPR", 1)):
        computed = _engine("rapid", code)
        in_functions = _column(functions, head, code, 4)
        in_standings = [by_no[int(no)][k] for no in numbers]
        assert in_functions == [computed[int(no) - 1] for no in numbers] == in_standings
        assert computed != _engine("standard", code)  # the rate changes these values


def _template_with_event_sheet(tmp_path: Path) -> Path:
    """The shipped Swiss template with ROWS typed into its crosstable (Pts left out) and an
    Event sheet added by hand whose Rate is rapid: what an organizer does who keeps the
    event's facts in the workbook."""
    source = Path(__file__).resolve().parents[1] / "workbook_templates" / "swiss.xlsx"
    book = openpyxl.load_workbook(source)
    ws = book["Crosstable"]
    ws.delete_rows(1, ws.max_row)
    for row in ROWS:
        ws.append(row)
    event = book.create_sheet("Event")
    for row in RAPID:
        event.append(list(row))
    path = tmp_path / "club.xlsx"
    book.save(path)
    return path


def _functions_column(path: Path, code: str) -> list[Any]:
    functions = openpyxl.load_workbook(path, data_only=True)["Functions"]
    head = _header_row(functions, "No")
    numbers = [int(n) for n in _column(functions, head, "No", 4)]
    values = dict(zip(numbers, _column(functions, head, code, 4), strict=True))
    return [values[no] for no in range(1, 5)]


def _standings_texts(path: Path) -> str:
    sheet = openpyxl.load_workbook(path, data_only=True)["Standings"]
    return "\n".join(str(c.value) for row in sheet.iter_rows() for c in row if c.value)


def test_an_event_sheet_added_to_a_template_is_said_until_the_token_reads_it(
        tmp_path: Path) -> None:
    """The template's token cell reads no Event rows (D-P1): the Standings sheet uses the
    rapid ratings, the functions the standard ones, and the Standings sheet says so and
    how to make them agree; once the token cell reads the Event sheet, both agree and the
    warning goes."""
    from xl_tiebreak.excel.book.function_arrays import event_call

    path = _template_with_event_sheet(tmp_path)
    assert main(["standings", str(path)]) == 0
    said = _standings_texts(path)
    assert "the Event sheet's Rate (rapid)" in said and "FIDE rapid rating" in said
    assert "Functions!B2" in said
    assert "=CROSSTABLE_ID(Crosstable,SettingsTable,Event!$A$1:$B$50)" in said
    # what the warning is about: the functions computed with the standard ratings
    assert _functions_column(path, "ARO") == _engine("standard", "ARO")
    assert _engine("standard", "ARO") != _engine("rapid", "ARO")

    book = openpyxl.load_workbook(path)
    book["Functions"]["B2"] = event_call()  # what the warning says to write
    book.save(path)
    assert main(["standings", str(path)]) == 0
    assert "the Event sheet's Rate" not in _standings_texts(path)
    assert _functions_column(path, "ARO") == _engine("rapid", "ARO")
    assert _functions_column(path, "TPR") == _engine("rapid", "TPR")


def test_no_warning_where_the_rate_changes_no_rating(tmp_path: Path) -> None:
    """A rapid event without rapid ratings uses the Rating column everywhere."""
    path = _template_with_event_sheet(tmp_path)
    book = openpyxl.load_workbook(path)
    ws = book["Crosstable"]
    ws.delete_cols(4)  # no Rapid rating column
    book.save(path)
    assert main(["standings", str(path)]) == 0
    assert "the Event sheet's Rate" not in _standings_texts(path)


def test_where_formulas_cannot_be_read_the_warning_says_what_to_check(tmp_path: Path) -> None:
    """xlwings Lite reads no formulas (cell_formula None): the warning is conditional, in
    the language of the Settings sheet (Portuguese: the formula with semicolons)."""
    from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
    from xl_tiebreak.excel.sheets.writer import write_standings_to

    class FormulasUnread(OpenpyxlBook):
        def cell_formula(self, sheet: str, ref: str) -> str | None:
            return None

    path = _template_with_event_sheet(tmp_path)
    workbook = openpyxl.load_workbook(path)
    result = write_standings_to(FormulasUnread(workbook))
    texts = [p.message for p in result.problems]
    assert any("only if this event token reads the Event sheet" in t for t in texts), texts
    assert any(p.where == "Functions!B2" for p in result.problems)
    settings = workbook["Settings"]
    language = next(r for r in settings.iter_rows() if r[0].value == "Language")
    language[1].value = "pt-BR"
    result = write_standings_to(FormulasUnread(workbook))
    texts = [p.message for p in result.problems]
    assert any("a Modalidade da aba Event (rápido)" in t and "só se" in t
               and "=CROSSTABLE_ID(Crosstable;SettingsTable;Event!$A$1:$B$50)" in t
               for t in texts), texts
