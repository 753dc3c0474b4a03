"""Read a crosstable (spreadsheet range or CSV text) into a
:class:`~xl_tiebreak.model.tournament.Tournament`.

Input is what a spreadsheet hands over: a 2-D list, header row first, numbers as floats (or ints,
or numeric strings), empty and error cells as ``None`` or ``""``. Fully empty rows are skipped and
trailing empty rows and columns do not count.

Two layouts are recognised automatically:

**Swiss layout** — one row per participant, columns found by their header (case-insensitive,
spaces, underscores and dots ignored):

===============  ==========================================================================
start number     ``No``, ``#``, ``SNo``, ``Nr``, ``Start``, ``StartNo``, ``TPN`` (if absent, the
                 rows are numbered 1, 2, 3 … in order)
name             ``Name``, ``Player``
rating           ``Rating``, ``Elo``, ``Rtg``, ``FIDE`` (empty, ``0`` or ``-`` = unrated)
federation       ``Fed``, ``Federation``, ``Country``
title            ``Title``
points           ``Pts``, ``Points``, ``Score``, ``Total`` (becomes ``declared_points``)
extra points     ``Extra points``, ``Extra``, ``Pontos adicionais``, ``Bonus``, ``+Pts``
                 (Swiss-Manager 42/43; becomes ``extra_points``: added to the score
                 for ranking only, docs/decisions.md D51; empty = 0; the declared points
                 include them)
rounds           ``R1`` … ``Rn``, ``1`` … ``n`` (also as the numbers 1.0 …), ``Rd 1``, ``Rd1``,
                 ``Round 1``
===============  ==========================================================================

A ``Rating used``/``Rating usado`` row above the header (label, then the choice: ``FIDE``,
``National``, ``FIDE then national``) sets :attr:`Tournament.rating_used` (docs/decisions.md
D-E1); other rows above the header are skipped with a warning.

Other columns (``Rank``, ``Club``, ``BH`` …) are ignored; when two columns match the same field
the first one is used. The round cells use the compact notation read by
:func:`parse_round_token`. Rounds are counted up to the last round column holding anything; an
empty cell before that is a zero-point bye (absence).

**Round-robin grid** — header ``No``/``Name`` … then one column per participant labelled
``1`` … ``n`` (numbers or text), where n is the number of participant rows; the start numbers
are exactly 1 … n and every diagonal cell (row of #k, column ``k``) is empty or a filler such as
``x``, ``*`` or ``-``; no round cell is written in the Swiss notation (``12w1``, ``H`` …). Each
off-diagonal cell is the result of the row player against the column player: ``1``, ``½``
(``0.5``, ``1/2``, ``=``), ``0``, ``+`` (forfeit win), ``-`` (forfeit loss; ``-`` on both sides
is a double forfeit), or empty (not played yet). With a non-default ``scoring`` a number means
the points of that result (e.g. ``3``/``1``/``0``).

A grid has no round information. Each game is put in its round of the standard FIDE Berger
table for n players (an odd field gets a rest round against the dummy n+1): a pair (i, j), both
below the table size N (n, or n+1 when n is odd), meets in round ``(i + j - 2) mod (N - 1) + 1``,
and player i meets N in round ``(2i - 2) mod (N - 1) + 1``. So both sides of a game sit in the
same round. Rounds without a game (the rest round, games not played yet) are zero-point byes
(the TRF encoding of a round-robin rest round) up to the player's last game; trailing ones are
left out, so ``rounds`` lists may be shorter than others. Colours are unknown (None). The
rounds are virtual: tie-breaks that depend on the order of rounds (progressive score) are not
meaningful for a grid, only the set of games is. The tournament type defaults to
``PREDETERMINED`` and ``scheduled_rounds`` to N - 1.

Cross-player consistency (mirrored results, unknown opponents, declared points against the
rounds) is not checked here; that is :mod:`xl_tiebreak.standings.check`'s job. This module only
reports
what it cannot read, all problems at once, in one
:class:`~xl_tiebreak.model.tournament.InputError`, each
naming its cell (``Crosstable!F7``, or ``cell F7`` without a sheet name).
"""


