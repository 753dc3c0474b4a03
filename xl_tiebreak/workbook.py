"""The standings workbook: settings, the one standings writer, and the headless command.

A tournament workbook has

* a ``Crosstable`` sheet, or a defined name ``Crosstable`` for the range (the name wins): the
  crosstable read by :func:`xl_tiebreak.crosstable.read_crosstable`;
* optionally a ``Settings`` sheet of key/value rows in columns A:B (see :data:`SETTINGS_ROWS`);
  the tie-break order is the ``Tie-breaks`` row, comma separated and/or continued one per row
  in column B below it (rows with an empty column A).

Sheet names are compared as Excel does, ignoring case.

:func:`write_standings_to` reads both through a :class:`~xl_tiebreak.book.Book`, computes the
standings and writes a ``Standings`` sheet (or, when something is wrong, a ``Problems`` sheet and
nothing else). It never changes the crosstable or the settings, and it only replaces or deletes
sheets it wrote itself (recognised by their marker text, see :func:`sheet_kind`): a sheet of the
user's called ``Standings`` is left alone and reported, and problems go to ``Problems
(xl-tiebreak)`` when the user has a ``Problems`` sheet. The classic xlwings macro, the xlwings
Lite script and the headless :func:`write_standings_file` all call it.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import datetime
import io
import math
import os
import re
import stat
import tempfile
import warnings
import zipfile
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from xl_tiebreak.book import (
    Book,
    OpenpyxlBook,
    RangeValues,
    SheetLayout,
    Style,
    find_sheet,
    range_ref,
    sheet_ref,
)
from xl_tiebreak.check import check
from xl_tiebreak.crosstable import cell_name, read_crosstable
from xl_tiebreak.descriptors import Descriptor, parse_list
from xl_tiebreak.model import InputError, Problem, Scoring, Severity, Tournament, TournamentType
from xl_tiebreak.numbers import fmt, from_float, parse_number, to_float
from xl_tiebreak.standings import Standings, compute_standings
from xl_tiebreak.unplayed import resolve_rules

__all__ = [
    "CROSSTABLE",
    "MAX_FILE_BYTES",
    "PLACEHOLDER",
    "PROBLEMS",
    "PROBLEMS_FALLBACK",
    "PROBLEMS_TITLE",
    "SETTINGS",
    "SETTINGS_ROWS",
    "STANDINGS",
    "STANDINGS_NOTE",
    "ProblemsWritten",
    "Settings",
    "WriteResult",
    "build_demo",
    "build_templates",
    "cell_errors",
    "date_hints",
    "excel_error",
    "read_book_tournament",
    "read_settings",
    "read_workbook_tournament",
    "sheet_kind",
    "standings_table",
    "write_csv",
    "write_problems_to",
    "write_standings_file",
    "write_standings_to",
    "write_text_file",
]

CROSSTABLE = "Crosstable"
SETTINGS = "Settings"
STANDINGS = "Standings"
PROBLEMS = "Problems"
PROBLEMS_FALLBACK = "Problems (xl-tiebreak)"
"""Where problems go when the user has a sheet of their own called ``Problems``."""

STANDINGS_NOTE = "Computed by xl-tiebreak; the crosstable and settings were not changed."
"""The last legend line of a Standings sheet: the marker of a sheet xl-tiebreak wrote."""
PROBLEMS_TITLE = ("The standings were not computed: fix these problems and run again. "
                  "Any previous Standings sheet was left unchanged.")
"""Cell A1 of a Problems sheet (its start is the marker of a Problems sheet we wrote)."""
_PROBLEMS_MARK = "The standings were not computed"
PLACEHOLDER = ("Run main on the xlwings ribbon (or: xl-tiebreak standings THIS_FILE) to write "
               "the standings here.")
"""Cell A1 of the templates' empty Standings sheet (also a marker)."""
_PLACEHOLDER_MARK = "Run main on the xlwings ribbon (or: xl-tiebreak standings"

MAX_FILE_BYTES = 50 * 1024 * 1024
"""Largest workbook file accepted by the headless command."""
MAX_UNZIPPED_BYTES = 50 * 1024 * 1024
"""Largest total uncompressed size of a workbook's parts (refuses zip bombs and workbooks too
large to load in reasonable time and memory)."""
SETTINGS_MAX_ROWS = 1000
"""Rows of the Settings sheet that are read (columns A:B only)."""

HALF_FORMAT = "0.0#"
"""Number format of points and sum tie-breaks: 4.0, 4.5, 17.75 (exact for halves and quarters)."""
WHOLE_FORMAT = "0"
"""Number format of counts, places and ratings."""
_WHOLE_CODES = frozenset(
    {"WIN", "WON", "BPG", "BWG", "REP", "DE", "TPN", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}
)

HEADER_FILL = "#1F4E78"
HEADER_FONT = "#FFFFFF"
PODIUM_FILLS = {1: "#FFE699", 2: "#E7E6E6", 3: "#F8CBAD"}
"""Fills of the first three places (gold, silver, bronze)."""
WARNING_FONT = "#9C0006"
NOTE_FONT = "#595959"

STANDINGS_HEADER = ("Place", "No", "Name", "Rating", "Fed", "Pts")
"""The fixed first columns of the Standings sheet; one column per tie-break follows."""


# ====================================================================== settings

