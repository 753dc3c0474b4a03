"""The registry is the single source of what a tie-break is: parsing, names, articles, the
Swiss-Manager form (both directions), the standings legend, number formats and the worksheet
functions all agree with its rows, and no other module holds a list of tie-break codes."""

from __future__ import annotations

import ast
import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

import xl_tiebreak.excel.book.layout as layout
import xl_tiebreak.excel.templates.builder as templates
import xl_tiebreak.tiebreaks.registry as registry
from xl_tiebreak import udfs
from xl_tiebreak.model.tournament import Color, InputError, Kind, Participant, Record, Tournament
from xl_tiebreak.report.table import standings_table
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import (
    Descriptor,
    parse_descriptor,
    parse_list,
    parse_swiss_manager,
)
from xl_tiebreak.tiebreaks.registry import TIEBREAKS, TieBreak

PACKAGE = Path(__file__).resolve().parent.parent / "xl_tiebreak"
CODES = [row.code for row in TIEBREAKS]



def rows() -> list[TieBreak]:
    """The individual rows (team rows are read with a team event's primary score: their
    counterparts of these tests are in tests/test_tiebreaks_team_registry.py)."""
    return [r for r in TIEBREAKS if not r.team]


def test_codes_are_unique_and_upper_case() -> None:
    assert len(set(CODES)) == len(CODES)
    assert all(c == c.upper() for c in CODES)
    names = [a.split("/")[0] for row in TIEBREAKS for a in row.aliases]
    assert len(set(names)) == len(names) and not set(names) & set(CODES)


@pytest.mark.parametrize("row", rows(), ids=lambda r: r.code)
def test_code_and_aliases_parse_to_the_row(row: TieBreak) -> None:
    d = parse_descriptor(row.code)
    assert d.code == row.code and d.tiebreak is row
    assert parse_descriptor(row.code.lower()).code == row.code
    for alias in row.aliases:
        name, *implied = alias.split("/")
        got = parse_descriptor(name)
        assert got.code == row.code
        assert got.canonical == "/".join([row.code, *implied])


@pytest.mark.parametrize("row", rows(), ids=lambda r: r.code)
def test_name_and_article_come_from_the_row(row: TieBreak) -> None:
    d = parse_descriptor(row.code)
    assert d.name == row.name
    assert d.article == row.article


@pytest.mark.parametrize("row", rows(), ids=lambda r: r.code)
def test_modifiers_accepted_are_exactly_the_rows(row: TieBreak) -> None:
    samples = {"C": "C1", "M": "M1", "P": "P", "F": "F", "L": "L+1", "R": "R", "U": "U1400"}
    for letter, text in samples.items():
        if letter in row.modifiers:
            assert parse_descriptor(f"{row.code}/{text}").code == row.code
        else:
            with pytest.raises(InputError):
                parse_descriptor(f"{row.code}/{text}")
    assert ("U" in row.modifiers) == row.rating_based


def _variants(row: TieBreak) -> list[Descriptor]:
    """The bare code and every modifier it takes, alone."""
    samples = {"C": "C1", "M": "M2", "P": "P", "F": "F", "L": "L60", "R": "R", "U": "U1400"}
    return [parse_descriptor(row.code),
            *(parse_descriptor(f"{row.code}/{samples[m]}") for m in sorted(row.modifiers))]


@pytest.mark.parametrize("row", [r for r in rows() if r.swiss_manager], ids=lambda r: r.code)
def test_swiss_manager_round_trip(row: TieBreak) -> None:
    assert row.swiss_manager is not None
    assert parse_descriptor(row.code).swiss_manager.startswith(str(row.swiss_manager.number))
    for d in _variants(row):
        text = d.swiss_manager
        if not text:  # a modifier the number cannot express (PS/C1, KS/P…)
            continue
        if d.unrated_rating is not None:
            # written as Swiss-Manager's "minimum rating", whose meaning is not documented:
            # shown, but not read back as /U (one way only, see SmParam.MINIMUM_RATING)
            with pytest.raises(InputError):
                parse_swiss_manager(f"SM:{text}")
            continue
        back = parse_swiss_manager(f"SM:{text.replace(' ', '')}")
        assert back == d, (d.canonical, text, back.canonical)
        assert back.tiebreak is row


