"""A team workbook for a team event that exists only as a file (``xl-tiebreak workbook
TEAM.trf -o EVENT.xlsx``: a TRF with ``310`` or legacy ``013`` team records, or a CSV team
crosstable).

The workbook is the team template (:func:`xl_tiebreak.excel.templates.team.build_team_workbook`)
with the event in place of the sample, sized to it (any number of teams, rounds and boards):

* ``Crosstable``: one row per team — ``No``, ``Team``, ``R1`` … ``Rn`` — each round in the
  team notation :func:`xl_tiebreak.formats.crosstable.team_reader.parse_team_cell` reads: ``8w2½``
  (against
  team 8, white on board 1, 2½ game points; ``8-2½`` when the colour is not known), ``+F6`` /
  ``-F1`` (a match won / lost by forfeit; ``+F`` without opponent; ``-F`` on both sides: a
  double forfeit), ``PAB``, ``HPB``, ``FPB``, ``ZPB``; rounds after a team's last entry stay
  empty (as in the TRF);
* ``Settings``: name, type, rules ``AUTO`` (the start date picks them, as for the TRF), start
  date, boards, match points (``2-1-0``, ``3-1-0`` …), primary score, the match and game points
  of every bye and forfeit as the event scores them, blank rounds ``Absent``, and the declared
  tie-break list (the team default for the type when the input declares none: the list
  ``compute`` uses for it);
* ``Teams``: No, Team, Rating, then the players in board order (their names; the roster's
  start numbers when the input has no player records), ``Board 1`` … ``Board k`` then
  ``Reserve 1`` … for longer rosters;
* ``Boards``: when the input has board results, one row per team per played match — Round,
  Team, B1 … Bk with 1, 0.5, 0, ``+`` / ``-`` (both teams' rows: a board without a game, which
  scores nothing for either team, is ``-`` on both, as the reader of incomplete line-ups
  scores it); the header row alone otherwise;
* ``Functions`` and ``Formula standings``: the team functions over the event's teams, number
  formats by its scoring (match points 2-1-0 whole: :mod:`xl_tiebreak.report.decimals`), their
  values cached in the file (a viewer without the add-in shows numbers, not ``#NAME?``);
* ``Standings``: the placeholder, filled by ``xl-tiebreak standings`` or the Run main macro.

Refused with a message naming the place (nothing written): a round whose match or game points
the input set on its own (TRF ``299`` for one team and round: a crosstable cell cannot hold
them), points that are not halves where the Settings sheet needs halves, a round-robin grid
(it has no rounds to write). Not written (the team tie-breaks use none of it): federations,
the players' ratings and individual games, declared MP/GP/ranks.
"""

from __future__ import annotations

import datetime
import os
from fractions import Fraction
from pathlib import Path

from xl_tiebreak.excel.reading.event import CROSSTABLE
from xl_tiebreak.excel.reading.team_event import BOARDS
from xl_tiebreak.excel.reading.team_settings import TEAM_SETTINGS_ROWS, read_team_settings_rows
from xl_tiebreak.excel.templates.builder import save_with_values
from xl_tiebreak.excel.templates.team import TeamBook, build_team_workbook
from xl_tiebreak.formats.crosstable.team_boards import apply_boards
from xl_tiebreak.formats.crosstable.team_reader import fmt_gp, read_team_crosstable
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.teams import Match, Team, TeamEvent
from xl_tiebreak.model.tournament import Color, InputError, Kind, Problem, Severity, TournamentType
from xl_tiebreak.standings.team_evaluation import DEFAULT_TEAM_ROUND_ROBIN, DEFAULT_TEAM_SWISS
from xl_tiebreak.util.numbers import fmt

__all__ = ["MAX_LISTED", "boards_rows", "crosstable_rows", "event_book", "not_written",
           "round_cell", "settings_values", "teams_rows", "unpaired_boards",
           "write_team_event_workbook"]

