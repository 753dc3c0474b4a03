"""``xl-tiebreak check``: declared ranks recomputed with each file's own tie-break list.

Known outcomes: on the shared TRF folder, from facts independent of the engine (upstream's
expected checker output for the unplayed-rounds file, the declared points of Held's file, the
files that declare no ranks); on generated events, files exported with their computed ranks
(agree) and the same files with two declared ranks swapped (differ at the first swapped place).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import generator
import pytest

from xl_tiebreak.cli.check import Progress, verify_all
from xl_tiebreak.cli.main import main
from xl_tiebreak.events.check import verify_file
from xl_tiebreak.report.trf import export_trf
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.standings.verify import Verdict, event_files

DATA = Path("/work/shared/data/trf")
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="shared TRF folder absent")
UNPLAYED = DATA / "swiss_with_many_unplayed_rounds.trf"
SB_LIST = "SB,SB/C1,SB/C2"
"""The list of upstream's expected output for the unplayed-rounds file."""


def _expected_ranks(name: str) -> dict[int, int]:
    """Start number → rank of one of upstream's expected tables (tab separated)."""
    lines = (DATA / "expected" / name).read_text(encoding="utf-8").splitlines()
    out = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if cells[0].isdigit():
            out[int(cells[0])] = int(cells[1])
    return out


@needs_data
def test_files_without_ranks() -> None:
    for name in ["lichess_swiss_2020_06.trf", "lichess_swiss_2021_03.trf",
                 "lichess_bullet_2020_112p.trf", "icu_armstrong_2011.trf"]:
        # cols 86-89 blank on every player line
        lines = [ln for ln in (DATA / name).read_text(encoding="latin-1").splitlines()
                 if ln.startswith("001")]
        assert all(not ln[85:89].strip() for ln in lines)
        assert verify_file(DATA / name).verdict is Verdict.NO_RANKS


@needs_data
def test_the_unplayed_rounds_file_agrees_with_upstreams_ranks() -> None:
    # the file's declared ranks are upstream's expected ranks under PTS,SB,SB/C1,SB/C2 (2024)
    declared = {int(ln[4:8]): int(ln[85:89]) for ln in UNPLAYED.read_text().splitlines()
                if ln.startswith("001")}
    assert declared == _expected_ranks("swiss_with_many_unplayed_rounds.2026-02-28.txt")
    report = verify_file(UNPLAYED, SB_LIST)
    assert report.verdict is Verdict.AGREES, report.why
    assert "no declared tie-break list" in report.why and SB_LIST in report.why


@needs_data
def test_the_same_file_under_the_2026_rules_differs_where_upstream_says(tmp_path: Path) -> None:
    old = _expected_ranks("swiss_with_many_unplayed_rounds.2026-02-28.txt")
    new = _expected_ranks("swiss_with_many_unplayed_rounds.2026-03-01.txt")
    holder_old = {rank: no for no, rank in old.items()}
    holder_new = {rank: no for no, rank in new.items()}
    first = min(r for r in holder_old if holder_old[r] != holder_new[r])  # 4, by the tables
    moved = tmp_path / "unplayed_2026.trf"
    moved.write_bytes(UNPLAYED.read_bytes().replace(b"042 2026/02/28", b"042 2026/03/01"))
    report = verify_file(moved, SB_LIST)
    assert report.verdict is Verdict.DIFFERS
    assert report.place == first
    assert f"#{holder_old[first]} " in report.why and f"#{holder_new[first]} " in report.why


@needs_data
def test_held_swiss_declares_start_numbers_as_ranks() -> None:
    path = DATA / "held_swiss_5.trf"
    lines = [ln for ln in path.read_text().splitlines() if ln.startswith("001")]
    declared = {int(ln[4:8]): (int(ln[85:89]), float(ln[80:84])) for ln in lines}
    assert all(rank == no for no, (rank, _) in declared.items())
    assert declared[2][1] > declared[1][1]  # #2 has more points than #1, who is "ranked" 1st
    report = verify_file(path)
    assert (report.verdict, report.place) == (Verdict.DIFFERS, 1)