SETTINGS_ROWS: tuple[tuple[str, str, str], ...] = (
    ("Tournament name", "name", "Shown with the standings"),
    ("Tournament type", "type", "Swiss or Round robin (empty: from the crosstable layout)"),
    ("Rules", "rules",
     "AUTO (the rules in force on the start date), FIDE2026, FIDE2023, FIDE2009 or USCF"),
    ("Start date", "start_date", "Date of round 1; with Rules = AUTO it picks the rule set"),
    ("Rounds scheduled", "scheduled_rounds", "Number of rounds of the event"),
    ("Standings after round", "after_round", "Empty: after the last round in the crosstable"),
    (
        "Rating for unrated players",
        "unrated_rating",
        "Used by ARO, TPR, PTP, APRO, APPO; empty: they are skipped if a player is unrated",
    ),
    ("Points for a win", "win", "Also the default for forfeit wins and full-point byes"),
    ("Points for a draw", "draw", "Also the default for half-point byes"),
    ("Points for a loss", "loss", ""),
    ("Points for a forfeit win", "forfeit_win", "Empty: as a win"),
    ("Points for a forfeit loss", "forfeit_loss", ""),
    ("Points for a pairing-allocated bye (PAB)", "pab", "Empty: as a win"),
    ("Points for a full-point bye (FPB)", "fpb", "Empty: as a win"),
    ("Points for a half-point bye (HPB)", "hpb", "Empty: as a draw"),
    ("Points for a zero-point bye (ZPB)", "zpb", "Absence, round after withdrawal"),
    (
        "Tie-breaks (in order)",
        "tiebreaks",
        "One per row below (or comma separated); e.g. BH/C1, BH, SB, DE, WIN",
    ),
)
"""The Settings sheet's rows: label in column A, field, and a hint for column C."""

_ALIASES = {
    "tournament": "name",
    "event": "name",
    "name": "name",
    "type": "type",
    "ruleset": "rules",
    "date": "start_date",
    "rounds": "scheduled_rounds",
    "scheduledrounds": "scheduled_rounds",
    "numberofrounds": "scheduled_rounds",
    "afterround": "after_round",
    "unratedrating": "unrated_rating",
    "ratingforunrated": "unrated_rating",
    "tiebreak": "tiebreaks",
    "tiebreakorder": "tiebreaks",
    "tiebreaks": "tiebreaks",
    "win": "win",
    "draw": "draw",
    "loss": "loss",
    "forfeitwin": "forfeit_win",
    "forfeitloss": "forfeit_loss",
    "pab": "pab",
    "fpb": "fpb",
    "hpb": "hpb",
    "zpb": "zpb",
    "bye": "pab",
}
_POINT_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb")


def _key(text: object) -> str:
    """A settings label compared loosely: ``Points for a win`` → ``win``,
    ``Tie-breaks (in order)`` → ``tiebreaks``."""
    s = re.sub(r"\(.*?\)", "", str(text)).lower()
    s = re.sub(r"[^a-z0-9]", "", s)
    for prefix in ("pointsforan", "pointsfora", "pointsfor", "pointsa", "points"):
        if s.startswith(prefix) and len(s) > len(prefix):
            return s[len(prefix):]
    return s


_FIELDS: dict[str, str] = {_key(label): field for label, field, _ in SETTINGS_ROWS}
_FIELDS.update({"pairingallocatedbye": "pab", "fullpointbye": "fpb", "halfpointbye": "hpb",
                "zeropointbye": "zpb"})
_FIELDS.update(_ALIASES)


@dataclasses.dataclass
class Settings:
    """What the Settings sheet says; every field has a default (an absent sheet is fine)."""

    name: str = ""
    tiebreaks: list[str] = dataclasses.field(default_factory=list)
    """Tie-break descriptors in order; empty: the engine's default list."""
    rules: str = "AUTO"
    tournament_type: TournamentType | None = None
    """None: from the crosstable's layout (a grid is a round robin)."""
    scheduled_rounds: int | None = None
    start_date: datetime.date | None = None
    after_round: int | None = None
    """None: after the last round in the crosstable."""
    unrated_rating: int | None = None
    scoring: Scoring = dataclasses.field(default_factory=Scoring)
    where: dict[str, str] = dataclasses.field(default_factory=dict)
    """The cell each field came from (``Settings!B4``), for messages."""
    warnings: list[Problem] = dataclasses.field(default_factory=list)
    """Warnings found while reading the workbook (filled by :func:`read_workbook_tournament`):
    unknown settings, cells just outside the crosstable's named range."""


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _shown(value: object) -> str:
    if isinstance(value, datetime.datetime):
        text = value.date().isoformat() if value.time() == datetime.time() else (
            value.isoformat(sep=" "))
    else:
        text = str(value).strip()
    return f"'{text[:40]}…'" if len(text) > 40 else f"'{text}'"


_ERROR_VALUE = re.compile(r"#N/A|#[A-Z][A-Z0-9/_]*[!?]")
"""The texts Excel shows for error values (#N/A, #DIV/0!, #VALUE!, #REF!, #NAME?, #SPILL!…);
xlwings hands them over as such texts with ``err_to_str=True``, openpyxl always."""


def excel_error(value: object) -> str | None:
    """The Excel error a cell shows (``#N/A``), None for any other value."""
    if isinstance(value, str) and value[:1] == "#":
        text = value.strip()
        if _ERROR_VALUE.fullmatch(text):
            return text
    return None


def cell_errors(values: Sequence[Sequence[object]], where: Callable[[int, int], str]
                ) -> list[Problem]:
    """An error for every cell of a 2-D range that shows an Excel error value (``#N/A``),
    named by ``where(row, col)`` (0-based positions in the range)."""
    problems: list[Problem] = []
    for i, row in enumerate(values):
        if not isinstance(row, (list, tuple)):
            continue
        for j, value in enumerate(row):
            code = excel_error(value)
            if code is not None:
                problems.append(Problem(
                    Severity.ERROR,
                    f"the cell shows the Excel error {code}: correct its formula (or the cells "
                    "it uses), or type the value",
                    where(i, j),
                ))
    return problems


