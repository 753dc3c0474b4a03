"""The arguments of the worksheet functions, and the problem texts they return.

An optional argument that is left out or points to an empty cell means its default; a 1×1
range is a single value. A problem is raised as :class:`CellProblem` (its text starts with
``#``) and :func:`guarded` turns every failure into such a short text: no traceback ever
reaches a cell.
"""

from __future__ import annotations

import datetime
import math
import sys
from typing import Any

from xl_tiebreak.cells import is_blank
from xl_tiebreak.dates import parse_date
from xl_tiebreak.descriptors import Descriptor, parse_descriptor, parse_list
from xl_tiebreak.model import InputError, Problem, Severity
from xl_tiebreak.rules import RuleSet, resolve_rules, rules_in_force

__all__ = [
    "MAX_TEXT",
    "INTERNAL",
    "MAX_DEPTH",
    "CellProblem",
    "crosstable_text",
    "descriptor",
    "guarded",
    "option_text",
    "rule_set",
    "scalar",
    "shorten",
    "tiebreak_order",
    "unrated_rating",
]

MAX_TEXT = 255
"""Longest ``#`` problem text returned to a cell."""


class CellProblem(Exception):
    """A problem to show in the calling cell; ``str()`` is the text (it starts with ``#``)."""


def shorten(text: str, limit: int = MAX_TEXT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def crosstable_text(error: InputError) -> str:
    """``#CROSSTABLE <first problem>`` (+ how many more) for a crosstable that cannot be used."""
    problems = error.problems or [Problem(Severity.ERROR, str(error))]
    text = f"#CROSSTABLE {problems[0]}"
    if len(problems) > 1:
        text += f" (and {len(problems) - 1} more: see CROSSTABLE_CHECK)"
    return shorten(text)


INTERNAL = "#ERROR internal problem — please report"
"""What a cell shows when a worksheet function fails in a way it does not expect (followed
by the function's name); never an exception's type or text."""
MAX_DEPTH = 3
"""Deepest nesting of lists read from an argument (a range arrives as a list of rows; a
self-referential list must not make a function loop)."""


def guarded(compute: Any, *args: Any, name: str | None = None) -> Any:
    """Run ``compute(*args)``; turn every failure into a short ``#`` text for the cell.

    An unexpected failure becomes :data:`INTERNAL` with the worksheet function's ``name``
    (default: the calling function's, e.g. ``POINTS``)."""
    try:
        return compute(*args)
    except CellProblem as fail:
        return shorten(str(fail))
    except InputError as error:  # not expected here: arguments are checked before computing
        return shorten(f"#INPUT {error}")
    except Exception:  # the promise: never a traceback, nor an internal name, in a cell
        return shorten(f"{INTERNAL} ({name or _function_name()})")


def _function_name() -> str:
    """The name of the worksheet function being run: the nearest caller whose name is all
    capitals (``BUCHHOLZ``; the functions call :func:`guarded` directly or through one
    helper)."""
    frame = sys._getframe(2)
    for _ in range(4):
        if frame is None:
            break
        code = frame.f_code.co_name
        if code.isupper() and code.isidentifier():
            return code
        frame = frame.f_back  # type: ignore[assignment]
    return "worksheet function"


def scalar(value: object) -> object:
    """A single cell's value: 1×1 lists (a one-cell range) are unwrapped (at most
    :data:`MAX_DEPTH` levels; deeper nesting is refused)."""
    for _ in range(MAX_DEPTH):
        if not (isinstance(value, (list, tuple)) and len(value) == 1):
            return value
        value = value[0]
    if isinstance(value, (list, tuple)):
        raise CellProblem("#ARG? a list nested too deeply (a range is at most 2-D)")
    return value


def option_text(value: object, default: str) -> str:
    """An optional text argument; empty means ``default``. Numbers such as 2026.0 become
    ``2026``."""
    value = scalar(value)
    if is_blank(value):
        return default
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def rule_set(value: object) -> RuleSet:
    """A rule-set name, AUTO (the rules in force now: a range carries no start date), or the
    event's start date (a date cell or text such as 2025-10-04): the rules in force then."""
    value = scalar(value)
    if isinstance(value, datetime.datetime):
        return rules_in_force(value.date())
    if isinstance(value, datetime.date):
        return rules_in_force(value)
    text = option_text(value, "AUTO")
    try:
        return resolve_rules(text, None)
    except InputError as error:
        date = parse_date(text) if any(c in text for c in "-/.") else None
        if date is not None:
            return rules_in_force(date)
        raise CellProblem(f"#RULES? {error}") from error


def unrated_rating(value: object) -> int | None:
    """The rating for unrated players: a whole number from 0 to 4000, or None when empty."""
    value = scalar(value)
    if is_blank(value):
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
        raise CellProblem(
            f"#ARG? the rating for unrated players must be a whole number, not {value!r}")
    return int(number)


def descriptor(value: object) -> Descriptor:
    text = option_text(value, "")
    if not text:
        raise CellProblem("#TIEBREAK? no tie-break given (e.g. BH/C1, SB, DE)")
    try:
        return parse_descriptor(text)
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error


def _flatten(value: object, depth: int = 0) -> list[object]:
    """The cells of a value, a range or a list of ranges, in order (at most
    :data:`MAX_DEPTH` levels of lists: a self-referential list is refused, not followed)."""
    if isinstance(value, (list, tuple)):
        if depth >= MAX_DEPTH:
            raise CellProblem("#ARG? a list nested too deeply (a range is at most 2-D)")
        out: list[object] = []
        for item in value:
            out.extend(_flatten(item, depth + 1))
        return out
    return [value]


def tiebreak_order(value: object) -> tuple[str, ...] | None:
    """A tie-break order: comma-separated text or a range of cells; None for the default.

    Raises CellProblem when a descriptor is not valid.
    """
    items: list[str] = []
    for cell in _flatten(value):
        if not is_blank(cell):
            items.extend(part.strip() for part in str(cell).split(",") if part.strip())
    if not items:
        return None
    try:
        parse_list(items)
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error
    return tuple(items)
