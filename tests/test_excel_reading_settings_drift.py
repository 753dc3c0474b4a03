"""One Settings schema for both kinds of workbook: every spelling of a common row that the
individual Settings sheet accepts, the team Settings sheet (and the ``settings`` argument of
the team worksheet functions) accepts with the same meaning.

Each case is read three ways: the Settings sheet of an individual workbook, the Settings sheet
of a team workbook (the same rows plus its ``Boards`` row), and the team functions' settings
range; the expected value is written in the case, computed here (a serial number from the
calendar), not taken from either reader.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import openpyxl
import pytest

from xl_tiebreak import udfs
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.reading.settings import SETTINGS, SETTINGS_MAX_ROWS, read_settings
from xl_tiebreak.excel.reading.team_settings import TEAM_SETTINGS_COLUMNS, read_team_settings_rows
from xl_tiebreak.model.tournament import BlankRounds, Severity, TournamentType

APRIL_11 = datetime.date(2026, 4, 11)
SERIAL = (APRIL_11 - datetime.date(1899, 12, 30)).days
"""Excel's serial number of 11 April 2026 (days since 30 December 1899)."""

RR, SWISS = TournamentType.PREDETERMINED, TournamentType.SWISS

CASES: list[tuple[str, object, str, object]] = [
    # (label, value typed, field, meaning)
    ("Tournament type", "Berger", "type", RR),
    ("Tournament type", "Scheveningen", "type", RR),
    ("Tournament type", "Round robin", "type", RR),
    ("Type", "RR", "type", RR),
    ("Type", "All-play-all", "type", RR),
    ("Tournament type", "Swiss system", "type", SWISS),
    ("Tournament type", "open", "type", SWISS),
    ("Start date", "2026-04-11 10:00", "start_date", APRIL_11),
    ("Start date", "2026-04-11T10:00", "start_date", APRIL_11),
    ("Start date", "11.04.2026", "start_date", APRIL_11),
    ("Start date", "11.04.2026 10:00", "start_date", APRIL_11),
    ("Date", datetime.datetime(2026, 4, 11, 10, 0), "start_date", APRIL_11),
    ("Start date", float(SERIAL), "start_date", APRIL_11),
    ("Start date", SERIAL + 0.75, "start_date", APRIL_11),
    ("Start date", 20260411.0, "start_date", APRIL_11),
    ("Standings after round", 3.0, "after_round", 3),
    ("After round", "3", "after_round", 3),
    ("Standings after round", " 3 ", "after_round", 3),
    ("Rules", "FIDE2023", "rules", "FIDE2023"),
    ("Rule set", " FIDE2009 ", "rules", "FIDE2009"),
    ("Blank rounds", "Half-point bye", "blank_rounds", BlankRounds.HALF_POINT_BYE),
    ("Empty rounds", "Absent", "blank_rounds", BlankRounds.ABSENT),
    ("Tournament name", "  Spring Cup ", "name", "Spring Cup"),
    ("Event", "Spring Cup", "name", "Spring Cup"),
]
_IDS = [f"{label}={value!r}" for label, value, _, _ in CASES]


def _book(rows: list[list[object]]) -> OpenpyxlBook:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = SETTINGS
    for row in rows:
        ws.append(row)
    return OpenpyxlBook(wb)


def _individual(label: str, value: object, field: str) -> object:
    settings, problems = read_settings(_book([[label, value]]))
    assert problems == []
    return settings.tournament_type if field == "type" else getattr(settings, field)


def _team(label: str, value: object, field: str) -> object:
    book = _book([["Boards", 4], [label, value]])
    sheet = book.read_sheet(SETTINGS, max_cols=TEAM_SETTINGS_COLUMNS, max_rows=SETTINGS_MAX_ROWS)
    assert sheet is not None
    settings, problems = read_team_settings_rows(sheet.values, sheet.where)
    assert problems == []
    return getattr(settings, field)


@pytest.mark.parametrize(("label", "value", "field", "meaning"), CASES, ids=_IDS)
def test_both_sheets_read_a_common_row_alike(label: str, value: object, field: str,
                                             meaning: object) -> None:
    assert _individual(label, value, field) == meaning
    assert _team(label, value, field) == meaning


@pytest.mark.parametrize(("label", "value"), [
    ("Tournament type", "Knockout"), ("Start date", "April"), ("Start date", "2026-02-30"),
    ("Standings after round", "3½"), ("Standings after round", -1.0), ("Rules", "FIDE1990"),
    ("Blank rounds", "sometimes"),
], ids=repr)
def test_both_sheets_refuse_the_same_values(label: str, value: object) -> None:
    """A value neither can read is an error naming the cell on both (never a silent
    default)."""
    _, individual = read_settings(_book([[label, value]]))
    book = _book([["Boards", 4], [label, value]])
    sheet = book.read_sheet(SETTINGS, max_cols=TEAM_SETTINGS_COLUMNS, max_rows=SETTINGS_MAX_ROWS)
    assert sheet is not None
    _, team = read_team_settings_rows(sheet.values, sheet.where)
    assert [(p.severity, p.where) for p in individual] == [(Severity.ERROR, "Settings!B1")]
    assert [(p.severity, p.where) for p in team] == [(Severity.ERROR, "Settings!B2")]


def test_declared_blank_rounds_stay_individual_only() -> None:
    """``Declared`` (each participant's own total says what an empty round was) is read from
    the players' Pts column; a team crosstable has no such column, so the team sheet refuses
    it, saying what it expects."""
    settings, problems = read_settings(_book([["Blank rounds", "Declared"]]))
    assert problems == [] and settings.blank_rounds is BlankRounds.DECLARED
    _, team = read_team_settings_rows([["Blank rounds", "Declared"]], lambda r, c: "B1")
    assert [p.message for p in team] == [
        "cannot read 'Declared': expected Absent or Half-point bye"]


TEAMS = [
    ["Boards", 2.0],
    ["No", "Team", "R1", "R2", "R3"],
    [1.0, "Ana", "2w1½", "3b1", "PAB"],
    [2.0, "Bea", "1b½", "PAB", "3w2"],
    [3.0, "Cid", "PAB", "1w1", "2b0"],
]
"""Three teams of two boards, every team meeting every other once (one bye each)."""


@pytest.fixture
def _fresh() -> Iterator[None]:
    udfs.clear_cache()
    yield
    udfs.clear_cache()


@pytest.mark.usefixtures("_fresh")
@pytest.mark.parametrize(("label", "value", "plain"), [
    ("Tournament type", "Berger", "Round robin"),
    ("Type", "Scheveningen", "Round robin"),
    ("Start date", "2026-04-11 10:00", "2026-04-11"),
    ("Start date", SERIAL + 0.75, "2026-04-11"),
    ("Standings after round", "1.0", 1.0),
], ids=repr)
def test_the_team_functions_settings_range_reads_them_too(label: str, value: Any,
                                                          plain: Any) -> None:
    """The settings argument of the team functions is read by the team reader: a spelling the
    individual sheet accepts gives the same standings as its plain spelling."""
    spelled = udfs.TEAM_STANDINGS(TEAMS, "", "AUTO", True, "", "", [[label, value]])
    assert not isinstance(spelled, str), spelled
    assert spelled == udfs.TEAM_STANDINGS(TEAMS, "", "AUTO", True, "", "", [[label, plain]])
