"""The cache behind every worksheet function, individual and team: a range is read once, each
result computed from it once.

Three parts, shared by :mod:`xl_tiebreak.excel.functions.evaluation` (crosstables) and
:mod:`xl_tiebreak.excel.functions.team_evaluation` (team crosstables):

* :class:`Content` — a range's values as a cache key: trailing empty rows of a generous range
  (``A1:K200``, even the whole columns ``A:K``) dropped at C speed, cells made hashable, the
  hash computed once;
* :class:`RangeCache` and its one instance :data:`RANGES` — one bounded LRU cache of read
  ranges for both families: ``read(content, *options)`` is called once per distinct reader,
  content and options (the options are the arguments that change how the range is read: the
  tournament type, the boards…); it governs memory, since each read range keeps its own
  results, which go with it;
* :class:`Results` — a read range's own bounded LRU map of computed results (standings per
  tie-break order and rule set, one tie-break's values, one evaluation per rule set):
  :meth:`Results.get_or_compute` computes a result once.

A column of 500 formulas over a 500-player crosstable so costs one read and one computation
plus a look-up per cell. :func:`header_flag` reads the header switch of STANDINGS and
TEAM_STANDINGS.
"""

from __future__ import annotations

import datetime
import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar, cast

import xl_tiebreak.excel.functions.arguments as arguments
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.util.cells import is_blank

__all__ = ["MAX_RANGES", "RANGES", "Cells", "Content", "RangeCache", "Results", "header_flag",
           "without_empty_tail"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = TypeVar("P")


def _frozen_cell(value: object) -> object:
    """A hashable cell value; bools become text so that TRUE never equals 1 in the cache."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if value is None or isinstance(value, (str, int, float, datetime.date, datetime.time)):
        return value
    return str(value)


_ROW_TYPES = frozenset({list, tuple})


def _frozen_rows(rows: Sequence[object]) -> tuple[tuple[object, ...], ...]:
    """The rows as tuples of hashable cells, at C speed when every cell is hashable (text,
    numbers, dates, empty). Python's TRUE == 1 makes a TRUE cell and a 1 cell share a cache
    entry; both are unreadable in the places where that could matter, so it is accepted."""
    if _ROW_TYPES.issuperset(map(type, rows)):
        frozen: tuple[tuple[object, ...], ...] = tuple(map(tuple, rows))  # type: ignore[arg-type]
        try:
            hash(frozen)
        except TypeError:  # a cell that is itself a list, an object…
            pass
        else:
            return frozen
    return tuple(_frozen_row(r) for r in rows)


def _frozen_row(row: object) -> tuple[object, ...]:
    cells = list(row) if isinstance(row, (list, tuple)) else [row]
    return tuple(_frozen_cell(c) for c in cells)


def without_empty_tail(rows: Sequence[object]) -> Sequence[object]:
    """The rows without the trailing rows of empty cells (None), found at C speed: blocks of
    doubling size from the end are compared with an empty row by ``list.count``, then halving
    blocks home in on the last non-empty row. A whole-column range (1,048,576 rows) costs
    milliseconds, not a Python loop over every row."""
    end = len(rows)
    if not end or type(rows[-1]) not in _ROW_TYPES:
        return rows
    last = rows[-1]
    assert isinstance(last, (list, tuple))
    empty = type(last)([None] * len(last))
    step, growing = 1, True
    while end and step:
        start = max(0, end - step)
        block = rows[start:end]
        if block.count(empty) == len(block):
            end = start
            if growing:
                step *= 2
        else:
            growing = False
            step //= 2
    return rows[:end]


class Content:
    """The values of a range as a cache key (trailing empty rows dropped), its hash computed
    once. Building it is a C-speed copy for ranges of text, numbers and empty cells; for the
    :class:`Cells` of a range argument it is built once and then shared (``Content(cells) is
    Content(cells)``)."""

    __slots__ = ("_hash", "rows")

    def __new__(cls, values: object) -> Content:
        if type(values) is Cells:
            return values.content
        return object.__new__(cls)

    def __init__(self, values: object) -> None:
        if type(values) is Cells:
            return  # built once, by Cells.content
        if values is None:
            raise CellProblem("#CROSSTABLE " + _("the crosstable range is empty"))
        rows = values if isinstance(values, (list, tuple)) else [[values]]
        frozen = _frozen_rows(without_empty_tail(rows))
        end = len(frozen)
        while end and all(is_blank(c) for c in frozen[end - 1]):
            end -= 1  # trailing empty rows of a generous selection (A1:K200)
        self.rows: tuple[tuple[object, ...], ...] = frozen[:end]
        """The range's cells, row by row (hashable values)."""
        self._hash = hash(self.rows)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Content) and (
            self is other or (self._hash == other._hash and self.rows == other.rows)
        )


