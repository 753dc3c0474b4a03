"""Tie-break orders typed in Portuguese: DiSwiss's abbreviations and the glossary's names read
as the FIDE descriptors the glossary (../shared/spec/glossary-pt-BR.md) says they are, the
text kept as the column heading, ambiguous names refused with the accepted forms."""

from __future__ import annotations

import os

import pytest

from xl_tiebreak.i18n import using
from xl_tiebreak.model.teams import Score
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_list, parse_order

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "spring_open.trf")

# the glossary's "Tie-breaks" table: abbreviation seen (DiSwiss) → FIDE code
GLOSSARY_ABBREVIATIONS = [("BUT", "BH"), ("BU1", "BH/C1"), ("BUM", "BH/M1"), ("VIT", "WIN"),
                          ("BLK", "BPG"), ("KOYA", "KS"), ("SB", "SB"), ("DE", "DE"),
                          ("ARO", "ARO"), ("APRO", "APRO")]
GLOSSARY_NAMES = [
    ("Buchholz Total", "BH"), ("Buchholz Corte-1", "BH/C1"), ("Buchholz Corte 1", "BH/C1"),
    ("Buchholz Corte-2", "BH/C2"), ("Buchholz Mediano", "BH/M1"),
    ("Sonneborn-Berger", "SB"), ("Confronto Direto", "DE"), ("encontro direto", "DE"),
    ("Número de Vitórias", "WIN"), ("Vitórias", "WIN"), ("Partidas de Negras", "BPG"),
    ("partidas jogadas de pretas", "BPG"), ("Sistema Koya", "KS"),
    ("pontuação progressiva", "PS"), ("Rating Médio dos Oponentes", "ARO"),
    ("Performance de Rating Média dos Oponentes", "APRO"), ("rating de performance", "TPR"),
    ("sorteio", "OTHER_LOTS"), ("Ordem manual", "OTHER_MANUAL"),
]


@pytest.mark.parametrize(("typed", "code"), GLOSSARY_ABBREVIATIONS + GLOSSARY_NAMES)
def test_each_portuguese_form_is_the_glossary_s_tie_break(typed: str, code: str) -> None:
    (d,) = parse_list(typed)
    assert d.canonical == code
    assert d.label == typed  # the column is headed as the organizer typed it


def test_modifiers_follow_a_portuguese_name() -> None:
    (d,) = parse_list("Sistema Koya/L+1")
    assert d.canonical == "KS/L+1"


def test_pt_is_the_points_of_an_individual_event() -> None:
    # PT (pontos de tabuleiro) of an individual event: the player's own points, PTS
    descriptors, points_at = parse_order("VIT,PT,BU1")
    assert [d.canonical for d in descriptors] == ["WIN", "BH/C1"]
    assert points_at == 1


def test_team_forms() -> None:
    got = [d.canonical for d in parse_list("BU1,VIT,Confronto Direto Estendido",
                                           team=Score.MP)]
    assert got == ["BH:MP/C1", "WIN:MP", "EDE"]
    # PT: pontos de tabuleiro, the game points, a tie-break of a match-point event
    assert [d.code for d in parse_list("PT,BU1", team=Score.MP)] == ["GPTS", "BH:MP"]
    assert [d.code for d in parse_list("Pontos de Match,PT", team=Score.GP)] == ["MPTS",
                                                                                  "GPTS"]
    assert [d.code for d in parse_list("Sonneborn-Berger Olímpico,Sonneborn-Berger de Equipes",
                                       team=Score.MP)] == ["OSB", "EMGSB"]


@pytest.mark.parametrize(("typed", "team", "forms"), [
    ("Buchholz Corte", None, ("BH/C1", "BH/C2")),
    ("SB", Score.MP, ("EMGSB", "OSB")),
    ("Sonneborn-Berger", Score.GP, ("EMGSB", "OSB")),
])
def test_an_ambiguous_name_is_refused_with_the_forms(typed: str, team: Score | None,
                                                      forms: tuple[str, ...]) -> None:
    with using("pt-BR"), pytest.raises(InputError) as caught:
        parse_list(typed, team=team)
    message = str(caught.value)
    assert typed in message and "pode significar mais de um desempate" in message
    assert all(form in message for form in forms)
    with pytest.raises(InputError, match="could mean more than one tie-break"):
        parse_list(typed, team=team)


def test_an_unknown_name_lists_the_abbreviations_in_the_language() -> None:
    with using("pt-BR"), pytest.raises(InputError, match="desempate desconhecido 'Corte-9'.*BU1"):
        parse_list("Corte-9")


def test_the_same_standings_as_the_fide_acronyms() -> None:
    from xl_tiebreak.formats.trf.reader import read_trf as read_trf_file

    fide = compute_standings(read_trf_file(EXAMPLE), "BH/C1,BH,SB,DE,WIN,BPG")
    spoken = compute_standings(read_trf_file(EXAMPLE),
                               "BU1, Buchholz Total, Sonneborn-Berger, Confronto Direto, VIT, BLK")
    assert [(r.participant.start_no, r.rank, r.values) for r in spoken.rows] == [
        (r.participant.start_no, r.rank, r.values) for r in fide.rows]
    with using("pt-BR"):
        assert [d.name for d in spoken.descriptors] == [
            "Buchholz Corte-1", "Buchholz", "Sonneborn-Berger", "Confronto Direto",
            "Número de Vitórias", "Partidas de Negras"]
