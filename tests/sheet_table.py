"""Reading a Standings sheet in tests: the title block on top, then the table (header row
starting ``Place``), then the legend (labels in column C, texts in D)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

FIXED = ("Place", "No", "Title", "Name", "Fed", "Rtg", "Pts")
"""The first columns of the table; one per tie-break follows."""
NAME, RATING, FED, PTS, FIRST_TIEBREAK = 3, 5, 4, 6, 7
"""0-based positions of some columns."""


def header_index(rows: Sequence[Sequence[Any]]) -> int:
    """0-based index of the table's header row."""
    return next(k for k, r in enumerate(rows) if r and r[0] == "Place")


def table(rows: Sequence[Sequence[Any]]) -> list[tuple[Any, ...]]:
    """The header row and the rows of the table below it (until the first empty row)."""
    out = []
    for r in rows[header_index(rows):]:
        if all(v is None for v in r):
            break
        out.append(tuple(r))
    return out


def title_block(rows: Sequence[Sequence[Any]]) -> list[str]:
    """The texts above the table."""
    return [str(r[0]) for r in rows[:header_index(rows)] if r and r[0] is not None]


def legend(rows: Sequence[Sequence[Any]]) -> dict[str, str]:
    """Legend label → text (the rows below the table)."""
    below = rows[header_index(rows) + len(table(rows)):]
    return {r[2]: r[3] for r in below if len(r) > 3 and r[2]}
