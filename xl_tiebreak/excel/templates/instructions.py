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

__all__ = ["BLOCKS", "LITE_STEPS", "STANDINGS_STEPS", "readme_block", "shown"]

STANDINGS_STEPS: tuple[str, ...] = (
    N_("Standings button (Windows): once, click Import Functions on the xlwings ribbon and "
       "save; this also brings the macro write_standings into the workbook. Then run it: "
       "Alt+F8, write_standings, Run (or Developer > Insert > Button and assign "
       "write_standings to it). It needs nothing beside the workbook, whatever the file is "
       "called, and says in the status bar what it wrote (in a message box why it could not)."),
    N_("Other ways: Run main on the xlwings ribbon (it imports a companion .py named like the "
       "workbook, such as swiss.py next to swiss.xlsm, so rename both together; also on "
       "macOS); in xlwings Lite the script write_standings; without Excel: xl-tiebreak "
       "standings THIS_FILE.xlsx"),
)
"""How to write the Standings sheet: the button first, then the other ways."""

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

BLOCKS: Mapping[str, Sequence[str]] = {"standings": STANDINGS_STEPS, "lite": LITE_STEPS}
"""README's blocks by name."""


def shown(text: str) -> str:
    """A step (or any text marked with ``N_``) in the language in force."""
    return _in_force(text)


def readme_block(name: str) -> str:
    """README's copy of a block: each step a list item, in English (README's language)."""
    return "\n".join(f"- {step}" for step in BLOCKS[name])
