"""Title norm check of one event under the FIDE Title Regulations (Handbook B.01) applied from
1 January 2024 (https://handbook.fide.com/chapter/B012024), articles 1.4.1 to 1.4.9.

For every player and every title obtained by norms (GM, IM, WGM, WIM) the check lists each
requirement with its value and verdict: the games over the board (1.4.1, 1.4.2), the
opponents' federations (1.4.3, 1.4.4), the title holders among them (1.4.5), their ratings
with the adjusted rating floor and the 1400 of unrated opponents (1.4.6), the rounded average
Ra (1.4.7), the score and the performance Rp = Ra + dp (1.4.8, table 1.4.9, which is B.02's
table 8.1.1). When the games of the whole event make no norm, the games the player may leave
out are tried: the games after a title result in a Swiss (1.4.1e) and games against opponents
the player defeated (1.4.1f); the result says which were left out. The verdict is "norm
achieved", "missed by X points" (the score that the same games needed) or "not possible" with
the first requirement that no score can meet. A last round won by forfeit counts as a game
lost when the player needed it for the number of games (1.4.2c).

What the input cannot tell is said beside the result: the exemptions of 1.4.3a-d (national
championships, zonals, large Swiss opens), the administrative rules of 1.1 (rounds per day,
time control, arbiters), and whether the ratings given are those of the FIDE list in force at
the start (1.4.6a). Decisions: docs/decisions.md D-F1 to D-F6, D-F8.
"""

from __future__ import annotations

import datetime
import itertools
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import number_text
from xl_tiebreak.model.tournament import (
    InputError,
    Kind,
    Participant,
    Tournament,
    TournamentType,
    shown_title,
)
from xl_tiebreak.tiebreaks.ratings import dp, percent_of
from xl_tiebreak.util.numbers import fmt, round_half_up
from xl_tiebreak.util.plain import Frozen

__all__ = ["NORM_TITLES", "NormCheck", "NormGame", "NormReport", "NormTitle", "PlayerNorms",
           "Requirement", "check_games", "norm_report"]

IN_FORCE = datetime.date(2024, 1, 1)
"""The regulations this module implements apply to tournaments starting on or after this day."""
URL = "https://handbook.fide.com/chapter/B012024"
MIN_GAMES = 9
"""1.4.1a: at least nine games."""
MIN_SCORE = Fraction(35, 100)
"""1.4.8b: the minimum score for every norm."""
UNRATED = 1400
"""1.4.6d: the rating an unrated opponent counts with."""
TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
"""1.4.5a: the titles that make an opponent a title holder (CM and WCM do not count)."""
NO_FEDERATION = "FID"
"""Players registered with FIDE itself: accepted as opponents (1.4.2a), no federation for the
federation requirements (D-F3)."""


class NormTitle(Frozen):
    """A title obtained by norms: ``name``; ``performance``: the Rp needed (1.4.8);
    ``average``: the minimum Ra (1.4.8a); ``floor``: the adjusted rating floor (1.4.6b);
    ``holders``: the opponents' titles counted by 1.4.5b-e; ``women``: a women's title."""

    name: str
    performance: int
    average: int
    floor: int
    holders: frozenset[str]
    women: bool


