"""Declarative sheet layouts: what a sheet shows (values, styles, widths, frozen header,
filter range, the mark of a sheet xl-tiebreak wrote), the colours and number formats of the
standings, and the standings as a table of values.

A :class:`~xl_tiebreak.excel.book.interface.Book` renders a :class:`SheetLayout`; nothing here knows
openpyxl or xlwings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.report.table import standings_cells, standings_columns
from xl_tiebreak.standings.final import Standings
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.engine import Value
from xl_tiebreak.util.numbers import to_float
from xl_tiebreak.util.plain import Frozen, Mutable, field

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.model.teams import TeamEvent

__all__ = [
    "HALF_FORMAT",
    "HEADER_FILL",
    "HEADER_FONT",
    "NOTE_FONT",
    "PODIUM_FILLS",
    "STANDINGS_HEADER",
    "WARNING_FONT",
    "WHOLE_FORMAT",
    "SheetLayout",
    "Style",
    "number_format",
    "standings_formats",
    "standings_header",
    "fixed_format",
    "standings_table",
    "standings_values",
    "team_number_format",
    "team_points_format",
]

HALF_FORMAT = "0.0#"
"""Number format of points and sum tie-breaks: 4.0, 4.5, 17.75 (exact for halves and quarters)."""
WHOLE_FORMAT = "0"
"""Number format of counts, places and ratings."""
HEADER_FILL = "#1F4E78"
HEADER_FONT = "#FFFFFF"
PODIUM_FILLS = {1: "#FFE699", 2: "#E7E6E6", 3: "#F8CBAD"}
"""Fills of the first three places (gold, silver, bronze)."""
WARNING_FONT = "#9C0006"
NOTE_FONT = "#595959"

STANDINGS_HEADER = ("Place", "No", "Name", "Rating", "Fed", "Pts")
"""The fixed first columns of a standings table; one column per tie-break follows
(:func:`standings_header`: in the language in force)."""
_HEADER_FORMATS = (WHOLE_FORMAT, WHOLE_FORMAT, None, WHOLE_FORMAT, None, HALF_FORMAT)
"""Number formats of the :data:`STANDINGS_HEADER` columns (None: text)."""


class Style(Frozen):
    """Formatting for the cells of an A1 range (``"A1:F1"``); None leaves an attribute alone."""

    ref: str
    bold: bool | None = None
    italic: bool | None = None
    font_color: str | None = None
    """``#RRGGBB``."""
    fill: str | None = None
    """Solid background, ``#RRGGBB``."""
    number_format: str | None = None
    align: str | None = None
    """``left``, ``center`` or ``right``."""
    wrap: bool | None = None
    """Wrap long text inside the cell."""
    size: float | None = None
    """Font size in points."""


class SheetLayout(Mutable):
    """Everything a sheet shows: values from ``A1``, styles, and sheet settings."""

    name: str
    cells: list[list[object]]
    """Rows of values from A1 (None = empty); text is never turned into a formula."""
    styles: list[Style] = field(default_factory=list)
    widths: dict[int, float] = field(default_factory=dict)
    """Column widths in characters by 1-based column (openpyxl; xlwings autofits ``fit``)."""
    heights: dict[int, float] = field(default_factory=dict)
    """Row heights in points by 1-based row (rows of wrapped text)."""
    fit: str | None = None
    """Range whose columns are autofitted where the book can measure text (xlwings)."""
    freeze: str | None = None
    """Top-left cell of the scrolling area: ``"A2"`` freezes row 1."""
    autofilter: str | None = None
    """Range that gets filter buttons on its first row."""
    landscape: bool = False
    """Print in landscape, one page wide (as many pages tall as needed)."""
    pages_tall: int = 0
    """With ``landscape``: fit to this many pages tall as well (0: as many as needed)."""
    print_titles: str | None = None
    """Rows repeated on top of every printed page (``"6:6"``); None: row 1 of a landscape
    sheet."""
    paper: str | None = None
    """``A4`` or ``Letter``; None leaves the printer's default."""
    footer: str | None = None
    """Centre footer of printed pages (``&P`` page number, ``&N`` number of pages)."""
    merges: list[str] = field(default_factory=list)
    """Ranges merged into one cell (the legend's wrapped lines below a table)."""
    mark: str | None = None
    """The role of a sheet xl-tiebreak writes (``standings``, ``problems``), recorded where
    users do not read it (see :data:`xl_tiebreak.excel.book.interface.MARK_NAME`); None: no mark."""

    @property
    def width(self) -> int:
        """Number of columns used."""
        return max((len(row) for row in self.cells), default=0)

    def rectangle(self) -> list[list[object]]:
        """The cells padded to a rectangle (what a 2-D range assignment needs)."""
        width = self.width
        return [list(row) + [None] * (width - len(row)) for row in self.cells]


