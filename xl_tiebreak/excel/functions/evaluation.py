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
from collections.abc import Callable
from typing import Any

import xl_tiebreak.excel.functions.arguments as arguments
import xl_tiebreak.tiebreaks.registry as registry
from xl_tiebreak.excel.book.cells import cell_errors, date_hints
from xl_tiebreak.excel.book.layout import standings_table
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.excel.functions.participants import PLAYER, Participants
from xl_tiebreak.excel.functions.range_cache import RANGES, Content, Results, header_flag
from xl_tiebreak.formats.crosstable.reader import read_crosstable
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
from xl_tiebreak.util.plain import Mutable, field

__all__ = [
    "MAX_CHECK_LINES",
    "MAX_CHECK_TEXT",
    "MAX_RESULTS_PER_CROSSTABLE",
    "MAX_VALUES_PER_CROSSTABLE",
    "check_text",
    "clear_cache",
    "explanation",
    "for_players",
    "lines",
    "place",
    "points",
    "problems_column",
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
    evaluations: Results[_Key, Evaluation | InputError] = field(
        default_factory=lambda: Results(MAX_EVALUATIONS_PER_CROSSTABLE))


class _Computed(Mutable, eq=False):
    """Standings for one (crosstable, order, rules, unrated rating), rows by start number."""

    standings: Standings
    rows: dict[int, Row]


_NOBODY = Participants(PLAYER, ())
"""The players of a crosstable that could not be read."""


def _cell(row: int, col: int) -> str:
    return f"cell {cell_name(row + 1, col + 1)}"


def _infer_type(tournament: Tournament) -> None:
    """Per-round columns with all-play-all pairings are a round robin, as the TRF reader
    infers it (``type_inferred`` says so)."""
    if (tournament.type is TournamentType.SWISS and not tournament.type_inferred
            and looks_like_round_robin(tournament.participants)):
        tournament.type = TournamentType.PREDETERMINED
        tournament.type_inferred = True


def _read(content: Content, kind: TournamentType | None = None,
          blanks: BlankRounds = BlankRounds.ABSENT) -> _Parsed:
    errors = cell_errors(content.rows, _cell)
    if errors:
        return _Parsed(None, InputError(errors), _NOBODY)
    try:
        tournament = read_crosstable(content.rows, tournament_type=kind, blank_rounds=blanks)
    except InputError as error:
        return _Parsed(None, InputError(date_hints(error.problems)), _NOBODY)
    if kind is None:
        _infer_type(tournament)
    players = Participants(PLAYER, ((p.start_no, p.name) for p in tournament.participants))
    return _Parsed(tournament, None, players)


def _compute(
    parsed: _Parsed, order: tuple[str, ...] | None, rules: RuleSet, unrated: int | None,
    seed: str | None = None,
) -> _Computed | InputError:
    """Standings with a tie-break order (None: the engine's default, ``()``: points only) and
    a lots seed (None: the crosstable's, i.e. the empty seed), cached on the crosstable."""
    key: _Key = (order, rules, unrated) if seed is None else (order, rules, unrated, seed)
    if parsed.tournament is None:
        assert parsed.error is not None
        return parsed.error
    tournament = parsed.tournament

    def compute() -> _Computed | InputError:
        evaluation = _evaluation(parsed, tournament, rules, unrated, seed)
        if isinstance(evaluation, InputError):
            return evaluation
        try:
            standings = evaluation.standings(order)
        except InputError as error:
            return error
        return _Computed(standings, {r.participant.start_no: r for r in standings.rows})

    return parsed.results.get_or_compute(key, compute)


def _evaluation(parsed: _Parsed, tournament: Tournament, rules: RuleSet, unrated: int | None,
                seed: str | None) -> Evaluation | InputError:
    """The one evaluation of the crosstable under a rule set, an unrated rating and a lots
    seed (None: the crosstable's), checked once and answering every tie-break order (cached
    on the crosstable, a failed check too)."""
    def compute() -> Evaluation | InputError:
        chosen = tournament if seed is None else tournament.replace(lots_seed=seed)
        try:
            return Evaluation(chosen, rules, None, unrated)
        except InputError as error:
            return error

    return parsed.evaluations.get_or_compute((rules, unrated, seed), compute)


def _values(
    parsed: _Parsed, descriptor: Descriptor, rules: RuleSet, unrated: int | None
) -> dict[int, Value]:
    """One tie-break's value for every start number (DE: place inside the tied group), cached
    on the crosstable."""
    def compute() -> dict[int, Value]:
        if descriptor.code == "DE":
            computed = _computed(parsed, (descriptor.canonical,), rules, unrated)
            return {no: row.values[0] for no, row in computed.rows.items()}
        computed = _computed(parsed, (), rules, unrated)
        evaluation = computed.standings.evaluation
        assert evaluation is not None  # standings always come from an Evaluation
        return evaluation.values(descriptor)

    return parsed.values.get_or_compute((descriptor, rules, unrated), compute)


def clear_cache() -> None:
    """Forget every cached range and result, individual and team ones (the one range cache;
    tests, or after a code reload)."""
    RANGES.cache_clear()


def _parsed(crosstable: object, kind: object = None, blanks: object = None) -> _Parsed:
    """The read crosstable (cached) for the tournament type argument ``kind`` and the blank
    rounds argument ``blanks`` (what an empty round cell means)."""
    return RANGES(_read, Content(crosstable), arguments.tournament_type(kind),
                  arguments.blank_rounds(blanks))


def _computed(
    parsed: _Parsed, order: tuple[str, ...] | None, rules: RuleSet, unrated: int | None,
    seed: str | None = None,
) -> _Computed:
    result = _compute(parsed, order, rules, unrated, seed)
    if isinstance(result, InputError):
        raise CellProblem(arguments.crosstable_text(result))
    return result


def cached_evaluation(crosstable: object, order: tuple[str, ...] | None, rules: RuleSet,
                      unrated: int | None, kind: object = None,
                      blanks: object = None) -> Evaluation:
    """The evaluation of a crosstable range (read and computed once, as for every function)
    that answers other orders of the same event (the Compare sheet). Raises CellProblem when
    the range cannot be read or computed."""
    parsed = _parsed(crosstable, kind, blanks)
    _ready(parsed)
    evaluation = _computed(parsed, order, rules, unrated).standings.evaluation
    assert evaluation is not None  # standings always come from an Evaluation
    return evaluation


def _player(parsed: _Parsed, player: object) -> int:
    """The start number of a player given by start number or name. Raises CellProblem."""
    _ready(parsed)
    return parsed.players.find(player)


def _shape(players: object) -> list[list[object]] | None:
    """The player argument as rows of cells when it is a range of more than one cell (a 1-D
    list is a column); None for a single player."""
    if not isinstance(players, (list, tuple)):
        return None
    rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in players]
    if sum(len(r) for r in rows) <= 1:
        return None
    return rows


