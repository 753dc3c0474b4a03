"""TRF26 ``299`` records in a team file (abnormal points: type 5, MP 8–11, GP 14–17, round
20–22, teams from 24): the points of an unplayed kind for the whole event, or of one team's
round; applied to MP and GP and named in the explanation of MPTS/GPTS. A 299 without a type
(a penalty) is refused with its line; individual files still refuse every 299."""

from __future__ import annotations

from fractions import Fraction

import pytest
from spec_data import TRF_DIR, require

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.formats.trf.team_reader import parse_team_trf
from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.team_evaluation import TeamEvaluation, compute_team_standings


def _put(line: str, col: int, text: str) -> str:
    line = line.ljust(col - 1 + len(text))
    return line[: col - 1] + text + line[col - 1 + len(text):]


def record(kind: str, mp: str, gp: str, rnd: str = "", team: str = "") -> str:
    """A 299 line written field by field at its columns."""
    line = _put("299", 5, kind)
    line = _put(line, 8, mp.rjust(4))
    line = _put(line, 14, gp.rjust(4))
    if rnd:
        line = _put(line, 20, rnd.rjust(3))
        line = _put(line, 24, team.rjust(4))
    return line


def e7_with(*lines: str) -> TeamEvent:
    text = require(TRF_DIR / "e7_held_team.trf").read_text(encoding="utf-8")
    return parse_team_trf(text.rstrip("\n") + "\n" + "\n".join(lines) + "\n", "e7+299")


def test_the_record_helper_writes_the_columns() -> None:
    assert record("+", "1.0", "3.0", "6", "1") == "299 +   1.0   3.0    6    1"


def test_a_round_of_one_team_and_a_kind_for_the_event() -> None:
    # E7.1: #1 has 10 MP, 17½ GP with R6 a forfeit win (2 MP + 4 GP); a 299 for round 6 of
    # team 1 with 1 MP + 3 GP gives 10 − 2 + 1 = 9 MP and 17½ − 4 + 3 = 16½ GP.
    # #14 has 4 MP, 11½ GP with an HPB in R5 (1 MP + 2 GP by the 320 record); a 299 "H" with
    # 1 MP + 1½ GP for the event gives 11½ − 2 + 1½ = 11 GP, MP unchanged.
    event = e7_with(record("+", "1.0", "3.0", "6", "1"), record("H", "1.0", "1.5"))
    s = compute_team_standings(event, "MPTS,GPTS", rules="fide2023")
    assert (s.value(1, "MPTS"), s.value(1, "GPTS")) == (9, Fraction(33, 2))
    assert (s.value(14, "MPTS"), s.value(14, "GPTS")) == (4, 11)
    # every other team keeps its E7.1 scores, e.g. #6 (lost R6 by forfeit): 7 MP, 12½ GP
    assert (s.value(6, "MPTS"), s.value(6, "GPTS")) == (7, Fraction(25, 2))


def test_the_explanation_names_the_299_lines() -> None:
    event = e7_with(record("+", "1.0", "3.0", "6", "1"), record("H", "1.0", "1.5"))
    ev = TeamEvaluation(event, "fide2023")
    mp = ev.explain("MPTS", 1)
    assert [t.contribution for t in mp.terms] == [2, 0, 2, 2, 0, 1, 2]
    assert "(299)" in mp.terms[5].reason and "this round" in mp.terms[5].reason
    gp = ev.explain("GPTS", 14)
    assert sum(t.contribution or 0 for t in gp.terms) == gp.value == 11
    assert "(299)" in gp.terms[4].reason  # R5: the HPB value of the event
    assert "(320)" in gp.terms[6].reason  # R7: the PAB value of the 320 record


def test_a_penalty_without_type_is_refused_with_its_line() -> None:
    with pytest.raises(InputError, match=r"299 record.*without a type") as info:
        e7_with(record(" ", "-1.0", "-2.0", "4", "3"))
    assert "line" in str(info.value)


def test_individual_files_still_refuse_299() -> None:
    text = ("012 x\n001    1      Aa                                0.0    1\n"
            "299 +   1.0   3.0    6    1\n")
    with pytest.raises(InputError, match=r"299 records"):
        parse_trf(text, "ind")


# ====================================================================== against the checker

ORACLE_CODES = ["MPTS", "GPTS", "BH:MP", "BH:GP", "EMMSB", "EMGSB", "EGGSB", "WIN:MP"]
NAMES = {"WIN:MP": "WIN"}


