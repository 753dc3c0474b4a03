"""Headless output files: where the workbook command may write and how it writes.

Before anything is written: the target folder, a read-only target, a workbook open in Excel or
LibreOffice (its lock file), outputs that would overwrite a workbook. Every file is written
atomically (a temporary file in the same folder, flushed, renamed; several files of one command
staged together and renamed only when all are complete), temporaries of killed runs are
removed, and a write-protected file is never replaced. CSV outputs are formula-injection safe.
"""

from __future__ import annotations

import contextlib
import csv
import io
import math
import os
import re
import stat
import tempfile
import warnings
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from xl_tiebreak.excel.files.limits import check_written
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import csv_separator, number_text
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.numbers import fmt, from_float
from xl_tiebreak.util.os_reasons import os_reason
from xl_tiebreak.util.plain import Mutable
from xl_tiebreak.util.safety import FORMULA_START, formula_safe

__all__ = [
    "MACRO_SUFFIXES",
    "OUTPUT_SUFFIXES",
    "PAUSE_VARIABLE",
    "SPREADSHEET_SUFFIXES",
    "Staged",
    "TEMP_MARK",
    "atomic_write",
    "check_new",
    "identity",
    "check_not_open",
    "check_target",
    "csv_bytes",
    "csv_path",
    "link_note",
    "lock_file",
    "output_path",
    "remove_stale",
    "same_file",
    "save_workbook",
    "transaction",
    "workbook_bytes",
    "write_csv",
    "write_text_file",
    "append_text_row",
    "exact_numbers",
    "text_cell",
]

MACRO_SUFFIXES = (".xlsm", ".xltm")
"""Workbooks that hold macros (their VBA project is kept)."""
OUTPUT_SUFFIXES = (".xlsx", ".xlsm")
"""What the headless command writes."""
SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm", ".xls", ".xlsb", ".xlt", ".ods",
                        ".fods", ".numbers")
