"""The size limits of a workbook: what the spreadsheet layer reads, and so the most it writes.

Counted on the parts' XML as it is decompressed (:mod:`xl_tiebreak.excel.files.checks`, before
openpyxl parses anything) and on every workbook saved (:func:`check_written`), with the same
counters, so that every workbook the tool writes it also reads.
"""

from __future__ import annotations

import io
import re
import zipfile

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import decimal_separator
from xl_tiebreak.model.tournament import InputError

__all__ = ["CELL_TAG", "MAX_CELLS", "MAX_MERGED_CELLS", "MAX_ROWS", "MAX_SHARED_STRINGS",
           "MAX_STYLES", "ROW_TAG", "check_written", "count_text", "is_sheet_part"]

MAX_CELLS = 500_000
"""Most cells stored in all the sheets of a workbook together (openpyxl reads and writes
every one of them). What ``xl-tiebreak workbook`` writes for an event of 5,000 players and 15
rounds holds about 345,000 (the crosstable, and the Functions and Formula standings sheets
with a row for every participant), and about 410,000 once ``standings`` has added its sheet
(``compute`` reads it through openpyxl in some 300 MB); a workbook is never written with more
than this (:func:`check_written`), so every workbook the tool writes it also reads."""
MAX_ROWS = 150_000
"""Most rows stored (with or without cells) in all the sheets of a workbook together."""
MAX_MERGED_CELLS = 150_000
"""Most cells covered by merged ranges, all sheets together (openpyxl makes an object for
every cell of a merged range: one range ``A1:XFD1048576`` would be 17 billion)."""
MAX_SHARED_STRINGS = 300_000
"""Most entries (texts and rich-text runs) of the shared-strings table."""
MAX_STYLES = 65_000
"""Most cell formats and other style records in the styles part (Excel itself keeps at most
64,000 cell formats)."""
CELL_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")
"""The start of a stored cell in a sheet part (any namespace prefix)."""
ROW_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?row[\s/>]")
"""The start of a stored row."""


def is_sheet_part(name: str) -> bool:
    """True for a worksheet part (``xl/worksheets/sheet1.xml``)."""
    return name.startswith("xl/worksheets/") and name.count("/") == 2 and name.endswith(".xml")


def count_text(n: int) -> str:
    """A count with the language's thousands separator (``400,000``; ``400.000``)."""
    return f"{n:,}".replace(",", "." if decimal_separator() == "," else ",")


def check_written(data: bytes) -> None:
    """Refuse to write a workbook (``data``, as saved) that holds more stored cells or rows
    than :func:`check_file` lets the tool read again: InputError, nothing written."""
    cells = rows = 0
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if not is_sheet_part(name):
                continue
            xml = archive.read(name)
            cells += len(CELL_TAG.findall(xml))
            rows += len(ROW_TAG.findall(xml))
            if cells > MAX_CELLS or rows > MAX_ROWS:
                what = (_("more than {count} cells", count=count_text(MAX_CELLS))
                        if cells > MAX_CELLS else _("more than {count} rows",
                                                    count=count_text(MAX_ROWS)))
                raise InputError(_(
                    "the workbook would hold {what} (counted up to its part {part}), more than "
                    "xl-tiebreak reads (workbooks of at most {cells} stored cells and {rows} "
                    "rows): nothing was written", what=what, part=name, cells=count_text(MAX_CELLS),
                    rows=count_text(MAX_ROWS)))


