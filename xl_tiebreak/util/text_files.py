"""Reading input files: size caps, file kinds and decoding of text files (TRF, CSV).

The one place for these; readers and the command line use them. Every failure is a plain
:class:`ValueError` whose message names the cause (a folder, a FIFO, UTF-16 text, the line of a
byte that is not UTF-8).
"""

from __future__ import annotations

import io
import os
import stat

from xl_tiebreak.i18n import _
from xl_tiebreak.util.os_reasons import os_reason

MAX_INPUT_BYTES = 20 * 1024 * 1024
"""Largest TRF or CSV file read (20 MB): far above any real tournament."""
MAX_FIELD_CHARS = 131_072
"""Longest CSV field read (characters): far above any name or cell of a crosstable."""


class DecodeError(ValueError):
    """The bytes are not text this tool reads (UTF-16/UTF-32, binary); the message says why
    and :attr:`where` where (``line 1``, ``line 9, col 47``)."""

    def __init__(self, message: str, where: str = "line 1") -> None:
        super().__init__(message)
        self.where = where


def decode_text(data: bytes) -> str:
    """UTF-8 text (a byte-order mark dropped); lines that are not valid UTF-8 are read as
    Windows-1252, else Latin-1 (old Windows exports, :func:`single_byte`). See
    :func:`decode_text_noted` for the notes."""
    return decode_text_noted(data)[0]


def decode_text_noted(data: bytes) -> tuple[str, list[str]]:
    """The text of ``data`` and notes on how it was decoded.

    UTF-8 (a byte-order mark dropped). When the bytes are not valid UTF-8, each line is decoded
    on its own: as UTF-8 when it is valid, else as Windows-1252 or Latin-1
    (:func:`single_byte`), and one note per such line says which byte was not UTF-8 (``line 7:
    byte 0xE9 at col 23 is not UTF-8; the line was read as Windows-1252``). A file with no
    UTF-8 line beyond ASCII gets a single note. UTF-16 and UTF-32 text with its
    byte-order mark is read as such. Raises :class:`DecodeError` for UTF-16/UTF-32 text
    without one (NUL bytes between the characters) and for NUL bytes (naming the line)."""
    wide = _wide(data)
    if wide is not None:
        return wide, []
    _refuse_wide(data)
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        pass
    lines = data.removeprefix(b"\xef\xbb\xbf").split(b"\n")
    out: list[str] = []
    bad: list[tuple[int, int, int, str]] = []
    """(line, byte, col, encoding) of each line read as a single-byte encoding."""
    utf8_multibyte = False
    for number, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            text, encoding = single_byte(raw)
            out.append(text)
            bad.append((number, raw[exc.start], exc.start + 1, encoding))
            continue
        utf8_multibyte = utf8_multibyte or not raw.isascii()
        out.append(text)
    text = "\n".join(out)
    if not utf8_multibyte:
        line, byte, col, _first = bad[0]
        encodings = sorted({encoding for *_place, encoding in bad}, reverse=True)
        return text, [_("the file is not UTF-8 (byte 0x{byte} at col {col} is not UTF-8, first "
                        "on line {line}); it was read as {encoding}", byte=f"{byte:02X}",
                        col=col, line=line, encoding=" / ".join(encodings))]
    return text, [_("mixed encodings: line {line}: byte 0x{byte} at col {col} is not UTF-8; "
                    "the line was read as {encoding}", line=line, byte=f"{byte:02X}", col=col,
                    encoding=encoding)
                  for line, byte, col, encoding in bad]


def single_byte(raw: bytes) -> tuple[str, str]:
    """A line that is not UTF-8, decoded as Windows-1252 (what Excel and Windows programs
    in Western languages save as "ANSI": ``’`` and ``–`` are bytes 0x92 and 0x96) where every
    byte is defined there, else as Latin-1 (each byte its own character); with the name of
    the encoding used."""
    try:
        return raw.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:  # 0x81, 0x8D, 0x8F, 0x90, 0x9D: no character in Windows-1252
        return raw.decode("latin-1"), "Latin-1"


_BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32"), (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
         (b"\xff\xfe", "utf-16-le", "UTF-16"), (b"\xfe\xff", "utf-16-be", "UTF-16"))


