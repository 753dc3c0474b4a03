"""Knockout events: a bracket of matches, who advances, and standings by the stage reached.

**Who advances.** The player with more points from the regular games of the match. When they
are equal, the play-off games (rapid, blitz …) decide; their points do not count as the
player's points. When the play-off is equal too (or there is none), the Armageddon game
decides: a drawn Armageddon advances the player with Black (draw odds). A walkover advances a
player without games; a bye (no opponent) advances the player alone.

**Standings.** By the stage reached: the champion 1, the finalist 2, then the players eliminated
in the same round share a place range: semi-final losers 3–4, quarter-final losers 5–8, then
9–16, 17–32 … (the losers of round r of R share places 2^(R−r)+1 … 2^(R−r+1)). When a match for
third place was played, its winner is 3 and its loser 4. Inside a shared range players are
listed in bracket order (round, then match number). Points are the regular-game points of all
the player's matches; play-off points (Armageddon included) are shown separately.

**Bracket table** (CSV or rows of cells), one match a row; header names are case-insensitive,
in English or Portuguese (``Rodada``, ``Partida``, ``Jogador A``/``Jogador B``, ``Partidas``,
``Play-off``/``Desempate``, ``Armageddon``/``Armagedom``; ``3º`` for the match for third place,
``folga`` for a bye, ``brancas``/``pretas`` for the Armageddon colour)::

    Round   Match  Player A  Player B  Games      Play-off   Armageddon
    1       1      Ana       Bo        1-0 ½-½
    1       2      Cai       Dan       1 0        1-0 0-1    ½-½ black
    1       3      Eve       Fay       +-
    3rd     1      Bo        Dan       1-0 1-0

- ``Round``: 1, 2, … (round 1 = the first round); ``3rd`` (or ``third``, ``3rd place``) for the
  match for third place between the semi-final losers.
- ``Match``: 1, 2, … inside the round.
- ``Player A``/``Player B``: names, spelt the same in every round. An empty Player B (or
  ``bye``) is a bye: Player A advances.
- ``Games`` (also ``Games A``): the regular games from Player A's side, separated by spaces:
  ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``0.5-0.5``, ``=``), or Player A's score alone
  (``1 ½`` = A won the first game and drew the second). A walkover: ``+-`` (or ``w/o A``) for
  Player A, ``-+`` (``w/o B``) for Player B, with no other games.
- ``Play-off`` (also ``Playoff``, ``Tie-break``): the play-off games in the same notation.
- ``Armageddon``: the game from Player A's side, then Player A's colour: ``1-0 white``,
  ``½-½ black`` (drawn: Black — here Player A — advances); ``w``/``b`` for short.

Checks: every match decided (and no play-off when the regular games decided it, no Armageddon
when the play-off did), rounds 1 … R with 2^(R−r) matches in round r, nobody twice in a round,
every winner of a round plays the next one and nobody else does, the third-place match between
the semi-final losers. Errors name the row and column.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Sequence
from fractions import Fraction

from xl_tiebreak.formats.tables import Cell, csv_rows, read_table
from xl_tiebreak.i18n import N_, _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError, Problem, Severity
from xl_tiebreak.util.cells import quoted
from xl_tiebreak.util.numbers import fmt_half, parse_number
from xl_tiebreak.util.plain import Frozen, Mutable, field

HALF = Fraction(1, 2)


class Decision(enum.Enum):
    """What decided a match."""

    GAMES = "regular games"
    PLAYOFF = "play-off"
    ARMAGEDDON = "Armageddon"
    WALKOVER = "walkover"
    BYE = "bye"


class Game(Frozen):
    """One game's points for Player A and Player B (1-0, ½-½, 0-1)."""

    a: Fraction
    b: Fraction


class Armageddon(Frozen):
    """The Armageddon game: points from Player A's side and Player A's colour."""

    a: Fraction
    b: Fraction
    a_white: bool

    def a_advances(self) -> bool:
        """True when Player A advances: A won, or drew with Black (draw odds)."""
        return self.a > self.b or (self.a == self.b and not self.a_white)


