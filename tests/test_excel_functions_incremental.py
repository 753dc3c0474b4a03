"""A recalculation after one edit reuses what the edit left alone (the round rows read before,
the engine's shared tables): its values must be exactly those of a cold computation.

A generated 60-player Swiss event (byes, forfeits, a withdrawal, ratings) goes through many
seeded random single edits — a result, a rating, a name, a Settings row, a withdrawal — and
after each one the Swiss template's Functions sheet (the token, then one call per column) is
computed twice: with every cache kept from the previous recalculations, and from scratch
(every cache forgotten). Both must be equal, cell for cell; BH/C1 is also compared with the
engine run on the crosstable read afresh (no worksheet function involved).
"""

from __future__ import annotations

import datetime
import random
from typing import Any

import xl_tiebreak.excel.functions.catalogue as functions
import xl_tiebreak.tiebreaks.registry as registry
import xl_tiebreak.udfs as udfs
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.model.tournament import TournamentType
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.util.numbers import to_float

PLAYERS, ROUNDS = 60, 7
_OTHER = {"1": "0", "½": "½", "0": "1"}


def generated(seed: int = 19) -> list[list[Any]]:
    """A consistent Swiss-layout crosstable: circle pairings cut after ``ROUNDS`` rounds,
    random results, a forfeit, player 60 withdrawn after round 5 (forfeit then absent), a
    half-point bye, ratings with one unrated player; numbers as floats (as Excel gives them)."""
    rng = random.Random(seed)
    cells: dict[int, list[str]] = {p: [] for p in range(1, PLAYERS + 1)}
    ring = list(range(2, PLAYERS + 1))
    for r in range(ROUNDS):
        circle = [1, *ring]
        for k in range(PLAYERS // 2):
            a, b = circle[k], circle[PLAYERS - 1 - k]
            white, black = (a, b) if (r + k) % 2 == 0 else (b, a)
            score = rng.choice(["1", "½", "0"])
            cells[white].append(f"{black}w{score}")
            cells[black].append(f"{white}b{_OTHER[score]}")
        ring = ring[-1:] + ring[:-1]
    rows: list[list[Any]] = [["No", "Name", "Rating", *(f"R{r}" for r in range(1, ROUNDS + 1))]]
    rows += [[float(p), f"Player {p}", 1400.0 + 13 * p, *cells[p]]
             for p in range(1, PLAYERS + 1)]
    rows[7][2] = None  # one unrated player
    _withdraw(rows, PLAYERS, 6)
    _forfeit(rows, 3, 2)
    return rows


def _opponent(cell: str) -> int | None:
    """The opponent's number of a game cell (``12w1``), None for a bye."""
    digits = ""
    for ch in cell:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else None


def _forfeit(rows: list[list[Any]], player: int, rnd: int) -> None:
    """Player ``player`` loses round ``rnd``'s game by forfeit (the opponent wins it)."""
    col = 2 + rnd
    cell = str(rows[player][col])
    other = _opponent(cell)
    if other is None:
        return
    mine, theirs = ("w", "b") if "w" in cell else ("b", "w")
    rows[player][col] = f"{other}{mine}-"
    rows[other][col] = f"{player}{theirs}+"


def _withdraw(rows: list[list[Any]], player: int, rnd: int) -> None:
    """Player ``player`` withdraws from round ``rnd`` on: that game lost by forfeit, the later
    rounds absences, his later opponents given a half-point bye."""
    _forfeit(rows, player, rnd)
    for later in range(rnd + 1, ROUNDS + 1):
        col = 2 + later
        other = _opponent(str(rows[player][col]))
        rows[player][col] = "Z"
        if other is not None:
            rows[other][col] = "H"


SETTINGS: list[tuple[object, object]] = [
    ("Setting", "Value"), ("Tournament type", "Swiss"), ("Rules", "AUTO"),
    ("Start date", datetime.datetime(2026, 4, 11)), ("Rating for unrated players", 1400.0),
    ("Tie-breaks (in order)", "BH/C1"), (None, "BH"), (None, "SB"), (None, "DE"),
    (None, "WIN"),
]


def _columns() -> list[tuple[Any, str, tuple[Any, ...]]]:
    """(function, players argument kind, further arguments) of every column call of the
    Swiss template's Functions sheet."""
    cols: list[tuple[Any, str, tuple[Any, ...]]] = [
        (functions.CROSSTABLE_CHECK, "none", ("", "")), (functions.PARTICIPANTS, "none", ()),
        (functions.POINTS, "numbers", ()), (functions.PLACE, "numbers", ()),
    ]
    cols += [(functions.EXCEL_FUNCTIONS[name], "numbers", ())
             for name in registry.template_functions("swiss")]
    cols += [(functions.TIEBREAK, "names", ("BH/C1",)),
             (functions.TIEBREAK_EXPLAIN, "numbers", ("BH/C1",)),
             (functions.TIEBREAK_EXPLAIN, "numbers", ("KS",)),
             (functions.STANDINGS, "none", ())]
    return cols


def sheet(rows: list[list[Any]], settings: list[tuple[object, object]]) -> list[Any]:
    """Every cell value of the Functions sheet for this crosstable and these settings."""
    token = udfs.CROSSTABLE_ID(tuple(tuple(r) for r in rows), tuple(settings))
    numbers = [[r[0]] for r in rows[1:]]
    names = [[r[1]] for r in rows[1:]]
    out: list[Any] = [token]
    for func, kind, extra in _columns():
        if kind == "none":
            out.append(func([[token]], *extra))
        else:
            out.append(func([[token]], numbers if kind == "numbers" else names, *extra))
    return out


def cold(rows: list[list[Any]], settings: list[tuple[object, object]]) -> list[Any]:
    """The same sheet computed from scratch: every cache forgotten first."""
    udfs.clear_cache()
    return sheet(rows, settings)


def _edit(rng: random.Random, rows: list[list[Any]],
          settings: list[tuple[object, object]]) -> str:
    """One random edit of the crosstable or of the Settings rows, in place; says which."""
    what = rng.choice(["result", "rating", "name", "settings", "withdrawal", "forfeit"])
    player = rng.randrange(1, PLAYERS)
    rnd = rng.randrange(1, ROUNDS + 1)
    col = 2 + rnd
    if what == "result":
        cell = str(rows[player][col])
        other = _opponent(cell)
        if other is not None and cell[-1] in _OTHER:
            score = rng.choice(["1", "½", "0"])
            rows[player][col] = cell[:-1] + score
            back = str(rows[other][col])
            rows[other][col] = back[:-1] + _OTHER[score]
    elif what == "rating":
        rows[player][2] = rng.choice([None, float(rng.randrange(1000, 2800))])
    elif what == "name":
        rows[player][1] = f"Renamed {rng.randrange(1000)}"
    elif what == "withdrawal":
        _withdraw(rows, player, rnd)
    elif what == "forfeit":
        _forfeit(rows, player, rnd)
    else:
        row = rng.choice([2, 4, 5, 6])
        label, _value = settings[row]
        value: object = {
            2: rng.choice(["AUTO", "fide2023", "fide2026"]),
            4: float(rng.choice([1000, 1400, 1600])),
            5: rng.choice(["BH/C1", "SB", "KS"]),
            6: rng.choice(["BH", "AOB", "ARO"]),
        }[row]
        settings[row] = (label, value)
    return what


def test_many_single_edits_give_what_a_cold_computation_gives() -> None:
    rng = random.Random(2026)
    rows, settings = generated(), list(SETTINGS)
    udfs.clear_cache()
    warm = sheet(rows, settings)
    assert warm == cold(rows, settings)
    done: set[str] = set()
    for _ in range(30):
        done.add(_edit(rng, rows, settings))
        kept = sheet(rows, settings)  # the caches of every earlier recalculation kept
        fresh = cold(rows, settings)
        assert kept == fresh
        sheet(rows, settings)  # warm again for the next edit
        # BH/C1 (the first template column after PLACE) against the engine run afresh
        tournament = read_crosstable(rows, tournament_type=TournamentType.SWISS,
                                     start_date=datetime.date(2026, 4, 11))
        rules = str(settings[2][1]).lower()
        standings = compute_standings(tournament, ["BH/C1"], rules)
        want = [to_float(standings.row(int(r[0])).values[0]) for r in rows[1:]]
        assert [v for (v,) in kept[5]] == want
    assert done == {"result", "rating", "name", "settings", "withdrawal", "forfeit"}


def test_the_same_row_read_at_another_place_names_its_own_cells() -> None:
    rows = generated()
    udfs.clear_cache()
    here = read_crosstable(rows, sheet="Crosstable", origin=(1, 1))
    there = read_crosstable([[None] * len(rows[0]), *rows], sheet="Other", origin=(3, 2))
    first = here.participants[0].rounds[0].where
    moved = there.participants[0].rounds[0].where
    assert first == "Crosstable!D2" and moved == "Other!E5"
