"""A crosstable row's cell names made at once (Places.row_cells) are the names made one by one
(Places.cell), in each language and for every kind of sheet name and origin; a round cell's
text read through the kept readings gives the record and colour reading it afresh gives."""

from __future__ import annotations

import pytest

from xl_tiebreak.formats.crosstable import rounds
from xl_tiebreak.formats.crosstable.cells import Places
from xl_tiebreak.formats.crosstable.round_cells import colour_letter, parse_round_token
from xl_tiebreak.i18n import using


@pytest.mark.parametrize("language", ["en", "pt-BR"])
@pytest.mark.parametrize("sheet", ["", "Crosstable", "My crosstable", "O'Brien's"])
@pytest.mark.parametrize("origin", [(1, 1), (3, 2), (10, 27)])
def test_row_cells_are_the_cells(language: str, sheet: str, origin: tuple[int, int]) -> None:
    places = Places(sheet, *origin)
    cols = [0, 1, 4, 25, 26, 51, 700]
    with using(language):
        for row in (0, 1, 9, 1999):
            assert places.row_cells(row, cols) == [places.cell(row, c) for c in cols]


def test_an_outside_position_raises_as_cell_does() -> None:
    places = Places("", 1, 1)
    with pytest.raises(ValueError):
        places.cell(-2, 0)
    with pytest.raises(ValueError):
        places.row_cells(-2, [0])


@pytest.mark.parametrize("text", ["12w1", "12 b ½", "7b0", "+", "-", "U", "folga", "12br1",
                                  "12p½", "3w W.O.", "=B13", "", "x?", "0w1", "H"])
def test_kept_readings_are_fresh_readings(text: str) -> None:
    rounds.forget_rows()
    first = rounds._reading(text)
    again = rounds._reading(text)  # kept
    assert again is first
    fresh = parse_round_token(text), colour_letter(text)
    assert first == fresh
    if fresh[0] is not None:
        assert first[0] is not None and tuple(first[0]) == tuple(fresh[0])  # where too