def _differences(lines: list[str]) -> dict[str, set[int]]:
    import oracle

    text = require(TRF_DIR / "e7_held_team.trf").read_text(encoding="utf-8").rstrip("\n")
    text += "\n" + "\n".join(lines) + "\n"
    theirs = oracle.run_text(text, ["PTS", *[NAMES.get(x, x) for x in ORACLE_CODES]])
    s = compute_team_standings(parse_team_trf(text, "e7+299"), ",".join(ORACLE_CODES),
                               rules="fide2023")
    out: dict[str, set[int]] = {}
    for no, values in theirs.values.items():
        for x in ORACLE_CODES:
            if s.value(no, x) != values[NAMES.get(x, x)]:
                out.setdefault(x, set()).add(no)
    return out


def _oracle_available() -> bool:
    import oracle

    return oracle.available()


needs_oracle = pytest.mark.skipif(not _oracle_available(), reason="gacrux not installed")


@needs_oracle
@pytest.mark.parametrize("lines", [
    # a played match's result and points set for one team (E7.1: #8 lost R1 1½–2½ to #1)
    [record("W", "2.0", "3.0", "1", "8")],
    [record("D", "1.0", "2.0", "2", "9")],
    [record("L", "0.0", "1.0", "7", "5")],
    # the event's HPB (E7: 1 MP + 2 GP by the 320 record's PAB value) set to 1 MP + 1½ GP
    [record("H", "1.0", "1.5")],
    # a 299 U does not override the 320 record's PAB (warned), as in the checker
    [record("U", "1.0", "1.5")],
    # a 299 Z sets recorded zero-point byes; #7 is absent in R7 (no record): nothing
    [record("Z", "0.0", "1.0")],
], ids=["W", "D", "L", "H", "U", "Z"])
def test_299_agrees_with_the_checker(lines: list[str]) -> None:
    assert _differences(lines) == {}


@needs_oracle
def test_299_for_one_unplayed_round_is_a_known_difference() -> None:
    # tests/KNOWN_DIFFERENCES.md T6: the checker applies a round's 299 to played matches only;
    # here #14's R5 HPB set to 1 MP + 1 GP: #14's GP 11½ − 2 + 1 = 10½ here, 11½ there, so
    # GPTS of #14 differs, and BH:GP of its opponents and of #14 itself (its R5 and R7
    # dummies have its own GP under the 2023 rules).
    found = _differences([record("H", "1.0", "1.0", "5", "14")])
    assert found["GPTS"] == {14}
    opponents = {7, 13, 11, 9, 10}  # #14's opponents in E7.1 (R5 HPB, R7 PAB)
    assert found["BH:GP"] == opponents | {14}
    assert "MPTS" not in found
    s = compute_team_standings(e7_with(record("H", "1.0", "1.0", "5", "14")), "GPTS",
                               rules="fide2023")
    assert s.value(14, "GPTS") == Fraction(21, 2)


def test_a_result_type_needs_its_round() -> None:
    with pytest.raises(InputError, match=r"type W \(a match result\) needs the round"):
        e7_with(record("W", "2.0", "3.0"))


def test_u_after_a_320_is_not_used_and_says_so() -> None:
    event = e7_with(record("U", "1.0", "1.5"))
    assert any("299 U record is not used" in n for n in event.notes)
    s = compute_team_standings(event, "GPTS", rules="fide2023")
    assert s.value(12, "GPTS") == Fraction(15, 2)  # E7.1: #12 7½ GP with its PAB at 2 GP


@needs_oracle
def test_299_forfeit_points_on_330_forfeits_are_a_known_difference() -> None:
    # tests/KNOWN_DIFFERENCES.md T2-2: "299 +" for the event sets a forfeit win to 2 MP + 3 GP
    # here; the checker keeps every board won (4 GP) for E7's 330 forfeit (#1 vs #6, R6):
    # #1's GP 17½ − 4 + 3 = 16½ here, 17½ there; MP agree (2 either way).
    found = _differences([record("+", "2.0", "3.0")])
    assert found["GPTS"] == {1}
    assert "MPTS" not in found and "BH:MP" not in found and "EMMSB" not in found
    s = compute_team_standings(e7_with(record("+", "2.0", "3.0")), "GPTS", rules="fide2023")
    assert s.value(1, "GPTS") == Fraction(33, 2)


def test_a_crosstable_bye_setting_is_named_in_the_explanation() -> None:
    from xl_tiebreak.formats.crosstable.team_reader import read_team_crosstable

    rows: list[list[object]] = [["Boards", 2], ["PAB", 1, 1], ["No", "Team", "R1"],
                                [1, "A", "2w1½"], [2, "B", "1b½"], [3, "C", "PAB"]]
    e = TeamEvaluation(read_team_crosstable(rows, sheet="Crosstable"), "fide2026")
    x = e.explain("GPTS", 3)
    assert x.value == 1  # the settings row: PAB = 1 MP + 1 GP
    assert "Crosstable!A2" in x.terms[0].reason
