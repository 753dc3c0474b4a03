"""Consistency check of a tournament, in plain language, naming the place of each problem.

Errors (the results cannot be right) stop the computation; warnings are reported beside it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import (
    ABSENT,
    Color,
    Kind,
    Participant,
    Problem,
    Record,
    Scoring,
    Severity,
    Tournament,
)
from xl_tiebreak.tiebreaks.engine import kind_text
from xl_tiebreak.util.numbers import fmt

_MIRROR: dict[Kind, frozenset[Kind]] = {
    Kind.WIN: frozenset({Kind.LOSS}),
    Kind.LOSS: frozenset({Kind.WIN}),
    Kind.DRAW: frozenset({Kind.DRAW}),
    Kind.FORFEIT_WIN: frozenset({Kind.FORFEIT_LOSS}),
    Kind.FORFEIT_LOSS: frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}),
}
"""What the opponent's record must say for each paired result."""
_NO_MIRROR: frozenset[Kind] = frozenset()
_PLAYED = frozenset(kind for kind in Kind if kind.played)


def _error(message: str, where: str) -> Problem:
    return Problem(Severity.ERROR, message, where)


def _warning(message: str, where: str) -> Problem:
    return Problem(Severity.WARNING, message, where)


_COLOURS = {Color.WHITE: N_("white"), Color.BLACK: N_("black")}


def _points(value: Fraction) -> str:
    """A number of points in the language in force (``2.5``, ``2,5``)."""
    return number_text(fmt(value))


def _name(p: Participant) -> str:
    return f"#{p.start_no} {p.name}".strip()


def _describe(rec: Record) -> str:
    if rec.opponent is None:
        return kind_text(rec.kind)
    return _("{kind} against #{opponent}", kind=kind_text(rec.kind), opponent=rec.opponent)


def check(tournament: Tournament) -> list[Problem]:
    """Every problem found, errors first in input order, then warnings."""
    pabs: dict[int, list[Participant]] = {}
    problems = list(_identity_problems(tournament, pabs))
    problems.extend(_pairing_problems(tournament))
    problems.extend(_bye_problems(pabs))
    problems.extend(_points_problems(tournament))
    errors = [p for p in problems if p.severity is Severity.ERROR]
    warnings = [p for p in problems if p.severity is Severity.WARNING]
    return errors + warnings


def _identity_problems(t: Tournament, pabs: dict[int, list[Participant]]) -> Iterator[Problem]:
    """Duplicate start numbers, and games said to be played without an opponent. Collects
    the participants with a pairing-allocated bye in each round into ``pabs`` on the way (for
    :func:`_bye_problems`: one pass over the records)."""
    first: dict[int, Participant] = {}
    pab = Kind.PAB
    for p in t.participants:
        if p.start_no in first:
            other = first[p.start_no]
            yield _error(
                _("start number {no} is used twice ({first}{where} and {second})",
                  no=p.start_no, first=_name(other),
                  where=", " + other.where if other.where else "", second=_name(p)),
                p.where,
            )
        first.setdefault(p.start_no, p)
        for r, (kind, opponent, _colour, _game, where) in enumerate(p.rounds, start=1):
            if kind is pab:
                pabs.setdefault(r, []).append(p)
            elif opponent is None and kind in _PLAYED:
                yield _error(_("{name} has a {kind} in round {round} but no opponent",
                               name=_name(p), kind=kind_text(kind), round=r),
                             where or p.where)


_MIRRORED = frozenset((kind, back) for kind, backs in _MIRROR.items() for back in backs)
"""(kind, the opponent's kind) of each pair of records that mirror each other."""


def _pairing_problems(t: Tournament) -> Iterator[Problem]:
    """Each paired round against the opponent's record of the same round: an unknown opponent,
    oneself, records that do not name each other or do not mirror (errors), both with the same
    colour in a played game (a warning). The usual round is checked inline; the messages are
    made by :func:`_pair_problem` for a round that fails."""
    by_no = t.by_start_no()
    mirrored = _MIRRORED
    played = _PLAYED
    for p in t.participants:
        no = p.start_no
        for r, rec in enumerate(p.rounds, start=1):
            kind, opponent, color, _game, _where = rec
            if opponent is None:
                continue
            q = by_no.get(opponent)
            if q is not None and opponent != no:
                theirs = q.rounds
                back = theirs[r - 1] if r <= len(theirs) else ABSENT
                if back[1] == no and (kind, back[0]) in mirrored and (
                        color is None or color is not back[2] or kind not in played
                        or no > opponent):
                    continue  # names each other, mirrors, no colour clash to report
            problem = _pair_problem(p, q, r, rec)
            if problem is not None:
                yield problem