_ISO_IN_MESSAGE = re.compile(r"'(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?'")
_DATE_HINT = ("; the cell holds a date (Excel turns some typed numbers and results, such as "
              "1/2 or 3.5 in some languages, into dates): format it as Text or Number and type "
              "it again")


def date_hints(problems: Sequence[Problem]) -> list[Problem]:
    """The problems with cells holding dates shown as ISO dates, with a hint how it happened."""
    out = []
    for p in problems:
        m = _ISO_IN_MESSAGE.search(p.message)
        if m is None:
            out.append(p)
            continue
        shown = m.group(1) if m.group(2) == "00:00:00" else f"{m.group(1)} {m.group(2)}"
        message = p.message[: m.start()] + f"the date {shown}" + p.message[m.end():]
        out.append(dataclasses.replace(p, message=message + _DATE_HINT))
    return out


def _whole(value: object, low: int, high: int) -> int:
    """A whole number from a cell (``7``, ``7.0``, ``"7"``). Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, str):
        value = parse_number(value)
    if isinstance(value, float):
        value = from_float(value)
    if (
        isinstance(value, (int, Fraction))
        and Fraction(value).denominator == 1
        and low <= int(value) <= high
    ):
        return int(value)
    raise ValueError


def _points(value: object) -> Fraction:
    """Points from a cell: ``1``, ``0.5``, ``½``, ``1/2``. Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        result = from_float(value)
    elif isinstance(value, str):
        result = parse_number(value)
    else:
        raise ValueError
    if not 0 <= result <= 100:
        raise ValueError
    return result


_EXCEL_EPOCH = datetime.date(1899, 12, 30)


