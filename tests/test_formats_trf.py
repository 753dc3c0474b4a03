"""Tests for :mod:`xl_tiebreak.formats.trf.reader`: reading real and malformed TRF files, dates,
writing."""

from __future__ import annotations

import datetime
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from spec_data import TRF_DIR

from xl_tiebreak.formats.trf.reader import parse_trf, read_trf, write_trf
from xl_tiebreak.model.tournament import (
    Color,
    InputError,
    Kind,
    Participant,
    Record,
    Scoring,
    Tournament,
    TournamentType,
)
from xl_tiebreak.util.dates import parse_date
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES

DATA = TRF_DIR
FILES = sorted(DATA.glob("*.trf")) + sorted(DATA.glob("normalized/*.trf")) if DATA.is_dir() else []
REFUSED = {"sharly_trf26_team_import_test.trf"}
"""Data files the reader must refuse (rounds with an opponent but no result)."""

needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="shared TRF data folder absent")

PLACE = re.compile(r"^line \d+(, col \d+)?$")


def data_text(name: str) -> str:
    """Text of a file of the shared data folder (skips the test when it is absent)."""
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} absent")
    return path.read_text(encoding="latin-1")


def data(name: str) -> Tournament:
    """A tournament from the shared data folder (skips the test when it is absent)."""
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} absent")
    return read_trf(path)


def player_line(
    start: str = "   1",
    name: str = "Alyx",
    rating: str = "2200",
    points: str = " 3.5",
    rank: str = "   1",
    rounds: tuple[str, ...] = (),
) -> str:
    """A ``001`` line with every field at its column; ``rounds`` are 8-char ``OOOO C R`` blocks."""
    line = (
        f"001 {start:>4} m {'':>3}{name:<33} {rating:>4} NOR {'0':>11} 1990/01/01 "
        f"{points:>4} {rank:>4}"
    )
    assert len(line) == 89
    return line + "".join(f"  {r}" for r in rounds)


def strip_where(ps: list[Participant]) -> list[Participant]:
    """Participants without ``where`` (records already ignore it in comparisons)."""
    return [p.replace(where="") for p in ps]


def error_of(text: str | bytes) -> InputError:
    with pytest.raises(InputError) as info:
        parse_trf(text)
    return info.value


# --------------------------------------------------------------------------------------------
# Every data file


@needs_data
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_data_file_reads_or_names_lines(path: Path) -> None:
    try:
        t = read_trf(path)
    except InputError as exc:
        assert path.name in REFUSED, str(exc)
        assert exc.problems
        for problem in exc.problems:
            assert PLACE.match(problem.where), problem
        assert re.search(r"line \d+", str(exc))
        return
    assert path.name not in REFUSED
    assert t.participants
    assert t.source == str(path)
    assert t.rounds == max(len(p.rounds) for p in t.participants)
    assert len({p.start_no for p in t.participants}) == len(t.participants)
    for p in t.participants:
        assert PLACE.match(p.where)
        for r in p.rounds:
            assert PLACE.match(r.where)
            if r.kind.bye:
                assert r.opponent is None and r.color is None


@needs_data
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_round_trip_data_file(path: Path) -> None:
    if path.name in REFUSED:
        pytest.skip("refused file")
    t = read_trf(path)
    back = parse_trf(write_trf(t))
    assert strip_where(back.participants) == strip_where(t.participants)
    assert back.rounds == t.rounds
    assert back.scheduled_rounds == t.scheduled_rounds
    assert back.start_date == t.start_date
    assert back.name == t.name
    assert back.type is t.type
    assert back.scoring == t.scoring
    assert back.tiebreaks == t.tiebreaks


# --------------------------------------------------------------------------------------------
# Facts from particular files


