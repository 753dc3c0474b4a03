"""README.pt-BR.md, the organizer's page in Brazilian Portuguese: linked at the top of
README.md, its ``xl-tiebreak`` commands run and exit 0 (as tests/test_project_readme.py does for
README.md), its links name files of the repository, it covers the organizer's part (install on
Windows and macOS/Linux, the template, typing a crosstable, the button, the functions with
``;`` between arguments, TRF, troubleshooting), and every cell form its table shows is read as
it says."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from xl_tiebreak.formats.crosstable.round_cells import parse_round_token
from xl_tiebreak.model.tournament import Color, Kind

ROOT = Path(__file__).resolve().parents[1]
README_PT = ROOT / "README.pt-BR.md"
TEXT = README_PT.read_text(encoding="utf-8")


def portuguese_commands() -> list[str]:
    """The ``xl-tiebreak …`` command lines of the page's ``sh`` blocks, in order."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", TEXT, flags=re.S):
        for line in block.splitlines():
            for part in line.split("#", 1)[0].split("&&"):
                part = part.strip()
                if part.startswith("xl-tiebreak "):
                    commands.append(part)
    return commands


def section(title: str) -> str:
    """The text of the ``##`` section whose heading starts with ``title``."""
    found = re.search(rf"^## {re.escape(title)}.*?\n(.*?)(?=^## |\Z)", TEXT, flags=re.M | re.S)
    assert found, title
    return found.group(1)


def test_readme_links_the_portuguese_page_at_the_top() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_section = readme.split("\n## ", 1)[0]
    assert "](README.pt-BR.md)" in first_section


def test_the_page_shows_the_commands_of_the_quick_start_and_of_trf() -> None:
    commands = [c.replace("--lang pt-BR ", "") for c in portuguese_commands()]
    for start in ("xl-tiebreak demo", "xl-tiebreak standings", "xl-tiebreak workbook",
                  "xl-tiebreak compute examples/", "xl-tiebreak export"):
        assert any(c.startswith(start) for c in commands), start


def test_every_command_of_the_page_exits_0(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for command in portuguese_commands():
        args = shlex.split(command)[1:]
        done = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{command}: {done.stderr}"
        assert "Traceback" not in done.stderr, command


def test_the_files_it_names_are_the_ones_the_portuguese_commands_write() -> None:
    """The demo and the templates are written in Portuguese (``--lang pt-BR``), so their files
    are demo_desempates.xlsm and suico.xlsm/suico.py, as the page says (the commands run in
    order above: the standings of saida/demo_desempates.xlsm exits 0 only if the demo wrote
    it)."""
    commands = portuguese_commands()
    assert "xl-tiebreak --lang pt-BR demo saida" in commands
    assert "xl-tiebreak standings saida/demo_desempates.xlsm" in commands
    assert "tiebreak_demo" not in TEXT and "swiss.xlsm" not in TEXT and "swiss.py" not in TEXT
    assert "suico.xlsm" in TEXT and "suico.py" in TEXT
    assert (ROOT / "xl_tiebreak" / "i18n" / "pt_BR.po").is_file()
    assert "xl_tiebreak/i18n/pt_BR.po" in TEXT


@pytest.mark.parametrize("link", sorted(set(re.findall(r"\]\(((?!https?:)[^)#]+)", TEXT))))
def test_links_to_files_of_the_repository_exist(link: str) -> None:
    assert (ROOT / link).exists(), link


def test_links_to_sections_of_the_page_exist() -> None:
    """``#anchor`` links name a heading of the page (GitHub's anchors: lower case, spaces as
    ``-``, punctuation dropped, accents kept)."""
    anchors = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
               for h in re.findall(r"^#+ (.*)$", TEXT, flags=re.M)}
    for anchor in re.findall(r"\]\(#([^)]+)\)", TEXT):
        assert anchor in anchors, anchor


def test_install_on_windows_and_posix_in_the_right_order() -> None:
    quick = section("Início rápido")
    windows = re.search(r"```powershell\n(.*?)```", quick, flags=re.S)
    posix = re.search(r"```sh\n(.*?)```", quick, flags=re.S)
    assert windows and posix
    for block, activate in ((windows.group(1), r".venv\Scripts\Activate.ps1"),
                            (posix.group(1), ". .venv/bin/activate")):
        assert block.index(activate) < block.index('pip install ".[excel]"') < block.index(
            "xlwings addin install")
    assert "write_standings" in quick and "Run main" in quick and "Idioma" in quick


def test_functions_are_written_with_semicolons_as_brazilian_excel_separates_arguments() -> None:
    functions = section("Funções de planilha")
    calls = re.findall(r"^=([A-Z_0-9]+)\((.*)\)$", functions, flags=re.M)
    assert len(calls) >= 5
    for name, arguments in calls:
        outside_quotes = re.sub(r'"[^"]*"', "", arguments)
        assert "," not in outside_quotes, name
    assert any(";" in arguments for _name, arguments in calls)


def test_troubleshooting_names_the_traps_and_their_fixes() -> None:
    trouble = " ".join(section("Solução de problemas").replace("**", "").split())
    for issue in (1036, 1166, 1260, 1502):
        assert f"https://github.com/xlwings/xlwings/issues/{issue}" in trouble
    assert "xlwings config create --force" in trouble
    assert "Desbloquear" in trouble and "Marca da Web" in trouble
    assert "Confiar no acesso ao modelo de objeto do projeto do VBA" in trouble


_MEANINGS = {
    "vitória": Kind.WIN, "empate": Kind.DRAW, "derrota": Kind.LOSS,
    "vitória por W.O.": Kind.FORFEIT_WIN, "derrota por W.O.": Kind.FORFEIT_LOSS,
    "folga": Kind.PAB, "bye de 1 ponto": Kind.FPB, "bye de meio ponto": Kind.HPB,
    "ausência": Kind.ZPB,
}


def _table_rows() -> list[tuple[list[str], str]]:
    table = section("Digitando uma tabela de resultados")
    rows = []
    for line in table.splitlines():
        cells = line.split("|")
        if len(cells) == 4 and "`" in cells[1]:
            rows.append((re.findall(r"`([^`]+)`", cells[1]), cells[2].strip()))
    return rows


def test_every_cell_form_of_the_table_reads_as_its_meaning() -> None:
    rows = _table_rows()
    assert len(rows) >= 10
    checked = 0
    for forms, meaning in rows:
        # the longest name of a meaning found at the start of the explanation
        names = sorted((n for n in _MEANINGS if meaning.startswith(n)), key=len, reverse=True)
        if not names:
            continue
        kind = _MEANINGS[names[0]]
        colour = (Color.WHITE if "brancas" in meaning else
                  Color.BLACK if "negras" in meaning else None)
        for form in forms:
            if form.startswith(("+W", "=B", "-W")):
                continue  # the sign-first row: three results in one row
            record = parse_round_token(form)
            assert record is not None, form
            assert record.kind is kind, (form, meaning)
            if record.opponent is not None:
                assert record.opponent == 12, form
                assert record.color is colour, (form, meaning)
            checked += 1
    assert checked >= 25
