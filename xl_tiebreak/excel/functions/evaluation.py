"""What the worksheet functions compute, and the cache that makes a column of formulas cheap.

Each distinct crosstable is read and computed once: results are cached by content (the values
plus the options), so a column of 500 formulas over a 500-player crosstable costs one
computation plus a cheap look-up per cell. One bounded LRU cache of read crosstables governs
memory: each keeps its own few computed results, which go with it. Trailing empty rows of a
generous range (``A1:K200``, even the whole columns ``A:K``) are dropped before the cache key is
built, at C speed. The cache is :mod:`xl_tiebreak.excel.functions.range_cache`, shared with the team
functions (:mod:`xl_tiebreak.excel.functions.team_evaluation`).

Cells are named as if the range started at ``A1`` of its sheet (a worksheet function only
receives values, not the range's address).

One call per column: every per-player function takes a single player or a range of players
(:func:`for_players`) and gives a value or a 2-D list of the same shape, so a template column
costs one transfer of the crosstable, not one per player. The tournament type is an argument:
given (``Swiss``/``Round robin``) it is used, empty it is inferred as the readers do — a grid
is a round robin, and so are per-round columns with all-play-all pairings
(:func:`xl_tiebreak.model.tournament.looks_like_round_robin`, as the TRF reader) — so the
functions, the
command line and the Standings sheet give the same values.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from itertools import chain
from typing import Any

import xl_tiebreak.excel.functions.arguments as arguments
import xl_tiebreak.tiebreaks.registry as registry
from xl_tiebreak.excel.book.cells import cell_errors, date_hints
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.excel.functions.event import (
    DEFAULT_OPTIONS,
    Options,
    forget_tokens,
    register,
    source,
    token_language,
)
from xl_tiebreak.excel.functions.participants import PLAYER, Participants
from xl_tiebreak.excel.functions.range_cache import RANGES, Content, Results, header_flag
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.formats.crosstable.rounds import forget_rows
from xl_tiebreak.i18n import N_, _, _n, current, using
from xl_tiebreak.model.tournament import (
    BlankRounds,
    InputError,
    Problem,
    Severity,
    Tournament,
    TournamentType,
    looks_like_round_robin,
)
from xl_tiebreak.standings.check import check
from xl_tiebreak.standings.evaluation import Evaluation, inferred_type_note
from xl_tiebreak.standings.final import Row, Standings
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_descriptor
from xl_tiebreak.tiebreaks.engine import Value
from xl_tiebreak.tiebreaks.rules import RuleSet
from xl_tiebreak.util.cells import cell_name, is_blank
from xl_tiebreak.util.numbers import to_float
from xl_tiebreak.util.plain import Frozen, Mutable, field

__all__ = [
    "MAX_CHECK_LINES",
    "MAX_CHECK_TEXT",
    "MAX_RESULTS_PER_CROSSTABLE",
    "MAX_VALUES_PER_CROSSTABLE",
    "Call",
    "cached_evaluation",
    "check_text",
    "clear_cache",
    "coverage",
    "event_token",
    "explanation",
    "for_players",
    "lines",
    "padded",
    "participants_rows",
    "place",
    "points",
    "problems_column",
    "run",
    "standings_rows",
    "tiebreak_value",
    "tiebreaks_rows",
    "value_of",
]

MAX_CHECK_TEXT = 32_000
"""Longest explanation text (Excel cells hold at most 32,767 characters)."""
MAX_CHECK_LINES = 1000
"""Most lines CROSSTABLE_CHECK returns."""


MAX_RESULTS_PER_CROSSTABLE = 16
"""Computed standings kept per crosstable (tie-break orders × rule sets × unrated ratings)."""
MAX_VALUES_PER_CROSSTABLE = 64
"""Single tie-break value tables kept per crosstable."""
MAX_EVALUATIONS_PER_CROSSTABLE = 4
"""Evaluations (one per rule set, unrated rating and lots seed) kept per crosstable."""

_Key = tuple[object, ...]


class _Parsed(Mutable, eq=False):
    """A crosstable read into a tournament (or the reason it cannot be read), with the players'
    start numbers and names for look-ups, and its own bounded caches of computed results (so
    that they go when the crosstable leaves the cache). Hashed by identity."""

    tournament: Tournament | None
    error: InputError | None
    players: Participants
    results: Results[_Key, _Computed | InputError] = field(
        default_factory=lambda: Results(MAX_RESULTS_PER_CROSSTABLE))
    values: Results[_Key, dict[int, Value]] = field(
        default_factory=lambda: Results(MAX_VALUES_PER_CROSSTABLE))
    evaluations: Results[Call, Evaluation | InputError] = field(
        default_factory=lambda: Results(MAX_EVALUATIONS_PER_CROSSTABLE))
    explanations: Results[_Key, dict[int, str]] = field(
        default_factory=lambda: Results(MAX_VALUES_PER_CROSSTABLE))
    """The explanations given so far, by start number, per (tie-break, order, call,
    language): filled as players are asked for."""
    found: dict[tuple[type, object], int] = field(default_factory=dict)
    """The start number each player cell found so far names, by the cell's type and value
    (a column of 2,000 players asked by 27 functions is looked up once per player)."""
    columns: Results[_Key, list[list[int | str | None]]] = field(
        default_factory=lambda: Results(MAX_VALUES_PER_CROSSTABLE))
    """Ranges of player cells resolved (:func:`_resolved`), by their cells and types."""
    checked: dict[str, list[Problem]] = field(default_factory=dict)
    """What checking the tournament found (:func:`check`, its notes, an inferred type), by
    the language of the texts: CROSSTABLE_CHECK on every function sheet checks once."""


class _Computed(Mutable, eq=False):
    """Standings for one (crosstable, order, rules, unrated rating), rows by start number."""

    standings: Standings
    rows: dict[int, Row]


_NOBODY = Participants(PLAYER, ())
"""The players of a crosstable that could not be read."""


class Call(Frozen):
    """How one call evaluates its event: the settings' values, or the explicit arguments that
    override them."""

    rules: RuleSet | str
    """A rule set, or a Rules text (``AUTO``: the rules in force on the event's start date)."""
    unrated: int | None
    seed: str | None
    """The lots seed given as an argument (None: the event's, from the settings)."""
    after_round: int | None
    withdrawals: str | None


def _cell(row: int, col: int) -> str:
    return _("cell {name}", name=cell_name(row + 1, col + 1))


def _infer_type(tournament: Tournament) -> None:
    """Per-round columns with all-play-all pairings are a round robin, as the TRF reader
    infers it (``type_inferred`` says so)."""
    if (tournament.type is TournamentType.SWISS and not tournament.type_inferred
            and looks_like_round_robin(tournament.participants)):
        tournament.type = TournamentType.PREDETERMINED
        tournament.type_inferred = True


def _read(content: Content, kind: TournamentType | None = None,
          blanks: BlankRounds = BlankRounds.ABSENT,
          options: Options = DEFAULT_OPTIONS) -> _Parsed:
    """The crosstable read as the Standings sheet reads it with these options (scoring, start
    date, scheduled rounds, name, tie-break order and lots seed of the settings), its problems
    written in the settings' language (the options are part of the cache key, so a problem
    kept for one language is never shown in another)."""
    if options.language is None:
        return _read_in_language(content, kind, blanks, options)
    with using(options.language):
        return _read_in_language(content, kind, blanks, options)


def _read_in_language(content: Content, kind: TournamentType | None, blanks: BlankRounds,
                      options: Options) -> _Parsed:
    errors = cell_errors(content.rows, _cell)
    if errors:
        return _Parsed(None, InputError(errors), _NOBODY)
    try:
        tournament = read_crosstable(
            content.rows, tournament_type=kind, blank_rounds=blanks, scoring=options.scoring,
            start_date=options.start_date, scheduled_rounds=options.scheduled_rounds,
            name=options.name)
    except InputError as error:
        return _Parsed(None, InputError(date_hints(error.problems)), _NOBODY)
    if kind is None:
        _infer_type(tournament)
    tournament.tiebreaks = list(options.order or ())
    tournament.lots_seed = options.seed
    if options.rating_used is not None:  # the Settings row wins, as on the Standings sheet
        tournament.rating_used = options.rating_used
    if options.rate is not None:  # the Event sheet's Rate, as on the Standings sheet
        tournament.rate = options.rate
    players = Participants(PLAYER, ((p.start_no, p.name) for p in tournament.participants))
    return _Parsed(tournament, None, players)


def _compute(parsed: _Parsed, order: tuple[str, ...] | None, call: Call) -> _Computed | InputError:
    """Standings with a tie-break order (None: the event's order, else the engine's default;
    ``()``: points only), cached on the crosstable."""
    if parsed.tournament is None:
        assert parsed.error is not None
        return parsed.error
    tournament = parsed.tournament

    def compute() -> _Computed | InputError:
        evaluation = _evaluation(parsed, tournament, call)
        if isinstance(evaluation, InputError):
            return evaluation
        try:
            standings = evaluation.standings(order)
        except InputError as error:
            return error
        return _Computed(standings, {r.participant.start_no: r for r in standings.rows})

    return parsed.results.get_or_compute((order, call), compute)


def _evaluation(parsed: _Parsed, tournament: Tournament, call: Call) -> Evaluation | InputError:
    """The one evaluation of the crosstable for a call's options, checked once and answering
    every tie-break order (cached on the crosstable, a failed check too)."""
    def compute() -> Evaluation | InputError:
        chosen = tournament if call.seed is None else tournament.replace(lots_seed=call.seed)
        try:
            return Evaluation(chosen, call.rules, call.after_round, call.unrated,
                              call.withdrawals)
        except InputError as error:
            return error

    return parsed.evaluations.get_or_compute(call, compute)


def _values(parsed: _Parsed, descriptor: Descriptor, call: Call) -> dict[int, Value]:
    """One tie-break's value for every start number (DE: place inside the tied group), cached
    on the crosstable."""
    def compute() -> dict[int, Value]:
        if descriptor.code == "DE":
            computed = _computed(parsed, (descriptor.canonical,), call)
            return {no: row.values[0] for no, row in computed.rows.items()}
        computed = _computed(parsed, (), call)
        evaluation = computed.standings.evaluation
        assert evaluation is not None  # standings always come from an Evaluation
        return evaluation.values(descriptor)

    return parsed.values.get_or_compute((descriptor, call), compute)


def clear_cache() -> None:
    """Forget every cached range and result, individual and team ones (the one range cache;
    tests, or after a code reload), every event token, and the crosstable rows read before
    (:func:`~xl_tiebreak.formats.crosstable.rounds.forget_rows`)."""
    RANGES.cache_clear()
    forget_tokens()
    forget_rows()


def _given(value: object, tag: str, what: str) -> bool:
    """True when an optional argument is given (not empty); an Excel error is reported."""
    return not is_blank(arguments.without_error(value, tag, what))


class _Event(Frozen):
    """A crosstable argument resolved: the read crosstable and the settings' options."""

    parsed: _Parsed
    options: Options
    problems: tuple[Problem, ...]


def _event(crosstable: object, kind: object = None, blanks: object = None,
           strict: bool = True) -> _Event:
    """The read crosstable (cached) of a crosstable argument (a range or an event token), with
    the tournament type and blank rounds arguments overriding the settings when given
    (``strict``: CellProblem for settings with errors)."""
    found = source(crosstable, strict)
    o = found.options
    chosen_kind = (arguments.tournament_type(kind)
                   if _given(kind, "#TYPE?", N_("tournament type")) else o.kind)
    chosen_blanks = (arguments.blank_rounds(blanks) if _given(blanks, "#ARG?", N_("blank rounds"))
                     else o.blanks)
    parsed = RANGES(_read, found.content, chosen_kind, chosen_blanks, o)
    return _Event(parsed, o, found.problems)


def _parsed(crosstable: object, kind: object = None, blanks: object = None) -> _Parsed:
    """The read crosstable (cached) for the tournament type argument ``kind`` and the blank
    rounds argument ``blanks`` (what an empty round cell means)."""
    return _event(crosstable, kind, blanks).parsed


def _call(options: Options, rules: object = None, unrated: object = None,
          seed: object = None) -> Call:
    """The evaluation options of a call: each argument given overrides the settings."""
    if _given(rules, "#RULES?", N_("rules")):
        text = arguments.option_text(arguments.scalar(rules), "AUTO")
        chosen: RuleSet | str = "AUTO" if text.upper() == "AUTO" else arguments.rule_set(rules)
    else:
        chosen = options.rules
    rating = arguments.unrated_rating(unrated)
    lots = arguments.lots_seed(seed)
    return Call(chosen, options.unrated if rating is None else rating, lots,
                options.after_round, options.withdrawals)


def _computed(parsed: _Parsed, order: tuple[str, ...] | None, call: Call) -> _Computed:
    result = _compute(parsed, order, call)
    if isinstance(result, InputError):
        raise CellProblem(arguments.crosstable_text(result))
    return result


def cached_evaluation(crosstable: object, order: tuple[str, ...] | None, rules: object,
                      unrated: object, kind: object = None,
                      blanks: object = None) -> Evaluation:
    """The evaluation of a crosstable range or event token (read and computed once, as for
    every function) that answers other orders of the same event (the Compare sheet). Raises
    CellProblem when the range cannot be read or computed."""
    event = _event(crosstable, kind, blanks)
    _ready(event.parsed)
    call = _call(event.options, rules, unrated)
    evaluation = _computed(event.parsed, order, call).standings.evaluation
    assert evaluation is not None  # standings always come from an Evaluation
    return evaluation


def _player(parsed: _Parsed, player: object) -> int:
    """The start number of a player given by start number or name. Raises CellProblem
    (a problem is not kept: it is found again, and said, each time)."""
    _ready(parsed)
    value = arguments.scalar(player)
    if type(value) not in _LOOKED_UP:
        return parsed.players.find(value)
    key = (type(value), value)
    number = parsed.found.get(key)
    if number is None:
        number = parsed.found[key] = parsed.players.find(value)
    return number


_LOOKED_UP = frozenset({int, float, str})
"""The types of the player cells whose start number is kept (a bool, an error… is not)."""


def _shape(players: object) -> list[list[object]] | None:
    """The player argument as rows of cells when it is a range of more than one cell (a 1-D
    list is a column); None for a single player."""
    if not isinstance(players, (list, tuple)):
        return None
    rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in players]
    if sum(len(r) for r in rows) <= 1:
        return None
    return rows


