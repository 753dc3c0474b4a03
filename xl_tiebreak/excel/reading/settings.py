"""The Settings sheet: key/value rows in columns A:B (see :data:`SETTINGS_ROWS`).

The rows it shares with a team workbook's Settings (name, type, rules, start date, after
round, blank rounds, tie-breaks) are read as :mod:`xl_tiebreak.excel.reading.settings_schema`
reads them for both. The tie-break order is the ``Tie-breaks`` row, comma separated and/or
continued one per row in column B below it (rows with an empty column A). Labels are compared
loosely (``Points for a win``, ``win``; ``Tie-breaks (in order)``, ``tiebreak order``); every
field has a default, and an absent sheet is fine.
"""

from __future__ import annotations

import datetime
import re
from fractions import Fraction
from typing import Any

from xl_tiebreak.excel.book.cells import excel_error
from xl_tiebreak.excel.book.interface import Book
from xl_tiebreak.excel.reading.settings_schema import (
    COMMON_HINTS,
    COMMON_LABELS,
    blank_rounds,
    label_key,
    label_lookup,
    language,
    rules,
    start_date,
    tournament_type,
    value_forms,
    whole,
)
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.language import DEFAULT
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import (
    BlankRounds,
    InputError,
    Problem,
    RatingUsed,
    Scoring,
    Severity,
    TournamentType,
    rating_used_of,
)
from xl_tiebreak.tiebreaks.descriptors import parse_list
from xl_tiebreak.util.cells import is_blank, quoted
from xl_tiebreak.util.numbers import from_float, parse_number
from xl_tiebreak.util.plain import Mutable, field

__all__ = [
    "SETTINGS",
    "SETTINGS_MAX_ROWS",
    "SETTINGS_ROWS",
    "Settings",
    "lots_seed_value",
    "read_settings",
    "settings_language",
]

SETTINGS = "Settings"
"""The name of the Settings sheet."""
SETTINGS_MAX_ROWS = 1000
"""Rows of the Settings sheet that are read (columns A:B only)."""

SETTINGS_ROWS: tuple[tuple[str, str, str], ...] = (
    (N_("Tournament name"), "name", N_("Shown with the standings")),
    (N_("Tournament type"), "type",
     N_("Swiss or Round robin (empty: from the crosstable layout)")),
    (N_("Rules"), "rules",
     N_("AUTO (the rules in force on the start date), FIDE2026, FIDE2023, "
         "FIDE2009 or USCF")),
    (N_("Start date"), "start_date",
     N_("Date of round 1; with Rules = AUTO it picks the rule set")),
    (N_("Rounds scheduled"), "scheduled_rounds", N_("Number of rounds of the event")),
    (N_("Standings after round"), "after_round",
     N_("Empty: after the last round in the crosstable")),
    (N_("Rating for unrated players"), "unrated_rating",
     N_("Used by ARO, TPR, PTP, APRO, APPO; empty: they are skipped if a player"
         " is unrated")),
    (N_("Points for a win"), "win", N_("Also the default for forfeit wins and full-point byes")),
    (N_("Points for a draw"), "draw", N_("Also the default for half-point byes")),
    (N_("Points for a loss"), "loss", ""),
    (N_("Points for a forfeit win"), "forfeit_win", N_("Empty: as a win")),
    (N_("Points for a forfeit loss"), "forfeit_loss", ""),
    (N_("Points for a pairing-allocated bye (PAB)"), "pab", N_("Empty: as a win")),
    (N_("Points for a full-point bye (FPB)"), "fpb", N_("Empty: as a win")),
    (N_("Points for a half-point bye (HPB)"), "hpb", N_("Empty: as a draw")),
    (N_("Points for a zero-point bye (ZPB)"), "zpb", N_("Absence, round after withdrawal")),
    (N_("Blank rounds"), "blank_rounds",
     N_("An empty round cell: Absent (a zero-point bye), Half-point bye, or "
         "Declared (as each player's Pts say)")),
    (N_("Tie-breaks (in order)"), "tiebreaks",
     N_("One per row below (or comma separated); e.g. BH/C1, BH, SB, DE, WIN")),
    (N_("Lots seed"), "lots_seed",
     N_("Seed of the drawing of lots (tie-break LOTS, last in the order): the "
         "same seed gives the same draw every time; named in the legend")),
    (N_("Prize sharing"), "prize_sharing",
     N_("For a Prizes sheet: Equal (tied players share the pooled money) or "
         "Hort")),
    (N_("One prize per player"), "one_prize_per_player", N_("For a Prizes sheet: Yes or No")),
    (N_("Language"), "language",
     N_("en (English) or pt-BR (português) for the sheets and texts the tool "
         "writes; empty: en")),
    (N_("Compare orders"), "compare_orders",
     N_("Other tie-break orders, one per row below (comma separated): a Compare"
         " sheet shows the places under each beside the order above")),
    (
        N_("Rating used"),
        "rating_used",
        N_("Which rating ARO, TPR, PTP, APRO, APPO and RTNG use: FIDE (of the event's rate), "
           "National, or FIDE then national (a player with neither is left out); empty: FIDE"),
    ),
    (
        N_("Extra points"),
        "column_help",
        N_("A Crosstable column (Pontos adicionais): points the arbiter adds to (or, negative, "
           "takes from) a player's score, ranked by but counted in no tie-break (Swiss-Manager "
           "42/43)"),
    ),
    (
        N_("Manual order"),
        "column_help",
        N_("A Crosstable column (Ordem manual): the arbiter's value of each player for the "
           "tie-break MANUAL, lowest first; players without one after (Swiss-Manager 5)"),
    ),
)
"""The Settings sheet's rows: label in column A, field, and a hint for column C."""

