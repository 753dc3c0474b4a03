"""PTP (10.3) is the lowest rating whose expected score reaches the points scored: the search
over the table of expected scores finds exactly what a scan of every rating finds."""

from __future__ import annotations

import random
from fractions import Fraction

from xl_tiebreak.tiebreaks import fide, ratings


def _scanned(opponents: list[int], score: Fraction) -> int:
    """The definition, rating by rating from the lowest the search considers."""
    rating = min(opponents) - 800
    while sum(ratings.expected_hundredths(rating - r) for r in opponents) < score * 100:
        rating += 1
    return rating


def test_the_search_finds_the_lowest_rating_that_reaches_the_score() -> None:
    rng = random.Random(103)
    for _ in range(400):
        games = rng.randrange(1, 12)
        spread = rng.choice([200, 1500, 5000])  # 5000: differences beyond the table
        opponents = [1000 + rng.randrange(spread) for _ in range(games)]
        score = Fraction(rng.randrange(0, 2 * games + 1), 2)
        assert fide._ptp_of(opponents, score) == _scanned(opponents, score), (opponents, score)


def test_expected_sum_is_the_sum_of_the_expected_scores() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        opponents = [rng.randrange(0, 3000) for _ in range(rng.randrange(1, 10))]
        rating = rng.randrange(-3000, 7000)  # far outside the table too
        assert ratings.expected_sum(rating, opponents) == sum(
            ratings.expected_hundredths(rating - r) for r in opponents)
    assert ratings.expected_sum(1500, []) == 0