def _resolved(parsed: _Parsed, players: object) -> list[list[int | str | None]] | None:
    """A range of player cells as start numbers, each empty cell None and each cell that
    names nobody its problem text, as :func:`for_players` shows them; resolved once per
    crosstable, range of cells (their values and types: a TRUE cell is not a 1) and
    language, then reused by every column over the same players. None for a single
    player."""
    rows = _shape(players)
    if rows is None:
        return None
    key: _Key | None = (tuple(map(tuple, rows)), tuple(map(type, chain.from_iterable(rows))),
                        current())  # the problem texts are in the language in force
    try:
        hash(key)
    except TypeError:  # a cell that is itself a list…: resolved, not kept
        key = None

    def cell(player: object) -> int | str | None:
        if is_blank(player):
            return None
        try:
            return _player(parsed, player)
        except CellProblem as problem:
            return arguments.shorten(str(problem))

    def resolve() -> list[list[int | str | None]]:
        return [[cell(player) for player in row] for row in rows]

    return resolve() if key is None else parsed.columns.get_or_compute(key, resolve)


def by_number(parsed: _Parsed, players: object, value: Callable[[int], Any]) -> Any:
    """``value(start number)`` for a player, or for each cell of a range of players (a 2-D
    list of the same shape: empty for an empty cell, the problem text for a cell that names
    nobody), the range resolved once (:func:`_resolved`); what :func:`for_players` gives."""
    resolved = _resolved(parsed, players)
    if resolved is None:
        return value(_player(parsed, players))
    return [[value(n) if type(n) is int else n for n in row] for row in resolved]


