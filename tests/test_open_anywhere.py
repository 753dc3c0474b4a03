"""The demo opened without the add-in, as LibreOffice shows and prints it (issue 8 item 4,
issue 13 item 2); skipped when ``soffice`` or poppler's ``pdfinfo``/``pdftotext`` are absent.

* Every formula cell holds its value cached (tests/test_templates.py checks the values against
  the engine); LibreOffice shows those of the plain formulas (the Functions sheet's check, the
  Settings sheet's Rules helper) instead of ``#NAME?``.
* LibreOffice (7.4, checked with ``{=1+1}`` cached as 7: it shows 2) recomputes every *array*
  formula when it opens a file, whatever value is cached, so the one-call-per-column cells of
  the Functions and Formula standings sheets show ``#NAME?`` there: an expected failure, strict,
  so that a LibreOffice that keeps cached array results is noticed.
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

from xl_tiebreak.excel.templates import SWISS, build_demo

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


def test_no_error_on_the_sheets_without_array_formulas(
        shown: dict[str, list[list[str]]]) -> None:
    assert set(shown) >= {"How to", "Crosstable", "Settings", "Standings", *ARRAY_SHEETS}
    for name, rows in shown.items():
        if name not in ARRAY_SHEETS:
            assert errors_in(rows) == [], name


def test_plain_formulas_show_their_cached_values(shown: dict[str, list[list[str]]]) -> None:
    functions = shown["Functions"]
    assert functions[1][:2] == ["Check", "OK"]  # =CROSSTABLE_CHECK(Crosstable,TournamentType)
    rules = next(row for row in shown["Settings"] if row[0] == "Rules")
    assert rules[3] == "2026-04-11"  # the Rules helper: AUTO gives the start date
    assert SWISS.settings["start_date"].date().isoformat() == "2026-04-11"  # type: ignore[union-attr]


@pytest.mark.xfail(strict=True, reason="LibreOffice recomputes array formulas on opening "
                   "(cached results ignored): the add-in's functions are unknown there")
def test_array_formulas_show_their_cached_values(shown: dict[str, list[list[str]]]) -> None:
    for name in ARRAY_SHEETS:
        assert errors_in(shown[name]) == [], name


# ---------------------------------------------------------------- print (issue 13 item 2)


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
    assert header[-1] == "Pts" and header[-2] == "R7"
    assert ws.print_title_rows == "$1:$1" and ws.page_setup.orientation == "landscape"
    ws.insert_cols(len(header), 4)  # R8..R11 before Pts, every cell filled
    for i, r in enumerate(range(8, 12)):
        col = len(header) + i
        ws.cell(row=1, column=col, value=f"R{r}")
        for row in range(2, ws.max_row + 1):
            ws.cell(row=row, column=col, value="16w½")
        ws.column_dimensions[ws.cell(row=1, column=col).column_letter].width = 6
    wide = tmp_path / "crosstable_11.xlsx"
    wb.save(wide)
    pdf = script.to_pdf(wide, tmp_path)
    assert script.pdf_pages(pdf) == 1
    text = script.pdf_text(pdf)
    assert "R11" in text and "Pts" in text and "Oliver Bennett" in text


def test_settings_print_on_one_page(script: ModuleType, tmp_path: Path) -> None:
    pdf = script.to_pdf(script.demo_sheet_workbook(tmp_path, "Settings"), tmp_path)
    assert script.pdf_pages(pdf) == 1
    lines = [line.split() for line in script.pdf_text(pdf).splitlines() if line.strip()]
    text = " ".join(" ".join(line) for line in lines)
    for header in ("Setting", "Value", "What the value means", "Rules the functions get",
                   "(AUTO: the start date)"):  # every column says what it holds
        assert header in text
    assert "Blank rounds Absent" in text and "Tie-breaks (in order) BH/C1" in text
