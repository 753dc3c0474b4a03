"""Cost of the headless workbook commands at the size limits.

Builds workbooks around the limits (``xl_tiebreak.excel.files.checks.MAX_CELLS`` / ``MAX_ROWS``):
the Swiss template plus an unrelated sheet of one-digit cells just under the cell limit, one
just over it (refused at once), the 3.3 million-cell sheet of the issue and a sheet whose
last row is 1,048,576; then times ``compute`` and ``standings -o`` on each in a fresh process
and prints the seconds and the peak memory (maximum resident set size) of that process.

    python benchmarks/bench_limits.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import xl_tiebreak.excel.files.checks as files  # noqa: E402
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook  # noqa: E402


def with_sheet(folder: Path, name: str, rows: int, columns: int, last_row: int = 0) -> Path:
    """The template plus a sheet ``Data`` of ``rows`` × ``columns`` cells holding 1 (and a
    cell in row ``last_row`` when given), written straight as XML (openpyxl would be slow)."""
    base = folder / "base.xlsx"
    if not base.exists():
        build_workbook(SWISS, vba=False).save(base)
    body = bytearray()
    row_xml = b"<c><v>1</v></c>" * columns
    for r in range(1, rows + 1):
        body += b'<row r="%d">' % r + row_xml + b"</row>"
    if last_row:
        body += b'<row r="%d"><c r="A%d"><v>1</v></c></row>' % (last_row, last_row)
    sheet = (b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
             b"<sheetData>" + bytes(body) + b"</sheetData></worksheet>")
    target = folder / name
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/workbook.xml":
                data = data.replace(b"</sheets>",
                                    b'<sheet name="Data" sheetId="99" r:id="rIdData"/></sheets>')
            elif item.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"</Relationships>", (
                    b'<Relationship Id="rIdData" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/worksheet" '
                    b'Target="worksheets/data.xml"/></Relationships>'))
            elif item.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", (
                    b'<Override PartName="/xl/worksheets/data.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'))
            dst.writestr(item, data)
        dst.writestr("xl/worksheets/data.xml", sheet)
    return target


_CHILD = """
import resource, sys
from xl_tiebreak.cli.main import main
status = 3
try:  # main itself, not the console script, which may end the process at once (D73)
    status = main(sys.argv[1:])
finally:
    try:  # this process's own high-water mark (ru_maxrss survives exec on Linux)
        with open("/proc/self/status") as proc_status:
            peak = next(int(line.split()[1]) for line in proc_status
                        if line.startswith("VmHWM"))
    except (OSError, StopIteration):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write(f"\\nPEAK {peak}\\n")
sys.exit(status)
"""


def timed(args: list[str]) -> tuple[float, float, int]:
    """(seconds, peak MB of that process, exit status) of one command in a fresh process."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, *args],
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True)
    elapsed = time.perf_counter() - started
    peak = int(done.stderr.rsplit("PEAK ", 1)[-1].split()[0]) / 1024  # KB on Linux
    return elapsed, peak, done.returncode


def main() -> None:
    limit = files.MAX_CELLS
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases = [
            ("template only", with_sheet(folder, "small.xlsx", 1, 1)),
            (f"+ {limit - 30_000:,} cells (under the limit)",
             with_sheet(folder, "under.xlsx", (limit - 30_000) // 100, 100)),
            (f"+ {limit + 10_000:,} cells (over the limit)",
             with_sheet(folder, "over.xlsx", (limit + 10_000) // 100, 100)),
            ("+ 3,300,000 one-digit cells",
             with_sheet(folder, "huge.xlsx", 33_000, 100)),
            ("+ a cell in row 1,048,576", with_sheet(folder, "tall.xlsx", 1, 1, 1_048_576)),
        ]
        print(f"limits: {files.MAX_CELLS:,} stored cells, {files.MAX_ROWS:,} rows, "
              f"{files.MAX_FILE_BYTES // 2**20} MB file, {files.MAX_UNZIPPED_BYTES // 2**20} MB "
              "unzipped")
        print(f"{'workbook':<44} {'KB':>7}  {'command':<10} {'s':>6} {'MB':>6}  exit")
        for label, path in cases:
            size = path.stat().st_size // 1024
            for command in ("compute", "standings"):
                args = [command, str(path)]
                if command == "standings":
                    args += ["-o", str(folder / "out.xlsx"), "--force"]
                seconds, peak, code = timed(args)
                print(f"{label:<44} {size:>7}  {command:<10} {seconds:>6.2f} {peak:>6.0f}  {code}")


if __name__ == "__main__":
    main()
