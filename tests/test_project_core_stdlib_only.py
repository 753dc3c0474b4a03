"""The core engine imports nothing outside the standard library (it must run in xlwings Lite /
Pyodide and anywhere else), and nothing of the spreadsheet layer: the core is every module of
the package outside ``xl_tiebreak/excel/`` and the two shims ``udfs`` / ``macros``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "xl_tiebreak"
SHIMS = {"udfs", "macros"}
CORE = sorted(
    ".".join(p.relative_to(PACKAGE).with_suffix("").parts) for p in PACKAGE.rglob("*.py")
    if p.stem not in SHIMS | {"__init__", "__main__"} and p.relative_to(PACKAGE).parts[0] != "excel"
)

PROBE = """
import sys
before = set(sys.modules)
{imports}
added = set(sys.modules) - before
new = {{m.split(".")[0] for m in added}}
print(",".join(sorted(new - set(sys.stdlib_module_names) - {{"xl_tiebreak"}})))
print(",".join(sorted(m for m in added if m.startswith("xl_tiebreak.excel"))))
"""


def _probe(imports: str) -> tuple[str, str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(imports=imports)],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return out[0].strip(), out[1].strip()


def test_the_core_is_every_module_outside_the_spreadsheet_layer() -> None:
    assert {"model.tournament", "standings.final", "tiebreaks.fide", "cli.main", "util.cells",
            "util.dates"} <= set(CORE)
    assert not {m for m in CORE if m.startswith("excel")}


def test_core_modules_import_only_the_standard_library() -> None:
    third_party, excel = _probe("\n".join(f"import xl_tiebreak.{m}" for m in CORE))
    assert third_party == "", f"core imports non-standard modules: {third_party}"
    assert excel == "", f"core imports the spreadsheet layer: {excel}"


def test_the_probe_would_see_a_third_party_import() -> None:
    third_party, _ = _probe("import openpyxl")
    assert "openpyxl" in third_party


def test_the_probe_would_see_the_spreadsheet_layer() -> None:
    _, excel = _probe("import xl_tiebreak.excel.book.layout")
    assert "xl_tiebreak.excel.book.layout" in excel
