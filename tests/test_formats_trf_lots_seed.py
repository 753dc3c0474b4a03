"""The lots seed in a TRF file (docs/engineering.md D61): the export writes it as the comment
line ``### xl-tiebreak lots seed: "…"`` when the event has a seed, the reader reads it back,
the draw is the same, and the legend names the seed. The FIDE checker (test-only, oracle.py)
still reads the file: the line is a comment."""

from __future__ import annotations

import hashlib
from pathlib import Path

import oracle
import pytest

from xl_tiebreak.cli.main import load_tournament, main
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.formats.trf.seed import read_seed_line, seed_line
from xl_tiebreak.report.trf import export_trf
from xl_tiebreak.standings.final import compute_standings

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TRF = EXAMPLES / "spring_open.trf"


def _lot_order(seed: str, numbers: list[int]) -> list[int]:
    """The draw by hand: ascending SHA-256 of '<seed>:<start number>'
    (xl_tiebreak.tiebreaks.outside_games)."""
    return sorted(numbers, key=lambda no: hashlib.sha256(f"{seed}:{no}".encode()).hexdigest())


@pytest.mark.parametrize("version", ["trf16", "trf26"])
@pytest.mark.parametrize("seed", ["spring-2026", 'a "quoted"  seed ', "2026"])
def test_the_export_writes_the_seed_and_the_reader_reads_it_back(version: str,
                                                                 seed: str) -> None:
    t = load_tournament(str(TRF))
    t.lots_seed = seed
    ours = compute_standings(t, "LOTS")
    text = export_trf(ours, version)
    assert f'### xl-tiebreak lots seed: "{seed}"' in text.splitlines()
    back = parse_trf(text, source="exported.trf")
    assert back.lots_seed == seed
    again = compute_standings(back)  # its own declared list: OTHER_LOTS
    assert [(r.participant.start_no, r.rank, r.values) for r in again.rows] == \
        [(r.participant.start_no, r.rank, r.values) for r in ours.rows]
    # within each score group the players stand in the order of the draw by hand
    groups: dict[object, list[int]] = {}
    for r in again.rows:
        groups.setdefault(r.points, []).append(r.participant.start_no)
    for members in groups.values():
        assert members == [n for n in _lot_order(seed, [p.start_no for p in t.participants])
                           if n in members]


def test_no_seed_no_line() -> None:
    t = load_tournament(str(TRF))
    assert t.lots_seed is None  # the example has none
    text = export_trf(compute_standings(t, "BH,LOTS"), "trf26")
    assert "lots seed" not in text
    assert parse_trf(text).lots_seed is None


def test_other_comments_are_comments() -> None:
    assert read_seed_line("### exported by Swiss-Manager") is None
    assert read_seed_line('### xl-tiebreak lots seed: "x"') == "x"
    assert read_seed_line('###  XL-TIEBREAK lots seed:"y z" \r\n') == "y z"
    assert read_seed_line(seed_line("é 2026")) == "é 2026"
    with pytest.raises(ValueError):
        seed_line("two\nlines")
    text = TRF.read_text(encoding="utf-8")
    first = text.replace("092 ", '### xl-tiebreak lots seed: "one"\n'
                                 '### xl-tiebreak lots seed: "two"\n092 ', 1)
    assert parse_trf(first).lots_seed == "one"  # the first seed line counts


def test_the_legend_names_the_seed_read_from_the_trf(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    t = load_tournament(str(TRF))
    t.lots_seed = "kilbrack"
    out = tmp_path / "seeded.trf"
    out.write_text(export_trf(compute_standings(t, "BH,LOTS"), "trf26"), encoding="utf-8")
    assert main(["compute", str(out)]) == 0
    assert "Drawing of lots: seed 'kilbrack'" in capsys.readouterr().out
    # --lots-seed given on the command line is the user's choice and wins
    assert main(["compute", str(out), "--lots-seed", "other"]) == 0
    assert "Drawing of lots: seed 'other'" in capsys.readouterr().out


@pytest.mark.skipif(not oracle.available(), reason="gacrux not installed")
def test_the_fide_checker_reads_a_file_with_the_seed_line() -> None:
    t = load_tournament(str(TRF))
    t.lots_seed = "kilbrack"
    ours = compute_standings(t, "BH/C1,BH,SB")
    text = export_trf(ours, "trf26")
    found = oracle.run_text(text, ["PTS", "BH/C1", "BH", "SB"])
    for r in ours.rows:
        no = r.participant.start_no
        assert found.values[no]["PTS"] == r.points
        assert [found.values[no][c] for c in ("BH/C1", "BH", "SB")] == list(r.values)


def test_a_workbook_seed_goes_into_the_exported_trf(tmp_path: Path) -> None:
    import openpyxl

    from tests.test_standings_compare_orders import _crosstable

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Crosstable"
    for row in _crosstable():
        ws.append(row)
    st = wb.create_sheet("Settings")
    for row in (("Tie-breaks", "BH"), (None, "LOTS"), ("Lots seed", 2026)):
        st.append(list(row))
    book = tmp_path / "event.xlsx"
    wb.save(book)
    out = tmp_path / "event.trf"
    assert main(["export", str(book), "--format", "trf26", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert '### xl-tiebreak lots seed: "2026"' in text.splitlines()
    assert parse_trf(text).lots_seed == "2026"
