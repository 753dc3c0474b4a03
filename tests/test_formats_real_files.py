"""Every real and exercise TRF file of the shared data folder either computes full standings
or is refused with messages that each name a line (and say what is wrong)."""

from __future__ import annotations

import re

import pytest
from spec_data import TRF_DIR

from xl_tiebreak.formats.trf.reader import read_trf
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.final import compute_standings

FILES = sorted(TRF_DIR.glob("*.trf")) + sorted(TRF_DIR.glob("normalized/*.trf"))
TIEBREAKS = "BH/C1,BH,BH/M1,FB,SB,SB/C1,AOB,DE,WIN,WON,BPG,BWG,REP,STD,PS,KS,ARO,TPR,PTP,APRO,APPO"
LINE = re.compile(r"^line \d+")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_file_computes_or_is_refused_with_a_line(path: object) -> None:
    try:
        t = read_trf(path)  # type: ignore[arg-type]
        s = compute_standings(t, TIEBREAKS, unrated_rating=1000)
    except InputError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert LINE.match(problem.where), f"{path}: no line in {problem}"
            assert len(problem.message) > 10
        return
    assert len(s.rows) == len(t.participants)
    ranks = [r.rank for r in s.rows]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_some_files_compute_and_the_broken_team_file_is_refused() -> None:
    if not FILES:
        pytest.skip("shared data absent")
    ok = 0
    for path in FILES:
        try:
            compute_standings(read_trf(path), "BH/C1,SB")
            ok += 1
        except InputError:
            pass
    assert ok >= 20
    with pytest.raises(InputError, match="no result"):
        read_trf(TRF_DIR / "sharly_trf26_team_import_test.trf")
