"""Team events against the FIDE TEC checker (gacrux, test-only subprocess: tests/oracle.py).

E7 agrees on every value; the TEC sample "Grandmommy's Cup" is compared without its two 299
lines (they are not aligned to the 299 columns, so each program reads something else: see
tests/KNOWN_DIFFERENCES.md, "Team events"), and every remaining difference is asserted as listed
there.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import oracle
import pytest
import team_generator
from spec_data import TRF_DIR, require

from xl_tiebreak.formats.trf.team_reader import parse_team_trf, read_team_trf
from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import Kind
from xl_tiebreak.standings.team_evaluation import compute_team_standings

pytestmark = pytest.mark.skipif(not oracle.available(), reason="gacrux not installed")

OURS = ["MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1",
        "PS:MP", "KS:MP", "WIN:MP", "WON:MP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1",
        "EMGSB/C1", "EGMSB/C1", "EGGSB/C1", "SSSC", "BC", "BH:MP/C1/P", "EMGSB/C1/P", "FB:MP"]
"""FB last: the checker's FB changes state that later tie-breaks of the same call read
(tests/oracle.py)."""
NAMES = {"PS:MP": "PS", "KS:MP": "KS", "WIN:MP": "WIN", "WON:MP": "WON"}
"""The checker's names where they differ (it reads a code without score type on MP)."""


def differences(path: Path, rules: str) -> dict[str, set[int]]:
    """Tie-break → the teams whose value differs from the checker's."""
    theirs = oracle.run_file(path, ["PTS", *[NAMES.get(x, x) for x in OURS]])
    s = compute_team_standings(read_team_trf(path), ",".join(OURS), rules=rules)
    out: dict[str, set[int]] = {}
    for no, values in theirs.values.items():
        for x in OURS:
            if s.value(no, x) != values[NAMES.get(x, x)]:
                out.setdefault(x, set()).add(no)
    return out


def test_e7_agrees_with_the_checker_on_every_value() -> None:
    assert differences(require(TRF_DIR / "e7_held_team.trf"), "fide2023") == {}


@pytest.fixture(scope="module")
def tec_without_299(tmp_path_factory: pytest.TempPathFactory) -> Path:
    text = require(TRF_DIR / "tec_grandmommys_cup_trf26_team.trf").read_bytes()
    lines = [ln for ln in text.split(b"\n") if not ln.startswith(b"299")]
    path = tmp_path_factory.mktemp("tec") / "tec_no299.trf"
    path.write_bytes(b"\n".join(lines))
    return path


def test_tec_sample_differences_are_the_known_ones(tec_without_299: Path) -> None:
    found = differences(tec_without_299, "fide2023")
    # KNOWN_DIFFERENCES.md "Team events" T2: /P makes every paired forfeit a game for the whole
    # event, so an opponent's absence followed only by a forfeit loss is no longer 16.2.5
    assert found.pop("BH:MP/C1/P") and found.pop("EMGSB/C1/P")
    # T3: team 50's round 3 is written both as a 240 HPB and as a 320 PAB; we read the HPB
    # (with a warning), the checker the PAB for its board points (test_t3_... below)
    assert found.pop("BC") == {50}
    # every other tie-break (BH:MP/GP with cuts and median, FB, PS, KS, WIN, WON, the four
    # ESB with and without cut, SSSC, GP, MPvGP) agrees on all 50 teams
    assert found == {}


def test_tec_forfeits_as_games_by_hand(tec_without_299: Path) -> None:
    # T2 by hand for team 1: #14 Cuba (13 MP) was absent in R13 and lost R14 by forfeit. As
    # a VUR the forfeit loss makes R13 a 16.2.5 bye counted as a draw (AS = 14, as the checker
    # has it without /P); with /P the forfeit is a game, R13 is 16.2.3 and AS = 13. The checker
    # keeps 14 under /P: one more in team 1's BH:MP/P.
    s = compute_team_standings(read_team_trf(tec_without_299), "BH:MP,BH:MP/P,MPTS",
                               rules="fide2023")
    theirs = oracle.run_file(tec_without_299, ["PTS", "BH:MP/P"])
    assert s.value(14, "MPTS") == 13
    assert s.value(1, "BH:MP") == s.value(1, "BH:MP/P") + 1  # type: ignore[operator]
    assert theirs.values[1]["BH:MP/P"] == s.value(1, "BH:MP")


