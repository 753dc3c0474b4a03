"""Withdrawals from a round robin, as the FIDE Tournament Rules treat them (C.06 Art. 5.4).

C.06 5.4.1: a player who leaves a round robin having completed fewer than half of his games
keeps his results in the tournament table, but the points scored by him or against him do not
count in the final standings. 5.4.2: with at least half completed, everything counts (his
unplayed games are forfeits). :func:`round_robin_withdrawals` gives the event to rank: without
the participants of 5.4.1 (each game against one of them becomes, for the opponent, a round
without a game that counts nothing, as a rest round), and the warnings that say whom the rule
set aside or kept, and why (docs/decisions.md D83).

A file does not say that a participant withdrew: one is taken as withdrawn when every round
from some round to the last round played is unplayed and scores him nothing (zero-point byes,
absences, forfeit losses), and the warning says so.
"""

from __future__ import annotations

import enum
from fractions import Fraction

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.language import translate
from xl_tiebreak.model.tournament import (
    Kind,
    Participant,
    Problem,
    Record,
    Severity,
    Tournament,
    TournamentType,
)
from xl_tiebreak.tiebreaks.rules import RuleSet

RULE = N_("FIDE Tournament Rules C.06 Art. 5.4")
"""Where the rule is written."""


class Withdrawals(enum.Enum):
    """What a round robin does with the results of a participant who withdrew."""

    COUNT = "count"
    """Every result counts as played (C.06 not applied)."""
    ANNUL = "annul"
    """C.06 5.4: fewer than half of his games completed: his results and those against him are
    not counted; otherwise they count."""

    @classmethod
    def parse(cls, text: str) -> Withdrawals:
        """``count`` or ``annul`` (any case); ValueError otherwise."""
        key = text.strip().lower()
        for member in cls:
            if member.value == key:
                return member
        raise ValueError(f"round-robin withdrawals {text!r}: expected count or annul")


def default_for(rules: RuleSet) -> Withdrawals:
    """C.06 is FIDE's: on under every FIDE rule set, off under US Chess rules."""
    return Withdrawals.COUNT if rules is RuleSet.USCF else Withdrawals.ANNUL


_NOTHING = (Kind.ZPB, Kind.FORFEIT_LOSS)
"""Rounds that neither give a game nor score anything for the participant."""


def _last_played_round(t: Tournament) -> int:
    """The last round with a result (rounds after it hold only pre-entered byes)."""
    return t.played_rounds if t.played_rounds is not None else t.rounds


def withdrawn_after(p: Participant, last: int) -> int | None:
    """The last round ``p`` took part in when every later round up to ``last`` is unplayed and
    scores nothing (the rounds of a withdrawal), else None; 0 when he played no round."""
    r = last
    while r >= 1 and p.record(r).kind in _NOTHING:
        r -= 1
    return r if r < last else None


def scheduled_rounds(t: Tournament) -> int:
    """The rounds of the whole round robin: every cycle complete (n − 1 rounds a cycle for an
    even field of n, n for an odd one), or the rounds the event declares when more."""
    n = len(t.participants)
    per_cycle = n if n % 2 else n - 1
    cycles = max(1, -(-t.rounds // max(per_cycle, 1)))
    return max(per_cycle * cycles, t.scheduled_rounds or 0)


def scheduled_games(t: Tournament) -> int:
    """The games each participant is scheduled to play: one against every other participant
    in every cycle of the round robin (a cycle: n − 1 rounds for an even field of n, n rounds
    for an odd one)."""
    n = len(t.participants)
    if n < 2:
        return 0
    per_cycle = n if n % 2 else n - 1
    cycles = max(1, -(-t.rounds // per_cycle))
    return (n - 1) * cycles


def round_robin_withdrawals(
    t: Tournament, rules: RuleSet, mode: Withdrawals | str | None = None,
    after_round: int | None = None,
) -> tuple[Tournament, list[Problem]]:
    """The round robin ``t`` to rank under C.06 5.4, and the warnings naming each participant
    taken as withdrawn and what the rule did. ``mode``: None for the rule set's default
    (:func:`default_for`). A Swiss, or ``count``, is returned unchanged, with no warning; so
    are standings that are not final (``after_round`` before the last round, or an event
    whose schedule has rounds still to play): 5.4 speaks of the final standings, and an
    absence in the rounds played so far is not yet a withdrawal."""
    if isinstance(mode, str):
        mode = Withdrawals.parse(mode)
    if mode is None:
        mode = default_for(rules)
    if t.type is not TournamentType.PREDETERMINED or mode is Withdrawals.COUNT:
        return t, []
    last = _last_played_round(t)
    if (after_round is not None and after_round < last) or last < scheduled_rounds(t):
        return t, []
    scheduled = scheduled_games(t)
    annulled: set[int] = set()
    warnings: list[Problem] = []
    for p in t.participants:
        after = withdrawn_after(p, last)
        if after is None:
            continue
        completed = sum(1 for r in range(1, after + 1) if p.record(r).kind.played)
        who = f"#{p.start_no} {p.name}".rstrip()
        if Fraction(completed, max(scheduled, 1)) < Fraction(1, 2):
            annulled.add(p.start_no)
            warnings.append(Problem(Severity.WARNING, _(
                "{who}: no game from round {round} on, taken as withdrawn; {completed} of "
                "{scheduled} games completed, fewer than half: his results and those against "
                "him are not counted in the standings ({rule}.1; --rr-withdrawals count counts "
                "them)", who=who, round=after + 1, completed=completed, scheduled=scheduled,
                rule=translate(RULE))))
        else:
            warnings.append(Problem(Severity.WARNING, _(
                "{who}: no game from round {round} on, taken as withdrawn; {completed} of "
                "{scheduled} games completed, at least half: his results count, the games he "
                "did not play as forfeits ({rule}.2)", who=who, round=after + 1,
                completed=completed, scheduled=scheduled, rule=translate(RULE))))
    if not annulled:
        return t, warnings
    kept = [p.replace(rounds=[_without(rec, annulled) for rec in p.rounds],
                      declared_points=None, declared_rank=None)
            for p in t.participants if p.start_no not in annulled]
    return t.replace(participants=kept), warnings


def _without(rec: Record, annulled: set[int]) -> Record:
    """A record with a game against a participant set aside made a round without a game that
    counts nothing: a zero-point round that still names him, which the engine reads as a rest
    round of the schedule (:data:`xl_tiebreak.tiebreaks.unplayed.SET_ASIDE`)."""
    if rec.opponent is None or rec.opponent not in annulled:
        return rec
    return Record(Kind.ZPB, rec.opponent, where=rec.where)