def for_players(players: object, one: Callable[[object], Any]) -> Any:
    """``one(player)`` for a single player; for a range of players a 2-D list of the same
    shape, each cell its player's value, or its problem text (``#PLAYER? …``), or empty for
    an empty cell of the range (a generous ``A5:A2004`` for a smaller event)."""
    rows = _shape(players)
    if rows is None:
        return one(players)

    def cell(player: object) -> Any:
        if is_blank(player):
            return None
        try:
            return one(player)
        except CellProblem as problem:
            return arguments.shorten(str(problem))

    return [[cell(player) for player in row] for row in rows]


def run(compute: Callable[..., Any], crosstable: object, *args: Any,
        name: str | None = None) -> Any:
    """``guarded(compute, crosstable, *args)`` in the language of the event's settings (the
    Language row of an event token; a crosstable range: the language in force), so that the
    texts returned to cells (problems, explanations) are in the workbook's language."""
    return arguments.guarded_in(token_language(crosstable), compute, crosstable, *args,
                                name=name)


def tiebreak_value(
    crosstable: object, player: object, descriptor: object, rules: object, unrated: object,
    kind: object = None, blanks: object = None,
) -> Any:
    """A tie-break's value for a player or each of a range of players (:func:`for_players`)."""
    d = descriptor if isinstance(descriptor, Descriptor) else arguments.descriptor(descriptor)
    event = _event(crosstable, kind, blanks)
    parsed = event.parsed
    _ready(parsed)
    call = _call(event.options, rules, unrated)
    _computed(parsed, (), call)  # reports crosstable errors found by the check
    values = _values(parsed, d, call)
    return by_number(parsed, player, lambda no: to_float(values[no]))


