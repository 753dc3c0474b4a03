"""Knockout events in TRF: one TRF round per game, and an ``XXK`` record saying what each TRF
round is (docs/engineering.md D66).

TRF16/TRF26 have no knockout notation. Here the ``001`` lines hold every game as a round of
its own (opponent, colour, result, as for a Swiss), and the non-standard ``XXK`` record (the
``XX`` prefix of the JaVaFo extensions, which other readers skip) has one token per TRF round,
in order: the knockout round it belongs to and the kind of game::

    092 Knockout
    XXK 1G 1G 1P 1P 1A 2G 2G 2P 2P 3G 3G 4G 4G 4P 4P

``G`` a regular game, ``P`` a play-off game (rapid, blitz: decides who advances, not points),
``A`` the Armageddon game (the TRF colour of the player is his Armageddon colour). A match is
the games of two players against each other inside one knockout round; a player whose match
needs no play-off has no entry (``0000`` or blank) in its play-off rounds. The match for third
place is played in the final's rounds (a match of the last round between the two semi-final
losers). A walkover is a forfeit (``+``/``-``) in the match's first regular round and nothing
else; a bye (``U`` or ``F``, no opponent) in the first regular round of knockout round 1 is a
bye. Without ``XXK`` every TRF round is a regular game and the games against one opponent in
consecutive rounds are one match (level matches then cannot be decided: add ``XXK``).

Matches are numbered as a bracket lists them: in round 1 by the lower start number of their
players (who is Player A), in later rounds by the first round-1 match of their players.
:func:`write_knockout_trf` writes a bracket this way (the start numbers in the order players
first appear in round 1, regular games alternating colours); the reader reads it back to the
same matches.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.i18n import _
from xl_tiebreak.knockout.bracket import Armageddon, Bracket, Game, Match, build_bracket
from xl_tiebreak.model.tournament import (
    Color,
    InputError,
    Kind,
    Participant,
    Problem,
    Record,
    Severity,
    kind_text,
)
from xl_tiebreak.util.cells import quoted
from xl_tiebreak.util.numbers import fmt
from xl_tiebreak.util.plain import Frozen, Mutable, field

__all__ = ["KO_RECORD", "RoundKind", "read_knockout_trf", "write_knockout_trf"]

KO_RECORD = "XXK"
"""The record giving each TRF round's knockout round and kind of game."""

_TOKEN = re.compile(r"(\d{1,3})([GPA])", re.IGNORECASE)
_POINTS = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0)}


class RoundKind(Frozen):
    """What one TRF round is: its knockout round (1, 2, …) and kind (``G``, ``P``, ``A``)."""

    ko_round: int
    kind: str


def _read_xxk(text: str, source: str) -> tuple[list[RoundKind] | None, str]:
    """The ``XXK`` tokens (None when there is no such record) and the record's place."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        if line[:3].upper() != KO_RECORD:
            continue
        where = _("line {line}", line=number)
        kinds: list[RoundKind] = []
        problems: list[Problem] = []
        for k, token in enumerate(line[4:].split(), start=1):
            m = _TOKEN.fullmatch(token)
            if m is None or int(m.group(1)) < 1:
                problems.append(Problem(
                    Severity.ERROR, _("XXK token {k} {token} is not a knockout round and kind "
                                      "(e.g. 1G, 1P, 1A)", k=k, token=quoted(token)), where))
                continue
            kinds.append(RoundKind(int(m.group(1)), m.group(2).upper()))
        if problems:
            raise InputError(problems)
        for prev, cur in zip(kinds, kinds[1:]):
            if cur.ko_round < prev.ko_round:
                raise InputError(_("XXK: knockout round {round} after round {previous} (list "
                                   "the TRF rounds in order)", round=cur.ko_round,
                                   previous=prev.ko_round), where)
        return kinds, where
    return None, source


def _decode(text: str | bytes) -> str:
    if isinstance(text, bytes):
        return text.decode("utf-8", errors="replace")
    return text


def read_knockout_trf(text: str | bytes, source: str = "") -> Bracket:
    """The bracket of a knockout TRF (module docstring). Raises :class:`InputError` naming
    the line of every problem."""
    t = parse_trf(text, source=source)
    kinds, xxk_where = _read_xxk(_decode(text), source)
    rounds = max((len(p.rounds) for p in t.participants), default=0)
    if kinds is None:
        kinds = _inferred_kinds(t.participants, rounds)
    elif len(kinds) < rounds:
        raise InputError(_("XXK lists {listed} TRF rounds, the player lines have {rounds}",
                           listed=len(kinds), rounds=rounds), xxk_where)
    names = _names(t.participants)
    by_no = {p.start_no: p for p in t.participants}
    problems: list[Problem] = []
    matches: dict[tuple[int, frozenset[int]], _Draft] = {}
    byes: dict[tuple[int, int], Participant] = {}
    for p in t.participants:
        for r, rec in enumerate(p.rounds):
            kind = kinds[r] if r < len(kinds) else RoundKind(0, "G")
            if kind.ko_round == 0:
                problems.append(_error(_("{player}: round {round} is not listed in XXK",
                                         player=names[p.start_no], round=r + 1),
                                       rec.where or p.where))
                continue
            _read_game(p, r, rec, kind, by_no, matches, byes, problems, names)
    if problems:
        raise InputError(problems)
    bracket_matches = _numbered(matches, byes, names, problems)
    if problems:
        raise InputError(problems)
    return build_bracket(bracket_matches, source)


class _Draft(Mutable):
    """The games of one match as read, from the lower start number's side (``low``)."""

    ko_round: int
    low: int
    high: int
    games: list[Game] = field(default_factory=list)
    playoff: list[Game] = field(default_factory=list)
    armageddon: Armageddon | None = None
    walkover: int | None = None
    """The start number advancing by walkover."""
    forfeits: int = 0
    where: str = ""


