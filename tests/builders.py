"""Small tournament builders for hand-derived tests.

``star`` builds an event around one player P (start number 1): P meets opponent j in round j,
and each opponent reaches a chosen final score by playing fresh filler players in its other
rounds, so that opponents' scores (and how they were made) are exactly what a test states.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.model.tournament import Color, Kind, Participant, Record, Tournament

_MIRROR = {
    Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
    Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
}
_CODES = {
    "1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS, "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS, "U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB,
}
_POINTS = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.FORFEIT_WIN: Fraction(1),
           Kind.PAB: Fraction(1), Kind.FPB: Fraction(1), Kind.HPB: Fraction(1, 2)}


def star(
    results: Sequence[str],
    opponent_scores: Sequence[float | str | None],
    *,
    opponent_byes: dict[int, str] | None = None,
    start_date: str | None = None,
) -> Tournament:
    """P's round results (codes ``1 = 0 + - U F H Z``) against opponents 2, 3, …;
    ``opponent_scores[j]`` is the final score of the opponent met in round j+1 (None for a
    bye round). ``opponent_byes``: opponent start number → bye code put in its last round
    other than the one against P (e.g. ``{7: "F"}``)."""
    import datetime

    n = len(results)
    parts = [Participant(1, "P")]
    fillers: list[Participant] = []
    byes = opponent_byes or {}
    for r, code in enumerate(results):
        kind = _CODES[code]
        if kind.bye:
            parts[0].rounds.append(Record(kind))
            continue
        opp_no = len(parts) + 1
        parts[0].rounds.append(Record(kind, opp_no, Color.WHITE))
        opp = Participant(opp_no, f"O{opp_no}")
        parts.append(opp)
        mine = _MIRROR[kind]
        target = Fraction(str(opponent_scores[r]))
        remaining = target - _POINTS.get(mine, Fraction(0))
        other_rounds = [x for x in range(n) if x != r]
        bye_round = other_rounds[-1] if opp_no in byes else None
        if bye_round is not None:
            remaining -= _POINTS.get(_CODES[byes[opp_no]], Fraction(0))
        for x in range(n):
            if x == r:
                opp.rounds.append(Record(mine, 1, Color.BLACK))
            elif x == bye_round:
                opp.rounds.append(Record(_CODES[byes[opp_no]]))
            else:
                if remaining >= 1:
                    k = Kind.WIN
                elif remaining == Fraction(1, 2):
                    k = Kind.DRAW
                else:
                    k = Kind.LOSS
                remaining -= _POINTS.get(k, Fraction(0))
                filler = Participant(1000 + len(fillers), f"F{len(fillers)}")
                filler.rounds = [Record(Kind.ZPB)] * x + [Record(_MIRROR[k], opp_no, Color.BLACK)]
                fillers.append(filler)
                opp.rounds.append(Record(k, filler.start_no, Color.WHITE))
        assert remaining == 0, f"opponent {opp_no} cannot reach {target}"
    date = datetime.date.fromisoformat(start_date) if start_date else None
    return Tournament(parts + fillers, rounds=n, start_date=date)


def solo(results: Sequence[str], rounds: int | None = None) -> Tournament:
    """Only P's own records (opponents 2, 3, … exist with no rounds): enough for values that
    depend on P's own results (virtual opponents, progressive scores), not for a check()."""
    parts = [Participant(1, "P")]
    for code in results:
        kind = _CODES[code]
        if kind.bye:
            parts[0].rounds.append(Record(kind))
        else:
            opp = Participant(len(parts) + 1, f"O{len(parts) + 1}")
            parts.append(opp)
            parts[0].rounds.append(Record(kind, opp.start_no, Color.WHITE))
    return Tournament(parts, rounds=rounds or len(results))


def round_robin(
    players: Sequence[Participant], table: Sequence[str], *, start_date: str | None = None
) -> Tournament:
    """A single round robin from its result table: ``table[i][j]`` is player i's result
    against player j (``1``, ``=``, ``0``; ``x`` on the diagonal; the table must be
    consistent). ``players`` get start numbers 1, 2, … in order (their own are replaced).
    Rounds follow the circle method (an even number of players)."""
    import datetime

    from xl_tiebreak.model.tournament import TournamentType

    n = len(players)
    assert n % 2 == 0 and len(table) == n, "an even number of players, one table row each"
    codes = {"1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS}
    for i in range(n):
        assert len(table[i]) == n and table[i][i] == "x", f"row {i + 1} of the table"
        for j in range(n):
            if i != j:
                assert _MIRROR[codes[table[i][j]]] is codes[table[j][i]], f"{i + 1} v {j + 1}"
    parts = [p.replace(start_no=k + 1, rounds=[]) for k, p in enumerate(players)]
    ring = list(range(1, n))
    for _ in range(n - 1):
        pairs = [(0, ring[-1])] + [(ring[k], ring[-2 - k]) for k in range(n // 2 - 1)]
        for white, black in pairs:
            kind = codes[table[white][black]]
            parts[white].rounds.append(Record(kind, black + 1, Color.WHITE))
            parts[black].rounds.append(Record(_MIRROR[kind], white + 1, Color.BLACK))
        ring = ring[-1:] + ring[:-1]
    date = datetime.date.fromisoformat(start_date) if start_date else None
    return Tournament(parts, rounds=n - 1, start_date=date, type=TournamentType.PREDETERMINED)
