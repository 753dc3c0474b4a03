"""The worksheet functions, called directly, against the engine (compute_standings / explain)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

import pytest

import xl_tiebreak.excel.functions.arguments as arguments
import xl_tiebreak.excel.functions.evaluation as evaluation
from xl_tiebreak import udfs
from xl_tiebreak.excel.functions.range_cache import RANGES, without_empty_tail
from xl_tiebreak.excel.templates.builder import ROUND_ROBIN, SWISS
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.model.tournament import Tournament, TournamentType, looks_like_round_robin
from xl_tiebreak.standings.decided_by import decisions
from xl_tiebreak.standings.evaluation import Evaluation
from xl_tiebreak.standings.final import Standings, compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.util.numbers import to_float

SMALL = [
    ["No", "Name", "R1", "R2", "R3"],
    [1.0, "Anna", "4w1", "2b½", "3w1"],
    [2.0, "Bert", "3b0", "1w½", "4b1"],
    [3.0, "Cleo", "2w1", "4b½", "1b0"],
    [4.0, "Dan", "1b0", "3w½", "2w0"],
]


def as_excel(rows: Sequence[Sequence[object]], extra_rows: int = 0, extra_cols: int = 0
             ) -> list[list[Any]]:
    """What xlwings hands over for a range: numbers as floats, a rectangle, empty cells None."""
    width = max(len(r) for r in rows) + extra_cols
    out = []
    for row in rows:
        cells = [float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in row]
        out.append(cells + [None] * (width - len(cells)))
    out.extend([[None] * width for _ in range(extra_rows)])
    return out


SWISS_XT = as_excel(SWISS.rows, extra_rows=20, extra_cols=3)
RR_XT = as_excel(ROUND_ROBIN.rows, extra_rows=5)
EVENTS = {"swiss": SWISS_XT, "round robin": RR_XT, "small": as_excel(SMALL)}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    udfs.clear_cache()


def tournament(xt: list[list[Any]]) -> Tournament:
    """The crosstable as the core reads it, per-round columns with all-play-all pairings taken
    as a round robin as the TRF reader does (a no-op where the reader infers it)."""
    t = read_crosstable(xt)
    if t.type is TournamentType.SWISS and looks_like_round_robin(t.participants):
        t.type = TournamentType.PREDETERMINED
    return t


def engine_standings(xt: list[list[Any]], order: Sequence[str] | None, rules: str = "auto",
                     unrated: int | None = None) -> Standings:
    return compute_standings(tournament(xt), order, rules, None, unrated)


def expected(xt: list[list[Any]], descriptor: str, start_no: int, rules: str = "auto",
             unrated: int | None = None) -> float | None:
    s = engine_standings(xt, [descriptor], rules, unrated)
    return to_float(s.row(start_no).values[0])


def start_numbers(xt: list[list[Any]]) -> list[int]:
    return [p.start_no for p in tournament(xt).participants]


# ---------------------------------------------------------------- every function = the engine


@pytest.mark.parametrize("event", sorted(EVENTS))
@pytest.mark.parametrize("name", sorted(udfs.FIXED_DESCRIPTORS))
def test_one_tiebreak_functions_equal_the_engine(event: str, name: str) -> None:
    xt = EVENTS[event]
    func = udfs.EXCEL_FUNCTIONS[name]
    code = udfs.FIXED_DESCRIPTORS[name]
    for no in start_numbers(xt):
        if name in udfs.RATING_FUNCTIONS:
            assert func(xt, float(no), 1400.0) == expected(xt, code, no, unrated=1400)
            assert func(xt, float(no)) == expected(xt, code, no)
        else:
            assert func(xt, float(no)) == expected(xt, code, no)


@pytest.mark.parametrize("rules", ["FIDE2023", "FIDE2026", "AUTO", "FIDE2009", "USCF"])
def test_rules_argument_is_passed_to_the_engine(rules: str) -> None:
    differs = False
    for no in start_numbers(SWISS_XT):
        for name in ("BUCHHOLZ", "SONNEBORN", "BUCHHOLZ_CUT1"):
            code = udfs.FIXED_DESCRIPTORS[name]
            got = udfs.EXCEL_FUNCTIONS[name](SWISS_XT, float(no), rules)
            assert got == expected(SWISS_XT, code, no, rules)
            differs |= expected(SWISS_XT, code, no, "FIDE2023") != expected(
                SWISS_XT, code, no, "FIDE2026")
    assert differs, "the sample should show a difference between the rule sets"


def test_points_equal_the_engine() -> None:
    s = engine_standings(SWISS_XT, [])
    for row in s.rows:
        assert udfs.POINTS(SWISS_XT, float(row.participant.start_no)) == float(row.points)


@pytest.mark.parametrize(
    "descriptor", ["BH/C1", "bh-c1", "KS/L+1", "ARO/U1400", "DE/P", "SB/C1", "PS", "AOB/F", "TPN",
                   "RTNG/U1000", "PTS"]
)
def test_tiebreak_accepts_any_descriptor(descriptor: str) -> None:
    d = parse_descriptor(descriptor)
    for no in start_numbers(SWISS_XT):
        got = udfs.TIEBREAK(SWISS_XT, float(no), descriptor)
        if d.code == "DE":
            want = expected(SWISS_XT, descriptor, no)
        else:
            s = engine_standings(SWISS_XT, [])
            assert s.evaluation is not None
            want = to_float(s.evaluation.value(d, no))
        assert got == want


def test_tiebreak_unrated_rating_argument() -> None:
    for no in start_numbers(SWISS_XT):
        assert udfs.TIEBREAK(SWISS_XT, float(no), "ARO", "AUTO", 1500.0) == expected(
            SWISS_XT, "ARO", no, unrated=1500)
    assert udfs.TIEBREAK(SWISS_XT, 1.0, "ARO") is None  # #16 is unrated: ARO skipped


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_direct_encounter_is_the_place_inside_the_tied_group(event: str) -> None:
    xt = EVENTS[event]
    s = engine_standings(xt, ["DE"])
    for row in s.rows:
        assert udfs.DIRECT_ENCOUNTER(xt, float(row.participant.start_no)) == to_float(
            row.values[0])


def test_direct_encounter_decides_the_round_robin_tie() -> None:
    values = {no: udfs.DIRECT_ENCOUNTER(RR_XT, no) for no in (1, 2, 3, 5)}
    assert sorted(v for v in values.values() if v is not None) == [1.0, 2.0, 3.0, 4.0]
    assert udfs.DIRECT_ENCOUNTER(RR_XT, 7) is None  # alone on 4½ points


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_place_default_and_given_order(event: str) -> None:
    xt = EVENTS[event]
    default = engine_standings(xt, None)
    custom = engine_standings(xt, ["SB", "WIN"])
    for no in start_numbers(xt):
        assert udfs.PLACE(xt, float(no)) == float(default.row(no).rank)
        assert udfs.PLACE(xt, float(no), "SB, WIN") == float(custom.row(no).rank)
        assert udfs.PLACE(xt, float(no), [["SB"], ["WIN"], [None]]) == float(custom.row(no).rank)


def test_place_shared() -> None:
    assert udfs.PLACE(SWISS_XT, 3.0) == udfs.PLACE(SWISS_XT, 6.0) == 3.0


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_standings_table(event: str) -> None:
    xt = EVENTS[event]
    table = udfs.STANDINGS(xt, "", "AUTO", 1400.0)
    s = engine_standings(xt, None, unrated=1400)
    assert table[0] == ["Place", "No", "Name", "Rating", "Fed", "Pts",
                        *(d.label for d in s.descriptors), "Decided by"]
    assert len(table) == len(s.rows) + 1
    # the Decided by column is the command line's (the text table's last column)
    decided = [d.text() or None for d in decisions(s)]
    for got, row, why in zip(table[1:], s.rows, decided, strict=True):
        p = row.participant
        assert got[:3] == [float(row.rank), float(p.start_no), p.name]
        assert got[3] == (None if p.rating is None else float(p.rating))
        assert got[5] == float(row.points)
        assert got[6:-1] == [to_float(v) for v in row.values]
        assert got[-1] == why
    assert table[-1][-1] is None


@pytest.mark.parametrize("descriptor", ["BH/C1", "SB", "ARO/U1400", "DE", "KS"])
def test_explain_is_the_engine_formula(descriptor: str) -> None:
    d = parse_descriptor(descriptor)
    for no in start_numbers(SWISS_XT):
        if d.code == "DE":
            s = engine_standings(SWISS_XT, [descriptor])
            want = s.explain(no, s.descriptors[0]).formula
        else:
            want = engine_standings(SWISS_XT, []).explain(no, d).formula
        assert udfs.TIEBREAK_EXPLAIN(SWISS_XT, float(no), descriptor) == want
    assert udfs.TIEBREAK_EXPLAIN(SWISS_XT, 1.0, "BH/C1").startswith("BH/C1 (FIDE 2026) = ")


# ---------------------------------------------------------------- players and arguments


def test_player_by_name_number_and_text() -> None:
    by_no = udfs.SONNEBORN(SWISS_XT, 3.0)
    assert udfs.SONNEBORN(SWISS_XT, "Sofia Marchetti") == by_no
    assert udfs.SONNEBORN(SWISS_XT, "  sofia   MARCHETTI ") == by_no
    assert udfs.SONNEBORN(SWISS_XT, "3") == by_no
    assert udfs.SONNEBORN(SWISS_XT, 3) == by_no
    assert udfs.SONNEBORN(SWISS_XT, [[3.0]]) == by_no


def test_optional_arguments_empty_cell_means_default() -> None:
    assert udfs.BUCHHOLZ_CUT1(SWISS_XT, 1.0, None) == udfs.BUCHHOLZ_CUT1(SWISS_XT, 1.0)
    assert udfs.ARO(SWISS_XT, 1.0, None, None) == udfs.ARO(SWISS_XT, 1.0)
    assert udfs.PLACE(SWISS_XT, 1.0, None, None, None) == udfs.PLACE(SWISS_XT, 1.0)
    assert udfs.STANDINGS(SWISS_XT, None, None, None) == udfs.STANDINGS(SWISS_XT)
    assert udfs.ARO(SWISS_XT, 1.0, 1400.0, 2026.0) == udfs.ARO(SWISS_XT, 1.0, "1400", "FIDE2026")


def test_trailing_empty_rows_and_columns() -> None:
    tight = as_excel(SWISS.rows)
    tall = as_excel(SWISS.rows, extra_rows=180)
    wide = as_excel(SWISS.rows, extra_rows=180, extra_cols=14)
    assert udfs.STANDINGS(tight) == udfs.STANDINGS(tall) == udfs.STANDINGS(wide)
    assert RANGES.cache_info().currsize == 2  # trailing empty rows share the entry


def test_unhashable_cells_take_the_slow_path() -> None:
    xt = [list(r) for r in SMALL]
    xt[1].append(["nested"])
    assert udfs.BUCHHOLZ(xt, 1.0) == udfs.BUCHHOLZ(SMALL, 1.0)
    xt = [list(r) for r in SMALL]
    xt[1][2] = True
    assert udfs.BUCHHOLZ(xt, 1.0).startswith("#CROSSTABLE cell C2: cannot read 'TRUE'")


def test_ints_from_openpyxl_give_the_same_values() -> None:
    ints = [list(r) for r in SWISS.rows]
    assert udfs.STANDINGS(ints) == udfs.STANDINGS(SWISS_XT)


def test_input_is_not_modified() -> None:
    copy = [list(r) for r in SWISS_XT]
    udfs.STANDINGS(SWISS_XT)
    udfs.BUCHHOLZ(SWISS_XT, 1.0)
    assert copy == SWISS_XT


def test_results_are_floats_none_or_text() -> None:
    for name, func in udfs.EXCEL_FUNCTIONS.items():
        if name in ("STANDINGS", "TIEBREAKS", "CROSSTABLE_CHECK", "COMPARE_ORDERS",
                    "WHY_AHEAD", "CROSSTABLE_ID", "PARTICIPANTS"):  # tables, the token, and
                    # WHY_AHEAD's lines (tests/test_excel_functions_why)
            continue
        args: list[Any] = [SWISS_XT, 16.0]
        if name in ("TIEBREAK", "TIEBREAK_EXPLAIN"):
            args.append("ARO")
        value = func(*args)
        assert value is None or type(value) in (float, str), (name, value)
        if isinstance(value, str):
            assert name == "TIEBREAK_EXPLAIN" or not value.startswith("#"), (name, value)


# ---------------------------------------------------------------- the `#` convention


def broken(row: int, col: int, text: str) -> list[list[Any]]:
    xt = [list(r) for r in SWISS_XT]
    xt[row][col] = text
    return xt


@pytest.mark.parametrize(
    ("call", "start"),
    [
        (lambda: udfs.BUCHHOLZ(SWISS_XT, "Nobody"), "#PLAYER? 'Nobody' not in crosstable"),
        (lambda: udfs.BUCHHOLZ(SWISS_XT, 99.0), "#PLAYER? start number 99 not in crosstable"),
        (lambda: udfs.BUCHHOLZ(SWISS_XT, 2.5), "#PLAYER? 2.5 is not a start number"),
        (lambda: udfs.BUCHHOLZ(SWISS_XT, None), "#PLAYER? no player given"),
        (lambda: udfs.BUCHHOLZ(SWISS_XT, 1.0, "FIDE1999"), "#RULES? unknown rule set"),
        (lambda: udfs.TIEBREAK(SWISS_XT, 1.0, "XYZ"), "#TIEBREAK? unknown tie-break 'XYZ'"),
        (lambda: udfs.TIEBREAK(SWISS_XT, 1.0, "BH/Q"), "#TIEBREAK?"),
        (lambda: udfs.TIEBREAK(SWISS_XT, 1.0, None), "#TIEBREAK? no tie-break given"),
        (lambda: udfs.PLACE(SWISS_XT, 1.0, "BH/C1, NOPE"), "#TIEBREAK? unknown tie-break"),
        (lambda: udfs.ARO(SWISS_XT, 1.0, "lots"), "#ARG? the rating for unrated players"),
        (lambda: udfs.ARO(SWISS_XT, 1.0, -5.0), "#ARG? the rating for unrated players"),
        (lambda: udfs.BUCHHOLZ(broken(7, 8, "zz"), 1.0),
         "#CROSSTABLE cell I8: cannot read 'zz' as a round result"),
        (lambda: udfs.BUCHHOLZ(broken(1, 5, "9w0"), 1.0),
         "#CROSSTABLE cell F2: results do not mirror in round 1"),
        (lambda: udfs.STANDINGS(broken(7, 8, "zz")), "#CROSSTABLE cell I8"),
        (lambda: udfs.PLACE(broken(7, 8, "zz"), 1.0), "#CROSSTABLE cell I8"),
        (lambda: udfs.BUCHHOLZ(None, 1.0), "#CROSSTABLE the crosstable range is empty"),
        (lambda: udfs.BUCHHOLZ([[None, None], [None, None]], 1.0),
         "#CROSSTABLE the crosstable is empty"),
        (lambda: udfs.BUCHHOLZ("just text", 1.0), "#CROSSTABLE"),
    ],
)
def test_problems_are_short_texts_starting_with_hash(call: Any, start: str) -> None:
    text = call()
    assert isinstance(text, str)
    assert text.startswith(start), text
    assert len(text) <= arguments.MAX_TEXT
    assert "Traceback" not in text


def test_ambiguous_name() -> None:
    xt = [list(r) for r in SMALL]
    xt[2][1] = "Anna"
    assert udfs.SONNEBORN(xt, "Anna") == (
        "#PLAYER? 'Anna' is ambiguous (#1, #2): use the start number")
    assert isinstance(udfs.SONNEBORN(xt, 2.0), float)


def test_several_crosstable_problems_point_to_the_check() -> None:
    xt = broken(7, 8, "zz")
    xt[9][9] = "??"
    text = udfs.BUCHHOLZ(xt, 1.0)
    assert text.endswith("(and 1 more: see CROSSTABLE_CHECK)")


def test_unexpected_failure_never_shows_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(evaluation, "Evaluation", boom)
    # no internal exception name or text either, but the function's name
    assert udfs.BUCHHOLZ(SWISS_XT, 1.0) == "#ERROR internal problem — please report (BUCHHOLZ)"
    assert udfs.STANDINGS(SWISS_XT) == "#ERROR internal problem — please report (STANDINGS)"


# ---------------------------------------------------------------- CROSSTABLE_CHECK


def test_check_ok() -> None:
    assert udfs.CROSSTABLE_CHECK(SWISS_XT) == "OK"
    assert udfs.CROSSTABLE_CHECK(RR_XT) == "OK"


def check_lines(xt: list[list[Any]]) -> list[str]:
    """CROSSTABLE_CHECK's result as its lines: ``OK`` alone, or a column (classic
    Excel shows #VALUE! for a text over 255 characters)."""
    value = udfs.CROSSTABLE_CHECK(xt)
    if isinstance(value, str):
        return [value]
    assert all(len(row) == 1 and isinstance(row[0], str) for row in value), value
    found = [row[0] for row in value]
    assert all(len(line) <= 255 for line in found), found
    return found


