"""The round columns of a Swiss crosstable: every participant's rounds read from their cells
(each cell by :mod:`xl_tiebreak.formats.crosstable.round_cells`)."""

from __future__ import annotations

import re

from xl_tiebreak.formats.crosstable.cells import Places, RangeRow, cell_text, error
from xl_tiebreak.formats.crosstable.header import Columns
from xl_tiebreak.formats.crosstable.round_cells import (
    PORTUGUESE_COLOURS,
    colour_letter,
    is_bare_walkover,
    is_game_form,
    is_undecided_bye,
    parse_round_token,
    token_hint,
)
from xl_tiebreak.i18n import _
from xl_tiebreak.model.blanks import Blank
from xl_tiebreak.model.tournament import Participant, Problem, Record
from xl_tiebreak.util.cells import is_blank, quoted


def _round_problem(text: str) -> str:
    if is_bare_walkover(text):
        return _("cannot read {cell} as a round result: W.O. needs the opponent's number (12w "
                 "W.O. won by forfeit against 12, 12b -W.O. lost by forfeit)", cell=quoted(text))
    if is_undecided_bye(text):
        return _("cannot read {cell} as a round result: which bye is it? Write folga (or U) for "
                 "the pairing-allocated bye, F for a requested full-point bye, meio ponto (or H) "
                 "for a half-point bye, ausente (or Z) for a zero-point bye", cell=quoted(text))
    message = _("cannot read {cell} as a round result ({hint})", cell=quoted(text),
                hint=token_hint())
    if not is_game_form(text) and re.fullmatch(r"[0-9.,/ ]+", text):
        message += _("; a number alone has no opponent")
    return message


def _ambiguous_colours(letters: dict[str, str], problems: list[Problem]) -> None:
    """A crosstable using the Portuguese colour letters (``br`` brancas, ``p``/``n`` pretas,
    negras) and also ``b``: each ``b`` cell (brancas, White, or black?) is refused.
    ``letters``: colour letter by cell."""
    portuguese = [where for where, letter in letters.items() if letter in PORTUGUESE_COLOURS]
    if not portuguese:
        return
    for where, letter in letters.items():
        if letter == "b":
            problems.append(error(_(
                "the colour b is ambiguous in this crosstable, which uses the Portuguese colour "
                "letters br, p or n (for example {first}): write White as w or br (brancas) "
                "and Black as p or n (pretas, negras)", first=portuguese[0]), where))


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
    letters: dict[str, str] = {}
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
            letter = colour_letter(text)
            if letter:
                letters[where] = letter
            if not text and player is not None:
                blanks.append(Blank(player.start_no, rnd, where))
            records.append(record.replace(where=where))
        if player is not None:
            player.rounds = records
    _ambiguous_colours(letters, problems)
    return played

