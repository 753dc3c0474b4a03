"""The sheets xl-tiebreak writes and how it recognises them.

* ``Standings`` — the table with a legend below (:func:`standings_layout`); the templates ship
  it as a placeholder (:data:`PLACEHOLDER`);
* ``Problems`` (or ``Problems (xl-tiebreak)`` when the user has a ``Problems`` sheet) — what
  to fix when nothing could be computed (:func:`problems_layout`).

Each is marked with its role (:data:`STANDINGS_ROLE`, :data:`PROBLEMS_ROLE`) by a hidden
sheet-scoped defined name (:data:`~xl_tiebreak.excel.books.MARK_NAME`), which no rewording of
a message can orphan. :func:`sheet_kind` reads the mark; sheets written before the marks
existed are recognised by their texts (:data:`LEGACY_TEXTS`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xl_tiebreak.cells import is_blank, range_ref
from xl_tiebreak.excel.books import Book
from xl_tiebreak.excel.cells import find_sheet
from xl_tiebreak.excel.layout import (
    HEADER_FILL,
    HEADER_FONT,
    NOTE_FONT,
    PODIUM_FILLS,
    WARNING_FONT,
    SheetLayout,
    Style,
    standings_formats,
    standings_table,
)
from xl_tiebreak.excel.settings import Settings
from xl_tiebreak.model import InputError, Problem
from xl_tiebreak.numbers import fmt, from_float
from xl_tiebreak.standings import Standings

__all__ = [
    "LEGACY_TEXTS",
    "PLACEHOLDER",
    "PROBLEMS",
    "PROBLEMS_FALLBACK",
    "PROBLEMS_ROLE",
    "PROBLEMS_TITLE",
    "STANDINGS",
    "STANDINGS_NOTE",
    "STANDINGS_ROLE",
    "problems_layout",
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

STANDINGS_NOTE = "Computed by xl-tiebreak; the crosstable and settings were not changed."
"""The last legend line of a Standings sheet."""
PROBLEMS_TITLE = ("The standings were not computed: fix these problems and run again. "
                  "Any previous Standings sheet was left unchanged.")
"""Cell A1 of a Problems sheet."""
PLACEHOLDER = ("Run main on the xlwings ribbon (or: xl-tiebreak standings THIS_FILE) to write "
               "the standings here.")
"""Cell A1 of the templates' empty Standings sheet."""

LEGACY_TEXTS = {
    "problems": "The standings were not computed",
    "standings": "Computed by xl-tiebreak; the crosstable and settings were not changed.",
    "placeholder": "Run main on the xlwings ribbon (or: xl-tiebreak standings",
}
"""How sheets written by versions before the marks are recognised (for those only): a
Problems sheet by the start of its first text, a Standings sheet by its legend's last line or
the start of the templates' placeholder. These texts are frozen: the current messages above
may be reworded."""


def sheet_kind(book: Book, name: str) -> tuple[str | None, str]:
    """The sheet called ``name`` (ignoring case) and what it is: ``absent``, ``empty`` (no
    values), ``standings`` or ``problems`` (written by xl-tiebreak: it carries the mark of that
    role, or, written by an older version, its text :data:`LEGACY_TEXTS`), or ``user``
    (anything else, also a chart sheet or a sheet too large to read)."""
    actual = find_sheet(book.sheet_names(), name)
    if actual is None:
        return None, "absent"
    mark = book.sheet_mark(actual)
    if mark in (STANDINGS_ROLE, PROBLEMS_ROLE):
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


def _widths(table: list[list[object]]) -> dict[int, float]:
    widths: dict[int, float] = {}
    for col in range(len(table[0])):
        longest = max(len(_display(row[col])) for row in table)
        widths[col + 1] = float(min(max(longest + 2, 6), 40))
    return widths


