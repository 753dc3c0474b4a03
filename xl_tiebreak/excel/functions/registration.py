"""How a worksheet function is made known to xlwings: its Function Wizard category and one
``@xw.arg`` per parameter, from a table, so that no decorator stack is written twice.

A parameter is a :class:`Parameter` (name, Function Wizard text, xlwings options);
:func:`registered` applies ``xw.arg`` for each (in order) and ``xw.func`` over them, exactly as
the hand-written stacks did (classic xlwings and xlwings Lite read the same attributes).

A range argument is read by :class:`KeptRange`, xlwings' own reading of values with one
difference: the cleaned cells of the last few ranges are kept, keyed on what Excel handed over
(every cell's value and type), and a call that receives the same range again gets the same
immutable :class:`~xl_tiebreak.excel.functions.range_cache.Cells` without the per-cell
cleaning. A column of 400 hand-written ``=BUCHHOLZ_CUT1(Crosstable,A5)`` formulas so cleans
the crosstable once, not 400 times, and builds its cache key once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import xlwings as xw
import xlwings.conversion
import xlwings.conversion.standard

from xl_tiebreak.excel.functions.docs import CATEGORY
from xl_tiebreak.excel.functions.range_cache import Cells

__all__ = ["KEPT_RANGES", "RANGE", "VALUE", "KeptRange", "Parameter", "forget_ranges",
           "parameter", "registered"]

F = TypeVar("F", bound=Callable[..., Any])

conversion: Any = xlwings.conversion
"""xlwings' conversion pipeline (untyped)."""
_BASE: Any = xlwings.conversion.standard.BaseAccessor

KEPT_RANGES = 8
"""Cleaned range arguments kept (the least recently used forgotten first)."""
_KEPT: dict[Hashable, Cells] = {}
"""Kept range arguments, the least recently used first."""


def forget_ranges() -> None:
    """Forget every kept range argument (tests)."""
    _KEPT.clear()


class _Key:
    """A kept range's key: its hash computed once (a tuple's is not kept), compared in full
    on a match."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self._hash == other._hash and (
            self.value == other.value)


_ROWS = frozenset({tuple})


def _raw_key(value: object) -> Hashable | None:
    """What Excel handed over for a range, as a key: the rows (tuples, as COM gives them, or
    lists, as xlwings Lite does) with the type of every cell, since Python's ``True == 1`` and
    ``-2146826246 == -2146826246.0`` (an error code under COM) must not share a key. None when
    it is not a 2-D range of hashable cells (a single value, a nested list…)."""
    if not isinstance(value, (list, tuple)) or not value:
        return None
    kinds = set(map(type, value))
    if kinds == {list}:
        value = tuple(map(tuple, value))
    elif kinds != _ROWS:
        return None
    assert isinstance(value, tuple)
    try:
        return _Key((value, tuple(map(type, itertools.chain.from_iterable(value)))))
    except TypeError:  # a cell that is not hashable
        return None


class _KeptCells:
    """The stage of :class:`KeptRange` that stands for xlwings' 2-D, cleaning and dimension
    stages: their result for a range not seen lately, kept; the kept one otherwise."""

    def __init__(self, options: dict[str, Any]) -> None:
        self._stages = (conversion.Ensure2DStage(), conversion.CleanDataFromReadStage(options),
                        conversion.AdjustDimensionsStage(options))
        self._options = tuple(sorted((k, repr(v)) for k, v in options.items()))

    def __call__(self, c: Any) -> None:
        raw = _raw_key(c.value)
        key = None if raw is None else (c.engine.name, self._options, raw)
        if key is not None:
            kept = _KEPT.pop(key, None)
            if kept is not None:
                _KEPT[key] = kept  # the most recently used
                c.value = kept
                return
        for stage in self._stages:
            stage(c)
        value = c.value
        if (isinstance(value, list) and value
                and all(isinstance(row, (list, tuple)) for row in value)):
            c.value = Cells(map(tuple, value))
            if key is not None:
                _KEPT[key] = c.value
                while len(_KEPT) > KEPT_RANGES:
                    del _KEPT[next(iter(_KEPT))]


class KeptRange(conversion.ValueAccessor):  # type: ignore[misc]
    """xlwings' reading of a range's values (``ndim=2``), the cleaned cells of the same range
    kept for the next call (:class:`_KeptCells`); what the function receives is the same,
    as rows of values (tuples)."""

    @staticmethod
    def reader(options: dict[str, Any]) -> Any:
        return (_BASE.reader(options)
                .append_stage(conversion.ReadValueFromRangeStage(options))
                .append_stage(_KeptCells(options)))


RANGE: dict[str, Any] = {"convert": KeptRange, "ndim": 2, "err_to_str": True}
"""Options of a range argument: always a 2-D list of rows, Excel errors as their text, read
by :class:`KeptRange`."""
VALUE: dict[str, Any] = {"err_to_str": True}
"""Options of a single-value argument."""

Parameter = tuple[str, str, dict[str, Any]]
"""A parameter: its name, its Function Wizard text, its xlwings options."""


def parameter(name: str, doc: str, options: dict[str, Any] | None = None) -> Parameter:
    """A single-value parameter (``options``: :data:`RANGE` for a range)."""
    return (name, doc, VALUE if options is None else options)


_HINTS: dict[tuple[str, str], Any] = {}
"""Each annotation text evaluated once, by its module's name and the text."""


def _resolve_annotations(function: Callable[..., Any]) -> None:
    """Replaces the function's annotation texts (``from __future__ import annotations``) by
    what they name, evaluated as :func:`typing.get_type_hints` evaluates them (in the
    function's module) but once per distinct text: xlwings calls ``get_type_hints`` twice
    per registered function, and each call compiles every text anew, which Pyodide (xlwings
    Lite) pays at every first import (docs/engineering.md D-Q1). The hints xlwings reads are
    the same."""
    annotations = function.__annotations__
    if not any(isinstance(value, str) for value in annotations.values()):
        return
    module = function.__globals__
    resolved: dict[str, Any] = {}
    for name, value in annotations.items():
        if isinstance(value, str):
            key = (str(module.get("__name__")), value)
            if key not in _HINTS:
                _HINTS[key] = eval(value, module)  # the module's own annotation text
            value = _HINTS[key]
        resolved[name] = value
    function.__annotations__ = resolved


def registered(*parameters: Parameter) -> Callable[[F], F]:
    """The decorator that registers a function with xlwings: ``xw.arg`` for each parameter
    (the first outermost, as a stack written by hand), then ``xw.func`` in the category.
    The function's annotation texts are evaluated first (:func:`_resolve_annotations`)."""
    def apply(function: F) -> F:
        _resolve_annotations(function)
        built: Any = function
        for name, doc, options in reversed(parameters):
            built = xw.arg(name, doc=doc, **options)(built)
        decorated: F = xw.func(category=CATEGORY)(built)
        return decorated

    return apply
