"""The round-robin corners of the rules: REP and rest rounds (spec §4.7), withdrawals (C.06),
rest rounds under the pre-2023 and US Chess rules, Fore Buchholz after round K. Every expected
value is derived by hand in the test."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from generator import compact

from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.standings.ranking import Standings

EVEN_RR4 = {
    # Berger table for 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1. #2 and #4 do not play their
    # round-3 game (both absent: zero-point byes without opponent). An even field has no
    # rest round, so both absences are rounds not elected: REP 2 for #2 and #4, 3 for #1, #3.
    1: "4w1 2b= 3b1",
    2: "3w1 1w= Z",
    3: "2b0 4b= 1w0",
    4: "1b0 3w= Z",
}

ODD_RR5 = {
    # 5 players, 5 rounds, one rest a round: R1 rest 5 (1-2, 3-4), R2 rest 4 (1-3, 2-5),
    # R3 rest 3 (1-5, 2-4), R4 rest 2 (1-4, 3-5), R5 rest 1 (2-3, 4-5). #3 and #5 do not play
    # their round-4 game: in round 4 three players are without opponent (#2, #3, #5). #3's
    # and #5's rests of the cycle are certain (R3, R1: alone then), so round 4 is #2's rest.
    # REP: #1, #2, #4 elected every round (a rest is not a choice, D10): 5; #3, #5: 4.
    1: "2w1 3w= 5b0 4w1 Z",
    2: "1b0 5w1 4b= Z 3w0",
    3: "4w1 1b= Z Z 2b1",
    4: "3b0 Z 2w= 1b0 5w1",
    5: "Z 2b0 1w1 Z 4b0",
}


def _values(rows: dict[int, str], label: str) -> dict[int, object]:
    s = compute_standings(compact(rows, round_robin=True), label)
    return {sno: s.value(sno, label) for sno in rows}


def test_rep_in_an_even_round_robin_counts_an_absence_as_not_elected() -> None:
    assert _values(EVEN_RR4, "REP") == {1: 3, 2: 2, 3: 3, 4: 2}
    s = compute_standings(compact(EVEN_RR4, round_robin=True), "REP")
    lines = s.explain(2, 0).lines()
    assert not any(line.lstrip().startswith("R3") for line in lines), lines


def test_rep_in_an_odd_round_robin_counts_only_the_scheduled_rest() -> None:
    assert _values(ODD_RR5, "REP") == {1: 5, 2: 5, 3: 4, 4: 5, 5: 4}
    s = compute_standings(compact(ODD_RR5, round_robin=True), "REP")
    two = s.explain(2, 0).lines()
    assert any("R4" in line and "rest round" in line for line in two), two
    three = s.explain(3, 0).lines()
    assert any("R3" in line and "rest round" in line for line in three), three
    assert not any(line.lstrip().startswith("R4") for line in three), three


# ---------------------------------------------------------------- withdrawals (C.06 5.4)

RR6 = {
    # Berger table for 6: R1 1-6 2-5 3-4, R2 6-4 5-3 1-2, R3 2-6 3-1 4-5, R4 6-5 1-4 2-3,
    # R5 3-6 4-2 5-1. #6 wins his first two games, then does not come: forfeits in R3–R5.
    # Counted: #1 0+1+½+1+0 = 2½, #2 ½+0+1+0+½ = 2, #3 1+½+½+1+1 = 4, #4 0+0+1+0+½ = 1½,
    # #5 ½+½+0+1+1 = 3, #6 1+1 = 2 (15 points for 15 pairings).
    1: "6w0 2w1 3b= 4w1 5b0",
    2: "5w= 1b0 6w+ 3w0 4b=",
    3: "4w1 5b= 1w= 2b1 6w+",
    4: "3b0 6b0 5w1 1b0 2w=",
    5: "2b= 3w= 4b0 6b+ 1w1",
    6: "1b1 4w1 2b- 5w- 3b-",
}
RR6_LATER = {**RR6, 2: "5w= 1b0 6w1 3w0 4b=", 6: "1b1 4w1 2b0 5w- 3b-"}
"""The same event where #6 also plays (and loses) his round-3 game: 3 of 5 games."""