def test_swiss_manager_texts_as_documented() -> None:
    # spec §9.1: parameters in Swiss-Manager's order
    assert parse_descriptor("BH/C1").swiss_manager == "84 / 0,0,1,-,-"
    assert parse_descriptor("FB/M1/P").swiss_manager == "84 / 0,1,1,P,F"
    assert parse_descriptor("BWG/P").swiss_manager == "68 / 2,P"
    assert parse_descriptor("APRO").swiss_manager == "88 / 1,0"
    assert parse_descriptor("KS/L60").swiss_manager == "87 / 0,60"
    assert parse_descriptor("KS/L+1").swiss_manager == ""  # a half-point limit: no SM form
    assert parse_descriptor("REP").swiss_manager == "79"


def test_rows_sharing_a_number_share_the_parameters() -> None:
    for number in registry.swiss_manager_numbers():
        shared = registry.swiss_manager_rows(number)
        layouts = {r.swiss_manager.params for r in shared if r.swiss_manager}
        selects = [r.swiss_manager.select for r in shared if r.swiss_manager]
        assert len(layouts) == 1
        assert len(set(selects)) == len(selects)


def _event() -> Tournament:
    """4 rated players, 3 rounds, everybody meets everybody; the lower number wins."""
    parts = [Participant(n, f"P{n}", rating=2100 - 100 * n) for n in range(1, 5)]
    for a, b in ((1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)):
        parts[a - 1].rounds.append(Record(Kind.WIN, b, Color.WHITE))
        parts[b - 1].rounds.append(Record(Kind.LOSS, a, Color.BLACK))
    return Tournament(parts, rounds=3)


@pytest.mark.parametrize("row", [r for r in rows() if r.code != "PTS"], ids=lambda r: r.code)
def test_standings_legend_and_explanation_use_the_row(row: TieBreak) -> None:
    event = _event()
    if row.code == "OTHER_MANUAL":  # refused without any value (it would tie everyone)
        for p in event.participants:
            p.manual_order = Fraction(p.start_no)
    standings = compute_standings(event, row.code, rules="fide2026")
    assert f"{row.code} = {row.name}" in standings_table(standings)
    head = standings.explain(1, 0).lines()[0]
    assert head.startswith(f"{row.code} — {row.name} ({row.article}")


def test_worksheet_functions_agree_with_the_rows() -> None:
    assert dict(registry.worksheet_functions()) == udfs.FIXED_DESCRIPTORS
    assert registry.rating_functions() == udfs.RATING_FUNCTIONS
    assert registry.template_functions("swiss") == templates._ALL_FUNCTIONS
    assert registry.template_functions("round_robin") == templates._ROUND_ROBIN_FUNCTIONS
    for name, text in registry.worksheet_functions():
        assert name in udfs.EXCEL_FUNCTIONS
        assert parse_descriptor(text).tiebreak.functions


def test_number_formats_agree_with_the_rows() -> None:
    whole = {"WIN", "WON", "BPG", "BWG", "REP", "DE", "TPN", "ARO", "TPR", "PTP", "APRO", "APPO",
             "RTNG", "OTHER_LOTS"}  # counts, places and ratings (Arts. 6, 7, 10), lots:
    # shown without decimals
    whole |= {"DE:MP", "DE:GP", "WIN:MP", "WON:MP", "EDE", "EDEC", "EDET", "EDEB", "EDEBT",
              "EDEBB", "TBR", "BBE"}  # the same for teams (Arts. 6, 7, 12, 13.3)
    assert {row.code for row in TIEBREAKS if row.whole} == whole
    for row in rows():
        expected = layout.WHOLE_FORMAT if row.whole else layout.HALF_FORMAT
        assert layout.number_format(parse_descriptor(row.code)) == expected


def test_lower_is_better_and_reverse() -> None:
    # places: the pairing number, a typed manual order, the lot drawn; the board
    # count of teams (Art. 12)
    assert {r.code for r in TIEBREAKS if r.lower_is_better} == {"TPN", "OTHER_MANUAL",
                                                                "OTHER_LOTS", "BC"}
    assert parse_descriptor("TPN").lower_is_better
    assert not parse_descriptor("TPN/R").lower_is_better
    assert parse_descriptor("RTNG/R").lower_is_better