def test_check_lists_every_problem_with_its_cell() -> None:
    xt = broken(7, 8, "zz")
    xt[9][9] = "??"
    lines = check_lines(xt)
    assert lines[0].startswith("2 errors: ")  # and the first problem, which fits
    assert any("cell I8: cannot read 'zz'" in line for line in lines)
    assert any("cell J10: cannot read '??'" in line for line in lines[1:])


def test_check_reports_mirror_errors_and_warnings() -> None:
    xt = broken(1, 12, 7.0)  # Pts of #1 declared 7, results add up to 6: a warning
    lines = check_lines(xt)
    assert lines[0].startswith("OK, 1 warning: row 2: #1 Anna")
    mirror = broken(1, 5, "9w0")
    assert check_lines(mirror)[0].startswith("1 error")


def test_a_long_check_comes_back_as_lines_of_at_most_255_characters() -> None:
    xt = [list(r) for r in SWISS_XT]
    for row in range(1, 17):
        xt[row][5] = f"zz{row}"  # 16 errors: one text of them would exceed 255 characters
    lines = check_lines(xt)
    assert lines[0].startswith("16 errors: ")
    assert len(" ".join(lines)) > 255
    for row in range(2, 18):
        assert sum(f"cell F{row}: cannot read 'zz{row - 1}'" in line for line in lines) == 1
    assert udfs.CROSSTABLE_CHECK(SWISS_XT) == "OK"


