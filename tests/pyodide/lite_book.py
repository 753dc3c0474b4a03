"""A workbook as xlwings Lite's add-in hands it to a script, and the add-in's side of the
actions the script sends back: used by tests/test_excel_sheets_standings_button.py (CPython) and
tests/test_project_lite_bundle.py (under Pyodide, where run.mjs copies this file).

:func:`book_json` (CPython, openpyxl) gives the content in the form the add-in sends (each
sheet's values, numbers as floats, dates as serial numbers, the book's and the sheets' names);
:func:`apply_actions` changes that content as the add-in does for the actions that change
content (values, sheets, names; formats are not kept), refusing a name created twice."""

from __future__ import annotations

import datetime
from typing import Any

EPOCH = datetime.datetime(1899, 12, 30)


def _sent(v: Any) -> Any:
    if v is None:
        return ""
    if isinstance(v, datetime.datetime):
        return float((v - EPOCH).days)
    if isinstance(v, datetime.date):
        return float((v - EPOCH.date()).days)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return v


def _sheet(name: str, values: list[list[Any]]) -> dict[str, Any]:
    return {"name": name, "values": values, "pictures": [], "tables": [], "shapes": [],
            "charts": [], "pivot_tables": []}


def book_json(path: str, version: str) -> dict[str, Any]:
    """The workbook file ``path`` as the add-in sends it (``version``: xlwings')."""
    import openpyxl

    from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook

    wb = openpyxl.load_workbook(path, keep_vba=path.endswith(".xlsm"))
    data: dict[str, Any] = {
        "client": "Office.js", "version": version,
        "book": {"name": path.replace("\\", "/").rsplit("/", 1)[-1], "active_sheet_index": 0,
                 "selection": "A1"},
        "sheets": [], "names": []}
    for index, ws in enumerate(wb.worksheets):
        values = [[_sent(c.value if c.data_type != "f" else None) for c in row]
                  for row in ws.iter_rows()] or [[""]]
        data["sheets"].append(_sheet(ws.title, values))
        for local in ws.defined_names:
            data["names"].append({"name": local, "book_scope": False,
                                  "scope_sheet_index": index, "scope_sheet_name": ws.title,
                                  "sheet_index": None, "address": None,
                                  "refers_to": "=" + ws.defined_names[local].attr_text})
    for name, defined in wb.defined_names.items():
        # Excel evaluates the templates' INDEX/COUNTA names to the filled range
        ((sheet_name, ref),) = list(defined.destinations) or OpenpyxlBook(wb)._sized(
            defined.attr_text)
        data["names"].append({"name": name, "book_scope": True, "scope_sheet_index": None,
                              "scope_sheet_name": None,
                              "sheet_index": wb.sheetnames.index(sheet_name),
                              "address": ref.replace("$", ""),
                              "refers_to": "=" + defined.attr_text})
    return data


def apply_actions(data: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    """Change ``data`` as the add-in does for each action that changes content."""
    for a in actions:
        func, sheet = a["func"], a["sheet_position"]
        if func == "setValues":
            values = data["sheets"][sheet]["values"]
            r0, c0 = a["start_row"], a["start_column"]
            width = max(c0 + a["column_count"], len(values[0]))
            for row in values:
                row.extend([""] * (width - len(row)))
            values.extend([[""] * width for _ in range(r0 + a["row_count"] - len(values))])
            for i, row in enumerate(a["values"]):
                for j, v in enumerate(row):
                    values[r0 + i][c0 + j] = v
        elif func == "sheetClear":
            data["sheets"][sheet]["values"] = [[""]]
        elif func == "addSheet":
            position, title = a["args"]
            assert all(s["name"] != title for s in data["sheets"]), "a sheet added twice"
            data["sheets"].insert(position, _sheet(title, [[""]]))
        elif func == "namesAdd":
            local, refers_to = a["args"]
            assert not any(n["name"] == local and n["scope_sheet_index"] == sheet
                           for n in data["names"]), "a name created twice"
            data["names"].append({"name": local, "book_scope": False,
                                  "scope_sheet_index": sheet,
                                  "scope_sheet_name": data["sheets"][sheet]["name"],
                                  "sheet_index": None, "address": None,
                                  "refers_to": refers_to})
        elif func == "deleteSheet":
            del data["sheets"][sheet]
