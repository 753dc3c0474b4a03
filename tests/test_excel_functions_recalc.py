"""Recalculation: what Excel's handing over of a range costs, and that no cache ever answers
for an older crosstable, Settings or language.

Every argument is read as classic xlwings' ``call_udf`` reads it: ``xlwings.conversion.read``
with the options the function is registered with (:data:`RANGE` for a range), over a stand-in
of the Windows engine's per-cell cleaning (COM hands a range over as a tuple of row tuples,
empty cells as None, an error cell as its COM code), which counts the cells it cleans.

The values are compared with the engine run on a crosstable read afresh (no cache of the
worksheet functions involved), and with a hand derivation on a four-player event.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import xlwings
from xlwings import conversion

import xl_tiebreak.excel.functions.evaluation as evaluation
import xl_tiebreak.udfs as udfs
from xl_tiebreak.excel.functions.registration import RANGE, VALUE
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.util.numbers import to_float

NA = -2146826246
"""The COM code of a ``#N/A`` cell."""


class Cleaning:
    """The Windows engine's per-cell cleaning (empty → None, COM error codes → their text),
    counting the cells it cleans."""

    name = "excel"
    type = "desktop"

    def __init__(self) -> None:
        self.cells = 0

    def clean_value_data(self, data: Any, _dates: Any, empty_as: Any, _numbers: Any,
                         err_to_str: bool) -> list[list[Any]]:
        def cell(value: Any) -> Any:
            self.cells += 1
            if value is None or value == "":
                return empty_as
            if type(value) is int and value == NA:
                return "#N/A" if err_to_str else None
            return value

        return [[cell(c) for c in row] for row in data]


@pytest.fixture
def cleaning() -> Iterator[Cleaning]:
    """The stand-in engine, installed as ``excel`` for the test only."""
    engines = xlwings.engines
    saved = (list(engines.engines), dict(engines.engines_by_name))
    made = Cleaning()
    engines.engines_by_name.pop("excel", None)
    engines.add(xlwings.main.Engine(impl=made))
    udfs.clear_cache()
    yield made
    engines.engines[:], engines.engines_by_name = saved[0], saved[1]
    udfs.clear_cache()


class Excel:
    """Calls worksheet functions as Excel and classic xlwings do, counting the calls that
    hand a crosstable range over (more than one cell as the first argument)."""

    def __init__(self) -> None:
        self.transfers = 0

    def __call__(self, function: Any, *args: Any, ranges: tuple[int, ...] = (0,)) -> Any:
        if isinstance(args[0], tuple) and len(args[0]) * len(args[0][0]) > 1:
            self.transfers += 1
        read = [conversion.read(None, a, RANGE if i in ranges else VALUE)
                for i, a in enumerate(args)]
        return function(*read)


def com(rows: list[list[Any]]) -> tuple[tuple[Any, ...], ...]:
    """A range as COM hands it over (a fresh copy each time, as each call gets its own)."""
    return tuple(tuple(r) for r in rows)


