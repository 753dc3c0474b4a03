"""Team-event benchmark: a 200-team, 11-round, 6-board Swiss ranked by ten team tie-breaks.

Prints the time to build the event and the compute time (check, Art. 16 tables for MP and GP,
ten tie-breaks, the sort); target: under 1 s of compute. Run from the project root:
``python benchmarks/bench_teams.py``.
"""

from __future__ import annotations

import random
import time
from fractions import Fraction

from xl_tiebreak.model.teams import BoardGame, Match, Team, TeamEvent, match_result
from xl_tiebreak.model.tournament import Color, Kind
from xl_tiebreak.standings.team_evaluation import compute_team_standings

TEAMS, ROUNDS, BOARDS = 200, 11, 6
ORDER = ("GPTS,EDE,BH:MP/C1,BH:MP,BH:GP,EMMSB,EMGSB/C1,EGGSB,SSSC,BC")
_RESULT = (Fraction(1), Fraction(1, 2), Fraction(0))
_KIND = {Fraction(1): Kind.WIN, Fraction(1, 2): Kind.DRAW, Fraction(0): Kind.LOSS}


def build(seed: int = 1) -> TeamEvent:
    """A Swiss-like event: each round pairs neighbours by current MP; boards random."""
    rnd = random.Random(seed)
    teams = [Team(n, f"Team {n}", [n * 10 + b for b in range(BOARDS)]) for n in range(1, TEAMS + 1)]
    mp = {t.start_no: 0 for t in teams}
    for _ in range(ROUNDS):
        order = sorted(teams, key=lambda t: (-mp[t.start_no], rnd.random()))
        for a, b in zip(order[::2], order[1::2]):
            pts = [rnd.choice(_RESULT) for _ in range(BOARDS)]
            colours = [(Color.WHITE, Color.BLACK) if k % 2 == 0 else (Color.BLACK, Color.WHITE)
                       for k in range(BOARDS)]
            ga = tuple(BoardGame(k + 1, a.roster[k], b.roster[k], colours[k][0], _KIND[p], p)
                       for k, p in enumerate(pts))
            gb = tuple(BoardGame(k + 1, b.roster[k], a.roster[k], colours[k][1],
                                 _KIND[1 - p], 1 - p) for k, p in enumerate(pts))
            sa, sb = sum(pts, Fraction(0)), BOARDS - sum(pts, Fraction(0))
            ka, kb = match_result(sa, sb), match_result(sb, sa)
            a.rounds.append(Match(ka, b.start_no, Color.WHITE, sa, boards=ga))
            b.rounds.append(Match(kb, a.start_no, Color.BLACK, sb, boards=gb))
            mp[a.start_no] += {Kind.WIN: 2, Kind.DRAW: 1}.get(ka, 0)
            mp[b.start_no] += {Kind.WIN: 2, Kind.DRAW: 1}.get(kb, 0)
    return TeamEvent(teams, BOARDS, ROUNDS)


def main() -> None:
    t0 = time.perf_counter()
    event = build()
    t1 = time.perf_counter()
    standings = compute_team_standings(event, ORDER, rules="fide2026")
    t2 = time.perf_counter()
    assert len(standings.rows) == TEAMS
    print(f"teams: {TEAMS} teams × {ROUNDS} rounds × {BOARDS} boards, ten tie-breaks ({ORDER})")
    print(f"  build the event  {1000 * (t1 - t0):7.1f} ms")
    print(f"  compute          {1000 * (t2 - t1):7.1f} ms (target < 1000 ms)")


if __name__ == "__main__":
    main()
