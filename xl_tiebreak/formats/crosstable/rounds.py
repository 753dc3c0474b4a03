"""The round columns of a Swiss crosstable: every participant's rounds read from their cells
(each cell by :mod:`xl_tiebreak.formats.crosstable.round_cells`)."""

from __future__ import annotations

import functools
import re
from collections import OrderedDict

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
from xl_tiebreak.i18n import _, current
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


MAX_KEPT_ROWS = 10_000
"""Round rows of Swiss crosstables kept read (:func:`swiss_rounds`)."""

_Row = tuple[tuple[Record, ...], tuple[tuple[str, str], ...], tuple[tuple[int, str], ...]]
"""One row's rounds read: its records, its (cell, colour letter) pairs, its (round, cell)
empty rounds."""
_KEPT: OrderedDict[tuple[object, ...], _Row] = OrderedDict()
"""Round rows read before, by place, language, columns and cell texts: a crosstable read again
after one edit (a worksheet recalculation) parses only the changed rows again."""


def forget_rows() -> None:
    """Forget the round rows and cells read before (tests, or a cold recalculation)."""
    _KEPT.clear()
    _reading.cache_clear()


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

    Rounds are counted up to the last round column with any non-empty cell. A row read
    without a problem is kept (the last :data:`MAX_KEPT_ROWS`), by everything its records
    depend on: the places, the language of the cell names, the row's index, the round columns
    and the cells' texts; the same row read again reuses its records (they are immutable).
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
    cols = tuple(columns.rounds[rnd] for rnd in range(1, played + 1))
    language = current()
    for row, player in zip(rows, players, strict=True):
        texts = tuple([cell_text(row.get(col)) for col in cols])
        key = (places, language, row.index, cols, texts)
        done = _KEPT.get(key)
        if done is None:
            count = len(problems)
            done = _read_row(row.index, cols, texts, places, problems)
            if len(problems) == count:
                _KEPT[key] = done
                if len(_KEPT) > MAX_KEPT_ROWS:
                    _KEPT.popitem(last=False)
        else:
            _KEPT.move_to_end(key)
        records, colours, empty = done
        letters.update(colours)
        if player is not None:
            blanks.extend(Blank(player.start_no, rnd, where) for rnd, where in empty)
            player.rounds = list(records)
    _ambiguous_colours(letters, problems)
    return played


def _read_row(index: int, cols: tuple[int, ...], texts: tuple[str, ...], places: Places,
              problems: list[Problem]) -> _Row:
    """The rounds of one row (range row ``index``) from the texts of its round cells, in the
    columns ``cols``; a cell that cannot be read adds a problem and no record."""
    records: list[Record] = []
    colours: list[tuple[str, str]] = []
    empty: list[tuple[int, str]] = []
    wheres = places.row_cells(index, cols)
    for rnd, (where, text) in enumerate(zip(wheres, texts, strict=True), start=1):
        record, letter = _reading(text)
        if record is None:
            problems.append(error(_round_problem(text), where))
            continue
        if letter:
            colours.append((where, letter))
        if not text:
            empty.append((rnd, where))
        records.append(_new_record(Record, (*record[:4], where)))  # record with its where
    return tuple(records), tuple(colours), tuple(empty)


_new_record = tuple.__new__
"""Makes a :class:`Record` from its five fields (kind, opponent, colour, short game, where)
without a Python ``__init__`` (docs/engineering.md D76)."""


@functools.lru_cache(maxsize=1 << 16)
def _reading(text: str) -> tuple[Record | None, str]:
    """A round cell's record (without ``where``; None when unreadable) and colour letter,
    read once per text: they depend on nothing else (records are immutable)."""
    return parse_round_token(text), colour_letter(text)
