"""A team crosstable (spreadsheet range or CSV text) read into a team event.

Layout (docs/engineering.md D53): optional **settings rows** above the header, each a key in its
first cell and the value in the next:

==================  ===========================================================================
``Boards``          boards per match (required, unless given by the caller: ``--teams BOARDS``)
``Match points``    ``2-1-0`` (default) or ``3-1-0`` (win-draw-loss; also ``MP``)
``Primary``         ``MP`` (default) or ``GP``: the score that ranks first
``Start date``      the event's start date (for the rule set of ``--rules auto``)
``Type``            ``Swiss`` (default) or ``Round robin``
``PAB``, ``HPB`` …  two cells: the match points and game points of that bye (``PAB, 1, 2`` as in
                    E7; an empty cell keeps the default, docs/decisions.md D25)
==================  ===========================================================================

then the **header row**: a ``Team`` column (required: it is what makes the range a team
crosstable), ``No`` (or ``#``; else the rows are numbered 1, 2, 3 …) and the rounds ``R1`` …
``Rn`` (or ``1`` … ``n``); other columns (``Pts``, ``MP``, ``GP``, ``Rank`` …) are ignored. One
row per team; a round cell is

- ``8w2½``: against team 8, white on board 1, scored 2½ game points (``8b2.5``; ``8-2½`` when
  the colour is not known); the match points follow from both teams' GP by the match scoring;
- ``+F6`` / ``-F1``: the match won / lost by forfeit against team 6 / 1; the opponent is optional
  (``+F``, ``-F``); ``-F`` on both sides of a pair is a double forfeit;
- ``PAB`` (``U``), ``HPB`` (``H``), ``FPB`` (``F``), ``ZPB`` (``Z``): the byes, scored as
  :class:`~xl_tiebreak.model.teams.TeamScoring` says (docs/decisions.md D25);
- empty: per the blank-round setting (an absence by default, a half-point bye with
  ``half-point-bye``), every such cell named in a warning; empty cells after a team's last
  entry are rounds it has not reached.

Checked: each played cell has its mirror (team 8's cell of that round is against this team),
the two sides' GP sum to the boards, colours are opposite, a forfeit's opponent has the
opposite forfeit. Every problem names its cell; all are reported at once.

A team crosstable has no board results, so the board tie-breaks (BC, TBR, BBE, the EDE forms
that use them) are undefined with a warning (:mod:`xl_tiebreak.standings.team_evaluation`).

Detection (:func:`is_team_crosstable`) needs both a ``Team`` header and the boards (a
``Boards`` settings row, or the caller's ``boards``): an individual crosstable has neither a
``Boards`` row nor that option, so it is never read as a team one.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Container, Sequence
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.model.teams import Match, Score, Team, TeamEvent, TeamScoring, match_result
from xl_tiebreak.model.tournament import (
    BlankRounds,
    Color,
    InputError,
    Kind,
    Problem,
    Severity,
    TournamentType,
)
from xl_tiebreak.util.cells import cell_name, is_blank, quoted, sheet_ref
from xl_tiebreak.util.dates import date_value
from xl_tiebreak.util.numbers import from_float, parse_number
from xl_tiebreak.util.plain import Frozen
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES, DecodeError, csv_table

_PLAYED = re.compile(r"(\d{1,4})\s*([wWbB-])\s*(\d+(?:[.,]\d+)?\s*½?|½)")
_FORFEIT = re.compile(r"([+-])\s*[fF]\s*(\d{1,4})?")
_BYES = {"PAB": Kind.PAB, "U": Kind.PAB, "HPB": Kind.HPB, "H": Kind.HPB, "FPB": Kind.FPB,
         "F": Kind.FPB, "ZPB": Kind.ZPB, "Z": Kind.ZPB,
         # Portuguese: folga (the pairing bye), meio ponto, ausente / ausência
         "FOLGA": Kind.PAB, "MEIO PONTO": Kind.HPB, "AUSENTE": Kind.ZPB, "AUSÊNCIA": Kind.ZPB,
         "AUSENCIA": Kind.ZPB}
_OPPOSITE: dict[Color | None, Color] = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}
_BYE_SETTINGS = {"pab": Kind.PAB, "hpb": Kind.HPB, "fpb": Kind.FPB, "zpb": Kind.ZPB}
_SETTINGS = ("boards", "matchpoints", "mp", "primary", "startdate", "type")


class TeamCell(Frozen):
    """One round cell read: its kind, opponent, colour and GP (None for byes and forfeits)."""

    kind: Kind
    """PLAYED cells are WIN here until both sides are known; byes and forfeits as written."""
    opponent: int | None = None
    color: Color | None = None
    gp: Fraction | None = None

    @property
    def played(self) -> bool:
        """True for a match played over the board."""
        return self.gp is not None


_PORTUGUESE_KEYS = {
    "equipe": "team", "nº": "no", "n°": "no", "número": "no", "numero": "no",
    "tabuleiros": "boards", "pontosdematch": "matchpoints", "principal": "primary",
    "pontuaçãoprincipal": "primary", "pontuacaoprincipal": "primary",
    "datadeinício": "startdate", "datadeinicio": "startdate", "datainicial": "startdate",
    "tipo": "type", "turnos": "cycles", "folga": "pab", "rodada": "round", "tabuleiro": "board",
    "brancas": "white", "negras": "black", "pretas": "black", "resultado": "result",
    "pontos": "points", "equipedebrancas": "whiteteam", "equipedenegras": "blackteam",
    "equipedepretas": "blackteam", "suíço": "swiss", "suico": "swiss",
    "todoscontratodos": "roundrobin",
}
"""Portuguese labels of a team crosstable, a team grid and a board table (``Equipe``,
``Tabuleiros``, ``Pontos de match``, ``Rodada``, ``Brancas``…) and of their values (``Suíço``,
``Todos contra todos``), as the English key they mean (../shared/spec/glossary-pt-BR.md)."""
_PORTUGUESE_ROUND = re.compile(r"(?:rodada|rod)(\d{1,3})|(\d{1,3})[ªº°]?(?:rodada|rod)")
"""``Rodada 1``, ``Rod. 1``, ``1ª Rodada`` (keys without spaces and dots)."""


def _key(cell: object) -> str:
    """A label compared without case, spaces, ``_`` and dots; a Portuguese label as the
    English key it means (:data:`_PORTUGUESE_KEYS`)."""
    if is_blank(cell):
        return ""
    key = re.sub(r"[\s_.]", "", str(cell)).lower()
    return _PORTUGUESE_KEYS.get(key, key)


def _text(cell: object) -> str:
    if is_blank(cell):
        return ""
    if isinstance(cell, float):
        return str(int(cell)) if cell.is_integer() else str(from_float(cell))
    return str(cell).strip()


def parse_team_cell(text: str) -> TeamCell | None:
    """A round cell of a team crosstable (see the module text); None when it is not one."""
    s = text.strip()
    by = _BYES.get(" ".join(s.upper().split()))
    if by is not None:
        return TeamCell(by)
    m = _FORFEIT.fullmatch(s)
    if m:
        kind = Kind.FORFEIT_WIN if m.group(1) == "+" else Kind.FORFEIT_LOSS
        return TeamCell(kind, int(m.group(2)) if m.group(2) else None)
    m = _PLAYED.fullmatch(s)
    if m:
        try:
            gp = parse_number(m.group(3))
        except ValueError:
            return None
        c = m.group(2).lower()
        color = Color.WHITE if c == "w" else Color.BLACK if c == "b" else None
        return TeamCell(Kind.WIN, int(m.group(1)), color, gp)
    return None


def _round_no(cell: object) -> int | None:
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        return int(cell) if float(cell).is_integer() and cell >= 1 else None
    key = _key(cell)
    m = re.fullmatch(r"(?:r|rd|round)?(\d{1,3})", key)
    if m is None:
        portuguese = _PORTUGUESE_ROUND.fullmatch(key)
        number = portuguese and (portuguese.group(1) or portuguese.group(2))
        return int(number) if number and int(number) >= 1 else None
    return int(m.group(1)) if int(m.group(1)) >= 1 else None


def is_team_crosstable(values: Sequence[Sequence[object]], boards: int | None = None) -> bool:
    """True when a range is a team crosstable: a header row with a ``Team`` column, and the
    boards known (a ``Boards`` settings row above it, or ``boards`` given)."""
    has_boards = boards is not None
    for row in values:
        keys = [_key(c) for c in row]
        if "team" in keys:
            return has_boards
        if keys[:1] == ["boards"]:
            has_boards = True
    return False


class _Reader:
    def __init__(self, values: Sequence[Sequence[object]], boards: int | None,
                 scoring: TeamScoring | None, blank_rounds: BlankRounds, source: str,
                 sheet: str, first_row: int, first_col: int) -> None:
        self.values = [list(r) for r in values]
        self.boards = boards
        self.scoring = scoring
        self.blank_rounds = blank_rounds
        self.source = source
        self.sheet = sheet
        self.first_row = first_row
        self.first_col = first_col
        self.problems: list[Problem] = []
        self.notes: list[str] = []
        self.primary = Score.MP
        self.primary_from = ""
        self.start_date: datetime.date | None = None
        self.type = TournamentType.SWISS
        self.win_draw_loss: tuple[Fraction, Fraction, Fraction] | None = None
        self.byes: list[tuple[Kind, Fraction | None, Fraction | None, str]] = []
        """Bye settings rows: kind, MP, GP and the row's cell (for explanations)."""

    def where(self, r: int, c: int) -> str:
        ref = cell_name(self.first_row + r, self.first_col + c)
        return sheet_ref(self.sheet, ref) if self.sheet else _("cell {name}", name=ref)

    def error(self, message: str, r: int, c: int) -> None:
        self.problems.append(Problem(Severity.ERROR, message, self.where(r, c)))

    def bye_setting(self, r: int, kind: Kind, cells: list[object]) -> None:
        """``PAB, 1, 2``: the MP and GP of a bye kind (an empty cell keeps the default)."""
        values: list[Fraction | None] = []
        for c, cell in enumerate([*cells, None, None][:2], start=1):
            text = _text(cell)
            try:
                values.append(parse_number(text) if text else None)
            except ValueError:
                self.error(_("{bye}: expected its match points and game points (e.g. {bye}, "
                             "1, 2), not {text}", bye=kind.name, text=quoted(text)), r, c)
                return
        self.byes.append((kind, values[0], values[1], self.where(r, 0)))

    def setting(self, r: int, key: str, value: object) -> None:
        text = _text(value)
        if key == "boards":
            try:
                n = int(parse_number(text))
            except ValueError:
                n = 0
            if not 1 <= n <= 64 or str(n) != text.split(".")[0]:
                self.error(_("Boards: expected a whole number of boards from 1 to 64, not "
                             "{text}", text=quoted(text)), r, 1)
            elif self.boards is not None and self.boards != n:
                self.error(_("Boards {n}: the option says {boards}", n=n, boards=self.boards),
                           r, 1)
            else:
                self.boards = n
        elif key in ("matchpoints", "mp"):
            parts = re.split(r"\s*[-/]\s*", text)
            try:
                w, d, lo = (parse_number(p) for p in parts)
                self.win_draw_loss = (w, d, lo)
            except ValueError:
                self.error(_("Match points: expected win-draw-loss such as 2-1-0 or 3-1-0, "
                             "not {text}", text=quoted(text)), r, 1)
        elif key == "primary":
            if text.upper() not in ("MP", "GP", "PT"):  # PT: pontos de tabuleiro, game points
                self.error(_("Primary: expected MP or GP, not {text}", text=quoted(text)), r, 1)
            self.primary = Score.GP if text.upper() in ("GP", "PT") else Score.MP
            self.primary_from = _("Primary {score} ({where})", score=text.upper(),
                                  where=self.where(r, 1))
        elif key == "startdate":
            self.start_date = date_value(value)
            if self.start_date is None:
                self.error(_("Start date: not a date: {text}", text=quoted(text)), r, 1)
        elif key == "type":
            k = _key(value)
            if k in ("roundrobin", "rr"):
                self.type = TournamentType.PREDETERMINED
            elif k != "swiss":
                self.error(_("Type: expected Swiss or Round robin, not {text}",
                             text=quoted(text)), r, 1)

    def read(self) -> TeamEvent:
        header = None
        for r, row in enumerate(self.values):
            keys = [_key(c) for c in row]
            if "team" in keys:
                header = r
                break
            if keys and keys[0] in _BYE_SETTINGS:
                self.bye_setting(r, _BYE_SETTINGS[keys[0]], row[1:3])
            elif keys and keys[0] in _SETTINGS:
                self.setting(r, keys[0], row[1] if len(row) > 1 else None)
        if header is None:
            raise InputError(_("a team crosstable needs a header row with a 'Team' column"),
                             self.source)
        if self.boards is None and not self.problems:
            self.error(_("a team crosstable needs the boards per match: a 'Boards' row above "
                         "the header (Boards, 4) or the option --teams BOARDS"), header, 0)
        keys = [_key(c) for c in self.values[header]]
        team_col = keys.index("team")
        no_col = next((i for i, k in enumerate(keys) if k in ("no", "#", "sno", "nr",
                                                              "startno")), None)
        rounds: dict[int, int] = {}
        for c, cell in enumerate(self.values[header]):
            n = _round_no(cell)
            if n is not None and c not in (team_col, no_col) and n not in rounds:
                rounds[n] = c
        if not rounds:
            self.error(_("no round columns (R1, R2 … or 1, 2 …) in the header"), header,
                       team_col)
        elif sorted(rounds) != list(range(1, len(rounds) + 1)):
            self.error(_("round columns {rounds}: expected R1 … R{n}", rounds=sorted(rounds),
                         n=len(rounds)), header, team_col)
        if self.problems:
            raise InputError(self.problems)
        return self.read_body(header, team_col, no_col, rounds)

    def team_of_row(self, r: int, row: Sequence[object], team_col: int, no_col: int | None,
                    default_no: int, seen: Container[int]) -> Team | None:
        """The team of body row ``r`` (its number from the No column, else ``default_no``);
        None for an empty row, or after an error for an unreadable or repeated number."""
        if all(is_blank(c) for c in row):
            return None
        no = default_no
        if no_col is not None:
            text = _text(row[no_col] if no_col < len(row) else None)
            if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 9999:
                self.error(_("team number: expected a whole number, not {text}",
                             text=quoted(text)), r, no_col)
                return None
            no = int(text)
        if no in seen:
            self.error(_("team number {no} is used twice", no=no), r, no_col or 0)
            return None
        name = _text(row[team_col] if team_col < len(row) else None)
        return Team(no, name, where=self.where(r, team_col))

    def read_body(self, header: int, team_col: int, no_col: int | None,
                  rounds: dict[int, int]) -> TeamEvent:
        assert self.boards is not None
        teams: list[Team] = []
        cells: dict[int, dict[int, tuple[TeamCell | None, int, int]]] = {}
        for r in range(header + 1, len(self.values)):
            row = self.values[r]
            team = self.team_of_row(r, row, team_col, no_col, len(teams) + 1, cells)
            if team is None:
                continue
            no = team.start_no
            teams.append(team)
            cells[no] = {}
            for rnd, c in rounds.items():
                text = _text(row[c] if c < len(row) else None)
                if not text:
                    cells[no][rnd] = (None, r, c)
                    continue
                cell = parse_team_cell(text)
                if cell is None:
                    self.error(_("round {round}: {text} is not a team result (8w2½, +F6, -F1, "
                                 "PAB, HPB, FPB, ZPB)", round=rnd, text=quoted(text)), r, c)
                elif cell.gp is not None and not (0 <= cell.gp <= self.boards
                                                  and (cell.gp * 2).denominator == 1):
                    self.error(_("round {round}: {gp} game points on {boards} boards",
                                 round=rnd, gp=fmt_gp(cell.gp),
                                 boards=self.boards), r, c)
                cells[no][rnd] = (cell, r, c)
        if self.problems:
            raise InputError(self.problems)
        self.check_mirrors(cells)
        if self.problems:
            raise InputError(self.problems)
        n_rounds = max((rnd for byr in cells.values() for rnd, (cell, _, _) in byr.items()
                        if cell is not None), default=0)
        blanks = []
        for t in teams:
            last = max((rnd for rnd, (cell, _, _) in cells[t.start_no].items()
                        if cell is not None), default=0)
            for rnd in range(1, last + 1):
                cell, r, c = cells[t.start_no][rnd]
                if cell is None:
                    blanks.append(self.where(r, c))
                t.rounds.append(self.match(cell, cells, rnd, self.where(r, c)))
        if blanks:
            if self.blank_rounds is BlankRounds.HALF_POINT_BYE:
                taken = _("empty round cells read as half-point byes (blank rounds = {value}): "
                          "{cells}", value=self.blank_rounds.value, cells=", ".join(blanks))
            else:
                taken = _("empty round cells read as absences (zero-point byes) (blank rounds = "
                          "{value}): {cells}", value=self.blank_rounds.value,
                          cells=", ".join(blanks))
            self.notes.append(taken)
        scoring = self.scoring or TeamScoring()
        if self.win_draw_loss is not None:
            w, d, lo = self.win_draw_loss
            scoring = scoring.replace(win=w, draw=d, loss=lo)
        for kind, mp, gp, where in self.byes:
            scoring = scoring.with_unplayed(kind, mp, gp, where)
        return TeamEvent(teams, self.boards, n_rounds, scoring, self.type, self.primary,
                         self.start_date, source=self.source, notes=self.notes,
                         primary_from=self.primary_from)

    def match(self, cell: TeamCell | None,
              cells: dict[int, dict[int, tuple[TeamCell | None, int, int]]], rnd: int,
              where: str) -> Match:
        if cell is None:
            kind = Kind.HPB if self.blank_rounds is BlankRounds.HALF_POINT_BYE else Kind.ZPB
            return Match(kind, where=where)
        if cell.gp is None:
            return Match(cell.kind, cell.opponent, cell.color, where=where)
        assert cell.opponent is not None
        other = cells[cell.opponent][rnd][0]
        assert other is not None and other.gp is not None
        color = cell.color or _OPPOSITE.get(other.color)
        return Match(match_result(cell.gp, other.gp), cell.opponent, color, cell.gp,
                     where=where)

    def check_mirrors(self, cells: dict[int, dict[int, tuple[TeamCell | None, int, int]]]
                      ) -> None:
        assert self.boards is not None
        for no, byr in cells.items():
            for rnd, (cell, r, c) in byr.items():
                if cell is None or cell.opponent is None:
                    continue
                opp = cell.opponent
                if opp == no:
                    self.error(_("round {round}: team {no} against itself", round=rnd, no=no),
                               r, c)
                    continue
                if opp not in cells:
                    self.error(_("round {round}: no team {no}", round=rnd, no=opp), r, c)
                    continue
                other, orow, ocol = cells[opp].get(rnd, (None, 0, 0))
                there = (self.where(orow, ocol) if rnd in cells[opp]
                         else _("team {no}", no=opp))
                if cell.played:
                    if other is None or not other.played or other.opponent != no:
                        self.error(_("round {round}: team {no} played team {opp}, but {there} "
                                     "does not say {no}…", round=rnd, no=no, opp=opp,
                                     there=there), r, c)
                    elif no < opp:
                        assert cell.gp is not None and other.gp is not None
                        if cell.gp + other.gp != self.boards:
                            self.error(_("round {round}: game points {gp} + {other} (at "
                                         "{there}) do not sum to the {boards} boards",
                                         round=rnd, gp=fmt_gp(cell.gp),
                                         other=fmt_gp(other.gp), there=there,
                                         boards=self.boards), r, c)
                        if cell.color is not None and cell.color == other.color:
                            self.error(_("round {round}: both teams {no} and {opp} have "
                                         "board 1 {colour} ({there})", round=rnd, no=no,
                                         opp=opp, colour=_colour_name(cell.color),
                                         there=there), r, c)
                else:
                    win = cell.kind is Kind.FORFEIT_WIN
                    ok = (other is not None and not other.played
                          and other.kind in (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN)
                          and other.opponent in (None, no)
                          and (other.kind is Kind.FORFEIT_LOSS or not win))
                    if not ok:
                        self.error(_("round {round}: a forfeit against team {opp}, but {there} "
                                     "is not the opposite forfeit ({sign}F{no} or -F{no})",
                                     round=rnd, opp=opp, there=there,
                                     sign="-" if win else "+", no=no), r, c)


