"""Outputs and worksheet functions: no field of any output can be split and run as a
formula (OWASP CSV injection, one guard: :func:`xl_tiebreak.util.safety.formula_safe`), and the
worksheet functions never loop on an argument nor show an internal exception name."""

from __future__ import annotations

import csv
import io
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from lean_books import lean_workbook

import xl_tiebreak.excel.functions.arguments as arguments
import xl_tiebreak.excel.functions.catalogue as F
import xl_tiebreak.excel.functions.evaluation as evaluation
import xl_tiebreak.excel.functions.one_tiebreak as one_tiebreak
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.templates.builder import SWISS
from xl_tiebreak.util.safety import formula_safe

# Texts a spreadsheet would split (at ; , tab CR LF) and whose pieces it would evaluate.
HOSTILE = ["x;=1+1", "x\t=1+1", "x,=1+1", "x; =1+1", "x;+1+1", "x,-1+1", "x;@SUM(A1)",
           "x\n=1+1", "x\r=1+1", "=1+1"]
FORMULA = ("=", "+", "-", "@")


def pieces(text: str) -> list[str]:
    """Every cell a spreadsheet could make of ``text`` by splitting it at any separator,
    leading spaces trimmed (the most aggressive import)."""
    return [p.lstrip(" ") for p in re.split(r"[;,\t\r\n]", text)]


def evaluable(text: str) -> bool:
    """True when some piece of ``text`` would be run as a formula."""
    return any(p.startswith(FORMULA) for p in [text, *pieces(text)])


@pytest.mark.parametrize("text", HOSTILE)
def test_the_guard_leaves_no_piece_that_runs(text: str) -> None:
    assert evaluable(text)
    safe = formula_safe(text)
    assert not evaluable(safe)
    assert safe.replace("'", "") == text.replace("'", "")  # only apostrophes added


@pytest.mark.parametrize("text", ["Kowalska, Anna", "a;b", "x - y", "Smith-Jones", "BH/C1",
                                  "KS/L+1", "2,5", ""])
def test_harmless_text_is_unchanged(text: str) -> None:
    assert formula_safe(text) == text


def names_csv(tmp_path: Path, names: list[str]) -> Path:
    """A CSV crosstable (round robin grid written by the csv module) with these names."""
    n = len(names)
    rows: list[list[object]] = [["No", "Name", *range(1, n + 1)]]
    for i, name in enumerate(names, start=1):
        results = ["x" if j == i else ("1" if j > i else "0") for j in range(1, n + 1)]
        rows.append([i, name, *results])
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(rows)
    path = tmp_path / "names.csv"
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path


NAMES = ["x;=1+1", "x\t=1+1", "x,=1+1", "x;@SUM(A1)"]