def _date(value: object) -> datetime.date:
    """A date cell, an ISO date text (2026-04-11), a day.month.year text or an Excel serial."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 1 <= value < 2_958_466:
        return _EXCEL_EPOCH + datetime.timedelta(days=int(value))
    text = str(value).strip()
    with contextlib.suppress(ValueError):
        return datetime.date.fromisoformat(text[:10])
    m = re.fullmatch(r"(\d{1,2})[./](\d{1,2})[./](\d{4})", text)
    if m:
        return datetime.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    raise ValueError


def _type(value: object) -> TournamentType:
    key = re.sub(r"[^a-z]", "", str(value).lower())
    if key in ("swiss", "swisssystem", "open"):
        return TournamentType.SWISS
    if key in ("roundrobin", "rr", "predetermined", "allplayall", "berger", "scheveningen"):
        return TournamentType.PREDETERMINED
    raise ValueError


def _apply(settings: Settings, field: str, value: object) -> None:
    """Store one setting; raises ValueError (InputError for tie-breaks) when not valid."""
    if field == "name":
        settings.name = str(value).strip()
    elif field == "type":
        settings.tournament_type = _type(value)
    elif field == "rules":
        text = str(value).strip()
        resolve_rules(text)  # InputError when unknown
        settings.rules = text
    elif field == "start_date":
        settings.start_date = _date(value)
    elif field == "scheduled_rounds":
        settings.scheduled_rounds = _whole(value, 1, 999)
    elif field == "after_round":
        settings.after_round = _whole(value, 0, 999)
    elif field == "unrated_rating":
        settings.unrated_rating = _whole(value, 0, 4000)
    elif field == "tiebreaks":
        items = [t.strip() for t in str(value).split(",") if t.strip()]
        parse_list(items)  # InputError when a descriptor is not valid
        settings.tiebreaks.extend(items)
    elif field in _POINT_FIELDS:
        changes: dict[str, Any] = {field: _points(value)}
        settings.scoring = dataclasses.replace(settings.scoring, **changes)


_HINTS = {
    "type": "expected Swiss or Round robin",
    "start_date": "expected a date such as 2026-04-11",
    "scheduled_rounds": "expected a whole number of rounds",
    "after_round": "expected a round number",
    "unrated_rating": "expected a whole number such as 1400",
}


def read_settings(book: Book) -> tuple[Settings, list[Problem]]:
    """The Settings sheet (defaults when there is none) and every problem in it.

    Errors name their cell (``Settings!B5``); an unknown label is a warning.
    """
    settings = Settings()
    try:
        sheet = book.read_sheet(SETTINGS, max_cols=2, max_rows=SETTINGS_MAX_ROWS)
    except InputError as error:
        return settings, list(error.problems)
    if sheet is None:
        return settings, []
    problems: list[Problem] = []
    if sheet.clipped:
        problems.append(Problem(
            Severity.WARNING,
            f"only the first {SETTINGS_MAX_ROWS} rows of the Settings sheet are read",
            _where(sheet, SETTINGS_MAX_ROWS, 0),
        ))
    field: str | None = None
    for i, row in enumerate(sheet.values):
        label = row[0] if row else None
        value = row[1] if len(row) > 1 else None
        where = _where(sheet, i, 1)
        code = excel_error(value)
        if code is not None:
            if not _blank(label):
                field = _FIELDS.get(_key(label))
            if not _blank(label) or field == "tiebreaks":
                problems.append(Problem(
                    Severity.ERROR,
                    f"the cell shows the Excel error {code}: correct its formula or type the "
                    "value",
                    where,
                ))
            continue
        if _blank(label):
            if field == "tiebreaks" and not _blank(value):
                _store(settings, field, value, where, problems)
            continue
        field = _FIELDS.get(_key(label))
        if field is None:
            if i > 0 or _key(label) not in ("setting", "settings", "key"):
                problems.append(
                    Problem(Severity.WARNING, f"unknown setting {_shown(label)} ignored",
                            _where(sheet, i, 0))
                )
            continue
        if not _blank(value):
            _store(settings, field, value, where, problems)
    return settings, problems


def _where(sheet: RangeValues, row: int, col: int) -> str:
    return sheet_ref(sheet.sheet, cell_name(sheet.origin[0] + row, sheet.origin[1] + col))


def _store(
    settings: Settings, field: str, value: object, where: str, problems: list[Problem]
) -> None:
    try:
        _apply(settings, field, value)
    except InputError as error:
        problems.extend(Problem(Severity.ERROR, p.message, where) for p in error.problems)
    except (ValueError, ArithmeticError):
        hint = _HINTS.get(field, "expected points such as 1, 0.5 or ½")
        if isinstance(value, datetime.date):
            hint += "; the cell holds a date: format it as Number or Text and type it again"
        problems.append(Problem(Severity.ERROR, f"cannot read {_shown(value)}: {hint}", where))
    else:
        settings.where.setdefault(field, where)


# ====================================================================== reading the tournament


def read_book_tournament(
    book: Book, settings: Settings, warnings: list[Problem] | None = None
) -> Tournament:
    """The tournament of a book's crosstable (defined name ``Crosstable``, else the sheet) with
    the settings applied. Raises InputError naming every cell that cannot be read (also cells
    showing Excel errors such as ``#N/A``). Non-empty cells just outside the named range are
    added to ``warnings`` (when given)."""
    found = book.read_name(CROSSTABLE) or book.read_sheet(CROSSTABLE)
    if found is None:
        raise InputError(
            f"no crosstable: add a sheet named '{CROSSTABLE}' (header row first: No, Name, "
            f"Rating, Fed, R1, R2, …) or define the name '{CROSSTABLE}' for its range"
        )
    problems = [
        Problem(
            Severity.ERROR,
            "formula without a computed value (the file was not saved by Excel): "
            "open and save it in Excel, or type the value",
            _where(found, r, c),
        )
        for r, c in found.uncomputed
    ]
    problems += cell_errors(found.values, lambda r, c: _where(found, r, c))
    if problems:
        raise InputError(problems)
    if found.outside and warnings is not None:
        r1, c1 = found.origin
        height = len(found.values)
        width = max((len(row) for row in found.values), default=0)
        named = sheet_ref(found.sheet, range_ref(r1, c1, r1 + height - 1, c1 + width - 1))
        warnings.append(Problem(
            Severity.WARNING,
            f"not read: {', '.join(found.outside)} {'is' if len(found.outside) == 1 else 'are'}"
            f" just outside the range of the name '{CROSSTABLE}' (used part: {named}); "
            "widen the name's range (Formulas > Name Manager) if they belong to the crosstable",
            sheet_ref(found.sheet, found.outside[0]),
        ))
    try:
        tournament = read_crosstable(
            found.values,
            sheet=found.sheet,
            origin=found.origin,
            scoring=settings.scoring,
            tournament_type=settings.tournament_type,
            start_date=settings.start_date,
            scheduled_rounds=settings.scheduled_rounds,
            name=settings.name,
        )
    except InputError as error:
        raise InputError(date_hints(error.problems)) from error
    tournament.tiebreaks = list(settings.tiebreaks)
    return tournament


def _compute(book: Book) -> tuple[Settings, Standings, list[Problem]]:
    """Settings, standings and warnings of a book. Raises InputError with every problem of the
    settings and of the crosstable together."""
    settings, problems = read_settings(book)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    try:
        tournament = read_book_tournament(book, settings, problems)
    except InputError as error:
        raise InputError(errors + list(error.problems)) from error
    if errors:
        found = check(tournament)
        raise InputError(errors + [p for p in found if p.severity is Severity.ERROR])
    standings = compute_standings(
        tournament,
        settings.tiebreaks or None,
        settings.rules,
        settings.after_round,
        settings.unrated_rating,
    )
    return settings, standings, problems + standings.warnings


# ====================================================================== layouts


def number_format(d: Descriptor) -> str:
    """How a tie-break's values are shown: whole numbers (counts, places, ratings) or points."""
    return WHOLE_FORMAT if d.code in _WHOLE_CODES else HALF_FORMAT


def standings_table(standings: Standings, *, every_place: bool = False) -> list[list[object]]:
    """The standings as rows of values, header first: Place, No, Name, Rating, Fed, Pts, then
    one column per tie-break (headed by its label). Numbers are floats, undefined values None.

    A shared place is shown on the first row of its group only, unless ``every_place``.
    """
    table: list[list[object]] = [[*STANDINGS_HEADER, *(d.label for d in standings.descriptors)]]
    previous = None
    for row in standings.rows:
        p = row.participant
        show = every_place or row.rank != previous
        previous = row.rank
        table.append(
            [
                float(row.rank) if show else None,
                float(p.start_no),
                p.name,
                None if p.rating is None else float(p.rating),
                p.federation or None,
                float(row.points),
                *(to_float(v) for v in row.values),
            ]
        )
    return table


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
    formats = [WHOLE_FORMAT, WHOLE_FORMAT, None, WHOLE_FORMAT, None, HALF_FORMAT]
    formats += [number_format(d) for d in standings.descriptors]
    for col, shown in enumerate(formats, start=1):
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
    )


def problems_layout(problems: Sequence[Problem], name: str = PROBLEMS) -> SheetLayout:
    """The Problems sheet (called ``name``): every problem with its cell; nothing was
    computed. Cell A1 is the marker :data:`PROBLEMS_TITLE`."""
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
    )


# ====================================================================== the writer


