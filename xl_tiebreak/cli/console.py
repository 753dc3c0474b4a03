"""The command line's text streams, whatever the console's encoding.

What goes into a file or a pipe (``> out.txt``, ``| more``, a program reading the output) is
UTF-8: the encoding of every file the tool writes, and the one a page declaring UTF-8 needs.
What goes to a terminal keeps the terminal's own encoding, so that the user reads it; a
character the terminal cannot show is written in plain ASCII instead (``4½`` as ``4.5``, an
en dash as ``-``, ``é`` as ``e``), never as a traceback. docs/engineering.md D99.

Only modules the interpreter has already loaded at start-up are imported here (start-up time);
:mod:`unicodedata` is imported when a character has no shown form.
"""

from __future__ import annotations

import codecs
import io
import sys

__all__ = ["CONSOLE_ERRORS", "ascii_fallback", "configure_streams", "is_utf8", "note_line",
           "warning_line", "write_stdout"]

CONSOLE_ERRORS = "xl_tiebreak.console"
"""The name of the encoding error handler used on a terminal (see :func:`ascii_fallback`)."""

_FALLBACKS = {
    "\u00bd": ".5",  # ½ after a digit: 4½ → 4.5 (alone: 0.5, see ascii_fallback)
    "\u2013": "-",  # en dash of shared places, 3–4
    "\u2014": "-",  # em dash
    "\u2212": "-",  # minus sign
    "\u2026": "...",
    "\u00b7": "-",  # middle dot between the parts of an explanation line
    "\u00d7": "x",
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2190": "<-",
    "\u2192": "->",
    "\u2191": "^",
    "\u2193": "v",
    "\u2260": "!=",
    "\u2264": "<=",
    "\u2265": ">=",
    "\u00a0": " ",
}
"""ASCII forms of the characters the outputs use that some consoles cannot show."""


def is_utf8(encoding: str | None) -> bool:
    """True when ``encoding`` names UTF-8 (any spelling: ``UTF-8``, ``utf8``, ``cp65001``)."""
    if not encoding:
        return False
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def _shown(char: str, before: str) -> str:
    """The ASCII form of one character a console cannot encode; ``before`` is the character
    written just before it (a half after a digit is ``.5``, alone ``0.5``)."""
    if char == "\u00bd":
        return ".5" if before.isdigit() else "0.5"
    if char in _FALLBACKS:
        return _FALLBACKS[char]
    import unicodedata

    # a letter with accents: its base letters (é → e, Ø has no decomposition → ?)
    base = "".join(c for c in unicodedata.normalize("NFKD", char)
                   if not unicodedata.combining(c))
    return base if base and base.isascii() else "?"


def ascii_fallback(error: UnicodeError) -> tuple[str, int]:
    """Encoding error handler (registered as :data:`CONSOLE_ERRORS`): the characters the
    console's encoding cannot hold, each in its ASCII form (:func:`_shown`)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object
    parts = []
    for i in range(error.start, error.end):
        parts.append(_shown(text[i], text[i - 1] if i else ""))
    return "".join(parts), error.end


codecs.register_error(CONSOLE_ERRORS, ascii_fallback)


def configure_streams() -> None:
    """Set standard output and standard error up for the command's text: UTF-8 when the stream
    is a file or a pipe, the console's own encoding with :func:`ascii_fallback` when it is a
    terminal. A stream that is not a plain text stream (a test's capture, a closed stream) is
    left as it is."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if not isinstance(stream, io.TextIOWrapper) or is_utf8(stream.encoding):
            continue
        try:
            terminal = stream.isatty()
            if terminal:
                stream.reconfigure(errors=CONSOLE_ERRORS)
            else:
                stream.reconfigure(encoding="utf-8")
        except (OSError, ValueError):  # closed or detached: nothing is written there anyway
            continue


def write_stdout(text: str, *, utf8: bool = False) -> None:
    """Write ``text`` to standard output. ``utf8``: as UTF-8 bytes even on a terminal whose
    encoding is another (an HTML page declares UTF-8, whoever copies it from the screen)."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if not utf8 or buffer is None or is_utf8(getattr(stream, "encoding", None)):
        stream.write(text)
        return
    stream.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def warning_line(warning: object) -> str:
    """One warning as the command line prints it: ``warning: …`` in the language in force, its
    text neutralised against formula injection."""
    from xl_tiebreak.i18n import _
    from xl_tiebreak.util.safety import formula_safe

    return _("warning: {text}", text=formula_safe(str(warning)))


def note_line(note: object) -> str:
    """One note as the command line prints it: ``note: …`` in the language in force."""
    from xl_tiebreak.i18n import _
    from xl_tiebreak.util.safety import formula_safe

    return _("note: {text}", text=formula_safe(str(note)))
