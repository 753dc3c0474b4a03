"""The bound on the cells the cached formula values read: a range that many formulas read
(the crosstable, in every column's call) counts once, so the bound stays about the size of
the workbook and not the number of formulas; beyond it the values are left to the
spreadsheet."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName
from spec_data import code_block, section

import xl_tiebreak.excel.functions.cached_values as cached
from xl_tiebreak.excel.templates.from_event import crosstable_rows
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.util.cells import column_letter

FORMULAS = 40
"""Cells that each read the whole crosstable."""


def _book() -> tuple[Any, int, dict[int, Fraction]]:
    """A workbook with the crosstable of worked example E1.1 and FORMULAS cells
    ``=POINTS(Crosstable,no)``; the crosstable's cell count; the scores of E1.1 by start
    number, summed here from its TRF lines."""
    text = code_block(section("worked-examples.md", "E1.1"))
    t = parse_trf(text)
    wb = Workbook()
    ws = wb.active
    ws.title = "Crosstable"
    rows = crosstable_rows(t)
    for row in rows:
        ws.append(list(row))
    width = len(rows[0])
    wb.defined_names["Crosstable"] = DefinedName(
        "Crosstable", attr_text=f"Crosstable!$A$1:${column_letter(width)}${len(rows)}")
    mine = wb.create_sheet("Mine")
    for k in range(FORMULAS):
        mine.cell(row=k + 1, column=1, value=f"=POINTS(Crosstable,{k % len(t.participants) + 1})")
    scores: dict[int, Fraction] = {}
    for line in text.splitlines():
        if line.startswith("001"):  # the score field of a TRF player line (columns 81-84)
            scores[int(line[4:8])] = Fraction(line[80:84].strip())
    return wb, len(rows) * width, scores


def test_a_range_read_by_every_formula_counts_once(monkeypatch: pytest.MonkeyPatch) -> None:
    wb, cells, scores = _book()
    monkeypatch.setattr(cached, "MAX_FORMULA_CELLS", cells)  # each formula counted: 40 times
    values = cached.FormulaValues(wb).compute()["Mine"]
    assert len(values) == FORMULAS
    for k in range(FORMULAS):
        assert Fraction(values[f"A{k + 1}"]) == scores[k % len(scores) + 1]  # type: ignore[arg-type]


def test_beyond_the_bound_the_spreadsheet_computes(monkeypatch: pytest.MonkeyPatch) -> None:
    wb, cells, _ = _book()
    monkeypatch.setattr(cached, "MAX_FORMULA_CELLS", cells - 1)
    with pytest.raises(InputError, match=f"Crosstable!A1: the formulas read more than "
                                         f"{cells - 1:,} cells"):
        cached.FormulaValues(wb).compute()
    data, computed = cached.saved_bytes(wb)
    assert not computed and wb.calculation.fullCalcOnLoad
    assert data[:2] == b"PK"
