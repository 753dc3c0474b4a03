"""Consistency check of a tournament, in plain language, naming the place of each problem.

Errors (the results cannot be right) stop the computation; warnings are reported beside it.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from xl_tiebreak.model import Kind, Participant, Problem, Record, Severity, Tournament
from xl_tiebreak.numbers import fmt

_MIRROR = {
    Kind.WIN: {Kind.LOSS},
    Kind.LOSS: {Kind.WIN},
    Kind.DRAW: {Kind.DRAW},
    Kind.FORFEIT_WIN: {Kind.FORFEIT_LOSS},
    Kind.FORFEIT_LOSS: {Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS},
}
"""What the opponent's record must say for each paired result."""


def _error(message: str, where: str) -> Problem:
    return Problem(Severity.ERROR, message, where)


def _warning(message: str, where: str) -> Problem:
    return Problem(Severity.WARNING, message, where)


def _name(p: Participant) -> str:
    return f"#{p.start_no} {p.name}".strip()


def _describe(rec: Record) -> str:
    if rec.opponent is None:
        return rec.kind.value
    return f"{rec.kind.value} against #{rec.opponent}"


def check(tournament: Tournament) -> list[Problem]:
    """Every problem found, errors first in input order, then warnings."""
    problems = list(_identity_problems(tournament))
    problems.extend(_pairing_problems(tournament))
    problems.extend(_bye_problems(tournament))
    problems.extend(_points_problems(tournament))
    errors = [p for p in problems if p.severity is Severity.ERROR]
    warnings = [p for p in problems if p.severity is Severity.WARNING]
    return errors + warnings


def _identity_problems(t: Tournament) -> Iterator[Problem]:
    """Duplicate start numbers, and games said to be played without an opponent."""
    first: dict[int, Participant] = {}
    for p in t.participants:
        if p.start_no in first:
            other = first[p.start_no]
            yield _error(
                f"start number {p.start_no} is used twice ({_name(other)}"
                f"{', ' + other.where if other.where else ''} and {_name(p)})",
                p.where,
            )
        first.setdefault(p.start_no, p)
        for r, rec in enumerate(p.rounds, start=1):
            if rec.kind.played and rec.opponent is None:
                yield _error(f"{_name(p)} has a {rec.kind.value} in round {r} but no opponent",
                             rec.where or p.where)


def _pairing_problems(t: Tournament) -> Iterator[Problem]:
    by_no = t.by_start_no()
    for p in t.participants:
        for r, rec in enumerate(p.rounds, start=1):
            if rec.opponent is None:
                continue
            where = rec.where or p.where
            if rec.opponent == p.start_no:
                yield _error(f"{_name(p)} is paired with himself in round {r}", where)
                continue
            q = by_no.get(rec.opponent)
            if q is None:
                yield _error(
                    f"{_name(p)} has an unknown opponent #{rec.opponent} in round {r}", where
                )
                continue
            back = q.record(r)
            if back.opponent != p.start_no:
                if back.opponent is None:
                    said = f"says {back.kind.value}"
                else:
                    said = f"names #{back.opponent} as the opponent"
                yield _error(
                    f"{_name(p)} is paired with {_name(q)} in round {r}, but {_name(q)}'s "
                    f"round {r} ({back.where or q.where}) {said}",
                    where,
                )
            elif back.kind not in _MIRROR.get(rec.kind, set()):
                # report each mismatched pair once, from the lower start number
                if p.start_no < q.start_no:
                    yield _error(
                        f"results do not mirror in round {r}: {_name(p)} has "
                        f"'{_describe(rec)}' but {_name(q)} ({back.where or q.where}) has "
                        f"'{_describe(back)}'",
                        where,
                    )
            elif (
                rec.kind.played
                and rec.color is not None
                and rec.color is back.color
                and p.start_no < q.start_no
            ):
                yield _warning(
                    f"{_name(p)} and {_name(q)} both have {rec.color.name.lower()} in round {r}",
                    where,
                )


def _bye_problems(t: Tournament) -> Iterator[Problem]:
    by_round: dict[int, list[Participant]] = {}
    for p in t.participants:
        for r, rec in enumerate(p.rounds, start=1):
            if rec.kind is Kind.PAB:
                by_round.setdefault(r, []).append(p)
    for r, pabs in sorted(by_round.items()):
        if len(pabs) > 1:
            names = ", ".join(_name(p) for p in pabs)
            where = pabs[1].record(r).where or pabs[1].where
            yield _error(
                f"round {r} has {len(pabs)} pairing-allocated byes ({names}); "
                "there can be at most one",
                where,
            )


def _points_problems(t: Tournament) -> Iterator[Problem]:
    sc = t.scoring
    for p in t.participants:
        if p.declared_points is None:
            continue
        total = sum((sc.points(rec.kind, rec.color) for rec in p.rounds), Fraction(0))
        if total != p.declared_points:
            yield _warning(
                f"{_name(p)} declares {fmt(p.declared_points)} points but the results add up "
                f"to {fmt(total)}; the results are used",
                p.where,
            )
