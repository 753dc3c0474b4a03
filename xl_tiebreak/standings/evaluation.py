"""The core façade: one checked event, evaluated under one rule set, for any question.

:class:`Evaluation` checks an event once (an individual tournament or a team event), resolves
the rule set and answers, for as many tie-breaks and orders as asked: the problems found, the
value of a tie-break for every participant or one, its explanation, the points, and the
standings for a tie-break order (cached per order). The worksheet functions and the command
line ask it; :func:`xl_tiebreak.standings.final.compute_standings` is built on it.

A team event is ranked in the order of its tie-break list: a score it names (``MPTS``,
``GPTS``; ``PTS`` for the primary score) stands where it is written, and a list naming none
starts with the primary score (docs/decisions.md D88).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _, _n
from xl_tiebreak.i18n.conventions import date_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import (
    InputError,
    Participant,
    Problem,
    Severity,
    Tournament,
    TournamentType,
)
from xl_tiebreak.standings.check import check
from xl_tiebreak.standings.rows import Row, rank
from xl_tiebreak.standings.withdrawals import Withdrawals, round_robin_withdrawals
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_descriptor, parse_order
from xl_tiebreak.tiebreaks.engine import Engine, Explanation, Value
from xl_tiebreak.tiebreaks.presets import PRESETS
from xl_tiebreak.tiebreaks.rules import (
    FIDE2026_START,
    RuleSet,
    resolve_rules,
    rules_in_force,
    rules_note,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.model.teams import Score, TeamEvent
    from xl_tiebreak.tiebreaks.team_engine import TeamEngine

DEFAULT_SWISS = PRESETS["fide-open"].order
"""Default tie-break list for a Swiss without a declared list (the ``fide-open`` preset)."""
DEFAULT_ROUND_ROBIN = PRESETS["round-robin"].order
"""Default tie-break list for a round robin without a declared list (``round-robin`` preset)."""
NO_POINTS = -1
"""``points_at`` of an order that ranks by its own score items alone (a team list naming MPTS or
GPTS)."""
DEFAULT_TEAM_SWISS = PRESETS["team-swiss"].order
"""Default order of a team Swiss without a declared list."""
DEFAULT_TEAM_ROUND_ROBIN = PRESETS["team-round-robin"].order
"""Default order of a team round robin without a declared list."""

Order = str | Sequence[str] | Sequence[Descriptor] | None
"""A tie-break order: ``"BH/C1,BH,SB"``, a list of texts or descriptors; None or empty: the
tournament's declared list, else the default for its type."""