def test_held_swiss_5() -> None:
    t = data("held_swiss_5.trf")
    assert len(t.participants) == 16
    assert t.rounds == 5
    assert t.scheduled_rounds == 5
    assert t.start_date == datetime.date(2024, 8, 1)
    assert t.type is TournamentType.SWISS
    assert t.name == "FIDE C.07 2023 Tie-Break Exercises"
    by = t.by_start_no()
    david = by[4]
    assert david.name == "David"
    assert david.rating == 2050
    assert david.federation == "NOR"
    assert david.sex == "m"
    assert david.birth == "1990/01/01"
    assert david.fide_id == "0"
    assert david.declared_points == Fraction(7, 2)
    assert david.declared_rank == 4
    assert david.record(1) == Record(Kind.WIN, 12, Color.BLACK)
    assert david.record(2) == Record(Kind.HPB)
    assert by[9].record(4) == Record(Kind.FORFEIT_LOSS, 11, Color.BLACK)
    assert by[11].record(4) == Record(Kind.FORFEIT_WIN, 9, Color.WHITE)
    assert by[12].record(2).kind is Kind.PAB
    assert by[12].record(4) == by[12].record(5) == Record(Kind.ZPB)
    assert len(by[12].rounds) == 5  # explicit Z rounds are entries
    assert by[1].record(3) == Record(Kind.DRAW, 2, Color.WHITE)
    assert by[2].where == "line 5"
    assert by[9].record(4).where == "line 18, col 122"


def test_held_round_robin() -> None:
    t = data("held_round_robin.trf")
    assert len(t.participants) == 6
    assert t.rounds == 5
    # No 092/192 record says so: inferred from the all-play-all pairings.
    assert t.type is TournamentType.PREDETERMINED and t.type_inferred
    by = t.by_start_no()
    assert by[5].record(4) == Record(Kind.FORFEIT_LOSS, 6, Color.WHITE)
    assert by[6].record(4) == Record(Kind.FORFEIT_WIN, 5, Color.BLACK)
    assert [p.declared_points for p in t.participants] == [Fraction(7, 2)] * 3 + [
        Fraction(3, 2)
    ] * 3


def test_declared_swiss_is_never_inferred_round_robin() -> None:
    text = data_text("held_round_robin.trf").replace("042 2024-08-01", "042 2024-08-01\n092 Swiss")
    t = parse_trf(text)
    assert t.type is TournamentType.SWISS and not t.type_inferred


def test_gros_open_mid_tournament() -> None:
    t = data("gros_open_2010.trf")
    assert len(t.participants) == 52
    assert t.scheduled_rounds == 9
    assert t.rounds == 5
    assert t.start_date == datetime.date(2010, 9, 24)


def test_latin1_names() -> None:
    t = data("icu_irish_junior_champs_2011.trf")
    by = t.by_start_no()
    assert by[24].name == "Morgan, Mícheál"
    assert by[27].name == "Ó Muireagáin, Colm"
    assert by[29].name == "Ní Mhuireagáin, Eibhia"
    assert by[27].rating == 908  # columns stay right after decoding
    assert by[24].record(4) == Record(Kind.ZPB)  # "0000 -  " with no result


def test_utf8_greek_team_file_reads_players() -> None:
    t = data("gre_crete_team_cup_2024.trf")  # has 013 team records
    assert t.name == "ΔΙΑΣΥΛΛΟΓΙΚΟ ΚΥΠΕΛΛΟ ΚΡΗΤΙΚΗΣ ΦΙΛΙΑΣ 2024"
    assert len(t.participants) == 129
    assert t.participants[0].record(1) == Record(Kind.ZPB)  # "0000 - -"


def test_forfeit_colour_dash_and_blank_rounds() -> None:
    t = data("fide_example1_karl_mala_2005.trf")
    assert len(t.participants) == 284
    assert t.rounds == 7
    assert t.start_date == datetime.date(2005, 7, 28)
    by = t.by_start_no()
    assert by[1].title == "g"
    assert by[13].rounds == [Record(Kind.FORFEIT_LOSS, 153, None)]  # trailing blanks dropped
    assert by[13].record(2) == Record(Kind.ZPB)


def test_swiss_master_byes_without_opponent() -> None:
    t = data("icu_cork_major_2018_swissmaster.trf")
    by = t.by_start_no()
    assert by[7].record(1) == Record(Kind.HPB)  # "   - ="
    assert by[11].record(1) == Record(Kind.FORFEIT_WIN)  # "   - +": opponent unknown
    assert by[11].record(6) == Record(Kind.ZPB)  # "   - -"
    assert by[17].fide_id == "N0001"  # kept as text; not our business
    assert by[24].rating is None  # "0000"


