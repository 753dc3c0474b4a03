"""Every text input read whatever its line ends and encoding, on every reader (crosstable,
team crosstable, boards, prizes, bracket): CRLF, LF and CR alone (Excel for Mac), UTF-8 with or
without a byte-order mark, UTF-16 and UTF-32 with theirs, Latin-1 when it decodes. Each form
must give what the plain UTF-8/LF file gives. A NUL is refused naming its line, a field over
131,072 characters naming its line and column; never a traceback."""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.crosstable.team_reader import csv_rows
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.prizes.prize_list import read_prize_csv
from xl_tiebreak.util.text_files import MAX_FIELD_CHARS, decode_text

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PRIZES = ("Prize;Category;Place;Amount;Trophy\n"
          "First;;1;1000;Champion\n"
          ";;2;300,50;\n"
          ";;3;100;Café\n")
BOARDS = "Round,Team,B1,B2\n1,1,1,½\n1,2,0,½\n"


def forms(text: str) -> dict[str, bytes]:
    """The text saved in each form (the Latin-1 form only when it can be)."""
    crlf, cr = text.replace("\n", "\r\n"), text.replace("\n", "\r")
    out = {
        "utf-8 LF": text.encode("utf-8"),
        "utf-8 CRLF": crlf.encode("utf-8"),
        "utf-8 CR": cr.encode("utf-8"),
        "utf-8 BOM CRLF": b"\xef\xbb\xbf" + crlf.encode("utf-8"),
        "utf-16 CRLF": crlf.encode("utf-16"),
        "utf-16-be CR": b"\xfe\xff" + cr.encode("utf-16-be"),
        "utf-32 LF": text.encode("utf-32"),
    }
    with contextlib.suppress(UnicodeEncodeError):
        out["latin-1 CR"] = cr.encode("latin-1")
    with contextlib.suppress(UnicodeEncodeError):  # Excel's "CSV" in Western Windows: ANSI
        out["windows-1252 CRLF"] = crlf.encode("cp1252")
    return out