class Evaluation:
    """An event (an individual tournament or a team event) checked once and evaluated under
    one rule set, after ``after_round``; the standings of each order are computed once.

    Raises InputError when the check finds errors, the rule set is unknown or ``after_round``
    is outside the event. ``unrated_rating``: rating used for unrated participants in
    rating-based tie-breaks (None: such tie-breaks are skipped when someone is unrated; team
    events have none). ``Evaluation(team_event)`` is a :class:`TeamEvaluation`.
    """

    rounds_known = True
    """False when the input has no rounds (a team round-robin grid): no crosstable by round."""
    team = False
    """True for a team event."""

    def __new__(cls, event: Tournament | TeamEvent | None = None, *args: object,
                **kwargs: object) -> Evaluation:
        # a team event's evaluation is a TeamEvaluation, so that isinstance tells the kinds
        # apart (no event: unpickling, which restores the class it saved)
        if cls is Evaluation and event is not None and not isinstance(event, Tournament):
            cls = TeamEvaluation
        return super().__new__(cls)

    def __init__(
        self,
        event: Tournament | TeamEvent,
        rules: str | RuleSet | None = "auto",
        after_round: int | None = None,
        unrated_rating: int | None = None,
        withdrawals: Withdrawals | str | None = None,
    ) -> None:
        if not isinstance(event, Tournament):
            self._init_team(event, rules, after_round)
            return
        tournament = event
        warnings = self._start(check(tournament), rules, tournament.start_date, after_round,
                               tournament.rounds, "tournament")
        self.event: Tournament | TeamEvent = tournament
        """The event as read (for a team event, :attr:`tournament` is its teams as
        participants)."""
        tournament, withdrawn = round_robin_withdrawals(tournament, self.rules, withdrawals,
                                                        after_round)
        warnings += withdrawn
        self.tournament = tournament
        if after_round is None and tournament.played_rounds is not None:
            after_round = tournament.played_rounds  # later rounds only hold pre-entered byes
        self.engine: Engine = Engine(tournament, self.rules, after_round, unrated_rating)
        self.problems: list[Problem] = warnings + tournament.notes + self._rule_warnings()
        """Warnings about the event (the check's, then the reader's choices: blank rounds,
        rounds not yet played, dates) and the rule set (errors raise instead)."""

    def _init_team(self, event: TeamEvent, rules: str | RuleSet | None,
                   after_round: int | None) -> None:
        """The team event's part of :meth:`__init__`."""
        from xl_tiebreak.standings.team_check import check_event
        from xl_tiebreak.tiebreaks.team_engine import TeamEngine

        if not event.rounds_known and after_round is not None:
            raise InputError(_("after round: the input has no rounds (a round-robin grid); "
                               "give the rounds in a team crosstable for intermediate "
                               "standings"), event.source)
        warnings = self._start(check_event(event), rules, event.start_date, after_round,
                               event.rounds, "event")
        self.team = True
        self.event = event
        self.rounds_known = event.rounds_known
        engine = TeamEngine(event, self.rules, after_round)
        self.engine = engine
        self.tournament = engine.tournament
        self.problems = warnings + [Problem(Severity.WARNING, n, event.source)
                                    for n in event.notes]
        self.problems += self._rule_warnings()

    def _team_event(self) -> TeamEvent:
        """The team event (only asked when :attr:`team`)."""
        event = self.event
        assert not isinstance(event, Tournament)
        return event

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
            raise InputError(
                _("after round {k}: the event has {n} rounds", k=after_round, n=rounds)
                if what == "event" else
                _("after round {k}: the tournament has {n} rounds", k=after_round, n=rounds))
        self._standings: dict[tuple[object, ...], Standings] = {}
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
            raise InputError(_("no participant with start number {no}", no=start_no)) \
                from None

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
        """A descriptor as given, or parsed from its text for this event (a team event's codes
        without score type on its primary score)."""
        if not self.team:
            return _descriptor(descriptor)
        d = descriptor if isinstance(descriptor, Descriptor) else parse_descriptor(
            descriptor, self._team_event().primary)
        self.refuse_without_rounds(d)
        return d

    def refuse_without_rounds(self, d: Descriptor) -> None:
        """InputError for a tie-break that depends on the order of the rounds when the input
        has none (a round-robin grid; docs/decisions.md D58)."""
        if not self.rounds_known and (d.tiebreak.round_order or d.fore):
            raise InputError(_("{label} depends on the order of the rounds, and a round-robin "
                               "grid has none; give the rounds in a team crosstable",
                               label=d.label), self.event.source)

    # ---------------------------------------------------------------- standings
    def descriptors(self, order: Order = None) -> list[Descriptor]:
        """The tie-break list of an order (see :data:`Order`); ``PTS`` entries dropped."""
        return self.order(order)[0]

    def order(self, order: Order = None) -> tuple[list[Descriptor], int]:
        """The tie-break list of an order and the number of its tie-breaks ranked before the
        points (``PTS`` where it stands: ``WIN,PTS,BH`` → 1; 0 when absent or first). For a
        team event the points are the first score the list names (``WIN:MP,MPTS,GPTS`` → 1)."""
        resolved = self.resolve(order)
        return resolved.descriptors, resolved.points_at

    def resolve(self, order: Order = None) -> Resolved:
        """An order read for this event: its descriptors, where the points rank, which score
        they are (team events) and the notes on how that was chosen."""
        if self.team:
            return self._resolve_team(order)
        t = self.tournament
        if order is None or (isinstance(order, str) and not order.strip()):
            if t.tiebreaks:
                try:
                    return Resolved(*parse_order(t.tiebreaks))
                except InputError as exc:
                    where = t.tiebreaks_where or t.source
                    raise InputError([p.replace(where=p.where or where)
                                      for p in exc.problems]) from None
            predetermined = t.type is TournamentType.PREDETERMINED
            return Resolved(*parse_order(DEFAULT_ROUND_ROBIN if predetermined else DEFAULT_SWISS))
        if isinstance(order, str):
            return Resolved(*parse_order(order))
        items = list(order)
        if all(isinstance(x, Descriptor) for x in items):
            listed = [x for x in items if isinstance(x, Descriptor)]
            codes = [x.code for x in listed]
            at = codes.index("PTS") if "PTS" in codes else 0
            return Resolved([x for x in listed if x.code != "PTS"], at)
        return Resolved(*parse_order([str(x) for x in items]))

    def _resolve_team(self, order: Order) -> Resolved:
        """:meth:`resolve` for a team event (docs/decisions.md D88)."""
        event = self._team_event()
        given: str | Sequence[str] | Sequence[Descriptor]
        if order is None or (isinstance(order, str) and not order.strip()):
            if event.tiebreaks:
                given = list(event.tiebreaks)
            else:
                predetermined = event.type is TournamentType.PREDETERMINED
                given = DEFAULT_TEAM_ROUND_ROBIN if predetermined else DEFAULT_TEAM_SWISS
        else:
            given = order
        resolved = _score_order(given, event)
        for d in resolved.descriptors:
            self.refuse_without_rounds(d)
        return resolved

    def standings(self, order: Order = None) -> Standings:
        """The standings for a tie-break order (cached per list of descriptors and place of
        the points)."""
        resolved = self.resolve(order)
        descriptors, points_at = resolved.descriptors, resolved.points_at
        if not self.team:
            refuse_manual_without_values(self.tournament, descriptors)
        key: tuple[object, ...] = (*descriptors, points_at)
        found = self._standings.get(key)
        if found is None:
            warnings = self.problems + resolved.notes + self.advice(descriptors)
            found = Standings(self.tournament, descriptors, self.rules, self.rounds,
                              rank(self.engine, descriptors, points_at), warnings, self.engine,
                              self.rules_note, self, points_at=points_at,
                              primary=resolved.primary)
            self._standings[key] = found
        return found

    def advice(self, descriptors: Sequence[Descriptor]) -> list[Problem]:
        """Warnings about a tie-break list itself: a code listed twice, the rating rule, the
        warnings of the registry rows (Buchholz-type in a round robin, KS in a Swiss); for a
        team event also the team ones (:func:`xl_tiebreak.standings.team_check.team_advice`)."""
        out = self._advice(descriptors)
        if self.team:
            from xl_tiebreak.standings.team_check import team_advice
            from xl_tiebreak.tiebreaks.team_engine import TeamEngine

            assert isinstance(self.engine, TeamEngine)
            out += team_advice(self.engine, descriptors)
        return out

    def _advice(self, descriptors: Sequence[Descriptor]) -> list[Problem]:
        out = []
        seen = set()
        listed: set[str] = set()
        predetermined = self.engine.predetermined
        for d in descriptors:
            row = d.tiebreak
            if not row.group and d.canonical in listed:
                out.append(Problem(Severity.WARNING, _(
                    "{label} is listed twice; only DE may appear more than once (Art. 6)",
                    label=d.label)))
            listed.add(d.canonical)
            if row.rating_based and self.engine.skips(d):
                text = self.engine.skip_reason(d)
                if text not in seen:
                    seen.add(text)
                    out.append(Problem(Severity.WARNING, text))
            elif row.rating_based and not self.team:
                text = self.engine.rating_advice()  # which rating is used (D-E1)
                if text and text not in seen:
                    seen.add(text)
                    out.append(Problem(Severity.WARNING, text))
            if row.round_robin_warning and predetermined and d.code not in seen:
                seen.add(d.code)
                out.append(Problem(Severity.WARNING,
                                   f"{d.label}: {translated(row.round_robin_warning)}"))
            if row.swiss_warning and not predetermined and d.code not in seen:
                seen.add(d.code)
                out.append(Problem(Severity.WARNING, translated(row.swiss_warning)))
        return out

    def _rule_warnings(self) -> list[Problem]:
        t = self.tournament
        out = []
        in_force = rules_in_force(t.start_date)
        if (t.start_date is not None and self.rules is not in_force
                and self.rules.policy.dated):
            out.append(Problem(
                Severity.WARNING,
                _("rules {rules} chosen, but the event started on {date} when {in_force} was in "
                  "force", rules=self.rules.label, date=_iso(t.start_date),
                  in_force=in_force.label),
            ))
        if t.unread_date is not None and t.start_date is None:
            how = (_("auto, without a start date") if self.rules_note.startswith("auto")
                   else _("chosen by the user"))
            out.append(t.unread_date.replace(
                message=_("{message}: rules {rules} used ({how}); give the start date "
                          "(--start-date, Settings 'Start date') if the event started before "
                          "{date}", message=t.unread_date.message, rules=self.rules.label,
                          how=how, date=date_text(FIDE2026_START)),
            ))
        return out + inferred_type_note(t)


