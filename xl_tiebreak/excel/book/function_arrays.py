"""The function sheets of the templates (Functions and Formula standings) as a book adapter
sees them: which array formula tells each kind, how its formulas read when the arrays grow to
cover an event, and the print area of the event's rows.

Both adapters use it (:meth:`~xl_tiebreak.excel.book.interface.Book.fit_function_sheets`):
:mod:`~xl_tiebreak.excel.book.openpyxl_book` on the stored cells, and
:mod:`~xl_tiebreak.excel.book.xlwings_book` through Excel. Only text here: no engine is
imported.
"""

from __future__ import annotations

import re

from xl_tiebreak.i18n import _
from xl_tiebreak.util.cells import range_ref
from xl_tiebreak.util.plain import Frozen

__all__ = ["EVENT_CALL", "EVENT_FACT_ROWS", "KINDS", "MAX_ARRAY_FORMULA", "TOKEN_CELL",
           "SheetKind", "array_height", "column_number", "event_call", "event_print_area",
           "grown_formula", "grown_line", "grown_note", "kind_of", "not_fitted", "not_grown",
           "print_start", "reads_event_rows", "with_last_row"]

TOKEN_CELL = "B2"
"""The Functions sheet's cell holding the event token (the defined name ``Tournament``)."""
EVENT_CALL = "=CROSSTABLE_ID(Crosstable,SettingsTable)"
"""The formula of the token cell: the crosstable and the Settings rows, read once."""
EVENT_FACT_ROWS = 50
"""Rows of the Event sheet the token cell reads at least (its facts, with room to add)."""


def event_call(fact_rows: int = EVENT_FACT_ROWS) -> str:
    """The token cell's formula in a workbook with an Event sheet of ``fact_rows`` rows: the
    Event rows too, so that its Rate (the rating list) reaches the functions as it reaches
    the Standings sheet."""
    last = max(fact_rows, EVENT_FACT_ROWS)
    return f"=CROSSTABLE_ID(Crosstable,SettingsTable,Event!$A$1:$B${last})"


def reads_event_rows(formula: str) -> bool:
    """Whether a token cell's formula reads the Event sheet (``Event!…`` or ``'Event'!…``
    among its arguments)."""
    text = formula.replace("'", "").casefold()
    return "event!" in text


MAX_ARRAY_FORMULA = 255
"""Most characters of an array formula that Excel's ``Range.FormulaArray`` accepts (a longer
one raises an error there): such an array is left as it is."""


class SheetKind(Frozen):
    """One kind of function sheet, known by the array formula in column A."""

    call: str
    """How the array formula in column A starts (``=PARTICIPANTS(``)."""
    array_row: int
    """The row of that array formula (its first row)."""
    header_row: int
    """The header row: the participants' rows start just below it."""
    first_printed: int
    """The first row printed when the sheet has no print area of its own."""
    size_argument: int
    """Which argument of the call, counted from the end (1: the last), is the array's height
    in rows."""


KINDS = (SheetKind("=PARTICIPANTS(", 5, 4, 3, 1),
         SheetKind("=TEAM_PARTICIPANTS(", 5, 4, 3, 1),
         SheetKind("=STANDINGS(", 3, 3, 1, 2),
         SheetKind("=TEAM_STANDINGS(", 3, 3, 1, 2))
"""The Functions sheets (``{=PARTICIPANTS(Tournament,200)}`` in A5:B204, the header in row
4) and the Formula standings sheets (``{=STANDINGS(…,201,19)}`` from A3, its own header row
first), individual and team, as the templates write them."""


def kind_of(formula: object) -> SheetKind | None:
    """The kind of function sheet whose column-A array formula is ``formula`` (None: not
    one)."""
    if not isinstance(formula, str):
        return None
    text = formula.strip().upper()
    return next((k for k in KINDS if text.startswith(k.call)), None)


def _arguments(formula: str) -> tuple[str, list[str], str] | None:
    """``=F(a,"b,c",G(d,e))+1`` → (``=F(``, [``a``, ``"b,c"``, ``G(d,e)``], ``)+1``): the
    outer call's top-level arguments; None when the text is not one call."""
    opening = formula.find("(")
    if opening < 0:
        return None
    depth, quoted, start = 0, False, opening + 1
    found: list[str] = []
    for i in range(opening, len(formula)):
        ch = formula[i]
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                found.append(formula[start:i])
                return formula[:opening + 1], found, formula[i:]
        elif ch == "," and depth == 1:
            found.append(formula[start:i])
            start = i + 1
    return None