def test_t3_team_50_has_a_pab_and_an_hpb_in_round_3(tec_without_299: Path) -> None:
    # KNOWN_DIFFERENCES.md T3. Both records give 1 MP + 2 GP on 4 boards here (320 "1.0 2.0";
    # an HPB is a drawn match), so only the board points differ: an HPB is every board drawn,
    # ½·(1+2+3+4) = 5; a PAB every board won, 1+2+3+4 = 10 (docs/decisions.md D24). The
    # checker's BC is ours + 10 - 5, and without the 320 entry the two programs agree.
    event = read_team_trf(tec_without_299)
    assert [n for n in event.notes if "written as" in n] == [
        "round 3, team #50 Latvia: written as a 240 half-point bye (line 345) and as a 320 PAB "
        "(line 512); read as a 240 half-point bye (line 345)"]
    s = compute_team_standings(event, "BC", rules="fide2023")
    theirs = oracle.run_file(tec_without_299, ["PTS", "BC"])
    assert theirs.values[50]["BC"] == s.value(50, "BC") + 10 - 5  # type: ignore[operator]
    lines = tec_without_299.read_text().split("\n")
    pab = next(i for i, ln in enumerate(lines) if ln.startswith("320"))
    assert lines[pab][22:25] == " 50"  # round 3: columns 23–25
    lines[pab] = lines[pab][:22] + "   " + lines[pab][25:]
    fixed = tec_without_299.with_name("tec_no_double_entry.trf")
    fixed.write_text("\n".join(lines))
    agreed = oracle.run_file(fixed, ["PTS", "BC"])
    assert agreed.values[50]["BC"] == s.value(50, "BC")
    assert compute_team_standings(read_team_trf(fixed), "BC", rules="fide2023").value(
        50, "BC") == s.value(50, "BC")


def test_tec_299_lines_are_read_with_a_warning() -> None:
    event = read_team_trf(require(TRF_DIR / "tec_grandmommys_cup_trf26_team.trf"))
    assert len([n for n in event.notes if "299 record is not aligned" in n]) == 2


# ====================================================================== generated team events
# tests/team_generator.py: team Swiss and round robin, 4–6 boards, 2-1-0 and 3-1-0, 2023 and
# 2026 rules, PABs, HPB/ZPB/FPB, match forfeits with and without opponent, double forfeits,
# withdrawals, board forfeits. Values and ranks against the checker.

GENERATED_VALUES = ["MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1",
                    "BH:MP/M1", "BH:GP/C2", "PS:MP", "WIN:MP", "EMMSB", "EMGSB", "EGMSB",
                    "EGGSB", "EMMSB/C1", "EMGSB/C1", "EGMSB/C1", "EGGSB/C1", "SSSC", "BC",
                    "FB:MP"]
"""The team tie-breaks whose values both programs compute (FB last: tests/oracle.py)."""
GP_BUCHHOLZ = {"BH:GP", "BH:GP/C1", "BH:GP/C2", "EGMSB", "EGGSB", "EGMSB/C1", "EGGSB/C1"}
"""Tie-breaks over the opponents' game points: the checker fails on them when a forfeit win
without opponent occurs (T4)."""
RANK_LISTS = ["MPTS,GPTS,EDE", "MPTS,MPVGP,EDET", "MPTS,GPTS,EDEB", "MPTS,BH:MP/C1,EMGSB,BC",
              "MPTS,EGGSB/C1,SSSC,BH:GP", "MPTS,GPTS,EDEBT"]
"""Tie-break lists whose ranks are compared (EDE and its board forms give ranks only)."""
DEFAULT_EVENTS = 36
"""Generated events whose coverage of every kind of round is checked in the default run."""
FAST_EVENTS = 12
"""Of them, those compared with the checker in the default run (the others in the slow run)."""
SLOW_EVENTS = 400


def forfeit_win_without_opponent(event: team_generator.GeneratedEvent) -> bool:
    """T4: a team won a round by forfeit with no opponent recorded (its boards ``0000 - +``,
    no ``330`` record)."""
    return "+0" in event.kinds()