def _order(s: Standings) -> list[tuple[int, Fraction]]:
    """(start number, points) down the standings."""
    return [(row.participant.start_no, row.points) for row in s.rows]


def test_a_withdrawal_at_40_percent_is_annulled_under_fide_rules() -> None:
    t = compact(RR6, round_robin=True)
    counted = compute_standings(t, "SB", withdrawals="count")
    # #2 and #6 tie on 2; SB: #2 drew #5 (3 × ½) + forfeit win over #6 (2) + drew #4
    # (1½ × ½) = 4¼; #6 beat #1 (2½) and #4 (1½) = 4: #2 first
    assert _order(counted) == [(3, 4), (5, 3), (1, Fraction(5, 2)), (2, 2), (6, 2),
                               (4, Fraction(3, 2))]
    assert not any("C.06" in str(w) for w in counted.warnings)
    s = compute_standings(t, "SB")  # the default under FIDE rules: C.06 5.4.1
    # without #6: #2 loses his forfeit win (1), #3 (3), #5 (2); #1's and #4's losses to #6 go
    assert _order(s) == [(3, 3), (1, Fraction(5, 2)), (5, 2), (4, Fraction(3, 2)), (2, 1)]
    # SB of #1: beat #2 (1) + drew #3 (3 × ½) + beat #4 (1½) = 4
    assert s.value(1, "SB") == 4
    assert counted.value(1, "SB") == Fraction(11, 2)  # 2 + 2 + 1½ with #6 counted
    [warning] = [w for w in s.warnings if "C.06" in str(w)]
    text = str(warning)
    assert "#6" in text and "2 of 5 games" in text and "not counted" in text
    assert "round 3" in text


def test_a_withdrawal_at_60_percent_counts() -> None:
    t = compact(RR6_LATER, round_robin=True)
    s = compute_standings(t, "SB")
    assert sorted(_order(s)) == [(1, Fraction(5, 2)), (2, 2), (3, 4), (4, Fraction(3, 2)),
                                 (5, 3), (6, 2)]
    [warning] = [w for w in s.warnings if "C.06" in str(w)]
    assert "#6" in str(warning) and "3 of 5 games" in str(warning) and "count" in str(warning)


def test_standings_that_are_not_final_count_every_result() -> None:
    """After round 3, #6's absence in round 3 is no withdrawal yet (2 of 3 games played), and
    a file holding 3 rounds of the 5 is not final either: C.06 5.4 is for final standings."""
    t = compact(RR6, round_robin=True)
    after = compute_standings(t, "SB", after_round=3)
    assert len(after.rows) == 6 and not any("C.06" in str(w) for w in after.warnings)
    # after round 3: #3 1+½+½ = 2, #6 1+1+0 = 2, #1 0+1+½ = 1½, #2 ½+0+1 = 1½, #5 ½+½+0 = 1,
    # #4 0+0+1 = 1
    assert sorted(_order(after)) == [(1, Fraction(3, 2)), (2, Fraction(3, 2)), (3, 2), (4, 1),
                                     (5, 1), (6, 2)]
    first_three = {no: " ".join(text.split()[:3]) for no, text in RR6.items()}
    partial = compact(first_three, round_robin=True)
    partial.scheduled_rounds = 5
    s = compute_standings(partial, "SB")
    assert len(s.rows) == 6 and not any("C.06" in str(w) for w in s.warnings)


def test_round_robin_withdrawals_are_off_under_us_chess_rules_and_in_a_swiss() -> None:
    t = compact(RR6, round_robin=True)
    uscf = compute_standings(t, "OTHER_SOLKOFF", rules="uscf")
    assert len(uscf.rows) == 6 and not any("C.06" in str(w) for w in uscf.warnings)
    annulled = compute_standings(t, "OTHER_SOLKOFF", rules="uscf", withdrawals="annul")
    assert len(annulled.rows) == 5
    swiss = compute_standings(compact(RR6), "BH")
    assert len(swiss.rows) == 6 and not any("C.06" in str(w) for w in swiss.warnings)