def event(players: int, rounds: int = 7, seed: int = 7) -> list[list[Any]]:
    """A consistent Swiss-layout crosstable: round-robin circle pairings cut after
    ``rounds``, random results, numbers as floats (as Excel gives them)."""
    rng = random.Random(seed)
    cells: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    ring = list(range(2, players + 1))
    for r in range(rounds):
        circle = [1, *ring]
        for k in range(players // 2):
            a, b = circle[k], circle[players - 1 - k]
            white, black = (a, b) if (r + k) % 2 == 0 else (b, a)
            score = rng.choice(["1", "½", "0"])
            cells[white].append(f"{black}w{score}")
            cells[black].append(f"{white}b{ {'1': '0', '½': '½', '0': '1'}[score]}")
        ring = ring[-1:] + ring[:-1]
    rows: list[list[Any]] = [["No", "Name", "Rating", *(f"R{r}" for r in range(1, rounds + 1))]]
    rows += [[float(p), f"P{p}", 1500.0 + p, *cells[p]] for p in range(1, players + 1)]
    return rows


def settings(*rows: tuple[str, object]) -> tuple[tuple[object, ...], ...]:
    return (("Setting", "Value"), *((label, value) for label, value in rows))


def fresh_bh_c1(rows: list[list[Any]], after_round: int | None = None) -> list[float | None]:
    """BH/C1 of every player from the engine on a crosstable read afresh."""
    standings = compute_standings(read_crosstable(rows), ["BH/C1"], "auto", after_round)
    return [to_float(standings.row(no).values[0]) for no in range(1, len(rows))]


# ------------------------------------------------------------------ the kept range arguments


def test_the_same_range_is_cleaned_once_and_given_as_the_same_rows(cleaning: Cleaning) -> None:
    rows = [["No", "Name", "R1"], [1.0, "A", None], [2.0, "B", NA]]
    first = conversion.read(None, com(rows), RANGE)
    cleaned = cleaning.cells
    again = conversion.read(None, com(rows), RANGE)
    assert again is first and cleaning.cells == cleaned == 9
    assert [list(r) for r in first] == [["No", "Name", "R1"], [1.0, "A", None],
                                        [2.0, "B", "#N/A"]]


def test_a_changed_cell_or_a_changed_type_is_another_range(cleaning: Cleaning) -> None:
    rows = [["No", "Flag"], [1.0, 1.0], [2.0, float(NA)]]
    plain = conversion.read(None, com(rows), RANGE)
    edited = conversion.read(None, com([rows[0], [1.0, 2.0], rows[2]]), RANGE)
    boolean = conversion.read(None, com([rows[0], [1.0, True], rows[2]]), RANGE)
    error = conversion.read(None, com([*rows[:2], [2.0, NA]]), RANGE)
    assert plain[1][1] == 1.0 and edited[1][1] == 2.0
    assert boolean[1][1] is True  # True == 1.0 in Python: the cell's type is in the key
    assert plain[2][1] == float(NA) and error[2][1] == "#N/A"  # a number, an error cell


def test_a_lite_range_of_lists_is_kept_too(cleaning: Cleaning) -> None:
    rows = [["No", "Name"], [1.0, "A"]]
    first = conversion.read(None, [list(r) for r in rows], RANGE)
    assert conversion.read(None, [list(r) for r in rows], RANGE) is first


# ------------------------------------------------------------------ transfers per recalculation


def test_per_cell_token_form_transfers_the_crosstable_once(
    cleaning: Cleaning, monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads: list[int] = []
    original = evaluation.read_crosstable

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(evaluation, "read_crosstable", counted)
    rows = event(400)
    want = fresh_bh_c1(rows, after_round=5)
    for _ in range(2):  # a cold recalculation, then a full one of the same data
        excel = Excel()
        token = excel(udfs.CROSSTABLE_ID, com(rows), settings(("Standings after round", 5.0)),
                      ranges=(0, 1))
        got = [excel(udfs.BUCHHOLZ_CUT1, ((token,),), float(no)) for no in range(1, 401)]
        assert got == want
        assert excel.transfers == 1
    assert len(reads) == 1  # read once, then from the cache


def test_per_cell_range_form_cleans_and_reads_the_crosstable_once(
    cleaning: Cleaning, monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads: list[int] = []
    original = evaluation.read_crosstable
    monkeypatch.setattr(evaluation, "read_crosstable",
                        lambda *a, **k: reads.append(1) or original(*a, **k))
    rows = event(100)
    excel = Excel()
    got = [excel(udfs.BUCHHOLZ_CUT1, com(rows), float(no)) for no in range(1, 101)]
    assert got == fresh_bh_c1(rows)
    assert excel.transfers == 100  # Excel hands the range to every call…
    assert cleaning.cells == 101 * 10 + 100  # …cleaned once (and each one-cell player)
    assert len(reads) == 1


# ------------------------------------------------------------------ never an older answer


FOUR = [["No", "Name", "R1", "R2"],
        [1.0, "A", "2w1", "3b1"],
        [2.0, "B", "1b0", "4w1"],
        [3.0, "C", "4w½", "1w0"],
        [4.0, "D", "3b½", "2b0"]]
"""Points: A 2, B 1, C ½, D ½. Buchholz (sum of the opponents' points): A = B + C = 1½,
B = A + D = 2½, C = D + A = 2½, D = C + B = 1½."""


def test_an_edited_result_changes_every_value_it_touches(cleaning: Cleaning) -> None:
    for form in ("range", "token"):
        udfs.clear_cache()
        for rows, points, buchholz in (
            (FOUR, [2.0, 1.0, 0.5, 0.5], [1.5, 2.5, 2.5, 1.5]),
            # A loses R2 to C instead: A 1, B 1, C 1½, D ½; A = B + C = 2½, B = A + D = 1½,
            # C = D + A = 1½, D = C + B = 2½
            ([*FOUR[:1], [1.0, "A", "2w1", "3b0"], FOUR[2], [3.0, "C", "4w½", "1w1"],
              FOUR[4]], [1.0, 1.0, 1.5, 0.5], [2.5, 1.5, 1.5, 2.5]),
        ):
            excel = Excel()
            xt: Any = com(rows)
            if form == "token":
                xt = ((excel(udfs.CROSSTABLE_ID, xt, "", ranges=(0,)),),)
            assert [excel(udfs.POINTS, xt, float(n)) for n in range(1, 5)] == points, form
            assert [excel(udfs.BUCHHOLZ, xt, float(n)) for n in range(1, 5)] == buchholz, form
            assert excel(udfs.BUCHHOLZ, xt, ((1.0,), (2.0,), (3.0,), (4.0,)),
                         ranges=(0, 1)) == [[b] for b in buchholz], form


def test_a_changed_setting_changes_the_values(cleaning: Cleaning) -> None:
    excel = Excel()
    for after, points in ((None, [2.0, 1.0, 0.5, 0.5]), (1.0, [1.0, 0.0, 0.5, 0.5]),
                          (None, [2.0, 1.0, 0.5, 0.5])):
        rows = settings(("Standings after round", after))
        token = excel(udfs.CROSSTABLE_ID, com(FOUR), rows, ranges=(0, 1))
        assert [excel(udfs.POINTS, ((token,),), float(n)) for n in range(1, 5)] == points
    for win, points in ((3.0, [6.0, 3.0, 1.0, 1.0]), (2.0, [4.0, 2.0, 1.0, 1.0])):
        rows = settings(("Points for a win", win), ("Points for a draw", 1.0))
        token = excel(udfs.CROSSTABLE_ID, com(FOUR), rows, ranges=(0, 1))
        assert [excel(udfs.POINTS, ((token,),), float(n)) for n in range(1, 5)] == points


def test_a_changed_language_changes_the_texts_also_of_a_kept_explanation(
    cleaning: Cleaning,
) -> None:
    excel = Excel()
    texts = {}
    for language in ("en", "pt-BR", "en"):
        token = excel(udfs.CROSSTABLE_ID, com(FOUR), settings(("Language", language)),
                      ranges=(0, 1))
        texts[language] = excel(udfs.TIEBREAK_EXPLAIN, ((token,),), 1.0, "BH/C1")
        column = excel(udfs.TIEBREAK_EXPLAIN, ((token,),), ((1.0,), (2.0,)), "BH/C1",
                       ranges=(0, 1))
        assert column[0][0] == texts[language]
    # A's cut (BH/C1 over two rounds: the lower of ½ and 1): "cut: R2 #3 C (win)" / "corte:"
    assert "; cut: R2 #3 C" in texts["en"] and "; corte: R2 #3 C" in texts["pt-BR"]
    assert token.endswith("4 participants in the crosstable")


def test_a_kept_player_look_up_is_per_cell_type_and_crosstable(cleaning: Cleaning) -> None:
    assert udfs.POINTS(FOUR, 1.0) == 2.0
    assert str(udfs.POINTS(FOUR, True)).startswith("#PLAYER?")  # True == 1.0, not player 1
    assert udfs.POINTS(FOUR, "A") == 2.0 and udfs.POINTS(FOUR, "1") == 2.0
    renamed = [FOUR[0], [1.0, "Z", "2w1", "3b1"], *FOUR[2:]]
    assert str(udfs.POINTS(renamed, "A")).startswith("#PLAYER?")
    assert udfs.POINTS(renamed, "Z") == 2.0
