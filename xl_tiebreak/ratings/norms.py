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

The exemptions from the normal foreigner requirement (1.4.3 and 1.4.4): a Swiss with enough
foreign rated and titled players (1.4.3d) is decided from the file; the national
championships, national team championships and zonals of 1.4.3a-c are declared by the user
(``--norm-event``). A double round robin counts the title holders of 1.4.5b-e as different
players, half the number. An achieved norm says how many games it counts for: full points
above the requirement add games (1.4.1d), a tournament of more than 13 rounds counts only as 13
(1.7).

What the input cannot tell is said beside the result: what a declared event is, the
administrative rules of 1.1 (rounds per day, time control, arbiters), 1.4.2d-e, and whether
the ratings given are those of the FIDE list in force at the start (1.4.6a). Decisions:
docs/decisions.md D-F1 to D-F6, D-F8, D-N1 to D-N4.
"""

from __future__ import annotations

import datetime
import itertools
from fractions import Fraction

from xl_tiebreak.i18n import N_, _
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

__all__ = ["NORM_EVENTS", "NORM_TITLES", "NormCheck", "NormGame", "NormReport", "NormTitle",
           "PlayerNorms", "Requirement", "Setting", "check_games", "declared_exemption",
           "double_round_robin", "norm_report", "swiss_exemption"]

IN_FORCE = datetime.date(2024, 1, 1)
"""The regulations this module implements apply to tournaments starting on or after this day."""
URL = "https://handbook.fide.com/chapter/B012024"
MIN_GAMES = 9
"""1.4.1a: at least nine games."""
MAX_ROUNDS_COUNTED = 13
"""1.7: a norm of a tournament of more than 13 rounds counts only as 13 games."""
EXEMPT_PLAYERS = 20
"""1.4.3d: FIDE-rated players not from the host federation in every round of the Swiss…"""
EXEMPT_FEDERATIONS = 3
"""… from at least three federations…"""
EXEMPT_TITLED = 10
"""… at least ten of them GM, IM, WGM or WIM."""
EXEMPT_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
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
    waived: str = ""
    """The exemption (1.4.3a-d) lifting this federation requirement (``met`` True), or that
    might lift it but the input cannot tell (``met`` None); empty: none."""
    exemption: bool = False
    """An exemption from the normal foreigner requirement (1.4.3a-d), not a condition:
    ``met`` says whether it holds for the player."""

    def verdict(self) -> str:
        """``met``, ``not met``, ``unknown``, (an adjustment) ``applied``, (an exemption)
        ``exempt`` / ``not exempt``, or (a waived requirement) ``waived (1.4.3d)``, translated."""
        if self.adjustment:
            return _("applied")
        if self.exemption:
            if self.met is None:
                return _("unknown")
            return _("exempt") if self.met else _("not exempt")
        if self.waived:
            if self.met is None:
                return _("not met unless {article} applies", article=self.waived)
            return _("waived ({article})", article=self.waived)
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
    counts_as: int | None = None
    """An achieved norm: the games it counts for in a title application (1.4.1c, 1.4.1d,
    1.7); None otherwise."""

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
                    "counts_as": c.counts_as,
                    "dropped": [{"round": g.round, "opponent": g.opponent, "article": why}
                                for g, why in c.dropped],
                    "requirements": [{"article": r.article, "text": r.text, "met": r.met,
                                      "adjustment": r.adjustment, "exemption": r.exemption,
                                      "waived": r.waived}
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


class Setting(Frozen):
    """What the check of one player needs beside his games: ``own``, his federation (empty:
    not given, or FID); ``exempt``: whether an exemption of 1.4.3a-d lifts the normal
    foreigner requirement (1.4.3, 1.4.4) for him (None: the input cannot tell), ``waiver``:
    its article; ``double``: the number of players of a double round robin (1.4.5), None
    for any other event."""

    own: str
    exempt: bool | None = False
    waiver: str = ""
    double: int | None = None


def _waive(req: Requirement, setting: Setting) -> Requirement:
    """A federation requirement as an exemption leaves it: lifted when the exemption holds,
    "not met unless …" when it fails and the input cannot tell whether the exemption holds."""
    if setting.exempt:
        return req.replace(met=True, waived=setting.waiver)
    if setting.exempt is None and req.met is False:
        return req.replace(met=None, waived=setting.waiver)
    return req


def _federations(games: list[NormGame], own: str) -> list[Requirement]:
    """The normal foreigner requirement over ``games``: at least two federations other than
    the player's (1.4.3), at most 3/5 from his own and 2/3 from one federation (1.4.4)."""
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
    return out


