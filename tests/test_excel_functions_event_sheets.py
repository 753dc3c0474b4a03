"""The Functions and Formula standings sheets follow the event typed into the Crosstable sheet
and every row of its Settings sheet.

Generated events of 40 and 400 players are typed into the shipped Swiss template with openpyxl
(the demo too, its crosstable replaced); what the user runs (``xl-tiebreak standings``, which
also stores the values the worksheet functions compute) is run; then every row of the
Functions sheet and of the Formula standings sheet is compared with ``xl-tiebreak compute`` on
the same file: each participant exactly once, under its own No and Name, with its own values.
A second test changes each Settings row in turn and checks the same agreement after each
change. The `formulas` engine (an independent spreadsheet evaluator) recalculates one of them
(slow set: it takes half a minute per workbook).
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.worksheet.formula import ArrayFormula

import xl_tiebreak.udfs as udfs
from tests.generator import _mix, _swiss
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.functions.catalogue import FIXED_DESCRIPTORS
from xl_tiebreak.excel.templates.builder import DEMO_NAME
from xl_tiebreak.excel.templates.from_event import crosstable_rows
from xl_tiebreak.excel.templates.function_sheets import FUNCTIONS_FIRST_ROW, TEMPLATE_ROWS
from xl_tiebreak.excel.templates.team import TEAM_ROWS
from xl_tiebreak.model.tournament import Tournament

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "workbook_templates"


def generated(n: int, rounds: int, seed: int) -> Tournament:
    """A generated Swiss event of ``n`` players (byes, forfeits, late entries, withdrawals,
    unrated players as the generator draws them)."""
    rng = random.Random(seed)
    return _swiss(rng, seed, n, rounds, _mix(rng), 0.1)


def set_setting(ws: Any, label: str, value: object) -> None:
    """Type ``value`` in column B of the Settings row labelled ``label``."""
    for row in ws.iter_rows(min_col=1, max_col=2):
        if row[0].value == label:
            row[1].value = value
            return
    raise AssertionError(f"no Settings row {label!r}")


def typed(source: Path, t: Tournament, target: Path, **settings: object) -> Path:
    """The workbook ``source`` with the event ``t`` typed into its Crosstable sheet (the old
    rows deleted) and the Settings rows given by label, saved as ``target``."""
    wb = openpyxl.load_workbook(source, keep_vba=source.suffix == ".xlsm")
    ws = wb["Crosstable"]
    ws.delete_rows(1, ws.max_row)
    for row in crosstable_rows(t):
        ws.append(list(row))
    set_setting(wb["Settings"], "Rounds scheduled", t.rounds)
    for label, value in settings.items():
        set_setting(wb["Settings"], label, value)
    wb.save(target)
    return target


def run(*args: str) -> None:
    assert main(list(args)) == 0


def computed(path: Path, tmp: Path, *options: str) -> dict[str, Any]:
    """``xl-tiebreak compute --format json`` on the workbook."""
    out = tmp / f"compute{len(list(tmp.glob('compute*')))}.json"
    run("compute", str(path), "--format", "json", "-o", str(out), *options)
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data


def number(text: object) -> float | None:
    return None if text is None else float(str(text))


def sheet_rows(path: Path, sheet: str) -> list[list[Any]]:
    wb = openpyxl.load_workbook(path, data_only=True)
    return [list(r) for r in wb[sheet].iter_rows(values_only=True)]


def blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def functions_rows(path: Path) -> tuple[list[str], list[list[Any]]]:
    """The header and the filled participant rows of the Functions sheet (the rows below
    stay empty: checked)."""
    rows = sheet_rows(path, "Functions")
    header = [str(h) for h in rows[FUNCTIONS_FIRST_ROW - 2]]
    body = rows[FUNCTIONS_FIRST_ROW - 1:]
    filled = [r for r in body if not blank(r[0])]
    assert all(blank(v) for r in body[len(filled):] for v in r), "values below the event"
    return header, filled


def check_agreement(path: Path, tmp: Path, t: Tournament, rows_shown: int | None = None) -> None:
    """Every Functions and Formula standings row equals ``compute`` on the file.

    ``rows_shown``: the sheets' fixed arrays are that many rows, fewer than the event has
    participants: the first ``rows_shown`` participants (crosstable order on Functions, places
    on Formula standings) are shown, each under its own label, and both check cells say the
    sheets do not cover the crosstable instead of OK."""
    shown = len(t.participants) if rows_shown is None else rows_shown
    standings = computed(path, tmp)
    by_no = {r["start_no"]: r for r in standings["rows"]}
    header, rows = functions_rows(path)
    assert sorted(int(r[0]) for r in rows) == sorted(p.start_no for p in t.participants)[:shown]
    names = {p.start_no: p.name for p in t.participants}
    assert all(r[1] == names[int(r[0])] for r in rows)
    fixed = [h for h in header[2:] if h in FIXED_DESCRIPTORS]
    group = [h for h in fixed if FIXED_DESCRIPTORS[h] == "DE"]
    plain = [h for h in fixed if h not in group]
    values = computed(path, tmp, "--tiebreaks", ",".join(FIXED_DESCRIPTORS[h] for h in plain))
    value_of = {r["start_no"]: r["values"] for r in values["rows"]}
    for row in rows:
        no = int(row[0])
        assert row[header.index("POINTS")] == number(by_no[no]["points"]), no
        assert row[header.index("PLACE")] == by_no[no]["rank"], no
        for h in plain:
            label = FIXED_DESCRIPTORS[h]
            assert number(value_of[no][label]) == (None if blank(row[header.index(h)])
                                                   else row[header.index(h)]), (no, h)
    order = [d["label"] for d in standings["tiebreaks"]]
    table = sheet_rows(path, "Formula standings")
    head = table[2]
    assert head[:6] == ["Place", "No", "Name", "Rating", "Fed", "Pts"]
    assert head[6:6 + len(order)] == order
    body = [r for r in table[3:] if not blank(r[1])]
    assert len(body) == shown
    expected = standings["rows"][:shown]
    for got, want in zip(body, expected, strict=True):
        assert (got[0], got[1], got[2]) == (want["rank"], want["start_no"], want["name"])
        assert got[5] == number(want["points"])
        assert [None if blank(v) else v for v in got[6:6 + len(order)]] == [
            number(want["values"][label]) for label in order]
    checks = (str(sheet_rows(path, "Functions")[2][1]), str(table[1][0]))
    if rows_shown is None:
        assert all(c.startswith("OK") for c in checks), checks
    else:
        assert not any(c.startswith("OK") for c in checks), checks


@pytest.fixture()
def fresh() -> Iterator[None]:
    udfs.clear_cache()
    yield
    udfs.clear_cache()


@pytest.mark.parametrize("source", ["swiss.xlsx", "demo"])
def test_forty_players_typed_into_a_template_show_every_player_once(
        tmp_path: Path, source: str, fresh: None) -> None:
    t = generated(40, 9, seed=4040)
    if source == "demo":
        run("demo", str(tmp_path / "demo"))
        start = next((tmp_path / "demo").glob(f"{DEMO_NAME}.xls*"))
    else:
        start = TEMPLATES / source
    path = typed(start, t, tmp_path / f"event{start.suffix}")
    run("standings", str(path))
    check_agreement(path, tmp_path, t)


def array_refs(path: Path) -> dict[str, list[str]]:
    """Sheet → the ranges of its array formulas (Functions and Formula standings)."""
    wb = openpyxl.load_workbook(path)
    return {name: sorted(str(c.value.ref) for row in wb[name].iter_rows() for c in row
                         if isinstance(c.value, ArrayFormula))
            for name in ("Functions", "Formula standings")}


@pytest.mark.slow
def test_four_hundred_players_in_the_swiss_template(tmp_path: Path, fresh: None) -> None:
    # 400 players, arrays of TEMPLATE_ROWS (200) rows: `standings` extends them to the 400
    # participants (Functions rows 5-404, Formula standings rows 3-403 with its header), so
    # that every participant is shown once, with compute's values, and the checks say OK
    t = generated(400, 9, seed=400)
    path = typed(TEMPLATES / "swiss.xlsx", t, tmp_path / "event.xlsx")
    before = array_refs(path)
    assert before["Formula standings"] == [f"A3:S{3 + TEMPLATE_ROWS}"]
    run("standings", str(path))
    after = array_refs(path)
    assert after["Formula standings"] == ["A3:S403"]
    assert after["Functions"] == sorted(ref.replace(str(FUNCTIONS_FIRST_ROW + TEMPLATE_ROWS - 1),
                                                    "404") for ref in before["Functions"])
    check_agreement(path, tmp_path, t)
    # run again: the sheets already cover the event, nothing else changes
    first = {name: sheet_rows(path, name) for name in ("Functions", "Formula standings")}
    run("standings", str(path))
    assert array_refs(path) == after
    assert {name: sheet_rows(path, name) for name in first} == first


def test_the_arrays_are_never_shrunk(tmp_path: Path, fresh: None) -> None:
    # 230 players extend the arrays to 230 rows (each player shown once, with compute's
    # values); 40 players after them: the arrays keep their 230 rows, those beyond the event
    # empty, the print areas end at the 40th
    grown = generated(230, 7, seed=230)
    big = typed(TEMPLATES / "swiss.xlsx", grown, tmp_path / "big.xlsx")
    run("standings", str(big))
    assert array_refs(big)["Formula standings"] == ["A3:S233"]
    check_agreement(big, tmp_path, grown)
    notes = openpyxl.load_workbook(big)
    # the notes in A1 say the rows the arrays now have, and quote the grown call
    assert "over 230 rows" in notes["Functions"]["A1"].value
    standings_note = notes["Formula standings"]["A1"].value
    assert "over 230 rows" in standings_note and ",231,19)" in standings_note
    assert "200" not in standings_note and "201" not in standings_note
    t = generated(40, 9, seed=4040)
    path = typed(big, t, tmp_path / "event.xlsx")
    run("standings", str(path))
    assert array_refs(path) == array_refs(big)
    check_agreement(path, tmp_path, t)
    wb = openpyxl.load_workbook(path)
    assert str(wb["Functions"].print_area).endswith(f"${FUNCTIONS_FIRST_ROW - 1 + 40}")
    assert str(wb["Formula standings"].print_area).endswith(f"${3 + 40}")


def test_a_users_cell_below_the_arrays_keeps_them(tmp_path: Path, fresh: None) -> None:
    # keep or refuse: a note typed below each sheet's arrays is kept, the arrays are not
    # extended, the result says why, and the sheets show the first 200 participants with
    # check cells that say they do not cover the crosstable
    from xl_tiebreak.excel.headless import write_standings_file

    t = generated(230, 7, seed=230)
    path = typed(TEMPLATES / "swiss.xlsx", t, tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(path)
    wb["Functions"]["C210"] = "my note"
    wb["Formula standings"]["D230"] = 7
    wb.save(path)
    result = str(write_standings_file(path))
    assert ("'Functions' still has 200 participant rows for 230 participants (C210 below its "
            "arrays is not empty)") in result
    assert "'Formula standings' still has 200 participant rows for 230 participants (D230 " \
        in result
    wb = openpyxl.load_workbook(path)
    assert (wb["Functions"]["C210"].value, wb["Formula standings"]["D230"].value) == (
        "my note", 7)
    wb["Functions"]["C210"] = wb["Formula standings"]["D230"] = None  # out of the way
    wb.save(path)
    run("standings", str(path))  # now extended
    check_agreement(path, tmp_path, t)


def test_the_check_cells_tell_arrays_shorter_than_the_event(tmp_path: Path,
                                                            fresh: None) -> None:
    # what Excel shows before the button runs (or where it cannot extend them): the
    # template's 200 rows for 230 players, the first 200 right, the checks not OK
    from xl_tiebreak.excel.functions.cached_values import saved_bytes

    t = generated(230, 7, seed=230)
    path = typed(TEMPLATES / "swiss.xlsx", t, tmp_path / "event.xlsx")
    data, cached = saved_bytes(openpyxl.load_workbook(path))
    assert cached
    path.write_bytes(data)
    check_agreement(path, tmp_path, t, rows_shown=TEMPLATE_ROWS)


SETTINGS_CHANGES: tuple[tuple[str, object], ...] = (
    ("Standings after round", 5),
    ("Points for a win", 3),
    ("Points for a draw", 1),
    ("Points for a loss", 0.5),
    ("Points for a forfeit win", 2),
    ("Points for a forfeit loss", 0.5),
    ("Points for a pairing-allocated bye (PAB)", 0.5),
    ("Points for a full-point bye (FPB)", 0.5),
    ("Points for a half-point bye (HPB)", 0),
    ("Points for a zero-point bye (ZPB)", 0.5),
    ("Blank rounds", "Half-point bye"),
    ("Rating for unrated players", 1000),
    ("Rules", "FIDE2023"),
    ("Tournament type", "Swiss"),
    ("Lots seed", "club-2026"),
)
"""One change of each Settings row the functions read (each on the unchanged template)."""

DEFAULT_RUN = {"Standings after round", "Points for a win", "Points for a pairing-allocated bye "
               "(PAB)", "Blank rounds", "Rules"}
"""The rows changed in the default run (the others in the slow set: each takes a workbook
written and recalculated)."""


SETTINGS_EVENT = generated(24, 7, seed=2424)
"""The event of the Settings test."""


@pytest.fixture(scope="module")
def unchanged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Settings test's event in the template with its Settings as shipped, after
    ``xl-tiebreak standings``."""
    path = typed(TEMPLATES / "swiss.xlsx", SETTINGS_EVENT,
                 tmp_path_factory.mktemp("unchanged") / "before.xlsx")
    run("standings", str(path))
    return path


