"""``WHY_AHEAD``: why one player is ahead of another, as ``compute --why A,B`` prints it.

The order is walked item by item (points, then each tie-break) for the two players given by
start number or name, both values with their explanations, up to the first item whose values
differ; for a Direct Encounter, the games among the group still tied
(:func:`xl_tiebreak.standings.why.why_ahead`). The result is a column of lines, one cell each,
every line at most 255 characters (a longer line goes on in the next cells).
"""

from __future__ import annotations

from typing import Any

import xl_tiebreak.excel.functions.arguments as arguments
from xl_tiebreak.excel.functions.evaluation import (
    MAX_CHECK_LINES,
    _call,
    _computed,
    _event,
    _player,
    _ready,
    column_of,
    lines,
)
from xl_tiebreak.standings.why import why_ahead

__all__ = ["why_lines"]


def why_lines(
    crosstable: object, a: object, b: object, order: object, rules: object, unrated: object,
    kind: object = None, blanks: object = None, seed: object = None,
) -> Any:
    """The walk for players ``a`` and ``b`` under the order, as the command line's ``--why``
    prints it: one line per cell (a single value when it is one line)."""
    tiebreaks = arguments.tiebreak_order(order)
    event = _event(crosstable, kind, blanks)
    parsed = event.parsed
    _ready(parsed)
    standings = _computed(parsed, tiebreaks, _call(event.options, rules, unrated, seed)).standings
    walk = why_ahead(standings, _player(parsed, a), _player(parsed, b))
    out: list[str] = []
    for line in walk.lines():
        out.extend(lines(line) if line.strip() else [""])
    return column_of(out[:MAX_CHECK_LINES])
