"""One standings table for every output: the text table, both CSVs, JSON, the
HTML page, the Standings sheet and the STANDINGS table hold the same rows, places and values;
``compute --format html``; ``--version``.

The property test reads every output back with its own parser (csv, json, html5lib, the sheet's
cells) and compares it with the :class:`Standings` the outputs were made from, on seeded random
tournaments (hypothesis draws the seeds and the names, some of them hostile).
"""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import generator
import pytest
import sheet_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xl_tiebreak.cli.main import load_tournament, main
from xl_tiebreak.excel.book.layout import standings_values
from xl_tiebreak.excel.reading.settings import Settings
from xl_tiebreak.excel.sheets.standings_sheet import standings_layout
from xl_tiebreak.report.html import standings_html
from xl_tiebreak.report.table import standings_csv, standings_json, standings_table
from xl_tiebreak.standings.decided_by import decisions
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.util.numbers import fmt, from_float, parse_number
from xl_tiebreak.version import __version__

html5lib = pytest.importorskip("html5lib")

ROOT = Path(__file__).resolve().parent.parent
ORDER = "BH/C1,SB,DE,WIN,ARO,AOB"
NAMES = ["Ada Alder", "O'Brien, Pat", "=1+1", "-Minus", "<b>Bold</b> & Co", 'Quote "Q"',
         "Zoë Ångström", "@home"]

Row = tuple[int, int, int, Fraction, tuple[Fraction | None, ...], str]
"""(start number, first place, last place, points, tie-break values, name) of a row."""


def _num(text: str) -> Fraction | None:
    return None if text == "" else parse_number(text)


def _shown(value: Fraction | None) -> Fraction | None:
    """A value as a text output can hold it: exact, or to 4 decimals (infinite expansions)."""
    return None if value is None else parse_number(fmt(value))


def _unsafe(text: str) -> str:
    """A name as written before the formula-injection guard (a leading ``'``) was applied."""
    return text[1:] if text.startswith("'") and text[1:2] in "=+-@" and text[1:] else text


def _place(text: str) -> tuple[int, int]:
    first, _, last = text.partition("\u2013")
    return int(first), int(last or first)


def expected(standings: Standings) -> list[Row]:
    counts: dict[int, int] = {}
    for r in standings.rows:
        counts[r.rank] = counts.get(r.rank, 0) + 1
    return [(r.participant.start_no, r.rank, r.rank + counts[r.rank] - 1, r.points,
             tuple(_shown(v) for v in r.values), r.participant.name) for r in standings.rows]


# ------------------------------------------------------------------------- the readers


def from_text(standings: Standings) -> list[Row]:
    """The text table, cut into columns at runs of two or more blank positions."""
    lines = standings_table(standings).splitlines()
    head = next(k for k, line in enumerate(lines) if line.startswith("Place"))
    block = []
    for line in lines[head:]:
        if not line.strip():
            break
        block.append(line)
    width = max(map(len, block))
    block = [line.ljust(width) for line in block]
    blank = [all(line[i] == " " for line in block) for i in range(width)]
    cuts, start, i = [], 0, 0
    while i < width:
        if blank[i] and i + 1 < width and blank[i + 1]:
            cuts.append((start, i))
            while i < width and blank[i]:
                i += 1
            start = i
        else:
            i += 1
    cuts.append((start, width))
    table = [[line[a:b].strip() for a, b in cuts] for line in block]
    header = table[0]
    col = {h: k for k, h in enumerate(header)}
    labels = [d.label for d in standings.descriptors]
    return [(int(r[col["No"]]), *_place(r[col["Place"]]), parse_number(r[col["Pts"]]),
             tuple(_num(r[col[lab]]) for lab in labels), _unsafe(r[col["Name"]]))
            for r in table[1:]]


