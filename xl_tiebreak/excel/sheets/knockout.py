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
from xl_tiebreak.excel.sheets.standings_sheet import (
    STANDINGS,
    STANDINGS_NOTE,
    STANDINGS_ROLE,
    place_shown,
)
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.language import translate as translated
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

__all__ = ["BRACKET", "KNOCKOUT_COLUMNS", "is_knockout_book", "knockout_header", "knockout_layout",
           "knockout_table",
           "read_book_bracket"]

BRACKET = "Bracket"
"""The name of the bracket sheet."""
KNOCKOUT_COLUMNS = 6
"""How many columns a knockout Standings sheet has (:func:`knockout_header`)."""


def knockout_header() -> list[str]:
    """The columns of a knockout Standings sheet, in the language in force."""
    return [_("Place", "written sheet"), _("Player", "written sheet"),
            _("Stage", "written sheet"), _("Pts", "written sheet"),
            _("Play-off", "written sheet"), _("How", "written sheet")]


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
    out: list[list[object]] = [list(knockout_header())]
    for r in rows:
        place = place_shown(r.first, r.last) if r.first != r.last else r.first
        out.append([place, r.player, r.stage,
                    to_float(r.points), to_float(r.playoff_points), r.eliminated])
    return out


def knockout_layout(bracket: Bracket, name: str) -> SheetLayout:
    """The knockout Standings sheet: title, the table (shared places ``5–8``), every match in
    a line, the legend; marked as a Standings sheet."""
    rows = knockout_standings(bracket)
    cells: list[list[object]] = [
        [name or _("Knockout standings")],
        [_("Knockout, {players} players, {rounds} rounds; champion {champion}",
           players=bracket.size, rounds=bracket.rounds,
           champion=bracket.champion)],
        [],
    ]
    top = len(cells) + 1
    table = knockout_table(rows)
    cells += table
    last = len(cells)
    styles = [Style("A1", bold=True, size=16), Style("A2", bold=True),
              Style(range_ref(top, 1, top, KNOCKOUT_COLUMNS), bold=True, fill=HEADER_FILL,
                    font_color=HEADER_FONT, align="center"),
              Style(range_ref(top + 1, 1, last, 1), align="center"),
              Style(range_ref(top + 1, 4, last, 5), number_format=HALF_FORMAT)]
    for i, row in enumerate(rows, start=top + 1):
        fill = PODIUM_FILLS.get(row.first)
        if fill and row.first == row.last:
            styles.append(Style(range_ref(i, 1, i, KNOCKOUT_COLUMNS), fill=fill))
    cells += [[], [_("Matches")]]
    styles.append(Style(cell_name(len(cells), 1), bold=True))
    cells += [[None, line] for line in explain(bracket)]
    cells += [[], [_("Legend", "written sheet")]]
    styles.append(Style(cell_name(len(cells), 1), bold=True))
    for text in (
        _("Places by the stage reached: champion {first}, finalist {second}, then the players "
          "out in the same round share the place ({ranges} …); a match for 3rd place decides "
          "{third} and {fourth}.", first=place_shown(1, 1), second=place_shown(2, 2),
          ranges=", ".join(place_shown(a, b) for a, b in ((3, 4), (5, 8), (9, 16))),
          third=place_shown(3, 3), fourth=place_shown(4, 4)),
        _("Pts: points of the regular games of every match. Play-off: play-off and Armageddon "
          "points, which decide who advances but are not points (a drawn Armageddon advances "
          "Black)."),
        _("Players sharing a place are listed in bracket order (round, then match)."),
    ):
        cells.append([None, text])
    cells.append([None, translated(STANDINGS_NOTE)])
    styles.append(Style(cell_name(len(cells), 2), italic=True, font_color=NOTE_FONT))
    longest = max(len(str(r[5])) for r in table)
    return SheetLayout(
        name=STANDINGS,
        cells=cells,
        styles=styles,
        widths={1: 8.0, 2: float(min(max(len(str(r[1])) for r in table) + 2, 40)), 3: 15.0,
                4: 6.0, 5: 9.0, 6: float(min(longest + 2, 90))},
        freeze=cell_name(top + 1, 1),
        autofilter=range_ref(top, 1, last, KNOCKOUT_COLUMNS),
        landscape=True,
        print_titles=f"{top}:{top}",
        paper="A4",
        mark=STANDINGS_ROLE,
    )
