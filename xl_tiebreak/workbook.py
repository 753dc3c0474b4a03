"""The standings workbook: settings, the one standings writer, and the headless command.

A tournament workbook has

* a ``Crosstable`` sheet, or a defined name ``Crosstable`` for the range (the name wins): the
  crosstable read by :func:`xl_tiebreak.crosstable.read_crosstable`;
* optionally a ``Settings`` sheet of key/value rows in columns A:B (see :data:`SETTINGS_ROWS`);
  the tie-break order is the ``Tie-breaks`` row, comma separated and/or continued one per row
  in column B below it (rows with an empty column A).

:func:`write_standings_to` reads both through a :class:`~xl_tiebreak.book.Book`, computes the
standings and writes a ``Standings`` sheet (or, when something is wrong, a ``Problems`` sheet and
nothing else). It never changes the crosstable or the settings. The classic xlwings macro, the
xlwings Lite script and the headless :func:`write_standings_file` all call it.
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
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from xl_tiebreak.book import Book, OpenpyxlBook, RangeValues, SheetLayout, Style, range_ref
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
    "PROBLEMS",
    "SETTINGS",
    "SETTINGS_ROWS",
    "STANDINGS",
    "Settings",
    "WriteResult",
    "build_demo",
    "build_templates",
    "read_book_tournament",
    "read_settings",
    "read_workbook_tournament",
    "standings_table",
    "write_csv",
    "write_standings_file",
    "write_standings_to",
]

CROSSTABLE = "Crosstable"
SETTINGS = "Settings"
STANDINGS = "Standings"
PROBLEMS = "Problems"

MAX_FILE_BYTES = 50 * 1024 * 1024
"""Largest workbook file accepted by the headless command."""
MAX_UNZIPPED_BYTES = 500 * 1024 * 1024
"""Largest total uncompressed size of a workbook's parts (refuses zip bombs)."""

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


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _shown(value: object) -> str:
    text = str(value).strip()
    return f"'{text[:40]}…'" if len(text) > 40 else f"'{text}'"


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
    sheet = book.read_sheet(SETTINGS)
    if sheet is None:
        return settings, []
    problems: list[Problem] = []
    field: str | None = None
    for i, row in enumerate(sheet.values):
        label = row[0] if row else None
        value = row[1] if len(row) > 1 else None
        where = _where(sheet, i, 1)
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
    name = cell_name(sheet.origin[0] + row, sheet.origin[1] + col)
    prefix = sheet.sheet if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet.sheet) else (
        "'" + sheet.sheet.replace("'", "''") + "'"
    )
    return f"{prefix}!{name}"


def _store(
    settings: Settings, field: str, value: object, where: str, problems: list[Problem]
) -> None:
    try:
        _apply(settings, field, value)
    except InputError as error:
        problems.extend(Problem(Severity.ERROR, p.message, where) for p in error.problems)
    except (ValueError, ArithmeticError):
        hint = _HINTS.get(field, "expected points such as 1, 0.5 or ½")
        problems.append(Problem(Severity.ERROR, f"cannot read {_shown(value)}: {hint}", where))
    else:
        settings.where.setdefault(field, where)


# ====================================================================== reading the tournament


def read_book_tournament(book: Book, settings: Settings) -> Tournament:
    """The tournament of a book's crosstable (defined name ``Crosstable``, else the sheet) with
    the settings applied. Raises InputError naming every cell that cannot be read."""
    found = book.read_name(CROSSTABLE) or book.read_sheet(CROSSTABLE)
    if found is None:
        raise InputError(
            f"no crosstable: add a sheet named '{CROSSTABLE}' (header row first: No, Name, "
            f"Rating, Fed, R1, R2, …) or define the name '{CROSSTABLE}' for its range"
        )
    if found.uncomputed:
        raise InputError(
            [
                Problem(
                    Severity.ERROR,
                    "formula without a computed value (the file was not saved by Excel): "
                    "open and save it in Excel, or type the value",
                    _where(found, r, c),
                )
                for r, c in found.uncomputed
            ]
        )
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
    tournament.tiebreaks = list(settings.tiebreaks)
    return tournament


