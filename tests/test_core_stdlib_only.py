"""The core engine imports nothing outside the standard library (it must run in xlwings Lite /
Pyodide and anywhere else); the spreadsheet layers are separate modules."""

from __future__ import annotations

import subprocess
import sys

CORE = ["model", "numbers", "ratings", "unplayed", "descriptors", "tiebreaks", "uscf",
        "standings", "check", "trf", "crosstable", "export", "presets", "cli"]

PROBE = """
import sys
before = set(sys.modules)
{imports}
new = {{m.split(".")[0] for m in set(sys.modules) - before}}
print(",".join(sorted(new - set(sys.stdlib_module_names) - {{"xl_tiebreak"}})))
"""


def test_core_modules_import_only_the_standard_library() -> None:
    code = PROBE.format(imports="\n".join(f"import xl_tiebreak.{m}" for m in CORE))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "", f"core imports non-standard modules: {out}"


def test_the_probe_would_see_a_third_party_import() -> None:
    code = PROBE.format(imports="import openpyxl")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert "openpyxl" in out
