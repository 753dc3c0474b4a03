"""The title norm check's exemptions and counts: hand-derived cases from the text of the FIDE
Title Regulations applied from 1 January 2024 (Handbook B.01,
https://handbook.fide.com/chapter/B012024):

- 1.4.3a-d: events exempt from the normal foreigner requirement (1.4.3 and 1.4.4, as 1.4.3e
  names them together): the final stage of a national championship (a), a national team
  championship (b; both for the players of the federation that registered the event), zonal
  and sub-zonal tournaments (c), declared by the user; a Swiss whose participants include in
  every round at least 20 FIDE-rated players not from the host federation, from at least 3
  federations, at least 10 of them GM, IM, WGM or WIM, counting only players who missed at
  most one round, pairing-allocated byes excepted (d), decided from the file;
- 1.4.5: a double round robin needs at least 6 players, and the opponents 1.4.5b-e require
  are counted as different players, half the number, rounded up;
- 1.4.1d: every full point above the norm requirement counts as one more game; 1.7: "Norms
  achieved in a tournament with more than 13 rounds count only as 13 games".

Each expected value is worked out in the comment beside it; table 1.4.9 rows used: p .78 →
dp 220, .80 → 240, .77 → 211, .73 → 175, .89 → 351, 1.00 → 800.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from test_ratings_norms import GM_FIELD, Opp, event, field, met

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.writer import write_trf
from xl_tiebreak.i18n import using
from xl_tiebreak.model.tournament import (
    Color,
    Kind,
    Participant,
    Record,
    Tournament,
    TournamentType,
)
from xl_tiebreak.ratings.norms import NORM_EVENTS, NormCheck, norm_report


def home_field(results: str) -> list[Opp]:
    """The GM field of test_ratings_norms (3 GMs, 2 IMs, 4 untitled, all rated 2400), every
    opponent from BRA, the player's own federation: 0 other federations (1.4.3 needs 2),
    9 of 9 from his own (1.4.4: at most ⌊9·3/5⌋ = 5) and from one federation (at most 6)."""
    return [(2400, title, "BRA", code) for (title, _), code in zip(GM_FIELD, results,
                                                                   strict=True)]


def add_foreigners(t: Tournament, feds: list[str], titles: list[str],
                   absent: dict[int, list[int]] | None = None) -> None:
    """Add a group of rated players (2300) of ``feds`` and ``titles`` (one each) who play one
    another every round (all draws; the group's size even), after the event's players;
    ``absent``: index in the group → rounds (1-based) he misses (a zero-point bye, his
    opponent of that round getting a forfeit win)."""
    n, rounds = len(feds), t.rounds
    base = max(p.start_no for p in t.participants) + 1
    group = [Participant(base + k, f"F{k}", rating=2300, federation=feds[k], title=titles[k])
             for k in range(n)]
    absent = absent or {}
    for r in range(1, rounds + 1):
        # the circle method: index n-1 fixed, the others turn
        turn = [(k + r) % (n - 1) for k in range(n - 1)] + [n - 1]
        for i in range(n // 2):
            a, b = turn[i], turn[n - 1 - i]
            pa, pb = group[a], group[b]
            if r in absent.get(a, []):
                pa.rounds.append(Record(Kind.ZPB))
                pb.rounds.append(Record(Kind.FORFEIT_WIN, pa.start_no, Color.WHITE))
            elif r in absent.get(b, []):
                pb.rounds.append(Record(Kind.ZPB))
                pa.rounds.append(Record(Kind.FORFEIT_WIN, pb.start_no, Color.WHITE))
            else:
                pa.rounds.append(Record(Kind.DRAW, pb.start_no, Color.WHITE))
                pb.rounds.append(Record(Kind.DRAW, pa.start_no, Color.BLACK))
    t.participants.extend(group)


FEDS = ["ARG", "CHI", "PER"] * 6 + ["ARG", "CHI"]
"""20 foreigners from 3 federations."""
TITLES = ["GM"] * 4 + ["IM"] * 3 + ["WGM", "WIM", "IM"] + ["FM"] * 5 + [""] * 5
"""10 of them GM, IM, WGM or WIM; FMs do not count for 1.4.3d."""


def open_event(results: str = "111111100", host: str = "BRA", feds: list[str] = FEDS,
               titles: list[str] = TITLES,
               absent: dict[int, list[int]] | None = None) -> Tournament:
    """Player #1 (BRA) against the home field, 20 foreigners playing beside him."""
    t = event(home_field(results))
    t.federation = host
    add_foreigners(t, feds, titles, absent)
    return t


def gm(t: Tournament, kind: str = "", player: int = 0) -> NormCheck:
    return next(c for c in norm_report(t, t.rounds, event=kind).players[player].checks
                if c.title == "GM")


def rows(check: NormCheck, article: str) -> list[str]:
    return [r.verdict() for r in check.requirements if r.article == article]


def test_home_field_alone_fails_the_foreigner_requirement() -> None:
    # the home field with nobody else: #1's opponents miss 8 rounds each, so nobody counts
    # for 1.4.3d (not exempt) and 1.4.3 fails: no GM norm
    t = event(home_field("111111100"))
    t.federation = "BRA"
    c = gm(t)
    assert c.outcome == "impossible" and "1.4.3" in c.reason and met(c, "1.4.3") is False


def test_swiss_exemption_1_4_3d_holds() -> None:
    # 1.4.3d: 20 rated players not from BRA (the host) who missed no round, from ARG, CHI,
    # PER (3 ≥ 3), with 4 GM + 4 IM + 1 WGM + 1 WIM = 10 ≥ 10: the normal foreigner
    # requirement (1.4.3 and 1.4.4) is lifted. Ra 2400, 7/9 → 78% → dp 220 → Rp 2620 ≥ 2600;
    # title holders 5 ≥ 5, GMs 3 ≥ 3 still required (1.4.5): a GM norm.
    report = norm_report(open_event(), 9)
    assert any("1.4.3d" in n and "20 (at least 20)" in n and ": exempt" in n
               for n in report.notes)
    c = next(c for c in report.players[0].checks if c.title == "GM")
    assert c.outcome == "achieved" and (c.ra, c.rp) == (2400, 2620)
    assert rows(c, "1.4.3") == ["waived (1.4.3d)"]
    assert rows(c, "1.4.4") == ["waived (1.4.3d)", "waived (1.4.3d)"]
    assert rows(c, "1.4.3d") == ["exempt"]
    # 1.4.3e: at least one norm of the application must meet the normal requirement
    assert any("1.4.3e" in n for n in c.notes)


def test_swiss_exemption_fails_with_19_or_9_titled() -> None:
    # one foreigner misses rounds 3 and 4 (two rounds > one): not counted → 19 < 20
    c = gm(open_event(absent={19: [3, 4]}))
    assert c.outcome == "impossible" and "1.4.3" in c.reason
    assert rows(c, "1.4.3") == ["not met"]
    # one round missed is allowed: 20 counted
    assert gm(open_event(absent={19: [3]})).outcome == "achieved"
    # a GM replaced by an FM: 9 GM/IM/WGM/WIM < 10 (FM does not count)
    titles = ["FM"] + TITLES[1:]
    assert gm(open_event(titles=titles)).outcome == "impossible"
    # two federations only (CHI → ARG): 2 < 3
    feds = [f if f != "CHI" else "ARG" for f in FEDS]
    assert gm(open_event(feds=feds)).outcome == "impossible"
    # players of the host federation do not count: with PER the host, 14 foreigners are
    # left, and #1 (BRA, every round played): 15 < 20
    assert gm(open_event(host="PER")).outcome == "impossible"


def test_fid_players_do_not_count_for_1_4_3d() -> None:
    # 1.4.2a: FID is no federation; two foreigners registered as FID leave 18 < 20
    feds = ["FID", "FID"] + FEDS[2:]
    assert gm(open_event(feds=feds)).outcome == "impossible"


def test_swiss_exemption_unknown_without_the_host_federation() -> None:
    # no TRF 032: the 20 foreigners make 1.4.3d hold whoever the host is… unless the host is
    # one of ARG, CHI, PER: the input cannot tell, and the normal requirement fails: the
    # title performance is reported as undecided, naming 1.4.3d
    c = gm(open_event(host=""))
    assert c.outcome == "unknown" and "1.4.3d" in c.reason
    assert rows(c, "1.4.3") == ["not met unless 1.4.3d applies"]


def test_swiss_exemption_with_players_without_a_federation() -> None:
    # one of the 20 without a federation: 19 counted < 20, but were he a foreigner the 20
    # would be there: the input cannot tell (his title, GM, is needed too: 9 + 1 = 10)
    feds = [""] + FEDS[1:]
    c = gm(open_event(feds=feds))
    assert c.outcome == "unknown" and "1.4.3d" in c.reason
    # two without a federation and a third foreigner missing two rounds: 17 known + 2 = 19
    # < 20 even so: not exempt
    feds = ["", ""] + FEDS[2:]
    c = gm(open_event(feds=feds, absent={19: [1, 2]}))
    assert c.outcome == "impossible" and rows(c, "1.4.3") == ["not met"]


def test_no_swiss_exemption_in_a_round_robin() -> None:
    # 1.4.3d is for Swiss events: in a round robin the normal requirement applies
    t = open_event()
    t.type = TournamentType.PREDETERMINED
    report = norm_report(t, 9)
    assert not any(n.startswith("1.4.3d") for n in report.notes)
    c = next(c for c in report.players[0].checks if c.title == "GM")
    assert c.outcome == "impossible" and rows(c, "1.4.3d") == []


def test_declared_national_championship_1_4_3a() -> None:
    # the final stage of the national championship of BRA, declared: #1 (BRA) is exempt;
    # the home field then makes a GM norm as in the open event (Rp 2620)
    t = event(home_field("111111100"))
    t.federation = "BRA"
    c = gm(t, "national-championship")
    assert c.outcome == "achieved" and c.rp == 2620
    assert rows(c, "1.4.3a") == ["exempt"] and rows(c, "1.4.3") == ["waived (1.4.3a)"]
    # a player of another federation in that event is not exempt (the exemption is for the
    # players of the federation that registered the event)
    t = event(home_field("111111100"), fed="ARG")
    t.federation = "BRA"
    c = gm(t, "national-championship")
    assert rows(c, "1.4.3a") == ["not exempt"]
    # (ARG against nine BRA: one other federation < 2; 9 from one federation > 6)
    assert c.outcome == "impossible" and "1.4.3" in c.reason
    # no TRF 032: whether #1 plays for the registering federation is unknown
    t = event(home_field("111111100"))
    c = gm(t, "national-championship")
    assert rows(c, "1.4.3a") == ["unknown"] and c.outcome == "unknown"


def test_declared_team_championship_and_zonal() -> None:
    t = event(home_field("111111100"))
    t.federation = "BRA"
    assert rows(gm(t, "national-team-championship"), "1.4.3b") == ["exempt"]
    # 1.4.3c: a zonal exempts every player, whatever the federations
    t = event(home_field("111111100"), fed="ARG")
    c = gm(t, "zonal")
    assert rows(c, "1.4.3c") == ["exempt"] and c.outcome == "achieved"
    assert sorted(NORM_EVENTS) == ["national-championship", "national-team-championship",
                                   "zonal"]


def test_an_exemption_does_not_lift_the_title_requirements() -> None:
    # 1.4.3a-d lift 1.4.3 and 1.4.4 only: with two GMs (1.4.5b needs max(3, ⌈9/3⌉) = 3) the
    # zonal still gives no GM norm
    opps = home_field("111111100")
    opps[2] = (2400, "FM", "BRA", "1")
    c = gm(event(opps), "zonal")
    assert c.outcome == "impossible" and "1.4.5b" in c.reason


def double_round_robin(players: list[tuple[str, str]], results: str) -> Tournament:
    """#1 (BRA) against ``players`` (title, federation; rated 2450) twice, in rounds 1… of a
    double round robin (the other games left out: only #1's count here)."""
    me = Participant(1, "Me", rating=2350, federation="BRA", sex="m")
    opps = [Participant(k + 2, f"O{k + 2}", rating=2450, title=title, federation=fed)
            for k, (title, fed) in enumerate(players)]
    n = len(opps)
    for r, code in enumerate(results, start=1):
        opp = opps[(r - 1) % n]
        mine = {"1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS}[code]
        mirror = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW}[mine]
        me.rounds.append(Record(mine, opp.start_no, Color.WHITE))
        for o in opps:
            o.rounds.append(Record(mirror, 1, Color.BLACK) if o is opp else Record(Kind.ZPB))
    return Tournament([me, *opps], rounds=len(results), type=TournamentType.PREDETERMINED,
                      start_date=datetime.date(2026, 4, 1))


SIX = [("GM", "ARG"), ("GM", "CHI"), ("IM", "PER"), ("FM", "ARG"), ("FM", "CHI")]
"""The five opponents of a six-player double round robin."""


def test_double_round_robin_counts_different_opponents() -> None:
    # 6 players ≥ 6 (1.4.5); 10 games; GMs required by 1.4.5b for 10 games: max(3, ⌈10/3⌉)
    # = 4, in a double round robin half, rounded up: 2 different GMs (O2, O3): met. Title
    # holders 10 of 10 ≥ 5; federations ARG, CHI, PER; own 0; ARG 4 ≤ 6. Ra 2450; 8/10 =
    # 80% → dp 240 → Rp 2690 ≥ 2600: a GM norm.
    c = gm(double_round_robin(SIX, "1111111100"))
    assert c.outcome == "achieved" and (c.ra, c.rp, c.games) == (2450, 2690, 10)
    assert rows(c, "1.4.5") == ["met"] and rows(c, "1.4.5b") == ["met"]
    text = next(r.text for r in c.requirements if r.article == "1.4.5b")
    assert "different opponents holding GM: 2" in text and "at least 2" in text
    # one GM only (O3 an IM): 1 different GM < 2: not possible
    one = [SIX[0], ("IM", "CHI"), *SIX[2:]]
    c = gm(double_round_robin(one, "1111111100"))
    assert c.outcome == "impossible" and "1.4.5b" in c.reason


def test_double_round_robin_of_five_players() -> None:
    # 5 players < 6 (1.4.5); with 4 opponents met twice there are only 8 games: 1.4.1a fails
    # first, and the 1.4.5 line says the event is too small
    c = gm(double_round_robin(SIX[:4], "11111100"))
    assert rows(c, "1.4.5") == ["not met"] and c.outcome == "impossible"
    # a single round robin (nobody met twice) has no such line
    single = gm(double_round_robin(SIX * 2, "1111111100"))
    assert rows(single, "1.4.5") == []


def test_full_points_above_the_requirement_count_as_games() -> None:
    # 1.4.1d. With the GM field (Ra 2400) 9 games need 7 points (dp ≥ 200 → 76%; 7/9 = 78%,
    # 6½/9 = 72% → 166): 7 → 9 games; 7½ → ½ above, no full point: 9; 8 → 1 full point: 10;
    # 9 → 2 full points: 11
    for results, games in (("111111100", 9), ("1111111=0", 9), ("111111110", 10),
                           ("111111111", 11)):
        c = gm(event(field(results)))
        assert c.outcome == "achieved" and c.needed == 7
        assert c.counts_as == games, results
    c = gm(event(field("111111110")))
    line = next(r for r in c.requirements if r.article == "1.4.1d")
    assert line.adjustment and "10 games" in line.text and "1 full point" in line.text
    # a norm missed counts for nothing
    assert gm(event(field("1111110=0"))).counts_as is None


def test_eight_games_of_1_4_1c_count_as_nine() -> None:
    # 6½/8 with a pairing-allocated bye in a 9-round event (1.4.1c): those 8 games need 6½
    # (6/8 = 75% → 193 < 200; 6½/8 = 81% → 251): no full point above, counts as 9
    opps = field("111111=00")[:8]
    c = gm(event(opps, byes={5: Kind.PAB}))
    assert c.outcome == "achieved" and c.needed == 6.5 and c.counts_as == 9


def fifteen(results: str) -> Tournament:
    """#1 (BRA) in a 15-round Swiss: 5 GMs, 3 IMs, 7 untitled, all 2400, from ARG, CHI, PER,
    BRA, BRA in turn (own 6 ≤ ⌊15·3/5⌋ = 9; ARG 3 ≤ 10; holders 8 ≥ ⌈15/2⌉ = 8; GMs 5 ≥
    max(3, 5))."""
    titles = ["GM"] * 5 + ["IM"] * 3 + [""] * 7
    feds = ["ARG", "CHI", "PER", "BRA", "BRA"] * 3
    return event([(2400, title, fed, code) for title, fed, code in zip(titles, feds, results,
                                                                       strict=True)])


def test_more_than_13_rounds_count_as_13_games() -> None:
    # 1.7. 15 games at Ra 2400 need 11½ (11/15 = 73% → dp 175 → 2575; 11½/15 = 76.7% → 77%
    # → 211 → 2611). 12/15 = 80% → 240 → 2640: a norm, ½ above (no full point): 15 games,
    # counted only as 13.
    c = gm(fifteen("111111111111000"))
    assert c.outcome == "achieved" and (c.rp, c.needed) == (2640, 11.5)
    assert c.counts_as == 13
    assert any(r.article == "1.7" and "13 games" in r.text for r in c.requirements)


def test_cli_declaration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = event(home_field("111111100"))
    t.federation = "BRA"
    path = tmp_path / "home.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    assert main(["compute", str(path), "--norms"]) == 0
    out = capsys.readouterr().out
    assert "GM norm: not possible: 1.4.3" in out
    assert main(["compute", str(path), "--norms", "--norm-event", "national-championship",
                 "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    gm_json = data["norms"]["players"][0]["norms"][0]
    assert gm_json["outcome"] == "achieved" and gm_json["counts_as"] == 9
    waived = [r for r in gm_json["requirements"] if r["article"] == "1.4.3"]
    assert waived[0]["waived"] == "1.4.3a" and waived[0]["met"] is True
    assert any("1.4.3a" in n for n in data["norms"]["notes"])
    # the declaration alone is refused (exit 2), naming what is missing
    assert main(["compute", str(path), "--norm-event", "zonal"]) == 2
    assert "--norms" in capsys.readouterr().err


def test_portuguese() -> None:
    with using("pt-BR"):
        report = norm_report(open_event(), 9)
        c = next(c for c in report.players[0].checks if c.title == "GM")
        text = "\n".join(report.lines())
        verdicts = [r.verdict() for r in c.requirements]
    assert "1.4.3d" in text and "federação" in text.lower()
    assert "dispensado (1.4.3d)" in verdicts