def test_compute_csv_output_is_guarded(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = names_csv(tmp_path, NAMES)
    assert main(["compute", str(path), "--format", "csv"]) == 0
    out = capsys.readouterr().out
    rows = list(csv.reader(io.StringIO(out)))
    names = [r[2] for r in rows[1:]]
    # the crosstable reader folds white space inside a name (a tab typed in a cell is a space)
    assert sorted(n.replace("'", "") for n in names) == sorted(" ".join(n.split()) for n in NAMES)
    for row in rows:
        for field in row:
            assert not evaluable(field), field
    # the raw text too: a `;`-locale import sees every line split at `;` and `,`
    for line in out.splitlines():
        assert not evaluable(line), line


def test_compute_text_table_is_guarded(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = names_csv(tmp_path, NAMES)
    assert main(["compute", str(path)]) == 0
    out = capsys.readouterr().out
    assert "x;'=1+1" in out and "x,'=1+1" in out and "x;'@SUM(A1)" in out
    for line in out.splitlines():
        assert not evaluable(line), line


def test_standings_csv_is_guarded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "v.xlsx"
    wb = lean_workbook(SWISS, vba=False)
    for row, name in enumerate(NAMES, start=2):
        wb["Crosstable"].cell(row=row, column=2, value=name)
    wb.save(book)
    target = tmp_path / "s.csv"
    assert main(["standings", str(book), "--csv", str(target)]) == 0
    capsys.readouterr()
    text = target.read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    found = {r[2].replace("'", "") for r in rows[1:]}
    assert {" ".join(n.split()) for n in NAMES} <= found  # white space in a name folded
    for row in rows:
        for field in row:
            assert not evaluable(field), field
    # the Standings sheet holds the names as text cells, never formulas
    ws = openpyxl.load_workbook(book)["Standings"]
    cells = [c for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert all(c.data_type != "f" for c in cells)


# ---------------------------------------------------------------- worksheet functions

XT: list[list[Any]] = [
    ["No", "Name", "Rating", "Fed", "R1", "R2"],
    [1, "Anna", 2000, "POL", "2w1", "3b1"],
    [2, "Ben", 1900, "POL", "1b0", "3w½"],
    [3, "Cleo", 1800, "POL", "0", "2b½"],
]


def self_list() -> list[Any]:
    a: list[Any] = []
    a.append(a)
    return a


def within(seconds: float, call: Callable[[], Any]) -> Any:
    """The result of ``call``, failing the test if it takes longer (it runs in a daemon
    thread, so a loop cannot hang the test run)."""
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert box, f"no answer within {seconds} s"
    return box[0]


def calls() -> list[tuple[str, Callable[[Any], Any]]]:
    """Every way a self-referential list can reach a function: each argument position."""
    return [
        ("POINTS player", lambda a: F.POINTS(XT, a)),
        ("BUCHHOLZ player", lambda a: F.BUCHHOLZ(XT, a)),
        ("BUCHHOLZ rules", lambda a: F.BUCHHOLZ(XT, 1, a)),
        ("ARO unrated", lambda a: F.ARO(XT, 1, a)),
        ("TIEBREAK descriptor", lambda a: F.TIEBREAK(XT, 1, a)),
        ("PLACE order", lambda a: F.PLACE(XT, 1, a)),
        ("STANDINGS order", lambda a: F.STANDINGS(XT, a)),
        ("TIEBREAK_EXPLAIN descriptor", lambda a: F.TIEBREAK_EXPLAIN(XT, 1, a)),
        ("POINTS crosstable", lambda a: F.POINTS(a, 1)),
        ("CROSSTABLE_CHECK", lambda a: F.CROSSTABLE_CHECK(a)),
        ("STANDINGS crosstable", lambda a: F.STANDINGS(a)),
    ]


INTERNAL_NAME = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception|Interrupt)\b|Traceback")


@pytest.mark.parametrize("case", [c[0] for c in calls()])
def test_a_self_referential_list_never_loops(case: str) -> None:
    call = dict(calls())[case]
    result = within(5, lambda: call(self_list()))
    if case == "CROSSTABLE_CHECK" and isinstance(result, list):  # a column of lines
        assert all(isinstance(c, str) and len(c) <= 255 for row in result for c in row), result
        result = "\n".join(c for row in result for c in row)
    assert isinstance(result, str), result
    # CROSSTABLE_CHECK answers with the problems themselves; the others with a `#` text
    assert result.startswith("#") or case == "CROSSTABLE_CHECK", result
    assert not INTERNAL_NAME.search(result)


USER_TEXTS = [
    ("TIEBREAK", lambda t: F.TIEBREAK(XT, 1, t), "BH/C" + "9" * 5000),
    ("TIEBREAK", lambda t: F.TIEBREAK(XT, 1, t), "ARO/U" + "9" * 5000),
    ("TIEBREAK", lambda t: F.TIEBREAK(XT, 1, t), "KS/L+" + "9" * 5000),
    ("PLACE", lambda t: F.PLACE(XT, 1, t), "SM:68/²"),
    ("PLACE", lambda t: F.PLACE(XT, 1, t), "BH/C" + "9" * 5000),
    ("STANDINGS", lambda t: F.STANDINGS(XT, t), "SM:84/0,0,1,-,0," + "9" * 5000),
    ("POINTS", lambda t: F.POINTS(XT, t), "9" * 5000),
    ("BUCHHOLZ", lambda t: F.BUCHHOLZ(XT, 1, t), "9" * 5000),
    ("ARO", lambda t: F.ARO(XT, 1, t), "9" * 5000),
    ("TIEBREAK_EXPLAIN", lambda t: F.TIEBREAK_EXPLAIN(XT, 1, t), "BH/C²"),
]


@pytest.mark.parametrize("index", range(len(USER_TEXTS)),
                         ids=[f"{n}:{t[:12]}" for n, _, t in USER_TEXTS])
def test_texts_a_user_can_type_never_show_internal_names(index: int) -> None:
    name, call, text = USER_TEXTS[index]
    result = within(10, lambda: call(text))
    if isinstance(result, str):
        assert not INTERNAL_NAME.search(result), result
        assert "invalid literal" not in result and "Exceeds the limit" not in result
        if result.startswith("#ERROR"):
            assert result == f"{arguments.INTERNAL} ({name})"
        else:
            assert len(result) <= arguments.MAX_TEXT


@pytest.mark.parametrize("target, function, expected", [
    ("points", lambda: F.POINTS(XT, 1), "POINTS"),
    ("tiebreak_value", lambda: F.BUCHHOLZ(XT, 1), "BUCHHOLZ"),
    ("tiebreak_value", lambda: F.TIEBREAK(XT, 1, "SB"), "TIEBREAK"),
    ("place", lambda: F.PLACE(XT, 1), "PLACE"),
    ("standings_rows", lambda: F.STANDINGS(XT), "STANDINGS"),
    ("explanation", lambda: F.TIEBREAK_EXPLAIN(XT, 1, "BH"), "TIEBREAK_EXPLAIN"),
    ("check_text", lambda: F.CROSSTABLE_CHECK(XT), "CROSSTABLE_CHECK"),
])
def test_an_unexpected_failure_names_the_function_not_the_exception(
    monkeypatch: pytest.MonkeyPatch, target: str, function: Callable[[], Any], expected: str
) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise ValueError("invalid literal for int() with base 10: 'secret'")

    monkeypatch.setattr(F, target, boom, raising=False)
    monkeypatch.setattr(one_tiebreak, target, boom, raising=False)  # the generated functions
    monkeypatch.setattr(evaluation, target, boom)
    assert function() == f"#ERROR internal problem — please report ({expected})"


def test_recursion_in_the_engine_is_internal_not_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def deep(*args: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(evaluation, "Evaluation", deep)
    evaluation.clear_cache()  # earlier tests may have computed XT already
    started = time.perf_counter()
    assert F.SONNEBORN(XT, 1) == "#ERROR internal problem — please report (SONNEBORN)"
    assert time.perf_counter() - started < 5
