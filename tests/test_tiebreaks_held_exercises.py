"""All 382 published values of IA Mario Held's *Exercises in Tie-Breaking* (FIDE TEC).

The expected values are read from ``shared/data/trf/expected/held_exercises_individual.csv``
(the exercise answers, with the 2026-rule values where the paper's tournament was re-computed),
and the crosstables from the TRF files beside it.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from fractions import Fraction

import pytest
from spec_data import TRF_DIR, require

from xl_tiebreak.formats.trf.reader import read_trf
from xl_tiebreak.model.tournament import TournamentType
from xl_tiebreak.standings.final import Standings, compute_standings

CSV = TRF_DIR / "expected" / "held_exercises_individual.csv"
ALIASES = {"GE(REP)": "REP"}


def _rows() -> list[dict[str, str]]:
    if not CSV.exists():
        return []
    with CSV.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _groups() -> dict[tuple[str, str, str, str], list[dict[str, str]]]:
    groups: dict[tuple[str, str, str, str], list[dict[str, str]]] = defaultdict(list)
    for row in _rows():
        key = (row["trf_file"], row["tiebreak"], row["rules"], row["kind"])
        groups[key].append(row)
    return groups


GROUPS = _groups()
_cache: dict[tuple[str, str, str], Standings] = {}


def _standings(trf: str, tiebreak: str, rules: str) -> Standings:
    key = (trf, tiebreak, rules)
    if key not in _cache:
        t = read_trf(require(TRF_DIR / trf))
        if "round_robin" in trf:  # no 092 record: inferred from the all-play-all pairings
            assert t.type is TournamentType.PREDETERMINED and t.type_inferred
        _cache[key] = compute_standings(t, [tiebreak], rules=f"fide{rules}")
    return _cache[key]


def test_all_382_values_are_present() -> None:
    require(CSV)
    assert sum(len(v) for v in GROUPS.values()) == 382


@pytest.mark.parametrize("key", sorted(GROUPS), ids=lambda k: "-".join(k[:3]))
def test_held_exercise(key: tuple[str, str, str, str]) -> None:
    trf, tiebreak, rules, kind = key
    descriptor = ALIASES.get(tiebreak, tiebreak)
    s = _standings(trf, descriptor, rules)
    for row in GROUPS[key]:
        no = int(row["start_no"])
        if kind == "value":
            got = s.row(no).values[0]
            want = None if row["expected"] == "undefined" else Fraction(row["expected"])
            assert got == want, f"{trf} {tiebreak} ({rules}) #{no}: got {got}, want {want}"
        else:
            assert kind == "rank_with_PTS_then_DE"
            got_rank = s.row(no).rank
            assert got_rank == int(row["expected"]), f"{trf} DE rank #{no}"
