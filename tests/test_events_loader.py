"""One loader for every input (the event kind from the content) and ``check`` checking each
file as what it is (docs/engineering.md D90)."""

from __future__ import annotations

from pathlib import Path

import pytest
import team_generator

from xl_tiebreak.cli.main import main
from xl_tiebreak.events.check import check_file
from xl_tiebreak.events.loader import EventKind, describe, kind_of, load_event, parse_event
from xl_tiebreak.knockout.bracket import Bracket
from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import InputError, Tournament
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.standings.verify import Verdict

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KINDS = {"spring_open.trf": "individual Swiss", "spring_open.csv": "individual Swiss",
         "club_round_robin.csv": "individual round robin", "knockout_cup.trf": "knockout",
         "knockout_cup.csv": "knockout"}
"""What each example is (examples/README.md)."""
TABLES = {"spring_open_prizes.csv"}
"""Examples that go with an event (a prize list), not events."""


def test_every_example_is_listed() -> None:
    listed = {p.name for p in EXAMPLES.iterdir() if p.suffix in (".trf", ".csv")}
    assert listed == set(KINDS) | TABLES


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_prize_list_is_refused_as_an_event_with_what_to_do(name: str) -> None:
    with pytest.raises(InputError, match="a prize list, not an event.*--prizes"):
        load_event(EXAMPLES / name)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_loader_reads_each_example_as_what_it_is(name: str) -> None:
    event = load_event(EXAMPLES / name)
    assert describe(event) == KINDS[name]
    expected = {"individual": Tournament, "knockout": Bracket}[KINDS[name].split()[0]]
    assert isinstance(event, expected)


def test_check_over_the_examples_agrees_and_names_the_kinds(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    for name, kind in KINDS.items():
        line = next(ln for ln in out.splitlines() if f"{name} " in ln)
        assert f"({kind})" in line
        assert not line.startswith(("DIFFERS", "ERROR"))
    assert "AGREES   " + str(EXAMPLES / "knockout_cup.trf") in out


def test_a_wrong_knockout_rank_is_found(tmp_path: Path) -> None:
    lines = (EXAMPLES / "knockout_cup.trf").read_text(encoding="utf-8").split("\n")
    ana = next(i for i, ln in enumerate(lines) if ln.startswith("001    1 "))
    assert lines[ana][85:89] == "   1"  # Ana, the champion, declares place 1
    lines[ana] = lines[ana][:85] + "   5" + lines[ana][89:]
    path = tmp_path / "cup.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    report = check_file(path)
    assert report.verdict is Verdict.DIFFERS and report.place == 1
    assert report.kind == "knockout" and "Ana 5" in report.why


def test_a_generated_team_trf_is_a_team_event(tmp_path: Path) -> None:
    event = team_generator.generate(2, round_robin=False)
    ours = parse_event(event.text, "g.trf")
    assert isinstance(ours, TeamEvent) and kind_of(ours) is EventKind.TEAM
    assert describe(ours) == "team Swiss"
    standings = compute_standings(ours)  # the declared (here: default) list
    ranks = {r.participant.start_no: r.rank for r in standings.rows}
    lines = event.text.split("\n")
    for k, line in enumerate(lines):  # 310: the declared rank in columns 69–71
        if line.startswith("310"):
            assert int(line[68:71]) == int(line[4:7])  # as generated: the start number
            lines[k] = line[:68] + f"{ranks[int(line[4:7])]:3d}" + line[71:]
    path = tmp_path / "team.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    report = check_file(path)
    assert report.kind == "team Swiss" and report.verdict is Verdict.AGREES, report.why
    assert report.participants == len(ours.teams)
    first = next(no for no, rank in ranks.items() if rank == 1)
    last = next(no for no, rank in ranks.items() if rank == max(ranks.values()))
    lines = [ln[:68] + f"{ranks[last] if int(ln[4:7]) == first else 1:3d}" + ln[71:]
             if ln.startswith("310") and int(ln[4:7]) in (first, last) else ln
             for ln in lines]
    path.write_text("\n".join(lines), encoding="utf-8")
    assert check_file(path).verdict is Verdict.DIFFERS


def test_a_team_crosstable_csv_is_a_team_event() -> None:
    text = "Boards,2\nNo,Team,R1\n1,A,2w1½\n2,B,1b½\n"
    event = parse_event(text, "t.csv", csv=True)
    assert kind_of(event) is EventKind.TEAM


def test_commands_refuse_an_event_of_another_kind(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compute", str(EXAMPLES / "knockout_cup.trf")]) == 2
    err = capsys.readouterr().err
    assert "knockout" in err and "xl-tiebreak knockout" in err and "Traceback" not in err
    team = tmp_path / "team.trf"
    team.write_text(team_generator.generate(2, round_robin=False).text, encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["export", str(team), "-o", str(out)]) == 2
    assert "a team event" in capsys.readouterr().err and not out.exists()


def test_text_that_is_neither_is_refused_with_its_place() -> None:
    with pytest.raises(InputError):
        parse_event(b"\x00\x01", "x.trf")
