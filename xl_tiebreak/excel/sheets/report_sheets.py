"""The arbiter's report sheets the standings writer adds when the Settings sheet's ``Report
sheets`` row asks for them: ``Progression`` (place and points after every round, as
``compute --progression``), ``Ratings`` (the FIDE rating report, as ``compute --ratings``) and
``Norms`` (the title norm check, as ``compute --norms``).

Each sheet has a title, a table with a filter (one row per participant, in the standings'
order) and, below the table, every participant's explanation line by line, the same lines the
command line prints. They are replaced and removed as the other extra sheets are
(:mod:`xl_tiebreak.excel.sheets.extra_sheets`).
"""

from __future__ import annotations

from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
    HEADER_FILL,
    HEADER_FONT,
    NOTE_FONT,
    WHOLE_FORMAT,
    SheetLayout,
    Style,
)
from xl_tiebreak.i18n import _
from xl_tiebreak.ratings.norms import NormReport
from xl_tiebreak.ratings.rating_change import RatingReport
from xl_tiebreak.standings.progression import Progression
from xl_tiebreak.util.cells import cell_name, range_ref
from xl_tiebreak.util.numbers import to_float

__all__ = ["NORMS", "NORMS_ROLE", "PROGRESSION", "PROGRESSION_ROLE", "RATINGS",
           "RATINGS_ROLE", "REPORT_ROLES", "norms_layout", "progression_layout",
           "ratings_layout"]

PROGRESSION = "Progression"
RATINGS = "Ratings"
NORMS = "Norms"
PROGRESSION_ROLE = "progression"
RATINGS_ROLE = "ratings"
NORMS_ROLE = "norms"
REPORT_ROLES = (PROGRESSION_ROLE, RATINGS_ROLE, NORMS_ROLE)
"""The marks of the report sheets xl-tiebreak wrote."""


def _text(value: str) -> str | None:
    """A text cell (None when empty). Kept from running as a formula by the book that writes it
    (:mod:`xl_tiebreak.excel.book`), like every sheet's text."""
    return value if value else None


def _sheet(name: str, mark: str, head: list[list[object]], table: list[list[object]],
           formats: dict[int, str], details: list[str],
           centered: tuple[int, ...] = ()) -> SheetLayout:
    """A report sheet: the ``head`` lines, a blank row, the ``table`` (header first; column
    number formats by 1-based column; column 1 and ``centered`` columns centred), a blank row,
    then the ``details`` lines in column B."""
    cells: list[list[object]] = [list(r) for r in head]
    styles = [Style("A1", bold=True, size=14)]
    styles += [Style(cell_name(r, 1), font_color=NOTE_FONT) for r in range(2, len(head) + 1)]
    cells.append([])
    top = len(cells) + 1
    cells += [list(r) for r in table]
    n_cols, last = len(table[0]), top + len(table) - 1
    styles.append(Style(range_ref(top, 1, top, n_cols), bold=True, fill=HEADER_FILL,
                        font_color=HEADER_FONT, align="center"))
    if last > top:
        for col, shown in formats.items():
            styles.append(Style(range_ref(top + 1, col, last, col), number_format=shown))
        for col in (1, *centered):
            styles.append(Style(range_ref(top + 1, col, last, col), align="center"))
    cells.append([])
    cells += [[None, _text(line)] for line in details]
    widths = {1: 6.0, 2: float(min(max((len(str(r[1] or "")) for r in table), default=8) + 2,
                                   40))}
    for col in range(3, n_cols + 1):
        longest = max(len(str(r[col - 1] if r[col - 1] is not None else "")) for r in table)
        widths[col] = float(min(max(longest + 2, 6), 40))
    return SheetLayout(
        name=name, cells=cells, styles=styles, widths=widths,
        fit=range_ref(top, 1, last, n_cols), freeze=cell_name(top + 1, 3),
        autofilter=range_ref(top, 1, last, n_cols), landscape=True,
        print_titles=f"{top}:{top}", paper="A4", mark=mark,
    )


