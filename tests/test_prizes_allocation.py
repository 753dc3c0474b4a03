"""Prizes: pooled money, Hort, trophies by tie-break order, one prize per player, categories,
unclaimed prizes and the prize-list reader. Every expected amount is derived by hand below."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from builders import round_robin

from xl_tiebreak.model.tournament import InputError, Participant
from xl_tiebreak.prizes.allocation import (
    AgeGroup,
    Allocation,
    BirthYears,
    Category,
    Eligibility,
    Federation,
    FieldValue,
    Prize,
    PrizeList,
    PrizeOptions,
    RatingBand,
    Sharing,
    Unrated,
    Women,
    allocate,
    money,
    parse_category,
    parse_money,
    read_prize_csv,
    read_prize_rows,
)
from xl_tiebreak.standings.final import Standings, compute_standings

# Event 1: a 6-player round robin (rows: results against A, B, C, D, E, F).
#   A: =1111 -> 4½   B: =.=11= -> 3½   C: 0=.111 -> 3½   D: 000.11 -> 2   E: 1   F: ½
# B and C drew each other, so DE does not separate them. Sonneborn-Berger:
#   B: wins over D (2) and E (1) = 3; draws with A, C, F = (4½ + 3½ + ½)/2 = 4¼ -> 7¼
#   C: wins over D, E, F = 2 + 1 + ½ = 3½; draw with B = 3½/2 = 1¾ -> 5¼
# so with "SB" B is 2nd and C 3rd; with no tie-break (or DE only) they share place 2.
EVENT1 = ["x=1111", "=x=11=", "0=x111", "000x11", "0000x1", "0=000x"]

# Event 2: A 4, then B, C, D all on 3, E 1½, F ½.
#   A: .11011 -> 4 (lost to D)   B: 0.1011 -> 3   C: 00.111 -> 3   D: 110.01 -> 3
#   E: 0001.= -> 1½ (beat D)      F: 0000=. -> ½
# SB: B beat C (3), E (1½), F (½) = 5; C beat D (3), E, F = 5; D beat A (4), B (3), F (½) = 7½.
# With "SB,DE": D first, then B and C (SB 5 each) split by DE (B beat C): D, B, C.
EVENT2 = ["x11011", "0x1011", "00x111", "110x01", "0001x=", "0000=x"]


def _players(ratings: Sequence[int | None] = (2300, 2100, 1750, 1900, 1700, None),
             sexes: str = "mmmmmm", births: Sequence[str] = ("",) * 6) -> list[Participant]:
    return [Participant(0, name, rating=r, sex=s, birth=b)
            for name, r, s, b in zip("ABCDEF", ratings, sexes, births)]


def _standings(table: list[str], tiebreaks: str | list[str], **kw: Any) -> Standings:
    t = round_robin(_players(**kw), table, start_date="2025-05-01")
    return compute_standings(t, tiebreaks, rules="fide2026")


def _money(a: Allocation) -> dict[str, Fraction]:
    return {x.participant.name: x.money for x in a.awards}


PLACES = [Prize(1, Fraction(1000), "Champion"), Prize(2, Fraction(300)),
          Prize(3, Fraction(200))]


def test_tied_players_pool_the_prizes_of_their_places_equally() -> None:
    # A alone on 4½: place 1, 1000. B and C on 3½ cover places 2-3: (300 + 200) / 2 = 250 each,
    # whatever the tie-break says (money is pooled over points).
    a = allocate(_standings(EVENT1, "SB"), PrizeList(PLACES))
    assert _money(a) == {"A": 1000, "B": 250, "C": 250}
    assert "places 2–3 tied on 3½ points (B, C): 300 + 200 shared, 250 each" in a.lines
    assert a.unclaimed == [] and a.notes == []
    assert a.award(1) is not None and a.award(1).trophy == "Champion"  # type: ignore[union-attr]


def test_hort_half_shared_half_by_tie_break_order() -> None:
    # Hort: 300 + 200 = 500; half (250) shared: 125 each; half by the SB order B, C: B 150,
    # C 100. B 125 + 150 = 275, C 125 + 100 = 225.
    a = allocate(_standings(EVENT1, "SB"), PrizeList(PLACES), PrizeOptions(Sharing.HORT))
    assert _money(a) == {"A": 1000, "B": 275, "C": 225}
    assert a.total() == 1500
    line = next(x for x in a.lines if x.startswith("places 2–3"))
    assert "Hort system: 300 + 200 = 500; half shared, 125 each" in line
    assert "half by tie-break order: B 150, C 100; in all B 275, C 225" in line


def test_hort_with_a_tie_unresolved_shares_the_tie_break_halves() -> None:
    # No tie-break: B and C still tied, their tie-break halves (150 + 100) are shared too:
    # 125 + 125 = 250 each, and a note says so.
    a = allocate(_standings(EVENT1, []), PrizeList(PLACES), PrizeOptions(Sharing.HORT))
    assert _money(a) == {"A": 1000, "B": 250, "C": 250}
    assert any("Hort system: B, C are still tied after all tie-breaks" in n for n in a.notes)


def test_a_tie_across_the_end_of_the_prize_list() -> None:
    # Event 2: B, C, D on 3 points occupy places 2-4; only prizes 1-3 exist: they pool
    # 300 + 200 + 0 = 500, 500/3 = 166.67 each (exactly 500/3). A: 1000.
    a = allocate(_standings(EVENT2, "SB,DE"), PrizeList(PLACES))
    assert _money(a) == {"A": 1000, "B": Fraction(500, 3), "C": Fraction(500, 3),
                         "D": Fraction(500, 3)}
    assert any(x.startswith("places 2–4 tied on 3 points (D, B, C): 300 + 200 + 0 shared, "
                            "166.67 (exactly 500/3) each") for x in a.lines)


def test_a_tie_across_a_prize_boundary_with_hort() -> None:
    # Event 2, prizes 1000/300/150/60/30, Hort, order D, B, C: the pool 2-4 holds 300 + 150 + 60
    # = 510; half 255 shared = 85 each; half by order: D 150, B 75, C 30 -> D 235, B 160,
    # C 115. E alone on 1½ takes place 5: 30.
    prizes = [Prize(1, Fraction(1000)), Prize(2, Fraction(300)), Prize(3, Fraction(150)),
              Prize(4, Fraction(60)), Prize(5, Fraction(30))]
    a = allocate(_standings(EVENT2, "SB,DE"), PrizeList(prizes), PrizeOptions(Sharing.HORT))
    assert _money(a) == {"A": 1000, "D": 235, "B": 160, "C": 115, "E": 30}
    assert a.total() == 1540


U1800 = Category("U1800", (RatingBand(maximum=1799),))


def test_place_prize_kept_when_higher_category_prize_passes_down() -> None:
    # C (1750) and E (1700) are U1800. C's place share is 250 > U1800 prize 100: C keeps the
    # place prize; the U1800 prize goes to the next eligible player, E.
    prizes = PrizeList([*PLACES, Prize(1, Fraction(100), category="U1800")], [U1800])
    a = allocate(_standings(EVENT1, "SB"), prizes)
    assert _money(a) == {"A": 1000, "B": 250, "C": 250, "E": 100}
    assert ("C (rank 3, 3½ points) would receive 250 from the place prizes or 100 from the "
            "U1800 prizes: takes the place prizes (the higher); the U1800 prizes pass to the "
            "next eligible players") in a.lines
    assert "U1800 place 1: E (1 point): 100" in a.lines


def test_category_prize_taken_when_higher_and_the_place_prizes_move_up() -> None:
    # U1800 prize 300 > C's place share 250: C takes 300. The place pools are formed over the
    # others: B is alone on 3½ at place 2 (300), D (2 points) moves up to place 3 (200).
    prizes = PrizeList([*PLACES, Prize(1, Fraction(300), category="U1800")], [U1800])
    a = allocate(_standings(EVENT1, "SB"), prizes)
    assert _money(a) == {"A": 1000, "B": 300, "C": 300, "D": 200}
    assert [(x.participant.name, x.prize()) for x in a.awards] == [
        ("A", "place 1"), ("B", "place 2"), ("C", "U1800 place 1"), ("D", "place 3")]
    assert "place 3: D (2 points): 200" in a.lines
    assert ("C (rank 3, 3½ points) would receive 250 from the place prizes or 300 from the "
            "U1800 prizes: takes the U1800 prizes (the higher); the place prizes pass to the "
            "next eligible players") in a.lines


def test_equal_value_place_prize_wins() -> None:
    # U1800 prize 250 equals C's place share 250: the place prize is kept; E gets the U1800 one.
    prizes = PrizeList([*PLACES, Prize(1, Fraction(250), category="U1800")], [U1800])
    a = allocate(_standings(EVENT1, "SB"), prizes)
    assert _money(a) == {"A": 1000, "B": 250, "C": 250, "E": 250}
    assert any("equal value: the place prize comes first" in x for x in a.lines)


def test_without_one_prize_rule_a_player_takes_both() -> None:
    prizes = PrizeList([*PLACES, Prize(1, Fraction(100), category="U1800")], [U1800])
    a = allocate(_standings(EVENT1, "SB"), prizes, PrizeOptions(one_prize_per_player=False))
    assert [x.money for x in a.awards_of(3)] == [250, 100]
    assert a.award(5) is None


def test_unclaimed_category_prizes_are_reported() -> None:
    # Nobody is a woman: both Women prizes are unclaimed. U1800 has 2 eligible players (C, E) and
    # 3 prizes; C keeps her place share (250 > 80), so E alone takes U1800 place 1 (80);
    # U1800 places 2 and 3 are unclaimed.
    women = Category("Women", (Women(),))
    prizes = PrizeList([*PLACES, Prize(1, Fraction(80), category="U1800"),
                        Prize(2, Fraction(40), category="U1800"),
                        Prize(3, Fraction(20), category="U1800"),
                        Prize(1, Fraction(100), category="Women"),
                        Prize(2, Fraction(50), category="Women")], [U1800, women])
    a = allocate(_standings(EVENT1, "SB"), prizes)
    assert _money(a) == {"A": 1000, "B": 250, "C": 250, "E": 80}
    assert [(p.category, p.place) for p in a.unclaimed] == [
        ("U1800", 2), ("U1800", 3), ("Women", 1), ("Women", 2)]
    assert "Women (women): no eligible player" in a.notes
    assert "Women place 1 (100): unclaimed, no eligible player left" in a.lines


def test_trophies_follow_the_tie_break_order() -> None:
    # B before C by SB: the silver cup of place 2 to B, bronze of place 3 to C; money shared.
    prizes = PrizeList([Prize(1, Fraction(1000)), Prize(2, Fraction(300), "Silver"),
                        Prize(3, Fraction(200), "Bronze")])
    a = allocate(_standings(EVENT1, "SB"), prizes)
    assert [(x.participant.name, x.money, x.trophy) for x in a.awards[1:]] == [
        ("B", 250, "Silver"), ("C", 250, "Bronze")]
    assert a.notes == []
    assert a.lines[1].endswith("; trophy 'Silver' to B (tie-break order); trophy 'Bronze' to C "
                               "(tie-break order)")


def test_an_unresolved_tie_on_a_trophy_is_reported() -> None:
    # DE cannot separate B and C (they drew): they share rank 2. The silver cup goes to the
    # first by standings order (B, start number 2) and a note reports the unresolved tie.
    prizes = PrizeList([Prize(1, Fraction(1000)), Prize(2, Fraction(300), "Silver"),
                        Prize(3, Fraction(200), "Bronze")])
    s = _standings(EVENT1, "DE")
    assert [(r.rank, r.shared) for r in s.rows[1:3]] == [(2, True), (2, True)]
    a = allocate(s, prizes)
    assert [(x.participant.name, x.trophy) for x in a.awards[1:]] == [
        ("B", "Silver"), ("C", "Bronze")]
    assert len(a.notes) == 1 and a.notes[0].startswith(
        "unresolved tie: B, C (rank 2) are still tied after all tie-breaks; trophy 'Silver' "
        "to B; 'Bronze' to C: given by standings order")


def test_money_beats_a_trophy_unless_configured() -> None:
    # A and F are women. A: place 1 (1000) or the Women trophy: money wins, the trophy passes
    # to F. With trophy_over_money A takes the trophy and leaves the place pools: B and C (both
    # 3½) now cover places 1-2 and pool (1000 + 300) / 2 = 650 each; D moves up to place 3
    # (200).
    women = Category("Women", (Women(),))
    prizes = PrizeList([*PLACES[1:], Prize(1, Fraction(1000)),
                        Prize(1, trophy="Best woman", category="Women")], [women])
    s = _standings(EVENT1, "SB", sexes="fmmmmf")
    a = allocate(s, prizes)
    assert a.award(1).money == 1000 and a.award(6).trophy == "Best woman"  # type: ignore[union-attr]
    b = allocate(s, prizes, PrizeOptions(trophy_over_money=True))
    assert _money(b) == {"A": 0, "B": 650, "C": 650, "D": 200}
    assert b.award(1).trophy == "Best woman"  # type: ignore[union-attr]


def test_category_criteria() -> None:
    ctx = Eligibility(2025, {3: {"Club": "Hamburg SK"}})
    p = Participant(3, "C", rating=1750, federation="ger", sex="w", birth="2013/06/01",
                    title="WFM")
    assert RatingBand(maximum=1799).admits(p, ctx) and not RatingBand(1800).admits(p, ctx)
    assert not Unrated().admits(p, ctx) and Unrated(rated=True).admits(p, ctx)
    # U12 in 2025: born 2013 or later; 2013 qualifies, 2012 does not.
    assert AgeGroup(under=12).admits(p, ctx)
    assert not AgeGroup(under=12).admits(Participant(4, "D", birth="31.12.2012"), ctx)
    assert AgeGroup(under=12).admits(Participant(5, "E"), ctx) is None
    assert AgeGroup(at_least=65).admits(Participant(6, "F", birth="1960"), ctx)
    assert BirthYears(2010, 2013).admits(p, ctx) and Women().admits(p, ctx)
    assert Federation(frozenset({"GER"})).admits(p, ctx)
    assert FieldValue("Club", " hamburg sk").admits(p, ctx)
    assert FieldValue("title", "WFM").admits(p, ctx)
    assert FieldValue("Club", "x").admits(Participant(9, "Z"), ctx) is None
    with pytest.raises(InputError, match="needs the event's year"):
        AgeGroup(under=12).admits(p, Eligibility())


def test_category_notation() -> None:
    assert parse_category("U1800").criteria == (RatingBand(maximum=1799),)
    assert parse_category("U12").criteria == (AgeGroup(under=12),)
    c = parse_category("Best woman: women & rating 1600-1999 and fed=GER/AUT")
    assert c.name == "Best woman"
    assert c.criteria == (Women(), RatingBand(1600, 1999), Federation(frozenset({"GER", "AUT"})))
    assert parse_category("S65").criteria == parse_category("65+").criteria == (
        AgeGroup(at_least=65),)
    assert parse_category("born>=2010 & unrated").criteria == (BirthYears(first=2010), Unrated())
    assert parse_category(">2000").criteria == (RatingBand(minimum=2001),)
    with pytest.raises(InputError, match="'juniors' is not a category criterion"):
        parse_category("juniors", "row 4")


def test_age_group_players_without_birth_are_refused() -> None:
    # Event year 2025: U12 admits born 2013 or later. E (2014) is eligible, F (2010) not, the
    # others have no birth date: the prize cannot be given, and the refusal names them.
    u12 = Category("U12", (AgeGroup(under=12),), where="prizes.csv row 3")
    s = _standings(EVENT1, "SB", births=("", "", "", "", "2014-02-02", "2010"))
    with pytest.raises(InputError) as info:
        allocate(s, PrizeList([Prize(1, Fraction(50), category="U12")], [u12]))
    (problem,) = info.value.problems
    assert problem.where == "prizes.csv row 3"
    assert problem.message.startswith("the category U12 (U12) cannot be decided for 4 "
                                      "player(s) without their birth date or year")
    assert "#1 A, #2 B, #3 C, #4 D;" in problem.message
    # with every birth given it is awarded: E alone is eligible
    s = _standings(EVENT1, "SB", births=("1990", "1985", "2000", "1970", "2014-02-02",
                                         "2010"))
    a = allocate(s, PrizeList([Prize(1, Fraction(50), category="U12")], [u12]))
    assert _money(a) == {"E": 50}


def test_women_without_sex_data_are_refused() -> None:
    women = Category("Women", (Women(),))
    s = _standings(EVENT1, "SB", sexes="fmm  m")
    with pytest.raises(InputError, match=r"cannot be decided for 2 player\(s\) without their "
                       r"sex .*: #4 D, #5 E;"):
        allocate(s, PrizeList([Prize(1, Fraction(50), category="Women")], [women]))
    # Feminino / Masculino (Portuguese) are read
    assert Women().admits(Participant(1, "A", sex="Feminino"), Eligibility())
    assert Women().admits(Participant(1, "A", sex="Masculino"), Eligibility()) is False


def test_read_prize_csv() -> None:
    text = ("Prize;Category;Place;Amount;Trophy\n"
            "First;;1;1000;Champion\n"
            ";;2;300,50;\n"
            ";U1800;1;€ 100;\n"
            ";Best woman: women;1;;Cup\n")
    pl = read_prize_csv(text, "prizes.csv")
    assert pl.prizes == [Prize(1, Fraction(1000), "Champion", "", "First"),
                         Prize(2, Fraction(601, 2)), Prize(1, Fraction(100), "", "U1800"),
                         Prize(1, Fraction(0), "Cup", "Best woman")]
    assert [c.name for c in pl.categories] == ["U1800", "Best woman"]
    assert money(Fraction(601, 2)) == "300.50"


def test_read_prize_rows_names_every_bad_cell() -> None:
    rows: list[list[object]] = [
        ["Prize", "Category", "Place", "Amount", "Trophy"],
        ["", "", 1, 1000.0, ""],
        ["", "", "two", "1,000", ""],
        ["", "", 3, "", ""],
        ["", "juniors", 1, 10, ""],
        ["", "", 1, 5, ""],
    ]
    with pytest.raises(InputError) as err:
        read_prize_rows(rows, "Prizes")
    texts = [str(p) for p in err.value.problems]
    assert texts == [
        "Prizes: row 3, column Place (C3): 'two' is not a place (1, 2, 3 …)",
        "Prizes: row 3, column Amount (D3): '1,000' is not an amount (write e.g. 300 or "
        "300.50, without thousands separators)",
        "Prizes: row 4: the prize has neither an amount nor a trophy",
        "Prizes: row 5, column Category (B5): category 'juniors': 'juniors' is not a category "
        "criterion (e.g. U1800, U12, women, unrated, fed=GER, Club=…)",
        "Prizes: row 6: place 1 is given twice (also Prizes: row 2)",
    ]


def test_reader_header_and_category_errors() -> None:
    with pytest.raises(InputError, match="lacks the column"):
        read_prize_rows([["Prize", "Amount"], ["x", 1]])
    with pytest.raises(InputError, match="defined differently"):
        read_prize_rows([["Category", "Place", "Amount"], ["Juniors: U20", 1, 5],
                         ["Juniors: U18", 2, 3]])
    with pytest.raises(InputError, match="no category 'Seniors' is defined"):
        allocate(_standings(EVENT1, "SB"), PrizeList([Prize(1, Fraction(5), category="Seniors")]))


def test_parse_money() -> None:
    assert parse_money("1000.5") == Fraction(2001, 2)
    assert parse_money(12.25) == Fraction(49, 4)
    assert parse_money("EUR 40") == 40
    for bad in ("1,000", "-5", "ten", "1e3"):
        with pytest.raises(ValueError):
            parse_money(bad)


def test_new_core_modules_import_only_the_standard_library() -> None:
    # The same probe as test_project_core_stdlib_only, for prizes, knockout and tables.
    import subprocess
    import sys

    from test_project_core_stdlib_only import PROBE

    code = PROBE.format(imports="\n".join(f"import xl_tiebreak.{m}"
                                          for m in ("prizes.allocation", "knockout.bracket",
                                                    "formats.tables")))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "", f"core imports non-standard modules: {out}"


def test_a_tied_player_taking_a_category_prize_leaves_the_pool() -> None:
    # Event 2, order D, B, C on 3 points; prizes 1000/300/150; C (1750) is U1800, U1800 prize
    # 160. C's place share in the pool D, B, C (places 2-4) is (300 + 150 + 0) / 3 = 150 < 160:
    # C takes 160. The pool is then D and B at places 2-3: (300 + 150) / 2 = 225 each. E (U1800,
    # 1½) finds no place prize 4 and no U1800 prize 2: nothing.
    prizes = PrizeList([Prize(1, Fraction(1000)), Prize(2, Fraction(300)),
                        Prize(3, Fraction(150)), Prize(1, Fraction(160), category="U1800")],
                       [U1800])
    a = allocate(_standings(EVENT2, "SB,DE"), prizes)
    assert _money(a) == {"A": 1000, "D": 225, "B": 225, "C": 160}
    assert "places 2–3 tied on 3 points (D, B): 300 + 150 shared, 225 each" in a.lines
    assert a.total() == 1610 and a.unclaimed == []