_ABSOLUTE_RANGE = r"(\$[A-Z]{1,3}\$\d{1,7}:\$[A-Z]{1,3}\$)"


def with_last_row(formula: str, old_last: int, new_last: int) -> str:
    """``formula`` with every absolute range that ends on row ``old_last`` (``$A$5:$A$204``,
    the participants' numbers a column call gets, or the range a check cell counts) ending on
    ``new_last`` instead."""
    return re.sub(_ABSOLUTE_RANGE + str(old_last) + r"(?!\d)", rf"\g<1>{new_last}", formula)


def array_height(formula: str, kind: SheetKind) -> int | None:
    """The height argument of a column-A call of ``kind`` (``200`` of
    ``=PARTICIPANTS(Tournament,200)``): the array's rows as the templates write it; None
    when the formula has no such number there."""
    parts = _arguments(formula)
    if parts is None or len(parts[1]) < kind.size_argument:
        return None
    text = parts[1][len(parts[1]) - kind.size_argument].strip()
    return int(text) if text.isdigit() and len(text) < 8 else None


def grown_formula(formula: str, kind: SheetKind | None, old_last: int, new_last: int) -> str:
    """What an array formula of a function sheet reads once its array ends on row
    ``new_last`` instead of ``old_last``: its ranges ending on ``old_last`` end on
    ``new_last``, and, for the column-A call of ``kind``, its height argument grows by as
    many rows. Raises ValueError when that argument is not the array's height (a formula
    changed by hand: left as it is)."""
    grown = with_last_row(formula, old_last, new_last)
    if kind is None:
        return grown
    old_height = old_last - kind.array_row + 1
    parts = _arguments(grown)
    if parts is None or array_height(grown, kind) != old_height:
        raise ValueError(formula)
    head, arguments, tail = parts
    index = len(arguments) - kind.size_argument
    arguments[index] = str(old_height + new_last - old_last)
    return head + ",".join(arguments) + tail


def event_print_area(first_row: int, columns: int, header_row: int, rows: int) -> str:
    """The print area of a function sheet: its first ``columns`` columns, from ``first_row``
    down to the header row and ``rows`` participant rows below it (the array's empty rows
    beyond the event would print as blank pages)."""
    return range_ref(first_row, 1, header_row + max(rows, 1), columns)


def column_number(letters: str) -> int:
    """The number of a column given by its letters (``S`` → 19)."""
    number = 0
    for ch in letters.upper():
        number = number * 26 + ord(ch) - ord("A") + 1
    return number


def print_start(area: object) -> tuple[int, int]:
    """(first row, last column) of a sheet's print area (``$A$3:$U$204``, with or without
    its sheet), (0, 0) when it has none or several."""
    text = str(area or "")
    match = re.search(r"\$?[A-Z]+\$?(\d+):\$?([A-Z]+)\$?\d+$", text)
    if "," in text or match is None:
        return 0, 0
    return int(match.group(1)), column_number(match.group(2))


def grown_note(note: object, old_rows: int, new_rows: int) -> object:
    """The note in A1 of a function sheet whose arrays grew from ``old_rows`` to ``new_rows``
    participant rows: the templates' notes give the rows (``over 200 rows``) and the call
    with its height (``…,201,19)``, the header row included), in the workbook's language;
    those numbers follow the arrays. Anything else (a note of the user's, one without the
    numbers) is returned as it is."""
    if not isinstance(note, str) or "Tournament" not in note:
        return note
    wanted = {str(old_rows): str(new_rows), str(old_rows + 1): str(new_rows + 1)}
    return re.sub(r"(?<![\w.])(\d+)(?![\w.])",
                  lambda m: wanted.get(m.group(1), m.group(1)), note)


def grown_line(sheet: str, participants: int) -> str:
    """The line that says a function sheet's arrays were extended to the event."""
    return _("'{sheet}' extended to {count} participant rows", sheet=sheet,
             count=participants)


def not_grown(sheet: str, rows: int, participants: int, why: str) -> str:
    """The line that says a function sheet was left at its size, and why."""
    return _("'{sheet}' still has {rows} participant rows for {count} participants ({why}): "
             "its check cell (CROSSTABLE_CHECK) says so; run xl-tiebreak standings on the "
             "file, or extend its arrays by hand", sheet=sheet, rows=rows,
             count=participants, why=why)


def not_fitted(sheet: str, why: str) -> str:
    """The line that says a function sheet could not be fitted to the event, and why."""
    return _("'{sheet}' could not be fitted to the event ({why}): its check cell "
             "(CROSSTABLE_CHECK) says whether it still covers the crosstable", sheet=sheet,
             why=why)
