"""Small tables with a header row (prize lists, knockout brackets) read from CSV text or from
rows of cells, with every cell named for messages.

A table is a header row naming its columns (case-insensitive, spaces, ``-`` and ``_``
ignored, so ``Play-off``, ``playoff`` and ``Play off`` are one name) and data rows below it.
Rows are numbered from 1 = the header row, like spreadsheet rows when the table starts at A1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
        raise InputError("expected the CSV file's text", source)
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(f"the CSV text is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB",
                         source)
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
        return f"{self.source}: row {row}" if self.source else f"row {row}"

    def cell(self, row: int, cells: list[object], field: str) -> Cell:
        """The cell of ``field`` in a row (empty text when the column is absent)."""
        col = self.columns.get(field)
        if col is None:
            return Cell("", self.row_place(row))
        value = cells[col] if col < len(cells) else None
        text = "" if is_blank(value) else _text(value)
        where = f"{self.row_place(row)}, column {self.headers[field]} ({cell_name(row, col + 1)})"
        return Cell(text, where)


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
    if not body:
        raise InputError(f"the {what} is empty", source)
    if len(body) > MAX_ROWS + 1:
        raise InputError(f"the {what} has more than {MAX_ROWS} rows", source)
    head_no, head = body[0]
    names = {header_key(name): field for field, accepted in fields.items() for name in accepted}
    columns: dict[str, int] = {}
    headers: dict[str, str] = {}
    problems: list[Problem] = []
    place = f"{source}: row {head_no}" if source else f"row {head_no}"
    for col, value in enumerate(head):
        field = names.get(header_key(value))
        if field is None:
            continue
        if field in columns:
            problems.append(Problem(Severity.ERROR,
                                    f"column {quoted(value)} is given twice (first in "
                                    f"{cell_name(head_no, columns[field] + 1)})",
                                    f"{place}, {cell_name(head_no, col + 1)}"))
            continue
        columns[field] = col
        headers[field] = _text(value)
    missing = [fields[f][0] for f in required if f not in columns]
    if missing:
        problems.append(Problem(Severity.ERROR,
                                f"the header row of the {what} lacks the column(s) "
                                f"{', '.join(missing)} (expected columns: "
                                f"{', '.join(v[0] for v in fields.values())})", place))
    if problems:
        raise InputError(problems)
    if len(body) == 1:
        raise InputError(f"the {what} has a header but no rows", source)
    return Table(columns, headers, body[1:], source)
