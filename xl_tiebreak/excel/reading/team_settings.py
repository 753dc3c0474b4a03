"""The settings of a team event in a workbook: the Settings sheet of a team workbook, or the
``settings`` argument of the team worksheet functions (the same rows as a range).

Each row is a label in column A and its value in column B; a bye's row holds its match points in
B and its game points in C (``Pairing-allocated bye (PAB) | 1 | 2``, as E7 scores it; an empty
cell keeps the default of docs/decisions.md D25). The tie-break order is the ``Tie-breaks`` row,
comma separated and/or continued one per row in column B below it. Labels are compared loosely
(``Boards per match``, ``boards``; ``Match points (win-draw-loss)``, ``match points``); every
field has a default, except the boards, whose row is what makes a workbook a team workbook
(:func:`has_boards_row`).

The rows it shares with an individual workbook's Settings are read as
:mod:`xl_tiebreak.excel.reading.settings_schema` reads them for both (``Type: Berger``, a start
date with a time of day).

Rows (:data:`TEAM_SETTINGS_ROWS`): event name, tournament type, rules, start date, standings
after round, boards, match points, primary score, the four byes and the two forfeits, blank
rounds, tie-breaks.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence
from fractions import Fraction

from xl_tiebreak.excel.book.cells import excel_error
from xl_tiebreak.excel.reading.settings_schema import (
    COMMON_HINTS,
    COMMON_LABELS,
    blank_rounds,
    cell_number,
    label_key,
    label_lookup,
    language,
    rules,
    start_date,
    tournament_type,
    whole,
)
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.teams import Score, TeamScoring
from xl_tiebreak.model.tournament import (
    BlankRounds,
    InputError,
    Kind,
    Problem,
    Severity,
    TournamentType,
)
from xl_tiebreak.tiebreaks.descriptors import parse_list
from xl_tiebreak.util.cells import is_blank, quoted
from xl_tiebreak.util.plain import Mutable, field

__all__ = [
    "TEAM_SETTINGS_COLUMNS",
    "TEAM_SETTINGS_ROWS",
    "TeamSettings",
    "has_boards_row",
    "read_team_settings_rows",
]

TEAM_SETTINGS_COLUMNS = 3
"""Columns of a team Settings sheet that are read: label, value, game points of a bye."""

TEAM_SETTINGS_ROWS: tuple[tuple[str, str, str], ...] = (
    (N_("Tournament name"), "name", N_("Shown with the standings")),
    (N_("Tournament type"), "type", N_("Swiss or Round robin")),
    (N_("Rules"), "rules",
     N_("AUTO (the rules in force on the start date), FIDE2026, FIDE2023 or "
         "FIDE2009")),
    (N_("Start date"), "start_date",
     N_("Date of round 1; with Rules = AUTO it picks the rule set")),
    (N_("Standings after round"), "after_round",
     N_("Empty: after the last round in the crosstable")),
    (N_("Boards"), "boards",
     N_("Boards per match (required: it makes the workbook a team event)")),
    (N_("Match points"), "match_points", N_("Win-draw-loss of a match: 2-1-0 (default) or 3-1-0")),
    (N_("Primary score"), "primary",
     N_("MP (match points, default) or GP (game points): ranks first")),
    (N_("Pairing-allocated bye (PAB)"), "pab",
     N_("Match points in B, game points in C (empty: a won match, every board "
         "won)")),
    (N_("Half-point bye (HPB)"), "hpb",
     N_("MP in B, GP in C (empty: a drawn match, half the boards)")),
    (N_("Full-point bye (FPB)"), "fpb", N_("MP in B, GP in C (empty: as a PAB)")),
    (N_("Zero-point bye (ZPB)"), "zpb", N_("MP in B, GP in C (empty: 0 and 0)")),
    (N_("Forfeit win"), "forfeit_win",
     N_("MP in B, GP in C (empty: a won match, every board won)")),
    (N_("Forfeit loss"), "forfeit_loss", N_("MP in B, GP in C (empty: 0 and 0)")),
    (N_("Blank rounds"), "blank_rounds",
     N_("An empty round cell: Absent (a zero-point bye) or Half-point bye")),
    (N_("Language"), "language",
     N_("en (English) or pt-BR (português) for the sheets and texts the tool "
         "writes; empty: en")),
    (N_("Tie-breaks (in order)"), "tiebreaks",
     N_("One per row below (or comma separated); e.g. MPTS, GPTS, EDE, BH:MP/C1")),
)
"""The rows of a team Settings sheet: label in column A, field, and a hint."""

_BYES: dict[str, Kind] = {"pab": Kind.PAB, "hpb": Kind.HPB, "fpb": Kind.FPB, "zpb": Kind.ZPB,
                          "forfeit_win": Kind.FORFEIT_WIN, "forfeit_loss": Kind.FORFEIT_LOSS}


_key = label_key

_FIELDS: dict[str, str] = {_key(label): field for label, field, _ in TEAM_SETTINGS_ROWS}
_FIELDS.update(COMMON_LABELS)
_FIELDS.update({
    "boardspermatch": "boards", "board": "boards", "teamsize": "boards",
    "mp": "match_points", "matchpointscoring": "match_points", "matchscoring": "match_points",
    "primary": "primary", "score": "primary",
    "pab": "pab", "hpb": "hpb", "fpb": "fpb", "zpb": "zpb", "bye": "pab",
    "pairingallocatedbye": "pab", "halfpointbye": "hpb", "fullpointbye": "fpb",
    "zeropointbye": "zpb", "forfeitwin": "forfeit_win", "forfeitloss": "forfeit_loss",
})
_field_of = label_lookup(_FIELDS, TEAM_SETTINGS_ROWS)
"""The field of a Settings label, in English or in any catalogue's language."""