@pytest.mark.parametrize(("label", "value"), [
    change if change[0] in DEFAULT_RUN else pytest.param(*change, marks=pytest.mark.slow)
    for change in SETTINGS_CHANGES], ids=[c[0] for c in SETTINGS_CHANGES])
def test_each_settings_row_reaches_the_functions(tmp_path: Path, label: str, value: object,
                                                 unchanged: Path, fresh: None) -> None:
    t = SETTINGS_EVENT
    path = typed(TEMPLATES / "swiss.xlsx", t, tmp_path / "event.xlsx", **{label: value})
    if label == "Blank rounds":
        wb = openpyxl.load_workbook(path)
        ws = wb["Crosstable"]
        rounds = [c.column for c in ws[1] if str(c.value).startswith("R")]
        for r in range(2, ws.max_row + 1):  # the zero-point byes typed as empty cells
            for c in rounds:
                if ws.cell(row=r, column=c).value in ("-", "Z"):
                    ws.cell(row=r, column=c).value = None
        wb.save(path)
    run("standings", str(path))
    check_agreement(path, tmp_path, t)
    assert changed(path, unchanged) or label in UNCHANGED, "the setting changed nothing"


UNCHANGED = {"Tournament type", "Lots seed", "Points for a forfeit loss"}
"""Rows whose change may leave this event's values as they were (its type is already Swiss,
no tie is left for the lots, no forfeit loss may be drawn)."""


