"""The one-click standings entry points under the name shipped workbooks use: the templates'
``UDF Modules`` setting names this module, so classic xlwings' Import Functions turns
:data:`write_standings` into the workbook's ``Sub write_standings()`` (the standings button);
the companion modules do ``from xl_tiebreak.macros import main`` ("Run main", the fallback),
``RunPython`` calls ``xl_tiebreak.macros.main()``, and xlwings Lite imports ``write_standings``.

A re-export of :mod:`xl_tiebreak.excel.sheets.macros`. Only ``write_standings`` here carries
xlwings' macro metadata (Import Functions writes a Sub for each such function it finds).
"""

from __future__ import annotations

from xl_tiebreak.excel.sheets.macros import main, run, write_standings

__all__ = ["main", "run", "write_standings"]
