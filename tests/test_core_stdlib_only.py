"""The core engine imports nothing outside the standard library (it must run in xlwings Lite /
Pyodide and anywhere else); the spreadsheet layers are separate modules."""

from __future__ import annotations

import subprocess
import sys

CORE = ["model", "numbers", "ratings", "unplayed", "descriptors", "tiebreaks", "uscf",
        "standings", "check", "trf", "crosstable", "export", "presets", "cli"]


def test_core_modules_import_only_the_standard_library() -> None:
    code = (
        "import sys\n"
        + "".join(f"import xl_tiebreak.{m}\n" for m in CORE)
        + "bad = sorted({m.split('.')[0] for m in sys.modules}"
        " - set(sys.stdlib_module_names) - {'xl_tiebreak', '__main__'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "", f"core imports non-standard modules: {out}"
