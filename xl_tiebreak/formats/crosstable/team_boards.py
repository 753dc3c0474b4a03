"""Board results added to a team event read without them (a team crosstable or grid), for the
board tie-breaks (Art. 12: BC, TBR, BBE and the EDE forms that end with them).

Two layouts, told apart by the header row (the first row with a ``Round`` column):

- **one row per team per round**: ``Round``, ``Team`` (its number or name), then the board
  points, one column per board (``B1`` … ``Bk``, ``Board 1`` …) or all in one ``Boards`` /
  ``Points`` cell (``1 ½ 0 1``); a point is ``1``, ``½`` (``0.5``), ``0``, or ``+`` / ``-``
  for a board won / lost by forfeit. A match needs the row of one team: the other team's
  boards are the complements (a board is worth 1) unless its row is given too;
- **one row per game**: ``Round``, ``Board``, ``White`` and ``Black`` (the team of each side,
  number or name; ``White team`` / ``Black team`` also accepted, player columns ignored) and
  ``Result`` (``1-0``, ``½-½``, ``0-1``, ``1/2-1/2``, ``+-``, ``-+``, ``--``; ``:`` for ``-``).
  The colours become the boards' colours.

Checked: every row names a round and a team of a match played in that round, no board twice;
the sums equal the match's game points of the crosstable; a match's two rows agree board by
board (the points of a board sum to 1, or to 0 for a double forfeit). Every problem names its
row (and the match); all are reported at once. Played matches left without board rows are
listed in a warning (their board tie-breaks cannot be computed).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.formats.crosstable.team_reader import _key, _text, fmt_gp
from xl_tiebreak.i18n import _
from xl_tiebreak.model.teams import BoardGame, Match, TeamEvent
from xl_tiebreak.model.tournament import Color, InputError, Kind, Problem, Severity, kind_text
from xl_tiebreak.util.cells import is_blank, quoted, sheet_ref
from xl_tiebreak.util.numbers import parse_number
from xl_tiebreak.util.plain import Mutable

_BOARD_COL = re.compile(r"(?:b|bd|board)(\d{1,2})")
_RESULT = re.compile(r"\s*(1|0|½|1/2|0\.5|0,5|=|\+|-)\s*[-:]\s*(1|0|½|1/2|0\.5|0,5|=|\+|-)\s*")

BoardPoint = tuple[Kind, Fraction]
"""A team's result on one board: its kind (WIN/DRAW/LOSS, a board forfeit win/loss) and the
points it scores."""

_POINT_KIND = {Fraction(1): Kind.WIN, Fraction(1, 2): Kind.DRAW, Fraction(0): Kind.LOSS}


def parse_board_point(text: str) -> BoardPoint | None:
    """One board's result for a team: ``1``, ``½``, ``0``, ``+``, ``-``; None otherwise."""
    s = text.strip().upper()
    if s in ("+F", "-F"):
        s = s[0]
    if s == "+":
        return Kind.FORFEIT_WIN, Fraction(1)
    if s == "-":
        return Kind.FORFEIT_LOSS, Fraction(0)
    if s in ("½", "1/2", "="):
        return Kind.DRAW, Fraction(1, 2)
    try:
        value = parse_number(s)
    except ValueError:
        return None
    kind = _POINT_KIND.get(value)
    return None if kind is None else (kind, value)


def parse_result(text: str) -> tuple[BoardPoint, BoardPoint] | None:
    """A game's result, white's and black's board point: ``1-0``, ``½-½``, ``+-``, ``--``…"""
    if text.strip() in ("--", "-:-", "- -"):  # a double forfeit on the board
        return (Kind.FORFEIT_LOSS, Fraction(0)), (Kind.FORFEIT_LOSS, Fraction(0))
    m = _RESULT.fullmatch(text)
    if not m:
        return None
    white, black = parse_board_point(m.group(1)), parse_board_point(m.group(2))
    if white is None or black is None:
        return None
    forfeits = (white[0] in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)) + (
        black[0] in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS))
    if forfeits == 1 or (forfeits == 0 and white[1] + black[1] != 1) or (
            forfeits == 2 and white[0] is black[0] is Kind.FORFEIT_WIN):
        return None
    return white, black