def _compute(book: Book) -> tuple[Settings, Standings, list[Problem]]:
    """Settings, standings and warnings of a book. Raises InputError with every problem of the
    settings and of the crosstable together."""
    settings, problems = read_settings(book)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    try:
        tournament = read_book_tournament(book, settings)
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
    lines.append(("note", "", "Computed by xl-tiebreak; the crosstable and settings were not "
                              "changed."))
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


def problems_layout(problems: Sequence[Problem]) -> SheetLayout:
    """The Problems sheet: every problem with its cell; nothing was computed."""
    cells: list[list[object]] = [
        ["The standings were not computed: fix these problems and run again. "
         "Any previous Standings sheet was left unchanged."],
        [],
        ["Where", "Problem", "Severity"],
    ]
    for p in problems:
        cells.append([p.where or "", p.message, p.severity.value])
    n = len(cells)
    heights = {r: 15.0 * math.ceil(len(str(cells[r - 1][1])) / 95) for r in range(4, n + 1)}
    return SheetLayout(
        name=PROBLEMS,
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
        if name in names:
            return name
    return None


def write_standings_to(book: Book) -> WriteResult:
    """Compute the standings of ``book`` and write its Standings sheet.

    On success the Standings sheet is replaced (or added after Settings / Crosstable), a stale
    Problems sheet is removed and Standings is activated. When the settings or the crosstable
    have errors, a Problems sheet lists every one with its cell, any previous Standings sheet is
    left as it was, and Problems is activated. The crosstable and settings are never changed.
    Never raises InputError: problems end up in the result and on the Problems sheet.
    """
    try:
        settings, standings, warnings = _compute(book)
    except InputError as error:
        book.write_sheet(problems_layout(error.problems), after=_anchor(book))
        book.activate(PROBLEMS)
        return WriteResult(False, PROBLEMS, list(error.problems))
    book.write_sheet(standings_layout(standings, settings, warnings), after=_anchor(book))
    book.remove_sheet(PROBLEMS)
    book.activate(STANDINGS)
    table = standings_table(standings, every_place=True)
    return WriteResult(True, STANDINGS, warnings, standings, settings, table)


# ====================================================================== headless files

_MACRO_SUFFIXES = (".xlsm", ".xltm")
_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")


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


def _load(path: Path, keep_vba: bool, data_only: bool = False) -> Any:
    """openpyxl load (which parses XML through defusedxml when it is installed)."""
    import openpyxl

    try:
        return openpyxl.load_workbook(path, keep_vba=keep_vba, data_only=data_only)
    except InputError:
        raise
    except Exception as exc:  # corrupt parts, forbidden XML entities, …
        root = _root_cause(exc)
        raise InputError(f"{path.name}: cannot open the workbook ({type(root).__name__}: "
                         f"{str(root).splitlines()[0] if str(root) else ''})") from exc


def _root_cause(exc: BaseException) -> BaseException:
    """The innermost exception (openpyxl wraps the XML parser's own, e.g. EntitiesForbidden)."""
    seen = {id(exc)}
    while (inner := exc.__cause__ or exc.__context__) is not None and id(inner) not in seen:
        seen.add(id(inner))
        exc = inner
    return exc


def _lost_parts(path: Path) -> list[str]:
    """Parts that openpyxl drops on a round trip (charts, images, shapes)."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    lost = []
    if any(n.startswith("xl/charts/") for n in names):
        lost.append("charts")
    if any(n.startswith("xl/media/") for n in names):
        lost.append("images")
    if any(re.fullmatch(r"xl/drawings/drawing\d+\.xml", n) for n in names):
        lost.append("shapes/drawings")
    return lost


def _atomic_write(target: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary file in the target's folder, then rename over the target."""
    target = target.resolve()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix,
                                    dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        if target.exists():
            with contextlib.suppress(OSError):
                os.chmod(tmp, target.stat().st_mode & 0o7777)
        else:
            with contextlib.suppress(OSError):
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def save_workbook(workbook: Any, target: Path) -> None:
    """Save an openpyxl workbook atomically (temp file in the same folder + rename)."""
    try:
        _atomic_write(target, workbook.save)
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
    if target.suffix.lower() not in _SUFFIXES:
        raise InputError(f"{target.name}: the output must be an .xlsx or .xlsm workbook")
    source_vba = source.suffix.lower() in _MACRO_SUFFIXES
    target_vba = target.suffix.lower() in _MACRO_SUFFIXES
    if target_vba and not source_vba:
        raise InputError(
            f"{target.name}: an .xlsx workbook has no macros; write the output as .xlsx"
        )
    return target, source_vba and target_vba


def write_standings_file(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str] | None = None,
    csv_out: str | os.PathLike[str] | None = None,
) -> WriteResult:
    """Do what the macro does, without Excel: write the Standings sheet of the workbook ``path``
    into ``out`` (default: ``path`` itself), and the table to ``csv_out`` if given.

    Every other sheet, the formatting and (``.xlsm`` to ``.xlsm``) the VBA project are kept;
    the file is written atomically. openpyxl cannot keep charts, images and shapes: such a
    workbook is only written to a different ``out`` (a warning is added to the result).

    When the crosstable or settings have errors, the workbook is still written with its
    Problems sheet (standings untouched), no CSV is written, and InputError is raised listing
    every problem. Returns the :class:`WriteResult` (``path`` = the workbook written).
    """
    source = Path(path)
    _check_file(source)
    target, keep_vba = _output_path(source, out)
    lost = _lost_parts(source)
    if lost and target.resolve() == source.resolve():
        raise InputError(
            f"{source.name} contains {', '.join(lost)}, which cannot be kept when the file is "
            "rewritten without Excel: give another output file (-o)"
        )
    workbook = _load(source, keep_vba)
    values = _load(source, False, data_only=True)
    result = write_standings_to(OpenpyxlBook(workbook, values))
    save_workbook(workbook, target)
    result.path = target.resolve()
    if lost:
        result.problems.append(
            Problem(Severity.WARNING, f"{', '.join(lost)} of {source.name} are not in "
                                      f"{target.name} (openpyxl cannot keep them)")
        )
    if not result.ok:
        raise InputError(result.problems)
    if csv_out is not None:
        write_csv(csv_out, result.table)
    return result


def read_workbook_tournament(path: str | os.PathLike[str]) -> tuple[Tournament, Settings]:
    """The tournament and settings of a workbook file (for ``compute`` on .xlsx files).

    The tournament's ``tiebreaks`` are the Settings' tie-break list; compute with
    ``compute_standings(t, None, settings.rules, settings.after_round,
    settings.unrated_rating)``. Raises InputError listing every problem.
    """
    source = Path(path)
    _check_file(source)
    values = _load(source, False, data_only=True)
    formulas = _load(source, False)
    book = OpenpyxlBook(formulas, values)
    settings, problems = read_settings(book)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors:
        raise InputError(errors)
    return read_book_tournament(book, settings), settings


def build_templates(directory: str | os.PathLike[str]) -> list[Path]:
    """Write the workbook templates into ``directory``; see
    :func:`xl_tiebreak.templates.build_templates`."""
    from xl_tiebreak.templates import build_templates as build

    return build(directory)


def build_demo(directory: str | os.PathLike[str] = ".") -> Path:
    """Write the demo workbook into ``directory``; see :func:`xl_tiebreak.templates.build_demo`."""
    from xl_tiebreak.templates import build_demo as build

    return build(directory)
