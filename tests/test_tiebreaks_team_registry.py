"""The team rows of the registry and their Swiss-Manager forms, both directions (the team
counterpart of tests/test_tiebreaks_registry.py): a number with a score type (84 Buchholz, 86 PS,
87 KS:
"Type 0 GP, 1 MP", spec §9.1) writes and reads the team form on that type."""

from __future__ import annotations

import pytest

from xl_tiebreak.model.teams import Score
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.tiebreaks.descriptors import Descriptor, parse_descriptor, parse_swiss_manager
from xl_tiebreak.tiebreaks.registry import TIEBREAKS, TieBreak, swiss_manager_form


def team_rows() -> list[TieBreak]:
    return [r for r in TIEBREAKS if r.team and swiss_manager_form(r) is not None]


def _variants(row: TieBreak) -> list[Descriptor]:
    samples = {"C": "C1", "M": "M2", "P": "P", "F": "F", "L": "L60"}
    return [parse_descriptor(row.code, Score.MP),
            *(parse_descriptor(f"{row.code}/{samples[m]}", Score.MP)
              for m in sorted(row.modifiers) if m in samples)]


@pytest.mark.parametrize("row", team_rows(), ids=lambda r: r.code)
@pytest.mark.parametrize("primary", [Score.MP, Score.GP])
def test_team_swiss_manager_round_trip(row: TieBreak, primary: Score) -> None:
    form = swiss_manager_form(row)
    assert form is not None
    for d in _variants(row):
        text = d.swiss_manager
        if not text:  # a modifier the number cannot express
            continue
        assert text.startswith(str(form[0].number))
        back = parse_swiss_manager(f"SM:{text.replace(' ', '')}", primary)
        assert back == d, (d.canonical, text, back.canonical)
        assert back.tiebreak is row


def test_buchholz_84_type_field_is_the_score_type() -> None:
    # spec §9.1, 84: Type (0 GP, 1 MP); strongest discarded; weakest discarded; -/P; Fore
    assert parse_descriptor("BH:MP/C1", Score.MP).swiss_manager == "84 / 1,0,1,-,-"
    # a team's game points are written by name: 84 with type 0 is read on match points in a
    # team event (DiSwiss's team tables, docs/decisions.md D84)
    assert parse_descriptor("BH:GP", Score.MP).swiss_manager == "84 / GP,0,0,-,-"
    assert parse_descriptor("FB:MP/P", Score.GP).swiss_manager == "84 / 1,0,0,P,F"
    assert parse_descriptor("BH:MP/M1", Score.MP).swiss_manager == "84 / 1,1,1,-,-"
    # the DiSwiss strings (spec §9.2) carry two more fields; they are read as the first five
    assert parse_swiss_manager("SM:84/1,0,1,--,0,1", Score.MP).canonical == "BH:MP/C1"
    assert parse_swiss_manager("SM:84/0,0,1,--,0,1", Score.MP).canonical == "BH:MP/C1"
    assert parse_swiss_manager("SM:84/0,0,1,--,0,1", Score.GP).canonical == "BH:MP/C1"
    assert parse_swiss_manager("SM:84/GP,0,1,-", Score.MP).canonical == "BH:GP/C1"
    assert parse_swiss_manager("SM:84/MP,1,1,P", Score.GP).canonical == "BH:MP/M1/P"
    # an individual event still takes game points only
    with pytest.raises(InputError, match="only game points"):
        parse_swiss_manager("SM:84/1,0,1,-")
    assert parse_swiss_manager("SM:84/0,0,1,-").canonical == "BH/C1"


def test_other_type_values_are_refused() -> None:
    with pytest.raises(InputError, match=r"0 \(game points\) or 1 \(match points\)"):
        parse_swiss_manager("SM:84/2,0,1,-", Score.MP)


def test_progressive_and_koya_take_the_type_too() -> None:
    assert parse_descriptor("PS:MP", Score.MP).swiss_manager == "86 / 1,0"
    assert parse_swiss_manager("SM:87/1,50", Score.GP).canonical == "KS:MP"