def _error(message: str, where: str) -> Problem:
    return Problem(Severity.ERROR, message, where)


def _inferred_kinds(participants: Sequence[Participant], rounds: int) -> list[RoundKind]:
    """Without XXK: every TRF round a regular game; a player's consecutive rounds against one
    opponent are one match, the k-th match knockout round k (it must be the same for both
    players: checked when the games are read)."""
    ko = [0] * rounds
    for p in participants:
        stage, last = 0, None
        for r, rec in enumerate(p.rounds):
            if rec.opponent is None and rec.kind not in (Kind.PAB, Kind.FPB):
                continue
            key = rec.opponent if rec.opponent is not None else -1
            if key != last:
                stage += 1
                last = key
            ko[r] = max(ko[r], stage)
    return [RoundKind(k or 1, "G") for k in ko]


def _names(participants: Sequence[Participant]) -> dict[int, str]:
    """Start number → the name a bracket uses (``(#n)`` added when two players share one)."""
    counts: dict[str, int] = {}
    for p in participants:
        counts[p.name] = counts.get(p.name, 0) + 1
    return {p.start_no: p.name if p.name and counts[p.name] == 1 else f"{p.name or 'Player'} "
            f"(#{p.start_no})" for p in participants}


def _read_game(
    p: Participant, r: int, rec: Record, kind: RoundKind, by_no: dict[int, Participant],
    matches: dict[tuple[int, frozenset[int]], _Draft], byes: dict[tuple[int, int], Participant],
    problems: list[Problem], names: dict[int, str],
) -> None:
    """Add the TRF round ``r`` of ``p`` to its match (each game is read from the lower start
    number's line; the other line must agree)."""
    where = rec.where or p.where
    if rec.opponent is None:
        if rec.kind in (Kind.PAB, Kind.FPB):
            if kind.kind != "G":
                problems.append(_error(_("{player}: a bye in a play-off round",
                                         player=names[p.start_no]), where))
            else:
                byes.setdefault((kind.ko_round, p.start_no), p)
        elif rec.kind is not Kind.ZPB:
            problems.append(_error(_("{player}: a {kind} is not a knockout result (a game, a "
                                     "forfeit, or a bye U/F)", player=names[p.start_no],
                                     kind=kind_text(rec.kind)), where))
        return
    other = by_no.get(rec.opponent)
    if other is None:
        problems.append(_error(_("opponent {no} has no player line", no=rec.opponent), where))
        return
    key = (kind.ko_round, frozenset((p.start_no, other.start_no)))
    draft = matches.get(key)
    low, high = sorted((p.start_no, other.start_no))
    if draft is None:
        draft = matches[key] = _Draft(kind.ko_round, low, high, where=where)
    if p.start_no != low:
        mirror = other.record(r + 1)
        if mirror.opponent != p.start_no:
            problems.append(_error(_("{player} meets {other} in round {round}, but not the "
                                     "other way round", player=names[p.start_no],
                                     other=names[other.start_no], round=r + 1), where))
        return
    back = other.record(r + 1)
    if back.opponent != p.start_no:
        problems.append(_error(_("{player} meets {other} in round {round}, but not the other "
                                 "way round", player=names[p.start_no],
                                 other=names[other.start_no], round=r + 1), where))
        return
    if rec.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
        draft.forfeits += 1
        if kind.kind != "G" or draft.games or draft.playoff or draft.forfeits > 1:
            problems.append(_error(_("a walkover (+/-) must be the only entry of its match"),
                                   where))
        elif rec.kind is back.kind:
            problems.append(_error(_("a forfeit on both sides does not decide a knockout "
                                     "match"), where))
        else:
            draft.walkover = low if rec.kind is Kind.FORFEIT_WIN else high
        return
    if rec.kind not in _POINTS or back.kind not in _POINTS or \
            _POINTS[rec.kind] + _POINTS[back.kind] != 1:
        problems.append(_error(_("round {round}: the results of {first} and {second} do not "
                                 "agree", round=r + 1, first=names[low], second=names[high]),
                               where))
        return
    if draft.walkover is not None:
        problems.append(_error(_("a walkover (+/-) must be the only entry of its match"),
                               where))
        return
    game = Game(_POINTS[rec.kind], _POINTS[back.kind])
    if kind.kind == "G":
        draft.games.append(game)
    elif kind.kind == "P":
        draft.playoff.append(game)
    elif draft.armageddon is not None:
        problems.append(_error(_("a second Armageddon game in one match"), where))
    else:
        draft.armageddon = Armageddon(game.a, game.b, rec.color is Color.WHITE)


