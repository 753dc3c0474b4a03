"""The decisions and engineering notes: every identifier is written once, in one of the two
documents, and every citation in the code, the tests and the documentation names the document
that holds it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = {name: ROOT / "docs" / f"{name}.md" for name in ("decisions", "engineering")}
_ITEM = re.compile(r"^- \*\*(D\d+) —", re.M)
_CITED = re.compile(r"(decisions|engineering)\.md("
                    r"(?:,?\s+\(?|\s*\()D\d+(?:(?:,\s*|\.\.|–|-|\s+and\s+)D\d+)*)")


def _items(name: str) -> list[str]:
    return _ITEM.findall(DOCS[name].read_text(encoding="utf-8"))


def test_every_identifier_is_written_once() -> None:
    found = _items("decisions") + _items("engineering")
    assert len(found) == len(set(found)), sorted({d for d in found if found.count(d) > 1})
    assert {"D1", "D30", "D71", "D88"} <= set(found)


def test_every_citation_names_the_document_that_holds_it() -> None:
    held = {name: set(_items(name)) for name in DOCS}
    wrong = []
    files = [*ROOT.joinpath("xl_tiebreak").rglob("*.py"), *ROOT.joinpath("tests").glob("*.py"),
             *ROOT.joinpath("docs").glob("*.md"), ROOT / "README.md"]
    for path in (f for f in files if f.name != Path(__file__).name):
        for m in _CITED.finditer(path.read_text(encoding="utf-8")):
            for ident in re.findall(r"D\d+", m.group(2)):
                if ident not in held[m.group(1)]:
                    wrong.append(f"{path.relative_to(ROOT)}: {m.group(1)}.md {ident}")
    assert wrong == []


def test_the_citation_scan_reads_lists_and_ranges() -> None:
    text = "docs/decisions.md D64, D65 and engineering.md D71..D73"
    found = [(m.group(1), re.findall(r"D\d+", m.group(2))) for m in _CITED.finditer(text)]
    assert found == [("decisions", ["D64", "D65"]), ("engineering", ["D71", "D73"])]