def _pair_problem(p: Participant, q: Participant | None, r: int, rec: Record) -> Problem | None:
    """The problem of participant ``p``'s round ``r`` (``rec``) against ``q``, the participant
    its opponent number names (None: none has it); None when there is none to report."""
    no = p.start_no
    opponent = rec.opponent
    if opponent == no:
        return _error(_("{name} is paired with himself in round {round}", name=_name(p),
                        round=r), rec.where or p.where)
    if q is None:
        return _error(_("{name} has an unknown opponent #{opponent} in round {round}",
                        name=_name(p), opponent=opponent, round=r), rec.where or p.where)
    back = q.rounds[r - 1] if r <= len(q.rounds) else ABSENT
    if back.opponent != no:
        if back.opponent is None:
            said = _("says {kind}", kind=kind_text(back.kind))
        else:
            said = _("names #{opponent} as the opponent", opponent=back.opponent)
        return _error(
            _("{name} is paired with {other} in round {round}, but {other}'s round {round} "
              "({where}) {said}", name=_name(p), other=_name(q), round=r,
              where=back.where or q.where, said=said),
            rec.where or p.where,
        )
    if back.kind not in _MIRROR.get(rec.kind, _NO_MIRROR):
        # report each mismatched pair once, from the lower start number
        if no < q.start_no:
            return _error(
                _("results do not mirror in round {round}: {name} has '{mine}' but {other} "
                  "({where}) has '{theirs}'", round=r, name=_name(p), mine=_describe(rec),
                  other=_name(q), where=back.where or q.where, theirs=_describe(back)),
                rec.where or p.where,
            )
        return None
    if (rec.color is not None and rec.color is back.color and rec.kind in _PLAYED
            and no < q.start_no):
        return _warning(
            _("{name} and {other} both have {colour} in round {round}", name=_name(p),
              other=_name(q), colour=translated(_COLOURS[rec.color]), round=r),
            rec.where or p.where,
        )
    return None


def _bye_problems(by_round: dict[int, list[Participant]]) -> Iterator[Problem]:
    """More than one pairing-allocated bye in a round (``by_round``: round → participants)."""
    for r, pabs in sorted(by_round.items()):
        if len(pabs) > 1:
            names = ", ".join(_name(p) for p in pabs)
            where = pabs[1].record(r).where or pabs[1].where
            yield _error(
                _("round {round} has {count} pairing-allocated byes ({names}); there can be at "
                  "most one", round=r, count=len(pabs), names=names),
                where,
            )


def _points_problems(t: Tournament) -> Iterator[Problem]:
    """Declared points that differ from the sum of the rounds' points.

    The sum is taken in integer units of the scoring (1/lcm of its denominators), each
    (kind, colour) looked up once.
    """
    sc = t.scoring
    unit = _unit(sc)
    units: dict[tuple[Kind, Color | None], int] = {}
    for p in t.participants:
        declared = p.declared_points
        if declared is None:
            continue
        total = 0
        for rec in p.rounds:
            key = (rec.kind, rec.color)
            value = units.get(key)
            if value is None:
                value = units[key] = int(sc.points(rec.kind, rec.color) * unit)
            total += value
        extra = p.extra_points  # part of the declared score (docs/decisions.md D51)
        if (declared - extra) * unit != total:
            plus = " " + _("plus {extra} extra points", extra=_points(extra)) if extra else ""
            yield _warning(
                _("{name} declares {declared} points but the results{plus} add up to {total}; "
                  "the results are used", name=_name(p), declared=_points(declared), plus=plus,
                  total=_points(Fraction(total, unit) + extra)),
                p.where,
            )


def _unit(sc: Scoring) -> int:
    """Denominator that makes every value of the scoring a whole number."""
    values = [sc.points(kind, color) for kind in Kind for color in (None, *Color)]
    return math.lcm(*(Fraction(v).denominator for v in values))
