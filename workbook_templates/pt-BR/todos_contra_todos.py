"""Companion module of todos_contra_todos.xlsm / todos_contra_todos.xlsx.

The xlwings add-in's "Run main" button imports the Python module named like the workbook and
calls its main(): this one writes the Standings sheet from the Crosstable and Settings sheets
(see xl_tiebreak.macros). Keep this file next to the workbook.
"""

from xl_tiebreak.macros import main

__all__ = ["main"]

if __name__ == "__main__":
    import xlwings as xw

    xw.Book("todos_contra_todos.xlsm").set_mock_caller()
    main()
