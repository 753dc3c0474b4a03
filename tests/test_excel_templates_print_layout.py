"""The demo's Standings sheet as it prints: rendered by LibreOffice headless to PDF (skipped
when ``soffice`` or poppler's ``pdfinfo``/``pdftotext`` are absent), one page for the demo's
16 players, the title block on the first lines, the table's header and every player below it,
the legend after them and the version in the footer.

The rendering helpers are those of ``scripts/render_standings_png.py`` (the README picture).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from libreoffice import needs_libreoffice, render_script

from xl_tiebreak.excel.templates.builder import SWISS
from xl_tiebreak.version import __version__

ROOT = Path(__file__).resolve().parents[1]

pytestmark = needs_libreoffice


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, list[str]]:
    script = render_script()
    folder = tmp_path_factory.mktemp("print")
    pdf = script.to_pdf(script.demo_sheet_workbook(folder), folder)
    lines = [line.strip() for line in script.pdf_text(pdf).splitlines() if line.strip()]
    return script.pdf_pages(pdf), lines


def test_standings_of_16_players_print_on_one_page(printed: tuple[int, list[str]]) -> None:
    pages, lines = printed
    assert len(SWISS.rows) - 1 == 16
    assert pages == 1


def test_title_block_on_the_first_lines(printed: tuple[int, list[str]]) -> None:
    _, lines = printed
    assert lines[0] == SWISS.settings["name"] == "Spring Open 2026"
    assert lines[1] == "2026-04-11"  # the start date
    assert lines[2].startswith("Final standings after 7 rounds")
    assert lines[3].startswith("Tie-break rules: FIDE 2026")
    assert lines[4].split()[:7] == ["Place", "No", "Title", "Name", "Fed", "Rtg", "Pts"]


def test_every_player_then_the_legend_and_the_footer(printed: tuple[int, list[str]]) -> None:
    _, lines = printed
    text = "\n".join(lines)
    body = lines[5:21]
    assert [line.split()[0] for line in body[:5]] == ["1", "2", "3–4", "3–4", "5"]
    for row in SWISS.rows[1:]:
        assert str(row[1]) in text  # every name
    assert lines.index("Legend") > 20
    assert lines[-1].endswith(f"computed by xl-tiebreak {__version__}")


@needs_libreoffice
def test_the_event_sheet_prints_its_facts_beside_their_labels(tmp_path: Path) -> None:
    """The Event sheet of a workbook written from a TRF prints labels and values on the same
    page (it printed the values on a page of their own)."""
    import openpyxl
    from spec_data import TRF_DIR

    from xl_tiebreak.excel.templates.from_event import write_event_workbook
    from xl_tiebreak.formats.trf.reader import parse_trf

    trf = TRF_DIR / "icu_bunratty_masters_2011.trf"
    if not trf.is_file():
        pytest.skip("shared TRF folder not available")
    path = write_event_workbook(parse_trf(trf.read_bytes(), source=trf.name),
                                tmp_path / "masters.xlsx")
    book = openpyxl.load_workbook(path)
    for name in book.sheetnames:
        if name != "Event":
            del book[name]
    book.save(path)
    script = render_script()
    pdf = script.to_pdf(path, tmp_path)
    assert script.pdf_pages(pdf) == 1
    text = script.pdf_text(pdf)
    assert "Chief arbiter" in text and "Gerry Graham" in text


# ---------------------------------------------------------------- every sheet, as it prints

PRINTED_WORKBOOKS = ("swiss", "round_robin", "team_swiss", "knockout", "demo", "bunratty")
"""The shipped templates (``.xlsx``), the demo and a workbook written from
``icu_bunratty_masters_2011.trf`` with its Standings sheet filled."""
FUNCTION_SHEETS = {"Functions": (5, 2), "Formula standings": (4, 3)}
"""The function sheets, printed at their own size (checked by their own test): the first
participant row and the Name column."""
FUNCTIONS_READABLE = 11.2
"""Least median height of a printed word on a function sheet: 8-point type (about 1.4 times
the type size)."""
LONG = {("bunratty", "Crosstable"), ("bunratty", "Standings")}
"""Sheets long enough to take more than one page (down, never across)."""
SETTINGS_PAGES = 2
"""The individual Settings sheet (about 40 rows with their help) prints one page wide and at
most this many pages down, its header row on each, rather than shrunk to unreadable type."""
READABLE = 9.0
"""Least median height of a printed word in points (pdftotext's boxes, about 1.4 times the
type size: 9 is about 6½-point type; an unscaled 10-point cell gives 14)."""


def _single_sheet_books(path: Path, tag: str, folder: Path) -> dict[str, Path]:
    """One workbook per sheet of ``path`` (cached values kept, print set-up kept), so that
    each sheet's pages are counted on their own."""
    import re

    import openpyxl

    titles = openpyxl.load_workbook(path, read_only=True).sheetnames
    books = {}
    for title in titles:
        wb = openpyxl.load_workbook(path, data_only=True)
        for other in wb.sheetnames:
            if other != title:
                del wb[other]
        target = folder / f"{tag}__{re.sub(r'[^A-Za-z0-9]+', '_', title)}.xlsx"
        wb.save(target)
        books[title] = target
    return books


