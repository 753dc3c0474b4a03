"""The Prizes input sheet and the Prizes result sheet (docs/engineering.md D65):
the macro's writer (run headless) reads the prize list from the ``Prizes`` sheet, allocates it
over the standings and writes the ``Prizes result`` sheet, re-read here with openpyxl.

The event (derived by hand; every game played, 3 rounds; BH the only tie-break):

====  =====  ======  =======  ===========================  =====  ====
No    Name   Rating  Club     R1, R2, R3                   Pts    BH
====  =====  ======  =======  ===========================  =====  ====
1     Ana    2200    SK Nord  6w1 3b½ 2w½                  2      ½ + 1½ + 2 = 4
2     Bo     2100    SK Süd   5w½ 4b1 1b½                  2      2½ + ½ + 2 = 5
3     Cai    1900    SK Nord  4w1 1w½ 5w0                  1½
4     Dan    1750    SK Nord  3b0 2w0 6b½                  ½      1½ + 2 + ½ = 4
5     Eve    1700    SK Süd   2b½ 6w1 3b1                  2½
6     Fay    1600    SK Nord  1b0 5b0 4w½                  ½      2 + 2½ + ½ = 5
====  =====  ======  =======  ===========================  =====  ====

Standings: 1 Eve (2½); 2 Bo, 3 Ana (2, BH 5 > 4); 4 Cai (1½); 5 Fay, 6 Dan (½, BH 5 > 4).

Prizes: place 1 300 and the trophy "Champion", place 2 200, place 3 100; U1800 (rating below
1800: Dan, Eve, Fay) place 1 80; "Best Nord" (Club = SK Nord: Ana, Cai, Dan, Fay) place 1 40;
U1600 (nobody: Fay's 1600 is not below 1600) place 1 30.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.headless import ProblemsWritten, write_standings_file

CROSSTABLE = [
    ["No", "Name", "Rating", "Club", "R1", "R2", "R3"],
    [1, "Ana", 2200, "SK Nord", "6w1", "3b½", "2w½"],
    [2, "Bo", 2100, "SK Süd", "5w½", "4b1", "1b½"],
    [3, "Cai", 1900, "SK Nord", "4w1", "1w½", "5w0"],
    [4, "Dan", 1750, "SK Nord", "3b0", "2w0", "6b½"],
    [5, "Eve", 1700, "SK Süd", "2b½", "6w1", "3b1"],
    [6, "Fay", 1600, "SK Nord", "1b0", "5b0", "4w½"],
]
PRIZES = [
    ["Prize", "Category", "Place", "Amount", "Trophy"],
    ["First", None, 1, 300, "Champion"],
    [None, None, 2, 200, None],
    [None, None, 3, 100, None],
    [None, "U1800", 1, 80, None],
    [None, "Best Nord: Club=SK Nord", 1, 40, None],
    [None, "U1600", 1, 30, None],
]


def _book(path: Path, prizes: list[list[object]] | None = PRIZES,
          settings: Sequence[tuple[str, object]] = ()) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Crosstable"
    for row in CROSSTABLE:
        ws.append(row)
    st = wb.create_sheet("Settings")
    for row in [("Tournament name", "Club Cup"), ("Tie-breaks", "BH"), *settings]:
        st.append(list(row))
    if prizes is not None:
        sheet = wb.create_sheet("Prizes")
        for row in prizes:
            sheet.append(row)
    wb.save(path)
    return path


def _awards(path: Path) -> dict[str, tuple[object, ...]]:
    """Name → (Rk, Prize, Money, Trophy) from the Prizes result sheet."""
    ws = openpyxl.load_workbook(path)["Prizes result"]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    top = rows.index(["Rk", "No", "Name", "Pts", "Prize", "Money", "Trophy"])
    out = {}
    for r in rows[top + 1:]:
        if r[4] == "Total":
            break
        out[str(r[2])] = (r[0], r[4], r[5], r[6])
    return out


def _texts(path: Path) -> list[str]:
    ws = openpyxl.load_workbook(path)["Prizes result"]
    return [str(v) for r in ws.iter_rows(values_only=True) for v in r if isinstance(v, str)]


def test_equal_sharing(tmp_path: Path) -> None:
    path = _book(tmp_path / "cup.xlsx")
    result = write_standings_file(path)
    assert result.extra_sheets == ["Prizes result"]
    # Eve: place 1 (300 + trophy) beats U1800 place 1 (80): one prize, the higher.
    # Bo and Ana tied on 2 points at places 2–3: 200 + 100 shared, 150 each (Ana's Best Nord
    # 40 is less). Cai: place 4 has no prize, Best Nord place 1 = 40. Fay and Dan tied on ½
    # take the U1800 places 1–2 (Eve took a place prize): 80 + 0 shared, 40 each.
    assert _awards(path) == {
        "Eve": (1, "place 1", 300, "Champion"),
        "Bo": (2, "places 2–3", 150, None),
        "Ana": (3, "places 2–3", 150, None),
        "Cai": (4, "Best Nord place 1", 40, None),
        "Fay": (5, "U1800 places 1–2", 40, None),
        "Dan": (6, "U1800 places 1–2", 40, None),
    }
    assert result.allocation is not None
    assert result.allocation.total() == 300 + 150 + 150 + 40 + 40 + 40
    texts = _texts(path)
    assert "places 2–3 tied on 2 points (Bo, Ana): 200 + 100 shared, 150 each" in texts
    assert "U1800 places 1–2 tied on ½ points (Fay, Dan): 80 + 0 shared, 40 each" in texts
    assert any(t.startswith("U1600 place 1 (30): unclaimed") for t in texts)
    assert any(t.startswith("Eve (rank 1, 2½ points) would receive 300 and trophy") for t in texts)
    wb = openpyxl.load_workbook(path)
    assert OpenpyxlBook(wb).sheet_mark("Prizes result") == "prizes"
    assert wb.sheetnames.index("Prizes result") == wb.sheetnames.index("Standings") + 1


def test_hort_system(tmp_path: Path) -> None:
    path = _book(tmp_path / "cup.xlsx", settings=[("Prize sharing", "Hort")])
    write_standings_file(path)
    # Bo, Ana: 300 pooled, half (150) shared: 75 each; the other half by the tie-break
    # order: Bo 200/2 = 100, Ana 100/2 = 50 → Bo 175, Ana 125.
    # Fay, Dan: 80 pooled, half shared: 20 each; tie-break halves Fay 40, Dan 0 → 60, 20.
    awards = _awards(path)
    assert awards["Bo"][2] == 175 and awards["Ana"][2] == 125
    assert awards["Fay"][2] == 60 and awards["Dan"][2] == 20
    assert awards["Eve"][2] == 300 and awards["Cai"][2] == 40
    assert any("Hort system" in t for t in _texts(path))


def test_a_place_and_a_category_prize(tmp_path: Path) -> None:
    path = _book(tmp_path / "cup.xlsx", settings=[("One prize per player", "No")])
    result = write_standings_file(path)
    assert result.allocation is not None
    # Eve takes place 1 and U1800 place 1 (she is first of U1800); Ana places 2–3 and Best
    # Nord place 1 (the first Nord player); Cai then is Best Nord place 2: no prize; Fay and
    # Dan are U1800 places 2–3: no prize.
    got = {(a.participant.name, a.prize(), a.money) for a in result.allocation.awards}
    assert got == {("Eve", "place 1", 300), ("Eve", "U1800 place 1", 80),
                   ("Bo", "places 2–3", 150), ("Ana", "places 2–3", 150),
                   ("Ana", "Best Nord place 1", 40)}
    rows = [r for r in openpyxl.load_workbook(path)["Prizes result"].iter_rows(values_only=True)
            if r[2] == "Eve"]
    assert len(rows) == 2


def test_no_prize_rows_no_sheet_and_stale_sheets_go(tmp_path: Path) -> None:
    path = _book(tmp_path / "cup.xlsx")
    write_standings_file(path)
    wb = openpyxl.load_workbook(path)
    prizes = wb["Prizes"]
    prizes.delete_rows(2, 10)  # only the header left
    wb.save(path)
    result = write_standings_file(path)
    assert result.ok and result.extra_sheets == []
    assert "Prizes result" not in openpyxl.load_workbook(path).sheetnames
    assert write_standings_file(_book(tmp_path / "none.xlsx", None)).extra_sheets == []


def test_a_bad_prize_row_names_its_cell(tmp_path: Path) -> None:
    bad = [*PRIZES, [None, None, "two", 50, None]]
    with pytest.raises(ProblemsWritten) as caught:
        write_standings_file(_book(tmp_path / "cup.xlsx", bad))
    wheres = [p.where for p in caught.value.problems]
    assert any("Prizes" in w and "C8" in w for w in wheres), wheres
    wb = openpyxl.load_workbook(tmp_path / "cup.xlsx")
    assert "Standings" not in wb.sheetnames and "Prizes result" not in wb.sheetnames


def test_money_that_is_not_whole_cents_is_explained_exactly(tmp_path: Path) -> None:
    # Eve takes place 1 (300 beats 0.01); Fay and Dan, tied on ½, pool the U1800 place 1 of
    # 0.01 (and place 2, none): 1/200 each, shown 0.01 with its exact value explained
    prizes = [PRIZES[0], PRIZES[1], [None, "U1800", 1, "0.01", None]]
    path = _book(tmp_path / "cup.xlsx", prizes)
    result = write_standings_file(path)
    assert result.allocation is not None
    assert {(a.participant.name, a.money) for a in result.allocation.awards} == \
        {("Eve", Fraction(300)), ("Fay", Fraction(1, 200)), ("Dan", Fraction(1, 200))}
    assert _awards(path)["Fay"][2] == 0.005
    assert any("0.01 + 0 shared, 0.01 (exactly 1/200) each" in t for t in _texts(path))
    # the total 300 + 1/200 + 1/200 = 300.01 is whole cents: no "exactly" line under it
    assert not any(t.startswith("exactly") for t in _texts(path))
