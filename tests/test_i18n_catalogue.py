"""The message catalogues: the ``.po`` reader, the language of the locale, the language in
force and the translation of a text."""

from __future__ import annotations

import pytest

from xl_tiebreak.i18n import language
from xl_tiebreak.i18n.catalogue import CatalogueError, parse_po

PO = r'''
# a translator's comment
msgid ""
msgstr ""
"Language: pt_BR\n"

msgid "Place"
msgstr "Colocação"

#: report/table.py
msgctxt "a round"
msgid "bye"
msgstr "folga"

msgid "after round {k} of {n}"
msgstr "após a rodada {k} de {n}"

#, fuzzy
msgid "Points"
msgstr "Pontos?"

msgid "Rules"
msgstr ""

msgid ""
"a long "
"text with \"quotes\"\n"
msgstr "um texto "
"longo com \"aspas\"\n"
'''


def test_the_po_reader_reads_entries_contexts_and_continuations() -> None:
    found = parse_po(PO)
    assert found == {
        ("", "Place"): "Colocação",
        ("a round", "bye"): "folga",
        ("", "after round {k} of {n}"): "após a rodada {k} de {n}",
        ("", 'a long text with "quotes"\n'): 'um texto longo com "aspas"\n',
    }  # the header, the fuzzy entry and the empty translation are left out


@pytest.mark.parametrize("text", ['msgid "a"\nmsgid "b"\n', 'msgid "a\\q"\n', "hello\n"])
def test_a_damaged_po_text_is_refused_with_its_line(text: str) -> None:
    with pytest.raises(CatalogueError, match="line"):
        parse_po(text)


@pytest.mark.parametrize(("tag", "expected"), [
    ("pt_BR.UTF-8", "pt-BR"), ("pt-br", "pt-BR"), ("pt", "pt-BR"), ("pt_PT", "pt-BR"),
    ("en_US.UTF-8", "en"), ("C", "en"), ("POSIX", "en"), ("de_DE", None), ("", None),
])
def test_a_locale_name_asks_for_a_language_with_a_catalogue(tag: str,
                                                           expected: str | None) -> None:
    assert language.normalize(tag) == expected


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "pt_BR.UTF-8"}, "pt-BR"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "pt_BR.UTF-8"}, "pt-BR"),  # LC_ALL first
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "pt_BR.UTF-8"}, "en"),  # a locale without catalogue
    ({"LANGUAGE": "de:pt_BR", "LANG": "en_US"}, "pt-BR"),  # LANGUAGE lists several
    ({}, "en"),
])
def test_the_language_of_the_environment(environ: dict[str, str], expected: str) -> None:
    assert language.from_environment(environ) == expected


def test_the_language_in_force_and_a_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue = language.Catalogue("pt-BR", parse_po(PO))
    monkeypatch.setitem(language._LOADED, "pt-BR", catalogue)
    assert language.current() == "en"
    assert language.translate("after round {k} of {n}", k=4, n=9) == "after round 4 of 9"
    with language.using("pt_BR.UTF-8") as tag:
        assert tag == "pt-BR" and language.current() == "pt-BR"
        assert language.translate("after round {k} of {n}", k=4, n=9) == "após a rodada 4 de 9"
        assert language.translate("bye", "a round") == "folga"
        assert language.translate("bye") == "bye"  # another context: the English text
        assert language.translate("Points") == "Points"  # fuzzy: not used
    assert language.current() == "en"
    with pytest.raises(ValueError, match="pt-BR"), language.using("klingon"):
        pass


def test_every_shipped_catalogue_reads() -> None:
    assert language.available()[0] == "en" and "pt-BR" in language.available()
    for tag in language.available()[1:]:
        language._LOADED.pop(tag, None)
        language.catalogue(tag)
