"""Each player's rating change in one event under the FIDE Rating Regulations (Handbook B.02)
applied from 1 March 2024 (https://handbook.fide.com/chapter/B022024; the rapid and blitz
regulations, https://handbook.fide.com/chapter/B02RBRegulations2024, share the tables, the K
factors and the rounding).

For a rated player (8.3): every game played over the board against a rated opponent (5.1:
unplayed games are not counted; a game is rated when both players made at least one move)
gives the difference D of the two ratings, counted as 400 when larger (8.3.1; from 1 October
2025, in standard chess, not for players rated 2650 and above), the expected score PD of table
8.1.2, and score − PD; their sum times the development coefficient K (8.3.3) is the rating
change (8.3.2). For an unrated player, the provisional performance of 8.2: the average rating
Ra of the rated opponents and two hypothetical opponents rated 1800 (both draws), plus the dp
of table 8.1.1 for the fractional score.

Events that started before 1 March 2024 were rated under earlier regulations (the 400-point
rule limited once per event for players rated 2650 and above, another initial rating): they
are refused rather than computed under rules that were not in force.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from xl_tiebreak.i18n import N_, _, _n
from xl_tiebreak.i18n.conventions import date_text, number_text
from xl_tiebreak.i18n.language import translate
from xl_tiebreak.model.tournament import InputError, Kind, Participant, Tournament, kind_text
from xl_tiebreak.tiebreaks.ratings import dp, expected_hundredths, percent_of
from xl_tiebreak.util.numbers import fmt, round_half_up
from xl_tiebreak.util.patterns import LazyPattern
from xl_tiebreak.util.plain import Frozen

__all__ = ["RATES", "RATE_NAMES", "GameLine", "PlayerRating", "RatingReport", "Regulations",
           "k_factor", "rate_text", "rating_report", "regulations_for"]

RATES = ("standard", "rapid", "blitz")
"""The rates of play B.02 rates separately (the codes ``--ratings`` takes and JSON writes)."""
RATE_NAMES = {"standard": N_("standard"), "rapid": N_("rapid"), "blitz": N_("blitz")}
"""Each rate's name as the report writes it (through the catalogue: :func:`rate_text`)."""

IN_FORCE = datetime.date(2024, 3, 1)
"""The regulations this module implements apply from this date."""
NO_CAP_2650 = datetime.date(2025, 10, 1)
"""From this date (standard chess), 8.3.1 counts the real difference for players rated 2650+."""
RAPID_600 = datetime.date(2024, 12, 1)
"""From this date (rapid and blitz, 7.3.1): games with a difference of 600 or more are not
rated when one player is rated above 2600."""
HYPOTHETICAL = 1800
"""The rating of the two hypothetical opponents of 8.2.2 (both games drawn)."""
MAX_INITIAL = 2200
"""The highest initial rating (8.2.3)."""

_YEAR = LazyPattern(r"(?<!\d)(19\d\d|20\d\d)(?!\d)")


class Regulations(Frozen):
    """The version applied: ``label`` (as the report names it), ``url``; ``no_cap_2650``: the
    400-point rule does not apply to players rated 2650 and above (standard, from 1 October
    2025); ``exclude_600``: rapid and blitz games with a difference of 600 or more are not
    rated when one player is rated above 2600 (from 1 December 2024); ``note``: how the
    version was chosen."""

    __slots__ = ("label", "url", "rate", "no_cap_2650", "exclude_600", "note")
    label: str
    url: str
    rate: str
    no_cap_2650: bool
    exclude_600: bool
    note: str

    def __init__(self, label: str, url: str, rate: str, no_cap_2650: bool, exclude_600: bool,
                 note: str) -> None:
        set_field = object.__setattr__
        set_field(self, "label", label)
        set_field(self, "url", url)
        set_field(self, "rate", rate)
        set_field(self, "no_cap_2650", no_cap_2650)
        set_field(self, "exclude_600", exclude_600)
        set_field(self, "note", note)


