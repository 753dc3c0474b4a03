"""What decided each place: the first item of the order that separates a participant from the
next one in the standings.

The standings rank by points and the tie-break list in turn (Art. 6: a tie-break is reached
only by participants still tied on everything before it). Two neighbours in the standings are
therefore separated by the first item of the order on which their values differ; the
:class:`Decision` of a row names that item and shows both values, as the standings' columns
hold them. Neighbours equal on every item share the place (``shared``); a drawing of lots that
separates them is named as such (``lots``). The last row has no participant below it.
"""

from __future__ import annotations

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.tiebreaks.engine import Value
from xl_tiebreak.util.numbers import fmt, fmt_half
from xl_tiebreak.util.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.standings.ranking import Row, Standings

__all__ = ["HEADER", "LEGEND", "POINTS", "Decision", "column_places", "decide", "decisions",
           "item_value", "order_items"]

POINTS = -1
"""The level of the points in :func:`order_items` (tie-breaks have their list position)."""

LOTS_CODE = "OTHER_LOTS"
"""The registry code of the drawing of lots."""

HEADER = N_("Decided by")
"""The column heading in every output."""

LEGEND = N_("Decided by: the first item of the order (Pts, then the tie-breaks) whose values "
            "differ between the participant and the next one, with both values; shared: "
            "equal on every item.")
"""The legend line of the column."""


class Decision(Frozen):
    """Why a row stands above the next one.

    ``kind``: ``item`` (an item of the order separates them), ``lots`` (the drawing of lots
    does), ``shared`` (equal on every item: the place is shared) or ``last`` (no row below);
    ``label``: the item as the standings' heading shows it (``Pts``, ``BH/C1``), empty for
    ``shared`` and ``last``; ``level``: its position in the tie-break list, :data:`POINTS`
    for the points; ``mine``, ``theirs``: the two values (this row's, the next row's), as
    the standings' columns hold them; ``places``: the fixed decimals of that column (AOB)."""

    __slots__ = ("kind", "label", "level", "mine", "theirs", "places")
    kind: str
    label: str
    level: int
    mine: Value
    theirs: Value
    places: int | None

    def __init__(self, kind: str, label: str = "", level: int = POINTS, mine: Value = None,
                 theirs: Value = None, places: int | None = None) -> None:
        set_field = object.__setattr__
        set_field(self, "kind", kind)
        set_field(self, "label", label)
        set_field(self, "level", level)
        set_field(self, "mine", mine)
        set_field(self, "theirs", theirs)
        set_field(self, "places", places)

    def text(self) -> str:
        """As people read it: ``BH/C1 (25½ vs 24)``, ``lots (1 vs 2)``, ``shared``; empty on
        the last row. An undefined value (D14) is shown as ``undefined``."""
        if self.kind in ("shared", "last"):
            return _("shared", "decided by") if self.kind == "shared" else ""
        name = _("lots", "decided by") if self.kind == "lots" else self.label
        return _("{name} ({mine} vs {theirs})", name=name, mine=_people(self.mine, self.places),
                 theirs=_people(self.theirs, self.places))

    def csv_text(self) -> str:
        """As programs read it: ``BH/C1 (25.5 vs 24)``, plain decimals."""
        if self.kind in ("shared", "last"):
            return _("shared", "decided by") if self.kind == "shared" else ""
        name = _("lots", "decided by") if self.kind == "lots" else self.label
        return _("{name} ({mine} vs {theirs})", name=name, mine=_plain(self.mine, self.places),
                 theirs=_plain(self.theirs, self.places))

    def as_json(self) -> dict[str, object] | None:
        """``{"kind", "item", "values": [mine, theirs]}`` with exact decimal strings (null when
        undefined); None on the last row."""
        if self.kind == "last":
            return None
        if self.kind == "shared":
            return {"kind": "shared", "item": None, "values": None}
        return {"kind": self.kind, "item": self.label,
                "values": [None if v is None else fmt(v, self.places)
                           for v in (self.mine, self.theirs)]}


def _people(value: Value, places: int | None) -> str:
    if value is None:
        return _("undefined")
    return number_text(fmt(value, places) if places is not None else fmt_half(value))


def _plain(value: Value, places: int | None) -> str:
    return _("undefined") if value is None else number_text(fmt(value, places))


def order_items(standings: Standings) -> list[tuple[str, int]]:
    """The items the standings rank by, in order, as (label, level): the points
    (:data:`POINTS`) where they stand (first, or after the tie-breaks ranked before them,
    TRF26 ``212 WIN,PTS,BH``), then the tie-breaks."""
    items = [(d.label, k) for k, d in enumerate(standings.descriptors)]
    at = max(0, min(standings.points_at, len(items)))
    items.insert(at, ("Pts", POINTS))
    return items


def item_value(row: Row, level: int) -> Value:
    """A row's value of an item of :func:`order_items`: its points, or its tie-break value."""
    return row.points if level == POINTS else row.values[level]


def column_places(standings: Standings) -> dict[int, int | None]:
    """The fixed decimals of each tie-break column by level (AOB; None: exact)."""
    places: dict[int, int | None] = {}
    for k, d in enumerate(standings.descriptors):
        places_of = d.tiebreak.places
        places[k] = None if places_of is None else places_of(standings.rounds)
    return places


def decide(standings: Standings, upper: Row, lower: Row,
           places: dict[int, int | None] | None = None) -> Decision:
    """What separates ``upper`` from ``lower`` (the first item whose values differ), or
    ``shared``. ``places``: :func:`column_places`, when already known."""
    if places is None:
        places = column_places(standings)
    for label, level in order_items(standings):
        mine, theirs = item_value(upper, level), item_value(lower, level)
        if mine != theirs:
            lots = level != POINTS and standings.descriptors[level].code == LOTS_CODE
            return Decision("lots" if lots else "item", label, level, mine, theirs,
                            places.get(level))
    return Decision("shared")


def decisions(standings: Standings) -> list[Decision]:
    """One :class:`Decision` per row, in standings order: what separates it from the next row
    (``last`` on the final row)."""
    rows = standings.rows
    places = column_places(standings)
    out = [decide(standings, a, b, places) for a, b in zip(rows, rows[1:])]
    if rows:
        out.append(Decision("last"))
    return out