def _mix(games: list[NormGame], setting: Setting, title: NormTitle) -> list[Requirement]:
    """The opponents' federations (1.4.3, 1.4.4, as an exemption leaves them) and titles
    (1.4.5) over ``games``."""
    n = len(games)
    out = [_waive(r, setting) for r in _federations(games, setting.own)]
    holders = sum(1 for g in games if g.title in TITLE_HOLDERS)
    need = _ceil(n, 2)
    out.append(Requirement("1.4.5a", _(
        "title holders (GM, IM, FM, WGM, WIM, WFM; CM and WCM do not count): {count} of {n}; "
        "at least {need} (50%)", count=holders, n=n, need=need), holders >= need))
    article = {"GM": "1.4.5b", "IM": "1.4.5c", "WGM": "1.4.5d", "WIM": "1.4.5e"}[title.name]
    titles = "/".join(sorted(title.holders, key=["GM", "IM", "WGM", "WIM"].index))
    need = max(3, _ceil(n, 3))
    if setting.double is None:
        count = sum(1 for g in games if g.title in title.holders)
        out.append(Requirement(article, _(
            "opponents holding {titles}: {count} of {n}; at least {need} (one third, at "
            "least 3)", titles=titles, count=count, n=n, need=need), count >= need))
        return out
    # 1.4.5, double round robin: at least 6 players, and the opponents required by 1.4.5b-e
    # counted as different players, half the number, rounded up
    out.append(Requirement("1.4.5", _(
        "a double round robin of {players} players; at least 6", players=setting.double),
        setting.double >= 6))
    different = len({g.opponent for g in games if g.title in title.holders})
    half = _ceil(need, 2)
    out.append(Requirement(article, _(
        "different opponents holding {titles}: {count}; at least {half} (a double round "
        "robin: half of the {need} required for {n} games, rounded up)", titles=titles,
        count=different, half=half, need=need, n=n), different >= half))
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


def _counts_as(used: int, score: Fraction, needed: Fraction | None, eight: bool,
               event_rounds: int) -> tuple[int, Requirement]:
    """The games an achieved norm counts for, and the line saying why: eight games of 1.4.1c
    count as nine; every full point above the score needed adds a game (1.4.1d); in a
    tournament of more than 13 rounds the norm counts only as 13 games (1.7, read as a cap:
    docs/decisions.md D-N3)."""
    base = MIN_GAMES if eight and used == MIN_GAMES - 1 else used
    extra = int(score - needed) if needed is not None else 0  # whole points, rounded down
    total = base + extra
    need = number_text(fmt(needed if needed is not None else Fraction(0)))
    if event_rounds > MAX_ROUNDS_COUNTED:
        total = min(total, MAX_ROUNDS_COUNTED)
        return total, Requirement("1.7", _(
            "the norm counts as {total} games: in a tournament of {rounds} rounds a norm "
            "counts only as 13 games ({games} games, {extra} full point(s) above the {needed} "
            "needed, 1.4.1d)", total=total, rounds=event_rounds, games=base, extra=extra,
            needed=need), True, True)
    if extra:
        return total, Requirement("1.4.1d", _(
            "the norm counts as {total} games: {games} games and {extra} full point(s) above "
            "the {needed} needed", total=total, games=base, extra=extra, needed=need),
            True, True)
    return total, Requirement("1.4.1d", _(
        "the norm counts as {total} games (no full point above the {needed} needed)",
        total=total, needed=need), True, True)


def _achieved(title: NormTitle, reqs: list[Requirement], used: list[NormGame],
              dropped: tuple[tuple[NormGame, str], ...], setting: Setting, eight: bool,
              event_rounds: int, notes: tuple[str, ...] = ()) -> NormCheck:
    """An achieved norm over ``used``, with the games it counts for (1.4.1c-d, 1.7) and,
    when an exemption lifted a federation requirement the games fail, 1.4.3e's reminder."""
    f = _figures(used, title)
    needed = _needed(used, title)
    total, counts = _counts_as(len(used), f.score, needed, eight, event_rounds)
    if setting.exempt and any(r.met is not True for r in _federations(used, setting.own)):
        notes += (_("the federation requirements are lifted by the exemption of {article}: "
                    "at least one norm of a title application must meet the normal "
                    "foreigner requirement (1.4.3e)", article=setting.waiver),)
    return NormCheck(title.name, ACHIEVED, tuple(reqs + [counts]), dropped, None, "", f.ra,
                     f.rp, f.score, len(used), needed, notes, total)