def changed(a: Path, b: Path) -> bool:
    return sheet_rows(a, "Functions")[FUNCTIONS_FIRST_ROW - 1:] != sheet_rows(
        b, "Functions")[FUNCTIONS_FIRST_ROW - 1:]


@pytest.mark.slow
def test_the_formulas_engine_recalculates_the_typed_template(tmp_path: Path,
                                                            fresh: None) -> None:
    """An independent evaluator (the `formulas` package) recalculates the typed template; its
    Functions and Formula standings values are those of ``compute``."""
    from tests.formula_harness import calculate, register, sized_names

    t = generated(40, 9, seed=4040)
    path = typed(TEMPLATES / "swiss.xlsx", t, tmp_path / "event.xlsx")
    register(udfs.EXCEL_FUNCTIONS)
    values = calculate(sized_names(path, tmp_path / "sized.xlsx"))
    wb = openpyxl.load_workbook(path)
    for sheet in ("Functions", "Formula standings"):
        ws = wb[sheet]
        for row in ws.iter_rows(min_row=2, max_row=FUNCTIONS_FIRST_ROW + 45):
            for c in row:
                c.value = values.get((sheet.upper(), c.coordinate), c.value)
    wb.save(tmp_path / "recalculated.xlsx")
    shutil.copy(tmp_path / "recalculated.xlsx", tmp_path / "check.xlsx")
    check_agreement(tmp_path / "check.xlsx", tmp_path, t)


