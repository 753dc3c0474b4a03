"""Headless file safety: what the workbook command checks before it reads and rewrites.

Before openpyxl parses a file: its kind, its size and the unzipped size of its parts (zip
bombs); then the parts openpyxl would drop (charts, images, extensions…). How outputs are
written (targets, temporaries, atomic renames, CSV) is :mod:`xl_tiebreak.excel.files.output`,
whose names this module re-exports.
"""

from __future__ import annotations

import io
import posixpath
import re
import stat
import struct
import warnings
import zipfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from xml.parsers import expat

import xl_tiebreak.excel.files.keep_or_refuse as keep
import xl_tiebreak.excel.files.limits as limits
from xl_tiebreak.excel.book.cells import bounds, cell_index
from xl_tiebreak.excel.book.interface import MAX_READ_COLUMNS, MAX_READ_ROWS
from xl_tiebreak.excel.book.names import parse_sized
from xl_tiebreak.excel.files.limits import (  # the limits, re-exported
    CELL_TAG,
    MAX_CELLS,
    MAX_MERGED_CELLS,
    MAX_ROWS,
    MAX_SHARED_STRINGS,
    MAX_STYLES,
    ROW_TAG,
    count_text,
)
from xl_tiebreak.excel.files.output import (
    _TEMP_NAME as _TEMP_NAME,
)
from xl_tiebreak.excel.files.output import (  # the output side, re-exported
    MACRO_SUFFIXES as MACRO_SUFFIXES,
)
from xl_tiebreak.excel.files.output import (
    OUTPUT_SUFFIXES as OUTPUT_SUFFIXES,
)
from xl_tiebreak.excel.files.output import (
    PAUSE_VARIABLE as PAUSE_VARIABLE,
)
from xl_tiebreak.excel.files.output import (
    SPREADSHEET_SUFFIXES as SPREADSHEET_SUFFIXES,
)
from xl_tiebreak.excel.files.output import (
    TEMP_MARK as TEMP_MARK,
)
from xl_tiebreak.excel.files.output import (
    Staged as Staged,
)
from xl_tiebreak.excel.files.output import (
    _alive as _alive,
)
from xl_tiebreak.excel.files.output import (
    _csv_cell as _csv_cell,
)
from xl_tiebreak.excel.files.output import (
    _discard as _discard,
)
from xl_tiebreak.excel.files.output import (
    _pause as _pause,
)
from xl_tiebreak.excel.files.output import (
    _read_only as _read_only,
)
from xl_tiebreak.excel.files.output import (
    _stage as _stage,
)
from xl_tiebreak.excel.files.output import (
    _sync_folder as _sync_folder,
)
from xl_tiebreak.excel.files.output import (
    _Terminated as _Terminated,
)
from xl_tiebreak.excel.files.output import (
    atomic_write as atomic_write,
)
from xl_tiebreak.excel.files.output import (
    check_new as check_new,
)
from xl_tiebreak.excel.files.output import (
    check_not_open as check_not_open,
)
from xl_tiebreak.excel.files.output import (
    check_target as check_target,
)
from xl_tiebreak.excel.files.output import (
    csv_bytes as csv_bytes,
)
from xl_tiebreak.excel.files.output import (
    csv_path as csv_path,
)
from xl_tiebreak.excel.files.output import (
    identity as identity,
)
from xl_tiebreak.excel.files.output import (
    link_note as link_note,
)
from xl_tiebreak.excel.files.output import (
    lock_file as lock_file,
)
from xl_tiebreak.excel.files.output import (
    output_path as output_path,
)
from xl_tiebreak.excel.files.output import (
    remove_stale as remove_stale,
)
from xl_tiebreak.excel.files.output import (
    same_file as same_file,
)
from xl_tiebreak.excel.files.output import (
    save_workbook as save_workbook,
)
from xl_tiebreak.excel.files.output import (
    transaction as transaction,
)
from xl_tiebreak.excel.files.output import (
    workbook_bytes as workbook_bytes,
)
from xl_tiebreak.excel.files.output import (
    write_csv as write_csv,
)
from xl_tiebreak.excel.files.output import (
    write_text_file as write_text_file,
)
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.util.cells import column_letter, quoted, range_ref, sheet_ref
from xl_tiebreak.util.os_reasons import os_reason
from xl_tiebreak.util.safety import printable

__all__ = [
    "MAX_CELLS",
    "MAX_FILE_BYTES",
    "MAX_ROWS",
    "MAX_UNZIPPED_BYTES",
    "RECOMPUTED",
    "check_file",
    "check_target",
    "csv_path",
    "dropped",
    "load",
    "lost_parts",
    "output_path",
    "same_file",
    "save_workbook",
    "values_view",
    "write_csv",
    "write_text_file",
]

MAX_FILE_BYTES = 50 * 1024 * 1024
"""Largest workbook file accepted by the headless command."""
MAX_UNZIPPED_BYTES = 50 * 1024 * 1024
"""Largest total uncompressed size of a workbook's parts (refuses zip bombs and workbooks too
large to load in reasonable time and memory)."""

_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")


