"""What the Settings of an individual and of a team workbook share: how a label is compared,
the labels of the common rows, and how each common value is read.

Both readers (:mod:`xl_tiebreak.excel.reading.settings` and
:mod:`xl_tiebreak.excel.reading.team_settings`, which also reads the ``settings`` argument of
the team worksheet functions) take the common rows from here, so that a value one accepts the
other accepts with the same meaning: ``Type: Berger`` is a round robin, ``Start date:
2026-04-11 10:00`` is 11 April 2026, ``After round: 3.0`` is round 3, on either sheet.

The common rows: event name, tournament type, rules, start date, standings after round, blank
rounds, tie-breaks (each sheet reads its own kind of tie-break order), language.
"""

from __future__ import annotations

import datetime
import math
import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.catalogue import Catalogue
from xl_tiebreak.i18n.language import DEFAULT, available, catalogue, normalize, using_catalogue
from xl_tiebreak.model.tournament import BlankRounds, TournamentType
from xl_tiebreak.tiebreaks.rules import resolve_rules
from xl_tiebreak.util.dates import date_value
from xl_tiebreak.util.numbers import from_float, parse_number

__all__ = [
    "COMMON_HINTS",
    "COMMON_LABELS",
    "blank_rounds",
    "label_aliases",
    "label_lookup",
    "value_forms",
    "value_text",
    "value_words",
    "cell_number",
    "language",
    "label_key",
    "rules",
    "start_date",
    "tournament_type",
    "whole",
]

_POINTS_PREFIXES = ("pointsforan", "pointsfora", "pointsfor", "pointsa", "points")
"""How the points rows of the individual sheet start (``Points for a win``)."""


def label_key(text: object) -> str:
    """A settings label compared loosely: without parenthesised parts, case, spaces and
    punctuation, and without a leading ``Points for a`` (``Points for a win`` → ``win``,
    ``Tie-breaks (in order)`` → ``tiebreaks``)."""
    s = re.sub(r"\(.*?\)", "", str(text)).lower()
    s = unicodedata.normalize("NFKD", s)  # accents apart from their letters: ê → e
    s = re.sub(r"[^a-z0-9]", "", s)
    for prefix in _POINTS_PREFIXES:
        if s.startswith(prefix) and len(s) > len(prefix):
            return s[len(prefix):]
    return s


COMMON_LABELS: dict[str, str] = {
    "tournamentname": "name", "tournament": "name", "event": "name", "name": "name",
    "tournamenttype": "type", "type": "type",
    "rules": "rules", "ruleset": "rules",
    "startdate": "start_date", "date": "start_date",
    "standingsafterround": "after_round", "afterround": "after_round",
    "blankrounds": "blank_rounds", "blank": "blank_rounds", "emptyrounds": "blank_rounds",
    "blankcells": "blank_rounds",
    "tiebreaks": "tiebreaks", "tiebreak": "tiebreaks", "tiebreakorder": "tiebreaks",
    "language": "language", "idioma": "language", "lingua": "language",
}
"""The labels of the common rows (as :func:`label_key` gives them) and their fields."""

COMMON_HINTS: dict[str, str] = {
    "type": N_("expected Swiss or Round robin"),
    "start_date": N_("expected a date such as 2026-04-11"),
    "after_round": N_("expected a round number"),
    "language": N_("expected en (English) or pt-BR (português)"),
}
"""What a common row expects, said when its value cannot be read (in English: translated
where said)."""


def label_aliases(rows: tuple[tuple[str, str, str], ...]) -> dict[str, str]:
    """The labels of ``rows`` (label, field, hint) in every catalogue's language, as
    :func:`label_key` gives them, and their fields: a Portuguese sheet's ``Tipo de torneio``
    is the ``Tournament type`` row, whatever the language in force."""
    found: dict[str, str] = {}
    for tag in available():
        if tag == DEFAULT:
            continue
        entries = catalogue(tag)
        for label, field, _hint in rows:
            translated = entries.get(label)
            if translated:
                found.setdefault(label_key(translated), field)
    return found


def label_lookup(fields: dict[str, str],
                 rows: tuple[tuple[str, str, str], ...]) -> Callable[[object], str | None]:
    """The field of a Settings label, in English (``fields``) or in any catalogue's language
    (:func:`label_aliases` of ``rows``, read when first needed)."""
    foreign: dict[str, str] = {}

    def field_of(label: object) -> str | None:
        key = label_key(label)
        found = fields.get(key)
        if found is None:
            if not foreign:
                foreign.update(label_aliases(rows))
            found = foreign.get(key)
        return found

    return field_of


def value_words() -> dict[str, str]:
    """The words of the Settings values that are words, in the language in force, by what
    they mean: ``swiss`` → ``Swiss`` (``Suíço``), ``yes`` → ``Yes`` (``Sim``)…"""
    return {
        "swiss": _("Swiss", "settings value"),
        "round_robin": _("Round robin", "settings value"),
        "auto": _("AUTO", "settings value"),
        "absent": _("Absent", "settings value"),
        "half_point_bye": _("Half-point bye", "settings value"),
        "declared": _("Declared", "settings value"),
        "equal": _("Equal", "settings value"),
        "hort": _("Hort", "settings value"),
        "yes": _("Yes", "settings value"),
        "no": _("No", "settings value"),
        "count": _("Count", "settings value"),
        "annul": _("Annul", "settings value"),
    }


