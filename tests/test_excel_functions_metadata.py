"""What Excel would receive from the decorators, checked on Linux (where they are no-ops).

The UDF module is imported again under recording stand-ins for ``xw.func``/``xw.arg``/``xw.ret``
(and ``xw.script`` for the macros), which behave like classic xlwings' ``xlarg``: an ``@xw.arg``
naming no parameter fails at import, as it would on Windows.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import typing
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, get_args, get_origin

import pytest
import xlwings as xw
from xlwings.conversion import accessors

VBA_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,254}")
CELL_REFERENCE = re.compile(r"[A-Za-z]{1,3}[0-9]+|[Rr][0-9]*[Cc][0-9]*|[Rr]|[Cc]")
VBA_RESERVED = {
    "and", "as", "boolean", "byref", "byte", "byval", "call", "case", "const", "date", "declare",
    "dim", "do", "double", "each", "else", "elseif", "end", "enum", "erase", "error", "event",
    "exit", "false", "for", "function", "get", "global", "gosub", "goto", "if", "implements",
    "in", "input", "integer", "is", "let", "like", "long", "loop", "me", "mod", "name", "new",
    "next", "not", "nothing", "null", "object", "on", "open", "option", "optional", "or",
    "paramarray", "preserve", "print", "private", "property", "public", "put", "raiseevent",
    "redim", "rem", "resume", "return", "select", "set", "single", "static", "step", "stop",
    "string", "sub", "then", "to", "true", "type", "typeof", "until", "variant", "wend",
    "while", "with", "xor", "caller",
}
EXCEL_BUILTINS = {"RANK", "SUM", "AVERAGE", "MEDIAN", "INDEX", "MATCH", "COUNT", "MAX", "MIN"}


def _meta(f: Any) -> dict[str, Any]:
    if not hasattr(f, "__xlmeta__"):
        f.__xlmeta__ = {"func": None, "args": {}, "ret": {}, "script": None}
    return f.__xlmeta__  # type: ignore[no-any-return]


def _decorator(kind: str) -> Callable[..., Any]:
    def decorate(f: Any = None, **kw: Any) -> Any:
        def inner(g: Any) -> Any:
            _meta(g)[kind] = kw
            return g

        return inner(f) if callable(f) else inner

    return decorate


def _arg(name: str, convert: Any = None, **kw: Any) -> Callable[[Any], Any]:
    def inner(f: Any) -> Any:
        if name.lstrip("*") not in inspect.signature(f).parameters:
            raise NameError(f"@xw.arg({name!r}) does not match a parameter of {f.__name__}")
        _meta(f)["args"][name] = dict(kw, convert=convert)
        return f

    return inner


def _ret(convert: Any = None, **kw: Any) -> Callable[[Any], Any]:
    def inner(f: Any) -> Any:
        _meta(f)["ret"] = dict(kw, convert=convert)
        return f

    return inner


def _reimport(monkeypatch: pytest.MonkeyPatch, name: str, *defining: str
              ) -> Iterator[ModuleType]:
    """Import ``name`` again under the recorders, together with the ``defining`` modules whose
    decorated functions it re-exports."""
    monkeypatch.setattr(xw, "func", _decorator("func"))
    monkeypatch.setattr(xw, "script", _decorator("script"))
    monkeypatch.setattr(xw, "arg", _arg)
    monkeypatch.setattr(xw, "ret", _ret)
    names = (name, *defining)
    saved = {n: sys.modules.pop(n, None) for n in names}
    try:
        yield importlib.import_module(name)
    finally:
        for n in names:
            sys.modules.pop(n, None)
            if saved[n] is not None:
                sys.modules[n] = saved[n]  # type: ignore[assignment]


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    yield from _reimport(monkeypatch, "xl_tiebreak.udfs", "xl_tiebreak.excel.functions.catalogue",
                         "xl_tiebreak.excel.functions.one_tiebreak",
                         "xl_tiebreak.excel.functions.team")


@pytest.fixture
def recorded_macros(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    yield from _reimport(monkeypatch, "xl_tiebreak.macros", "xl_tiebreak.excel.sheets.macros")


def test_every_decorated_function_is_exported(recorded: ModuleType) -> None:
    decorated = {
        name for name, obj in vars(recorded).items()
        if callable(obj) and getattr(obj, "__xlmeta__", {}).get("func") is not None
    }
    # the team module is imported again too: the test no longer depends on which test ran
    # first (whether the team functions were decorated by xlwings or by the recorders)
    assert decorated == set(recorded.EXCEL_FUNCTIONS) | set(recorded.TEAM_FUNCTIONS)
    # 29 + 5 US Chess + TIEBREAKS + COMPARE_ORDERS + RBH + CROSSTABLE_ID + PARTICIPANTS
    # + WHY_AHEAD
    assert len(set(recorded.EXCEL_FUNCTIONS)) == 40


def test_names_are_vba_identifiers_that_are_not_cell_references(recorded: ModuleType) -> None:
    for name in recorded.EXCEL_FUNCTIONS:
        assert VBA_IDENTIFIER.fullmatch(name), name
        assert not CELL_REFERENCE.fullmatch(name), name
        assert name.lower() not in VBA_RESERVED, name
        assert name not in EXCEL_BUILTINS, name
        assert name == name.upper(), name


def test_function_options(recorded: ModuleType) -> None:
    for name, f in recorded.EXCEL_FUNCTIONS.items():
        meta = f.__xlmeta__
        assert meta["func"] == {"category": "xl-tiebreak"}, name
        doc = inspect.getdoc(f)
        assert doc and len(f.__doc__) <= 255, name  # Excel keeps 255 characters
        assert "expand" not in meta["ret"], name  # dynamic arrays spill by themselves


def test_arguments(recorded: ModuleType) -> None:
    for name, f in recorded.EXCEL_FUNCTIONS.items():
        meta = f.__xlmeta__
        params = inspect.signature(f).parameters
        assert list(params)[0] == "crosstable", name
        assert meta["args"]["crosstable"]["ndim"] == 2, name
        assert set(meta["args"]) == set(params), f"{name}: every parameter has an @xw.arg"
        for pname, p in params.items():
            assert p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, (name, pname)
            assert VBA_IDENTIFIER.fullmatch(pname) and pname.lower() not in VBA_RESERVED
            assert meta["args"][pname].get("doc"), (name, pname)
            assert len(meta["args"][pname]["doc"]) <= 255
            assert meta["args"][pname].get("numbers") is not int, (name, pname)
            assert "vba" not in meta["args"][pname]
        for pname in list(params)[1:]:
            if pname != "player" and pname != "descriptor":
                assert params[pname].default is not inspect.Parameter.empty, (name, pname)
        if "player" in params:
            assert list(params)[1] == "player", name


def _top_level(hint: Any) -> Any:
    origin = get_origin(hint)
    if origin is typing.Annotated:
        hint = get_args(hint)[0]
        origin = get_origin(hint)
    return origin or hint


def test_annotations_select_known_xlwings_converters(recorded: ModuleType) -> None:
    """xlwings turns annotations into converters; a Union (also the implicit Optional of a
    ``= None`` default on Python 3.10) has none and would fail in Excel."""
    for name, f in recorded.EXCEL_FUNCTIONS.items():
        hints = typing.get_type_hints(f, include_extras=True)
        for pname, hint in hints.items():
            top = _top_level(hint)
            assert top in accessors, (name, pname, hint)
        for pname, p in inspect.signature(f).parameters.items():
            assert p.default is not None, f"{name}.{pname}: a None default becomes Optional[...]"


def test_wrong_arg_name_fails_at_import(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xw, "arg", _arg)

    with pytest.raises(NameError, match="cutt"):

        @xw.arg("cutt", doc="typo")
        def BUCHHOLZ_CUT1(crosstable: Any, player: Any, cut: Any = 1) -> Any:
            return None


def test_macro_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    # classic xlwings (Windows: xw.sub is xlwings' xlsub): a Sub without parameters, which
    # Alt+F8 and a button can run; its name is the VBA name Import Functions gives it
    monkeypatch.setattr(xw, "sub", _decorator("sub"), raising=False)
    monkeypatch.setattr(xw, "on_server", False, raising=False)
    module = next(_reimport(monkeypatch, "xl_tiebreak.macros", "xl_tiebreak.excel.sheets.macros"))
    assert inspect.signature(module.main).parameters == {}
    sub = module.write_standings
    assert sub.__name__ == "write_standings" and sub.__xlmeta__["sub"] == {}
    assert sub.__xlmeta__["script"] is None
    assert inspect.signature(sub).parameters == {}


def test_lite_script_takes_the_book(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xw, "on_server", True, raising=False)  # xlwings Lite
    module = next(_reimport(monkeypatch, "xl_tiebreak.macros", "xl_tiebreak.excel.sheets.macros"))
    script = module.write_standings
    assert script.__name__ == "write_standings" and script.__xlmeta__["script"] == {}
    assert list(inspect.signature(script).parameters) == ["book"]
    assert typing.get_type_hints(script)["book"] is xw.Book


def test_the_classic_macro_is_a_plain_function_where_xlwings_has_no_sub(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(xw, "sub", raising=False)  # Linux, macOS
    monkeypatch.setattr(xw, "on_server", False, raising=False)
    saved = sys.modules.pop("xl_tiebreak.excel.sheets.macros", None)
    try:
        module = importlib.import_module("xl_tiebreak.excel.sheets.macros")
        assert callable(module.write_standings)
        assert not hasattr(module.write_standings, "__xlmeta__")
        assert inspect.signature(module.write_standings).parameters == {}
    finally:
        sys.modules.pop("xl_tiebreak.excel.sheets.macros", None)
        if saved is not None:
            sys.modules["xl_tiebreak.excel.sheets.macros"] = saved


def test_registration_evaluates_annotation_texts_as_get_type_hints_does() -> None:
    """``registered`` replaces annotation texts by what ``typing.get_type_hints`` makes of
    them, evaluated in the function's module, once per module and text."""
    from xl_tiebreak.excel.functions import registration

    def sample(crosstable: list[list[Any]], player: Any = "") -> Any:
        return None

    def other(crosstable: list[list[Any]]) -> Any:
        return None

    texts = dict(sample.__annotations__)
    assert texts == {"crosstable": "list[list[Any]]", "player": "Any", "return": "Any"}
    expected = typing.get_type_hints(sample)
    registration._resolve_annotations(sample)
    registration._resolve_annotations(other)
    assert sample.__annotations__ == expected == {"crosstable": list[list[Any]], "player": Any,
                                                  "return": Any}
    assert typing.get_type_hints(sample) == expected  # what xlwings reads: unchanged
    assert other.__annotations__["crosstable"] is sample.__annotations__["crosstable"]