class Match(Frozen):
    """One match of the bracket; ``b`` is None for a bye."""

    round: int
    """1, 2, …; for the third-place match the final's round."""
    number: int
    a: str
    b: str | None
    games: tuple[Game, ...] = ()
    playoff: tuple[Game, ...] = ()
    armageddon: Armageddon | None = None
    walkover: str = ""
    """``"a"`` or ``"b"``: the side that advances by walkover; empty otherwise."""
    third_place: bool = False
    where: str = field(default="", compare=False)

    @property
    def points(self) -> tuple[Fraction, Fraction]:
        """Regular-game points of A and B."""
        return _sum(self.games)

    @property
    def playoff_points(self) -> tuple[Fraction, Fraction]:
        """Play-off points of A and B, the Armageddon game included."""
        a, b = _sum(self.playoff)
        if self.armageddon is not None:
            a, b = a + self.armageddon.a, b + self.armageddon.b
        return a, b

    def decision(self) -> Decision:
        """What decided the match. Raises ValueError when it is not decided or inconsistent."""
        if self.b is None:
            if self.games or self.playoff or self.armageddon or self.walkover:
                raise ValueError(_("a bye has no games"))
            return Decision.BYE
        if self.walkover:
            if self.games or self.playoff or self.armageddon:
                raise ValueError(_("a walkover has no games"))
            return Decision.WALKOVER
        if not self.games:
            raise ValueError(_("no games: give the results or a walkover (+- / -+)"))
        pa, pb = self.points
        qa, qb = _sum(self.playoff)
        if pa != pb:
            if self.playoff or self.armageddon:
                raise ValueError(_("the regular games decided the match ({score}): no "
                                   "play-off or Armageddon may follow", score=_score(pa, pb)))
            return Decision.GAMES
        if self.playoff and qa != qb:
            if self.armageddon:
                raise ValueError(_("the play-off decided the match ({score}): no Armageddon "
                                   "may follow", score=_score(qa, qb)))
            return Decision.PLAYOFF
        if self.armageddon is not None:
            return Decision.ARMAGEDDON
        tied = (_("play-off {score}", score=_score(qa, qb)) if self.playoff
                else _("regular games {score}", score=_score(pa, pb)))
        raise ValueError(_("the match is not decided ({tied}): add the play-off or the "
                           "Armageddon game", tied=tied))

    @property
    def winner(self) -> str:
        """The player who advances (raises ValueError for an undecided match)."""
        return self.a if self._a_advances() else str(self.b)

    @property
    def loser(self) -> str | None:
        """The player eliminated (None for a bye)."""
        if self.b is None:
            return None
        return self.b if self._a_advances() else self.a

    def _a_advances(self) -> bool:
        d = self.decision()
        if d is Decision.BYE:
            return True
        if d is Decision.WALKOVER:
            return self.walkover == "a"
        if d is Decision.GAMES:
            pa, pb = self.points
            return pa > pb
        if d is Decision.PLAYOFF:
            qa, qb = _sum(self.playoff)
            return qa > qb
        assert self.armageddon is not None
        return self.armageddon.a_advances()

    def label(self) -> str:
        """``R2 M3`` (``3rd M1`` for the third-place match)."""
        return f"{'3rd' if self.third_place else f'R{self.round}'} M{self.number}"

    def side(self, player: str) -> tuple[Fraction, Fraction]:
        """(regular points, play-off points) of one of the match's players."""
        pa, pb = self.points
        qa, qb = self.playoff_points
        return (pa, qa) if player == self.a else (pb, qb)


def _sum(games: Sequence[Game]) -> tuple[Fraction, Fraction]:
    return sum((g.a for g in games), Fraction(0)), sum((g.b for g in games), Fraction(0))


def _score(a: Fraction, b: Fraction) -> str:
    return f"{number_text(fmt_half(a))}–{number_text(fmt_half(b))}"


# ====================================================================== notation

_WALKOVER_A = {"+-", "+:-", "+/-", "w/oa", "wo a", "w/o a"}
_WALKOVER_B = {"-+", "-:+", "-/+", "w/ob", "wo b", "w/o b"}
_BYE = {"", "bye", "-", "—", "folga"}
_COLOURS = {"w": True, "white": True, "b": False, "black": False,
            # Portuguese (brancas / pretas; ``br`` and ``p`` as in Portuguese crosstables)
            "br": True, "branca": True, "brancas": True, "p": False, "preta": False,
            "pretas": False, "negras": False}


