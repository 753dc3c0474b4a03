"""Excel worksheet functions (xlwings UDFs) over the tie-break engine.

Every function takes the crosstable range first (header row included, trailing empty rows and
columns allowed, e.g. ``A1:K200``), then the player (start number or exact name), then optional
arguments. An optional argument that is left out or points to an empty cell means its default.

What a cell receives:

* a number (float) — the value, e.g. ``11.5`` for a Buchholz, ``1834`` for an ARO;
* empty (None) — the value is undefined (e.g. ARO of a player without rated opponents, a
  rating-based tie-break skipped because of unrated players, DE deciding nothing);
* a text starting with ``#`` — what is wrong, e.g. ``#PLAYER? 'Nobody' not in crosstable`` or
  ``#CROSSTABLE cell E7: cannot read 'x' …``. Classic xlwings cannot return real Excel error
  values (a returned ``"#N/A"`` is only a text there), so problems are short texts that
  ``LEFT(cell,1)="#"`` can test; no traceback ever reaches a cell.

Cells are named as if the range started at ``A1`` of its sheet (a worksheet function only
receives values, not the range's address); the templates' ``Crosstable`` range does start there.

Each distinct crosstable is read and computed once: results are cached by content (the values
plus the options), so a column of 500 formulas over a 500-player crosstable costs one
computation plus a cheap look-up per cell. One bounded LRU cache of read crosstables governs
memory: each keeps its own few computed results, which go with it. Trailing empty rows of a
generous range (``A1:K200``, even the whole columns ``A:K``) are dropped before the cache key is
built, at C speed.

The crosstable argument is read with ``err_to_str=True``: a cell showing ``#N/A`` (or any Excel
error) arrives as that text and is reported with its cell instead of being taken as empty.

Function names are valid VBA identifiers that do not look like cell references (classic xlwings
creates one VBA wrapper per function); parameters are positional with defaults (no keyword-only
parameters, none named ``caller``), annotated only with types xlwings' converters know
(``Any``, ``list``), so that the annotations cannot select a wrong converter.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import xlwings as xw

from xl_tiebreak.check import check
from xl_tiebreak.crosstable import cell_name, read_crosstable
from xl_tiebreak.dates import parse_date
from xl_tiebreak.descriptors import Descriptor, parse_descriptor, parse_list
from xl_tiebreak.model import InputError, Problem, Severity, Tournament
from xl_tiebreak.numbers import to_float
from xl_tiebreak.standings import Row, Standings, compute_standings
from xl_tiebreak.tiebreaks import Value
from xl_tiebreak.unplayed import RuleSet, resolve_rules, rules_in_force
from xl_tiebreak.workbook import cell_errors, date_hints, excel_error, standings_table

__all__ = [
    "EXCEL_FUNCTIONS",
    "clear_cache",
]

CATEGORY = "xl-tiebreak"
"""Function Wizard category of every function."""

MAX_TEXT = 255
"""Longest ``#`` problem text returned to a cell."""
MAX_CHECK_TEXT = 32_000
"""Longest CROSSTABLE_CHECK text (Excel cells hold at most 32,767 characters)."""

_DOC_CROSSTABLE = "Crosstable range incl. header row (No, Name, Rating, Fed, R1, R2, … or a grid)"
_DOC_PLAYER = "Start number or exact name of the player"
_DOC_RULES = ("Rule set: AUTO (default), FIDE2026, FIDE2023, FIDE2009, USCF, or the start "
              "date (the rules in force then)")
_DOC_UNRATED = "Rating used for unrated players (empty: rating tie-breaks are skipped)"
_DOC_DESCRIPTOR = "Tie-break descriptor, e.g. BH/C1, SB, KS/L+1, ARO/U1400"
_DOC_ORDER = "Tie-break order, comma separated or a range (default: the engine's default list)"


# ====================================================================== problems


