"""The core façade: one checked tournament, evaluated under one rule set, for any question.

:class:`Evaluation` checks a tournament once, resolves the rule set and answers, for as many
tie-breaks and orders as asked: the problems found, the value of a tie-break for every
participant or one, its explanation, the points, and the standings for a tie-break order. The
worksheet functions and the command line ask it;
:func:`xl_tiebreak.standings.final.compute_standings`
is built on it.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.model.tournament import (
    InputError,
    Participant,
    Problem,
    Severity,
    Tournament,
    TournamentType,
)
from xl_tiebreak.standings.check import check
from xl_tiebreak.standings.ranking import Standings, rank
from xl_tiebreak.standings.withdrawals import Withdrawals, round_robin_withdrawals
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_descriptor, parse_order
from xl_tiebreak.tiebreaks.engine import Engine, Explanation, Value
from xl_tiebreak.tiebreaks.presets import PRESETS
from xl_tiebreak.tiebreaks.rules import RuleSet, resolve_rules, rules_in_force, rules_note

DEFAULT_SWISS = PRESETS["fide-open"].order
"""Default tie-break list for a Swiss without a declared list (the ``fide-open`` preset)."""
DEFAULT_ROUND_ROBIN = PRESETS["round-robin"].order
"""Default tie-break list for a round robin without a declared list (``round-robin`` preset)."""

Order = str | Sequence[str] | Sequence[Descriptor] | None
"""A tie-break order: ``"BH/C1,BH,SB"``, a list of texts or descriptors; None or empty: the
tournament's declared list, else the default for its type."""


