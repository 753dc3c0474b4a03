"""xlwings Lite without a package index: one ``main.py`` that carries the package.

xlwings Lite installs what its *requirements.txt* names from PyPI, or from a wheel URL whose
host sends CORS headers (a GitHub release asset does not). Until xl-tiebreak is published,
:func:`bundle` makes the file to paste into Lite's *main.py* tab instead: the modules of the
built wheel that Lite needs (the package less its command line and template builder, which
need openpyxl) written as base64 text, then the few lines of
``workbook_templates/lite/main.py``. When Lite runs the file it unpacks the modules into a
folder of Pyodide's own file system (named by the SHA-256 of the payloads, so a new version
never mixes with an old one), puts that folder first on ``sys.path`` and registers every
worksheet function and the ``write_standings`` script. Nothing is fetched; *requirements.txt*
needs only the xlwings line.

``python -m xl_tiebreak.excel.lite_bundle dist/xl_tiebreak-0.1.0-py3-none-any.whl -o main.py``

Pyodide compiles every module from source in each session (its file system starts empty), a
third of a second or more. ``--bytecode PYTHON`` also ships each module compiled by that
interpreter, which must be of the Python version of Lite's Pyodide (3.13 for Pyodide 0.28 and
0.29), with its magic number. When the running Python's magic number is that one, only the
compiled modules are unpacked, in the sourceless place (``udfs.pyc`` where ``udfs.py`` would
be; unchecked-hash pycs, which Python loads without a source); otherwise only the sources,
which Python compiles as before: a bundle made for 3.13 still works in a Pyodide of another
Python.

The file holds three payloads: the catalogues (``.po``) and other data files, the sources, the
bytecode (empty without ``--bytecode``); each is the ``{path: bytes}`` dict of its files in
:mod:`marshal`'s format, compressed by :mod:`zlib`, as base64 text. Only the payloads a
session uses are decoded, each by three calls implemented in C; a zip archive was read member
by member in Python (its directory, the code page 437 decoding of its names, which compiles
that codec from source under Pyodide): unpacking takes half the time it took
(docs/engineering.md D-Q1).

Standard library only (it runs where the wheel is built).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import marshal
import os
import subprocess
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Sequence

from xl_tiebreak.i18n import _

__all__ = ["LEFT_OUT", "bundle", "compiled", "main"]

LEFT_OUT = ("xl_tiebreak/cli/", "xl_tiebreak/excel/templates/", "xl_tiebreak/excel/headless.py",
            "xl_tiebreak/excel/lite_bundle.py", "xl_tiebreak/i18n/extract.py")
"""What Lite never imports (the command line, the template builder, the headless writer:
openpyxl is not in Lite), left out of the bundle to keep it small."""

_LINE = 76
"""Characters of base64 text per line of the bundle."""

_MARSHAL_VERSION = 2
"""The :mod:`marshal` format of a payload: plain dicts, texts and bytes, readable by every
Python 3, without the references of version 3 and later (whose use depends on reference
counts), so that the same wheel always makes the same file."""

_LOADER = '''"""xl-tiebreak {version} for xlwings Lite in one file, made from {wheel} by
python -m xl_tiebreak.excel.lite_bundle. Paste it into the add-in's main.py tab; the
requirements.txt tab needs only the line xlwings==0.37.8.