class TeamSettings(Mutable):
    """What the team settings say; None / empty: not given (the crosstable's own settings rows,
    then the defaults, decide)."""

    name: str = ""
    language: str | None = None
    """The ``Language`` row's tag (``en``, ``pt-BR``); None: no row (English)."""
    type: TournamentType | None = None
    rules: str = "AUTO"
    start_date: datetime.date | None = None
    after_round: int | None = None
    boards: int | None = None
    """Boards per match."""
    win_draw_loss: tuple[Fraction, Fraction, Fraction] | None = None
    """Match points of a won, drawn and lost match (None: 2-1-0)."""
    primary: Score | None = None
    byes: list[tuple[Kind, Fraction | None, Fraction | None]] = field(
        default_factory=list)
    """(kind, MP, GP) of the unplayed kinds set (None keeps that score's default)."""
    blank_rounds: BlankRounds = BlankRounds.ABSENT
    tiebreaks: list[str] = field(default_factory=list)
    where: dict[str, str] = field(default_factory=dict)
    """The cell each field came from (``Settings!B7``), for messages."""

    def scoring(self, base: TeamScoring | None = None) -> TeamScoring:
        """The match scoring and unplayed points these settings give, over ``base``."""
        scoring = base or TeamScoring()
        if self.win_draw_loss is not None:
            w, d, lo = self.win_draw_loss
            scoring = scoring.replace(win=w, draw=d, loss=lo)
        for kind, mp, gp in self.byes:
            scoring = scoring.with_unplayed(kind, mp, gp)
        return scoring


def has_boards_row(rows: Sequence[Sequence[object]]) -> bool:
    """True when the rows hold a ``Boards`` row (what makes a Settings sheet a team one)."""
    return any(row and not is_blank(row[0]) and _field_of(row[0]) == "boards"
               for row in rows)


def _points(value: object) -> Fraction | None:
    if is_blank(value):
        return None
    n = cell_number(value)
    if n < 0 or n > 1000 or (n * 2).denominator != 1:
        raise ValueError
    return n


def _win_draw_loss(value: object) -> tuple[Fraction, Fraction, Fraction]:
    parts = re.split(r"\s*[-/]\s*", str(value).strip())
    if len(parts) != 3:
        raise ValueError
    w, d, lo = (cell_number(p) for p in parts)
    if not w > d >= lo >= 0:
        raise ValueError
    return w, d, lo


