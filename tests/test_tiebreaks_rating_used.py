"""Which rating the rating-based tie-breaks use (docs/decisions.md D-E1): the FIDE rating of
the event's rate, the national rating, or FIDE then national with players without either
left out. Every value below is derived by hand in its test from the B.02 table (spec §7:
dp(75%) = +193, dp(0%) = -800, dp(83%) = +273, dp(17%) = -273) and the games of
:func:`_event`."""

from __future__ import annotations

import pytest

from xl_tiebreak.model.tournament import (
    Color,
    Kind,
    Participant,
    RatingUsed,
    Record,
    Tournament,
    TournamentType,
    rating_used_of,
)
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.tiebreaks.engine import Engine
from xl_tiebreak.tiebreaks.rules import RuleSet

FIDE_RULES = RuleSet.FIDE2026
_MIRROR = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW}

# A four-player round robin, three rounds:
#   R1: #1-#2 1-0, #3-#4 ½-½;  R2: #1-#3 ½-½, #2-#4 1-0;  R3: #1-#4 1-0, #2-#3 0-1
# Scores: #1 2½, #2 1, #3 2, #4 ½.
_GAMES = (
    (1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW),
    (2, 1, 3, Kind.DRAW), (2, 2, 4, Kind.WIN),
    (3, 1, 4, Kind.WIN), (3, 2, 3, Kind.LOSS),
)

_ONE_OF_EACH = {1: (2000, 1900), 2: (None, 1800), 3: (2100, None), 4: (None, None)}
"""#1 both ratings, #2 only a national one, #3 only a FIDE one, #4 none (FIDE, national)."""


def _event(ratings: dict[int, tuple[int | None, int | None]],
           used: RatingUsed | None = None, rate: str = "") -> Tournament:
    people = {no: Participant(no, f"P{no}", rating=fide, national_rating=national)
              for no, (fide, national) in ratings.items()}
    for no in people:
        people[no].rounds = [Record(Kind.ZPB)] * 3
    for rnd, white, black, kind in _GAMES:
        people[white].rounds[rnd - 1] = Record(kind, black, Color.WHITE)
        people[black].rounds[rnd - 1] = Record(_MIRROR[kind], white, Color.BLACK)
    return Tournament(list(people.values()), type=TournamentType.PREDETERMINED,
                      rating_used=used, rate=rate)


def _value(t: Tournament, code: str, no: int, unrated: int | None = None) -> object:
    engine = Engine(t, FIDE_RULES, unrated_rating=unrated)
    return engine.values(parse_descriptor(code))[engine.index_of(no)]


def test_fide_then_national_uses_the_national_rating_and_leaves_out_who_has_neither() -> None:
    t = _event(_ONE_OF_EACH, RatingUsed.FIDE_THEN_NATIONAL)
    # #1 met #2 (national 1800), #3 (FIDE 2100), #4 (neither: left out): (1800 + 2100) / 2
    assert _value(t, "ARO", 1) == 1950
    # TPR #1: the games against #2 and #3 only, 1½ of 2 = 75% -> +193
    assert _value(t, "TPR", 1) == 1950 + 193
    # TPR #2: #1 (FIDE 2000) and #3 (2100), both lost: 2050 - 800; TPR #3: #1 (2000) drawn and
    # #2 (national 1800) won: 1900 + 193. APRO #1 = (1250 + 2093) / 2 = 1671.5 -> 1672
    assert _value(t, "TPR", 2) == 1250
    assert _value(t, "TPR", 3) == 2093
    assert _value(t, "APRO", 1) == 1672
    # #4 has no rating, but his opponents do: (2000 + 1800 + 2100) / 3 = 1966.67 -> 1967, and
    # ½ of 3 = 17% -> -273; APRO #4 = (2143 + 1250 + 2093) / 3 = 1828.67 -> 1829
    assert _value(t, "ARO", 4) == 1967
    assert _value(t, "TPR", 4) == 1967 - 273
    assert _value(t, "APRO", 4) == 1829
    # RTNG: his own rating, FIDE else national; none for #4
    assert [_value(t, "RTNG", no) for no in (1, 2, 3, 4)] == [2000, 1800, 2100, None]


def test_fide_and_national_skip_the_tiebreak_when_someone_lacks_that_rating() -> None:
    for used in (None, RatingUsed.FIDE, RatingUsed.NATIONAL):
        engine = Engine(_event(_ONE_OF_EACH, used), FIDE_RULES)
        for code in ("ARO", "TPR", "APRO", "PTP", "RTNG"):
            assert engine.skips(parse_descriptor(code)), (used, code)


def test_a_rating_for_unrated_players_fills_in_the_missing_rating_of_the_one_chosen() -> None:
    fide = _event(_ONE_OF_EACH, RatingUsed.FIDE)
    # FIDE: #2 and #4 have none -> 1000 each: (1000 + 2100 + 1000) / 3 = 1366.67 -> 1367;
    # TPR: 2½ of 3 = 83% -> +273
    assert _value(fide, "ARO/U1000", 1) == 1367
    assert _value(fide, "TPR/U1000", 1) == 1367 + 273
    national = _event(_ONE_OF_EACH, RatingUsed.NATIONAL)
    # national: #2 1800, #3 and #4 none -> 1000 each: 3800 / 3 = 1266.67 -> 1267
    assert _value(national, "ARO", 1, unrated=1000) == 1267
    # FIDE then national with a rating set for unrated players: #4 counts with it, not left
    # out: (1800 + 2100 + 1000) / 3 = 1633.33 -> 1633
    both = _event(_ONE_OF_EACH, RatingUsed.FIDE_THEN_NATIONAL)
    assert _value(both, "ARO/U1000", 1) == 1633


