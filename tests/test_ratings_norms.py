"""The title norm check (``--norms``): hand-derived cases from the text of the FIDE Title
Regulations applied from 1 January 2024 (Handbook B.01, https://handbook.fide.com/chapter/B012024),
articles 1.4.1 to 1.4.9. Each expected value is worked out in the comment beside it from the
regulation's figures, not taken from the code.

Table 1.4.9 rows used: p .89 → dp 351; .81 → 251; .78 → 220; .76 → 202; .75 → 193;
.72 → 166; .70 → 149; .67 → 125; .39 → −80; .33 → −125. Figures of the titles:
GM Rp 2600, Ra ≥ 2380, floor 2200; IM Rp 2450, Ra ≥ 2230, floor 2050;
minimum score 35%; unrated opponents 1400.
"""

from __future__ import annotations

import datetime
import json
from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.writer import write_trf
from xl_tiebreak.i18n import using
from xl_tiebreak.model.tournament import (
    Color,
    InputError,
    Kind,
    Participant,
    Record,
    Tournament,
    TournamentType,
)
from xl_tiebreak.ratings.norms import NORM_TITLES, NormCheck, PlayerNorms, norm_report

CODES = {"1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS, "+": Kind.FORFEIT_WIN,
         "-": Kind.FORFEIT_LOSS}
MIRROR = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
          Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}
Opp = tuple[int | None, str, str, str]
"""An opponent: rating (None unrated), title, federation, and #1's result against him."""


def event(opponents: list[Opp], fed: str = "BRA", sex: str = "m",
          kind: TournamentType = TournamentType.SWISS, start: str = "2026-04-01",
          byes: dict[int, Kind] | None = None) -> Tournament:
    """Player #1 (``fed``, ``sex``) meets #2, #3 … in rounds 1, 2 …; ``byes``: rounds (1-based,
    counted among the rounds) in which #1 has a bye instead, the opponents following after."""
    me = Participant(1, "Me", rating=2350, federation=fed, sex=sex)
    parts = [me]
    byes = byes or {}
    n = len(opponents) + len(byes)
    queue = list(enumerate(opponents, start=2))
    for r in range(1, n + 1):
        if r in byes:
            me.rounds.append(Record(byes[r]))
            continue
        k, (rating, title, ofed, code) = queue.pop(0)
        opp = Participant(k, f"O{k}", rating=rating, title=title, federation=ofed)
        mine = CODES[code]
        me.rounds.append(Record(mine, k, Color.WHITE))
        opp.rounds = [Record(Kind.ZPB) for _ in range(r - 1)]
        opp.rounds.append(Record(MIRROR[mine], 1, Color.BLACK))
        opp.rounds += [Record(Kind.ZPB) for _ in range(n - r)]
        parts.append(opp)
    return Tournament(parts, rounds=n, type=kind, start_date=datetime.date.fromisoformat(start))


def me(t: Tournament) -> PlayerNorms:
    return norm_report(t, t.rounds).players[0]


def norm(t: Tournament, title: str) -> NormCheck:
    return next(c for c in me(t).checks if c.title == title)


def met(check: NormCheck, article: str) -> bool | None:
    found = [r.met for r in check.requirements if r.article == article and not r.adjustment]
    assert len(found) == 1, (article, check.requirements)
    return found[0]


# A GM field: 3 GMs, 2 IMs, 4 untitled; 3 each from ARG, CHI and BRA (the player's own).
GM_FIELD: list[tuple[str, str]] = [("GM", "ARG"), ("GM", "CHI"), ("GM", "ARG"), ("IM", "CHI"),
                                   ("IM", "BRA"), ("", "BRA"), ("", "ARG"), ("", "CHI"),
                                   ("", "BRA")]


def field(results: str, rating: int = 2400) -> list[Opp]:
    """The GM field, every opponent rated ``rating``, with #1's results in order."""
    return [(rating, title, fed, code) for (title, fed), code in zip(GM_FIELD, results,
                                                                      strict=True)]