def _ready(parsed: _Parsed) -> None:
    """CellProblem for a crosstable that cannot be read (one text for the whole call)."""
    if parsed.error is not None:
        raise CellProblem(arguments.crosstable_text(parsed.error))


@functools.cache
def _fixed() -> dict[str, Descriptor]:
    """The descriptor behind each one-tie-break worksheet function (registry rows)."""
    return {name: parse_descriptor(text) for name, text in registry.worksheet_functions()}


def value_of(
    function: str, crosstable: object, player: object, rules: object = None,
    unrated: object = None, kind: object = None, blanks: object = None,
) -> Any:
    """The guarded cell value of the one-tie-break worksheet function ``function``
    (``"BUCHHOLZ_CUT1"``: its descriptor comes from the registry), for a player or a range of
    players."""
    return run(tiebreak_value, crosstable, player, _fixed()[function], rules, unrated, kind,
               blanks, name=function)


def points(crosstable: object, player: object, blanks: object = None) -> Any:
    """The points of a player (of each of a range of players): the settings' scoring and
    after round when the crosstable is an event token."""
    event = _event(crosstable, None, blanks)
    parsed = event.parsed
    _ready(parsed)
    rows = _computed(parsed, (), _call(event.options)).rows
    return by_number(parsed, player, lambda no: float(rows[no].points))


