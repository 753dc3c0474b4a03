"""The worksheet functions: dates in every form, error cells in any argument, the
tournament type (a 5-player round robin), one call per column, TIEBREAKS."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from xl_tiebreak import udfs
from xl_tiebreak.excel.templates.builder import SWISS
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.model.tournament import TournamentType
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.util.numbers import to_float

ROOT = Path(__file__).resolve().parents[1]


def as_excel(rows: Any) -> list[list[Any]]:
    """What xlwings hands over for a range: numbers as floats, a rectangle."""
    width = max(len(r) for r in rows)
    return [[float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in r]
            + [None] * (width - len(r)) for r in rows]


SWISS_XT = as_excel(SWISS.rows)
NOS = [float(r[0]) for r in SWISS.rows[1:]]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    udfs.clear_cache()


def engine(order: list[str], rules: str = "fide2026", unrated: int | None = None,
           rows: Any = SWISS.rows, kind: TournamentType | None = None) -> dict[int, Any]:
    t = read_crosstable(as_excel(rows))
    if kind is not None:
        t.type = kind
    s = compute_standings(t, order, rules, None, unrated)
    return {r.participant.start_no: [to_float(v) for v in r.values] for r in s.rows}


# ---------------------------------------------------------------- dates in every form

START = datetime.date(2025, 10, 4)  # 2023/24 rules in force


@pytest.mark.parametrize("rules", [
    datetime.datetime(2025, 10, 4), START, 45934.0, 20251004.0, "2025-10-04", "04.10.2025",
    "2025/10/04", "20251004", "Oct 4, 2025",
])
def test_a_start_date_in_any_form_picks_the_rules_in_force(rules: object) -> None:
    assert datetime.date(1899, 12, 30) + datetime.timedelta(days=45934) == START
    early, late = engine(["BH"], "fide2023"), engine(["BH"], "fide2026")
    assert early != late  # the sample shows the difference
    for no in NOS:
        assert udfs.BUCHHOLZ(SWISS_XT, no, rules) == early[int(no)][0], (rules, no)
        assert udfs.BUCHHOLZ(SWISS_XT, no, [[rules]]) == early[int(no)][0]  # Lite: 2-D


def test_rule_set_years_are_names_not_serials() -> None:
    assert udfs.BUCHHOLZ(SWISS_XT, 1.0, 2023.0) == engine(["BH"], "fide2023")[1][0]
    assert udfs.BUCHHOLZ(SWISS_XT, 1.0, 2026.0) == engine(["BH"], "fide2026")[1][0]
    assert udfs.BUCHHOLZ(SWISS_XT, 1.0, 12.5).startswith("#RULES? unknown rule set '12.5'")


# ---------------------------------------------------------------- error cells are reported


@pytest.mark.parametrize(("call", "want"), [
    (lambda: udfs.BUCHHOLZ(SWISS_XT, 1.0, "#REF!"),
     "#RULES? the rules cell shows the Excel error #REF!"),
    (lambda: udfs.ARO(SWISS_XT, 1.0, "#N/A"),
     "#ARG? the rating for unrated players cell shows the Excel error #N/A"),
    (lambda: udfs.PLACE(SWISS_XT, 1.0, [["BH/C1"], ["#REF!"], ["SB"]]),
     "#TIEBREAK? the tie-break order cell shows the Excel error #REF!"),
    (lambda: udfs.STANDINGS(SWISS_XT, [["DE"], ["#NAME?"]]),
     "#TIEBREAK? the tie-break order cell shows the Excel error #NAME?"),
    (lambda: udfs.TIEBREAK(SWISS_XT, 1.0, "#DIV/0!"),
     "#TIEBREAK? the tie-break cell shows the Excel error #DIV/0!"),
    (lambda: udfs.SONNEBORN(SWISS_XT, 1.0, "AUTO", "#VALUE!"),
     "#TYPE? the tournament type cell shows the Excel error #VALUE!"),
    (lambda: udfs.STANDINGS(SWISS_XT, "", "AUTO", "", "", "#N/A"),
     "#ARG? the header cell shows the Excel error #N/A"),
    (lambda: udfs.TIEBREAK_EXPLAIN(SWISS_XT, 1.0, "BH", "#N/A"),
     "#RULES? the rules cell shows the Excel error #N/A"),
    (lambda: udfs.SONNEBORN(SWISS_XT, 1.0, "AUTO", "Scheveningen-ish?"),
     "#TYPE? unknown tournament type"),
])
def test_an_error_cell_in_an_optional_argument_is_reported_not_defaulted(
        call: Any, want: str) -> None:
    assert str(call()).startswith(want)


def test_the_optional_arguments_take_error_texts_from_xlwings() -> None:
    """Classic xlwings turns an error cell into None (the default!) unless the argument has
    ``err_to_str=True``: every argument of every function has it (as classic xlwings' own
    decorators recorded them)."""
    from tests.xlwings_lists import classic_list

    recorded = classic_list()
    assert set(udfs.EXCEL_FUNCTIONS) <= set(recorded)
    for name, function in recorded.items():
        without = [p for p, options in function["conversion"].items()
                   if options.get("err_to_str") is not True]
        assert without == [], name


# ---------------------------------------------------------------- the tournament type

RESULTS = {(1, 2): "½", (1, 3): "1", (1, 4): "½", (1, 5): "1", (2, 3): "½", (2, 4): "1",
           (2, 5): "1", (3, 4): "1", (3, 5): "1", (4, 5): "1"}
"""worked-examples.md E10.2: Ana beats X and Eli, draws Bo and Y; Bo draws Ana and X, beats Y
and Eli; X beats Y and Eli; Y beats Eli (Ana 3, Bo 3, X 2.5, Y 1.5, Eli 0)."""
NAMES = ["Ana", "Bo", "X", "Y", "Eli"]


def _result(a: int, b: int) -> str:
    if (a, b) in RESULTS:
        return RESULTS[(a, b)]
    return {"1": "0", "0": "1", "½": "½"}[RESULTS[(b, a)]]


def round_robin_by_rounds() -> list[list[Any]]:
    """The event typed with one column per round (Berger table, ``-`` for the rest round)."""
    rows: list[list[Any]] = [["No", "Name", "R1", "R2", "R3", "R4", "R5"]]
    for i in range(1, 6):
        cells: list[Any] = [None] * 5
        for j in range(1, 6):
            if j != i:
                colour = "w" if (i < j) == ((i + j) % 2 == 1) else "b"
                cells[(i + j - 2) % 5] = f"{j}{colour}{_result(i, j)}"
        cells[(2 * i - 2) % 5] = "-"
        rows.append([i, NAMES[i - 1], *cells])
    return rows


def round_robin_grid() -> list[list[Any]]:
    rows: list[list[Any]] = [["No", "Name", 1, 2, 3, 4, 5]]
    for i in range(1, 6):
        rows.append([i, NAMES[i - 1], *("x" if j == i else _result(i, j) for j in range(1, 6))])
    return rows


# By hand (E10.2): SB Ana = ½·3 + 1·2.5 + ½·1.5 + 1·0 = 4.75, Bo = ½·3 + ½·2.5 + 1·1.5 + 1·0
# = 4.25; in a round robin the rest round is not missed by choice: REP = 5 for everyone.
SB = {1: 4.75, 2: 4.25}
REP = 5.0


@pytest.mark.parametrize("layout", ["rounds", "grid"])
@pytest.mark.parametrize("kind", ["", "Round robin", "RR"])
def test_issue_9_round_robin_from_the_functions(layout: str, kind: str) -> None:
    xt = as_excel(round_robin_by_rounds() if layout == "rounds" else round_robin_grid())
    for no, want in SB.items():
        assert udfs.SONNEBORN(xt, float(no), "AUTO", kind) == want
    assert udfs.ROUNDS_PLAYED_BY_CHOICE(xt, [[1.0], [2.0], [3.0], [4.0], [5.0]], "AUTO",
                                        kind) == [[REP]] * 5
    table = udfs.STANDINGS(xt, "SB,REP", "AUTO", "", kind)
    assert [row[2] for row in table[1:3]] == ["Ana", "Bo"]
    assert [row[6:8] for row in table[1:3]] == [[4.75, REP], [4.25, REP]]


def test_issue_9_round_robin_typed_as_swiss_is_computed_as_a_swiss() -> None:
    """The type argument decides: the same columns as a Swiss give the Swiss values (the
    issue's wrong-for-a-round-robin figures 5.25 / 4.5 and REP 4)."""
    xt = as_excel(round_robin_by_rounds())
    assert udfs.SONNEBORN(xt, 1.0, "AUTO", "Swiss") == 5.25
    assert udfs.SONNEBORN(xt, 2.0, "AUTO", "Swiss") == 4.5
    assert udfs.ROUNDS_PLAYED_BY_CHOICE(xt, 1.0, "AUTO", "Swiss") == 4.0


def test_issue_9_round_robin_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "rr5.csv"
    path.write_text("\n".join(",".join("" if c is None else str(c) for c in row)
                              for row in round_robin_by_rounds()) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "xl_tiebreak.cli", "compute", str(path), "--tiebreaks", "SB,REP",
         "--type", "rr", "--format", "csv"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    header = lines[0].split(",")
    rows = {r.split(",")[header.index("Name")]: r.split(",") for r in lines[1:]}
    for no, want in SB.items():
        row = rows[NAMES[no - 1]]
        assert float(row[header.index("SB")]) == want
        assert float(row[header.index("REP")]) == REP


# ---------------------------------------------------------------- one call per column


def test_a_range_of_players_gives_a_column_of_the_same_shape() -> None:
    want = engine(["BH/C1"])
    column = udfs.BUCHHOLZ_CUT1(SWISS_XT, [[n] for n in NOS])
    assert column == [[want[int(n)][0]] for n in NOS]
    row = udfs.BUCHHOLZ_CUT1(SWISS_XT, [NOS[:4]])
    assert row == [[want[int(n)][0] for n in NOS[:4]]]
    assert udfs.BUCHHOLZ_CUT1(SWISS_XT, [[1.0]]) == want[1][0]  # a single cell: a value


def test_a_column_with_empty_and_wrong_cells() -> None:
    got = udfs.SONNEBORN(SWISS_XT, [[1.0], [None], ["Nobody"], ["Sofia Marchetti"], [None]])
    want = engine(["SB"])
    assert got == [[want[1][0]], [None], ["#PLAYER? 'Nobody' not in crosstable"],
                   [want[3][0]], [None]]
    # a problem of the whole call is one text, not a column of them
    assert udfs.SONNEBORN(SWISS_XT, [[1.0], [2.0]], "FIDE1999").startswith("#RULES?")


@pytest.mark.parametrize("name", sorted(udfs.EXCEL_FUNCTIONS))
def test_every_per_player_function_takes_a_column(name: str) -> None:
    func = udfs.EXCEL_FUNCTIONS[name]
    if name in ("STANDINGS", "TIEBREAKS", "CROSSTABLE_CHECK", "COMPARE_ORDERS", "WHY_AHEAD",
                "CROSSTABLE_ID", "PARTICIPANTS"):
        return  # whole-table functions and the token: no player argument; WHY_AHEAD: two
        # players, lines
    extra: tuple[Any, ...] = ("BH/C1",) if name in ("TIEBREAK", "TIEBREAK_EXPLAIN") else ()
    column = func(SWISS_XT, [[n] for n in NOS], *extra)
    singles = [func(SWISS_XT, n, *extra) for n in NOS]
    if name == "TIEBREAK_EXPLAIN":  # one line each, at most 255 characters
        singles = [s if isinstance(s, str) else s[0][0] for s in singles]
        singles = [s if len(s) <= 255 else s[:254] + "…" for s in singles]
    assert column == [[s] for s in singles], name


def test_column_call_for_500_players_equals_the_engine() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_udfs import crosstable

    xt = crosstable(500, 9)
    t = read_crosstable(xt)
    s = compute_standings(t, ["BH/C1"], "auto")
    want = {r.participant.start_no: to_float(r.values[0]) for r in s.rows}
    got = udfs.BUCHHOLZ_CUT1(xt, [[float(n)] for n in range(1, 501)])
    assert got == [[want[n]] for n in range(1, 501)]


def test_tiebreaks_gives_the_whole_matrix_in_crosstable_order() -> None:
    order = ["BH/C1", "BH", "SB", "DE", "WIN", "ARO"]
    want = engine(order, unrated=1400)
    got = udfs.TIEBREAKS(SWISS_XT, ",".join(order), "AUTO", 1400.0)
    assert got == [want[int(n)] for n in NOS]
    assert udfs.TIEBREAKS(SWISS_XT, "BH/C1,#REF!").startswith("#TIEBREAK?")


def test_standings_without_its_header() -> None:
    full = udfs.STANDINGS(SWISS_XT, "BH/C1,SB")
    assert udfs.STANDINGS(SWISS_XT, "BH/C1,SB", "AUTO", "", "", False) == full[1:]
    assert udfs.STANDINGS(SWISS_XT, "BH/C1,SB", "AUTO", "", "", True) == full
    assert udfs.STANDINGS(SWISS_XT, "BH/C1,SB", "AUTO", "", "", "maybe").startswith("#ARG?")


def test_the_recalculation_benchmark_runs_and_counts_one_transfer_per_column() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_recalc.py"), "--players", "30",
         "--rounds", "5", "--sample", "3", "--per-cell", "30"],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    forms = {line.split("  ")[1].strip(): line for line in lines if line.startswith("  per")
             or line.startswith("  column")}
    # per cell: one transfer per cell with the range, one per recalculation with the token
    for phase in ("cold", "unchanged", "one edit"):
        assert f"{phase} 30 transfers" in forms["per cell, range"], forms
        assert f"{phase} 1 transfers" in forms["per cell, token"], forms
        assert f"{phase} 1 transfers" in forms["column, token"], forms
    columns = int(lines[0].split("Functions sheet: ")[1].split()[0])
    assert f"before (one call per player and function, 401×30 range): " \
           f"{columns * 30 + 2:,} crosstable transfers" in lines[1]
    assert f"after (one call per column, 31×9 sized range): {columns + 2:,} crosstable " \
           "transfers" in lines[2]


def test_issue_9_round_robin_in_a_workbook_functions_and_standings_sheet_agree(
        tmp_path: Path) -> None:
    """A template with the 5-player event typed by rounds and Settings' type Round robin: its
    SONNEBORN and REP columns (one call each, passed TournamentType) and the Standings sheet
    both give the round-robin values."""

    import openpyxl
    from formula_harness import calculate, register, sized_names

    from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
    from xl_tiebreak.excel.sheets.writer import write_standings_to
    from xl_tiebreak.excel.templates.builder import ROUND_ROBIN, build_workbook

    template = ROUND_ROBIN.replace(
        stem="rr5", rows=tuple(tuple(r) for r in round_robin_by_rounds()),
        settings={**ROUND_ROBIN.settings, "tiebreaks": ["SB", "REP"], "scheduled_rounds": 5},
        functions=("SONNEBORN", "ROUNDS_PLAYED_BY_CHOICE"))
    wb = build_workbook(template, vba=False)
    assert write_standings_to(OpenpyxlBook(wb)).ok
    path = tmp_path / "rr5.xlsx"
    wb.save(path)
    sheet = [list(r) for r in openpyxl.load_workbook(path)["Standings"].iter_rows(
        values_only=True)]
    head = next(i for i, r in enumerate(sheet) if "SB" in r)
    sb, rep, name = sheet[head].index("SB"), sheet[head].index("REP"), sheet[head].index("Name")
    by_name = {r[name]: r for r in sheet[head + 1:head + 6]}
    assert [float(by_name[NAMES[no - 1]][sb]) for no in SB] == list(SB.values())
    assert {float(r[rep]) for r in by_name.values()} == {REP}
    register(udfs.EXCEL_FUNCTIONS)
    values = calculate(sized_names(path, tmp_path / "rr5_sized.xlsx"))
    header = [c.value for c in wb["Functions"][4]]
    col_sb = "ABCDEFGHIJKLMNOP"[header.index("SONNEBORN")]
    col_rep = "ABCDEFGHIJKLMNOP"[header.index("ROUNDS_PLAYED_BY_CHOICE")]
    assert [values[("FUNCTIONS", f"{col_sb}{4 + no}")] for no in SB] == list(SB.values())
    assert {values[("FUNCTIONS", f"{col_rep}{4 + no}")] for no in range(1, 6)} == {REP}