def refuse_manual_without_values(t: Tournament, descriptors: Sequence[Descriptor]) -> None:
    """InputError when the order names the manual order (``OTHER_MANUAL``) and no participant
    has a value for it: it would tie everyone, silently."""
    if any(d.code == "OTHER_MANUAL" for d in descriptors) and all(
            p.manual_order is None for p in t.participants):
        raise InputError(_(
            "OTHER_MANUAL (manual order, Swiss-Manager 5) is in the tie-break order, but no "
            "participant has a manual-order value: it would tie everyone. Give the values in a "
            "'Manual order' (Ordem manual) column or the TRF note lines, or take it out of the "
            "order"), t.tiebreaks_where or t.source)


def inferred_type_note(t: Tournament) -> list[Problem]:
    """The warning that the event is treated as a round robin though its input does not say
    so (empty when the type was given)."""
    if not t.type_inferred:
        return []
    return [Problem(
        Severity.WARNING,
        _("treated as a round robin (pre-determined pairings, Art. 15.2): the input does not "
          "say, and every participant met every other equally often"),
        t.source,
    )]


def _iso(day: datetime.date) -> str:
    return date_text(day)


def _descriptor(descriptor: Descriptor | str) -> Descriptor:
    return descriptor if isinstance(descriptor, Descriptor) else parse_descriptor(descriptor)


