"""The instructions every How to sheet and README's "In Excel" section share: one text for both.

Each step is an English catalogue entry (marked with ``N_``, shown with :func:`shown` in the
language in force). README holds the English steps between the marks
``<!-- instructions:NAME -->`` and ``<!-- /instructions:NAME -->`` as :func:`readme_block`
writes them; ``tests/test_excel_templates_instructions.py`` checks that README says exactly
this, so the sheet and the page never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xl_tiebreak.i18n import N_
from xl_tiebreak.i18n.language import translate as _in_force

__all__ = ["BLOCKS", "FUNCTION_SHEET_STEPS", "LITE_STEPS", "README_MODULE", "STANDINGS_STEPS",
           "readme_block", "shown"]

STANDINGS_STEPS: tuple[str, ...] = (
    N_("Standings button (Windows): once, click Import Functions on the xlwings ribbon and "
       "save; this also brings the macro write_standings into the workbook. Then run it: "
       "Alt+F8, write_standings, Run (or Developer > Insert > Button and assign "
       "write_standings to it). It needs nothing beside the workbook, whatever the file is "
       "called, and says in the status bar what it wrote (in a message box why it could not)."),
    N_("Other ways: Run main on the xlwings ribbon (it imports a companion .py named like the "
       "workbook, such as {module}.py next to {module}.xlsm, so rename both together; also on "
       "macOS); in xlwings Lite the script write_standings; without Excel: xl-tiebreak "
       "standings THIS_FILE.xlsx"),
)
"""How to write the Standings sheet: the button first, then the other ways (``{module}``:
the template's own file name, :data:`README_MODULE` in README)."""

FUNCTION_SHEET_STEPS: tuple[str, ...] = (
    N_("Functions and Formula standings: one row per participant. Their array formulas come "
       "with 200 rows (60 in the team template): the standings button, Run main (classic "
       "xlwings, Microsoft 365 included) and xl-tiebreak standings extend them to the whole "
       "crosstable. xlwings Lite (Excel on the web, macOS) cannot: its message names a sheet "
       "that is too short, as does the sheet's check cell (CROSSTABLE_CHECK); run "
       "xl-tiebreak standings on the file, or extend the arrays by hand (the bigger range, "
       "F2, Ctrl+Shift+Enter)."),
)
"""What the function sheets do when the event outgrows them, by Excel."""

README_MODULE = "swiss"
"""The template whose companion module README's copy of the steps names."""

LITE_STEPS: tuple[str, ...] = (
    N_("Excel on the web and macOS (xlwings Lite): once xl-tiebreak is on PyPI, the lines of "
       "workbook_templates/lite/requirements.txt go into the add-in's requirements.txt tab and "
       "workbook_templates/lite/main.py into its main.py tab; until then, requirements.txt "
       "holds only the xlwings line and main.py is the single file made from the wheel by "
       "python -m xl_tiebreak.excel.lite_bundle WHEEL -o main.py (README, Excel on the web)."),
    N_("In Lite, run the script write_standings from the add-in's task pane; running it again "
       "replaces the Standings sheet it wrote. Formulas typed before the functions were "
       "registered show a name error until entered again: a plain cell with F2 and Enter; an array "
       "formula (the templates' Functions and Formula standings columns) by selecting its "
       "whole range, F2, then Ctrl+Shift+Enter."),
)
"""How to use the workbook in xlwings Lite (what ``workbook_templates/lite`` holds)."""

BLOCKS: Mapping[str, Sequence[str]] = {"standings": STANDINGS_STEPS, "lite": LITE_STEPS,
                                       "function-sheets": FUNCTION_SHEET_STEPS}
"""README's blocks by name."""


def shown(text: str, module: str = README_MODULE) -> str:
    """A step (or any text marked with ``N_``) in the language in force, a ``{module}`` field
    filled with the template's file name (``swiss``)."""
    found = _in_force(text)
    return found.replace("{module}", module)


def readme_block(name: str, module: str = README_MODULE) -> str:
    """A README's copy of a block in the language in force (README.md's: English;
    README.pt-BR.md's: Portuguese, naming ``suico``), each step a list item."""
    return "\n".join(f"- {shown(step, module)}" for step in BLOCKS[name])
