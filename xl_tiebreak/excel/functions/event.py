"""The event a worksheet function computes: a crosstable range with the Settings sheet's rows.

A worksheet function's first argument is either

* the crosstable range itself (``=BUCHHOLZ_CUT1(Crosstable, A5)``): read with the defaults
  (1-½-0 scoring, every round, byes at their usual value), the other arguments saying the rest;
* or an event token, the text ``=CROSSTABLE_ID(Crosstable, SettingsTable)`` returns
  (``xlt:3f9a0c…: 40 players``; the templates name that cell ``Tournament``): the crosstable
  read with every row of the Settings sheet that the Standings sheet uses — rules, type,
  start date, after round, points per result, each bye's value, blank rounds, unrated rating,
  rating used, lots seed, round-robin withdrawals, tie-break order, language. The per-cell
  formula ``=BUCHHOLZ_CUT1(Tournament, A5)`` then moves one short text from Excel to Python,
  not the whole crosstable, and every function of the workbook agrees with the Standings sheet.

Explicit arguments (rules, tournament type, blank rounds, unrated rating, order, lots seed)
still override the settings when they are not empty.

The token names its content by a digest: the same crosstable and settings give the same token
in every session; a token that this Python session has not seen (a workbook opened and a
single cell recalculated before the token's cell) asks for a full recalculation
(Ctrl+Alt+F9), which computes the token's cell first.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections import OrderedDict

from xl_tiebreak.excel.book.interface import RangeValues
from xl_tiebreak.excel.functions import arguments
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.excel.functions.range_cache import Content
from xl_tiebreak.excel.reading.settings import SETTINGS, Settings, read_settings
from xl_tiebreak.formats.event_facts import apply_fact_rows
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.model.tournament import (
    BlankRounds,
    InputError,
    Problem,
    RatingUsed,
    Scoring,
    Severity,
    Tournament,
    TournamentType,
)
from xl_tiebreak.util.cells import cell_name, is_blank
from xl_tiebreak.util.plain import Frozen

__all__ = ["DEFAULT_OPTIONS", "MAX_TOKENS", "TOKEN_PREFIX", "Options", "Source", "forget_tokens",
           "register", "settings_options", "source", "token_language"]


class Options(Frozen):
    """How a crosstable is read and evaluated: what the Settings sheet says (or the defaults
    of a bare crosstable range). Hashable: part of the cache keys."""

    kind: TournamentType | None = None
    """The tournament type; None: from the crosstable's layout."""
    blanks: BlankRounds = BlankRounds.ABSENT
    """What an empty round cell means."""
    scoring: Scoring = Scoring()
    """Points per result and per bye."""
    start_date: datetime.date | None = None
    scheduled_rounds: int | None = None
    name: str = ""
    rules: str = "AUTO"
    """The Rules row (AUTO: the rules in force on the start date)."""
    after_round: int | None = None
    """Standings after this round; None: every round."""
    unrated: int | None = None
    """Rating for unrated players."""
    rating_used: RatingUsed | None = None
    """The Rating used row (FIDE, national, FIDE then national); None: the crosstable's own
    choice (a row above its header) or FIDE."""
    withdrawals: str | None = None
    """Round-robin withdrawals (``count``/``annul``; None: the rule set's default)."""
    seed: str | None = None
    """The lots seed; None: the empty seed."""
    order: tuple[str, ...] | None = None
    """The Tie-breaks rows; None: the engine's default order."""
    language: str | None = None
    """The Language row's tag; None: no settings given (the language in force)."""
    rate: str | None = None
    """The Event sheet's Rate (``standard``, ``rapid``, ``blitz``: whose FIDE rating the
    rating-based tie-breaks use); None: no Event rows given (the crosstable's standard)."""


DEFAULT_OPTIONS = Options()
"""The options of a bare crosstable range (no settings)."""


class Source(Frozen):
    """What a crosstable argument stands for: the range's content, the options, and the
    problems found in the settings rows (errors stop every function)."""

    content: Content
    options: Options
    problems: tuple[Problem, ...] = ()


class _RowsBook:
    """The settings range as a book with one Settings sheet, so that the Standings sheet's own
    reader reads it (cells named as if the range started at A1 of the Settings sheet)."""

    def __init__(self, rows: tuple[tuple[object, ...], ...]) -> None:
        self._rows = [list(row[:2]) for row in rows]

    def read_sheet(self, name: str, max_cols: int | None = None,
                   max_rows: int | None = None) -> RangeValues | None:
        rows = self._rows[:max_rows] if max_rows else self._rows
        return RangeValues(sheet=SETTINGS, origin=(1, 1), values=rows,
                           clipped=bool(max_rows) and len(self._rows) > (max_rows or 0))


def settings_options(rows: tuple[tuple[object, ...], ...]) -> tuple[Options, list[Problem]]:
    """The options the settings rows give (the Settings sheet's reader,
    :func:`~xl_tiebreak.excel.reading.settings.read_settings`) and the problems found."""
    settings, problems = read_settings(_RowsBook(rows))  # type: ignore[arg-type]
    return _options(settings), problems


