"""The Settings ``Language`` / ``Idioma`` row: a tag, a locale name or the language's name in
English or Portuguese; anything else refused with the cell and the accepted forms."""

from __future__ import annotations

import pytest

from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.reading.settings import read_settings
from xl_tiebreak.excel.reading.settings_schema import language
from xl_tiebreak.excel.reading.team_settings import read_team_settings_rows


@pytest.mark.parametrize(("cell", "tag"), [
    ("pt-BR", "pt-BR"), ("pt_BR", "pt-BR"), ("pt_BR.UTF-8", "pt-BR"), ("Português", "pt-BR"),
    ("portugues do Brasil", "pt-BR"), ("en", "en"), ("English", "en"), ("Inglês", "en"),
])
def test_a_language_cell_is_read_in_every_usual_form(cell: str, tag: str) -> None:
    assert language(cell) == tag


@pytest.mark.parametrize("cell", ["Klingon", "xx-YY", "1"])
def test_a_language_without_a_catalogue_is_refused(cell: str) -> None:
    with pytest.raises(ValueError):
        language(cell)


def test_the_idioma_row_of_a_settings_sheet_is_read_and_a_bad_one_named() -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Settings"
    ws.append(["Setting", "Value"])
    ws.append(["Idioma", "Português"])
    settings, problems = read_settings(OpenpyxlBook(wb))
    assert settings.language == "pt-BR" and problems == []
    ws["B2"] = "Klingon"
    settings, problems = read_settings(OpenpyxlBook(wb))
    assert settings.language is None
    assert [(p.where, "pt-BR" in p.message) for p in problems] == [("Settings!B2", True)]


def test_the_team_settings_read_the_language_row() -> None:
    settings, problems = read_team_settings_rows([["Language", "pt-BR"], ["Boards", 4]],
                                                 lambda r, c: f"R{r}C{c}")
    assert settings.language == "pt-BR" and problems == []