def progression_layout(p: Progression, title: str) -> SheetLayout:
    """The Progression sheet: No, Name, then the place and the points after each round."""
    header: list[object] = [_("No"), _("Name")]
    for k in p.rounds:
        header += [_("R{round} place", round=k), _("R{round} pts", round=k)]
    table: list[list[object]] = [header]
    for no in p.start_numbers:
        row: list[object] = [float(no), _text(p.names[no])]
        for (first, last), pts in zip(p.places[no], p.points[no], strict=True):
            row += [str(first) if first == last else f"{first}\u2013{last}", to_float(pts)]
        table.append(row)
    formats = {1: WHOLE_FORMAT}
    formats.update({4 + 2 * k: HALF_FORMAT for k in range(len(p.rounds))})
    head: list[list[object]] = [
        [_("{event}: place and points after each round", event=title)],
        [_("Each round's standings are computed as standings after that round (the "
           "tie-breaks as they apply then); players tied after the last tie-break share the "
           "place (3-4).")],
    ]
    places = tuple(3 + 2 * k for k in range(len(p.rounds)))
    return _sheet(PROGRESSION, PROGRESSION_ROLE, head, table, formats, [], places)


def ratings_layout(report: RatingReport, title: str) -> SheetLayout:
    """The Ratings sheet: the regulations applied, one row per player (rating, K, rated
    games, score, expected score, change, performance), then every game explained."""
    r = report.regulations
    head: list[list[object]] = [
        [_("{event}: rating report ({rate})", event=title, rate=r.rate)],
        [f"{r.label}, {r.url}; {r.note}{report.rate_note}"],
    ]
    table: list[list[object]] = [[_("No"), _("Name"), _("Rtg"), _("K"), _("Games"),
                                  _("Score"), _("Expected"), _("Change"), _("Rounded"),
                                  _("Performance")]]
    for p in report.players:
        table.append([
            float(p.start_no), _text(p.name), None if p.rating is None else float(p.rating),
            None if p.k is None else float(p.k), float(p.rated_games), to_float(p.score),
            to_float(p.expected) if p.change is not None else None,
            None if p.change is None else to_float(p.change),
            None if p.rounded is None else float(p.rounded),
            None if p.performance is None else float(p.performance),
        ])
    details: list[str] = []
    for p in report.players:
        details += p.lines() + [""]
    formats = {1: WHOLE_FORMAT, 3: WHOLE_FORMAT, 4: WHOLE_FORMAT, 5: WHOLE_FORMAT,
               6: HALF_FORMAT, 7: "0.00", 8: "+0.0#;-0.0#;0", 9: "+0;-0;0", 10: WHOLE_FORMAT}
    return _sheet(RATINGS, RATINGS_ROLE, head, table, formats, details)


def norms_layout(report: NormReport, title: str) -> SheetLayout:
    """The Norms sheet: the regulations applied and what was not checked, one row per player
    (federation, title, one verdict per title), then every requirement of every title."""
    head: list[list[object]] = [[_("{event}: title norms", event=title)], [report.version]]
    head += [[_("note: {note}", note=n)] for n in report.notes]
    table: list[list[object]] = [[_("No"), _("Name"), _("Fed"), _("Title"),
                                  *(c.title for c in report.players[0].checks)]] \
        if report.players else [[_("No"), _("Name"), _("Fed"), _("Title")]]
    for p in report.players:
        table.append([float(p.start_no), _text(p.name), _text(p.federation), _text(p.title),
                      *(_text(c.short()) for c in p.checks)])
    details: list[str] = []
    for p in report.players:
        details += p.lines() + [""]
    verdicts = tuple(range(3, len(table[0]) + 1))
    return _sheet(NORMS, NORMS_ROLE, head, table, {1: WHOLE_FORMAT}, details, verdicts)
