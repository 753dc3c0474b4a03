"""Headless file safety: what the workbook command checks and how it writes.

Before openpyxl parses a file: its kind, its size and the unzipped size of its parts (zip
bombs). Before anything is written: the target folder, a read-only target, outputs that would
overwrite a workbook, and the parts openpyxl would drop (charts, images, extensions…). Every
file is written atomically (temporary file in the same folder, flushed, renamed), and a
write-protected file is never replaced.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import os
import posixpath
import re
import stat
import struct
import tempfile
import warnings
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from xl_tiebreak.excel import keep
from xl_tiebreak.model import InputError
from xl_tiebreak.numbers import fmt, from_float
from xl_tiebreak.safety import formula_safe

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

_MACRO_SUFFIXES = (".xlsm", ".xltm")
_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")
_OUTPUT_SUFFIXES = (".xlsx", ".xlsm")
_SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm", ".xls", ".xlsb", ".xlt", ".ods",
                         ".fods", ".numbers")


_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The first bytes of an OLE compound file: an old .xls workbook, or an encrypted
(password-protected) .xlsx, which Excel stores inside one."""
MAX_CELLS = 150_000
"""Most cells stored in all the sheets of a workbook together (openpyxl reads and writes
every one of them: about 1.5 s per 100,000 cells each way). A crosstable of 5,000 players and
15 rounds, with the template's other sheets, fits."""
MAX_ROWS = 150_000
"""Most rows stored (with or without cells) in all the sheets of a workbook together."""
_CELL = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")
_ROW = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?row[\s/>]")


def _too_many(path: Path, part: str, cells: int, rows: int) -> str:
    what = (f"more than {MAX_CELLS:,} cells" if cells > MAX_CELLS
            else f"more than {MAX_ROWS:,} rows")
    return (f"{path.name} holds {what} (counted up to its part {part}); workbooks of at most "
            f"{MAX_CELLS:,} stored cells and {MAX_ROWS:,} rows are read: move other data to "
            "another workbook, or delete unused rows and cells")


_ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError,
               ValueError, KeyError, OverflowError, struct.error, UnicodeDecodeError,
               zipfile.LargeZipFile)
"""What reading a damaged zip archive can raise besides OSError."""


def check_file(path: Path) -> None:
    """Refuse what is not a readable workbook of a sane size before openpyxl parses it: a
    folder, a pipe or device, an old .xls or a password-protected workbook (both OLE files),
    a damaged zip archive (every part is decompressed and checked), required parts missing,
    more than the size limits. The message names the file and the part."""
    if path.suffix.lower() not in _SUFFIXES:
        raise InputError(f"{path.name}: expected an .xlsx or .xlsm workbook")
    try:
        info = path.stat()
    except OSError as exc:
        raise InputError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{path}: is a folder, not a workbook file")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{path}: is not a regular file (a pipe or a device); "
                         "give the workbook file itself")
    size = info.st_size
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"{path.name} is {size / 1024 / 1024:.0f} MB; workbooks up to "
            f"{MAX_FILE_BYTES // 1024 // 1024} MB are accepted"
        )
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_OLE_MAGIC))
            if head == _OLE_MAGIC:
                handle.seek(0)
                ole = handle.read(MAX_FILE_BYTES)
    except OSError as exc:
        raise InputError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    if head == _OLE_MAGIC:
        if "EncryptionInfo".encode("utf-16-le") in ole:
            raise InputError(f"{path.name} is password-protected (encrypted): remove the "
                             "password in Excel (File > Info > Protect Workbook) and save it, "
                             "then run again")
        raise InputError(f"{path.name} is an old Excel 97-2003 workbook (.xls format) named "
                         f"{path.suffix}: save it in Excel as an .xlsx workbook")
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            unzipped = sum(member.file_size for member in members)
            if unzipped > MAX_UNZIPPED_BYTES:
                raise InputError(f"{path.name} unpacks to more than "
                                 f"{MAX_UNZIPPED_BYTES // 1024 // 1024} MB; refused")
            _check_parts(path, archive, members)
    except InputError:
        raise
    except (OSError, *_ZIP_ERRORS) as exc:
        raise InputError(f"{path.name} is not an Excel workbook (.xlsx/.xlsm), or it is "
                         "damaged: it is not a readable zip archive") from exc


