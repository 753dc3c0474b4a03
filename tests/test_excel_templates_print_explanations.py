"""The TIEBREAK_EXPLAIN column of a Functions sheet as it prints: each explanation whole (it
was cut at the column's 72 characters on paper), wrapped in rows of two lines, its column on
the page beside No and Name, the sample's 16 players on one page down per group of columns.

The Swiss template is built here (the shipped files are rebuilt by the maintainers), its
sample as built and a 9-round event typed into it, both printed by one LibreOffice run.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import openpyxl
import pytest
from libreoffice import SOFFICE, needs_libreoffice, render_script
from test_excel_functions_event_sheets import generated, typed

from xl_tiebreak.excel.functions.cached_values import saved_bytes
from xl_tiebreak.excel.headless import write_standings_file
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook
from xl_tiebreak.excel.templates.function_sheets import EXPLAIN_LINES, LINE_HEIGHT

pytestmark = needs_libreoffice


def _functions_only(path: Path, target: Path) -> Path:
    """The Functions sheet of ``path`` alone (values cached, print set-up kept)."""
    wb = openpyxl.load_workbook(path, data_only=True)
    for other in wb.sheetnames:
        if other != "Functions":
            del wb[other]
    wb.save(target)
    return target


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Workbook tag → (its Functions sheet alone, its PDF)."""
    folder = tmp_path_factory.mktemp("explain")
    template = folder / "swiss.xlsx"
    data, cached = saved_bytes(build_workbook(SWISS, vba=False))
    assert cached
    template.write_bytes(data)
    event = typed(template, generated(16, 9, seed=916), folder / "nine_rounds.xlsx")
    write_standings_file(event)
    books = {"sample": _functions_only(template, folder / "sample.xlsx"),
             "nine rounds": _functions_only(event, folder / "nine.xlsx")}
    assert SOFFICE is not None
    subprocess.run([SOFFICE, f"-env:UserInstallation={(folder / 'lo').resolve().as_uri()}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(folder),
                    *map(str, books.values())], check=True, capture_output=True, timeout=600)
    return {tag: (book, book.with_suffix(".pdf")) for tag, book in books.items()}


def _explanations(book: Path) -> dict[tuple[int, str], str]:
    """(No, name) → the explanation the Functions sheet shows (its cached values)."""
    ws = openpyxl.load_workbook(book, data_only=True).active
    assert ws is not None
    header = [c.value for c in ws[4]]
    column = next(i for i, h in enumerate(header) if str(h).startswith("TIEBREAK_EXPLAIN"))
    rows = ws.iter_rows(min_row=5, values_only=True)
    return {(int(str(row[0])), str(row[1])): str(row[column]) for row in rows
            if str(row[1] or "").strip() and str(row[column] or "").strip()}


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("tag", ["sample", "nine rounds"])
def test_every_explanation_prints_whole(printed: dict[str, tuple[Path, Path]],
                                        tag: str) -> None:
    book, pdf = printed[tag]
    script = render_script()
    explanations = _explanations(book)
    assert len(explanations) == 16
    longest = max(len(text) for text in explanations.values())
    assert longest > 100  # longer than one line of the column, shorter than two
    pages = script.pdf_text(pdf).split("\f")
    (page,) = [p for p in pages if "TIEBREAK_EXPLAIN" in p]  # its own group of columns
    # each explanation whole on that page (its lines joined), its player's name there too
    squeezed = _squeezed(page)
    for (_no, name), text in explanations.items():
        assert name in page, name
        assert _squeezed(text) in squeezed, (name, text)
    # wrapped within the column: no printed line runs into the next row's (rows of two
    # lines: the 16 rows and the header on one page)
    assert script.pdf_pages(pdf) == sum(1 for p in pages if p.strip())
    assert all(name in page for _no, name in explanations)


def test_the_rows_hold_two_lines() -> None:
    ws = build_workbook(SWISS, vba=False)["Functions"]
    assert ws.row_dimensions[5].height == EXPLAIN_LINES * LINE_HEIGHT == 30
    last = ws.max_column
    assert ws.cell(row=5, column=last).alignment.wrap_text
    assert ws.cell(row=204, column=last).alignment.wrap_text
