"""The ``Prizes`` input sheet and the ``Prizes result`` sheet (docs/engineering.md
D65).

The ``Prizes`` sheet is the user's: a prize list from ``A1`` in the format of ``compute
--prizes FILE`` (:func:`xl_tiebreak.prizes.allocation.read_prize_rows`: a header ``Prize, Category,
Place, Amount, Trophy``, one prize a row; a category prize's condition in its Category
column, which may name any column of the crosstable, e.g. ``Club=Hamburg SK``). A sheet
without prize rows (only a header, or empty) means no prizes. The options are Settings rows:
``Prize sharing`` (Equal or Hort) and ``One prize per player`` (Yes or No).

The allocation (:func:`xl_tiebreak.prizes.allocation.allocate`) is written to the ``Prizes result``
sheet
(:func:`prizes_layout`), marked :data:`PRIZES_ROLE`: one row per award, the total, then every
explanation line, the unclaimed prizes and the notes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from xl_tiebreak.excel.book.interface import Book, RangeValues
from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
    HEADER_FILL,
    HEADER_FONT,
    NOTE_FONT,
    WARNING_FONT,
    WHOLE_FORMAT,
    SheetLayout,
    Style,
)
from xl_tiebreak.excel.reading.settings import Settings
from xl_tiebreak.excel.sheets.standings_sheet import PRIZES_ROLE
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import Tournament
from xl_tiebreak.prizes.allocation import (
    Allocation,
    PrizeList,
    PrizeOptions,
    Sharing,
    allocate,
    money,
    read_prize_rows,
)
from xl_tiebreak.standings.final import Standings
from xl_tiebreak.util.cells import cell_name, is_blank, range_ref

__all__ = ["MONEY_FORMAT", "PRIZES", "PRIZES_NOTE", "PRIZES_RESULT", "PRIZES_ROLE",
           "crosstable_columns", "prize_options", "prizes_layout", "read_prize_sheet",
           "sheet_allocation"]

PRIZES = "Prizes"
"""The name of the input sheet (the user's: never written)."""
PRIZES_RESULT = "Prizes result"
"""The name of the sheet the allocation is written to."""
PRIZES_NOTE = N_("Computed by xl-tiebreak from the Prizes sheet; no sheet of yours was "
                 "changed.")
"""The last line of the Prizes result sheet (in English: pass it through ``_`` where shown)."""
MONEY_FORMAT = "0.00"
"""Money is shown with two decimals (an amount that is not whole cents is also explained
exactly in its line)."""

_ROW = re.compile(r"row (\d+)$")


def read_prize_sheet(book: Book) -> PrizeList | None:
    """The prize list of the ``Prizes`` sheet; None when there is no such sheet or it has no
    prize rows. Raises InputError naming the sheet, row and column of every problem."""
    found = book.read_sheet(PRIZES)
    if found is None:
        return None
    rows = [r for r in found.values if not all(is_blank(v) for v in r)]
    if len(rows) <= 1:
        return None
    return read_prize_rows(found.values, source=found.sheet)


def crosstable_columns(found: RangeValues, tournament: Tournament) -> dict[int, dict[str, object]]:
    """Start number → crosstable column header → the participant's cell, for category prizes
    on any column (``Club=Hamburg SK``). The header is the last non-empty row above the first
    participant's row."""
    origin = found.origin[0]
    rows: dict[int, int] = {}
    for p in tournament.participants:
        m = _ROW.search(p.where)
        if m:
            rows[p.start_no] = int(m.group(1)) - origin
    if not rows:
        return {}
    first = min(rows.values())
    header = next((found.values[i] for i in range(first - 1, -1, -1)
                   if not all(is_blank(v) for v in found.values[i])), None)
    if header is None:
        return {}
    names = {k: str(v).strip() for k, v in enumerate(header) if not is_blank(v)}
    out: dict[int, dict[str, object]] = {}
    for no, index in rows.items():
        if 0 <= index < len(found.values):
            cells = found.values[index]
            out[no] = {name: cells[k] for k, name in names.items() if k < len(cells)}
    return out


def prize_options(settings: Settings) -> PrizeOptions:
    """The allocation options of the Settings rows."""
    return PrizeOptions(Sharing.HORT if settings.prize_sharing == "hort" else Sharing.EQUAL,
                        settings.one_prize_per_player)


def sheet_allocation(standings: Standings, prize_list: PrizeList, settings: Settings,
                     columns: Mapping[int, Mapping[str, object]]) -> Allocation:
    """The allocation of the Prizes sheet's list over the standings. Raises InputError (an
    unknown category, an age group without a start date)."""
    return allocate(standings, prize_list, prize_options(settings), columns=columns)


def prizes_layout(a: Allocation, standings: Standings) -> SheetLayout:
    """The Prizes result sheet: the awards table, the total, how each prize was decided, the
    unclaimed prizes and the notes."""
    t = standings.tournament
    hort = a.options.sharing is Sharing.HORT
    one = a.options.one_prize_per_player
    if hort:
        how = (_("Money of players tied on points pooled and shared by the Hort system (half "
                 "shared, half by tie-break order); one prize per player: yes; trophies by the "
                 "tie-break order.") if one else
               _("Money of players tied on points pooled and shared by the Hort system (half "
                 "shared, half by tie-break order); one prize per player: no; trophies by the "
                 "tie-break order."))
    else:
        how = (_("Money of players tied on points pooled and shared equally; one prize per "
                 "player: yes; trophies by the tie-break order.") if one else
               _("Money of players tied on points pooled and shared equally; one prize per "
                 "player: no; trophies by the tie-break order."))
    cells: list[list[object]] = [
        [_("{event}: prizes", event=t.name or _("Standings", "written sheet"))],
        [how],
        [],
        [_("Rk", "written sheet"), _("No", "written sheet"), _("Name", "written sheet"),
         _("Pts", "written sheet"), _("Prize", "written sheet"), _("Money", "written sheet"),
         _("Trophy", "written sheet")],
    ]
    styles = [Style("A1", bold=True, size=16), Style("A2", font_color=NOTE_FONT),
              Style("A4:G4", bold=True, fill=HEADER_FILL, font_color=HEADER_FONT,
                    align="center")]
    top = 4
    for w in a.awards:
        p = w.participant
        cells.append([w.rank, p.start_no, p.name, float(w.points),
                      w.prize(), float(w.money) if w.money else None,
                      w.trophy or None])
    last = len(cells)
    if last > top:
        styles += [Style(range_ref(top + 1, 1, last, 2), number_format=WHOLE_FORMAT,
                         align="center"),
                   Style(range_ref(top + 1, 4, last, 4), number_format=HALF_FORMAT),
                   Style(range_ref(top + 1, 6, last, 6), number_format=MONEY_FORMAT)]
    cells.append([None, None, None, None, _("Total", "written sheet"), float(a.total())])
    styles += [Style(range_ref(len(cells), 5, len(cells), 6), bold=True),
               Style(cell_name(len(cells), 6), number_format=MONEY_FORMAT)]
    if (a.total() * 100).denominator != 1:
        cells.append([None, None, None, None, None,
                      _("exactly {amount}", amount=number_text(money(a.total())))])
    cells.append([])
    cells.append([_("How", "written sheet")])
    styles.append(Style(cell_name(len(cells), 1), bold=True))
    cells += [[None, line] for line in a.lines]
    for note in a.notes:
        cells.append([_("Note", "written sheet"), note])
        styles.append(Style(range_ref(len(cells), 1, len(cells), 2), font_color=WARNING_FONT))
    cells.append([])
    cells.append([translated(PRIZES_NOTE)])
    styles.append(Style(cell_name(len(cells), 1), italic=True, font_color=NOTE_FONT))
    names = [len(str(r[2])) for r in cells[top:last]] or [4]
    return SheetLayout(
        name=PRIZES_RESULT,
        cells=cells,
        styles=styles,
        widths={1: 6.0, 2: 5.0, 3: float(min(max(names) + 2, 40)), 4: 6.0, 5: 18.0, 6: 10.0,
                7: 20.0},
        freeze=cell_name(top + 1, 1),
        autofilter=range_ref(top, 1, max(last, top), 7),
        landscape=True,
        print_titles=f"{top}:{top}",
        paper="A4",
        mark=PRIZES_ROLE,
    )