def place(
    crosstable: object, player: object, order: object, rules: object, unrated: object,
    kind: object = None, blanks: object = None, seed: object = None,
) -> Any:
    tiebreaks = arguments.tiebreak_order(order)
    event = _event(crosstable, kind, blanks)
    parsed = event.parsed
    _ready(parsed)
    rows = _computed(parsed, tiebreaks, _call(event.options, rules, unrated, seed)).rows
    return by_number(parsed, player, lambda no: float(rows[no].rank))


def padded(table: list[list[object]], rows: object,
           columns: object = None) -> list[list[object]]:
    """A table made ``rows`` rows high and ``columns`` wide with empty texts (the size of a
    fixed-size array formula, so that the cells beyond the event show nothing rather than
    ``#N/A``); as it is where they are empty. A table taller or wider is cut (CROSSTABLE_CHECK
    says which participants a sheet leaves out)."""
    height = arguments.whole_number(rows, N_("rows"), 1, MAX_ROWS)
    width = arguments.whole_number(columns, N_("columns"), 1, 1000)
    if width is not None:
        table = [[*row[:width], *([""] * (width - len(row)))] for row in table]
    if height is None:
        return table
    across = width or max((len(r) for r in table), default=1)
    blank: list[list[object]] = [[""] * across for _ in range(height - len(table))]
    return [*table[:height], *blank]


MAX_ROWS = 100_000
"""Most rows a padded result may have."""


def standings_rows(
    crosstable: object, order: object, rules: object, unrated: object, kind: object = None,
    header: object = None, blanks: object = None, seed: object = None, rows: object = None,
    columns: object = None,
) -> list[list[object]]:
    tiebreaks = arguments.tiebreak_order(order)
    with_header = header_flag(header)
    event = _event(crosstable, kind, blanks)
    parsed = event.parsed
    _ready(parsed)
    call = _call(event.options, rules, unrated, seed)
    standings = _computed(parsed, tiebreaks, call).standings
    from xl_tiebreak.excel.book.layout import standings_table  # the report layer, when used

    table = standings_table(standings, every_place=True)
    table = with_decided_by(standings, table)
    return padded(table if with_header else table[1:], rows, columns)