def _numbered(
    matches: dict[tuple[int, frozenset[int]], _Draft], byes: dict[tuple[int, int], Participant],
    names: dict[int, str], problems: list[Problem],
) -> list[Match]:
    """Bracket matches numbered as the module docstring says; the third-place match marked."""
    drafts = sorted(matches.values(), key=lambda d: (d.ko_round, d.low))
    last = max([d.ko_round for d in drafts] + [r for r, _ in byes], default=0)
    entries: dict[int, list[tuple[int, int | None, _Draft | None]]] = {}
    for d in drafts:
        entries.setdefault(d.ko_round, []).append((d.low, d.high, d))
    for (r, no), _p in byes.items():
        if r != 1:
            problems.append(_error(_("{player}: a bye after knockout round 1", player=names[no]),
                                   _p.where))
        entries.setdefault(r, []).append((no, None, None))
    first_match: dict[int, int] = {}
    out: list[Match] = []
    for r in sorted(entries):
        if r == 1:
            ordered = sorted(entries[r], key=lambda e: e[0])
        else:
            ordered = sorted(entries[r], key=lambda e: min(
                first_match.get(e[0], 10**6), first_match.get(e[1] or 0, 10**6)))
        for number, (a, b, draft) in enumerate(ordered, start=1):
            if r == 1:
                first_match.setdefault(a, number)
                if b is not None:
                    first_match.setdefault(b, number)
            if r > 1 and b is not None and first_match.get(b, 10**6) < first_match.get(a,
                                                                                  10**6):
                a, b = b, a  # Player A: from the earlier match
                if draft is not None:
                    draft = _flipped(draft)
            out.append(_match(r, number, a, b, draft, names))
    if last >= 2:
        _mark_third(out, last)
    return out


def _flipped(d: _Draft) -> _Draft:
    """The draft seen from the higher start number's side."""
    arm = d.armageddon
    return d.replace(low=d.high, high=d.low, games=[Game(g.b, g.a) for g in d.games],
        playoff=[Game(g.b, g.a) for g in d.playoff],
        armageddon=None if arm is None else Armageddon(arm.b, arm.a, not arm.a_white))


def _match(r: int, number: int, a: int, b: int | None, d: _Draft | None,
           names: dict[int, str]) -> Match:
    if d is None:
        return Match(r, number, names[a], None, where=_("knockout round {round}", round=r))
    walkover = "" if d.walkover is None else ("a" if d.walkover == a else "b")
    return Match(r, number, names[a], names[b] if b is not None else None, tuple(d.games),
                 tuple(d.playoff), d.armageddon, walkover, where=d.where)


