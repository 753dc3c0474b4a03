"""Every command and output format in Portuguese (``--lang pt-BR`` and ``LANG=pt_BR.UTF-8``):
no English text of the catalogue is left in what the command writes, and the common English
words do not appear; English stays the default. A Portuguese CSV opens in a spreadsheet with
``;`` and decimal commas giving the same numbers as the English one."""

from __future__ import annotations

import csv
import functools
import io
import json
import re
import string
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from marked import package_marked_texts

from xl_tiebreak.cli.main import main
from xl_tiebreak.i18n import language

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TRF = str(EXAMPLES / "spring_open.trf")
PRIZES = str(EXAMPLES / "spring_open_prizes.csv")
KNOCKOUT = str(EXAMPLES / "knockout_cup.csv")

_FIELD = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sr]|%[sr]")


def _pieces(text: str) -> list[str]:
    """The literal pieces of a catalogue text between its fields."""
    return [p.strip(" :;,.()'\n") for p in _FIELD.split(text)]


@functools.cache
def english_pieces() -> tuple[str, ...]:
    """The pieces of every marked English text that a Portuguese output must not contain:
    three words or more, not also in a Portuguese translation (``Swiss-Manager``, ``BH/C1``
    are the same in both languages). Computed when a test first asks, not at collection."""
    pt = language.catalogue("pt-BR")
    translations = " \n ".join(v for k in pt if (v := pt.get(k[1], k[0])))
    found, _not_literal = package_marked_texts()
    out = set()
    for text in found:
        for piece in _pieces(text.msgid):
            if len(piece.split()) >= 3 and piece not in translations:
                out.add(piece)
    return tuple(sorted(out))


ENGLISH_WORDS = re.compile(r"\b(the|and|with|of|is|not|was|were|from|this|which|when|"
                           r"cannot|points|players?|round|rounds|tied)\b")
"""Words of English sentences that Portuguese does not use (a name or a file name could hold
one: the outputs tested here have none)."""


def _without_data(text: str) -> str:
    """An output without what comes from the input or the file system: the example's names,
    paths, the TRF's own text and HTML markup."""
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"(?:/|\w:\\)[^\s:;,'\"]+", " ", text)  # paths
    text = re.sub(r"(?:--|preset:)[a-z][a-z-]*", " ", text)  # options and preset names
    for data in ("Spring Open 2026", "Spring Open cup", "Best woman", "Irish", "Kilbrack",
                 "knockout_cup.csv"):
        text = text.replace(data, " ")
    return text


def _check_portuguese(text: str, words: bool = True) -> None:
    """No marked English text in ``text``; with ``words``, no English word either (without:
    for outputs holding texts of the readers and of the spreadsheet layer, which their own
    tests check)."""
    left = [p for p in english_pieces() if p in _without_data(text)]
    assert left == [], f"English catalogue texts in a Portuguese output: {left[:10]}"
    if words:
        found = sorted(set(ENGLISH_WORDS.findall(_without_data(text))))
        assert found == [], f"English words in a Portuguese output: {found}"


Runner = Callable[[list[str]], tuple[int, str]]


