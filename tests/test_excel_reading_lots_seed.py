"""The seed of the drawing of lots from a ``Lots seed`` row of the Settings sheet (wherever it
stands) and through ``xl-tiebreak workbook --lots-seed``; a TRF has no record for it."""

from __future__ import annotations

import hashlib
from pathlib import Path

import openpyxl
import pytest

from xl_tiebreak.cli.main import load_tournament, main
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.headless import read_workbook_tournament
from xl_tiebreak.excel.reading.settings import read_settings

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _settings_book(rows: list[tuple[object, object]]) -> OpenpyxlBook:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Settings"
    for row in rows:
        ws.append(list(row))
    return OpenpyxlBook(wb)


@pytest.mark.parametrize(("label", "value", "seed"), [
    ("Lots seed", "spring-2026", "spring-2026"),
    ("Seed of lots", 2026, "2026"),
    ("Drawing of lots", 2026.0, "2026"),
    ("lots_seed", "  x y  ", "x y"),
])
def test_the_row_is_read_wherever_it_stands(label: str, value: object, seed: str) -> None:
    book = _settings_book([("Setting", "Value"), ("Tie-breaks", "BH"), (None, "LOTS"),
                           (label, value), ("Tournament name", "Cup")])
    settings, problems = read_settings(book)
    assert problems == []
    assert settings.lots_seed == seed
    assert settings.tiebreaks == ["BH", "LOTS"]  # the seed row ends the tie-break rows
    assert settings.name == "Cup"


def test_a_seed_that_depends_on_the_cell_format_is_refused() -> None:
    book = _settings_book([("Lots seed", 0.25)])
    settings, problems = read_settings(book)
    assert settings.lots_seed is None
    assert [p.where for p in problems] == ["Settings!B1"]
    assert "whole number" in problems[0].message


def test_no_row_no_seed() -> None:
    settings, _ = read_settings(_settings_book([("Tournament name", "Cup")]))
    assert settings.lots_seed is None


def test_the_workbook_carries_the_seed_to_the_draw(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    trf = EXAMPLES / "spring_open.trf"
    target = tmp_path / "event.xlsx"
    assert main(["workbook", str(trf), "-o", str(target), "--lots-seed", "kilbrack"]) == 0
    capsys.readouterr()
    t, settings = read_workbook_tournament(target)
    assert settings.lots_seed == t.lots_seed == "kilbrack"
    # ranking by lots alone: the order of SHA-256("kilbrack:<no>"), computed here by hand
    numbers = [p.start_no for p in load_tournament(str(trf)).participants]
    by_hand = sorted(numbers, key=lambda no: hashlib.sha256(f"kilbrack:{no}".encode())
                     .hexdigest())
    assert main(["compute", str(target), "--tiebreaks", "LOTS", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert "kilbrack" not in out  # CSV: the legend is not part of it
    assert main(["compute", str(target), "--tiebreaks", "LOTS"]) == 0
    table = capsys.readouterr().out
    assert "Drawing of lots: seed 'kilbrack'" in table
    # within equal points the first drawn lot is listed first
    t_trf = load_tournament(str(trf))
    points = {p.start_no: p.declared_points for p in t_trf.participants}
    best = max(points.values())
    leaders = [no for no in by_hand if points[no] == best]
    assert main(["compute", str(trf), "--tiebreaks", "LOTS", "--lots-seed", "kilbrack",
                 "--format", "json"]) == 0
    import json

    rows = json.loads(capsys.readouterr().out)["rows"]
    assert rows[0]["start_no"] == leaders[0]


def test_the_legend_says_a_trf_has_no_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compute", str(EXAMPLES / "spring_open.trf"), "--tiebreaks", "LOTS"]) == 0
    out = capsys.readouterr().out
    assert "TRF has no record for it" in out and "Lots seed" in out