@pytest.fixture(scope="module")
def every_sheet(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """(workbook, sheet) → its PDF, all printed by one LibreOffice run."""
    import shutil
    import subprocess

    from spec_data import TRF_DIR

    from xl_tiebreak.excel.headless import write_standings_file
    from xl_tiebreak.excel.templates.builder import build_demo
    from xl_tiebreak.excel.templates.from_event import write_event_workbook
    from xl_tiebreak.formats.trf.reader import parse_trf

    folder = tmp_path_factory.mktemp("sheets")
    sources = {name: ROOT / "workbook_templates" / f"{name}.xlsx"
               for name in PRINTED_WORKBOOKS[:4]}
    sources["demo"] = build_demo(folder / "demo")
    trf = TRF_DIR / "icu_bunratty_masters_2011.trf"
    if trf.is_file():
        event = write_event_workbook(parse_trf(trf.read_bytes(), source=trf.name),
                                     folder / "bunratty.xlsx")
        write_standings_file(event)
        sources["bunratty"] = event
    books = {(tag, title): book for tag, path in sources.items()
             for title, book in _single_sheet_books(Path(path), tag, folder).items()}
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    assert soffice is not None
    subprocess.run([soffice, f"-env:UserInstallation={(folder / 'lo').resolve().as_uri()}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(folder),
                    *map(str, books.values())], check=True, capture_output=True, timeout=900)
    return {key: book.with_suffix(".pdf") for key, book in books.items()}


def _word_heights(pdf: Path) -> list[float]:
    import re
    import subprocess

    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True,
                           capture_output=True, text=True).stdout
    return [float(m.group(2)) - float(m.group(1)) for m in re.finditer(
        r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', boxes)]


def test_every_sheet_prints_on_its_pages_with_readable_type(
        every_sheet: dict[tuple[str, str], Path]) -> None:
    import statistics

    script = render_script()
    expected_books = set(PRINTED_WORKBOOKS) - (
        set() if any(k[0] == "bunratty" for k in every_sheet) else {"bunratty"})
    assert {tag for tag, _ in every_sheet} == expected_books
    problems = []
    for (tag, title), pdf in sorted(every_sheet.items()):
        if title in FUNCTION_SHEETS:
            continue
        pages = script.pdf_pages(pdf)
        heights = _word_heights(pdf)
        if (tag, title) in LONG:
            # long: down only, the header row (with the Name column) on every page
            texts = script.pdf_text(pdf).split("\f")
            if not all("Name" in page for page in texts if page.strip()):
                problems.append(f"{tag} {title}: a page without the header (split across)")
        elif title == "Settings" and pages <= SETTINGS_PAGES:
            texts = script.pdf_text(pdf).split("\f")
            if not all("Setting" in page for page in texts if page.strip()):
                problems.append(f"{tag} {title}: a page without the header row")
        elif pages != 1:
            problems.append(f"{tag} {title}: {pages} pages")
        if heights and statistics.median(heights) < READABLE:
            problems.append(f"{tag} {title}: type shrunk to a median word height of "
                            f"{statistics.median(heights):.1f} pt")
    assert problems == []


def _shown_names(book: Path, first_row: int, column: int) -> list[str]:
    """The names a function sheet shows (its cached values, below its header)."""
    import openpyxl

    ws = openpyxl.load_workbook(book, data_only=True).worksheets[0]
    names = [str(row[0]).strip() for row in ws.iter_rows(min_row=first_row, min_col=column,
                                                         max_col=column, values_only=True)]
    return [name for name in names if name and name != "None"]


def test_function_sheets_print_the_event_rows_at_readable_type(
        every_sheet: dict[tuple[str, str], Path]) -> None:
    """The Functions and Formula standings sheets print the event's rows and no blank page
    for the array's empty rows beyond it, at 8-point type or more: the Functions sheets in
    groups of columns, each page with the header row and the No/Name columns."""
    import statistics

    script = render_script()
    checked = {(tag, title) for tag, title in every_sheet if title in FUNCTION_SHEETS}
    assert {tag for tag, _ in checked} == {tag for tag, _ in every_sheet} - {"knockout"}
    problems = []
    for tag, title in sorted(checked):
        pdf = every_sheet[(tag, title)]
        first_row, column = FUNCTION_SHEETS[title]
        names = _shown_names(pdf.with_suffix(".xlsx"), first_row, column)
        assert len(names) >= 8, (tag, title)  # the smallest sample, the round robin, has 8
        pages = [page for page in script.pdf_text(pdf).split("\f")]
        if pages and not pages[-1].strip():
            pages.pop()  # the form feed after the last page
        for k, page in enumerate(pages, start=1):
            if not any(name in page for name in names):
                problems.append(f"{tag} {title}: page {k} shows no participant")
            if not any(word in page.split() for word in ("No", "Place")):
                problems.append(f"{tag} {title}: page {k} without the header row")
        for name in names:
            if not any(name in page for page in pages):
                problems.append(f"{tag} {title}: {name} not printed")
        if title == "Formula standings" and len(names) <= 20 and len(pages) != 1:
            problems.append(f"{tag} {title}: {len(pages)} pages for {len(names)} rows")
        if title == "Functions" and len(names) <= 20:  # one page down per group of columns
            for k, page in enumerate(pages, start=1):
                if not all(name in page for name in names):
                    problems.append(f"{tag} {title}: page {k} lacks some of the rows")
        heights = _word_heights(pdf)
        least = FUNCTIONS_READABLE if title == "Functions" else READABLE
        if heights and statistics.median(heights) < least:
            problems.append(f"{tag} {title}: type shrunk to a median word height of "
                            f"{statistics.median(heights):.1f} pt")
    assert problems == []