def test_lichess_export() -> None:
    t = data("lichess_bullet_2020_112p.trf")
    assert len(t.participants) == 112
    assert t.rounds == 20
    assert t.scheduled_rounds == 21
    assert t.start_date == datetime.date(2020, 5, 10)
    assert t.by_start_no()[2].record(13) == Record(Kind.ZPB)  # "      -"


def test_crlf_file() -> None:
    t = data("swiss_with_many_unplayed_rounds.trf")
    assert t.name == "Test"
    assert len(t.participants) == 15
    assert t.rounds == 7
    assert not any("\r" in p.name or "\r" in p.birth for p in t.participants)


def test_trf26_records() -> None:
    t = data("sharly_trf26_import_test.trf")
    assert t.scheduled_rounds == 5
    assert t.type is TournamentType.SWISS  # 192 FIDE_DUTCH_2026_BAKU
    assert t.start_date == datetime.date(2025, 9, 13)
    team = data("tec_grandmommys_cup_trf26_team.trf")
    assert team.tiebreaks == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    assert team.scheduled_rounds == 14
    assert len(team.participants) == 249


def test_refused_team_file_names_line_and_column() -> None:
    path = DATA / "sharly_trf26_team_import_test.trf"
    if not path.is_file():
        pytest.skip("absent")
    with pytest.raises(InputError) as info:
        read_trf(path)
    assert "line 20, col 109: round 2 names opponent 2 but has no result" in str(info.value)


# --------------------------------------------------------------------------------------------
# Dates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026/04/01", (2026, 4, 1)),
        ("2026-04-01", (2026, 4, 1)),
        ("2026.04.01", (2026, 4, 1)),
        ("20260401", (2026, 4, 1)),
        ("01.04.2026", (2026, 4, 1)),
        ("01/04/2026", (2026, 4, 1)),  # day first
        ("04/13/2026", (2026, 4, 13)),  # day first impossible
        ("28. 07. 2005", (2005, 7, 28)),
        ("May 29, 2020", (2020, 5, 29)),
        ("Jun 26, 2020", (2020, 6, 26)),
        ("September 3, 2021", (2021, 9, 3)),
        ("29 May 2020", (2020, 5, 29)),
        ("10.09.13", (2013, 9, 10)),  # dd.mm.yy
        ("01.01.99", (1999, 1, 1)),
        ("24/09/2010", (2010, 9, 24)),
        ("25.02.2011", (2011, 2, 25)),
        ("  2024-08-01  ", (2024, 8, 1)),
    ],
)
def test_parse_date(text: str, expected: tuple[int, int, int]) -> None:
    assert parse_date(text) == datetime.date(*expected)


@pytest.mark.parametrize(
    "text", ["", "   ", "garbage", "2026/02/30", "31/31/2026", "Foo 3, 2020", "1.2.3", "2026"]
)
def test_parse_date_refuses(text: str) -> None:
    assert parse_date(text) is None


def test_start_date_record_forms() -> None:
    line = player_line()
    for form in ("2026/04/01", "01.04.2026", "01/04/2026"):
        assert parse_trf(f"042 {form}\n{line}").start_date == datetime.date(2026, 4, 1)
    assert parse_trf(f"042 sometime\n{line}").start_date is None


# --------------------------------------------------------------------------------------------
# Player lines


def test_columns_and_codes() -> None:
    rounds = (
        "   2 w 1",
        "   3 b =",
        "   4 W 0",
        "   5 b w",
        "   6 w d",
        "   7 b L",
        "   8 w +",
        "   9 b -",
        "0000 - -",
        "     - h",
        "0000 - F",
        "   0 - U",
        "0000 - Z",
        "        ",
        "0000 -  ",
    )
    t = parse_trf(player_line(rounds=rounds) + "   \n")
    (p,) = t.participants
    assert (p.start_no, p.name, p.rating, p.declared_points, p.declared_rank) == (
        1,
        "Alyx",
        2200,
        Fraction(7, 2),
        1,
    )
    assert p.rounds == [
        Record(Kind.WIN, 2, Color.WHITE),
        Record(Kind.DRAW, 3, Color.BLACK),
        Record(Kind.LOSS, 4, Color.WHITE),
        Record(Kind.WIN, 5, Color.BLACK, short_game=True),
        Record(Kind.DRAW, 6, Color.WHITE, short_game=True),
        Record(Kind.LOSS, 7, Color.BLACK, short_game=True),
        Record(Kind.FORFEIT_WIN, 8, Color.WHITE),
        Record(Kind.FORFEIT_LOSS, 9, Color.BLACK),
        Record(Kind.ZPB),
        Record(Kind.HPB),
        Record(Kind.FPB),
        Record(Kind.PAB),
        Record(Kind.ZPB),
        Record(Kind.ZPB),
        Record(Kind.ZPB),
    ]
    assert t.rounds == 15
    assert p.rounds[0].where == "line 1, col 92"
    assert p.rounds[2].where == "line 1, col 112"