_ALIASES = {
    "tournament": "name",
    "event": "name",
    "name": "name",
    "type": "type",
    "ruleset": "rules",
    "date": "start_date",
    "rounds": "scheduled_rounds",
    "scheduledrounds": "scheduled_rounds",
    "numberofrounds": "scheduled_rounds",
    "afterround": "after_round",
    "ratingusado": "rating_used",
    "ratingsused": "rating_used",
    "pontosadicionais": "column_help",
    "ordemmanual": "column_help",
    "unratedrating": "unrated_rating",
    "ratingforunrated": "unrated_rating",
    "tiebreak": "tiebreaks",
    "tiebreakorder": "tiebreaks",
    "tiebreaks": "tiebreaks",
    "win": "win",
    "draw": "draw",
    "loss": "loss",
    "forfeitwin": "forfeit_win",
    "forfeitloss": "forfeit_loss",
    "pab": "pab",
    "fpb": "fpb",
    "hpb": "hpb",
    "zpb": "zpb",
    "bye": "pab",
    # "Blank rounds": Absent (default), Half-point bye or Declared (as each player's Pts say);
    # read wherever it stands (a row of the shipped templates)
    "blank": "blank_rounds",
    "blankrounds": "blank_rounds",
    "emptyrounds": "blank_rounds",
    "blankcells": "blank_rounds",
    # "Lots seed": the seed of the drawing of lots (OTHER_LOTS,
    # xl_tiebreak.tiebreaks.outside_games); read
    # wherever it stands (the workbook command writes it after the tie-break rows)
    # "Round-robin withdrawals": Count or Annul (FIDE C.06 5.4; empty: annul under FIDE rules,
    # count under US Chess rules, docs/decisions.md D83); read wherever it stands
    "roundrobinwithdrawals": "rr_withdrawals",
    "rrwithdrawals": "rr_withdrawals",
    "withdrawals": "rr_withdrawals",
    "desistencias": "rr_withdrawals",
    "lotsseed": "lots_seed",
    "lotseed": "lots_seed",
    "seedoflots": "lots_seed",
    "seedforlots": "lots_seed",
    "drawingoflots": "lots_seed",
    "drawingoflotsseed": "lots_seed",
    # "Compare orders": tie-break orders compared with the Tie-breaks row on a Compare sheet,
    # one order per row (column B, continued below with an empty column A; ';' also separates
    # orders); "Prize sharing" and "One prize per player": the options of the Prizes sheet
    # (docs/engineering.md D64, D65)
    "compareorders": "compare_orders",
    "compare": "compare_orders",
    "orderstocompare": "compare_orders",
    "compareorder": "compare_orders",
    "prizesharing": "prize_sharing",
    "sharing": "prize_sharing",
    "prizemoney": "prize_sharing",
    "oneprizeperplayer": "one_prize_per_player",
    "oneprize": "one_prize_per_player",
    # "Report sheets": Progression, Ratings, Norms (comma separated, also in Portuguese): the
    # arbiter's report sheets written beside the Standings sheet; read wherever it stands
    "reportsheets": "report_sheets",
    "report": "report_sheets",
    "arbitersreport": "report_sheets",
    "relatorio": "report_sheets",
    "planilhasdorelatorio": "report_sheets",
    "abasdorelatorio": "report_sheets",  # the catalogue's word for a sheet (docs D-J1)
    "relatoriodoarbitro": "report_sheets",
}
_REPORT_SHEETS = {"progression": "progression", "progressao": "progression",
                  "ratings": "ratings", "rating": "ratings", "ratingreport": "ratings",
                  "variacaoderating": "ratings", "norms": "norms", "normas": "norms",
                  "titlenorms": "norms", "normasdetitulo": "norms"}
