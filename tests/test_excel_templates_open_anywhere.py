"""The demo opened without the add-in, as LibreOffice shows and prints it; skipped when
``soffice`` or poppler's ``pdfinfo``/``pdftotext`` are absent.

* Every formula cell holds its value cached (tests/test_excel_templates_builder.py checks the
values against
  the engine); LibreOffice shows those of plain formulas instead of ``#NAME?``.
* LibreOffice recomputes every *array* formula when it opens a file, whatever value is cached
  (its OOXML import keeps cached results of plain formulas only): asserted below on ``{=1+1}``
  cached as 7. So the demo writes one plain formula per cell on its Functions and Formula
  standings sheets (docs/engineering.md D56), and no page of the printed demo shows ``#NAME?``.
* The Crosstable prints one page wide (also with 11 rounds), the Settings sheet on one page.
"""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path
from types import ModuleType

import openpyxl
import pytest
from libreoffice import SOFFICE, needs_libreoffice, render_script
from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.excel.files.checks import workbook_bytes
from xl_tiebreak.excel.functions.cached_values import with_cached_values
from xl_tiebreak.excel.templates.builder import SWISS, build_demo
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.standings.final import compute_standings

ERRORS = ("#NAME?", "#VALUE!", "Err:", "#N/A", "#REF!")
ARRAY_SHEETS = ("Functions", "Formula standings")

pytestmark = needs_libreoffice


@pytest.fixture(scope="module")
def shown(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[str]]]:
    """Every sheet of the demo as LibreOffice shows it (its CSV export of each sheet, the
    displayed texts), opened as ``xl-tiebreak demo`` wrote it."""
    folder = tmp_path_factory.mktemp("open")
    demo = build_demo(folder)
    out = folder / "csv"
    assert SOFFICE is not None
    subprocess.run(
        [SOFFICE, f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless",
         "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,"
         "false,false,-1", "--outdir", str(out), str(demo)],
        check=True, capture_output=True, timeout=240)
    sheets = {}
    for name in openpyxl.load_workbook(demo, read_only=True).sheetnames:
        with open(out / f"{demo.stem}-{name}.csv", encoding="utf-8", newline="") as f:
            sheets[name] = list(csv.reader(f))
    return sheets


def errors_in(rows: list[list[str]]) -> list[str]:
    return [cell for row in rows for cell in row if cell.startswith(ERRORS)]


def test_no_error_on_any_sheet(shown: dict[str, list[list[str]]]) -> None:
    assert set(shown) >= {"How to", "Crosstable", "Settings", "Standings", *ARRAY_SHEETS}
    for name, rows in shown.items():
        assert errors_in(rows) == [], name


def test_plain_formulas_show_their_cached_values(shown: dict[str, list[list[str]]]) -> None:
    functions = shown["Functions"]
    check = next(row for row in functions if row[:1] == ["Check"])  # =CROSSTABLE_CHECK(…)
    assert check[:2] == ["Check", "OK"]
    rules = next(row for row in shown["Settings"] if row[0] == "Rules")
    assert rules[3] == "2026-04-11"  # the Rules helper: AUTO gives the start date
    assert SWISS.settings["start_date"].date().isoformat() == "2026-04-11"  # type: ignore[union-attr]


def test_the_function_sheets_show_their_cached_values(shown: dict[str, list[list[str]]]) -> None:
    """The demo's Functions and Formula standings sheets (one plain formula per cell) show the
    values cached in the file: no error text, and the numbers the engine computes."""
    for name in ARRAY_SHEETS:
        assert errors_in(shown[name]) == [], name
    want = compute_standings(read_crosstable([list(r) for r in SWISS.rows]),
                             SWISS.settings["tiebreaks"], "auto", None, 1400)  # type: ignore[arg-type]
    table = shown["Formula standings"]
    assert table[2][:3] == ["Place", "No", "Name"]
    shown_nos = [row[1] for row in table[3:3 + len(want.rows)]]
    assert shown_nos == [str(r.participant.start_no) for r in want.rows]
    functions = shown["Functions"]
    header = functions[3]
    points = header.index("POINTS")
    for row in functions[4:4 + len(want.rows)]:
        got = row[points].replace(",", ".")
        assert float(got.replace("½", ".5") if got != "½" else "0.5") == float(
            want.row(int(row[0])).points), row