def test_played_codes_without_opponent_are_byes() -> None:
    rounds = ("     - 1", "     - =", "     - 0", "0000 - W", "0000 - D", "0000 - L")
    (p,) = parse_trf(player_line(rounds=rounds)).participants
    kinds = [r.kind for r in p.rounds]
    assert kinds == [Kind.FPB, Kind.HPB, Kind.ZPB, Kind.FPB, Kind.HPB, Kind.ZPB]
    assert not any(r.short_game for r in p.rounds)


def test_short_lines_and_missing_rounds() -> None:
    full = player_line(rounds=("   2 w 1", "   3 b 0", "   4 w ="))
    short = player_line(start="2", rounds=("   1 b 0",))
    bare = player_line(start="3")[:48]  # stops before the rating
    t = parse_trf("\n".join([full, short, bare, "001    4"]))
    by = t.by_start_no()
    assert t.rounds == 3
    assert len(by[2].rounds) == 1
    assert by[2].record(3) == Record(Kind.ZPB)
    assert by[3].rounds == [] and by[3].declared_points is None and by[3].rating is None
    assert by[4].name == "" and by[4].rating is None
    # A line cut after the opponent: the round has an opponent but no result.
    cut = player_line(rounds=("   2 w 1",))[:-3]
    assert "line 1, col 99: round 1 names opponent 2 but has no result" in str(error_of(cut))


def test_blank_and_zero_rating_is_unrated() -> None:
    a = player_line(rating="")
    b = player_line(start="2", rating="0")
    c = player_line(start="3", rating="0000")
    assert [p.rating for p in parse_trf("\n".join([a, b, c])).participants] == [None] * 3


def test_trailing_blank_rounds_do_not_count() -> None:
    line = player_line(rounds=("   2 w 1", "        ", "        "))
    t = parse_trf(line + "     ")
    assert t.rounds == 1


def test_team_records_do_not_stop_players() -> None:
    text = "\n".join(
        [
            "013 Team A                             1    2",
            "310   1 ERP A                            ERP A      0    3.0    3.5         1    2",
            "### a comment",
            "FRA    1    A                                   2200 IDF      D50113",
            "240 H   2    4",
            player_line(rounds=("   2 w 1",)),
            player_line(start="2", rounds=("   1 b 0",)),
        ]
    )
    t = parse_trf(text)
    assert [p.start_no for p in t.participants] == [1, 2]


# --------------------------------------------------------------------------------------------
# Header records


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ("092 Individual: Swiss-System", TournamentType.SWISS),
        ("092 Round Robin", TournamentType.PREDETERMINED),
        ("092 double round-robin", TournamentType.PREDETERMINED),
        ("092 RR", TournamentType.PREDETERMINED),
        ("092 Berger tables", TournamentType.PREDETERMINED),
        ("092 Scheveningen", TournamentType.PREDETERMINED),
        ("092 Ferrol Open", TournamentType.SWISS),  # "rr" inside a word is not a type
        ("192 BERGER_ROUNDROBIN", TournamentType.PREDETERMINED),
        ("192 FIDE_DUTCH_2026", TournamentType.SWISS),
        ("012 no type given", TournamentType.SWISS),
    ],
)
def test_tournament_type(record: str, expected: TournamentType) -> None:
    assert parse_trf(f"{record}\n{player_line()}").type is expected


