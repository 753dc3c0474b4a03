"""The words the templates and the workbooks written from an event share, in the language in
force: file names, the Settings sheet's header, the value words of its cells and their lists,
the crosstable's column headers, the date format.

A Portuguese template is the English one with these words translated (``suico.xlsx``, a
``Configuração | Valor`` header, ``Suíço``, ``Automático``, ``Sim``…) and its Settings
``Language`` row set to the language, so that the standings writer speaks it too. The
readers accept every catalogue's words
(:func:`xl_tiebreak.excel.reading.settings_schema.value_forms`), so a template keeps working
when its values are typed in either language.
"""

from __future__ import annotations

from xl_tiebreak.excel.reading.settings_schema import value_text
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.language import DEFAULT, current

__all__ = ["auto_words", "choice_list", "crosstable_header", "date_format", "file_stem",
           "language_value", "settings_header", "shown_value"]

_MEANINGS = {"Swiss": "swiss", "Round robin": "round_robin", "AUTO": "auto", "Absent": "absent",
             "Half-point bye": "half_point_bye", "Declared": "declared", "Equal": "equal",
             "Hort": "hort", "Yes": "yes", "No": "no"}
"""The English value words the templates write, by what they mean
(:func:`~xl_tiebreak.excel.reading.settings_schema.value_words`)."""


def file_stem(stem: str) -> str:
    """A template's or the demo's file name (without suffix) in the language in force:
    ``swiss`` → ``suico``. Plain letters, digits and underscores in every language: the
    companion module is named like the workbook and imported by that name."""
    names = {
        "swiss": _("swiss", "file name"),
        "round_robin": _("round_robin", "file name"),
        "team_swiss": _("team_swiss", "file name"),
        "knockout": _("knockout", "file name"),
        "tiebreak_demo": _("tiebreak_demo", "file name"),
    }
    return names.get(stem, stem)


def settings_header(game_points: bool = False) -> list[str]:
    """The header row of a Settings sheet: setting, value (a team sheet: the byes' game points
    beside), what the value means."""
    middle = [_("GP (byes)", "settings sheet")] if game_points else []
    return [_("Setting", "settings sheet"), _("Value", "settings sheet"), *middle,
            _("What the value means", "settings sheet")]


def shown_value(value: object) -> object:
    """A Settings value as the template writes it: a value word in the language in force
    (``Swiss`` → ``Suíço``), anything else as it is."""
    if isinstance(value, str) and value in _MEANINGS:
        return value_text(_MEANINGS[value])
    if value == "National":  # the Rating used row's words (model.tournament.rating_used_of)
        return _("National", "settings value")
    if value == "FIDE then national":
        return _("FIDE then national", "settings value")
    return value


def choice_list(*words: str) -> str:
    """A drop-down list of value words for a data validation (``"Suíço,Todos contra
    todos"``)."""
    return '"' + ",".join(str(shown_value(w)) for w in words) + '"'


def auto_words() -> list[str]:
    """AUTO in capitals as the spreadsheet's ``UPPER`` writes it, in English and in the
    language in force (``AUTO``, ``AUTOMÁTICO``)."""
    words = ["AUTO"]
    translated = value_text("auto").upper()
    if translated not in words:
        words.append(translated)
    return words


def crosstable_header(text: object) -> object:
    """A crosstable column header in the language in force (``Name`` → ``Nome``); round
    headers (``R1``) and numbers as they are. The crosstable readers accept these headers in
    every language the catalogues have."""
    headers = {
        "No": _("No", "crosstable header"),
        "Name": _("Name", "crosstable header"),
        "Title": _("Title", "crosstable header"),
        "Rating": _("Rating", "crosstable header"),
        "Fed": _("Fed", "crosstable header"),
        "Pts": _("Pts", "crosstable header"),
        "Extra points": _("Extra points", "crosstable header"),
        "Manual order": _("Manual order", "crosstable header"),
    }
    return headers.get(text, text) if isinstance(text, str) else text


def date_format() -> str:
    """The number format of a date cell: ``yyyy-mm-dd`` in English, ``dd/mm/yyyy`` in
    Portuguese."""
    return _("yyyy-mm-dd", "number format")


def language_value() -> str | None:
    """The Settings ``Language`` value of a workbook written in the language in force: its
    tag, or None (an empty row) for English."""
    language = current()
    return None if language == DEFAULT else language