def regulations_for(start: datetime.date | None, rate: str) -> Regulations:
    """The version of B.02 in force on the event's start date for a rate of play (InputError
    for events that started before 1 March 2024). Without a start date: the version in force
    today's regulations describe (every amendment applied), said in ``note``."""
    if rate not in RATES:
        raise InputError(_("--ratings {rate}: expected one of {rates}", rate=rate,
                           rates=", ".join(RATES)))
    if start is not None and start < IN_FORCE:
        raise InputError(_(
            "--ratings: the event started on {date}, under the FIDE Rating Regulations in "
            "force before 1 March 2024 (another initial rating, the 400-point rule limited for "
            "players rated 2650 and above); only the regulations applied from 1 March 2024 are "
            "implemented", date=date_text(start)))
    standard = rate == "standard"
    if standard:
        label = _("FIDE Rating Regulations applied from 1 March 2024 (B.02)")
        url = "https://handbook.fide.com/chapter/B022024"
    else:
        label = _("FIDE Rapid and Blitz Rating Regulations applied from 1 March 2024")
        url = "https://handbook.fide.com/chapter/B02RBRegulations2024"
    day = start or datetime.date.max
    no_cap = standard and day >= NO_CAP_2650
    exclude = not standard and day >= RAPID_600
    if start is None:
        note = _("no start date known: every amendment applied")
    else:
        note = _("in force on the start date {date}", date=date_text(start))
    if no_cap:
        label += ", " + _("8.3.1 as amended from 1 October 2025")
    if exclude:
        label += ", " + _("7.3.1 as amended from 1 December 2024")
    return Regulations(label, url, rate, no_cap, exclude, note)


class GameLine(Frozen):
    """One round of a player, as the rating sees it.

    ``rated``: the game counts; ``reason``: why not, or the articles that apply; for a rated
    game ``difference`` (own rating − opponent's), ``counted`` (after the 400-point rule),
    ``expected`` (PD, table 8.1.2), ``score`` (1, ½, 0) and ``change`` (K × (score − PD);
    None for an unrated player)."""

    __slots__ = ("round", "opponent", "opponent_name", "opponent_rating", "rated", "reason",
                 "difference", "counted", "expected", "score", "change")
    round: int
    opponent: int | None
    opponent_name: str
    opponent_rating: int | None
    rated: bool
    reason: str
    difference: int | None
    counted: int | None
    expected: Fraction | None
    score: Fraction | None
    change: Fraction | None

    def __init__(self, round: int, opponent: int | None, opponent_name: str,
                 opponent_rating: int | None, rated: bool, reason: str,
                 difference: int | None = None, counted: int | None = None,
                 expected: Fraction | None = None, score: Fraction | None = None,
                 change: Fraction | None = None) -> None:
        set_field = object.__setattr__
        set_field(self, "round", round)
        set_field(self, "opponent", opponent)
        set_field(self, "opponent_name", opponent_name)
        set_field(self, "opponent_rating", opponent_rating)
        set_field(self, "rated", rated)
        set_field(self, "reason", reason)
        set_field(self, "difference", difference)
        set_field(self, "counted", counted)
        set_field(self, "expected", expected)
        set_field(self, "score", score)
        set_field(self, "change", change)

    def text(self) -> str:
        """``R3 #12 Nick (1770): D = +340 → PD 0.88; scored 1: 1 − 0.88 = +0.12 × K 20 =
        +2.4``; for a round not rated, the reason (in the language in force)."""
        who = (f"#{self.opponent} {self.opponent_name}" if self.opponent is not None
               else _("no opponent"))
        if self.opponent_rating is not None:
            who += f" ({self.opponent_rating})"
        where = f"{_('R{round}', round=self.round)} {who}"
        if not self.rated:
            return _("{game}: not rated ({reason})", game=where, reason=self.reason)
        if self.difference is None:  # an unrated player's game for the initial rating
            assert self.score is not None
            return _("{game}: scored {score} ({reason})", game=where, score=_number(self.score),
                     reason=self.reason)
        assert self.expected is not None
        assert self.score is not None
        counted = (", " + _("counted as {counted} (8.3.1)", counted=f"{self.counted:+d}")
                   if self.counted != self.difference else "")
        expected = _number(self.expected, 2)
        text = _("{game}: D = {difference}{counted} → PD {expected} (8.1.2); scored {score}: "
                 "{score} − {expected} = {result}", game=where,
                 difference=f"{self.difference:+d}", counted=counted, expected=expected,
                 score=_number(self.score), result=_signed(self.score - self.expected))
        if self.change is not None:
            text += f"; × K = {_signed(self.change)}"
        return text


