"""The team forms of TIEBREAKS, COMPARE_ORDERS and CROSSTABLE_CHECK: TEAM_TIEBREAKS,
TEAM_COMPARE_ORDERS and TEAM_CROSSTABLE_CHECK, with the team functions' arguments (boards,
match points, settings range) and the individual forms' output shapes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from xl_tiebreak import udfs

T4 = [
    ["Boards", 2.0],
    ["No", "Team", "R1", "R2"],
    [1.0, "Ana", "2w1½", "3b1"],
    [2.0, "Bea", "1b½", "4w2"],
    [3.0, "Cid", "4w1½", "1w1"],
    [4.0, "Dan", "3b½", "2b0"],
]
"""Four teams of two boards, two rounds. R1: Ana–Bea 1½–½, Cid–Dan 1½–½; R2: Cid–Ana 1–1,
Bea–Dan 2–0. Match points (2-1-0): Ana 2+1 = 3, Bea 0+2 = 2, Cid 2+1 = 3, Dan 0. Game points:
Ana 2½, Bea 2½, Cid 2½, Dan ½. Buchholz on MP: Ana = Bea 2 + Cid 3 = 5, Bea = Ana 3 + Dan 0
= 3, Cid = Dan 0 + Ana 3 = 3, Dan = Cid 3 + Bea 2 = 5; on GP: Ana = 2½ + 2½ = 5, Bea = 2½ + ½
= 3, Cid = ½ + 2½ = 3, Dan = 2½ + 2½ = 5. Ana and Cid, tied on 3 MP, drew each other: Direct
Encounter does not separate them; Buchholz puts Ana first."""

NAMES = ["Ana", "Bea", "Cid", "Dan"]


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    udfs.clear_cache()
    yield
    udfs.clear_cache()


def test_team_tiebreaks_gives_every_value_in_crosstable_order() -> None:
    assert udfs.TEAM_TIEBREAKS(T4, "BH:MP, BH:GP") == [[5.0, 5.0], [3.0, 3.0], [3.0, 3.0],
                                                       [5.0, 5.0]]
    # a range of cells as the order, and BH read on the primary score (MP)
    assert udfs.TEAM_TIEBREAKS(T4, [["BH"], ["BH:GP"]]) == [[5.0, 5.0], [3.0, 3.0],
                                                            [3.0, 3.0], [5.0, 5.0]]


def test_team_tiebreaks_agrees_with_team_tiebreak_column_by_column() -> None:
    order = ["BH:MP", "EMGSB", "SSSC", "KS:GP"]
    rows = udfs.TEAM_TIEBREAKS(T4, ",".join(order))
    column = [[float(n)] for n in range(1, 5)]
    for k, code in enumerate(order):
        assert [[row[k]] for row in rows] == udfs.TEAM_TIEBREAK(T4, column, code), code


def test_team_compare_orders_places_side_by_side() -> None:
    table = udfs.TEAM_COMPARE_ORDERS(T4, "BH:MP; DE:MP")
    assert table[0] == ["Moves", "No", "Name", "Pts", "A: BH:MP", "B: DE:MP"]
    # by the first order: Ana 1, Cid 2 (Buchholz), Bea 3, Dan 4; by DE Ana and Cid share 1
    assert table[1:] == [["", 1, "Ana", 3.0, 1, 1], ["*", 3, "Cid", 3.0, 2, 1],
                         ["", 2, "Bea", 2.0, 3, 3], ["", 4, "Dan", 0.0, 4, 4]]
    assert udfs.TEAM_COMPARE_ORDERS(T4, [["BH:MP"], ["DE:MP"]]) == table


def test_team_compare_orders_refuses_what_it_cannot_read() -> None:
    assert udfs.TEAM_COMPARE_ORDERS(T4, "").startswith("#ORDERS? no tie-break order")
    assert udfs.TEAM_COMPARE_ORDERS(T4, "BH:MP; XYZ").startswith(
        "#TIEBREAK? unknown tie-break 'XYZ'")
    # an individual-only tie-break is not a team one
    assert udfs.TEAM_COMPARE_ORDERS(T4, "BH:MP; ARO").startswith("#TIEBREAK?")


def test_team_crosstable_check() -> None:
    assert udfs.TEAM_CROSSTABLE_CHECK(T4) == "OK"
    broken = [row[:] for row in T4]
    broken[3][3] = "3b1"  # Bea says she met Cid in R2; Cid and Dan say otherwise
    found = udfs.TEAM_CROSSTABLE_CHECK(broken)
    assert isinstance(found, list) and found[0][0].startswith("2 errors: cell D4: round 2")
    assert all("cell " in line for [line] in found)
    assert udfs.TEAM_CROSSTABLE_CHECK([["No", "Team", "R1"], [1.0, "A", "2w1"]]) == (
        "1 error: no boards per match: add a 'Boards' row above the header (Boards, 4) or "
        "give the boards argument")


def test_team_crosstable_check_reports_settings_and_cells() -> None:
    """What stops the reading is listed too: a settings row it cannot read, an Excel error in
    a cell (each named)."""
    found = udfs.TEAM_CROSSTABLE_CHECK(T4, "", "", [["Match points", "2-2-0"]])
    assert found.startswith("1 error: settings cell B1: cannot read '2-2-0'")
    errors = [row[:] for row in T4]
    errors[4][3] = "#N/A"
    assert "cell D5" in udfs.TEAM_CROSSTABLE_CHECK(errors)


def test_the_new_names_are_team_functions() -> None:
    for name in ("TEAM_TIEBREAKS", "TEAM_COMPARE_ORDERS", "TEAM_CROSSTABLE_CHECK"):
        assert name in udfs.TEAM_FUNCTIONS and name in udfs.__all__
        assert name not in udfs.EXCEL_FUNCTIONS
