"""FIDE B.02 rating tables used by TPR, PTP, APRO and APPO (spec §7), and which rating of
each player the rating-based tie-breaks use (:func:`chosen_ratings`, docs/decisions.md D-E1).

Values are kept as integers: ``dp`` in rating points, expected scores in hundredths.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.i18n import N_
from xl_tiebreak.model.tournament import RatingUsed, Tournament
from xl_tiebreak.util.numbers import round_half_up

_FIDE_FIELDS = {"rapid": "rapid_rating", "blitz": "blitz_rating"}
"""The participant field of a rapid or blitz event's FIDE rating, when the input has it."""

FIDE_KINDS = {"standard": N_("FIDE standard rating"), "rapid": N_("FIDE rapid rating"),
              "blitz": N_("FIDE blitz rating")}
"""What each rate's FIDE rating is called in explanations (translated where shown)."""

NATIONAL_KIND = N_("national rating")
"""What the national rating is called in explanations."""


def fide_field(t: Tournament) -> str:
    """The participant field holding the FIDE rating of the event's rate: ``rapid_rating`` or
    ``blitz_rating`` for a rapid or blitz event whose input gives that rating to anyone (a
    ``Rapid``/``Blitz`` column or note beside ``Rating``), else ``rating`` (the rating the
    input gives as the event's: a TRF ``001`` rating, a ``Rating`` column)."""
    name = _FIDE_FIELDS.get(t.rate)
    if name is not None and any(getattr(p, name) for p in t.participants):
        return name
    return "rating"


def fide_kind(t: Tournament) -> str:
    """The (untranslated) name of the FIDE rating the event uses: ``FIDE rapid rating``…"""
    return FIDE_KINDS.get(t.rate, FIDE_KINDS["standard"])


def chosen_ratings(t: Tournament, used: RatingUsed) -> list[tuple[int | None, str]]:
    """Each participant's rating for the rating-based tie-breaks under ``used`` and what it
    is (:data:`FIDE_KINDS`, :data:`NATIONAL_KIND`, untranslated), in participant order;
    (None, "") for a participant without the chosen rating."""
    name, fide = fide_field(t), fide_kind(t)
    out: list[tuple[int | None, str]] = []
    for p in t.participants:
        own: int | None = getattr(p, name) or None
        national = p.national_rating or None
        if used is RatingUsed.NATIONAL:
            out.append((national, NATIONAL_KIND) if national is not None else (None, ""))
        elif own is not None:
            out.append((own, fide))
        elif used is RatingUsed.FIDE_THEN_NATIONAL and national is not None:
            out.append((national, NATIONAL_KIND))
        else:
            out.append((None, ""))
    return out

# B.02 8.1.1: p (percentage 0..50) -> dp; dp(100 - p) = -dp(p).
_DP = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0,
)  # fmt: skip

# B.02 8.1.2: lower bound of each rating-difference band -> expected score (hundredths) of the
# higher-rated side.
_PD_BANDS = (
    (0, 50), (4, 51), (11, 52), (18, 53), (26, 54), (33, 55), (40, 56), (47, 57), (54, 58),
    (62, 59), (69, 60), (77, 61), (84, 62), (92, 63), (99, 64), (107, 65), (114, 66),
    (122, 67), (130, 68), (138, 69), (146, 70), (154, 71), (163, 72), (171, 73), (180, 74),
    (189, 75), (198, 76), (207, 77), (216, 78), (226, 79), (236, 80), (246, 81), (257, 82),
    (268, 83), (279, 84), (291, 85), (303, 86), (316, 87), (329, 88), (345, 89), (358, 90),
    (375, 91), (392, 92), (412, 93), (433, 94), (457, 95), (485, 96), (518, 97), (560, 98),
    (620, 99), (736, 100),
)  # fmt: skip

_PD_BY_DIFF: list[int] = []
for _low, _pd in _PD_BANDS:
    _PD_BY_DIFF.extend([_PD_BY_DIFF[-1] if _PD_BY_DIFF else _pd] * (_low - len(_PD_BY_DIFF)))
    _PD_BY_DIFF.append(_pd)

PERFECT_DIFF = 736
"""Smallest rating difference whose expected score is 1.00 (full scale, no 400 limit)."""


def dp(percent: int) -> int:
    """Rating difference for a percentage score 0..100 (B.02 8.1.1)."""
    if not 0 <= percent <= 100:
        raise ValueError(f"percentage out of range: {percent}")
    return _DP[percent] if percent <= 50 else -_DP[100 - percent]


def expected_hundredths(diff: int) -> int:
    """Expected score, in hundredths, of a player rated ``diff`` points above the opponent."""
    d = abs(diff)
    pd = 100 if d >= PERFECT_DIFF else _PD_BY_DIFF[d]
    return pd if diff >= 0 else 100 - pd


EXPECTED_SPAN = 4096
"""Rating differences from ``-EXPECTED_SPAN`` to ``+EXPECTED_SPAN`` have their expected score
in :func:`expected_table`."""
_EXPECTED: list[int] = []
""":func:`expected_hundredths` of ``diff`` at index ``diff + EXPECTED_SPAN``, filled when first
used (not at import: the command line's start stays lean)."""


def expected_table(lowest: int, highest: int) -> list[int] | None:
    """The table of expected scores (hundredths; the entry of a difference ``diff`` at index
    ``diff + EXPECTED_SPAN``) when it holds every difference from ``lowest`` to ``highest``
    (within ±4096 points); None otherwise."""
    if lowest < -EXPECTED_SPAN or highest > EXPECTED_SPAN:
        return None
    if not _EXPECTED:
        _EXPECTED.extend(expected_hundredths(diff)
                         for diff in range(-EXPECTED_SPAN, EXPECTED_SPAN + 1))
    return _EXPECTED


def expected_sum(rating: int, opponents: Sequence[int]) -> int:
    """Σ :func:`expected_hundredths` (``rating`` − r) over the opponents' ratings r: the
    expected score, in hundredths, of a player so rated against them (a table look-up per
    opponent when every difference is within ±4096 points, the usual case)."""
    if not opponents:
        return 0
    table = expected_table(rating - max(opponents), rating - min(opponents))
    if table is not None:
        base = rating + EXPECTED_SPAN
        return sum([table[base - r] for r in opponents])
    return sum(expected_hundredths(rating - r) for r in opponents)


def percent_of(score: Fraction) -> int:
    """A fractional score 0..1 as the table percentage: rounded to 2 decimals, half up."""
    return int(round_half_up(score, 2) * 100)