class _Fail(Exception):
    """A problem to show in the calling cell; ``str()`` is the text (it starts with ``#``)."""


def _shorten(text: str, limit: int = MAX_TEXT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _crosstable_text(error: InputError) -> str:
    """``#CROSSTABLE <first problem>`` (+ how many more) for a crosstable that cannot be used."""
    problems = error.problems or [Problem(Severity.ERROR, str(error))]
    text = f"#CROSSTABLE {problems[0]}"
    if len(problems) > 1:
        text += f" (and {len(problems) - 1} more: see CROSSTABLE_CHECK)"
    return _shorten(text)


def _guard(compute: Any, *args: Any) -> Any:
    """Run ``compute(*args)``; turn every failure into a short ``#`` text for the cell."""
    try:
        return compute(*args)
    except _Fail as fail:
        return _shorten(str(fail))
    except InputError as error:  # not expected here: arguments are checked before computing
        return _shorten(f"#INPUT {error}")
    except Exception as exc:  # the promise: never a traceback in a cell
        return _shorten(f"#ERROR {type(exc).__name__}: {exc}")


# ====================================================================== arguments


def _is_blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _scalar(value: object) -> object:
    """A single cell's value: 1×1 lists (a one-cell range) are unwrapped."""
    while isinstance(value, (list, tuple)) and len(value) == 1:
        value = value[0]
    return value


def _option_text(value: object, default: str) -> str:
    """An optional text argument; empty means ``default``. Numbers such as 2026.0 become
    ``2026``."""
    value = _scalar(value)
    if _is_blank(value):
        return default
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _rules(value: object) -> RuleSet:
    """A rule-set name, AUTO (the rules in force now: a range carries no start date), or the
    event's start date (a date cell or text such as 2025-10-04): the rules in force then."""
    value = _scalar(value)
    if isinstance(value, datetime.datetime):
        return rules_in_force(value.date())
    if isinstance(value, datetime.date):
        return rules_in_force(value)
    text = _option_text(value, "AUTO")
    try:
        return resolve_rules(text, None)
    except InputError as error:
        date = parse_date(text) if any(c in text for c in "-/.") else None
        if date is not None:
            return rules_in_force(date)
        raise _Fail(f"#RULES? {error}") from error


def _unrated(value: object) -> int | None:
    """The rating for unrated players: a whole number from 0 to 4000, or None when empty."""
    value = _scalar(value)
    if _is_blank(value):
        return None
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    if number is None or not math.isfinite(number) or not number.is_integer() or not (
        0 <= number <= 4000
    ):
        raise _Fail(f"#ARG? the rating for unrated players must be a whole number, not {value!r}")
    return int(number)


def _descriptor(value: object) -> Descriptor:
    text = _option_text(value, "")
    if not text:
        raise _Fail("#TIEBREAK? no tie-break given (e.g. BH/C1, SB, DE)")
    try:
        return parse_descriptor(text)
    except InputError as error:
        raise _Fail(f"#TIEBREAK? {error}") from error


def _flatten(value: object) -> list[object]:
    if isinstance(value, (list, tuple)):
        out: list[object] = []
        for item in value:
            out.extend(_flatten(item))
        return out
    return [value]


def _order(value: object) -> tuple[str, ...] | None:
    """A tie-break order: comma-separated text or a range of cells; None for the default.

    Raises _Fail when a descriptor is not valid.
    """
    items: list[str] = []
    for cell in _flatten(value):
        if not _is_blank(cell):
            items.extend(part.strip() for part in str(cell).split(",") if part.strip())
    if not items:
        return None
    try:
        parse_list(items)
    except InputError as error:
        raise _Fail(f"#TIEBREAK? {error}") from error
    return tuple(items)


# ====================================================================== the cache


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
            raise _Fail("#CROSSTABLE the crosstable range is empty")
        rows = values if isinstance(values, (list, tuple)) else [[values]]
        frozen = _frozen_rows(_without_empty_tail(rows))
        end = len(frozen)
        while end and all(_is_blank(c) for c in frozen[end - 1]):
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
        engine = computed.standings.engine
        column = engine.values(descriptor)
        values = {p.start_no: column[i] for i, p in enumerate(engine.tournament.participants)}
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
        raise _Fail(_crosstable_text(result))
    return result


def _player(parsed: _Parsed, player: object) -> int:
    """The start number of a player given by start number or name. Raises _Fail."""
    if parsed.error is not None:
        raise _Fail(_crosstable_text(parsed.error))
    value = _scalar(player)
    code = excel_error(value)
    if code is not None:
        raise _Fail(f"#PLAYER? the player cell shows the Excel error {code}")
    if _is_blank(value):
        raise _Fail("#PLAYER? no player given: use a start number or a name")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not value.is_integer() or abs(value) > 10**9:
            raise _Fail(f"#PLAYER? {value!r} is not a start number")
        if int(value) in parsed.start_nos:
            return int(value)
        raise _Fail(f"#PLAYER? start number {int(value)} not in crosstable")
    text = str(value).strip()
    found = parsed.by_name.get(text) or parsed.by_folded_name.get(_fold(text))
    if found and len(found) == 1:
        return found[0]
    if found:
        numbers = ", ".join(f"#{n}" for n in found)
        raise _Fail(f"#PLAYER? '{text}' is ambiguous ({numbers}): use the start number")
    number = _start_number_text(text)
    if number is not None:
        if number in parsed.start_nos:
            return number
        raise _Fail(f"#PLAYER? start number {number} not in crosstable")
    raise _Fail(f"#PLAYER? '{text}' not in crosstable")


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


# ====================================================================== the computations


def _number(value: Value) -> float | None:
    return to_float(value)


def _tiebreak(
    crosstable: object, player: object, descriptor: object, rules: object, unrated: object
) -> float | None:
    d = descriptor if isinstance(descriptor, Descriptor) else _descriptor(descriptor)
    rule_set, rating = _rules(rules), _unrated(unrated)
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    _computed(parsed, (), rule_set, rating)  # reports crosstable errors found by the check
    return _number(_values(parsed, d, rule_set, rating)[start_no])


@functools.lru_cache(maxsize=64)
def _fixed(code: str) -> Descriptor:
    return parse_descriptor(code)


def _value_of(
    code: str, crosstable: object, player: object, rules: object = None, unrated: object = None
) -> Any:
    """The guarded cell value of the tie-break ``code`` (a fixed descriptor)."""
    return _guard(_tiebreak, crosstable, player, _fixed(code), rules, unrated)


def _points(crosstable: object, player: object) -> float:
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    row = _computed(parsed, (), RuleSet.FIDE2026, None).rows[start_no]
    return float(row.points)


def _place(
    crosstable: object, player: object, order: object, rules: object, unrated: object
) -> float:
    tiebreaks, rule_set, rating = _order(order), _rules(rules), _unrated(unrated)
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    return float(_computed(parsed, tiebreaks, rule_set, rating).rows[start_no].rank)


def _standings_table(
    crosstable: object, order: object, rules: object, unrated: object
) -> list[list[object]]:
    tiebreaks, rule_set, rating = _order(order), _rules(rules), _unrated(unrated)
    parsed = _parsed(crosstable)
    if parsed.error is not None:
        raise _Fail(_crosstable_text(parsed.error))
    standings = _computed(parsed, tiebreaks, rule_set, rating).standings
    return standings_table(standings, every_place=True)


def _explain(
    crosstable: object, player: object, descriptor: object, rules: object, unrated: object
) -> str:
    d, rule_set, rating = _descriptor(descriptor), _rules(rules), _unrated(unrated)
    parsed = _parsed(crosstable)
    start_no = _player(parsed, player)
    order = (d.text or d.canonical,) if d.code == "DE" else ()
    standings = _computed(parsed, order, rule_set, rating).standings
    if d.code == "DE":
        d = standings.descriptors[0]
    return _shorten(standings.explain(start_no, d).formula, MAX_CHECK_TEXT)


def _check_text(crosstable: object) -> str:
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
    return _shorten(f"{head}: {body}", MAX_CHECK_TEXT)


# ====================================================================== worksheet functions
# Each function is a thin, guarded call of the helpers above. Docstrings are the Function
# Wizard descriptions (Excel keeps at most 255 characters).


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
def POINTS(crosstable: list[list[Any]], player: Any) -> Any:
    """Points of the player (all rounds of the crosstable, 1-½-0 scoring)."""
    return _guard(_points, crosstable, player)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def BUCHHOLZ(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Buchholz (BH, C.07 Art. 8.1): sum of the opponents' scores, unplayed rounds adjusted
    (Art. 16)."""
    return _value_of("BH", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def BUCHHOLZ_CUT1(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Buchholz Cut-1 (BH/C1, Art. 8.1, 14.1): Buchholz without the least significant
    opponent's score."""
    return _value_of("BH/C1", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def BUCHHOLZ_CUT2(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Buchholz Cut-2 (BH/C2): Buchholz without the two least significant values."""
    return _value_of("BH/C2", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def BUCHHOLZ_MEDIAN1(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Median Buchholz (BH/M1): Buchholz without the highest and the lowest value."""
    return _value_of("BH/M1", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def BUCHHOLZ_MEDIAN2(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Median-2 Buchholz (BH/M2): Buchholz without the two highest and two lowest values."""
    return _value_of("BH/M2", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def FORE_BUCHHOLZ(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Fore Buchholz (FB, Art. 8.3): Buchholz with every last-round game counted as a draw."""
    return _value_of("FB", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def AVG_OPP_BUCHHOLZ(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Average of Opponents' Buchholz (AOB, Art. 8.2)."""
    return _value_of("AOB", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def SONNEBORN(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Sonneborn-Berger (SB, Art. 9.1): sum of each opponent's score times the points scored
    against that opponent."""
    return _value_of("SB", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def SONNEBORN_CUT1(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Sonneborn-Berger Cut-1 (SB/C1): Sonneborn-Berger without the least significant value."""
    return _value_of("SB/C1", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def KOYA(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Koya System (KS, Art. 9.2): points scored against opponents with 50 % or more."""
    return _value_of("KS", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def WINS(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Number of wins (WIN, Art. 7.1): rounds with the points of a win, played or not."""
    return _value_of("WIN", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def GAMES_WON(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Number of games won over the board (WON, Art. 7.2)."""
    return _value_of("WON", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def BLACK_GAMES(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Number of games played with Black (BPG, Art. 7.3)."""
    return _value_of("BPG", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def BLACK_WINS(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Number of games won with Black (BWG, Art. 7.4)."""
    return _value_of("BWG", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def PROGRESSIVE(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Progressive score (PS, Art. 7.5): sum of the running scores after each round."""
    return _value_of("PS", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def ROUNDS_PLAYED_BY_CHOICE(
    crosstable: list[list[Any]], player: Any, rules: Any = "AUTO"
) -> Any:
    """Rounds one elected to play (REP, Art. 7.6): rounds played or forfeited by the opponent,
    i.e. not missed by the player's own choice."""
    return _value_of("REP", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def STANDARD_POINTS(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Standard points (STD, Art. 7.7): 1 for a win, ½ for a draw, 0 for a loss, whatever the
    scoring system."""
    return _value_of("STD", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
@xw.arg("rules", doc=_DOC_RULES)
def ARO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO"
) -> Any:
    """Average Rating of Opponents (ARO, Art. 10.1), rounded; empty when undefined or skipped
    because of unrated players without a rating for them."""
    return _value_of("ARO", crosstable, player, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
@xw.arg("rules", doc=_DOC_RULES)
def TPR(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO"
) -> Any:
    """Tournament Performance Rating (TPR, Art. 10.2); empty when undefined or skipped."""
    return _value_of("TPR", crosstable, player, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
@xw.arg("rules", doc=_DOC_RULES)
def PTP(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO"
) -> Any:
    """Perfect Tournament Performance (PTP, Art. 10.3); empty when undefined or skipped."""
    return _value_of("PTP", crosstable, player, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
@xw.arg("rules", doc=_DOC_RULES)
def APRO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO"
) -> Any:
    """Average Performance Rating of Opponents (APRO, Art. 10.4); empty when undefined."""
    return _value_of("APRO", crosstable, player, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
@xw.arg("rules", doc=_DOC_RULES)
def APPO(
    crosstable: list[list[Any]], player: Any, unrated_rating: Any = "", rules: Any = "AUTO"
) -> Any:
    """Average Perfect Performance of Opponents (APPO, Art. 10.5); empty when undefined."""
    return _value_of("APPO", crosstable, player, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def DIRECT_ENCOUNTER(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Direct Encounter (DE, Art. 6): the player's place (1, 2, …) inside the group of players
    tied on points, as their games against each other decide; empty when DE decides nothing."""
    return _value_of("DE", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("descriptor", doc=_DOC_DESCRIPTOR)
@xw.arg("rules", doc=_DOC_RULES)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
def TIEBREAK(
    crosstable: list[list[Any]],
    player: Any,
    descriptor: Any,
    rules: Any = "AUTO",
    unrated_rating: Any = "",
) -> Any:
    """Any tie-break by its descriptor (BH/C1, SB, KS/L+1, ARO/U1400, DE/P…); empty when
    undefined."""
    return _guard(_tiebreak, crosstable, player, descriptor, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("order", doc=_DOC_ORDER)
@xw.arg("rules", doc=_DOC_RULES)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
def PLACE(
    crosstable: list[list[Any]],
    player: Any,
    order: Any = "",
    rules: Any = "AUTO",
    unrated_rating: Any = "",
) -> Any:
    """Final place of the player by points and the tie-break order; players still tied share
    the place (both get the better one)."""
    return _guard(_place, crosstable, player, order, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("order", doc=_DOC_ORDER)
@xw.arg("rules", doc=_DOC_RULES)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
def STANDINGS(
    crosstable: list[list[Any]], order: Any = "", rules: Any = "AUTO", unrated_rating: Any = ""
) -> Any:
    """The sorted standings as a table with a header row: Place, No, Name, Rating, Fed, Pts,
    one column per tie-break (spills in Excel 365)."""
    return _guard(_standings_table, crosstable, order, rules, unrated_rating)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
def CROSSTABLE_CHECK(crosstable: list[list[Any]]) -> Any:
    """"OK", or every problem of the crosstable with its cell (errors stop the tie-breaks,
    warnings do not)."""
    return _guard(_check_text, crosstable)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("descriptor", doc=_DOC_DESCRIPTOR)
@xw.arg("rules", doc=_DOC_RULES)
@xw.arg("unrated_rating", doc=_DOC_UNRATED)
def TIEBREAK_EXPLAIN(
    crosstable: list[list[Any]],
    player: Any,
    descriptor: Any,
    rules: Any = "AUTO",
    unrated_rating: Any = "",
) -> Any:
    """How a tie-break value was computed, in one line, e.g. BH/C1 (FIDE 2026) = 3½ + 3 + 2½
    = 9; cut: R3 …"""
    return _guard(_explain, crosstable, player, descriptor, rules, unrated_rating)


def _us(code: str, crosstable: object, player: object, rules: object) -> Any:
    return _value_of(code, crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def MODIFIED_MEDIAN(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Modified Median (US Chess 34E1): opponents' adjusted scores without the lowest, the
    highest or both by plus, minus or even score (two each from 9 rounds)."""
    return _us("OTHER_MM", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def SOLKOFF(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Solkoff (US Chess 34E2): sum of the opponents' adjusted scores, unplayed games ½."""
    return _us("OTHER_SOLKOFF", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def CUMULATIVE(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Cumulative (US Chess 34E3): running scores summed, less a point per unplayed win or
    full-point bye."""
    return _us("OTHER_CUM", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def OPP_CUMULATIVE(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Cumulative of opposition (US Chess 34E9): sum of the opponents' Cumulative scores."""
    return _us("OTHER_OPPCUM", crosstable, player, rules)


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, err_to_str=True, doc=_DOC_CROSSTABLE)
@xw.arg("player", err_to_str=True, doc=_DOC_PLAYER)
@xw.arg("rules", doc=_DOC_RULES)
def KASHDAN(crosstable: list[list[Any]], player: Any, rules: Any = "AUTO") -> Any:
    """Kashdan (US Chess 34E7): 4 per win, 2 per draw, 1 per loss played, 0 unplayed."""
    return _us("OTHER_KASHDAN", crosstable, player, rules)


_FUNCTIONS: Sequence[Any] = (
    POINTS,
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    BUCHHOLZ_CUT2,
    BUCHHOLZ_MEDIAN1,
    BUCHHOLZ_MEDIAN2,
    FORE_BUCHHOLZ,
    AVG_OPP_BUCHHOLZ,
    SONNEBORN,
    SONNEBORN_CUT1,
    KOYA,
    WINS,
    GAMES_WON,
    BLACK_GAMES,
    BLACK_WINS,
    PROGRESSIVE,
    ROUNDS_PLAYED_BY_CHOICE,
    STANDARD_POINTS,
    ARO,
    TPR,
    PTP,
    APRO,
    APPO,
    DIRECT_ENCOUNTER,
    MODIFIED_MEDIAN,
    SOLKOFF,
    CUMULATIVE,
    OPP_CUMULATIVE,
    KASHDAN,
    TIEBREAK,
    PLACE,
    STANDINGS,
    CROSSTABLE_CHECK,
    TIEBREAK_EXPLAIN,
)

EXCEL_FUNCTIONS: dict[str, Any] = {f.__name__: f for f in _FUNCTIONS}
"""Every worksheet function by its Excel name."""

FIXED_DESCRIPTORS: dict[str, str] = {
    "BUCHHOLZ": "BH",
    "BUCHHOLZ_CUT1": "BH/C1",
    "BUCHHOLZ_CUT2": "BH/C2",
    "BUCHHOLZ_MEDIAN1": "BH/M1",
    "BUCHHOLZ_MEDIAN2": "BH/M2",
    "FORE_BUCHHOLZ": "FB",
    "AVG_OPP_BUCHHOLZ": "AOB",
    "SONNEBORN": "SB",
    "SONNEBORN_CUT1": "SB/C1",
    "KOYA": "KS",
    "WINS": "WIN",
    "GAMES_WON": "WON",
    "BLACK_GAMES": "BPG",
    "BLACK_WINS": "BWG",
    "PROGRESSIVE": "PS",
    "ROUNDS_PLAYED_BY_CHOICE": "REP",
    "STANDARD_POINTS": "STD",
    "ARO": "ARO",
    "TPR": "TPR",
    "PTP": "PTP",
    "APRO": "APRO",
    "APPO": "APPO",
    "DIRECT_ENCOUNTER": "DE",
    "MODIFIED_MEDIAN": "OTHER_MM",
    "SOLKOFF": "OTHER_SOLKOFF",
    "CUMULATIVE": "OTHER_CUM",
    "OPP_CUMULATIVE": "OTHER_OPPCUM",
    "KASHDAN": "OTHER_KASHDAN",
}
"""The tie-break descriptor behind each one-tie-break function."""

RATING_FUNCTIONS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO"})
"""Functions whose third argument is the rating for unrated players."""