def _point(text: str) -> Fraction:
    value = parse_number(text)
    if value not in (0, HALF, 1):
        raise ValueError
    return value


def parse_game(token: str) -> Game:
    """One game from Player A's side: ``1-0``, ``½-½``, ``0-1``, ``=``, or A's score (``½``).
    Raises ValueError."""
    s = token.strip().replace("–", "-").replace("—", "-").replace(":", "-")
    if s == "=":
        return Game(HALF, HALF)
    try:
        if "-" in s:
            left, _dash, right = s.partition("-")
            game = Game(_point(left), _point(right))
        else:
            a = _point(s)
            game = Game(a, 1 - a)
    except ValueError:
        raise ValueError(_("{text} is not a game result (1-0, ½-½, 0-1 or A's score 1, ½, 0)",
                           text=quoted(token))) from None
    if game.a + game.b != 1:
        raise ValueError(_("{text}: a game gives 1 point in all (1-0, ½-½, 0-1)",
                           text=quoted(token)))
    return game


def parse_games(text: str) -> tuple[Game, ...]:
    """Games separated by spaces (or ``;``, ``,`` between pairs). Raises ValueError."""
    return tuple(parse_game(t) for t in re.split(r"[\s;]+|,(?=\s*\S+-)", text.strip()) if t)


def parse_armageddon(text: str) -> Armageddon:
    """``½-½ black``: the result from Player A's side and Player A's colour."""
    parts = text.strip().split()
    if len(parts) != 2 or parts[1].lower() not in _COLOURS:
        raise ValueError(_("{text}: write the result from Player A's side and Player A's "
                           "colour, e.g. '½-½ black' or '1-0 white'", text=quoted(text)))
    game = parse_game(parts[0])
    return Armageddon(game.a, game.b, _COLOURS[parts[1].lower()])


_FIELDS = {  # the English headers, then the Portuguese ones
    "round": ("Round", "Rodada"),
    "match": ("Match", "Partida", "Confronto", "Jogo"),
    "a": ("Player A", "Player 1", "Jogador A", "Jogador 1", "Enxadrista A"),
    "b": ("Player B", "Player 2", "Jogador B", "Jogador 2", "Enxadrista B"),
    "games": ("Games", "Games A", "Result", "Results", "Partidas", "Resultado", "Resultados"),
    "playoff": ("Play-off", "Playoff", "Play-off A", "Tie-break", "Tiebreak", "Tie-breaks",
                "Desempate", "Desempates"),
    "armageddon": ("Armageddon", "Armagedom"),
}
_THIRD = {"3rd", "third", "3rdplace", "thirdplace", "p3", "3rd place", "third place",
          "3º", "3°", "3o", "terceiro", "3º lugar", "terceiro lugar", "disputa de 3º lugar"}


def read_bracket_rows(rows: Sequence[Sequence[object]], source: str = "") -> Bracket:
    """A bracket from rows of cells (the notation is in the module docstring). Raises
    :class:`InputError` naming the row and column of every problem."""
    table = read_table(rows, _FIELDS, ["round", "match", "a", "b", "games"], source, "bracket")
    problems: list[Problem] = []
    matches: list[Match] = []
    for number, cells in table.rows:
        def cell(field: str, cells: list[object] = cells, number: int = number) -> Cell:
            return table.cell(number, cells, field)

        match = _read_match(cell, table.row_place(number), problems)
        if match is not None:
            matches.append(match)
    if problems:
        raise InputError(problems)
    return build_bracket(matches, source)


