"""TRF out: any input → TRF16/TRF26 with computed points, ranks and the tie-break list.

Round trip (property over generated tournaments and the example crosstables): the exported file
reads back to the same standings (rank, points and every tie-break value of every participant)
and declares the computed points and ranks. Every exported file is also read by the FIDE TEC
checker (test-only subprocess, tests/oracle.py), which must find the same points and values.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import generator
import oracle
import pytest

from xl_tiebreak.cli.main import load_tournament, main
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.model.tournament import Tournament, TournamentType
from xl_tiebreak.report.trf import export_trf, export_warnings, exported_tournament
from xl_tiebreak.standings.final import Standings, compute_standings

ORDER = "BH/C1,BH,SB,WIN,DE"
ORACLE_ORDER = ["BH/C1", "BH", "SB", "WIN"]
"""Compared with the checker: none of these has a listed known difference."""
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SEEDS = range(700, 730)


def _table(s: Standings) -> list[tuple[object, ...]]:
    return [(r.rank, r.participant.start_no, r.participant.name, r.points, r.values)
            for r in s.rows]


def _round_trip(t: Tournament, version: str, order: str | None = ORDER) -> tuple[Standings, str]:
    ours = compute_standings(t, order)
    text = export_trf(ours, version)
    back = compute_standings(parse_trf(text, source="exported.trf"))  # its own declared list
    assert [d.canonical for d in back.descriptors] == [d.canonical for d in ours.descriptors]
    assert back.rules is ours.rules
    assert _table(back) == _table(ours)
    for p in parse_trf(text).participants:
        row = ours.row(p.start_no)
        assert (p.declared_points, p.declared_rank) == (row.points, row.rank)
    return ours, text


@pytest.mark.parametrize("version", ["trf16", "trf26"])
@pytest.mark.parametrize("seed", SEEDS)
def test_round_trip_generated(seed: int, version: str) -> None:
    _round_trip(generator.generate(seed), version)


@pytest.mark.parametrize("name", ["spring_open.csv", "club_round_robin.csv"])
@pytest.mark.parametrize("version", ["trf16", "trf26"])
def test_round_trip_crosstable(name: str, version: str) -> None:
    t = read_csv_crosstable((EXAMPLES / name).read_text(encoding="utf-8"), source=name)
    _round_trip(t, version, None)


def test_the_records_of_each_version() -> None:
    t = generator.generate(701)
    s = compute_standings(t, "BH/C1,SB")
    text16, text26 = export_trf(s, "trf16"), export_trf(s, "trf26")
    assert "202 BH/C1,SB" in text16.splitlines()
    assert f"XXR {t.rounds}" in text16.splitlines()
    assert "212 PTS,BH/C1,SB" in text26.splitlines()
    assert f"142 {t.rounds}" in text26.splitlines()


def test_after_round_exports_the_rounds_counted() -> None:
    t = generator.generate(702, round_robin=False)
    k = t.rounds - 1
    s = compute_standings(t, "BH", after_round=k)
    e = exported_tournament(s)
    assert e.scheduled_rounds == k
    assert all(len(p.rounds) <= k for p in e.participants)
    back = compute_standings(parse_trf(export_trf(s)))
    assert _table(back) == _table(s)


def test_a_rule_set_the_file_cannot_say_is_warned() -> None:
    t = generator.generate(703)
    t.start_date = datetime.date(2026, 5, 1)
    assert export_warnings(compute_standings(t, "BH")) == []
    warned = export_warnings(compute_standings(t, "BH", rules="fide2023"))
    assert len(warned) == 1 and "FIDE 2023" in str(warned[0])


def _oracle_flags(t: Tournament) -> dict[str, object]:
    rr = t.type is TournamentType.PREDETERMINED
    return {"predetermined": rr, "swiss": not rr}


def _assert_checker_agrees(text: str, ours: Standings) -> None:
    theirs = oracle.run_text(text, ["PTS", *ORACLE_ORDER], **_oracle_flags(ours.tournament))
    labels = [d.label for d in ours.descriptors]
    for row in ours.rows:
        got = theirs.values[row.participant.start_no]
        assert got["PTS"] == row.points
        for label in ORACLE_ORDER:
            assert got[label] == row.values[labels.index(label)], (label, row.participant)


@pytest.mark.skipif(not oracle.available(), reason="gacrux is not installed")
@pytest.mark.parametrize("version", ["trf16", "trf26"])
@pytest.mark.parametrize("seed", SEEDS[:12])
def test_checker_reads_every_exported_file(seed: int, version: str) -> None:
    t = generator.generate(seed)
    if t.start_date is not None and t.start_date < datetime.date(2023, 9, 1):
        t.start_date = datetime.date(2024, 1, 15)  # a rule set the checker has (auto = 2023)
    ours, text = _round_trip(t, version, ",".join(ORACLE_ORDER))
    _assert_checker_agrees(text, ours)


@pytest.mark.skipif(not oracle.available(), reason="gacrux is not installed")
def test_checker_reads_the_exported_example_crosstable(tmp_path: Path) -> None:
    out = tmp_path / "spring.trf"
    assert main(["export", str(EXAMPLES / "spring_open.csv"), "--format", "trf26", "-o",
                 str(out), "--tiebreaks", ",".join(ORACLE_ORDER)]) == 0
    ours = compute_standings(load_tournament(str(out)))
    _assert_checker_agrees(out.read_text(encoding="utf-8"), ours)


def test_cli_export_refuses_an_existing_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.trf"
    src = str(EXAMPLES / "spring_open.csv")
    assert main(["export", src, "-o", str(out)]) == 0
    first = out.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["export", src, "-o", str(out), "--tiebreaks", "SB"]) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == first
    assert main(["export", src, "-o", str(out), "--tiebreaks", "SB", "--force"]) == 0
    assert "202 SB" in out.read_text(encoding="utf-8").splitlines()


def test_cli_export_from_a_workbook(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from xl_tiebreak.excel.templates.builder import build_demo

    book = build_demo(str(tmp_path))
    out = tmp_path / "demo.trf"
    # UTF-8 keeps the names as typed (Latin-1, the default, writes š as s)
    assert main(["export", str(book), "-o", str(out), "--encoding", "utf-8"]) == 0
    workbook = compute_standings(load_tournament(str(book)))
    back = compute_standings(load_tournament(str(out)))
    assert _table(back) == _table(workbook)