def test_scheduled_rounds() -> None:
    assert parse_trf(f"142 7\n{player_line()}").scheduled_rounds == 7
    assert parse_trf(f"XXR 9\n{player_line()}").scheduled_rounds == 9
    assert parse_trf(f"xxr 9\n{player_line()}").scheduled_rounds == 9
    assert parse_trf(player_line()).scheduled_rounds is None
    assert parse_trf(player_line()).rounds == 0
    error = error_of(f"142 seven\n{player_line()}")
    assert "line 1, col 5: number of rounds 'seven'" in str(error)


def test_scoring_162_exact_layout() -> None:
    record = "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0    X 1.0"
    assert record.index("W") == 5 and record.index("D") == 14
    s = parse_trf(f"{record}\n{player_line()}").scoring
    assert s == Scoring(win=Fraction(3), draw=Fraction(1), pab=Fraction(3))


def test_scoring_162_sloppy_spacing() -> None:
    s = parse_trf(f"162 W 1.0 D 0.5 L 0 A 0.5 P 0,5\n{player_line()}").scoring
    assert s.points(Kind.FORFEIT_LOSS) == s.points(Kind.ZPB) == Fraction(1, 2)
    assert s.points(Kind.PAB) == Fraction(1, 2)
    assert s.points(Kind.WIN) == 1


def test_scoring_xxs() -> None:
    text = "XXS W=3 D=1 L=0 WW=3 BW=3.5 FW=2 FL=-1 ZPB=0 HPB=1 FPB=3 PAB=2.5\n" + player_line()
    s = parse_trf(text).scoring
    assert (s.win, s.draw, s.loss) == (Fraction(3), Fraction(1), Fraction(0))
    assert s.forfeit_win == 2 and s.forfeit_loss == -1
    assert (s.hpb, s.fpb, s.pab, s.zpb) == (Fraction(1), Fraction(3), Fraction(5, 2), Fraction(0))
    assert s.points(Kind.WIN, Color.BLACK) == Fraction(7, 2)
    assert s.points(Kind.WIN, Color.WHITE) == 3
    error = str(error_of("XXS W=1 QQ=2 D=x\n" + player_line()))
    assert "line 1, col 9: unknown XXS scoring code 'QQ=2'" in error
    assert "line 1, col 14: XXS value 'D=x'" in error


def test_tiebreak_records() -> None:
    assert parse_trf(f"202 BH/C1, SB , DE\n{player_line()}").tiebreaks == ["BH/C1", "SB", "DE"]
    assert parse_trf(f"212 PTS,WIN,BH,AOB\n{player_line()}").tiebreaks == ["WIN", "BH", "AOB"]
    assert parse_trf(player_line()).tiebreaks == []


def test_bom_latin1_and_line_ends() -> None:
    text = f"012 Café\r\n{player_line(name='Ó Muireagáin, Colm')}\r\n"
    for raw in (
        text.encode("latin-1"),
        text.encode("utf-8"),
        b"\xef\xbb\xbf" + text.encode("utf-8"),
        "\ufeff" + text,
        text.replace("\r\n", "\r"),
    ):
        t = parse_trf(raw)
        assert t.name == "Café"
        assert t.participants[0].name == "Ó Muireagáin, Colm"
        assert t.participants[0].rating == 2200


def test_latin1_control_byte_is_not_a_line_break() -> None:
    # 0x85 decodes (Latin-1) to NEL, which str.splitlines would treat as a line end; a line
    # is read as Latin-1 when it holds a byte Windows-1252 leaves undefined (0x81)
    raw = player_line(name="Ab\x85c\x81").encode("latin-1")
    (p,) = parse_trf(raw).participants
    assert p.name == "Ab\x85c\x81" and p.rating == 2200


def test_a_windows_1252_name_is_read_with_its_apostrophe_and_dash() -> None:
    """What a Windows program saves as "ANSI" in Western languages: ’ (0x92) and – (0x96)
    are characters, not Latin-1's C1 control codes (which would be refused)."""
    name = "D’Ávila – Jr"
    t = parse_trf(player_line(name=name).encode("cp1252"))
    (p,) = t.participants
    assert p.name == name and p.rating == 2200
    assert any("read as Windows-1252" in n.message for n in t.notes)


# --------------------------------------------------------------------------------------------
# Malformed input