def thirty_teams(rounds: int = 7, seed: int = 30, n: int = 30) -> list[list[object]]:
    """An ``n``-team (even), 4-board Swiss crosstable: circle-method pairings (no team meets
    another twice), colours alternating, random game points in halves that add up to 4 per
    match."""
    rng = random.Random(seed)
    cells: dict[int, list[str]] = {t: [] for t in range(1, n + 1)}
    others = list(range(2, n + 1))
    for r in range(rounds):
        circle = [1, *others]
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            gp = rng.randrange(0, 9) / 2
            half = lambda x: f"{int(x)}½" if x % 1 else str(int(x))  # noqa: E731
            first = r % 2 == 0
            cells[a].append(f"{b}{'w' if first else 'b'}{half(gp)}")
            cells[b].append(f"{a}{'b' if first else 'w'}{half(4 - gp)}")
        others = others[-1:] + others[:-1]
    header: list[object] = ["No", "Team", *(f"R{r}" for r in range(1, rounds + 1))]
    return [header, *([t, f"Team {t:02d}", *cells[t]] for t in range(1, n + 1))]


@pytest.mark.parametrize("teams", [30, 70])
def test_teams_typed_into_the_team_template(tmp_path: Path, fresh: None, teams: int) -> None:
    # 70 teams: more than the template's 60 rows (TEAM_ROWS), extended by `standings`
    rows = thirty_teams(n=teams)
    wb = openpyxl.load_workbook(TEMPLATES / "team_swiss.xlsx")
    ws = wb["Crosstable"]
    ws.delete_rows(1, ws.max_row)
    for row in rows:
        ws.append(row)
    for other in ("Teams", "Boards"):  # the sample's rosters and board results go
        wb[other].delete_rows(2, wb[other].max_row)
    set_setting(wb["Settings"], "Tournament name", "Thirty teams")
    path = tmp_path / "teams.xlsx"
    wb.save(path)
    run("standings", str(path))
    standings = computed(path, tmp_path)
    by_no = {r["start_no"]: r for r in standings["rows"]}
    table = sheet_rows(path, "Functions")
    header = [str(h) for h in table[FUNCTIONS_FIRST_ROW - 2]]
    body = table[FUNCTIONS_FIRST_ROW - 1:]
    filled = [r for r in body if not blank(r[0])]
    assert all(blank(v) for r in body[len(filled):] for v in r)
    assert [(int(r[0]), r[1]) for r in filled] == [(int(str(r[0])), r[1]) for r in rows[1:]]
    primary = "TEAM_POINTS MP" if standings["rows"][0]["points"] is not None else ""
    for row in filled:
        want = by_no[int(row[0])]
        assert row[header.index("TEAM_PLACE")] == want["rank"]
        assert row[header.index(primary)] == number(want["points"])
    formula = sheet_rows(path, "Formula standings")
    ranked = [r for r in formula[3:] if not blank(r[1])]
    assert [(r[0], r[1], r[2]) for r in ranked] == [
        (r["rank"], r["start_no"], r["name"]) for r in standings["rows"]]
    assert str(table[2][0]).startswith("OK") and str(formula[1][0]).startswith("OK")
    if teams > TEAM_ROWS:
        assert array_refs(path)["Formula standings"] == [f"A3:R{3 + teams}"]
    # run again: the same content
    first = {name: sheet_rows(path, name) for name in ("Functions", "Formula standings")}
    refs = array_refs(path)
    run("standings", str(path))
    assert array_refs(path) == refs
    assert {name: sheet_rows(path, name) for name in first} == first


def test_a_real_event_typed_into_the_round_robin_template(tmp_path: Path, fresh: None) -> None:
    # the 52 players of a real Swiss (gros_open_2010.trf, ../shared) typed into the round-robin
    # template, whose Settings then say Swiss: every function row equals compute
    from spec_data import TRF_DIR

    from xl_tiebreak.formats.trf.reader import parse_trf

    source = TRF_DIR / "gros_open_2010.trf"
    if not source.is_file():
        pytest.skip("gros_open_2010.trf is not in ../shared/data/trf")
    raw = source.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    t = parse_trf(text)
    assert len(t.participants) == 52
    path = typed(TEMPLATES / "round_robin.xlsx", t, tmp_path / "event.xlsx",
                 **{"Tournament type": "Swiss"})
    run("standings", str(path))
    check_agreement(path, tmp_path, t)
