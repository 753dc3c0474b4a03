"""Every preset equals the order its source publishes (spec §9.3 and §10), read from the spec
text itself; presets of the project's own recommendation say so."""

from __future__ import annotations

import re

import pytest
from spec_data import section

from xl_tiebreak.model.teams import Score
from xl_tiebreak.tiebreaks.descriptors import parse_list
from xl_tiebreak.tiebreaks.presets import PRESETS


def _canonical(preset: str) -> list[str]:
    return [d.canonical for d in parse_list(f"preset:{preset}")]


def _published() -> str:
    return section("tiebreak-rules.md", "9.3 Published tie-break orders")


def _row(label: str) -> list[str]:
    """The acronyms of a §9.3 table row: ``DE (81) · BH/C1 (84 / …) · …`` → DE, BH/C1, …"""
    line = next(x for x in _published().splitlines() if x.startswith(f"| {label} |"))
    order = line.split("|")[2]
    return [item.strip().split(" ")[0] for item in order.split("·")]


def _sentence(prefix: str) -> list[str]:
    """The comma-separated acronyms after ``prefix`` in §9.3, up to the ``;`` or ``.``."""
    text = " ".join(_published().split())
    m = re.search(re.escape(prefix) + r"\s*([^;.]*)", text)
    assert m, prefix
    return [item.strip() for item in m.group(1).split(",")]


def test_diswiss_is_its_published_individual_swiss_order() -> None:
    assert _row("individual Swiss") == ["DE", "BH/C1", "BH", "SB", "BH/M1", "WIN", "BPG"]
    assert _canonical("diswiss") == _row("individual Swiss")


def test_round_robin_is_diswiss_and_swiss_managers_round_robin_order() -> None:
    assert _canonical("round-robin") == _row("individual round robin")[:4]
    assert _canonical("round-robin") == _sentence("for a round robin (club platform in Brazil):")


def test_swiss_manager_is_its_default_for_a_new_swiss() -> None:
    assert _canonical("swiss-manager") == _sentence("Swiss-Manager's default for a new Swiss:")


def test_uscf_is_rule_34e_default_order() -> None:
    text = " ".join(section("tiebreak-rules.md", "10. US Chess").split())
    m = re.search(r"\*\*(Modified Median[^*]*)\*\*", text)
    assert m is not None
    names = [x.strip(" .") for x in m.group(1).split("→")]
    assert names == ["Modified Median", "Solkoff", "Cumulative", "Cumulative of Opposition"]
    assert _canonical("uscf") == ["OTHER_MM", "OTHER_SOLKOFF", "OTHER_CUM", "OTHER_OPPCUM"]


def test_team_chesspairings_is_the_guides_team_swiss_order() -> None:
    published = _sentence("round robin DE, SB, KS, WIN; team Swiss")  # "MP, GP, BH:MP, EDE"
    assert published == ["MP", "GP", "BH:MP", "EDE"]
    team = [d.canonical for d in parse_list("preset:team-chesspairings", Score.MP)]
    assert team == ["MPTS", "GPTS", "BH:MP", "EDE"]


def test_team_round_robin_is_diswiss_team_round_robin_order() -> None:
    line = next(x for x in _published().splitlines() if x.startswith("| team round robin |"))
    row = [item.strip() for item in line.split("|")[2].split("·")]
    # GP (1) · EDE (83) · team SB (EMGSB: …; 50) · match wins (12); …
    assert row[0].startswith("GP") and row[1].startswith("EDE")
    assert "EMGSB" in row[2] and row[3].startswith("match wins")
    # DiSwiss names the tie-breaks after its primary score, MP (Swiss-Manager 13): the list
    # ranks in its order, so the primary score is written first (spec §6.1)
    assert "primary score is MP" in _published()
    team = [d.canonical for d in parse_list("preset:team-round-robin", Score.GP)]
    assert team == ["MPTS", "GPTS", "EDE", "EMGSB", "WIN:MP"]


def test_team_diswiss_is_diswiss_team_swiss_order() -> None:
    line = next(x for x in _published().splitlines() if x.startswith("| team Swiss (MP 2-1-0) |"))
    row = [item.strip() for item in line.split("|")[2].split("·")]
    # GP (1) · EDE on MP (83) · Olympiad SB: … (74) · BH:MP/C1 · BH:MP · BH:MP/M1 · match wins
    assert row[0].startswith("GP") and row[1].startswith("EDE on MP")
    assert row[2].startswith("Olympiad SB") and "(74)" in row[2]
    assert row[3:6] == ["BH:MP/C1", "BH:MP", "BH:MP/M1"]
    assert row[6].startswith("match wins")
    team = [d.canonical for d in parse_list("preset:team-diswiss", Score.MP)]
    assert team == ["MPTS", "GPTS", "EDE", "OSB", "BH:MP/C1", "BH:MP", "BH:MP/M1", "WIN:MP"]
    assert [d.swiss_manager.split(" ")[0] for d in parse_list("preset:team-diswiss",
                                                               Score.MP)][:4] == ["13", "1", "83",
                                                                                   "74"]


@pytest.mark.parametrize("name", ["fide-open", "rapid-blitz", "school", "team-swiss"])
def test_presets_without_a_published_order_say_they_are_the_projects(name: str) -> None:
    source = PRESETS[name].source.lower()
    assert "project" in source or "common practice" in source
    assert "published" not in source


def test_every_preset_is_covered_here() -> None:
    covered = {"diswiss", "round-robin", "swiss-manager", "uscf", "fide-open", "rapid-blitz",
               "school", "team-swiss", "team-chesspairings", "team-round-robin", "team-diswiss"}
    assert set(PRESETS) == covered
