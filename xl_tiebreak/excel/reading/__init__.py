"""An event and its Settings read from a workbook."""