_BYE_CELLS = {Kind.PAB: "PAB", Kind.HPB: "HPB", Kind.FPB: "FPB", Kind.ZPB: "ZPB"}
_COLORS = {Color.WHITE: "w", Color.BLACK: "b"}
_BOARD_CELLS: dict[Kind, object] = {Kind.WIN: 1, Kind.DRAW: 0.5, Kind.LOSS: 0,
                                    Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-"}
_SETTINGS_KINDS = {"pab": Kind.PAB, "hpb": Kind.HPB, "fpb": Kind.FPB, "zpb": Kind.ZPB,
                   "forfeit_win": Kind.FORFEIT_WIN, "forfeit_loss": Kind.FORFEIT_LOSS}


def _where(team: Team, rnd: int, m: Match) -> str:
    return m.set_by or m.where or team.where or f"team {team.start_no}, round {rnd}"


def _halves(value: Fraction) -> bool:
    return (value * 2).denominator == 1


def _color(event: TeamEvent, m: Match, rnd: int) -> str:
    """The colour letter of a played match: the team's colour on its first board when the
    opponent's is the opposite one; ``-`` (not known) otherwise — a match whose first boards
    had no game on one side can give both teams the same colour, which a crosstable refuses
    (the team tie-breaks use no colour)."""
    other = next((t for t in event.teams if t.start_no == m.opponent), None)
    theirs = other.rounds[rnd - 1] if other is not None and rnd <= len(other.rounds) else None
    if m.color is None or theirs is None or theirs.color is None or theirs.color is m.color:
        return "-"
    return _COLORS[m.color]


def round_cell(event: TeamEvent, team: Team, rnd: int) -> str:
    """One round of a team in the team notation (``8w2½``, ``+F6``, ``-F``, ``PAB``).
    InputError when the cell cannot say what the input says (points set for this round
    alone, game points that are not halves)."""
    m = team.rounds[rnd - 1]
    label = _("team {team}, round {round}", team=team.start_no, round=rnd)
    if m.played:
        if m.mp is not None and m.mp != event.scoring.mp(m.kind):
            raise InputError(_("{where}: its match points are set on their own ({mp}); a "
                               "crosstable cell cannot hold them", where=label,
                               mp=number_text(fmt(m.mp))), _where(team, rnd, m))
        gp = event.gp_of(m)
        if not _halves(gp):
            raise InputError(_("{where}: game points {gp} are not halves", where=label,
                               gp=number_text(fmt(gp))), _where(team, rnd, m))
        return f"{m.opponent}{_color(event, m, rnd)}{fmt_gp(gp)}"
    # an unplayed round scores what the Settings say for its kind: nothing of its own
    if (m.mp is not None and m.mp != event.scoring.mp(m.kind)) or (
            m.gp is not None and m.gp != event.scoring.gp(m.kind, event.boards)):
        raise InputError(_("{where}: a {kind} whose points are set for this round alone "
                           "({mp} MP, {gp} GP); a crosstable cell holds only the kind (its "
                           "points are the Settings')", where=label, kind=m.kind.value,
                           mp=number_text(fmt(event.mp_of(m))),
                           gp=number_text(fmt(event.gp_of(m)))), _where(team, rnd, m))
    if m.kind in _BYE_CELLS:
        return _BYE_CELLS[m.kind]
    sign = "+" if m.kind is Kind.FORFEIT_WIN else "-"
    return f"{sign}F{m.opponent if m.opponent is not None else ''}"


def _short_matches(event: TeamEvent) -> list[Problem]:
    """The played matches whose two sides' game points do not sum to the boards (boards
    without a game, read with the incomplete line-ups setting): a team crosstable cannot hold
    them (its reader checks the sum)."""
    by_no = {t.start_no: t for t in event.teams}
    out = []
    for t in event.teams:
        for rnd, m in enumerate(t.rounds, start=1):
            other = by_no.get(m.opponent or 0)
            if not m.played or other is None or other.start_no < t.start_no:
                continue
            theirs = other.rounds[rnd - 1] if rnd <= len(other.rounds) else None
            if theirs is None or not theirs.played:
                continue
            a, b = event.gp_of(m), event.gp_of(theirs)
            if a + b != event.boards:
                out.append(Problem(Severity.ERROR, _(
                    "round {round}, match #{first}–#{second}: game points {a} + {b} do not "
                    "sum to the {boards} boards (boards without a game); a team crosstable "
                    "needs every board's result: complete the line-ups (TRF 300 records)",
                    round=rnd, first=t.start_no, second=other.start_no,
                    a=number_text(fmt_gp(a)), b=number_text(fmt_gp(b)),
                    boards=event.boards), _where(t, rnd, m)))
    return out


def crosstable_rows(event: TeamEvent) -> tuple[tuple[object, ...], ...]:
    """The Crosstable sheet's rows (header first) for the team event. InputError with every
    round that cannot be written."""
    header = ("No", "Team", *(f"R{r}" for r in range(1, event.rounds + 1)))
    rows: list[tuple[object, ...]] = [header]
    problems = _short_matches(event)
    for t in sorted(event.teams, key=lambda x: x.start_no):
        cells: list[object] = []
        for r in range(1, event.rounds + 1):
            try:
                cells.append(round_cell(event, t, r) if r <= len(t.rounds) else None)
            except InputError as error:
                problems += error.problems
                cells.append(None)
        rows.append((t.start_no, t.name, *cells))
    if problems:
        raise InputError(problems)
    return tuple(rows)


def _cell_number(value: Fraction, what: str) -> int | float:
    """A settings cell for match or game points: whole, or a half (the Settings sheet reads
    halves only)."""
    if not _halves(value):
        raise InputError(_("{what}: {points} points cannot be written to the Settings sheet "
                           "(it takes whole numbers and halves)", what=what,
                           points=number_text(fmt(value))))
    return int(value) if value.denominator == 1 else float(value)


def _order(event: TeamEvent) -> list[str]:
    if event.tiebreaks:
        return list(event.tiebreaks)
    default = (DEFAULT_TEAM_ROUND_ROBIN if event.type is TournamentType.PREDETERMINED
               else DEFAULT_TEAM_SWISS)
    return default.split(",")


def settings_values(event: TeamEvent) -> dict[str, object]:
    """The Settings sheet's values by field (a bye's: its MP and GP)."""
    s = event.scoring
    for x in (s.win, s.draw, s.loss):
        _cell_number(x, "match points")
    wdl = "-".join(fmt(x) for x in (s.win, s.draw, s.loss))
    values: dict[str, object] = {
        "name": event.name or None,
        "type": "Round robin" if event.type is TournamentType.PREDETERMINED else "Swiss",
        "rules": "AUTO",
        "start_date": (datetime.datetime.combine(event.start_date, datetime.time())
                       if event.start_date is not None else None),
        "boards": event.boards,
        "match_points": wdl,
        "primary": event.primary.value,
    }
    for field, kind in _SETTINGS_KINDS.items():
        what = f"{kind.value}"
        values[field] = (_cell_number(s.mp(kind), f"{what} match points"),
                         _cell_number(s.gp(kind, event.boards), f"{what} game points"))
    values["blank_rounds"] = "Absent"
    values["tiebreaks"] = _order(event)
    return values


def teams_rows(event: TeamEvent) -> tuple[tuple[object, ...], ...]:
    """The Teams sheet's rows: No, Team, Rating, Board 1 … Board k, Reserve 1 … (the players
    in board order)."""
    longest = max((len(t.roster) for t in event.teams), default=0)
    width = max(longest, event.boards)
    header = ("No", "Team", "Rating", *(f"Board {b}" for b in range(1, event.boards + 1)),
              *(f"Reserve {r}" for r in range(1, width - event.boards + 1)))
    rows: list[tuple[object, ...]] = [header]
    for t in sorted(event.teams, key=lambda x: x.start_no):
        players = [event.players[no].name if no in event.players and event.players[no].name
                   else no for no in t.roster]
        rows.append((t.start_no, t.name, t.rating, *players))
    return tuple(rows)


def boards_rows(event: TeamEvent) -> tuple[tuple[object, ...], ...]:
    """The Boards sheet's rows (header first): Round, Team, B1 … Bk for both teams of every
    played match with board results, in round order; the header alone when there are none."""
    header = ("Round", "Team", *(f"B{b}" for b in range(1, event.boards + 1)))
    rows: list[tuple[object, ...]] = [header]
    for rnd in range(1, event.rounds + 1):
        for t in sorted(event.teams, key=lambda x: x.start_no):
            if rnd > len(t.rounds):
                continue
            m = t.rounds[rnd - 1]
            if m.played and m.boards:
                rows.append((rnd, t.start_no, *_board_cells(event, m)))
    return tuple(rows)


def _board_cells(event: TeamEvent, m: Match) -> list[object]:
    """A played match's Boards cells: each board's point, ``-`` where it had no game."""
    cells: list[object] = ["-"] * event.boards  # no game: nothing for either team
    for b in m.boards:
        if 1 <= b.board <= event.boards:
            cells[b.board - 1] = _BOARD_CELLS.get(b.kind, "-")
    return cells


_POINTS: dict[object, Fraction] = {1: Fraction(1), 0.5: Fraction(1, 2), 0: Fraction(0),
                                   "+": Fraction(1), "-": Fraction(0)}


def _agree(mine: object, theirs: object) -> bool:
    """True when two teams' points on the same board fit (they sum to 1, or both lost)."""
    return _POINTS[mine] + _POINTS[theirs] == 1 or mine == theirs == "-"


MAX_LISTED = 12
"""Matches named one by one in a refusal; the rest are counted."""


def unpaired_boards(event: TeamEvent) -> list[Problem]:
    """The played matches whose two teams' boards do not pair by board number (team A's board
    k is not the other side of team B's board k: boards numbered by roster position, as in
    some legacy ``013`` files): the Boards sheet cannot hold them, its reader checks each
    board's two sides."""
    by_no = {t.start_no: t for t in event.teams}
    found: list[Problem] = []
    for t in sorted(event.teams, key=lambda x: x.start_no):
        for rnd, m in enumerate(t.rounds, start=1):
            other = by_no.get(m.opponent or 0)
            if not (m.played and m.boards) or other is None or other.start_no < t.start_no:
                continue
            theirs = other.rounds[rnd - 1] if rnd <= len(other.rounds) else None
            if theirs is None or not (theirs.played and theirs.boards):
                continue
            pairs = zip(_board_cells(event, m), _board_cells(event, theirs), strict=True)
            bad = next((k for k, (a, b) in enumerate(pairs, start=1) if not _agree(a, b)), None)
            if bad is not None:
                found.append(Problem(Severity.ERROR, _(
                    "round {round}, match #{first}–#{second}: board {board} of one team is "
                    "not the other side of the other's board {board} (boards numbered by "
                    "roster position?)", round=rnd, first=t.start_no, second=other.start_no,
                    board=bad), _where(t, rnd, m)))
    if len(found) > MAX_LISTED:
        more = len(found) - MAX_LISTED
        found = [*found[:MAX_LISTED], Problem(Severity.ERROR, _("and {count} more matches",
                                                                count=more))]
    if found:
        found.append(Problem(Severity.ERROR, _(
            "the Boards sheet pairs the boards by number: write the workbook without the "
            "board results (--without-boards; the board tie-breaks BC, TBR, BBE and the EDE "
            "forms with them are then undefined)"), event.source))
    return found


def not_written(event: TeamEvent, boards: bool = True) -> list[str]:
    """What the input holds that the workbook does not (said beside the path written;
    ``boards``: the board results were written)."""
    out = []
    if any(t.federation for t in event.teams):
        out.append(_("the teams' federations"))
    if event.players:
        out.append(_("the players' ratings and individual games (the team tie-breaks use "
                     "neither)"))
    if not boards and event.board_data:
        out.append(_("the board results (the board tie-breaks are undefined in the workbook)"))
    elif boards and any(m.played and m.boards and len({b.board for b in m.boards}) < event.boards
                        for t in event.teams for m in t.rounds):
        out.append(_("boards without a game are written '-' for both teams (they score "
                     "nothing, as read)"))
    return out


def event_book(event: TeamEvent, boards: bool = True) -> TeamBook:
    """The team workbook's contents for the event (``boards``: with its board results, when
    it has them). InputError for what cannot be written."""
    if not event.teams:
        raise InputError(_("the event has no teams"), event.source)
    if not event.rounds_known:
        raise InputError(_("a round-robin grid has no rounds to write: give the event as a "
                           "team crosstable or TRF (one column per round)"), event.source)
    rows = crosstable_rows(event)
    if boards:
        problems = unpaired_boards(event)
        if problems:
            raise InputError(problems)
    board_rows = boards_rows(event) if boards else boards_rows(_without_boards(event))
    book = TeamBook(event.name or Path(event.source).stem or _("Team event"), rows,
                    settings_values(event), teams_rows(event), board_rows, event)
    _reads_back(book)
    return book


def _reads_back(book: TeamBook) -> None:
    """InputError unless the Crosstable, Settings and Boards rows read back as a team workbook
    is read (nothing is written that the tool itself could not read)."""
    labels = {field: label for label, field, _ in TEAM_SETTINGS_ROWS}
    cells = [(labels[f], *(v if isinstance(v, tuple) else (v, None)))
             for f, v in book.settings.items() if f != "tiebreaks"]
    settings, problems = read_team_settings_rows(
        cells, lambda r, c: _("Settings row {row}", row=r + 2))
    try:
        if problems:
            raise InputError(problems)
        event = read_team_crosstable(book.rows, boards=settings.boards,
                                     scoring=settings.scoring(), sheet=CROSSTABLE)
        if len(book.boards) > 1:
            apply_boards(event, book.boards, sheet=BOARDS)
    except InputError as error:  # a case the writer does not know: said, not written
        raise InputError([Problem(Severity.ERROR, _("the workbook would not read back: "
                                                    "{problem}", problem=p.message), p.where)
                          for p in error.problems]) from error


def _without_boards(event: TeamEvent) -> TeamEvent:
    """The event without its board results (the matches as the crosstable holds them)."""
    teams = [t.replace(rounds=[m.replace(boards=()) for m in t.rounds])
             for t in event.teams]
    return event.replace(teams=teams)


def write_team_event_workbook(event: TeamEvent, path: str | os.PathLike[str],
                              boards: bool = True) -> Path:
    """Write the team event as a team workbook to ``path`` (``.xlsx``, or ``.xlsm`` with the
    template's VBA project; ``boards``: with its board results); returns the path. The caller
    refuses an existing file (``--force``). InputError for another suffix or what cannot be
    written (nothing is written then)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".xlsx", ".xlsm"):
        raise InputError(_("{out}: expected a .xlsx or .xlsm file name", out=target))
    book = event_book(event, boards)
    workbook = build_team_workbook(vba=suffix == ".xlsm", book=book, module=target.stem)
    # every team gets a row of the function sheets (arrays grown past the template's),
    # and a viewer without the add-in shows the values
    save_with_values(workbook, target, len(event.teams))
    return target
