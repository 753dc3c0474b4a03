"""The print areas of the Functions and Formula standings sheets: the templates print their
sample's rows; after ``xl-tiebreak standings`` on an event typed into a template (or
``xl-tiebreak workbook`` from a TRF file), they end at the event's last participant, so that
the array formulas' empty rows beyond the event print no blank pages."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from test_excel_functions_event_sheets import generated, typed

from xl_tiebreak.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "workbook_templates"


def last_rows(path: Path) -> dict[str, int]:
    """Sheet → the last row of its print area (sheets with one)."""
    wb = openpyxl.load_workbook(path)
    found = {}
    for ws in wb.worksheets:
        if ws.print_area:
            match = re.search(r"\$(\d+)$", str(ws.print_area))
            assert match is not None
            found[ws.title] = int(match.group(1))
    return found


def test_templates_print_their_sample() -> None:
    # the Swiss sample: 16 players, below the header rows (Functions: row 4; Formula
    # standings: row 3); the team sample: 14 teams
    assert last_rows(TEMPLATES / "swiss.xlsx") == {"Functions": 4 + 16,
                                                   "Formula standings": 3 + 16}
    assert last_rows(TEMPLATES / "team_swiss.xlsx") == {"Functions": 4 + 14,
                                                        "Formula standings": 3 + 14}


@pytest.mark.parametrize("players", [40, 9])
def test_standings_sets_the_print_areas_to_the_event(tmp_path: Path, players: int) -> None:
    book = typed(TEMPLATES / "swiss.xlsx", generated(players, 7, seed=players),
                 tmp_path / "club.xlsx")
    assert main(["standings", str(book)]) == 0
    assert last_rows(book) == {"Functions": 4 + players, "Formula standings": 3 + players}


def test_the_demo_follows_the_event_too(tmp_path: Path) -> None:
    from xl_tiebreak.excel.templates.builder import build_demo

    demo = Path(build_demo(tmp_path / "demo"))
    assert last_rows(demo) == {"Functions": 4 + 16, "Formula standings": 3 + 16}
    book = typed(demo, generated(40, 7, seed=3), tmp_path / "club.xlsm")
    assert main(["standings", str(book)]) == 0
    # the per-cell Formula standings covers 100 participants, the Functions sheet 500
    assert last_rows(book) == {"Functions": 4 + 40, "Formula standings": 3 + 40}
