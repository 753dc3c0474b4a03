"""Small tools every layer uses: value classes, exact numbers, dates, cell names, safe text, input
files."""
