"""Every text the package marks for translation has a translation in every catalogue, and the
catalogues hold nothing else: no text left in English in a Portuguese output because its entry
is missing, no stale entry a translator would translate for nothing."""

from __future__ import annotations

import re
import string
from pathlib import Path

from marked import package_marked_texts

from xl_tiebreak.i18n import language
from xl_tiebreak.i18n.catalogue import parse_po
from xl_tiebreak.i18n.extract import marked_texts, pot_text

FOREIGN = [tag for tag in language.available() if tag != language.DEFAULT]


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_marking_call_has_literal_texts() -> None:
    _found, not_literal = package_marked_texts()
    assert not_literal == (), "marking calls whose text is not a literal: " + ", ".join(
        not_literal)


def test_every_marked_text_is_translated_in_every_catalogue() -> None:
    found, _ = package_marked_texts()
    for tag in FOREIGN:
        entries = language.catalogue(tag)
        missing = sorted({f"{t.where}: {t.msgid!r}" for t in found
                          if entries.get(t.msgid, t.context) is None})
        assert missing == [], f"{tag}: {len(missing)} texts without translation:\n" + "\n".join(
            missing[:60])


def test_no_catalogue_holds_a_text_the_package_no_longer_marks() -> None:
    found, _ = package_marked_texts()
    marked = {t.key for t in found}
    for tag in FOREIGN:
        stale = sorted(set(language.catalogue(tag).keys()) - marked)
        assert stale == [], f"{tag}: entries no code uses: {stale[:40]}"


def test_translations_keep_every_field_of_their_text() -> None:
    for tag in FOREIGN:
        entries = language.catalogue(tag)
        for context, msgid in entries:
            translated = entries.get(msgid, context)
            assert translated is not None
            assert _fields(translated) == _fields(msgid), (tag, msgid, translated)


def test_no_catalogue_translates_one_text_twice() -> None:
    for tag in FOREIGN:
        path = language._HERE + "/" + tag.replace("-", "_") + ".po"  # noqa: SLF001
        with open(path, encoding="utf-8") as f:
            text = f.read()
        keys = re.findall(r'^(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)+)"$',
                          text, flags=re.M)
        seen: set[tuple[str, str]] = set()
        doubles = [k for k in keys if k in seen or seen.add(k)]  # type: ignore[func-returns-value]
        assert doubles == [], f"{tag}: entries given twice: {doubles[:20]}"
        assert len(parse_po(text)) >= len(set(keys)) - 1


def test_the_template_lists_every_marked_text_once() -> None:
    pot = pot_text()
    found, _ = package_marked_texts()
    assert len(parse_po(pot.replace('msgstr ""\n', 'msgstr "x"\n'))) == len({t.key for t in found})


def test_the_extractor_finds_marked_texts_and_reports_built_ones(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text(
        "from xl_tiebreak.i18n import _, _n, N_\n"
        "NAMES = [N_('Buchholz')]\n"
        "a = _('Place')\n"
        "b = _n('{count} player', '{count} players', 3, 'people')\n"
        "c = _(NAMES[0])\n"
        "d = _(f'bad {a}')\n"
        "e = _('x', some_context)\n", encoding="utf-8")
    found, built = marked_texts(str(package))
    assert sorted(t.key for t in found) == [
        ("", "Buchholz"), ("", "Place"), ("people", "{count} player"),
        ("people", "{count} players")]
    assert built == ["pkg/m.py:6", "pkg/m.py:7"]
