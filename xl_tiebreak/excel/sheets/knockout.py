"""A knockout workbook: a ``Bracket`` sheet (the bracket table of
:mod:`xl_tiebreak.knockout.bracket`:
Round, Match, Player A, Player B, Games, Play-off, Armageddon) instead of a crosstable, and the
Standings sheet by the stage reached (docs/engineering.md D67).

A book is a knockout book when it has a ``Bracket`` sheet and no crosstable (neither the
defined name nor the sheet ``Crosstable``). The standings writer then writes
:func:`knockout_layout` as the Standings sheet (same mark, same keep-or-refuse rules); the
Settings sheet gives the event's name only.
"""

from __future__ import annotations

from xl_tiebreak.excel.book.cells import find_sheet
from xl_tiebreak.excel.book.interface import Book
from xl_tiebreak.excel.book.layout import (
    HALF_FORMAT,
    HEADER_FILL,
    HEADER_FONT,
    NOTE_FONT,
    PODIUM_FILLS,
    SheetLayout,
    Style,
)
from xl_tiebreak.excel.reading.event import CROSSTABLE
from xl_tiebreak.excel.sheets.standings_sheet import STANDINGS, STANDINGS_NOTE, STANDINGS_ROLE
from xl_tiebreak.knockout.bracket import (
    Bracket,
    KnockoutRow,
    explain,
    knockout_standings,
    read_bracket_rows,
)
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.cells import cell_name, range_ref
from xl_tiebreak.util.numbers import to_float
from xl_tiebreak.util.safety import formula_safe

__all__ = ["BRACKET", "KNOCKOUT_HEADER", "is_knockout_book", "knockout_layout", "knockout_table",
           "read_book_bracket"]

BRACKET = "Bracket"
"""The name of the bracket sheet."""
KNOCKOUT_HEADER = ("Place", "Player", "Stage", "Pts", "Play-off", "How")
"""The columns of a knockout Standings sheet."""


def is_knockout_book(book: Book) -> bool:
    """True when the book has a Bracket sheet and no crosstable."""
    names = book.sheet_names()
    if find_sheet(names, BRACKET) is None or find_sheet(names, CROSSTABLE) is not None:
        return False
    return book.read_name(CROSSTABLE) is None


def read_book_bracket(book: Book) -> Bracket:
    """The checked bracket of the Bracket sheet. Raises InputError naming the sheet, row and
    cell of every problem."""
    found = book.read_sheet(BRACKET)
    if found is None:  # pragma: no cover - is_knockout_book saw it
        raise InputError(f"no '{BRACKET}' sheet")
    return read_bracket_rows(found.values, source=found.sheet)


def knockout_table(rows: list[KnockoutRow]) -> list[list[object]]:
    """The standings as cells: the header, then one row per player (places as ``3–4``)."""
    out: list[list[object]] = [list(KNOCKOUT_HEADER)]
    for r in rows:
        out.append([r.place if r.first != r.last else r.first, formula_safe(r.player), r.stage,
                    to_float(r.points), to_float(r.playoff_points), formula_safe(r.eliminated)])
    return out


def knockout_layout(bracket: Bracket, name: str) -> SheetLayout:
    """The knockout Standings sheet: title, the table (shared places ``5–8``), every match in
    a line, the legend; marked as a Standings sheet."""
    rows = knockout_standings(bracket)
    cells: list[list[object]] = [
        [name or "Knockout standings"],
        [f"Knockout, {bracket.size} players, {bracket.rounds} rounds; champion "
         f"{formula_safe(bracket.champion)}"],
        [],
    ]
    top = len(cells) + 1
    table = knockout_table(rows)
    cells += table
    last = len(cells)
    styles = [Style("A1", bold=True, size=16), Style("A2", bold=True),
              Style(range_ref(top, 1, top, len(KNOCKOUT_HEADER)), bold=True, fill=HEADER_FILL,
                    font_color=HEADER_FONT, align="center"),
              Style(range_ref(top + 1, 1, last, 1), align="center"),
              Style(range_ref(top + 1, 4, last, 5), number_format=HALF_FORMAT)]
    for i, row in enumerate(rows, start=top + 1):
        fill = PODIUM_FILLS.get(row.first)
        if fill and row.first == row.last:
            styles.append(Style(range_ref(i, 1, i, len(KNOCKOUT_HEADER)), fill=fill))
    cells += [[], ["Matches"]]
    styles.append(Style(cell_name(len(cells), 1), bold=True))
    cells += [[None, formula_safe(line)] for line in explain(bracket)]
    cells += [[], ["Legend"]]
    styles.append(Style(cell_name(len(cells), 1), bold=True))
    for text in (
        "Places by the stage reached: champion 1, finalist 2, then the players out in the "
        "same round share the place (3–4, 5–8, 9–16 …); a match for 3rd place decides 3 and 4.",
        "Pts: points of the regular games of every match. Play-off: play-off and Armageddon "
        "points, which decide who advances but are not points (a drawn Armageddon advances "
        "Black).",
        "Players sharing a place are listed in bracket order (round, then match).",
    ):
        cells.append([None, text])
    cells.append([None, STANDINGS_NOTE])
    styles.append(Style(cell_name(len(cells), 2), italic=True, font_color=NOTE_FONT))
    longest = max(len(str(r[5])) for r in table)
    return SheetLayout(
        name=STANDINGS,
        cells=cells,
        styles=styles,
        widths={1: 8.0, 2: float(min(max(len(str(r[1])) for r in table) + 2, 40)), 3: 15.0,
                4: 6.0, 5: 9.0, 6: float(min(longest + 2, 90))},
        freeze=cell_name(top + 1, 1),
        autofilter=range_ref(top, 1, last, len(KNOCKOUT_HEADER)),
        landscape=True,
        print_titles=f"{top}:{top}",
        paper="A4",
        mark=STANDINGS_ROLE,
    )
