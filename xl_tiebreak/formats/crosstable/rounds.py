"""The round columns of a Swiss crosstable: every participant's rounds read from their cells
(each cell by :mod:`xl_tiebreak.formats.crosstable.round_cells`)."""

from __future__ import annotations

import re

from xl_tiebreak.formats.crosstable.cells import Places, RangeRow, cell_text, error
from xl_tiebreak.formats.crosstable.header import Columns
from xl_tiebreak.formats.crosstable.round_cells import (
    TOKEN_HINT,
    is_bare_walkover,
    is_game_form,
    parse_round_token,
)
from xl_tiebreak.model.blanks import Blank
from xl_tiebreak.model.tournament import Participant, Problem, Record
from xl_tiebreak.util.cells import is_blank, quoted


def _round_problem(text: str) -> str:
    if is_bare_walkover(text):
        return (f"cannot read {quoted(text)} as a round result: W.O. needs the opponent's "
                "number (12w W.O. won by forfeit against 12, 12b -W.O. lost by forfeit)")
    message = f"cannot read {quoted(text)} as a round result ({TOKEN_HINT})"
    if not is_game_form(text) and re.fullmatch(r"[0-9.,/ ]+", text):
        message += "; a number alone has no opponent"
    return message


def swiss_rounds(
    rows: list[RangeRow],
    players: list[Participant | None],
    columns: Columns,
    places: Places,
    problems: list[Problem],
    blanks: list[Blank],
) -> int:
    """Fill in the rounds of a Swiss layout; returns the number of rounds read. Empty cells
    are zero-point byes here, each noted in ``blanks`` (docs/decisions.md D30).

    Rounds are counted up to the last round column with any non-empty cell.
    """
    played = max(
        (
            r
            for r, col in columns.rounds.items()
            if any(not is_blank(row.get(col)) for row in rows)
        ),
        default=0,
    )
    for row, player in zip(rows, players, strict=True):
        records: list[Record] = []
        for rnd in range(1, played + 1):
            col = columns.rounds[rnd]
            where = places.cell(row.index, col)
            text = cell_text(row.get(col))
            record = parse_round_token(text)
            if record is None:
                problems.append(error(_round_problem(text), where))
                continue
            if not text and player is not None:
                blanks.append(Blank(player.start_no, rnd, where))
            records.append(record.replace(where=where))
        if player is not None:
            player.rounds = records
    return played

