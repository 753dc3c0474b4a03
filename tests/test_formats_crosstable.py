"""Tests for :mod:`xl_tiebreak.formats.crosstable.reader` (spreadsheet ranges and CSV text to a
Tournament)."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_tiebreak.formats.crosstable.reader import (
    MAX_COLUMNS,
    MAX_ROWS,
    parse_round_token,
    read_crosstable,
    read_csv_crosstable,
)
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
from xl_tiebreak.util.cells import cell_name
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES

W, B = Color.WHITE, Color.BLACK


def swiss(*rows: list[object], header: list[object] | None = None, **kwargs: object) -> Tournament:
    """A Swiss crosstable with the header No, Name, R1, R2, … (as many as the widest row)."""
    rounds = max(len(r) for r in rows) - 2
    head = header or ["No", "Name", *[f"R{i}" for i in range(1, rounds + 1)]]
    return read_crosstable([head, *[list(r) for r in rows]], **kwargs)  # type: ignore[arg-type]


def kinds(p: Participant) -> list[tuple[Kind, int | None, Color | None]]:
    return [(r.kind, r.opponent, r.color) for r in p.rounds]


def problems_of(values: list[list[object]], **kwargs: object) -> list[str]:
    with pytest.raises(InputError) as info:
        read_crosstable(values, **kwargs)  # type: ignore[arg-type]
    return [str(p) for p in info.value.problems]


# --- cell names -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "col", "name"),
    [(1, 1, "A1"), (7, 5, "E7"), (3, 26, "Z3"), (1, 27, "AA1"), (9, 702, "ZZ9"), (2, 703, "AAA2")],
)
def test_cell_name(row: int, col: int, name: str) -> None:
    assert cell_name(row, col) == name


@pytest.mark.parametrize(("row", "col"), [(0, 1), (1, 0), (-3, 2)])
def test_cell_name_refuses_outside_sheet(row: int, col: int) -> None:
    with pytest.raises(ValueError):
        cell_name(row, col)


# --- round tokens -----------------------------------------------------------------------------

GAMES = [
    ("12w1", Kind.WIN, 12, W),
    ("12b0", Kind.LOSS, 12, B),
    ("12w½", Kind.DRAW, 12, W),
    ("12b=", Kind.DRAW, 12, B),
    ("12w1/2", Kind.DRAW, 12, W),
    ("12W1", Kind.WIN, 12, W),
    ("12 w 1", Kind.WIN, 12, W),
    (" 12  B  0 ", Kind.LOSS, 12, B),
    ("12w0.5", Kind.DRAW, 12, W),
    ("12b0,5", Kind.DRAW, 12, B),
    ("12 1", Kind.WIN, 12, None),
    ("12 0", Kind.LOSS, 12, None),
    ("12 1/2", Kind.DRAW, 12, None),
    ("12 0.5", Kind.DRAW, 12, None),
    ("12=", Kind.DRAW, 12, None),
    ("12½", Kind.DRAW, 12, None),
    ("12 ½", Kind.DRAW, 12, None),
    ("3w1", Kind.WIN, 3, W),
    ("120b1", Kind.WIN, 120, B),
    # forfeits
    ("12+", Kind.FORFEIT_WIN, 12, None),
    ("12-", Kind.FORFEIT_LOSS, 12, None),
    ("12w+", Kind.FORFEIT_WIN, 12, W),
    ("12b-", Kind.FORFEIT_LOSS, 12, B),
    ("12 B -", Kind.FORFEIT_LOSS, 12, B),
    ("12b\u2212", Kind.FORFEIT_LOSS, 12, B),  # minus sign
    ("12 –", Kind.FORFEIT_LOSS, 12, None),  # en dash
    # sign first (FIDE exercise tables)
    ("+W9", Kind.WIN, 9, W),
    ("=B13", Kind.DRAW, 13, B),
    ("-W2", Kind.LOSS, 2, W),
    ("-F11", Kind.FORFEIT_LOSS, 11, None),
    ("+F9", Kind.FORFEIT_WIN, 9, None),
    ("+ w 9", Kind.WIN, 9, W),
]

BYES = [
    ("+", Kind.PAB),
    ("U", Kind.PAB),
    ("u", Kind.PAB),
    ("PAB", Kind.PAB),
    ("+BYE", Kind.PAB),
    ("F", Kind.FPB),
    ("FPB", Kind.FPB),
    ("BYE", Kind.FPB),
    ("bye", Kind.FPB),
    ("H", Kind.HPB),
    ("½", Kind.HPB),
    ("HPB", Kind.HPB),
    ("=", Kind.HPB),
    ("=BYE", Kind.HPB),
    ("-", Kind.ZPB),
    ("\u2212", Kind.ZPB),
    ("--", Kind.ZPB),
    ("Z", Kind.ZPB),
    ("ZPB", Kind.ZPB),
    ("0", Kind.ZPB),
    ("-BYE", Kind.ZPB),
    ("", Kind.ZPB),
    ("   ", Kind.ZPB),
]

BAD_TOKENS = [
    "12x1",
    "121",  # opponent 12 result 1, or opponent 121? refused
    "12w",
    "12",
    "1",
    "0.5",
    "1/2",
    "+12",
    "-12",
    "w12",
    "0w1",
    "=F12",
    "12w1/3",
    "12w2",
    "abc",
    "12 w 1 x",
    "#N/A",
]


@pytest.mark.parametrize(("text", "kind", "opponent", "color"), GAMES)
def test_game_tokens(text: str, kind: Kind, opponent: int, color: Color | None) -> None:
    assert parse_round_token(text) == Record(kind, opponent, color)


@pytest.mark.parametrize(("text", "kind"), BYES)
def test_bye_tokens(text: str, kind: Kind) -> None:
    assert parse_round_token(text) == Record(kind)


@pytest.mark.parametrize("text", BAD_TOKENS)
def test_bad_tokens(text: str) -> None:
    assert parse_round_token(text) is None


def test_tokens_are_never_short_games() -> None:
    record = parse_round_token("5b1")
    assert record is not None and not record.short_game


@pytest.mark.parametrize(("text", "kind", "opponent", "color"), GAMES)
def test_game_tokens_in_a_sheet(text: str, kind: Kind, opponent: int, color: Color | None) -> None:
    t = swiss([1, "A", text], sheet="Crosstable")
    assert kinds(t.participants[0]) == [(kind, opponent, color)]
    assert t.participants[0].rounds[0].where == "Crosstable!C2"


@pytest.mark.parametrize(("text", "kind"), BYES)
def test_bye_tokens_in_a_sheet(text: str, kind: Kind) -> None:
    t = swiss([1, "A", text, "2w1"], [2, "B", "U", "1b0"])
    assert kinds(t.participants[0])[0] == (kind, None, None)


def test_numbers_in_round_cells_of_a_swiss_layout() -> None:
    # 0.0 reads as "0" (absence); any other number alone has no opponent.
    t = swiss([1, "A", 0.0, "2w1"], [2, "B", "H", "1b0"])
    assert t.participants[0].rounds[0].kind is Kind.ZPB
    messages = problems_of([["No", "Name", "R1"], [1, "A", 1.0], [2, "B", 0.5], [3, "C", 12.0]])
    assert messages == [
        f"cell C{row}: cannot read '{text}' as a round result "
        "(expected e.g. 12w1, 12b½, 12+, H, U, -); a number alone has no opponent"
        for row, text in ((2, "1"), (3, "0.5"), (4, "12"))
    ]


# --- header variants --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "label", ["No", "no.", "#", "SNo", "S.No.", "Nr", "Nr.", "Start", "StartNo", "Start No", "TPN"]
)
def test_start_number_headers(label: str) -> None:
    t = read_crosstable([[label, "Name"], [7, "A"], [3, "B"]])
    assert [p.start_no for p in t.participants] == [7, 3]


@pytest.mark.parametrize("label", ["Name", "NAME", "Player", "player name"])
def test_name_headers(label: str) -> None:
    t = read_crosstable([["No", label], [1, "Alyx"]])
    assert t.participants[0].name == "Alyx"


@pytest.mark.parametrize("label", ["Rating", "Elo", "ELO", "Rtg", "FIDE", "Fide Rating"])
def test_rating_headers(label: str) -> None:
    t = read_crosstable([["No", "Name", label], [1, "A", 2200.0]])
    assert t.participants[0].rating == 2200


@pytest.mark.parametrize("label", ["Fed", "FED.", "Federation", "Country"])
def test_federation_headers(label: str) -> None:
    t = read_crosstable([["No", "Name", label, "Title"], [1, "A", "NOR", "GM"]])
    assert (t.participants[0].federation, t.participants[0].title) == ("NOR", "GM")


@pytest.mark.parametrize("label", ["Pts", "Pts.", "Points", "Score", "Total", "TOTAL"])
def test_points_headers(label: str) -> None:
    t = read_crosstable([["No", "Name", label], [1, "A", 2.5]])
    assert t.participants[0].declared_points == Fraction(5, 2)


@pytest.mark.parametrize(
    "labels",
    [
        ["R1", "R2"],
        ["r1", "r 2"],
        [1.0, 2.0],
        [1, 2],
        ["1", "2"],
        ["1.", "2."],
        ["Rd 1", "Rd 2"],
        ["Rd1", "Rd2"],
        ["Rd. 1", "Rd. 2"],
        ["Rnd 1", "Rnd 2"],
        ["Round 1", "ROUND 2"],
    ],
)
def test_round_headers(labels: list[object]) -> None:
    t = read_crosstable(
        [
            ["No", "Name", *labels],
            [1, "A", "2w1", "3b½"],
            [2, "B", "1b0", "U"],
            [3, "C", "U", "1w½"],
        ]
    )
    assert kinds(t.participants[0]) == [(Kind.WIN, 2, W), (Kind.DRAW, 3, B)]
    assert t.rounds == 2


def test_round_columns_in_any_order_and_other_columns_ignored() -> None:
    t = read_crosstable(
        [
            ["Rank", "Club", "R2", "Name", "BH", "No", "R1", "SB", "Pts"],
            [1, "Oslo", "U", "A", 7.5, 1, "2w1", 3.25, 2],
            [2, "Bergen", "1w0", "B", 6.0, 2, "1b0", 1.0, 0],
        ]
    )
    a, b = t.participants
    assert kinds(a) == [(Kind.WIN, 2, W), (Kind.PAB, None, None)]
    assert kinds(b) == [(Kind.LOSS, 1, B), (Kind.LOSS, 1, W)]
    assert a.where == "row 2" and a.rounds[1].where == "cell C2"
    assert a.declared_rank is None  # Rank is not read


def test_first_matching_column_wins() -> None:
    t = read_crosstable([["No", "Name", "FIDE", "Rating"], [1, "A", 2100, 1900]])
    assert t.participants[0].rating == 2100


# --- participant fields -----------------------------------------------------------------------


def test_float_start_numbers_ratings_and_points() -> None:
    t = read_crosstable(
        [
            ["No.", "Name", "Rtg", "Pts"],
            [5.0, "A", 2250.0, 1.5],
            [3.0, "B", None, 0.0],
            ["4", "C", "1999", "2,5"],
            [" 6 ", "D", 0.0, "2½"],
            [7, "E", "-", "1 1/2"],
            [8, "F", "", None],
        ]
    )
    assert [(p.start_no, p.rating, p.declared_points) for p in t.participants] == [
        (5, 2250, Fraction(3, 2)),
        (3, None, Fraction(0)),
        (4, 1999, Fraction(5, 2)),
        (6, None, Fraction(5, 2)),
        (7, None, Fraction(3, 2)),
        (8, None, None),
    ]


def test_points_floats_are_exact() -> None:
    t = read_crosstable([["No", "Name", "Pts"], [1, "A", 0.1 + 0.2], [2, "B", 9.25]])
    assert t.participants[0].declared_points == Fraction("0.30000000000000004")
    assert t.participants[1].declared_points == Fraction(37, 4)


def test_missing_points_column_gives_none() -> None:
    t = read_crosstable([["No", "Name"], [1, "A"]])
    assert t.participants[0].declared_points is None


def test_no_start_number_column_numbers_rows_in_order() -> None:
    t = read_crosstable(
        [
            ["Name", "Elo", "R1"],
            ["Alyx", 2200, "2w1"],
            [None, None, None],
            ["Bruno", 2150, "1b0"],
            ["Charline", 2100, "U"],
        ]
    )
    assert [(p.start_no, p.name) for p in t.participants] == [
        (1, "Alyx"),
        (2, "Bruno"),
        (3, "Charline"),
    ]
    assert t.participants[1].where == "row 4"


def test_names_from_numbers_and_text_are_kept() -> None:
    t = read_crosstable([["No", "Name"], [1, 1234.0], [2, "  Bruno Ölund "]])
    assert [p.name for p in t.participants] == ["1234", "Bruno Ölund"]


def test_bad_participant_fields_are_reported() -> None:
    messages = problems_of(
        [
            ["No", "Name", "Elo", "Pts"],
            ["x", "A", 2000, 1],
            [None, "B", 2000.5, "one"],
            [0, "C", -5, "1e999999"],
            [2.5, "D", "2000?", True],
        ],
        sheet="Crosstable",
    )
    assert messages == [
        "Crosstable!A2: cannot read 'x' as a start number",
        "Crosstable!A3: the start number is missing",
        "Crosstable!C3: cannot read '2000.5' as a rating",
        "Crosstable!D3: cannot read 'one' as points",
        "Crosstable!A4: start numbers begin at 1",
        "Crosstable!C4: cannot read '-5' as a rating",
        "Crosstable!D4: cannot read '1e999999' as points",
        "Crosstable!A5: cannot read '2.5' as a start number",
        "Crosstable!C5: cannot read '2000?' as a rating",
        "Crosstable!D5: cannot read 'TRUE' as points",
    ]


# --- rows, columns and rounds -----------------------------------------------------------------


def test_empty_rows_trailing_columns_and_uneven_rows() -> None:
    t = read_crosstable(
        [
            [None, None, None, None, None],
            ["No", "Name", "R1", "R2", None, None],
            [1, "A", "2w1", "2b½", None, ""],
            ["", None, None],
            [2, "B", "1b0", "1w½"],
            [None] * 9,
            [],
        ]
    )
    assert [p.start_no for p in t.participants] == [1, 2]
    assert t.participants[1].where == "row 5"
    assert t.participants[1].rounds[1].where == "cell D5"


def test_rounds_count_up_to_the_last_filled_round_column() -> None:
    t = swiss(
        [1, "A", "2w1", None, "2b½", None, None],
        [2, "B", "1b0", "H", None, None, None],
        [3, "C", "U", "Z", None, None, None],
    )
    assert t.rounds == 3
    a, b, c = t.participants
    assert [len(p.rounds) for p in t.participants] == [3, 3, 3]
    assert kinds(a)[1] == (Kind.ZPB, None, None)
    assert a.rounds[1].where == "cell D2"
    assert kinds(b)[2] == (Kind.ZPB, None, None)
    assert kinds(c) == [(Kind.PAB, None, None), (Kind.ZPB, None, None), (Kind.ZPB, None, None)]


def test_no_round_columns_gives_no_rounds() -> None:
    t = read_crosstable([["No", "Name", "Elo"], [1, "A", 2000], [2, "B", 1900]])
    assert t.rounds == 0 and all(p.rounds == [] for p in t.participants)
    assert t.type is TournamentType.SWISS


def test_round_columns_announced_but_not_played() -> None:
    t = swiss([1, "A", None, None], [2, "B", None, None])
    assert t.rounds == 0 and all(p.rounds == [] for p in t.participants)


def test_arguments_are_copied_into_the_tournament() -> None:
    scoring = Scoring(win=Fraction(3), draw=Fraction(1))
    t = swiss(
        [1, "A", "2w1"],
        [2, "B", "1b0"],
        sheet="Crosstable",
        scoring=scoring,
        tournament_type=TournamentType.PREDETERMINED,
        start_date=datetime.date(2026, 4, 1),
        scheduled_rounds=7,
        name="Club Championship",
    )
    assert (t.scoring, t.type, t.start_date, t.scheduled_rounds, t.name, t.source) == (
        scoring,
        TournamentType.PREDETERMINED,
        datetime.date(2026, 4, 1),
        7,
        "Club Championship",
        "Crosstable",
    )


def test_defaults() -> None:
    t = swiss([1, "A", "2w1"], [2, "B", "1b0"])
    assert t.type is TournamentType.SWISS
    assert t.scoring == Scoring()
    assert t.scheduled_rounds is None and t.start_date is None and t.name == "" and t.source == ""


# --- header problems --------------------------------------------------------------------------


def test_no_header_row() -> None:
    assert problems_of([[1, "A", "2w1"], [2, "B", "1b0"]], sheet="S") == [
        "S!row 1: no header row found: the first row should name the columns "
        "(No, Name, Rating, Pts, R1, R2, …)"
    ]


def test_round_columns_with_gap_or_duplicate() -> None:
    messages = problems_of([["No", "Name", "R1", "R3", "Rd 1", "R0"], [1, "A", "U", "U", "U", "U"]])
    assert messages == [
        "cell E1: round 1 has a second column (first: cell C1)",
        "cell F1: round columns are numbered from 1",
        "row 1: no column for round 2 (round columns must be numbered 1, 2, 3, … without gaps)",
    ]


def test_decimal_header_is_not_a_round() -> None:
    # columns not understood as rounds make the crosstable an error naming the
    # header row (it used to be read as a 0-round event: every player on 0 points).
    assert problems_of([["No", "Name", 1.5, "2.5"], [1, "A", "x", "y"]]) == [
        "row 1: no round column found in the header row (columns not understood: "
        "cell C1 '1.5', cell D1 '2.5'): label the rounds R1, R2, … (or Rd 1, Round 1, "
        "Runde 1, Tour 1, Ronda 1, 1, 2, …)"
    ]


# --- error reporting --------------------------------------------------------------------------


def test_message_names_the_real_cell_with_origin() -> None:
    # the range starts at B5: header row 5, first player row 6, R1 in column D
    values: list[list[object]] = [
        ["No", "Name", "R1", "R2"],
        [1, "A", "2w1", "2b½"],
        [2, "B", "1b0", "12x1"],
    ]
    assert problems_of(values, sheet="Crosstable", origin=(5, 2)) == [
        "Crosstable!E7: cannot read '12x1' as a round result "
        "(expected e.g. 12w1, 12b½, 12+, H, U, -)"
    ]
    assert problems_of(values, origin=(5, 2))[0].startswith("cell E7: cannot read '12x1'")


def test_records_and_participants_name_their_places_with_origin() -> None:
    t = read_crosstable(
        [["No", "Name", "R1"], [1, "A", "2w1"], [2, "B", "1b0"]], sheet="Crosstable", origin=(5, 2)
    )
    assert [p.where for p in t.participants] == ["Crosstable!row 6", "Crosstable!row 7"]
    assert [p.rounds[0].where for p in t.participants] == ["Crosstable!D6", "Crosstable!D7"]


def test_sheet_names_with_spaces_are_quoted() -> None:
    t = read_crosstable([["No", "Name", "R1"], [1, "A", "U"]], sheet="Round 5's table")
    assert t.participants[0].rounds[0].where == "'Round 5''s table'!C2"


def test_all_bad_cells_are_reported_at_once() -> None:
    values: list[list[object]] = [["No", "Name", "R1", "R2", "R3"]]
    values += [[i, f"P{i}", "12x1", "ok", f"{i}w1"] for i in range(1, 11)]
    with pytest.raises(InputError) as info:
        read_crosstable(values, sheet="Crosstable")
    problems = info.value.problems
    assert len(problems) == 20
    assert problems[0].where == "Crosstable!C2" and problems[1].where == "Crosstable!D2"
    assert problems[-1].where == "Crosstable!D11"
    assert "Crosstable!C11: cannot read '12x1'" in str(info.value)


def test_long_cell_text_is_shortened_in_messages() -> None:
    messages = problems_of([["No", "Name", "R1"], [1, "A", "y" * 500]])
    assert messages == [
        f"cell C2: cannot read '{'y' * 40}…' as a round result "
        "(expected e.g. 12w1, 12b½, 12+, H, U, -)"
    ]


# --- size limits and shapes -------------------------------------------------------------------


def test_too_many_rows() -> None:
    values: list[list[object]] = [["No", "Name"]]
    values += [[i, "P"] for i in range(1, MAX_ROWS + 1)]
    with pytest.raises(InputError, match="more than 20000 rows"):
        read_crosstable(values)


def test_row_limit_counts_non_empty_rows_only() -> None:
    values: list[list[object]] = [["No", "Name"]]
    values += [[i, "P"] for i in range(1, 11)]
    values += [[None, None]] * (MAX_ROWS * 2)
    assert len(read_crosstable(values).participants) == 10


def test_too_many_columns() -> None:
    head: list[object] = ["No", "Name", *[f"C{i}" for i in range(MAX_COLUMNS)]]
    with pytest.raises(InputError, match="more than 500 columns"):
        read_crosstable([head, [1, "A"]])


def test_trailing_empty_columns_do_not_count() -> None:
    t = read_crosstable([["No", "Name"] + [None] * 2000, [1, "A"] + [""] * 2000])
    assert t.participants[0].name == "A"


def test_huge_range_is_refused_quickly() -> None:
    row: list[object] = [None] * 16_384
    with pytest.raises(InputError, match="too large"):
        read_crosstable([row] * 100_000)


@pytest.mark.parametrize(
    "values", [None, "No,Name", 42, ["No", "Name"], [["No", "Name"], "1,A"], {"a": 1}]
)
def test_not_a_2d_range(values: object) -> None:
    with pytest.raises(InputError, match="2-D range"):
        read_crosstable(values)  # type: ignore[arg-type]


@pytest.mark.parametrize("values", [[], [[]], [[None, ""], [None]]])
def test_empty_range(values: list[list[object]]) -> None:
    with pytest.raises(InputError, match="empty"):
        read_crosstable(values)


def test_bad_origin() -> None:
    with pytest.raises(InputError, match="origin"):
        read_crosstable([["No", "Name"], [1, "A"]], origin=(0, 1))


def test_header_only_gives_no_participants() -> None:
    t = read_crosstable([["No", "Name", "R1"]])
    assert t.participants == [] and t.rounds == 0


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(
            st.one_of(
                st.none(),
                st.booleans(),
                st.integers(-5, 30),
                st.floats(allow_nan=True, allow_infinity=True),
                st.sampled_from(
                    ["No", "Name", "Pts", "Elo", "R1", "R2", "1", "2", "x", "12w1", "1b½", "H"]
                ),
                st.text(max_size=8),
                st.dates(),
            ),
            max_size=7,
        ),
        max_size=8,
    )
)
def test_arbitrary_input_gives_a_tournament_or_an_input_error(values: list[list[object]]) -> None:
    try:
        result = read_crosstable(values, sheet="Fuzz")
    except InputError as exc:
        assert exc.problems
    else:
        assert isinstance(result, Tournament)


# --- round-robin grid -------------------------------------------------------------------------

GRID4: list[list[object]] = [
    ["No", "Name", "Rtg", 1.0, 2.0, 3.0, 4.0, "Pts"],
    [1.0, "Alyx", 2200.0, "x", 1.0, 0.5, "+", 2.5],
    [2.0, "Bruno", 2150.0, 0.0, None, "½", "-", 0.5],
    [3.0, "Charline", 2100.0, "=", "1/2", "*", "-", 1.0],
    [4.0, "David", None, "-", "-", "+", "X", 1.0],
]


def test_grid_is_detected() -> None:
    t = read_crosstable(GRID4, sheet="RR")
    assert t.type is TournamentType.PREDETERMINED
    assert t.scheduled_rounds == 3
    assert [p.name for p in t.participants] == ["Alyx", "Bruno", "Charline", "David"]
    assert [p.declared_points for p in t.participants] == [Fraction(5, 2), Fraction(1, 2), 1, 1]


def test_grid_records_and_berger_rounds() -> None:
    # FIDE Berger table, 4 players: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.
    a, b, c, d = read_crosstable(GRID4, sheet="RR").participants
    assert kinds(a) == [(Kind.FORFEIT_WIN, 4, None), (Kind.WIN, 2, None), (Kind.DRAW, 3, None)]
    assert kinds(b) == [(Kind.DRAW, 3, None), (Kind.LOSS, 1, None), (Kind.FORFEIT_LOSS, 4, None)]
    assert kinds(c) == [(Kind.DRAW, 2, None), (Kind.FORFEIT_LOSS, 4, None), (Kind.DRAW, 1, None)]
    # 2-4 is a double forfeit: "-" on both sides
    assert kinds(d) == [
        (Kind.FORFEIT_LOSS, 1, None),
        (Kind.FORFEIT_WIN, 3, None),
        (Kind.FORFEIT_LOSS, 2, None),
    ]
    assert [r.where for r in a.rounds] == ["RR!G2", "RR!E2", "RR!F2"]
    assert a.where == "RR!row 2"


def test_grid_in_rank_order_and_string_labels() -> None:
    t = read_crosstable(
        [
            ["Rank", "SNo", "Name", "1", "2", "3", "Pts"],
            [1, 3, "C", "1", "1", "×", 2],
            [2, 1, "A", "", "1", "0", 1],
            [3, 2, "B", "0", "", "0", 0],
        ]
    )
    assert t.type is TournamentType.PREDETERMINED
    c, a, b = t.participants
    assert (c.start_no, a.start_no, b.start_no) == (3, 1, 2)
    assert {(r.opponent, r.kind) for r in c.rounds if r.opponent} == {(1, Kind.WIN), (2, Kind.WIN)}
    assert {(r.opponent, r.kind) for r in a.rounds if r.opponent} == {
        (2, Kind.WIN),
        (3, Kind.LOSS),
    }


def test_grid_diagonal_is_ignored_whatever_filler() -> None:
    for filler in (None, "", "x", "X", "*", "-", "\u2212"):
        t = read_crosstable([["No", "Name", 1, 2], [1, "A", filler, 1], [2, "B", 0, filler]])
        assert t.type is TournamentType.PREDETERMINED
        assert kinds(t.participants[0]) == [(Kind.WIN, 2, None)]


def _check_rounds_are_matchings(t: Tournament) -> None:
    players = t.by_start_no()
    for rnd in range(1, t.rounds + 1):
        for p in t.participants:
            record = p.record(rnd)
            if record.opponent is not None:
                assert players[record.opponent].record(rnd).opponent == p.start_no


def test_grid_with_odd_players_has_rest_rounds() -> None:
    n = 5
    head: list[object] = ["No", "Name", *range(1, n + 1)]
    rows: list[list[object]] = [
        [i, f"P{i}", *["x" if i == j else (1 if i < j else 0) for j in range(1, n + 1)]]
        for i in range(1, n + 1)
    ]
    t = read_crosstable([head, *rows])
    assert t.scheduled_rounds == 5 and t.rounds == 5
    _check_rounds_are_matchings(t)
    for p in t.participants:
        padded = [p.record(r) for r in range(1, 6)]
        rests = [r for r in padded if r.kind is Kind.ZPB]
        assert len(rests) == 1  # exactly one rest round each
        assert sorted(r.opponent for r in padded if r.opponent) == [
            j for j in range(1, n + 1) if j != p.start_no
        ]
    # the rest round of #1 is round 1 (it meets the dummy #6 there); its ZPB names the row
    assert t.participants[0].rounds[0] == Record(Kind.ZPB)
    assert t.participants[0].rounds[0].where == "row 2"


def test_grid_with_even_players_every_round_is_a_matching() -> None:
    n = 8
    head: list[object] = ["No", "Name", *range(1, n + 1)]
    rows: list[list[object]] = [
        [
            i,
            f"P{i}",
            *[
                None if i == j else ("½" if (i + j) % 3 else 1 if i < j else 0)
                for j in range(1, n + 1)
            ],
        ]
        for i in range(1, n + 1)
    ]
    t = read_crosstable([head, *rows])
    assert t.scheduled_rounds == 7 and t.rounds == 7
    _check_rounds_are_matchings(t)
    assert all(len(p.rounds) == 7 and all(r.opponent for r in p.rounds) for p in t.participants)


def test_grid_unplayed_pairs() -> None:
    t = read_crosstable(
        [
            ["No", "Name", 1, 2, 3, 4],
            [1, "A", "x", None, "1", None],
            [2, "B", None, "x", None, "½"],
            [3, "C", "0", None, "x", None],
            [4, "D", None, "½", None, "x"],
        ]
    )
    a, b, c, d = t.participants
    # 1-3 is in round 3, 2-4 in round 3 too; rounds 1 and 2 were not played
    assert kinds(a) == [(Kind.ZPB, None, None), (Kind.ZPB, None, None), (Kind.WIN, 3, None)]
    assert [r.where for r in a.rounds] == ["cell F2", "cell D2", "cell E2"]
    assert kinds(d)[2] == (Kind.DRAW, 2, None)
    _check_rounds_are_matchings(t)


def test_grid_nothing_played() -> None:
    t = read_crosstable([["No", "Name", 1, 2, 3], [1, "A", "x"], [2, "B", None, "x"], [3, "C"]])
    assert t.type is TournamentType.PREDETERMINED
    assert all(p.rounds == [] for p in t.participants)
    assert t.rounds == 0 and t.scheduled_rounds == 3


def test_grid_with_other_scoring() -> None:
    scoring = Scoring(win=Fraction(3), draw=Fraction(1))
    t = read_crosstable(
        [
            ["No", "Name", 1, 2, 3],
            [1, "A", "x", 3, 1],
            [2, "B", 0, "x", "+"],
            [3, "C", 1.0, "-", "x"],
        ],
        scoring=scoring,
    )
    assert {(r.opponent, r.kind) for r in t.participants[0].rounds if r.opponent} == {
        (2, Kind.WIN),
        (3, Kind.DRAW),
    }
    assert kinds(t.participants[2]) == [
        (Kind.FORFEIT_LOSS, 2, None),
        (Kind.ZPB, None, None),  # rest round
        (Kind.DRAW, 1, None),
    ]


def test_grid_bad_cells() -> None:
    messages = problems_of(
        [["No", "Name", 1, 2, 3], [1, "A", "x", "w", 2], [2, "B", 0, "x", 1], [3, "C", 1, 0, "x"]],
        sheet="RR",
        origin=(3, 1),
    )
    assert messages == [
        "RR!D4: cannot read 'w' as a result against #2 (expected 1, ½, 0, +, - or empty)",
        "RR!E4: cannot read '2' as a result against #3 (expected 1, ½, 0, +, - or empty)",
    ]


def test_type_can_be_forced_for_a_grid() -> None:
    t = read_crosstable(GRID4, tournament_type=TournamentType.SWISS, scheduled_rounds=9)
    assert t.type is TournamentType.SWISS and t.scheduled_rounds == 9


def test_swiss_with_numbered_round_columns_is_not_a_grid() -> None:
    # 4 players, round columns 1..4: the opponent numbers show it is a Swiss crosstable
    t = read_crosstable(
        [
            ["No", "Name", 1, 2, 3, 4],
            [1, "A", "", "3w1", "4b1", "2w1"],
            [2, "B", "3b1", "", "4w0", "1b0"],
            [3, "C", "2w0", "1b0", "", "4w½"],
            [4, "D", "U", "H", "1w0", ""],
        ]
    )
    assert t.type is TournamentType.SWISS and t.rounds == 4
    assert kinds(t.participants[0])[0] == (Kind.ZPB, None, None)
    assert kinds(t.participants[3])[:2] == [(Kind.PAB, None, None), (Kind.HPB, None, None)]


def test_not_a_grid_when_labels_do_not_match_the_players() -> None:
    # 3 players, columns 1..2: Swiss, and "1" alone is no Swiss result
    messages = problems_of(
        [["No", "Name", 1, 2], [1, "A", "x", 1], [2, "B", 0, "x"], [3, "C", 1, 1]]
    )
    assert (
        messages[0]
        == "cell C2: cannot read 'x' as a round result (expected e.g. 12w1, 12b½, 12+, H, U, -)"
    )


def test_why_not_a_grid_diagonal() -> None:
    messages = problems_of(
        [["No", "Name", 1, 2, 3], [1, "A", "x", 1, 0], [2, "B", 0, "1", 1], [3, "C", 1, 0, "x"]],
        sheet="RR",
    )
    assert messages[0] == (
        "RR!D3: not read as a round-robin grid because its diagonal holds '1' (expected empty or x)"
    )
    assert messages[1].startswith("RR!C2: cannot read 'x' as a round result")


def test_why_not_a_grid_start_numbers() -> None:
    messages = problems_of(
        [["No", "Name", 1, 2, 3], [1, "A", "x", 1, 0], [2, "B", 0, "x", 1], [2, "C", 1, 0, "x"]]
    )
    assert (
        messages[0]
        == "row 4: not read as a round-robin grid because the start numbers are not 1 to 3"
    )


def test_not_a_grid_with_r_labels() -> None:
    t = read_crosstable([["No", "Name", "R1", "R2"], [1, "A", None, "0"], [2, "B", "-", None]])
    assert t.type is TournamentType.SWISS
    assert kinds(t.participants[0]) == [(Kind.ZPB, None, None)] * 2


# --- E1: the TEC Swiss, 16 players, 5 rounds (worked-examples.md) ------------------------------

# TRF 001 lines of E1, split at column 92 where the rounds begin.
E1_TRF = (
    "001    1 m    Alyx                              2200 FID           1 2000/01/01  3.5    2  "
    "   9 w 1    13 b =     2 w =    15 b 1     4 w =\n"
    "001    2 m    Bruno                             2150 FID           2 2000/01/01  4.0    1  "
    "  10 b 1     7 w 1     1 b =    16 w 1     3 b =\n"
    "001    3 m    Charline                          2100 FID           3 2000/01/01  3.5    3  "
    "  11 w =     6 b 1     8 w 1     4 b =     2 w =\n"
    "001    4 m    David                             2050 FID           4 2000/01/01  3.5    4  "
    "  12 b 1  0000 - H    13 w 1     3 w =     1 b =\n"
    "001    5 m    Helene                            2000 FID           5 2000/01/01  2.5    7  "
    "  13 w 0    15 b 0    11 w 1     7 b =    10 w 1\n"
    "001    6 m    Franck                            1950 FID           6 2000/01/01  3.0    6  "
    "  14 b 0     3 w 0  0000 - U    10 w 1     8 b 1\n"
    "001    7 m    Genevieve                         1900 FID           7 2000/01/01  1.5   13  "
    "  15 w 1     2 b 0    16 b 0     5 w =    11 b 0\n"
    "001    8 m    Irina                             1850 FID           8 2000/01/01  2.5    8  "
    "  16 b =    14 w 1     3 b 0    13 w 1     6 w 0\n"
    "001    9 m    Jessica                           1800 FID           9 2000/01/01  1.5   14  "
    "   1 b 0    10 w 0  0000 - H    11 w -  0000 - U\n"
    "001   10 m    Lais                              1750 FID          10 2000/01/01  1.0   16  "
    "   2 w 0     9 b 1    15 w 0     6 b 0     5 b 0\n"
    "001   11 m    Maria                             1700 FID          11 2000/01/01  2.5    9  "
    "   3 b =    16 w 0     5 b 0     9 b +     7 w 1\n"
    "001   12 m    Nick                              1650 FID          12 2000/01/01  2.0   10  "
    "   4 w 0  0000 - U    14 w +  0000 - Z  0000 - Z\n"
    "001   13 m    Opal                              1600 FID          13 2000/01/01  1.5   15  "
    "   5 b 1     1 w =     4 b 0     8 b 0    14 w 0\n"
    "001   14 m    Paul                              1550 FID          14 2000/01/01  2.0   11  "
    "   6 w 1     8 b 0    12 b -  0000 - Z    13 b 1\n"
    "001   15 m    Reine                             1500 FID          15 2000/01/01  2.0   12  "
    "   7 b 0     5 w 1    10 b 1     1 w 0    16 b 0\n"
    "001   16 m    Stephan                           1450 FID          16 2000/01/01  3.5    5  "
    "   8 w =    11 b 1     7 w 1     2 b 0    15 w 1\n"
)

# The same tournament as a spreadsheet hands it over, written with a mix of notations.
E1_SHEET: list[list[object]] = [
    ["#", "Name", "Elo", "Pts", "R1", "R2", "R3", "R4", "R5", "BH"],
    [1.0, "Alyx", 2200.0, 3.5, "9w1", "13b½", "2w=", "15b1", "4w½", 9.0],
    [2.0, "Bruno", 2150.0, 4.0, "10b1", "7w1", "1b½", "16w1", "3b½", None],
    [3.0, "Charline", 2100.0, 3.5, "11w½", "6b1", "8w1", "4b½", "2w½", None],
    [4.0, "David", 2050.0, 3.5, "12b1", "H", "13w1", "3w½", "1b½", None],
    [5.0, "Helene", 2000.0, 2.5, "13w0", "15b0", "11w1", "7b½", "10w1", None],
    [6.0, "Franck", 1950.0, 3.0, "14b0", "3w0", "U", "10w1", "8b1", None],
    [7.0, "Genevieve", 1900.0, 1.5, "15w1", "2b0", "16b0", "5w½", "11b0", None],
    [8.0, "Irina", 1850.0, 2.5, "16b½", "14w1", "3b0", "13w1", "6w0", None],
    [9.0, "Jessica", 1800.0, 1.5, "1b0", "10w0", "H", "11w-", "U", None],
    [10.0, "Lais", 1750.0, 1.0, "2w0", "9b1", "15w0", "6b0", "5b0", None],
    [11.0, "Maria", 1700.0, 2.5, "3b½", "16w0", "5b0", "9b+", "7w1", None],
    [12.0, "Nick", 1650.0, 2.0, "4w0", "U", "14w+", "Z", "Z", None],
    [13.0, "Opal", 1600.0, 1.5, "5b1", "1w½", "4b0", "8b0", "14w0", None],
    [14.0, "Paul", 1550.0, 2.0, "6w1", "8b0", "12b-", "Z", "13b1", None],
    [15.0, "Reine", 1500.0, 2.0, "7b0", "5w1", "10b1", "1w0", "16b0", None],
    [16.0, "Stephan", 1450.0, 3.5, "8w½", "11b1", "7w1", "2b0", "15w1", None],
]

# The worked example's own notation (sign first) for the same rounds.
E1_SIGN_FIRST = """\
+W9 =B13 =W2 +B15 =W4
+B10 +W7 =B1 +W16 =B3
=W11 +B6 +W8 =B4 =W2
+B12 =BYE +W13 =W3 =B1
-W13 -B15 +W11 =B7 +W10
-B14 -W3 +BYE +W10 +B8
+W15 -B2 -B16 =W5 -B11
=B16 +W14 -B3 +W13 -W6
-B1 -W10 =BYE -F11 +BYE
-W2 +B9 -W15 -B6 -B5
=B3 -W16 -B5 +F9 +W7
-W4 +BYE +F14 -- --
+B5 =W1 -B4 -B8 -W14
+W6 -B8 -F12 -- +B13
-B7 +W5 +B10 -W1 -B16
=W8 +B11 +W7 -B2 +W15
"""

_TRF_CODES = {
    "1": Kind.WIN,
    "=": Kind.DRAW,
    "0": Kind.LOSS,
    "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS,
    "H": Kind.HPB,
    "U": Kind.PAB,
    "Z": Kind.ZPB,
}


def _trf_rounds(line: str) -> list[tuple[Kind, int | None, Color | None]]:
    """The rounds of a TRF 001 line (fixed columns from 92, 10 characters each)."""
    rounds = []
    for start in range(91, len(line), 10):
        opponent, color, result = line[start : start + 10].split()
        rounds.append(
            (
                _TRF_CODES[result],
                None if opponent == "0000" else int(opponent),
                None if color == "-" else Color(color),
            )
        )
    return rounds


def test_e1_swiss_crosstable_matches_the_trf() -> None:
    t = read_crosstable(E1_SHEET, sheet="Crosstable")
    assert t.type is TournamentType.SWISS and t.rounds == 5
    expected = [_trf_rounds(line) for line in E1_TRF.splitlines()]
    assert [kinds(p) for p in t.participants] == expected
    assert [p.rating for p in t.participants] == [2250 - 50 * n for n in range(1, 17)]
    points = [p.declared_points for p in t.participants]
    assert points == [Fraction(line[80:84].strip()) for line in E1_TRF.splitlines()]
    # the rounds add up to the declared points (1 / ½ / 0, PAB 1)
    scoring = Scoring()
    for p in t.participants:
        assert sum(scoring.points(r.kind) for r in p.rounds) == p.declared_points


def test_e1_selected_records() -> None:
    players = read_crosstable(E1_SHEET, sheet="Crosstable", origin=(3, 1)).by_start_no()
    assert players[4].record(2) == Record(Kind.HPB)
    assert players[4].record(2).where == "Crosstable!F7"
    assert players[9].record(4) == Record(Kind.FORFEIT_LOSS, 11, W)
    assert players[9].record(4).where == "Crosstable!H12"
    assert players[11].record(4) == Record(Kind.FORFEIT_WIN, 9, B)
    assert players[12].record(3) == Record(Kind.FORFEIT_WIN, 14, W)
    assert players[12].record(4) == Record(Kind.ZPB)
    assert players[12].record(5) == Record(Kind.ZPB)
    assert players[14].record(3) == Record(Kind.FORFEIT_LOSS, 12, B)
    assert players[14].record(4) == Record(Kind.ZPB)
    assert players[6].record(3) == Record(Kind.PAB)
    assert players[9].record(5) == Record(Kind.PAB)
    assert players[1].record(1) == Record(Kind.WIN, 9, W)
    assert players[1].record(2) == Record(Kind.DRAW, 13, B)
    assert players[12].where == "Crosstable!row 15"


def test_e1_sign_first_notation_reads_the_same() -> None:
    head: list[object] = ["No", "Name", "R1", "R2", "R3", "R4", "R5"]
    rows: list[list[object]] = [
        [i, f"P{i}", *line.split()] for i, line in enumerate(E1_SIGN_FIRST.splitlines(), start=1)
    ]
    t = read_crosstable([head, *rows])
    expected = [_trf_rounds(line) for line in E1_TRF.splitlines()]
    got = [kinds(p) for p in t.participants]
    # forfeit colours are not written in this notation; everything else is the same
    strip = [[(k, o, None if k.forfeit else c) for k, o, c in rounds] for rounds in expected]
    assert got == strip


def test_e1_as_csv() -> None:
    lines = [";".join(str(c) if c is not None else "" for c in row) for row in E1_SHEET]
    text = "\n".join(lines).replace("3.5", "3,5") + "\n"
    t = read_csv_crosstable(text, source="e1.csv")
    expected = [_trf_rounds(line) for line in E1_TRF.splitlines()]
    assert [kinds(p) for p in t.participants] == expected
    assert t.participants[0].declared_points == Fraction(7, 2)
    assert t.participants[0].rounds[0].where == "e1.csv!E2"
    assert t.source == "e1.csv"


# --- CSV --------------------------------------------------------------------------------------


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_csv_delimiters(sep: str) -> None:
    rows = [["No", "Name", "Elo", "Pts", "1", "2"], ["1", "A", "2000", "1.5", "2w1", "2b½"]]
    rows += [["2", "B", "", "0.5", "1b0", "1w½"]]
    text = "\r\n".join(sep.join(r) for r in rows)
    t = read_csv_crosstable(text)
    a, b = t.participants
    assert (a.rating, a.declared_points, b.rating) == (2000, Fraction(3, 2), None)
    assert kinds(b) == [(Kind.LOSS, 1, B), (Kind.DRAW, 1, W)]


def test_csv_quotes_bom_and_blank_lines() -> None:
    text = '\ufeffNo,Name,Pts,R1\n\n1,"Doe, John","1,5",U\n2,"Roe, ""Ann""",0,Z\n\n'
    t = read_csv_crosstable(text)
    assert [p.name for p in t.participants] == ["Doe, John", 'Roe, "Ann"']
    assert t.participants[0].declared_points == Fraction(3, 2)
    assert t.participants[1].where == "row 4"