_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The first bytes of an OLE compound file: an old .xls workbook, or an encrypted
(password-protected) .xlsx, which Excel stores inside one."""
_MERGE = re.compile(rb'<(?:[A-Za-z_][\w.-]*:)?mergeCell\b[^>]*?\bref="([^"]{1,40})"')
_STRING = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(?:si|r)[\s/>]")
_STYLE = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(?:xf|font|fill|border|dxf|numFmt)[\s/>]")
_ROW_NUMBER = re.compile(rb'<(?:[A-Za-z_][\w.-]*:)?row\b[^>]*?\sr="(\d{1,7})"')


def _too_many(path: Path, part: str, cells: int, rows: int) -> str:
    most_cells, most_rows = count_text(limits.MAX_CELLS), count_text(limits.MAX_ROWS)
    what = (_("more than {count} cells", count=most_cells) if cells > limits.MAX_CELLS
            else _("more than {count} rows", count=most_rows))
    return _("{file} holds {what} (counted up to its part {part}); workbooks of at most "
             "{cells} stored cells and {rows} rows are read: move other data to another "
             "workbook, or delete unused rows and cells", file=path.name, what=what,
             part=printable(part), cells=most_cells, rows=most_rows)


_ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError,
               ValueError, KeyError, OverflowError, struct.error, UnicodeDecodeError,
               zipfile.LargeZipFile)
"""What reading a damaged zip archive can raise besides OSError."""


def check_file(path: Path) -> bytes:
    """Refuse what is not a readable workbook of a sane size before openpyxl parses it: a
    folder, a pipe or device, an old .xls or a password-protected workbook (both OLE files),
    a damaged zip archive (every part is decompressed and checked: well-formed XML without a
    DTD, within the size limits), required parts missing. The message names the file and the
    part. Returns the file's bytes, read once and checked in memory (what the zip route then
    reads is what was checked)."""
    if path.suffix.lower() not in _SUFFIXES:
        raise InputError(_("{file}: expected an .xlsx or .xlsm workbook", file=path.name))
    try:
        info = path.stat()
    except OSError as exc:
        raise InputError(_("{path}: cannot read the file ({reason})", path=path,
                           reason=os_reason(exc))) from exc
    if stat.S_ISDIR(info.st_mode):
        raise InputError(_("{path}: is a folder, not a workbook file", path=path))
    if not stat.S_ISREG(info.st_mode):
        raise InputError(_("{path}: is not a regular file (a pipe or a device); give the "
                           "workbook file itself", path=path))
    if info.st_size > MAX_FILE_BYTES:
        raise _too_big(path, info.st_size)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(_("{path}: cannot read the file ({reason})", path=path,
                           reason=os_reason(exc))) from exc
    if data.startswith(_OLE_MAGIC):
        if "EncryptionInfo".encode("utf-16-le") in data:
            raise InputError(_("{file} is password-protected (encrypted): remove the "
                               "password in Excel (File > Info > Protect Workbook) and save "
                               "it, then run again", file=path.name))
        raise InputError(_("{file} is an old Excel 97-2003 workbook (.xls format) named "
                           "{suffix}: save it in Excel as an .xlsx workbook", file=path.name,
                           suffix=path.suffix))
    if len(data) > MAX_FILE_BYTES:  # it grew since: refused as a bigger file is
        raise _too_big(path, len(data))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            unzipped = sum(member.file_size for member in members)
            if unzipped > MAX_UNZIPPED_BYTES:
                raise InputError(_("{file} unpacks to more than {most} MB; refused",
                                   file=path.name, most=MAX_UNZIPPED_BYTES // 1024 // 1024))
            _check_parts(path, archive, members)
    except InputError:
        raise
    except (OSError, *_ZIP_ERRORS) as exc:
        raise InputError(_("{file} is not an Excel workbook (.xlsx/.xlsm), or it is damaged: "
                           "it is not a readable zip archive", file=path.name)) from exc
    return data


def _too_big(path: Path, size: int) -> InputError:
    """The refusal of a workbook file of ``size`` bytes, over :data:`MAX_FILE_BYTES`."""
    return InputError(_(
        "{file} is {size} MB; workbooks up to {most} MB are accepted", file=path.name,
        size=f"{size / 1024 / 1024:.0f}", most=MAX_FILE_BYTES // 1024 // 1024))


def _check_parts(path: Path, archive: zipfile.ZipFile, members: list[zipfile.ZipInfo]) -> None:
    """Every part decompresses with its checksum right (a damaged part is named), and the parts
    openpyxl needs are there."""
    count = _Counts(path)
    for member in members:
        kind = _kind(member.filename)
        xml = _xml_parser() if _parsed(member.filename) else None
        try:
            with archive.open(member) as part:
                tail = b""
                while chunk := part.read(_SCAN_CHUNK):
                    if xml is not None:
                        xml.Parse(chunk, False)
                    if kind:  # counted up to the last tag start, the rest with the next chunk
                        data = tail + chunk
                        cut = data.rfind(b"<")
                        cut = len(data) if cut < 0 or len(data) - cut > 4096 else cut
                        count.add(kind, member.filename, data[:cut])
                        tail = data[cut:]
                if kind:
                    count.add(kind, member.filename, tail)
                if xml is not None:
                    xml.Parse(b"", True)
        except InputError:  # (a ValueError too)
            raise
        except _Declared:
            raise InputError(_(
                "{file}: its part {part}{sheet} declares XML entities or a DTD, which are "
                "refused (they can hide an XML bomb); a workbook saved by Excel or LibreOffice "
                "has none", file=path.name, part=printable(member.filename),
                sheet=_sheet_note(archive, member.filename))) from None
        except expat.ExpatError as exc:
            raise InputError(_(
                "{file}: its part {part}{sheet} is not well-formed XML (line {line}, column "
                "{column}: {reason}): the file is damaged; open it in Excel or LibreOffice to "
                "repair it, or use a backup", file=path.name, part=printable(member.filename),
                sheet=_sheet_note(archive, member.filename), line=exc.lineno,
                column=exc.offset + 1, reason=expat.ErrorString(exc.code)),
            ) from None
        except (OSError, *_ZIP_ERRORS) as exc:
            raise InputError(_("{file} is damaged: its part {part} cannot be read (a corrupt "
                               "or truncated file); open it in Excel to repair it, or use a "
                               "backup", file=path.name, part=member.filename)) from exc
    names = set(archive.namelist())
    for required in ("[Content_Types].xml", "_rels/.rels"):
        if required not in names:
            raise InputError(_("{file} is not an Excel workbook, or it is damaged: the part "
                               "{part} is missing", file=path.name, part=required))
    workbook = _office_document(archive)
    if workbook not in names:
        raise InputError(_("{file} is not an Excel workbook, or it is damaged: the part "
                           "{part} (the workbook) is missing", file=path.name,
                           part=workbook or "xl/workbook.xml"))
    folder, base = workbook.rsplit("/", 1) if "/" in workbook else ("", workbook)
    rels = f"{folder}/_rels/{base}.rels" if folder else f"_rels/{base}.rels"
    for kind, target in _targets(archive, rels, folder):
        if target not in names and kind in ("styles", "worksheet", "sharedStrings", "theme"):
            raise InputError(_("{file} is damaged: the part {part} ({kind}) is missing",
                               file=path.name, part=target, kind=kind))
    _check_crosstable_area(path, archive, workbook, count.sheet_rows)


class _Declared(Exception):
    """A DTD or an entity declaration in a part openpyxl parses."""


def _xml_parser() -> Any:
    """An expat parser that only checks that a part is well-formed XML, and refuses a DTD or
    an entity declaration (as defusedxml does when openpyxl parses the part)."""
    parser = expat.ParserCreate()

    def refuse(*args: object) -> None:
        raise _Declared

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    return parser


def _parsed(name: str) -> bool:
    """True for the XML parts openpyxl parses as it loads a workbook (the others it keeps or
    drops unread, so their XML is not its concern)."""
    if name == "[Content_Types].xml" or name == "_rels/.rels":
        return True
    if name.endswith(".rels"):
        return name.rsplit("/_rels/", 1)[0] in ("xl", "xl/worksheets", "xl/chartsheets",
                                                "xl/drawings")
    if name in ("docProps/core.xml", "docProps/custom.xml"):
        return True
    if not (name.startswith("xl/") and name.endswith(".xml")):
        return False
    base = name.rsplit("/", 1)[-1].lower()
    folder = name.rsplit("/", 1)[0]
    return (folder in ("xl/worksheets", "xl/chartsheets") or name == "xl/workbook.xml"
            or base.startswith(("sharedstrings", "styles", "comments")))


def _sheet_note(archive: zipfile.ZipFile, part: str) -> str:
    """`` (the sheet 'Name')`` for a worksheet part, "" for another part or when the workbook
    part cannot tell."""
    try:
        for name, sheet_part in keep.sheet_parts(archive).values():
            if sheet_part == part:
                return _(" (the sheet '{sheet}')", sheet=printable(name))
    except Exception:  # the workbook part itself is damaged: the part alone is named
        return ""
    return ""


CROSSTABLE = "Crosstable"
"""The sheet, or defined name, that holds the crosstable every workbook command reads."""


def _check_crosstable_area(path: Path, archive: zipfile.ZipFile, workbook: str,
                           sheet_rows: dict[str, tuple[int, int]]) -> None:
    """Refuse at once a crosstable the reader would refuse only after openpyxl loaded the
    whole file: the range it reads (the ``Crosstable`` name, sized by COUNTA or a plain range,
    or else the ``Crosstable`` sheet's used area) cut to the used area of its sheet, more than
    :data:`MAX_READ_ROWS` × :data:`MAX_READ_COLUMNS` (the spreadsheet layer's own rule). The
    sheet's cells are looked at only when it stores that many rows."""
    try:
        found = _crosstable_range(archive, workbook)
    except Exception:  # what openpyxl then makes of the workbook part is its own message
        return
    if found is None:
        return
    sheet, part, area = found
    stored, highest = sheet_rows.get(part, (0, 0))
    if max(stored, highest) <= MAX_READ_ROWS:
        return  # no range of that sheet can be too tall (the columns cost nothing to load)
    used = _UsedArea()
    _scan_sheet(archive, part, used)
    ref = _too_large(area, used)
    if ref and used.shared:  # a shared text counted as a value may be blank: look again
        used = _UsedArea(_blank_strings(archive, workbook))
        _scan_sheet(archive, part, used)
        ref = _too_large(area, used)
    if ref:
        raise _too_tall(path, sheet, ref, used.far())


def _too_large(area: tuple[int, ...] | None, used: _UsedArea) -> str:
    """The range read (A1 notation) when it is too large to read, else ""."""
    if area is None:  # the name sized by COUNTA of column A and of row 1
        r1, c1, r2, c2 = 1, 1, used.column_a, used.row_1
    elif area == ():  # the whole sheet's used area
        r1, c1, r2, c2 = 1, 1, used.last_row, used.last_column
    else:
        r1, c1, r2, c2 = area
    r2 = max(r1, min(r2, used.last_row))
    c2 = max(c1, min(c2, used.last_column))
    if r2 - r1 + 1 > MAX_READ_ROWS or c2 - c1 + 1 > MAX_READ_COLUMNS:
        return range_ref(r1, c1, r2, c2)
    return ""


def _too_tall(path: Path, sheet: str, ref: str, far: list[tuple[str, str | None]]
              ) -> InputError:
    """The refusal of a crosstable area too large to read, placed on its sheet as the
    spreadsheet layer places its own, naming the far cells (with their values, when they are
    not shared texts)."""
    cells = ", ".join(
        _("{cell} holding {value}", cell=sheet_ref(sheet, cell), value=quoted(value, 30))
        if value is not None else sheet_ref(sheet, cell) for cell, value in far)
    message = _(
        "{file}: the crosstable, {range} up to its last filled row and column, is too large "
        "to read (at most {rows} rows and {columns} columns); refused before the file is "
        "loaded: delete what is far outside the table ({cells})",
        file=path.name, range=printable(sheet_ref(sheet, ref)), rows=MAX_READ_ROWS,
        columns=MAX_READ_COLUMNS, cells=printable(cells))
    return InputError([Problem(Severity.ERROR, message, printable(sheet_ref(sheet)))])


_DEFINED = re.compile(rb'<(?:[A-Za-z_][\w.-]*:)?definedName\b([^>]*)>([^<]{0,2000})<')
_NAME = re.compile(rb'\bname="([^"]{1,255})"')
_PLAIN = re.compile(r"(?P<sheet>'(?:[^']|'')+'|[^'!:(),\s]+)!(?P<ref>\$?[A-Za-z]{0,3}\$?\d*"
                    r"(?::\$?[A-Za-z]{0,3}\$?\d*)?)")


def _crosstable_range(archive: zipfile.ZipFile, workbook: str
                      ) -> tuple[str, str, tuple[int, ...] | None] | None:
    """(sheet, its part, area) of the range the crosstable is read from, as the spreadsheet
    layer finds it: the workbook's ``Crosstable`` name, a plain single range (its bounds) or
    the templates' COUNTA-sized name (area None), else the ``Crosstable`` sheet (area ``()``,
    its used area); None when there is neither."""
    sheets = keep.sheet_parts(archive)
    text = _defined_name(archive.read(workbook)[:MAX_UNZIPPED_BYTES], CROSSTABLE)
    if text is not None:
        sized = parse_sized(text)
        if sized is not None:
            found = sheets.get(sized[0].casefold())
            return None if found is None else (found[0], found[1], None)
        m = _PLAIN.fullmatch(text.strip().lstrip("="))
        if m is not None:
            name = m.group("sheet")
            if name.startswith("'"):
                name = name[1:-1].replace("''", "'")
            found = sheets.get(name.casefold())
            try:
                area = bounds(m.group("ref").replace("$", ""))
            except ValueError:
                area = None
            if found is not None and area is not None:
                return found[0], found[1], area
    found = sheets.get(CROSSTABLE.casefold())
    return None if found is None else (found[0], found[1], ())


def _defined_name(workbook_xml: bytes, wanted: str) -> str | None:
    """What the workbook-wide defined name ``wanted`` (any case) refers to, unescaped."""
    from xl_tiebreak.util.xml_text import unescape

    for m in _DEFINED.finditer(workbook_xml):
        attributes = m.group(1)
        name = _NAME.search(attributes)
        if name is None or b"localSheetId" in attributes:
            continue
        if unescape(name.group(1).decode("utf-8", "replace")).casefold() == wanted.casefold():
            return unescape(m.group(2).decode("utf-8", "replace"),
                            {"&quot;": '"', "&apos;": "'"})
    return None


class _UsedArea:
    """What one sheet part's cells hold, as the spreadsheet layer measures it: the last row
    and column with a value that is not blank (a shared text is taken for one unless
    ``blank_strings`` lists it), the cells that set them, and COUNTA of column A and of row 1
    (every value)."""

    def __init__(self, blank_strings: set[int] | None = None) -> None:
        self.blank_strings = blank_strings
        self.last_row = self.last_column = self.column_a = self.row_1 = 0
        self.far_row: tuple[str, str | None] = ("", None)
        self.far_column: tuple[str, str | None] = ("", None)
        self.shared = False
        """Whether a shared text was counted as a value without knowing it (the table was
        not read)."""

    def add(self, row: int, column: int, value: str | None, shared: bool) -> None:
        if value is None:
            return
        self.column_a += column == 1  # COUNTA counts a text of spaces too
        self.row_1 += row == 1
        if shared:
            if self.blank_strings is None:
                self.shared = True
            elif value.strip().isdigit() and int(value) in self.blank_strings:
                return
        elif not value.strip():
            return
        cell = (f"{column_letter(column)}{row}", None if shared else value)
        if row > self.last_row:
            self.last_row, self.far_row = row, cell
        if column > self.last_column:
            self.last_column, self.far_column = column, cell

    def far(self) -> list[tuple[str, str | None]]:
        """The cells that set the last row and the last column, with their values (None for
        a shared text)."""
        return list(dict.fromkeys(c for c in (self.far_row, self.far_column) if c[0]))


def _scan_sheet(archive: zipfile.ZipFile, part: str, used: _UsedArea) -> None:
    """Stream one sheet part through expat into ``used`` (rows and cells without ``r``
    counted on from the previous one, as openpyxl does)."""
    parser = expat.ParserCreate()
    state: dict[str, Any] = {"row": 0, "column": 0, "type": "", "text": None, "in": "",
                             "formula": False}

    def local(tag: str) -> str:
        return tag.rsplit(":", 1)[-1]

    def start(tag: str, attributes: dict[str, str]) -> None:
        name = local(tag)
        if name == "row":
            number = attributes.get("r", "")
            state["row"] = int(number) if number.isdigit() else state["row"] + 1
            state["column"] = 0
        elif name == "c":
            ref = attributes.get("r", "")
            try:
                state["row"], state["column"] = cell_index(ref) if ref else (
                    state["row"], state["column"] + 1)
            except ValueError:
                state["column"] += 1
            state["type"], state["text"], state["formula"] = attributes.get("t", "n"), None, False
        elif name in ("v", "t", "f"):
            state["in"] = name
            state["formula"] = state["formula"] or name == "f"

    def text(data: str) -> None:
        if state["in"]:
            state["text"] = (state["text"] or "") + data[:100]

    def end(tag: str) -> None:
        name = local(tag)
        if name in ("v", "t", "f"):
            state["in"] = ""
        elif name == "c":
            value = "=" if state["formula"] else state["text"]
            used.add(state["row"], state["column"], value,
                     state["type"] == "s" and not state["formula"])

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    with archive.open(part) as handle:
        parser.ParseFile(handle)


def _blank_strings(archive: zipfile.ZipFile, workbook: str) -> set[int]:
    """The indexes of the shared texts that are blank (white space only)."""
    folder = workbook.rsplit("/", 1)[0] if "/" in workbook else ""
    rels = f"{folder}/_rels/{workbook.rsplit('/', 1)[-1]}.rels" if folder else (
        f"_rels/{workbook}.rels")
    parts = [target for kind, target in _targets(archive, rels, folder)
             if kind == "sharedStrings" and target in archive.NameToInfo]
    blank: set[int] = set()
    if not parts:
        return blank
    parser = expat.ParserCreate()
    state: dict[str, Any] = {"index": -1, "text": "", "in": 0}

    def start(tag: str, attributes: dict[str, str]) -> None:
        name = tag.rsplit(":", 1)[-1]
        if name == "si":
            state["index"] += 1
            state["text"] = ""
        elif name == "t":
            state["in"] += 1
        elif name == "rPh":
            state["in"] -= 1000  # phonetic guides are not the cell's text

    def end(tag: str) -> None:
        name = tag.rsplit(":", 1)[-1]
        if name == "si" and not state["text"].strip():
            blank.add(state["index"])
        elif name == "t":
            state["in"] -= 1
        elif name == "rPh":
            state["in"] += 1000

    def text(data: str) -> None:
        if state["in"] > 0:
            state["text"] += data[:100]

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    with archive.open(parts[0]) as handle:
        parser.ParseFile(handle)
    return blank


def _kind(name: str) -> str:
    """Which limits a part is counted against: "sheet", "strings", "styles" or ""."""
    if not name.endswith(".xml") or not name.startswith("xl/"):
        return ""
    if name.startswith("xl/worksheets/") and name.count("/") == 2:
        return "sheet"
    base = name.rsplit("/", 1)[-1].lower()
    if base.startswith("sharedstrings"):
        return "strings"
    if base.startswith("styles"):
        return "styles"
    return ""


class _Counts:
    """What the parts hold, counted while they are decompressed, and refused as soon as a
    limit is passed (before openpyxl would spend the time and memory)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.cells = self.rows = self.merged = self.strings = self.styles = 0
        self.sheet_rows: dict[str, tuple[int, int]] = {}
        """Per sheet part: (rows stored, highest row number given)."""

    def add(self, kind: str, part: str, data: bytes) -> None:
        name = self.path.name
        if kind == "sheet":
            self.cells += len(CELL_TAG.findall(data))
            rows = len(ROW_TAG.findall(data))
            self.rows += rows
            stored, highest = self.sheet_rows.get(part, (0, 0))
            numbers = [int(n) for n in _ROW_NUMBER.findall(data)]
            self.sheet_rows[part] = (stored + rows, max([highest, *numbers]))
            if self.cells > limits.MAX_CELLS or self.rows > limits.MAX_ROWS:
                raise InputError(_too_many(self.path, part, self.cells, self.rows))
            for m in (_MERGE.finditer(data) if b"mergeCell" in data else ()):  # most have none
                ref = m.group(1).decode("ascii", "replace")
                try:
                    r1, c1, r2, c2 = bounds(ref)
                except ValueError:
                    raise InputError(_("{file}: the merged range {ref} in its part {part} is "
                                       "not a range; the file is damaged", file=name,
                                       ref=repr(ref), part=part)) from None
                self.merged += (r2 - r1 + 1) * (c2 - c1 + 1)
                if self.merged > MAX_MERGED_CELLS:
                    raise InputError(_(
                        "{file}: its merged ranges cover more than {most} cells (counted up "
                        "to the range {ref} in its part {part}); unmerge them (Home > Merge & "
                        "Center) and save the workbook again", file=name,
                        most=count_text(MAX_MERGED_CELLS), ref=ref, part=part))
        elif kind == "strings":
            self.strings += len(_STRING.findall(data))
            if self.strings > MAX_SHARED_STRINGS:
                raise InputError(_("{file}: its shared-strings table (the part {part}) holds "
                                   "more than {most} texts and text runs; refused", file=name,
                                   part=part, most=count_text(MAX_SHARED_STRINGS)))
        elif kind == "styles":
            self.styles += len(_STYLE.findall(data))
            if self.styles > MAX_STYLES:
                raise InputError(_("{file}: its styles (the part {part}) hold more than "
                                   "{most} formats; remove unused cell styles and save the "
                                   "workbook again", file=name, part=part,
                                   most=count_text(MAX_STYLES)))


_TARGET = re.compile(rb'<(?:[A-Za-z_][\w.-]*:)?Relationship\b[^>]*>')
"""A relationship element, with or without a namespace prefix (``<ns0:Relationship``: a
prefix is as valid as the default namespace, and some writers use it)."""
_ATTRIBUTE = re.compile(rb'\b(Type|Target|TargetMode)="([^"]*)"')


def _targets(archive: zipfile.ZipFile, rels: str, folder: str) -> list[tuple[str, str]]:
    """(short type, part) of the internal relationships in the part ``rels``."""
    if rels not in archive.NameToInfo:
        return []
    out: list[tuple[str, str]] = []
    for m in _TARGET.finditer(archive.read(rels)[:MAX_UNZIPPED_BYTES]):
        attributes = {k.decode(): v.decode("utf-8", "replace")
                      for k, v in _ATTRIBUTE.findall(m.group(0))}
        if attributes.get("TargetMode") == "External":
            continue
        target = attributes.get("Target", "")
        part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
            posixpath.join(folder, target))
        out.append((attributes.get("Type", "").rsplit("/", 1)[-1], part))
    return out


def _office_document(archive: zipfile.ZipFile) -> str:
    for kind, part in _targets(archive, "_rels/.rels", ""):
        if kind == "officeDocument":
            return part
    return ""


def load(
    path: Path,
    keep_vba: bool,
    data_only: bool = False,
    read_only: bool = False,
    notes: list[str] | None = None,
) -> Any:
    """openpyxl load (which parses XML through defusedxml when it is installed). openpyxl's
    warnings (e.g. about parts it drops) are caught, never printed, and added to ``notes``.
    InputError when openpyxl cannot read the file, naming the file and the part, sheet and
    cell it was reading (:func:`failure_text`)."""
    import openpyxl  # here only: the text and CSV writers of this module need none

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            workbook = openpyxl.load_workbook(
                path, keep_vba=keep_vba, data_only=data_only, read_only=read_only
            )
    except InputError:
        raise
    except OSError as exc:
        raise InputError(_("{file}: cannot read the file: {reason}", file=path.name,
                           reason=exc.strerror or _("an input or output error"))) from exc
    except Exception as exc:  # corrupt parts, forbidden XML entities, …
        raise InputError(failure_text(path, exc)) from exc
    if notes is not None:
        notes.extend(str(w.message) for w in caught)
    if not read_only:
        _keep_comment_boxes(path, workbook)
    settle_vba(workbook)
    return workbook


def settle_vba(workbook: Any) -> None:
    """Make the copy of the VBA project's parts that openpyxl keeps beside a workbook loaded
    with ``keep_vba`` (a zip archive in memory, opened for appending) a finished, read-only
    archive: openpyxl only reads it afterwards, and an archive left open for appending writes
    its directory when it is collected, which fails (``I/O operation on closed file``) once
    the garbage collector has closed its buffer first (they are in the workbook's reference
    cycles)."""
    archive = getattr(workbook, "vba_archive", None)
    if not isinstance(archive, zipfile.ZipFile) or archive.mode == "r":
        return
    buffer = archive.fp
    if not isinstance(buffer, io.BytesIO):
        return
    archive.close()  # its directory written into its buffer
    workbook.vba_archive = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))


def _keep_comment_boxes(path: Path, workbook: Any) -> None:
    """Give each comment the size of its box in the file: openpyxl reads a comment's text
    and author only, and would write every box at its default size."""
    try:
        with zipfile.ZipFile(path) as archive:
            sheets = keep.sheet_parts(archive)
            boxes = {name: keep.comment_boxes(archive, part) for name, part in sheets.values()
                     if any(n.startswith("xl/comments") or "/comments" in n
                            for n in archive.NameToInfo)}
    except Exception:  # unreadable VML: the in-place comparison names what differs
        return
    for name, found in boxes.items():
        if name not in workbook.sheetnames or not found:
            continue
        cells = getattr(workbook[name], "_cells", {})
        for (row, column), (width, height, _shown) in found.items():
            cell = cells.get((row, column))
            comment = getattr(cell, "comment", None)
            if comment is None:
                continue
            if width is not None:
                comment.width = round(width, 2)
            if height is not None:
                comment.height = round(height, 2)


_STAGES = {
    "read manifest": ("[Content_Types].xml", N_("the list of parts")),
    "read strings": ("", N_("the shared texts")),
    "read workbook": ("", N_("the workbook")),
    "read properties": ("docProps/core.xml", N_("the document properties")),
    "read custom properties": ("docProps/custom.xml", N_("the custom document properties")),
    "read theme": ("", N_("the theme")),
    "read stylesheet": ("xl/styles.xml", N_("the styles")),
    "assign names": ("", N_("the defined names")),
}
"""What openpyxl was reading at each stage of its load (its ``action``): the part, when the
stage always reads the same one, and what it is for people."""


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and the exceptions it was raised from or while handling, outermost first."""
    out: list[BaseException] = []
    seen: set[int] = set()
    found: BaseException | None = exc
    while found is not None and id(found) not in seen and len(out) < 20:
        out.append(found)
        seen.add(id(found))
        found = found.__cause__ or found.__context__
    return out


def _frames(exc: BaseException) -> list[dict[str, Any]]:
    """The local variables of every frame the exceptions of ``exc``'s chain went through,
    outermost first (bounded)."""
    out: list[dict[str, Any]] = []
    for item in reversed(_chain(exc)):  # the innermost exception has the deepest frames
        tb = item.__traceback__
        while tb is not None and len(out) < 400:
            out.append(dict(tb.tb_frame.f_locals))
            tb = tb.tb_next
    return out


def _text_attribute(value: object, name: str) -> str:
    found = getattr(value, name, None)
    return found if isinstance(found, str) else ""


def failure_place(exc: BaseException) -> tuple[str, str, str, str]:
    """(stage, part, sheet, cell) openpyxl was reading when it raised ``exc``, each "" when
    unknown: found in the local variables of its frames (its load's ``action``, the sheet and
    its relationship, a cell's ``coordinate``)."""
    stage = part = sheet = cell = ""
    for local in _frames(exc):
        action = local.get("action")
        if isinstance(action, str):
            stage = action
        found = local.get("sheet")
        name = _text_attribute(found, "name") or _text_attribute(found, "title")
        if name:
            sheet = name
        target = _text_attribute(local.get("rel"), "target")
        if target:
            part = target.lstrip("/")
        for key in ("strings_path", "workbook_part_name", "src_path"):
            value = local.get(key)
            if isinstance(value, str) and value and not part:
                part = value.lstrip("/")
        coordinate = local.get("coordinate")
        if isinstance(coordinate, str) and len(coordinate) <= 20:
            cell = coordinate
    return stage, part, sheet, cell


def _what_failed(exc: BaseException) -> str:
    """Why openpyxl could not read a part, said for people (never the exception's name)."""
    root = root_cause(exc)
    kind = type(root).__name__
    detail = printable(str(root).splitlines()[0] if str(root) else "")[:160]
    if kind in ("DTDForbidden", "EntitiesForbidden", "ExternalReferenceForbidden"):
        return _("it declares XML entities or a DTD, which are refused (they can hide an XML "
                 "bomb)")
    if kind in ("ExpatError", "ParseError", "XMLSyntaxError"):
        return _("it is not well-formed XML ({detail})", detail=detail)
    if isinstance(root, KeyError):
        return _("it refers to something the file does not hold ({detail})", detail=detail)
    m = re.search(r"unexpected keyword argument '([^']{1,60})'", detail)
    if m:
        return _("it holds an attribute or element the file format does not have ({name})",
                 name=m.group(1))
    if detail:
        return _("it holds a value that cannot be read ({detail})", detail=detail)
    return _("it holds something that cannot be read")


def failure_text(path: Path, exc: BaseException) -> str:
    """The message for a workbook openpyxl could not read: the file, the sheet or part and
    the cell it was reading, and why; never a traceback or an exception's name."""
    stage, part, sheet, cell = failure_place(exc)
    known_part, what = _STAGES.get(stage, ("", ""))
    part = part or known_part
    if sheet:
        where = _("the sheet '{sheet}'", sheet=printable(sheet))
        if cell:
            where = _("the cell {cell} of the sheet '{sheet}'", cell=printable(cell),
                      sheet=printable(sheet))
        if part:
            where = _("{where} (its part {part})", where=where, part=printable(part))
    elif part and what:
        where = _("its part {part} ({what})", part=printable(part), what=translated(what))
    elif part:
        where = _("its part {part}", part=printable(part))
    elif what:
        where = translated(what)
    else:
        where = _("its parts")
    return _("{file}: cannot read {where}: {why}. The file is damaged or was written by a "
             "program that does not follow the format: open it in Excel or LibreOffice and "
             "save it again, or use a backup", file=path.name, where=where,
             why=_what_failed(exc))


def values_view(path: Path) -> Callable[[], Any]:
    """A function loading the values Excel saved (streaming, read-only): called only when a
    range read has formula cells, and then only the sheets read are parsed."""
    return lambda: load(path, False, data_only=True, read_only=True)


def root_cause(exc: BaseException) -> BaseException:
    """The innermost exception (openpyxl wraps the XML parser's own, e.g. EntitiesForbidden)."""
    seen = {id(exc)}
    while (inner := exc.__cause__ or exc.__context__) is not None and id(inner) not in seen:
        seen.add(id(inner))
        exc = inner
    return exc


_LOST_FOLDERS = (
    ("xl/charts/", N_("charts")),
    ("xl/media/", N_("images")),
    ("xl/slicers/", N_("slicers")),
    ("xl/slicerCaches/", N_("slicers")),
    ("xl/timelines/", N_("timelines")),
    ("xl/timelineCaches/", N_("timelines")),
    ("xl/threadedComments/", N_("threaded comments")),
    ("xl/ctrlProps/", N_("form controls (buttons, check boxes)")),
    ("xl/activeX/", N_("ActiveX controls")),
    ("xl/richData/", N_("pictures in cells")),
    ("xl/model/", N_("a data model (Power Pivot)")),
    ("xl/queryTables/", N_("query tables")),
    ("xl/connections.xml", N_("data connections")),
    ("customXml/", N_("custom XML data")),
)
"""Parts of a workbook that openpyxl does not write back, by folder, and what they are."""

"""Worksheet extensions (``<extLst><ext uri=…>``) by URI, and what they are; openpyxl drops
every worksheet extension."""
_EXT_URI = re.compile(rb"<(?:[A-Za-z0-9_]+:)?ext\b[^>]*?\buri=\"(\{[^\"]{1,64}\})\"")
_SCAN_CHUNK = 1 << 20


def _sheet_extensions(archive: zipfile.ZipFile, name: str) -> set[str]:
    """The extension URIs (upper case) used in one worksheet part, read in chunks."""
    found: set[str] = set()
    tail = b""
    with archive.open(name) as part:
        while chunk := part.read(_SCAN_CHUNK):
            data = tail + chunk
            found.update(m.group(1).decode("ascii", "replace").upper()
                         for m in _EXT_URI.finditer(data))
            tail = data[-256:]
    return found


def lost_parts(path: Path) -> list[str]:
    """What openpyxl drops on a round trip: charts, images, shapes, slicers, form controls…
    (by the parts in the file) and worksheet extensions such as cross-sheet drop-down lists,
    data bars and sparklines (by the ``<extLst>`` of each worksheet)."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        lost: list[str] = []
        for folder, what in _LOST_FOLDERS:
            if what not in lost and any(n.startswith(folder) for n in names):
                lost.append(what)
        if any(re.fullmatch(r"xl/drawings/drawing\d+\.xml", n)
               and not keep.empty_drawing(archive, n) for n in names):
            lost.append("shapes/drawings")
        for name in names:
            if re.fullmatch(r"xl/worksheets/[^/]+\.xml", name):
                for uri in sorted(_sheet_extensions(archive, name)):
                    what = keep.EXTENSIONS.get(uri, "Excel extensions (extLst)")
                    if what not in lost:
                        lost.append(what)
    return lost


_DROPPED = re.compile(r"removed|dropped|discarded|ignored|lost|unable to read|cannot be read",
                      re.IGNORECASE)


def dropped(notes: Sequence[str], lost: list[str]) -> list[str]:
    """openpyxl's load warnings about what it drops, said for people, without repeating what
    :func:`lost_parts` found."""
    out: list[str] = []
    for note in notes:
        if not _DROPPED.search(note):
            continue
        m = re.match(r"(.+?) extension is not supported", note)
        if m:
            if any("extension" in item or item in ("sparklines", "slicers", "timelines")
                   for item in lost):
                continue
            what = f"{m.group(1)} extensions (extLst)"
        elif note.startswith("DrawingML support is incomplete"):
            if "shapes/drawings" in lost:
                continue
            what = "shapes/drawings"
        else:
            what = note.strip().rstrip(".")
        if what not in lost and what not in out:
            out.append(what)
    return out


RECOMPUTED = N_("Formulas are kept; their last computed values are not stored, and Excel "
                "recomputes them when the file is opened.")
