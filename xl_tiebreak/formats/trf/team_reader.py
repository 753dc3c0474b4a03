"""TRF26 team files (and TRF16 files with ``013`` team records) read into a team event.

Records (columns 1-based, inclusive; the facts measured with the FIDE checker):

- ``310`` team: number 5–7, name 9–40, federation 42–46, strength 48–53, MP 55–60, GP 62–67,
  rank 69–71, players' start numbers in 4-digit fields from 74, step 5; else the TRF16 ``013``
  (name 5–36, players from 37, step 5; teams numbered in order);
- ``320`` team PABs: MP 5–8, GP 10–13, then per round the team in 3-digit fields from 15,
  step 4;
- ``330`` whole-match forfeits with the scheduled opponent: type 5–6 (``+-``, ``-+``, ``--``),
  round 8–10, white team 12–14, black team 16–18;
- ``240`` team byes: type 5 (``F``/``H``/``Z``), round 7–9, teams in 4-digit fields from 11,
  step 5;
- ``300`` line-up when not in roster order: round 5–7, team 9–11, opponent 13–15, players from
  17, step 5 (0 = empty board);
- ``352`` colours of the first team's boards (``WBWB``; also the team size), ``362`` match
  points (``TW 2.0 TD 1.0 TL 0.0``), ``299`` points of unplayed kinds (type 5, MP 8–11,
  GP 14–17, round 20–22, teams from 24, step 5), ``192`` pairing system (also the primary
  score: ``…_GP_MP`` = game points first), ``202``/``212`` tie-breaks.

Matches are built from the ``001`` board games: a player's board is its place among the team's
players of that round in roster order unless a ``300`` record says otherwise; a match's GP is the
sum of its boards; a team with no game in a round is absent. Draft-2025 files (330 for byes,
340 for forfeits) are refused with that explanation.
"""

from __future__ import annotations

import os
from fractions import Fraction

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.i18n import _
from xl_tiebreak.model.teams import (
    BoardGame,
    Match,
    Score,
    Team,
    TeamEvent,
    TeamScoring,
    match_result,
)
from xl_tiebreak.model.tournament import (
    Color,
    InputError,
    Kind,
    Participant,
    Problem,
    Record,
    Severity,
    TournamentType,
    kind_text,
    looks_like_round_robin,
)
from xl_tiebreak.util.numbers import fmt_half, parse_number
from xl_tiebreak.util.os_reasons import os_reason
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES, decode_text, read_capped

_BYE_240 = {"F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB, "U": Kind.PAB}
_KIND_299 = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "F": Kind.FPB, "H": Kind.HPB,
             "Z": Kind.ZPB, "U": Kind.PAB}
_RESULT_299 = {"W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS}
_BOARD_POINTS = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.FORFEIT_WIN: Fraction(1)}


def is_team_trf(text: str) -> bool:
    """True when a TRF text has team records (``310`` or ``013``)."""
    return any(line[:3] in ("310", "013") for line in _lines(text))


def primary_of_192(code: str) -> Score | None:
    """The primary score named by a TRF ``192`` tournament-type code (see
    ``_TeamReader.read_192``); None when the code names none."""
    code = code.strip().upper()
    for part, score in (("_MP_GP", Score.MP), ("_GP_MP", Score.GP), ("_MP", Score.MP),
                        ("_GP", Score.GP)):
        if part in code:
            return score
    if code in ("FIDE_TEAM", "FIDE_TEAM_BAKU"):
        return Score.MP
    return None


def read_team_trf(path: str | os.PathLike[str], *, incomplete: bool = False) -> TeamEvent:
    """Read a team TRF file (see :func:`parse_team_trf`)."""
    name = os.fspath(path)
    try:
        data = read_capped(name)
    except OSError as exc:
        raise InputError(_("cannot read the file: {reason}", reason=os_reason(exc)),
                         name) from exc
    return parse_team_trf(data, os.path.basename(name), incomplete=incomplete)


