"""The HTML page (:mod:`xl_tiebreak.report.html`): valid HTML5, links that resolve, escaped input,
shared places on every row, and the same values as the standings it was made from."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path
from xml.etree.ElementTree import Element

import pytest

from xl_tiebreak.cli.main import load_tournament
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.model.tournament import Color, Kind, Record
from xl_tiebreak.report.html import place_texts, round_cell_text, standings_html
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.util.numbers import parse_number

html5lib = pytest.importorskip("html5lib")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LONG_LIST = "BH/C1,BH,SB,PS,WIN,ARO,DE"


def parse(page: str) -> Element:
    """The page parsed strictly: any HTML5 parse error raises."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    root: Element = parser.parse(page)
    return root


def text(el: Element) -> str:
    return "".join(el.itertext()).strip()


def table_rows(root: Element, cls: str) -> tuple[list[str], list[list[Element]]]:
    """Header texts and body cells of the table with class ``cls``."""
    table = next(t for t in root.iter("table") if t.get("class") == cls)
    heads = [text(th) for th in table.iter("th")]
    body = next(table.iter("tbody"))
    return heads, [list(tr.iter("td")) for tr in body.iter("tr")]


@pytest.fixture(scope="module")
def spring() -> Standings:
    return compute_standings(load_tournament(str(EXAMPLES / "spring_open.trf")), LONG_LIST)


@pytest.fixture(scope="module")
def spring_page(spring: Standings) -> str:
    return standings_html(spring)


def test_page_is_valid_html5(spring_page: str) -> None:
    root = parse(spring_page)
    assert spring_page.startswith("<!DOCTYPE html>")
    assert root.get("lang") == "en"
    assert text(next(root.iter("title"))).startswith("Spring Open 2026")


def test_page_is_self_contained(spring_page: str) -> None:
    root = parse(spring_page)
    tags = {el.tag for el in root.iter()}
    assert not tags & {"script", "link", "img", "iframe", "object", "embed"}
    assert not [el for el in root.iter() if el.get("src")]
    assert "http://" not in spring_page and "https://" not in spring_page
    assert "url(" not in spring_page and "@import" not in spring_page


def test_every_link_resolves_to_a_row(spring_page: str, spring: Standings) -> None:
    root = parse(spring_page)
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    hrefs = [a.get("href") or "" for a in root.iter("a")]
    assert hrefs and all(h.startswith("#") for h in hrefs)
    assert {h[1:] for h in hrefs} <= set(ids)
    # one crosstable row per participant, in start-number order
    _, rows = table_rows(root, "cross")
    assert [int(text(r[0])) for r in rows] == list(range(1, 17))
    # each opponent link points at the row of the opponent in that round
    table = next(t for t in root.iter("table") if t.get("class") == "cross")
    by_no = spring.tournament.by_start_no()
    for tr in next(table.iter("tbody")).iter("tr"):
        no = int((tr.get("id") or "p0")[1:])
        cells = list(tr.iter("td"))[4:-1]
        for rnd, td in enumerate(cells, start=1):
            links = list(td.iter("a"))
            opp = by_no[no].record(rnd).opponent
            assert [a.get("href") for a in links] == ([] if opp is None else [f"#p{opp}"])


def test_crosstable_cells(spring_page: str) -> None:
    """Cells as written in examples/spring_open.csv (the same event as the TRF)."""
    _, rows = table_rows(parse(spring_page), "cross")
    cell = {(int(text(r[0])), k): text(td) for r in rows for k, td in enumerate(r[4:-1], 1)}
    assert cell[1, 1] == "9b½"      # TRF: 9 b =
    assert cell[12, 3] == "U"       # pairing-allocated bye
    assert cell[14, 3] == "H"       # half-point bye
    assert cell[16, 5] == "12w+"    # won by forfeit
    assert cell[12, 5] == "16b-"    # lost by forfeit (did not appear)
    assert cell[15, 6] == cell[15, 7] == "Z"  # withdrawn after round 5
    assert [text(r[-1]) for r in rows][:4] == ["5", "4½", "4", "6"]  # TRF cols 81-84


def test_values_equal_the_standings(spring_page: str, spring: Standings) -> None:
    heads, rows = table_rows(parse(spring_page), "standings")
    labels = [d.label for d in spring.descriptors]
    assert heads == ["Place", "No", "Title", "Name", "Fed", "Rtg", "Pts", *labels, "Decided by"]
    assert len(rows) == len(spring.rows)
    for cells, row in zip(rows, spring.rows, strict=True):
        p = row.participant
        assert int(text(cells[1])) == p.start_no
        assert text(cells[2]) == p.title
        assert text(cells[3]) == p.name
        assert text(cells[4]) == p.federation
        assert text(cells[5]) == ("" if p.rating is None else str(p.rating))
        assert parse_number(text(cells[6])) == row.points
        for cell, value in zip(cells[7:-1], row.values, strict=True):
            shown = text(cell)
            assert (None if shown == "" else parse_number(shown)) == value


def test_titles_and_halves(spring_page: str) -> None:
    _, rows = table_rows(parse(spring_page), "standings")
    by_no = {int(text(r[1])): r for r in rows}
    assert text(by_no[3][2]) == "WGM" and text(by_no[6][2]) == "WIM"
    assert text(by_no[2][6]) == "4½"  # 4.5 points, with the half sign