def _complement(p: BoardPoint) -> BoardPoint:
    kind, points = p
    if kind is Kind.FORFEIT_WIN:
        return Kind.FORFEIT_LOSS, Fraction(0)
    if kind is Kind.FORFEIT_LOSS:
        return Kind.FORFEIT_WIN, Fraction(1)
    return _POINT_KIND[1 - points], 1 - points


def _at(row: list[object], c: int | None) -> object:
    """The cell in column c of a row (None past its end)."""
    return row[c] if c is not None and c < len(row) else None


def _point_text(cell: object) -> str:
    """A board point cell as text (0.5 from a spreadsheet as ``0.5``)."""
    if isinstance(cell, float) and not cell.is_integer():
        return repr(cell)
    return _text(cell)


class _Side(Mutable):
    """One team's boards in one round, as read, and the row that gave them."""

    points: dict[int, BoardPoint]
    colors: dict[int, Color]
    where: str


class _Reader:
    def __init__(self, event: TeamEvent, rows: Sequence[Sequence[object]], source: str,
                 sheet: str, first_row: int) -> None:
        self.event = event
        self.rows = [list(r) for r in rows]
        self.source = source
        self.sheet = sheet
        self.first_row = first_row
        self.problems: list[Problem] = []
        self.by_no = {t.start_no: i for i, t in enumerate(event.teams)}
        self.by_name = {t.name.strip().lower(): t.start_no for t in event.teams if t.name}
        self.sides: dict[tuple[int, int], _Side] = {}

    def where(self, r: int) -> str:
        """``Boards, row 7``, ``boards.csv, row 7`` or ``row 7``."""
        place = _("row {row}", row=self.first_row + r)
        if self.sheet:
            return f"{sheet_ref(self.sheet)}, {place}"
        return f"{self.source}, {place}" if self.source else place

    def error(self, message: str, r: int | None) -> None:
        where = self.where(r) if r is not None else (self.sheet or self.source)
        self.problems.append(Problem(Severity.ERROR, message, where))

    def team(self, cell: object, r: int, what: str) -> int | None:
        text = _text(cell)
        no = int(text) if (text.isascii() and text.isdigit()) else self.by_name.get(text.lower())
        if no is None or no not in self.by_no:
            labels = {"team": _("team"), "white team": _("white team"),
                      "black team": _("black team")}
            self.error(_("{what}: {text} is not a team of the event", what=labels.get(what, what),
                         text=quoted(text)), r)
            return None
        return no

    def round_no(self, cell: object, r: int) -> int | None:
        text = _text(cell)
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= self.event.rounds:
            self.error(_("round: expected 1 to {n}, not {text}", n=self.event.rounds,
                         text=quoted(text)), r)
            return None
        return int(text)

    def match_of(self, no: int, rnd: int, r: int) -> Match | None:
        m = self.event.match(self.by_no[no], rnd)
        if not m.played:
            self.error(_("round {round}: team #{no} played no match over the board ({kind}); "
                         "board results are for played matches", round=rnd, no=no,
                         kind=kind_text(m.kind)), r)
            return None
        return m

    # -- layouts --------------------------------------------------------------------------
    def read(self) -> TeamEvent:
        header = next((r for r, row in enumerate(self.rows)
                       if any(_key(c) in ("round", "rd", "rnd") for c in row)), None)
        if header is None:
            raise InputError(_("a board table needs a header row with a 'Round' column"),
                             self.sheet or self.source)
        keys = [_key(c) for c in self.rows[header]]
        if "result" in keys:
            self.read_games(header, keys)
        else:
            self.read_team_rows(header, keys)
        if self.problems:
            raise InputError(self.problems)
        return self.apply()

    def read_team_rows(self, header: int, keys: list[str]) -> None:
        k = self.event.boards
        rnd_col = next(c for c, key in enumerate(keys) if key in ("round", "rd", "rnd"))
        team_col = next((c for c, key in enumerate(keys) if key in ("team", "no", "#")), None)
        board_cols: dict[int, int] = {}
        for c, key in enumerate(keys):
            m = _BOARD_COL.fullmatch(key)
            if m:
                board_cols.setdefault(int(m.group(1)), c)
        one_col = next((c for c, key in enumerate(keys) if key in ("boards", "points")), None)
        if team_col is None:
            self.error(_("one row per team per round needs a 'Team' column (or one row per "
                         "game with 'Board', 'White', 'Black' and 'Result')"), header)
            return
        if board_cols and sorted(board_cols) != list(range(1, k + 1)):
            self.error(_("board columns {columns}: expected B1 … B{k} ({k} boards per match)",
                         columns=sorted(board_cols), k=k), header)
            return
        if not board_cols and one_col is None:
            self.error(_("no board columns: B1 … B{k}, or one 'Boards' column holding the "
                         "points (1 ½ 0 1)", k=k), header)
            return
        for r in range(header + 1, len(self.rows)):
            row = self.rows[r]
            if all(is_blank(c) for c in row):
                continue
            rnd = self.round_no(_at(row, rnd_col), r)
            no = self.team(_at(row, team_col), r, "team")
            if board_cols:
                texts = [_point_text(_at(row, board_cols[b])) for b in range(1, k + 1)]
            else:
                texts = [t for t in re.split(r"[\s;/]+", _text(_at(row, one_col))) if t]
            if len(texts) != k or any(not t for t in texts):
                self.error(_("{count} board result(s) for {k} boards",
                             count=sum(1 for t in texts if t), k=k), r)
                continue
            points = [parse_board_point(t) for t in texts]
            bad = [t for t, p in zip(texts, points) if p is None]
            if bad:
                self.error(_("{text} is not a board result (1, ½, 0, + or -)",
                             text=quoted(bad[0])), r)
                continue
            if rnd is None or no is None or self.match_of(no, rnd, r) is None:
                continue
            self.add(no, rnd, {b: p for b, p in enumerate(points, start=1) if p is not None},
                     {}, r)

    def read_games(self, header: int, keys: list[str]) -> None:
        def col(*names: str) -> int | None:
            return next((c for c, key in enumerate(keys) if key in names), None)

        rnd_col, board_col = col("round", "rd", "rnd"), col("board", "bd", "brd")
        white_col, black_col = col("white", "whiteteam"), col("black", "blackteam")
        result_col = col("result")
        missing = [n for n, c in (("Board", board_col), ("White", white_col),
                                  ("Black", black_col)) if c is None]
        if missing:
            self.error(_("one row per game needs the columns Round, Board, White, Black and "
                         "Result; missing: {missing}", missing=", ".join(missing)), header)
            return
        assert rnd_col is not None and board_col is not None and white_col is not None
        assert black_col is not None and result_col is not None
        games: dict[tuple[int, int], dict[int, tuple[BoardPoint, Color, int]]] = {}
        for r in range(header + 1, len(self.rows)):
            row = self.rows[r]
            if all(is_blank(c) for c in row):
                continue
            rnd = self.round_no(_at(row, rnd_col), r)
            text = _text(_at(row, board_col))
            board = int(text) if (text.isascii() and text.isdigit()) else 0
            if not 1 <= board <= self.event.boards:
                self.error(_("board: expected 1 to {n}, not {text}", n=self.event.boards,
                             text=quoted(text)), r)
            white = self.team(_at(row, white_col), r, "white team")
            black = self.team(_at(row, black_col), r, "black team")
            result = parse_result(_text(_at(row, result_col)))
            if result is None:
                self.error(_("result {text}: expected 1-0, ½-½, 0-1, +-, -+ or --",
                             text=quoted(_text(_at(row, result_col)))), r)
                continue
            if rnd is None or white is None or black is None or not board:
                continue
            if white == black:
                self.error(_("team #{no} on both sides", no=white), r)
                continue
            mw = self.match_of(white, rnd, r)
            if mw is None:
                continue
            if mw.opponent != black:
                self.error(_("round {round}: team #{no} played #{opp}, not #{other}",
                             round=rnd, no=white, opp=mw.opponent, other=black), r)
                continue
            for no, point, color in ((white, result[0], Color.WHITE),
                                     (black, result[1], Color.BLACK)):
                boards = games.setdefault((rnd, no), {})
                if board in boards:
                    self.error(_("round {round}, board {board} of team #{no} is given twice "
                                 "(also {where})", round=rnd, board=board, no=no,
                                 where=self.where(boards[board][2])), r)
                    continue
                boards[board] = (point, color, r)
        for (rnd, no), boards in games.items():
            first = min(x[2] for x in boards.values())
            missing_boards = [b for b in range(1, self.event.boards + 1) if b not in boards]
            if missing_boards:
                opp = self.event.match(self.by_no[no], rnd).opponent
                if no < (opp or 0):
                    self.error(_("round {round}, match #{no}–#{opp}: no game on board(s) "
                                 "{boards}", round=rnd, no=no, opp=opp,
                                 boards=", ".join(map(str, missing_boards))), first)
                continue
            self.add(no, rnd, {b: x[0] for b, x in boards.items()},
                     {b: x[1] for b, x in boards.items()}, first)

    def add(self, no: int, rnd: int, points: dict[int, BoardPoint], colors: dict[int, Color],
            r: int) -> None:
        if (rnd, no) in self.sides:
            self.error(_("round {round}: the boards of team #{no} are given twice (also "
                         "{where})", round=rnd, no=no, where=self.sides[rnd, no].where), r)
            return
        self.sides[rnd, no] = _Side(points, colors, self.where(r))

    # -- checks and the new event ----------------------------------------------------------
    def apply(self) -> TeamEvent:
        ev = self.event
        for (rnd, no), side in list(self.sides.items()):
            m = ev.match(self.by_no[no], rnd)
            assert m.opponent is not None
            opp = m.opponent
            label = _("match #{first}–#{second} of round {round}", first=min(no, opp),
                      second=max(no, opp), round=rnd)
            total = sum((p for _, p in side.points.values()), Fraction(0))
            if total != ev.gp_of(m):
                self.problems.append(Problem(
                    Severity.ERROR, _("team #{no}'s boards sum to {total}, the crosstable "
                                      "gives it {gp} in the {match}", no=no, total=fmt_gp(total),
                                      gp=fmt_gp(ev.gp_of(m)), match=label), side.where))
            other = self.sides.get((rnd, opp))
            if other is None:
                mirror = {b: _complement(p) for b, p in side.points.items()}
                colors = {b: Color.BLACK if c is Color.WHITE else Color.WHITE
                          for b, c in side.colors.items()}
                self.sides[rnd, opp] = _Side(mirror, colors, side.where)
            elif no < opp:
                for b in sorted(side.points):
                    mine, theirs = side.points[b], other.points.get(b)
                    if theirs is not None and _complement(mine) != theirs and not (
                            mine[0] is theirs[0] is Kind.FORFEIT_LOSS):
                        self.problems.append(Problem(
                            Severity.ERROR, _("board {board} of the {match}: #{no} scored "
                                              "{gp}, #{opp} {other} ({where})", board=b,
                                              match=label, no=no, gp=fmt_gp(mine[1]), opp=opp,
                                              other=fmt_gp(theirs[1]), where=other.where),
                            side.where))
        if self.problems:
            raise InputError(self.problems)
        without: list[str] = []
        teams = []
        for t in ev.teams:
            rounds = []
            for rnd, m in enumerate(t.rounds, start=1):
                given = self.sides.get((rnd, t.start_no))
                if given is None:
                    if m.played and (m.opponent or 0) > t.start_no:
                        without.append(_("#{no}–#{opp} (round {round})", no=t.start_no,
                                         opp=m.opponent, round=rnd))
                    rounds.append(m)
                    continue
                games = tuple(BoardGame(b, None, None, given.colors.get(b), kind, points)
                              for b, (kind, points) in sorted(given.points.items()))
                color = m.color or given.colors.get(1)
                rounds.append(m.replace(boards=games, color=color))
            teams.append(t.replace(rounds=rounds))
        notes = list(ev.notes)
        if without:
            notes.append(_("{table}: no board results for {matches}; the board tie-breaks "
                           "cannot be computed", table=self.sheet or self.source or _(
                               "the board table"), matches=", ".join(without)))
        return ev.replace(teams=teams, notes=notes)


def apply_boards(event: TeamEvent, rows: Sequence[Sequence[object]], *, source: str = "",
                 sheet: str = "", first_row: int = 1) -> TeamEvent:
    """The event with the board results of a board table added (see the module text); a new
    event, the given one is not changed. InputError lists every problem with its row."""
    return _Reader(event, rows, source, sheet, first_row).read()


def read_csv_boards(event: TeamEvent, text: str, *, source: str = "") -> TeamEvent:
    """:func:`apply_boards` on a CSV board table."""
    from xl_tiebreak.formats.crosstable.team_reader import csv_rows

    return apply_boards(event, csv_rows(text, source), source=source)
