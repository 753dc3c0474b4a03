"""One participant look-up for players and teams: the same spellings (``1``, ``1.0``, the
name, a 1×1 range) name the same participant on an individual and on a team crosstable, and
the same mistakes are the same problems, tagged with the kind."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from xl_tiebreak import udfs
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.excel.functions.participants import PLAYER, TEAM, Participants

PLAYERS = [
    ["No", "Name", "R1", "R2", "R3"],
    [1.0, "Ana", "2w1", "3b½", "-"],
    [2.0, "Bea", "1b0", "-", "3w1"],
    [3.0, "Cid", "-", "1w½", "2b0"],
]
"""Ana beat Bea and drew Cid: 1½ points; Bea beat Cid: 1; Cid ½ (each absent once)."""

TEAMS = [
    ["Boards", 2.0],
    ["No", "Team", "R1", "R2"],
    [1.0, "Ana", "2w1½", "3b1"],
    [2.0, "Bea", "1b½", "PAB"],
    [3.0, "Cid", "PAB", "1w1"],
]
"""Team Ana beat Bea 1½–½ (2 MP) and drew Cid 1–1 (1 MP): 3 match points, 2½ game points."""

SAME_AS_ONE: list[Any] = [1, 1.0, "1", "1.0", " 1 ", "Ana", "ana", "  Ana  ", "ANA", [[1.0]],
                          [["Ana"]]]
"""Spellings of participant 1 a cell can hold (a number typed, a number as text, the name in
any case and spacing, a one-cell range)."""


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    udfs.clear_cache()
    yield
    udfs.clear_cache()


@pytest.mark.parametrize("spelling", SAME_AS_ONE, ids=repr)
def test_the_same_spellings_name_the_same_player_and_team(spelling: Any) -> None:
    assert udfs.POINTS(PLAYERS, spelling) == 1.5
    assert udfs.PLACE(PLAYERS, spelling) == 1.0
    assert udfs.TEAM_POINTS(TEAMS, spelling) == 3.0
    assert udfs.TEAM_POINTS(TEAMS, spelling, "GP") == 2.5
    assert udfs.TEAM_PLACE(TEAMS, spelling) == udfs.TEAM_PLACE(TEAMS, 1.0)


@pytest.mark.parametrize(("spelling", "player", "team"), [
    (99.0, "#PLAYER? start number 99 not in crosstable",
     "#TEAM? team number 99 not in crosstable"),
    ("99.0", "#PLAYER? start number 99 not in crosstable",
     "#TEAM? team number 99 not in crosstable"),
    (1.5, "#PLAYER? 1.5 is not a start number", "#TEAM? 1.5 is not a team number"),
    ("1.5", "#PLAYER? '1.5' not in crosstable", "#TEAM? '1.5' not in crosstable"),
    ("Nobody", "#PLAYER? 'Nobody' not in crosstable", "#TEAM? 'Nobody' not in crosstable"),
    (None, "#PLAYER? no player given: use a start number or a name",
     "#TEAM? no team given: use a team number or a name"),
    ("#N/A", "#PLAYER? the player cell shows the Excel error #N/A",
     "#TEAM? the team cell shows the Excel error #N/A"),
])
def test_the_same_mistakes_are_the_same_problems(spelling: Any, player: str, team: str) -> None:
    assert udfs.POINTS(PLAYERS, spelling) == player
    assert udfs.TEAM_POINTS(TEAMS, spelling) == team


def test_a_shared_name_asks_for_the_number() -> None:
    for kind, number in ((PLAYER, "start number"), (TEAM, "team number")):
        found = Participants(kind, [(1, "Ana"), (2, "ana "), (3, "Bea")])
        with pytest.raises(CellProblem) as problem:
            found.find("ANA")
        assert str(problem.value) == (f"{kind.tag} 'ANA' is ambiguous (#1, #2): use the "
                                      f"{number}")
        assert found.find(2.0) == 2
        assert found.find("Bea") == 3


def test_the_exact_name_wins_over_a_folded_one() -> None:
    """``Ana`` exactly is number 1, even though ``ANA`` (number 2) folds to the same name."""
    found = Participants(PLAYER, [(1, "Ana"), (2, "ANA")])
    assert found.find("Ana") == 1
    assert found.find("ANA") == 2


def test_a_name_that_looks_like_a_number_is_a_name_first() -> None:
    """A team called ``2`` is found by that name before ``2`` is read as a number."""
    found = Participants(TEAM, [(1, "2"), (2, "Owls")])
    assert found.find("2") == 1
    assert found.find(2.0) == 2


def test_a_column_of_spellings_gives_a_column_of_values() -> None:
    column = [[1.0], ["Bea"], ["3"], [None]]
    assert udfs.POINTS(PLAYERS, column) == [[1.5], [1.0], [0.5], [None]]
    assert udfs.TEAM_POINTS(TEAMS, column) == [[3.0], [2.0], [3.0], [None]]