def _read_match(
    get: Callable[[str], Cell], place: str, problems: list[Problem]
) -> Match | None:
    bad = len(problems)

    def error(message: str, where: str) -> None:
        problems.append(Problem(Severity.ERROR, message, where))

    rnd, third = 0, False
    c = get("round")
    if c.text.lower() in _THIRD:
        third = True
    elif re.fullmatch(r"\d{1,3}", c.text) and int(c.text) >= 1:
        rnd = int(c.text)
    else:
        error(_("{text} is not a round (1, 2, … or 3rd)", text=quoted(c.text)), c.where)
    c = get("match")
    number = 0
    if re.fullmatch(r"\d{1,4}", c.text) and int(c.text) >= 1:
        number = int(c.text)
    else:
        error(_("{text} is not a match number (1, 2, …)", text=quoted(c.text)), c.where)
    a_cell, b_cell = get("a"), get("b")
    if not a_cell.text:
        error(_("the player is missing"), a_cell.where)
    b: str | None = None if b_cell.text.lower() in _BYE else b_cell.text
    if b is not None and b.lower() == a_cell.text.lower():
        error(_("{name} cannot play against himself", name=quoted(b)), b_cell.where)
    g = get("games")
    games: tuple[Game, ...] = ()
    walkover = ""
    text = " ".join(g.text.lower().split())
    if text in _WALKOVER_A:
        walkover = "a"
    elif text in _WALKOVER_B:
        walkover = "b"
    else:
        try:
            games = parse_games(g.text)
        except ValueError as exc:
            error(str(exc), g.where)
    p = get("playoff")
    try:
        playoff = parse_games(p.text)
    except ValueError as exc:
        error(str(exc), p.where)
        playoff = ()
    arm = get("armageddon")
    armageddon = None
    if arm.text:
        try:
            armageddon = parse_armageddon(arm.text)
        except ValueError as exc:
            error(str(exc), arm.where)
    if len(problems) > bad:
        return None
    match = Match(rnd, number, a_cell.text, b, games, playoff, armageddon, walkover, third,
                  place)
    try:
        match.decision()
    except ValueError as exc:
        column = g if match.b is None or not (match.playoff or match.armageddon) else (
            arm if match.armageddon else p)
        error(str(exc), column.where)
        return None
    return match


def read_bracket_csv(text: str, source: str = "") -> Bracket:
    """A bracket from CSV text (see :func:`read_bracket_rows`)."""
    return read_bracket_rows(csv_rows(text, source), source)


# ====================================================================== the bracket


class Bracket(Mutable):
    """A checked knockout bracket."""

    rounds: int
    matches: list[Match]
    """Rounds 1 … ``rounds`` in order, by match number inside a round."""
    third_place: Match | None = None
    source: str = ""

    def round(self, r: int) -> list[Match]:
        """The matches of round ``r``."""
        return [m for m in self.matches if m.round == r]

    @property
    def size(self) -> int:
        """Players the bracket is made for (2^rounds)."""
        return 1 << self.rounds

    def stage(self, r: int) -> str:
        """``final``, ``semi-final``, ``quarter-final``, ``round of 16`` … of round ``r``."""
        players = 2 ** (self.rounds - r + 1)
        return {2: "final", 4: "semi-final", 8: "quarter-final"}.get(
            players, f"round of {players}")

    @property
    def champion(self) -> str:
        """The winner of the final."""
        return self.round(self.rounds)[0].winner