class PlayerRating(Frozen):
    """One player's rating report: ``k`` and ``k_reason`` (rated players; None for unrated),
    the ``games`` (every round), ``score`` and ``expected`` over the rated games, ``change``
    (K × Σ(score − PD), exact) and ``rounded`` (8.3.4); for an unrated player ``performance``
    (8.2, None when it cannot be computed) and ``performance_lines``; ``notes``: what the
    input could not say and what was assumed."""

    __slots__ = ("start_no", "name", "rating", "k", "k_reason", "games", "score", "expected",
                 "change", "rounded", "performance", "performance_lines", "notes")
    start_no: int
    name: str
    rating: int | None
    k: int | None
    k_reason: str
    games: tuple[GameLine, ...]
    score: Fraction
    expected: Fraction
    change: Fraction | None
    rounded: int | None
    performance: int | None
    performance_lines: tuple[str, ...]
    notes: tuple[str, ...]

    def __init__(self, start_no: int, name: str, rating: int | None, k: int | None,
                 k_reason: str, games: tuple[GameLine, ...], score: Fraction,
                 expected: Fraction, change: Fraction | None, rounded: int | None,
                 performance: int | None, performance_lines: tuple[str, ...],
                 notes: tuple[str, ...]) -> None:
        set_field = object.__setattr__
        set_field(self, "start_no", start_no)
        set_field(self, "name", name)
        set_field(self, "rating", rating)
        set_field(self, "k", k)
        set_field(self, "k_reason", k_reason)
        set_field(self, "games", games)
        set_field(self, "score", score)
        set_field(self, "expected", expected)
        set_field(self, "change", change)
        set_field(self, "rounded", rounded)
        set_field(self, "performance", performance)
        set_field(self, "performance_lines", performance_lines)
        set_field(self, "notes", notes)

    @property
    def rated_games(self) -> int:
        """The number of rated games."""
        return sum(1 for g in self.games if g.rated)

    def lines(self) -> list[str]:
        """The player's block: heading, K and its reason, every round, the result (in the
        language in force)."""
        rating = _("unrated") if self.rating is None else str(self.rating)
        out = [f"#{self.start_no} {self.name} ({rating})"]
        if self.k is not None:
            out.append(f"  K = {self.k}: {self.k_reason}")
        out.extend(f"  {g.text()}" for g in self.games)
        if self.change is not None:
            out.append("  " + _n(
                "{count} rated game: score {score}, expected {expected}; change = K × ({score} "
                "− {expected}) = {change} (8.3.2), rounded {rounded} (8.3.4)",
                "{count} rated games: score {score}, expected {expected}; change = K × "
                "({score} − {expected}) = {change} (8.3.2), rounded {rounded} (8.3.4)",
                count=self.rated_games, score=_number(self.score), expected=_number(self.expected),
                change=_signed(self.change), rounded=_signed(Fraction(self.rounded or 0))))
        out.extend(f"  {x}" for x in self.performance_lines)
        out.extend("  " + _("note: {note}", note=n) for n in self.notes)
        return out


