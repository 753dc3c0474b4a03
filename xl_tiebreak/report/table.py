"""One standings table for every output: the text table for people, CSV and JSON for programs
(and, through :mod:`xl_tiebreak.report.html` and :mod:`xl_tiebreak.excel.sheets.standings_sheet`,
the HTML page, the
Standings sheet and the STANDINGS worksheet function).

Every output has the same columns (:func:`standings_columns`) holding the same values
(:func:`standings_cells`), and shows a shared place the same way on *every* row of the group:

* where people read it (text table, HTML page, Standings sheet) as the range ``3–4``
  (:func:`place_texts`; the sheet stores the number 3 and formats it ``3–4``);
* where programs read it (CSV ``Rank``, JSON ``rank``, the STANDINGS function) as the number
  of the group's first place, ``3``, on every row (JSON adds ``shared`` and the text
  ``place``).

Outputs for people write halves with the half sign (``4½``) and other fractions as decimals
(``17.75``, :func:`xl_tiebreak.util.numbers.fmt_half`); outputs for programs write plain decimals
(``4.5``, :func:`xl_tiebreak.util.numbers.fmt`). A partial event says ``after round k of n``
everywhere (:func:`status_text`). See docs/engineering.md D19.

CSV and text cells are neutralised against spreadsheet formula injection
(:func:`xl_tiebreak.util.safety.formula_safe`): names come from strangers' files.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from xl_tiebreak.i18n import N_, _, _n
from xl_tiebreak.i18n.conventions import (
    csv_separator,
    date_text,
    number_text,
    place_text,
)
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import shown_title
from xl_tiebreak.standings.decided_by import HEADER as DECIDED_BY
from xl_tiebreak.standings.decided_by import LEGEND as DECIDED_BY_LEGEND
from xl_tiebreak.standings.decided_by import decisions
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.outside_games import legend_lines
from xl_tiebreak.util.dates import parse_date
from xl_tiebreak.util.numbers import fmt, fmt_half
from xl_tiebreak.util.plain import Frozen
from xl_tiebreak.util.safety import formula_safe

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.standings.final import Standings
    from xl_tiebreak.standings.ranking import Row

__all__ = [
    "CSV_HEADER",
    "Column",
    "EXTRA_COLUMN",
    "HEADINGS",
    "PLAYER_FIELDS",
    "csv_places",
    "group_note",
    "people_text",
    "place_ranges",
    "place_texts",
    "standings_cells",
    "standings_columns",
    "standings_csv",
    "standings_csv_table",
    "standings_json",
    "standings_table",
    "status_text",
    "where_and_when",
]


class Column(Frozen):
    """One column of the standings table.

    ``field``: ``place``, ``no``, ``title``, ``name``, ``fed``, ``rating``, ``pts``, ``extra``
    or ``tiebreak``; ``header``: the heading people read (a tie-break's label as given for
    ``tiebreak``); ``level``: position of the tie-break in the list (``tiebreak`` columns
    only); ``places``: fixed decimals every output shows (AOB: rounded by the number of
    rounds, spec §4.11), None: the value as it is (halves as ``½`` for people, plain decimals
    for programs)."""

    __slots__ = ("field", "header", "descriptor", "level", "places")
    field: str
    header: str
    descriptor: Descriptor | None
    level: int
    places: int | None

    def __init__(self, field: str, header: str, descriptor: Descriptor | None = None,
                 level: int = -1, places: int | None = None) -> None:
        set_field = object.__setattr__
        set_field(self, "field", field)
        set_field(self, "header", header)
        set_field(self, "descriptor", descriptor)
        set_field(self, "level", level)
        set_field(self, "places", places)


PLAYER_FIELDS = ("title", "fed", "rating")
"""Columns about the player rather than the result: left out of tables for people when no
participant has a value, and written to CSV after the tie-breaks (behind an option for
``compute``: the CSV's first columns are read by other tools)."""

_FIXED = (
    Column("place", N_("Place")),
    Column("no", N_("No")),
    Column("title", N_("Title")),
    Column("name", N_("Name")),
    Column("fed", N_("Fed")),
    Column("rating", N_("Rtg")),
    Column("pts", N_("Pts")),
)
"""The fixed columns, their headings in English (:func:`standings_columns` gives them in the
language in force)."""

HEADINGS = {c.field: c.header for c in _FIXED}
"""Field → its heading in English (shown through the catalogue)."""

EXTRA_COLUMN = Column("extra", N_("Extra"))
"""Extra points (included in Pts), after Pts when a participant has some."""

CSV_HEADER = (N_("Rank"), N_("No"), N_("Name"), N_("Pts"))
"""The first columns of a CSV file (``compute --format csv`` and ``standings --csv``); the
tie-breaks follow under their labels as given, then, optionally, Title, Fed, Rtg."""


# ---------------------------------------------------------------------------- the table


def standings_columns(standings: Standings, *, drop_empty: bool = True,
                      extra: bool | None = None) -> list[Column]:
    """The columns in order: Place, No, Title, Name, Fed, Rtg, Pts, one per tie-break.

    With ``drop_empty`` (tables for people) Title, Fed and Rtg are left out when no
    participant has one (a club event without titles); without, every column is there (the
    STANDINGS function: a formula's columns must not move with the data). ``extra`` (default:
    as ``drop_empty``) adds the Extra column after Pts when a participant has extra points
    (the Standings sheet keeps every fixed column and shows it).
    """
    people = standings.tournament.participants
    present = {
        "title": any(p.title for p in people),
        "fed": any(p.federation for p in people),
        "rating": any(p.rating is not None for p in people),
    }
    columns = [_shown(c) for c in _FIXED if not drop_empty or present.get(c.field, True)]
    if (drop_empty if extra is None else extra) and has_extra_points(standings):
        # included in Pts; shown beside it (docs/decisions.md D51). Not in the STANDINGS
        # function's fixed columns.
        columns.append(_shown(EXTRA_COLUMN))
    columns += [Column("tiebreak", d.label, d, k, _places(d, standings.rounds))
                for k, d in enumerate(standings.descriptors)]
    return columns


def _shown(column: Column) -> Column:
    """A fixed column with its heading in the language in force."""
    return Column(column.field, translated(column.header), column.descriptor, column.level,
                  column.places)


def has_extra_points(standings: Standings) -> bool:
    """True when a participant has extra points (docs/decisions.md D51)."""
    return any(p.extra_points for p in standings.tournament.participants)


def extra_points_legend() -> str:
    """The legend line of the Extra column."""
    return _("Extra: points added by the arbiter or the regulations (Swiss-Manager 42/43); "
             "included in Pts for ranking, not in any tie-break.")


def _places(d: Descriptor, rounds: int) -> int | None:
    """The fixed decimals of a tie-break's column after ``rounds`` rounds (None: exact)."""
    places = d.tiebreak.places
    return None if places is None else places(rounds)


def cell_value(column: Column, row: Row) -> object:
    """The exact value of a row in a column: int (place, number, rating), str (title, name,
    federation), Fraction (points, tie-breaks) or None (undefined, unrated)."""
    p = row.participant
    field = column.field
    if field == "place":
        return row.rank
    if field == "no":
        return p.start_no
    if field == "title":
        return shown_title(p.title)
    if field == "name":
        return p.name
    if field == "fed":
        return p.federation
    if field == "rating":
        return p.rating
    if field == "pts":
        return row.points
    if field == "extra":
        return p.extra_points
    return row.values[column.level]


def standings_cells(standings: Standings, columns: Sequence[Column]) -> list[list[object]]:
    """One list of exact values (:func:`cell_value`) per row, in standings order."""
    return [[cell_value(c, row) for c in columns] for row in standings.rows]


def place_ranges(rows: Iterable[Row]) -> list[tuple[int, int]]:
    """(first, last) place of each row's group: ``(3, 4)`` on both rows of a shared 3rd place,
    ``(5, 5)`` alone."""
    rows = list(rows)
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.rank] = counts.get(row.rank, 0) + 1
    return [(row.rank, row.rank + counts[row.rank] - 1) for row in rows]