def test_csv_round_robin_grid() -> None:
    text = "No;Name;1;2;3\n1;A;x;1;½\n2;B;0;x;+\n3;C;½;-;x\n"
    t = read_csv_crosstable(text, source="rr.csv")
    assert t.type is TournamentType.PREDETERMINED
    assert {(r.opponent, r.kind) for r in t.participants[1].rounds if r.opponent} == {
        (1, Kind.LOSS),
        (3, Kind.FORFEIT_WIN),
    }


def test_csv_errors_name_cells() -> None:
    with pytest.raises(InputError) as info:
        read_csv_crosstable("No,Name,R1\n1,A,12x1\n", source="t.csv")
    assert str(info.value).startswith("t.csv!C2: cannot read '12x1' as a round result")


def test_csv_too_large() -> None:
    with pytest.raises(InputError, match="larger than 20 MB"):
        read_csv_crosstable("x" * (MAX_INPUT_BYTES + 1))
    with pytest.raises(InputError, match="larger than 20 MB"):
        read_csv_crosstable("é" * (MAX_INPUT_BYTES // 2 + 1))  # 2 bytes each in UTF-8


def test_csv_broken_field() -> None:
    with pytest.raises(InputError, match="line 2, column 2: a field of 200,000 characters"):
        read_csv_crosstable('No,Name\n1,"' + "y" * 200_000 + '"\n')


def test_csv_not_text() -> None:
    with pytest.raises(InputError):
        read_csv_crosstable(b"No,Name\n")  # type: ignore[arg-type]


def test_csv_empty() -> None:
    with pytest.raises(InputError, match="empty"):
        read_csv_crosstable("\n\n")