def _options(settings: Settings) -> Options:
    return Options(
        kind=settings.tournament_type, blanks=settings.blank_rounds, scoring=settings.scoring,
        start_date=settings.start_date, scheduled_rounds=settings.scheduled_rounds,
        name=settings.name, rules=settings.rules, after_round=settings.after_round,
        unrated=settings.unrated_rating, rating_used=settings.rating_used,
        withdrawals=settings.rr_withdrawals, seed=settings.lots_seed,
        order=tuple(settings.tiebreaks) or None,
        language=settings.language or "en",
    )


MAX_TOKENS = 32
"""Event tokens remembered (the least recently used forgotten first)."""
_TOKENS: OrderedDict[str, Source] = OrderedDict()
_TOKEN = re.compile(r"xlt:([0-9a-f]{16})")
TOKEN_PREFIX = "xlt:"


def _digest(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode("utf-8", "surrogatepass"),
                           digest_size=8).hexdigest()


def _event_rate(rows: tuple[tuple[object, ...], ...]) -> tuple[str | None, list[Problem]]:
    """The Rate of the Event sheet's label/value rows (as the Standings sheet reads it:
    :func:`~xl_tiebreak.formats.event_facts.apply_fact_rows`), and the problem of a rate
    that is none of standard, rapid, blitz. The other facts change no value."""
    facts = Tournament(participants=[])
    try:
        apply_fact_rows(facts, [list(row[:2]) for row in rows],
                        lambda r, c: _("Event rows, cell {name}", name=cell_name(r + 1, c + 1)))
    except InputError as error:
        return None, list(error.problems)
    return (facts.rate or None), []


def register(crosstable: object, settings: object,
             event: object = None) -> tuple[str, Source]:
    """The token of a crosstable range, a settings range (empty: no settings) and the Event
    sheet's rows (empty: none; their Rate chooses the rating list), and what it stands for
    (remembered for :func:`source`)."""
    content = Content(crosstable)
    facts: tuple[tuple[object, ...], ...] = ()
    rate: str | None = None
    rate_problems: list[Problem] = []
    if _is_range(event):
        facts = Content(event).rows
        rate, rate_problems = _event_rate(facts)
    elif not is_blank(arguments.without_error(event, "#EVENT?", N_("event facts"))):
        raise CellProblem("#EVENT? " + _("the event facts must be a range of rows: the label "
                                         "in the first column, the value in the second "
                                         "(the Event sheet)"))
    if _is_range(settings):
        rows = Content(settings).rows
        options, problems = settings_options(rows)
    else:
        if not is_blank(arguments.without_error(settings, "#SETTINGS?", N_("settings"))):
            raise CellProblem("#SETTINGS? " + _("the settings must be a range of rows: the "
                                                "label in the first column, the value in the "
                                                "second (SettingsTable)"))
        rows, options, problems = (), DEFAULT_OPTIONS, []
    if rate is not None:
        options = options.replace(rate=rate)
    problems = [*problems, *rate_problems]
    key = _digest(content.rows, rows, facts) if facts else _digest(content.rows, rows)
    found = Source(content, options, tuple(problems))
    _TOKENS[key] = found
    _TOKENS.move_to_end(key)
    while len(_TOKENS) > MAX_TOKENS:
        _TOKENS.popitem(last=False)
    return TOKEN_PREFIX + key, found


def _is_range(value: object) -> bool:
    """True for a range of more than one cell (a 1×1 range is a single cell); looks at the
    first rows only, so that a whole-column range costs nothing here."""
    if not isinstance(value, (list, tuple)) or not value:
        return False
    if len(value) > 1:
        return True
    first = value[0]
    return isinstance(first, (list, tuple)) and len(first) > 1


def forget_tokens() -> None:
    """Forget every token (tests, or after a code reload)."""
    _TOKENS.clear()


def token_language(crosstable: object) -> str | None:
    """The Language of an event token's settings (``en`` without that row); None for anything
    else (a crosstable range: the language in force). Never raises."""
    if isinstance(crosstable, (list, tuple)) and _is_range(crosstable):
        return None
    try:
        value = arguments.scalar(crosstable)
    except CellProblem:
        return None
    if not isinstance(value, str):
        return None
    match = _TOKEN.match(value.strip())
    found = _TOKENS.get(match.group(1)) if match else None
    return found.options.language if found else None


def source(crosstable: object, strict: bool = True) -> Source:
    """What a crosstable argument stands for: an event token's crosstable and settings, or
    the range itself with the defaults. Raises CellProblem for a token this session has not
    seen, for a cell showing a problem text (``#…``) instead of a token, and (``strict``) for
    settings with errors."""
    value = arguments.scalar(crosstable)
    if isinstance(value, str):
        match = _TOKEN.match(value.strip())
        if match is not None:
            found = _TOKENS.get(match.group(1))
            if found is None:
                raise CellProblem("#EVENT? " + _("this event is not computed in this session "
                                                 "yet: recalculate all (Ctrl+Alt+F9)"))
            _TOKENS.move_to_end(match.group(1))
            errors = [p for p in found.problems if p.severity is Severity.ERROR]
            if errors and strict:
                more = (" " + _("(and {count} more)", count=len(errors) - 1)
                        if len(errors) > 1 else "")
                raise CellProblem(arguments.shorten(f"#SETTINGS {errors[0]}{more}"))
            return found
        if value.startswith("#") and not _is_range(crosstable):
            raise CellProblem(arguments.shorten(value))  # the token cell's own problem
    return Source(Content(crosstable), DEFAULT_OPTIONS)
