"""The Function Wizard texts the worksheet functions share: their category and the
description of each common argument (Excel keeps at most 255 characters of each)."""

from __future__ import annotations

__all__ = ["CATEGORY", "DOC_BLANKS", "DOC_CROSSTABLE", "DOC_DESCRIPTOR", "DOC_HEADER",
           "DOC_ORDER", "DOC_PLAYER", "DOC_RULES", "DOC_SEED", "DOC_TYPE", "DOC_UNRATED"]

CATEGORY = "xl-tiebreak"
"""Function Wizard category of every function."""

DOC_CROSSTABLE = "Crosstable range incl. header row (No, Name, Rating, Fed, R1, R2, … or a grid)"
DOC_PLAYER = ("Start number or exact name of the player, or a range of them (one value "
              "per cell)")
DOC_RULES = ("Rule set: AUTO (default), FIDE2026, FIDE2023, FIDE2009, USCF, or the start "
             "date (the rules in force then)")
DOC_UNRATED = "Rating used for unrated players (empty: rating tie-breaks are skipped)"
DOC_DESCRIPTOR = "Tie-break descriptor, e.g. BH/C1, SB, KS/L+1, ARO/U1400"
DOC_ORDER = "Tie-break order, comma separated or a range (default: the engine's default list)"
DOC_TYPE = "Swiss or Round robin (empty: from the crosstable, a grid or all-play-all pairings)"
DOC_HEADER = "TRUE (default): with the header row; FALSE: the rows only"
DOC_BLANKS = ("What an empty round cell means: Absent (default), Half-point bye, or Declared "
              "(as each player's Pts say); the Settings sheet's Blank rounds")
DOC_SEED = ("Seed of the drawing of lots (tie-break LOTS), e.g. the Settings sheet's Lots seed "
            "cell; empty: the empty seed")