def check_games(games: list[NormGame], own: str | Setting, title: NormTitle, swiss: bool,
                eight: bool = False, forfeit: NormGame | None = None,
                exemptions: tuple[Requirement, ...] = (),
                event_rounds: int = 0) -> NormCheck:
    """The norm check of ``title`` over a player's counted ``games`` (in round order), the
    player's federation ``own`` (or his whole :class:`Setting`); ``swiss``: the pairings were
    not predetermined (1.4.1e lets the games after a title result be left out); ``eight``: a
    9-round event in which the one round without a game was a forfeit win or a
    pairing-allocated bye (1.4.1c); ``forfeit``: the last round's forfeit win, as a game lost
    against that opponent (1.4.2c, D-F8); ``exemptions``: the exemptions of 1.4.3a-d
    considered for the player, shown first; ``event_rounds``: the rounds of the event
    (1.7)."""
    setting = own if isinstance(own, Setting) else Setting(own)
    first = list(exemptions)
    if not games:
        return NormCheck(title.name, IMPOSSIBLE, (_games_requirement(0, False),), (), None,
                         _("no game over the board"), None, None, Fraction(0), 0, None)
    found = _search(games, setting, title, swiss)
    if found is None and forfeit is not None and len(games) + 1 == MIN_GAMES:
        lost = _search(games + [forfeit.replace(score=Fraction(0))], setting, title, swiss)
        if lost is not None:
            used = lost[0]
            f = _figures(used, title)
            reqs = ([Requirement("1.4.2c", _(
                "the last round's forfeit win counted as a game lost against {game}: the "
                "game was needed for the number of games, and the norm holds even lost",
                game=forfeit.label()), True, True)] + first
                + [_games_requirement(len(used), False)]
                + _mix(used, setting, title) + _performance_requirements(used, title, f))
            return _achieved(title, reqs, used, (), setting, False, event_rounds)
    if found is not None:
        used, dropped = found
        f = _figures(used, title)
        reqs = (first + [_games_requirement(len(used), False)] + _mix(used, setting, title)
                + _performance_requirements(used, title, f))
        notes: tuple[str, ...] = ()
        if not swiss and dropped:
            notes = (_("a round robin: the opponents' mix is that of every game "
                       "(1.4.1f)"),)
        return _achieved(title, reqs, used, tuple(dropped), setting, False, event_rounds,
                         notes)
    n = len(games)
    f = _figures(games, title)
    games_req = _games_requirement(n, eight)
    mix = _mix(games, setting, title)
    perf = _performance_requirements(games, title, f)
    reqs = first + [games_req] + mix + perf
    needed = _needed(games, title)
    if games_req.met and all(r.met is not False for r in mix) and _performance_met(f, n, title):
        unknown = [r for r in mix if r.met is None]
        if not unknown:  # eight games of a nine-round event (1.4.1c)
            return _achieved(title, reqs, games, (), setting, eight, event_rounds)
        why = unknown[0]
        if why.waived:  # the normal requirement fails; the exemption is not decidable
            why = next((r for r in first if r.article == why.waived), why)
        return NormCheck(title.name, UNKNOWN, tuple(reqs), (), None, _(
            "{article}: {text}", article=why.article, text=why.text), f.ra,
            f.rp, f.score, n, needed)
    blocking = [r for r in [games_req] + mix if r.met is False]
    if f.ra < title.average:
        blocking.append(next(r for r in perf if r.article == "1.4.7"))
    if blocking or needed is None:
        block = blocking[0]
        return NormCheck(title.name, IMPOSSIBLE, tuple(reqs), (), None, _(
            "{article}: {text}", article=block.article, text=block.text), f.ra, f.rp,
            f.score, n, needed)
    return NormCheck(title.name, MISSED, tuple(reqs), (), needed - f.score, "", f.ra, f.rp,
                     f.score, n, needed)


