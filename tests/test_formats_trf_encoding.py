"""An exported TRF is Latin-1, the encoding the FIDE checker reads (docs/engineering.md D-E2):
the checker refuses the UTF-8 file of the same event ("misaligned data") and reads the Latin-1
one with the values we compute; letters Latin-1 lacks are written one for one without their
accents, each changed line named."""

from __future__ import annotations

from pathlib import Path

import oracle
import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.encoding import latin1_text, trf_bytes
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.standings.final import compute_standings

CSV = (
    "No,Name,Rating,R1,R2,R3,Pts\n"
    "1,\"Dvořák, Tomáš\",2000,2w1,3w½,4w1,2.5\n"
    "2,\"Núñez, José\",1900,1b0,4w1,3w0,1\n"
    "3,Łukasz Żółw,2100,4w½,1b½,2b1,2\n"
    "4,Ana Müller,1800,3b½,2b0,1b0,0.5\n"
)


def test_letters_latin1_lacks_lose_their_accents_one_for_one() -> None:
    text = "001    1      Dvořák, Tomáš      2000\n012 Open\n001    3      Łukasz Żółw 王"
    written, notes = latin1_text(text)
    assert written.split("\n") == ["001    1      Dvorák, Tomás      2000", "012 Open",
                                    "001    3      Lukasz Zólw ?"]
    assert [len(x) for x in written.split("\n")] == [len(x) for x in text.split("\n")]
    assert notes[0].startswith("line 1: Dvořák, Tomáš written as Dvorák, Tomás (Latin-1")
    assert notes[1].startswith("line 3: Łukasz Żółw 王 written as Lukasz Zólw ?")
    assert len(notes) == 2
    # é, ü, ñ, å are Latin-1 letters: kept, no note
    assert latin1_text("Núñez, José; Åsa Müller") == ("Núñez, José; Åsa Müller", [])
    data, _ = trf_bytes("Núñez")
    assert data == "Núñez".encode("latin-1")
    assert trf_bytes("Dvořák", "utf-8") == ("Dvořák".encode(), [])
    with pytest.raises(ValueError):
        trf_bytes("x", "cp1252")


def _export(tmp_path: Path, *options: str) -> Path:
    src = tmp_path / "event.csv"
    src.write_text(CSV, encoding="utf-8")
    out = tmp_path / f"event{len(options)}.trf"
    assert main(["export", str(src), "--tiebreaks", "SB,WIN", "-o", str(out), *options]) == 0
    return out


def test_export_writes_latin1_and_names_the_changed_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _export(tmp_path)
    err = capsys.readouterr().err
    text = out.read_bytes().decode("latin-1")
    assert "Dvorák, Tomás" in text and "Núñez, José" in text and "Lukasz Zólw" in text
    assert "Dvořák, Tomáš written as Dvorák, Tomás" in err
    # read back: the same event, its names as written
    back = parse_trf(text)
    assert [p.name for p in back.participants] == [
        "Dvorák, Tomás", "Núñez, José", "Lukasz Zólw", "Ana Müller"]
    utf8 = _export(tmp_path, "--encoding", "utf-8")
    assert "Dvořák, Tomáš" in utf8.read_text(encoding="utf-8")


@pytest.mark.skipif(not oracle.available(), reason="the FIDE checker (gacrux) is not installed")
def test_the_fide_checker_reads_the_latin1_file_and_refuses_the_utf8_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    latin1 = _export(tmp_path)
    utf8 = _export(tmp_path, "--encoding", "utf-8")
    capsys.readouterr()
    with pytest.raises(oracle.OracleError, match="misaligned"):
        oracle.run_file(utf8, ["PTS", "SB", "WIN"], predetermined=True)
    checked = oracle.run_file(latin1, ["PTS", "SB", "WIN"], predetermined=True)
    ours = compute_standings(parse_trf(latin1.read_bytes().decode("latin-1")), "SB,WIN")
    for row in ours.rows:
        no = row.participant.start_no
        assert checked.values[no]["PTS"] == row.points
        assert checked.values[no]["SB"] == row.values[0]
        assert checked.values[no]["WIN"] == row.values[1]


@pytest.mark.skipif(not oracle.available(), reason="the FIDE checker (gacrux) is not installed")
def test_the_oracle_helper_gives_the_checker_names_it_can_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the UTF-8 export's text (Dvořák, Tomáš) handed to the test oracle as text: it writes
    # Latin-1 for the checker, so the checker reads it instead of refusing it as misaligned
    text = _export(tmp_path, "--encoding", "utf-8").read_text(encoding="utf-8")
    capsys.readouterr()
    checked = oracle.run_text(text, ["PTS", "SB"], predetermined=True)
    ours = compute_standings(parse_trf(text), "SB")
    assert {no: v["SB"] for no, v in checked.values.items()} == {
        r.participant.start_no: r.values[0] for r in ours.rows}