def test_unknown_result_code() -> None:
    text = "012 x\n" * 13 + player_line(rounds=("   2 w Q",))
    error = error_of(text)
    assert str(error) == "line 14, col 99: unknown result code 'Q' in round 1"
    assert error.problems[0].where == "line 14, col 99"


def test_garbage_lines() -> None:
    assert "line 1, col 5: start number 'xx'" in str(error_of("001 xx"))
    assert "line 1, col 5: start number missing" in str(error_of("001"))
    assert "line 1, col 5: start number must be 1 or more" in str(error_of("001    0"))


def test_duplicate_start_number_names_both_lines() -> None:
    text = "\n".join([player_line(), player_line(name="Bruno"), player_line(start="2")])
    error = error_of(text)
    assert str(error) == "line 2, col 5: start number 1 is used twice (first on line 1)"


def test_bad_fields() -> None:
    text = "\n".join(
        [
            player_line(rating="22a0"),
            player_line(start="2", points="3.x"),
            player_line(start="3", rank="1st"),
            player_line(start="4", rounds=("  x2 w 1",)),
            player_line(start="5", rounds=("   2 q 1",)),
            player_line(start="6", rounds=("  2 w 1 ",)),
        ]
    )
    error = str(error_of(text))
    assert "line 1, col 49: rating '22a0' is not a whole number" in error
    assert "line 2, col 81: points '3.x' is not a number" in error
    assert "line 3, col 86: rank '1st' is not a whole number" in error
    assert "line 4, col 92: opponent 'x2' in round 1 is not a number" in error
    assert "line 5, col 97: unknown colour 'q' in round 1" in error
    assert "line 6, col 96: unexpected 'w' between the fields of round 1" in error


def test_all_problems_reported_at_once() -> None:
    lines = [player_line(start=str(n), rounds=("   1 w ?",) * 3) for n in range(1, 11)]
    error = error_of("\n".join(lines))
    assert len(error.problems) == 30
    assert all(PLACE.match(p.where) for p in error.problems)


def test_problem_list_is_capped() -> None:
    lines = [player_line(start=str(n), rounds=("   1 w ?",) * 20) for n in range(1, 21)]
    error = error_of("\n".join(lines))
    assert len(error.problems) == 101
    assert "300 more problems" in str(error.problems[-1])


def test_no_player_lines() -> None:
    assert "no player lines" in str(error_of("012 Empty\n042 2024/01/01\n"))
    assert "no player lines" in str(error_of(b""))