def test_every_player_with_both_ratings_fide_and_national_differ() -> None:
    rated = {1: (2000, 1900), 2: (1800, 1700), 3: (2100, 2000), 4: (1600, 1500)}
    # #1's opponents: FIDE (1800 + 2100 + 1600) / 3 = 1833.33; national 5200 / 3 = 1733.33
    assert _value(_event(rated), "ARO", 1) == 1833
    assert _value(_event(rated, RatingUsed.FIDE), "ARO", 1) == 1833
    assert _value(_event(rated, RatingUsed.NATIONAL), "ARO", 1) == 1733
    assert _value(_event(rated, RatingUsed.FIDE_THEN_NATIONAL), "ARO", 1) == 1833
    # #2 met #1, #4 (won), #3: national (1900 + 1500 + 2000) / 3 = 1800, 1 of 3 = 33% -> -125
    assert _value(_event(rated, RatingUsed.NATIONAL), "TPR", 2) == 1800 - 125


def test_only_national_ratings_under_fide_then_national_and_national_agree() -> None:
    national_only = {1: (None, 1900), 2: (None, 1800), 3: (None, 2000), 4: (None, 1500)}
    for used in (RatingUsed.NATIONAL, RatingUsed.FIDE_THEN_NATIONAL):
        # (1800 + 2000 + 1500) / 3 = 1766.67 -> 1767
        assert _value(_event(national_only, used), "ARO", 1) == 1767
    assert Engine(_event(national_only, RatingUsed.FIDE), FIDE_RULES).skips(
        parse_descriptor("ARO"))


def test_the_rapid_rating_of_a_rapid_event() -> None:
    t = _event({1: (2000, None), 2: (1800, None), 3: (2100, None), 4: (1600, None)},
               RatingUsed.FIDE, rate="rapid")
    rapid = {1: 1950, 2: 1700, 3: 2000, 4: None}
    for p in t.participants:
        p.rapid_rating = rapid[p.start_no]
    # the Rapid ratings, not the Rating column: #4 has no rapid rating -> skipped
    assert Engine(t, FIDE_RULES).skips(parse_descriptor("ARO"))
    # with 1000 for him: (1700 + 2000 + 1000) / 3 = 1566.67 -> 1567
    assert _value(t, "ARO/U1000", 1) == 1567
    t.participants[3].rapid_rating = 1500
    # (1700 + 2000 + 1500) / 3 = 1733.33 -> 1733
    assert _value(t, "ARO", 1) == 1733


def test_the_explanation_names_the_rating_of_each_opponent() -> None:
    t = _event(_ONE_OF_EACH, RatingUsed.FIDE_THEN_NATIONAL)
    explained = Engine(t, FIDE_RULES).explain(parse_descriptor("ARO"), 1)
    reasons = {term.label: term.reason for term in explained.terms}
    assert reasons == {"#2 P2": "national rating", "#3 P3": "FIDE standard rating",
                       "#4 P4": "no FIDE standard rating or national rating: left out"}
    assert any("else his national rating" in note for note in explained.notes)
    rtng = Engine(t, FIDE_RULES).explain(parse_descriptor("RTNG"), 2)
    assert [term.reason for term in rtng.terms] == ["national rating"]
    rapid = _event(_ONE_OF_EACH, RatingUsed.FIDE, rate="rapid")
    set_value = Engine(rapid, FIDE_RULES).explain(parse_descriptor("ARO/U1000"), 1)
    assert [term.reason for term in set_value.terms] == [
        "no FIDE rapid rating: the rating set for unrated players", "FIDE rapid rating",
        "no FIDE rapid rating: the rating set for unrated players"]


def test_the_standings_say_which_rating_was_used() -> None:
    t = _event(_ONE_OF_EACH, RatingUsed.FIDE_THEN_NATIONAL)
    standings = compute_standings(t, "ARO")
    said = [w.message for w in standings.warnings]
    assert any("else his national rating" in m and "#4" in m for m in said), said
    # not chosen: the national ratings the input has are not used, and the legend says so
    rated = {1: (2000, 1900), 2: (1800, 1700), 3: (2100, 2000), 4: (1600, 1500)}
    said = [w.message for w in compute_standings(_event(rated), "ARO").warnings]
    assert any("national ratings of the input are not used" in m for m in said), said
    # nothing to say when the event has no national rating and nobody chose
    plain = {no: (fide, None) for no, (fide, _) in rated.items()}
    assert not any("rating" in w.message for w in compute_standings(
        _event(plain), "ARO").warnings)


@pytest.mark.parametrize(("text", "used"), [
    ("fide", RatingUsed.FIDE), ("FIDE", RatingUsed.FIDE), ("national", RatingUsed.NATIONAL),
    ("Nacional", RatingUsed.NATIONAL), ("CBX", RatingUsed.NATIONAL),
    ("fide-then-national", RatingUsed.FIDE_THEN_NATIONAL),
    ("FIDE, then national", RatingUsed.FIDE_THEN_NATIONAL),
    ("FIDE, depois nacional", RatingUsed.FIDE_THEN_NATIONAL),
    ("FIDE, senão CBX", RatingUsed.FIDE_THEN_NATIONAL),
    ("national then fide", None), ("elo", None), ("", None),
])
def test_the_words_of_the_setting(text: str, used: RatingUsed | None) -> None:
    assert rating_used_of(text) is used