"""The report sheets a ``Report sheets`` row names (as :func:`label_key` compares them)."""
_POINT_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb")


_key = label_key

_FIELDS: dict[str, str] = {_key(label): field for label, field, _ in SETTINGS_ROWS}
_FIELDS.update(COMMON_LABELS)
_FIELDS.update({"pairingallocatedbye": "pab", "fullpointbye": "fpb", "halfpointbye": "hpb",
                "zeropointbye": "zpb"})
_FIELDS.update(_ALIASES)
_field_of = label_lookup(_FIELDS, SETTINGS_ROWS)
"""The field of a Settings label, in English or in any catalogue's language."""


class Settings(Mutable):
    """What the Settings sheet says; every field has a default (an absent sheet is fine)."""

    name: str = ""
    language: str | None = None
    """The ``Language`` row's tag (``en``, ``pt-BR``); None: no row (English)."""
    tiebreaks: list[str] = field(default_factory=list)
    """Tie-break descriptors in order; empty: the engine's default list."""
    rules: str = "AUTO"
    tournament_type: TournamentType | None = None
    """None: from the crosstable's layout (a grid is a round robin)."""
    scheduled_rounds: int | None = None
    start_date: datetime.date | None = None
    after_round: int | None = None
    """None: after the last round in the crosstable."""
    unrated_rating: int | None = None
    rating_used: RatingUsed | None = None
    """The ``Rating used`` row (docs/decisions.md D-E1); None: no choice (FIDE)."""
    scoring: Scoring = field(default_factory=Scoring)
    blank_rounds: BlankRounds = BlankRounds.ABSENT
    """What an empty round cell means (docs/decisions.md D30)."""
    rr_withdrawals: str | None = None
    """Round-robin withdrawals (C.06 5.4): ``count`` or ``annul``; None: the rule set's default
    (the ``Round-robin withdrawals`` row)."""
    lots_seed: str | None = None
    """Seed of the drawing of lots (the ``Lots seed`` row): a text; a whole number typed in
    the cell counts as its digits (``2026``, not ``2026.0``). None: no row (the empty seed)."""
    compare_orders: list[list[str]] = field(default_factory=list)
    """Orders to compare with :attr:`tiebreaks` on the Compare sheet (``Compare orders``
    rows, one order each); empty: no Compare sheet."""
    compare_where: list[str] = field(default_factory=list)
    report_sheets: list[str] = field(default_factory=list)
    """The ``Report sheets`` row: ``progression``, ``ratings``, ``norms`` (in the order
    given); empty: none."""
    """The cell of each compare order."""
    prize_sharing: str = "equal"
    """``equal`` (money of tied players shared equally) or ``hort`` (the Hort system)."""
    one_prize_per_player: bool = True
    """The ``One prize per player`` row (Yes/No)."""
    where: dict[str, str] = field(default_factory=dict)
    """The cell each field came from (``Settings!B4``), for messages."""
    warnings: list[Problem] = field(default_factory=list)
    """Warnings found while reading the workbook (filled by
    :func:`xl_tiebreak.excel.headless.read_workbook_tournament`):
    unknown settings, cells just outside the crosstable's named range."""


def _withdrawals(value: object) -> str:
    """``count`` or ``annul`` from the cell (``Count``, ``Anular``… in any catalogue's
    language); ValueError otherwise."""
    key = label_key(value)
    for meaning in ("count", "annul"):
        if key in value_forms(meaning):
            return meaning
    raise ValueError


