"""xl-tiebreak for xlwings Lite: paste this file into the add-in's main.py editor and the
lines of requirements.txt into its requirements.txt editor (see README.md next to this file).

xlwings Lite registers the custom functions and scripts found in this module's namespace, so
every worksheet function (BUCHHOLZ_CUT1, SONNEBORN, PLACE, STANDINGS, … all of
xl_tiebreak.udfs.EXCEL_FUNCTIONS, and the team functions TEAM_POINTS, TEAM_PLACE … all of
xl_tiebreak.udfs.TEAM_FUNCTIONS) is put here by its Excel name, and the standings script as
``write_standings``. Values are those of classic xlwings; a problem is a real #VALUE! error
whose message (shown on hover) is the classic ``#…`` text.
"""

from xl_tiebreak.excel.lite import FUNCTIONS, write_standings

globals().update(FUNCTIONS)

__all__ = [*FUNCTIONS, "write_standings"]
