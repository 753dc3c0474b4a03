"""Art. 16.2 categories of unplayed rounds (FIDE C.07, 2023/24 and 2026 texts).

Every round of a participant is either a game (:attr:`Category.PLAYED`, which includes a forfeit
counted as a game), one of the five categories of 16.2, or a rest round of a pre-determined
event (:attr:`Category.REST`).
"""

from __future__ import annotations

import enum


class Category(enum.IntEnum):
    """Art. 16.2 category of an unplayed round; PLAYED for a game (or a forfeit counted as one)."""

    PLAYED = 0
    BYE_WIN = 1
    """16.2.1: pairing-allocated bye or full-point bye."""
    FORFEIT_WIN = 2
    """16.2.2: forfeit win."""
    REQUESTED_BYE = 3
    """16.2.3: requested bye (HPB/ZPB) followed by at least one round that is not voluntary."""
    FORFEIT_LOSS = 4
    """16.2.4: forfeit loss."""
    REQUESTED_BYE_AT_END = 5
    """16.2.5: requested bye followed only by voluntary unplayed rounds, or in the last round."""
    REST = 6
    """A round without opponent in a pre-determined event (rest round): contributes nothing."""

    @property
    def article(self) -> str:
        """The article defining the category (``16.2.3``); empty for PLAYED and REST."""
        return CATEGORY_ARTICLE.get(self, "")

    @property
    def unplayed(self) -> bool:
        """True for the five categories of 16.2 (not a game, not a rest round)."""
        return self is not Category.PLAYED and self is not Category.REST


CATEGORY_ARTICLE = {
    Category.BYE_WIN: "16.2.1",
    Category.FORFEIT_WIN: "16.2.2",
    Category.REQUESTED_BYE: "16.2.3",
    Category.FORFEIT_LOSS: "16.2.4",
    Category.REQUESTED_BYE_AT_END: "16.2.5",
}
"""The article of each unplayed category."""
