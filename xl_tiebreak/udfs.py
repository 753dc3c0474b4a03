"""The worksheet functions under the name shipped workbooks use (``UDF Modules =
xl_tiebreak.udfs``; ``from xl_tiebreak.udfs import *`` in xlwings Lite's ``main.py``).

A re-export of :mod:`xl_tiebreak.excel.functions.catalogue`: every decorated function is a member of
this module (classic xlwings' "Import Functions" looks for them here, and calls them by this
module's name), and ``__all__`` lists every one of them, so a star import brings them all.
"""

from __future__ import annotations

from xl_tiebreak.excel.functions.catalogue import *  # noqa: F403
from xl_tiebreak.excel.functions.catalogue import __all__ as __all__
