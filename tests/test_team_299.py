"""TRF26 ``299`` records in a team file (abnormal points: type 5, MP 8–11, GP 14–17, round
20–22, teams from 24): the points of an unplayed kind for the whole event, or of one team's
round; applied to MP and GP and named in the explanation of MPTS/GPTS. A 299 without a type
(a penalty) is refused with its line; individual files still refuse every 299."""

from __future__ import annotations

from fractions import Fraction

import pytest
from spec_data import TRF_DIR, require

from xl_tiebreak.model import InputError
from xl_tiebreak.team_standings import TeamEvaluation, compute_team_standings
from xl_tiebreak.team_trf import parse_team_trf
from xl_tiebreak.teams import TeamEvent
from xl_tiebreak.trf import parse_trf


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
