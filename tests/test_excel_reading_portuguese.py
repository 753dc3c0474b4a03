"""Settings sheets typed in Portuguese: every label of every catalogue names its own row (and
no other), the values in Portuguese mean what the English ones mean, and a value that cannot
be read is refused naming its cell and the accepted forms in the user's language."""

from __future__ import annotations

import openpyxl
import pytest

from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.reading.settings import SETTINGS_ROWS, read_settings, settings_language
from xl_tiebreak.excel.reading.settings_schema import label_aliases, label_key
from xl_tiebreak.excel.reading.team_settings import TEAM_SETTINGS_ROWS, read_team_settings_rows
from xl_tiebreak.i18n import language, using

FOREIGN = [tag for tag in language.available() if tag != language.DEFAULT]


@pytest.mark.parametrize("rows", [SETTINGS_ROWS, TEAM_SETTINGS_ROWS])
def test_every_translated_label_names_its_own_row(rows: tuple[tuple[str, str, str], ...]) -> None:
    aliases = label_aliases(rows)
    english = {label_key(label): field for label, field, _ in rows}
    for tag in FOREIGN:
        for label, field, _ in rows:
            translated = language.catalogue(tag).get(label)
            assert translated is not None, label
            key = label_key(translated)
            assert aliases[key] == field, (tag, label, translated)
            assert english.get(key, field) == field, (tag, label, translated)


def _book(rows: list[list[object]]) -> OpenpyxlBook:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Settings"
    for row in rows:
        ws.append(row)
    return OpenpyxlBook(wb)


ENGLISH = [
    ["Setting", "Value"], ["Tournament type", "Round robin"], ["Rules", "AUTO"],
    ["Start date", "2026-04-11"], ["Points for a pairing-allocated bye (PAB)", 0.5],
    ["Blank rounds", "Half-point bye"], ["Prize sharing", "Hort"],
    ["One prize per player", "No"], ["Round-robin withdrawals", "Count"],
    ["Tie-breaks (in order)", "BH/C1"], [None, "SB"], ["Language", "pt-BR"],
]
PORTUGUESE = [
    ["Configuração", "Valor"], ["Tipo de torneio", "Todos contra todos"],
    ["Regras", "Automático"], ["Data de início", "11/04/2026"],
    ["Pontos por folga (PAB)", "0,5"], ["Rodadas em branco", "Meia folga"],
    ["Divisão dos prêmios", "Hort"], ["Um prêmio por jogador", "Não"],
    ["Desistências", "Contar"], ["Desempates (em ordem)", "BH/C1"], [None, "SB"],
    ["Idioma", "Português"],
]


def _meaning(rows: list[list[object]]) -> dict[str, object]:
    settings, problems = read_settings(_book(rows))
    assert problems == []
    return {name: getattr(settings, name) for name in type(settings).__slots__
            if name != "where"}


def test_a_portuguese_settings_sheet_means_what_the_english_one_means() -> None:
    english, portuguese = _meaning(ENGLISH), _meaning(PORTUGUESE)
    assert portuguese == english
    assert english["rules"] == "AUTO" and english["rr_withdrawals"] == "count"
    assert english["one_prize_per_player"] is False and english["prize_sharing"] == "hort"
    assert settings_language(_book(PORTUGUESE)) == "pt-BR"


@pytest.mark.parametrize(("cell", "value"), [
    ("Ausente", "absent"), ("ausência", "absent"), ("Bye de meio ponto", "half-point-bye"),
    ("meio ponto", "half-point-bye"), ("Declarado", "declared"), ("Absent", "absent"),
])
def test_the_blank_rounds_words(cell: str, value: str) -> None:
    settings, problems = read_settings(_book([["Rodadas em branco", cell]]))
    assert problems == [] and settings.blank_rounds.value == value


def test_a_value_that_cannot_be_read_is_refused_in_the_user_s_language() -> None:
    rows = [["Tipo de torneio", "Misto"], ["Um prêmio por jogador", "Talvez"]]
    with using("pt-BR"):
        _, problems = read_settings(_book(rows))
    assert [(p.where, p.message) for p in problems] == [
        ("Settings!B1", "não foi possível ler 'Misto': esperado Suíço ou Todos contra todos"),
        ("Settings!B2", "não foi possível ler 'Talvez': esperado Sim ou Não"),
    ]
    _, problems = read_settings(_book(rows))
    assert [p.message for p in problems] == [
        "cannot read 'Misto': expected Swiss or Round robin",
        "cannot read 'Talvez': expected Yes or No"]


def test_a_team_settings_range_in_portuguese() -> None:
    rows = [["Tabuleiros", 4], ["Pontos de match", "3-1-0"], ["Pontuação principal", "GP"],
            ["Tipo de torneio", "Suíço"], ["Folga (PAB)", 2, 3], ["Idioma", "pt-BR"]]
    settings, problems = read_team_settings_rows(rows, lambda r, c: f"R{r}C{c}")
    assert problems == []
    assert settings.boards == 4 and settings.language == "pt-BR"
    assert settings.win_draw_loss is not None and [int(x) for x in settings.win_draw_loss] == [
        3, 1, 0]
    assert settings.primary is not None and settings.primary.name == "GP"
    assert settings.byes and int(settings.byes[0][1] or 0) == 2