class RatingReport(Frozen):
    """The rating report of an event: the ``regulations`` applied and one
    :class:`PlayerRating` per participant (in the order asked)."""

    __slots__ = ("regulations", "players", "rate_note")
    regulations: Regulations
    players: tuple[PlayerRating, ...]
    rate_note: str

    def __init__(self, regulations: Regulations, players: tuple[PlayerRating, ...],
                 rate_note: str) -> None:
        set_field = object.__setattr__
        set_field(self, "regulations", regulations)
        set_field(self, "players", players)
        set_field(self, "rate_note", rate_note)

    def lines(self) -> list[str]:
        """The whole report: the version, a summary table, then every player's block (in the
        language in force)."""
        r = self.regulations
        out = [_("Rating report ({rate}{assumed}): {regulations}, {url}; {note}",
                 rate=rate_text(r.rate), assumed=self.rate_note, regulations=r.label,
                 url=r.url, note=r.note)]
        head = [_("No"), _("Name"), _("Rtg"), _("K"), _("Games"), _("Score"),
                _("Exp"), _("Change"), _("Perf")]
        rows = [head]
        for p in self.players:
            rows.append([
                str(p.start_no), p.name, "" if p.rating is None else str(p.rating),
                "" if p.k is None else str(p.k), str(p.rated_games), _number(p.score),
                _number(p.expected) if p.change is not None else "",
                "" if p.change is None else _signed(p.change),
                "" if p.performance is None else str(p.performance),
            ])
        widths = [max(len(r[k]) for r in rows) for k in range(len(head))]
        for row in rows:
            out.append("  ".join(c.ljust(w) if k == 1 else c.rjust(w)
                                 for k, (c, w) in enumerate(zip(row, widths, strict=True)))
                       .rstrip())
        for p in self.players:
            out.append("")
            out.extend(p.lines())
        return out

    def as_json(self) -> dict[str, object]:
        """A JSON-ready form (exact decimal strings)."""
        r = self.regulations
        return {
            "regulations": r.label, "url": r.url, "rate": r.rate, "note": r.note,
            "players": [{
                "start_no": p.start_no, "name": p.name, "rating": p.rating, "k": p.k,
                "k_reason": p.k_reason, "rated_games": p.rated_games, "score": fmt(p.score),
                "expected": fmt(p.expected),
                "change": None if p.change is None else fmt(p.change),
                "rounded": p.rounded, "performance": p.performance,
                "games": [g.text() for g in p.games],
                "performance_lines": list(p.performance_lines), "notes": list(p.notes),
            } for p in self.players],
        }


def rate_text(rate: str) -> str:
    """A rate of play's name in the language in force (``standard``, ``clássico``)."""
    name = RATE_NAMES.get(rate)
    return rate if name is None else translate(name)


def _number(value: Fraction, places: int | None = None) -> str:
    """``3.89`` as the language writes it (``3,89`` in Portuguese)."""
    return number_text(fmt(value, places))


def _signed(value: Fraction) -> str:
    """``+4.8``, ``-4.2``, ``0`` (``+4,8`` in Portuguese)."""
    text = fmt(value)
    return number_text(text if text.startswith("-") or value == 0 else f"+{text}")


def birth_year(text: str) -> int | None:
    """The year in a birth date as inputs write it (``2008/05/12``, ``12.05.2008``, ``2008``);
    None when there is none or more than one."""
    years = [m.group(1) for m in _YEAR.finditer(text or "")]
    return int(years[0]) if len(years) == 1 else None


