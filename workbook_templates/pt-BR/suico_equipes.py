"""Companion module of suico_equipes.xlsm / suico_equipes.xlsx.

The xlwings add-in's "Run main" button imports the Python module named like the workbook and
calls its main(): this one writes the Standings sheet from the Crosstable and Settings sheets
(see xl_tiebreak.macros). Keep this file next to the workbook.
"""

from xl_tiebreak.macros import main

__all__ = ["main"]

if __name__ == "__main__":
    import xlwings as xw

    xw.Book("suico_equipes.xlsm").set_mock_caller()
    main()