_HINTS = {
    **COMMON_HINTS,
    "boards": N_("expected a whole number of boards from 1 to 64"),
    "match_points": N_("expected win-draw-loss such as 2-1-0 or 3-1-0"),
    "primary": N_("expected MP or GP"),
    "blank_rounds": N_("expected Absent or Half-point bye"),
}
"""What a row expects, said when its value cannot be read (in English: translated where
said)."""


def _apply(s: TeamSettings, field: str, value: object, more: object) -> None:
    """Store one setting (``more``: column C, the game points of a bye). Raises ValueError
    (InputError for rules and tie-breaks) when the value cannot be read."""
    if field == "name":
        s.name = str(value).strip()
    elif field == "type":
        s.type = tournament_type(value)
    elif field == "language":
        s.language = language(value)
    elif field == "rules":
        s.rules = rules(value)  # InputError when unknown
    elif field == "start_date":
        s.start_date = start_date(value)
    elif field == "after_round":
        s.after_round = whole(value, 0, 999)
    elif field == "boards":
        s.boards = whole(value, 1, 64)
    elif field == "match_points":
        s.win_draw_loss = _win_draw_loss(value)
    elif field == "primary":
        text = str(value).strip().upper()
        if text not in ("MP", "GP"):
            raise ValueError
        s.primary = Score.GP if text == "GP" else Score.MP
    elif field == "blank_rounds":
        s.blank_rounds = blank_rounds(value, declared=False)
    elif field == "tiebreaks":
        items = [t.strip() for t in str(value).split(",") if t.strip()]
        parse_list(items, s.primary or Score.MP)  # InputError when a descriptor is not valid
        s.tiebreaks.extend(items)
    elif field in _BYES:
        s.byes.append((_BYES[field], _points(value), _points(more)))


def read_team_settings_rows(
    rows: Sequence[Sequence[object]], where: Callable[[int, int], str],
) -> tuple[TeamSettings, list[Problem]]:
    """The team settings of rows of cells (label, value, game points of a bye) and every
    problem in them, each naming its cell by ``where(row, column)`` (0-based). An unknown label
    is a warning; a cell showing an Excel error, or a value that cannot be read, an error."""
    s = TeamSettings()
    problems: list[Problem] = []
    field: str | None = None
    for i, row in enumerate(rows):
        cells = [*row, None, None, None][:TEAM_SETTINGS_COLUMNS]
        label, value, more = cells
        if not is_blank(label):
            field = _field_of(label)
            if field is None:
                if i > 0 or _key(label) not in ("setting", "settings", "key", "configuracao"):
                    problems.append(Problem(Severity.WARNING, _(
                        "unknown setting {label} ignored", label=quoted(label)), where(i, 0)))
                continue
        elif field != "tiebreaks" or is_blank(value):
            continue
        bad = next(((c, excel_error(x)) for c, x in enumerate(cells[1:], start=1)
                    if excel_error(x) is not None), None)
        if bad is not None:
            problems.append(Problem(Severity.ERROR, _(
                "the cell shows the Excel error {code}: correct its formula or type the value",
                code=bad[1]), where(i, bad[0])))
            continue
        if is_blank(value) and (field not in _BYES or is_blank(more)):
            continue
        try:
            _apply(s, field, value, more)
        except InputError as error:
            problems.extend(Problem(Severity.ERROR, p.message, where(i, 1))
                            for p in error.problems)
        except (ValueError, ArithmeticError):
            column = 1
            if field in _BYES:
                hint = _("expected its match points in B and its game points in C (e.g. 1 and "
                         "2)")
                column = 2 if _ok_points(value) else 1
            else:
                hint = translated(_HINTS[field]) if field in _HINTS else _("cannot be read")
            shown = value if column == 1 else more
            problems.append(Problem(Severity.ERROR, _("cannot read {value}: {hint}",
                                                      value=quoted(shown), hint=hint),
                                    where(i, column)))
        else:
            s.where.setdefault(field, where(i, 1))
    return s, problems


def _ok_points(value: object) -> bool:
    try:
        _points(value)
    except (ValueError, ArithmeticError):
        return False
    return True