def from_csv(standings: Standings, player_columns: bool) -> list[Row]:
    rows = list(csv.reader(io.StringIO(standings_csv(standings, player_columns))))
    labels = [d.label for d in standings.descriptors]
    extra = ["Title", "Fed", "Rtg"] if player_columns else []
    assert rows[0] == ["Rank", "No", "Name", "Pts", *labels, *extra, "Decided by"]
    n = len(labels)
    return [(int(r[1]), int(r[0]), -1, parse_number(r[3]),
             tuple(_num(v) for v in r[4:4 + n]), _unsafe(r[2])) for r in rows[1:]]


def from_json(standings: Standings) -> list[Row]:
    data = json.loads(json.dumps(standings_json(standings)))
    labels = [d.label for d in standings.descriptors]
    out = []
    for r in data["rows"]:
        first, last = _place(r["place"])
        assert first == r["rank"] and r["shared"] == (first != last)
        out.append((r["start_no"], first, last, parse_number(r["points"]),
                    tuple(None if r["values"][lab] is None else parse_number(r["values"][lab])
                          for lab in labels), r["name"]))
    return out


def _text(el: Element) -> str:
    return "".join(el.itertext()).strip()


def from_html(standings: Standings) -> list[Row]:
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    root = parser.parse(standings_html(standings))
    table = next(t for t in root.iter("table") if t.get("class") == "standings")
    header = [_text(th) for th in table.iter("th")]
    col = {h: k for k, h in enumerate(header)}
    labels = [d.label for d in standings.descriptors]
    out = []
    for tr in next(table.iter("tbody")).iter("tr"):
        r = [_text(td) for td in tr.iter("td")]
        out.append((int(r[col["No"]]), *_place(r[col["Place"]]), parse_number(r[col["Pts"]]),
                    tuple(_num(r[col[lab]]) for lab in labels), r[col["Name"]]))
    return out


def _float_value(value: Any) -> Fraction | None:
    return None if value is None else from_float(value)


def from_sheet(standings: Standings) -> list[Row]:
    """The Standings sheet's layout: the cells, and the number format of the place cells
    (``0"–4"`` shows a shared 3rd place as 3–4)."""
    layout = standings_layout(standings, Settings(), [])
    cells = layout.rectangle()
    top = sheet_table.header_index(cells)
    table = sheet_table.table(cells)
    formats = {s.ref: s.number_format for s in layout.styles if s.number_format}
    labels = [d.label for d in standings.descriptors]
    assert list(table[0]) == [*sheet_table.FIXED, *labels, "Decided by"]
    decided = [d.text() or None for d in decisions(standings)]
    assert [r[-1] for r in table[1:]] == decided  # the text table's column
    table = [r[:-1] for r in table]
    out = []
    for k, r in enumerate(table[1:], start=top + 2):
        first = int(r[0])
        shown = formats.get(f"A{k}:A{k}") or formats.get(f"A{k}") or ""
        m = re.fullmatch('0"\u2013(\\d+)"', shown)
        last = int(m.group(1)) if m else first
        values = tuple(_float_value(v) for v in r[sheet_table.FIRST_TIEBREAK:])
        out.append((int(r[1]), first, last, from_float(r[sheet_table.PTS]), values,
                    str(r[sheet_table.NAME])))
    return out


def from_function_table(standings: Standings) -> list[Row]:
    """What the STANDINGS worksheet function returns (:func:`standings_values`)."""
    table = standings_values(standings)
    assert list(table[0]) == [*sheet_table.FIXED, *(d.label for d in standings.descriptors)]
    rows: list[list[Any]] = table[1:]
    return [(int(r[1]), int(r[0]), -1, from_float(r[sheet_table.PTS]),
             tuple(_float_value(v) for v in r[sheet_table.FIRST_TIEBREAK:]),
             str(r[sheet_table.NAME])) for r in rows]


def same(got: list[Row], want: list[Row]) -> None:
    assert [g[0] for g in got] == [w[0] for w in want]  # the same rows in the same order
    for g, w in zip(got, want, strict=True):
        assert g[1] == w[1]  # the place, on every row of a shared place
        assert g[2] in (-1, w[2])  # its last place, where the output shows a range
        assert g[3] == w[3]  # points
        assert g[4] == w[4]  # every tie-break value
        assert g[5] == w[5]  # the name (unchanged by the outputs' guards)