from __future__ import annotations

import datetime
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.formats.crosstable.cells import (
    MAX_COLUMNS,
    MAX_ROWS,
    Places,
    RangeRow,
    cell_number,
    cell_text,
    cell_whole,
    error,
    range_rows,
)
from xl_tiebreak.formats.crosstable.grid import grid_check, grid_rounds
from xl_tiebreak.formats.crosstable.header import (
    IDENTITY_FIELDS,
    RATING_FIELDS,
    Columns,
    header_labels,
    name_columns,
    read_header,
)
from xl_tiebreak.formats.crosstable.round_cells import parse_round_token
from xl_tiebreak.formats.crosstable.rounds import swiss_rounds
from xl_tiebreak.i18n import _
from xl_tiebreak.model.blanks import Blank, apply_blank_rounds
from xl_tiebreak.model.tournament import (
    MAX_EXTRA_POINTS,
    BlankRounds,
    InputError,
    Participant,
    Problem,
    Scoring,
    Tournament,
    TournamentType,
    looks_like_round_robin,
    note_rounds_played,
)
from xl_tiebreak.util.cells import cell_name, quoted
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES, DecodeError, csv_table

__all__ = [
    "MAX_COLUMNS",
    "MAX_EXTRA_POINTS",
    "MAX_ROWS",
    "cell_name",
    "parse_round_token",
    "read_crosstable",
    "read_csv_crosstable",
]
# MAX_ROWS, MAX_COLUMNS (crosstable_cells), cell_name (cells) and parse_round_token
# (crosstable_rounds) stay importable from here for the spreadsheet layer and the tests.


# --- participants -----------------------------------------------------------------------------

_UNRATED = frozenset({"-", "–", "—", "−", "nr", "unr", "unrated", "n/a"})


def _read_rating(cell: object) -> int | None:
    """A rating cell: empty, ``0`` or ``-`` means unrated (None). Raises ValueError otherwise."""
    if cell_text(cell).lower() in _UNRATED:
        return None
    return cell_whole(cell) or None


def _identity_text(cell: object) -> str:
    """An identity cell as text: a whole number without its ``.0`` (a FIDE ID or a birth year
    typed as a number), a date as ``YYYY/MM/DD`` (a birth date typed as a date)."""
    if isinstance(cell, datetime.datetime | datetime.date):
        return f"{cell:%Y/%m/%d}"
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return cell_text(cell)