class Resolved:
    """A tie-break order read for one event: ``descriptors`` without the points item,
    ``points_at`` (how many of them rank before the points; :data:`NO_POINTS`: the points are
    not ranked, the list names the scores), ``primary`` (a team event's primary score: what
    ``Pts`` shows; None for an individual event) and ``notes`` (warnings on how the order was
    read)."""

    __slots__ = ("descriptors", "points_at", "primary", "notes")

    def __init__(self, descriptors: list[Descriptor], points_at: int = 0,
                 primary: Score | None = None, notes: list[Problem] | None = None) -> None:
        self.descriptors = descriptors
        self.points_at = points_at
        self.primary = primary
        self.notes: list[Problem] = [] if notes is None else notes


class TeamEvaluation(Evaluation):
    """An :class:`Evaluation` of a team event (what ``Evaluation(team_event)`` returns)."""

    event: TeamEvent
    engine: TeamEngine


def _score_of(d: Descriptor) -> Score | None:
    """The score a team list's score item ranks by: MP for MPTS, GP for GPTS (Art. 11.1);
    None for any other tie-break."""
    from xl_tiebreak.model.teams import Score

    if d.code == "MPTS":
        return Score.MP
    if d.code == "GPTS":
        return Score.GP
    return None


def _on_primary(d: Descriptor) -> bool:
    """True for the team tie-breaks computed on the primary score itself (EDE and its board
    forms, SSSC, MPvGP: the secondary score)."""
    return d.code.startswith("EDE") or d.code == "SSSC" or d.code == "MPVGP"


