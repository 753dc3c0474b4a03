"""Evaluate the formula cells of a workbook file with the ``formulas`` package (test-only).

The worksheet functions are registered in ``formulas``' global function table, wrapped so that
they receive what xlwings would pass: a range as a 2-D list of floats/strings/None (``ndim=2``),
a single cell as a scalar, numbers as floats. A returned None becomes an empty text, as classic
xlwings writes it (``formulas`` would show an empty result as 0). A Python exception becomes
``#VALUE!``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import formulas
import numpy as np
import schedula as sh
from formulas.functions import wrap_func
from formulas.tokens.operand import XlError
from openpyxl.utils import get_column_letter, range_boundaries


def to_python(value: Any) -> Any:
    """A cell value as xlwings delivers it: empty → None, every number → float."""
    if value is sh.EMPTY:
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    if isinstance(value, XlError):
        return str(value)
    return value


def _adapt(func: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        converted = []
        for arg in args:
            array = np.asarray(arg, dtype=object)
            if array.ndim == 0 or array.size == 1:
                converted.append(to_python(array.ravel()[0]))
            else:
                rows = array.reshape(array.shape[0], -1) if array.ndim > 1 else array[None, :]
                converted.append([[to_python(v) for v in row] for row in rows.tolist()])
        out = func(*converted)
        if isinstance(out, list):  # classic xlwings writes None as an empty text
            return np.array([["" if v is None else v for v in row] for row in out], dtype=object)
        return "" if out is None else out

    call.__name__ = getattr(func, "__name__", "udf")
    return wrap_func(call)


def register(functions: Mapping[str, Callable[..., Any]]) -> None:
    """Make the functions callable from any formula evaluated by ``formulas``."""
    table = formulas.get_functions()
    for name, func in functions.items():
        table[name.upper()] = _adapt(func)


def sized_names(path: str | Path, out: str | Path) -> Path:
    """A copy of the workbook whose defined names sized by ``INDEX``/``COUNTA`` (the
    templates' ``Crosstable``: ``Sheet!$A$1:INDEX(Sheet!$A:$ZZ,COUNTA(Sheet!$A:$A),
    COUNTA(Sheet!$1:$1))``, which ``formulas`` cannot parse) refer to the range those
    functions give, computed here as Excel does: COUNTA counts the non-empty cells of column A
    and of row 1. What the name itself gives in a real spreadsheet program is tested through
    LibreOffice (tests/test_excel_templates_builder.py)."""
    import openpyxl
    from openpyxl.workbook.defined_name import DefinedName

    from xl_tiebreak.excel.book.names import parse_sized, sized_extent

    source = Path(path)
    wb = openpyxl.load_workbook(source, keep_vba=source.suffix == ".xlsm")
    for name, defined in list(wb.defined_names.items()):
        sized = parse_sized(defined.attr_text)
        if sized is None:
            continue
        sheet, least_rows, least_cols = sized
        cells = ((c.row, c.column, c.value) for row in wb[sheet].iter_rows() for c in row)
        rows, cols = sized_extent(cells, least_rows, least_cols)
        ref = f"'{sheet}'!$A$1:${get_column_letter(cols)}${rows}"
        wb.defined_names[name] = DefinedName(name, attr_text=ref)
    target = Path(out)
    wb.save(target)
    return target


def calculate(path: str | Path) -> dict[tuple[str, str], Any]:
    """Every computed cell of the workbook: ``{("SHEET", "B5"): value}`` (sheet upper case);
    errors as their text (``"#VALUE!"``), empty results as None."""
    solution = formulas.ExcelModel().loads(str(path)).finish().calculate()
    out: dict[tuple[str, str], Any] = {}
    for key, rng in solution.items():
        if "!" not in key or "]" not in key or not hasattr(rng, "value"):
            continue
        sheet = key.split("]", 1)[1].split("!")[0].strip("'").upper()
        ref = key.split("!", 1)[1].upper()
        try:
            c0, r0, _, _ = range_boundaries(ref if ":" in ref else f"{ref}:{ref}")
        except ValueError:  # a defined name, not a cell range
            continue
        if c0 is None or r0 is None:
            continue
        for r, row in enumerate(np.asarray(rng.value, dtype=object)):
            for c, value in enumerate(np.atleast_1d(row)):
                out.setdefault((sheet, f"{get_column_letter(c0 + c)}{r0 + r}"), to_python(value))
    return out
