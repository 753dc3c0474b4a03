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
