"""The one-tie-break worksheet functions are generated from the registry rows: one per
function a row names, real functions with the parameters of their shape, the texts of
``ONE_TIEBREAK_TEXTS`` (no stale or missing one), and the row's descriptor computed.

The shipped list itself (names, parameters, texts as xlwings sees them) is compared with its
record in tests/test_excel_functions_list.py; the values with the engine in
tests/test_excel_functions_udfs.py.
"""

from __future__ import annotations

import inspect
import typing
from typing import Any

import pytest

import xl_tiebreak.excel.functions.one_tiebreak as one_tiebreak
import xl_tiebreak.tiebreaks.registry as registry
from xl_tiebreak import udfs
from xl_tiebreak.excel.functions.arguments import INTERNAL
from xl_tiebreak.excel.functions.docs import ONE_TIEBREAK_TEXTS
from xl_tiebreak.excel.functions.one_tiebreak import (
    ONE_TIEBREAK_FUNCTIONS,
    Shape,
    description,
    one_tiebreak_function,
    one_tiebreak_functions,
    shape_of,
)

ROWS = {f.name: (row, f) for row in registry.TIEBREAKS for f in row.functions}
"""Every worksheet function the registry names, with its row."""

TEAMS = [
    ["Boards", 2.0],
    ["No", "Team", "R1", "R2"],
    [1.0, "Ants", "2w1½", "3b1"],
    [2.0, "Bees", "1b½", "PAB"],
    [3.0, "Cats", "PAB", "1w1"],
]
"""Three teams of two boards (as in tests/test_excel_lite.py): R1 Ants beat Bees
1½–½ (MP 2–0), Cats have the PAB (a won match, MP 2); R2 Ants draw Cats 1–1 (MP 1 each), Bees
have the PAB (MP 2). Match points: Ants 3, Bees 2, Cats 3."""


def test_one_function_per_registry_entry() -> None:
    assert set(ONE_TIEBREAK_FUNCTIONS) == set(ROWS)
    assert len(ONE_TIEBREAK_FUNCTIONS) == len(registry.worksheet_functions()) == 29


def test_every_text_belongs_to_a_function_and_every_shipped_function_has_one() -> None:
    assert set(ONE_TIEBREAK_TEXTS) == set(ROWS)
    for name, function in ONE_TIEBREAK_FUNCTIONS.items():
        assert function.__doc__ == ONE_TIEBREAK_TEXTS[name]
        assert len(function.__doc__) <= 255, name  # Excel keeps 255 characters


def test_they_are_real_module_functions_under_their_names() -> None:
    """Classic xlwings calls ``getattr(xl_tiebreak.udfs, name)`` and inspects it."""
    for name, function in ONE_TIEBREAK_FUNCTIONS.items():
        assert inspect.isfunction(function), name
        assert function.__name__ == function.__qualname__ == name
        assert function.__module__ == one_tiebreak.__name__
        assert getattr(one_tiebreak, name) is function
        assert getattr(udfs, name) is function
        assert name in one_tiebreak.__all__ and name in udfs.__all__


@pytest.mark.parametrize("name", sorted(ROWS))
def test_parameters_are_those_of_the_shape(name: str) -> None:
    row, _ = ROWS[name]
    expected = (["crosstable", "player", "unrated_rating", "rules", "tournament_type",
                 "blank_rounds"] if row.rating_based else
                ["crosstable", "player", "rules", "tournament_type", "blank_rounds"])
    signature = inspect.signature(ONE_TIEBREAK_FUNCTIONS[name])
    assert list(signature.parameters) == expected
    assert [p.name for p in signature.parameters.values()
            if p.default is inspect.Parameter.empty] == ["crosstable", "player"]
    assert signature.parameters["rules"].default == ""  # empty: the settings' rules
    hints = typing.get_type_hints(ONE_TIEBREAK_FUNCTIONS[name])
    assert hints["crosstable"] == list[list[Any]]


def test_each_shape_declares_the_parameters_its_argument_texts_describe() -> None:
    """The decorators are made from the shape's table; the function body from its own
    definition: they name the same parameters in the same order."""
    for shape in Shape:
        body = one_tiebreak._body(shape, "X", "BH")
        table = [name for name, _, _ in one_tiebreak._ARGUMENTS[shape]]
        assert list(inspect.signature(body).parameters) == table, shape


