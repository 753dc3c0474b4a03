"""Prize categories from the columns organizers have: Sex/Sexo, Born/Nascimento, Club/Clube,
Type/Group in a CSV crosstable or a workbook give the same prizes as the TRF of the same event;
a category that cannot be decided for some players is refused (exit 2) naming them."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.headless import read_workbook_tournament
from xl_tiebreak.excel.templates.from_event import write_event_workbook
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.formats.trf.reader import read_trf
from xl_tiebreak.model.tournament import InputError, Tournament
from xl_tiebreak.prizes.allocation import Allocation, allocate, read_prize_csv
from xl_tiebreak.standings.final import compute_standings

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TRF = EXAMPLES / "spring_open.trf"
PRIZES = EXAMPLES / "spring_open_prizes.csv"
CLUBS = {n: ("Dublin CC" if n % 3 == 0 else "Cork CC" if n % 3 == 1 else "") for n in
         range(1, 17)}
"""Invented clubs: #3, #6, #9, #12, #15 Dublin CC; #1, #4, #7, #10, #13, #16 Cork CC."""


def _trf_fields() -> dict[int, tuple[str, str]]:
    """Sex (col 10) and birth date (cols 70-79) of each 001 line, cut from the text."""
    out = {}
    for line in TRF.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            out[int(line[4:8])] = (line[9], line[69:79].strip())
    return out


def _csv_with_columns(sex_header: str, born_header: str, club_header: str,
                      drop_birth_of: frozenset[int] = frozenset()) -> str:
    """examples/spring_open.csv with sex, birth and club columns after Fed (sex written
    F/M, as organizers do)."""
    rows = list(csv.reader(io.StringIO((EXAMPLES / "spring_open.csv").read_text("utf-8"))))
    fields = _trf_fields()
    at = rows[0].index("Fed") + 1
    out = [rows[0][:at] + [sex_header, born_header, club_header] + rows[0][at:]]
    for row in rows[1:]:
        no = int(row[0])
        sex, born = fields[no]
        out.append(row[:at] + ["F" if sex == "w" else "M",
                               "" if no in drop_birth_of else born, CLUBS[no]] + row[at:])
    text = io.StringIO()
    csv.writer(text).writerows(out)
    return text.getvalue()


def _awards(a: Allocation) -> list[tuple[int, object, str, str]]:
    return [(x.participant.start_no, x.money, x.trophy, x.source) for x in a.awards]


def _allocation(t: Tournament, prize_text: str) -> Allocation:
    return allocate(compute_standings(t, None, "fide2026"), read_prize_csv(prize_text))


@pytest.mark.parametrize("headers", [("Sex", "Born", "Club"), ("Sexo", "Nascimento", "Clube")])
def test_csv_columns_give_the_prizes_of_the_trf(headers: tuple[str, str, str]) -> None:
    prizes = PRIZES.read_text(encoding="utf-8")
    from_trf = _allocation(read_trf(TRF), prizes)
    t = read_csv_crosstable(_csv_with_columns(*headers))
    t.start_date = read_trf(TRF).start_date  # a CSV has no start date (--start-date)
    from_csv = _allocation(t, prizes)
    assert _awards(from_csv) == _awards(from_trf)
    # the list's women and S50 prizes are given (not left unclaimed)
    assert {x.source for x in from_trf.awards} >= {"Best woman", "S50"}
    assert not from_trf.unclaimed and not from_csv.unclaimed


def test_a_workbook_gives_the_prizes_of_the_csv(tmp_path: Path) -> None:
    prizes = PRIZES.read_text(encoding="utf-8") + "Best of Dublin CC,Dublin: Club=Dublin CC,1,40,\n"
    t = read_csv_crosstable(_csv_with_columns("Sexo", "Nascimento", "Clube"))
    t.start_date = read_trf(TRF).start_date  # the S50 prize needs the event's year
    book, _ = read_workbook_tournament(write_event_workbook(t, tmp_path / "event.xlsx"))
    assert _awards(_allocation(book, prizes)) == _awards(_allocation(t, prizes))


def test_a_club_prize_from_the_command_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # Dublin CC: #3, #6, #9, #12, #15. #3 Okafor and #6 Kowalczyk take the women's prizes (115
    # each > 40), so the club prize passes to the Dublin players left: #9 Sato and #12
    # Gallagher, tied on 2½ points (ranks 12, 13; #15 Ruiz has 2), pool places 1–2 of the
    # club prize: 40 + 0 shared, 20 each.
    event = tmp_path / "event.csv"
    event.write_text(_csv_with_columns("Sex", "Born", "Club"), encoding="utf-8")
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("Prize,Category,Place,Amount\nWomen,women,1,150\nWomen,women,2,80\n"
                      "Club,Dublin: Club=Dublin CC,1,40\n", encoding="utf-8")
    assert main(["compute", str(event), "--rules", "fide2026", "--prizes", str(prizes)]) == 0
    out = capsys.readouterr().out
    club = [line.split() for line in out.splitlines() if "Dublin places 1–2" in line
            and not line.startswith(" ")]
    assert [(row[1], row[-1]) for row in club] == [("9", "20"), ("12", "20")]


def test_an_age_prize_without_birth_years_is_refused_with_the_rows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "event.csv"
    # #5 and #11 have no birth date (rows 6 and 12 of the CSV: the header is row 1)
    event.write_text(_csv_with_columns("Sex", "Born", "Club", frozenset({5, 11})),
                     encoding="utf-8")
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("Prize,Category,Place,Amount\nSenior,S50,1,100\n", encoding="utf-8")
    code = main(["compute", str(event), "--rules", "fide2026", "--start-date", "2026-04-10",
                 "--prizes", str(prizes)])
    err = capsys.readouterr().err
    assert code == 2
    assert "cannot be decided for 2 player(s) without their birth date or year" in err
    assert "#5 Moreau, Lucie (event.csv!row 6)" in err
    assert "#11 Petrov, Ilya (event.csv!row 12)" in err
    assert "prizes.csv: row 2, column Category (B2)" in err
    assert "Traceback" not in err


def test_an_undecided_category_raises_from_the_allocation() -> None:
    t = read_csv_crosstable(_csv_with_columns("Sex", "Born", "Club", frozenset({2})))
    t.start_date = read_trf(TRF).start_date
    with pytest.raises(InputError, match=r"#2 Brandt, Matthias \(row 3\)"):
        _allocation(t, "Prize,Category,Place,Amount\nSenior,S50,1,100\n")
