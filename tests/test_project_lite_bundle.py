"""xlwings Lite before the package is on PyPI, the way README's Lite section says: the wheel is
built, ``python -m xl_tiebreak.excel.lite_bundle WHEEL -o main.py`` makes the single file, and
that file alone brings xl-tiebreak into Pyodide (node, ``tests/pyodide/run.mjs``): only xlwings
is copied in (as Lite installs it from PyPI), never the package's tree. Under Pyodide the
file's module registers the worksheet functions and the script; the functions are called
directly and through xlwings' ``custom_functions_call``, and the script runs twice through
``custom_scripts_call`` on the Swiss template as the add-in sends it
(``tests/pyodide/lite_book.py``). CPython computes the expectations: the classic functions and
``xl-tiebreak standings`` on the same file.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings

from xl_tiebreak import udfs
from xl_tiebreak.excel.headless import write_standings_file
from xl_tiebreak.excel.lite_bundle import bundle
from xl_tiebreak.excel.lite_bundle import main as bundle_main
from xl_tiebreak.excel.templates.builder import SWISS, build_workbook

sys.path.insert(0, str(Path(__file__).resolve().parent / "pyodide"))
import lite_book  # noqa: E402
import pyodide_cases as cases  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RUNNER_DIR = ROOT / "tests" / "pyodide"
XLWINGS_DIR = Path(xlwings.__file__).resolve().parent

CROSSTABLE: list[list[Any]] = [
    [float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in row]
    for row in SWISS.rows
]
CALLS: list[tuple[str, list[Any]]] = [
    ("POINTS", [CROSSTABLE, 1.0]),
    ("BUCHHOLZ_CUT1", [CROSSTABLE, "Lukas Brenner"]),
    ("PLACE", [CROSSTABLE, 7.0, ["DE", "SB", "BH/C1"]]),
    ("STANDINGS", [CROSSTABLE, ["BH/C1", "BH", "SB"]]),
]

CODE = r"""
import json, os, sys, time
os.environ["XLWINGS_ON_SERVER"] = "true"          # as in xlwings Lite, before xlwings loads
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
import importlib.util
started = time.perf_counter()
spec = importlib.util.spec_from_file_location("main", "/lite/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
imported = time.perf_counter() - started
import xlwings as xw
import xl_tiebreak
from xlwings.server import custom_scripts_call, custom_scripts_meta
import pyodide_cases as cases
from lite_book import apply_actions
request = json.loads(REQUEST)
out = {"platform": sys.platform, "package": xl_tiebreak.__file__, "import_seconds": imported,
       "scripts": custom_scripts_meta(main)}
out["direct"] = [cases.outcome(lambda: getattr(main, n)(*a)) for n, a in request["calls"]]
out["dispatched"] = [await cases.dispatched(main, n, a) for n, a in request["calls"]]
data, runs = request["book"], []
for _ in range(2):
    book = xw.Book(json=json.loads(json.dumps(data)))
    await custom_scripts_call(main, "write_standings", typehint_to_value={xw.Book: book})
    apply_actions(data, book.json()["actions"])
    runs.append(json.loads(json.dumps(data)))
out["runs"] = runs
RESULT = json.dumps(out)
"""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    if not (RUNNER_DIR / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("npm package pyodide not installed: npm ci --prefix tests/pyodide")
    return node


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The single-file main.py made from the wheel built from this checkout."""
    folder = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                            "--no-build-isolation", "-q", "-w", str(folder), str(ROOT)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = folder.glob("xl_tiebreak-*-py3-none-any.whl")
    out = folder / "main.py"
    assert bundle_main([str(wheel), "-o", str(out)]) == 0
    assert bundle_main([str(wheel), "-o", str(out)]) == 2  # never overwritten silently
    return out


@pytest.fixture(scope="module")
def workbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lite") / "Club Open 2026.xlsx"
    build_workbook(SWISS, vba=False).save(path)
    return path


@pytest.fixture(scope="module")
def pyodide(bundled: Path, workbook: Path) -> dict[str, Any]:
    node = _node()
    request = {"calls": [[n, a] for n, a in CALLS],
               "book": lite_book.book_json(str(workbook), xlwings.__version__)}
    job = {
        "trees": {"/site": {"xlwings": str(XLWINGS_DIR)}},  # not the package: the file brings it
        "files": {
            "/lite/main.py": bundled.read_text(encoding="utf-8"),
            "/site/pyodide_cases.py": (RUNNER_DIR / "pyodide_cases.py").read_text("utf-8"),
            "/site/lite_book.py": (RUNNER_DIR / "lite_book.py").read_text("utf-8"),
        },
        "code": f"REQUEST = {json.dumps(json.dumps(request))}\n{CODE}",
    }
    done = subprocess.run([node, "run.mjs"], input=json.dumps(job), capture_output=True,
                          text=True, cwd=RUNNER_DIR, timeout=600,
                          env={k: v for k, v in os.environ.items() if k != "NODE_OPTIONS"})
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_package_comes_from_the_single_file(pyodide: dict[str, Any]) -> None:
    assert pyodide["platform"] == "emscripten"
    assert pyodide["package"].startswith("/tmp/xl_tiebreak-")
    assert [s["function_name"] for s in pyodide["scripts"]] == ["write_standings"]


def test_worksheet_functions_give_the_classic_values(pyodide: dict[str, Any]) -> None:
    for k, (name, args) in enumerate(CALLS):
        udfs.clear_cache()
        expected = cases.outcome(lambda n=name, a=args: udfs.EXCEL_FUNCTIONS[n](*a))
        assert pyodide["direct"][k] == expected, name
        value = expected["value"]
        rows = value if isinstance(value, list) else [[value]]
        assert pyodide["dispatched"][k] == {
            "value": [["" if c is None else c for c in row] for row in rows]}, name


def test_the_standings_script_writes_what_the_headless_command_writes(
        pyodide: dict[str, Any], workbook: Path, tmp_path: Path) -> None:
    first, second = pyodide["runs"]
    assert first == second  # a second run changes nothing
    written = tmp_path / "headless.xlsx"
    write_standings_file(workbook, written)
    expected = [[lite_book._sent(v) for v in row]
                for row in openpyxl.load_workbook(written)["Standings"].iter_rows(
                    values_only=True)]
    sheet = next(s for s in first["sheets"] if s["name"] == "Standings")
    place = next(i for i, row in enumerate(expected) if row[0] == "Place")
    width = len([v for v in expected[place] if v != ""])
    got = [row[:width] for row in sheet["values"][place:place + 1 + SWISS.players]]
    assert got == [row[:width] for row in expected[place:place + 1 + SWISS.players]]


def test_a_file_that_is_no_wheel_is_refused_naming_it(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.whl"
    bad.write_text("not a zip", encoding="utf-8")
    out = tmp_path / "main.py"
    assert bundle_main([str(bad), "-o", str(out)]) == 2
    assert "notes.whl: cannot read the wheel" in capsys.readouterr().err
    assert not out.exists()


# ------------------------------------------------------------------ shipped bytecode

BYTECODE_CODE = r"""
import json, os, sys
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
import importlib.util
from importlib._bootstrap_external import SourceLoader
compiled = []
to_code = SourceLoader.source_to_code
def counted(self, data, path, *args, **kwargs):
    if "/xl_tiebreak/" in str(path):
        compiled.append(path)
    return to_code(self, data, path, *args, **kwargs)
SourceLoader.source_to_code = counted
spec = importlib.util.spec_from_file_location("main", "/lite/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
ours = [n for n in sys.modules if n.startswith("xl_tiebreak")]
RESULT = json.dumps({"tag": sys.implementation.cache_tag, "compiled": len(compiled),
                     "modules": len(ours), "points": main.POINTS(CROSSTABLE, 1.0)})
"""


def _python_of(tag: str) -> str | None:
    """An interpreter whose cache tag is ``tag`` (``cpython-313``): the one the environment
    variable ``XL_TIEBREAK_BYTECODE_PYTHON`` names, else ``python3.13`` on PATH; None when
    it does not run or is of another version."""
    version = tag.removeprefix("cpython-")
    found = (os.environ.get("XL_TIEBREAK_BYTECODE_PYTHON")
             or shutil.which(f"python{version[0]}.{version[1:]}"))
    if not found:
        return None
    try:
        done = subprocess.run([found, "-c", "import sys; print(sys.implementation.cache_tag)"],
                              capture_output=True, text=True, timeout=60)
    except OSError:
        return None
    return found if done.returncode == 0 and done.stdout.strip() == tag else None


def _bytecode_session(main_py: Path) -> dict[str, Any]:
    job = {"trees": {"/site": {"xlwings": str(XLWINGS_DIR)}},
           "files": {"/lite/main.py": main_py.read_text(encoding="utf-8")},
           "code": f"import json\nCROSSTABLE = json.loads({json.dumps(json.dumps(CROSSTABLE))})\n"
                   f"{BYTECODE_CODE}"}
    done = subprocess.run([_node(), "run.mjs"], input=json.dumps(job), capture_output=True,
                          text=True, cwd=RUNNER_DIR, timeout=600,
                          env={k: v for k, v in os.environ.items() if k != "NODE_OPTIONS"})
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_shipped_bytecode_is_imported_without_compiling_and_a_mismatch_falls_back(
        bundled: Path, tmp_path: Path) -> None:
    """Bytecode of Pyodide's Python: no module of the package is compiled from source in
    Pyodide. Bytecode of another Python (this one's): every module is, and works."""
    _node()  # skipped without node or the npm package, as the other Pyodide tests
    (wheel,) = bundled.parent.glob("xl_tiebreak-*-py3-none-any.whl")
    lock = json.loads((RUNNER_DIR / "node_modules" / "pyodide" / "pyodide-lock.json")
                      .read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    pyodide_tag = f"cpython-{major}{minor}"
    python = _python_of(pyodide_tag)
    if python is None or sys.implementation.cache_tag == pyodide_tag:
        pytest.skip(f"needs python{major}.{minor} and another Python running the tests")
    expected = udfs.POINTS(CROSSTABLE, 1.0)
    for label, compiler in (("matching", python), ("other", sys.executable)):
        out = tmp_path / f"main-{label}.py"
        assert bundle_main([str(wheel), "-o", str(out), "--bytecode", compiler]) == 0
        got = _bytecode_session(out)
        assert got["tag"] == pyodide_tag and got["points"] == expected, label
        assert got["modules"] > 50, label
        assert got["compiled"] == (0 if label == "matching" else got["modules"]), label


def test_a_bytecode_python_that_cannot_run_is_said(
        bundled: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (wheel,) = bundled.parent.glob("xl_tiebreak-*-py3-none-any.whl")
    out = tmp_path / "main.py"
    missing = str(tmp_path / "no-such-python")
    assert bundle_main([str(wheel), "-o", str(out), "--bytecode", missing]) == 2
    assert f"{missing}: cannot compile the modules" in capsys.readouterr().err
    assert not out.exists()


# ------------------------------------------------------------------ the file's payloads

def _wheel_of(members: dict[str, bytes]) -> bytes:
    """A wheel's bytes holding these members (and a metadata file the bundle leaves out)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in {**members, "xl_tiebreak-9.9.dist-info/METADATA": b"Name: x"}.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _payloads(text: str) -> dict[str, dict[str, bytes]]:
    """The three payloads of a made ``main.py``, decoded by its own ``_members``."""
    namespace: dict[str, Any] = {}
    exec(text.split("\n_unpacked()\n")[0], namespace)  # the loader's definitions only
    return {name: namespace["_members"](namespace[name])
            for name in ("_FILES", "_SOURCES", "_BYTECODE")}


def test_the_payloads_hold_the_wheels_files_and_the_same_wheel_makes_the_same_file() -> None:
    members = {
        "xl_tiebreak/__init__.py": b'"""The package."""\n',
        "xl_tiebreak/version.py": b'__version__ = "9.9"\n',
        "xl_tiebreak/i18n/pt_BR.po": 'msgid "x"\nmsgstr "é"\n'.encode(),
        "xl_tiebreak/py.typed": b"",
        "xl_tiebreak/cli/main.py": b"left = 'out'\n",  # what Lite never imports
    }
    wheel = _wheel_of(members)
    text = bundle(wheel, "xl_tiebreak-9.9-py3-none-any.whl")
    assert text == bundle(wheel, "xl_tiebreak-9.9-py3-none-any.whl")
    assert "xl-tiebreak 9.9 for xlwings Lite" in text
    got = _payloads(text)
    assert got["_FILES"] == {"xl_tiebreak/i18n/pt_BR.po": members["xl_tiebreak/i18n/pt_BR.po"],
                             "xl_tiebreak/py.typed": b""}
    assert got["_SOURCES"] == {n: members[n] for n in ("xl_tiebreak/__init__.py",
                                                       "xl_tiebreak/version.py")}
    assert got["_BYTECODE"] == {}
    with_code = bundle(wheel, "w.whl", sys.executable)
    code = _payloads(with_code)["_BYTECODE"]
    assert sorted(code) == ["xl_tiebreak/__init__.pyc", "xl_tiebreak/version.pyc"]
    assert all(data[:4] == importlib.util.MAGIC_NUMBER for data in code.values())
    assert f'_MAGIC = "{importlib.util.MAGIC_NUMBER.hex()}"' in with_code
    assert '_MAGIC = ""' in text
