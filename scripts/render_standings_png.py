"""Render the demo's Standings sheet the way it prints: LibreOffice (headless) → PDF →
PNG (poppler's ``pdftoppm``), written to ``docs/standings.png`` for the README.

    python scripts/render_standings_png.py [OUTPUT.png]

Needs ``soffice`` (LibreOffice) and ``pdftoppm`` (poppler-utils) on the PATH, and the package's
``excel`` extra (openpyxl). The functions are also used by
tests/test_excel_templates_print_layout.py.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "docs" / "standings.png"


def demo_sheet_workbook(folder: Path, sheet: str = "Standings") -> Path:
    """Build the demo in ``folder`` and save a copy holding only ``sheet`` (as the demo wrote
    it: values, styles, print setup), so that LibreOffice prints that sheet alone."""
    import openpyxl

    from xl_tiebreak.excel.templates.builder import build_demo

    demo = build_demo(folder, force=True)
    wb = openpyxl.load_workbook(demo)
    for name in list(wb.sheetnames):
        if name != sheet:
            wb.remove(wb[name])
    for name in list(wb.defined_names):  # names referring to the removed sheets
        del wb.defined_names[name]
    out = folder / f"{sheet.lower()}_only.xlsx"
    wb.save(out)
    return out


def to_pdf(workbook: Path, folder: Path) -> Path:
    """Print a workbook to PDF with LibreOffice headless (a private profile in ``folder``, so
    that it runs beside an open LibreOffice)."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        raise RuntimeError("soffice (LibreOffice) is not installed")
    profile = (folder / "lo-profile").resolve().as_uri()
    subprocess.run(
        [soffice, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf",
         "--outdir", str(folder), str(workbook)],
        check=True, capture_output=True, timeout=240,
    )
    pdf = folder / f"{workbook.stem}.pdf"
    if not pdf.is_file():
        raise RuntimeError(f"LibreOffice wrote no PDF for {workbook.name}")
    return pdf


def pdf_pages(pdf: Path) -> int:
    """Number of pages of a PDF (``pdfinfo``)."""
    out = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True,
                         text=True).stdout
    line = next(x for x in out.splitlines() if x.startswith("Pages:"))
    return int(line.split()[1])


def pdf_text(pdf: Path) -> str:
    """The text of a PDF in reading layout (``pdftotext -layout``)."""
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout


def to_png(pdf: Path, output: Path, dpi: int = 110, margin: int = 20) -> Path:
    """The first page of a PDF as a PNG, cropped to what is printed on it (plus ``margin``
    pixels)."""
    left, top, right, bottom = _ink_box(pdf, dpi)
    box = [max(left - margin, 0), max(top - margin, 0)]
    box += [right - box[0] + margin, bottom - box[1] + margin]
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                    "-x", str(box[0]), "-y", str(box[1]), "-W", str(box[2]), "-H", str(box[3]),
                    str(pdf), str(output.with_suffix(""))],
                   check=True, capture_output=True, timeout=120)
    return output


def _ink_box(pdf: Path, dpi: int) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) in pixels of the non-white part of page 1 at ``dpi``, read
    from a greyscale rendering (PGM: a text header, then one byte per pixel)."""
    data = subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1",
                           "-singlefile", str(pdf)], check=True, capture_output=True,
                          timeout=120).stdout
    magic, size, _, pixels = data.split(b"\n", 3)
    assert magic == b"P5"
    width, height = map(int, size.split())
    inked_rows = [y for y in range(height) if min(pixels[y * width:(y + 1) * width]) < 250]
    if not inked_rows:
        return 0, 0, width, height
    columns = [min(pixels[x::width][inked_rows[0]:inked_rows[-1] + 1]) for x in range(width)]
    inked_cols = [x for x, v in enumerate(columns) if v < 250]
    return inked_cols[0], inked_rows[0], inked_cols[-1] + 1, inked_rows[-1] + 1


def main(argv: list[str]) -> int:
    output = Path(argv[0]) if argv else DEFAULT_OUTPUT
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        pdf = to_pdf(demo_sheet_workbook(folder), folder)
        to_png(pdf, output.resolve())
    print(output)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
