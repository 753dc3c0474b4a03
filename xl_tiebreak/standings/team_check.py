"""Consistency of a team event: pairings mirrored, colours opposite, game points adding up;
and the warnings about a team tie-break list (:func:`team_advice`).

Errors stop the computation (each names the round, the teams and the place in the input);
warnings are reported with the standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import Color, Kind, Problem, Severity, kind_text
from xl_tiebreak.tiebreaks.descriptors import Descriptor
from xl_tiebreak.tiebreaks.registry import GAME_POINTS_ONLY
from xl_tiebreak.tiebreaks.team import sssc_factor
from xl_tiebreak.tiebreaks.team_engine import TeamEngine
from xl_tiebreak.util.numbers import fmt_half

_OPPOSITE = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
             Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS}
_COLOURS = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}


def check_event(event: TeamEvent) -> list[Problem]:
    """Every problem found in the event."""
    out: list[Problem] = []
    by_no = {t.start_no: i for i, t in enumerate(event.teams)}
    if len(by_no) != len(event.teams):
        out.append(Problem(Severity.ERROR, _("two teams have the same number"), event.source))
    if event.boards < 1:
        out.append(Problem(Severity.ERROR, _("the number of boards is not known"), event.source))
    for i, team in enumerate(event.teams):
        for r, m in enumerate(team.rounds, start=1):
            where = m.where or team.where
            label = _("round {round}, team #{no} {name}", round=r, no=team.start_no,
                      name=team.name)
            if m.opponent is None:
                if m.played:
                    out.append(Problem(Severity.ERROR, _("{where}: a played match without an "
                                                         "opponent", where=label), where))
                continue
            j = by_no.get(m.opponent)
            if j is None:
                out.append(Problem(Severity.ERROR, _("{where}: opponent #{opponent} is not a "
                                                     "team of the event", where=label,
                                                     opponent=m.opponent), where))
                continue
            if j == i:
                out.append(Problem(Severity.ERROR, _("{where}: paired with itself",
                                                     where=label), where))
                continue
            other = event.match(j, r)
            if other.opponent != team.start_no:
                out.append(Problem(Severity.ERROR, _(
                    "{where}: plays #{opponent}, whose round {round} does not name #{no}",
                    where=label, opponent=m.opponent, round=r, no=team.start_no), where))
                continue
            if m.set_by or other.set_by:
                continue  # abnormal points set for the round (TRF 299): not mirrored
            expected = _OPPOSITE.get(m.kind)
            if m.kind is Kind.FORFEIT_LOSS:
                if other.kind not in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                    out.append(Problem(Severity.ERROR, _(
                        "{where}: a forfeit loss, but #{opponent} has {kind}", where=label,
                        opponent=m.opponent, kind=kind_text(other.kind)), where))
            elif expected is not None and other.kind is not expected:
                out.append(Problem(Severity.ERROR, _(
                    "{where}: {kind} against #{opponent}, which has {other}", where=label,
                    kind=kind_text(m.kind), opponent=m.opponent,
                    other=kind_text(other.kind)), where))
            # a team's colour is its first board's: compared only without board data (board
            # orders may differ when a team fields fewer players)
            if (not m.boards and m.color and other.color
                    and _COLOURS[m.color] is not other.color):
                out.append(Problem(Severity.ERROR, _("{where}: both teams have the same "
                                                     "colour", where=label), where))
            if m.played and i < j:
                total = event.gp_of(m) + event.gp_of(other)
                boards = max(len(m.boards), len(other.boards)) or event.boards
                if m.boards and total > Fraction(boards):
                    out.append(Problem(Severity.ERROR, _(
                        "{where}: game points {total} of the match against #{opponent} are "
                        "more than its {boards} boards", where=label,
                        total=number_text(fmt_half(total)), opponent=m.opponent,
                        boards=boards), where))
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
            out.append(Problem(Severity.WARNING, _("{label}: the input has no board results; "
                                                   "board tie-breaks decide nothing",
                                                   label=d.label)))
        if d.code == "BC" and not gp_equal:
            out.append(Problem(Severity.WARNING, _("BC compares teams with equal game points "
                                                   "(Art. 12); list it after the game points")))
        if d.code == "SSSC" and sssc_factor(engine) == 0:
            out.append(Problem(Severity.WARNING, _("SSSC is undefined: F_N = floor(max primary "
                                                   "total / max secondary of a round) is 0 "
                                                   "(Art. 13.4.2; docs/decisions.md D26)")))
    return out
