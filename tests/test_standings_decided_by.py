"""The "Decided by" column: for each row, the first item of the order that separates it from
the next row, with both values.

Hand-derived cases on small round robins (each derivation written beside the test), then a
property test over generated events: every output (CSV, JSON, HTML, text) is read back with its
own parser, and for every adjacent pair the item it names must be the first item whose values
*in that output's own columns* differ, the values shown must be those columns' values, and the
upper row must be the better one on that item; ``shared`` exactly when every item is equal.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from fractions import Fraction

import builders
import generator
import pytest

from xl_tiebreak.model.tournament import Participant, Tournament
from xl_tiebreak.report.html import standings_html
from xl_tiebreak.report.table import standings_csv, standings_json, standings_table
from xl_tiebreak.standings.decided_by import decisions
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_order
from xl_tiebreak.util.numbers import parse_number

PLAYERS = [Participant(0, name) for name in ("Ann", "Bob", "Cid", "Dan")]

# Example 1. Ann 1½ (beat Bob, drew Cid, lost to Dan); Bob 2 (beat Cid and Dan);
# Cid 1½ (drew Ann, beat Dan); Dan 1 (beat Ann).
# SB (Art. 9.1): Ann = 2 (Bob) + ½·1½ (Cid) = 2¾; Cid = ½·1½ (Ann) + 1 (Dan) = 1¾.
# Wins: Ann 1, Bob 2, Cid 1, Dan 1.
TABLE_1 = ["x1=0",
           "0x11",
           "=0x1",
           "100x"]

# Example 2. Ann 1½ (lost to Bob, beat Cid, drew Dan); Bob 2; Cid 1½ (beat Bob, drew Dan);
# Dan 1. Ann and Cid tied on 1½; Ann beat Cid, so DE (Art. 6) puts Ann 1st, Cid 2nd.
TABLE_2 = ["x01=",
           "1x01",
           "01x=",
           "=0=x"]


def event(table: list[str]) -> Tournament:
    return builders.round_robin(PLAYERS, table, start_date="2026-04-01")


def texts(standings: Standings) -> list[tuple[int, str]]:
    return [(r.participant.start_no, d.text())
            for r, d in zip(standings.rows, decisions(standings), strict=True)]


def test_points_then_sonneborn_berger() -> None:
    s = compute_standings(event(TABLE_1), "DE,SB")
    # DE: Ann drew Cid, so it decides nothing; SB 2¾ vs 1¾ does.
    assert texts(s) == [(2, "Pts (2 vs 1½)"), (1, "SB (2.75 vs 1.75)"), (3, "Pts (1½ vs 1)"),
                        (4, "")]


def test_direct_encounter_decides() -> None:
    s = compute_standings(event(TABLE_2), "DE,SB")
    assert texts(s) == [(2, "Pts (2 vs 1½)"), (1, "DE (1 vs 2)"), (3, "Pts (1½ vs 1)"),
                        (4, "")]


def test_shared_place() -> None:
    s = compute_standings(event(TABLE_1), "WIN")
    # Ann and Cid: 1½ points and one win each: equal on every item.
    assert texts(s) == [(2, "Pts (2 vs 1½)"), (1, "shared"), (3, "Pts (1½ vs 1)"), (4, "")]
    assert s.row(1).rank == s.row(3).rank == 2


def test_tiebreak_before_points() -> None:
    s = compute_standings(event(TABLE_1), "WIN,PTS")
    # WIN first: Bob 2 wins, the others 1; then points: Ann and Cid 1½, Dan 1.
    assert texts(s) == [(2, "WIN (2 vs 1)"), (1, "shared"), (3, "Pts (1½ vs 1)"), (4, "")]


def test_lots() -> None:
    t = event(TABLE_1)
    t.lots_seed = "spring"
    s = compute_standings(t, "WIN,LOTS")
    # The lots of the whole field: SHA-256 of "spring:<no>", ascending digest = lot 1.
    ordered = sorted(range(1, 5), key=lambda no: hashlib.sha256(f"spring:{no}".encode())
                     .hexdigest())
    lot = {no: k for k, no in enumerate(ordered, start=1)}
    first, second = sorted((1, 3), key=lot.__getitem__)
    assert [r.participant.start_no for r in s.rows[1:3]] == [first, second]
    assert decisions(s)[1].text() == f"lots ({lot[first]} vs {lot[second]})"
    data = standings_json(s)["rows"]
    assert data[1]["decided_by"] == {"kind": "lots", "item": "LOTS",
                                     "values": [str(lot[first]), str(lot[second])]}
    assert data[3]["decided_by"] is None


def test_every_output_has_the_column() -> None:
    s = compute_standings(event(TABLE_2), "DE,SB")
    lines = standings_table(s).splitlines()
    assert any(x.startswith("Place") and x.endswith("Decided by") for x in lines)
    table = list(csv.reader(io.StringIO(standings_csv(s))))
    assert table[0][-1] == "Decided by" and table[2][-1] == "DE (1 vs 2)"
    assert "<td class=\"name\">DE (1 vs 2)</td>" in standings_html(s)


# ---------------------------------------------------------------- property over generated events

ORDERS = ["BH/C1,BH,SB", "DE,WIN,SB,LOTS", "WIN,PTS,BH", "ARO,AOB,DE,BH,DE", "SB,KS,BPG"]
DECIDED = re.compile(r"(?P<item>.+) \((?P<mine>.+) vs (?P<theirs>.+)\)")


def _value(text: str) -> Fraction | None:
    return None if text in ("", "undefined") else parse_number(text)


def _better(a: Fraction | None, b: Fraction | None, lower_is_better: bool) -> bool:
    """True when ``a`` ranks before ``b`` (undefined ranks last, D14)."""
    if a is None or b is None:
        return b is None and a is not None
    return a < b if lower_is_better else a > b


def check_pairs(items: list[tuple[str, bool]], rows: list[dict[str, Fraction | None]],
                ranks: list[int], decided: list[tuple[str, Fraction | None, Fraction | None]
                                                | None]) -> None:
    """``items``: (column, lower is better) in ranking order; ``rows``: each row's values by
    column as one output shows them; ``decided``: (item, mine, theirs), or None for shared."""
    for k in range(len(rows) - 1):
        a, b = rows[k], rows[k + 1]
        first = next((item for item in items if a[item[0]] != b[item[0]]), None)
        if first is None:
            assert decided[k] is None and ranks[k] == ranks[k + 1]
            continue
        column, lower = first
        got = decided[k]
        assert got is not None and ranks[k] < ranks[k + 1]
        item, mine, theirs = got
        assert item == ("lots" if column == "LOTS" else column)
        assert (mine, theirs) == (a[column], b[column])
        assert _better(mine, theirs, lower)


def items_of(order: str) -> list[tuple[str, bool]]:
    """The ranking items of an order: (column heading, lower is better), the points where
    the order puts them."""
    descriptors, at = parse_order(order)
    # DE's column holds the place inside the tied group: the lower ranks first
    items = [(d.label, d.lower_is_better or d.tiebreak.group) for d in descriptors]
    items.insert(at, ("Pts", False))
    return items


def from_csv(standings: Standings, items: list[tuple[str, bool]]) -> None:
    table = list(csv.reader(io.StringIO(standings_csv(standings))))
    col = {h: k for k, h in enumerate(table[0])}
    rows = [{c: _value(r[col[c]]) for c, _ in items} for r in table[1:]]
    decided = []
    for r in table[1:]:
        text = r[col["Decided by"]]
        m = DECIDED.fullmatch(text)
        decided.append(None if text in ("shared", "") else
                       (m["item"], _value(m["mine"]), _value(m["theirs"])) if m else ("?", 0, 0))
    check_pairs(items, rows, [int(r[0]) for r in table[1:]], decided)  # type: ignore[arg-type]
    assert table[-1][col["Decided by"]] == ""


def from_json(standings: Standings, items: list[tuple[str, bool]]) -> None:
    data = json.loads(json.dumps(standings_json(standings)))["rows"]
    rows = [{c: parse_number(r["points"]) if c == "Pts" else _value(r["values"][c] or "")
             for c, _ in items} for r in data]
    decided: list[tuple[str, Fraction | None, Fraction | None] | None] = []
    for r in data:
        d = r["decided_by"]
        if d is None or d["kind"] == "shared":
            decided.append(None)
        else:
            mine, theirs = d["values"]
            decided.append((d["item"] if d["kind"] == "item" else "lots",
                            _value(mine or ""), _value(theirs or "")))
    check_pairs(items, rows, [r["rank"] for r in data], decided)


def from_people(standings: Standings) -> None:
    """The text table and the HTML page show the CSV's decisions, in people's numbers
    (``4½`` for ``4.5``)."""
    table = list(csv.reader(io.StringIO(standings_csv(standings))))[1:]
    lines = standings_table(standings).splitlines()
    head = next(k for k, x in enumerate(lines) if x.startswith("Place"))
    at = lines[head].index("Decided by")
    page = standings_html(standings)
    cells = re.findall(r'<td class="name">([^<]*)</td></tr>', page)
    assert len(cells) == len(table)
    for r, line, cell in zip(table, lines[head + 1:], cells, strict=False):
        for people in (line[at:].strip(), cell):
            m, pm = DECIDED.fullmatch(r[-1]), DECIDED.fullmatch(people)
            if m is None:
                assert people == r[-1]  # shared, or empty on the last row
            else:
                assert pm is not None and pm["item"] == m["item"]
                assert _value(pm["mine"]) == _value(m["mine"])
                assert _value(pm["theirs"]) == _value(m["theirs"])


@pytest.mark.parametrize("seed", range(40))
def test_outputs_name_the_first_item_that_differs(seed: int) -> None:
    t = generator.generate(seed)
    for k, order in enumerate(ORDERS):
        after = None if k % 2 == 0 else max(1, t.rounds - 1 - seed % 3)
        s = compute_standings(t, order, after_round=after, unrated_rating=1400)
        items = items_of(order)
        from_csv(s, items)
        from_json(s, items)
        from_people(s)