def _colour_name(color: Color) -> str:
    """``white`` or ``black`` in the language in force."""
    return _("white", "colour") if color is Color.WHITE else _("black", "colour")


def fmt_gp(value: Fraction) -> str:
    """Game points as written in a cell (``2½``)."""
    whole, half = divmod(value * 2, 2)
    return f"{int(whole) or ''}½" if half else str(int(whole))


def read_team_crosstable(
    values: Sequence[Sequence[object]], *, boards: int | None = None,
    scoring: TeamScoring | None = None, blank_rounds: BlankRounds = BlankRounds.ABSENT,
    source: str = "", sheet: str = "", first_row: int = 1, first_col: int = 1,
) -> TeamEvent:
    """Read a team crosstable range (2-D values, header row after the optional settings rows;
    ``first_row``/``first_col``: where the range starts, for the cell names in messages)."""
    if blank_rounds is BlankRounds.DECLARED:
        raise InputError(_("blank rounds = declared: a team crosstable has no declared points "
                           "to decide by; choose absent or half-point-bye"), source)
    return _Reader(values, boards, scoring, blank_rounds, source, sheet, first_row,
                   first_col).read()


def csv_rows(text: str, source: str = "") -> list[list[str]]:
    """The rows of a CSV text (:func:`~xl_tiebreak.util.text_files.csv_table`: delimiter
    ``,``, ``;`` or tab, any line ends). Raises InputError naming the line of what cannot be
    read."""
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(_("the text is larger than {size} MB",
                           size=MAX_INPUT_BYTES // (1024 * 1024)))
    try:
        return csv_table(text)
    except DecodeError as exc:
        raise InputError(str(exc), f"{source}, {exc.where}" if source else exc.where) from None


def read_csv_team_crosstable(
    text: str, *, boards: int | None = None, scoring: TeamScoring | None = None,
    blank_rounds: BlankRounds = BlankRounds.ABSENT, source: str = "",
) -> TeamEvent:
    """Read a team crosstable from CSV text (see the module text)."""
    return read_team_crosstable(csv_rows(text, source), boards=boards, scoring=scoring,
                                blank_rounds=blank_rounds, source=source)
