"""Round-robin grids: a crosstable whose columns are the participants, recognised by its shape
and read into Berger rounds (the rule is in :mod:`xl_tiebreak.formats.crosstable.reader`'s
docstring)."""

from __future__ import annotations

from xl_tiebreak.formats.crosstable.cells import Places, RangeRow, cell_number, cell_text, error
from xl_tiebreak.formats.crosstable.round_cells import parse_round_token, round_token
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import Kind, Participant, Problem, Record, Scoring
from xl_tiebreak.util.cells import quoted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from xl_tiebreak.formats.crosstable.header import Columns

# --- round-robin grid -------------------------------------------------------------------------

_DIAGONAL = frozenset({"", "x", "*", "×", "-", "/", "#", "■", "█", "xx", "***"})


def _grid_kind(text: str, scoring: Scoring) -> Kind | None:
    """A round-robin grid cell (row player against column player) as a kind; None if unreadable.

    ``+``/``-`` are forfeits, ``=`` a draw; numbers are the points of the result under
    ``scoring`` (by default ``1``, ``½``/``0.5``/``1/2``, ``0``).
    """
    token = round_token(text)
    if token == "+":
        return Kind.FORFEIT_WIN
    if token == "-":
        return Kind.FORFEIT_LOSS
    if token == "=":
        return Kind.DRAW
    try:
        value = cell_number(token)
    except ValueError:
        return None
    for kind in (Kind.WIN, Kind.DRAW, Kind.LOSS):
        if value == scoring.points(kind):
            return kind
    return None


def grid_check(
    rows: list[RangeRow],
    starts: list[int | None],
    columns: Columns,
    scoring: Scoring,
    places: Places,
) -> tuple[bool, Problem | None]:
    """Whether the range is a round-robin grid (see the module docstring for the rule).

    When it looks like one (columns 1 … n for n rows, no Swiss notation) but the start numbers
    or a diagonal cell rule it out, the second value says why, for the Swiss reading's errors.
    """
    n = len(rows)
    if n < 2 or not columns.bare or set(columns.rounds) != set(range(1, n + 1)):
        return False, None
    for row in rows:
        for col in columns.rounds.values():
            text = cell_text(row.get(col))
            if text and parse_round_token(text) and _grid_kind(text, scoring) is None:
                return False, None  # Swiss notation (12w1, H, U …)
    seen: set[int] = set()
    for row, start in zip(rows, starts, strict=True):
        if start is None or not 1 <= start <= n or start in seen:
            return False, error(_("not read as a round-robin grid because the start numbers "
                                  "are not 1 to {n}", n=n), places.row(row.index))
        seen.add(start)
    for row, start in zip(rows, starts, strict=True):
        col = columns.rounds[start or 0]
        text = cell_text(row.get(col))
        if round_token(text) not in _DIAGONAL:
            where = places.cell(row.index, col)
            message = _("not read as a round-robin grid because its diagonal holds {cell} "
                        "(expected empty or x)", cell=quoted(text))
            return False, error(message, where)
    return True, None


def _berger_round(a: int, b: int, size: int) -> int:
    """Round of the pair (a, b) in the FIDE Berger table for ``size`` (even) players."""
    if b == size:
        a, b = b, a
    if a == size:
        return (2 * b - 2) % (size - 1) + 1
    return (a + b - 2) % (size - 1) + 1


def grid_rounds(
    rows: list[RangeRow],
    players: list[Participant | None],
    columns: Columns,
    places: Places,
    problems: list[Problem],
    scoring: Scoring,
) -> int:
    """Fill in the rounds of a round-robin grid (Berger rounds); returns the schedule length."""
    n = len(rows)
    size = n + n % 2
    for row, player in zip(rows, players, strict=True):
        assert player is not None  # grid_check checked every start number
        games: dict[int, Record] = {}
        fillers: dict[int, str] = {}
        for opponent, col in columns.rounds.items():
            if opponent == player.start_no:
                continue
            rnd = _berger_round(player.start_no, opponent, size)
            where = places.cell(row.index, col)
            fillers[rnd] = where
            text = cell_text(row.get(col))
            if not text:
                continue
            kind = _grid_kind(text, scoring)
            if kind is None:
                problems.append(
                    error(
                        _("cannot read {cell} as a result against #{opponent} (expected 1, ½, "
                          "0, +, - or empty)", cell=quoted(text), opponent=opponent),
                        where,
                    )
                )
                continue
            games[rnd] = Record(kind, opponent, where=where)
        last = max(games, default=0)
        player.rounds = [
            games.get(rnd) or Record(Kind.ZPB, where=fillers.get(rnd, player.where))
            for rnd in range(1, last + 1)
        ]
    return size - 1

