"""Manual values that can be entered: a ``Manual order``/``Ordem manual`` column (OTHER_MANUAL,
Swiss-Manager 5: the lowest value ranks first, a participant without one after those with one)
and ``Extra points``/``Pontos adicionais`` (Swiss-Manager 42/43: added to the score for ranking)
in a CSV crosstable, a workbook and a TRF (a note line), all ranking alike."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.excel.headless import read_workbook_tournament
from xl_tiebreak.excel.templates.from_event import write_event_workbook
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.formats.trf.reader import parse_trf, write_trf
from xl_tiebreak.model.tournament import InputError, Tournament
from xl_tiebreak.standings.final import compute_standings

# Four players, two rounds, every game drawn: all on 1 point.
#   R1: 1-2 ½-½, 3-4 ½-½; R2: 1-3 ½-½, 2-4 ½-½
CSV = (
    "No,Name,R1,R2,{manual},{extra},Pts\n"
    "1,Ana,2w½,3b½,3,,1\n"
    "2,Bia,1b½,4w½,1,,1\n"
    "3,Caio,4w½,1w½,2,{caio},1\n"
    "4,Dora,3b½,2b½,,,1\n"
)


def _csv(manual: str = "Ordem manual", extra: str = "Pontos adicionais", caio: str = "") -> str:
    return CSV.format(manual=manual, extra=extra, caio=caio)


def _order(t: Tournament) -> list[int]:
    s = compute_standings(t, "OTHER_MANUAL", "fide2026")
    return [r.participant.start_no for r in s.rows]


@pytest.mark.parametrize(("manual", "extra"), [("Ordem manual", "Pontos adicionais"),
                                               ("Manual order", "Extra points")])
def test_a_manual_order_column_ranks_the_tied_players(manual: str, extra: str) -> None:
    t = read_csv_crosstable(_csv(manual, extra))
    # all on 1 point; values #2: 1, #3: 2, #1: 3, #4 none (after those with one)
    assert _order(t) == [2, 3, 1, 4]
    s = compute_standings(t, "OTHER_MANUAL", "fide2026")
    assert "typed by the arbiter" in str(s.explain(2, 0))
    assert "none typed" in str(s.explain(4, 0))


def test_extra_points_rank_before_the_manual_order() -> None:
    # #3 gets 1 extra point: 2 points, first; the others keep the manual order
    t = read_csv_crosstable(_csv(caio="1"))
    assert t.by_start_no()[3].extra_points == Fraction(1)
    assert _order(t) == [3, 2, 1, 4]


def test_the_manual_order_travels_through_a_workbook_and_a_trf(tmp_path: Path) -> None:
    t = read_csv_crosstable(_csv())
    t.participants[0].manual_order = Fraction(5, 2)  # #1: 2½, still after #3's 2
    book, _ = read_workbook_tournament(write_event_workbook(t, tmp_path / "event.xlsx"))
    trf = parse_trf(write_trf(t))
    values = {p.start_no: p.manual_order for p in t.participants}
    assert {p.start_no: p.manual_order for p in book.participants} == values
    assert {p.start_no: p.manual_order for p in trf.participants} == values
    assert _order(book) == _order(trf) == _order(t) == [2, 3, 1, 4]


def test_a_manual_order_that_is_not_a_number_is_refused_with_its_cell() -> None:
    with pytest.raises(InputError) as info:
        read_csv_crosstable(_csv().replace("1,Ana,2w½,3b½,3,", "1,Ana,2w½,3b½,third,"))
    assert "E2" in str(info.value) and "manual-order" in str(info.value)
