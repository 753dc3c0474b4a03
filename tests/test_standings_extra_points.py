"""Extra points per participant (Swiss-Manager 42/43 "Pts+Arb"; docs/decisions.md D51): in
the participant's own score for ranking, in no tie-break; read from a crosstable ``Extra``
column, shown in their own column and in the explanation. Every value derived by hand."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.headless import read_workbook_tournament
from xl_tiebreak.excel.templates.from_event import write_event_workbook
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.model.tournament import InputError, TournamentType
from xl_tiebreak.report.trf import export_trf, export_warnings
from xl_tiebreak.standings.check import check
from xl_tiebreak.standings.evaluation import Evaluation
from xl_tiebreak.standings.final import compute_standings

# R1: 1-2 1-0, 3-4 1-0; R2: 1-3 ½-½, 2-4 1-0; R3: 1-4 0-1, 2-3 1-0.
# Results: A 1½, B 2, C 1½, D 1; D gets 1 extra point: D 2 (declared Pts include it).
CSV = """No,Name,R1,R2,R3,Extra,Pts
1,A,2w1,3b½,4w0,,1.5
2,B,1b0,4w1,3b1,,2
3,C,4b1,1w½,2w0,,1.5
4,D,3w0,2b0,1b1,{extra},{d_pts}
"""


def _event(extra: str = "1", d_pts: str = "2", header: str = "Extra"):  # type: ignore[no-untyped-def]
    text = CSV.format(extra=extra, d_pts=d_pts).replace("Extra", header)
    t = read_csv_crosstable(text, source="extra.csv")
    t.type = TournamentType.SWISS
    return t


def test_the_column_is_read_under_its_names() -> None:
    for header in ("Extra", "Bonus", "+Pts", "extra points"):
        t = _event(header=header)
        assert [p.extra_points for p in t.participants] == [0, 0, 0, 1]
        assert t.participants[3].declared_points == 2


def test_extra_points_rank_but_do_not_enter_the_tiebreaks() -> None:
    s = compute_standings(_event(), "BH,SB")
    # Scores for ranking: A 1½, B 2, C 1½, D 1 + 1 = 2.
    assert {r.participant.name: r.points for r in s.rows} == {
        "A": Fraction(3, 2), "B": 2, "C": Fraction(3, 2), "D": 2}
    # BH from the results alone: B met A 1½, D 1, C 1½ = 4; D met C 1½, B 2, A 1½ = 5.
    # (Were D's extra point in the opponents' scores, B would have 1½ + 2 + 1½ = 5 = D's.)
    # A met B 2, C 1½, D 1 = 4½; C met D 1, A 1½, B 2 = 4½.
    bh = {r.participant.name: r.values[0] for r in s.rows}
    assert bh == {"A": Fraction(9, 2), "B": 4, "C": Fraction(9, 2), "D": 5}
    # SB of D: beat A (1½) = 1½ — D's own extra point is no game.
    sb = {r.participant.name: r.values[1] for r in s.rows}
    assert sb["D"] == Fraction(3, 2)
    # SB of A: beat B (2) + ½ × C's 1½ = 2¾; of C: beat D (1) + ½ × A's 1½ = 1¾.
    assert (sb["A"], sb["C"]) == (Fraction(11, 4), Fraction(7, 4))
    assert [(r.rank, r.participant.name) for r in s.rows] == [
        (1, "D"), (2, "B"), (3, "A"), (4, "C")]


def test_without_extra_points_the_same_event_ranks_by_the_results() -> None:
    s = compute_standings(_event(extra="", d_pts="1"), "BH,SB")
    # B 2 alone; A and C: BH 4½ each, SB 2¾ and 1¾ (as above); D 1.
    assert [(r.rank, r.participant.name) for r in s.rows] == [
        (1, "B"), (2, "A"), (3, "C"), (4, "D")]


def test_negative_extra_points() -> None:
    s = compute_standings(_event(extra="-0.5", d_pts="0.5"), "BH")
    # D: 1 - ½ = ½, last; the others' BH unchanged (B: 1½ + 1 + 1½ = 4).
    row = s.row(4)
    assert row.points == Fraction(1, 2) and row.rank == 4
    assert s.row(2).values[0] == 4
    assert not [p for p in check(_event(extra="-0.5", d_pts="0.5")) if "declares" in p.message]


def test_a_third_of_a_point_is_exact() -> None:
    t = _event(extra="", d_pts="1")
    t.participants[0].extra_points = Fraction(1, 3)  # A: 1½ + ⅓ = 11/6
    t.participants[2].extra_points = Fraction(1, 2)  # C: 1½ + ½ = 2
    e = Evaluation(t)
    assert e.points(1) == Fraction(11, 6) and e.points(3) == 2
    # units of 1/6: A 11, B 12, C 12, D 6
    assert e.engine.score_units() == [11, 12, 12, 6]
    s = compute_standings(t, "BH")
    # B (BH 1½ + 1 + 1½ = 4) and C (BH 1 + 1½ + 2 = 4½) tie on 2: C first.
    assert [(r.rank, r.participant.name) for r in s.rows] == [
        (1, "C"), (2, "B"), (3, "A"), (4, "D")]


def test_declared_points_are_checked_with_the_extra_points() -> None:
    assert not [p for p in check(_event()) if "declares" in p.message]
    wrong = [p for p in check(_event(d_pts="1")) if "declares" in p.message]
    assert len(wrong) == 1
    assert "declares 1 points but the results plus 1 extra points add up to 2" in wrong[0].message


def test_a_bad_extra_cell_names_its_cell() -> None:
    with pytest.raises(InputError, match=r"F5: cannot read 'lots' as extra points"):
        _event(extra="lots")
    with pytest.raises(InputError, match="at most 1000"):
        _event(extra="5000")


def test_pts_explains_both_parts() -> None:
    lines = "\n".join(Evaluation(_event()).explain("PTS", 4).lines())
    assert "results of the rounds" in lines and "adds 1" in lines
    assert "extra points (arbiter; in no tie-break) · adds 1" in lines


def test_outputs_show_the_column_and_the_legend(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "extra.csv"
    path.write_text(CSV.format(extra="1", d_pts="2"), encoding="utf-8")
    base = ["compute", str(path), "--type", "swiss", "--tiebreaks", "BH"]
    assert main([*base, "--explain", "4"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("Place"))
    assert header.split()[:4] == ["Place", "No", "Name", "Pts"] and "Extra" in header.split()
    assert "Extra: points added by the arbiter" in out
    assert "Pts = 1 from the rounds + 1 extra points = 2" in out
    assert main([*base, "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rank,No,Name,Pts,BH,Extra,Decided by"
    assert lines[1].startswith("1,4,D,2,5,1,")
    assert main([*base, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["name"], r["points"], r["extra_points"]) for r in rows][:2] == [
        ("D", "2", "1"), ("B", "2", "0")]
    assert main([*base, "--format", "html"]) == 0
    assert "<dt>Extra</dt>" in capsys.readouterr().out


def test_trf_export_warns_that_the_extra_points_are_not_recorded() -> None:
    s = compute_standings(_event(), "BH")
    warnings = export_warnings(s)
    assert any("extra points of 1 participant(s) (#4)" in str(w) for w in warnings)
    back = parse_trf(export_trf(s, "trf26"))
    assert back.participants[3].declared_points == 2  # the points written include them


def test_the_workbook_keeps_the_extra_column(tmp_path: Path) -> None:
    t = _event()
    path = write_event_workbook(t, tmp_path / "extra.xlsx")
    back, _ = read_workbook_tournament(path)
    assert [p.extra_points for p in back.participants] == [0, 0, 0, 1]
    back.type = TournamentType.SWISS
    ours = compute_standings(t, "BH,SB")
    again = compute_standings(back, "BH,SB")
    assert [(r.rank, r.participant.start_no, r.points, r.values) for r in again.rows] == [
        (r.rank, r.participant.start_no, r.points, r.values) for r in ours.rows]


def test_299_is_still_refused_and_says_why() -> None:
    text = ("012 X\n001    1      A                                 0000          1.0    1"
            "     0000 - U\n299 1 +0.5\n")
    with pytest.raises(InputError, match=r"gives no columns for them.*Extra column"):
        parse_trf(text)
