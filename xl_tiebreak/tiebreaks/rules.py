"""Rule sets for unplayed rounds, each a policy, and which one is in force on a date.

What differs between the regulations — the dummy opponent of one's own unplayed round and its
caps, the score an opponent's unplayed rounds leave for the tie-breaks of others, whether a
forfeit counts as a game in pre-determined pairings (15.2), the 16.5 cut order and the words used
in explanations — is read in one class per rule set: :class:`Fide2026Policy`,
:class:`Fide2023Policy`, :class:`Fide2009Policy`, :class:`UsChessPolicy`, reachable as
``RuleSet.X.policy``.

The policies work on a round table (:class:`RoundTable`, implemented by
:class:`xl_tiebreak.tiebreaks.unplayed.Context`) in integer *units* of ``1/den`` points.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Sequence

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import date_text
from xl_tiebreak.i18n.language import translate
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.tiebreaks.categories import Category

TYPE_CHECKING = False  # typing (for Protocol) only for the type checker: start-up time
if TYPE_CHECKING:
    from typing import Protocol

    class RoundTable(Protocol):
        """What a policy reads about a tournament: per-participant, per-round tables in units."""

        @property
        def rounds(self) -> int:
            """Rounds taken into account (k)."""

        @property
        def draw_units(self) -> int:
            """Points of a draw, in units."""

        @property
        def score(self) -> Sequence[int]:
            """S(P): actual score of each participant."""

        @property
        def adjusted(self) -> Sequence[int]:
            """AS(P): score of each participant seen by its opponents."""

        @property
        def pts(self) -> Sequence[Sequence[int]]:
            """Points of each participant in each round."""

        @property
        def cats(self) -> Sequence[Sequence[Category]]:
            """Art. 16.2 category of each participant's rounds."""

        @property
        def opps(self) -> Sequence[Sequence[int]]:
            """Opponent index per round, -1 when none or unknown."""

        def running(self, i: int) -> Sequence[int]:
            """Running score of i after each round."""

        def opposite(self, units: int) -> int:
            """Points of the opposite result."""


class Policy:
    """How one rule set treats unplayed rounds. Subclasses override what differs."""

    label = ""
    """The name shown to users: ``FIDE 2026``."""
    vur_cut_first = True
    """Art. 16.5 applies: a low cut removes a voluntary unplayed round first."""
    dummy_label = N_("dummy opponent")
    """What the opponent of one's own unplayed round is called in explanations."""
    counted_as_draws_rule = ""
    """The rule by which an opponent's unplayed rounds count as draws (older rules only)."""
    dated = True
    """A FIDE text in force for a period (:func:`rules_in_force` chooses among these); a rule
    set chosen against the start date is then warned about."""

    def forfeit_is_game(self, predetermined: bool) -> bool:
        """Art. 15.2 (2023+): in pre-determined pairings a forfeit counts as a game."""
        return predetermined

    def adjusted(self, cats: Sequence[Category], pts: Sequence[int], score: int,
                 draw_units: int) -> int:
        """Art. 16.3: the score opponents see: requested byes at the end (16.2.5) count as
        draws, every other round at face value."""
        at_end = Category.REQUESTED_BYE_AT_END
        if at_end not in cats:
            return score
        return sum(draw_units if c is at_end else u for c, u in zip(cats, pts))

    def dummy(self, table: RoundTable, i: int, r: int) -> tuple[int, str]:
        """Score (units) of the dummy opponent of i's unplayed round r, and the rule."""
        return table.score[i], _("own score (Art. 16.4)")

    def opponent_reason(self, table: RoundTable, opp: int) -> str:
        """Why an opponent's score counts as it does (explanations)."""
        cats = table.cats[opp]
        if table.adjusted[opp] != table.score[opp]:
            ends = [r + 1 for r, c in enumerate(cats) if c is Category.REQUESTED_BYE_AT_END]
            rounds = ", ".join(f"R{r}" for r in ends)
            return _("opponent's adjusted score: {rounds} counted as draws (Art. 16.3)",
                     rounds=rounds)
        if any(c.unplayed for c in cats):
            return _("opponent's score, unplayed rounds at face value (Art. 16.3)")
        return _("opponent's score")

    def dummy_reason(self, cat: Category, rule: str, voluntary: bool) -> str:
        """Why an unplayed round counts as it does (explanations)."""
        reason = _("category {article}; dummy = {rule}", article=cat.article, rule=rule)
        return reason + "; " + _("voluntary unplayed round") if voluntary else reason


