"""The worksheet functions (xlwings UDFs) and what they compute."""
