"""The arbiter's worksheet functions: RECURSIVE_BUCHHOLZ (OTHER_RBH) of its own, and the lots seed
as the last optional argument of STANDINGS and PLACE (docs/engineering.md D62)."""

from __future__ import annotations

import hashlib
from typing import Any

from xl_tiebreak import udfs
from xl_tiebreak.tiebreaks.registry import TIEBREAKS

SMALL = [
    ["No", "Name", "R1", "R2", "R3"],
    [1.0, "Anna", "4w1", "2b½", "3w1"],
    [2.0, "Bert", "3b0", "1w½", "4b1"],
    [3.0, "Cleo", "2w1", "4b½", "1b0"],
    [4.0, "Dan", "1b0", "3w½", "2w0"],
]
"""Every game played: points Anna 2½, Bert 1½, Cleo 1½, Dan ½."""


def test_recursive_buchholz_by_hand() -> None:
    # BH (sum of opponents' points): Anna ½+1½+1½ = 3½, Bert 1½+2½+½ = 4½,
    # Cleo 1½+½+2½ = 4½, Dan 2½+1½+1½ = 5½.
    # RBH (sum of opponents' BH): Anna 5½+4½+4½ = 14½, Bert 4½+3½+5½ = 13½,
    # Cleo 4½+5½+3½ = 13½, Dan 3½+4½+4½ = 12½
    udfs.clear_cache()
    assert udfs.RECURSIVE_BUCHHOLZ(SMALL, [[1.0], [2.0], [3.0], [4.0]]) == \
        [[14.5], [13.5], [13.5], [12.5]]
    assert udfs.RECURSIVE_BUCHHOLZ(SMALL, "Dan") == 12.5
    assert udfs.RECURSIVE_BUCHHOLZ(SMALL, 1.0) == udfs.TIEBREAK(SMALL, 1.0, "RBH")
    assert str(udfs.RECURSIVE_BUCHHOLZ(SMALL, "Nobody")).startswith("#PLAYER?")
    assert udfs.FIXED_DESCRIPTORS["RECURSIVE_BUCHHOLZ"] == "OTHER_RBH"
    rbh = next(row for row in TIEBREAKS if row.code == "OTHER_RBH")
    assert [f.name for f in rbh.functions] == ["RECURSIVE_BUCHHOLZ"]


def _first(seed: str, a: int, b: int) -> int:
    """Which of start numbers a, b draws the lower lot, by hand: SHA-256('<seed>:<no>')."""
    return min(a, b, key=lambda no: hashlib.sha256(f"{seed}:{no}".encode()).hexdigest())


def _seeds() -> tuple[str, str]:
    """Two seeds drawing Bert (2) and Cleo (3) in opposite orders."""
    by_first: dict[int, str] = {}
    for k in range(100):
        by_first.setdefault(_first(f"seed-{k}", 2, 3), f"seed-{k}")
    return by_first[2], by_first[3]


def _order(table: Any) -> list[float]:
    return [row[1] for row in table[1:]]


def test_standings_and_place_take_the_seed() -> None:
    udfs.clear_cache()
    bert_first, cleo_first = _seeds()
    a = udfs.STANDINGS(SMALL, "LOTS", "", "", "", True, "", bert_first)
    b = udfs.STANDINGS(SMALL, "LOTS", "", "", "", True, "", cleo_first)
    assert _order(a) == [1.0, 2.0, 3.0, 4.0]
    assert _order(b) == [1.0, 3.0, 2.0, 4.0]
    assert udfs.PLACE(SMALL, "Bert", "LOTS", "", "", "", "", bert_first) == 2.0
    assert udfs.PLACE(SMALL, "Bert", "LOTS", "", "", "", "", cleo_first) == 3.0
    # the same seed, the same draw on every call (also after the cache is gone)
    udfs.clear_cache()
    assert udfs.STANDINGS(SMALL, "LOTS", "", "", "", True, "", bert_first) == a
    # a whole number typed in the cell counts as its digits, as in the Settings sheet
    number_first = _first("2026", 2, 3)
    assert udfs.PLACE(SMALL, number_first, "LOTS", "", "", "", "", 2026.0) == 2.0
    assert udfs.PLACE(SMALL, number_first, "LOTS", "", "", "", "", "2026") == 2.0


def test_without_a_seed_the_empty_seed() -> None:
    udfs.clear_cache()
    empty_first = _first("", 2, 3)
    assert udfs.PLACE(SMALL, empty_first, "LOTS") == 2.0
    assert udfs.PLACE(SMALL, empty_first, "LOTS", "", "", "", "", "") == 2.0


def test_a_seed_that_depends_on_the_cell_format_is_refused() -> None:
    udfs.clear_cache()
    assert str(udfs.PLACE(SMALL, 1.0, "LOTS", "", "", "", "", 0.25)).startswith("#ARG? the lots")
    assert str(udfs.STANDINGS(SMALL, "LOTS", "", "", "", True, "", "#REF!")).startswith("#ARG?")