def build_bracket(matches: Sequence[Match], source: str = "") -> Bracket:
    """Check a list of matches as a bracket (module docstring). Raises :class:`InputError`."""
    problems: list[Problem] = []

    def error(message: str, where: str) -> None:
        problems.append(Problem(Severity.ERROR, message, where))

    for m in matches:
        try:
            m.decision()
        except ValueError as exc:
            error(f"{m.label()}: {exc}", m.where)
    if problems:
        raise InputError(problems)
    regular = [m for m in matches if not m.third_place]
    thirds = [m for m in matches if m.third_place]
    if not regular:
        raise InputError(_("the bracket has no matches"), source)
    rounds = max(m.round for m in regular)
    by_round: dict[int, list[Match]] = {r: [] for r in range(1, rounds + 1)}
    for m in regular:
        by_round[m.round].append(m)
    for r in range(1, rounds + 1):
        expected = 2 ** (rounds - r)
        got = by_round[r]
        if len(got) != expected:
            where = got[0].where if got else source
            error(_("round {round} has {count} match(es), but a bracket of {players} players "
                    "({rounds} rounds) has {expected} in round {round}", round=r,
                    count=len(got), players=2 ** rounds, rounds=rounds, expected=expected),
                  where)
        _check_round(got, _("round {round}", round=r), error)
    if problems:
        raise InputError(problems)
    for r in range(2, rounds + 1):
        winners = {m.winner: m for m in by_round[r - 1]}
        players = {p: m for m in by_round[r] for p in (m.a, m.b) if p is not None}
        for p, m in winners.items():
            if p not in players:
                error(_("{player} won {match} but does not play in round {round}", player=p,
                        match=m.label(), round=r), m.where)
        for p, m in players.items():
            if p not in winners:
                error(_("{player} plays in round {round} ({match}) without having won a match "
                        "of round {previous}", player=p, round=r, match=m.label(),
                        previous=r - 1), m.where)
    third = None
    if len(thirds) > 1:
        error(_("more than one match for third place"), thirds[1].where)
    elif thirds:
        third = thirds[0].replace(round=rounds)
        semis = {m.loser for m in by_round.get(rounds - 1, [])} if rounds >= 2 else set()
        if third.b is None or {third.a, third.b} != semis:
            losers = ", ".join(sorted(p for p in semis if p)) or _("none")
            error(_("the match for third place must be between the semi-final losers "
                    "({players})", players=losers), third.where)
    if problems:
        raise InputError(problems)
    ordered = [m for r in range(1, rounds + 1) for m in sorted(by_round[r], key=_number)]
    return Bracket(rounds, ordered, third, source)


def _number(m: Match) -> int:
    return m.number


def _check_round(matches: list[Match], what: str, error: Callable[[str, str], None]) -> None:
    numbers: dict[int, Match] = {}
    seen: dict[str, Match] = {}
    for m in matches:
        if m.number in numbers:
            error(_("{match} is given twice (also {where})", match=m.label(),
                    where=numbers[m.number].where), m.where)
        numbers.setdefault(m.number, m)
        for p in (m.a, m.b):
            if p is None:
                continue
            if p in seen:
                error(_("{player} plays twice in {round} ({first} and {second})", player=p,
                        round=what, first=seen[p].label(), second=m.label()), m.where)
            seen.setdefault(p, m)


# ====================================================================== standings


class KnockoutRow(Frozen):
    """One line of knockout standings."""

    place: str
    """``1``, ``2``, ``3–4``, ``5–8`` …"""
    first: int
    last: int
    player: str
    stage: str
    """The stage reached: ``champion``, ``final``, ``semi-final`` …"""
    points: Fraction
    """Regular-game points of all the player's matches."""
    playoff_points: Fraction
    """Play-off and Armageddon points (not counted as points)."""
    eliminated: str
    """How the player went out (for the champion: how he won the final)."""


def _result_text(m: Match, player: str) -> str:
    """``1½–½`` from ``player``'s side, with the play-off / walkover."""
    d = m.decision()
    if d is Decision.WALKOVER:
        return _("by walkover")
    mine, theirs = (0, 1) if player == m.a else (1, 0)
    pts = m.points
    text = _score(pts[mine], pts[theirs])
    if m.playoff:
        q = _sum(m.playoff)
        text += ", " + _("play-off {score}", score=_score(q[mine], q[theirs]))
    if m.armageddon is not None:
        arm = (m.armageddon.a, m.armageddon.b)
        black = m.a if not m.armageddon.a_white else m.b
        text += ", " + _("Armageddon {score} ({player} Black)",
                         score=_score(arm[mine], arm[theirs]), player=black)
    return text