class Fide2023Policy(Policy):
    """C.07 of Sept 2023 / April 2024 / Aug 2024: the dummy scores the player's own score."""

    label = "FIDE 2023/24"


class Fide2026Policy(Fide2023Policy):
    """C.07 in force from 1 March 2026: the dummy's score is capped (16.4.1, 16.4.2)."""

    label = "FIDE 2026"

    def dummy(self, table: RoundTable, i: int, r: int) -> tuple[int, str]:
        """16.4.1: a forfeit at the scheduled opponent's adjusted score; 16.4.2: any other
        unplayed round at draw points × rounds; an unknown scheduled opponent uses the 16.4.2
        cap (docs/decisions.md D7); after round k, the rounds are k (D6)."""
        own = table.score[i]
        cat = table.cats[i][r]
        opp = table.opps[i][r]
        if (cat is Category.FORFEIT_WIN or cat is Category.FORFEIT_LOSS) and opp >= 0:
            cap = table.adjusted[opp]
            return min(own, cap), _("min(own score, opponent's adjusted score) (Art. 16.4.1)")
        cap = table.draw_units * table.rounds
        return min(own, cap), _("min(own score, draw points × rounds) (Art. 16.4.2)")


class _UnplayedAsDraws(Policy):
    """Rules before 16.5: an opponent's unplayed rounds count as draws, cuts simply drop the
    lowest values, and forfeits never count as games (docs/decisions.md D8)."""

    vur_cut_first = False

    def forfeit_is_game(self, predetermined: bool) -> bool:
        """No 15.2 exception: a forfeit is an unplayed game, round robins included."""
        return False

    def adjusted(self, cats: Sequence[Category], pts: Sequence[int], score: int,
                 draw_units: int) -> int:
        """Every unplayed round of an opponent counts as a draw."""
        played, rest = Category.PLAYED, Category.REST
        return sum(u if c is played or c is rest else draw_units for c, u in zip(cats, pts))

    def opponent_reason(self, table: RoundTable, opp: int) -> str:
        """Names the opponent's unplayed rounds counted as draws."""
        unplayed = [r + 1 for r, c in enumerate(table.cats[opp]) if c.unplayed]
        if unplayed:
            rounds = ", ".join(f"R{r}" for r in unplayed)
            return _("opponent's adjusted score: unplayed {rounds} counted as draws ({rule})",
                     rounds=rounds, rule=self.counted_as_draws_rule)
        return _("opponent's score")

    def dummy_reason(self, cat: Category, rule: str, voluntary: bool) -> str:
        """The rule only (these rules have no categories)."""
        return rule


class Fide2009Policy(_UnplayedAsDraws):
    """Before Sept 2023 (C.02 13.15.2, Kallithea 2009): one's own unplayed round is a virtual
    opponent (score before the round, the opposite result, then draws)."""

    label = N_("FIDE pre-2023 (virtual opponent)")
    dummy_label = N_("virtual opponent")
    counted_as_draws_rule = "C.02 13.15.2"

    def dummy(self, table: RoundTable, i: int, r: int) -> tuple[int, str]:
        """The virtual opponent: i's score before round r, plus the opposite of i's result in
        r, plus a draw in each later round."""
        pts = table.pts[i][r]
        before = table.running(i)[r] - pts
        later = table.rounds - r - 1
        vo = before + table.opposite(pts) + table.draw_units * later
        return vo, _("virtual opponent: score before the round + the opposite result + a draw "
                     "in each of the {later} later round(s) (C.02 13.15.2)", later=later)


class UsChessPolicy(_UnplayedAsDraws):
    """US Chess rule 34E: an opponent's unplayed games count as draws; one's own unplayed
    rounds count as opponents with 0."""

    label = "US Chess 34E"
    dummy_label = N_("no opponent")
    dated = False
    counted_as_draws_rule = "US Chess 34E"

    def dummy(self, table: RoundTable, i: int, r: int) -> tuple[int, str]:
        """Zero."""
        return 0, _("own unplayed round counts as an opponent with 0 (US Chess 34E)")


