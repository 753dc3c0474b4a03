"""Which language xl-tiebreak writes in, and the translation of one text into it.

English is the language of the code and the default. A language is named by its BCP 47 tag
(``pt-BR``); its catalogue is the ``.po`` file beside this module named by the tag with an
underscore (``pt_BR.po``): adding a language is adding that one file (see README). The language
in force is a context variable, so that a worksheet function can follow its workbook's Settings
while the command line follows the locale (:func:`from_environment`) or ``--lang``.
"""

from __future__ import annotations

import contextvars
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from xl_tiebreak.i18n.catalogue import Catalogue, parse_po

__all__ = ["DEFAULT", "N_", "_", "_n", "available", "catalogue", "current", "from_environment",
           "normalize", "translate", "using", "using_catalogue"]

DEFAULT = "en"
"""The language of the code's texts."""
_HERE = os.path.dirname(os.path.abspath(__file__))
_CURRENT: contextvars.ContextVar[str] = contextvars.ContextVar("xl_tiebreak_language",
                                                              default=DEFAULT)
_LOADED: dict[str, Catalogue] = {}


def available() -> list[str]:
    """Every language with a catalogue, English first."""
    tags = sorted(name[:-3].replace("_", "-") for name in os.listdir(_HERE)
                  if name.endswith(".po"))
    return [DEFAULT, *tags]


def normalize(tag: str) -> str | None:
    """The language a locale name or tag asks for, among :func:`available`: ``pt_BR.UTF-8``,
    ``pt-br``, ``pt`` → ``pt-BR``; ``en_US`` → ``en``; ``C``/``POSIX`` → ``en``; None for a
    language without a catalogue."""
    base = tag.split(".", 1)[0].split("@", 1)[0].replace("_", "-").strip()
    if not base:
        return None
    if base in ("C", "POSIX"):
        return DEFAULT
    known = {t.lower(): t for t in available()}
    lower = base.lower()
    if lower in known:
        return known[lower]
    language = lower.split("-", 1)[0]
    if language == DEFAULT:
        return DEFAULT
    for key, tag_ in known.items():
        if key.split("-", 1)[0] == language:
            return tag_
    return None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale, read as gettext reads it (``LANGUAGE``, then ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``; ``LANGUAGE`` may list several, ``pt_BR:en``); English when none
    names a language with a catalogue."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            found = normalize(part)
            if found is not None:
                return found
        if name != "LANGUAGE":
            return DEFAULT  # a locale without a catalogue: English, not a lower variable
    return DEFAULT


def catalogue(language: str) -> Catalogue:
    """The catalogue of a language (empty for English), read once."""
    found = _LOADED.get(language)
    if found is None:
        entries: dict[tuple[str, str], str] = {}
        if language != DEFAULT:
            path = os.path.join(_HERE, language.replace("-", "_") + ".po")
            with open(path, encoding="utf-8") as f:
                entries = parse_po(f.read())
        found = _LOADED[language] = Catalogue(language, entries)
    return found


def current() -> str:
    """The language in force."""
    return _CURRENT.get()


@contextmanager
def using(language: str) -> Iterator[str]:
    """Write in ``language`` inside the ``with`` block (a tag or locale name; ValueError for a
    language without a catalogue)."""
    tag = normalize(language)
    if tag is None:
        raise ValueError(f"language {language!r}: expected one of {', '.join(available())}")
    token = _CURRENT.set(tag)
    try:
        yield tag
    finally:
        _CURRENT.reset(token)


_OVERRIDE: contextvars.ContextVar[Catalogue | None] = contextvars.ContextVar(
    "xl_tiebreak_catalogue", default=None)


@contextmanager
def using_catalogue(found: Catalogue) -> Iterator[Catalogue]:
    """Translate with ``found`` inside the ``with`` block, whatever the language in force (the
    tests' fake catalogue, which replaces every text by a marker, shows what goes through
    :func:`translate`)."""
    token = _OVERRIDE.set(found)
    try:
        yield found
    finally:
        _OVERRIDE.reset(token)


def translate(msgid: str, context: str = "", **values: object) -> str:
    """``msgid`` in the language in force (the English text where the catalogue has none),
    with ``{name}`` fields filled from ``values``."""
    override = _OVERRIDE.get()
    text = msgid
    if override is not None:
        text = override.get(msgid, context) or msgid
    else:
        language = _CURRENT.get()
        if language != DEFAULT:
            text = catalogue(language).get(msgid, context) or msgid
    return text.format(**values) if values else text


def _(msgid: str, context: str = "", **values: object) -> str:
    """The usual short name of :func:`translate`: ``_("Place")``,
    ``_("after round {k}", k=3)``, ``_("bye", "a round")``. The first argument must be a
    literal string, so that the completeness test finds it."""
    return translate(msgid, context, **values)


def _n(singular: str, plural: str, count: int, context: str = "", **values: object) -> str:
    """``singular`` or ``plural`` by ``count`` (English's rule), translated; ``{count}`` is
    filled with ``count``. Both texts are catalogue entries of their own."""
    return translate(singular if count == 1 else plural, context, count=count, **values)


def N_(msgid: str) -> str:
    """Marks a literal text for translation where it is defined (a table of names, a module
    constant) without translating it there; pass the value through :func:`_` where shown."""
    return msgid
