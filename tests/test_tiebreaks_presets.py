"""Tie-break presets, Swiss-Manager codes as input, and the warnings about the list itself."""

from __future__ import annotations

import pytest
from builders import star
from spec_data import code_block, section

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.model.teams import Score
from xl_tiebreak.model.tournament import InputError, TournamentType
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_list, parse_swiss_manager
from xl_tiebreak.tiebreaks.presets import PRESETS


def test_every_preset_parses_and_has_a_source() -> None:
    for p in PRESETS.values():
        assert parse_list(f"preset:{p.name}", Score.MP if p.team else None)
        assert p.source and p.purpose
    assert [d.canonical for d in parse_list("preset:swiss-manager")] == [
        "BH/C1", "BH/M1", "BH", "WIN", "BPG"]
    assert [d.canonical for d in parse_list("preset:uscf")] == [
        "OTHER_MM", "OTHER_SOLKOFF", "OTHER_CUM", "OTHER_OPPCUM"]
    with pytest.raises(InputError, match="unknown preset"):
        parse_list("preset:nothing")


@pytest.mark.parametrize(
    ("code", "canonical"),
    [
        ("SM:84/0,0,1,-,0,1", "BH/C1"),   # DiSwiss BH-C1
        ("SM:84/0,0,0,--,0,1", "BH"),
        ("SM:84/0,1,1,--,0,1", "BH/M1"),
        ("SM:84/0,0,1,P,F", "FB/C1/P"),
        ("SM:85/0,0,1,-", "SB/C1"),
        ("SM:68/GP,0,P", "WIN/P"),
        ("SM:68/2,-", "BWG"),
        ("SM:77/F", "AOB/F"),
        ("SM:79", "REP"),
        ("SM:80/0,0,1,0", "ARO/C1"),
        ("SM:81/P", "DE/P"),
        ("SM:87/0,50", "KS"),
        ("SM:88/1,0", "APRO"),
        ("SM:92", "OTHER_KASHDAN"),
    ],
)
def test_swiss_manager_codes(code: str, canonical: str) -> None:
    d = parse_swiss_manager(code)
    assert d.canonical == canonical
    assert d.label == code


@pytest.mark.parametrize("code", ["SM:84/1,0,1", "SM:84/0,2,1", "SM:80/1200,0,0,0", "SM:50",
                                  "SM:85/0,1,1", "SM:88/2,1400"])
def test_uncertain_swiss_manager_codes_are_refused(code: str) -> None:
    with pytest.raises(InputError, match="Swiss-Manager"):
        parse_swiss_manager(code)


def test_swiss_manager_codes_in_a_list_keep_their_parameters() -> None:
    ds = parse_list("SM:84/0,0,1,-,0,1,SM:85/0,0,0,-,DE")
    assert [d.canonical for d in ds] == ["BH/C1", "SB", "DE"]


def _e1() -> str:
    return code_block(section("worked-examples.md", "E1.1"))


def test_warnings_about_the_list() -> None:
    t = parse_trf(_e1())  # Swiss, start 2026-04-01
    s = compute_standings(t, "KS,BH", rules="fide2023")
    texts = [str(w) for w in s.warnings]
    assert any("KS in a Swiss" in w for w in texts)
    assert any("FIDE 2023/24 chosen" in w and "FIDE 2026 was in force" in w for w in texts)
    t.type = TournamentType.PREDETERMINED
    s = compute_standings(t, "BH", rules="auto")
    assert any("round robins (Art. 8 note)" in str(w) for w in s.warnings)


def test_rating_based_tiebreaks_are_skipped_with_unrated_players() -> None:
    t = star(["1", "1", "0"], [1, 2, 2])  # nobody has a rating
    s = compute_standings(t, "ARO,BH")
    assert s.row(1).values[0] is None
    assert any("ARO skipped: unrated participants" in str(w) for w in s.warnings)
    s = compute_standings(t, "ARO/U1400,BH")
    assert s.row(1).values[0] == 1400
    assert not any("skipped" in str(w) for w in s.warnings)