def test_no_printed_page_of_the_demo_shows_name_errors(tmp_path: Path) -> None:
    """the demo printed through LibreOffice (every sheet, every page) shows no
    ``#NAME?`` (nor another error value)."""
    script = render_script()
    demo = build_demo(tmp_path)
    pdf = script.to_pdf(demo, tmp_path)
    text = script.pdf_text(pdf)
    assert script.pdf_pages(pdf) >= 10
    assert "Oliver Bennett" in text and "BUCHHOLZ_CUT1" in text
    for error in ("#NAME?", "#VALUE!", "Err:", "#N/A", "#REF!"):
        assert error not in text, error


def test_libreoffice_recomputes_array_formulas_on_opening(tmp_path: Path) -> None:
    """The fact behind docs/engineering.md D56: an array formula ``{=1+1}`` saved with the cached
    value 7 shows 2 in LibreOffice, a plain ``=1+1`` cached as 7 shows 7."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = ArrayFormula("A1", "=1+1")
    ws["B1"] = "=1+1"
    data = with_cached_values(workbook_bytes(wb), {ws.title: {"A1": 7, "B1": 7}})
    path = tmp_path / "cached.xlsx"
    path.write_bytes(data)
    out = tmp_path / "csv"
    assert SOFFICE is not None
    subprocess.run(
        [SOFFICE, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless",
         "--convert-to", "csv", "--outdir", str(out), str(path)],
        check=True, capture_output=True, timeout=240)
    assert (out / "cached.csv").read_text(encoding="utf-8").split() == ["2,7"]


# ---------------------------------------------------------------- print


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return render_script()


def test_crosstable_prints_one_page_wide_up_to_11_rounds(script: ModuleType,
                                                         tmp_path: Path) -> None:
    only = script.demo_sheet_workbook(tmp_path, "Crosstable")
    assert script.pdf_pages(script.to_pdf(only, tmp_path)) == 1  # 16 players, 7 rounds
    wb = openpyxl.load_workbook(only)
    ws = wb["Crosstable"]
    header = [c.value for c in ws[1]]
    pts = header.index("Pts") + 1  # then the Extra points and Manual order columns
    assert header[pts - 2] == "R7" and header[pts:] == ["Extra points", "Manual order"]
    assert ws.print_title_rows == "$1:$1" and ws.page_setup.orientation == "landscape"
    ws.insert_cols(pts, 4)  # R8..R11 before Pts, every cell filled
    for i, r in enumerate(range(8, 12)):
        col = pts + i
        ws.cell(row=1, column=col, value=f"R{r}")
        for row in range(2, ws.max_row + 1):
            ws.cell(row=row, column=col, value="16w½")
        ws.column_dimensions[ws.cell(row=1, column=col).column_letter].width = 6
    wide = tmp_path / "crosstable_11.xlsx"
    wb.save(wide)
    pdf = script.to_pdf(wide, tmp_path)
    assert script.pdf_pages(pdf) <= 2  # one page wide, its rows down (the header on each)
    text = script.pdf_text(pdf)
    assert "R11" in text and "Pts" in text and "Oliver Bennett" in text


def test_settings_print_on_one_page(script: ModuleType, tmp_path: Path) -> None:
    pdf = script.to_pdf(script.demo_sheet_workbook(tmp_path, "Settings"), tmp_path)
    assert script.pdf_pages(pdf) <= 2  # one page wide, its rows down (the header on each)
    lines = [line.split() for line in script.pdf_text(pdf).splitlines() if line.strip()]
    text = " ".join(" ".join(line) for line in lines)
    for header in ("Setting", "Value", "What the value means", "Rules the functions get",
                   "(AUTO: the start date)"):  # every column says what it holds
        assert header in text
    assert "Blank rounds Absent" in text and "Tie-breaks (in order) BH/C1" in text
