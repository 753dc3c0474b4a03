"""Knockout events in TRF (docs/engineering.md D66): one TRF round per game and an
``XXK`` record giving each TRF round's knockout round and kind (G regular, P play-off,
A Armageddon). ``xl-tiebreak knockout EVENT.trf`` gives the places of the same event as a CSV
bracket."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.knockout.bracket import knockout_standings, read_bracket_csv
from xl_tiebreak.knockout.trf import read_knockout_trf, write_knockout_trf
from xl_tiebreak.model.tournament import InputError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NAMES = {1: "Ana", 2: "Bo", 3: "Cai", 4: "Dan", 5: "Eve", 6: "Fay", 7: "Gus", 8: "Hal"}

# TRF rounds:   1   2   3   4   5   6   7   8   9
XXK = "XXK 1G 1G 1P 1A 2G 2G 2P 3G 3G"
GAMES = {  # per TRF round: opponent+colour+result, "" = no entry
    1: ["2w1", "2b=", "", "", "4w0", "4b1", "4w0", "8w1", "8b="],
    2: ["1b0", "1w="],
    3: ["4w-"],
    4: ["3b+", "", "", "", "1b1", "1w0", "1b1", "5w1", "5b="],
    5: ["6w=", "6b=", "6w1", "", "8w1", "8b1", "", "4b0", "4w="],
    6: ["5b=", "5w=", "5b0"],
    7: ["8w=", "8b=", "8w=", "8w="],
    8: ["7b=", "7w=", "7b=", "7b=", "5b0", "5w0", "", "1b0", "1w="],
}
"""An 8-player cup, derived by hand:

- R1: Ana–Bo 1-0 ½-½ (Ana 1½–½); Cai–Dan walkover for Dan; Eve–Fay ½ ½, play-off 1-0 (Eve);
  Gus–Hal ½ ½, play-off ½, Armageddon drawn, Gus White: Hal advances on draw odds.
- Semi-finals: Ana–Dan 0-1 1-0, play-off 0-1 (Dan); Eve–Hal 1-0 1-0 (Eve).
- Final Dan–Eve 1-0 ½-½: Dan champion. Third place Ana–Hal 1-0 ½-½: Ana third, Hal fourth.
- Points (regular games only): Ana 1½ + 1 + 1½ = 4, Dan 0 + 1 + 1½ = 2½, Eve 1 + 2 + ½ = 3½,
  Hal 1 + 0 + ½ = 1½; play-off points: Dan 1, Eve 1, Hal ½ + ½ = 1, Gus 1, Ana 0.
"""


def _trf(xxk: str | None = XXK, games: dict[int, list[str]] = GAMES) -> str:
    lines = ["012 Club Cup", "092 Knockout"]
    if xxk:
        lines.append(xxk)
    for no, cells in games.items():
        head = f"001 {no:>4}      {NAMES[no]:<33} {'':>4} {'':3} {'':>11} {'':10} {'':>4} {'':>4}"
        rounds = []
        for cell in cells:
            if not cell:
                rounds.append(" " * 8)
            else:
                rounds.append(f"{int(cell[:-2]):>4} {cell[-2]} {cell[-1]}")
        lines.append((head + "  " + "  ".join(rounds)).rstrip())
    return "\n".join(lines) + "\n"


def test_an_eight_player_cup_by_hand() -> None:
    bracket = read_knockout_trf(_trf(), "cup.trf")
    rows = {r.player: r for r in knockout_standings(bracket)}
    assert bracket.champion == "Dan"
    assert {p: r.place for p, r in rows.items()} == {
        "Dan": "1", "Eve": "2", "Ana": "3", "Hal": "4",
        "Bo": "5–8", "Cai": "5–8", "Fay": "5–8", "Gus": "5–8"}
    assert rows["Ana"].points == 4 and rows["Ana"].playoff_points == 0
    assert rows["Dan"].points == Fraction(5, 2) and rows["Dan"].playoff_points == 1
    assert rows["Eve"].points == Fraction(7, 2) and rows["Eve"].playoff_points == 1
    assert rows["Hal"].points == Fraction(3, 2) and rows["Hal"].playoff_points == 1
    assert rows["Gus"].playoff_points == 1 and rows["Cai"].points == 0
    r1 = bracket.round(1)
    assert [(m.a, m.b) for m in r1] == [("Ana", "Bo"), ("Cai", "Dan"), ("Eve", "Fay"),
                                        ("Gus", "Hal")]
    assert r1[1].walkover == "b"
    assert r1[3].armageddon is not None and r1[3].armageddon.a_white
    assert bracket.third_place is not None
    assert {bracket.third_place.a, bracket.third_place.b} == {"Ana", "Hal"}


def test_the_example_trf_is_the_csv_bracket(capsys: pytest.CaptureFixture[str]) -> None:
    csv = read_bracket_csv((EXAMPLES / "knockout_cup.csv").read_text(encoding="utf-8"))
    trf = read_knockout_trf((EXAMPLES / "knockout_cup.trf").read_bytes())
    assert trf.matches == csv.matches  # every match, its games, play-off and Armageddon
    assert knockout_standings(trf) == knockout_standings(csv)
    outputs = []
    for name in ("knockout_cup.csv", "knockout_cup.trf"):
        assert main(["knockout", str(EXAMPLES / name), "--format", "csv"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert "1,Ana,champion" in outputs[0] and "3–4,Hal" in outputs[0]


def test_written_brackets_read_back() -> None:
    csv = read_bracket_csv((EXAMPLES / "knockout_cup.csv").read_text(encoding="utf-8"))
    again = read_knockout_trf(write_knockout_trf(csv, "Cup"))
    assert again.matches == csv.matches
    small = read_knockout_trf(_trf())
    assert read_knockout_trf(write_knockout_trf(small)).matches == small.matches


def test_without_xxk_games_against_one_opponent_are_one_match() -> None:
    games = {  # 4 players, every match decided by its two games
        1: ["2w1", "2b=", "3w1", "3b1"],
        2: ["1b0", "1w="],
        3: ["4w1", "4b0", "1b0", "1w0"],
        4: ["3b0", "3w1"],
    }
    with pytest.raises(InputError):  # 3–4 is level 1–1: it needs a play-off marked by XXK
        read_knockout_trf(_trf(None, games))
    games[3][1], games[4][1] = "4b=", "3w="
    bracket = read_knockout_trf(_trf(None, games))
    assert [r.place for r in knockout_standings(bracket)] == ["1", "2", "3–4", "3–4"]
    assert bracket.champion == "Ana"


def test_problems_name_the_line() -> None:
    with pytest.raises(InputError) as caught:
        read_knockout_trf(_trf("XXK 1G 1G 1X"))
    assert caught.value.problems[0].where == "line 3" and "1X" in caught.value.problems[0].message
    bad = dict(GAMES)
    bad[2] = ["1b1", "1w="]  # Bo also claims the win of round 1
    with pytest.raises(InputError) as caught:
        read_knockout_trf(_trf(XXK, bad))
    assert any("do not agree" in p.message and "line" in p.where
               for p in caught.value.problems)
