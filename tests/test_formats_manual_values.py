"""Manual values that can be entered: a ``Manual order``/``Ordem manual`` column (OTHER_MANUAL,
Swiss-Manager 5: the lowest value ranks first, a participant without one after those with one)
and ``Extra points``/``Pontos adicionais`` (Swiss-Manager 42/43: added to the score for ranking)
in a CSV crosstable, a workbook and a TRF (a note line), all ranking alike."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.excel.headless import read_workbook_tournament
from xl_tiebreak.excel.templates.from_event import write_event_workbook
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.formats.trf.reader import parse_trf, write_trf
from xl_tiebreak.model.tournament import InputError, Tournament
from xl_tiebreak.standings.final import compute_standings

# Four players, two rounds, every game drawn: all on 1 point.
#   R1: 1-2 ½-½, 3-4 ½-½; R2: 1-3 ½-½, 2-4 ½-½
CSV = (
    "No,Name,R1,R2,{manual},{extra},Pts\n"
    "1,Ana,2w½,3b½,3,,1\n"
    "2,Bia,1b½,4w½,1,,1\n"
    "3,Caio,4w½,1w½,2,{caio},1\n"
    "4,Dora,3b½,2b½,,,1\n"
)


def _csv(manual: str = "Ordem manual", extra: str = "Pontos adicionais", caio: str = "") -> str:
    return CSV.format(manual=manual, extra=extra, caio=caio)


def _order(t: Tournament) -> list[int]:
    s = compute_standings(t, "OTHER_MANUAL", "fide2026")
    return [r.participant.start_no for r in s.rows]


@pytest.mark.parametrize(("manual", "extra"), [("Ordem manual", "Pontos adicionais"),
                                               ("Manual order", "Extra points")])
def test_a_manual_order_column_ranks_the_tied_players(manual: str, extra: str) -> None:
    t = read_csv_crosstable(_csv(manual, extra))
    # all on 1 point; values #2: 1, #3: 2, #1: 3, #4 none (after those with one)
    assert _order(t) == [2, 3, 1, 4]
    s = compute_standings(t, "OTHER_MANUAL", "fide2026")
    assert "typed by the arbiter" in str(s.explain(2, 0))
    assert "none typed" in str(s.explain(4, 0))


def test_extra_points_rank_before_the_manual_order() -> None:
    # #3 gets 1 extra point: 2 points, first; the others keep the manual order
    t = read_csv_crosstable(_csv(caio="1"))
    assert t.by_start_no()[3].extra_points == Fraction(1)
    assert _order(t) == [3, 2, 1, 4]


def test_the_manual_order_travels_through_a_workbook_and_a_trf(tmp_path: Path) -> None:
    t = read_csv_crosstable(_csv())
    t.participants[0].manual_order = Fraction(5, 2)  # #1: 2½, still after #3's 2
    book, _ = read_workbook_tournament(write_event_workbook(t, tmp_path / "event.xlsx"))
    trf = parse_trf(write_trf(t))
    values = {p.start_no: p.manual_order for p in t.participants}
    assert {p.start_no: p.manual_order for p in book.participants} == values
    assert {p.start_no: p.manual_order for p in trf.participants} == values
    assert _order(book) == _order(trf) == _order(t) == [2, 3, 1, 4]


def test_a_manual_order_that_is_not_a_number_is_refused_with_its_cell() -> None:
    with pytest.raises(InputError) as info:
        read_csv_crosstable(_csv().replace("1,Ana,2w½,3b½,3,", "1,Ana,2w½,3b½,third,"))
    assert "E2" in str(info.value) and "manual-order" in str(info.value)


def _forms(t: Tournament, tmp_path: Path) -> dict[str, Tournament]:
    """The event as read from its CSV, from the workbook and the TRF written from it."""
    book, _ = read_workbook_tournament(write_event_workbook(t, tmp_path / "event.xlsx"))
    return {"csv": t, "workbook": book, "trf": parse_trf(write_trf(t))}


def test_extra_points_travel_through_a_workbook_and_a_trf_and_rank_alike(
        tmp_path: Path) -> None:
    from xl_tiebreak.report.table import standings_table

    # #3 gets 1 extra point (2 points, first: Swiss-Manager 42/43 add to the score), #4 loses ½
    # (½ point, last); #2 and #1 stay tied on 1 and keep the manual order (1 before 3)
    t = read_csv_crosstable(_csv(caio="1").replace("4,Dora,3b½,2b½,,,1",
                                                   "4,Dora,3b½,2b½,,-0.5,0.5"))
    for form, event in _forms(t, tmp_path).items():
        extra = {p.start_no: p.extra_points for p in event.participants}
        assert extra == {1: 0, 2: 0, 3: 1, 4: Fraction(-1, 2)}, form
        s = compute_standings(event, "OTHER_MANUAL", "fide2026")
        assert [r.participant.start_no for r in s.rows] == [3, 2, 1, 4], form
        assert [r.points for r in s.rows] == [2, 1, 1, Fraction(1, 2)], form
        text = standings_table(s)
        assert "Extra: points added by the arbiter" in text, form  # the legend
        assert "typed by the arbiter" in str(s.explain(2, 0)), form


def test_the_trf_note_line_holds_the_extra_points_exactly() -> None:
    t = read_csv_crosstable(_csv(caio="1/3"))
    text = write_trf(t)
    assert '### xl-tiebreak player 3 {"manual_order": "2", "extra_points": "1/3"}' in (
        text.splitlines())
    assert parse_trf(text).by_start_no()[3].extra_points == Fraction(1, 3)


def test_extra_points_in_a_trf_note_that_are_no_number_are_refused_with_the_line() -> None:
    text = write_trf(read_csv_crosstable(_csv(caio="1")))
    bad = text.replace('"extra_points": "1"', '"extra_points": "one"')
    line = next(i for i, x in enumerate(bad.splitlines(), 1) if '"one"' in x)
    with pytest.raises(InputError) as info:
        parse_trf(bad)
    assert f"line {line}" in str(info.value) and "extra points" in str(info.value)


def test_the_manual_order_without_any_value_is_refused_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from xl_tiebreak.cli.main import main

    plain = _csv().replace(",3,,1\n", ",,,1\n").replace(",1,,1\n", ",,,1\n").replace(
        ",2,,1\n", ",,,1\n")
    t = read_csv_crosstable(plain)
    assert all(p.manual_order is None for p in t.participants)
    with pytest.raises(InputError) as info:
        compute_standings(t, "BH,OTHER_MANUAL", "fide2026")
    assert "no participant has a manual-order value" in str(info.value)
    compute_standings(t, "BH", "fide2026")  # without it the event ranks
    path = tmp_path / "event.csv"
    path.write_text(plain, encoding="utf-8")
    assert main(["compute", str(path), "--tiebreaks", "MANUAL"]) == 2
    err = capsys.readouterr().err
    assert "OTHER_MANUAL" in err and "Traceback" not in err


def test_the_settings_help_rows_explain_the_columns_and_refuse_a_value(tmp_path: Path) -> None:
    import openpyxl

    from xl_tiebreak.excel.headless import write_standings_file

    path = write_event_workbook(read_csv_crosstable(_csv()), tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    hints = {c.value: ws.cell(row=c.row, column=3).value for c in ws["A"]}
    assert "Swiss-Manager 42/43" in hints["Extra points"]
    assert "Swiss-Manager 5" in hints["Manual order"]
    row = next(c.row for c in ws["A"] if c.value == "Extra points")
    ws.cell(row=row, column=2).value = 1
    wb.save(path)
    with pytest.raises(InputError) as info:
        write_standings_file(path, tmp_path / "out.xlsx")
    assert f"Settings!B{row}" in str(info.value)
    assert "only explains a Crosstable column" in str(info.value)