def test_gm_norm_achieved_with_seven_of_nine() -> None:
    # 9 games (1.4.1a); other federations ARG, CHI: 2 (1.4.3); own 3 ≤ 5 = ⌊9·3/5⌋, one
    # federation 3 ≤ 6 = ⌊9·2/3⌋ (1.4.4); title holders 5 ≥ ⌈9/2⌉ = 5 (1.4.5a); GMs 3 ≥
    # max(3, ⌈9/3⌉) (1.4.5b); Ra = 9·2400/9 = 2400 ≥ 2380; 7/9 = 77.8% → 78% → dp 220;
    # Rp = 2620 ≥ 2600; 78% ≥ 35%.
    c = norm(event(field("111111100")), "GM")
    assert c.outcome == "achieved" and not c.dropped
    assert (c.ra, c.rp, c.score, c.games) == (2400, 2620, 7, 9)
    for article in ("1.4.1a", "1.4.3", "1.4.5a", "1.4.5b", "1.4.7", "1.4.8b", "1.4.8"):
        assert met(c, article) is True
    assert c.result() == "norm achieved"
    # the score these games need: dp ≥ 200 → p ≥ 76% (.75 gives 193) → 6.84 → 7 points
    assert c.needed == 7


def test_gm_norm_missed_by_half_a_point() -> None:
    # 6½/9 = 72.2% → 72% → dp 166 → Rp 2566 < 2600; 7 points were needed (above): ½ missing
    c = norm(event(field("1111110=0")), "GM")
    assert c.outcome == "missed" and c.missed_by == Fraction(1, 2) and c.rp == 2566
    assert met(c, "1.4.8") is False and met(c, "1.4.7") is True
    assert c.result() == "missed by 0.5 point(s)"
    assert c.short() == "-0.5"


def test_minimum_score_35_percent() -> None:
    # Ra 2850: 3/9 = 33.3% → 33% → dp −125 → Rp 2725 ≥ 2600 but 33% < 35% (1.4.8b): missed;
    # 3½/9 = 38.9% → 39%: dp −80, Rp 2770, and ≥ 35%: ½ point missing
    c = norm(event(field("111000000", rating=2850)), "GM")
    assert met(c, "1.4.8") is True and met(c, "1.4.8b") is False
    assert c.outcome == "missed" and c.missed_by == Fraction(1, 2)


def test_rating_floor_raises_the_lowest_opponent_only() -> None:
    # 7 opponents 2450, one 2100, one 1800 (untitled BRA): GM floor 2200 (1.4.6b) raises only
    # the lowest, 1800 (1.4.6c): (7·2450 + 2100 + 2200) / 9 = 21450 / 9 = 2383.3 → 2383 ≥ 2380.
    # Raising neither: 21150/9 → 2350; raising the 2100 instead would give 21150/9 too.
    opps = field("111111100", rating=2450)
    opps[7] = (2100, "", "CHI", "0")
    opps[8] = (1800, "", "BRA", "0")
    c = norm(event(opps), "GM")
    assert c.ra == 2383 and met(c, "1.4.7") is True
    raised = [r for r in c.requirements if r.article == "1.4.6b"]
    assert len(raised) == 1 and "#10" in raised[0].text and "1800" in raised[0].text
    # 7/9 → dp 220 → Rp 2603 ≥ 2600
    assert c.rp == 2603 and c.outcome == "achieved"


def test_rating_floor_not_reached_average_too_low() -> None:
    # 7 × 2400 + 2 × 1800: one raised to 2200 → (16800 + 1800 + 2200) / 9 = 2311.1 → 2311 <
    # 2380 (1.4.8a): no score makes a GM norm with these games
    opps = field("111111111")
    opps[7] = (1800, "", "CHI", "1")
    opps[8] = (1800, "", "BRA", "1")
    c = norm(event(opps), "GM")
    assert c.ra == 2311 and c.outcome == "impossible" and "1.4.7" in c.reason
    assert c.needed is None


