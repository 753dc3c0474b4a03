"""Output files of the subcommands: refused when they exist (unless ``--force``), written
whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from xl_tiebreak.model.tournament import InputError


def refuse_existing(path: str | os.PathLike[str], force: bool) -> Path:
    """``path`` as a Path; InputError when it exists and ``force`` is False."""
    p = Path(path)
    if p.exists() and not force:
        raise InputError(f"{p}: the file exists; use --force to overwrite it")
    if p.exists() and p.is_dir():
        raise InputError(f"{p}: is a folder, not a file")
    return p


def write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder (a failed
    write leaves no half file)."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