NORM_TITLES = (
    NormTitle("GM", 2600, 2380, 2200, frozenset({"GM"}), False),
    NormTitle("IM", 2450, 2230, 2050, frozenset({"GM", "IM"}), False),
    NormTitle("WGM", 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"}), True),
    NormTitle("WIM", 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"}), True),
)
"""The four titles of 1.4, with the figures of 1.4.5, 1.4.6b and 1.4.8."""


class NormGame(Frozen):
    """One game counted for norms: ``round``; the opponent's ``opponent`` (start number),
    ``name``, ``rating`` (None: unrated), ``title`` (as players write it) and ``federation``;
    ``score``: the player's 1, ½ or 0."""

    round: int
    opponent: int
    name: str
    rating: int | None
    title: str
    federation: str
    score: Fraction

    @property
    def counted_rating(self) -> int:
        """The rating the game counts with before the floor: 1400 for unrated (1.4.6d)."""
        return UNRATED if self.rating is None else self.rating

    def label(self) -> str:
        """``R3 #12 Nick``."""
        return f"R{self.round} #{self.opponent} {self.name}"


class Requirement(Frozen):
    """One requirement of one norm: ``article``; ``text``: what it is and its value, as shown;
    ``met``: True, False, or None when the input cannot tell; ``adjustment``: a rule applied
    to the figures (1.4.6b-d), not a condition."""

    article: str
    text: str
    met: bool | None
    adjustment: bool = False

    def verdict(self) -> str:
        """``met``, ``not met``, ``unknown`` or (an adjustment) ``applied``, translated."""
        if self.adjustment:
            return _("applied")
        if self.met is None:
            return _("unknown")
        return _("met") if self.met else _("not met")


ACHIEVED = "achieved"
MISSED = "missed"
IMPOSSIBLE = "impossible"
UNKNOWN = "unknown"
NOT_APPLICABLE = "not applicable"


class NormCheck(Frozen):
    """One title checked for one player.

    ``outcome``: ``achieved``, ``missed``, ``impossible``, ``unknown`` (a title performance
    whose other requirements the input cannot tell) or ``not applicable``;
    ``requirements``: every requirement over the games used; ``dropped``: the games left out
    and the article allowing it (empty: every game counted); ``missed_by``: the points
    missing with the same games (``missed`` only); ``reason``: the requirement no score can
    meet (``impossible``), or why the title does not apply; ``ra``, ``rp``, ``score``,
    ``games``: the figures of the games used; ``needed``: the score those games needed (None
    when no score reaches the norm); ``notes``: what the check assumed."""

    title: str
    outcome: str
    requirements: tuple[Requirement, ...]
    dropped: tuple[tuple[NormGame, str], ...]
    missed_by: Fraction | None
    reason: str
    ra: int | None
    rp: int | None
    score: Fraction
    games: int
    needed: Fraction | None
    notes: tuple[str, ...] = ()

    def result(self) -> str:
        """The verdict as a sentence: ``norm achieved``, ``missed by 1 point``, ``not
        possible: …``."""
        if self.outcome == ACHIEVED:
            if self.dropped:
                return _("norm achieved, leaving out {games}",
                         games=", ".join(f"{g.label()} ({why})" for g, why in self.dropped))
            return _("norm achieved")
        if self.outcome == MISSED:
            assert self.missed_by is not None
            return _("missed by {points} point(s)", points=number_text(fmt(self.missed_by)))
        if self.outcome == NOT_APPLICABLE:
            return _("not applicable: {reason}", reason=self.reason)
        if self.outcome == UNKNOWN:
            return _("a title performance, but the input does not tell whether it is a norm: "
                     "{reason}", reason=self.reason)
        return _("not possible: {reason}", reason=self.reason)

    def short(self) -> str:
        """The verdict in a table cell: ``achieved``, ``-1``, ``no``, ``-``."""
        if self.outcome == ACHIEVED:
            return _("achieved")
        if self.outcome == MISSED:
            assert self.missed_by is not None
            return number_text(fmt(-self.missed_by))
        if self.outcome == NOT_APPLICABLE:
            return "-"
        if self.outcome == UNKNOWN:
            return "?"
        return _("not possible")


class PlayerNorms(Frozen):
    """One player's norm check: the player's ``start_no``, ``name``, ``federation``, ``title``,
    ``rating``; ``not_counted``: the rounds not counted and why; ``checks``: one per title of
    :data:`NORM_TITLES`."""

    start_no: int
    name: str
    federation: str
    title: str
    rating: int | None
    not_counted: tuple[str, ...]
    checks: tuple[NormCheck, ...]

    def lines(self) -> list[str]:
        """The player's block: heading, rounds not counted, every title with its
        requirements."""
        rating = _("unrated") if self.rating is None else str(self.rating)
        who = ", ".join(x for x in (self.federation, self.title, rating) if x)
        out = [f"#{self.start_no} {self.name} ({who})"]
        if self.not_counted:
            out.append("  " + _("not counted: {rounds}", rounds="; ".join(self.not_counted)))
        for check in self.checks:
            out.append("  " + _("{title} norm: {result}", title=check.title,
                                result=check.result()))
            if check.outcome == NOT_APPLICABLE:
                continue
            for req in check.requirements:
                out.append(f"    {req.article} {req.text}: {req.verdict()}")
            out.extend("    " + _("note: {note}", note=n) for n in check.notes)
        return out


class NormReport(Frozen):
    """The norm check of an event: ``version`` (the regulations applied), ``notes`` (what the
    input cannot tell, for every player) and one :class:`PlayerNorms` per player."""

    version: str
    notes: tuple[str, ...]
    players: tuple[PlayerNorms, ...]

    def lines(self) -> list[str]:
        """The whole check: the version, a summary table (one column per title), then every
        player's block."""
        out = [_("Title norms: {version}, {url}", version=self.version, url=URL)]
        out.extend(_("note: {note}", note=n) for n in self.notes)
        head = [_("No"), _("Name"), _("Fed"), _("Title")] + [t.name for t in NORM_TITLES]
        rows = [head]
        for p in self.players:
            rows.append([str(p.start_no), p.name, p.federation, p.title]
                        + [c.short() for c in p.checks])
        widths = [max(len(r[k]) for r in rows) for k in range(len(head))]
        for row in rows:
            out.append("  ".join(c.ljust(w) if k in (1, 2, 3) else c.rjust(w)
                                 for k, (c, w) in enumerate(zip(row, widths, strict=True)))
                       .rstrip())
        for p in self.players:
            out.append("")
            out.extend(p.lines())
        return out

    def as_json(self) -> dict[str, object]:
        """A JSON-ready form (exact decimal strings; the texts in the language in force)."""
        return {
            "regulations": self.version, "url": URL, "notes": list(self.notes),
            "players": [{
                "start_no": p.start_no, "name": p.name, "federation": p.federation,
                "title": p.title, "rating": p.rating, "not_counted": list(p.not_counted),
                "norms": [{
                    "title": c.title, "outcome": c.outcome, "result": c.result(),
                    "missed_by": None if c.missed_by is None else fmt(c.missed_by),
                    "games": c.games, "score": fmt(c.score), "ra": c.ra, "rp": c.rp,
                    "needed": None if c.needed is None else fmt(c.needed),
                    "dropped": [{"round": g.round, "opponent": g.opponent, "article": why}
                                for g, why in c.dropped],
                    "requirements": [{"article": r.article, "text": r.text, "met": r.met,
                                      "adjustment": r.adjustment}
                                     for r in c.requirements],
                    "notes": list(c.notes),
                } for c in p.checks],
            } for p in self.players],
        }


def _ceil(a: int, b: int) -> int:
    """``a / b`` rounded up (1.4.4: minimum numbers of opponents are rounded up)."""
    return -(-a // b)


def adjusted_ratings(games: list[NormGame], floor: int) -> tuple[list[int], NormGame | None]:
    """The ratings the average counts (1.4.6): 1400 for an unrated opponent (1.4.6d), and the
    lowest opponent raised to the adjusted rating floor when below it (1.4.6b-c: one opponent
    at most, the lowest rated); with the game raised (None: none)."""
    ratings = [g.counted_rating for g in games]
    if not ratings:
        return ratings, None
    low = min(range(len(ratings)), key=lambda k: (ratings[k], k))
    if ratings[low] >= floor:
        return ratings, None
    ratings[low] = floor
    return ratings, games[low]


class _Figures(Frozen):
    """Ra, the percentage, dp, Rp and the score of a set of games for one title."""

    ra: int
    raised: NormGame | None
    total: int
    score: Fraction
    percent: int
    dp: int
    rp: int


def _figures(games: list[NormGame], title: NormTitle) -> _Figures:
    """1.4.6 to 1.4.9 over ``games`` (at least one)."""
    ratings, raised = adjusted_ratings(games, title.floor)
    total = sum(ratings)
    ra = int(round_half_up(Fraction(total, len(games))))  # 1.4.7b
    score = sum((g.score for g in games), Fraction(0))
    percent = percent_of(score / len(games))  # 1.4.9: to the whole percent, 0.5% up
    d = dp(percent)
    return _Figures(ra, raised, total, score, percent, d, ra + d)


def _performance_met(f: _Figures, n: int, title: NormTitle) -> bool:
    """Ra, the minimum score and Rp (1.4.8) all met."""
    return f.ra >= title.average and f.score >= MIN_SCORE * n and f.rp >= title.performance


def _mix(games: list[NormGame], own: str, title: NormTitle) -> list[Requirement]:
    """The opponents' federations (1.4.3, 1.4.4) and titles (1.4.5) over ``games``."""
    n = len(games)
    out = []
    feds = [g.federation.strip().upper() for g in games]
    unknown = sum(1 for f in feds if not f)
    counted = [f for f in feds if f and f != NO_FEDERATION]
    if not own:
        out.append(Requirement("1.4.3", _("the player's federation is not given: the "
                                          "federation requirements cannot be checked"), None))
    else:
        others = sorted(set(counted) - {own})
        met: bool | None = len(others) >= 2
        if not met and unknown:
            met = None
        out.append(Requirement("1.4.3", _(
            "federations other than the player's ({own}): {count} ({feds}); at least 2",
            own=own, count=len(others), feds=", ".join(others) or "-"), met))
        own_count = sum(1 for f in counted if f == own)
        most = 3 * n // 5
        met = own_count <= most
        if met and unknown and own_count + unknown > most:
            met = None
        out.append(Requirement("1.4.4", _(
            "opponents from the player's federation: {count} of {n}; at most {most} (3/5, "
            "rounded down)", count=own_count, n=n, most=most), met))
    if counted:
        top = max(sorted(set(counted)), key=counted.count)
        top_count = counted.count(top)
    else:
        top, top_count = "-", 0
    most = 2 * n // 3
    met = top_count <= most
    if met and unknown and top_count + unknown > most:
        met = None
    out.append(Requirement("1.4.4", _(
        "most opponents from one federation: {count} ({fed}) of {n}; at most {most} (2/3, "
        "rounded down)", count=top_count, fed=top, n=n, most=most), met))
    holders = sum(1 for g in games if g.title in TITLE_HOLDERS)
    need = _ceil(n, 2)
    out.append(Requirement("1.4.5a", _(
        "title holders (GM, IM, FM, WGM, WIM, WFM; CM and WCM do not count): {count} of {n}; "
        "at least {need} (50%)", count=holders, n=n, need=need), holders >= need))
    article = {"GM": "1.4.5b", "IM": "1.4.5c", "WGM": "1.4.5d", "WIM": "1.4.5e"}[title.name]
    count = sum(1 for g in games if g.title in title.holders)
    need = max(3, _ceil(n, 3))
    out.append(Requirement(article, _(
        "opponents holding {titles}: {count} of {n}; at least {need} (one third, at least 3)",
        titles="/".join(sorted(title.holders, key=["GM", "IM", "WGM", "WIM"].index)),
        count=count, n=n, need=need), count >= need))
    return out


def _games_requirement(n: int, eight: bool) -> Requirement:
    """1.4.1a (at least nine games), or 1.4.1c (eight in a nine-round event)."""
    if eight and n == 8:
        return Requirement("1.4.1c", _(
            "games over the board: 8 in a 9-round event, the other round a forfeit win or a "
            "pairing-allocated bye (counts as 9; one such norm per title application)"), True)
    return Requirement("1.4.1a", _("games over the board: {n}; at least {need}", n=n,
                                   need=MIN_GAMES), n >= MIN_GAMES)


def _performance_requirements(games: list[NormGame], title: NormTitle,
                              f: _Figures) -> list[Requirement]:
    """1.4.6 to 1.4.8 over ``games``, as requirements."""
    n = len(games)
    out = []
    unrated = [g for g in games if g.rating is None]
    if unrated:
        out.append(Requirement("1.4.6d", _(
            "unrated opponents counted as {rating}: {games}", rating=UNRATED,
            games=", ".join(g.label() for g in unrated)), True, True))
    if f.raised is not None:
        out.append(Requirement("1.4.6b", _(
            "lowest opponent {game} ({rating}) raised to the adjusted rating floor {floor} "
            "(one opponent at most, 1.4.6c)", game=f.raised.label(),
            rating=f.raised.counted_rating, floor=title.floor), True, True))
    out.append(Requirement("1.4.7", _(
        "opponents' average Ra = {total} / {n} = {exact}, rounded {ra}; at least {need} "
        "(1.4.8a)", total=f.total, n=n, exact=number_text(fmt(Fraction(f.total, n), 2)),
        ra=f.ra, need=title.average), f.ra >= title.average))
    out.append(Requirement("1.4.8b", _(
        "score {score} of {n} = {percent}%; at least 35%", score=number_text(fmt(f.score)),
        n=n, percent=f.percent), f.score >= MIN_SCORE * n))
    out.append(Requirement("1.4.8", _(
        "performance Rp = Ra + dp = {ra} {dp} = {rp} (dp of {percent}%, table 1.4.9); at "
        "least {need}", ra=f.ra, dp=f"{f.dp:+d}".replace("+", "+ ").replace("-", "- "),
        rp=f.rp, percent=f.percent, need=title.performance), f.rp >= title.performance))
    return out


def _needed(games: list[NormGame], title: NormTitle) -> Fraction | None:
    """The lowest score, in half points, that meets 1.4.8 and 1.4.8b with ``games`` (None:
    none, Ra being too low)."""
    n = len(games)
    for halves in range(0, 2 * n + 1):
        s = Fraction(halves, 2)
        trial = [g.replace(score=Fraction(0)) for g in games]
        trial[0] = trial[0].replace(score=s)
        if _performance_met(_figures(trial, title), n, title):
            return s
    return None


def check_games(games: list[NormGame], own: str, title: NormTitle, swiss: bool,
                eight: bool = False, forfeit: NormGame | None = None) -> NormCheck:
    """The norm check of ``title`` over a player's counted ``games`` (in round order), the
    player's federation ``own``; ``swiss``: the pairings were not predetermined (1.4.1e lets
    the games after a title result be left out); ``eight``: a 9-round event in which the one
    round without a game was a forfeit win or a pairing-allocated bye (1.4.1c); ``forfeit``:
    the last round's forfeit win, as a game lost against that opponent (1.4.2c, D-F8)."""
    if not games:
        return NormCheck(title.name, IMPOSSIBLE, (_games_requirement(0, False),), (), None,
                         _("no game over the board"), None, None, Fraction(0), 0, None)
    found = _search(games, own, title, swiss)
    if found is None and forfeit is not None and len(games) + 1 == MIN_GAMES:
        lost = _search(games + [forfeit.replace(score=Fraction(0))], own, title, swiss)
        if lost is not None:
            used = lost[0]
            f = _figures(used, title)
            reqs = ([Requirement("1.4.2c", _(
                "the last round's forfeit win counted as a game lost against {game}: the "
                "game was needed for the number of games, and the norm holds even lost",
                game=forfeit.label()), True, True), _games_requirement(len(used), False)]
                + _mix(used, own, title) + _performance_requirements(used, title, f))
            return NormCheck(title.name, ACHIEVED, tuple(reqs), (), None, "", f.ra, f.rp,
                             f.score, len(used), _needed(used, title))
    if found is not None:
        used, dropped = found
        f = _figures(used, title)
        reqs = ([_games_requirement(len(used), False)] + _mix(used, own, title)
                + _performance_requirements(used, title, f))
        notes: tuple[str, ...] = ()
        if not swiss and dropped:
            notes = (_("a round robin: the opponents' mix is that of every game "
                       "(1.4.1f)"),)
        return NormCheck(title.name, ACHIEVED, tuple(reqs), tuple(dropped), None, "", f.ra,
                         f.rp, f.score, len(used), _needed(used, title), notes)
    n = len(games)
    f = _figures(games, title)
    games_req = _games_requirement(n, eight)
    mix = _mix(games, own, title)
    perf = _performance_requirements(games, title, f)
    reqs = [games_req] + mix + perf
    needed = _needed(games, title)
    if games_req.met and all(r.met is not False for r in mix) and _performance_met(f, n, title):
        unknown = [r for r in mix if r.met is None]
        if not unknown:  # eight games of a nine-round event (1.4.1c)
            return NormCheck(title.name, ACHIEVED, tuple(reqs), (), None, "", f.ra, f.rp,
                             f.score, n, needed)
        return NormCheck(title.name, UNKNOWN, tuple(reqs), (), None, _(
            "{article}: {text}", article=unknown[0].article, text=unknown[0].text), f.ra,
            f.rp, f.score, n, needed)
    blocking = [r for r in [games_req] + mix if r.met is False]
    if f.ra < title.average:
        blocking.append(next(r for r in perf if r.article == "1.4.7"))
    if blocking or needed is None:
        first = blocking[0]
        return NormCheck(title.name, IMPOSSIBLE, tuple(reqs), (), None, _(
            "{article}: {text}", article=first.article, text=first.text), f.ra, f.rp,
            f.score, n, needed)
    return NormCheck(title.name, MISSED, tuple(reqs), (), needed - f.score, "", f.ra, f.rp,
                     f.score, n, needed)


def _search(games: list[NormGame], own: str, title: NormTitle,
            swiss: bool) -> tuple[list[NormGame], list[tuple[NormGame, str]]] | None:
    """The games making a norm with the fewest left out: every game first, then (1.4.1e, a
    Swiss only) the games after a round ignored, and (1.4.1f) games the player won left out,
    at least nine games remaining. None: no such set. In a round robin the opponents' mix
    must be met by every game (1.4.1f)."""
    n = len(games)
    whole_mix_ok = all(r.met for r in _mix(games, own, title))
    for total in range(0, n - MIN_GAMES + 1):
        for later in (range(total + 1) if swiss else (0,)):
            prefix = games[:n - later]
            wins = [g for g in prefix if g.score == 1]
            k = total - later
            if k > len(wins):
                continue
            # leaving out the k lowest-rated wins gives the highest Ra of any k wins left out,
            # and the same score: when it misses Rp, every choice of k wins misses it
            lowest = sorted(wins, key=lambda g: (g.counted_rating, g.round))[:k]
            best = [g for g in prefix if g not in lowest]
            if not _performance_met(_figures(best, title), len(best), title):
                continue
            for chosen in itertools.combinations(wins, k):
                used = [g for g in prefix if g not in chosen]
                if not _performance_met(_figures(used, title), len(used), title):
                    continue
                mix_ok = whole_mix_ok if not swiss else all(
                    r.met for r in _mix(used, own, title))
                if mix_ok:
                    dropped = ([(g, "1.4.1e") for g in games[n - later:]]
                               + [(g, "1.4.1f") for g in chosen])
                    return used, sorted(dropped, key=lambda x: x[0].round)
    return None


def _score(kind: Kind) -> Fraction:
    """The game's score: 1, ½ or 0."""
    if kind is Kind.WIN:
        return Fraction(1)
    if kind is Kind.DRAW:
        return Fraction(1, 2)
    return Fraction(0)


def _bye_text(kind: Kind) -> str:
    """A round without a game, named."""
    if kind is Kind.PAB:
        return _("pairing-allocated bye")
    if kind is Kind.FPB:
        return _("full-point bye")
    if kind is Kind.HPB:
        return _("half-point bye")
    if kind is Kind.ZPB:
        return _("zero-point bye or absence")
    return _("no opponent")


def _zero_against_rated(t: Tournament, p: Participant, rounds: int) -> bool:
    """An unrated player who scored nothing against rated opponents (1.4.2b)."""
    by_no = {q.start_no: q for q in t.participants}
    for record in p.rounds[:rounds]:
        opp = by_no.get(record.opponent) if record.opponent is not None else None
        if opp is not None and opp.rating is not None and record.kind.played \
                and record.kind is not Kind.LOSS:
            return False
    return True


def counted_games(t: Tournament, p: Participant,
                  rounds: int) -> tuple[list[NormGame], list[str], bool, NormGame | None]:
    """``p``'s games counted for norms, the rounds not counted (``R3: forfeit …``), whether
    1.4.1c applies (a 9-round event, one round a forfeit win or a pairing-allocated bye), and
    the last round's forfeit win as a game against its opponent (1.4.2c; None: none)."""
    by_no = {q.start_no: q for q in t.participants}
    games, skipped = [], []
    forfeit = None
    spare = []
    round_robin = t.type is TournamentType.PREDETERMINED
    for r, record in enumerate(p.rounds[:rounds], start=1):
        opp = by_no.get(record.opponent) if record.opponent is not None else None
        kind = record.kind
        if kind.bye or opp is None:
            skipped.append(_("R{round}: {kind}, no game", round=r, kind=_bye_text(kind)))
            spare.append(kind is Kind.PAB)
        elif kind.forfeit:
            skipped.append(_("R{round}: forfeit, not played over the board (1.4.2c)", round=r))
            spare.append(kind is Kind.FORFEIT_WIN)
            if kind is Kind.FORFEIT_WIN and r == rounds:
                forfeit = NormGame(r, opp.start_no, opp.name, opp.rating,
                                   shown_title(opp.title), opp.federation.strip().upper(),
                                   Fraction(1))
        elif record.short_game:
            skipped.append(_("R{round}: less than one move played, not counted (1.4.2c)",
                             round=r))
            spare.append(False)
        elif round_robin and opp.rating is None and _zero_against_rated(t, opp, rounds):
            skipped.append(_("R{round}: an unrated opponent who scored nothing against rated "
                             "opponents in a round robin (1.4.2b)", round=r))
            spare.append(False)
        else:
            games.append(NormGame(r, opp.start_no, opp.name, opp.rating,
                                  shown_title(opp.title), opp.federation.strip().upper(),
                                  _score(kind)))
    nine = (t.scheduled_rounds or t.rounds) == 9 and rounds == 9
    return games, skipped, nine and len(games) == 8 and spare == [True], forfeit


def norm_report(t: Tournament, rounds: int, order: list[int] | None = None) -> NormReport:
    """The norm check of ``t`` after ``rounds`` rounds, players in ``order`` (start numbers;
    default the input's). InputError for a rapid or blitz event or one that started before
    1 January 2024 (other regulations)."""
    if t.rate in ("rapid", "blitz"):
        raise InputError(_("--norms: the event is {rate} chess; title norms are gained in "
                           "standard chess only (B.01 0.3.1)",
                           rate=_("rapid") if t.rate == "rapid" else _("blitz")))
    if t.start_date is not None and t.start_date < IN_FORCE:
        raise InputError(_(
            "--norms: the event started on {date}, under Title Regulations in force before "
            "1 January 2024; only those applied from 1 January 2024 are implemented",
            date=t.start_date.isoformat()))
    version = _("FIDE Title Regulations applied from 1 January 2024 (B.01)")
    notes = [
        _("not checked, the input does not tell: the exemptions of 1.4.3a-d (national "
          "championships, zonals, Swiss events with 20 foreign rated players of 3 "
          "federations), the conditions of 1.1 (rounds per day, time control, arbiters) and "
          "of 1.4.2d-e"),
        _("the ratings and titles are those of the input: 1.4.6a uses the FIDE list in "
          "force at the start of the event"),
        _("a norm from more than 13 rounds counts as 13 games (1.7)"),
    ]
    if t.start_date is None:
        notes.append(_("no start date known: the regulations applied from 1 January 2024 "
                       "are assumed"))
    by_no = {p.start_no: p for p in t.participants}
    numbers = order if order is not None else [p.start_no for p in t.participants]
    swiss = t.type is not TournamentType.PREDETERMINED
    players = []
    for no in numbers:
        p = by_no[no]
        games, skipped, eight, forfeit = counted_games(t, p, rounds)
        own = p.federation.strip().upper()
        if own == NO_FEDERATION:
            own = ""
        checks = []
        for title in NORM_TITLES:
            sex = p.sex.strip().lower()
            if title.women and sex in ("m", "male", "masculino"):
                checks.append(NormCheck(title.name, NOT_APPLICABLE, (), (), None,
                                        _("a women's title"), None, None, Fraction(0), 0,
                                        None))
                continue
            check = check_games(games, own, title, swiss, eight, forfeit)
            extra = []
            if title.women and not sex:
                extra.append(_("sex not given: a women's title, checked all the same"))
            if p.federation.strip().upper() == NO_FEDERATION:
                extra.append(_("the player is registered as FID: no federation for "
                               "1.4.3-1.4.4"))
            if extra:
                check = check.replace(notes=check.notes + tuple(extra))
            checks.append(check)
        players.append(PlayerNorms(no, p.name, p.federation.strip().upper(),
                                   shown_title(p.title), p.rating, tuple(skipped),
                                   tuple(checks)))
    return NormReport(version, tuple(notes), tuple(players))
