"""The worksheet functions as xlwings itself lists them, each way in a fresh interpreter.

* **Classic xlwings** (Windows, "Import Functions" of the add-in): ``xlwings.udfs.import_udfs``
  writes one VBA wrapper per decorated member of ``xl_tiebreak.udfs`` and sends each function's
  description and argument texts to ``Application.MacroOptions``. That module needs pywin32, so
  the interpreter gets inert stand-ins for ``pythoncom``, ``pywintypes`` and
  ``win32com.client``, classic xlwings' own decorators (``xlfunc``, ``xlarg``, ``xlret``,
  ``xlsub`` are what ``xw.func`` … are on Windows) and a workbook stand-in that records the
  imported VBA file and the ``MacroOptions`` calls. Everything else is xlwings' own code.
* **xlwings Lite** (Office.js): ``xlwings.server.custom_functions_meta`` of the shipped
  ``workbook_templates/lite/main.py``, with ``XLWINGS_ON_SERVER=true`` and the licence key
  xlwings documents for non-commercial use.

:func:`current_lists` gives both as plain data; ``python tests/xlwings_lists.py`` prints them as
the JSON of ``tests/data/worksheet_functions.json`` (write that file only on purpose: it is the
record of what shipped workbooks see).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STORED = ROOT / "tests" / "data" / "worksheet_functions.json"
LITE_MAIN = ROOT / "workbook_templates" / "lite" / "main.py"

CLASSIC_SIDE = r"""
import contextlib, json, sys, types

pythoncom = types.ModuleType("pythoncom")
pythoncom.CoInitialize = lambda: None
pywintypes = types.ModuleType("pywintypes")
class com_error(Exception):
    pass
pywintypes.com_error = com_error
win32com = types.ModuleType("win32com")
client = types.ModuleType("win32com.client")
def Dispatch(obj):
    raise AssertionError("xlwings asked for a COM object")
client.Dispatch = Dispatch
win32com.client = client
sys.modules.update({"pythoncom": pythoncom, "pywintypes": pywintypes, "win32com": win32com,
                    "win32com.client": client})

import xlwings as xw
import xlwings.udfs as classic

xw.func, xw.arg, xw.ret, xw.sub, xw.script = (classic.xlfunc, classic.xlarg, classic.xlret,
                                              classic.xlsub, classic.xlsub)

import xl_tiebreak.udfs as module

# what get_udf_module keeps after importing a module (it would otherwise open the workbook
# through COM to look for embedded code first)
classic.udf_modules["xl_tiebreak.udfs"] = {"filename": module.__file__, "filetime": None,
                                            "module": module}

class Components:
    def __init__(self):
        self.imported = None
    def __call__(self, name):
        raise com_error("no module " + name)
    def Remove(self, component):
        raise AssertionError("nothing to remove")
    def Import(self, path):
        with open(path) as f:
            self.imported = f.read()

class Application:
    Version = "16.0"
    def __init__(self):
        self.options = []
    def MacroOptions(self, macro, **kw):
        self.options.append({"macro": macro, **kw})

class Workbook:
    Name = "swiss.xlsm"
    def __init__(self):
        self.Application = Application()
        self.VBProject = types.SimpleNamespace(VBComponents=Components())

book = Workbook()
with contextlib.redirect_stdout(sys.stderr):  # its closing message
    classic.import_udfs("xl_tiebreak.udfs", book)
def plain(value):
    return value if isinstance(value, (bool, int, str)) else getattr(value, "__name__", repr(value))

conversions = {
    f.__xlfunc__["name"]: {
        a["name"]: {**{k: plain(v) for k, v in a["options"].items()},
                    **({"default": a["optional"]} if "optional" in a else {})}
        for a in f.__xlfunc__["args"]}
    for f in map(lambda attr: getattr(module, attr), dir(module)) if hasattr(f, "__xlfunc__")
}
json.dump({"vba": book.VBProject.VBComponents.imported, "options": book.Application.options,
           "conversions": conversions}, sys.stdout)
"""

LITE_SIDE = r"""
import importlib.util, json, sys
from xlwings.server import custom_functions_meta

spec = importlib.util.spec_from_file_location("main", sys.argv[1])
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
json.dump(custom_functions_meta(main)["functions"], sys.stdout)
"""

_SIGNATURE = re.compile(r"^Function (\w+)\((.*)\)$")


def _run(script: str, *args: str, lite: bool) -> Any:
    """Run one side in a fresh interpreter importing this checkout; its JSON output."""
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path)
    env.pop("XLWINGS_ON_SERVER", None)
    if lite:
        env.update(XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout)


def classic_list() -> dict[str, Any]:
    """Every function of classic xlwings' VBA module, by name: its parameters as the VBA
    wrapper declares them (``Optional rules``), how each argument is converted when Excel calls
    it (``ndim``, ``err_to_str``, the annotation's converter, the default) and what ``MacroOptions``
    receives (category, description, argument texts)."""
    seen = _run(CLASSIC_SIDE, lite=False)
    functions: dict[str, Any] = {}
    for line in seen["vba"].splitlines():
        match = _SIGNATURE.match(line)
        if match:
            name, params = match.groups()
            functions[name] = {"parameters": params.split(", ") if params else []}
    for name, conversion in seen["conversions"].items():
        functions[name]["conversion"] = conversion
    for options in seen["options"]:
        name = options["macro"].split("!", 1)[1]
        functions[name].update(category=options["Category"],
                               description=options["Description"],
                               arguments=options["ArgumentDescriptions"])
    return functions


def lite_list() -> dict[str, Any]:
    """Every custom function xlwings Lite registers from the shipped ``main.py``, by its id:
    the Office.js metadata (name, description, parameters with their descriptions, optional
    flags and dimensionality, result, options)."""
    return {f["id"]: f for f in _run(LITE_SIDE, str(LITE_MAIN), lite=True)}


def current_lists() -> dict[str, Any]:
    """Both lists: ``{"classic": …, "lite": …}``."""
    return {"classic": classic_list(), "lite": lite_list()}


if __name__ == "__main__":
    json.dump(current_lists(), sys.stdout, indent=1, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")