def test_group_tiebreaks_order_and_explain() -> None:
    for row in TIEBREAKS:
        assert (row.compute is None) == row.group
        assert row.group == (row.order is not None) == (row.explain_group is not None)


def test_registry_rows_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        TIEBREAKS[0].name = "x"  # type: ignore[misc]


def test_parse_list_reads_swiss_manager_codes_of_the_registry() -> None:
    assert [d.canonical for d in parse_list("SM:86/0,0, SM:92")] == ["PS", "OTHER_KASHDAN"]


# ====================================================================== no other list of codes


def _code_literals(node: ast.AST) -> list[str]:
    elements: list[ast.expr | None] = []
    if isinstance(node, (ast.Set, ast.Tuple, ast.List)):
        elements = list(node.elts)
    elif isinstance(node, ast.Dict):
        elements = [*node.keys, *node.values]
    return [e.value for e in elements
            if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value in CODES]


_FUNCTION_NAME_TABLES = {"__all__", "ONE_TIEBREAK_TEXTS"}
"""Assignments whose literal lists Python or worksheet function names, not tie-break codes
(``ONE_TIEBREAK_TEXTS``: the Function Wizard texts; its keys are checked against the registry's
function names in tests/test_excel_functions_one_tiebreak.py)."""


def collections_of_codes(source: str) -> list[tuple[int, list[str]]]:
    """(line, codes) of each literal set/tuple/list/dict with two or more registered codes.
    ``__all__`` lists Python names (the worksheet functions ``ARO``, ``TPR``… are named like their
    codes), not tie-break codes, and is not counted; nor are the tables of
    :data:`_FUNCTION_NAME_TABLES`, keyed by worksheet function names."""
    found = []
    tree = ast.parse(source)
    exports = {id(n.value) for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))
               and any(isinstance(t, ast.Name) and t.id in _FUNCTION_NAME_TABLES
                       for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))}
    for node in ast.walk(tree):
        if id(node) in exports:
            continue
        codes = _code_literals(node)
        if len(codes) >= 2:
            found.append((getattr(node, "lineno", 0), codes))
    return sorted(found)


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py")
                                        if p.name != "registry.py"),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_other_module_lists_tiebreak_codes(path: Path) -> None:
    assert collections_of_codes(path.read_text(encoding="utf-8")) == []


def test_the_scan_finds_a_list_of_codes() -> None:
    assert collections_of_codes('X = frozenset({"BH", "SB"})\nY = {"WIN": 1, "KS": 2}') == [
        (1, ["BH", "SB"]), (2, ["WIN", "KS"])]
    assert collections_of_codes('X = ("BH", "other")') == []
    assert collections_of_codes('__all__ = ["ARO", "TPR"]\nY = ["ARO", "TPR"]') == [
        (2, ["ARO", "TPR"])]


def test_a_descriptor_holds_its_row_and_a_team_row_its_base_row() -> None:
    """The row a descriptor names is the registry's (no lookup needed by the engine); a team
    form on one score type carries the individual row it is made from, and its Swiss-Manager
    number comes from there (84 with type 1 for BH:MP, spec §9.1)."""
    import copy
    import pickle

    from xl_tiebreak.model.teams import Score

    d = parse_descriptor("BH:MP/C1", Score.MP)
    assert d.tiebreak is registry.tiebreak("BH:MP") and d.code == "BH:MP"
    assert d.tiebreak.base is registry.tiebreak("BH")
    assert registry.tiebreak("DE:GP").base is registry.tiebreak("DE")
    assert registry.tiebreak("BH").base is None and registry.tiebreak("MPTS").base is None
    assert d.swiss_manager == "84 / 1,0,1,-,-"
    assert registry.tiebreak("APRO").of is registry.tiebreak("TPR")
    assert registry.tiebreak("APPO").of is registry.tiebreak("PTP")
    for value in (d, d.tiebreak, parse_descriptor("APRO/U1400")):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    # a team row's function pickles as what it names (team module, factory, arguments)
    row = registry.tiebreak("BH:GP")
    assert row.compute is not None and repr(pickle.loads(pickle.dumps(row.compute))) == repr(
        row.compute)
