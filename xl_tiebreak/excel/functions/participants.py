"""Who a participant argument names, for players and teams alike: the one look-up behind
``=BUCHHOLZ(Crosstable, A2)`` and ``=TEAM_POINTS(Crosstable, A2)``.

A participant cell may hold

* a number: the start number (team number), as Excel passes it (``1.0``); a fraction or a huge
  number is not a start number;
* a text: the exact name (surrounding spaces ignored), else the name compared without case and
  extra spaces, else a start number typed as text (``1``, ``1.0``, `` 1 ``); a name shared by
  two participants is ambiguous and asks for the number.

Problems are short ``#`` texts (:class:`~xl_tiebreak.excel.functions.arguments.CellProblem`)
that name the kind: ``#PLAYER? start number 9 not in crosstable``, ``#TEAM? 'Owls' not in
crosstable``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import xl_tiebreak.excel.functions.arguments as arguments
from xl_tiebreak.excel.book.cells import excel_error
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.util.cells import is_blank
from xl_tiebreak.util.plain import Frozen

__all__ = ["PLAYER", "TEAM", "Kind", "Participants", "fold", "start_number_text"]

MAX_START_NUMBER = 10**9
"""Largest number taken as a start number (larger ones are refused, not looked up)."""


class Kind(Frozen):
    """What a participant is called in the problem texts: the ``#`` tag, the word for one
    (``player``), and for its number (``start number``)."""

    __slots__ = ("tag", "word", "number")
    tag: str
    word: str
    number: str

    def __init__(self, tag: str, word: str, number: str) -> None:
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "word", word)
        object.__setattr__(self, "number", number)


PLAYER = Kind("#PLAYER?", N_("player"), N_("start number"))
"""A player of an individual crosstable."""
TEAM = Kind("#TEAM?", N_("team"), N_("team number"))
"""A team of a team crosstable."""


def fold(name: str) -> str:
    """A name compared without case and extra spaces."""
    return " ".join(name.split()).casefold()


def start_number_text(text: str) -> int | None:
    """A start number typed as text: ``5``, ``5.0``, `` 5 ``; None for anything else."""
    if len(text) > 20:
        return None
    try:
        number = float(text)
    except ValueError:
        return None
    if not math.isfinite(number) or not number.is_integer() or number < 0:
        return None
    return int(number)


class Participants:
    """The participants of one read crosstable, found by number or name."""

    __slots__ = ("kind", "numbers", "_by_name", "_by_folded_name")

    def __init__(self, kind: Kind, named: Iterable[tuple[int, str]]) -> None:
        """``named``: each participant's start number and name."""
        self.kind = kind
        """What they are called in problem texts."""
        by_name: dict[str, list[int]] = {}
        by_folded: dict[str, list[int]] = {}
        numbers: set[int] = set()
        for number, name in named:
            numbers.add(number)
            by_name.setdefault(name.strip(), []).append(number)
            by_folded.setdefault(fold(name), []).append(number)
        self.numbers: frozenset[int] = frozenset(numbers)
        """Every start number."""
        self._by_name = {k: tuple(v) for k, v in by_name.items()}
        self._by_folded_name = {k: tuple(v) for k, v in by_folded.items()}

    def find(self, cell: object) -> int:
        """The start number of the participant a cell names (a 1×1 range is its cell).
        Raises CellProblem."""
        kind = self.kind
        value = arguments.scalar(cell)
        code = excel_error(value)
        if code is not None:
            raise CellProblem(kind.tag + " " + _("the {what} cell shows the Excel error {code}",
                                                 what=_(kind.word), code=code))
        if is_blank(value):
            raise CellProblem(kind.tag + " " + _("no {what} given: use a {number} or a name",
                                                 what=_(kind.word), number=_(kind.number)))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if isinstance(value, float) and not value.is_integer() or (
                    abs(value) > MAX_START_NUMBER):
                raise CellProblem(kind.tag + " " + _("{value} is not a {number}", value=repr(
                    value), number=_(kind.number)))
            return self._numbered(int(value))
        text = str(value).strip()
        found = self._by_name.get(text) or self._by_folded_name.get(fold(text))
        if found and len(found) == 1:
            return found[0]
        if found:
            numbers = ", ".join(f"#{n}" for n in found)
            raise CellProblem(kind.tag + " " + _("'{name}' is ambiguous ({numbers}): use the "
                                                 "{number}", name=arguments.shorten(text, 60),
                                                 numbers=numbers, number=_(kind.number)))
        number = start_number_text(text)
        if number is not None:
            return self._numbered(number)
        raise CellProblem(kind.tag + " " + _("'{name}' not in crosstable",
                                             name=arguments.shorten(text, 60)))

    def _numbered(self, number: int) -> int:
        if number in self.numbers:
            return number
        raise CellProblem(self.kind.tag + " " + _("{kind} {number} not in crosstable",
                                                  kind=_(self.kind.number), number=number))