def _search(games: list[NormGame], setting: Setting, title: NormTitle,
            swiss: bool) -> tuple[list[NormGame], list[tuple[NormGame, str]]] | None:
    """The games making a norm with the fewest left out: every game first, then (1.4.1e, a
    Swiss only) the games after a round ignored, and (1.4.1f) games the player won left out,
    at least nine games remaining. None: no such set. In a round robin the opponents' mix
    must be met by every game (1.4.1f)."""
    n = len(games)
    whole_mix_ok = all(r.met for r in _mix(games, setting, title))
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
                    r.met for r in _mix(used, setting, title))
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


NORM_EVENTS: dict[str, tuple[str, str]] = {
    "national-championship": ("1.4.3a", N_("the final stage of a national championship "
                                            "(open or women's)")),
    "national-team-championship": ("1.4.3b", N_("a national team championship")),
    "zonal": ("1.4.3c", N_("a zonal or sub-zonal tournament")),
}
"""The events exempt from the normal foreigner requirement that the input cannot show, as
the user declares them (``--norm-event``): the name → its article of 1.4.3 and what it is."""


def declared_exemption(t: Tournament, kind: str, own: str) -> Requirement:
    """The exemption of the declared event ``kind`` (:data:`NORM_EVENTS`) for a player of
    federation ``own``: 1.4.3c for everyone; 1.4.3a and 1.4.3b for the players of the
    federation that registered the event (TRF 032), unknown when the input does not give
    it (docs/decisions.md D-N1)."""
    article, what = NORM_EVENTS[kind]
    if article == "1.4.3c":
        return Requirement(article, _("declared {what}: every player is exempt",
                                      what=_(what)), True, exemption=True)
    host = t.federation.strip().upper()
    if not host:
        return Requirement(article, _(
            "declared {what}: the exemption is for the players of the federation that "
            "registered the event, which the input does not give (TRF 032)", what=_(what)),
            None, exemption=True)
    return Requirement(article, _(
        "declared {what}: the exemption is for the players of {host}, the federation that "
        "registered the event; the player's: {own}", what=_(what), host=host,
        own=own or "-"), own == host, exemption=True)


def _absent(kind: Kind) -> bool:
    """A round the player missed (1.4.3d): a bye or absence other than a pairing-allocated
    bye, or a forfeit lost."""
    return (kind.bye and kind is not Kind.PAB) or kind is Kind.FORFEIT_LOSS


def _exemption_figures(players: list[tuple[str, str]]) -> tuple[int, int, int]:
    """1.4.3d's figures of the players counted, (federation, title) each: how many, their
    federations, and how many hold GM, IM, WGM or WIM."""
    return (len(players), len({fed for fed, _ in players}),
            sum(1 for _, title in players if title in EXEMPT_TITLES))


def _holds(figures: tuple[int, int, int]) -> bool:
    """The players, federations and titles 1.4.3d asks for."""
    n, f, k = figures
    return n >= EXEMPT_PLAYERS and f >= EXEMPT_FEDERATIONS and k >= EXEMPT_TITLED


def swiss_exemption(t: Tournament, rounds: int) -> Requirement:
    """1.4.3d: in a Swiss, the normal foreigner requirement is lifted when the participants
    include in every round at least 20 FIDE-rated players not from the host federation
    (TRF 032; FID is no federation, 1.4.2a), from at least 3 federations, at least 10 of
    them GM, IM, WGM or WIM, counting only players who missed at most one round (a
    pairing-allocated bye or a forfeit win is no round missed): such a player counts in
    every round (docs/decisions.md D-N2). Unknown when the input cannot tell: it holds but
    the host federation is not given, or it fails but would hold were the rated players
    without a federation foreigners, each of a federation of his own."""
    host = t.federation.strip().upper()
    known: list[tuple[str, str]] = []
    blank: list[tuple[str, str]] = []
    for p in t.participants:
        fed = p.federation.strip().upper()
        if p.rating is None or fed == NO_FEDERATION or (host and fed == host):
            continue
        kinds = [r.kind for r in p.rounds[:rounds]]
        missed = rounds - len(kinds) + sum(1 for k in kinds if _absent(k))
        if missed > 1:
            continue
        if fed:
            known.append((fed, shown_title(p.title)))
        else:
            blank.append((f"?{p.start_no}", shown_title(p.title)))
    figures = _exemption_figures(known)
    met: bool | None = rounds > 0 and _holds(figures)
    if (met and not host) or (rounds > 0 and not met and blank
                              and _holds(_exemption_figures(known + blank))):
        met = None
    players, feds, titled = figures
    text = _(
        "a Swiss: FIDE-rated players not from the host federation ({host}) who missed at most "
        "one round: {players} (at least 20), from {feds} federation(s) (at least 3), "
        "{titled} GM/IM/WGM/WIM (at least 10)", host=host or _("not given, TRF 032"),
        players=players, feds=feds, titled=titled)
    if blank:
        text += "; " + _("{count} rated player(s) without a federation not counted",
                         count=len(blank))
    return Requirement("1.4.3d", text, met, exemption=True)


