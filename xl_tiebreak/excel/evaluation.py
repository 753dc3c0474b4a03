"""What the worksheet functions compute, and the cache that makes a column of formulas cheap.

Each distinct crosstable is read and computed once: results are cached by content (the values
plus the options), so a column of 500 formulas over a 500-player crosstable costs one
computation plus a cheap look-up per cell. One bounded LRU cache of read crosstables governs
memory: each keeps its own few computed results, which go with it. Trailing empty rows of a
generous range (``A1:K200``, even the whole columns ``A:K``) are dropped before the cache key is
built, at C speed.

Cells are named as if the range started at ``A1`` of its sheet (a worksheet function only
receives values, not the range's address).
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from xl_tiebreak import registry
from xl_tiebreak.cells import cell_name, is_blank
from xl_tiebreak.check import check
from xl_tiebreak.crosstable import read_crosstable
from xl_tiebreak.descriptors import Descriptor, parse_descriptor
from xl_tiebreak.engine import Value
from xl_tiebreak.excel import arguments
from xl_tiebreak.excel.arguments import CellProblem
from xl_tiebreak.excel.cells import cell_errors, date_hints, excel_error
from xl_tiebreak.excel.layout import standings_table
from xl_tiebreak.model import InputError, Severity, Tournament
from xl_tiebreak.numbers import to_float
from xl_tiebreak.rules import RuleSet
from xl_tiebreak.standings import Row, Standings, compute_standings

__all__ = [
    "MAX_CHECK_TEXT",
    "MAX_RESULTS_PER_CROSSTABLE",
    "MAX_VALUES_PER_CROSSTABLE",
    "check_text",
    "clear_cache",
    "explanation",
    "place",
    "points",
    "standings_rows",
    "tiebreak_value",
    "value_of",
]

MAX_CHECK_TEXT = 32_000
"""Longest CROSSTABLE_CHECK text (Excel cells hold at most 32,767 characters)."""


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


def _without_empty_tail(rows: Sequence[object]) -> Sequence[object]:
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


class _Content:
    """The values of a crosstable range as a cache key (trailing empty rows dropped), its hash
    computed once. Building it is a C-speed copy for ranges of text, numbers and empty cells."""

    __slots__ = ("_hash", "rows")

    def __init__(self, values: object) -> None:
        if values is None:
            raise CellProblem("#CROSSTABLE the crosstable range is empty")
        rows = values if isinstance(values, (list, tuple)) else [[values]]
        frozen = _frozen_rows(_without_empty_tail(rows))
        end = len(frozen)
        while end and all(is_blank(c) for c in frozen[end - 1]):
            end -= 1  # trailing empty rows of a generous selection (A1:K200)
        self.rows: tuple[tuple[object, ...], ...] = frozen[:end]
        self._hash = hash(self.rows)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Content) and (
            self is other or (self._hash == other._hash and self.rows == other.rows)
        )


MAX_RESULTS_PER_CROSSTABLE = 16
"""Computed standings kept per crosstable (tie-break orders × rule sets × unrated ratings)."""
MAX_VALUES_PER_CROSSTABLE = 64
"""Single tie-break value tables kept per crosstable."""

_Key = tuple[object, ...]


@dataclasses.dataclass(eq=False)
class _Parsed:
    """A crosstable read into a tournament (or the reason it cannot be read), with the players'
    start numbers and names for look-ups, and its own bounded caches of computed results (so
    that they go when the crosstable leaves the cache). Hashed by identity."""

    tournament: Tournament | None
    error: InputError | None
    start_nos: frozenset[int]
    by_name: dict[str, tuple[int, ...]]
    by_folded_name: dict[str, tuple[int, ...]]
    results: OrderedDict[_Key, _Computed | InputError] = dataclasses.field(
        default_factory=OrderedDict)
    values: OrderedDict[_Key, dict[int, Value]] = dataclasses.field(default_factory=OrderedDict)


def _remember(cache: OrderedDict[_Key, Any], key: _Key, value: Any, limit: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > limit:
        cache.popitem(last=False)


@dataclasses.dataclass(eq=False)
class _Computed:
    """Standings for one (crosstable, order, rules, unrated rating), rows by start number."""

    standings: Standings
    rows: dict[int, Row]


def _fold(name: str) -> str:
    """A name compared without case and extra spaces."""
    return " ".join(name.split()).casefold()


def _cell(row: int, col: int) -> str:
    return f"cell {cell_name(row + 1, col + 1)}"


@functools.lru_cache(maxsize=32)
def _parse(content: _Content) -> _Parsed:
    errors = cell_errors(content.rows, _cell)
    if errors:
        return _Parsed(None, InputError(errors), frozenset(), {}, {})
    try:
        tournament = read_crosstable(content.rows)
    except InputError as error:
        return _Parsed(None, InputError(date_hints(error.problems)), frozenset(), {}, {})
    by_name: dict[str, list[int]] = {}
    by_folded: dict[str, list[int]] = {}
    for p in tournament.participants:
        by_name.setdefault(p.name.strip(), []).append(p.start_no)
        by_folded.setdefault(_fold(p.name), []).append(p.start_no)
    return _Parsed(
        tournament,
        None,
        frozenset(p.start_no for p in tournament.participants),
        {k: tuple(v) for k, v in by_name.items()},
        {k: tuple(v) for k, v in by_folded.items()},
    )


def _compute(
    parsed: _Parsed, order: tuple[str, ...] | None, rules: RuleSet, unrated: int | None
) -> _Computed | InputError:
    """Standings with a tie-break order (None: the engine's default, ``()``: points only),
    cached on the crosstable."""
    key: _Key = (order, rules, unrated)
    found = parsed.results.get(key)
    if found is not None:
        parsed.results.move_to_end(key)
        return found
    result: _Computed | InputError
    if parsed.tournament is None:
        assert parsed.error is not None
        return parsed.error
    try:
        standings = compute_standings(parsed.tournament, order, rules, None, unrated)
    except InputError as error:
        result = error
    else:
        result = _Computed(standings, {r.participant.start_no: r for r in standings.rows})
    _remember(parsed.results, key, result, MAX_RESULTS_PER_CROSSTABLE)
    return result


def _values(
    parsed: _Parsed, descriptor: Descriptor, rules: RuleSet, unrated: int | None
) -> dict[int, Value]:
    """One tie-break's value for every start number (DE: place inside the tied group), cached
    on the crosstable."""
    key: _Key = (descriptor, rules, unrated)
    found = parsed.values.get(key)
    if found is not None:
        parsed.values.move_to_end(key)
        return found
    if descriptor.code == "DE":
        computed = _computed(parsed, (descriptor.canonical,), rules, unrated)
        values = {no: row.values[0] for no, row in computed.rows.items()}
    else:
        computed = _computed(parsed, (), rules, unrated)
        evaluation = computed.standings.evaluation
        assert evaluation is not None  # standings always come from an Evaluation
        values = evaluation.values(descriptor)
    _remember(parsed.values, key, values, MAX_VALUES_PER_CROSSTABLE)
    return values


def clear_cache() -> None:
    """Forget every cached crosstable and result (tests, or after a code reload)."""
    _parse.cache_clear()


def _parsed(crosstable: object) -> _Parsed:
    return _parse(_Content(crosstable))


def _computed(
    parsed: _Parsed, order: tuple[str, ...] | None, rules: RuleSet, unrated: int | None
) -> _Computed:
    result = _compute(parsed, order, rules, unrated)
    if isinstance(result, InputError):
        raise CellProblem(arguments.crosstable_text(result))
    return result


def _player(parsed: _Parsed, player: object) -> int:
    """The start number of a player given by start number or name. Raises CellProblem."""
    if parsed.error is not None:
        raise CellProblem(arguments.crosstable_text(parsed.error))
    value = arguments.scalar(player)
    code = excel_error(value)
    if code is not None:
        raise CellProblem(f"#PLAYER? the player cell shows the Excel error {code}")
    if is_blank(value):
        raise CellProblem("#PLAYER? no player given: use a start number or a name")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not value.is_integer() or abs(value) > 10**9:
            raise CellProblem(f"#PLAYER? {value!r} is not a start number")
        if int(value) in parsed.start_nos:
            return int(value)
        raise CellProblem(f"#PLAYER? start number {int(value)} not in crosstable")
    text = str(value).strip()
    found = parsed.by_name.get(text) or parsed.by_folded_name.get(_fold(text))
    if found and len(found) == 1:
        return found[0]
    if found:
        numbers = ", ".join(f"#{n}" for n in found)
        raise CellProblem(f"#PLAYER? '{text}' is ambiguous ({numbers}): use the start "
                          "number")
    number = _start_number_text(text)
    if number is not None:
        if number in parsed.start_nos:
            return number
        raise CellProblem(f"#PLAYER? start number {number} not in crosstable")
    raise CellProblem(f"#PLAYER? '{text}' not in crosstable")


def _start_number_text(text: str) -> int | None:
    """A start number typed as text: ``5``, ``5.0``, `` 5 ``; None for anything else."""
    if len(text) > 20:
        return None
    try:
        number = float(text)
    except ValueError:
        return None
    if not math.isfinite(number) or not number.is_integer() or number < 0:
        return None
    return int(number)


def tiebreak_value(
    crosstable: object, player: object, descriptor: object, rules: object, unrated: object
) -> float | None:
    d = descriptor if isinstance(descriptor, Descriptor) else arguments.descriptor(descriptor)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    _computed(parsed, (), rule_set, rating)  # reports crosstable errors found by the check
    return to_float(_values(parsed, d, rule_set, rating)[start_no])


@functools.cache
def _fixed() -> dict[str, Descriptor]:
    """The descriptor behind each one-tie-break worksheet function (registry rows)."""
    return {name: parse_descriptor(text) for name, text in registry.worksheet_functions()}


def value_of(
    function: str, crosstable: object, player: object, rules: object = None,
    unrated: object = None,
) -> Any:
    """The guarded cell value of the one-tie-break worksheet function ``function``
    (``"BUCHHOLZ_CUT1"``: its descriptor comes from the registry)."""
    return arguments.guarded(tiebreak_value, crosstable, player, _fixed()[function], rules,
                             unrated)


def points(crosstable: object, player: object) -> float:
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    row = _computed(parsed, (), RuleSet.FIDE2026, None).rows[start_no]
    return float(row.points)


def place(
    crosstable: object, player: object, order: object, rules: object, unrated: object
) -> float:
    tiebreaks = arguments.tiebreak_order(order)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    return float(_computed(parsed, tiebreaks, rule_set, rating).rows[start_no].rank)


def standings_rows(
    crosstable: object, order: object, rules: object, unrated: object
) -> list[list[object]]:
    tiebreaks = arguments.tiebreak_order(order)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    parsed = _parsed(crosstable)
    if parsed.error is not None:
        raise CellProblem(arguments.crosstable_text(parsed.error))
    standings = _computed(parsed, tiebreaks, rule_set, rating).standings
    return standings_table(standings, every_place=True)


def explanation(
    crosstable: object, player: object, descriptor: object, rules: object, unrated: object
) -> str:
    d = arguments.descriptor(descriptor)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    order = (d.text or d.canonical,) if d.code == "DE" else ()
    standings = _computed(parsed, order, rule_set, rating).standings
    if d.code == "DE":
        d = standings.descriptors[0]
    return arguments.shorten(standings.explain(start_no, d).formula, MAX_CHECK_TEXT)


def check_text(crosstable: object) -> str:
    parsed = _parsed(crosstable)
    if parsed.error is not None:
        problems = list(parsed.error.problems)
    else:
        assert parsed.tournament is not None
        problems = check(parsed.tournament)
    if not problems:
        return "OK"
    errors = sum(1 for p in problems if p.severity is Severity.ERROR)
    warnings = len(problems) - errors
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    head = ("" if errors else "OK, ") + ", ".join(parts)
    body = "; ".join(
        f"{'' if p.severity is Severity.ERROR else 'warning: '}{p}" for p in problems
    )
    return arguments.shorten(f"{head}: {body}", MAX_CHECK_TEXT)
