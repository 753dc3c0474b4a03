"""The one-click standings entry points under the name shipped workbooks use: the templates'
companion modules do ``from xl_tiebreak.macros import main``, ``RunPython`` calls
``xl_tiebreak.macros.main()``, and xlwings Lite imports ``write_standings``.

A re-export of :mod:`xl_tiebreak.excel.sheets.macros`.
"""

from __future__ import annotations

from xl_tiebreak.excel.sheets.macros import main, run, write_standings

__all__ = ["main", "run", "write_standings"]
