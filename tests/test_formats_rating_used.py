"""The rating choice (docs/decisions.md D-E1) in every input: a ``Rating used`` row above a
CSV crosstable's header, the TRF event note line, a workbook's Settings row, and ``--rating``
on the command line (which wins). The event: a four-player round robin where #1 has both
ratings, #2 only a national one (``Rating CBX``), #3 only a FIDE one, #4 none; #1 met #2, #3
and #4 over the board. By hand:

* fide-then-national: #4 is left out, ARO #1 = (1800 + 2100) / 2 = 1950;
* national with 1000 for the players without one: (1800 + 1000 + 1000) / 3 = 1266.67 -> 1267;
* fide with 1000: (1000 + 2100 + 1000) / 3 = 1366.67 -> 1367.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.headless import read_workbook_tournament
from xl_tiebreak.excel.templates.from_event import write_event_workbook
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.formats.trf.reader import parse_trf, write_trf
from xl_tiebreak.model.tournament import InputError, RatingUsed, Tournament
from xl_tiebreak.standings.final import compute_standings

ROWS = (
    "No,Name,Rating,Rating CBX,R1,R2,R3,Pts\n"
    "1,P1,2000,1900,2w1,3w½,4w1,2.5\n"
    "2,P2,,1800,1b0,4w1,3w0,1\n"
    "3,P3,2100,,4w½,1b½,2b1,2\n"
    "4,P4,,,3b½,2b0,1b0,0.5\n"
)


def _aro(t: Tournament, no: int = 1, code: str = "ARO") -> object:
    return compute_standings(t, code, "fide2026").row(no).values[0]


def test_a_rating_used_row_above_the_header_of_a_csv() -> None:
    t = read_csv_crosstable("Rating used,fide-then-national\n" + ROWS)
    assert t.rating_used is RatingUsed.FIDE_THEN_NATIONAL
    assert _aro(t) == 1950
    # the row is read: no warning that rows above the header were skipped
    assert not any("above it" in n.message for n in t.notes)
    pt = read_csv_crosstable("Rating usado;Nacional\n" + ROWS.replace(",", ";"))
    assert pt.rating_used is RatingUsed.NATIONAL
    assert _aro(pt, code="ARO/U1000") == 1267
    assert read_csv_crosstable(ROWS).rating_used is None


def test_a_rating_choice_that_is_not_one_is_refused_with_its_cell() -> None:
    with pytest.raises(InputError) as info:
        read_csv_crosstable("Rating used,elo\n" + ROWS, source="event.csv")
    assert "B1" in str(info.value) and "'elo'" in str(info.value)


def test_the_trf_note_line_carries_the_choice_there_and_back() -> None:
    t = read_csv_crosstable("Rating used,fide-then-national\n" + ROWS)
    text = write_trf(t)
    assert '### xl-tiebreak event {"rating_used": "fide-then-national"}' in text.splitlines()
    back = parse_trf(text)
    assert back.rating_used is RatingUsed.FIDE_THEN_NATIONAL
    assert {p.start_no: p.national_rating for p in back.participants} == {
        1: 1900, 2: 1800, 3: None, 4: None}
    assert _aro(back) == 1950
    assert "rating_used" not in write_trf(read_csv_crosstable(ROWS))


def test_a_trf_note_with_an_unknown_choice_is_refused_with_its_line() -> None:
    text = write_trf(read_csv_crosstable("Rating used,national\n" + ROWS))
    bad = text.replace('"rating_used": "national"', '"rating_used": "best"')
    line = bad.splitlines().index('### xl-tiebreak event {"rating_used": "best"}') + 1
    with pytest.raises(InputError) as info:
        parse_trf(bad)
    assert f"line {line}" in str(info.value) and "'best'" in str(info.value)


def test_the_workbook_settings_row(tmp_path: Path) -> None:
    import openpyxl

    t = read_csv_crosstable("Rating used,fide-then-national\n" + ROWS)
    path = write_event_workbook(t, tmp_path / "event.xlsx")
    book, settings = read_workbook_tournament(path)
    assert settings.rating_used is RatingUsed.FIDE_THEN_NATIONAL
    assert book.rating_used is RatingUsed.FIDE_THEN_NATIONAL
    assert _aro(book) == 1950
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    row = next(c.row for c in ws["A"] if c.value == "Rating used")
    assert ws.cell(row=row, column=2).value == "FIDE then national"
    ws.cell(row=row, column=1).value = "Rating usado"
    ws.cell(row=row, column=2).value = "nacional"
    wb.save(path)
    assert read_workbook_tournament(path)[0].rating_used is RatingUsed.NATIONAL
    ws.cell(row=row, column=2).value = "sometimes"
    wb.save(path)
    with pytest.raises(InputError) as info:
        from xl_tiebreak.excel.headless import write_standings_file

        write_standings_file(path, tmp_path / "out.xlsx")
    assert f"Settings!B{row}" in str(info.value)


def _json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(args) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def _first_value(data: dict[str, object], no: int = 1) -> object:
    rows = data["rows"]
    assert isinstance(rows, list)
    row = next(r for r in rows if r["start_no"] == no)
    return next(iter(row["values"].values()))


def test_the_command_line_option_wins_over_the_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "event.csv"
    csv.write_text("Rating used,fide-then-national\n" + ROWS, encoding="utf-8")
    base = ["compute", str(csv), "--format", "json", "--tiebreaks", "ARO"]
    assert _first_value(_json(base, capsys)) == "1950"
    national = _json([*base, "--rating", "national", "--unrated-rating", "1000"], capsys)
    assert _first_value(national) == "1267"
    fide = _json([*base, "--rating", "fide", "--unrated-rating", "1000"], capsys)
    assert _first_value(fide) == "1367"


def test_export_keeps_the_choice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "event.csv"
    csv.write_text(ROWS, encoding="utf-8")
    out = tmp_path / "event.trf"
    assert main(["export", str(csv), "--rating", "fide-then-national", "--tiebreaks", "ARO",
                 "-o", str(out)]) == 0
    capsys.readouterr()
    assert parse_trf(out.read_text(encoding="utf-8")).rating_used is (
        RatingUsed.FIDE_THEN_NATIONAL)


def test_the_explanation_on_the_command_line_names_each_rating(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "event.csv"
    csv.write_text(ROWS, encoding="utf-8")
    assert main(["compute", str(csv), "--rating", "fide-then-national", "--tiebreaks", "ARO",
                 "--explain", "1"]) == 0
    out = capsys.readouterr().out
    assert "national rating" in out and "FIDE standard rating" in out
    assert "left out" in out


def test_the_workbook_command_writes_the_choice_to_the_settings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "event.csv"
    csv.write_text(ROWS, encoding="utf-8")
    out = tmp_path / "event.xlsx"
    assert main(["workbook", str(csv), "--rating", "national", "-o", str(out)]) == 0
    capsys.readouterr()
    book, settings = read_workbook_tournament(out)
    assert settings.rating_used is RatingUsed.NATIONAL
    assert _aro(book, code="ARO/U1000") == 1267


def test_a_worksheet_function_reads_the_rating_used_row_at_the_top_of_its_range() -> None:
    pytest.importorskip("xlwings")
    import xl_tiebreak.udfs as udfs

    def cell(text: str) -> object:
        try:
            return float(text)
        except ValueError:
            return text or None

    lines = ["Rating used,fide-then-national,,,,,,", *ROWS.splitlines()]
    values = [[cell(c) for c in line.split(",")] for line in lines]
    assert udfs.ARO(values, 1.0) == 1950  # #4 left out
    assert udfs.ARO(values[1:], 1.0, 1000) == 1367  # FIDE, 1000 for #2 and #4