def knockout_standings(bracket: Bracket) -> list[KnockoutRow]:
    """Standings by the stage reached (module docstring), champion first."""
    played: dict[str, list[Match]] = {}
    for m in [*bracket.matches, *([bracket.third_place] if bracket.third_place else [])]:
        for p in (m.a, m.b):
            if p is not None:
                played.setdefault(p, []).append(m)
    out: list[KnockoutRow] = []
    final = bracket.round(bracket.rounds)[0]
    third = bracket.third_place

    def row(player: str, first: int, last: int, stage: str, how: str) -> KnockoutRow:
        pts = sum((m.side(player)[0] for m in played[player]), Fraction(0))
        extra = sum((m.side(player)[1] for m in played[player]), Fraction(0))
        place = str(first) if first == last else f"{first}–{last}"
        return KnockoutRow(place, first, last, player, stage, pts, extra, how)

    champion, finalist = final.winner, final.loser
    out.append(row(champion, 1, 1, "champion",
                   _how(final, champion, _("won the final"), finalist)))
    if finalist is not None:
        out.append(row(finalist, 2, 2, "final", _how(final, finalist, _("lost the final"),
                                                     champion)))
    for r in range(bracket.rounds - 1, 0, -1):
        first, last = 2 ** (bracket.rounds - r) + 1, 2 ** (bracket.rounds - r + 1)
        stage = bracket.stage(r)
        for m in bracket.round(r):
            loser = m.loser
            if loser is None:
                continue
            how = _how(m, loser, _("lost the {stage}", stage=stage_text(stage)), m.winner)
            if third is not None and r == bracket.rounds - 1:
                won = third.winner == loser
                other = third.loser if won else third.winner
                how += "; " + _how(third, loser, _("won the match for 3rd place") if won else
                                   _("lost the match for 3rd place"), other or "")
                place = 3 if won else 4
                out.append(row(loser, place, place, stage, how))
            else:
                out.append(row(loser, first, last, stage, how))
    out.sort(key=lambda x: x.first)  # stable: bracket order inside a shared range
    return out


def _how(m: Match, player: str, verb: str, other: str | None) -> str:
    if m.decision() is Decision.BYE:
        return _("{verb} (bye)", verb=verb)
    return _("{verb} against {other} ({match}) {result}", verb=verb, other=other,
             match=m.label(), result=_result_text(m, player))


def explain_match(m: Match, bracket: Bracket | None = None) -> str:
    """One line: ``R2 M3: Ana 1½ – Bo ½, Ana advances`` / ``… 1–1, play-off 1½–½, Bo advances
    (play-off points not counted)``."""
    d = m.decision()
    final = bracket is not None and not m.third_place and m.round == bracket.rounds
    verb = (_("takes 3rd place") if m.third_place
            else (_("wins the final") if final else _("advances")))
    if d is Decision.BYE:
        return _("{match}: {player} has a bye, {verb}", match=m.label(), player=m.a, verb=verb)
    if d is Decision.WALKOVER:
        return _("{match}: {a} – {b} by walkover, {winner} {verb} (no games)", match=m.label(),
                 a=m.a, b=m.b, winner=m.winner, verb=verb)
    pa, pb = m.points
    text = (f"{m.label()}: {m.a} {number_text(fmt_half(pa))} – {m.b} "
            f"{number_text(fmt_half(pb))}")
    if d is Decision.GAMES:
        return f"{text}, {m.winner} {verb}"
    if m.playoff:
        text += ", " + _("play-off {score}", score=_score(*_sum(m.playoff)))
    if d is Decision.ARMAGEDDON:
        arm = m.armageddon
        assert arm is not None
        black = m.b if arm.a_white else m.a
        text += ", " + _("Armageddon {score} with {player} Black", score=_score(arm.a, arm.b),
                         player=black)
        if arm.a == arm.b:
            return _("{text}: drawn, {winner} {verb} on draw odds (play-off points not "
                     "counted)", text=text, winner=m.winner, verb=verb)
    return _("{text}, {winner} {verb} (play-off points not counted)", text=text,
             winner=m.winner, verb=verb)


def explain(bracket: Bracket) -> list[str]:
    """One line per match, rounds in order, the third-place match before the final."""
    lines = [explain_match(m, bracket) for m in bracket.matches if m.round < bracket.rounds]
    if bracket.third_place is not None:
        lines.append(explain_match(bracket.third_place, bracket))
    lines.extend(explain_match(m, bracket) for m in bracket.round(bracket.rounds))
    return lines


def stage_text(stage: str) -> str:
    """A stage (:meth:`Bracket.stage`, or ``champion``) in the language in force."""
    if stage.startswith("round of "):
        return _("round of {players}", players=stage[len("round of "):])
    return translated(stage) if stage in _STAGES else stage


_STAGES = (N_("champion"), N_("final"), N_("semi-final"), N_("quarter-final"))
"""The named stages, marked for the catalogue."""
