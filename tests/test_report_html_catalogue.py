"""Every word of the HTML page goes through the catalogue: with a fake catalogue that wraps
every marked text in ⟦…⟧, each visible text of the page (text nodes and ``title``
attributes) is either wrapped or data from the event (names, numbers, places, acronyms,
crosstable codes)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from marked import package_marked_texts

from xl_tiebreak.formats.trf.reader import read_trf
from xl_tiebreak.i18n.catalogue import Catalogue
from xl_tiebreak.i18n.language import using_catalogue
from xl_tiebreak.report.html import standings_html
from xl_tiebreak.standings.final import compute_standings

TRF = Path(__file__).resolve().parent.parent / "examples" / "spring_open.trf"


def _fake() -> Catalogue:
    """Every marked text wrapped in ⟦…⟧ (the conventions kept: numbers stay numbers)."""
    found, _not_literal = package_marked_texts()
    return Catalogue("fake", {t.key: f"⟦{t.msgid}⟧" for t in found
                              if t.context != "convention"})


class _Visible(HTMLParser):
    """The page's visible texts: text nodes outside <style>, and title attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = tag == "style"
        self.texts.extend(v for k, v in attrs if k == "title" and v)

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if not self._style and data.strip():
            self.texts.append(data.strip())


def test_every_visible_text_of_the_page_is_a_catalogue_text() -> None:
    tournament = read_trf(TRF)
    with using_catalogue(_fake()):
        standings = compute_standings(tournament, "BH/C1,BH,SB,DE,WIN")
        page = standings_html(standings)
    parser = _Visible()
    parser.feed(page)
    data = set()
    for p in tournament.participants:
        data |= {p.name, p.federation, p.title or "", str(p.start_no)}
    data |= {d.label for d in standings.descriptors}
    data |= {"FIDE 2026", "Spring Open 2026", "—", "·", "IA Maura Keane", "Kilbrack"}
    # numbers, places, a crosstable cell after its linked opponent (b½), bye letters, and
    # the FIDE article beside a tie-break's name (Art. 8.1: the same in every language)
    number = re.compile(r"^[\d½.,–\-+ ]+$|^[wb][10½+\-]$|^[HUFZ]$|^Art\.$")
    outside = []
    for text in parser.texts:
        rest = text
        while "⟦" in rest:  # nested: a name inside a sentence, innermost first
            rest, n = re.subn(r"⟦[^⟦⟧]*⟧", " ", rest)
            assert n, text
        for known in sorted((d for d in data if " " in d or "," in d), key=len, reverse=True):
            rest = rest.replace(known, " ")  # names of several words first
        for piece in re.split(r"[\s·:;,()=]+", rest):
            if piece and piece not in data and not number.match(piece):
                outside.append((piece, text[:60]))
    assert outside == []
    assert any("⟦Standings⟧" in t for t in parser.texts)  # the fake catalogue was used
