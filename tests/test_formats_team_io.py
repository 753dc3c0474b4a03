"""Team events through the command line, the real team files, and the team registry rows."""

from __future__ import annotations

import csv
import io

import pytest
from spec_data import TRF_DIR, number, require, section, table

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.team_reader import parse_team_trf, read_team_trf
from xl_tiebreak.model.teams import Score
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor, parse_list
from xl_tiebreak.tiebreaks.registry import TIEBREAKS

TEAM_ROWS = [r for r in TIEBREAKS if r.team]


def test_cli_compute_team_file_csv(capsys: pytest.CaptureFixture[str]) -> None:
    path = require(TRF_DIR / "e7_held_team.trf")
    assert main(["compute", str(path), "--rules", "fide2023", "--format", "csv",
                 "--tiebreaks", "BH:MP,EGGSB"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert list(rows[0]) == ["Rank", "No", "Name", "Pts", "BH:MP", "EGGSB", "Decided by"]
    official = {r["#"]: r for r in table(section("worked-examples.md", "E7.2"))}
    mp = {r["#"]: r["MP"] for r in table(section("worked-examples.md", "E7.1"))}
    for row in rows:
        assert number(row["Pts"]) == number(mp[row["No"]])  # Pts = the primary score (MP)
        assert number(row["BH:MP"]) == number(official[row["No"]]["BH (MP)"])
        assert number(row["EGGSB"]) == number(official[row["No"]]["EGGSB"])


def test_cli_explains_team_values(capsys: pytest.CaptureFixture[str]) -> None:
    path = require(TRF_DIR / "e7_held_team.trf")
    assert main(["compute", str(path), "--rules", "fide2023", "--tiebreaks", "EMMSB/C1,EDE",
                 "--explain", "1"]) == 0
    out = capsys.readouterr().out
    assert "EMMSB/C1 (FIDE 2023/24) = " in out and "= 74" in out
    assert "Extended Direct Encounter" in out


def test_cli_refuses_incomplete_lineups_with_the_setting_named(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = require(TRF_DIR / "gre_crete_team_cup_2024.trf")
    assert main(["compute", str(path)]) == 2
    err = capsys.readouterr().err
    assert "round 4, match #1–#11" in err and "--incomplete-lineups" in err
    assert main(["compute", str(path), "--incomplete-lineups", "--format", "csv"]) == 0
    assert "read with the boards without a game empty" in capsys.readouterr().err


def test_real_files_compute_with_the_setting() -> None:
    path = require(TRF_DIR / "gre_crete_team_championship_2025.trf")
    with pytest.raises(InputError, match="match #2–#6"):
        read_team_trf(path)
    event = read_team_trf(path, incomplete=True)
    assert len(event.teams) == 8 and event.boards == 10


def test_tec_sample_reads_its_board_forfeits() -> None:
    event = read_team_trf(require(TRF_DIR / "tec_grandmommys_cup_trf26_team.trf"))
    assert len(event.teams) == 50 and event.boards == 4 and event.rounds == 14
    assert [d.canonical for d in parse_list(event.tiebreaks, event.primary)] == [
        "EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPVGP"]


def test_armstrong_reads_board_forfeits_as_board_results() -> None:
    event = read_team_trf(require(TRF_DIR / "icu_armstrong_2011.trf"))
    assert event.boards == 8 and len(event.teams) == 12
    m = event.match(0, 9)  # round 9, the match the checker refuses (3–1, one board forfeit)
    assert m.opponent == 3 and len(m.boards) == 8
    assert sum(1 for b in m.boards if b.opponent is None) == 1


def test_sharly_team_file_refused_with_lines() -> None:
    with pytest.raises(InputError, match="line 20, col 109"):
        read_team_trf(require(TRF_DIR / "sharly_trf26_team_import_test.trf"))


def test_draft_2025_file_refused_with_the_explanation() -> None:
    text = require(TRF_DIR / "e7_held_team.trf").read_text(encoding="utf-8")
    draft = text.replace("330 +-   6   1   6", "340 +-   6   1   6")
    with pytest.raises(InputError, match="draft TRF-2025"):
        parse_team_trf(draft)


@pytest.mark.parametrize("row", TEAM_ROWS, ids=lambda r: r.code)
def test_team_rows_parse_in_team_events_only(row: object) -> None:
    code = row.code  # type: ignore[attr-defined]
    assert parse_descriptor(code, Score.MP).tiebreak is row
    if code.endswith(":GP"):  # an individual event reads :GP as its own points (D27)
        assert parse_descriptor(code).code == code[:-3]
        return
    with pytest.raises(InputError):
        parse_descriptor(code)


def test_codes_without_score_type_take_the_primary_score() -> None:
    assert [d.code for d in parse_list("BH/C1,DE,WIN,EMGSB", Score.MP)] == [
        "BH:MP", "DE:MP", "WIN:MP", "EMGSB"]
    assert [d.code for d in parse_list("BH,PS", Score.GP)] == ["BH:GP", "PS:GP"]
    assert parse_descriptor("ESB:MG/C1", Score.MP).canonical == "EMGSB/C1"
    with pytest.raises(InputError, match="not a team tie-break"):
        parse_descriptor("ARO", Score.MP)


def test_cli_refuses_a_lots_seed_for_a_team_event(capsys: pytest.CaptureFixture[str]) -> None:
    """A seed that nothing would use is refused, never silently ignored."""
    path = require(TRF_DIR / "e7_held_team.trf")
    assert main(["compute", str(path), "--lots-seed", "2026"]) == 2
    assert "--lots-seed" in capsys.readouterr().err