class Cells(tuple[tuple[object, ...], ...]):
    """A range argument's cells as xlwings' cleaning gives them (rows of values), but
    immutable: the one object that every call receiving the same range is given (see
    :mod:`xl_tiebreak.excel.functions.registration`), so that its :class:`Content` is built
    once for all of them."""

    @property
    def content(self) -> Content:
        """The cells as a cache key, built on first use and kept (the cells cannot change)."""
        made: Content | None = self.__dict__.get("_content")
        if made is None:
            made = Content(tuple(self))
            self.__dict__["_content"] = made
        return made


def _read_with(read: Callable[..., object], content: Content, *options: Hashable) -> object:
    return read(content, *options)


class RangeCache:
    """One bounded LRU cache of read ranges, whoever reads them: ``cache(read, content,
    *options)`` calls ``read(content, *options)`` once per distinct reader, content and
    options (``size`` entries kept; ``cache_info`` / ``cache_clear`` as
    :func:`functools.lru_cache`'s)."""

    def __init__(self, size: int) -> None:
        self._read = functools.lru_cache(maxsize=size)(_read_with)
        self.cache_info = self._read.cache_info
        self.cache_clear = self._read.cache_clear

    def __call__(self, read: Callable[..., P], content: Content, *options: Hashable) -> P:
        """The read range (cached) for the reader, the content and the reading options."""
        return cast(P, self._read(read, content, *options))


MAX_RANGES = 48
"""Read ranges kept, crosstables and team crosstables together."""

RANGES = RangeCache(MAX_RANGES)
"""The one cache of read ranges of every worksheet function, individual and team."""


class Results(Generic[K, V]):
    """A read range's own computed results: at most ``limit``, the least recently used
    forgotten first."""

    __slots__ = ("_items", "limit")

    def __init__(self, limit: int) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self.limit = limit

    def __len__(self) -> int:
        return len(self._items)

    def get_or_compute(self, key: K, compute: Callable[[], V]) -> V:
        """The result for ``key``: the kept one, or ``compute()`` kept (exceptions are not
        kept: a failing computation raises again)."""
        items = self._items
        if key in items:
            items.move_to_end(key)
            return items[key]
        value = compute()
        items[key] = value
        while len(items) > self.limit:
            items.popitem(last=False)
        return value


def header_flag(value: object) -> bool:
    """The header switch of STANDINGS and TEAM_STANDINGS: empty or TRUE (or 1) shows the
    header row, FALSE (0) leaves it out."""
    value = arguments.without_error(value, "#ARG?", N_("header"))
    if is_blank(value):
        return True
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    text = str(value).strip().upper()
    if text in ("TRUE", "YES", "WAHR", "VRAI", "1"):
        return True
    if text in ("FALSE", "NO", "FALSCH", "FAUX", "0"):
        return False
    raise CellProblem("#ARG? " + _("header must be TRUE or FALSE, not {value}",
                                   value=repr(arguments.shorten(text, 40))))