@dataclasses.dataclass
class WriteResult:
    """What the writer did.

    ``ok``: True when the Standings sheet was written; False when the Problems sheet was
    written instead (``problems`` are then the errors, else the warnings).
    """

    ok: bool
    sheet: str
    problems: list[Problem]
    standings: Standings | None = None
    settings: Settings | None = None
    table: list[list[object]] = dataclasses.field(default_factory=list)
    """The standings table (header first, every row with its place), for CSV."""
    path: Path | None = None
    """The workbook written by :func:`write_standings_file`."""

    @property
    def message(self) -> str:
        """One line for people: what was written, or how many problems."""
        if self.ok and self.standings is not None:
            n = len(self.standings.rows)
            extra = f", {len(self.problems)} warning(s)" if self.problems else ""
            return f"Standings of {n} players written to the '{self.sheet}' sheet{extra}."
        if not self.sheet:
            return (f"{len(self.problems)} problem(s); the standings were not written "
                    "(no sheet for them could be added: your sheets hold the names "
                    f"'{PROBLEMS}' and '{PROBLEMS_FALLBACK}').")
        return (f"{len(self.problems)} problem(s): see the '{self.sheet}' sheet; "
                "the standings were not written.")

    def __str__(self) -> str:
        """The message, then one line per warning (what a command prints)."""
        lines = [self.message]
        if self.path is not None:
            lines[0] += f" ({self.path})"
        if self.ok:
            lines.extend(f"warning: {p}" for p in self.problems)
        return "\n".join(lines)


def _anchor(book: Book) -> str | None:
    names = book.sheet_names()
    for name in (SETTINGS, CROSSTABLE):
        found = find_sheet(names, name)
        if found is not None:
            return found
    return None


def sheet_kind(book: Book, name: str) -> tuple[str | None, str]:
    """The sheet called ``name`` (ignoring case) and what it is: ``absent``, ``empty`` (no
    values), ``standings`` or ``problems`` (written by xl-tiebreak: it carries the marker
    :data:`STANDINGS_NOTE`, :data:`PLACEHOLDER` or :data:`PROBLEMS_TITLE`), or ``user``
    (anything else, also a chart sheet or a sheet too large to read)."""
    actual = find_sheet(book.sheet_names(), name)
    if actual is None:
        return None, "absent"
    try:
        found = book.read_sheet(actual)
    except InputError:
        return actual, "user"
    if found is None:
        return actual, "user"
    texts = [v.strip() for row in found.values for v in row if isinstance(v, str)]
    if any(t.startswith(_PROBLEMS_MARK) for t in texts[:1]):
        return actual, "problems"
    if any(t == STANDINGS_NOTE or t.startswith(_PLACEHOLDER_MARK) for t in texts):
        return actual, "standings"
    if all(_blank(v) for row in found.values for v in row):
        return actual, "empty"
    return actual, "user"


_PROBLEMS_NAMES = (PROBLEMS, PROBLEMS_FALLBACK, *(f"Problems (xl-tiebreak {i})" for i in
                                                   range(2, 6)))
"""Sheets the Problems list may go to, in order of preference."""


def _problems_sheets(book: Book) -> Iterator[tuple[str, str]]:
    """(name, kind) of each candidate Problems sheet."""
    for candidate in _PROBLEMS_NAMES:
        actual, kind = sheet_kind(book, candidate)
        yield actual or candidate, kind


def write_problems_to(book: Book, problems: Sequence[Problem]) -> WriteResult:
    """Write the Problems sheet (never over a sheet of the user's: ``Problems (xl-tiebreak)``
    when ``Problems`` is theirs) and activate it. Returns the failed :class:`WriteResult`."""
    target = next((name for name, kind in _problems_sheets(book)
                   if kind in ("absent", "problems")), None)
    if target is not None:
        book.write_sheet(problems_layout(problems, target), after=_anchor(book))
        book.activate(target)
    return WriteResult(False, target or "", list(problems))


def _standings_conflict(book: Book) -> tuple[str, list[Problem]]:
    """The Standings sheet to write, and the error when a sheet of the user's holds the
    name."""
    actual, kind = sheet_kind(book, STANDINGS)
    if kind == "user":
        assert actual is not None
        return actual, [Problem(
            Severity.ERROR,
            f"the sheet '{actual}' was not written by xl-tiebreak (it lacks the line "
            f"'{STANDINGS_NOTE}'), so it is left as it is: rename or delete it, then run "
            f"again to get a new '{STANDINGS}' sheet",
            sheet_ref(actual),
        )]
    return actual or STANDINGS, []


def write_standings_to(book: Book) -> WriteResult:
    """Compute the standings of ``book`` and write its Standings sheet.

    On success the Standings sheet is replaced (or added after Settings / Crosstable), stale
    Problems sheets written by xl-tiebreak are removed and Standings is activated. When the
    settings or the crosstable have errors, a Problems sheet lists every one with its cell, any
    previous Standings sheet is left as it was, and Problems is activated. The crosstable and
    settings are never changed, nor any sheet xl-tiebreak did not write: a sheet of the user's
    named Standings (in any case) is an error. Never raises InputError: problems end up in the
    result and on the Problems sheet.
    """
    target, conflict = _standings_conflict(book)
    try:
        settings, standings, warnings = _compute(book)
    except InputError as error:
        return write_problems_to(book, conflict + list(error.problems))
    if conflict:
        return write_problems_to(book, conflict)
    layout = dataclasses.replace(standings_layout(standings, settings, warnings), name=target)
    book.write_sheet(layout, after=_anchor(book))
    for name, kind in list(_problems_sheets(book)):
        if kind == "problems":
            book.remove_sheet(name)
    book.activate(target)
    table = standings_table(standings, every_place=True)
    return WriteResult(True, target, warnings, standings, settings, table)


