"""Knockout events: who advances (games, play-off, Armageddon draw odds, walkover), standings by
the stage reached, explanation lines, and bad brackets refused with the row named.

The 16-player bracket below is derived by hand:

R1  M1 Ana–Bo   1-0 ½-½            Ana 1½–½                        Ana
    M2 Cai–Dan  1 0 / po 1-0 ½-½   1–1, play-off 1½–½               Cai
    M3 Eve–Fay  +-                 walkover                         Eve
    M4 Gus–Hal  ½ ½ / po 1-0 0-1 / Armageddon ½-½, Gus White: drawn -> Black (Hal)  Hal
    M5 Ida–Jon  0 ½                ½–1½                             Jon
    M6 Kim–Lea  1 1                2–0                              Kim
    M7 Max–Ned  ½ 1                1½–½                             Max
    M8 Oli–Pia  0-1 0-1            0–2                              Pia
R2  M1 Ana–Cai  1 ½  Ana 1½–½      M2 Eve–Hal 0 ½  Hal 1½–½
    M3 Jon–Kim  1 1  Jon 2–0       M4 Max–Pia ½ ½, play-off 0-1 0-1: Pia
R3  M1 Ana–Hal  1 ½  Ana           M2 Jon–Pia 0 ½  Pia
R4  M1 Ana–Pia  ½ ½, play-off 1-0 1-0: Ana champion

Places: 1 Ana, 2 Pia, 3–4 Hal, Jon (semi-final losers), 5–8 Cai, Eve, Kim, Max (quarter-final
losers, bracket order), 9–16 Bo, Dan, Fay, Gus, Ida, Lea, Ned, Oli.
Regular points: Ana 1½ + 1½ + 1½ + 1 = 5½ (play-off 2); Pia 2 + 1 + 1½ + 1 = 5½ (play-off
0-1 0-1 in R2 = 2, final 0 -> 2); Hal 1 + 1½ + ½ = 3 (play-off 1 + Armageddon ½ = 1½);
Jon 1½ + 2 + ½ = 4; Cai 1 + ½ = 1½ (play-off 1½); Eve 0 (walkover) + ½ = ½; Fay 0.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from xl_tiebreak.knockout.bracket import (
    Armageddon,
    Decision,
    Game,
    Match,
    build_bracket,
    explain,
    knockout_standings,
    parse_game,
    read_bracket_csv,
    read_bracket_rows,
)
from xl_tiebreak.model.tournament import InputError

HEADER = ["Round", "Match", "Player A", "Player B", "Games", "Play-off", "Armageddon"]
ROWS = [
    ["1", "1", "Ana", "Bo", "1-0 ½-½", "", ""],
    ["1", "2", "Cai", "Dan", "1 0", "1-0 ½-½", ""],
    ["1", "3", "Eve", "Fay", "+-", "", ""],
    ["1", "4", "Gus", "Hal", "½ ½", "1-0 0-1", "½-½ white"],
    ["1", "5", "Ida", "Jon", "0 ½", "", ""],
    ["1", "6", "Kim", "Lea", "1 1", "", ""],
    ["1", "7", "Max", "Ned", "½ 1", "", ""],
    ["1", "8", "Oli", "Pia", "0-1 0-1", "", ""],
    ["2", "1", "Ana", "Cai", "1 ½", "", ""],
    ["2", "2", "Eve", "Hal", "0 ½", "", ""],
    ["2", "3", "Jon", "Kim", "1 1", "", ""],
    ["2", "4", "Max", "Pia", "½ ½", "0-1 0-1", ""],
    ["3", "1", "Ana", "Hal", "1 ½", "", ""],
    ["3", "2", "Jon", "Pia", "0 ½", "", ""],
    ["4", "1", "Ana", "Pia", "½ ½", "1-0 1-0", ""],
]
H = Fraction(1, 2)


def _csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out).writerows([HEADER, *rows])
    return out.getvalue()


def _rows(rows: list[list[str]]) -> list[list[object]]:
    return [list(HEADER), *[list(r) for r in rows]]


def test_places_by_stage_reached() -> None:
    b = read_bracket_csv(_csv(ROWS), "bracket.csv")
    assert b.rounds == 4 and b.size == 16 and b.champion == "Ana"
    table = [(r.place, r.player, r.stage) for r in knockout_standings(b)]
    assert table == [
        ("1", "Ana", "champion"), ("2", "Pia", "final"),
        ("3–4", "Hal", "semi-final"), ("3–4", "Jon", "semi-final"),
        *[("5–8", p, "quarter-final") for p in ("Cai", "Eve", "Kim", "Max")],
        *[("9–16", p, "round of 16") for p in ("Bo", "Dan", "Fay", "Gus", "Ida", "Lea",
                                               "Ned", "Oli")],
    ]


def test_points_exclude_play_off_points() -> None:
    rows = {r.player: r for r in knockout_standings(read_bracket_csv(_csv(ROWS)))}
    expected = {"Ana": (5 + H, 2), "Pia": (5 + H, 2), "Hal": (3, 1 + H), "Jon": (4, 0),
                "Cai": (1 + H, 1 + H), "Eve": (H, 0), "Fay": (0, 0), "Gus": (1, 1 + H)}
    for name, (points, playoff) in expected.items():
        assert (rows[name].points, rows[name].playoff_points) == (points, playoff), name
    assert rows["Fay"].eliminated == "lost the round of 16 against Eve (R1 M3) by walkover"
    assert rows["Hal"].eliminated == "lost the semi-final against Ana (R3 M1) ½–1½"
    assert rows["Gus"].eliminated == ("lost the round of 16 against Hal (R1 M4) 1–1, play-off "
                                      "1–1, Armageddon ½–½ (Hal Black)")
    assert rows["Ana"].eliminated == "won the final against Pia (R4 M1) 1–1, play-off 2–0"


def test_who_advances_and_why() -> None:
    lines = explain(read_bracket_csv(_csv(ROWS)))
    assert lines[0] == "R1 M1: Ana 1½ – Bo ½, Ana advances"
    assert lines[1] == ("R1 M2: Cai 1 – Dan 1, play-off 1½–½, Cai advances (play-off points "
                        "not counted)")
    assert lines[2] == "R1 M3: Eve – Fay by walkover, Eve advances (no games)"
    assert lines[3] == ("R1 M4: Gus 1 – Hal 1, play-off 1–1, Armageddon ½–½ with Hal Black: "
                        "drawn, Hal advances on draw odds (play-off points not counted)")
    assert lines[-1] == ("R4 M1: Ana 1 – Pia 1, play-off 2–0, Ana wins the final (play-off "
                         "points not counted)")
    assert len(lines) == 15


def test_armageddon_draw_odds() -> None:
    # A drawn Armageddon advances Black, whichever side of the table he is on.
    white_a = Match(1, 1, "A", "B", (Game(H, H),), (), Armageddon(H, H, a_white=True))
    black_a = Match(1, 1, "A", "B", (Game(H, H),), (), Armageddon(H, H, a_white=False))
    assert (white_a.winner, black_a.winner) == ("B", "A")
    won = Match(1, 1, "A", "B", (Game(H, H),), (), Armageddon(Fraction(1), Fraction(0), True))
    assert won.winner == "A" and won.decision() is Decision.ARMAGEDDON


def test_third_place_match() -> None:
    # Hal beats Jon 2–0 for third place: Hal 3, Jon 4; Hal's points 3 + 2 = 5.
    rows = [*ROWS[:14], ["3rd", "1", "Hal", "Jon", "1 1", "", ""], ROWS[14]]
    b = read_bracket_rows(_rows(rows))
    table = [(r.place, r.player) for r in knockout_standings(b)][:4]
    assert table == [("1", "Ana"), ("2", "Pia"), ("3", "Hal"), ("4", "Jon")]
    hal = next(r for r in knockout_standings(b) if r.player == "Hal")
    assert hal.points == 5
    assert explain(b)[-2] == "3rd M1: Hal 2 – Jon 0, Hal takes 3rd place"


def test_two_player_and_bye_brackets() -> None:
    b = build_bracket([Match(1, 1, "A", "B", (Game(Fraction(0), Fraction(1)),))])
    assert [(r.place, r.player) for r in knockout_standings(b)] == [("1", "B"), ("2", "A")]
    # 4 slots, one bye in round 1: C advances without a game and reaches the final.
    b = build_bracket([Match(1, 1, "A", "B", (Game(Fraction(1), Fraction(0)),)),
                       Match(1, 2, "C", None),
                       Match(2, 1, "A", "C", (Game(Fraction(1), Fraction(0)),))])
    assert [(r.place, r.player) for r in knockout_standings(b)] == [
        ("1", "A"), ("2", "C"), ("3–4", "B")]


def _errors(rows: list[list[str]]) -> list[str]:
    with pytest.raises(InputError) as err:
        read_bracket_rows(_rows(rows), "Bracket")
    return [str(p) for p in err.value.problems]


def test_a_winner_missing_from_the_next_round_is_refused() -> None:
    rows = [list(r) for r in ROWS]
    rows[9][2] = "Fay"  # R2 M2 (row 11): Fay, who lost by walkover, instead of Eve
    assert _errors(rows) == [
        "Bracket: row 4: Eve won R1 M3 but does not play in round 2",
        "Bracket: row 11: Fay plays in round 2 (R2 M2) without having won a match of round 1",
    ]


def test_nobody_plays_twice_in_a_round() -> None:
    rows = [list(r) for r in ROWS]
    rows[1][3] = "Bo"  # R1 M2 (row 3): Cai – Bo, but Bo plays R1 M1
    errors = _errors(rows)
    assert errors[0] == "Bracket: row 3: Bo plays twice in round 1 (R1 M1 and R1 M2)"


def test_the_bracket_size_must_be_consistent() -> None:
    rows = [r for k, r in enumerate(ROWS) if k != 7]  # R1 M8 missing: 7 matches
    assert _errors(rows)[0] == ("Bracket: row 2: round 1 has 7 match(es), but a bracket of 16 "
                                "players (4 rounds) has 8 in round 1")


def test_bad_cells_are_named() -> None:
    rows = [list(r) for r in ROWS]
    rows[0][4] = "2-0"                   # row 2: not a game
    rows[4][4] = "½ ½"                   # row 6: 1–1 and nothing else
    rows[5][5] = "1-0"                   # row 7: play-off after 2–0
    rows[6][6] = "1-0"                   # row 8: Armageddon without colour (and decided)
    rows[1][6] = "1-0 white"             # row 3: Armageddon after the play-off decided
    rows[8][0] = "two"                   # row 10: round
    assert _errors(rows) == [
        "Bracket: row 2, column Games (E2): '2-0' is not a game result (1-0, ½-½, 0-1 or A's "
        "score 1, ½, 0)",
        "Bracket: row 3, column Armageddon (G3): the play-off decided the match (1½–½): no "
        "Armageddon may follow",
        "Bracket: row 6, column Games (E6): the match is not decided (regular games 1–1): add "
        "the play-off or the Armageddon game",
        "Bracket: row 7, column Play-off (F7): the regular games decided the match (2–0): no "
        "play-off or Armageddon may follow",
        "Bracket: row 8, column Armageddon (G8): '1-0': write the result from Player A's side "
        "and Player A's colour, e.g. '½-½ black' or '1-0 white'",
        "Bracket: row 10, column Round (A10): 'two' is not a round (1, 2, … or 3rd)",
    ]


def test_third_place_between_the_wrong_players() -> None:
    rows = [*ROWS, ["3rd", "1", "Hal", "Cai", "1 1", "", ""]]
    assert _errors(rows) == ["Bracket: row 17: the match for third place must be between the "
                             "semi-final losers (Hal, Jon)"]


def test_missing_columns_and_game_notation() -> None:
    with pytest.raises(InputError, match="lacks the column"):
        read_bracket_rows([["Round", "Match", "Player A"], ["1", "1", "A"]])
    assert parse_game("=") == Game(H, H) == parse_game("1/2-1/2") == parse_game("0.5")
    assert parse_game("0–1") == Game(Fraction(0), Fraction(1))
    with pytest.raises(ValueError, match="1 point in all"):
        parse_game("1-1")