"""Spreadsheet files that an output never overwrites by mistake (a CSV path, say)."""


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
        raise InputError(_("cannot write {target}: the folder {folder} does not exist",
                           target=target, folder=folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(_("cannot write {target}: the folder {folder} is not writable",
                           target=target, folder=folder))
    if target.is_dir():
        raise InputError(_("cannot write {target}: it is a folder", target=target))
    if target.exists() and not target.is_file():
        raise InputError(_("cannot write {target}: it is not a regular file (a FIFO or a "
                           "device); it is not replaced", target=target))
    if target.exists() and _read_only(target):
        raise InputError(_("{target} is read-only (write-protected): it was not changed; "
                           "remove the protection or write to another file", target=target))


Identity = tuple[int, int, int, int]
"""What tells a file's version: device, inode, size, modification time (ns)."""


def identity(path: Path) -> Identity | None:
    """The identity of the file at ``path`` now (None when there is none)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def check_new(target: Path, force: bool, option: str) -> None:
    """Refuse to replace an existing file (not a folder: :func:`check_target`) without
    ``force``."""
    if not force and os.path.lexists(target):
        raise InputError(_("{target} already exists ({option}): it was not changed; give "
                           "--force to replace it, or another name", target=target,
                           option=option))


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
        raise InputError(_("{target} is open in Excel or LibreOffice (its lock file {lock} is "
                           "there): close it first, or write to another file with -o",
                           target=target, lock=lock.name))


def link_note(target: Path) -> str | None:
    """What the user must be told when ``target`` has other hard links: the rewritten file is
    a new file, and the other names keep the old content."""
    try:
        links = target.stat().st_nlink
    except OSError:
        return None
    if links <= 1:
        return None
    return _("{target} had {count} other hard link(s); it was replaced by a new file, so the "
             "other link(s) still show the old content", target=target, count=links - 1)


class _Terminated(BaseException):
    """Raised by the SIGTERM/SIGHUP handler while files are staged: the temporaries are
    removed, then the process ends with 128 + the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Staged(Mutable):
    """A file written to its temporary, waiting to replace ``target``. ``expected``: the
    identity the target must still have when it is replaced (the version that was read);
    ``new_only``: no file may be replaced (none existed when the command started)."""

    target: Path
    temp: Path
    expected: Identity | None = None
    new_only: bool = False


def _stage(target: Path, data: bytes, staged: list[Staged], *,
           expected: Identity | None = None, new_only: bool = False) -> Staged:
    """Write ``data`` to a new temporary file beside ``target``, flushed to disk and with the
    mode the target has (or a new file would get). Appended to ``staged`` before anything is
    written, so that the temporary is removed whatever happens."""
    target = Path(os.path.realpath(target))
    if target.exists() and _read_only(target):
        raise InputError(_("{target} is read-only (write-protected): it was not changed; "
                           "remove the protection or write to another file", target=target))
    fd, name = tempfile.mkstemp(prefix=f".{target.name}{TEMP_MARK}{os.getpid()}-",
                                suffix=".tmp", dir=target.parent)
    item = Staged(target, Path(name), expected, new_only)
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
        raise InputError(_("cannot write {target}: {reason}; nothing was changed",
                           target=target, reason=os_reason(exc))) from exc
    return item


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError, AttributeError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextlib.contextmanager
def transaction() -> Iterator[Callable[..., Staged]]:
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
        yield lambda target, data, **how: _stage(target, data, staged, **how)
        _pause("staged")
        for item in staged:  # every target as it must be, before the first is replaced
            _still(item)
        for i, item in enumerate(staged):
            _still(item)
            try:
                _replace(item)
            except OSError as exc:
                raise InputError(_("cannot write {target}: {reason}", target=item.target,
                                   reason=os_reason(exc))) from exc
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


def _still(item: Staged) -> None:
    """InputError when the target is no longer what the command read or found: changed by
    another program (an Excel save), appeared meanwhile, or not a regular file."""
    now = identity(item.target)
    if item.expected is not None and now != item.expected:
        raise InputError(_("{target} was changed by another program while xl-tiebreak was "
                           "working (saved in Excel?): it was not replaced; run again",
                           target=item.target))
    if item.new_only and os.path.lexists(item.target):
        raise InputError(_("{target}: a file of that name appeared meanwhile; it was not "
                           "replaced (give --force to replace it)", target=item.target))
    if now is not None and not os.path.isfile(item.target):
        raise InputError(_("{target} is not a regular file (a FIFO or a device); it was not "
                           "replaced", target=item.target))


def _replace(item: Staged) -> None:
    """Rename the temporary over the target; when no file may be replaced, link it in place
    instead (which fails if one appeared after the last look)."""
    if item.new_only:
        try:
            os.link(item.temp, item.target)
        except FileExistsError:
            raise InputError(_("{target}: a file of that name appeared meanwhile; it was not "
                               "replaced (give --force to replace it)",
                               target=item.target)) from None
        except OSError:  # no hard links on this file system: the look above stands
            pass
        else:
            os.unlink(item.temp)
            return
    os.replace(item.temp, item.target)


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
    no half-written zip archive left to openpyxl), every number as exact as it was read
    (:func:`exact_numbers`). InputError, before anything is written, when it would hold more
    cells or rows than the tool reads."""
    buffer = io.BytesIO()
    with warnings.catch_warnings(), exact_numbers():
        warnings.simplefilter("ignore")
        workbook.save(buffer)
    data = buffer.getvalue()
    check_written(data)  # never a workbook the tool would refuse to read again
    return data


def _number_text(value: object) -> str | None:
    """A text that reads back as exactly ``value`` where openpyxl's 16 significant digits
    would not (a float as Python writes it, with the 17 digits a double may need; a whole
    number in all its digits); None where openpyxl's own text is exact (so that ``1`` stays
    ``1``, read back as a whole number) and for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and math.isfinite(value):
        return None if float(f"{value:.16g}") == value else repr(value)
    if isinstance(value, int):
        text = f"{value:.16g}"
        return None if text.lstrip("-").isdigit() and int(text) == value else str(value)
    return None