def test_unrated_opponents_count_1400_and_one_is_raised() -> None:
    # IM norm, 7 opponents 2300, two unrated: both 1400 (1.4.6d), the lowest (the first by
    # round) raised to the IM floor 2050: (16100 + 2050 + 1400) / 9 = 19550/9 = 2172.2 → 2172
    # < 2230: impossible. With one unrated: (8·2300 + 2050)/9 = 20450/9 = 2272.2 → 2272.
    opps = field("111111100", rating=2300)
    opps[7] = (None, "", "CHI", "1")
    opps[8] = (None, "", "BRA", "0")
    assert norm(event(opps), "IM").ra == 2172
    opps[8] = (2300, "", "BRA", "0")
    c = norm(event(opps), "IM")
    assert c.ra == 2272
    # 8/9 (the win against the unrated opponent) = 88.9% → 89% → dp 351 → Rp 2623 ≥ 2450
    assert c.rp == 2623 and c.outcome == "achieved"
    assert any(r.article == "1.4.6d" and r.adjustment for r in c.requirements)


def test_last_round_game_left_out_in_a_swiss() -> None:
    # 10 rounds: 7/9 against 2400s, then a loss in round 10 against another GM (ARG, 2400):
    # all 10 games: 7/10 = 70% → dp 149 → Rp 2549 < 2600. Leaving out round 10 (1.4.1e: the
    # games after a title result) leaves the 9 games of the first test: a norm.
    opps = field("111111100") + [(2400, "GM", "PER", "0")]
    c = norm(event(opps), "GM")
    assert c.outcome == "achieved"
    assert [(g.round, why) for g, why in c.dropped] == [(10, "1.4.1e")]
    assert c.games == 9 and c.rp == 2620
    assert "R10 #11 O11 (1.4.1e)" in c.result()


def test_round_robin_keeps_every_round() -> None:
    # the same games in a round robin (predetermined pairings, 1.4.1e: every scheduled round):
    # 7/10 with Ra 2400 → 2549; 1.4.1f (leave out a win: 6/9 = 66.7% → 67% → dp 125) does not
    # help; the score needed: dp ≥ 200 → 76% → 7.6 → 8 points: missed by 1
    opps = field("111111100") + [(2400, "GM", "PER", "0")]
    c = norm(event(opps, kind=TournamentType.PREDETERMINED), "GM")
    assert c.outcome == "missed" and c.missed_by == 1 and c.rp == 2549 and not c.dropped


def test_win_against_a_weak_opponent_left_out() -> None:
    # 10 rounds; rounds 1-2 won against 1900s (untitled, BRA), then 6/8 against 2450s (4 GMs,
    # 2 IMs, 2 FMs from ARG, CHI, PER). All games: (8·2450 + 2200 + 1900)/10 = 2370 < 2380.
    # The first 9 rounds (1.4.1e) keep both 1900s: (7·2450 + 2200 + 1900)/9 = 2361.1 → 2361.
    # Leaving out the round-1 win (1.4.1f): (8·2450 + 2200)/9 = 2422.2 → 2422, 7/9 → 78% →
    # dp 220 → Rp 2642; title holders 8 ≥ 5, GMs 4 ≥ 3, own federation 1.
    strong = [("GM", "ARG"), ("GM", "CHI"), ("GM", "PER"), ("GM", "ARG"), ("IM", "CHI"),
              ("IM", "PER"), ("FM", "ARG"), ("FM", "CHI")]
    opps: list[Opp] = [(1900, "", "BRA", "1"), (1900, "", "BRA", "1")]
    opps += [(2450, title, fed, code) for (title, fed), code in zip(strong, "111110==",
                                                                       strict=True)]
    c = norm(event(opps), "GM")
    assert c.outcome == "achieved"
    assert [(g.round, why) for g, why in c.dropped] == [(1, "1.4.1f")]
    assert (c.ra, c.rp, c.games) == (2422, 2642, 9)