def _read_participant(
    row: RangeRow, position: int, columns: Columns, places: Places, problems: list[Problem]
) -> Participant | None:
    """The fixed fields of one participant row (its rounds come later).

    ``position`` (1-based) is the start number used when there is no start-number column.
    Returns None when the start number cannot be read (the problem is recorded).
    """
    start: int | None = position
    if columns.start is not None:
        cell = row.get(columns.start)
        where = places.cell(row.index, columns.start)
        try:
            start = cell_whole(cell)
        except ValueError:
            start = None
            problems.append(error(_("cannot read {cell} as a start number",
                                    cell=quoted(cell_text(cell))), where))
        else:
            if start is None:
                problems.append(error(_("the start number is missing"), where))
            elif start == 0:
                start = None
                problems.append(error(_("start numbers begin at 1"), where))
    name = " ".join(t for t in (cell_text(row.get(c)) for c in
                                [columns.name, *columns.name_parts]) if t)
    name = " ".join(name.split())  # tabs and line breaks inside a cell: spaces
    if not name.isprintable():
        problems.append(error(_("the name {name} holds a control character", name=quoted(name)),
                               places.cell(row.index, columns.name or 0)))
        start = None
    participant = Participant(
        start_no=start or 0,
        name=name if columns.name is not None else "",
        federation=cell_text(row.get(columns.federation)),
        title=cell_text(row.get(columns.title)),
        where=places.row(row.index),
    )
    if columns.rating is not None:
        cell = row.get(columns.rating)
        try:
            participant.rating = _read_rating(cell)
        except ValueError:
            where = places.cell(row.index, columns.rating)
            problems.append(error(_("cannot read {cell} as a rating",
                                    cell=quoted(cell_text(cell))), where))
    for name in IDENTITY_FIELDS:
        col = getattr(columns, name)
        if col is not None:
            setattr(participant, name, _identity_text(row.get(col)))
    for name in RATING_FIELDS:
        col = getattr(columns, name)
        if col is None:
            continue
        cell = row.get(col)
        try:
            setattr(participant, name, _read_rating(cell))
        except ValueError:
            problems.append(error(_("cannot read {cell} as a rating",
                                    cell=quoted(cell_text(cell))), places.cell(row.index, col)))
    if columns.points is not None:
        cell = row.get(columns.points)
        try:
            participant.declared_points = cell_number(cell)
        except ValueError:
            where = places.cell(row.index, columns.points)
            problems.append(error(_("cannot read {cell} as points",
                                    cell=quoted(cell_text(cell))), where))
    if columns.extra is not None:
        cell = row.get(columns.extra)
        try:
            extra = cell_number(cell) or Fraction(0)
            if abs(extra) > MAX_EXTRA_POINTS:
                raise ValueError("out of range")
            participant.extra_points = extra
        except ValueError:
            where = places.cell(row.index, columns.extra)
            problems.append(error(_("cannot read {cell} as extra points (expected e.g. 1, "
                                    "0.5 or -1, at most {most})", cell=quoted(cell_text(cell)),
                                    most=MAX_EXTRA_POINTS), where))
    if columns.manual is not None:
        cell = row.get(columns.manual)
        try:
            participant.manual_order = cell_number(cell)
        except ValueError:
            problems.append(error(_("cannot read {cell} as a manual-order value (a number: "
                                    "the lowest ranks first)", cell=quoted(cell_text(cell))),
                                  places.cell(row.index, columns.manual)))
    return participant if start else None



# --- entry points -----------------------------------------------------------------------------


def read_crosstable(
    values: Sequence[Sequence[object]],
    *,
    sheet: str = "",
    origin: tuple[int, int] = (1, 1),
    scoring: Scoring | None = None,
    tournament_type: TournamentType | None = None,
    start_date: datetime.date | None = None,
    scheduled_rounds: int | None = None,
    name: str = "",
    blank_rounds: BlankRounds = BlankRounds.ABSENT,
) -> Tournament:
    """Read a crosstable range (header row first) into a :class:`Tournament`.

    ``values`` is the 2-D list a spreadsheet hands over. ``sheet`` and ``origin`` (1-based row
    and column of the range's top-left cell) only serve to name real cells in messages
    (``Crosstable!F7``; ``cell F7`` without a sheet). ``scoring`` (default 1-½-0),
    ``tournament_type`` (default: Swiss, or pre-determined for a round-robin grid),
    ``start_date``, ``scheduled_rounds`` (default: unknown, or N - 1 for a grid) and ``name``
    are copied into the result; ``source`` is the sheet name. ``blank_rounds``: what an empty
    round cell of the Swiss layout means (docs/decisions.md D30); every empty cell is listed
    in a warning (:attr:`Tournament.notes`) whatever the choice.

    The header is found among the first rows (a title or notes block above it is skipped,
    with a warning); a header may span two rows (``Round`` merged over ``1 2 3``); a merged
    Name header joins the name columns. Without a round column the crosstable is refused with
    the header row named. Without a declared type, all-play-all pairings make a round robin,
    as for TRF files (:func:`~xl_tiebreak.model.tournament.looks_like_round_robin`).

    Each :class:`Record` has ``where`` = its cell, each :class:`Participant` ``where`` = its row
    (``Crosstable!row 7``). Raises :class:`InputError` listing every cell that cannot be read;
    no other exception escapes for bad input.
    """
    try:
        return _read(
            values,
            sheet=sheet,
            origin=origin,
            scoring=scoring or Scoring(),
            tournament_type=tournament_type,
            start_date=start_date,
            scheduled_rounds=scheduled_rounds,
            name=name,
            blank_rounds=blank_rounds,
        )
    except InputError:
        raise
    except Exception as exc:  # the promise: bad input never ends in a traceback
        raise InputError(
            _("cannot read the crosstable ({error}: {detail})", error=type(exc).__name__,
              detail=exc), sheet
        ) from exc