def test_the_command_line_option_and_its_warning(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from xl_tiebreak.cli.main import main
    from xl_tiebreak.formats.trf.writer import write_trf

    path = tmp_path / "rr6.trf"
    path.write_text(write_trf(compact(RR6, round_robin=True), "trf26"), encoding="utf-8")
    assert main(["compute", str(path), "--tiebreaks", "SB", "--type", "rr",
                 "--format", "csv"]) == 0
    out, err = capsys.readouterr()
    assert len(out.strip().splitlines()) == 1 + 5  # the header and five players
    assert "C.06 Art. 5.4.1" in err and "#6" in err
    assert main(["compute", str(path), "--tiebreaks", "SB", "--type", "rr",
                 "--rr-withdrawals", "count", "--format", "csv"]) == 0
    out, err = capsys.readouterr()
    assert len(out.strip().splitlines()) == 1 + 6 and "C.06" not in err
    with pytest.raises(SystemExit) as exit_code:
        main(["compute", str(path), "--rr-withdrawals", "some"])
    assert exit_code.value.code == 2


# ---------------------------------------------------------------- Fore Buchholz after round K

SWISS4 = {
    # R1 1-2 1-0, 3-4 1-0; R2 3-1 ½-½, 2-4 1-0; R3 1-4 1-0, 2-3 ½-½
    1: "2w1 3b= 4w1",
    2: "1b0 4w1 3w=",
    3: "4w1 1w= 2b=",
    4: "3b0 2b0 1b0",
}


def test_fore_buchholz_after_round_k_draws_round_k() -> None:
    """D85: standings after round K are those of the event as it stood then, round K its
    last round; Art. 8.3 draws that round's paired games. After round 2 with round 2 drawn:
    #1 1½, #2 ½, #3 1½, #4 ½, so FB(#1) = ½ (#2) + 1½ (#3) = 2 and FB(#3) = ½ (#4) + 1½ (#1)
    = 2, where BH after round 2 is 1 + 1½ = 2½ for #1 and 0 + 1½ = 1½ for #3. After the
    last round (round 3 drawn: #1 2, #2 1½, #3 2, #4 ½): FB(#1) = 1½ + 2 + ½ = 4."""
    t = compact(SWISS4)
    after2 = compute_standings(t, "FB,BH", after_round=2)
    assert (after2.value(1, "FB"), after2.value(3, "FB")) == (2, 2)
    assert (after2.value(1, "BH"), after2.value(3, "BH")) == (Fraction(5, 2), Fraction(3, 2))
    assert compute_standings(t, "FB").value(1, "FB") == 4


# ---------------------------------------------------------------- rest rounds, pre-2023 and US

RR3 = {
    # R1 1-2 (rest #3), R2 3-1 (rest #2), R3 2-3 (rest #1): #1 beats #2, draws #3; #2 beats
    # #3. Scores: #1 1½, #2 1, #3 ½.
    1: "2w1 3b= Z",
    2: "1b0 Z 3w1",
    3: "Z 1w= 2b0",
}


def test_rest_rounds_count_nothing_under_the_pre_2023_and_us_chess_rules() -> None:
    """D87: a rest round of the schedule is no game: no virtual opponent for the resting
    player (pre-2023 C.02 13.15.2) and no ½ for his opponents (13.15.1, US Chess 34E), so
    BH(#1) = 1 (#2) + ½ (#3) = 1½, BH(#2) = 1½ + ½ = 2, BH(#3) = 1½ + 1 = 2½; SB(#1) = 1 + ½ × ½
    = 1¼; Solkoff = BH here. (As an unplayed round BH(#1) would be 1½ + 1 + a virtual opponent
    of 2½ = 5.)"""
    t = compact(RR3, round_robin=True)
    old = compute_standings(t, "BH,SB", rules="fide2009")
    assert [old.value(n, "BH") for n in (1, 2, 3)] == [Fraction(3, 2), 2, Fraction(5, 2)]
    assert old.value(1, "SB") == Fraction(5, 4)
    us = compute_standings(t, "OTHER_SOLKOFF", rules="uscf")
    assert [us.value(n, "OTHER_SOLKOFF") for n in (1, 2, 3)] == [Fraction(3, 2), 2,
                                                                 Fraction(5, 2)]


ODD_RR5_WITHDRAWAL = {
    # the 5-player schedule of ODD_RR5; #5 rests in R1, loses to #2 in R2, then withdraws:
    # forfeits against #1 (R3), #3 (R4), #4 (R5). 1 of 4 games completed: set aside.
    1: "2w1 3w= 5b+ 4w1 Z",
    2: "1b0 5w1 4b= Z 3w0",
    3: "4w1 1b= Z 5w+ 2b1",
    4: "3b0 Z 2w= 1b0 5b+",
    5: "Z 2b0 1w- 3b- 4w-",
}


def test_a_participant_set_aside_leaves_the_schedules_rests_in_place() -> None:
    """Without #5: #1 1 + ½ + 1 = 2½, #2 0 + ½ + 0 = ½, #3 2½, #4 ½. Each of them keeps his
    rest of the 5-player schedule and has one round whose game (against #5) no longer exists:
    both are rests, so REP is 5 for all, and under the pre-2023 rules neither gets a virtual
    opponent: BH(#1) = ½ (#2) + 2½ (#3) + ½ (#4) = 3½ under every rule set."""
    t = compact(ODD_RR5_WITHDRAWAL, round_robin=True)
    for rules in ("fide2026", "fide2009"):
        s = compute_standings(t, "REP,BH", rules=rules)
        assert sorted(_order(s)) == [(1, Fraction(5, 2)), (2, Fraction(1, 2)),
                                     (3, Fraction(5, 2)), (4, Fraction(1, 2))], rules
        assert [s.value(n, "REP") for n in (1, 2, 3, 4)] == [5, 5, 5, 5], rules
        assert s.value(1, "BH") == Fraction(7, 2), rules
        assert any("#5" in str(w) and "1 of 4 games" in str(w) for w in s.warnings)


@pytest.mark.parametrize(("cell", "rows"), [(None, 5), ("Count", 6), ("Annul", 5),
                                              ("contar", 6)])
def test_the_workbook_setting_chooses_what_a_withdrawal_does(
        cell: str | None, rows: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 'Round-robin withdrawals' row on the Settings sheet (Count or Annul, in English or
    Portuguese; none: annul under FIDE rules) decides for the workbook as --rr-withdrawals
    does on the command line: #6 (2 of 5 games) set aside or counted."""
    import openpyxl

    from xl_tiebreak.cli.main import main
    from xl_tiebreak.excel.headless import read_workbook_tournament
    from xl_tiebreak.excel.templates.from_event import write_event_workbook

    t = compact(RR6, round_robin=True)
    t.name = "RR6"
    path = write_event_workbook(t, tmp_path / "rr6.xlsx")
    if cell is not None:
        book = openpyxl.load_workbook(path)
        sheet = book["Settings"]
        sheet.append(["Round-robin withdrawals" if cell != "contar" else "Desistências", cell])
        book.save(path)
    _, settings = read_workbook_tournament(path)
    assert settings.rr_withdrawals == (None if cell is None else
                                       {"Count": "count", "contar": "count"}.get(cell, "annul"))
    assert main(["compute", str(path), "--tiebreaks", "SB", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) - 1 == rows
    mode = "count" if rows == 6 else "annul"
    assert main(["compute", str(path), "--tiebreaks", "SB", "--format", "csv",
                 "--rr-withdrawals", mode]) == 0
    assert capsys.readouterr().out.strip().splitlines() == lines
    assert main(["standings", str(path), "--csv", str(tmp_path / f"s{rows}.csv")]) == 0
    written = (tmp_path / f"s{rows}.csv").read_text(encoding="utf-8-sig").strip().splitlines()
    assert len(written) - 1 == rows


def test_an_unreadable_withdrawals_setting_names_its_cell(tmp_path: Path) -> None:
    import openpyxl

    from xl_tiebreak.excel.headless import read_workbook_tournament
    from xl_tiebreak.excel.templates.from_event import write_event_workbook
    from xl_tiebreak.model.tournament import InputError

    path = write_event_workbook(compact(RR6, round_robin=True), tmp_path / "rr6.xlsx")
    book = openpyxl.load_workbook(path)
    book["Settings"].append(["Round-robin withdrawals", "sometimes"])
    row = book["Settings"].max_row
    book.save(path)
    with pytest.raises(InputError) as caught:
        read_workbook_tournament(path)
    assert f"Settings!B{row}" in str(caught.value) and "Count or Annul" in str(caught.value)
