"""Reading and writing event files: TRF and crosstables (CSV text or spreadsheet ranges)."""
