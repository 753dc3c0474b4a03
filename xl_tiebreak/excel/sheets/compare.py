"""The ``Compare`` sheet: the event ranked by the Settings sheet's tie-break order (order A)
and by every ``Compare orders`` row (B, C, …), one place column per order, the movers marked
and the champion of each order named (docs/engineering.md D64).

The table is :func:`xl_tiebreak.standings.compare_orders.comparison_rows`' (what ``COMPARE_ORDERS``
returns);
the sheet adds the champions above it, bold places on a fill where an order places a
participant differently from order A, and a legend. It is marked :data:`COMPARE_ROLE`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
    HEADER_FILL,
    HEADER_FONT,
    NOTE_FONT,
    WHOLE_FORMAT,
    SheetLayout,
    Style,
)
from xl_tiebreak.excel.sheets.standings_sheet import COMPARE_ROLE
from xl_tiebreak.i18n import N_, _, _n
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.standings.compare_orders import (
    Comparison,
    compare_orders,
    comparison_rows,
    order_name,
)
from xl_tiebreak.standings.evaluation import Order
from xl_tiebreak.standings.final import Standings
from xl_tiebreak.util.cells import cell_name, range_ref

__all__ = ["COMPARE", "COMPARE_NOTE", "COMPARE_ROLE", "MOVED_FILL", "compare_layout",
           "comparison_of"]

COMPARE = "Compare"
"""The name of the Compare sheet."""
COMPARE_NOTE = N_("Computed by xl-tiebreak; the crosstable and settings were not changed.")
"""The last legend line of the Compare sheet (in English: pass it through ``_`` where shown)."""
MOVED_FILL = "#FFF2CC"
"""Fill of a place that differs from the participant's place under order A."""
_TOP = 1


def comparison_of(standings: Standings, orders: Sequence[Sequence[str]]) -> Comparison:
    """The standings' event ranked by its own order (A) and by each of ``orders``. Raises
    InputError when an order cannot be computed."""
    evaluation = standings.evaluation
    assert evaluation is not None  # standings always come from an Evaluation
    own: Order = [d.canonical for d in standings.descriptors]
    return compare_orders(evaluation, [own, *[list(o) for o in orders]])


def compare_layout(c: Comparison) -> SheetLayout:
    """The Compare sheet of a comparison whose first order is the standings' own."""
    t = c.standings[0].tournament
    cells: list[list[object]] = [[_("{event}: tie-break orders compared",
                                    event=t.name or _("Standings", "written sheet"))]]
    styles = [Style("A1", bold=True, size=16)]
    for k, label in enumerate(c.labels):
        first = ", ".join(f"{p.name} (#{p.start_no})" for p in c.winners(k))
        if k == 0:
            line = _("{order} = {tiebreaks} (the Tie-breaks row of Settings, as on the Standings "
                     "sheet): champion {champion}", order=order_name(k), tiebreaks=label,
                     champion=first)
        else:
            line = _("{order} = {tiebreaks}: champion {champion}", order=order_name(k),
                     tiebreaks=label, champion=first)
        cells.append([line])
        styles.append(Style(cell_name(len(cells), 1), font_color=NOTE_FONT))
    cells.append([])
    table = comparison_rows(c)
    top = len(cells) + 1
    cells += [list(row) for row in table]
    n_cols, last = len(table[0]), top + len(table) - 1
    styles.append(Style(range_ref(top, 1, top, n_cols), bold=True, fill=HEADER_FILL,
                        font_color=HEADER_FONT, align="center"))
    if last > top:
        styles.append(Style(range_ref(top + 1, 1, last, 2), align="center"))
        styles.append(Style(range_ref(top + 1, 4, last, 4), number_format=HALF_FORMAT))
        styles.append(Style(range_ref(top + 1, 5, last, n_cols), number_format=WHOLE_FORMAT,
                            align="center"))
    for i, row in enumerate(c.rows, start=top + 1):
        if row.moves:
            styles.append(Style(range_ref(i, 3, i, 3), bold=True))
        for k in range(1, len(c.labels)):
            if row.places[k] != row.places[0]:
                col = 5 + k
                styles.append(Style(range_ref(i, col, i, col), bold=True, fill=MOVED_FILL))
    moving = len(c.movers)
    legend = [
        _("Legend", "written sheet"),
        _n("Moves *: placed differently by some order ({count} participant); a place in bold "
           "on a fill differs from order A.",
           "Moves *: placed differently by some order ({count} participants); a place in bold "
           "on a fill differs from order A.", count=moving),
        _("Each column: the place under that order (PTS first, then its tie-breaks); players "
          "still tied after an order's last tie-break share its place (the better one shown)."),
        translated(COMPARE_NOTE),
    ]
    cells.append([])
    for text in legend:
        cells.append([None, None, text])
    styles.append(Style(cell_name(len(cells) - len(legend) + 1, 3), bold=True))
    styles.append(Style(cell_name(len(cells), 3), italic=True, font_color=NOTE_FONT))
    widths = {1: 7.0, 2: 5.0, 3: float(min(max(len(str(r[2])) for r in table) + 2, 40)),
              4: 6.0}
    widths.update({5 + k: float(min(max(len(str(table[0][4 + k])) + 2, 8), 40))
                   for k in range(len(c.labels))})
    return SheetLayout(
        name=COMPARE,
        cells=cells,
        styles=styles,
        widths=widths,
        fit=range_ref(top, 1, last, n_cols),
        freeze=cell_name(top + 1, 4),
        autofilter=range_ref(top, 1, last, n_cols),
        landscape=True,
        print_titles=f"{top}:{top}",
        paper="A4",
        mark=COMPARE_ROLE,
    )