# ====================================================================== headless files

_MACRO_SUFFIXES = (".xlsm", ".xltm")
_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")
_OUTPUT_SUFFIXES = (".xlsx", ".xlsm")
_SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm", ".xls", ".xlsb", ".xlt", ".ods",
                         ".fods", ".numbers")


class ProblemsWritten(InputError):
    """Raised by :func:`write_standings_file` when the crosstable or settings have errors:
    the workbook ``path`` was written with the problems on its sheet ``sheet`` (empty when no
    sheet could be added); ``warnings`` are about the file (parts openpyxl could not keep)."""

    def __init__(self, problems: list[Problem], sheet: str, path: Path,
                 warnings: Sequence[Problem] = ()) -> None:
        super().__init__(problems)
        self.sheet = sheet
        self.path = path
        self.warnings = list(warnings)


def _check_file(path: Path) -> None:
    """Refuse what is not a workbook of a sane size before openpyxl parses it."""
    if path.suffix.lower() not in _SUFFIXES:
        raise InputError(f"{path.name}: expected an .xlsx or .xlsm workbook")
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"{path.name} is {size / 1024 / 1024:.0f} MB; workbooks up to "
            f"{MAX_FILE_BYTES // 1024 // 1024} MB are accepted"
        )
    try:
        with zipfile.ZipFile(path) as archive:
            unzipped = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError) as exc:
        raise InputError(f"{path.name} is not an Excel workbook (.xlsx/.xlsm)") from exc
    if unzipped > MAX_UNZIPPED_BYTES:
        raise InputError(f"{path.name} unpacks to more than "
                         f"{MAX_UNZIPPED_BYTES // 1024 // 1024} MB; refused")


def _load(
    path: Path,
    keep_vba: bool,
    data_only: bool = False,
    read_only: bool = False,
    notes: list[str] | None = None,
) -> Any:
    """openpyxl load (which parses XML through defusedxml when it is installed). openpyxl's
    warnings (e.g. about parts it drops) are caught, never printed, and added to ``notes``."""
    import openpyxl

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            workbook = openpyxl.load_workbook(
                path, keep_vba=keep_vba, data_only=data_only, read_only=read_only
            )
    except InputError:
        raise
    except Exception as exc:  # corrupt parts, forbidden XML entities, …
        root = _root_cause(exc)
        raise InputError(f"{path.name}: cannot open the workbook ({type(root).__name__}: "
                         f"{str(root).splitlines()[0] if str(root) else ''})") from exc
    if notes is not None:
        notes.extend(str(w.message) for w in caught)
    return workbook


def _values_view(path: Path) -> Callable[[], Any]:
    """A function loading the values Excel saved (streaming, read-only): called only when a
    range read has formula cells, and then only the sheets read are parsed."""
    return lambda: _load(path, False, data_only=True, read_only=True)


def _root_cause(exc: BaseException) -> BaseException:
    """The innermost exception (openpyxl wraps the XML parser's own, e.g. EntitiesForbidden)."""
    seen = {id(exc)}
    while (inner := exc.__cause__ or exc.__context__) is not None and id(inner) not in seen:
        seen.add(id(inner))
        exc = inner
    return exc


_LOST_FOLDERS = (
    ("xl/charts/", "charts"),
    ("xl/media/", "images"),
    ("xl/slicers/", "slicers"),
    ("xl/slicerCaches/", "slicers"),
    ("xl/timelines/", "timelines"),
    ("xl/timelineCaches/", "timelines"),
    ("xl/threadedComments/", "threaded comments"),
    ("xl/ctrlProps/", "form controls (buttons, check boxes)"),
    ("xl/activeX/", "ActiveX controls"),
    ("xl/richData/", "pictures in cells"),
    ("xl/model/", "a data model (Power Pivot)"),
    ("xl/queryTables/", "query tables"),
    ("xl/connections.xml", "data connections"),
    ("customXml/", "custom XML data"),
)
"""Parts of a workbook that openpyxl does not write back, by folder, and what they are."""

_EXTENSIONS = {
    "{78C0D931-6437-407D-A8EE-F0AAD7539E65}": "conditional formats such as data bars and icon "
                                              "sets (Excel 2010 extensions)",
    "{B025F937-C7B1-47D3-B67F-A62EFF666E3E}": "conditional formats such as data bars and icon "
                                              "sets (Excel 2010 extensions)",
    "{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}": "drop-down lists that refer to other sheets "
                                              "(data validation extensions)",
    "{05C60535-1F16-4FD2-B633-F4F36F0B64E0}": "sparklines",
    "{A8765BA9-456A-4DAB-B4F3-ACF838C121DE}": "slicers",
    "{3A4CF648-6AED-40F4-86FF-DC5316D8AED3}": "slicers",
    "{7E03D99C-DC04-49D9-9315-930204A7B6E9}": "timelines",
    "{FC87AEE6-9EDD-4A0A-B7FB-166176984837}": "protected ranges",
    "{01252117-D84E-4E92-8308-4BE1C098FCBB}": "ignored-error settings",
    "{F7C9EE02-42E1-4005-9D12-6889AFFD525C}": "add-in (web extension) data",
}
"""Worksheet extensions (``<extLst><ext uri=…>``) by URI, and what they are; openpyxl drops
every worksheet extension."""
_EXT_URI = re.compile(rb"<(?:[A-Za-z0-9_]+:)?ext\b[^>]*?\buri=\"(\{[^\"]{1,64}\})\"")
_SCAN_CHUNK = 1 << 20