def test_a_message_longer_than_255_characters_goes_on_over_the_next_lines() -> None:
    words = [f"w{i}" for i in range(200)]
    text = "first part; " + " ".join(words)
    lines = evaluation.lines(text)
    assert lines[0] == "first part;"
    assert all(len(line) <= 255 for line in lines) and len(lines) == 5  # 901 characters
    assert " ".join(lines) == text
    unbroken = "x" * 600
    assert [len(line) for line in evaluation.lines(unbroken)] == [255, 255, 90]


# ---------------------------------------------------------------- the cache


def test_one_computation_for_a_column_of_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = Evaluation.standings

    def counting(self: Evaluation, order: Any = None) -> Standings:
        calls.append(order)
        return real(self, order)

    monkeypatch.setattr(Evaluation, "standings", counting)
    nos = start_numbers(SWISS_XT)
    first = [udfs.BUCHHOLZ_CUT1([list(r) for r in SWISS_XT], float(n)) for n in nos]
    again = [udfs.BUCHHOLZ_CUT1(SWISS_XT, float(n)) for n in nos]
    sb = [udfs.SONNEBORN(SWISS_XT, float(n)) for n in nos]
    assert first == again
    assert len(sb) == len(nos)
    assert calls == [()]  # one base computation serves every single-tie-break function
    places = [udfs.PLACE(SWISS_XT, float(n), "BH/C1,SB") for n in nos]
    assert len(places) == len(nos)
    assert calls == [(), ("BH/C1", "SB")]
    assert RANGES.cache_info().misses == 1