def k_factor(rating: int, born: int | None, event_year: int | None,
             rated_games: int) -> tuple[int, str, list[str]]:
    """K of 8.3.3 for a rated player, why, and what was assumed.

    The lines of 8.3.3 apply in this order (docs/decisions.md D94): a rating of 2400 or
    more → 10; a junior (the event in or before the year of the 18th birthday) rated under
    2300 → 40; otherwise 20. The input cannot tell whether the player has completed 30 rated
    games (K 40 until then) or had a published rating of 2400 before (K 10 for good): both are
    assumed not to change K, and said. Then K × n ≤ 700 (n: this event's rated games)."""
    notes = []
    if rating >= 2400:
        k, why = 10, _("published rating 2400 or more (8.3.3)")
    elif born is not None and event_year is not None and event_year - born <= 18 \
            and rating < 2300:
        k, why = 40, _("junior: born {year}, until the end of the year of the 18th birthday, "
                       "rating under 2300 (8.3.3)", year=born)
    else:
        k, why = 20, _("rating under 2400 (8.3.3)")
        if born is not None and event_year is not None and event_year - born <= 18:
            why += "; " + _("a junior (born {year}) but rated 2300 or more", year=born)
        elif born is None and rating < 2300:
            notes.append(_("birth year unknown: a junior rated under 2300 would have K = 40"))
        notes.append(_("assumed: at least 30 rated games completed (K = 40 until then) and no "
                       "earlier published rating of 2400 or more (K = 10 then)"))
    if rated_games and k * rated_games > 700:
        capped = 700 // rated_games
        why += "; " + _("K × n = {k} × {n} = {product} > 700, so K = {capped} (8.3.3; n counted "
                        "in this event only: other events of the rating period count too)",
                        k=k, n=rated_games, product=k * rated_games, capped=capped)
        k = capped
    return k, why, notes


def _score(kind: Kind) -> Fraction:
    """The game's score for the rating (8.3.2 b): 1, ½ or 0."""
    if kind is Kind.WIN:
        return Fraction(1)
    if kind is Kind.DRAW:
        return Fraction(1, 2)
    return Fraction(0)


def _game_lines(t: Tournament, p: Participant, rounds: int,
                regs: Regulations) -> list[GameLine]:
    """Every round of ``p`` up to ``rounds`` as the rating sees it (K not yet applied)."""
    by_no = {q.start_no: q for q in t.participants}
    out = []
    for r, record in enumerate(p.rounds[:rounds], start=1):
        opp = by_no.get(record.opponent) if record.opponent is not None else None
        name = opp.name if opp is not None else ""
        opp_rating = opp.rating if opp is not None else None
        line = GameLine(r, record.opponent, name, opp_rating, False, "")
        if record.kind.bye or opp is None:
            out.append(line.replace(reason=_("{kind}: no game", kind=kind_text(record.kind))))
        elif record.kind.forfeit:
            out.append(line.replace(reason=_("forfeit: unplayed games are not counted (5.1)")))
        elif record.short_game:
            out.append(line.replace(reason=_("less than one move: a game is rated when both "
                                             "players made at least one move (5.1)")))
        elif opp_rating is None:
            out.append(line.replace(reason=_("the opponent is unrated (8.3.1 counts games "
                                             "against rated players)")))
        elif p.rating is None:
            out.append(line.replace(rated=True, reason=_("for the initial rating (8.2)"),
                                    score=_score(record.kind)))
        else:
            diff = p.rating - opp_rating
            if regs.exclude_600 and abs(diff) >= 600 and max(p.rating, opp_rating) > 2600:
                out.append(line.replace(reason=_("difference of 600 or more with a player "
                                                 "rated above 2600 (7.3.1, from 1 December "
                                                 "2024)")))
                continue
            exempt = regs.no_cap_2650 and p.rating >= 2650
            counted = diff if exempt or abs(diff) <= 400 else (400 if diff > 0 else -400)
            expected = Fraction(expected_hundredths(counted), 100)
            out.append(line.replace(rated=True, reason="8.3", difference=diff,
                                    counted=counted, expected=expected,
                                    score=_score(record.kind)))
    return out


