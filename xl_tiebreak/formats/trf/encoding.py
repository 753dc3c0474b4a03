"""The bytes of a TRF file the tool writes (docs/engineering.md D-E2).

The FIDE checker (the TEC's ``tiebreakchecker``) reads a TRF file as Latin-1 unless told
otherwise: a UTF-8 file with a name such as ``Tomáš`` reaches it with two characters for each
letter outside ASCII, its columns shifted, and it refuses the file ("misaligned data"). So an
exported TRF is Latin-1 by default; a character Latin-1 has no place for is written as its
letter without accents where it has one (``š`` → ``s``, ``Ł`` → ``L``), else as ``?``, one
character for one so that every column stays where it is, and each line so changed is named
in a note. UTF-8 is written on request (the checker then needs ``-b utf-8``).
"""

from __future__ import annotations

import unicodedata

from xl_tiebreak.i18n import _

__all__ = ["DEFAULT_ENCODING", "TRF_ENCODINGS", "latin1_text", "trf_bytes"]

TRF_ENCODINGS = ("latin-1", "utf-8")
"""The encodings a TRF file can be written in."""

DEFAULT_ENCODING = "latin-1"
"""The encoding of an exported TRF file: what the FIDE checker reads."""

_NO_DECOMPOSITION = {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "ı": "i", "Ħ": "H", "ħ": "h",
                     "Ŧ": "T", "ŧ": "t", "Œ": "O", "œ": "o", "ŀ": "l", "Ŀ": "L"}
"""Letters whose Unicode decomposition has no base letter, and the one letter written."""


def _latin1_char(c: str) -> str:
    """One character as Latin-1 holds it: itself, its letter without accents, or ``?``."""
    if ord(c) < 256:
        return c
    if c in _NO_DECOMPOSITION:
        return _NO_DECOMPOSITION[c]
    base = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x))
    return base if len(base) == 1 and ord(base) < 256 else "?"


def latin1_text(text: str) -> tuple[str, list[str]]:
    """``text`` with every character Latin-1 cannot hold replaced (one for one), and a note
    naming each line changed and how (``line 6: Tomáš Novák written as Tomas Novák``)."""
    out: list[str] = []
    notes: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if all(ord(c) < 256 for c in line):
            out.append(line)
            continue
        written = "".join(_latin1_char(c) for c in line)
        out.append(written)
        changed = [(a, b) for a, b in zip(line.split(), written.split(), strict=False)
                   if a != b]
        notes.append(_("line {line}: {before} written as {after} (Latin-1, the encoding the "
                       "FIDE checker reads; to keep them: --encoding utf-8)", line=number,
                       before=" ".join(a for a, _b in changed),
                       after=" ".join(b for _a, b in changed)))
    return "\n".join(out), notes


def trf_bytes(text: str, encoding: str = DEFAULT_ENCODING) -> tuple[bytes, list[str]]:
    """The bytes of a TRF text in ``encoding`` (:data:`TRF_ENCODINGS`) and the notes of
    :func:`latin1_text` (none for UTF-8). Raises ValueError for another encoding."""
    if encoding == "utf-8":
        return text.encode("utf-8"), []
    if encoding != "latin-1":
        raise ValueError(f"unknown TRF encoding {encoding!r}: expected one of {TRF_ENCODINGS}")
    written, notes = latin1_text(text)
    return written.encode("latin-1"), notes