def check_every_output(standings: Standings) -> None:
    want = expected(standings)
    same(from_text(standings), want)
    same(from_csv(standings, False), want)
    same(from_csv(standings, True), want)
    same(from_json(standings), want)
    same(from_html(standings), want)
    # the sheet and the function hold floats: the exact values as the nearest float
    floats = [(*w[:4], tuple(None if v is None else from_float(float(v)) for v in row.values),
               w[5]) for w, row in zip(want, standings.rows, strict=True)]
    same(from_sheet(standings), floats)
    same(from_function_table(standings), floats)


PROFILE = settings(max_examples=25, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@PROFILE
@given(seed=st.integers(0, 10**6), names=st.lists(st.sampled_from(NAMES), max_size=6),
       after=st.integers(0, 3))
def test_every_output_holds_the_same_rows_places_and_values(
    seed: int, names: list[str], after: int
) -> None:
    t = generator.generate(seed)
    for p, name in zip(t.participants, names, strict=False):
        p.name = f"{name} {p.start_no}" if not name.startswith(("=", "-", "@")) else name
    rounds = max(t.rounds - after, 1)
    standings = compute_standings(t, ORDER, after_round=rounds, unrated_rating=1400)
    check_every_output(standings)


def test_shared_places_in_every_output() -> None:
    """Four players, every game drawn: one place 1–4 shared by everyone, in every output."""
    from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable

    text = "No,Name,1,2,3,4\n1,A,x,½,½,½\n2,B,½,x,½,½\n3,C,½,½,x,½\n4,D,½,½,½,x\n"
    standings = compute_standings(read_csv_crosstable(text), "SB,DE")
    check_every_output(standings)
    assert [r[1:3] for r in from_html(standings)] == [(1, 4)] * 4
    assert [r[1:3] for r in from_sheet(standings)] == [(1, 4)] * 4
    assert [r[1] for r in from_csv(standings, False)] == [1] * 4


# ------------------------------------------------------------------------- the command line


def test_partial_event_says_after_round_k_of_n(capsys: pytest.CaptureFixture[str]) -> None:
    trf = str(ROOT / "examples" / "spring_open.trf")
    assert main(["compute", trf, "--after-round", "5"]) == 0
    assert "after round 5 of 7" in capsys.readouterr().out.splitlines()[0]
    assert main(["compute", trf, "--after-round", "5", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "after round 5 of 7" and data["scheduled_rounds"] == 7
    assert main(["compute", trf]) == 0
    assert "final standings after 7 rounds" in capsys.readouterr().out.splitlines()[0]


def test_compute_format_html(capsys: pytest.CaptureFixture[str]) -> None:
    trf = str(ROOT / "examples" / "spring_open.trf")
    assert main(["compute", trf, "--format", "html", "--tiebreaks", "BH/C1,SB"]) == 0
    page = capsys.readouterr().out
    standings = compute_standings(load_tournament(trf), "BH/C1,SB")
    assert page == standings_html(standings)
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    parser.parse(page)  # valid HTML5
    assert f"Computed by xl-tiebreak {__version__}" in page


def test_csv_player_columns(capsys: pytest.CaptureFixture[str]) -> None:
    trf = str(ROOT / "examples" / "spring_open.trf")
    assert main(["compute", trf, "--format", "csv", "--tiebreaks", "BH", "--player-columns"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["Rank", "No", "Name", "Pts", "BH", "Title", "Fed", "Rtg", "Decided by"]
    by_no = {r[1]: r for r in rows[1:]}
    assert by_no["3"][5:8] == ["WGM", "NGR", "2290"]  # TRF line of #3: WGM, NGR, 2290


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"xl-tiebreak {__version__}"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1) == __version__  # type: ignore[union-attr]
