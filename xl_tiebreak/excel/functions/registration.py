"""How a worksheet function is made known to xlwings: its Function Wizard category and one
``@xw.arg`` per parameter, from a table, so that no decorator stack is written twice.

A parameter is a :class:`Parameter` (name, Function Wizard text, xlwings options);
:func:`registered` applies ``xw.arg`` for each (in order) and ``xw.func`` over them, exactly as
the hand-written stacks did (classic xlwings and xlwings Lite read the same attributes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import xlwings as xw

from xl_tiebreak.excel.functions.docs import CATEGORY

__all__ = ["RANGE", "VALUE", "Parameter", "parameter", "registered"]

F = TypeVar("F", bound=Callable[..., Any])

RANGE: dict[str, Any] = {"ndim": 2, "err_to_str": True}
"""Options of a range argument: always a 2-D list, Excel errors as their text."""
VALUE: dict[str, Any] = {"err_to_str": True}
"""Options of a single-value argument."""

Parameter = tuple[str, str, dict[str, Any]]
"""A parameter: its name, its Function Wizard text, its xlwings options."""


def parameter(name: str, doc: str, options: dict[str, Any] | None = None) -> Parameter:
    """A single-value parameter (``options``: :data:`RANGE` for a range)."""
    return (name, doc, VALUE if options is None else options)


def registered(*parameters: Parameter) -> Callable[[F], F]:
    """The decorator that registers a function with xlwings: ``xw.arg`` for each parameter
    (the first outermost, as a stack written by hand), then ``xw.func`` in the category."""
    def apply(function: F) -> F:
        built: Any = function
        for name, doc, options in reversed(parameters):
            built = xw.arg(name, doc=doc, **options)(built)
        decorated: F = xw.func(category=CATEGORY)(built)
        return decorated

    return apply