def _check_parts(path: Path, archive: zipfile.ZipFile, members: list[zipfile.ZipInfo]) -> None:
    """Every part decompresses with its checksum right (a damaged part is named), and the parts
    openpyxl needs are there."""
    cells = rows = 0
    for member in members:
        sheet = member.filename.startswith("xl/worksheets/") and member.filename.endswith(".xml")
        try:
            with archive.open(member) as part:
                while chunk := part.read(_SCAN_CHUNK):
                    if sheet:
                        cells += len(_CELL.findall(chunk))
                        rows += len(_ROW.findall(chunk))
                        if cells > MAX_CELLS or rows > MAX_ROWS:
                            raise InputError(_too_many(path, member.filename, cells, rows))
        except InputError:  # (a ValueError too)
            raise
        except (OSError, *_ZIP_ERRORS) as exc:
            raise InputError(f"{path.name} is damaged: its part {member.filename} cannot be "
                             "read (a corrupt or truncated file); open it in Excel to repair "
                             "it, or use a backup") from exc
    names = set(archive.namelist())
    for required in ("[Content_Types].xml", "_rels/.rels"):
        if required not in names:
            raise InputError(f"{path.name} is not an Excel workbook, or it is damaged: the "
                             f"part {required} is missing")
    workbook = _office_document(archive)
    if workbook not in names:
        raise InputError(f"{path.name} is not an Excel workbook, or it is damaged: the part "
                         f"{workbook or 'xl/workbook.xml'} (the workbook) is missing")
    folder, base = workbook.rsplit("/", 1) if "/" in workbook else ("", workbook)
    rels = f"{folder}/_rels/{base}.rels" if folder else f"_rels/{base}.rels"
    for kind, target in _targets(archive, rels, folder):
        if target not in names and kind in ("styles", "worksheet", "sharedStrings", "theme"):
            raise InputError(f"{path.name} is damaged: the part {target} ({kind}) is missing")


_TARGET = re.compile(rb'<Relationship\b[^>]*>')
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
    warnings (e.g. about parts it drops) are caught, never printed, and added to ``notes``."""
    import openpyxl  # here only: the text and CSV writers of this module need none

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            workbook = openpyxl.load_workbook(
                path, keep_vba=keep_vba, data_only=data_only, read_only=read_only
            )
    except InputError:
        raise
    except Exception as exc:  # corrupt parts, forbidden XML entities, …
        root = root_cause(exc)
        raise InputError(f"{path.name}: cannot open the workbook ({type(root).__name__}: "
                         f"{str(root).splitlines()[0] if str(root) else ''})") from exc
    if notes is not None:
        notes.extend(str(w.message) for w in caught)
    return workbook


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
    ("xl/charts/", "charts"),
    ("xl/media/", "images"),
    ("xl/slicers/", "slicers"),
    ("xl/slicerCaches/", "slicers"),
    ("xl/timelines/", "timelines"),
    ("xl/timelineCaches/", "timelines"),
    ("xl/threadedComments/", "threaded comments"),
    ("xl/ctrlProps/", "form controls (buttons, check boxes)"),
    ("xl/activeX/", "ActiveX controls"),
    ("xl/richData/", "pictures in cells"),
    ("xl/model/", "a data model (Power Pivot)"),
    ("xl/queryTables/", "query tables"),
    ("xl/connections.xml", "data connections"),
    ("customXml/", "custom XML data"),
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
        if any(re.fullmatch(r"xl/drawings/drawing\d+\.xml", n) for n in names):
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


RECOMPUTED = ("Formulas are kept; their last computed values are not stored, and Excel "
               "recomputes them when the file is opened.")


def same_file(a: Path, b: Path) -> bool:
    """True when two paths name the same file (links and ``..`` resolved; an existing file
    compared by identity, which also catches other spellings on case-insensitive disks)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _read_only(target: Path) -> bool:
    """True when an existing file is write-protected (no write permission, or no write bit at
    all: the read-only attribute, or chmod 444 even for an administrator)."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return False
    return not os.access(target, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def check_target(target: Path) -> None:
    """Refuse before anything is written: a missing or read-only folder, a folder, a read-only
    file."""
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {target}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {target}: the folder {folder} is not writable")
    if target.is_dir():
        raise InputError(f"cannot write {target}: it is a folder")
    if target.exists() and _read_only(target):
        raise InputError(f"{target} is read-only (write-protected): it was not changed; "
                         "remove the protection or write to another file")


def check_new(target: Path, force: bool, option: str) -> None:
    """Refuse to replace an existing file (not a folder: :func:`check_target`) without
    ``force``."""
    if not force and os.path.lexists(target):
        raise InputError(f"{target} already exists ({option}): it was not changed; give "
                         "--force to replace it, or another name")


TEMP_MARK = ".xl-tiebreak-"
"""Part of the name of every temporary file this module writes:
``.<target name>.xl-tiebreak-<process id>-<random>.tmp`` beside the target. A killed run
(SIGKILL, power cut) can leave one behind; :func:`remove_stale` recognises it by this name and
a process id that no longer runs, and removes it on the next run."""
_TEMP_NAME = re.compile(r"\.(?P<target>.+)\.xl-tiebreak-(?P<pid>\d{1,10})-[A-Za-z0-9_]{1,16}\.tmp")
PAUSE_VARIABLE = "XL_TIEBREAK_TEST_PAUSE"
"""Test hook: ``POINT:MARKER`` makes a write stop at the named point (see :func:`_pause`),
create the file ``MARKER`` and sleep, so that a test can kill the process right there."""


def _pause(point: str) -> None:
    """The kill tests' hook (:data:`PAUSE_VARIABLE`); does nothing unless it names ``point``.
    Points: ``staged`` (every temporary written and flushed, nothing replaced),
    ``replaced-first`` (the first target replaced, the others not yet)."""
    wanted = os.environ.get(PAUSE_VARIABLE, "")
    name, _, marker = wanted.partition(":")
    if name != point or not marker:
        return
    import time

    Path(marker).write_text(str(os.getpid()))
    time.sleep(60)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # someone else's process, or cannot tell: leave its file alone
    return True


def remove_stale(folder: Path) -> list[Path]:
    """Remove the temporaries that killed runs left in ``folder`` (recognised by
    :data:`TEMP_MARK` and a process id that no longer runs); returns what was removed."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if TEMP_MARK not in entry.name:
            continue
        m = _TEMP_NAME.fullmatch(entry.name)
        if m is None or _alive(int(m.group("pid"))):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def lock_file(target: Path) -> Path | None:
    """The owner/lock file Excel (``~$book.xlsx``) or LibreOffice (``.~lock.book.xlsx#``)
    keeps beside a workbook it has open; None when there is none."""
    name = target.name
    for lock in (f"~${name}", f"~${name[2:]}" if len(name) > 8 else "", f".~lock.{name}#"):
        if lock and (target.parent / lock).exists():
            return target.parent / lock
    return None