def _performance(games: list[GameLine]) -> tuple[int | None, tuple[str, ...]]:
    """The provisional performance of 8.2 over the games against rated opponents."""
    rated = [g for g in games if g.rated and g.opponent_rating is not None]
    if not rated:
        return None, (_("no game against a rated opponent: no initial rating (8.2)"),)
    score = sum((g.score or Fraction(0) for g in rated), Fraction(0))
    n = len(rated)
    total = sum(g.opponent_rating or 0 for g in rated)
    lines = []
    if score == 0:
        lines.append(_("scored zero against rated opponents: disregarded if this is the "
                       "player's first event (8.2.1)"))
    ra = Fraction(total + 2 * HYPOTHETICAL, n + 2)
    p = (score + 1) / (n + 2)
    percent = percent_of(p)
    d = dp(percent)
    ru = round_half_up(ra + d)
    lines.append(_("Ra = ({ratings} + 2 × {hypothetical}) / {games} = {average} (8.2.2: two "
                   "hypothetical opponents rated {hypothetical}, both draws)",
                   ratings=" + ".join(str(g.opponent_rating) for g in rated),
                   hypothetical=HYPOTHETICAL, games=n + 2, average=_number(ra)))
    lines.append(_("p = ({score} + 1) / {games} = {p} → {percent}%, dp = {dp} (8.1.1); Ru = "
                   "Ra + dp = {ru}, rounded {rounded} (8.2.3)", score=_number(score),
                   games=n + 2, p=_number(p), percent=percent, dp=f"{d:+d}",
                   ru=_number(ra + d), rounded=int(ru)))
    performance = int(ru)
    if performance > MAX_INITIAL:
        lines.append(_("the maximum initial rating is {maximum} (8.2.3)", maximum=MAX_INITIAL))
        performance = MAX_INITIAL
    lines.append(_("published only when based on at least 5 games against rated opponents "
                   "(7.1.4, pooled over up to 26 months; this event gives {games}) and at "
                   "least 1400", games=n))
    return performance, tuple(lines)


def rating_report(t: Tournament, rounds: int, rate: str = "standard",
                  rate_given: bool = True,
                  order: list[int] | None = None) -> RatingReport:
    """The rating report of ``t`` after ``rounds`` rounds for a rate of play; ``order``:
    start numbers in the order to report (default: the input's order). ``rate_given``:
    False when the user did not name the rate (the report then says it was assumed)."""
    regs = regulations_for(t.start_date, rate)
    event_year = t.start_date.year if t.start_date is not None else None
    by_no = {p.start_no: p for p in t.participants}
    numbers = order if order is not None else [p.start_no for p in t.participants]
    players = []
    for no in numbers:
        p = by_no[no]
        games = _game_lines(t, p, rounds, regs)
        rated = [g for g in games if g.rated]
        score = sum((g.score or Fraction(0) for g in rated), Fraction(0))
        notes: list[str] = []
        if rate != "standard" and p.rating is None:
            notes.append(_("an unrated player with a standard rating is rated with it (7.2.1 "
                           "of the rapid and blitz regulations)"))
        if p.rating is None:
            performance, perf_lines = _performance(games)
            players.append(PlayerRating(no, p.name, None, None, "", tuple(games), score,
                                        Fraction(0), None, None, performance, perf_lines,
                                        tuple(notes)))
            continue
        k, why, k_notes = k_factor(p.rating, birth_year(p.birth), event_year, len(rated))
        if event_year is None:
            k_notes.append(_("no start date: a junior's K cannot be told"))
        expected = sum((g.expected or Fraction(0) for g in rated), Fraction(0))
        games = [g.replace(change=k * ((g.score or Fraction(0)) - (g.expected or Fraction(0))))
                 if g.rated else g for g in games]
        change = k * (score - expected)
        players.append(PlayerRating(no, p.name, p.rating, k, why, tuple(games), score,
                                    expected, change, int(round_half_up(change)), None, (),
                                    tuple(notes + k_notes)))
    rate_note = "" if rate_given else ", " + _("assumed: give --ratings rapid or blitz "
                                                 "otherwise")
    return RatingReport(regs, tuple(players), rate_note)