def compared_values(event: team_generator.GeneratedEvent) -> list[str]:
    """The value tie-breaks compared on an event (T4 leaves out the GP Buchholz family)."""
    if forfeit_win_without_opponent(event):
        return [x for x in GENERATED_VALUES if x not in GP_BUCHHOLZ]
    return GENERATED_VALUES


def rank_list(event: team_generator.GeneratedEvent) -> str:
    """The tie-break list whose ranks are compared on an event (one per seed, in turn); the
    GP Buchholz list is replaced under T4."""
    order = RANK_LISTS[event.seed % len(RANK_LISTS)]
    if forfeit_win_without_opponent(event) and "BH:GP" in order:
        return "MPTS,EMGSB/C1,SSSC,BC"
    return order


def generated_differences(seed: int) -> tuple[dict[str, set[int]], int]:
    """Tie-break (or ``rank <list>``) → teams that differ from the checker; values compared."""
    event = team_generator.generate(seed)
    # WON:MP too, its round-robin forfeit wins explained by TEAM-Q3-RR-FORFEIT-WIN (FB last)
    values = [*compared_values(event)[:-1], "WON:MP", "FB:MP"]
    ours = read_generated(event)
    theirs = oracle.run_text(event.text, ["PTS", *[NAMES.get(x, x) for x in values]],
                             predetermined=event.round_robin)
    s = compute_team_standings(ours, ",".join(values), rules="auto")
    out: dict[str, set[int]] = {}
    compared = 0
    for no, row in theirs.values.items():
        for x in values:
            compared += 1
            ours_value, theirs_value = s.value(no, x), row[NAMES.get(x, x)]
            if ours_value != theirs_value and not (
                    x == "WON:MP" and event.round_robin
                    and known_won_rr_forfeit(ours, no, ours_value, theirs_value)):
                out.setdefault(x, set()).add(no)
    order = rank_list(event)
    codes = [NAMES.get(x, x) for x in order.split(",")[1:]]
    ranked = oracle.run_text(event.text, ["PTS", *codes], predetermined=event.round_robin)
    s = compute_team_standings(ours, order, rules="auto")
    for no, rank in ranked.ranks.items():
        compared += 1
        if s.row(no).rank != rank:
            out.setdefault(f"rank {order}", set()).add(no)
    return out, compared


def known_won_rr_forfeit(event: TeamEvent, no: int, ours: object, theirs: object) -> bool:
    """``TEAM-Q3-RR-FORFEIT-WIN`` (KNOWN_DIFFERENCES.md, docs/decisions.md Q3, D86): in a team
    round robin a whole-match forfeit win against a known opponent is a match won for WON:MP
    (Art. 15.2: a forfeit in pre-determined pairings is a game); the checker counts matches
    played only. Explains the difference when ours exceeds theirs by exactly those wins."""
    if not isinstance(ours, Fraction) or not isinstance(theirs, Fraction):
        return False
    team = next(t for t in event.teams if t.start_no == no)
    wins = sum(1 for m in team.rounds if m.kind is Kind.FORFEIT_WIN and m.opponent is not None)
    return wins > 0 and ours - theirs == wins


def read_generated(event: team_generator.GeneratedEvent) -> TeamEvent:
    """Our reading of a generated TRF (the round robin declared in 092)."""
    return parse_team_trf(event.text, f"generated {event.seed}")


def check_generated(seeds: range) -> int:
    failures = {}
    compared = 0
    for seed in seeds:
        found, n = generated_differences(seed)
        compared += n
        if found:
            failures[seed] = found
    assert failures == {}, f"differences from the checker (seed: tie-break → teams): {failures}"
    return compared


def test_generated_events_agree_with_the_checker() -> None:
    compared = check_generated(range(FAST_EVENTS))
    assert compared > 1_500  # values and ranks actually compared (about 2 000)


@pytest.mark.slow
def test_many_generated_events_agree_with_the_checker() -> None:
    check_generated(range(FAST_EVENTS, DEFAULT_EVENTS + SLOW_EVENTS))


