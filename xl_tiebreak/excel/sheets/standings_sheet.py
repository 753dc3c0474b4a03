"""The sheets xl-tiebreak writes and how it recognises them.

* ``Standings`` — the table with a legend below (:func:`standings_layout`); the templates ship
  it as a placeholder (:data:`PLACEHOLDER`);
* ``Problems`` (or ``Problems (xl-tiebreak)`` when the user has a ``Problems`` sheet) — what
  to fix when nothing could be computed (:func:`problems_layout`).

Each is marked with its role (:data:`STANDINGS_ROLE`, :data:`PROBLEMS_ROLE`) by a hidden
sheet-scoped defined name (:data:`~xl_tiebreak.excel.book.interface.MARK_NAME`), which no rewording
of
a message can orphan. :func:`sheet_kind` reads the mark; sheets written before the marks
existed are recognised by their texts (:data:`LEGACY_TEXTS`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xl_tiebreak.excel.book.cells import find_sheet
from xl_tiebreak.excel.book.interface import Book
from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
    HEADER_FILL,
    HEADER_FONT,
    NOTE_FONT,
    PODIUM_FILLS,
    WARNING_FONT,
    WHOLE_FORMAT,
    SheetLayout,
    Style,
    fixed_format,
    number_format,
    standings_values,
    team_number_format,
    team_points_format,
)
from xl_tiebreak.excel.reading.settings import Settings
from xl_tiebreak.i18n import N_, _, _n
from xl_tiebreak.i18n.conventions import date_text, number_text, place_range_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError, Problem, Severity, TournamentType
from xl_tiebreak.report.table import (
    Column,
    extra_points_legend,
    group_note,
    has_extra_points,
    place_ranges,
    standings_columns,
    status_text,
    where_and_when,
)
from xl_tiebreak.standings.decided_by import HEADER as DECIDED_BY
from xl_tiebreak.standings.decided_by import decisions
from xl_tiebreak.standings.final import Standings
from xl_tiebreak.tiebreaks.outside_games import legend_lines
from xl_tiebreak.util.cells import cell_name, is_blank, range_ref
from xl_tiebreak.util.numbers import fmt, from_float
from xl_tiebreak.version import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.model.teams import TeamEvent

__all__ = [
    "LEGACY_TEXTS",
    "PLACEHOLDER",
    "PROBLEMS",
    "PROBLEMS_FALLBACK",
    "PROBLEMS_ROLE",
    "COMPARE_ROLE",
    "PRIZES_ROLE",
    "PROBLEMS_TITLE",
    "STANDINGS",
    "STANDINGS_NOTE",
    "STANDINGS_ROLE",
    "place_shown",
    "problems_layout",
    "severity_text",
    "sheet_kind",
    "standings_layout",
]

STANDINGS = "Standings"
PROBLEMS = "Problems"
PROBLEMS_FALLBACK = "Problems (xl-tiebreak)"
"""Where problems go when the user has a sheet of their own called ``Problems``."""

STANDINGS_ROLE = "standings"
"""The mark of a Standings sheet xl-tiebreak wrote (also the templates' placeholder)."""
PROBLEMS_ROLE = "problems"
"""The mark of a Problems sheet xl-tiebreak wrote."""
COMPARE_ROLE = "compare"
"""The mark of a Compare sheet xl-tiebreak wrote (:mod:`xl_tiebreak.excel.sheets.compare`)."""
PRIZES_ROLE = "prizes"
"""The mark of a Prizes result sheet xl-tiebreak wrote
(:mod:`xl_tiebreak.excel.sheets.prizes`)."""
_ROLES = (STANDINGS_ROLE, PROBLEMS_ROLE, COMPARE_ROLE, PRIZES_ROLE, "progression", "ratings",
          "norms")  # the last three: the report sheets (excel/sheets/report_sheets)

STANDINGS_NOTE = N_("Computed by xl-tiebreak; the crosstable and settings were not changed.")
"""The last legend line of a Standings sheet (in English: pass it through ``_`` where shown)."""
PROBLEMS_TITLE = N_("The standings were not computed: fix these problems and run again. "
                    "Any previous Standings sheet was left unchanged.")
"""Cell A1 of a Problems sheet (in English: pass it through ``_`` where shown)."""
PLACEHOLDER = N_("Run main on the xlwings ribbon (or: xl-tiebreak standings THIS_FILE) to "
                 "write the standings here.")
"""Cell A1 of the templates' empty Standings sheet (in English: pass it through ``_``)."""

LEGACY_TEXTS = {
    "problems": "The standings were not computed",
    "standings": "Computed by xl-tiebreak; the crosstable and settings were not changed.",
    "placeholder": "Run main on the xlwings ribbon (or: xl-tiebreak standings",
}
"""How sheets written by versions before the marks are recognised (for those only): a
Problems sheet by the start of its first text, a Standings sheet by its legend's last line or
the start of the templates' placeholder. These texts are frozen (and English: no older version wrote
another language): the current messages above may be reworded."""


def sheet_kind(book: Book, name: str) -> tuple[str | None, str]:
    """The sheet called ``name`` (ignoring case) and what it is: ``absent``, ``empty`` (no
    values), ``standings``, ``problems``, ``compare`` or ``prizes`` (written by xl-tiebreak: it
    carries the mark of that
    role, or, written by an older version, its text :data:`LEGACY_TEXTS`), or ``user``
    (anything else, also a chart sheet or a sheet too large to read)."""
    actual = find_sheet(book.sheet_names(), name)
    if actual is None:
        return None, "absent"
    mark = book.sheet_mark(actual)
    if mark in _ROLES:
        return actual, mark
    try:
        found = book.read_sheet(actual)
    except InputError:
        return actual, "user"
    if found is None:
        return actual, "user"
    if mark is None:
        legacy = _legacy_kind([v.strip() for row in found.values for v in row
                               if isinstance(v, str)])
        if legacy is not None:
            return actual, legacy
    if all(is_blank(v) for row in found.values for v in row):
        return actual, "empty"
    return actual, "user"


def _legacy_kind(texts: list[str]) -> str | None:
    """``problems`` or ``standings`` for a sheet an older xl-tiebreak wrote (no mark), by its
    texts; None for anything else."""
    if texts and texts[0].startswith(LEGACY_TEXTS["problems"]):
        return "problems"
    if any(t == LEGACY_TEXTS["standings"] or t.startswith(LEGACY_TEXTS["placeholder"])
           for t in texts):
        return "standings"
    return None


def _widths(table: list[list[object]], formats: Sequence[str | None]) -> dict[int, float]:
    """Each column's width: its longest text as shown (the header's unformatted), 5 to 40
    characters; each distinct value of a column measured once (values repeat: points,
    tie-break values)."""
    widths: dict[int, float] = {}
    for col in range(len(table[0])):
        lengths: dict[tuple[type, object], int] = {}  # numbers, texts, None: all hashable
        for row in table[1:]:
            key = (type(row[col]), row[col])
            if key not in lengths:
                lengths[key] = len(_display(row[col], formats[col]))
        longest = max([len(_display(table[0][col])), *lengths.values()])
        widths[col + 1] = float(min(max(longest + 2, 5), 40))
    return widths


def _display(value: object, number_format: str | None = None) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return fmt(from_float(value), 1 if number_format == HALF_FORMAT and value.is_integer()
                   else None)
    return str(value)


def _rules_text(standings: Standings, settings: Settings) -> str:
    """The rule set applied, and, when the Rules row left the choice to the tool (AUTO or
    empty), how it chose."""
    text = standings.rules.label
    if settings.rules.strip().lower() in ("", "auto"):
        if settings.start_date is None:
            return _("{rules} (AUTO: no start date given, the newest rules)", rules=text)
        return _("{rules} (AUTO: the rules in force on the start date {date})", rules=text,
                 date=date_text(settings.start_date))
    return text


def _title_block(standings: Standings, settings: Settings) -> list[tuple[str, str]]:
    """The lines above the table: (kind, text); kind is ``title``, ``status`` or ``info``."""
    t = standings.tournament
    robin = t.type is TournamentType.PREDETERMINED
    kind = _("round robin", "written sheet") if robin else _("Swiss", "written sheet")
    lines = [("title", t.name or settings.name or _("Standings", "written sheet"))]
    where = where_and_when(standings)
    if where:
        lines.append(("info", where))
    status = status_text(standings)
    people = _n("{count} participant", "{count} participants", count=len(t.participants))
    lines.append(("status", f"{status[0].upper()}{status[1:]} · {people} · {kind}"))
    lines.append(("info", _("Tie-break rules: {rules}",
                            rules=_rules_text(standings, settings))))
    return lines


_Line = tuple[str, str, str]
"""A legend line: (kind, label, text); kind is ``title``, ``item``, ``warning`` or ``note``."""


def _legend(standings: Standings, settings: Settings, warnings: list[Problem]) -> list[_Line]:
    """The lines below the table: title, order, each tie-break in words, rules, warnings."""
    t = standings.tournament
    lines: list[_Line] = [
        ("title", "", _("Legend", "written sheet")),
        ("item", _("Order", "written sheet"),
         ", ".join([_("Pts", "written sheet"), *(d.label for d in standings.descriptors)])),
    ]
    for level, d in enumerate(standings.descriptors):
        extras = [d.article] if d.article else []
        if d.swiss_manager:
            extras.append(f"Swiss-Manager {d.swiss_manager}")
        text = d.name
        if extras:
            text = _("{name} ({details})", "written sheet", name=d.name,
                     details="; ".join(extras))
        if d.tiebreak.group:
            text = _("{tiebreak}: {meaning}", "written sheet", tiebreak=text,
                     meaning=group_note(standings, level))
        lines.append(("item", d.label, text))
    codes = [d.code for d in standings.descriptors]
    if "OTHER_LOTS" in codes:  # the seed, so that anyone can redo the draw
        lines.append(("item", _("Lots", "written sheet"), legend_lines(codes, t.lots_seed)[0]))
    if has_extra_points(standings):
        label, _colon, text = extra_points_legend().partition(": ")
        lines.append(("item", label, text))
    lines.append(("item", _("Rules", "written sheet"), _rules_text(standings, settings)))
    team = _team_scoring(standings)
    lines.append(("item", _("Scoring", "written sheet"), team or t.scoring.describe()))
    if settings.unrated_rating is not None:
        lines.append(("item", _("Unrated", "written sheet"), _(
            "rating {rating} used for unrated players", rating=settings.unrated_rating)))
    places = place_shown(3, 4)
    lines.append(("item", _("Places", "written sheet"), _(
        "teams still tied after the last tie-break share a place, shown on each of their "
        "rows ({example})", example=places) if team else _(
        "players still tied after the last tie-break share a place, shown on each of their "
        "rows ({example})", example=places)))
    lines.append(("item", _("Empty", "written sheet"), _(
        "no value: undefined (e.g. an unrated player's rating), or not needed")))
    lines.append(("item", translated(DECIDED_BY), _(
        "the first item of the order (Pts, then the tie-breaks) whose values differ between "
        "the participant and the next one, with both values; shared: equal on every item.",
        "written sheet")))
    lines.extend(("warning", _("Warning", "written sheet"), str(w)) for w in warnings)
    lines.append(("note", "", translated(STANDINGS_NOTE)))
    return lines


def _team_scoring(standings: Standings) -> str:
    """How a team event scores (match points per match result, game points per board, the
    primary score); empty for an individual event."""
    from xl_tiebreak.standings.team_evaluation import TeamEvaluation  # only team events need it

    evaluation = standings.evaluation
    if not isinstance(evaluation, TeamEvaluation):
        return ""
    event = evaluation.event
    mp = event.scoring
    return _("match points {win}-{draw}-{loss} (won, drawn, lost match); game points 1-½-0 "
             "per board, {boards} boards; Pts = {primary}",
             win=number_text(fmt(mp.win)), draw=number_text(fmt(mp.draw)),
             loss=number_text(fmt(mp.loss)), boards=event.boards, primary=event.primary.value)


LEGEND_COLUMN = 3
"""The legend's labels stand in column C, its texts from D to the table's last column."""
ONE_PAGE_ROWS = 60
"""A Standings sheet of at most this many printed lines (about 40 players; a wrapped legend
row counts its lines) is printed on one page (shrunk to fit); a longer one one page wide and
as many pages tall as needed."""
_HEADER_GAP = 1
"""Empty rows between the title block and the table."""


def _legend_styles(kind: str, row: int, last: int) -> list[Style]:
    label, text = LEGEND_COLUMN, LEGEND_COLUMN + 1
    if kind == "title":
        return [Style(range_ref(row, text, row, last), bold=True)]
    styles = [Style(range_ref(row, label, row, last), wrap=True, align="left")]
    if kind == "warning":
        return [*styles, Style(range_ref(row, label, row, last), font_color=WARNING_FONT),
                Style(range_ref(row, label, row, label), bold=True)]
    if kind == "note":
        return [*styles, Style(range_ref(row, text, row, text), italic=True,
                               font_color=NOTE_FONT)]
    return [*styles, Style(range_ref(row, label, row, label), bold=True)]


def place_shown(first: int, last: int) -> str:
    """A place as the sheets show it: the language's form (``3–4``, ``3º–4º``), with an en
    dash between a shared place's ends."""
    return place_range_text(first, last).replace("-", "\u2013")


def _place_format(first: int, last: int) -> str | None:
    """The number format showing a place as the language writes it (the cell holds the first
    place, a number): ``3–4`` for a shared place in English, ``3º–4º`` and ``3º`` in
    Portuguese; None where the number alone is the text (an English single place)."""
    text = place_shown(first, last)
    number = str(first)
    suffix = text[len(number):] if text.startswith(number) else ""
    if first == last and not suffix or "\"" in suffix:
        return None
    return f'0"{suffix}"'


def standings_layout(
    standings: Standings, settings: Settings, warnings: list[Problem]
) -> SheetLayout:
    """The Standings sheet as people post it: a title block (event, place and dates, "after
    round k of n" or "final standings", the rule set), then the table (the place on every row
    of a shared place, shown ``3–4``; title, federation, rating, points, tie-breaks) with a
    filter, podium fills and number formats, then the legend. Printed landscape on A4 (one
    page wide; Letter fits too), the table's header repeated on every page, a footer naming
    the version."""
    # the STANDINGS function's columns, and the Extra column when there are extra points
    columns = standings_columns(standings, drop_empty=False, extra=True)
    table = standings_values(standings, extra=True)
    columns, table = _with_decided_by(standings, columns, table)
    block = _title_block(standings, settings)
    top = len(block) + _HEADER_GAP + 1  # the table's header row
    n_rows, n_cols = len(table), len(table[0])
    last_row = top + n_rows - 1
    cells: list[list[object]] = [[text] for _kind, text in block]
    cells += [[] for _ in range(_HEADER_GAP)]
    cells += [list(r) for r in table]
    styles = []
    for r, (kind, _text) in enumerate(block, start=1):
        if kind == "title":
            styles.append(Style(range_ref(r, 1, r, 1), bold=True, size=16))
        elif kind == "status":
            styles.append(Style(range_ref(r, 1, r, 1), bold=True))
        else:
            styles.append(Style(range_ref(r, 1, r, 1), font_color=NOTE_FONT))
    styles.append(Style(range_ref(top, 1, top, n_cols), bold=True, fill=HEADER_FILL,
                        font_color=HEADER_FONT, align="center"))
    formats = [_column_format(c, standings) for c in columns]
    if n_rows > 1:
        for col, shown in enumerate(formats, start=1):
            if shown:
                styles.append(Style(range_ref(top + 1, col, last_row, col), number_format=shown))
            if columns[col - 1].field in ("place", "no", "title", "fed"):
                styles.append(Style(range_ref(top + 1, col, last_row, col), align="center"))
    name_col = next(k for k, c in enumerate(columns, start=1) if c.field == "name")
    for i, (row, (first, last)) in enumerate(
        zip(standings.rows, place_ranges(standings.rows), strict=True), start=top + 1
    ):
        fill = PODIUM_FILLS.get(row.rank)
        if fill:
            styles.append(Style(range_ref(i, 1, i, n_cols), fill=fill))
            styles.append(Style(range_ref(i, name_col, i, name_col), bold=True))
        shown = _place_format(first, last)
        if shown:
            styles.append(Style(range_ref(i, 1, i, 1), number_format=shown))
    widths = _widths(table, formats)
    legend = _legend(standings, settings, warnings)
    longest_label = max(len(label) for _kind, label, _text in legend)
    widths[LEGEND_COLUMN] = max(widths.get(LEGEND_COLUMN, 0.0), longest_label + 2.0)
    last_col = max(n_cols, LEGEND_COLUMN + 1)
    text_width = sum(widths.get(c, 8.43) for c in range(LEGEND_COLUMN + 1, last_col + 1))
    cells.append([])
    merges = []
    heights: dict[int, float] = {}
    for kind, label, text in legend:
        cells.append([None] * (LEGEND_COLUMN - 1) + [label or None, text])
        r = len(cells)
        styles.extend(_legend_styles(kind, r, last_col))
        if last_col > LEGEND_COLUMN + 1:
            merges.append(range_ref(r, LEGEND_COLUMN + 1, r, last_col))
        lines = math.ceil(len(text) / max(text_width * 1.15, 1.0))
        if lines > 1:
            heights[r] = 15.0 * lines
    version = _("computed by xl-tiebreak {version}", version=__version__)
    return SheetLayout(
        name=STANDINGS,
        cells=cells,
        styles=styles,
        widths=widths,
        heights=heights,
        fit=range_ref(top, 1, last_row, n_cols),
        freeze=cell_name(top + 1, name_col + 1),
        autofilter=range_ref(top, 1, last_row, n_cols),
        landscape=True,
        pages_tall=1 if _printed_lines(len(cells), heights) <= ONE_PAGE_ROWS else 0,
        print_titles=f"{top}:{top}",
        paper="A4",
        footer=" · ".join([_footer_name(standings), status_text(standings),
                           _("page &P of &N", "written sheet"), version]),
        merges=merges,
        mark=STANDINGS_ROLE,
    )


def _printed_lines(rows: int, heights: dict[int, float]) -> int:
    """The lines a sheet of ``rows`` rows prints, a wrapped legend row counting its lines (a
    legend of long warnings must not shrink a one-page sheet until it is unreadable)."""
    return rows + sum(max(round(h / 15.0) - 1, 0) for h in heights.values())
def _with_decided_by(standings: Standings, columns: list[Column],
                     table: list[list[object]]) -> tuple[list[Column], list[list[object]]]:
    """The columns and values with the "Decided by" column last: for each row the first item
    of the order separating it from the next row, with both values (empty on the last row)."""
    texts = [d.text() or None for d in decisions(standings)]
    header = translated(DECIDED_BY)
    rows = [[*table[0], header]] + [[*r, t] for r, t in zip(table[1:], texts, strict=True)]
    return [*columns, Column("decided", header)], rows


def _footer_name(standings: Standings) -> str:
    """The event's name for a footer (``&`` doubled: it starts a footer code)."""
    t = standings.tournament
    return (t.name or _("Standings", "written sheet")).replace("&", "&&")


def _column_format(column: Column, standings: Standings) -> str | None:
    """The number format of a standings column (None: text or the general format); in a
    team event by its scoring too (match points 2-1-0 are whole: ``10``, not ``10.0``)."""
    event = _team_event(standings)
    if column.places is not None:  # AOB: as many decimals as it is rounded to
        return fixed_format(column.places)
    if column.descriptor is not None:
        if event is not None:
            values = [row.values[column.level] for row in standings.rows]
            return team_number_format(event, column.descriptor, values)
        return number_format(column.descriptor)
    if column.field == "pts" and event is not None:
        return team_points_format(event)
    return {"place": WHOLE_FORMAT, "no": WHOLE_FORMAT, "rating": WHOLE_FORMAT,
            "pts": HALF_FORMAT}.get(column.field)


def _team_event(standings: Standings) -> TeamEvent | None:
    """The team event of team standings; None for an individual event."""
    from xl_tiebreak.standings.team_evaluation import TeamEvaluation  # only team events need it

    evaluation = standings.evaluation
    return evaluation.event if isinstance(evaluation, TeamEvaluation) else None


def severity_text(severity: Severity) -> str:
    """How bad a problem is, in words of the language in force."""
    if severity is Severity.ERROR:
        return _("error", "written sheet")
    return _("warning", "written sheet")


def problems_layout(problems: Sequence[Problem], name: str = PROBLEMS) -> SheetLayout:
    """The Problems sheet (called ``name``): every problem with its cell; nothing was
    computed. Marked with :data:`PROBLEMS_ROLE`."""
    cells: list[list[object]] = [
        [translated(PROBLEMS_TITLE)],
        [],
        [_("Where", "written sheet"), _("Problem", "written sheet"),
         _("Severity", "written sheet")],
    ]
    for p in problems:
        cells.append([p.where or "", p.message, severity_text(p.severity)])
    n = len(cells)
    heights = {r: 15.0 * math.ceil(len(str(cells[r - 1][1])) / 95) for r in range(4, n + 1)}
    return SheetLayout(
        name=name,
        cells=cells,
        styles=[
            Style("A1", bold=True, font_color=WARNING_FONT),
            Style("A3:C3", bold=True, fill=HEADER_FILL, font_color=HEADER_FONT),
            Style(f"A4:C{max(n, 4)}", wrap=True),
        ],
        widths={1: 24.0, 2: 90.0, 3: 10.0},
        heights={r: h for r, h in heights.items() if h > 15},
        fit=None,
        freeze="A4",
        autofilter=f"A3:C{n}",
        landscape=True,
        mark=PROBLEMS_ROLE,
    )
