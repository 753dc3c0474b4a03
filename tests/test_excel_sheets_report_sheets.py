"""The report sheets (Progression, Ratings, Norms) the standings writer adds when the Settings
sheet's ``Report sheets`` row names them: the same figures as ``compute --progression``,
``--ratings`` and ``--norms``, removed when the row no longer asks for them, and a value that
cannot be read reported with its cell."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from lean_books import lean_workbook

from xl_tiebreak.excel.headless import ProblemsWritten, write_standings_file
from xl_tiebreak.excel.templates.builder import SWISS
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.ratings.norms import norm_report
from xl_tiebreak.ratings.rating_change import rating_report
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.standings.progression import progression
from xl_tiebreak.util.numbers import to_float


def workbook(tmp_path: Path, report: str | None, label: str = "Report sheets") -> Path:
    """The Swiss template with a ``Report sheets`` row labelled ``label`` (None: without
    one)."""
    path = tmp_path / "swiss.xlsx"
    wb = lean_workbook(SWISS, vba=False)
    if report is not None:
        ws = wb["Settings"]
        row = ws.max_row + 2
        ws.cell(row=row, column=1).value = label
        ws.cell(row=row, column=2).value = report
    wb.save(path)
    return path


def engine() -> Standings:
    t = read_crosstable([list(r) for r in SWISS.rows], start_date=datetime.date(2026, 4, 11))
    order = SWISS.settings["tiebreaks"]
    assert isinstance(order, list)
    return compute_standings(t, order, "auto", None, 1400)


def table(path: Path, sheet: str) -> list[tuple[Any, ...]]:
    """The sheet's table: from its header row (``No`` in column A) to the first empty row."""
    rows = list(openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True))
    top = next(k for k, r in enumerate(rows) if r[0] == "No")
    out = []
    for r in rows[top:]:
        if r[0] is None:
            break
        out.append(r)
    return out


def test_three_sheets_with_the_command_lines_figures(tmp_path: Path) -> None:
    path = workbook(tmp_path, "Progression, Ratings, Normas")
    result = write_standings_file(path)
    assert result.ok and result.extra_sheets == ["Progression", "Ratings", "Norms"]
    s = engine()
    order = [r.participant.start_no for r in s.rows]
    # Progression: place and points after every round, as --progression
    p = progression(s, SWISS.settings["tiebreaks"])  # type: ignore[arg-type]
    rows = table(path, "Progression")
    assert rows[0][:4] == ("No", "Name", "R1 place", "R1 pts")
    assert [int(r[0]) for r in rows[1:]] == order
    for r in rows[1:]:
        no = int(r[0])
        places = [f"{a}" if a == b else f"{a}\u2013{b}" for a, b in p.places[no]]
        assert list(r[2::2]) == places
        assert list(r[3::2]) == [to_float(x) for x in p.points[no]]
    # Ratings: the rating report's change and K per player, as --ratings
    report = rating_report(s.tournament, s.rounds, "standard", rate_given=False, order=order)
    rows = table(path, "Ratings")
    assert rows[0][:4] == ("No", "Name", "Rtg", "K")
    for r, player in zip(rows[1:], report.players, strict=True):
        assert int(r[0]) == player.start_no
        assert r[3] == (None if player.k is None else player.k)
        assert r[7] == (None if player.change is None else to_float(player.change))
    # Norms: one verdict per title, as --norms
    norms = norm_report(s.tournament, s.rounds, order=order)
    rows = table(path, "Norms")
    assert rows[0] == ("No", "Name", "Fed", "Title", "GM", "IM", "WGM", "WIM")
    for r, player in zip(rows[1:], norms.players, strict=True):
        assert int(r[0]) == player.start_no
        assert [x or "" for x in r[4:]] == [c.short() for c in player.checks]
    # the explanation lines below the table are the command line's
    cells = [c for row in openpyxl.load_workbook(path)["Norms"].iter_rows(values_only=True)
             for c in row if isinstance(c, str)]
    assert norms.players[0].lines()[0] in cells


def test_sheets_removed_when_no_longer_asked(tmp_path: Path) -> None:
    path = workbook(tmp_path, "Progression")
    write_standings_file(path)
    assert "Progression" in openpyxl.load_workbook(path).sheetnames
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    for row in ws.iter_rows(min_col=1, max_col=2):
        if row[0].value == "Report sheets":
            row[1].value = None
    wb.save(path)
    write_standings_file(path)
    assert "Progression" not in openpyxl.load_workbook(path).sheetnames


def test_a_value_that_cannot_be_read(tmp_path: Path) -> None:
    path = workbook(tmp_path, "Progression, Pairings")
    with pytest.raises(ProblemsWritten) as caught:
        write_standings_file(path)
    text = str(caught.value)
    assert "Progression, Ratings or Norms" in text and "Settings" in text


@pytest.mark.parametrize("label", ["Abas do relatório", "Planilhas do relatório", "Relatório"])
def test_the_row_under_its_portuguese_labels(tmp_path: Path, label: str) -> None:
    # the catalogue's messages name the row 'Abas do relatório' (aba: a sheet, D-J1)
    path = workbook(tmp_path, "Progressão, Normas", label)
    write_standings_file(path)
    names = openpyxl.load_workbook(path).sheetnames
    assert "Progression" in names and "Norms" in names
