"""Output files of the subcommands: refused when they exist (unless ``--force``) or when they
are one of the inputs, written whole or not at all.

What :func:`refuse_existing` decided holds until the file is written (:func:`write_text`): a
file that appears meanwhile is not replaced without ``--force`` (the new file is linked into
place, which fails when the name is taken), and ``--force`` replaces only a regular file (never
a FIFO or a device). A new file gets the permissions the user's umask gives; a replaced file
keeps its own.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.os_reasons import os_reason

_FORCED: dict[str, bool] = {}
"""Output path (absolute) → whether ``--force`` was given, as told to :func:`refuse_existing`."""


def _same(a: Path, b: Path) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def refuse_existing(path: str | os.PathLike[str], force: bool, *,
                    inputs: Iterable[str | os.PathLike[str]] = ()) -> Path:
    """``path`` as a Path; InputError when it exists and ``force`` is False, when it is a
    folder, a FIFO or a device (even with ``force``), when its folder does not exist, or when
    it names one of ``inputs``."""
    p = Path(path)
    for source in inputs:
        if _same(p, Path(source)):
            raise InputError(_("{p}: the output would overwrite the input {source}; give another "
                               "name", p=p, source=source))
    if os.path.lexists(p) and not force:
        raise InputError(_("{p}: the file exists; use --force to overwrite it", p=p))
    if p.is_dir():
        raise InputError(_("{p}: is a folder, not a file", p=p))
    if p.exists() and not p.is_file():
        raise InputError(_("{p}: is not a regular file (a FIFO or a device); it is not replaced: "
                           "give a file name", p=p))
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(_("{p}: the folder {folder} does not exist; make it first or give "
                           "another path", p=p, folder=folder))
    _FORCED[os.path.abspath(p)] = force
    return p


def _new_mode() -> int:
    """The permissions of a new file under the user's umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder (a failed
    write leaves no half file), with what :func:`refuse_existing` decided for it: without
    ``--force`` a file that appeared meanwhile is left alone (InputError), with it only a
    regular file is replaced. OS errors become InputError naming the file."""
    force = _FORCED.get(os.path.abspath(path), True)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    except OSError as exc:
        raise InputError(_("cannot write {path}: {error}", path=path,
                           error=os_reason(exc))) from None
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except OSError:
            mode = _new_mode()
        os.chmod(tmp, mode)
        _put(Path(tmp), path, force)
    except OSError as exc:
        raise InputError(_("cannot write {path}: {error}; it was not changed", path=path,
                           error=os_reason(exc))) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _put(tmp: Path, path: Path, force: bool) -> None:
    """Move the written temporary into place: linked when no file may be replaced (fails
    if one appeared), else renamed over a regular file only."""
    if not force:
        try:
            os.link(tmp, path)
            return
        except FileExistsError:
            raise InputError(_("{path}: a file of that name appeared while writing; it was not "
                               "replaced (use --force to overwrite it)", path=path)) from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                                 errno.EMLINK, errno.ENOSYS):
                raise
            # a file system without hard links: checked, then renamed
            if os.path.lexists(path):
                raise InputError(_("{path}: a file of that name appeared while writing; it was "
                                   "not replaced (use --force to overwrite it)",
                                   path=path)) from None
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode) and not stat.S_ISLNK(info.st_mode):
        raise InputError(_("{path}: is not a regular file (a FIFO or a device); it was not "
                           "replaced", path=path))
    target = Path(os.path.realpath(path)) if info is not None and stat.S_ISLNK(
        info.st_mode) else path
    if target != path and os.path.lexists(target) and not os.path.isfile(target):
        raise InputError(_("{path}: points to something that is not a regular file; it was not "
                           "replaced", path=path))
    os.replace(tmp, target)
