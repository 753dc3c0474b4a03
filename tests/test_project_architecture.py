"""The shape of the package: no module imports another in a cycle (module-level, lazy and
type-checking imports alike), and each package imports only the packages below it in
:data:`LAYERS` — the dependency contract that docs/architecture.md describes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "xl_tiebreak"
MODULES = sorted(
    ".".join(p.relative_to(PACKAGE).with_suffix("").parts) for p in PACKAGE.rglob("*.py")
    if p.stem not in ("__init__", "__main__")
)
"""Every module of the package, the spreadsheet layer's as ``excel.functions.catalogue``."""
PACKAGES = {".".join(p.parent.relative_to(PACKAGE).parts)
            for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE}

LAYERS: tuple[tuple[str, ...], ...] = (
    ("version", "util", "i18n"),
    ("model",),
    ("formats",),
    ("tiebreaks",),
    ("standings",),
    ("report",),
    ("prizes",),
    ("knockout",),
    ("events",),
    ("ratings",),
    ("excel.book",),
    ("excel.files",),
    ("excel.reading",),
    ("excel.functions",),
    ("excel.sheets",),
    ("excel.templates",),
    ("udfs", "macros"),
    ("excel",),
    ("cli",),
)
"""The packages (and top-level modules) from the bottom up: a module may import modules of its
own layer and of the layers below it, never above. The core is everything below
``excel.book`` but ``cli``, which starts the spreadsheet layer's commands."""


def layer(module: str) -> int:
    """The index in :data:`LAYERS` of the package that holds ``module`` (the longest match)."""
    best, found = -1, None
    for index, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > best:
                best, found = len(name), index
    if found is None:
        raise AssertionError(f"{module} is in no layer of LAYERS")
    return found


def imported(module: str) -> set[str]:
    """The package's modules that ``module`` imports anywhere: at module level, inside
    functions, and under ``if TYPE_CHECKING:``."""
    tree = ast.parse((PACKAGE / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        for dotted in names:
            name = dotted.removeprefix("xl_tiebreak.")
            if dotted.startswith("xl_tiebreak.") and name in MODULES:
                found.add(name)
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


def test_no_import_cycle_counting_type_checking_imports() -> None:
    assert cycles({m: imported(m) for m in MODULES}) == []


@pytest.mark.parametrize("module", MODULES)
def test_a_module_imports_only_its_layer_and_the_layers_below(module: str) -> None:
    above = sorted(m for m in imported(module) if layer(m) > layer(module))
    assert above == [], f"{module} (layer {LAYERS[layer(module)]}) imports {above}"


def test_every_package_is_in_a_layer_and_small() -> None:
    for package in PACKAGES:
        layer(package)
        modules = [p for p in (PACKAGE / package.replace(".", "/")).glob("*.py")
                   if p.stem != "__init__"]
        assert len(modules) <= 16, f"{package} holds {len(modules)} modules"


def test_the_scan_sees_every_kind_of_import() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "excel.headless" in imported("cli.main")  # inside a function
    assert "tiebreaks.descriptor" in imported("tiebreaks.engine") or \
        "tiebreaks.descriptors" in imported("tiebreaks.engine")  # under TYPE_CHECKING
    assert layer("excel.functions.catalogue") > layer("excel.reading.settings")
    assert layer("tiebreaks.fide") < layer("standings.final")


def test_the_contract_would_see_an_import_from_above() -> None:
    assert layer("report.table") > layer("standings.final")
    assert layer("util.numbers") < layer("model.tournament")


TESTS = Path(__file__).resolve().parent
PROJECT_TESTS = "project"
"""Tests of the project as a whole (README, packaging, the architecture, start-up, Pyodide)."""


def test_every_test_file_names_the_package_it_tests() -> None:
    """Tests mirror the packages: ``test_<package>_<topic>.py``, the package written with
    ``_`` for ``.`` (``test_formats_trf_lots_seed.py`` tests ``formats.trf``,
    ``test_excel_functions_udfs.py`` ``excel.functions``), the longest package that matches;
    ``test_project_*`` test the project as a whole."""
    prefixes = sorted((p.replace(".", "_") for p in PACKAGES), key=len, reverse=True)
    orphans = []
    for path in sorted(TESTS.glob("test_*.py")):
        name = path.stem.removeprefix("test_")
        if name.startswith(PROJECT_TESTS + "_"):
            continue
        if not any(name == p or name.startswith(p + "_") for p in prefixes):
            orphans.append(path.name)
    assert orphans == []


def test_the_naming_rule_would_see_an_orphan() -> None:
    prefixes = [p.replace(".", "_") for p in PACKAGES]
    assert any("formats_trf_lots_seed".startswith(p + "_") for p in prefixes)
    assert not any("lots_seed".startswith(p + "_") for p in prefixes)