def test_shapes_of_rows() -> None:
    assert shape_of(registry.tiebreak("BH")) is Shape.PLAYER
    assert shape_of(registry.tiebreak("ARO")) is Shape.RATED_PLAYER
    assert shape_of(registry.tiebreak("BH:MP")) is Shape.TEAM
    assert shape_of(registry.tiebreak("EDE")) is Shape.TEAM


def test_a_text_is_made_from_the_row_when_none_is_written() -> None:
    row = registry.tiebreak("FB")
    function = registry.WorksheetFunction("FORE_BUCHHOLZ_X", "FB")
    assert description(row, function) == "Fore Buchholz (FB, Art. 8.3)."


def test_a_name_given_twice_is_refused() -> None:
    row = registry.tiebreak("BH")
    twice = row.replace(functions=(registry.WorksheetFunction("BH_A", "BH"),
                                   registry.WorksheetFunction("BH_A", "BH/C1")))
    with pytest.raises(ValueError, match="BH_A named twice"):
        one_tiebreak_functions((twice,))


def test_a_team_row_gives_a_team_function() -> None:
    """No team row names a function yet; one that does gets the team parameters and the team
    value: BH:MP of Ants (who met Bees, 2 MP, and Cats, 3 MP) = 5, and for a column of teams
    the values of the general TEAM_TIEBREAK with the same descriptor."""
    row = registry.tiebreak("BH:MP").replace(
        functions=(registry.WorksheetFunction("TEAM_BUCHHOLZ_MP", "BH:MP"),))
    function = one_tiebreak_function(row, row.functions[0])
    assert list(inspect.signature(function).parameters) == [
        "crosstable", "team", "rules", "boards", "match_points", "settings"]
    assert function.__doc__ == "Buchholz (match points) (BH:MP, Art. 8.1 (teams))."
    assert function(TEAMS, 1.0) == 5.0
    column = [[1.0], [2.0], [3.0]]
    assert function(TEAMS, column) == udfs.TEAM_TIEBREAK(TEAMS, column, "BH:MP")


def test_an_unexpected_failure_names_the_function(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(one_tiebreak, "tiebreak_value", broken)
    xt = [["No", "Name", "R1"], [1.0, "Ann", "2w1"], [2.0, "Bob", "1b0"]]
    assert udfs.BUCHHOLZ_CUT1(xt, 1.0) == f"{INTERNAL} (BUCHHOLZ_CUT1)"
    assert udfs.ARO(xt, 1.0, 1400.0) == f"{INTERNAL} (ARO)"


SMALL = [
    ["No", "Name", "R1", "R2", "R3"],
    [1.0, "Anna", "4w1", "2b½", "3w1"],
    [2.0, "Bert", "3b0", "1w½", "4b1"],
    [3.0, "Cleo", "2w1", "4b½", "1b0"],
    [4.0, "Dan", "1b0", "3w½", "2w0"],
]
"""Four players, three rounds, every game played: Anna 2½, Bert 1½, Cleo 1½, Dan ½."""


def test_each_function_computes_its_rows_descriptor() -> None:
    """Derived by hand from SMALL. Buchholz of Anna = Dan ½ + Bert 1½ + Cleo 1½ = 3½, of Bert
    = 1½ + 2½ + ½ = 4½; Cut-1 drops the lowest (Dan's ½): 3. Sonneborn-Berger of Anna =
    1 × ½ + ½ × 1½ + 1 × 1½ = 2¾. Wins: Anna 2, Bert 1, Cleo 1, Dan 0. Anna had Black once
    (R2, a draw); Bert won with Black in R3. Koya (opponents with 50 % = 1½ or more): Anna ½
    against Bert + 1 against Cleo = 1½."""
    assert udfs.BUCHHOLZ(SMALL, 1.0) == 3.5
    assert udfs.BUCHHOLZ(SMALL, "Bert") == 4.5
    assert udfs.BUCHHOLZ_CUT1(SMALL, 1.0) == 3.0
    assert udfs.SONNEBORN(SMALL, 1.0) == 2.75
    assert udfs.WINS(SMALL, [[1.0], [2.0], [3.0], [4.0]]) == [[2.0], [1.0], [1.0], [0.0]]
    assert udfs.BLACK_GAMES(SMALL, 1.0) == 1.0
    assert udfs.BLACK_WINS(SMALL, 2.0) == 1.0
    assert udfs.BLACK_WINS(SMALL, 1.0) == 0.0
    assert udfs.KOYA(SMALL, 1.0) == 1.5
