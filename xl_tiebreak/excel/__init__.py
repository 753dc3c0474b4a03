"""The spreadsheet layer: Excel workbooks read and written through openpyxl or xlwings.

Nothing in the core imports this package. Its subpackages point one way:
:mod:`.book` (adapters, layouts) ← :mod:`.files` (keep or refuse, safe writes) ←
:mod:`.reading` (an event and its Settings) ← :mod:`.functions` (the worksheet functions) ←
:mod:`.sheets` (what the standings button writes) ← :mod:`.templates`; :mod:`.headless` (the
``standings`` command) and :mod:`.lite` (xlwings Lite) sit on top. ``xl_tiebreak.udfs`` and
``xl_tiebreak.macros`` re-export the functions and the macros under the names shipped workbooks
use.
"""
