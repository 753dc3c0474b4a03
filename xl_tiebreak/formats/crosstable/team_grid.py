"""A team round-robin grid (spreadsheet range or CSV text) read into a team event.

Layout: the settings rows of a team crosstable above the header (``Boards`` required unless
given by the caller; ``Match points``, ``Primary``, ``Start date``; ``Cycles``: how many times
each pair meets, default the most results found in a cell), then the **header row**: a
``Team`` column, optionally ``No`` (or ``#``; else the rows are numbered 1, 2, 3 …), and one
column per team headed by its number (``1`` … ``n``); other columns (``Pts``, ``MP``, ``GP`` …)
are ignored. One row per team; the cell in row A, column B holds what team A scored against
team B:

- game points, ``2½`` (``2.5``, ``2,5``), from 0 to the boards;
- ``+`` / ``-``: the match won / lost by forfeit (``-`` on both sides: a double forfeit);
- several cycles: one result per cycle, separated by spaces or ``/`` (``2½ 1½``);
- the diagonal empty (or ``x``, ``*``); an empty pair: not played (yet).

Checked: each result has its mirror (A's cell against B and B's against A hold as many
results), game points sum to the boards, a forfeit win faces a forfeit loss. Every problem
names its cell; all are reported at once.

A grid has no rounds: the event is a round robin (forfeits count as matches, 15.2) whose
matches are placed in rounds by the circle method (cycle by cycle) only to build the model;
tie-breaks that depend on the order of the rounds (PS, FB, AOB/F) and intermediate standings
are refused (:attr:`xl_tiebreak.model.teams.TeamEvent.rounds_known`; docs/decisions.md D58).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.formats.crosstable.team_reader import _key, _Reader, _text, csv_rows, fmt_gp
from xl_tiebreak.i18n import _
from xl_tiebreak.model.teams import Match, Team, TeamEvent, TeamScoring, match_result
from xl_tiebreak.model.tournament import BlankRounds, InputError, Kind, TournamentType
from xl_tiebreak.util.cells import is_blank, quoted
from xl_tiebreak.util.numbers import parse_number

_DIAGONAL = ("", "x", "*", "×", "—")
_SPLIT = re.compile(r"[\s/;]+")
_GP = re.compile(r"(\d{1,3}(?:[.,]\d+)?)?(½)?")

GridEntry = Fraction | Kind
"""One result of a grid cell: the game points scored, or FORFEIT_WIN / FORFEIT_LOSS."""


def parse_grid_cell(text: str) -> list[GridEntry] | None:
    """The results of a grid cell, one per cycle; None when it is not a grid cell."""
    out: list[GridEntry] = []
    for token in (t for t in _SPLIT.split(text.strip()) if t):
        if token in ("+", "+F", "+f"):
            out.append(Kind.FORFEIT_WIN)
            continue
        if token in ("-", "-F", "-f"):
            out.append(Kind.FORFEIT_LOSS)
            continue
        m = _GP.fullmatch(token)
        if not m or not (m.group(1) or m.group(2)):
            return None
        value = parse_number(m.group(1)) if m.group(1) else Fraction(0)
        out.append(value + (Fraction(1, 2) if m.group(2) else 0))
    return out


def _cell_text(cell: object) -> str:
    """A grid cell as text; a number from a spreadsheet (2.5) as its decimal form."""
    if isinstance(cell, float) and not cell.is_integer():
        return repr(cell)
    return _text(cell)


def _header_number(cell: object) -> int | None:
    """A team column's header: a whole number (``3``, ``3.0`` from a spreadsheet)."""
    if isinstance(cell, bool) or is_blank(cell):
        return None
    if isinstance(cell, (int, float)):
        return int(cell) if float(cell).is_integer() and cell >= 1 else None
    text = str(cell).strip()
    return int(text) if (text.isascii() and text.isdigit()) and 1 <= int(text) <= 9999 else None


def is_team_grid(values: Sequence[Sequence[object]], boards: int | None = None) -> bool:
    """True when a range is a team round-robin grid: a team crosstable's ``Team`` header (and
    the boards known) with numbered team columns holding bare game points, ``+``/``-``."""
    rows = [list(r) for r in values]
    has_boards = boards is not None
    for h, row in enumerate(rows):
        keys = [_key(c) for c in row]
        if keys[:1] == ["boards"]:
            has_boards = True
        if "team" not in keys:
            continue
        cols = [c for c, cell in enumerate(row) if _header_number(cell) is not None]
        body = [r for r in rows[h + 1:] if not all(is_blank(c) for c in r)]
        if not has_boards or len(cols) < 2 or len(cols) != len(body):
            return False
        texts = [_cell_text(r[c]) if c < len(r) else "" for r in body for c in cols]
        return all(t.lower() in _DIAGONAL or parse_grid_cell(t) is not None for t in texts)
    return False