def check_not_open(target: Path) -> None:
    """Refuse to replace a workbook that Excel or LibreOffice has open."""
    lock = lock_file(target)
    if lock is not None:
        raise InputError(f"{target} is open in Excel or LibreOffice (its lock file {lock.name} "
                         "is there): close it first, or write to another file with -o")


def link_note(target: Path) -> str | None:
    """What the user must be told when ``target`` has other hard links: the rewritten file is
    a new file, and the other names keep the old content."""
    try:
        links = target.stat().st_nlink
    except OSError:
        return None
    if links <= 1:
        return None
    return (f"{target} had {links - 1} other hard link(s); it was replaced by a new file, so "
            "the other link(s) still show the old content")


class _Terminated(BaseException):
    """Raised by the SIGTERM/SIGHUP handler while files are staged: the temporaries are
    removed, then the process ends with 128 + the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@dataclasses.dataclass
class Staged:
    """A file written to its temporary, waiting to replace ``target``."""

    target: Path
    temp: Path


def _stage(target: Path, data: bytes, staged: list[Staged]) -> Staged:
    """Write ``data`` to a new temporary file beside ``target``, flushed to disk and with the
    mode the target has (or a new file would get). Appended to ``staged`` before anything is
    written, so that the temporary is removed whatever happens."""
    target = Path(os.path.realpath(target))
    if target.exists() and _read_only(target):
        raise InputError(f"{target} is read-only (write-protected): it was not changed; "
                         "remove the protection or write to another file")
    fd, name = tempfile.mkstemp(prefix=f".{target.name}{TEMP_MARK}{os.getpid()}-",
                                suffix=".tmp", dir=target.parent)
    item = Staged(target, Path(name))
    staged.append(item)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if target.exists():
            mode = stat.S_IMODE(target.stat().st_mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        with contextlib.suppress(OSError):
            os.chmod(item.temp, mode)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}; "
                         "nothing was changed") from exc
    return item


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError, AttributeError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextlib.contextmanager
def transaction() -> Iterator[Callable[[Path, bytes], Staged]]:
    """Write several files so that a failure leaves every one as it was: the body stages each
    (``stage(target, data)``: written to a temporary beside it and flushed), and only when
    the body ends normally are they renamed over their targets, in order. Every temporary is
    removed on every way out (an error, Ctrl-C, SIGTERM or SIGHUP, which then end the process
    with 128 + the signal's number after the clean-up)."""
    import signal
    import threading

    staged: list[Staged] = []
    previous: dict[int, Any] = {}

    def terminate(signum: int, frame: object) -> None:
        raise _Terminated(signum)

    main = threading.current_thread() is threading.main_thread()
    if main:
        for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                previous[sig] = signal.signal(sig, terminate)
    try:
        yield lambda target, data: _stage(target, data, staged)
        _pause("staged")
        for i, item in enumerate(staged):
            try:
                os.replace(item.temp, item.target)
            except OSError as exc:
                raise InputError(f"cannot write {item.target}: {exc.strerror or exc}") from exc
            _sync_folder(item.target.parent)
            if i == 0 and len(staged) > 1:
                _pause("replaced-first")
    except _Terminated as stop:
        _discard(staged)
        raise SystemExit(128 + stop.signum) from None
    finally:
        _discard(staged)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _discard(staged: list[Staged]) -> None:
    for item in staged:
        with contextlib.suppress(OSError):
            item.temp.unlink()


def atomic_write(target: Path, write: Callable[[Path], object]) -> None:
    """Write one file through a temporary beside it (``write(temp)``), flushed, renamed over
    the target (which keeps its mode); a read-only target is refused (InputError)."""
    with transaction() as stage:
        item = stage(target, b"")
        write(item.temp)
        with open(item.temp, "rb+") as handle:
            os.fsync(handle.fileno())


def workbook_bytes(workbook: Any) -> bytes:
    """An openpyxl workbook saved to memory (so that a full disk fails in a plain write, with
    no half-written zip archive left to openpyxl)."""
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        workbook.save(buffer)
    return buffer.getvalue()


def save_workbook(workbook: Any, target: Path) -> None:
    """Save an openpyxl workbook atomically (temp file in the same folder, flushed, renamed).
    Raises InputError when it cannot be written (also when the target is read-only)."""
    data = workbook_bytes(workbook)
    with transaction() as stage:
        stage(target, data)


def write_text_file(target: Path, text: str) -> None:
    """Write a UTF-8 text file atomically; InputError when it cannot be written."""
    with transaction() as stage:
        stage(target, text.encode("utf-8"))


def _csv_cell(value: object) -> str:
    """A CSV field: numbers as plain decimals, text that a spreadsheet would run as a formula
    prefixed with a single quote."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float, Fraction)):
        return fmt(from_float(value) if isinstance(value, float) else value)
    return formula_safe(str(value))


def csv_bytes(table: Sequence[Sequence[object]]) -> bytes:
    """A table (header first) as UTF-8 CSV with a BOM (Excel reads it right).

    Text that a spreadsheet could run as a formula, whole or split at a separator, is
    neutralised (:func:`xl_tiebreak.safety.formula_safe`); numbers are written as numbers, so
    a negative number stays ``-1``.
    """
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in table:
        writer.writerow([_csv_cell(v) for v in row])
    return buffer.getvalue().encode("utf-8-sig")


def write_csv(path: str | os.PathLike[str], table: Sequence[Sequence[object]]) -> Path:
    """Write a table as CSV (:func:`csv_bytes`), atomically."""
    target = Path(path)
    with transaction() as stage:
        stage(target, csv_bytes(table))
    return target.resolve()


def output_path(source: Path, out: str | os.PathLike[str] | None) -> tuple[Path, bool]:
    """The output path and whether to keep the VBA project."""
    target = source if out is None else Path(out)
    if target.suffix.lower() not in _OUTPUT_SUFFIXES:
        if out is None:
            raise InputError(f"{source.name}: a template ({source.suffix}) is not written in "
                             "place; give an .xlsx or .xlsm output file (-o)")
        raise InputError(f"{target.name}: the output must be an .xlsx or .xlsm workbook")
    source_vba = source.suffix.lower() in _MACRO_SUFFIXES
    target_vba = target.suffix.lower() in _MACRO_SUFFIXES
    if target_vba and not source_vba:
        raise InputError(
            f"{target.name}: an .xlsx workbook has no macros; write the output as .xlsx"
        )
    return target, source_vba and target_vba


def csv_path(
    csv_out: str | os.PathLike[str] | None, source: Path, target: Path
) -> Path | None:
    """The CSV path, refused when it would overwrite a workbook (the input or the output, by
    any spelling or link, or any file named like a workbook)."""
    if csv_out is None:
        return None
    path = Path(csv_out)
    if same_file(path, source) or same_file(path, target):
        raise InputError(f"{path}: the CSV file would overwrite the workbook; "
                         "give the CSV file another name")
    if path.suffix.lower() in _SPREADSHEET_SUFFIXES:
        raise InputError(f"{path}: the CSV file must not be named like a workbook "
                         f"({path.suffix}); use a .csv name")
    check_target(path)
    return path