def test_title_block(spring: Standings) -> None:
    root = parse(standings_html(spring))
    header = text(next(root.iter("header")))
    assert "Spring Open 2026" in header
    assert "2026-04-10" in header
    assert "Final standings after 7 rounds" in header
    assert "FIDE 2026" in header
    partial = compute_standings(spring.tournament, "BH", after_round=5)
    header = text(next(parse(standings_html(partial)).iter("header")))
    assert "After round 5 of 7" in header
    _, rows = table_rows(parse(standings_html(partial)), "cross")
    assert len(rows[0]) == 4 + 5 + 1  # only the rounds taken into account


def test_legend_names_every_tiebreak(spring_page: str, spring: Standings) -> None:
    legend = next(el for el in parse(spring_page).iter("dl"))
    terms = [text(dt) for dt in legend.iter("dt")]
    defs = [text(dd) for dd in legend.iter("dd")]
    assert terms == ["Pts", *[d.label for d in spring.descriptors], "Decided by"]
    assert "Buchholz Cut-1 (Art. 8.1)" in defs[1]
    assert defs[-2].startswith("Direct Encounter (Art. 6)")
    assert "decided no place" in defs[-2]  # DE is an empty column here: say why


# every pair drew its game: 4 players tied on 1½ whatever the tie-break
ALL_DRAWN = """No,Name,1,2,3,4
1,"Ash, Ann",x,½,½,½
2,"Birch, Ben",½,x,½,½
3,"Cedar, Cy",½,½,x,½
4,"Dell, Di",½,½,½,x
"""


def test_shared_place_on_every_row() -> None:
    standings = compute_standings(read_csv_crosstable(ALL_DRAWN), "SB,DE,WIN")
    root = parse(standings_html(standings))
    _, rows = table_rows(root, "standings")
    assert [text(r[0]) for r in rows] == ["1–4"] * 4
    assert [text(r[1]) for r in rows] == ["1", "2", "3", "4"]
    heads, _ = table_rows(root, "standings")
    assert "Title" not in heads and "Fed" not in heads and "Rtg" not in heads  # all empty
    assert "round robin" in text(next(root.iter("header")))


def test_place_texts_ranges() -> None:
    standings = compute_standings(read_csv_crosstable(ALL_DRAWN), "")
    assert place_texts(standings.rows) == ["1–4"] * 4


HOSTILE = '<script>alert(1)</script>'


def test_hostile_texts_are_escaped() -> None:
    names = [HOSTILE, '=1+1', '"Quote" O\'Brien & <b>Co</b>', "Plain, Pat"]
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["No", "Name", "Title", "Fed", 1, 2, 3, 4])
    for i, (name, title, fed) in enumerate(
        zip(names, ["<i>GM</i>", "", "", ""], ["<u>", "IRL", '"x"', "IRL"], strict=True), start=1
    ):  # 1 beats everyone, 2 beats 3 and 4, …
        w.writerow([i, name, title, fed, *["x" if i == j else int(i < j) for j in range(1, 5)]])
    csv_text = buf.getvalue()
    t = read_csv_crosstable(csv_text)
    t.name = '</title><script>alert("t")</script>'
    page = standings_html(compute_standings(t, "SB"))
    assert "<script" not in page and "<b>" not in page and "<i>" not in page
    root = parse(page)
    assert not [el for el in root.iter() if el.tag in ("script", "b", "i", "u")]
    _, rows = table_rows(root, "standings")
    shown = {int(text(r[1])): (text(r[2]), text(r[3]), text(r[4])) for r in rows}
    assert shown[1] == ("<i>GM</i>", HOSTILE, "<u>")
    assert shown[2][1] == "=1+1"
    assert shown[3][1] == names[2] and shown[3][2] == '"x"'
    assert text(next(root.iter("title"))).startswith('</title><script>alert("t")</script>')
    assert text(next(root.iter("h1"))) == t.name


def test_round_cell_text() -> None:
    assert round_cell_text(Record(Kind.WIN, 12, Color.WHITE)) == "12w1"
    assert round_cell_text(Record(Kind.DRAW, 5, Color.BLACK)) == "5b½"
    assert round_cell_text(Record(Kind.FORFEIT_WIN, 7, Color.WHITE)) == "7w+"
    assert round_cell_text(Record(Kind.FORFEIT_LOSS, 7, None)) == "7 -"
    assert round_cell_text(Record(Kind.LOSS, 3, None)) == "3 0"
    assert [round_cell_text(Record(k)) for k in (Kind.HPB, Kind.PAB, Kind.FPB, Kind.ZPB)] == [
        "H", "U", "F", "Z"]


def test_round_cells_read_back() -> None:
    """Every cell of the page is in the notation the crosstable reader reads."""
    from xl_tiebreak.formats.crosstable.reader import parse_round_token

    for rec in [Record(Kind.WIN, 12, Color.WHITE), Record(Kind.DRAW, 5, Color.BLACK),
                Record(Kind.FORFEIT_LOSS, 7, Color.BLACK), Record(Kind.LOSS, 3, None),
                Record(Kind.PAB), Record(Kind.HPB), Record(Kind.FPB), Record(Kind.ZPB)]:
        assert parse_round_token(round_cell_text(rec)) == rec


def test_values_fraction_display() -> None:
    page = standings_html(compute_standings(load_tournament(str(EXAMPLES / "spring_open.trf")),
                                            "SB"))
    _, rows = table_rows(parse(page), "standings")
    by_no = {int(text(r[1])): text(r[7]) for r in rows}
    assert by_no[2] == "17.75" and by_no[1] == "19½"
    assert parse_number(by_no[2]) == Fraction(71, 4)
