"""The event token: ``CROSSTABLE_ID(crosstable, settings)`` and the functions that take it.

Values are derived by hand from the Swiss template's sample (player 1, Anna Kowalska: R1–R4
won, R5 lost by forfeit, R6–R7 won), or compared with the engine under the same settings."""

from __future__ import annotations

from typing import Any

import pytest

import xl_tiebreak.udfs as udfs
from xl_tiebreak.excel.templates.builder import SWISS
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.util.numbers import to_float

XT: list[list[Any]] = [[float(c) if isinstance(c, int) else c for c in r] for r in SWISS.rows]
"""The sample as xlwings passes it (numbers as floats)."""


def settings(*rows: tuple[str, object]) -> list[list[object]]:
    return [["Setting", "Value"], *([label, value] for label, value in rows)]


@pytest.fixture(autouse=True)
def fresh() -> None:
    udfs.clear_cache()


def test_after_round_and_points_per_result_reach_points() -> None:
    # R1–R4 won (4 × 3), R5 lost by forfeit (0): 12 after round 5 with 3-1-0
    token = udfs.CROSSTABLE_ID(XT, settings(("Standings after round", 5.0),
                                            ("Points for a win", 3.0), ("Points for a draw", 1.0)))
    assert token.startswith("xlt:") and token.endswith("16 participants in the crosstable")
    assert udfs.POINTS(token, 1.0) == 12.0
    assert udfs.POINTS(XT, 1.0) == 6.0  # the bare range: every round, 1-½-0


def test_a_bye_value_reaches_the_tie_breaks() -> None:
    # PAB ½ (#16 got it in round 3): its Buchholz under the engine with the same scoring
    token = udfs.CROSSTABLE_ID(XT, settings(("Points for a pairing-allocated bye (PAB)", 0.5)))
    tournament = read_crosstable(SWISS.rows)
    tournament.scoring = tournament.scoring.replace(pab=tournament.scoring.draw)
    want = compute_standings(tournament, ["BH"], "auto")
    for no in (15.0, 16.0):
        assert udfs.BUCHHOLZ(token, no) == to_float(want.row(int(no)).values[0])
    assert udfs.POINTS(token, 16.0) == 0.5  # the PAB's half point, nothing else


def test_the_settings_order_is_the_default_and_an_explicit_order_overrides_it() -> None:
    token = udfs.CROSSTABLE_ID(XT, settings(("Tie-breaks (in order)", "SB")))
    by_sb = compute_standings(read_crosstable(SWISS.rows), ["SB"], "auto")
    by_bh = compute_standings(read_crosstable(SWISS.rows), ["BH"], "auto")
    for no in range(1, 17):
        assert udfs.PLACE(token, float(no)) == by_sb.row(no).rank
        assert udfs.PLACE(token, float(no), "BH") == by_bh.row(no).rank
    assert [r[6] for r in udfs.STANDINGS(token)][:1] == ["SB"]


def test_rules_of_the_settings_and_an_explicit_override() -> None:
    token = udfs.CROSSTABLE_ID(XT, settings(("Rules", "FIDE2023")))
    early = compute_standings(read_crosstable(SWISS.rows), ["BH"], "fide2023")
    late = compute_standings(read_crosstable(SWISS.rows), ["BH"], "fide2026")
    got = [udfs.BUCHHOLZ(token, float(no)) for no in range(1, 17)]
    assert got == [to_float(early.row(no).values[0]) for no in range(1, 17)]
    assert [udfs.BUCHHOLZ(token, float(no), "FIDE2026") for no in range(1, 17)] == [
        to_float(late.row(no).values[0]) for no in range(1, 17)]
    assert got != [to_float(late.row(no).values[0]) for no in range(1, 17)]


def test_the_language_row_translates_the_texts_returned_to_cells() -> None:
    token = udfs.CROSSTABLE_ID(XT, settings(("Language", "pt-BR")))
    assert token.endswith("16 participantes na tabela de resultados")
    check = udfs.CROSSTABLE_CHECK(token, "", "", [[1.0], [2.0]])
    assert "a aba não cobre mais a tabela de resultados" in str(check)


def test_problems_are_said_never_defaulted() -> None:
    assert udfs.BUCHHOLZ("xlt:0123456789abcdef", 1.0).startswith("#EVENT? ")
    bad = udfs.CROSSTABLE_ID(XT, settings(("Points for a win", "x")))
    assert "#SETTINGS Settings!B2: cannot read 'x'" in bad
    assert udfs.POINTS(bad, 1.0).startswith("#SETTINGS Settings!B2")
    assert udfs.POINTS("#CROSSTABLE cell B3: …", 1.0) == "#CROSSTABLE cell B3: …"


def test_a_sheet_that_leaves_participants_out_is_an_error_of_the_check() -> None:
    token = udfs.CROSSTABLE_ID(XT, "")
    everyone = [[float(no)] for no in range(1, 17)]
    assert udfs.CROSSTABLE_CHECK(token, "", "", everyone) == udfs.CROSSTABLE_CHECK(token)
    short = udfs.CROSSTABLE_CHECK(token, "", "", everyone[:10] + [[3.0], [None]])
    text = short if isinstance(short, str) else " ".join(str(c) for row in short for c in row)
    assert "leaves out 6 of the 16 participants (No 11, 12, 13, 14, 15 …)" in text
    assert "lists No 3 more than once" in text