def value_text(meaning: str) -> str:
    """One value word (a key of :func:`value_words`) in the language in force."""
    return value_words()[meaning]


_FORMS: dict[str, frozenset[str]] = {}


def value_forms(meaning: str) -> frozenset[str]:
    """The forms of a value word (a key of :func:`value_words`) in every language, compared as
    :func:`label_key` compares labels (``Todos contra todos`` → ``todoscontratodos``)."""
    if not _FORMS:
        with using_catalogue(Catalogue(DEFAULT, {})):  # the English words, whatever is in force
            english = value_words()
        for key, text in english.items():
            forms = {label_key(text)}
            for tag in available():
                if tag != DEFAULT:
                    forms.add(label_key(catalogue(tag).get(text, "settings value") or text))
            _FORMS[key] = frozenset(forms)
    return _FORMS[meaning]


def cell_number(value: object) -> Fraction:
    """A number from a cell (``2``, ``2.0``, ``" 2½ "``). Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return from_float(value)
    if isinstance(value, str):
        return parse_number(value.strip())
    if isinstance(value, Fraction):
        return value
    raise ValueError


def whole(value: object, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` from a cell (``7``, ``7.0``, ``"7"``). Raises
    ValueError."""
    n = cell_number(value)
    if n.denominator != 1 or not low <= n <= high:
        raise ValueError
    return int(n)


def tournament_type(value: object) -> TournamentType:
    """The tournament type from a cell: Swiss (``Swiss system``, ``Open``) or a round robin
    (``Round robin``, ``RR``, ``All-play-all``, ``Berger``, ``Scheveningen``, ``Predetermined``).
    Raises ValueError."""
    key = re.sub(r"[^a-z]", "", str(value).lower())
    loose = label_key(value)
    if key in ("swiss", "swisssystem", "open") or loose in value_forms("swiss") or loose in (
            "sistemasuico", "suico", "aberto"):
        return TournamentType.SWISS
    if key in ("roundrobin", "rr", "predetermined", "allplayall", "berger", "scheveningen") \
            or loose in value_forms("round_robin") or loose in ("todoscontratodos", "schuring"):
        return TournamentType.PREDETERMINED
    raise ValueError


def start_date(value: object) -> datetime.date:
    """A date from a cell: a date cell, an Excel serial, or a text in any form
    :func:`xl_tiebreak.util.dates.date_value` reads (``2026-04-11``, ``11.04.2026``…); a time of
    day after the date (a serial's fraction, ``T10:00`` or `` 10:00`` after the date) is
    ignored. Raises ValueError."""
    if isinstance(value, float) and math.isfinite(value):
        value = math.floor(value)
    elif isinstance(value, str):
        text = value.strip()
        value = text[:10] if text[10:11] in ("T", " ") else text
    found = date_value(value)
    if found is None:
        raise ValueError
    return found


def rules(value: object) -> str:
    """The rules cell as text, checked (AUTO, a rule set, a date). Raises InputError when
    unknown."""
    text = str(value).strip()
    if label_key(text) in value_forms("auto"):  # AUTO in any language: Automático
        return "AUTO"
    resolve_rules(text)
    return text


_BLANK_WORDS = {"meiafolga": "half-point-bye", "meioponto": "half-point-bye",
                "ausencia": "absent"}
"""Other Portuguese words organizers type in the Blank rounds row, as label_key gives them."""


def blank_rounds(value: object, declared: bool = True) -> BlankRounds:
    """What an empty round cell means, from a cell; ``declared``: whether ``Declared`` (each
    participant's own total says) is possible on this sheet. Raises ValueError."""
    loose = label_key(value)
    words = {"absent": "absent", "half_point_bye": "half-point-bye", "declared": "declared"}
    english = next((word for meaning, word in words.items() if loose in value_forms(meaning)),
                   _BLANK_WORDS.get(loose, str(value)))
    blank = BlankRounds.parse(english)
    if blank is BlankRounds.DECLARED and not declared:
        raise ValueError
    return blank


_LANGUAGE_NAMES = {"english": "en", "ingles": "en", "portugues": "pt-BR", "portuguese": "pt-BR",
                   "portuguesbrasil": "pt-BR", "portuguesdobrasil": "pt-BR",
                   "brazilianportuguese": "pt-BR"}
"""Languages named in words, as label_key compares them (``Português`` → ``portugues``)."""


def language(value: object) -> str:
    """The language of the workbook's texts from a cell: a tag or locale name (``pt-BR``,
    ``pt_BR``, ``en``) or its name in English or Portuguese (``Português``, ``English``).
    Raises ValueError for a language without a catalogue."""
    text = str(value).strip()
    found = normalize(text) or _LANGUAGE_NAMES.get(label_key(text))
    if found is None:
        raise ValueError
    return found