@pytest.fixture(params=["--lang", "LANG"])
def run_pt(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> Runner:
    """Run a command in Portuguese, by ``--lang pt-BR`` or by the locale; its exit status and
    everything it wrote (standard output and standard error)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    by_option = request.param == "--lang"
    monkeypatch.setenv("LANG", "en_US.UTF-8" if by_option else "pt_BR.UTF-8")

    def run(args: list[str]) -> tuple[int, str]:
        try:
            code = main([*args, "--lang", "pt-BR"] if by_option else args)
        except SystemExit as exc:  # argparse's errors and help
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out + err if "json" not in args else out

    return run


COMPUTE = [
    ["compute", TRF],
    ["compute", TRF, "--format", "csv"],
    ["compute", TRF, "--format", "json"],
    ["compute", TRF, "--format", "html"],
    ["compute", TRF, "--explain", "3", "--explain", "16"],
    ["compute", TRF, "--tiebreaks", "BU1,BUT,Sonneborn-Berger,Confronto Direto,VIT"],
    ["compute", TRF, "--prizes", PRIZES],
    ["compute", TRF, "--compare", "BH/C1,BH,SB", "SB,BH"],
    ["compute", TRF, "--why", "2,7"],
    ["compute", TRF, "--progression"],
    ["compute", TRF, "--after-round", "4"],
    ["knockout", KNOCKOUT],
    ["check", TRF],
    ["presets"],
    ["compute", "--help"],
]


def _json_values(data: object) -> list[str]:
    """Every string value of a JSON document (its keys stay English: machine-readable)."""
    if isinstance(data, dict):
        return [v for x in data.values() for v in _json_values(x)]
    if isinstance(data, list):
        return [v for x in data for v in _json_values(x)]
    return [data] if isinstance(data, str) else []


@pytest.mark.parametrize("args", COMPUTE, ids=lambda a: " ".join(a[:1] + a[2:])[:40])
def test_every_output_is_portuguese(run_pt: Runner, args: list[str]) -> None:
    code, text = run_pt(args)
    assert code == 0, text
    if "json" in args:
        text = "\n".join(_json_values(json.loads(text)))
    _check_portuguese(text)


def test_the_text_table_in_portuguese(run_pt: Runner) -> None:
    code, text = run_pt(["compute", TRF])
    assert code == 0
    assert "Desempates: BH/C1 = Buchholz Corte-1 (Art. 8.1)" in text
    assert "DE = Confronto Direto (Art. 6)" in text
    assert "10/04/2026 a 12/04/2026" in text  # dd/mm/aaaa
    assert re.search(r"^\s+1º\s+4\s", text, flags=re.M)  # places 1º, 2º…
    assert "17,75" in text and "17.75" not in text  # decimal comma


def test_a_damaged_input_is_refused_in_portuguese(run_pt: Runner, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.trf"
    lines = Path(TRF).read_text(encoding="utf-8").splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[at] = lines[at][:91] + "  99" + lines[at][95:]  # round 1: an opponent 99
    damaged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, text = run_pt(["compute", str(damaged)])
    assert code == 2 and "Traceback" not in text
    assert text.startswith("xl-tiebreak: não foi possível calcular:\n")
    assert "tem um adversário desconhecido, nº 99, na rodada 1" in text  # the event's check
    # the place of the problem (a TRF line and column) is written by the reader
    _check_portuguese(text, words=False)


@pytest.mark.parametrize("args", [
    ["compute", TRF, "--tiebreaks", "Buchholz Corte"],
    ["compute", TRF, "--tiebreaks", "XYZ"],
    ["compute", TRF, "--explain", "999"],
    ["compute", TRF, "--format", "xml"],
    ["compute", TRF, "--why", "3,3"],
    ["compute"],
    ["compute", TRF, "-o", "NOFOLDER/out.txt"],
    ["knockout", "MISSING.csv"],
], ids=lambda a: " ".join(a[1:])[:30])
def test_errors_are_portuguese(run_pt: Runner, tmp_path: Path, args: list[str]) -> None:
    args = [str(tmp_path / a) if a.startswith(("MISSING", "NOFOLDER")) else a for a in args]
    code, text = run_pt(args)
    assert code == 2, text
    assert "Traceback" not in text
    assert re.search(r"erro|não|desconhecid|esperava|inexistente|nenhum|pode significar", text)
    _check_portuguese(text)


def test_workbook_commands_speak_portuguese(run_pt: Runner, tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    book = tmp_path / "open.xlsx"
    code, text = run_pt(["workbook", TRF, "-o", str(book)])
    assert code == 0 and book.is_file(), text
    _check_portuguese(text.replace(str(book), ""))
    code, text = run_pt(["workbook", TRF, "-o", str(book)])  # exists: refused, in Portuguese
    assert code == 2 and "o arquivo já existe" in text
    code, text = run_pt(["standings", str(book), "--csv", str(tmp_path / "s.csv")])
    assert code == 0, text
    # the line saying what was written is the spreadsheet layer's
    _check_portuguese(text.replace(str(tmp_path), ""), words=False)


def test_english_stays_the_default(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert main(["compute", TRF]) == 0
    out = capsys.readouterr().out
    assert "Tie-breaks: BH/C1 = Buchholz Cut-1 (Art. 8.1)" in out
    assert "Desempates" not in out and "º" not in out
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert main(["compute", TRF, "--lang", "en"]) == 0  # --lang wins over the locale
    assert "Tie-breaks:" in capsys.readouterr().out


def test_an_unknown_lang_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["compute", TRF, "--lang", "de"])
    assert caught.value.code == 2
    assert "'de': expected one of en, pt-BR" in capsys.readouterr().err


def _numbers(rows: list[list[str]], decimal: str) -> list[list[Fraction | str]]:
    """The CSV's cells as exact numbers where they are numbers (``24,5`` with a decimal
    comma), else as text."""
    pattern = re.compile(r"^-?\d+(?:" + re.escape(decimal) + r"\d+)?$")
    return [[Fraction(c.replace(decimal, ".")) if pattern.match(c) else c for c in row]
            for row in rows]


def test_portuguese_csv_gives_the_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compute", TRF, "--format", "csv"]) == 0
    english = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert main(["compute", TRF, "--format", "csv", "--lang", "pt-BR"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("Colocação;Nº;Nome;Pts;")
    portuguese = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert len(portuguese) == len(english) and all(len(r) == len(english[0]) for r in portuguese)
    en, pt = _numbers(english[1:], "."), _numbers(portuguese[1:], ",")
    for row_en, row_pt in zip(en, pt, strict=True):
        # every number equal; the last column (Decided by) is text in each language
        assert [c for c in row_en[:-1] if isinstance(c, Fraction)] == [
            c for c in row_pt[:-1] if isinstance(c, Fraction)]
    assert any(isinstance(c, Fraction) and c.denominator != 1 for r in pt for c in r)


def test_portuguese_csv_in_libreoffice(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """LibreOffice's pt-BR import (``;``, decimal comma) reads the numbers the English file
    holds: a sum over the BH column computed by LibreOffice equals the exact sum."""
    import shutil
    import subprocess

    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice not installed")
    assert main(["compute", TRF, "--format", "csv", "--lang", "pt-BR"]) == 0
    path = tmp_path / "pt.csv"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    # import with ; and the pt-BR locale, converted to an English CSV by LibreOffice
    filter_options = "59,34,76,1,,1046"  # separator ';', quote '"', UTF-8, line 1, pt-BR
    done = subprocess.run(
        ["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/lo",
         "--infilter=CSV:" + filter_options, "--convert-to", "ods", "--outdir",
         str(tmp_path), str(path)], capture_output=True, timeout=180, check=False)
    ods = tmp_path / "pt.ods"
    if not ods.is_file():
        pytest.skip(f"LibreOffice did not convert: {done.stderr[-300:]!r}")
    done = subprocess.run(
        ["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/lo",
         "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,1033", "--outdir",
         str(tmp_path / "out"), str(ods)], capture_output=True, timeout=180, check=False)
    back = tmp_path / "out" / "pt.csv"
    if not back.is_file():
        pytest.skip(f"LibreOffice did not convert back: {done.stderr[-300:]!r}")
    english_rows = list(csv.reader(io.StringIO(back.read_text(encoding="utf-8"))))
    assert main(["compute", TRF, "--format", "csv"]) == 0
    expected = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    column = expected[0].index("BH")
    numbers = [Fraction(r[column]) for r in english_rows[1:]]  # LibreOffice read numbers
    assert numbers == [Fraction(r[column]) for r in expected[1:]]
    assert sum(numbers) == sum(Fraction(r[column]) for r in expected[1:])


def test_catalogue_fields_are_python_format_fields() -> None:
    # argparse's texts keep their %-fields, the others their {name} fields
    pt = language.catalogue("pt-BR")
    for context, msgid in pt:
        translated = pt.get(msgid, context) or ""
        assert re.findall(r"%\(\w+\)[sr]|%[sr]", msgid) == re.findall(
            r"%\(\w+\)[sr]|%[sr]", translated), msgid
        names = {f for _l, f, _s, _c in string.Formatter().parse(msgid) if f}
        assert names == {f for _l, f, _s, _c in string.Formatter().parse(translated) if f}


def test_json_keys_stay_english(run_pt: Runner) -> None:
    code, text = run_pt(["compute", TRF, "--format", "json"])
    data = json.loads(text)
    assert {"tournament", "rules", "rows", "warnings", "tiebreaks"} <= set(data)
    assert data["tiebreaks"][0]["name"] == "Buchholz Corte-1"
    assert data["rows"][0]["values"]["BH/C1"] == "24.5"  # JSON numbers stay plain decimals