def _wide(data: bytes) -> str | None:
    """The text of UTF-16/UTF-32 bytes that start with their byte-order mark (None for any
    other bytes). DecodeError when they are not valid in it or hold a NUL character."""
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(codec)
            except UnicodeDecodeError as exc:
                raise DecodeError(_("the file starts as {name} text but byte {byte} is not "
                                    "{name}; save it as UTF-8", name=name,
                                    byte=exc.start + 1)) from None
            nul = text.find("\0")
            if nul >= 0:
                line = _line_ends(text[:nul]) + 1
                col = nul - max(text.rfind("\n", 0, nul), text.rfind("\r", 0, nul))
                raise DecodeError(_("a NUL character (the file is not a text file)"),
                                  _("line {line}, col {col}", line=line, col=col))
            return text
    return None


def _thousands(count: int) -> str:
    """A count with thousands separators as the language writes them (``131,072``;
    ``131.072`` in Portuguese)."""
    return f"{count:,}".replace(",", _(",", "thousands"))


def _line_ends(text: str) -> int:
    """How many line ends (CRLF, CR or LF) ``text`` holds."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def csv_table(text: str) -> list[list[str]]:
    """The rows of CSV text: delimiter ``,``, ``;`` or tab (the most frequent in the first
    non-empty line, tab then ``;`` winning ties; ``,`` when there is none), lines ended by
    CRLF, LF or CR alone (Excel for Mac), a byte-order mark dropped. Raises
    :class:`DecodeError` naming the line (and the column) for a NUL character, a field
    longer than :data:`MAX_FIELD_CHARS` or broken quoting."""
    import csv  # here: under Pyodide (xlwings Lite) csv.py is compiled at its first import

    text = text.removeprefix("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        raise DecodeError(_("a NUL character (the file is not a text file)"),
                          _("line {line}", line=_line_ends(text[:nul]) + 1))
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in ("\t", ";", ",")}
    best = max(counts, key=lambda d: counts[d])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=best if counts[best] else ",")
    previous = csv.field_size_limit()
    csv.field_size_limit(max(previous, len(text) + 1))  # checked below, with its place
    rows: list[list[str]] = []
    try:
        for row in reader:
            for col, field in enumerate(row, start=1):
                if len(field) > MAX_FIELD_CHARS:
                    raise DecodeError(_("a field of {count} characters (at most {most} are "
                                        "read)", count=_thousands(len(field)),
                                        most=_thousands(MAX_FIELD_CHARS)),
                                      _("line {line}, column {col}", line=reader.line_num,
                                        col=col))
            rows.append(row)
    except csv.Error as exc:
        raise DecodeError(_("cannot read the CSV text: {reason}", reason=exc),
                          _("line {line}", line=reader.line_num)) from None
    finally:
        csv.field_size_limit(previous)
    return rows


def _refuse_wide(data: bytes) -> None:
    """DecodeError for UTF-16/UTF-32 (by byte-order mark or NUL pattern) and NUL bytes."""
    head = data[:4]
    if head.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise DecodeError(_("the file is UTF-32 text; save it as UTF-8 (or Latin-1)"))
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DecodeError(_("the file is UTF-16 text; save it as UTF-8 (or Latin-1)"))
    nul = data.find(b"\x00")
    if nul < 0:
        return
    sample = data[:4096]
    if sample and (sample[1::2].count(0) > len(sample) // 4 or sample[0::2].count(0) >
                   len(sample) // 4):
        raise DecodeError(_("the file looks like UTF-16 text (a NUL byte between the "
                            "characters); save it as UTF-8 (or Latin-1)"))
    line = data.count(b"\n", 0, nul) + 1
    col = nul - (data.rfind(b"\n", 0, nul) + 1) + 1
    raise DecodeError(_("a NUL byte (the file is not a text file)"),
                      _("line {line}, col {col}", line=line, col=col))


def check_regular_file(path: str | os.PathLike[str]) -> None:
    """ValueError unless ``path`` names an existing regular file: a folder, a FIFO, a device
    or a missing file get a message that says so (a FIFO is never opened: it would block)."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise ValueError(_("{name}: cannot read the file: no such file", name=name)) from None
    except OSError as exc:
        raise ValueError(_("{name}: cannot read the file: {reason}", name=name,
                           reason=os_reason(exc))) from None
    if stat.S_ISDIR(info.st_mode):
        raise ValueError(_("{name}: cannot read the file: it is a folder, not a file",
                           name=name))
    if stat.S_ISFIFO(info.st_mode):
        raise ValueError(_("{name}: cannot read the file: it is a FIFO (named pipe), not a "
                           "regular file", name=name))
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(_("{name}: cannot read the file: it is not a regular file (a device "
                           "or socket)", name=name))


def read_capped(path: str | os.PathLike[str], limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a file, at most ``limit`` + 1 of them (so that a caller can tell that the
    file is larger than the limit without reading all of it)."""
    with open(path, "rb") as f:
        return f.read(limit + 1)
