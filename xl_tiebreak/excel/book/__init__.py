"""Workbook adapters (openpyxl, xlwings) and the sheet layouts they write."""