def test_cache_is_bounded() -> None:
    for i in range(60):
        xt = [list(r) for r in SMALL]
        xt[1][1] = f"Anna {i}"
        assert udfs.BUCHHOLZ(xt, 1.0) == 3.5
    info = RANGES.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize


def test_cached_errors_are_reported_again() -> None:
    xt = broken(7, 8, "zz")
    assert udfs.BUCHHOLZ(xt, 1.0) == udfs.BUCHHOLZ(xt, 1.0)
    assert RANGES.cache_info().hits >= 1


# ---------------------------------------------------------------- review


def test_every_crosstable_argument_keeps_excel_errors_as_text() -> None:
    """``err_to_str=True``: without it xlwings turns #N/A cells into empty cells. Read from
    the options classic xlwings' own decorators recorded for every function."""
    from tests.xlwings_lists import classic_list

    recorded = classic_list()
    assert set(recorded) == set(udfs.EXCEL_FUNCTIONS) | set(udfs.TEAM_FUNCTIONS)
    for name, function in recorded.items():
        options = function["conversion"]
        assert options["crosstable"].get("err_to_str") is True, name
        assert options["crosstable"].get("ndim") == 2, name
        for participant in ("player", "team"):
            if participant in options:
                assert options[participant].get("err_to_str") is True, name
                assert options[participant].get("ndim") == 2, name


