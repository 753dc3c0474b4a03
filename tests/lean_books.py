"""Templates without their function sheets, for tests of what ``standings`` does to the other
sheets (Standings, Problems, Settings, the file itself).

The Functions and Formula standings sheets hold array formulas over 200 participants whose
values ``standings`` recomputes and caches on every run (about six times the work of the rest);
their own tests (tests/test_excel_templates_builder.py, test_excel_functions_event_sheets.py,
test_excel_sheets_standings_button.py) run on the full templates.
"""

from __future__ import annotations

from typing import Any

from xl_tiebreak.excel.templates.builder import Template, build_workbook

FUNCTION_SHEETS = ("Functions", "Formula standings")


def lean_workbook(template: Template, vba: bool = True) -> Any:
    """``build_workbook(template, vba)`` without :data:`FUNCTION_SHEETS` and the defined names
    that refer to them."""
    wb = build_workbook(template, vba=vba)
    for title in FUNCTION_SHEETS:
        del wb[title]
    for name, defined in list(wb.defined_names.items()):
        if any(f"{title}!" in defined.attr_text or f"'{title}'!" in defined.attr_text
               for title in FUNCTION_SHEETS):
            del wb.defined_names[name]
    return wb