def test_huge_input_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="larger than 20 MB"):
        parse_trf(b" " * (MAX_INPUT_BYTES + 1))
    with pytest.raises(InputError, match="larger than 20 MB"):
        parse_trf(" " * (MAX_INPUT_BYTES + 1))
    big = tmp_path / "big.trf"
    with big.open("wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)
    with pytest.raises(InputError, match="larger than 20 MB"):
        read_trf(big)


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        read_trf(tmp_path / "missing.trf")
    with pytest.raises(InputError, match="cannot read"):
        read_trf(tmp_path)


def test_random_damage_never_escapes_as_traceback() -> None:
    base = "\n".join(
        [
            "012 Test",
            "042 2024/08/01",
            "162  W 1.0    D 0.5",
            "XXS W=1 D=0.5",
            player_line(rounds=("   2 w 1", "0000 - H", "   3 b =")),
            player_line(start="2", rounds=("   1 b 0", "   3 w +", "0000 - U")),
            player_line(start="3", rounds=("0000 - Z", "   2 b -", "   1 w =")),
        ]
    )
    rng = random.Random(20260401)
    alphabet = "0123456789 -+=./,wbWBDLHFUZQ\t\r\n\x00é"
    for _ in range(400):
        chars = list(base)
        for _ in range(rng.randint(1, 12)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.5:
                chars[i] = rng.choice(alphabet)
            elif op < 0.75:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        text = "".join(chars)
        try:
            parse_trf(text)
        except InputError as exc:
            assert exc.problems
            assert all(p.where == "" or PLACE.match(p.where) for p in exc.problems)


# --------------------------------------------------------------------------------------------
# Writing


def _sample() -> Tournament:
    def p(no: int, rounds: list[Record], **kw: object) -> Participant:
        return Participant(no, f"Player {no}", rounds=rounds, **kw)  # type: ignore[arg-type]

    return Tournament(
        [
            p(
                1,
                [
                    Record(Kind.WIN, 2, Color.WHITE),
                    Record(Kind.HPB),
                    Record(Kind.FORFEIT_WIN, 4, Color.BLACK),
                ],
                rating=2200,
                title="GM",
                sex="m",
                federation="NOR",
                fide_id="1503014",
                birth="1990/11/30",
                declared_points=Fraction(5, 2),
                declared_rank=1,
            ),
            p(
                2,
                [
                    Record(Kind.LOSS, 1, Color.BLACK),
                    Record(Kind.DRAW, 3, Color.WHITE, short_game=True),
                    Record(Kind.PAB),
                ],
                declared_points=Fraction(10),
            ),
            p(3, [Record(Kind.ZPB), Record(Kind.DRAW, 2, Color.BLACK, short_game=True)]),
            p(
                4,
                [Record(Kind.FPB), Record(Kind.ZPB), Record(Kind.FORFEIT_LOSS, 1, None)],
                rating=1450,
            ),
            p(5, [Record(Kind.WIN, 6, None), Record(Kind.FORFEIT_WIN)]),
            p(6, [Record(Kind.LOSS, 5, None, short_game=True)]),
        ],
        name="Sample  Open",
        scheduled_rounds=9,
        type=TournamentType.PREDETERMINED,
        start_date=datetime.date(2026, 3, 1),
        tiebreaks=["BH/C1", "SB", "DE"],
    )


def test_write_columns() -> None:
    text = write_trf(_sample())
    lines = text.splitlines()
    # 062: six participants; 072: two of them (1 and 4) rated
    assert lines[:6] == ["012 Sample  Open", "042 2026/03/01", "062 6", "072 2",
                         "092 Round Robin", "XXR 9"]
    assert "202 BH/C1,SB,DE" in lines
    one = next(line for line in lines if line.startswith("001    1"))
    assert one[9] == "m" and one[10:13] == " GM"
    assert one[14:47].rstrip() == "Player 1"
    assert one[48:52] == "2200" and one[53:56] == "NOR"
    assert one[57:68] == "    1503014" and one[69:79] == "1990/11/30"
    assert one[80:84] == " 2.5" and one[85:89] == "   1"
    assert one[91:] == "   2 w 1  0000 - H     4 b +"
    two = next(line for line in lines if line.startswith("001    2"))
    assert two[80:84] == "10.0" and two[85:89] == "    "
    assert two[91:] == "   1 b 0     3 w D  0000 - U"
    assert next(line for line in lines if line.startswith("001    3"))[91:99] == "0000 - Z"
    assert text.endswith("\n")


def test_write_round_trip_sample() -> None:
    t = _sample()
    back = parse_trf(write_trf(t))
    assert strip_where(back.participants) == t.participants
    assert back.rounds == t.rounds == 3
    assert (back.scheduled_rounds, back.type, back.start_date, back.tiebreaks) == (
        9,
        TournamentType.PREDETERMINED,
        datetime.date(2026, 3, 1),
        ["BH/C1", "SB", "DE"],
    )
    assert back.name == "Sample  Open"


@pytest.mark.parametrize(
    "scoring",
    [
        Scoring(),
        Scoring(win=Fraction(3), draw=Fraction(1)),
        Scoring(win=Fraction(2), draw=Fraction(1), zpb=Fraction(1, 2), forfeit_loss=Fraction(1, 2)),
        Scoring(pab=Fraction(1, 2)),
        Scoring(pab=Fraction(1)),
        Scoring(hpb=Fraction(0)),
        Scoring(forfeit_win=Fraction(3, 4), forfeit_loss=Fraction(-1)),
        Scoring(by_color=((Kind.WIN, Color.BLACK, Fraction(3, 2)),)),
    ],
)
def test_write_scoring_round_trip(scoring: Scoring) -> None:
    t = _sample().replace(scoring=scoring)
    text = write_trf(t)
    assert parse_trf(text).scoring == scoring
    if scoring == Scoring():
        assert "162" not in text and "XXS" not in text


def test_write_scoring_without_finite_decimal_is_rounded() -> None:
    t = _sample().replace(scoring=Scoring(win=Fraction(1, 3)))
    assert parse_trf(write_trf(t)).scoring.win == Fraction("0.3333")


def test_write_simple_scoring_is_162() -> None:
    t = _sample().replace(scoring=Scoring(win=Fraction(3), draw=Fraction(1)))
    assert "162  W 3.0    D 1.0    L 0.0" in write_trf(t).splitlines()


def test_write_points_that_do_not_fit() -> None:
    t = _sample()
    t.participants[0].declared_points = Fraction(49, 4)  # 12.25
    t.participants[1].declared_points = Fraction(1, 4)
    lines = write_trf(t).splitlines()
    assert lines[-6][80:84] == "12.3"
    assert lines[-5][80:84] == "0.25"


def test_write_refuses_start_numbers_that_do_not_fit() -> None:
    t = Tournament([Participant(12345, "X")])
    with pytest.raises(ValueError, match="start number 12345"):
        write_trf(t)


def test_written_text_encodes_as_latin1_or_utf8() -> None:
    t = _sample()
    t.participants[0].name = "Ó Muireagáin, Colm"
    text = write_trf(t)
    assert parse_trf(text.encode("latin-1")).participants[0].name == "Ó Muireagáin, Colm"
    assert parse_trf(text.encode("utf-8")).participants[0].name == "Ó Muireagáin, Colm"


def test_write_keeps_each_record_on_its_line() -> None:
    t = Tournament([Participant(1, "Line\nbreak", rating=1500)], name="Two\r\nlines")
    back = parse_trf(write_trf(t))
    assert back.name == "Two  lines"
    assert back.participants[0].name == "Line break"
    with pytest.raises(ValueError, match="rating 12345"):
        write_trf(Tournament([Participant(1, "X", rating=12345)]))


# --- the reader's fast path ---------------------------------------------------------------------


def _line_with_round(segment: str) -> str:
    """A player line whose round 1 is ``segment`` (8 characters at col 92)."""
    return f"001    1      Player One{' ' * 80}"[:91] + segment


_SEGMENT_CHARS = {
    "opponent": ["    ", "   7", "0007", "7   ", "  12", "0000", "   0", " 1 2", "  +7", "  x1",
                 "\u0661\u0662  ", "1_23"],
    "colour": ["w", "b", "W", "B", "-", " ", "x", "\u0130"],
    "result": [" ", "1", "=", "0", "W", "D", "L", "w", "d", "l", "+", "-", "H", "F", "U", "Z",
               "h", "f", "u", "z", "X", "½"],
    "separator": [" ", "x", "\t"],
}


@pytest.mark.parametrize("opponent", _SEGMENT_CHARS["opponent"])
def test_the_fast_path_reads_each_round_as_the_checking_reader(opponent: str) -> None:
    """Every combination of opponent, colour, result and separators reads to the record (or
    the problems) that the field-by-field reader gives: the fast path is only a shortcut."""
    from xl_tiebreak.formats.trf.reader import _Reader

    for sep in _SEGMENT_CHARS["separator"]:
        for colour in _SEGMENT_CHARS["colour"]:
            for result in _SEGMENT_CHARS["result"]:
                segment = f"{opponent}{sep}{colour} {result}"
                line = _line_with_round(segment)
                fast, slow = _Reader("x"), _Reader("x")
                records = fast.read_rounds_of(line, 5)
                expected = slow.read_round(segment, 5, 1, 92)
                assert records == ([] if expected is None or segment.isspace() else [expected])
                assert [r.where for r in records] == (
                    [] if expected is None or segment.isspace() else [expected.where])
                assert fast.problems == slow.problems, segment


def test_a_blank_round_inside_the_line_is_an_absence() -> None:
    from xl_tiebreak.formats.trf.reader import _Reader

    line = _line_with_round("   2 w 1") + "  " + " " * 8 + "  " + "   3 b 0"
    records = _Reader("x").read_rounds_of(line, 5)
    assert [r.kind for r in records] == [Kind.WIN, Kind.ZPB, Kind.LOSS]
    assert [r.where for r in records] == ["line 5, col 92", "line 5, col 102", "line 5, col 112"]
