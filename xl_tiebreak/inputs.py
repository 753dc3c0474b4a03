"""Reading input files: size caps and decoding of text files (TRF, CSV).

The one place for both; readers and the command line use these.
"""

from __future__ import annotations

import os

MAX_INPUT_BYTES = 20 * 1024 * 1024
"""Largest TRF or CSV file read (20 MB): far above any real tournament."""


def decode_text(data: bytes) -> str:
    """UTF-8 text (a byte-order mark dropped), or Latin-1 when the bytes are not valid UTF-8
    (old Windows exports)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_capped(path: str | os.PathLike[str], limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a file, at most ``limit`` + 1 of them (so that a caller can tell that the
    file is larger than the limit without reading all of it)."""
    with open(path, "rb") as f:
        return f.read(limit + 1)