def fixed_format(places: int) -> str:
    """Number format with exactly ``places`` decimals (AOB's rounding: ``0.000``)."""
    return "0." + "0" * places if places else WHOLE_FORMAT


def number_format(d: Descriptor) -> str:
    """How a tie-break's values are shown: whole numbers (counts, places, ratings) or points."""
    return WHOLE_FORMAT if d.tiebreak.whole else HALF_FORMAT


def team_number_format(event: TeamEvent, d: Descriptor, values: Iterable[Value] = ()) -> str:
    """How a team tie-break's values are shown in this event: whole numbers also for the
    sums of match points when the event's match points are whole (MP 2-1-0: ``10``, not
    ``10.0``; :func:`xl_tiebreak.report.decimals.whole_tiebreak`, ``values``: the column's)."""
    from xl_tiebreak.report.decimals import whole_tiebreak  # team events only (start-up time)

    return WHOLE_FORMAT if whole_tiebreak(event, d, values) else HALF_FORMAT


def team_points_format(event: TeamEvent) -> str:
    """The number format of a team event's primary score (``Pts``): whole for match points
    without halves, else as points (:func:`xl_tiebreak.report.decimals.whole_primary`)."""
    from xl_tiebreak.report.decimals import whole_primary  # team events only (start-up time)

    return WHOLE_FORMAT if whole_primary(event) else HALF_FORMAT


def standings_formats(descriptors: Sequence[Descriptor]) -> list[str | None]:
    """The number format of every column of a standings table (None: a text column)."""
    return [*_HEADER_FORMATS, *(number_format(d) for d in descriptors)]


def standings_values(standings: Standings, *, drop_empty: bool = False,
                     extra: bool = False) -> list[list[object]]:
    """The standings as the Standings sheet and the STANDINGS worksheet function show them:
    header first (:func:`xl_tiebreak.report.table.standings_columns`: Place, No, Title, Name, Fed,
    Rtg, Pts, one column per tie-break), then one row per participant. Numbers are floats,
    undefined values and unrated players None, texts as they are (empty: None); the place of
    a shared group is on every row of it (the group's first place).

    ``drop_empty`` leaves out the Title, Fed and Rtg columns when no participant has one; the
    function keeps every column (a formula's columns must not move with the data). ``extra``
    adds the Extra column after Pts when a participant has extra points (the sheet).
    """
    columns = standings_columns(standings, drop_empty=drop_empty, extra=extra)
    table: list[list[object]] = [[c.header for c in columns]]
    for cells in standings_cells(standings, columns):
        table.append([_sheet_value(v) for v in cells])
    return table


def _sheet_value(value: object) -> object:
    """A cell value: a float for a number, None for an empty text or an undefined value."""
    if isinstance(value, str):
        return value or None
    if isinstance(value, (int, Fraction)):
        return to_float(value)
    return None


def standings_header() -> list[str]:
    """:data:`STANDINGS_HEADER` in the language in force, as the Standings sheet words it."""
    return [_("Place", "written sheet"), _("No", "written sheet"), _("Name", "written sheet"),
            _("Rating"), _("Fed"), _("Pts", "written sheet")]


def standings_table(standings: Standings, *, every_place: bool = False) -> list[list[object]]:
    """The standings as rows of values, header first: Place, No, Name, Rating, Fed, Pts, then
    one column per tie-break (headed by its label). Numbers are floats, undefined values None.

    A shared place is shown on the first row of its group only, unless ``every_place``.
    (The columns of the STANDINGS worksheet function until it returns
    :func:`standings_values`, the columns of every other output.)
    """
    table: list[list[object]] = [[*standings_header(), *(d.label for d in standings.descriptors)]]
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
