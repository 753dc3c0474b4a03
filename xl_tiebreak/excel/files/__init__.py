"""Workbook files without Excel: what may be rewritten (keep or refuse) and safe writes."""