def event_token(crosstable: object, settings: object, event: object = None) -> str:
    """The token of the crosstable with the settings rows (:mod:`xl_tiebreak.excel.functions.
    event`), followed by how many participants and rounds it has, or by the first problem
    that stops it (the functions that get the token report it in full)."""
    token, found = register(crosstable, settings, event)
    errors = [p for p in found.problems if p.severity is Severity.ERROR]
    if errors:
        return f"{token} #SETTINGS {arguments.shorten(str(errors[0]), 180)}"
    parsed = RANGES(_read, found.content, found.options.kind, found.options.blanks,
                    found.options)
    with using(found.options.language or "en"):
        if parsed.tournament is None:
            assert parsed.error is not None
            return f"{token} {arguments.crosstable_text(parsed.error)[:180]}"
        n = len(parsed.tournament.participants)
        return f"{token} " + _n("{count} participant in the crosstable",
                                   "{count} participants in the crosstable", count=n)


def participants_rows(crosstable: object, rows: object = None) -> list[list[object]]:
    """No and Name of every participant, in the crosstable's order (the labels of the
    Functions sheet, so that each row shows the participant its values belong to), made
    ``rows`` high with empty cells."""
    parsed = _parsed(crosstable)
    _ready(parsed)
    assert parsed.tournament is not None
    table: list[list[object]] = [[float(p.start_no), p.name]
                                 for p in parsed.tournament.participants]
    return padded(table, rows)


def with_decided_by(standings: Standings, table: list[list[object]]) -> list[list[object]]:
    """The STANDINGS table with the "Decided by" column last (empty on the last row)."""
    from xl_tiebreak.standings.decided_by import HEADER, decisions

    texts = [d.text() or None for d in decisions(standings)]
    return [[*table[0], _(HEADER)]] + [[*r, t] for r, t in zip(table[1:], texts, strict=True)]


def tiebreaks_rows(
    crosstable: object, order: object, rules: object, unrated: object, kind: object = None,
    blanks: object = None,
) -> list[list[object]]:
    """The values of every tie-break of the order (columns, in the order's sequence) for every
    player (rows, in the crosstable's order, so that they line up with it); no header row."""
    tiebreaks = arguments.tiebreak_order(order)
    event = _event(crosstable, kind, blanks)
    parsed = event.parsed
    _ready(parsed)
    computed = _computed(parsed, tiebreaks, _call(event.options, rules, unrated))
    assert parsed.tournament is not None
    out: list[list[object]] = [[to_float(v) for v in computed.rows[p.start_no].values]
                               for p in parsed.tournament.participants]
    return out if out and out[0] else [[None] for _ in out]


def lines(text: str, limit: int = arguments.MAX_TEXT) -> list[str]:
    """A long text as lines of at most ``limit`` characters (classic Excel shows ``#VALUE!``
    for a returned text over 255 characters, xlwings issue #456), broken after ``; `` where
    possible, else at a space."""
    out: list[str] = []
    rest = " ".join(text.split())
    while len(rest) > limit:
        cut = rest.rfind("; ", 0, limit)
        if cut > 0:
            out.append(rest[: cut + 1])
            rest = rest[cut + 2:]
            continue
        cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
        out.append(rest[:cut])
        rest = rest[cut:].lstrip()
    out.append(rest)
    return out


def column_of(parts: list[str]) -> Any:
    """One line as a single value, more as a column (a 2-D list of one cell per row)."""
    return parts[0] if len(parts) == 1 else [[part] for part in parts]


def explanation(
    crosstable: object, player: object, descriptor: object, rules: object, unrated: object,
    kind: object = None, blanks: object = None,
) -> Any:
    """How a value was computed: for one player, its text (a column of lines of at most 255
    characters when longer); for a range of players, one line each, cut at 255 characters
    (ask for one player to see the whole text). Each player's text is computed once per
    tie-break, order, call and language, and kept with the crosstable."""
    d = arguments.descriptor(descriptor)
    event = _event(crosstable, kind, blanks)
    parsed = event.parsed
    _ready(parsed)
    order = (d.text or d.canonical,) if d.code == "DE" else ()
    call = _call(event.options, rules, unrated)
    standings = _computed(parsed, order, call).standings
    shown = standings.descriptors[0] if d.code == "DE" else d
    kept = parsed.explanations.get_or_compute((shown, order, call, current()), dict)

    def text(p: object) -> str:
        no = _player(parsed, p)
        found = kept.get(no)
        if found is None:
            found = kept[no] = standings.explain(no, shown).formula
        return found

    if _shape(player) is None:
        return column_of(lines(arguments.shorten(text(player), MAX_CHECK_TEXT)))
    return for_players(player, lambda p: arguments.shorten(text(p)))


