"""The small book interface the standings writer uses, and what its adapters share.

The writer decides *what* goes on a sheet as a declarative
:class:`~xl_tiebreak.excel.book.layout.SheetLayout`; a :class:`Book` only reads ranges, renders
layouts and reads the marks of the sheets xl-tiebreak wrote. The adapters are
:class:`~xl_tiebreak.excel.book.openpyxl_book.OpenpyxlBook` (headless command, demo, tests) and
:class:`~xl_tiebreak.excel.book.xlwings_book.XlwingsBook` (classic "Run main"/RunPython and xlwings
Lite). Neither xlwings nor openpyxl is imported here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.util.cells import cell_name, quoted, sheet_ref
from xl_tiebreak.util.plain import Frozen

if TYPE_CHECKING:  # a type only: the worksheet functions read books, never write them
    from xl_tiebreak.excel.book.layout import SheetLayout

__all__ = [
    "MARK_NAME",
    "MAX_READ_COLUMNS",
    "MAX_READ_ROWS",
    "Book",
    "RangeValues",
    "mark_formula",
    "mark_role",
    "not_a_worksheet",
    "too_large",
]

MAX_READ_ROWS = 25_000
"""Most rows of a sheet's used area (or a named range) that are read at all."""
MAX_READ_COLUMNS = 600
"""Most columns of a sheet's used area (or a named range) that are read at all."""

MARK_NAME = "_xltiebreak_sheet"
"""The hidden sheet-scoped defined name that marks a sheet xl-tiebreak wrote; its value is
the sheet's role as a text constant (``="standings"``). It travels with the sheet when the
sheet is renamed, goes when the sheet is deleted, and is not shown in the Name Manager."""
_ROLE = re.compile(r'=?\s*"([a-z_-]{1,32})"\s*')


def mark_formula(role: str) -> str:
    """What :data:`MARK_NAME` refers to for a role: ``="standings"``."""
    return f'="{role}"'


def mark_role(refers_to: object) -> str | None:
    """The role in what :data:`MARK_NAME` refers to (``="standings"`` or ``"standings"``),
    None when it is anything else."""
    if not isinstance(refers_to, str):
        return None
    m = _ROLE.fullmatch(refers_to.strip())
    return m.group(1) if m else None


class RangeValues(Frozen):
    """Values read from a book: the sheet, the 1-based (row, column) of the top-left cell,
    the rows of values, and the (0-based) positions of formulas without a computed value."""

    sheet: str
    origin: tuple[int, int]
    values: list[list[object]]
    uncomputed: tuple[tuple[int, int], ...] = ()
    outside: tuple[str, ...] = ()
    """A named range only: non-empty cells (A1) in the row just below it or the column just
    right of it, which the range leaves out."""
    clipped: bool = False
    """True when rows beyond the ``max_rows`` asked for were left out."""

    def where(self, row: int, col: int) -> str:
        """The sheet-qualified A1 name (``Settings!B4``) of a 0-based position in the
        values."""
        return sheet_ref(self.sheet, cell_name(self.origin[0] + row, self.origin[1] + col))


class Book(Protocol):
    """What the standings writer needs from a workbook."""

    def sheet_names(self) -> list[str]:
        """Names of the sheets in order."""
        ...

    def read_sheet(
        self, name: str, max_cols: int | None = None, max_rows: int | None = None
    ) -> RangeValues | None:
        """The used area of a sheet from A1, cut to its last non-empty row and column (None
        when there is no such sheet; names compare case-insensitively). With ``max_cols`` /
        ``max_rows`` only that many columns / rows from A1 are read (``clipped`` tells when
        rows were left out). Raises InputError, naming the place, for a chart sheet and for a
        used area larger than :data:`MAX_READ_ROWS` × :data:`MAX_READ_COLUMNS`."""
        ...

    def read_name(self, name: str) -> RangeValues | None:
        """The range of a workbook-level defined name (None when not defined or not a range),
        cut to the sheet's used area; ``outside`` lists non-empty cells just outside it.
        Raises InputError like :meth:`read_sheet`."""
        ...

    def sheet_mark(self, name: str) -> str | None:
        """The role xl-tiebreak marked the sheet with (:data:`MARK_NAME`), None when the sheet
        has no mark or does not exist (name compared case-insensitively)."""
        ...

    def write_sheet(self, layout: SheetLayout, after: str | None = None) -> None:
        """Replace the sheet named ``layout.name`` (case-insensitively; same position, its
        name kept) or add it after sheet ``after`` (at the end when None or missing), and
        render the layout (with its mark, if any)."""
        ...

    def remove_sheet(self, name: str) -> None:
        """Delete a sheet if it exists (name compared case-insensitively)."""
        ...

    def activate(self, name: str) -> None:
        """Make a sheet the one shown when the book is opened or looked at."""
        ...

    def fit_function_sheets(self, participants: int) -> list[str]:
        """Make the function sheets cover and print the event's participants: grow every
        Functions/Formula standings array that is shorter than the event (its new rows
        formatted like its last row), and set the print areas to the event's rows; returns
        the titles of the sheets changed."""
        ...

    def cell_formula(self, sheet: str, ref: str) -> str | None:
        """The formula of the cell ``ref`` (``B2``) of worksheet ``sheet`` as typed, from its
        ``=`` (an array formula's text on its first cell); "" when the cell holds none; None
        when that cannot be told (no such worksheet; an engine that reads no formulas,
        xlwings Lite)."""
        ...


def formula_text(value: object) -> str:
    """The formula a cell's value holds as openpyxl gives it (a text from ``=``, or an array
    formula's ``text``), "" for any other value."""
    text = getattr(value, "text", value)  # openpyxl's ArrayFormula, without importing it
    return text if isinstance(text, str) and text.startswith("=") else ""


def too_large(sheet: str, what: str, far: list[tuple[str, object]]) -> InputError:
    """The error for an area too large to read, naming the cells that make it so."""
    message = _("{what} is too large to read (at most {rows} rows and {columns} columns)",
                what=what, rows=MAX_READ_ROWS, columns=MAX_READ_COLUMNS)
    if far:
        cells = ", ".join(_("{cell} holding {value}", cell=sheet_ref(sheet, ref),
                            value=quoted(v, 30)) for ref, v in far)
        message += _(": delete what is far outside the table ({cells})", cells=cells)
    else:
        message += _(": delete the far-away cells (Ctrl+End shows the last one)")
    return InputError([Problem(Severity.ERROR, message, sheet_ref(sheet))])


def not_a_worksheet(sheet: str) -> InputError:
    """The error for a chart sheet where a worksheet is expected."""
    return InputError([Problem(
        Severity.ERROR,
        _("'{sheet}' is a chart sheet, not a worksheet: rename it, and keep the data on a "
          "worksheet of that name", sheet=sheet),
        sheet_ref(sheet),
    )])