def place_texts(rows: Iterable[Row]) -> list[str]:
    """The place of each row as people read it: ``3`` alone, ``3–4`` on every row of a shared
    place."""
    # an en dash in every language (English ``3–4``, Portuguese ``3º–4º``), as the outputs
    # always wrote it; the language writes each place (place_text)
    return [place_text(a) if a == b else f"{place_text(a)}\u2013{place_text(b)}"
            for a, b in place_ranges(rows)]


def status_text(standings: Standings) -> str:
    """``after round 5 of 9`` for partial standings, else ``final standings after 7 rounds``
    (``n``: the rounds scheduled, else the rounds in the input)."""
    t = standings.tournament
    scheduled = max(t.scheduled_rounds or 0, t.rounds)
    k = standings.rounds
    if k < scheduled:
        return _("after round {k} of {n}", k=k, n=scheduled)
    return _n("final standings after {count} round", "final standings after {count} rounds",
              count=k)


def where_and_when(standings: Standings) -> str:
    """``Galway · 2026-04-10 to 2026-04-12 · chief arbiter Gerry Graham · rapid``: the event's
    place, dates, chief arbiter and rate as far as the input gives them (TRF ``022``, ``042``,
    ``052``, ``102``; a workbook's Event sheet); empty when it gives none."""
    t = standings.tournament
    start = t.start_date
    end = parse_date(t.end_date) if t.end_date else None
    dates = ""
    if start is not None:
        dates = date_text(start)
        if end is not None and end > start:
            dates = _("{start} to {end}", start=dates, end=date_text(end))
    arbiter = (_("chief arbiter {name}", name=t.chief_arbiter.strip())
               if t.chief_arbiter.strip() else "")
    parts = (t.city.strip(), dates, arbiter, rate_text(t.rate))
    return " · ".join(formula_safe(x, split=False) for x in parts if x)


