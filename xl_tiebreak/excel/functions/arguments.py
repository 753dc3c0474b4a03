"""The arguments of the worksheet functions, and the problem texts they return.

An optional argument that is left out or points to an empty cell means its default; a 1×1
range is a single value. A cell showing an Excel error (``#REF!``, ``#N/A``…) is never taken
as empty: it is reported as such, naming the argument. A problem is raised as
:class:`CellProblem` (its text starts with ``#``) and :func:`guarded` turns every failure into
such a short text: no traceback ever reaches a cell.
"""

from __future__ import annotations

import contextlib
import datetime
import gc
import math
import re
import sys
from typing import Any

from xl_tiebreak.excel.book.cells import excel_error
from xl_tiebreak.excel.reading import settings_schema
from xl_tiebreak.excel.reading.settings import lots_seed_value
from xl_tiebreak.i18n.language import N_, translate, using
from xl_tiebreak.model.tournament import BlankRounds, InputError, Problem, Severity, TournamentType
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_descriptor, parse_list
from xl_tiebreak.tiebreaks.rules import RuleSet, resolve_rules, rules_in_force
from xl_tiebreak.util.cells import is_blank
from xl_tiebreak.util.dates import date_value

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
    "tournament_type",
    "unrated_rating",
    "without_error",
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
        text += " " + translate("(and {count} more: see CROSSTABLE_CHECK)", count=len(problems) - 1)
    return shorten(text)


INTERNAL = N_("#ERROR internal problem — please report")
"""What a cell shows when a worksheet function fails in a way it does not expect (followed
by the function's name); never an exception's type or text."""
MAX_DEPTH = 3
"""Deepest nesting of lists read from an argument (a range arrives as a list of rows; a
self-referential list must not make a function loop)."""


def guarded_in(language: str | None, compute: Any, *args: Any, name: str | None = None) -> Any:
    """:func:`guarded` in ``language`` (the Language row of the workbook's settings; None: the
    language in force), so that the texts returned to cells are in the workbook's language."""
    if language is None:
        return guarded(compute, *args, name=name)
    with using(language):
        return guarded(compute, *args, name=name)


def guarded(compute: Any, *args: Any, name: str | None = None) -> Any:
    """Run ``compute(*args)``; turn every failure into a short ``#`` text for the cell.

    An unexpected failure becomes :data:`INTERNAL` with the worksheet function's ``name``
    (default: the calling function's, e.g. ``POINTS``).

    The garbage collector is paused meanwhile (:func:`collection_paused`)."""
    paused = collection_paused()
    try:
        return compute(*args)
    except CellProblem as fail:
        return shorten(str(fail))
    except InputError as error:  # not expected here: arguments are checked before computing
        return shorten(f"#INPUT {error}")
    except Exception:  # the promise: never a traceback, nor an internal name, in a cell
        return shorten(f"{translate(INTERNAL)} ({name or _function_name()})")
    finally:
        if paused:
            gc.enable()


def collection_paused() -> bool:
    """Pause the garbage collector if it runs (True: it did; the caller enables it again).

    A computation builds many objects that live on in the caches (a 2,000-player event's
    records, values, standings); each collection the allocations trigger meanwhile walks the
    whole, growing heap of the caches, and finds nothing to free in what is being built. Paused
    for the length of one call, the collector runs at the next allocations after it, between
    calls, as often as before in number of allocations but never inside a computation."""
    if not gc.isenabled():
        return False
    gc.disable()
    return True


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
    return translate("worksheet function")


def scalar(value: object) -> object:
    """A single cell's value: 1×1 lists (a one-cell range) are unwrapped (at most
    :data:`MAX_DEPTH` levels; deeper nesting is refused)."""
    for _ in range(MAX_DEPTH):
        if not (isinstance(value, (list, tuple)) and len(value) == 1):
            return value
        value = value[0]
    if isinstance(value, (list, tuple)):
        raise CellProblem("#ARG? " + translate(
            "a list nested too deeply (a range is at most 2-D)"))
    return value