def _sheet_extensions(archive: zipfile.ZipFile, name: str) -> set[str]:
    """The extension URIs (upper case) used in one worksheet part, read in chunks."""
    found: set[str] = set()
    tail = b""
    with archive.open(name) as part:
        while chunk := part.read(_SCAN_CHUNK):
            data = tail + chunk
            found.update(m.group(1).decode("ascii", "replace").upper()
                         for m in _EXT_URI.finditer(data))
            tail = data[-256:]
    return found


def _lost_parts(path: Path) -> list[str]:
    """What openpyxl drops on a round trip: charts, images, shapes, slicers, form controls…
    (by the parts in the file) and worksheet extensions such as cross-sheet drop-down lists,
    data bars and sparklines (by the ``<extLst>`` of each worksheet)."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        lost: list[str] = []
        for folder, what in _LOST_FOLDERS:
            if what not in lost and any(n.startswith(folder) for n in names):
                lost.append(what)
        if any(re.fullmatch(r"xl/drawings/drawing\d+\.xml", n) for n in names):
            lost.append("shapes/drawings")
        for name in names:
            if re.fullmatch(r"xl/worksheets/[^/]+\.xml", name):
                for uri in sorted(_sheet_extensions(archive, name)):
                    what = _EXTENSIONS.get(uri, "Excel extensions (extLst)")
                    if what not in lost:
                        lost.append(what)
    return lost


_DROPPED = re.compile(r"removed|dropped|discarded|ignored|lost|unable to read|cannot be read",
                      re.IGNORECASE)


def _dropped(notes: Sequence[str], lost: list[str]) -> list[str]:
    """openpyxl's load warnings about what it drops, said for people, without repeating what
    :func:`_lost_parts` found."""
    out: list[str] = []
    for note in notes:
        if not _DROPPED.search(note):
            continue
        m = re.match(r"(.+?) extension is not supported", note)
        if m:
            if any("extension" in item or item in ("sparklines", "slicers", "timelines")
                   for item in lost):
                continue
            what = f"{m.group(1)} extensions (extLst)"
        elif note.startswith("DrawingML support is incomplete"):
            if "shapes/drawings" in lost:
                continue
            what = "shapes/drawings"
        else:
            what = note.strip().rstrip(".")
        if what not in lost and what not in out:
            out.append(what)
    return out


_RECOMPUTED = ("Formulas are kept; their last computed values are not stored, and Excel "
               "recomputes them when the file is opened.")


def _same_file(a: Path, b: Path) -> bool:
    """True when two paths name the same file (links and ``..`` resolved; an existing file
    compared by identity, which also catches other spellings on case-insensitive disks)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _read_only(target: Path) -> bool:
    """True when an existing file is write-protected (no write permission, or no write bit at
    all: the read-only attribute, or chmod 444 even for an administrator)."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return False
    return not os.access(target, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _check_target(target: Path) -> None:
    """Refuse before anything is written: a missing or read-only folder, a folder, a read-only
    file."""
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {target}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {target}: the folder {folder} is not writable")
    if target.is_dir():
        raise InputError(f"cannot write {target}: it is a folder")
    if target.exists() and _read_only(target):
        raise InputError(f"{target} is read-only (write-protected): it was not changed; "
                         "remove the protection or write to another file")


def _fsync(path: Path) -> None:
    with open(path, "rb+") as handle:
        os.fsync(handle.fileno())


def _atomic_write(target: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary file in the target's folder, flushed to disk, then rename over
    the target (which keeps its permissions). A read-only target is refused (InputError):
    renaming would ignore its protection."""
    target = Path(os.path.realpath(target))
    exists = target.exists()
    if exists and _read_only(target):
        raise InputError(f"{target} is read-only (write-protected): it was not changed; "
                         "remove the protection or write to another file")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix,
                                    dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        _fsync(tmp)
        if exists:
            with contextlib.suppress(OSError):
                os.chmod(tmp, stat.S_IMODE(target.stat().st_mode))
        else:
            with contextlib.suppress(OSError):
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
        with contextlib.suppress(OSError, AttributeError):
            folder = os.open(target.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def save_workbook(workbook: Any, target: Path) -> None:
    """Save an openpyxl workbook atomically (temp file in the same folder, flushed, renamed).
    Raises InputError when it cannot be written (also when the target is read-only)."""
    def save(path: Path) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            workbook.save(path)

    try:
        _atomic_write(target, save)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc


def write_text_file(target: Path, text: str) -> None:
    """Write a UTF-8 text file atomically; InputError when it cannot be written."""
    data = text.encode("utf-8")
    try:
        _atomic_write(target, lambda tmp: tmp.write_bytes(data))
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc


_INJECTION = ("=", "+", "-", "@", "\t", "\r")


def _csv_cell(value: object) -> str:
    """A CSV field: numbers as plain decimals, text that a spreadsheet would run as a formula
    prefixed with a single quote."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float, Fraction)):
        return fmt(from_float(value) if isinstance(value, float) else value)
    text = str(value)
    return "'" + text if text.startswith(_INJECTION) else text


def write_csv(path: str | os.PathLike[str], table: Sequence[Sequence[object]]) -> Path:
    """Write a table (header first) as UTF-8 CSV with a BOM (Excel reads it right), atomically.

    Text cells starting with ``= + - @``, tab or CR get a leading ``'`` (formula injection);
    numbers are written as numbers, so a negative number stays ``-1``.
    """
    target = Path(path)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in table:
        writer.writerow([_csv_cell(v) for v in row])
    data = buffer.getvalue().encode("utf-8-sig")
    try:
        _atomic_write(target, lambda tmp: tmp.write_bytes(data))
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc
    return target.resolve()


def _output_path(source: Path, out: str | os.PathLike[str] | None) -> tuple[Path, bool]:
    """The output path and whether to keep the VBA project."""
    target = source if out is None else Path(out)
    if target.suffix.lower() not in _OUTPUT_SUFFIXES:
        if out is None:
            raise InputError(f"{source.name}: a template ({source.suffix}) is not written in "
                             "place; give an .xlsx or .xlsm output file (-o)")
        raise InputError(f"{target.name}: the output must be an .xlsx or .xlsm workbook")
    source_vba = source.suffix.lower() in _MACRO_SUFFIXES
    target_vba = target.suffix.lower() in _MACRO_SUFFIXES
    if target_vba and not source_vba:
        raise InputError(
            f"{target.name}: an .xlsx workbook has no macros; write the output as .xlsx"
        )
    return target, source_vba and target_vba


def _csv_path(
    csv_out: str | os.PathLike[str] | None, source: Path, target: Path
) -> Path | None:
    """The CSV path, refused when it would overwrite a workbook (the input or the output, by
    any spelling or link, or any file named like a workbook)."""
    if csv_out is None:
        return None
    path = Path(csv_out)
    if _same_file(path, source) or _same_file(path, target):
        raise InputError(f"{path}: the CSV file would overwrite the workbook; "
                         "give the CSV file another name")
    if path.suffix.lower() in _SPREADSHEET_SUFFIXES:
        raise InputError(f"{path}: the CSV file must not be named like a workbook "
                         f"({path.suffix}); use a .csv name")
    _check_target(path)
    return path


def write_standings_file(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str] | None = None,
    csv_out: str | os.PathLike[str] | None = None,
) -> WriteResult:
    """Do what the macro does, without Excel: write the Standings sheet of the workbook ``path``
    into ``out`` (default: ``path`` itself), and the table to ``csv_out`` if given.

    Every other sheet, the formatting and (``.xlsm`` to ``.xlsm``) the VBA project are kept;
    the file is written atomically, and a read-only file is refused. openpyxl cannot keep
    charts, images, shapes, slicers, form controls or worksheet extensions (cross-sheet
    drop-down lists, data bars, sparklines…): such a workbook is only written to a different
    ``out`` (a warning is added to the result). The CSV file is written first, so a CSV that
    cannot be written leaves the workbook unchanged; it may not be the workbook itself.

    When the crosstable or settings have errors, the workbook is still written with its
    Problems sheet (standings untouched), no CSV is written, and :class:`ProblemsWritten` (an
    InputError) is raised listing every problem. Returns the :class:`WriteResult` (``path`` =
    the workbook written).
    """
    source = Path(path)
    _check_file(source)
    target, keep_vba = _output_path(source, out)
    in_place = _same_file(source, target)
    csv_target = _csv_path(csv_out, source, target)
    _check_target(target)
    lost = _lost_parts(source)
    notes: list[str] = []
    workbook = _load(source, keep_vba, notes=notes)
    lost += _dropped(notes, lost)
    if lost and in_place:
        raise InputError(
            f"{source.name} contains {', '.join(lost)}, which cannot be kept when the file is "
            "rewritten without Excel: write to another file with -o (the copy lacks them). "
            f"{_RECOMPUTED}"
        )
    workbook.template = False  # the output is an .xlsx or .xlsm workbook
    book = OpenpyxlBook(workbook, _values_view(source))
    try:
        result = write_standings_to(book)
    finally:
        book.close()
    if result.ok and csv_target is not None:
        write_csv(csv_target, result.table)  # first: a failure here leaves the workbook as is
    save_workbook(workbook, target)
    result.path = Path(os.path.realpath(target))
    dropped = [
        Problem(Severity.WARNING, f"{', '.join(lost)} of {source.name} are not in "
                                  f"{target.name} (openpyxl cannot keep them). "
                                  f"{_RECOMPUTED}")
    ] if lost else []
    if not result.ok:
        raise ProblemsWritten(result.problems, result.sheet, result.path, dropped)
    result.problems.extend(dropped)
    return result


def read_workbook_tournament(path: str | os.PathLike[str]) -> tuple[Tournament, Settings]:
    """The tournament and settings of a workbook file (for ``compute`` on .xlsx files).

    The tournament's ``tiebreaks`` are the Settings' tie-break list; compute with
    ``compute_standings(t, None, settings.rules, settings.after_round,
    settings.unrated_rating)``. ``settings.warnings`` lists what reading warned about. The
    file is loaded once (the values Excel saved for formulas are streamed from it only when the
    crosstable or settings have formulas). Raises InputError listing every problem.
    """
    source = Path(path)
    _check_file(source)
    book = OpenpyxlBook(_load(source, False), _values_view(source))
    try:
        settings, problems = read_settings(book)
        errors = [p for p in problems if p.severity is Severity.ERROR]
        if errors:
            raise InputError(errors)
        tournament = read_book_tournament(book, settings, problems)
    finally:
        book.close()
    settings.warnings = problems
    return tournament, settings


def build_templates(directory: str | os.PathLike[str], force: bool = False) -> list[Path]:
    """Write the workbook templates into ``directory``; see
    :func:`xl_tiebreak.templates.build_templates`."""
    from xl_tiebreak.templates import build_templates as build

    return build(directory, force)


def build_demo(directory: str | os.PathLike[str] = ".", force: bool = False) -> Path:
    """Write the demo workbook into ``directory``; see :func:`xl_tiebreak.templates.build_demo`."""
    from xl_tiebreak.templates import build_demo as build

    return build(directory, force)