def for_players(players: object, one: Callable[[object], Any]) -> Any:
    """``one(player)`` for a single player; for a range of players a 2-D list of the same
    shape, each cell its player's value, or its problem text (``#PLAYER? …``), or empty for
    an empty cell of the range (a generous ``A5:A504`` for a smaller event)."""
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


def tiebreak_value(
    crosstable: object, player: object, descriptor: object, rules: object, unrated: object,
    kind: object = None, blanks: object = None,
) -> Any:
    """A tie-break's value for a player or each of a range of players (:func:`for_players`)."""
    d = descriptor if isinstance(descriptor, Descriptor) else arguments.descriptor(descriptor)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    parsed = _parsed(crosstable, kind, blanks)
    _ready(parsed)
    _computed(parsed, (), rule_set, rating)  # reports crosstable errors found by the check
    values = _values(parsed, d, rule_set, rating)
    return for_players(player, lambda p: to_float(values[_player(parsed, p)]))


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
    return arguments.guarded(tiebreak_value, crosstable, player, _fixed()[function], rules,
                             unrated, kind, blanks)


def points(crosstable: object, player: object, blanks: object = None) -> Any:
    parsed = _parsed(crosstable, None, blanks)
    _ready(parsed)
    rows = _computed(parsed, (), RuleSet.FIDE2026, None).rows
    return for_players(player, lambda p: float(rows[_player(parsed, p)].points))