def _display(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return fmt(from_float(value))
    return str(value)


def _rules_text(standings: Standings, settings: Settings) -> str:
    text = standings.rules.label
    if settings.rules.strip().lower() in ("", "auto"):
        if settings.start_date is None:
            text += " (AUTO: no start date given, the newest rules)"
        else:
            text += f" (AUTO: the rules in force on the start date {settings.start_date})"
    return text


_Line = tuple[str, str, str]
"""A legend line: (kind, label, text); kind is ``title``, ``item``, ``warning`` or ``note``."""


def _legend(standings: Standings, settings: Settings, warnings: list[Problem]) -> list[_Line]:
    """The lines below the table: title, order, each tie-break in words, rules, warnings."""
    t = standings.tournament
    scheduled = t.scheduled_rounds or t.rounds
    lines: list[_Line] = [
        ("title", "", f"{t.name or 'Standings'} — after round {standings.rounds} of {scheduled}"),
        ("item", "Order", ", ".join(["Pts", *(d.label for d in standings.descriptors)])),
    ]
    for d in standings.descriptors:
        extras = [d.article] if d.article else []
        if d.swiss_manager:
            extras.append(f"Swiss-Manager {d.swiss_manager}")
        text = f"{d.name} ({'; '.join(extras)})" if extras else d.name
        lines.append(("item", d.label, text))
    lines.append(("item", "Rules", _rules_text(standings, settings)))
    lines.append(("item", "Scoring", t.scoring.describe()))
    if settings.unrated_rating is not None:
        lines.append(
            ("item", "Unrated", f"rating {settings.unrated_rating} used for unrated players")
        )
    lines.append(("item", "Places", "players still tied after the last tie-break share a "
                                    "place; it is shown on the first row of the group"))
    lines.append(("item", "Empty", "no value: undefined, or not needed (DE decides only among "
                                   "players tied on points)"))
    lines.extend(("warning", "Warning", str(w)) for w in warnings)
    lines.append(("note", "", STANDINGS_NOTE))
    return lines


LEGEND_COLUMN = 3
"""The legend's labels stand in column C (under the names), its texts in D."""


def _legend_styles(kind: str, row: int) -> list[Style]:
    label, text = LEGEND_COLUMN, LEGEND_COLUMN + 1
    if kind == "title":
        return [Style(range_ref(row, text, row, text), bold=True)]
    if kind == "warning":
        return [Style(range_ref(row, label, row, text), font_color=WARNING_FONT),
                Style(range_ref(row, label, row, label), bold=True)]
    if kind == "note":
        return [Style(range_ref(row, text, row, text), italic=True, font_color=NOTE_FONT)]
    return [Style(range_ref(row, label, row, label), bold=True)]


def standings_layout(
    standings: Standings, settings: Settings, warnings: list[Problem]
) -> SheetLayout:
    """The Standings sheet: table with frozen header and filter, podium fills, half-point
    number formats, and a legend below."""
    table = standings_table(standings)
    n_rows, n_cols = len(table), len(table[0])
    styles = [
        Style(range_ref(1, 1, 1, n_cols), bold=True, fill=HEADER_FILL, font_color=HEADER_FONT,
              align="center"),
    ]
    for col, shown in enumerate(standings_formats(standings.descriptors), start=1):
        if shown and n_rows > 1:
            styles.append(Style(range_ref(2, col, n_rows, col), number_format=shown))
    for i, row in enumerate(standings.rows, start=2):
        fill = PODIUM_FILLS.get(row.rank)
        if fill:
            styles.append(Style(range_ref(i, 1, i, n_cols), fill=fill))
            styles.append(Style(range_ref(i, 3, i, 3), bold=True))
    if n_rows > 1:
        for col in (1, 2, 5):  # Place, No, Fed
            styles.append(Style(range_ref(2, col, n_rows, col), align="center"))
    cells: list[list[object]] = [list(r) for r in table]
    cells.append([])
    for kind, label, text in _legend(standings, settings, warnings):
        cells.append([None] * (LEGEND_COLUMN - 1) + [label or None, text])
        styles.extend(_legend_styles(kind, len(cells)))
    return SheetLayout(
        name=STANDINGS,
        cells=cells,
        styles=styles,
        widths=_widths(table),
        fit=range_ref(1, 1, n_rows, n_cols),
        freeze="D2",
        autofilter=range_ref(1, 1, n_rows, n_cols),
        landscape=True,
        mark=STANDINGS_ROLE,
    )


def problems_layout(problems: Sequence[Problem], name: str = PROBLEMS) -> SheetLayout:
    """The Problems sheet (called ``name``): every problem with its cell; nothing was
    computed. Marked with :data:`PROBLEMS_ROLE`."""
    cells: list[list[object]] = [
        [PROBLEMS_TITLE],
        [],
        ["Where", "Problem", "Severity"],
    ]
    for p in problems:
        cells.append([p.where or "", p.message, p.severity.value])
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