@pytest.mark.parametrize(("row", "col", "code"), [(3, 3, "#N/A"), (2, 12, "#DIV/0!"),
                                                  (5, 0, "#REF!"), (7, 8, "#NAME?")])
def test_excel_error_cells_are_named(row: int, col: int, code: str) -> None:
    xt = broken(row, col, code)
    cell = f"{'ABCDEFGHIJKLM'[col]}{row + 1}"
    want = f"#CROSSTABLE cell {cell}: the cell shows the Excel error {code}"
    assert udfs.BUCHHOLZ(xt, 1.0).startswith(want)
    assert udfs.STANDINGS(xt).startswith(want)
    assert f"cell {cell}: the cell shows the Excel error {code}" in " ".join(check_lines(xt))
    assert udfs.BUCHHOLZ(SWISS_XT, "#N/A") == "#PLAYER? the player cell shows the Excel error #N/A"


def test_a_date_cell_is_shown_as_a_date_with_a_hint() -> None:
    import datetime

    text = udfs.POINTS(broken(2, 12, datetime.datetime(2026, 1, 6)), 1.0)
    assert text.startswith("#CROSSTABLE cell M3: cannot read the date 2026-01-06 as points; "
                           "the cell holds a date")


def test_a_start_number_typed_as_text_with_decimals() -> None:
    by_no = udfs.SONNEBORN(SWISS_XT, 5.0)
    assert udfs.SONNEBORN(SWISS_XT, "5.0") == udfs.SONNEBORN(SWISS_XT, " 5 ") == by_no
    assert udfs.SONNEBORN(SWISS_XT, "99.0") == "#PLAYER? start number 99 not in crosstable"
    assert udfs.SONNEBORN(SWISS_XT, "5.5") == "#PLAYER? '5.5' not in crosstable"
    assert udfs.SONNEBORN(SWISS_XT, 1e300) == "#PLAYER? 1e+300 is not a start number"