It unpacks xl-tiebreak's modules (held below as base64 text) into Pyodide's file system and
registers every worksheet function and the script write_standings.
"""

import base64
import importlib.util
import marshal
import os
import sys
import tempfile
import zlib

_SHA256 = "{sha256}"
_MAGIC = "{magic}"
_FILES = """
{files}
"""
_SOURCES = """
{sources}
"""
_BYTECODE = """
{bytecode}
"""


def _members(payload):
    """The files one payload holds (zlib-compressed marshal data as base64): path -> bytes."""
    text = payload.strip()
    return marshal.loads(zlib.decompress(base64.b64decode(text))) if text else {{}}


def _unpacked():
    """The folder holding the modules (unpacked once per version), first on sys.path: the
    compiled modules when this Python reads them (its magic number is the bundle's), else the
    sources; the catalogues either way."""
    bytecode = bool(_MAGIC) and importlib.util.MAGIC_NUMBER.hex() == _MAGIC
    folder = os.path.join(tempfile.gettempdir(), "xl_tiebreak-" + _SHA256[:16]
                          + ("-pyc" if bytecode else ""))
    if not os.path.isdir(os.path.join(folder, "xl_tiebreak")):
        members = _members(_FILES)
        members.update(_members(_BYTECODE if bytecode else _SOURCES))
        made = set()
        for name, data in members.items():
            path = os.path.join(folder, *name.split("/"))
            parent = os.path.dirname(path)
            if parent not in made:
                os.makedirs(parent, exist_ok=True)
                made.add(parent)
            with open(path, "wb") as f:
                f.write(data)
    for name in [m for m in sys.modules if m == "xl_tiebreak" or m.startswith("xl_tiebreak.")]:
        module_file = getattr(sys.modules[name], "__file__", None) or ""
        if not module_file.startswith(folder):
            del sys.modules[name]  # another version, imported before
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return folder


_unpacked()

from xl_tiebreak.excel.lite import FUNCTIONS, write_standings  # noqa: E402

globals().update(FUNCTIONS)

__all__ = [*FUNCTIONS, "write_standings"]
'''


def _kept(name: str) -> bool:
    """Whether a member of the wheel goes into the bundle: the package's modules and
    catalogues, not its metadata or what Lite never imports."""
    if not name.startswith("xl_tiebreak/") or name.endswith("/"):
        return False
    if "__pycache__" in name or any(name.startswith(p) for p in LEFT_OUT):
        return False
    return name.endswith((".py", ".po", "py.typed"))


_COMPILE = """
import importlib.util, py_compile, sys
for path in sys.argv[1:]:
    py_compile.compile(path, cfile=path + "c", doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
print(importlib.util.MAGIC_NUMBER.hex())
"""
"""What the ``--bytecode`` interpreter runs: each module compiled beside its source (the
sourceless place, ``udfs.pyc``), then its magic number said."""


def compiled(modules: dict[str, bytes], python: str) -> tuple[dict[str, bytes], str]:
    """The bytecode of the modules (by path in the wheel) compiled by the interpreter
    ``python``, by path (``xl_tiebreak/udfs.pyc``), and that interpreter's magic number (hex).
    Raises OSError when it cannot run or fails (its message said)."""
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, data in modules.items():
            path = os.path.join(folder, *name.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
            paths.append(path)
        done = subprocess.run([python, "-I", "-c", _COMPILE, *paths], capture_output=True,
                              text=True, timeout=600)
        if done.returncode != 0:
            raise OSError(done.stderr.strip().splitlines()[-1] if done.stderr.strip()
                          else f"exit status {done.returncode}")
        out: dict[str, bytes] = {}
        for root, _dirs, files in os.walk(folder):
            for file in files:
                if file.endswith(".pyc"):
                    full = os.path.join(root, file)
                    with open(full, "rb") as f:
                        out[os.path.relpath(full, folder).replace(os.sep, "/")] = f.read()
        return out, done.stdout.strip()


def _payload(members: dict[str, bytes]) -> str:
    """The base64 text of some files (by path in the wheel), in lines of :data:`_LINE`
    characters: their ``{path: bytes}`` dict in :mod:`marshal`'s format, compressed by
    :mod:`zlib` (one call of each undoes it, in C; a zip archive's directory is read and its
    member names decoded in Python). Empty for no files."""
    if not members:
        return ""
    data = zlib.compress(marshal.dumps(dict(sorted(members.items())), _MARSHAL_VERSION), 9)
    text = base64.b64encode(data).decode("ascii")
    return "\n".join(text[i:i + _LINE] for i in range(0, len(text), _LINE))


def bundle(wheel: bytes, wheel_name: str, python: str | None = None) -> str:
    """The text of the single-file ``main.py`` made from a wheel's bytes (``python``: also the
    modules' bytecode, compiled by that interpreter; see :func:`compiled`)."""
    version = "?"
    members: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(wheel)) as source:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            if info.filename == "xl_tiebreak/version.py":
                text = source.read(info).decode("utf-8")
                version = text.rsplit("__version__ = ", 1)[-1].strip().strip("\"'")
            if _kept(info.filename):
                members[info.filename] = source.read(info)
    if not members:
        raise ValueError(_("{wheel}: no xl_tiebreak modules in it (not an xl-tiebreak wheel?)",
                           wheel=wheel_name))
    sources = {n: d for n, d in members.items() if n.endswith(".py")}
    files = {n: d for n, d in members.items() if n not in sources}
    code: dict[str, bytes] = {}
    magic = ""
    if python is not None:
        code, magic = compiled(sources, python)
    payloads = [_payload(part) for part in (files, sources, code)]
    identity = hashlib.sha256(b"".join(p.encode("ascii") for p in payloads)).hexdigest()
    return _LOADER.format(version=version, wheel=wheel_name, magic=magic, sha256=identity,
                          files=payloads[0], sources=payloads[1], bytecode=payloads[2])


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m xl_tiebreak.excel.lite_bundle WHEEL -o main.py`` (``-`` or no ``-o``:
    standard output). An existing output file is replaced only with ``--force``. Exit 2 with
    a message naming the file on a bad wheel or output."""
    parser = argparse.ArgumentParser(
        prog="python -m xl_tiebreak.excel.lite_bundle",
        description=_("Make the single-file main.py for xlwings Lite from an xl-tiebreak "
                      "wheel."))
    parser.add_argument("wheel", help=_("the built wheel (python -m build --wheel)"))
    parser.add_argument("-o", "--output", default="-",
                        help=_("the main.py to write (default: standard output)"))
    parser.add_argument("--force", action="store_true",
                        help=_("replace an existing output file"))
    parser.add_argument("--bytecode", metavar="PYTHON",
                        help=_("also ship the modules compiled by this Python, of the version "
                               "of xlwings Lite's Pyodide (3.13): a faster first import"))
    args = parser.parse_args(argv)
    try:
        with open(args.wheel, "rb") as f:
            wheel = f.read()
    except OSError as exc:
        print(_("xl-tiebreak: {wheel}: cannot read the wheel ({reason})", wheel=args.wheel,
                reason=exc), file=sys.stderr)
        return 2
    try:
        text = bundle(wheel, os.path.basename(args.wheel), args.bytecode)
    except (zipfile.BadZipFile, ValueError) as exc:
        print(_("xl-tiebreak: {wheel}: cannot read the wheel ({reason})", wheel=args.wheel,
                reason=exc), file=sys.stderr)
        return 2
    except (OSError, subprocess.SubprocessError) as exc:
        print(_("xl-tiebreak: {python}: cannot compile the modules ({reason})",
                python=args.bytecode, reason=exc), file=sys.stderr)
        return 2
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    if os.path.exists(args.output) and not args.force:
        print(_("xl-tiebreak: {path} already exists: not overwritten (use --force to replace "
                "it)", path=args.output), file=sys.stderr)
        return 2
    temporary = f"{args.output}.part"
    try:
        with open(temporary, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(temporary, args.output)
    except OSError as exc:
        print(_("xl-tiebreak: {path}: cannot write it ({reason})", path=args.output,
                reason=exc), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
