"""The rating report (``--ratings``): hand-derived cases from the text of the FIDE Rating
Regulations applied from 1 March 2024 (Handbook B.02, https://handbook.fide.com/chapter/B022024,
and the rapid and blitz chapter B02RBRegulations2024). Each expected value below is worked
out from the regulation's tables in the comment beside it, not taken from the code.

Table 8.1.2 rows used: D 189–197 → PD .75/.25; 198–206 → .76/.24; 392–411 → .92/.08;
485–517 → .96/.04; 560–619 → .98/.02. Table 8.1.1: p .60 → dp +72; p .80 → dp +240.
"""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.writer import write_trf
from xl_tiebreak.model.tournament import Color, InputError, Kind, Participant, Record, Tournament
from xl_tiebreak.ratings.rating_change import (
    PlayerRating,
    birth_year,
    k_factor,
    rating_report,
    regulations_for,
)

CODES = {"1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS, "+": Kind.FORFEIT_WIN,
         "-": Kind.FORFEIT_LOSS}
MIRROR = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
          Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}


def event(player: tuple[int | None, str], games: list[tuple[int | None, str]],
          start: str = "2026-04-01", short: int | None = None) -> Tournament:
    """Player #1 (rating, birth) meets #2, #3 … in rounds 1, 2 …: ``games`` gives each
    opponent's rating and #1's result (``1 = 0 + -``); ``short``: the round played as a game
    of less than one move."""
    me = Participant(1, "Me", rating=player[0], birth=player[1])
    parts = [me]
    n = len(games)
    for k, (rating, code) in enumerate(games, start=2):
        opp = Participant(k, f"O{k}", rating=rating)
        kind = CODES[code]
        r = k - 2
        for q, mine in ((me, kind), (opp, MIRROR[kind])):
            q.rounds.append(Record(mine, opp.start_no if q is me else 1,
                                   Color.WHITE if q is me else Color.BLACK,
                                   short_game=(short == r + 1)))
        opp.rounds = [Record(Kind.ZPB) for _ in range(r)] + opp.rounds
        opp.rounds += [Record(Kind.ZPB) for _ in range(n - r - 1)]
        parts.append(opp)
    return Tournament(parts, rounds=n, start_date=datetime.date.fromisoformat(start))


def me(t: Tournament, rate: str = "standard") -> PlayerRating:
    return rating_report(t, t.rounds, rate).players[0]


def test_one_win_200_points_above() -> None:
    # D = 2000 − 1800 = +200 → PD .76; win: 1 − .76 = .24; K 20 (under 2400) → +4.8
    p = me(event((2000, "1980"), [(1800, "1")]))
    assert p.k == 20 and "under 2400" in p.k_reason
    assert p.games[0].expected == Fraction(76, 100)
    assert p.change == Fraction(48, 10) and p.rounded == 5


def test_400_point_rule() -> None:
    # 2500 v 1900: D = +600 counted as +400 (8.3.1) → PD .92 (not .98); draw: .5 − .92 = −.42;
    # K 10 (2400 or more) → −4.2
    p = me(event((2500, ""), [(1900, "=")]))
    g = p.games[0]
    assert (g.difference, g.counted, g.expected) == (600, 400, Fraction(92, 100))
    assert p.k == 10 and p.change == Fraction(-42, 10) and p.rounded == -4
    assert "counted as +400 (8.3.1)" in g.text()
    # the lower-rated side: D = −600 counted −400 → PD .08; draw: .5 − .08 = .42 × K 20 = 8.4
    low = rating_report(event((2500, ""), [(1900, "=")]), 1).players[1]
    assert low.games[0].expected == Fraction(8, 100) and low.change == Fraction(84, 10)


def test_players_rated_2650_and_above_from_october_2025() -> None:
    # 2700 v 2200, D = +500: from 2025-10-01 not capped → PD .96; draw: .5 − .96 = −.46 × 10
    after = me(event((2700, ""), [(2200, "=")], start="2025-10-01"))
    assert after.games[0].counted == 500 and after.change == Fraction(-46, 10)
    # before that date (rules applied from 2024-03-01): capped at 400 → PD .92 → −4.2
    before = me(event((2700, ""), [(2200, "=")], start="2025-09-30"))
    assert before.games[0].counted == 400 and before.change == Fraction(-42, 10)
    # rapid: the 400-point rule without the 2650 exemption (7.3.1)
    rapid = me(event((2700, ""), [(2200, "=")], start="2024-11-30"), "rapid")
    assert rapid.games[0].counted == 400


def test_rapid_600_points_not_rated_from_december_2024() -> None:
    # 7.3.1 from 2024-12-01: difference 650 ≥ 600 and a player rated above 2600 → not rated
    p = me(event((2650, ""), [(2000, "1")], start="2024-12-01"), "rapid")
    assert not p.games[0].rated and p.change == 0
    assert me(event((2650, ""), [(2000, "1")], start="2024-12-01"), "standard").games[0].rated


