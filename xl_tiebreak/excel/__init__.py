"""The spreadsheet layer: Excel workbooks read and written through openpyxl or xlwings.

One module per concern (nothing in the core imports this package):

* :mod:`.cells` — Excel-specific cell helpers (error values, date hints, A1 ranges);
* :mod:`.layout` — declarative sheet layouts, styles, number formats, the standings table;
* :mod:`.books` — the :class:`~.books.Book` protocol the writer renders layouts through;
* :mod:`.openpyxl_book` / :mod:`.xlwings_book` — its two adapters;
* :mod:`.settings` — the Settings sheet;
* :mod:`.reading` — the tournament of a book (crosstable + settings);
* :mod:`.sheets` — the sheets xl-tiebreak writes (Standings, Problems) and their marks;
* :mod:`.writer` — the one standings writer;
* :mod:`.files` — headless file safety (zip and part checks, size caps, atomic writes);
* :mod:`.headless` — the standings command and workbook reading without Excel;
* :mod:`.arguments`, :mod:`.evaluation`, :mod:`.functions` — the worksheet functions;
* :mod:`.macros` — the xlwings entry points; :mod:`.templates` — templates and demo.

``xl_tiebreak.udfs`` and ``xl_tiebreak.macros`` re-export the worksheet functions and the
macros under the names shipped workbooks use.
"""