@contextlib.contextmanager
def exact_numbers() -> Iterator[None]:
    """While openpyxl saves inside the block, it writes each cell's number exactly: its own
    writer keeps 16 significant digits (``%.16g``), which changes a double that needs 17
    (``0.30000000000000004`` became ``0.3``) and the last digits of a long whole number."""
    import openpyxl.cell._writer as cell_writer

    original = cell_writer.safe_string

    def exact(value: object) -> str:
        text = _number_text(value)
        return original(value) if text is None else text

    cell_writer.safe_string = exact
    try:
        yield
    finally:
        cell_writer.safe_string = original


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


def text_cell(cell: Any) -> Any:
    """``cell`` (an openpyxl cell) with a text that starts like a formula (``=HYPERLINK(…)``,
    ``+1``, ``@x``: a name read from a stranger's file) stored as text, never as a formula,
    and marked with Excel's quote prefix so that editing the cell keeps it text; the text itself
    is kept exactly. Other values are left as they are."""
    value = cell.value
    if isinstance(value, str) and value.startswith(FORMULA_START):
        cell.data_type = "s"
        cell.quotePrefix = True
    return cell


def append_text_row(ws: Any, values: Sequence[object]) -> None:
    """Append ``values`` as the next row of the openpyxl sheet ``ws``, texts as texts
    (:func:`text_cell`)."""
    ws.append(list(values))
    # the row just appended (openpyxl keeps it; max_row scans every cell: quadratic)
    row = getattr(ws, "_current_row", None) or ws.max_row
    for column, value in enumerate(values, start=1):
        if isinstance(value, str) and value.startswith(FORMULA_START):
            text_cell(ws.cell(row=row, column=column))


def _csv_cell(value: object) -> str:
    """A CSV field: numbers as plain decimals with the language's decimal separator (a
    :class:`~decimal.Decimal` keeps its fixed places: AOB's ``42.500``), text that a
    spreadsheet would run as a formula prefixed with a single quote."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float, Fraction)):
        return number_text(fmt(from_float(value) if isinstance(value, float) else value))
    if isinstance(value, Decimal) and value.is_finite():
        return number_text(str(value))
    return formula_safe(str(value))


def csv_bytes(table: Sequence[Sequence[object]]) -> bytes:
    """A table (header first) as UTF-8 CSV with a BOM (Excel reads it right), as a
    spreadsheet in the language in force opens it: in English commas between fields and
    ``2.5``, in Portuguese ``;`` and ``2,5`` (as ``compute --format csv`` writes them).

    Text that a spreadsheet could run as a formula, whole or split at a separator, is
    neutralised (:func:`xl_tiebreak.util.safety.formula_safe`); numbers are written as numbers, so
    a negative number stays ``-1``.
    """
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=csv_separator(), lineterminator="\r\n")
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
    if target.suffix.lower() not in OUTPUT_SUFFIXES:
        if out is None:
            raise InputError(_("{file}: a template ({suffix}) is not written in place; give "
                               "an .xlsx or .xlsm output file (-o)", file=source.name,
                               suffix=source.suffix))
        raise InputError(_("{file}: the output must be an .xlsx or .xlsm workbook",
                           file=target.name))
    source_vba = source.suffix.lower() in MACRO_SUFFIXES
    target_vba = target.suffix.lower() in MACRO_SUFFIXES
    if target_vba and not source_vba:
        raise InputError(
            _("{file}: an .xlsx workbook has no macros; write the output as .xlsx",
              file=target.name)
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
        raise InputError(_("{path}: the CSV file would overwrite the workbook; give the CSV "
                           "file another name", path=path))
    if path.suffix.lower() in SPREADSHEET_SUFFIXES:
        raise InputError(_("{path}: the CSV file must not be named like a workbook "
                           "({suffix}); use a .csv name", path=path, suffix=path.suffix))
    check_target(path)
    return path