def place(
    crosstable: object, player: object, order: object, rules: object, unrated: object,
    kind: object = None, blanks: object = None, seed: object = None,
) -> Any:
    tiebreaks = arguments.tiebreak_order(order)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    lots_seed = arguments.lots_seed(seed)
    parsed = _parsed(crosstable, kind, blanks)
    _ready(parsed)
    rows = _computed(parsed, tiebreaks, rule_set, rating, lots_seed).rows
    return for_players(player, lambda p: float(rows[_player(parsed, p)].rank))


def standings_rows(
    crosstable: object, order: object, rules: object, unrated: object, kind: object = None,
    header: object = None, blanks: object = None, seed: object = None,
) -> list[list[object]]:
    tiebreaks = arguments.tiebreak_order(order)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    with_header = header_flag(header)
    lots_seed = arguments.lots_seed(seed)
    parsed = _parsed(crosstable, kind, blanks)
    _ready(parsed)
    standings = _computed(parsed, tiebreaks, rule_set, rating, lots_seed).standings
    table = standings_table(standings, every_place=True)
    table = with_decided_by(standings, table)
    return table if with_header else table[1:]


def with_decided_by(standings: Standings, table: list[list[object]]) -> list[list[object]]:
    """The STANDINGS table with the "Decided by" column last (empty on the last row)."""
    from xl_tiebreak.standings.decided_by import HEADER, decisions

    texts = [d.text() or None for d in decisions(standings)]
    return [[*table[0], HEADER]] + [[*r, t] for r, t in zip(table[1:], texts, strict=True)]


def tiebreaks_rows(
    crosstable: object, order: object, rules: object, unrated: object, kind: object = None,
    blanks: object = None,
) -> list[list[object]]:
    """The values of every tie-break of the order (columns, in the order's sequence) for every
    player (rows, in the crosstable's order, so that they line up with it); no header row."""
    tiebreaks = arguments.tiebreak_order(order)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    parsed = _parsed(crosstable, kind, blanks)
    _ready(parsed)
    computed = _computed(parsed, tiebreaks, rule_set, rating)
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
    (ask for one player to see the whole text)."""
    d = arguments.descriptor(descriptor)
    rule_set, rating = arguments.rule_set(rules), arguments.unrated_rating(unrated)
    parsed = _parsed(crosstable, kind, blanks)
    _ready(parsed)
    order = (d.text or d.canonical,) if d.code == "DE" else ()
    standings = _computed(parsed, order, rule_set, rating).standings
    shown = standings.descriptors[0] if d.code == "DE" else d

    def text(p: object) -> str:
        return standings.explain(_player(parsed, p), shown).formula

    if _shape(player) is None:
        return column_of(lines(arguments.shorten(text(player), MAX_CHECK_TEXT)))
    return for_players(player, lambda p: arguments.shorten(text(p)))


def check_text(crosstable: object, kind: object = None, blanks: object = None) -> Any:
    """``OK``, or a column of lines: a summary (``2 errors, 1 warning:``) followed on its line
    by the first problem when that fits, then one problem per line (at most 255 characters
    each; a longer one goes on over the following lines)."""
    parsed = _parsed(crosstable, kind, blanks)
    if parsed.error is not None:
        problems = list(parsed.error.problems)
    else:
        assert parsed.tournament is not None
        # the reader's own warnings too (blank rounds read as absences, an inferred round
        # robin): the choices made without the user, said beside the result
        problems = (check(parsed.tournament) + parsed.tournament.notes
                    + inferred_type_note(parsed.tournament))
    return problems_column(problems)


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