def circle_rounds(n: int) -> list[list[tuple[int, int]]]:
    """One cycle of a round robin of ``n`` teams (indices 0…n−1) by the circle method: the
    pairs of each round (a team paired with ``n`` when ``n`` is odd rests)."""
    m = n + n % 2
    order = list(range(m))
    out = []
    for _step in range(m - 1):
        out.append([(order[k], order[m - 1 - k]) for k in range(m // 2)])
        order = [order[0], order[-1], *order[1:-1]]
    return out


class _GridReader(_Reader):
    """The settings rows as a team crosstable reads them, then the grid."""

    def read_grid(self, cycles: int | None) -> TeamEvent:
        header = None
        for r, row in enumerate(self.values):
            keys = [_key(c) for c in row]
            if "team" in keys:
                header = r
                break
            if keys and keys[0] == "cycles":
                cycles = self.cycles_setting(r, row[1] if len(row) > 1 else None)
            elif keys and keys[0] in ("boards", "matchpoints", "mp", "primary", "startdate"):
                self.setting(r, keys[0], row[1] if len(row) > 1 else None)
        if header is None:
            raise InputError(_("a team grid needs a header row with a 'Team' column"),
                             self.source)
        if self.boards is None and not self.problems:
            self.error(_("a team grid needs the boards per match: a 'Boards' row above the "
                         "header (Boards, 4) or the option --teams BOARDS"), header, 0)
        keys = [_key(c) for c in self.values[header]]
        team_col = keys.index("team")
        no_col = next((i for i, k in enumerate(keys) if k in ("no", "#", "sno", "nr")), None)
        columns: dict[int, int] = {}
        for c, cell in enumerate(self.values[header]):
            n = _header_number(cell)
            if n is not None and c not in (team_col, no_col):
                columns.setdefault(n, c)
        if self.problems:
            raise InputError(self.problems)
        return self.read_cells(header, team_col, no_col, columns, cycles)

    def cycles_setting(self, r: int, value: object) -> int | None:
        text = _text(value)
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 20:
            self.error(_("Cycles: expected a whole number from 1 to 20, not {text}",
                         text=quoted(text)), r, 1)
            return None
        return int(text)

    def read_cells(self, header: int, team_col: int, no_col: int | None,
                   columns: dict[int, int], cycles: int | None) -> TeamEvent:
        assert self.boards is not None
        teams: list[Team] = []
        rows: dict[int, int] = {}
        for r in range(header + 1, len(self.values)):
            row = self.values[r]
            team = self.team_of_row(r, row, team_col, no_col, len(teams) + 1, rows)
            if team is None:
                continue
            no = team.start_no
            teams.append(team)
            rows[no] = r
        numbers = sorted(rows)
        if sorted(columns) != numbers:
            self.error(_("the team columns are headed {columns}; the teams are numbered "
                         "{numbers}: one column per team, headed by its number",
                         columns=sorted(columns), numbers=numbers), header, team_col)
            raise InputError(self.problems)
        grid: dict[tuple[int, int], list[GridEntry]] = {}
        for a in numbers:
            for b in numbers:
                r, c = rows[a], columns[b]
                row = self.values[r]
                text = _cell_text(row[c] if c < len(row) else None)
                if a == b:
                    if text.lower() not in _DIAGONAL:
                        self.error(_("team {no} against itself: the diagonal cell must be "
                                     "empty, not {text}", no=a, text=quoted(text)), r, c)
                    continue
                entries = parse_grid_cell(text)
                if entries is None:
                    self.error(_("against team {no}: {text} is not a grid result (game points "
                                 "such as 2½, + or - for a forfeit, one per cycle)", no=b,
                                 text=quoted(text)), r, c)
                    continue
                if cycles is not None and len(entries) > cycles:
                    self.error(_("against team {no}: {count} results for {cycles} cycle(s)",
                                 no=b, count=len(entries), cycles=cycles), r, c)
                for e in entries:
                    if isinstance(e, Fraction) and not (e <= self.boards
                                                        and (e * 2).denominator == 1):
                        self.error(_("against team {no}: {gp} game points on {boards} boards",
                                     no=b, gp=fmt_gp(e), boards=self.boards), r, c)
                grid[a, b] = entries
        if self.problems:
            raise InputError(self.problems)
        self.check_pairs(grid, rows, columns, numbers)
        if self.problems:
            raise InputError(self.problems)
        found = max((len(v) for v in grid.values()), default=0)
        return self.build_event(teams, grid, rows, columns, max(cycles or found, 1))

    def check_pairs(self, grid: dict[tuple[int, int], list[GridEntry]], rows: dict[int, int],
                    columns: dict[int, int], numbers: list[int]) -> None:
        for a in numbers:
            for b in numbers:
                if a >= b or (a, b) not in grid or (b, a) not in grid:
                    continue
                mine, theirs = grid[a, b], grid[b, a]
                r, c = rows[a], columns[b]
                there = self.where(rows[b], columns[a])
                if len(mine) != len(theirs):
                    self.error(_("team {no} has {count} result(s) against team {opp}, but "
                                 "{there} has {other}", no=a, count=len(mine), opp=b,
                                 there=there, other=len(theirs)), r, c)
                    continue
                for k, (x, y) in enumerate(zip(mine, theirs), start=1):
                    cycle = _("cycle {k}: ", k=k) if len(mine) > 1 else ""
                    if isinstance(x, Fraction) and isinstance(y, Fraction):
                        if x + y != self.boards:
                            self.error(cycle + _("game points {gp} + {other} (at {there}) do "
                                                 "not sum to the {boards} boards", gp=fmt_gp(x),
                                                 other=fmt_gp(y), there=there,
                                                 boards=self.boards), r, c)
                    elif isinstance(x, Fraction) or isinstance(y, Fraction):
                        self.error(cycle + _("a played match against team {no} here, a "
                                             "forfeit at {there}", no=b, there=there), r, c)
                    elif x is Kind.FORFEIT_WIN and y is Kind.FORFEIT_WIN:
                        self.error(cycle + _("both teams {no} and {opp} won by forfeit (+ at "
                                             "{there}); write - on one side", no=a, opp=b,
                                             there=there), r, c)

    def build_event(self, teams: list[Team], grid: dict[tuple[int, int], list[GridEntry]],
              rows: dict[int, int], columns: dict[int, int], cycles: int) -> TeamEvent:
        assert self.boards is not None
        numbers = [t.start_no for t in teams]
        schedule = circle_rounds(len(teams))
        n = len(teams)
        unplayed = []
        for cycle in range(cycles):
            for pairs in schedule:
                ingoing: dict[int, Match] = {}
                for x, y in pairs:
                    if x >= n or y >= n:
                        for z in (x, y):
                            if z < n:
                                ingoing[z] = Match(Kind.ZPB,
                                                   where=_("rest (odd number of teams)"))
                        continue
                    a, b = numbers[x], numbers[y]
                    ea, eb = grid.get((a, b), []), grid.get((b, a), [])
                    if cycle >= len(ea) or cycle >= len(eb):
                        unplayed.append(f"#{min(a, b)}–#{max(a, b)}"
                                        + (_(" (cycle {k})", k=cycle + 1) if cycles > 1 else ""))
                        ingoing[x] = ingoing[y] = Match(Kind.ZPB, where=_("not played"))
                        continue
                    ingoing[x] = self.grid_match(ea[cycle], eb[cycle], b, rows[a], columns[b])
                    ingoing[y] = self.grid_match(eb[cycle], ea[cycle], a, rows[b], columns[a])
                for i, t in enumerate(teams):
                    t.rounds.append(ingoing[i])
        if unplayed:
            self.notes.append(_("matches not played (empty pairs of cells): {matches}; they "
                                "count nothing", matches=", ".join(sorted(set(unplayed)))))
        self.notes.append(_("a round-robin grid has no rounds: tie-breaks that depend on the "
                            "order of the rounds and intermediate standings are not available"))
        scoring = self.scoring or TeamScoring()
        if self.win_draw_loss is not None:
            w, d, lo = self.win_draw_loss
            scoring = scoring.replace(win=w, draw=d, loss=lo)
        return TeamEvent(teams, self.boards, len(schedule) * cycles, scoring,
                         TournamentType.PREDETERMINED, self.primary, self.start_date,
                         source=self.source, notes=self.notes, rounds_known=False,
                         primary_from=self.primary_from)

    def grid_match(self, own: GridEntry, other: GridEntry, opponent: int, r: int, c: int) -> Match:
        where = self.where(r, c)
        if isinstance(own, Fraction) and isinstance(other, Fraction):
            return Match(match_result(own, other), opponent, None, own, where=where)
        assert isinstance(own, Kind)
        return Match(own, opponent, where=where)


def read_team_grid(
    values: Sequence[Sequence[object]], *, boards: int | None = None,
    scoring: TeamScoring | None = None, cycles: int | None = None, source: str = "",
    sheet: str = "", first_row: int = 1, first_col: int = 1,
) -> TeamEvent:
    """Read a team round-robin grid range (2-D values, header row after the optional settings
    rows; ``first_row``/``first_col``: where the range starts, for the cell names)."""
    reader = _GridReader(values, boards, scoring, BlankRounds.ABSENT, source, sheet,
                         first_row, first_col)
    return reader.read_grid(cycles)


def read_csv_team_grid(text: str, *, boards: int | None = None,
                       scoring: TeamScoring | None = None, source: str = "") -> TeamEvent:
    """Read a team round-robin grid from CSV text (see the module text)."""
    return read_team_grid(csv_rows(text), boards=boards, scoring=scoring, source=source)
