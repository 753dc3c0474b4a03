"""The toolkit on the command line: ``compute --prizes`` and ``knockout``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_standings_compare_orders import three_champions

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.reader import write_trf

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PRIZES = "Category,Place,Amount,Trophy\n,1,300,Champion\n,2,200,\n,3,100,\nU1800,1,50,\n"


def _files(tmp_path: Path) -> tuple[Path, Path]:
    event = tmp_path / "three.trf"
    event.write_text(write_trf(three_champions()), encoding="utf-8")
    prizes = tmp_path / "prizes.csv"
    prizes.write_text(PRIZES, encoding="utf-8")
    return event, prizes


def test_prizes_shared_equally(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Ana, Bo, Cai share first on 4: places 1-3 pooled, (300 + 200 + 100) / 3 = 200 each; the
    # trophy goes to the first by the tie-break order (BH: Bo 13½). U1800 (rating < 1800;
    # ratings 2000 - 50 per start number): Fay (#6, 1750) is the best of them, on 3 points.
    event, prizes = _files(tmp_path)
    assert main(["compute", str(event), "--tiebreaks", "BH", "--prizes", str(prizes),
                 "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)["prizes"]
    money = {a["name"]: a["money"] for a in data["awards"]}
    assert money == {"Ana": "200", "Bo": "200", "Cai": "200", "Fay": "50"}
    assert next(a for a in data["awards"] if a["name"] == "Bo")["trophy"] == "Champion"
    assert any("300 + 200 + 100 shared, 200 each" in line for line in data["lines"])
    assert data["total"] == "650"


def test_prizes_hort_in_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Hort: 600 pooled; half (300) shared, 100 each; half by the BH order Bo, Ana, Cai:
    # 150, 100, 50. Bo 250, Ana 200, Cai 150.
    event, prizes = _files(tmp_path)
    assert main(["compute", str(event), "--tiebreaks", "BH", "--prizes", str(prizes),
                 "--hort"]) == 0
    out = capsys.readouterr().out
    assert "Prizes (money of tied players pooled and Hort system" in out
    rows = {line.split()[2]: line for line in out.split("Prizes (", 1)[1].splitlines()
            if len(line.split()) > 4 and line.split()[1].isdigit()}
    assert rows["Bo"].split()[-2:] == ["250", "Champion"]
    assert "200" in rows["Ana"].split() and "150" in rows["Cai"].split()
    assert "Total money allocated: 650" in out


def test_prizes_file_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event, _ = _files(tmp_path)
    assert main(["compute", str(event), "--prizes", str(tmp_path / "none.csv")]) == 2
    bad = tmp_path / "bad.csv"
    bad.write_text("Place,Amount\nfirst,300\n", encoding="utf-8")
    assert main(["compute", str(event), "--prizes", str(bad)]) == 2
    assert "row 2" in capsys.readouterr().err


def test_knockout_example(capsys: pytest.CaptureFixture[str]) -> None:
    # the example is the 16-player bracket of tests/test_knockout_bracket.py (places derived there)
    assert main(["knockout", str(EXAMPLES / "knockout_cup.csv"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["champion"] == "Ana"
    places = {r["player"]: r["place"] for r in data["standings"]}
    assert places["Pia"] == "2" and places["Hal"] == places["Jon"] == "3–4"
    assert places["Fay"] == "9–16"  # lost by walkover in round 1
    assert any("Hal advances on draw odds" in m for m in data["matches"])
    assert main(["knockout", str(EXAMPLES / "knockout_cup.csv")]) == 0
    out = capsys.readouterr().out
    assert "champion Ana" in out and "by walkover" in out and "Matches:" in out


def test_knockout_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bracket.csv"
    bad.write_text("Round,Match,Player A,Player B,Games\n1,1,Ana,Bo,½-½\n", encoding="utf-8")
    assert main(["knockout", str(bad)]) == 2
    assert "row 2" in capsys.readouterr().err
    assert main(["knockout", str(tmp_path / "missing.csv")]) == 2