def parse_team_trf(text: str | bytes, source: str = "", *,
                   incomplete: bool = False) -> TeamEvent:
    """Parse a team TRF into a team event; InputError lists every problem with its line.

    ``incomplete``: accept matches with fewer games than boards (the boards without a game
    score nothing for either team), with a warning naming them; otherwise they are errors.
    """
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(_("the file is larger than {size} MB",
                           size=MAX_INPUT_BYTES // (1024 * 1024)), source)
    text = decode_text(text) if isinstance(text, bytes) else text.removeprefix("\ufeff")
    return _TeamReader(source, incomplete).read(text)


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _col(line: str, a: int, b: int) -> str:
    return line[a - 1 : b]


def _int(text: str) -> int | None:
    s = text.strip()
    return int(s) if s.isascii() and s.isdigit() else None


def _fields(line: str, start: int, width: int, step: int) -> list[int]:
    """Integers in fixed fields from column ``start`` (blank fields skipped)."""
    out = []
    col = start
    while col <= len(line):
        value = _int(_col(line, col, col + width - 1))
        if value:
            out.append(value)
        col += step
    return out


class _TeamReader:
    def __init__(self, source: str, incomplete: bool) -> None:
        self.source = source
        self.incomplete = incomplete
        self.problems: list[Problem] = []
        self.notes: list[str] = []
        self.teams: list[Team] = []
        self.colors = ""
        self.scoring = TeamScoring()
        self.primary: Score | None = None
        self.primary_from = ""
        self.pab: dict[tuple[int, int], str] = {}
        self.byes: dict[tuple[int, int], tuple[Kind, str]] = {}
        self.forfeits: dict[tuple[int, int], tuple[Kind, int | None, Color | None, str]] = {}
        self.lineups: dict[tuple[int, int], tuple[list[int], str]] = {}
        self.explicit: dict[tuple[int, int], tuple[Fraction | None, Fraction | None, str]] = {}
        """(round, team) → MP, GP set by a 299 record for that round, and its line."""
        self.results: dict[tuple[int, int], Kind] = {}
        """(round, team) → the match result a 299 W/D/L record gives a played match."""

    def error(self, message: str, line_no: int) -> None:
        self.problems.append(Problem(Severity.ERROR, message, _line(line_no)))

    def read(self, text: str) -> TeamEvent:
        lines = _lines(text)
        self.refuse_draft(lines)
        players = parse_trf(text, source=self.source)
        has_310 = any(line[:3] == "310" for line in lines)
        for no, line in enumerate(lines, start=1):
            key = line[:3]
            if key == "310" or (key == "013" and not has_310):
                self.read_team(line, no, key)
            elif key == "320":
                self.read_320(line, no)
            elif key == "330":
                self.read_330(line, no)
            elif key == "240":
                self.read_240(line, no)
            elif key == "300":
                self.read_300(line, no)
            elif key == "352":
                self.colors = line[4:].strip().upper()
            elif key == "362":
                self.read_362(line, no)
            elif key == "299":
                self.read_299(line, no)
            elif key == "192":
                self.read_192(line, no)
        if not self.teams:
            raise InputError(_("no team records (310 or 013) found"), self.source)
        if self.problems:
            raise InputError(self.problems)
        parts = {p.start_no: p for p in players.participants}
        rounds = max(players.rounds, max((r for r, _ in self.pab), default=0),
                     max((r for r, _ in self.byes), default=0),
                     max((r for r, _ in self.forfeits), default=0))
        boards = self.build_rounds(parts, rounds)
        if self.problems:
            raise InputError(self.problems)
        # nothing declares it: the score the declared list starts with (docs/decisions.md D88)
        primary = self.primary or (
            Score.GP if players.tiebreaks[:1] and players.tiebreaks[0].upper() == "GPTS"
            else Score.MP)
        event = TeamEvent(
            self.teams, boards, rounds, self.scoring, players.type, primary,
            players.start_date, players.name, list(players.tiebreaks), parts, self.source,
            notes=self.notes, primary_from=self.primary_from,
        )
        says_swiss = any(line[:3] in ("092", "192") and "SWISS" in line.upper()
                         for line in lines)
        if players.type is TournamentType.SWISS or players.type_inferred:
            # the players' pairings say nothing about the teams': infer on the teams unless
            # the file says Swiss
            event.type = TournamentType.SWISS
            event.type_inferred = False
            if not says_swiss and looks_like_round_robin(event.as_tournament().participants):
                event.type = TournamentType.PREDETERMINED
                event.type_inferred = True
        return event

    def refuse_draft(self, lines: list[str]) -> None:
        for no, line in enumerate(lines, start=1):
            draft_bye = line[:3] == "330" and _col(line, 5, 6).strip() not in ("+-", "-+", "--")
            if line[:3] == "340" or draft_bye:
                raise InputError(_(
                    "a draft TRF-2025 team file: it writes team byes as 330 and forfeited "
                    "matches as 340 records; TRF26 writes byes as 240 and forfeits as 330. "
                    "Rewrite these records (the FIDE TEC sample was adapted the same way) — "
                    "reading them as TRF26 would misread byes as forfeits"), _line(no))

    # -- records -------------------------------------------------------------------------------
    def read_team(self, line: str, no: int, key: str) -> None:
        if key == "310":
            number = _int(_col(line, 5, 7))
            if number is None:
                self.error(_("310 record: team number (cols 5–7) is not a number"), no)
                return
            team = Team(number, _col(line, 9, 40).strip(), _fields(line, 74, 4, 5),
                        _int(_col(line, 48, 53)) or None, _col(line, 42, 46).strip(),
                        where=_line(no))
            team.declared_mp = _number(_col(line, 55, 60))
            team.declared_gp = _number(_col(line, 62, 67))
            team.declared_rank = _int(_col(line, 69, 71))
        else:
            team = Team(len(self.teams) + 1, _col(line, 5, 36).strip(),
                        _fields(line, 37, 4, 5), where=_line(no))
        self.teams.append(team)

    def read_320(self, line: str, no: int) -> None:
        mp, gp = _number(_col(line, 5, 8)), _number(_col(line, 10, 13))
        earlier = self.scoring.source(Kind.PAB)
        if earlier.endswith("(299)"):
            self.notes.append(_("line {line}: the 320 record sets the PAB to {mp} MP, {gp} GP; "
                                "the 299 U record ({earlier}) is not used", line=no,
                                mp=_shown(mp), gp=_shown(gp), earlier=earlier))
        self.scoring = self.scoring.with_unplayed(Kind.PAB, mp, gp, f"{_line(no)} (320)")
        col, rnd = 15, 1
        while col <= len(line):
            team = _int(_col(line, col, col + 2))
            if team:
                self.pab[rnd, team] = _line(no)
            col += 4
            rnd += 1

    def read_330(self, line: str, no: int) -> None:
        kind = _col(line, 5, 6)
        rnd, white, black = _int(_col(line, 8, 10)), _int(_col(line, 12, 14)), \
            _int(_col(line, 16, 18))
        if not rnd or not white or not black:
            self.error(_("330 record: round (cols 8–10), white team (12–14) and black team "
                         "(16–18) must be numbers"), no)
            return
        w = Kind.FORFEIT_WIN if kind[0] == "+" else Kind.FORFEIT_LOSS
        b = Kind.FORFEIT_WIN if kind[1] == "+" else Kind.FORFEIT_LOSS
        self.forfeits[rnd, white] = (w, black, Color.WHITE, _line(no))
        self.forfeits[rnd, black] = (b, white, Color.BLACK, _line(no))

    def read_240(self, line: str, no: int) -> None:
        kind = _BYE_240.get(_col(line, 5, 5).upper())
        rnd = _int(_col(line, 7, 9))
        if kind is None or not rnd:
            self.error(_("240 record: type (col 5) F, H or Z and a round (cols 7–9) expected"),
                       no)
            return
        for team in _fields(line, 11, 4, 5):
            self.byes[rnd, team] = (kind, _line(no))

    def read_192(self, line: str, no: int) -> None:
        """The primary score a ``192`` tournament-type code names: ``…_MP_GP`` and ``…_MP``
        match points, ``…_GP_MP`` and ``…_GP`` game points (``FIDE_TEAM_GP``,
        ``CUSTOM_TEAM_SWISS_GP``), ``FIDE_TEAM`` and ``FIDE_TEAM_BAKU`` match points; any other
        code declares none (docs/decisions.md D89)."""
        code = line[4:].strip().upper()
        score = primary_of_192(code)
        if score is not None:
            self.primary = score
            self.primary_from = _("192 {code} (line {line})", code=code, line=no)

    def read_300(self, line: str, no: int) -> None:
        rnd, team = _int(_col(line, 5, 7)), _int(_col(line, 9, 11))
        if not rnd or not team:
            self.error(_("300 record: round (cols 5–7) and team (9–11) expected"), no)
            return
        players = []
        col = 17
        while col <= len(line):
            players.append(_int(_col(line, col, col + 3)) or 0)
            col += 5
        self.lineups[rnd, team] = (players, _line(no))

    def read_362(self, line: str, no: int) -> None:
        words = line[4:].split()
        values = dict(zip(words[::2], words[1::2]))
        try:
            self.scoring = self.scoring.replace(win=parse_number(values.get("TW", "2")),
                draw=parse_number(values.get("TD", "1")), loss=parse_number(values.get("TL", "0")))
        except ValueError:
            self.error(_("362 record: expected 'TW 2.0 TD 1.0 TL 0.0'"), no)

    def read_299(self, line: str, no: int) -> None:
        code = _col(line, 5, 5).upper()
        if code in _RESULT_299:
            # W/D/L name the result of one team's round: only with a round and teams
            if not (_int(_col(line, 20, 22)) and _fields(line, 24, 4, 5)):
                self.error(_("299 record: type {code} (a match result) needs the round (cols "
                             "20–22) and the teams (from col 24)", code=code), no)
                return
            kind = _RESULT_299[code]
        else:
            found = _KIND_299.get(code)
            if found is None:
                self.error(_("299 record: point adjustments without a type (col 5) are not "
                             "read; give the type (+, -, F, H, Z, U; W, D, L for one round)"), no)
                return
            kind = found
        mp, gp = _number(_col(line, 8, 11)), _number(_col(line, 14, 17))
        rnd = _int(_col(line, 20, 22))
        teams = _fields(line, 24, 4, 5)
        outside = [c for c in (6, 7, 12, 13, 18, 19, 23) if _col(line, c, c).strip()]
        if outside:
            cols = ", ".join(str(c) for c in outside)
            self.notes.append(
                _("line {line}: the 299 record is not aligned to its columns (type 5, MP 8–11, "
                  "GP 14–17, round 20–22, teams from 24); characters in column(s) {cols} were "
                  "ignored: read as {kind} = {mp} MP, {gp} GP", line=no, cols=cols,
                  kind=kind_text(kind), mp=_shown(mp), gp=_shown(gp))
                + (_(", round {round}", round=rnd) if rnd else _(", for every round")))
        if rnd and teams:
            for team in teams:
                self.explicit[rnd, team] = (mp, gp, f"{_line(no)} (299)")
                if code in _RESULT_299:
                    self.results[rnd, team] = kind
        elif kind is Kind.PAB and self.scoring.source(Kind.PAB).endswith("(320)"):
            self.notes.append(_("line {line}: the 299 U record is not used: the 320 record "
                                "({where}) sets the PAB", line=no,
                                where=self.scoring.source(Kind.PAB)))
        else:
            self.scoring = self.scoring.with_unplayed(kind, mp, gp, f"{_line(no)} (299)")

    # -- matches -------------------------------------------------------------------------------
    def build_rounds(self, parts: dict[int, Participant], rounds: int) -> int:
        """Every team's matches; returns the boards per match (352, else the most boards seen
        in a match)."""
        team_of: dict[int, int] = {}
        for t in self.teams:
            for p in t.roster:
                team_of.setdefault(p, t.start_no)
        for p in parts:
            if p not in team_of:
                self.problems.append(Problem(
                    Severity.ERROR, _("player {no} is in no team's roster", no=p),
                    parts[p].where))
        raw: dict[tuple[int, int], tuple[list[BoardGame], int | None, str]] = {}
        for t in self.teams:
            for r in range(1, rounds + 1):
                raw[r, t.start_no] = self.boards_of(t, r, parts, team_of)
        gp_of = {key: sum((b.points for b in games), Fraction(0))
                 for key, (games, _, _) in raw.items()}
        boards = len(self.colors) or max(
            (self.filled(raw, key) for key, (_, opp, _) in raw.items() if opp is not None),
            default=0)
        for t in self.teams:
            for r in range(1, rounds + 1):
                t.rounds.append(self.match(t, r, raw, gp_of, boards))
        return boards

    @staticmethod
    def filled(raw: dict[tuple[int, int], tuple[list[BoardGame], int | None, str]],
               key: tuple[int, int]) -> int:
        """Boards of a match with a result: games, and board forfeits of either team whose
        opponent board was empty."""
        games, opp, _ = raw[key]
        own = sum(1 for b in games if b.opponent is not None or b.kind is Kind.FORFEIT_WIN)
        if opp is None:
            return own
        other = raw.get((key[0], opp), ([], None, ""))[0]
        return own + sum(1 for b in other if b.opponent is None and b.kind is Kind.FORFEIT_WIN)

    def boards_of(self, t: Team, r: int, parts: dict[int, Participant],
                  team_of: dict[int, int]) -> tuple[list[BoardGame], int | None, str]:
        """The board games of team t in round r, the opposing team, and the place."""
        lineup, where = self.lineups.get((r, t.start_no), ([], ""))
        if not lineup:
            lineup = [p for p in t.roster if p in parts and _active(parts[p].record(r))]
        games: list[BoardGame] = []
        opponents: set[int] = set()
        for board, p in enumerate(lineup, start=1):
            if not p or p not in parts:
                continue
            rec = parts[p].record(r)
            where = where or rec.where
            if rec.opponent is not None:
                opp_team = team_of.get(rec.opponent)
                if opp_team is not None:
                    opponents.add(opp_team)
            games.append(BoardGame(board, p, rec.opponent, rec.color, rec.kind,
                                   _BOARD_POINTS.get(rec.kind, Fraction(0))))
        if len(opponents) > 1:
            names = ", ".join(f"#{b.player}" for b in games)
            self.problems.append(Problem(
                Severity.ERROR, _("round {round}, team #{no} {name}: its players ({players}) "
                                  "played against players of teams {teams}", round=r,
                                  no=t.start_no, name=t.name, players=names,
                                  teams=", ".join(f"#{o}" for o in sorted(opponents))), where))
        return games, (opponents.pop() if len(opponents) == 1 else None), where

    def match(self, t: Team, r: int, raw: dict[tuple[int, int], tuple[list[BoardGame],
              int | None, str]], gp_of: dict[tuple[int, int], Fraction], boards: int) -> Match:
        key = (r, t.start_no)
        mp, gp, set_by = self.explicit.get(key, (None, None, ""))
        self.note_double_entry(t, r)
        if key in self.forfeits:
            kind, opp, color, where = self.forfeits[key]
            return Match(kind, opp, color, gp, mp, where=where, set_by=set_by)
        if key in self.byes:
            kind, where = self.byes[key]
            return Match(kind, gp=gp, mp=mp, where=where, set_by=set_by)
        if key in self.pab:
            return Match(Kind.PAB, gp=gp, mp=mp, where=self.pab[key], set_by=set_by)
        games, opp, where = raw[key]
        if opp is None:
            kinds = {b.kind for b in games}
            for kind in (Kind.FORFEIT_WIN, Kind.PAB, Kind.FPB, Kind.HPB):
                if kind in kinds:
                    return Match(kind, gp=gp, mp=mp, where=where, set_by=set_by)
            # absent (no game, no bye record): nothing, whatever a 299 Z sets for recorded
            # zero-point byes (240 Z), as the FIDE checker (docs/decisions.md D59)
            return Match(Kind.ZPB, gp=Fraction(0), mp=Fraction(0), where=where)
        played = [b for b in games if b.opponent is not None]
        filled = self.filled(raw, key)
        if filled < boards:
            names = f"#{t.start_no}–#{opp}"
            text = _("round {round}, match {names}: {filled} board(s) with a result for "
                     "{boards} boards (team #{no} {name}); add 300 line-up records", round=r,
                     names=names, filled=filled, boards=boards, no=t.start_no, name=t.name)
            if self.incomplete:
                if t.start_no < opp:
                    self.notes.append(text + _("; read with the boards without a game empty "
                                               "(the incomplete line-ups setting)"))
            else:
                self.problems.append(Problem(
                    Severity.ERROR, text + _(", or read it with the incomplete line-ups setting "
                                             "(--incomplete-lineups): boards without a game "
                                             "then score nothing"), where))
        # the result over the board, unless a 299 W/D/L record sets it; the GP awarded may
        # differ from the boards' (abnormal points: a 299 record for the round)
        result = self.results.get(key) or match_result(gp_of[key], gp_of[r, opp])
        color = played[0].color if played else None
        own = gp_of[key] if gp is None else gp
        return Match(result, opp, color, own, mp, tuple(games), where=where, set_by=set_by)


    def note_double_entry(self, t: Team, r: int) -> None:
        """A warning when a team's round is written by more than one unplayed record (a 330
        forfeit, a 240 bye, a 320 PAB): the first of them is read, in that order (the TEC
        sample gives team 50 a PAB and an HPB in round 3: tests/KNOWN_DIFFERENCES.md T3)."""
        key = (r, t.start_no)
        found = ([_("a 330 forfeit ({where})", where=self.forfeits[key][3])]
                 if key in self.forfeits else [])
        if key in self.byes:
            found.append(_("a 240 {kind} ({where})", kind=kind_text(self.byes[key][0]),
                           where=self.byes[key][1]))
        if key in self.pab:
            found.append(_("a 320 PAB ({where})", where=self.pab[key]))
        if len(found) > 1:
            self.notes.append(_("round {round}, team #{no} {name}: written as {found}; read as "
                                "{first}", round=r, no=t.start_no, name=t.name,
                                found=_(" and as ").join(found), first=found[0]))


def _line(no: int) -> str:
    """The place of a record: ``line 12``."""
    return _("line {line}", line=no)


def _active(rec: Record) -> bool:
    """True when a player took part in the round (a game, a board forfeit, a bye)."""
    return rec.kind is not Kind.ZPB or rec.opponent is not None


def _shown(value: Fraction | None) -> str:
    """A 299 value in a message: ``2½``, or ``no value`` for an empty field."""
    return "no value" if value is None else fmt_half(value)


def _number(text: str) -> Fraction | None:
    s = text.strip()
    if not s:
        return None
    try:
        return parse_number(s)
    except ValueError:
        return None