class RuleSet(enum.Enum):
    """The tie-break regulations applied to unplayed rounds."""

    FIDE2026 = "fide2026"
    """C.07 in force from 1 March 2026: dummy scores capped (Art. 16.4.1, 16.4.2)."""
    FIDE2023 = "fide2023"
    """C.07 of Sept 2023 / April 2024 / Aug 2024: dummy = own score, no cap."""
    FIDE2009 = "fide2009"
    """Before Sept 2023 (C.02 13.15.2, Kallithea 2009): own unplayed round = a virtual opponent
    (score before the round, the opposite result, then draws); every unplayed round of an
    opponent counts as a draw; cuts simply drop the lowest values."""
    USCF = "uscf"
    """US Chess rule 34E: an opponent's unplayed games count as draws; one's own unplayed
    rounds count as opponents with 0."""

    # Members are singletons compared by identity: hashed by identity too, as Kind is (Enum's
    # own hash is a Python call; the engine looks a rule set up per participant).
    __hash__ = object.__hash__

    @property
    def policy(self) -> Policy:
        """What this rule set does with unplayed rounds."""
        return _POLICIES[self]

    @property
    def label(self) -> str:
        """The name shown to users: ``FIDE 2026`` (translated where it has words)."""
        return translate(_POLICIES[self].label)

    @property
    def vur_cut_first(self) -> bool:
        """True when Art. 16.5 applies: low cuts remove voluntary unplayed rounds first."""
        return _POLICIES[self].vur_cut_first


_POLICIES: dict[RuleSet, Policy] = {
    RuleSet.FIDE2026: Fide2026Policy(),
    RuleSet.FIDE2023: Fide2023Policy(),
    RuleSet.FIDE2009: Fide2009Policy(),
    RuleSet.USCF: UsChessPolicy(),
}

FIDE2026_START = datetime.date(2026, 3, 1)
"""First day of the 2026 text of C.07."""
FIDE2023_START = datetime.date(2023, 9, 1)
"""First day of the 2023 text of C.07."""

_NAMES = {
    "fide2026": RuleSet.FIDE2026,
    "2026": RuleSet.FIDE2026,
    "fide2023": RuleSet.FIDE2023,
    "2023": RuleSet.FIDE2023,
    "fide2024": RuleSet.FIDE2023,
    "2024": RuleSet.FIDE2023,
    "fide2023/24": RuleSet.FIDE2023,
    "fide2009": RuleSet.FIDE2009,
    "2009": RuleSet.FIDE2009,
    "fide2012": RuleSet.FIDE2009,
    "legacy": RuleSet.FIDE2009,
    "uscf": RuleSet.USCF,
    "us": RuleSet.USCF,
    "uschess": RuleSet.USCF,
}
"""Names a user may give for a rule set (compared without case, spaces, ``-`` and ``_``)."""


def _key(rules: str | None) -> str:
    return (rules or "auto").strip().lower().replace(" ", "").replace("-", "").replace("_", "")


def resolve_rules(
    rules: str | RuleSet | None, start_date: datetime.date | None = None
) -> RuleSet:
    """The rule set to use: a name (``fide2026``, ``FIDE2023``, ``fide2009``, ``uscf``…) or
    ``auto``, which picks the rules in force on the start date (:func:`rules_in_force`)."""
    if isinstance(rules, RuleSet):
        return rules
    key = _key(rules)
    if key in _NAMES:
        return _NAMES[key]
    if key == "auto":
        return rules_in_force(start_date)
    raise InputError(_("unknown rule set '{rules}' (use AUTO, FIDE2026, FIDE2023, FIDE2009 or "
                       "USCF)", rules=rules))


def rules_in_force(start_date: datetime.date | None) -> RuleSet:
    """The FIDE rules in force on a start date (docs/decisions.md D1); no date → the current
    ones."""
    if start_date is None or start_date >= FIDE2026_START:
        return RuleSet.FIDE2026
    if start_date >= FIDE2023_START:
        return RuleSet.FIDE2023
    return RuleSet.FIDE2009


def rules_note(rules: str | RuleSet | None, start_date: datetime.date | None) -> str:
    """How the rule set was chosen, for the standings legend: ``chosen by the user`` or
    ``auto: rules in force on the start date 2024-08-01``."""
    if isinstance(rules, RuleSet) or (rules or "auto").strip().lower() != "auto":
        return _("chosen by the user")
    if start_date is None:
        return _("auto: no start date known, the rules in force now")
    return _("auto: rules in force on the start date {date}", date=date_text(start_date))