def double_round_robin(t: Tournament, rounds: int) -> int | None:
    """The number of players when ``t`` is a double round robin (predetermined pairings in
    which some pair met twice), for 1.4.5; None otherwise."""
    if t.type is not TournamentType.PREDETERMINED:
        return None
    for p in t.participants:
        met = [r.opponent for r in p.rounds[:rounds] if r.opponent is not None]
        if len(met) != len(set(met)):
            return len(t.participants)
    return None


def _setting(own: str, rows: list[Requirement], double: int | None) -> Setting:
    """The player's :class:`Setting`: exempt by the first exemption that holds, else unknown
    by the first the input cannot decide, else not exempt."""
    for wanted in (True, None):
        for row in rows:
            if row.met is wanted:
                return Setting(own, wanted, row.article, double)
    return Setting(own, False, "", double)


def norm_report(t: Tournament, rounds: int, order: list[int] | None = None,
                event: str = "") -> NormReport:
    """The norm check of ``t`` after ``rounds`` rounds, players in ``order`` (start numbers;
    default the input's); ``event``: an exempt event the user declares (a key of
    :data:`NORM_EVENTS`; empty: none). InputError for a rapid or blitz event or one that
    started before 1 January 2024 (other regulations)."""
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
    notes = []
    if event:
        article, what = NORM_EVENTS[event]
        notes.append(_("declared by the user: {what} ({article}); the tool does not check "
                       "what the declaration says", what=_(what), article=article))
    else:
        notes.append(_("not checked unless declared (--norm-event): the exemptions of "
                       "1.4.3a-c (national championships, national team championships, "
                       "zonals); 1.4.3d is checked from the file"))
    notes += [
        _("not checked, the input does not tell: the conditions of 1.1 (rounds per day, time "
          "control, arbiters) and of 1.4.2d-e"),
        _("the ratings and titles are those of the input: 1.4.6a uses the FIDE list in "
          "force at the start of the event"),
    ]
    if t.start_date is None:
        notes.append(_("no start date known: the regulations applied from 1 January 2024 "
                       "are assumed"))
    by_no = {p.start_no: p for p in t.participants}
    numbers = order if order is not None else [p.start_no for p in t.participants]
    swiss = t.type is not TournamentType.PREDETERMINED
    event_rounds = t.scheduled_rounds or t.rounds
    swiss_row = swiss_exemption(t, rounds) if swiss else None
    if swiss_row is not None:
        notes.append(_("{article} {text}: {verdict}", article=swiss_row.article,
                       text=swiss_row.text, verdict=swiss_row.verdict()))
        if swiss_row.met is False:
            swiss_row = None  # the normal foreigner requirement applies: said once, above
    double = double_round_robin(t, rounds)
    players = []
    for no in numbers:
        p = by_no[no]
        games, skipped, eight, forfeit = counted_games(t, p, rounds)
        own = p.federation.strip().upper()
        if own == NO_FEDERATION:
            own = ""
        rows = [] if not event else [declared_exemption(t, event, own)]
        if swiss_row is not None:
            rows.append(swiss_row)
        setting = _setting(own, rows, double)
        checks = []
        for title in NORM_TITLES:
            sex = p.sex.strip().lower()
            if title.women and sex in ("m", "male", "masculino"):
                checks.append(NormCheck(title.name, NOT_APPLICABLE, (), (), None,
                                        _("a women's title"), None, None, Fraction(0), 0,
                                        None))
                continue
            check = check_games(games, setting, title, swiss, eight, forfeit, tuple(rows),
                                event_rounds)
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