def output(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def each_form(tmp_path: Path, text: str, name: str, run: Callable[[Path], str]) -> None:
    """``run`` gives the same result for every form of ``text``."""
    results = {}
    for form, data in forms(text).items():
        path = tmp_path / name
        path.write_bytes(data)
        results[form] = run(path)
    plain = results["utf-8 LF"]
    assert plain
    assert {form: r for form, r in results.items() if r != plain} == {}


def test_a_crosstable_in_every_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (EXAMPLES / "spring_open.csv").read_text(encoding="utf-8")

    def run(path: Path) -> str:
        code, out, err = output(capsys, "compute", str(path), "--format", "csv")
        assert code == 0, err
        return out

    each_form(tmp_path, text, "open.csv", run)


def test_a_bracket_in_every_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (EXAMPLES / "knockout_cup.csv").read_text(encoding="utf-8")

    def run(path: Path) -> str:
        code, out, err = output(capsys, "knockout", str(path))
        assert code == 0, err
        return out

    each_form(tmp_path, text, "cup.csv", run)


def test_a_prize_list_in_every_form(tmp_path: Path) -> None:
    def run(path: Path) -> str:
        prizes = read_prize_csv(decode_text(path.read_bytes()), "prizes.csv")
        assert [p.place for p in prizes.prizes] == [1, 2, 3]
        return repr(prizes.prizes)

    each_form(tmp_path, PRIZES, "prizes.csv", run)


@pytest.mark.parametrize("text", [BOARDS, "Team;Name;R1\n1;Alpha;2w3\n2;Beta;1b1\n"])
def test_team_and_board_tables_in_every_form(tmp_path: Path, text: str) -> None:
    """The team-crosstable and boards readers split their text with ``csv_rows``."""
    each_form(tmp_path, text, "t.csv", lambda p: repr(csv_rows(decode_text(p.read_bytes()))))
    assert csv_rows(text.replace("\n", "\r"))[1][0] == "1"


def test_cr_only_csv_is_sniffed_without_a_traceback(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The team-crosstable sniffing that runs on every CSV, and ``--boards``, read CR-only
    text."""
    path = tmp_path / "open.csv"
    text = (EXAMPLES / "spring_open.csv").read_text(encoding="utf-8")
    path.write_bytes(text.replace("\n", "\r").encode("utf-8"))
    boards = tmp_path / "boards.csv"
    boards.write_bytes(BOARDS.replace("\n", "\r").encode("utf-8"))
    assert output(capsys, "compute", str(path))[0] == 0
    code, _, err = output(capsys, "compute", str(path), "--boards", str(boards))
    assert code == 2 and err


def _nul_at_line_3(text: str) -> bytes:
    lines = text.split("\n")
    lines[2] = lines[2][:5] + "\0" + lines[2][5:]
    return "\n".join(lines).encode("utf-8")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_nul_is_refused_naming_its_line_on_every_reader(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str) -> None:
    cases = {
        "open.csv": ((EXAMPLES / "spring_open.csv").read_text(encoding="utf-8"), ["compute"]),
        "cup.csv": ((EXAMPLES / "knockout_cup.csv").read_text(encoding="utf-8"), ["knockout"]),
    }
    for name, (text, command) in cases.items():
        path = tmp_path / name
        data = _nul_at_line_3(text)
        path.write_bytes(data if encoding == "utf-8" else
                         data.decode("utf-8").encode(encoding))
        code, _, err = output(capsys, *command, str(path))
        assert code == 2 and "NUL" in err and "line 3" in err, (name, err)
    for text in (PRIZES, BOARDS):
        raw = _nul_at_line_3(text)
        with pytest.raises(InputError, match="line 3"):
            try:
                decoded = decode_text(raw if encoding == "utf-8"
                                      else raw.decode("utf-8").encode(encoding))
            except ValueError as exc:  # the command line turns it into an InputError
                raise InputError(str(exc), getattr(exc, "where", "")) from None
            csv_rows(decoded)


def test_a_field_over_the_limit_is_named_by_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = "x" * (MAX_FIELD_CHARS + 1)
    rows = list(csv.reader(io.StringIO((EXAMPLES / "spring_open.csv").read_text("utf-8"))))
    rows[4][3] = long  # the Rating of the fourth player
    path = tmp_path / "open.csv"
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    code, _, err = output(capsys, "compute", str(path))
    assert code == 2 and "open.csv, line 5, column 4" in err and "131,072" in err, err[:500]
    bracket = tmp_path / "cup.csv"
    bracket.write_text(f"Round,Match,Player A,Player B,Games\n1,1,{long},B,1-0\n",
                       encoding="utf-8")
    code, _, err = output(capsys, "knockout", str(bracket))
    assert code == 2 and "line 2, column 3" in err, err[:500]
    for reader in (lambda t: read_prize_csv(t, "p.csv"), csv_rows):
        with pytest.raises(InputError, match="line 2, column 1"):
            reader(f"{long};x\n1;2\n".replace(f"{long};x\n1;2", f"Prize;Place\n{long};1"))


def test_a_brazilian_excel_csv_in_windows_1252(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Excel in Portuguese saves "CSV" as Windows-1252 with ``;`` and decimal commas: a name
    with ’ and – (0x92, 0x96, C1 control codes in Latin-1) is read as typed, the same standings
    as the UTF-8 file, and the note says which encoding was used."""
    text = (EXAMPLES / "spring_open.csv").read_text(encoding="utf-8").replace(
        "Halloran, Declan", "D’Ávila, João – Jr")
    assert "D’Ávila" in text
    ansi, utf8 = tmp_path / "ansi.csv", tmp_path / "utf8.csv"
    ansi.write_bytes(text.replace("\n", "\r\n").encode("cp1252"))
    utf8.write_text(text, encoding="utf-8")
    code, from_ansi, err = output(capsys, "compute", str(ansi), "--format", "csv")
    assert code == 0, err
    assert "read as Windows-1252" in err and "control character" not in err
    code, from_utf8, _ = output(capsys, "compute", str(utf8), "--format", "csv")
    assert code == 0 and from_ansi == from_utf8 and "D’Ávila, João – Jr" in from_ansi
