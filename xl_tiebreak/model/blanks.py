"""Blank rounds: an empty round of a participant is a decision, never a silent default.

The readers (:mod:`xl_tiebreak.formats.trf.reader`, :mod:`xl_tiebreak.formats.crosstable.reader`)
note every empty round
(an empty crosstable cell; a TRF round block that is blank or only ``-`` without opponent,
before the participant's last entry) as a zero-point bye, then :func:`apply_blank_rounds`
turns them into what the user chose (:class:`~xl_tiebreak.model.tournament.BlankRounds`) and
returns the
warning that lists them, with a hint when the declared points say that another choice fits.
docs/decisions.md D30.
"""

from __future__ import annotations

from fractions import Fraction

from xl_tiebreak.model.tournament import (
    BlankRounds,
    Kind,
    Participant,
    Problem,
    Record,
    Scoring,
    Severity,
)
from xl_tiebreak.util.numbers import fmt_half
from xl_tiebreak.util.plain import Frozen

WHERE_TO_SET = "command line --blank-rounds, Settings row 'Blank rounds', blank_rounds="
"""Where the user makes the choice, for the hint."""
MAX_LISTED = 40
"""At most this many blank rounds are named in the warning; the rest are counted."""


class Blank(Frozen):
    """One empty round: whose, which round (1-based), and where (``line 7, col 122``)."""

    __slots__ = ("start_no", "round", "where")
    start_no: int
    round: int
    where: str

    def __init__(
        self, start_no: int, round: int, where: str,
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "start_no", start_no)
        set_field(self, "round", round)
        set_field(self, "where", where)



_MEANING = {
    Kind.ZPB: ("an absence (zero-point bye)", "absences (zero-point byes)"),
    Kind.HPB: ("a half-point bye", "half-point byes"),
}


def _results(p: Participant, scoring: Scoring) -> Fraction:
    return sum((scoring.points(r.kind, r.color) for r in p.rounds), Fraction(0))


def _place(blank: Blank) -> str:
    return f"{blank.where} (#{blank.start_no} round {blank.round})"


def _listing(blanks: list[Blank]) -> str:
    shown = ", ".join(_place(b) for b in blanks[:MAX_LISTED])
    rest = len(blanks) - MAX_LISTED
    return shown + (f" and {rest} more" if rest > 0 else "")


def apply_blank_rounds(
    participants: list[Participant],
    blanks: list[Blank],
    mode: BlankRounds,
    scoring: Scoring,
    source: str = "",
    option: str = "blank rounds",
) -> list[Problem]:
    """Give each blank round the kind ``mode`` says (the records are zero-point byes on entry)
    and return the warnings: which rounds were taken how, and, when the declared points of some
    participants are explained only by another choice, that choice (``option`` names where the
    user sets it)."""
    if not blanks:
        return []
    by_no = {p.start_no: p for p in participants}
    mine: dict[int, list[Blank]] = {}
    for b in blanks:
        if b.start_no in by_no:
            mine.setdefault(b.start_no, []).append(b)
    hpb = scoring.points(Kind.HPB)
    zpb = scoring.points(Kind.ZPB)
    as_hpb: set[int] = set()
    fits_hpb: list[int] = []
    fits_zpb: list[int] = []
    for no, own in mine.items():
        p = by_no[no]
        # blanks still zero-point byes here; extra points are part of the declared score
        base = _results(p, scoring) + p.extra_points
        if p.declared_points is not None:
            if p.declared_points == base + (hpb - zpb) * len(own) and hpb != zpb:
                fits_hpb.append(no)
            elif p.declared_points == base:
                fits_zpb.append(no)
        if mode is BlankRounds.HALF_POINT_BYE or (
            mode is BlankRounds.DECLARED and no in fits_hpb
        ):
            as_hpb.add(no)
    for no in as_hpb:
        p = by_no[no]
        for b in mine[no]:
            if b.round <= len(p.rounds):
                p.rounds[b.round - 1] = Record(Kind.HPB, where=b.where)
    taken_hpb = [b for b in blanks if b.start_no in as_hpb]
    taken_zpb = [b for b in blanks if b.start_no not in as_hpb and b.start_no in by_no]
    out: list[Problem] = []
    setting = f"{option} = {mode.value}"
    for kind, taken in ((Kind.HPB, taken_hpb), (Kind.ZPB, taken_zpb)):
        if taken:
            n = len(taken)
            out.append(Problem(
                Severity.WARNING,
                f"{n} blank round{'' if n == 1 else 's'} read as {_MEANING[kind][n > 1]} "
                f"({setting}): {_listing(taken)}",
                source,
            ))
    mismatched_hpb = [no for no in fits_hpb if no not in as_hpb]
    mismatched_zpb = [no for no in fits_zpb if no in as_hpb]
    if mismatched_hpb:
        out.append(_hint(mismatched_hpb, f"half-point byes ({fmt_half(hpb)} each)",
                         option, source))
    if mismatched_zpb:
        out.append(_hint(mismatched_zpb, "absences", option, source, "absent or declared"))
    return out


def _hint(numbers: list[int], meaning: str, option: str, source: str,
          values: str = "half-point-bye or declared") -> Problem:
    n = len(numbers)
    who = ", ".join(f"#{no}" for no in sorted(numbers)[:MAX_LISTED])
    return Problem(
        Severity.WARNING,
        f"the declared points of {n} participant{'' if n == 1 else 's'} ({who}) are explained "
        f"only if their blank rounds are {meaning}: set {option} to {values} "
        f"({WHERE_TO_SET})",
        source,
    )
