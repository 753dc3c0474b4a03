"""One cache for the individual and the team worksheet functions
(:mod:`xl_tiebreak.excel.functions.range_cache`): a range read once per distinct content and
options,
each result computed once, every store bounded; the team functions use it through public
names only.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from spec_data import number
from test_excel_functions_team import PAB, spec_rows
from test_standings_teams import crosstable, official

import xl_tiebreak.excel.functions.team_evaluation as team_evaluation
from xl_tiebreak import udfs
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.excel.functions.range_cache import (
    RANGES,
    Content,
    RangeCache,
    Results,
    header_flag,
)
from xl_tiebreak.standings.evaluation import Evaluation

PACKAGE = Path(__file__).resolve().parents[1] / "xl_tiebreak"
COLUMN = [[float(t)] for t in range(1, 15)]


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    udfs.clear_cache()
    yield
    udfs.clear_cache()


def test_results_keep_the_most_recently_used() -> None:
    results: Results[str, int] = Results(2)
    calls: list[str] = []

    def compute(key: str) -> int:
        calls.append(key)
        return len(calls)

    assert results.get_or_compute("a", lambda: compute("a")) == 1
    assert results.get_or_compute("b", lambda: compute("b")) == 2
    assert results.get_or_compute("a", lambda: compute("a")) == 1  # kept: a is now the newest
    assert results.get_or_compute("c", lambda: compute("c")) == 3  # b goes
    assert len(results) == 2
    assert results.get_or_compute("a", lambda: compute("a")) == 1
    assert results.get_or_compute("b", lambda: compute("b")) == 4  # computed again
    assert calls == ["a", "b", "c", "b"]


def test_a_failing_computation_is_not_kept() -> None:
    results: Results[str, int] = Results(4)
    attempts = []

    def fail() -> int:
        attempts.append(1)
        raise CellProblem("#TIEBREAK? no")

    for _ in range(2):
        with pytest.raises(CellProblem):
            results.get_or_compute("x", fail)
    assert len(attempts) == 2 and len(results) == 0


def test_content_drops_trailing_empty_rows() -> None:
    rows = [["No", "Team"], [1, "A"]]
    assert Content(rows) == Content([*rows, [None, None], ["", None]])
    assert hash(Content(rows)) == hash(Content([*rows, [None, None]]))
    assert Content(rows) != Content([*rows, [2, "B"]])
    nested = Content([["No", ["x"]]])  # an unhashable cell: made hashable (its text)
    assert nested.rows == (("No", "['x']"),) and hash(nested) == hash(Content([["No", ["x"]]]))


@pytest.mark.parametrize(("value", "shown"), [(None, True), ("", True), (True, True),
                                               (0, False), ("FALSCH", False), ("yes", True)])
def test_header_flag(value: Any, shown: bool) -> None:
    assert header_flag(value) is shown


def test_both_function_families_use_the_one_cache() -> None:
    """A crosstable and a team crosstable read by their functions are two entries of the one
    cache of read ranges, and one clear forgets both."""
    assert isinstance(RANGES, RangeCache)
    before = RANGES.cache_info().currsize
    assert udfs.POINTS([["No", "Name", "R1"], [1.0, "Ann", "2w1"], [2.0, "Bob", "1b0"]],
                       1.0) == 1.0
    assert udfs.TEAM_POINTS([["Boards", 2.0], ["No", "Team", "R1"], [1.0, "Ants", "2w2"],
                             [2.0, "Bees", "1b0"]], 1.0) == 2.0
    assert RANGES.cache_info().currsize == before + 2
    udfs.clear_cache()
    assert RANGES.cache_info().currsize == 0


def test_the_team_functions_use_public_names_only() -> None:
    # no private name (``_Content``, ``_header_flag``…) imported from another module
    source = PACKAGE / "excel" / "functions" / "team_evaluation.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    private = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               for alias in node.names if alias.name.startswith("_")]
    assert private == []


def test_a_team_recalculation_reads_the_crosstable_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []
    real = team_evaluation.read_team_crosstable

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(team_evaluation, "read_team_crosstable", counted)
    rows = spec_rows()
    args = ("AUTO", 4.0, "", PAB)
    mp = udfs.TEAM_POINTS(rows, COLUMN, "MP", *args)
    for label in ("BH:MP", "EMGSB", "EGGSB"):
        values = udfs.TEAM_TIEBREAK(rows, COLUMN, label, *args)
        column = [r[0] for r in values]
        assert column == [float(number(official()[t][_spec_column(label)])) for t in range(1, 15)]
    places = udfs.TEAM_PLACE(rows, COLUMN, "", *args)
    table = udfs.TEAM_STANDINGS(rows, "", *args[:1], True, *args[1:])
    assert len(reads) == 1  # one read for every call of the recalculation
    assert [r[0] for r in mp] == [float(number(crosstable()[t]["MP"])) for t in range(1, 15)]
    assert len(places) == 14 and len(table) == 15


def _spec_column(label: str) -> str:
    from test_standings_teams import E7_COLUMNS

    return next(name for name, code in E7_COLUMNS.items() if code == label)


def test_one_evaluation_answers_every_order_of_a_range(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two PLACE orders, a one-tie-break value and TIEBREAKS on one range, under one rule
    set: the crosstable is checked and evaluated once (one Evaluation), each order ranked from
    it; another rule set is another evaluation."""
    made: list[object] = []
    original = Evaluation.__init__

    def counted(self: Evaluation, *args: Any, **kwargs: Any) -> None:
        made.append(args)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Evaluation, "__init__", counted)
    xt = [["No", "Name", "R1", "R2", "R3"], [1.0, "Ann", "2w1", "3b½", "-"],
          [2.0, "Bob", "1b0", "-", "3w1"], [3.0, "Cy", "-", "1w½", "2b0"]]
    assert udfs.PLACE(xt, 1.0, "BH") == 1.0
    assert udfs.PLACE(xt, 2.0, "SB, BH") == 2.0
    assert udfs.BUCHHOLZ(xt, 3.0) == udfs.TIEBREAKS(xt, "BH")[2][0]
    assert len(made) == 1
    udfs.BUCHHOLZ(xt, 3.0, "FIDE2023")
    assert len(made) == 2