def test_k_factor_cases() -> None:
    # 8.3.3: 2400 or more → 10; 2399 → 20
    assert k_factor(2400, None, 2026, 9)[0] == 10
    assert k_factor(2399, None, 2026, 9)[0] == 20
    # a junior until the end of the year of the 18th birthday, rated under 2300 → 40
    assert k_factor(1900, 2010, 2026, 9)[0] == 40
    assert k_factor(1900, 2008, 2026, 9)[0] == 40  # turns 18 in 2026
    assert k_factor(1900, 2007, 2026, 9)[0] == 20  # 19 in 2026
    assert k_factor(2300, 2010, 2026, 9)[0] == 20  # a junior rated 2300
    # K × n > 700: K = the largest whole number with K × n ≤ 700: 40 × 18 = 720 → 38
    k, why, _ = k_factor(1900, 2010, 2026, 18)
    assert k == 38 and "> 700" in why
    assert k_factor(1900, 2010, 2026, 17)[0] == 40  # 680 ≤ 700
    # what the input cannot tell is said
    assert any("30 rated games" in n for n in k_factor(1900, None, 2026, 9)[2])


def test_junior_in_a_report() -> None:
    # born 2012, event 2026, rated 1600 → K 40; D = 1600 − 1400 = +200 → .76; loss: −.76 × 40
    p = me(event((1600, "2012/05/01"), [(1400, "0")]))
    assert p.k == 40 and "born 2012" in p.k_reason
    assert p.change == Fraction(-304, 10)


def test_rounding_away_from_zero() -> None:
    # 8.3.4: 2590 v 2400, D = +190 → .75; win: .25 × K 10 = +2.5 → +3; the loser (2400, K 10):
    # D = −190 → .25; 0 − .25 = −.25 × 10 = −2.5 → −3
    t = event((2590, ""), [(2400, "1")])
    a, b = rating_report(t, 1).players
    assert (a.change, a.rounded) == (Fraction(5, 2), 3)
    assert (b.change, b.rounded) == (Fraction(-5, 2), -3)


def test_games_not_rated() -> None:
    # a forfeit (5.1), a game against an unrated player (8.3.1), a game of less than one move
    # (5.1): none counts; the one rated game: D = +200 → .76, draw → (.5 − .76) × 20 = −5.2
    t = event((2000, ""), [(1800, "+"), (None, "1"), (1900, "1"), (1800, "=")], short=3)
    p = me(t)
    assert [g.rated for g in p.games] == [False, False, False, True]
    assert "forfeit" in p.games[0].reason and "unrated" in p.games[1].reason
    assert "one move" in p.games[2].reason
    assert p.change == Fraction(-52, 10)


def test_unrated_player_initial_rating() -> None:
    # 8.2: rated opponents 1600 (won), 1700 (won), 2000 (lost) and two hypothetical 1800 draws:
    # Ra = (1600 + 1700 + 2000 + 3600) / 5 = 1780; p = (2 + 1) / 5 = .60 → dp +72; Ru = 1852
    p = me(event((None, ""), [(1600, "1"), (1700, "1"), (2000, "0")]))
    assert p.k is None and p.performance == 1852
    assert any("at least 5 games" in x for x in p.performance_lines)
    # the report's text shows each game for the initial rating (it failed on them before)
    assert "  R3 #4 O4 (2000): scored 0 (for the initial rating (8.2))" in p.lines()


def test_unrated_player_maximum_and_zero() -> None:
    # three wins against 2400: Ra = (7200 + 3600) / 5 = 2160; p = 4/5 = .80 → +240 → 2400,
    # above the maximum initial rating 2200 (8.2.3)
    assert me(event((None, ""), [(2400, "1")] * 3)).performance == 2200
    # zero against rated opponents: said (8.2.1)
    zero = me(event((None, ""), [(1500, "0"), (1600, "0")]))
    assert any("scored zero" in x for x in zero.performance_lines)
    # Ra = (3100 + 3600) / 4 = 1675; p = 1/4 = .25 → −193; Ru = 1482
    assert zero.performance == 1482


def test_versions_by_date() -> None:
    assert "B022024" in regulations_for(datetime.date(2024, 3, 1), "standard").url
    assert "amended from 1 October 2025" in regulations_for(
        datetime.date(2025, 10, 1), "standard").label
    with pytest.raises(InputError, match="before 1 March 2024"):
        regulations_for(datetime.date(2024, 2, 29), "standard")
    assert "no start date" in regulations_for(None, "blitz").note


def test_birth_years() -> None:
    assert birth_year("2008/05/12") == 2008 and birth_year("12.05.2008") == 2008
    assert birth_year("") is None and birth_year("1999 2001") is None


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spring = Path(__file__).resolve().parent.parent / "examples" / "spring_open.trf"
    assert main(["compute", str(spring), "--ratings"]) == 0
    out = capsys.readouterr().out
    assert "Rating report (standard, assumed" in out and "B022024" in out
    old = event((2000, ""), [(1800, "1")], start="2023-05-01")
    path = tmp_path / "old.trf"
    path.write_text(write_trf(old), encoding="utf-8")
    assert main(["compute", str(path), "--ratings", "rapid"]) == 2
    captured = capsys.readouterr()
    assert "before 1 March 2024" in captured.err and "Traceback" not in captured.err
