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

from xl_tiebreak.i18n import _, _n
from xl_tiebreak.i18n.conventions import number_text
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


def where_to_set() -> str:
    """Where the user makes the choice, for the hint."""
    return _("command line --blank-rounds, Settings row 'Blank rounds', blank_rounds=")


def mode_text(mode: BlankRounds) -> str:
    """The choice as the language in force names it in a warning: the Settings sheet's word
    (``half-point bye``; ``bye de meio ponto`` in Portuguese)."""
    if mode is BlankRounds.HALF_POINT_BYE:
        return _("half-point bye", "blank rounds value")
    if mode is BlankRounds.DECLARED:
        return _("declared", "blank rounds value")
    return _("absent", "blank rounds value")


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





def _results(p: Participant, scoring: Scoring) -> Fraction:
    return sum((scoring.points(r.kind, r.color) for r in p.rounds), Fraction(0))


def _place(blank: Blank) -> str:
    return _("{where} (#{no} round {round})", where=blank.where, no=blank.start_no,
             round=blank.round)


def _listing(blanks: list[Blank]) -> str:
    shown = ", ".join(_place(b) for b in blanks[:MAX_LISTED])
    rest = len(blanks) - MAX_LISTED
    return shown + (_(" and {count} more", count=rest) if rest > 0 else "")


def apply_blank_rounds(
    participants: list[Participant],
    blanks: list[Blank],
    mode: BlankRounds,
    scoring: Scoring,
    source: str = "",
    option: str = "",
) -> list[Problem]:
    """Give each blank round the kind ``mode`` says (the records are zero-point byes on entry)
    and return the warnings: which rounds were taken how, and, when the declared points of some
    participants are explained only by another choice, that choice (``option`` names where the
    user sets it; by default the setting's name, ``blank rounds``)."""
    if not blanks:
        return []
    option = option or _("blank rounds")
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
    setting = f"{option} = {mode_text(mode)}"
    for kind, taken in ((Kind.HPB, taken_hpb), (Kind.ZPB, taken_zpb)):
        if taken:
            out.append(Problem(Severity.WARNING, _taken_text(kind, len(taken), setting,
                                                             _listing(taken)), source))
    mismatched_hpb = [no for no in fits_hpb if no not in as_hpb]
    mismatched_zpb = [no for no in fits_zpb if no in as_hpb]
    if mismatched_hpb:
        out.append(_hint(mismatched_hpb, _("half-point byes ({points} each)",
                                           points=number_text(fmt_half(hpb))),
                         option, source))
    if mismatched_zpb:
        out.append(_hint(mismatched_zpb, _("absences"), option, source,
                         _("absent or declared")))
    return out


def _taken_text(kind: Kind, n: int, setting: str, listing: str) -> str:
    """The warning listing the blank rounds taken as ``kind``."""
    if kind is Kind.HPB:
        return _n("{count} blank round read as a half-point bye ({setting}): {listing}",
                  "{count} blank rounds read as half-point byes ({setting}): {listing}",
                  count=n, setting=setting, listing=listing)
    return _n("{count} blank round read as an absence (zero-point bye) ({setting}): {listing}",
              "{count} blank rounds read as absences (zero-point byes) ({setting}): {listing}",
              count=n, setting=setting, listing=listing)


def _hint(numbers: list[int], meaning: str, option: str, source: str,
          values: str = "") -> Problem:
    n = len(numbers)
    who = ", ".join(f"#{no}" for no in sorted(numbers)[:MAX_LISTED])
    return Problem(
        Severity.WARNING,
        _n("the declared points of {count} participant ({who}) are explained only if their "
           "blank rounds are {meaning}: set {option} to {values} ({where})",
           "the declared points of {count} participants ({who}) are explained only if their "
           "blank rounds are {meaning}: set {option} to {values} ({where})",
           count=n, who=who, meaning=meaning, option=option,
           values=values or _("half-point-bye or declared"), where=where_to_set()),
        source,
    )
