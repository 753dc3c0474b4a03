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
import io
import os
import re
import stat
import tempfile
import warnings
import zipfile
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from xl_tiebreak.model import InputError
from xl_tiebreak.numbers import fmt, from_float
from xl_tiebreak.safety import formula_safe

__all__ = [
    "MAX_FILE_BYTES",
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


def check_file(path: Path) -> None:
    """Refuse what is not a workbook of a sane size before openpyxl parses it."""
    if path.suffix.lower() not in _SUFFIXES:
        raise InputError(f"{path.name}: expected an .xlsx or .xlsm workbook")
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"{path.name} is {size / 1024 / 1024:.0f} MB; workbooks up to "
            f"{MAX_FILE_BYTES // 1024 // 1024} MB are accepted"
        )
    try:
        with zipfile.ZipFile(path) as archive:
            unzipped = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError) as exc:
        raise InputError(f"{path.name} is not an Excel workbook (.xlsx/.xlsm)") from exc
    if unzipped > MAX_UNZIPPED_BYTES:
        raise InputError(f"{path.name} unpacks to more than "
                         f"{MAX_UNZIPPED_BYTES // 1024 // 1024} MB; refused")


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

_EXTENSIONS = {
    "{78C0D931-6437-407D-A8EE-F0AAD7539E65}": "conditional formats such as data bars and icon "
                                              "sets (Excel 2010 extensions)",
    "{B025F937-C7B1-47D3-B67F-A62EFF666E3E}": "conditional formats such as data bars and icon "
                                              "sets (Excel 2010 extensions)",
    "{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}": "drop-down lists that refer to other sheets "
                                              "(data validation extensions)",
    "{05C60535-1F16-4FD2-B633-F4F36F0B64E0}": "sparklines",
    "{A8765BA9-456A-4DAB-B4F3-ACF838C121DE}": "slicers",
    "{3A4CF648-6AED-40F4-86FF-DC5316D8AED3}": "slicers",
    "{7E03D99C-DC04-49D9-9315-930204A7B6E9}": "timelines",
    "{FC87AEE6-9EDD-4A0A-B7FB-166176984837}": "protected ranges",
    "{01252117-D84E-4E92-8308-4BE1C098FCBB}": "ignored-error settings",
    "{F7C9EE02-42E1-4005-9D12-6889AFFD525C}": "add-in (web extension) data",
}
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
                    what = _EXTENSIONS.get(uri, "Excel extensions (extLst)")
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


def _fsync(path: Path) -> None:
    with open(path, "rb+") as handle:
        os.fsync(handle.fileno())


def atomic_write(target: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary file in the target's folder, flushed to disk, then rename over
    the target (which keeps its permissions). A read-only target is refused (InputError):
    renaming would ignore its protection."""
    target = Path(os.path.realpath(target))
    exists = target.exists()
    if exists and _read_only(target):
        raise InputError(f"{target} is read-only (write-protected): it was not changed; "
                         "remove the protection or write to another file")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix,
                                    dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        _fsync(tmp)
        if exists:
            with contextlib.suppress(OSError):
                os.chmod(tmp, stat.S_IMODE(target.stat().st_mode))
        else:
            with contextlib.suppress(OSError):
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
        with contextlib.suppress(OSError, AttributeError):
            folder = os.open(target.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def save_workbook(workbook: Any, target: Path) -> None:
    """Save an openpyxl workbook atomically (temp file in the same folder, flushed, renamed).
    Raises InputError when it cannot be written (also when the target is read-only)."""
    def save(path: Path) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            workbook.save(path)

    try:
        atomic_write(target, save)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc


def write_text_file(target: Path, text: str) -> None:
    """Write a UTF-8 text file atomically; InputError when it cannot be written."""
    data = text.encode("utf-8")
    try:
        atomic_write(target, lambda tmp: tmp.write_bytes(data))
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc


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


def write_csv(path: str | os.PathLike[str], table: Sequence[Sequence[object]]) -> Path:
    """Write a table (header first) as UTF-8 CSV with a BOM (Excel reads it right), atomically.

    Text cells that a spreadsheet would run as a formula get a leading ``'``
    (:func:`xl_tiebreak.safety.formula_safe`);
    numbers are written as numbers, so a negative number stays ``-1``.
    """
    target = Path(path)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in table:
        writer.writerow([_csv_cell(v) for v in row])
    data = buffer.getvalue().encode("utf-8-sig")
    try:
        atomic_write(target, lambda tmp: tmp.write_bytes(data))
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc
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
