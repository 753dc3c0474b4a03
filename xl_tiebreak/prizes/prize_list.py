"""Prize lists: the prizes (money, a trophy or title, or both, for a place of the tournament or of
a category) read from a CSV file or spreadsheet rows, and amounts of money read and shown."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.formats.tables import Table, csv_rows, read_table
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.prizes.categories import Category, parse_category
from xl_tiebreak.util.cells import quoted
from xl_tiebreak.util.numbers import fmt, from_float
from xl_tiebreak.util.plain import Frozen, Mutable, field

PLACE = ""
"""The source name of the place prizes (category prizes use their category's name)."""


class Prize(Frozen):
    """One prize: money, a trophy/title, or both, for a place of the tournament (``category``
    empty) or a place among a category's players."""

    place: int
    amount: Fraction = Fraction(0)
    trophy: str = ""
    category: str = PLACE
    label: str = ""
    where: str = field(default="", compare=False)

    def name(self) -> str:
        """``place 2`` or ``U1800 place 1`` (the label when given)."""
        if self.label:
            return self.label
        return _("{category}place {place}", category=self.category + " " if self.category else "",
                 place=self.place)

    def worth(self) -> str:
        """``300``, ``trophy 'Champion'``, ``300 and trophy 'Champion'``."""
        return worth_text(self.amount, self.trophy)


class PrizeList(Mutable):
    """Prizes and the categories their category prizes refer to."""

    prizes: list[Prize]
    categories: list[Category] = field(default_factory=list)


def money(value: Fraction) -> str:
    """Money for people: ``250``, ``83.50``, ``333.33 (exactly 1000/3)``."""
    if value.denominator == 1:
        return fmt(value)
    if (value * 100).denominator == 1:
        return number_text(fmt(value, 2))
    return _("{money} (exactly {fraction})", money=number_text(fmt(value, 2)),
             fraction=f"{value.numerator}/{value.denominator}")


def worth_text(amount: Fraction, trophy: str) -> str:
    """Money, a trophy, or both, for people: ``300 and trophy 'Champion'``."""
    parts = []
    if amount or not trophy:
        parts.append(money(amount))
    if trophy:
        parts.append(_("trophy {name}", name=quoted(trophy)))
    return _(" and ").join(parts)


_MONEY = re.compile(r"(\d+)(?:[.,](\d{1,2}))?")


def parse_money(value: object) -> Fraction:
    """An amount: ``300``, ``300.50``, ``300,5``, ``€ 300`` or a spreadsheet number; exact.
    Raises ValueError (thousands separators are refused: ``1,000`` could be 1 or 1000)."""
    if isinstance(value, bool):
        raise ValueError(_("{text} is not an amount", text=quoted(value)))
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        result = from_float(value)
    else:
        s = str(value).strip().strip("€$£¥").strip()
        for code in ("EUR", "USD", "GBP", "CHF"):
            s = s.removeprefix(code).removesuffix(code).strip()
        m = _MONEY.fullmatch(s)
        if not m:
            raise ValueError(_("{text} is not an amount (write e.g. 300 or 300.50, without "
                               "thousands separators)", text=quoted(value)))
        result = Fraction(int(m.group(1))) + (
            Fraction(int(m.group(2)), 10 ** len(m.group(2))) if m.group(2) else 0)
    if result < 0:
        raise ValueError(_("{text} is negative", text=quoted(value)))
    return result


_FIELDS = {
    "prize": ("Prize", "Label", "Name"),
    "category": ("Category",),
    "place": ("Place", "Rank"),
    "amount": ("Amount", "Money", "Cash"),
    "trophy": ("Trophy", "Title"),
}


def read_prize_rows(rows: Sequence[Sequence[object]], source: str = "") -> PrizeList:
    """A prize list from rows of cells: a header (``Prize, Category, Place, Amount, Trophy``;
    only ``Place`` and one of ``Amount``/``Trophy`` are required), one prize a row. A blank
    Category is a place prize; otherwise the category notation (module docstring). Raises
    :class:`InputError` naming the row and column of every problem."""
    table = read_table(rows, _FIELDS, ["place"], source, "prize list")
    if "amount" not in table.columns and "trophy" not in table.columns:
        raise InputError(_("the prize list needs an Amount or a Trophy column"),
                         table.row_place(table.rows[0][0] - 1))
    problems: list[Problem] = []
    prizes: list[Prize] = []
    categories: dict[str, Category] = {}
    seen: dict[tuple[str, int], str] = {}
    for number, cells in table.rows:
        prize = _read_prize(table, number, cells, categories, problems)
        if prize is None:
            continue
        key = (prize.category.lower(), prize.place)
        if key in seen:
            problems.append(Problem(Severity.ERROR, _("{prize} is given twice (also {where})",
                                                      prize=prize.name(), where=seen[key]),
                                    table.row_place(number)))
            continue
        seen[key] = table.row_place(number)
        prizes.append(prize)
    if problems:
        raise InputError(problems)
    return PrizeList(prizes, list(categories.values()))


def _read_prize(
    table: Table, number: int, cells: list[object], categories: dict[str, Category],
    problems: list[Problem],
) -> Prize | None:
    def error(message: str, where: str) -> None:
        problems.append(Problem(Severity.ERROR, message, where))

    place_cell = table.cell(number, cells, "place")
    place = 0
    if not place_cell.text:
        error(_("the place is missing"), place_cell.where)
    elif not re.fullmatch(r"\d{1,6}", place_cell.text) or int(place_cell.text) < 1:
        error(_("{text} is not a place (1, 2, 3 …)", text=quoted(place_cell.text)),
              place_cell.where)
    else:
        place = int(place_cell.text)
    amount = Fraction(0)
    amount_cell = table.cell(number, cells, "amount")
    if amount_cell.text:
        col = table.columns["amount"]
        raw = cells[col] if col < len(cells) else amount_cell.text
        try:
            amount = parse_money(raw)
        except ValueError as exc:
            error(str(exc), amount_cell.where)
    trophy = table.cell(number, cells, "trophy").text
    if not amount_cell.text and not trophy:
        error(_("the prize has neither an amount nor a trophy"), table.row_place(number))
    category = PLACE
    cat_cell = table.cell(number, cells, "category")
    if cat_cell.text:
        try:
            cat = parse_category(cat_cell.text, cat_cell.where)
        except InputError as exc:
            problems.extend(exc.problems)
            return None
        known = categories.get(cat.name.lower())
        if known is None:
            categories[cat.name.lower()] = cat
        elif known.criteria != cat.criteria:
            error(_("category {name} is defined differently in {where}",
                    name=quoted(cat.name), where=known.where), cat_cell.where)
        category = known.name if known is not None else cat.name
    if not place:
        return None
    return Prize(place, amount, trophy, category, table.cell(number, cells, "prize").text,
                 table.row_place(number))


def read_prize_csv(text: str, source: str = "") -> PrizeList:
    """A prize list from CSV text (see :func:`read_prize_rows`)."""
    return read_prize_rows(csv_rows(text, source), source)