def test_labels_and_tables_are_padded_to_the_array_size() -> None:
    token = udfs.CROSSTABLE_ID(XT, "")
    labels = udfs.PARTICIPANTS(token, 20.0)
    assert labels[:2] == [[1.0, "Anna Kowalska"], [2.0, "Lukas Brenner"]]
    assert labels[16:] == [["", ""]] * 4
    table = udfs.STANDINGS(token, "", "", "", "", True, "", "", 20.0, 14.0)
    assert len(table) == 20 and {len(r) for r in table} == {14}
    assert table[17:] == [[""] * 14] * 3 and table[1][12:] == ["", ""]
    assert table[0][11] == "Decided by" and table[1][11]  # the last column the table has


def test_per_cell_calls_with_the_token_share_one_read() -> None:
    from xl_tiebreak.excel.functions.range_cache import RANGES

    token = udfs.CROSSTABLE_ID(XT, settings(("Rating for unrated players", 1400.0)))
    reads = RANGES.cache_info().currsize
    values = [udfs.BUCHHOLZ_CUT1(token, float(no)) for no in range(1, 17)]
    assert [[v] for v in values] == udfs.BUCHHOLZ_CUT1(token, [[float(n)] for n in range(1, 17)])
    assert RANGES.cache_info().currsize == reads


RATED: list[list[Any]] = [
    ["No", "Name", "Rtg", "Rating CBX", "R1", "R2", "R3"],
    [1.0, "Ana", 2000.0, 1900.0, "2w1", "3b1", "4w1"],
    [2.0, "Bia", None, 1700.0, "1b0", "4w1", "3b½"],
    [3.0, "Caio", 1800.0, None, "4b0", "1w0", "2w½"],
    [4.0, "Davi", None, None, "3w1", "2b0", "1b0"],
]
"""Four players: both ratings, only national, only FIDE, none (as xlwings passes them)."""


def test_the_rating_used_row_reaches_the_rating_based_functions() -> None:
    # Ana met Bia (national 1700 only), Caio (FIDE 1800 only) and Davi (neither).
    # FIDE: Bia and Davi unrated and no rating set for unrated players: undefined.
    # National: Caio and Davi without a national rating: undefined.
    # FIDE then national: Bia's 1700, Caio's 1800, Davi left out: (1700 + 1800) / 2 = 1750.
    # Bia met Ana (FIDE 2000), Davi (left out), Caio (FIDE 1800): 1900 under the third choice;
    # under National she met Ana (1900), Davi and Caio (none): undefined.
    want = {"FIDE": (None, None), "National": (None, None),
            "FIDE then national": (1750.0, 1900.0)}
    for choice, (ana, bia) in want.items():
        token = udfs.CROSSTABLE_ID(RATED, settings(("Rating used", choice)))
        assert (udfs.ARO(token, 1.0), udfs.ARO(token, 2.0)) == (ana, bia), choice
    token = udfs.CROSSTABLE_ID(RATED, settings(("Rating usado", "FIDE e depois nacional")))
    assert udfs.ARO(token, 1.0) == 1750.0
    assert udfs.TIEBREAK_EXPLAIN(token, 1.0, "ARO").endswith("(1700 + 1800) / 2 = 1750")
    assert udfs.ARO(RATED, 1.0) is None  # the bare range: FIDE, as the engine's default


def test_a_crosstable_problem_is_said_in_each_workbook_s_language() -> None:
    # the same unreadable cell read first for an English workbook, then for a Portuguese one,
    # then English again: each gets its own language, none the text kept for the other
    bad = [["No", "Name", "R1"], [1.0, "Ana", "zz"], [2.0, "Bia", None]]
    texts = []
    for language in ("en", "pt-BR", "en"):
        token = udfs.CROSSTABLE_ID(bad, settings(("Language", language)))
        texts.append((token.split(" ", 1)[1], udfs.POINTS(token, 1.0)))
    assert texts[0] == texts[2]
    assert texts[0][1].startswith("#CROSSTABLE cell C2: cannot read 'zz' as a round result")
    assert texts[1][1].startswith("#CROSSTABLE célula C2: não foi possível ler 'zz'")
    assert texts[1][0] == texts[1][1]  # the token's own text: the same problem, same language


def test_the_standings_header_is_in_the_workbook_s_language() -> None:
    # the fixed columns and Decided by as the Standings sheet words them; the tie-break
    # labels (acronyms) stay as they are
    english = udfs.STANDINGS(udfs.CROSSTABLE_ID(XT, settings(("Language", "en"))))[0]
    portuguese = udfs.STANDINGS(udfs.CROSSTABLE_ID(XT, settings(("Idioma", "pt-BR"))))[0]
    assert english[:6] == ["Place", "No", "Name", "Rating", "Fed", "Pts"]
    assert english[-1] == "Decided by"
    assert portuguese[:6] == ["Colocação", "Nº", "Nome", "Rating", "Fed", "Pts"]
    assert portuguese[-1] == "Decidido por"
    assert portuguese[6:-1] == english[6:-1]
