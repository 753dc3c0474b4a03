"""The lots seed in a TRF file: a comment line, not a record (docs/engineering.md D61).

TRF16 and TRF26 have no record for the seed of a drawing of lots (``OTHER_LOTS``,
:mod:`xl_tiebreak.tiebreaks.outside_games`). xl-tiebreak writes it as a TRF26 comment line (``###``
in
columns 1–3, which every reader skips), in one fixed form::

    ### xl-tiebreak lots seed: "spring-2026"

The seed is everything between the first and the last double quote, exactly (spaces and
quotes inside it included). The TRF reader takes the seed from the first such line; any other
comment is a comment.
"""

from __future__ import annotations

import re

from xl_tiebreak.i18n import _
from xl_tiebreak.util.patterns import LazyPattern

__all__ = ["SEED_PREFIX", "read_seed_line", "seed_line"]

SEED_PREFIX = "### xl-tiebreak lots seed: "
"""What the seed's comment line starts with (the seed follows in double quotes)."""

_SEED_LINE = LazyPattern(r'###\s+xl-tiebreak\s+lots\s+seed:\s*"(.*)"\s*', re.IGNORECASE)


def seed_line(seed: str) -> str:
    """The comment line carrying ``seed`` (a one-line text)."""
    if "\n" in seed or "\r" in seed:
        raise ValueError(_("a lots seed is one line of text"))
    return f'{SEED_PREFIX}"{seed}"'


def read_seed_line(line: str) -> str | None:
    """The seed of a seed comment line (:func:`seed_line`), None for any other line."""
    m = _SEED_LINE.fullmatch(line.rstrip("\r\n"))
    return m.group(1) if m else None