def check_text(crosstable: object, kind: object = None, blanks: object = None,
               listed: object = None) -> Any:
    """``OK``, or a column of lines: a summary (``2 errors, 1 warning:``) followed on its line
    by the first problem when that fits, then one problem per line (at most 255 characters
    each; a longer one goes on over the following lines). The settings' problems come first
    (an event token); ``listed``, the start numbers a sheet shows (its No column), adds an
    error when that sheet leaves a participant out, lists one twice, or lists a number the
    crosstable does not have."""
    event = _event(crosstable, kind, blanks, strict=False)
    parsed = event.parsed
    problems = list(event.problems)
    if parsed.error is not None:
        problems += list(parsed.error.problems)
    else:
        assert parsed.tournament is not None
        # the reader's own warnings too (blank rounds read as absences, an inferred round
        # robin): the choices made without the user, said beside the result
        language = current()
        found = parsed.checked.get(language)
        if found is None:
            found = parsed.checked[language] = (
                check(parsed.tournament) + parsed.tournament.notes
                + inferred_type_note(parsed.tournament))
        problems += found
        if _given(listed, "#ARG?", N_("listed")):
            problems += coverage(parsed.players,
                                 [p.start_no for p in parsed.tournament.participants], listed)
    return problems_column(problems)


def coverage(participants: Participants, everyone: list[int],
             listed: object) -> list[Problem]:
    """An error when the numbers ``listed`` (a sheet's No column) do not show each of
    ``everyone`` (the start numbers of the crosstable) exactly once: the sheet no longer
    covers the crosstable."""
    numbers: list[int] = []
    for cell in arguments._flatten(listed):
        if is_blank(cell):
            continue
        try:
            numbers.append(participants.find(cell))
        except CellProblem:
            numbers.append(-1)
    shown = set(numbers)
    missing = [n for n in everyone if n not in shown]
    counts = Counter(numbers)
    twice = sorted(n for n, times in counts.items() if n > 0 and times > 1)
    unknown = numbers.count(-1)
    if not (missing or twice or unknown):
        return []
    parts = []
    if missing:
        some = ", ".join(str(n) for n in missing[:5]) + (" …" if len(missing) > 5 else "")
        parts.append(_("it leaves out {count} of the {total} participants (No {numbers})",
                       count=len(missing), total=len(everyone), numbers=some))
    if twice:
        parts.append(_("it lists No {numbers} more than once",
                       numbers=", ".join(str(n) for n in twice[:5])))
    if unknown:
        parts.append(_n("{count} row names nobody of the crosstable",
                        "{count} rows name nobody of the crosstable", count=unknown))
    return [Problem(Severity.ERROR, _("the sheet no longer covers the crosstable: {what}; "
                                      "give its rows more room or recalculate all",
                                      what="; ".join(parts)))]


def problems_column(problems: list[Problem]) -> Any:
    """What CROSSTABLE_CHECK and TEAM_CROSSTABLE_CHECK show for the problems of an event:
    ``OK``, or a column of lines: a summary (``2 errors, 1 warning:``) followed on its line by
    the first problem when that fits, then one problem per line (at most 255 characters each;
    a longer one goes on over the following lines)."""
    if not problems:
        return "OK"
    errors = sum(1 for p in problems if p.severity is Severity.ERROR)
    warnings = len(problems) - errors
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    head = ("" if errors else "OK, ") + ", ".join(parts) + ":"
    body = [line for p in problems
            for line in lines(f"{'' if p.severity is Severity.ERROR else 'warning: '}{p}")]
    # the first line says the first problem too when it fits: a cell that shows only the
    # first line of the column (a plain formula, legacy Excel) still says what is wrong
    first = body[0].removeprefix("warning: ") if not errors else body[0]
    if len(head) + 1 + len(first) <= arguments.MAX_TEXT:
        out = [f"{head} {first}", *body[1:]]
    else:
        out = [head, *body]
    return column_of(out[: MAX_CHECK_LINES])