@needs_data
def test_the_whole_shared_folder_gets_a_verdict_per_file(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    files = event_files([str(DATA)])
    assert len(files) >= 30
    status = main(["check", str(DATA), "--format", "json", "--jobs", "2"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1  # some files differ or cannot be read
    assert [f["file"] for f in data["files"]] == [str(f) for f in files]
    assert sum(data["summary"].values()) == len(files)
    for f in data["files"]:
        assert f["verdict"] in {v.value for v in Verdict}
        if f["verdict"] != "agrees":
            assert f["why"]
        if f["verdict"] == "differs":
            assert isinstance(f["place"], int)


def _exported(tmp_path: Path, seeds: range) -> list[Path]:
    paths = []
    for seed in seeds:
        t = generator.generate(seed)
        path = tmp_path / f"event_{seed}.trf"
        path.write_text(export_trf(compute_standings(t, "BH/C1,BH,SB,DE")), encoding="utf-8")
        paths.append(path)
    return paths


def _swap_ranks(path: Path) -> int | None:
    """Swap the declared ranks of the first two neighbours on different points; the place of
    the first swapped rank (None when there are none)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    players = sorted((int(ln[85:89]), float(ln[80:84]), k) for k, ln in enumerate(lines)
                     if ln.startswith("001"))
    for (r1, p1, k1), (r2, p2, k2) in zip(players, players[1:]):
        if p1 != p2 and r1 != r2:
            a, b = lines[k1], lines[k2]
            lines[k1] = a[:85] + b[85:89] + a[89:]
            lines[k2] = b[:85] + a[85:89] + b[89:]
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            return r1
    return None


def test_exported_files_agree_and_tampered_ones_differ(tmp_path: Path) -> None:
    paths = _exported(tmp_path, range(900, 912))
    for r in verify_all(paths, 1):
        assert r.verdict is Verdict.AGREES, (r.file, r.why)
        assert r.tiebreaks == "BH/C1,BH,SB,DE"
    for path in paths[:4]:
        place = _swap_ranks(path)
        assert place is not None
        report = verify_file(path)
        assert (report.verdict, report.place) == (Verdict.DIFFERS, place), report.why


def test_the_pool_gives_the_same_report_in_the_same_order(tmp_path: Path) -> None:
    paths = _exported(tmp_path, range(920, 930))
    _swap_ranks(paths[3])
    assert list(verify_all(paths, 2)) == list(verify_all(paths, 1))


def test_unreadable_files_are_reported_not_raised(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001 xx\n", encoding="utf-8")
    report = verify_file(bad)
    assert report.verdict is Verdict.ERROR and "line 1" in report.why


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal() -> None:
    plain = io.StringIO()
    p = Progress(3, plain)
    for _ in range(3):
        p.step()
    assert plain.getvalue() == ""
    tty = _Tty()
    p = Progress(2, tty)
    p.step()
    p.step()
    assert "1/2 files" in tty.getvalue() and tty.getvalue().endswith("2/2 files\n")


def test_cli_report_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = _exported(tmp_path, range(940, 943))
    report = tmp_path / "report.csv"
    assert main(["check", *map(str, paths), "-o", str(report), "--jobs", "1"]) == 0
    rows = report.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "file,verdict,place,why,tiebreaks,participants"
    assert len(rows) == 4 and all(",agrees," in r for r in rows[1:])
    capsys.readouterr()
    assert main(["check", str(paths[0]), "-o", str(report)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["check", str(tmp_path / "nothing-here")]) == 2
    assert main(["check", str(paths[0]), "--jobs", "0"]) == 2
    assert main(["check", str(paths[0]), "--tiebreaks", "NOPE"]) == 2
