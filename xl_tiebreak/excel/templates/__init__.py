"""The workbook templates, the demo, and workbooks written from an event."""