def _rating_used(value: object) -> RatingUsed:
    """The Rating used row's choice (``FIDE``, ``National``, ``FIDE then national``, also in
    Portuguese); ValueError otherwise."""
    found = rating_used_of(str(value))
    if found is None:
        raise ValueError("not a rating choice")
    return found


def _points(value: object) -> Fraction:
    """Points from a cell: ``1``, ``0.5``, ``½``, ``1/2``. Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        result = from_float(value)
    elif isinstance(value, str):
        result = parse_number(value)
    else:
        raise ValueError
    if not 0 <= result <= 100:
        raise ValueError
    return result


def lots_seed_value(value: object) -> str:
    """The lots seed from a cell: its text; a whole number as its digits (a cell typed
    ``2026`` arrives as 2026.0). Raises ValueError for a date, a fraction or a boolean (their
    text would depend on the cell's format)."""
    if isinstance(value, (bool, datetime.date)):
        raise ValueError
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError
        return str(int(value))
    text = str(value).strip()
    if not text or not text.isprintable():
        raise ValueError
    return text


def _sharing(value: object) -> str:
    key = re.sub(r"[^a-z]", "", str(value).lower())
    loose = label_key(value)
    if key in ("equal", "equally", "shared", "sharedequally", "pooled") or loose in \
            value_forms("equal"):
        return "equal"
    if key in ("hort", "hortsystem") or loose in value_forms("hort"):
        return "hort"
    raise ValueError


def _yes_no(value: object) -> bool:
    if isinstance(value, bool):
        return value
    key = str(value).strip().lower()
    if key in ("yes", "y", "true", "1", "1.0") or label_key(key) in value_forms("yes"):
        return True
    if key in ("no", "n", "false", "0", "0.0") or label_key(key) in value_forms("no"):
        return False
    raise ValueError


def _apply(settings: Settings, field: str, value: object) -> None:
    """Store one setting; raises ValueError (InputError for tie-breaks) when not valid."""
    if field == "name":
        settings.name = str(value).strip()
    elif field == "language":
        settings.language = language(value)
    elif field == "type":
        settings.tournament_type = tournament_type(value)
    elif field == "rules":
        settings.rules = rules(value)  # InputError when unknown
    elif field == "start_date":
        settings.start_date = start_date(value)
    elif field == "scheduled_rounds":
        settings.scheduled_rounds = whole(value, 1, 999)
    elif field == "after_round":
        settings.after_round = whole(value, 0, 999)
    elif field == "unrated_rating":
        settings.unrated_rating = whole(value, 0, 4000)
    elif field == "rating_used":
        settings.rating_used = _rating_used(value)
    elif field == "column_help":
        raise ValueError("a help row")
    elif field == "tiebreaks":
        items = [t.strip() for t in str(value).split(",") if t.strip()]
        parse_list(items)  # InputError when a descriptor is not valid
        settings.tiebreaks.extend(items)
    elif field == "compare_orders":
        for text in str(value).split(";"):
            items = [t.strip() for t in text.split(",") if t.strip()]
            if items:
                parse_list(items)  # InputError when a descriptor is not valid
                settings.compare_orders.append(items)
    elif field == "prize_sharing":
        settings.prize_sharing = _sharing(value)
    elif field == "one_prize_per_player":
        settings.one_prize_per_player = _yes_no(value)
    elif field == "blank_rounds":
        settings.blank_rounds = blank_rounds(value)
    elif field == "lots_seed":
        settings.lots_seed = lots_seed_value(value)
    elif field == "rr_withdrawals":
        settings.rr_withdrawals = _withdrawals(value)
    elif field == "report_sheets":
        for text in str(value).replace(";", ",").split(","):
            if text.strip():
                sheet = _REPORT_SHEETS[_key(text)]  # KeyError: not a report sheet
                if sheet not in settings.report_sheets:
                    settings.report_sheets.append(sheet)
    elif field in _POINT_FIELDS:
        changes: dict[str, Any] = {field: _points(value)}
        settings.scoring = settings.scoring.replace(**changes)


_HINTS = {
    **COMMON_HINTS,
    "scheduled_rounds": N_("expected a whole number of rounds"),
    "unrated_rating": N_("expected a whole number such as 1400"),
    "blank_rounds": N_("expected Absent, Half-point bye or Declared"),
    "lots_seed": N_("expected a text or a whole number (type a date or a fraction as text)"),
    "prize_sharing": N_("expected Equal or Hort"),
    "one_prize_per_player": N_("expected Yes or No"),
    "rr_withdrawals": N_("expected Count or Annul (FIDE C.06 5.4)"),
    "rating_used": N_("expected FIDE, National or FIDE then national"),
    "column_help": N_("this row only explains a Crosstable column: type the values in that "
                      "column, one per player"),
    "report_sheets": N_("expected Progression, Ratings or Norms (comma separated)"),
}
"""What a row expects, said when its value cannot be read (in English: translated where
said)."""


_LISTS = ("tiebreaks", "compare_orders")
"""Fields continued in column B of the rows below (with an empty column A)."""


def read_settings(book: Book) -> tuple[Settings, list[Problem]]:
    """The Settings sheet (defaults when there is none) and every problem in it.

    Errors name their cell (``Settings!B5``); an unknown label is a warning.
    """
    settings = Settings()
    try:
        sheet = book.read_sheet(SETTINGS, max_cols=2, max_rows=SETTINGS_MAX_ROWS)
    except InputError as error:
        return settings, list(error.problems)
    if sheet is None:
        return settings, []
    problems: list[Problem] = []
    if sheet.clipped:
        problems.append(Problem(
            Severity.WARNING,
            _("only the first {count} rows of the Settings sheet are read",
              count=SETTINGS_MAX_ROWS),
            sheet.where(SETTINGS_MAX_ROWS, 0),
        ))
    field: str | None = None
    for i, row in enumerate(sheet.values):
        label = row[0] if row else None
        value = row[1] if len(row) > 1 else None
        where = sheet.where(i, 1)
        code = excel_error(value)
        if code is not None:
            if not is_blank(label):
                field = _field_of(label)
            if not is_blank(label) or field in _LISTS:
                problems.append(Problem(
                    Severity.ERROR,
                    _("the cell shows the Excel error {code}: correct its formula or type the "
                      "value", code=code),
                    where,
                ))
            continue
        if is_blank(label):
            if field in _LISTS and not is_blank(value):
                _store(settings, field, value, where, problems)
            continue
        field = _field_of(label)
        if field is None:
            if i > 0 or _key(label) not in ("setting", "settings", "key", "configuracao"):
                problems.append(
                    Problem(Severity.WARNING, _("unknown setting {label} ignored",
                                                label=quoted(label)), sheet.where(i, 0))
                )
            continue
        if not is_blank(value):
            _store(settings, field, value, where, problems)
    return settings, problems


def settings_language(book: Book) -> str:
    """The language of the workbook: its Settings ``Language`` row's (individual or team
    sheet), English when there is no such row or it cannot be read (reading the settings then
    reports the cell)."""
    try:
        sheet = book.read_sheet(SETTINGS, max_cols=2, max_rows=SETTINGS_MAX_ROWS)
    except InputError:
        return DEFAULT
    for row in sheet.values if sheet is not None else []:
        if len(row) > 1 and not is_blank(row[0]) and _field_of(row[0]) == "language":
            try:
                return DEFAULT if is_blank(row[1]) else language(row[1])
            except ValueError:
                return DEFAULT
    return DEFAULT


def _store(
    settings: Settings, field: str, value: object, where: str, problems: list[Problem]
) -> None:
    try:
        _apply(settings, field, value)
    except InputError as error:
        problems.extend(Problem(Severity.ERROR, p.message, where) for p in error.problems)
    except (ValueError, ArithmeticError, KeyError):
        hint = translated(_HINTS[field]) if field in _HINTS else _(
            "expected points such as 1, 0.5 or ½")
        if isinstance(value, datetime.date):
            hint = _("{hint}; the cell holds a date: format it as Number or Text and type it "
                     "again", hint=hint)
        problems.append(Problem(Severity.ERROR, _("cannot read {value}: {hint}",
                                                  value=quoted(value), hint=hint), where))
    else:
        settings.where.setdefault(field, where)
        if field == "compare_orders":
            settings.compare_where += [where] * (len(settings.compare_orders)
                                                 - len(settings.compare_where))
