"""Every Swiss-Manager code of DiSwiss's published orders (spec §9.2, §9.3) is read with the
meaning DiSwiss's table gives it and written back; every code that cannot be mapped is named,
with why; the DiSwiss presets written as Swiss-Manager codes give the standings of the acronym
lists (docs/decisions.md D84)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import team_generator
from spec_data import TRF_DIR, require

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.formats.trf.team_reader import parse_team_trf, read_team_trf
from xl_tiebreak.model.teams import Score
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.standings.team_evaluation import compute_team_standings
from xl_tiebreak.tiebreaks.descriptors import parse_list, parse_swiss_manager
from xl_tiebreak.tiebreaks.presets import expand

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "spring_open.trf"


@pytest.mark.parametrize(("code", "team", "canonical", "written"), [
    ("SM:53", None, "BPG", "68 / 3,-"),            # games with Black
    ("SM:50", Score.MP, "EMGSB", "82 / 1,0,0,-,0"),  # team SB: opp. MP × own GP, no cut
    ("SM:12", Score.MP, "WIN:MP", "12"),          # matches won (a PAB a won match)
    ("SM:13", Score.MP, "MPTS", "13"),            # match points
    ("SM:1", Score.MP, "GPTS", "1"),              # board points
    ("SM:83", Score.MP, "EDE", "83 / -"),         # team direct encounter
    ("SM:83/MP,P", Score.MP, "EDE/P", "83 / P"),  # the tag, then the forfeits flag
    ("SM:74", Score.MP, "OSB", "74"),             # Olympiad SB without the lowest (Chennai)
    ("SM:84/0,0,1,--,0,1", Score.MP, "BH:MP/C1", "84 / 1,0,1,-,-"),
    ("SM:84/0,0,0,--,0,1", Score.MP, "BH:MP", "84 / 1,0,0,-,-"),
    ("SM:84/0,1,1,--,0,1", Score.MP, "BH:MP/M1", "84 / 1,1,1,-,-"),
    ("SM:84/GP,0,1,-", Score.MP, "BH:GP/C1", "84 / GP,0,1,-,-"),
])
def test_diswiss_codes_are_read_and_written_back(code: str, team: Score | None,
                                                 canonical: str, written: str) -> None:
    d = parse_swiss_manager(code, team)
    assert d.canonical == canonical
    assert d.swiss_manager == written
    again = parse_swiss_manager(f"SM:{written.replace(' ', '')}", team)
    assert again.tiebreak is d.tiebreak and again.canonical == canonical


def test_84_of_a_team_event_is_on_match_points_as_diswiss_reads_it() -> None:
    # E7 (spec worked example, team Swiss, MP 2-1-0): the figures for the leader
    event = read_team_trf(require(TRF_DIR / "e7_held_team.trf"))
    s = compute_team_standings(event, "SM:84/0,0,1,-,0,1", rules="fide2023")
    leader = s.rows[0].participant.start_no
    by_mp = compute_team_standings(event, "BH:MP/C1", rules="fide2023")
    # DiSwiss's table: "the sum of the opponents' match points, without the lowest": 57 for
    # the leader (#1); on game points it would be 100½
    assert leader == 1 and s.value(1, s.descriptors[0].label) == 57
    assert by_mp.value(1, "BH:MP/C1") == 57
    gp = compute_team_standings(event, "SM:84/GP,0,1,-", rules="fide2023")
    assert gp.value(1, gp.descriptors[0].label) == Fraction(201, 2)


def test_a_refusal_names_every_code_it_cannot_map_and_why() -> None:
    with pytest.raises(InputError) as caught:
        parse_list("SM:37/0,0,1, SM:84/0,0,1,-, SM:25, SM:99, SM:12")
    messages = [p.message for p in caught.value.problems]
    assert len(messages) == 4, messages
    assert "SM:37" in messages[0] and "Buchholz variable" in messages[0]
    assert "SM:25" in messages[1] and "sum of Buchholz" in messages[1]
    assert "SM:99" in messages[2] and "no certain FIDE equivalent" in messages[2]
    assert "SM:12" in messages[3] and "team tie-break" in messages[3] and "68" in messages[3]


def test_diswiss_numbers_of_the_other_kind_of_event_are_refused() -> None:
    with pytest.raises(InputError, match="team tie-break"):
        parse_swiss_manager("SM:50")
    with pytest.raises(InputError, match="individual tie-break"):
        parse_list("SM:53", Score.MP)
    with pytest.raises(InputError, match="not a FIDE form"):
        parse_swiss_manager("SM:83/GP,-", Score.MP)


def _places(s: Standings) -> list[tuple[int, int]]:
    return [(row.participant.start_no, row.rank) for row in s.rows]


DISWISS_SWISS = ("SM:81, SM:84/0,0,1,--,0,1, SM:84/0,0,0,--,0,1, SM:85/0,0,0,--,1, "
                 "SM:84/0,1,1,--,0,1, SM:68/GP,0,P, SM:53")
"""DiSwiss's individual Swiss order as it publishes it (spec §9.3)."""


def test_preset_diswiss_written_as_swiss_manager_codes_gives_the_same_standings() -> None:
    t = parse_trf(EXAMPLE.read_text(encoding="utf-8"))
    by_codes = compute_standings(t, DISWISS_SWISS)
    by_acronyms = compute_standings(t, "preset:diswiss")
    assert _places(by_codes) == _places(by_acronyms)
    assert [r.values for r in by_codes.rows] == [r.values for r in by_acronyms.rows]


TEAM_LISTS = {
    # MP primary (13) in both of DiSwiss's team tables, then the orders of spec §9.3
    "team-diswiss": "SM:13, SM:1, SM:83, SM:74, SM:84/0,0,1,--,0,1, SM:84/0,0,0,--,0,1, "
                    "SM:84/0,1,1,--,0,1, SM:12",
    "team-round-robin": "SM:13, SM:1, SM:83, SM:50, SM:12",
}


@pytest.mark.parametrize("preset", sorted(TEAM_LISTS))
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_team_presets_written_as_swiss_manager_codes_give_the_same_standings(
        preset: str, seed: int) -> None:
    generated = team_generator.generate(seed, round_robin=preset == "team-round-robin")
    event = parse_team_trf(generated.text)
    by_codes = compute_team_standings(event, TEAM_LISTS[preset])
    by_acronyms = compute_team_standings(event, expand(preset))
    assert _places(by_codes) == _places(by_acronyms)
