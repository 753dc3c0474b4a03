"""Cost of the worksheet functions on a 500-player crosstable (a script, not a test).

Excel calls a UDF once per formula cell and hands over the whole crosstable range each time.
This builds a 500-player, 9-round Swiss-layout crosstable, then times

* the first call (read the crosstable, check it, compute), and
* 500 calls, one per player, as a column of formulas would make them (each call gets its own
  copy of the range, as Excel would send), for several functions.

Run: ``python benchmarks/bench_udfs.py [players] [rounds]``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import xl_tiebreak.excel.functions.catalogue as functions  # noqa: E402


def crosstable(players: int, rounds: int, seed: int = 2026) -> list[list[Any]]:
    """A consistent crosstable: circle-method pairings, colours alternating, random results."""
    rng = random.Random(seed)
    n = players + players % 2
    cells: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    others = list(range(2, n + 1))
    for r in range(rounds):
        circle = [1, *others]
        for k in range(n // 2):
            a, b = circle[k], circle[n - 1 - k]
            if a > players or b > players:  # the dummy of an odd field: a bye
                cells[min(a, b)].append("U")
                continue
            white, black = (a, b) if (r + k) % 2 == 0 else (b, a)
            result = rng.choice(["1", "½", "0"])
            other = {"1": "0", "½": "½", "0": "1"}[result]
            cells[white].append(f"{black}w{result}")
            cells[black].append(f"{white}b{other}")
        others = others[-1:] + others[:-1]
    header = ["No", "Name", "Rating", "Fed", *(f"R{r}" for r in range(1, rounds + 1))]
    rows: list[list[Any]] = [header]
    for p in range(1, players + 1):
        rating = float(rng.randint(1200, 2600)) if p % 25 else None
        rows.append([float(p), f"Player {p:03d}", rating, "FID", *cells[p]])
    return rows


def timed(label: str, func: Callable[..., Any], copies: list[list[list[Any]]],
          extra: tuple[Any, ...] = ()) -> None:
    functions.clear_cache()
    start = time.perf_counter()
    first = func(copies[0], 1.0, *extra)
    first_cost = time.perf_counter() - start
    assert not (isinstance(first, str) and first.startswith("#")), first
    start = time.perf_counter()
    for i, xt in enumerate(copies, start=1):
        func(xt, float(i), *extra)
    per_call = (time.perf_counter() - start) / len(copies)
    print(f"{label:<28} first call {first_cost * 1000:8.1f} ms   "
          f"then {per_call * 1e6:7.1f} µs per call ({len(copies)} calls)")


def main(argv: list[str]) -> None:
    players = int(argv[1]) if len(argv) > 1 else 500
    rounds = int(argv[2]) if len(argv) > 2 else 9
    xt = crosstable(players, rounds)
    copies = [[list(row) for row in xt] for _ in range(players)]
    print(f"crosstable: {players} players × {rounds} rounds "
          f"({len(xt)} rows × {len(xt[0])} columns), {players} calls per column")
    timed("BUCHHOLZ_CUT1", functions.BUCHHOLZ_CUT1, copies)
    timed("SONNEBORN", functions.SONNEBORN, copies)
    timed("ARO (unrated = 1400)", functions.ARO, copies, (1400.0,))
    timed("DIRECT_ENCOUNTER", functions.DIRECT_ENCOUNTER, copies)
    timed("PLACE (default order)", functions.PLACE, copies)
    functions.clear_cache()
    start = time.perf_counter()
    table = functions.STANDINGS(xt)
    print(f"{'STANDINGS (one array call)':<28} {(time.perf_counter() - start) * 1000:8.1f} ms "
          f"for {len(table) - 1} rows")


if __name__ == "__main__":
    main(sys.argv)