class Evaluation:
    """A tournament checked once and evaluated under one rule set, after ``after_round``.

    Raises InputError when the check finds errors, the rule set is unknown or ``after_round``
    is outside the event. ``unrated_rating``: rating used for unrated participants in
    rating-based tie-breaks (None: such tie-breaks are skipped when someone is unrated).
    """

    rounds_known = True
    """False when the input has no rounds (a team round-robin grid): no crosstable by round."""

    def __init__(
        self,
        tournament: Tournament,
        rules: str | RuleSet | None = "auto",
        after_round: int | None = None,
        unrated_rating: int | None = None,
        withdrawals: Withdrawals | str | None = None,
    ) -> None:
        warnings = self._start(check(tournament), rules, tournament.start_date, after_round,
                               tournament.rounds, "tournament")
        tournament, withdrawn = round_robin_withdrawals(tournament, self.rules, withdrawals,
                                                        after_round)
        warnings += withdrawn
        self.tournament = tournament
        if after_round is None and tournament.played_rounds is not None:
            after_round = tournament.played_rounds  # later rounds only hold pre-entered byes
        self.engine = Engine(tournament, self.rules, after_round, unrated_rating)
        self.problems: list[Problem] = warnings + tournament.notes + self._rule_warnings()
        """Warnings about the tournament (the check's, then the reader's choices: blank rounds,
        rounds not yet played, dates) and the rule set (errors raise instead)."""

    def _start(
        self, found: list[Problem], rules: str | RuleSet | None,
        start_date: datetime.date | None, after_round: int | None, rounds: int, what: str,
    ) -> list[Problem]:
        """The first steps of every evaluation (individual or team): refuse the errors the
        check ``found``, resolve the rule set, check ``after_round`` against the ``rounds`` of
        the ``what`` (tournament, event); returns the check's warnings."""
        errors = [p for p in found if p.severity is Severity.ERROR]
        if errors:
            raise InputError(errors)
        self.rules = resolve_rules(rules, start_date)
        """The rule set used."""
        self.rules_note = rules_note(rules, start_date)
        """How the rule set was chosen (``auto: rules in force on the start date …``)."""
        if after_round is not None and not 0 <= after_round <= rounds:
            raise InputError(f"after round {after_round}: the {what} has {rounds} rounds")
        self._standings: dict[tuple[Descriptor | int, ...], Standings] = {}
        self._by_start_no: dict[Descriptor, dict[int, Value]] = {}
        return [p for p in found if p.severity is Severity.WARNING]

    @property
    def rounds(self) -> int:
        """Rounds taken into account."""
        return self.engine.rounds

    @property
    def participants(self) -> list[Participant]:
        """The participants, in the tournament's order (the engine's index order)."""
        return self.tournament.participants

    def index(self, start_no: int) -> int:
        """Index of a start number in :attr:`participants`; InputError when unknown."""
        try:
            return self.engine.index_of(start_no)
        except KeyError:
            raise InputError(f"no participant with start number {start_no}") from None

    def participant(self, start_no: int) -> Participant:
        """The participant with a start number; InputError when unknown."""
        return self.tournament.participants[self.index(start_no)]

    def points(self, start_no: int) -> Fraction:
        """The participant's score after :attr:`rounds` rounds."""
        return self.engine.points(self.index(start_no))

    # ---------------------------------------------------------------- values
    def values(self, descriptor: Descriptor | str) -> dict[int, Value]:
        """The value of a tie-break for every start number. A group tie-break (DE) has a value
        only inside a standings order: here the standings ordered by it alone (its place in the
        tied group on points; None where it decided nothing)."""
        d = self.parse(descriptor)
        found = self._by_start_no.get(d)
        if found is None:
            parts = self.tournament.participants
            if d.tiebreak.group:
                found = {r.participant.start_no: r.values[0] for r in self.standings([d]).rows}
            else:
                column = self.engine.values(d)
                found = {p.start_no: column[i] for i, p in enumerate(parts)}
            self._by_start_no[d] = found
        return found

    def value(self, descriptor: Descriptor | str, start_no: int) -> Value:
        """The value of a tie-break for one participant (see :meth:`values`)."""
        self.index(start_no)
        return self.values(descriptor)[start_no]

    def explain(self, descriptor: Descriptor | str | int, start_no: int,
                order: Order = None) -> Explanation:
        """How a participant's value was obtained. A group tie-break is explained at its place
        in ``order`` (default: the standings ordered by it alone); ``descriptor`` may then be a
        position in that order."""
        self.index(start_no)
        if isinstance(descriptor, int):
            return self.standings(order).explain(start_no, descriptor)
        d = self.parse(descriptor)
        if not d.tiebreak.group:
            return self.engine.explain(d, start_no)
        standings = self.standings([d] if order is None else order)
        return standings.explain(start_no, d)

    def skips(self, descriptor: Descriptor | str) -> bool:
        """True when a rating-based tie-break is skipped (unrated participants, Art. 10)."""
        return self.engine.skips(self.parse(descriptor))

    def parse(self, descriptor: Descriptor | str) -> Descriptor:
        """A descriptor as given, or parsed from its text for this event."""
        return _descriptor(descriptor)

    # ---------------------------------------------------------------- standings
    def descriptors(self, order: Order = None) -> list[Descriptor]:
        """The tie-break list of an order (see :data:`Order`); ``PTS`` entries dropped."""
        return self.order(order)[0]

    def order(self, order: Order = None) -> tuple[list[Descriptor], int]:
        """The tie-break list of an order and the number of its tie-breaks ranked before the
        points (``PTS`` where it stands: ``WIN,PTS,BH`` → 1; 0 when absent or first)."""
        t = self.tournament
        if order is None or (isinstance(order, str) and not order.strip()):
            if t.tiebreaks:
                try:
                    return parse_order(t.tiebreaks)
                except InputError as exc:
                    where = t.tiebreaks_where or t.source
                    raise InputError([p.replace(where=p.where or where)
                                      for p in exc.problems]) from None
            predetermined = t.type is TournamentType.PREDETERMINED
            return parse_order(DEFAULT_ROUND_ROBIN if predetermined else DEFAULT_SWISS)
        if isinstance(order, str):
            return parse_order(order)
        items = list(order)
        if all(isinstance(x, Descriptor) for x in items):
            listed = [x for x in items if isinstance(x, Descriptor)]
            codes = [x.code for x in listed]
            at = codes.index("PTS") if "PTS" in codes else 0
            return [x for x in listed if x.code != "PTS"], at
        return parse_order([str(x) for x in items])

    def standings(self, order: Order = None) -> Standings:
        """The standings for a tie-break order (cached per list of descriptors)."""
        descriptors, points_at = self.order(order)
        key: tuple[Descriptor | int, ...] = (*descriptors, points_at)
        found = self._standings.get(key)
        if found is None:
            warnings = self.problems + self.advice(descriptors)
            found = Standings(self.tournament, descriptors, self.rules, self.rounds,
                              rank(self.engine, descriptors, points_at), warnings, self.engine,
                              self.rules_note, self, points_at=points_at)
            self._standings[key] = found
        return found

    def advice(self, descriptors: Sequence[Descriptor]) -> list[Problem]:
        """Warnings about a tie-break list itself: a code listed twice, the rating rule, the
        warnings of the registry rows (Buchholz-type in a round robin, KS in a Swiss)."""
        out = []
        seen = set()
        listed: set[str] = set()
        predetermined = self.engine.predetermined
        for d in descriptors:
            row = d.tiebreak
            if not row.group and d.canonical in listed:
                out.append(Problem(Severity.WARNING, f"{d.label} is listed twice; only DE may "
                                                     "appear more than once (Art. 6)"))
            listed.add(d.canonical)
            if row.rating_based and self.engine.skips(d):
                text = self.engine.skip_reason(d)
                if text not in seen:
                    seen.add(text)
                    out.append(Problem(Severity.WARNING, text))
            if row.round_robin_warning and predetermined and d.code not in seen:
                seen.add(d.code)
                out.append(Problem(Severity.WARNING, f"{d.label}: {row.round_robin_warning}"))
            if row.swiss_warning and not predetermined and d.code not in seen:
                seen.add(d.code)
                out.append(Problem(Severity.WARNING, row.swiss_warning))
        return out

    def _rule_warnings(self) -> list[Problem]:
        t = self.tournament
        out = []
        in_force = rules_in_force(t.start_date)
        if (t.start_date is not None and self.rules is not in_force
                and self.rules.policy.dated):
            out.append(Problem(
                Severity.WARNING,
                f"rules {self.rules.label} chosen, but the event started on "
                f"{_iso(t.start_date)} when {in_force.label} was in force",
            ))
        if t.unread_date is not None and t.start_date is None:
            how = ("auto, without a start date" if self.rules_note.startswith("auto")
                   else "chosen by the user")
            out.append(t.unread_date.replace(
                message=f"{t.unread_date.message}: rules {self.rules.label} used ({how}); "
                        "give the start date (--start-date, Settings 'Start date') if the "
                        "event started before 2026-03-01",
            ))
        return out + inferred_type_note(t)


def inferred_type_note(t: Tournament) -> list[Problem]:
    """The warning that the event is treated as a round robin though its input does not say
    so (empty when the type was given)."""
    if not t.type_inferred:
        return []
    return [Problem(
        Severity.WARNING,
        "treated as a round robin (pre-determined pairings, Art. 15.2): the input does "
        "not say, and every participant met every other equally often",
        t.source,
    )]


def _iso(day: datetime.date) -> str:
    return day.isoformat()


def _descriptor(descriptor: Descriptor | str) -> Descriptor:
    return descriptor if isinstance(descriptor, Descriptor) else parse_descriptor(descriptor)