def test_federation_requirements_fail() -> None:
    # every opponent from ARG: one other federation (1.4.3 needs 2); 9 of 9 from one federation
    # > 6 (1.4.4)
    opps = [(2400, title, "ARG", code) for (title, _), code in zip(GM_FIELD, "111111100",
                                                                   strict=True)]
    c = norm(event(opps), "GM")
    assert met(c, "1.4.3") is False and c.outcome == "impossible" and "1.4.3" in c.reason
    # six opponents from the player's own federation: 6 > ⌊9·3/5⌋ = 5 (1.4.4)
    feds = ["ARG", "CHI", "BRA", "BRA", "BRA", "BRA", "BRA", "BRA", "ARG"]
    opps = [(2400, title, f, code) for (title, _), f, code in zip(GM_FIELD, feds, "111111100",
                                                                 strict=True)]
    c = norm(event(opps), "GM")
    assert met(c, "1.4.3") is True and c.outcome == "impossible"
    own = [r for r in c.requirements if r.article == "1.4.4"]
    assert own[0].met is False and "6 of 9" in own[0].text


def test_title_holder_requirements_fail() -> None:
    # 3 GMs, an IM and a CM: CM does not count (1.4.5a) → 4 < 5 title holders
    opps = field("111111100")
    opps[4] = (2400, "CM", "BRA", "1")
    c = norm(event(opps), "GM")
    assert met(c, "1.4.5a") is False and c.outcome == "impossible"
    # two GMs (1.4.5b needs 3) but GM + IM = 4 ≥ 3 for the IM norm (1.4.5c)
    opps = field("111111100")
    opps[2] = (2400, "FM", "ARG", "1")
    t = event(opps)
    assert met(norm(t, "GM"), "1.4.5b") is False and norm(t, "GM").outcome == "impossible"
    im = norm(t, "IM")
    assert met(im, "1.4.5c") is True and im.outcome == "achieved"


def test_number_of_games() -> None:
    # 8 games (1.4.1a needs 9): no norm
    c = norm(event(field("111111100")[:8]), "GM")
    assert met(c, "1.4.1a") is False and c.outcome == "impossible"
    # 1.4.1c: a 9-round event, 8 games and a pairing-allocated bye: counts. Over the 8 games:
    # title holders 5 ≥ 4, GMs 3 ≥ 3, own federation 2 ≤ 4, one federation 3 ≤ 5; 6½/8 =
    # 81.25% → 81% → dp 251 → Rp 2400 + 251 = 2651 ≥ 2600
    opps = field("111111=00")[:8]
    t = event(opps, byes={5: Kind.PAB})
    c = norm(t, "GM")
    assert t.rounds == 9 and c.games == 8
    assert met(c, "1.4.1c") is True and c.outcome == "achieved" and c.rp == 2651
    # the same with a half-point bye instead: no 1.4.1c
    c = norm(event(opps, byes={5: Kind.HPB}), "GM")
    assert met(c, "1.4.1a") is False and c.outcome == "impossible"


def test_forfeits_not_counted() -> None:
    # a forfeit win is no game over the board (1.4.2c): 8 games left, round 9 not a bye: no
    # 1.4.1c either (the forfeit is in round 3 of 10 rounds)
    opps = field("11+111100") + [(2400, "GM", "PER", "1")]
    p = me(event(opps))
    assert any("R3" in x and "1.4.2c" in x for x in p.not_counted)
    c = next(c for c in p.checks if c.title == "GM")
    assert c.games == 9