def test_whole_column_ranges_are_cheap_and_share_the_cache_entry() -> None:
    import time

    tight = as_excel(SWISS.rows)
    whole = tight + [[None] * len(tight[0]) for _ in range(1_048_576 - len(tight))]
    assert udfs.BUCHHOLZ(tight, 1.0) == udfs.BUCHHOLZ(whole, 1.0)
    assert RANGES.cache_info().currsize == 1
    start = time.perf_counter()
    for _ in range(3):
        udfs.BUCHHOLZ(whole, 1.0)
    per_call = (time.perf_counter() - start) / 3
    assert per_call < 1.0, per_call  # was 2.3 s: a Python loop over every empty row


@pytest.mark.parametrize("rows", [0, 1, 2, 3, 5, 17, 100])
@pytest.mark.parametrize("tail", [0, 1, 2, 3, 7, 8, 9, 64, 1000])
def test_without_empty_tail(rows: int, tail: int) -> None:
    body: list[list[object]] = [[None, None, None] for _ in range(rows)]
    for i in range(0, rows, 3):
        body[i][i % 3] = i  # non-empty rows between empty ones
    if rows:
        body[-1][1] = "last"
    values = body + [[None, None, None] for _ in range(tail)]
    assert without_empty_tail(values) == (body if rows else [])


def test_memory_is_governed_by_one_bounded_cache() -> None:
    import gc

    for i in range(80):
        xt = [list(r) for r in SMALL]
        xt[1][1] = f"Anna {i}"
        for func in (udfs.BUCHHOLZ, udfs.SONNEBORN, udfs.WINS, udfs.DIRECT_ENCOUNTER):
            func(xt, 1.0)
        udfs.PLACE(xt, 1.0, "SB, WIN")
        udfs.PLACE(xt, 1.0, "BH")
    gc.collect()
    live = [o for o in gc.get_objects() if isinstance(o, evaluation._Parsed)]
    info = RANGES.cache_info()
    assert info.maxsize is not None and len(live) <= info.maxsize
    for parsed in live:
        assert len(parsed.results) <= evaluation.MAX_RESULTS_PER_CROSSTABLE
        assert len(parsed.values) <= evaluation.MAX_VALUES_PER_CROSSTABLE


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (datetime.datetime(2025, 10, 4), "FIDE2023"),
        (datetime.date(2026, 3, 1), "FIDE2026"),
        ("2022-05-01", "FIDE2009"),
        ("01.04.2026", "FIDE2026"),
    ],
)
def test_rules_argument_may_be_the_start_date(rules: object, expected: str) -> None:
    for no in start_numbers(SWISS_XT):
        got = udfs.BUCHHOLZ_CUT1(SWISS_XT, float(no), rules)
        assert got == expected_value_for(no, expected)


def expected_value_for(no: int, rules: str) -> object:
    return expected(SWISS_XT, "BH/C1", no, rules)