_RATES = (N_("standard"), N_("rapid"), N_("blitz"))
"""The rates of play (:data:`xl_tiebreak.model.tournament.RATES`), marked for the catalogue."""


def rate_text(rate: str) -> str:
    """A rate of play in the language in force (``rapid`` → ``rápido``); any other text as it
    is."""
    return translated(rate) if rate in _RATES else rate


def group_note(standings: Standings, level: int) -> str:
    """What the cells of a group tie-break's column (DE) mean in this event: a value where it
    decided places, and, when its column is empty, why."""
    if any(row.values[level] is not None for row in standings.rows):
        return _("the place inside the group still tied when it is reached, shown only where "
                 "it decided something; an empty cell: not needed, or it decided nothing")
    return _("decided no place in this event (no tie it could break was left when it was "
             "reached)")


def people_text(value: object, places: int | None = None) -> str:
    """A value as people read it: ``4½``, ``17.75``, ``2291``, with ``places`` exactly that
    many decimals (``42.500``); empty for None."""
    if value is None:
        return ""
    if isinstance(value, str):
        return formula_safe(value)
    if places is not None:
        return number_text(fmt(value, places))  # type: ignore[arg-type]
    return number_text(fmt_half(value))  # type: ignore[arg-type]


def _column_texts(column: Column, rows: Sequence[Row]) -> list[str]:
    """The :func:`people_text` of each row's value in a column, each value object formatted
    once: the engine shares one object per value, so they are told apart by identity (as
    :func:`xl_tiebreak.standings.ranking.sort_keys` does; the rows keep every value alive
    meanwhile)."""
    places = column.places
    memo: dict[int, str] = {}
    out = []
    level = column.level
    values = ([row.values[level] for row in rows] if column.field == "tiebreak"
              else [cell_value(column, row) for row in rows])
    for value in values:
        text = memo.get(id(value))
        if text is None:
            text = memo[id(value)] = people_text(value, places)
        out.append(text)
    return out


# ---------------------------------------------------------------------------- CSV


def standings_csv_table(standings: Standings, player_columns: bool = False) -> list[list[object]]:
    """The CSV table, header first: ``Rank,No,Name,Pts,<labels as given>…`` (and with
    ``player_columns`` ``…,Title,Fed,Rtg``), the place number on every row of a shared place.
    Values are exact (int, Fraction, str, None); the writers format them."""
    columns = standings_columns(standings, drop_empty=False)
    by_field = {c.field: c for c in columns}
    chosen = [by_field["place"], by_field["no"], by_field["name"], by_field["pts"],
              *(c for c in columns if c.field == "tiebreak")]
    if has_extra_points(standings):  # after the tie-breaks: the first columns stay as read
        chosen.append(EXTRA_COLUMN)
    if player_columns:
        chosen += [by_field[f] for f in PLAYER_FIELDS]
    header: list[object] = [*map(translated, CSV_HEADER),
                            *(c.header for c in chosen[len(CSV_HEADER):]),
                            translated(DECIDED_BY)]
    cells = standings_cells(standings, chosen)
    return [header, *([*row, x.csv_text()] for row, x in zip(cells, decisions(standings),
                                                              strict=True))]


def csv_places(standings: Standings, player_columns: bool = False) -> list[int | None]:
    """The fixed decimals of each column of :func:`standings_csv_table` (None: exact)."""
    places: list[int | None] = [None] * len(CSV_HEADER)
    places += [_places(d, standings.rounds) for d in standings.descriptors]
    if has_extra_points(standings):  # the Extra column (exact)
        places.append(None)
    if player_columns:
        places += [None] * len(PLAYER_FIELDS)
    return [*places, None]  # Decided by


def _csv_text(value: object, places: int | None = None) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return formula_safe(value)
    return number_text(fmt(value, places))  # type: ignore[arg-type]


