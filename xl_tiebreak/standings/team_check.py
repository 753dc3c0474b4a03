"""Consistency of a team event: pairings mirrored, colours opposite, game points adding up;
and the warnings about a team tie-break list (:func:`team_advice`).

Errors stop the computation (each names the round, the teams and the place in the input);
warnings are reported with the standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import Color, Kind, Problem, Severity
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.registry import GAME_POINTS_ONLY
from xl_tiebreak.tiebreaks.team import sssc_factor
from xl_tiebreak.tiebreaks.team_engine import TeamEngine

_OPPOSITE = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
             Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS}
_COLOURS = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}


def check_event(event: TeamEvent) -> list[Problem]:
    """Every problem found in the event."""
    out: list[Problem] = []
    by_no = {t.start_no: i for i, t in enumerate(event.teams)}
    if len(by_no) != len(event.teams):
        out.append(Problem(Severity.ERROR, "two teams have the same number", event.source))
    if event.boards < 1:
        out.append(Problem(Severity.ERROR, "the number of boards is not known", event.source))
    for i, team in enumerate(event.teams):
        for r, m in enumerate(team.rounds, start=1):
            where = m.where or team.where
            label = f"round {r}, team #{team.start_no} {team.name}"
            if m.opponent is None:
                if m.played:
                    out.append(Problem(Severity.ERROR, f"{label}: a played match without an "
                                       "opponent", where))
                continue
            j = by_no.get(m.opponent)
            if j is None:
                out.append(Problem(Severity.ERROR, f"{label}: opponent #{m.opponent} is not "
                                   "a team of the event", where))
                continue
            if j == i:
                out.append(Problem(Severity.ERROR, f"{label}: paired with itself", where))
                continue
            other = event.match(j, r)
            if other.opponent != team.start_no:
                out.append(Problem(Severity.ERROR, f"{label}: plays #{m.opponent}, whose "
                                   f"round {r} does not name #{team.start_no}", where))
                continue
            if m.set_by or other.set_by:
                continue  # abnormal points set for the round (TRF 299): not mirrored
            expected = _OPPOSITE.get(m.kind)
            if m.kind is Kind.FORFEIT_LOSS:
                if other.kind not in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                    out.append(Problem(Severity.ERROR, f"{label}: a forfeit loss, but "
                                       f"#{m.opponent} has {other.kind.value}", where))
            elif expected is not None and other.kind is not expected:
                out.append(Problem(Severity.ERROR, f"{label}: {m.kind.value} against "
                                   f"#{m.opponent}, which has {other.kind.value}", where))
            # a team's colour is its first board's: compared only without board data (board
            # orders may differ when a team fields fewer players)
            if (not m.boards and m.color and other.color
                    and _COLOURS[m.color] is not other.color):
                out.append(Problem(Severity.ERROR, f"{label}: both teams have the same "
                                   "colour", where))
            if m.played and i < j:
                total = event.gp_of(m) + event.gp_of(other)
                boards = max(len(m.boards), len(other.boards)) or event.boards
                if m.boards and total > Fraction(boards):
                    out.append(Problem(Severity.ERROR, f"{label}: game points {total} of the "
                                       f"match against #{m.opponent} are more than its {boards} "
                                       "boards", where))
    return out


def team_advice(engine: TeamEngine, descriptors: Sequence[Descriptor]) -> list[Problem]:
    """The warnings about a team tie-break list ranked by ``engine``: board tie-breaks without
    board data, BC where game points may differ, SSSC with F_N = 0."""
    out = []
    gp_equal = False  # a game-point value listed earlier: teams tied there have equal GP
    for d in descriptors:
        row = d.tiebreak
        if row.compute is not None and (row.score_types == GAME_POINTS_ONLY
                                        or d.code == "MPVGP"):
            gp_equal = True
        if row.boards and not engine.event.board_data:
            out.append(Problem(Severity.WARNING, f"{d.label}: the input has no board "
                               "results; board tie-breaks decide nothing"))
        if d.code == "BC" and not gp_equal:
            out.append(Problem(Severity.WARNING, "BC compares teams with equal game "
                               "points (Art. 12); list it after the game points"))
        if d.code == "SSSC" and sssc_factor(engine) == 0:
            out.append(Problem(Severity.WARNING, "SSSC is undefined: F_N = floor(max "
                               "primary total / max secondary of a round) is 0 "
                               "(Art. 13.4.2; docs/decisions.md D26)"))
    return out