def _score_order(order: str | Sequence[str] | Sequence[Descriptor], event: TeamEvent
                 ) -> Resolved:
    """A team event's order (docs/decisions.md D88). The order of the list is the order of
    ranking: when it names a score (MPTS, GPTS) the teams are ranked by the list alone, each
    score where it stands; ``PTS`` is the primary score where it stands; a list naming none
    starts with the primary score. The primary score (the ``Pts`` column, codes without score
    type, EDE, SSSC, MPvGP) is the event's: the declared one, else match points (a team TRF's
    declared list starting with GPTS: game points). Notes say when the list ranks first by a
    score that is not the primary one."""
    primary = event.primary
    text: str | list[str] | None = None
    if not isinstance(order, str) and all(isinstance(x, Descriptor) for x in order):
        listed = [x for x in order if isinstance(x, Descriptor)]
        codes = [x.code for x in listed]
        pts_at: int | None = codes.index("PTS") if "PTS" in codes else None
        descriptors = [x for x in listed if x.code != "PTS"]
    else:
        text = order if isinstance(order, str) else [str(x) for x in order]
        descriptors, at = parse_order(text, primary)
        pts_at = at if at or _lists_pts(text) else None
    scores = [(k, score) for k, d in enumerate(descriptors)
              if (score := _score_of(d)) is not None]
    if pts_at is not None:
        return Resolved(descriptors, pts_at, primary)
    if not scores:
        return Resolved(descriptors, 0, primary, _undeclared(event))
    score_at, first = scores[0]
    code = descriptors[score_at].code
    notes: list[Problem] = []
    if first is not primary:
        on_primary = any(_on_primary(d) for d in descriptors) or (
            text is not None and parse_order(text, first)[0] != descriptors)
        if event.primary_from:
            notes.append(Problem(
                Severity.WARNING,
                _("the tie-break list ranks by {first} first ({code}) where the input declares "
                  "{primary} ({source}): ranked as the list says; Pts shows {primary}",
                  first=_score_name(first), code=code, primary=_score_name(primary),
                  source=event.primary_from)
                + (_(", on which EDE, SSSC, MPvGP and the codes without score type are read")
                   if on_primary else ""), event.source))
        elif on_primary:
            notes.append(Problem(
                Severity.WARNING,
                _("the input declares no primary score: {primary} is primary for EDE, SSSC, "
                  "MPvGP and the codes without score type, although the list ranks by {first} "
                  "first ({code}); give --primary {score} (or TRF 192, the Primary row) to make "
                  "it primary", primary=_score_name(primary), first=_score_name(first),
                  code=code, score=first.value), event.source))
    return Resolved(descriptors, NO_POINTS, primary, notes)


def _lists_pts(order: str | list[str]) -> bool:
    """True when an order lists ``PTS`` (``parse_order`` gives 0 both for PTS first and for
    no PTS)."""
    items = order if isinstance(order, list) else order.replace(";", ",").split(",")
    return any(item.strip().upper() == "PTS" for item in items)


def _score_name(score: Score) -> str:
    """``match points`` or ``game points`` in the language in force."""
    return _("match points") if score.value == "MP" else _("game points")


def _undeclared(event: TeamEvent) -> list[Problem]:
    """The note that the points ranked first are the default match points: the input declares
    no primary score and the list names none (empty otherwise)."""
    if event.primary_from:
        return []
    return [Problem(Severity.WARNING,
                    _("ranked by {score} first: the input declares no primary score (TRF 192, "
                      "the Primary row or --primary) and the tie-break list names neither MPTS "
                      "nor GPTS", score=_score_name(event.primary)), event.source)]