def without_error(value: object, tag: str, what: str) -> object:
    """``value`` (a single cell's, 1×1 unwrapped) unless it is an Excel error: then
    CellProblem ``<tag> the <what> cell shows the Excel error #REF!`` — an error cell is never
    taken as an empty one (which would mean the default)."""
    value = scalar(value)
    code = excel_error(value)
    if code is not None:
        raise CellProblem(tag + " " + translate("the {what} cell shows the Excel error {code}",
                                                what=translate(what), code=code))
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
    event's start date: the rules in force then. A date is accepted in every form a cell or
    xlwings Lite gives it (:func:`xl_tiebreak.util.dates.date_value`): a date cell, an Excel date
    serial (``46123``, what Lite passes for a date cell), a ``yyyymmdd`` number
    (``20260411``), an ISO or TRF text (``2026-04-11``, ``11.04.2026``). The numbers 2009,
    2023, 2024 and 2026 are rule-set names, not serials."""
    value = without_error(value, "#RULES?", N_("rules"))
    if isinstance(value, (datetime.date, datetime.datetime)):
        day = date_value(value)
        assert day is not None
        return rules_in_force(day)
    text = option_text(value, "AUTO")
    try:
        return resolve_rules(text, None)
    except InputError as error:
        day = date_value(value)
        if day is not None:
            return rules_in_force(day)
        raise CellProblem(f"#RULES? {error}") from error


_TYPES = {
    "swiss": TournamentType.SWISS, "swisssystem": TournamentType.SWISS,
    "open": TournamentType.SWISS, "roundrobin": TournamentType.PREDETERMINED,
    "rr": TournamentType.PREDETERMINED, "predetermined": TournamentType.PREDETERMINED,
    "allplayall": TournamentType.PREDETERMINED, "berger": TournamentType.PREDETERMINED,
    "scheveningen": TournamentType.PREDETERMINED,
}  # fmt: skip
"""The words the Settings sheet accepts for its Tournament type (letters only, lower case)."""


def tournament_type(value: object) -> TournamentType | None:
    """The tournament type: ``Swiss`` or ``Round robin`` (the Settings sheet's words); None
    when empty: then it is inferred from the crosstable, as the readers do (a grid, or
    all-play-all pairings, is a round robin)."""
    value = without_error(value, "#TYPE?", N_("tournament type"))
    if is_blank(value):
        return None
    found = _TYPES.get(re.sub(r"[^a-z]", "", str(value).lower()))
    if found is None:  # the Settings reader's words, in every catalogue's language (Suíço)
        with contextlib.suppress(ValueError):
            found = settings_schema.tournament_type(value)
    if found is None:
        raise CellProblem("#TYPE? " + translate(
            "unknown tournament type {value}: use Swiss or Round robin (empty: from the "
            "crosstable)", value=repr(shorten(str(value), 40))))
    return found


def blank_rounds(value: object) -> BlankRounds:
    """What an empty round cell of the crosstable means: ``Absent`` (default, also when
    empty), ``Half-point bye`` or ``Declared`` (the Settings sheet's words; ``absent``,
    ``half-point-bye``, ``hpb``, ``declared`` … as on the command line)."""
    value = without_error(value, "#ARG?", N_("blank rounds"))
    if is_blank(value):
        return BlankRounds.ABSENT
    try:  # the Settings reader's words, in every catalogue's language (Ausente)
        return settings_schema.blank_rounds(value)
    except ValueError:
        raise CellProblem("#ARG? " + translate(
            "blank rounds {value}: use Absent, Half-point bye or Declared (empty: Absent)",
            value=repr(shorten(str(value), 40)))) from None


def whole_number(value: object, what: str, low: int, high: int) -> int | None:
    """An optional whole-number argument from ``low`` to ``high`` (a number, or a text of one);
    None when empty. Raises CellProblem (``#ARG?`` naming ``what``) otherwise."""
    value = without_error(value, "#ARG?", what)
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
        low <= number <= high
    ):
        raise CellProblem("#ARG? " + translate(
            "the {what} must be a whole number from {low} to {high}, not {value}",
            what=translate(what), low=low, high=high, value=repr(shorten(str(value), 20))))
    return int(number)


def unrated_rating(value: object) -> int | None:
    """The rating for unrated players: a whole number from 0 to 4000, or None when empty."""
    return whole_number(value, N_("rating for unrated players"), 0, 4000)


def lots_seed(value: object) -> str | None:
    """The seed of the drawing of lots (``OTHER_LOTS``) from an optional argument: the text of
    the cell, a whole number as its digits (as the Settings sheet's ``Lots seed`` row reads
    it); None when empty (the event's own seed: none in a range, so the empty seed)."""
    value = without_error(value, "#ARG?", N_("lots seed"))
    if is_blank(value):
        return None
    try:
        return lots_seed_value(value)
    except ValueError:
        raise CellProblem("#ARG? " + translate(
            "the lots seed must be a text or a whole number (type a date or a fraction as "
            "text)")) from None


def descriptor(value: object) -> Descriptor:
    text = option_text(without_error(value, "#TIEBREAK?", N_("tie-break")), "")
    if not text:
        raise CellProblem("#TIEBREAK? " + translate("no tie-break given (e.g. BH/C1, SB, DE)"))
    try:
        return parse_descriptor(text)
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error


def _flatten(value: object, depth: int = 0) -> list[object]:
    """The cells of a value, a range or a list of ranges, in order (at most
    :data:`MAX_DEPTH` levels of lists: a self-referential list is refused, not followed)."""
    if isinstance(value, (list, tuple)):
        if depth >= MAX_DEPTH:
            raise CellProblem("#ARG? " + translate(
                "a list nested too deeply (a range is at most 2-D)"))
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
        without_error(cell, "#TIEBREAK?", N_("tie-break order"))
        if not is_blank(cell):
            items.extend(part.strip() for part in str(cell).split(",") if part.strip())
    if not items:
        return None
    try:
        parse_list(items)
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error
    return tuple(items)