def test_last_round_forfeit_counted_as_a_lost_game() -> None:
    # 10 rounds: 8 games (7 wins, a loss) against the GM field, a half-point bye in round 9, a
    # forfeit win against a GM (PER) in round 10: 8 games over the board < 9 (1.4.1a; 1.4.1c
    # is for 9-round events). 1.4.2c: the game was needed for the number of games; counted
    # as lost: 9 games, 7/9 → 78% → dp 220, Ra 2400 → Rp 2620; title holders 6 ≥ 5, GMs 4
    # ≥ 3, federations ARG, CHI, PER; own 2 ≤ 5
    opps = field("11111110_")
    opps[8] = (2400, "GM", "PER", "+")
    c = norm(event(opps, byes={9: Kind.HPB}), "GM")
    assert c.outcome == "achieved" and (c.games, c.rp, c.score) == (9, 2620, 7)
    assert c.requirements[0].article == "1.4.2c" and "#10" in c.requirements[0].text
    # with two losses (6/9 = 67% → dp 125 → 2525 even counting the forfeit as lost) it does
    # not help: 8 games, not possible (1.4.1a)
    opps[7] = (2400, "", "CHI", "0")
    opps[6] = (2400, "", "ARG", "0")
    c = norm(event(opps, byes={9: Kind.HPB}), "GM")
    assert c.outcome == "impossible" and "1.4.1a" in c.reason


def test_round_robin_unrated_who_scored_nothing_is_left_out() -> None:
    # 1.4.2b: in a round robin, the game against an unrated player who scored nothing against
    # rated opponents is not counted
    opps = field("111111100") + [(None, "", "PER", "1")]
    p = me(event(opps, kind=TournamentType.PREDETERMINED))
    assert any("R10" in x and "1.4.2b" in x for x in p.not_counted)
    assert next(c for c in p.checks if c.title == "GM").games == 9
    # in a Swiss the game counts (and, a win, may be left out: 1.4.1e or f)
    p = me(event(opps))
    assert not any("R10" in x for x in p.not_counted)
    gm = next(c for c in p.checks if c.title == "GM")
    assert [g.round for g, _ in gm.dropped] == [10]


def test_womens_titles() -> None:
    t = event(field("111111100"))
    assert norm(t, "WGM").outcome == "not applicable"
    # a woman: WGM needs Ra 2180 and Rp 2400: 2400 + 220 = 2620; opponents holding GM/IM/WGM:
    # 5 ≥ 3 (1.4.5d)
    w = norm(event(field("111111100"), sex="w"), "WGM")
    assert w.outcome == "achieved" and met(w, "1.4.5d") is True
    assert [t.name for t in NORM_TITLES] == ["GM", "IM", "WGM", "WIM"]


def test_unknown_federation_is_said() -> None:
    opps = field("111111100")
    opps = [(r, t, "", c) for r, t, _, c in opps]
    c = norm(event(opps), "GM")
    assert c.outcome == "unknown" and met(c, "1.4.3") is None


def test_versions_and_rates() -> None:
    with pytest.raises(InputError, match="1 January 2024"):
        norm_report(event(field("111111100"), start="2023-12-31"), 9)
    t = event(field("111111100"))
    t.rate = "rapid"
    with pytest.raises(InputError, match="standard chess"):
        norm_report(t, 9)


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "norm.trf"
    path.write_text(write_trf(event(field("111111100"))), encoding="utf-8")
    assert main(["compute", str(path), "--norms"]) == 0
    out = capsys.readouterr().out
    assert "Title norms: FIDE Title Regulations applied from 1 January 2024 (B.01)" in out
    assert "GM norm: norm achieved" in out
    assert main(["compute", str(path), "--norms", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    first = data["norms"]["players"][0]
    assert first["start_no"] == 1
    gm = first["norms"][0]
    assert (gm["title"], gm["outcome"], gm["ra"], gm["rp"]) == ("GM", "achieved", 2400, 2620)
    old = tmp_path / "old.trf"
    old.write_text(write_trf(event(field("111111100"), start="2022-05-01")), encoding="utf-8")
    assert main(["compute", str(old), "--norms"]) == 2
    assert "1 January 2024" in capsys.readouterr().err


def test_portuguese() -> None:
    with using("pt-BR"):
        lines = norm_report(event(field("1111110=0")), 9).lines()
    text = "\n".join(lines)
    assert "0,5" in text and "Normas de título" in text