def _read(
    values: Sequence[Sequence[object]],
    *,
    sheet: str,
    origin: tuple[int, int],
    scoring: Scoring,
    tournament_type: TournamentType | None,
    start_date: datetime.date | None,
    scheduled_rounds: int | None,
    name: str,
    blank_rounds: BlankRounds = BlankRounds.ABSENT,
) -> Tournament:
    if not (
        isinstance(origin, tuple)
        and len(origin) == 2
        and all(isinstance(v, int) and v >= 1 for v in origin)
    ):
        raise InputError(_("origin must be a (row, column) pair of numbers from 1, not {origin}",
                           origin=repr(origin)))
    places = Places(str(sheet), origin[0], origin[1])
    rows = range_rows(values, places)
    if not rows:
        raise InputError(_("the crosstable is empty: expected a header row and one row per "
                           "player"))
    problems: list[Problem] = []
    columns, first_body = read_header(rows, places, problems)
    if problems:
        raise InputError(problems)
    body = rows[first_body:]
    header = rows[first_body - columns.rows]
    name_columns(columns, header_labels(rows, first_body - columns.rows, columns.rows == 2), body,
                  places, header.index)
    players = [
        _read_participant(row, position, columns, places, problems)
        for position, row in enumerate(body, start=1)
    ]
    starts = [None if p is None else p.start_no for p in players]
    blanks: list[Blank] = []
    grid, why_not = grid_check(body, starts, columns, scoring, places)
    if grid:
        schedule = grid_rounds(body, players, columns, places, problems, scoring)
        kind = TournamentType.PREDETERMINED
        rounds = 0
        if scheduled_rounds is None:
            scheduled_rounds = schedule
    else:
        count = len(problems)
        rounds = swiss_rounds(body, players, columns, places, problems, blanks)
        kind = TournamentType.SWISS
        if why_not is not None and len(problems) > count:
            problems.insert(count, why_not)
    if problems:
        raise InputError(problems)
    participants = [p for p in players if p is not None]
    notes = list(columns.notes)
    notes += apply_blank_rounds(participants, blanks, blank_rounds, scoring, places.sheet)
    inferred = (not grid and tournament_type is None
                and looks_like_round_robin(participants))
    if inferred:
        kind = TournamentType.PREDETERMINED
    t = Tournament(
        participants=participants,
        name=name,
        rounds=rounds,
        scheduled_rounds=scheduled_rounds,
        type=tournament_type or kind,
        start_date=start_date,
        scoring=scoring,
        source=places.sheet,
        type_inferred=inferred,
        notes=notes,
        blanks=frozenset((b.start_no, b.round) for b in blanks),
        rating_used=columns.rating_used,
    )
    if not grid:
        note_rounds_played(t, blanks=t.blanks)
    return t


def read_csv_crosstable(
    text: str, *, source: str = "", blank_rounds: BlankRounds = BlankRounds.ABSENT
) -> Tournament:
    """Read a crosstable from CSV text (delimiter ``,``, ``;`` or tab, found from the header).

    The cells stay strings (numbers included) and go to :func:`read_crosstable`, which names
    cells as ``source!E7`` (or ``cell E7``) with row 1 = the first line. Texts over
    :data:`~xl_tiebreak.util.text_files.MAX_INPUT_BYTES` (in UTF-8) are refused. Raises
    :class:`InputError`.
    """
    if not isinstance(text, str):
        raise InputError(_("expected the CSV file's text"))
    if len(text) > MAX_INPUT_BYTES or len(text.encode("utf-8", "replace")) > MAX_INPUT_BYTES:
        raise InputError(
            _("the CSV text is larger than {size} MB", size=MAX_INPUT_BYTES // (1024 * 1024)),
            source
        )
    try:
        rows: list[list[object]] = [list(row) for row in csv_table(text)]
    except DecodeError as exc:
        raise InputError(str(exc), f"{source}, {exc.where}" if source else exc.where) from None
    return read_crosstable(rows, sheet=source, blank_rounds=blank_rounds)