def _mark_third(matches: list[Match], last: int) -> None:
    """In the last knockout round, a match between two losers of the round before is the
    match for third place (the other one is the final)."""
    semis = [m for m in matches if m.round == last - 1]
    try:
        losers = {m.loser for m in semis}
    except ValueError:
        return  # undecided: build_bracket reports it
    for k, m in enumerate(matches):
        if m.round == last and m.b is not None and {m.a, m.b} <= losers:
            matches[k] = m.replace(third_place=True, number=1)
        elif m.round == last:
            matches[k] = m.replace(number=1)


# ====================================================================== writing


def write_knockout_trf(bracket: Bracket, name: str = "") -> str:
    """The TRF text of a bracket (module docstring): ``012`` name, ``092 Knockout``, ``XXR``
    the TRF rounds, ``XXK`` and one ``001`` line per player (points: the regular-game
    points; rank: the first place of the player's range)."""
    from xl_tiebreak.knockout.bracket import knockout_standings

    order: list[str] = []
    for m in bracket.round(1):
        for p in (m.a, m.b):
            if p is not None and p not in order:
                order.append(p)
    number = {p: k for k, p in enumerate(order, start=1)}
    all_matches = [*bracket.matches, *([bracket.third_place] if bracket.third_place else [])]
    kinds: list[RoundKind] = []
    slots: dict[tuple[int, str], int] = {}
    for r in range(1, bracket.rounds + 1):
        in_round = [m for m in all_matches if m.round == r]
        regular = max([len(m.games) for m in in_round] + [1])
        playoff = max([len(m.playoff) for m in in_round] + [0])
        arm = any(m.armageddon is not None for m in in_round)
        for kind, count in (("G", regular), ("P", playoff), ("A", int(arm))):
            slots[(r, kind)] = len(kinds)
            kinds += [RoundKind(r, kind)] * count
    cells: dict[str, list[str]] = {p: [" " * 8] * len(kinds) for p in order}

    def put(player: str, index: int, opponent: int, colour: str, result: str) -> None:
        cells[player][index] = f"{opponent:>4} {colour} {result}"

    for m in all_matches:
        r = m.round
        if m.b is None:
            cells[m.a][slots[(r, "G")]] = "0000 - U"
            continue
        a, b = m.a, m.b
        g0 = slots[(r, "G")]
        if m.walkover:
            put(a, g0, number[b], "w", "+" if m.walkover == "a" else "-")
            put(b, g0, number[a], "b", "-" if m.walkover == "a" else "+")
            continue
        for k, game in enumerate(m.games):
            colour_a = "w" if k % 2 == 0 else "b"
            put(a, g0 + k, number[b], colour_a, _code(game.a))
            put(b, g0 + k, number[a], "b" if colour_a == "w" else "w", _code(game.b))
        p0 = slots[(r, "P")]
        for k, game in enumerate(m.playoff):
            colour_a = "w" if k % 2 == 0 else "b"
            put(a, p0 + k, number[b], colour_a, _code(game.a))
            put(b, p0 + k, number[a], "b" if colour_a == "w" else "w", _code(game.b))
        if m.armageddon is not None:
            x = slots[(r, "A")]
            colour_a = "w" if m.armageddon.a_white else "b"
            put(a, x, number[b], colour_a, _code(m.armageddon.a))
            put(b, x, number[a], "b" if colour_a == "w" else "w", _code(m.armageddon.b))
    rows = {row.player: row for row in knockout_standings(bracket)}
    lines = []
    if name:
        lines.append(f"012 {' '.join(name.split())}")
    lines += ["092 Knockout", f"XXR {len(kinds)}",
              f"{KO_RECORD} " + " ".join(f"{k.ko_round}{k.kind}" for k in kinds)]
    for p in order:
        row = rows[p]
        points = fmt(row.points, 1)
        head = f"001 {number[p]:>4}      {p[:33]:<33} {'':>4} {'':3} {'':>11} {'':10} " \
               f"{points:>4} {row.first:>4}"
        lines.append((head + "  " + "  ".join(cells[p])).rstrip())
    return "\n".join(lines) + "\n"


def _code(points: Fraction) -> str:
    return {Fraction(1): "1", Fraction(1, 2): "=", Fraction(0): "0"}[points]
