"""Render the demo's Standings sheet the way it prints: LibreOffice (headless) → PDF →
PNG (poppler's ``pdftoppm``), written to ``docs/standings.png`` for the README.

    python scripts/render_standings_png.py [OUTPUT.png]

Needs ``soffice`` (LibreOffice) and ``pdftoppm`` (poppler-utils) on the PATH, and the package's
``excel`` extra (openpyxl). The functions are also used by tests/test_print_layout.py.
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

    from xl_tiebreak.excel.templates import build_demo

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


def to_png(pdf: Path, output: Path, dpi: int = 110) -> Path:
    """The first page of a PDF as a PNG, cropped to what is printed on it."""
    stem = output.with_suffix("")
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                    str(pdf), str(stem)], check=True, capture_output=True, timeout=120)
    _crop(output)
    return output


def _crop(png: Path, margin: int = 24) -> None:
    """Trim the page's white margins (when Pillow is installed; else the page is kept)."""
    try:
        from PIL import Image, ImageChops
    except ImportError:
        return
    with Image.open(png) as img:
        rgb = img.convert("RGB")
        box = ImageChops.difference(rgb, Image.new("RGB", rgb.size, "white")).getbbox()
        if box is None:
            return
        left, top, right, bottom = box
        box = (max(left - margin, 0), max(top - margin, 0), min(right + margin, rgb.width),
               min(bottom + margin, rgb.height))
        rgb.crop(box).save(png, optimize=True)


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
