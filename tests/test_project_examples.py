"""The sample files in ``examples/``: each computes cleanly, the Swiss TRF and its CSV
crosstable give the same standings, and values of the Swiss are checked by hand and against
the FIDE TEC checker (tests/oracle.py)."""

from __future__ import annotations

import shlex
from fractions import Fraction
from pathlib import Path

import oracle
import pytest

from xl_tiebreak.cli.main import load_tournament, main
from xl_tiebreak.model.tournament import TournamentType
from xl_tiebreak.standings.final import Standings, compute_standings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TRF = EXAMPLES / "spring_open.trf"
CSV = EXAMPLES / "spring_open.csv"
ROUND_ROBIN = EXAMPLES / "club_round_robin.csv"
LONG_LIST = "BH/C1,BH,SB,PS,WIN,ARO,DE"


@pytest.mark.parametrize("path", [TRF, CSV, ROUND_ROBIN], ids=lambda p: p.name)
def test_example_computes_without_warnings(path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    assert main(["compute", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "Tie-breaks:" in out


def readme_commands() -> list[str]:
    """The ``xl-tiebreak …`` command lines of examples/README.md."""
    lines = (EXAMPLES / "README.md").read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip().startswith("xl-tiebreak ")]


def test_readme_lists_every_example() -> None:
    text = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in EXAMPLES.iterdir():
        if path.name != "README.md":
            assert f"examples/{path.name}" in text, path.name


@pytest.mark.parametrize("command", readme_commands())
def test_readme_command_runs(command: str, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    assert main(shlex.split(command)[1:]) == 0, capsys.readouterr().err


def test_round_robin_is_recognised() -> None:
    t = load_tournament(str(ROUND_ROBIN))
    assert t.type is TournamentType.PREDETERMINED
    assert t.rounds == 5 and len(t.participants) == 6


def test_trf_and_csv_are_the_same_event(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for path in (TRF, CSV):
        # the CSV has no start date: name the rule set so both use the same one
        assert main(["compute", str(path), "--tiebreaks", LONG_LIST, "--rules", "fide2026",
                     "--format", "csv"]) == 0
        out, err = capsys.readouterr()
        assert err == ""
        outputs.append(out)
    assert outputs[0] == outputs[1]
    assert outputs[0].count("\n") == 17

    def rows(s: Standings) -> list[tuple[object, ...]]:
        return [(r.rank, r.participant.start_no, r.participant.name, r.participant.rating,
                 r.participant.federation, r.participant.title, r.points, r.values)
                for r in s.rows]

    trf, csv = (compute_standings(load_tournament(str(p)), LONG_LIST, rules="fide2026")
                for p in (TRF, CSV))
    assert rows(trf) == rows(csv)
    assert [p.rounds for p in trf.tournament.participants] == \
        [p.rounds for p in csv.tournament.participants]


@pytest.fixture(scope="module")
def spring() -> Standings:
    return compute_standings(load_tournament(str(TRF)), LONG_LIST)


def test_hand_derived_values_of_halloran(spring: Standings) -> None:
    """#1 Halloran: R1 9 ½, R2 7 1, R3 5 ½, R4 3 1, R5 2 1, R6 4 0, R7 8 1 (5 points).

    Final scores of the opponents (TRF cols 81-84, none of them has an unplayed round):
    #9 2½, #7 4½, #5 3½, #3 4, #2 4½, #4 6, #8 3½.

    BH    = 2½ + 4½ + 3½ + 4 + 4½ + 6 + 3½ = 28½
    BH/C1 = 28½ - 2½ (the lowest, #9) = 26
    SB    = ½·2½ + 4½ + ½·3½ + 4 + 4½ + 0·6 + 3½ = 1¼ + 4½ + 1¾ + 4 + 4½ + 3½ = 19½
    PS    = ½ + 1½ + 2 + 3 + 4 + 4 + 5 = 20 (running score after each round)
    WIN   = 4 (rounds 2, 4, 5, 7)
    ARO   = (2085 + 2143 + 2198 + 2290 + 2312 + 2251 + 2120) / 7 = 15399 / 7 = 2199.86 → 2200
    """
    assert spring.row(1).points == 5
    assert spring.value(1, "BH") == Fraction(57, 2)
    assert spring.value(1, "BH/C1") == 26
    assert spring.value(1, "SB") == Fraction(39, 2)
    assert spring.value(1, "PS") == 20
    assert spring.value(1, "WIN") == 4
    assert spring.value(1, "ARO") == 2200


def test_hand_derived_forfeit_winner(spring: Standings) -> None:
    """#16 Doyle: R1 8 ½, R2 10 0, R3 11 0, R4 15 ½, R5 12 + (#12 did not appear), R6 14 ½,
    R7 7 0: points ½ + 0 + 0 + ½ + 1 + ½ + 0 = 2½. WIN counts rounds won, a forfeit win
    included (Art. 7.1): 1."""
    assert spring.row(16).points == Fraction(5, 2)
    assert spring.value(16, "WIN") == 1


@pytest.mark.skipif(not oracle.available(), reason="gacrux is not installed")
def test_values_equal_the_fide_checker(spring: Standings) -> None:
    tiebreaks = ["PTS", "BH/C1", "BH", "SB", "PS", "WIN", "ARO"]
    result = oracle.run_file(TRF, tiebreaks)
    assert sorted(result.values) == list(range(1, 17))
    for no, values in result.values.items():
        assert values["PTS"] == spring.row(no).points, no
        for label in tiebreaks[1:]:
            assert values[label] == spring.value(no, label), (no, label)


@pytest.mark.skipif(not oracle.available(), reason="gacrux is not installed")
def test_declared_list_ranks_equal_the_fide_checker() -> None:
    """The TRF's own 202 list (BH/C1,BH,SB,DE,WIN) ranks as the checker ranks with it."""
    standings = compute_standings(load_tournament(str(TRF)))
    assert [d.label for d in standings.descriptors] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    result = oracle.run_file(TRF, ["PTS", "BH/C1", "BH", "SB", "DE", "WIN"])
    assert {r.participant.start_no: r.rank for r in standings.rows} == result.ranks
