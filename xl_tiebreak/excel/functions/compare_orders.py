"""The compute path of the ``COMPARE_ORDERS`` worksheet function: one crosstable ranked by
several tie-break orders, one place column per order
(:mod:`xl_tiebreak.standings.compare_orders`); :func:`order_cells` also reads the orders of
``TEAM_COMPARE_ORDERS``."""

from __future__ import annotations

import xl_tiebreak.excel.functions.arguments as arguments
from xl_tiebreak.excel.functions.arguments import CellProblem
from xl_tiebreak.excel.functions.evaluation import cached_evaluation
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.compare_orders import MAX_ORDERS, compare_orders, comparison_rows
from xl_tiebreak.util.cells import is_blank


def order_cells(value: object) -> list[str]:
    """The orders' texts, unread: one per cell of a range, or one text with orders separated
    by ``;`` (``BH/C1,BH,SB; SB,BH``). Raises CellProblem when there are none or too many."""
    cells = value if isinstance(value, (list, tuple)) else [value]
    texts: list[str] = []
    for cell in arguments._flatten(cells):
        if not is_blank(cell):
            texts.extend(part for part in str(cell).split(";") if part.strip())
    if len(texts) < 1:
        raise CellProblem("#ORDERS? " + _("no tie-break order given (one per cell, or "
                                          "separated by ;)"))
    if len(texts) > MAX_ORDERS:
        raise CellProblem("#ORDERS? " + _("{count} orders: at most {most}", count=len(texts),
                                          most=MAX_ORDERS))
    return texts


def order_texts(value: object) -> list[tuple[str, ...]]:
    """The orders of an individual event (:func:`order_cells`), each checked; ``()`` for an
    empty one (the default list). Raises CellProblem."""
    out = []
    for text in order_cells(value):
        order = arguments.tiebreak_order(text)
        out.append(order if order is not None else ())
    return out


def compare_rows(crosstable: object, orders: object, rules: object,
                 unrated: object, kind: object = None,
                 blanks: object = None) -> list[list[object]]:
    """The comparison table: Moves (``*``), No, Name, Pts, one place column per order
    (``kind``: the tournament type argument, as for every function)."""
    texts = order_texts(orders)
    evaluation = cached_evaluation(crosstable, texts[0] or None, rules, unrated, kind, blanks)
    try:
        comparison = compare_orders(evaluation, [list(t) or None for t in texts])
    except InputError as error:
        raise CellProblem(f"#TIEBREAK? {error}") from error
    return comparison_rows(comparison)