def standings_csv(standings: Standings, player_columns: bool = False) -> str:
    """``Rank,No,Name,Pts,<descriptor as written>…`` then one row per participant in order
    (:func:`standings_csv_table`).

    Values are plain decimals (``11.5``, ``13.38``, ``1820``; in Portuguese ``11,5`` with
    ``;`` between fields, as a spreadsheet in that language opens it); undefined values are
    empty.
    """
    import csv  # only this output needs the csv module (start-up time of the command line)

    buf = io.StringIO()
    w = csv.writer(buf, delimiter=csv_separator(), lineterminator="\n")
    places = csv_places(standings, player_columns)
    for row in standings_csv_table(standings, player_columns):
        w.writerow([_csv_text(v, n) for v, n in zip(row, places, strict=True)])
    return buf.getvalue()


# ---------------------------------------------------------------------------- JSON


def standings_json(standings: Standings) -> dict[str, object]:
    """A JSON-ready description: rule set, rounds, tie-breaks (with names), rows and warnings.

    Values are exact decimal strings (``"13.38"``) or null when undefined. ``rank`` is the
    number of the first place of the row's group (on every row of a shared place), ``place``
    the text people read (``"3–4"``).
    """
    t = standings.tournament
    places = [_places(d, standings.rounds) for d in standings.descriptors]
    return {
        "tournament": t.name,
        "rules": standings.rules.value,
        "rules_label": standings.rules.label,
        "rules_note": standings.rules_note,
        "rounds": standings.rounds,
        "scheduled_rounds": max(t.scheduled_rounds or 0, t.rounds),
        "status": status_text(standings),
        "tiebreaks": [
            {"label": d.label, "descriptor": d.canonical, "name": d.name, "article": d.article,
             "swiss_manager": d.swiss_manager}
            for d in standings.descriptors
        ],
        "rows": [
            {
                "rank": row.rank,
                "place": place,
                "shared": row.shared,
                "start_no": row.participant.start_no,
                "name": row.participant.name,
                "title": row.participant.title,
                "rating": row.participant.rating,
                "federation": row.participant.federation,
                "points": fmt(row.points),
                "extra_points": fmt(row.participant.extra_points),
                "values": {d.label: (None if v is None else fmt(v, n))
                           for d, v, n in zip(standings.descriptors, row.values, places)},
                "decided_by": decided.as_json(),
            }
            for row, place, decided in zip(standings.rows, place_texts(standings.rows),
                                           decisions(standings), strict=True)
        ],
        "warnings": [str(w) for w in standings.warnings],
    }


# ---------------------------------------------------------------------------- text


def standings_table(standings: Standings) -> str:
    """An aligned plain-text table with a header naming the event, its state (``after round
    k of n``), the rule set and the tie-breaks."""
    t = standings.tournament
    title = t.name or t.source or _("Tournament")
    where = where_and_when(standings)
    lines = [
        _n("{title} — {count} participant, {status}, rules {rules} ({note})",
           "{title} — {count} participants, {status}, rules {rules} ({note})",
           count=len(t.participants), title=formula_safe(title), status=status_text(standings),
           rules=standings.rules.label, note=standings.rules_note),
        *([where] if where else []),
        _("Tie-breaks: {list}", list="; ".join(
            _("{label} = {name} ({article})", label=d.label, name=d.name, article=d.article)
            if d.article else f"{d.label} = {d.name}" for d in standings.descriptors)
          or _("none", "tie-breaks")),
        *legend_lines([d.code for d in standings.descriptors], standings.tournament.lots_seed),
    ]
    if has_extra_points(standings):
        lines.append(extra_points_legend())
    lines.append(translated(DECIDED_BY_LEGEND))
    for k, d in enumerate(standings.descriptors):
        if d.tiebreak.group and all(row.values[k] is None for row in standings.rows):
            lines.append(f"{d.label}: {group_note(standings, k)}")
    lines.append("")
    columns = [*standings_columns(standings), Column("decided", translated(DECIDED_BY))]
    texts = [place_texts(standings.rows)]
    texts += [_column_texts(c, standings.rows) for c in columns[1:-1]]
    texts.append([x.text() for x in decisions(standings)])
    padded = []
    for c, column in zip(columns, texts, strict=True):
        width = max(len(c.header), *map(len, column)) if column else len(c.header)
        pad = str.ljust if c.field in ("title", "name", "fed", "decided") else str.rjust
        padded.append([pad(c.header, width), *(pad(t, width) for t in column)])
    lines += ["  ".join(cells).rstrip() for cells in zip(*padded)]
    if standings.warnings:
        lines.append("")
        lines.extend(_("warning: {text}", text=formula_safe(str(w))) for w in standings.warnings)
    return "\n".join(lines) + "\n"
