"""``xl-tiebreak workbook FILE.trf -o EVENT.xlsx``: the event as a crosstable workbook
(:mod:`xl_tiebreak.excel.templates.from_event`) reads back to the same standings as the TRF."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import generator
import openpyxl
import pytest
from sampling import fast_sample
from spec_data import TRF_DIR

from xl_tiebreak.cli.main import load_tournament, main
from xl_tiebreak.excel.headless import read_workbook_tournament, write_standings_file
from xl_tiebreak.excel.templates.from_event import (
    crosstable_rows,
    round_token,
    write_event_workbook,
)
from xl_tiebreak.formats.crosstable.reader import parse_round_token
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.model.tournament import BlankRounds, Color, Kind, Record
from xl_tiebreak.report.trf import export_trf
from xl_tiebreak.standings.final import Standings, compute_standings

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SHARED = TRF_DIR
SHARED_FILES = ["held_round_robin.trf", "held_swiss_9.trf", "icu_bunratty_major_2011.trf",
                "fide_example1_karl_mala_2005.trf", "swiss_with_many_unplayed_rounds.trf"]


def _table(s: Standings) -> list[tuple[object, ...]]:
    return [(r.rank, r.participant.start_no, r.participant.name, r.points, r.values)
            for r in s.rows]


def _from_workbook(path: Path) -> Standings:
    t, settings = read_workbook_tournament(path)
    return compute_standings(t, None, settings.rules, settings.after_round,
                             settings.unrated_rating)


@pytest.mark.parametrize(("record", "token"), [
    (Record(Kind.WIN, 12, Color.WHITE), "12w1"),
    (Record(Kind.DRAW, 3, Color.BLACK), "3b½"),
    (Record(Kind.LOSS, 7), "7 0"),
    (Record(Kind.FORFEIT_WIN, 5, Color.BLACK), "5b+"),
    (Record(Kind.FORFEIT_LOSS, 5), "5-"),
    (Record(Kind.PAB), "U"),
    (Record(Kind.FPB), "F"),
    (Record(Kind.HPB), "H"),
    (Record(Kind.ZPB), "Z"),
    (Record(Kind.FORFEIT_WIN), "+F"),
])
def test_every_round_is_written_in_the_notation_the_reader_reads(record: Record,
                                                                   token: str) -> None:
    assert round_token(record) == token
    assert parse_round_token(token) == record


def test_rows_hold_the_event(tmp_path: Path) -> None:
    t = load_tournament(str(EXAMPLES / "spring_open.trf"))
    rows = crosstable_rows(t)
    # the TRF gives FIDE IDs, sex and birth dates: they get their columns after Fed
    assert rows[0] == ("No", "Name", "Title", "Rating", "Fed", "FIDE ID", "Sex", "Born",
                       *(f"R{r}" for r in range(1, 8)), "Pts")
    # line 1 of the TRF: #1 m IM Halloran, 2387 IRL 25400137 1967/02/04, 5.0; rounds 9 b =,
    # 7 b 1, …, 8 b 1
    assert rows[1][:10] == (1, "Halloran, Declan", "IM", 2387, "IRL", "25400137", "m",
                            "1967/02/04", "9b½", "7b1")
    assert rows[1][-1] == 5


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_spring_open_reads_back_to_the_same_standings(tmp_path: Path, suffix: str) -> None:
    trf = EXAMPLES / "spring_open.trf"
    target = tmp_path / f"event{suffix}"
    assert main(["workbook", str(trf), "-o", str(target)]) == 0
    ours = compute_standings(load_tournament(str(trf)))
    back = _from_workbook(target)
    assert [d.canonical for d in back.descriptors] == [d.canonical for d in ours.descriptors]
    assert back.rules is ours.rules
    assert _table(back) == _table(ours)
    book = openpyxl.load_workbook(target)
    settings = {row[0]: row[1] for row in book["Settings"].iter_rows(values_only=True)}
    assert settings["Tournament name"] == "Spring Open 2026"
    assert settings["Tournament type"] == "Swiss"
    assert settings["Rounds scheduled"] == 7
    assert str(settings["Start date"])[:10] == "2026-04-10"
    assert settings["Tie-breaks (in order)"] == "BH/C1"


def test_the_standings_command_on_the_written_workbook(tmp_path: Path) -> None:
    trf = EXAMPLES / "spring_open.trf"
    target = tmp_path / "event.xlsx"
    assert main(["workbook", str(trf), "-o", str(target)]) == 0
    result = write_standings_file(target)
    assert result.ok and result.standings is not None
    assert _table(result.standings) == _table(compute_standings(load_tournament(str(trf))))


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared TRF folder not available")
@pytest.mark.parametrize("name", SHARED_FILES)
def test_shared_files_read_back_to_the_same_standings(tmp_path: Path, name: str) -> None:
    trf = SHARED / name
    target = tmp_path / "event.xlsx"
    assert main(["workbook", str(trf), "-o", str(target)]) == 0
    assert _table(_from_workbook(target)) == _table(compute_standings(load_tournament(str(trf))))


@pytest.mark.parametrize("seed", fast_sample(range(900, 912), 5))  # Swiss, round robin, unrated
def test_generated_events_read_back_to_the_same_standings(tmp_path: Path, seed: int) -> None:
    order = "BH/C1,BH,SB,WIN,DE"
    # through a TRF as the command gets it: the declared list and points are the TRF's
    t = parse_trf(export_trf(compute_standings(generator.generate(seed), order), "trf26"))
    target = write_event_workbook(t, tmp_path / "event.xlsx")
    assert _table(_from_workbook(target)) == _table(compute_standings(t))


def test_an_existing_workbook_is_refused_without_force(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    trf = EXAMPLES / "spring_open.trf"
    target = tmp_path / "event.xlsx"
    target.write_bytes(b"mine")
    assert main(["workbook", str(trf), "-o", str(target)]) == 2
    assert "--force" in capsys.readouterr().err
    assert target.read_bytes() == b"mine"
    assert main(["workbook", str(trf), "-o", str(target), "--force"]) == 0
    assert target.read_bytes()[:2] == b"PK"


def test_other_suffixes_and_team_files_are_refused(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    trf = EXAMPLES / "spring_open.trf"
    assert main(["workbook", str(trf), "-o", str(tmp_path / "event.ods")]) == 2
    assert ".xlsx or .xlsm" in capsys.readouterr().err
    team = SHARED / "e7_held_team.trf"
    # a team TRF is written as a team workbook (tests/test_excel_templates_team_workbook.py)
    if team.is_file():
        assert main(["workbook", str(team), "-o", str(tmp_path / "team.ods")]) == 2
        assert ".xlsx or .xlsm" in capsys.readouterr().err
        assert not (tmp_path / "team.ods").exists()


def test_a_fraction_of_a_point_survives(tmp_path: Path) -> None:
    t = load_tournament(str(EXAMPLES / "spring_open.trf"))
    t.participants[0].declared_points = Fraction(16, 3)
    rows = crosstable_rows(t)
    assert rows[1][-1] == "16/3"


# ------------------------------------------- what a workbook needs to be opened and run


def test_a_written_workbook_caches_every_formula_value(tmp_path: Path) -> None:
    """Opened without the add-in (a viewer, LibreOffice, Excel before Import Functions), every
    formula cell of a workbook written from a TRF shows what the engine computes."""
    from test_excel_templates_builder import cached_values, check_formula_cells

    from xl_tiebreak.excel.templates.from_event import event_template

    out = tmp_path / "club.xlsx"
    assert main(["workbook", str(EXAMPLES / "spring_open.trf"), "-o", str(out)]) == 0
    template = event_template(load_tournament(str(EXAMPLES / "spring_open.trf")))
    check_formula_cells(out, cached_values(out), template)
    assert not openpyxl.load_workbook(out).calculation.fullCalcOnLoad


def _companion_written(out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    assert main(["workbook", str(EXAMPLES / "spring_open.trf"), "-o", str(out)]) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_an_xlsm_gets_the_companion_module_run_main_imports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import ast

    out, _ = _companion_written(tmp_path / "club.xlsm", capsys)
    module = tmp_path / "club.py"
    assert out.splitlines() == [str(tmp_path / "club.xlsm"), str(module)]
    tree = ast.parse(module.read_text(encoding="utf-8"))
    imports = [(n.module, [a.name for a in n.names]) for n in ast.walk(tree)
               if isinstance(n, ast.ImportFrom)]
    assert ("xl_tiebreak.macros", ["main"]) in imports
    assert 'xw.Book("club.xlsm")' in module.read_text(encoding="utf-8")
    _companion_written(tmp_path / "plain.xlsx", capsys)
    assert not (tmp_path / "plain.py").exists()  # an .xlsx has no Run main


def test_a_users_module_of_that_name_is_left_as_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "club.py"
    mine.write_text("print('my own code')\n", encoding="utf-8")
    out, err = _companion_written(tmp_path / "club.xlsm", capsys)
    assert mine.read_text(encoding="utf-8") == "print('my own code')\n"
    assert out.splitlines() == [str(tmp_path / "club.xlsm")]
    assert "club.py exists and was left as it is" in err


def test_a_workbook_name_that_is_no_python_name_is_noted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, err = _companion_written(tmp_path / "Club Open 2026.xlsm", capsys)
    assert (tmp_path / "Club Open 2026.py").exists()
    assert "must then be a Python name" in err and "Club_Open_2026.xlsm" in err


def test_a_team_xlsm_gets_its_companion_module_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from spec_data import TRF_DIR

    shared = TRF_DIR / "e7_held_team.trf"
    if not shared.exists():
        pytest.skip("shared TRF files absent")
    assert main(["workbook", str(shared), "-o", str(tmp_path / "held.xlsm")]) == 0
    text = (tmp_path / "held.py").read_text(encoding="utf-8")
    assert "from xl_tiebreak.macros import main" in text
    capsys.readouterr()


@pytest.mark.skipif(not (SHARED / "icu_bunratty_masters_2011.trf").is_file(),
                    reason="shared TRF folder not available")
@pytest.mark.parametrize("choice", list(BlankRounds))
def test_blank_rounds_stay_blank_and_the_setting_decides(choice: BlankRounds,
                                                           tmp_path: Path) -> None:
    """The ten blank rounds of the Bunratty Masters are written as empty cells and the
    workbook's Blank rounds setting is the choice made: the workbook then ranks as the TRF read
    with that choice, and changing the setting in the workbook changes what they count."""
    trf = SHARED / "icu_bunratty_masters_2011.trf"
    t = parse_trf(trf.read_bytes(), source=trf.name, blank_rounds=choice)
    assert len(t.blanks) == 10
    path = write_event_workbook(t, tmp_path / "masters.xlsx", choice)
    sheet = openpyxl.load_workbook(path)["Crosstable"]
    header = [c.value for c in sheet[1]]
    rows = {r[0]: r for r in sheet.iter_rows(min_row=2, values_only=True) if r[0] is not None}
    for start_no, rnd in t.blanks:
        assert rows[start_no][header.index(f"R{rnd}")] is None
    assert _table(_from_workbook(path)) == _table(compute_standings(t))
    other = BlankRounds.HALF_POINT_BYE if choice is BlankRounds.ABSENT else BlankRounds.ABSENT
    again = parse_trf(trf.read_bytes(), source=trf.name, blank_rounds=other)
    book = openpyxl.load_workbook(path)
    settings = book["Settings"]
    for row in settings.iter_rows(min_col=1, max_col=2):
        if row[0].value == "Blank rounds":
            row[1].value = {BlankRounds.ABSENT: "Absent",
                            BlankRounds.HALF_POINT_BYE: "Half-point bye"}[other]
            break
    else:
        raise AssertionError("no Blank rounds row in Settings")
    book.save(path)
    assert _table(_from_workbook(path)) == _table(compute_standings(again))


@pytest.mark.skipif(not (SHARED / "icu_bunratty_masters_2011.trf").is_file(),
                    reason="shared TRF folder not available")
def test_workbook_then_standings_keep_the_blank_rounds_choice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``workbook --blank-rounds declared`` then ``standings`` ranks as ``compute
    --blank-rounds declared`` on the TRF (the CSV of both compared)."""
    trf = str(SHARED / "icu_bunratty_masters_2011.trf")
    book = tmp_path / "masters.xlsx"
    assert main(["workbook", trf, "-o", str(book), "--blank-rounds", "declared"]) == 0
    capsys.readouterr()
    assert main(["standings", str(book), "--csv", str(tmp_path / "s.csv")]) == 0
    capsys.readouterr()
    assert main(["compute", trf, "--blank-rounds", "declared", "--format", "csv"]) == 0
    computed = capsys.readouterr().out
    from_book = (tmp_path / "s.csv").read_text(encoding="utf-8-sig")
    assert from_book.splitlines() == computed.splitlines()
    assert main(["compute", trf, "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() != computed.splitlines()  # the choice matters
