"""Every module of the package imports on its own, and no two modules import each other in a
cycle (module-level and lazy imports alike; imports under ``if TYPE_CHECKING:`` are for type
annotations only, never executed, and are not counted, except for the tie-break package, where
they count too: the registry row, the descriptor, the engine and the tie-break functions stand
in one order, with the registry above them all)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "xl_tiebreak"
MODULES = sorted(
    ".".join(p.relative_to(PACKAGE).with_suffix("").parts) for p in PACKAGE.rglob("*.py")
    if p.stem not in ("__init__", "__main__")
)
"""Every module of the package, the spreadsheet subpackage's as ``excel.functions``."""
PACKAGES = sorted(".".join(p.parent.relative_to(PACKAGE).parts)
                  for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE)


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_on_its_own(module: str) -> None:
    env = dict(os.environ)
    if module == "excel.lite":  # xlwings Lite's setting: Office.js decorators (issue 8)
        env.update(XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    result = subprocess.run([sys.executable, "-c", f"import xl_tiebreak.{module}"],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(module: str, type_checking: bool = False) -> set[str]:
    """The package's modules that ``module`` imports anywhere (functions included); with
    ``type_checking``, those under ``if TYPE_CHECKING:`` too."""
    tree = ast.parse((PACKAGE / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8"))
    found: set[str] = set()

    def add(dotted: str) -> None:
        """Record ``xl_tiebreak.X[.Y]`` as the module it names (a package's ``__init__`` is not
        a module of the graph)."""
        name = dotted.removeprefix("xl_tiebreak.")
        if name in MODULES:
            found.add(name)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and not type_checking and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("xl_tiebreak."):
                    add(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "xl_tiebreak" or node.module.removeprefix(
                    "xl_tiebreak.") in PACKAGES:
                prefix = node.module.removeprefix("xl_tiebreak").lstrip(".")
                for a in node.names:
                    add(f"{prefix}.{a.name}" if prefix else a.name)
            elif node.module.startswith("xl_tiebreak."):
                add(node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(module)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_no_import_cycle_between_modules() -> None:
    graph = {m: imported(m) for m in MODULES}
    assert cycles(graph) == []


def test_no_cycle_through_the_tiebreak_package_counting_type_checking_imports() -> None:
    graph = {m: imported(m, type_checking=True) for m in MODULES}
    assert [c for c in cycles(graph) if any(m.startswith("tiebreaks.") for m in c)] == []


BELOW_THE_REGISTRY = ("tiebreaks.row", "tiebreaks.descriptor", "tiebreaks.engine",
                      "tiebreaks.fide", "tiebreaks.encounter", "tiebreaks.outside_games",
                      "tiebreaks.uscf", "tiebreaks.team", "tiebreaks.team_engine",
                      "tiebreaks.unplayed", "tiebreaks.rules", "tiebreaks.categories")
"""The modules a tie-break is made of and computed by: none may reach the registry (or the
descriptor parser above it), directly or through another module, type-checking imports
included."""


@pytest.mark.parametrize("module", BELOW_THE_REGISTRY)
def test_the_engine_and_the_tiebreak_functions_never_reach_the_registry(module: str) -> None:
    reached: set[str] = set()
    todo = [module]
    while todo:
        for found in imported(todo.pop(), type_checking=True) - reached:
            reached.add(found)
            todo.append(found)
    assert not reached & {"tiebreaks.registry", "tiebreaks.descriptors", "tiebreaks.presets"}


def test_the_type_checking_scan_sees_type_checking_imports() -> None:
    assert "tiebreaks.descriptor" not in imported("tiebreaks.fide")
    assert "tiebreaks.descriptor" in imported("tiebreaks.fide", type_checking=True)
    assert {"tiebreaks.fide", "tiebreaks.row"} <= imported("tiebreaks.registry")


def test_the_cycle_finder_sees_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_scan_sees_lazy_imports() -> None:
    assert "excel.headless" in imported("cli.main")  # imported inside a function
    assert "excel.functions.arguments" in imported("excel.functions.evaluation")
    assert {"excel.functions.catalogue", "excel.lite", "udfs"} <= set(MODULES)


def test_every_subpackage_is_installed() -> None:
    """pyproject's package list names every folder of the package (a wheel, and Pyodide, get
    only those)."""
    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    packages = text.split("packages =", 1)[1].split("]")[0]
    listed = set(re.findall(r'"(xl_tiebreak[a-z_.]*)"', packages))
    assert listed == {"xl_tiebreak", *(f"xl_tiebreak.{p}" for p in PACKAGES)}
