"""Small tables with a header row (prize lists, knockout brackets) read from CSV text or from
rows of cells, with every cell named for messages.

A table is a header row naming its columns (case-insensitive, spaces, ``-`` and ``_``
ignored, so ``Play-off``, ``playoff`` and ``Play off`` are one name) and data rows below it.
Rows are numbered from 1 = the header row, like spreadsheet rows when the table starts at A1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.util.cells import cell_name, is_blank, quoted
from xl_tiebreak.util.plain import Frozen, Mutable
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES, DecodeError, csv_table

MAX_ROWS = 100_000
"""Most data rows a table may have."""


def header_key(text: object) -> str:
    """The comparable form of a column name: lower case without spaces, ``-``, ``_``, ``.``."""
    s = "" if text is None else str(text)
    return "".join(ch for ch in s.strip().lower() if ch not in " -_.")


def csv_rows(text: str, source: str = "") -> list[list[object]]:
    """The rows of CSV text (delimiter ``,``, ``;`` or tab: the most frequent in the first
    non-empty line). Raises :class:`InputError` for texts over :data:`MAX_INPUT_BYTES` or
    broken quoting."""
    if not isinstance(text, str):
        raise InputError(_("expected the CSV file's text"), source)
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(_("the CSV text is larger than {size} MB",
                           size=MAX_INPUT_BYTES // (1024 * 1024)), source)
    try:
        return [list(row) for row in csv_table(text)]
    except DecodeError as exc:
        raise InputError(str(exc), f"{source}, {exc.where}" if source else exc.where) from None


class Cell(Frozen):
    """One cell of a data row: its text (stripped; empty for a blank cell) and its name."""

    text: str
    where: str


class Table(Mutable):
    """Data rows of a table by column name, with the places of their cells."""

    columns: dict[str, int]
    """Column field → 0-based column index (only the fields found in the header)."""
    headers: dict[str, str]
    """Column field → the header text as written."""
    rows: list[tuple[int, list[object]]]
    """(row number, cells) of every non-blank data row."""
    source: str = ""

    def row_place(self, row: int) -> str:
        """``row 5`` (with the source: ``prizes.csv: row 5``)."""
        return _row_place(self.source, row)

    def cell(self, row: int, cells: list[object], field: str) -> Cell:
        """The cell of ``field`` in a row (empty text when the column is absent)."""
        col = self.columns.get(field)
        if col is None:
            return Cell("", self.row_place(row))
        value = cells[col] if col < len(cells) else None
        text = "" if is_blank(value) else _text(value)
        where = _("{row}, column {header} ({cell})", row=self.row_place(row),
                  header=self.headers[field], cell=cell_name(row, col + 1))
        return Cell(text, where)


def _row_place(source: str, row: int) -> str:
    """``row 5``, or ``prizes.csv: row 5``."""
    place = _("row {row}", row=row)
    return f"{source}: {place}" if source else place


def _table_name(what: str) -> str:
    """The name of a kind of table (``table``, ``bracket``, ``prize list``) in the language in
    force."""
    names = {"table": _("table", "table name"), "bracket": _("bracket", "table name"),
             "prize list": _("prize list", "table name")}
    return names.get(what, what)


def _text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def read_table(
    rows: Sequence[Sequence[object]],
    fields: Mapping[str, Sequence[str]],
    required: Sequence[str],
    source: str = "",
    what: str = "table",
) -> Table:
    """Find the header (the first non-blank row) and the columns of ``fields`` (field → the
    accepted header names). Raises :class:`InputError` naming the missing columns, a column
    named twice, or a table without data rows."""
    numbered = [(k + 1, list(r)) for k, r in enumerate(rows) if isinstance(r, Sequence)
                and not isinstance(r, str)]
    body = [(n, r) for n, r in numbered if not all(is_blank(c) for c in r)]
    name = _table_name(what)
    if not body:
        raise InputError(_("the {what} is empty", what=name), source)
    if len(body) > MAX_ROWS + 1:
        raise InputError(_("the {what} has more than {most} rows", what=name, most=MAX_ROWS),
                         source)
    head_no, head = body[0]
    names = {header_key(name): field for field, accepted in fields.items() for name in accepted}
    columns: dict[str, int] = {}
    headers: dict[str, str] = {}
    problems: list[Problem] = []
    place = _row_place(source, head_no)
    for col, value in enumerate(head):
        field = names.get(header_key(value))
        if field is None:
            continue
        if field in columns:
            problems.append(Problem(Severity.ERROR,
                                    _("column {name} is given twice (first in {cell})",
                                      name=quoted(value),
                                      cell=cell_name(head_no, columns[field] + 1)),
                                    f"{place}, {cell_name(head_no, col + 1)}"))
            continue
        columns[field] = col
        headers[field] = _text(value)
    missing = [fields[f][0] for f in required if f not in columns]
    if missing:
        problems.append(Problem(Severity.ERROR,
                                _("the header row of the {what} lacks the column(s) "
                                  "{missing} (expected columns: {expected})", what=name,
                                  missing=", ".join(missing),
                                  expected=", ".join(v[0] for v in fields.values())), place))
    if problems:
        raise InputError(problems)
    if len(body) == 1:
        raise InputError(_("the {what} has a header but no rows", what=name), source)
    return Table(columns, headers, body[1:], source)