def test_generated_events_cover_every_kind() -> None:
    events = [team_generator.generate(seed) for seed in range(DEFAULT_EVENTS)]
    kinds = set().union(*(e.kinds() for e in events))
    assert kinds >= {"played", "pab", "H", "Z", "F", "+", "-", "+0", "--", "absent"}
    assert {e.round_robin for e in events} == {True, False}
    assert {e.win_mp for e in events} == {2, 3}
    assert {e.year for e in events} == {2023, 2026}
    assert {e.boards for e in events} == {4, 5, 6}
    assert any("+" in r.boards or "-" in r.boards for e in events
               for rs in e.schedule.values() for r in rs)  # board forfeits inside a match
    rules = {compute_team_standings(read_generated(e), "MPTS").rules.label for e in events}
    assert rules == {"FIDE 2023/24", "FIDE 2026"}


def test_generated_event_reads_as_generated() -> None:
    # independent of both programs: the generator's own match points and game points
    for seed in range(8):
        event = team_generator.generate(seed)
        ours = read_generated(event)
        for team in ours.teams:
            for rnd, (m, g) in enumerate(zip(team.rounds, event.schedule[team.start_no],
                                             strict=True), start=1):
                if g.kind == "played":
                    assert m.opponent == g.opponent, (seed, team.start_no, rnd)
                    assert ours.gp_of(m) == team_generator.board_gp(g.boards)


def test_t4_checker_fails_on_gp_buchholz_with_a_forfeit_win_without_opponent() -> None:
    # KNOWN_DIFFERENCES.md "Team events" T4: a team whose round is a forfeit win with no
    # opponent recorded has no opponent's GP, and the checker stops with a program error
    # (KeyError 'gpoints') on every tie-break over opponents' GP; it computes the MP ones.
    # We count that round as an unplayed win (16.2.2 dummy), as for MP.
    event = next(e for e in map(team_generator.generate, range(100))
                 if forfeit_win_without_opponent(e))
    with pytest.raises(oracle.OracleError, match="Program error"):
        oracle.run_text(event.text, ["PTS", "BH:GP"], predetermined=event.round_robin)
    theirs = oracle.run_text(event.text, ["PTS", "BH:MP"], predetermined=event.round_robin)
    s = compute_team_standings(read_generated(event), "BH:MP,BH:GP", rules="auto")
    assert all(s.value(no, "BH:MP") == v["BH:MP"] for no, v in theirs.values.items())
    assert all(s.value(no, "BH:GP") is not None for no in theirs.values)


def _first_round_robin_with_a_forfeit_win() -> tuple[team_generator.GeneratedEvent, TeamEvent]:
    for seed in range(200):
        event = team_generator.generate(seed, round_robin=True)
        ours = read_generated(event)
        if any(m.kind is Kind.FORFEIT_WIN and m.opponent is not None
               for t in ours.teams for m in t.rounds):
            return event, ours
    raise AssertionError("no generated team round robin with a match forfeit")


def test_known_team_won_counts_a_round_robin_forfeit_win() -> None:
    """``TEAM-Q3-RR-FORFEIT-WIN``: WON:MP in a team round robin is, for us, the matches won
    over the board plus the whole-match forfeit wins against a known opponent (Q3 for teams,
    D86); for the checker the matches won over the board only. Both counted from the event."""
    event, ours = _first_round_robin_with_a_forfeit_win()
    theirs = oracle.run_text(event.text, ["PTS", "WON"], predetermined=True)
    s = compute_team_standings(ours, "WON:MP", rules="auto")
    seen = 0
    for team in ours.teams:
        over_the_board = sum(1 for m in team.rounds if m.kind is Kind.WIN)
        by_forfeit = sum(1 for m in team.rounds
                         if m.kind is Kind.FORFEIT_WIN and m.opponent is not None)
        assert theirs.values[team.start_no]["WON"] == over_the_board
        assert s.value(team.start_no, "WON:MP") == over_the_board + by_forfeit
        assert known_won_rr_forfeit(ours, team.start_no, s.value(team.start_no, "WON:MP"),
                                    theirs.values[team.start_no]["WON"]) == (by_forfeit > 0)
        seen += by_forfeit
    assert seen > 0