class Standings:
    """The result of a computation: sorted rows, the rule set used and the warnings.

    ``rules_note``: how the rule set was chosen (``auto: start date 2024-08-01``);
    ``evaluation``: the evaluation these standings came from (ask it for other values of the
    same event); ``points_at``: number of tie-breaks ranked before the points (TRF26
    ``212 WIN,PTS,BH``: 1), 0 for the usual points-first order. The engine the values came
    from is private: per-value callers ask :attr:`evaluation`. Compared (and shown) by the
    fields a dataclass of them would compare: neither the engine nor the evaluation."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, tournament: Tournament, descriptors: list[Descriptor], rules: RuleSet,
                 rounds: int, rows: list[Row], warnings: list[Problem], _engine: Engine,
                 rules_note: str = "", evaluation: Evaluation | None = None,
                 _by_start_no: dict[int, Row] | None = None, points_at: int = 0,
                 primary: Score | None = None) -> None:
        self.tournament = tournament
        self.descriptors = descriptors
        self.rules = rules
        self.rounds = rounds
        self.rows = rows
        self.warnings = warnings
        self._engine = _engine
        self.rules_note = rules_note
        self.evaluation = evaluation
        self._by_start_no: dict[int, Row] = {} if _by_start_no is None else _by_start_no
        self.points_at = points_at
        self.primary = primary
        """A team event's primary score in these standings (what ``Pts`` shows,
        docs/decisions.md D88); None for an individual event."""

    def _compared(self) -> tuple[object, ...]:
        return (self.tournament, self.descriptors, self.rules, self.rounds, self.rows,
                self.warnings, self.rules_note, self.points_at)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Standings)
        return self._compared() == other._compared()

    def __repr__(self) -> str:
        return (f"Standings(tournament={self.tournament!r}, descriptors={self.descriptors!r}, "
                f"rules={self.rules!r}, rounds={self.rounds!r}, rows={self.rows!r}, "
                f"warnings={self.warnings!r}, rules_note={self.rules_note!r}, "
                f"points_at={self.points_at!r})")

    @property
    def scheduled_rounds(self) -> int | None:
        """Rounds scheduled for the event (TRF ``142``/``XXR``, Settings), if known."""
        return self.tournament.scheduled_rounds

    @property
    def partial(self) -> bool:
        """True when these are the standings of an event not over yet (or asked after an
        earlier round): :attr:`rounds` is less than the rounds scheduled or read. Every output
        then says :attr:`progress` (``after round 4 of 9``)."""
        return self.rounds < self.total_rounds

    @property
    def total_rounds(self) -> int:
        """The event's rounds: the scheduled ones, or the rounds read when more."""
        return max(self.scheduled_rounds or 0, self.tournament.rounds)

    @property
    def progress(self) -> str:
        """``after round 4 of 9`` for a partial event, else ``9 rounds``."""
        if self.partial:
            return _("after round {k} of {n}", k=self.rounds, n=self.total_rounds)
        return _n("{count} round", "{count} rounds", count=self.rounds)

    def row(self, start_no: int) -> Row:
        """The row of a start number (KeyError when unknown)."""
        if len(self._by_start_no) != len(self.rows):
            self._by_start_no = {r.participant.start_no: r for r in self.rows}
        return self._by_start_no[start_no]

    def value(self, start_no: int, label: str) -> Value:
        """The value in the column of a tie-break, by its label as given."""
        labels = [d.label for d in self.descriptors]
        return self.row(start_no).values[labels.index(label)]

    def explain(self, start_no: int, descriptor: Descriptor | int) -> Explanation:
        """Itemised computation of a value. ``descriptor``: one of this list's descriptors or
        its position (DE, which may be listed twice: the separate standings of the group still
        tied at that position)."""
        try:
            row = self.row(start_no)
        except KeyError:
            raise InputError(_("no participant with start number {no}", no=start_no)) \
                from None
        level: int | None
        if isinstance(descriptor, int):
            level, d = descriptor, self.descriptors[descriptor]
        else:
            d = descriptor
            level = self._level(d)
        explain_group = d.tiebreak.explain_group
        if explain_group is None:
            return self._engine.explain(d, start_no)
        if level is None:
            raise InputError(_("{label} is not in the tie-break list; a group-based "
                               "tie-break is explained at its place in the list", label=d.label))
        group = self.group_at(start_no, level)
        explained: Explanation = explain_group(self._engine, d, self._engine.index_of(start_no),
                                               group, row.values[level])
        return explained

    def group_at(self, start_no: int, level: int) -> list[int]:
        """Indices of the participants tied with ``start_no`` on points and the tie-breaks
        before position ``level`` of the list."""
        row = self.row(start_no)
        with_points = 0 <= self.points_at <= level  # the points rank before this tie-break

        def key(r: Row) -> tuple[object, ...]:
            return (r.points if with_points else None, r.values[:level])

        mine = key(row)
        return [self._engine.index_of(r.participant.start_no) for r in self.rows
                if key(r) == mine]

    def _level(self, d: Descriptor) -> int | None:
        """Position of a descriptor in the list: the same object first, else an equal one."""
        for k, x in enumerate(self.descriptors):
            if x is d:
                return k
        for k, x in enumerate(self.descriptors):
            if x == d:
                return k
        return None
