"""Every visible text of the sheets the tool writes goes through the catalogue: with a fake
catalogue that marks every translated text (``⟦…⟧``, :mod:`tests.fake_catalogue`), each text
cell of the Standings, Problems, Compare, Prizes result and knockout Standings sheets, of the
templates' Settings, Crosstable and Standings placeholder, of the team template's Settings and
notes, and of the Event sheet of a workbook written from an event, holds a marked text — or is
data (a name, a code, a number, a round cell) or a text another package writes (the standings
table's headers, the tie-break names, the explanation lines), which its own tests check.

(How to is engineer B's sheet and Functions / Formula standings engineer A's: build them inside
``fake_catalogue()`` and use :func:`tests.fake_catalogue.unmarked` the same way.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

from tests.fake_catalogue import fake_catalogue, sheet_texts, unmarked
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.sheets.writer import WriteResult, write_standings_to
from xl_tiebreak.excel.templates.builder import (
    ROUND_ROBIN,
    SWISS,
    build_knockout_workbook,
    build_workbook,
)
from xl_tiebreak.excel.templates.from_event import write_event_workbook
from xl_tiebreak.excel.templates.team import TEAM_SWISS_SETTINGS, build_team_workbook
from xl_tiebreak.knockout.bracket import explain
from xl_tiebreak.report.table import group_note, standings_columns, status_text, where_and_when
from xl_tiebreak.standings.compare_orders import comparison_rows
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.outside_games import legend_lines

CROSSTABLE = [
    ["No", "Name", "Rating", "Club", "R1", "R2", "R3"],
    [1, "Ana", 2200, "SK Nord", "6w1", "3b½", "2w½"],
    [2, "Bo", 2100, "SK Süd", "5w½", "4b1", "1b½"],
    [3, "Cai", 1900, "SK Nord", "4w1", "1w½", "5w0"],
    [4, "Dan", None, "SK Nord", "3b0", "2w0", None],
    [5, "Eve", 1700, "SK Süd", "2b½", "6w1", "3b1"],
    [6, "Fay", 1600, "SK Nord", "1b0", "5b0", None],
]
"""Six players, three rounds; Dan and Fay have round 3 empty (blank rounds: a warning), Dan is
unrated (the Unrated legend line)."""
SETTINGS = [
    ["Setting", "Value"], ["Tournament name", "Club Cup"], ["Rating for unrated players", 1000],
    ["Tie-breaks", "BH, DE, SB, LOTS"], ["Lots seed", "2026"], ["Compare orders", "SB, BH"],
]
PRIZES = [["Prize", "Category", "Place", "Amount", "Trophy"], ["First", None, 1, 300, "Cup"],
          [None, None, 2, 200, None], [None, "U1800", 1, 80, None]]


def _book(settings: list[list[object]] = SETTINGS) -> Any:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Crosstable"
    for row in CROSSTABLE:
        ws.append(row)
    st = wb.create_sheet("Settings")
    for row in settings:
        st.append(row)
    pz = wb.create_sheet("Prizes")
    for row in PRIZES:
        pz.append(row)
    return wb


def _inputs() -> set[str]:
    """Every text typed in the inputs: data wherever it is shown again."""
    cells = [*CROSSTABLE, *SETTINGS, *PRIZES]
    return {str(v) for row in cells for v in row if v is not None} | {"BH", "DE", "SB", "LOTS"}


def _other_packages(result: WriteResult) -> set[str]:
    """The texts other packages write on these sheets (computed under the same catalogue)."""
    st = result.standings
    assert st is not None
    found = {status_text(st), where_and_when(st), st.tournament.scoring.describe()}
    found |= {c.header for c in standings_columns(st, drop_empty=False, extra=True)}
    for level, d in enumerate(st.descriptors):
        found |= {d.name, d.label, group_note(st, level)}
    found |= set(legend_lines([d.code for d in st.descriptors], st.tournament.lots_seed))
    found |= {str(w) for w in result.problems}
    if result.comparison is not None:
        found |= {str(h) for h in comparison_rows(result.comparison)[0]}
        found |= set(result.comparison.labels)
    if result.allocation is not None:
        found |= {*result.allocation.lines, *result.allocation.notes}
        found |= {w.prize() for w in result.allocation.awards}
    return found


def test_the_standings_compare_and_prizes_sheets_speak_only_through_the_catalogue() -> None:
    wb = _book()
    with fake_catalogue():
        result = write_standings_to(OpenpyxlBook(wb))
        assert result.ok, result.problems
        allowed = _inputs() | _other_packages(result)
        texts = {name: sheet_texts(wb[name]) for name in ("Standings", "Compare",
                                                          "Prizes result")}
    assert result.problems, "the blank round's warning is on the sheet"
    for name, found in texts.items():
        assert found, name
        assert unmarked(found, allowed) == [], name
    standings = dict(texts["Standings"])
    assert "\u27e6page &P of &N\u27e7" in standings["footer"]


def test_the_problems_sheet_speaks_through_the_catalogue() -> None:
    wb = _book([["Setting", "Value"], ["Tournament type", "Mixed"], ["One prize per player",
                                                                      "Perhaps"]])
    with fake_catalogue():
        result = write_standings_to(OpenpyxlBook(wb))
    assert not result.ok
    texts = sheet_texts(wb[result.sheet])
    places = {p.where for p in result.problems}  # every message here is the Settings reader's
    assert unmarked(texts, places) == []
    assert len([t for _, t in texts if "Mixed" in t or "Perhaps" in t]) == 2


def test_the_knockout_standings_sheet_speaks_through_the_catalogue() -> None:
    wb = build_knockout_workbook(vba=False)
    with fake_catalogue():
        result = write_standings_to(OpenpyxlBook(wb))
        assert result.ok and result.knockout is not None
        from xl_tiebreak.excel.sheets.knockout import read_book_bracket

        bracket = read_book_bracket(OpenpyxlBook(wb))
        allowed = {*explain(bracket), *(r.stage for r in result.knockout),
                   *(r.eliminated for r in result.knockout), *(r.player for r in result.knockout)}
        texts = sheet_texts(wb["Standings"])
    assert unmarked(texts, allowed | {"Knockout Cup 2026"}) == []


def _template_texts(wb: Any, sheets: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(f"{name}!{where}", text) for name in sheets for where, text in sheet_texts(wb[name])]


def test_the_templates_settings_crosstable_and_placeholder_speak_through_the_catalogue() -> None:
    for template in (SWISS, ROUND_ROBIN):
        with fake_catalogue():
            wb = build_workbook(template, vba=False)
        data = {str(v) for row in template.rows[1:] for v in row if v is not None}
        data |= {str(t) for t in template.settings.get("tiebreaks", [])}  # type: ignore[attr-defined]
        data |= {"FIDE2026", "FIDE2023", "FIDE2009", "USCF"}
        texts = _template_texts(wb, ("Crosstable", "Settings", "Standings"))
        assert unmarked(texts, data) == [], template.stem
        assert wb.properties.title.startswith("\u27e6")


def test_the_team_template_speaks_through_the_catalogue() -> None:
    with fake_catalogue():
        wb = build_team_workbook(vba=False)
    data = {str(v) for v in ("2-1-0", "MP", "MPTS", "GPTS", "EDE", "BH:MP/C1")}
    settings = sheet_texts(wb["Settings"])
    order = {str(t) for t in TEAM_SWISS_SETTINGS["tiebreaks"]}  # type: ignore[attr-defined]
    assert unmarked(settings, data | order) == []
    functions = [(w, t) for w, t in sheet_texts(wb["Functions"]) if w in ("A1", "A2")]
    assert len(functions) == 2 and unmarked(functions, []) == []
    assert unmarked(sheet_texts(wb["Formula standings"])[:1], []) == []


def test_the_event_sheet_of_a_written_workbook_speaks_through_the_catalogue(
        tmp_path: Path) -> None:
    from tests import generator

    t = compute_standings(generator.generate(901)).tournament
    t.city, t.chief_arbiter, t.rate = "Porto Alegre", "Ana Souza", "rapid"
    with fake_catalogue():
        path = write_event_workbook(t, tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(path)
    texts = sheet_texts(wb["Event"])
    assert unmarked(texts, {"Porto Alegre", "Ana Souza"}) == []
    assert ("B" + str(len(texts) // 2 + 1), "\u27e6rapid\u27e7") in texts or any(
        t == "\u27e6rapid\u27e7" for _, t in texts)


def _outside_marks(texts: list[tuple[str, str]]) -> str:
    """What a sheet's texts hold outside marked texts, read as one text: a paragraph of the
    How to sheet is translated whole, then wrapped over several cells, so only its first cell
    holds the opening mark and its last the closing one. A marked text inside another (the
    template's file name in the Run main step) goes with it: innermost marks first."""
    import re

    text = "\n".join(t for _w, t in texts)
    while True:
        inner = re.sub("\u27e6[^\u27e6\u27e7]*\u27e7", "", text)
        if inner == text:
            return text.strip()
        text = inner


def test_how_to_functions_formula_standings_and_bracket_speak_through_the_catalogue() -> None:
    # the remaining sheets of the templates, built inside the fake catalogue: every text a
    # marked text, or data (the sample's names, function names and tie-break descriptors, the
    # name 'Tournament' kept English like every defined name, the bracket's results)
    import xl_tiebreak.udfs as udfs
    from xl_tiebreak.excel.functions.catalogue import FIXED_DESCRIPTORS

    names = {n for n in dir(udfs) if n.isupper()}
    for template in (SWISS, ROUND_ROBIN):
        with fake_catalogue():
            wb = build_workbook(template, vba=False)
        assert _outside_marks(sheet_texts(wb["How to"])) == "", template.stem
        data = {str(v) for row in template.rows[1:] for v in row if v is not None}
        data |= {*FIXED_DESCRIPTORS, *FIXED_DESCRIPTORS.values(), *names, "Tournament"}
        texts = _template_texts(wb, ("Functions", "Formula standings"))
        left = [(w, t) for w, t in unmarked(texts, data)
                if not (t.split(" ", 1)[0] in names and '"' in t)]  # TIEBREAK_EXPLAIN "BH/C1"
        assert left == [], template.stem
    with fake_catalogue():
        wb = build_knockout_workbook(vba=False)
    assert _outside_marks(sheet_texts(wb["How to"])) == ""
    bracket = [list(r) for r in wb["Bracket"].iter_rows(values_only=True)]
    assert all("\u27e6" in str(h) for h in bracket[0])  # every header a marked text
    data = {str(v) for row in bracket[1:] for v in row[:6] if v is not None}
    colours = [str(row[6]) for row in bracket[1:] if row[6]]
    assert colours and all("\u27e6white\u27e7" in c for c in colours)  # the colour word
    assert unmarked(sheet_texts(wb["Bracket"])[7:], data | set(colours)) == []
