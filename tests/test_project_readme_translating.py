"""README's "Translating" section: the commands it gives a translator work (the extractor
writes a ``.pot`` holding the texts the program writes, which, filled in, translates them),
its table of ``convention`` entries is what the Portuguese catalogue holds, and it names how
the language is chosen and the completeness test; README.pt-BR.md has its short version."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.i18n import language
from xl_tiebreak.i18n.catalogue import Catalogue, parse_po
from xl_tiebreak.i18n.language import using_catalogue
from xl_tiebreak.report.table import standings_table
from xl_tiebreak.standings.final import compute_standings

ROOT = Path(__file__).resolve().parent.parent


def section(path: Path, title: str) -> str:
    """The text of the ``##`` section ``title`` of a Markdown file."""
    text = path.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert match is not None, f"{path.name} has no section {title!r}"
    return match.group(1)


TRANSLATING = section(ROOT / "README.md", "Translating")


def shell_lines(text: str) -> list[str]:
    """The lines of the section's ``sh`` blocks."""
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_the_section_gives_the_commands_in_order() -> None:
    lines = shell_lines(TRANSLATING)
    assert lines[0] == "python -m xl_tiebreak.i18n.extract > xl_tiebreak.pot"
    assert lines[1].startswith("cp xl_tiebreak.pot xl_tiebreak/i18n/")
    assert lines[1].endswith(".po")
    assert lines[2] == "python -m pytest -q tests/test_i18n_completeness.py"
    assert (ROOT / "tests" / "test_i18n_completeness.py").is_file()


def test_the_extract_command_writes_a_template_a_translator_can_fill(tmp_path: Path) -> None:
    """Run the section's first command as written (in a scratch folder), do what the second
    says to a copy there (never in the package), fill every msgstr with a marker, and the
    filled catalogue translates what the program writes."""
    command = shell_lines(TRANSLATING)[0]
    args, target = command.split(" > ")
    argv = shlex.split(args)
    assert argv[:2] == ["python", "-m"]
    pot = tmp_path / target
    with open(pot, "w", encoding="utf-8") as out:
        subprocess.run([sys.executable, *argv[1:]], stdout=out, check=True, cwd=tmp_path,
                       timeout=120)
    text = pot.read_text(encoding="utf-8")
    assert 'msgid "Legend"' in text and 'msgctxt "convention"' in text
    assert re.search(r'^#: xl_tiebreak/\S+\.py:\d+', text, flags=re.M)
    copy = tmp_path / Path(shell_lines(TRANSLATING)[1].split()[-1]).name
    filled = re.sub(r'^msgid "(.*)"\nmsgstr ""$', r'msgid "\1"\nmsgstr "«\1»"', text,
                    flags=re.M)
    copy.write_text(filled, encoding="utf-8")
    entries = parse_po(copy.read_text(encoding="utf-8"))
    assert entries[("", "Legend")] == "«Legend»"
    assert len(entries) > 1000
    t = parse_trf((ROOT / "examples" / "spring_open.trf").read_text(encoding="utf-8"))
    with using_catalogue(Catalogue("xx", entries)):
        header = standings_table(compute_standings(t))[0]
    assert header and all(str(h).startswith("«") for h in header[:3]), header


def test_the_convention_table_is_what_the_portuguese_catalogue_holds() -> None:
    rows = re.findall(r"^\| `([^`]+)` \| [^|]+ \| `([^`]+)` \|$", TRANSLATING, flags=re.M)
    rows = [row for row in rows if row != ("msgid", "pt_BR.po")]  # the header
    pt = language.catalogue("pt-BR")
    conventions = {msgid for context, msgid in pt if context == "convention"}
    assert {msgid for msgid, _value in rows} == conventions
    for msgid, value in rows:
        assert pt.get(msgid, "convention") == value, msgid


def test_the_section_says_how_the_language_is_chosen() -> None:
    for needed in ("--lang", "LANG=", "`Language`", "`Idioma`", "demo --lang",
                   "templates --lang", "{field}", "#CODE?"):
        assert needed in TRANSLATING, needed


def test_the_portuguese_page_has_its_short_version() -> None:
    text = section(ROOT / "README.pt-BR.md", "Traduzindo")
    assert shell_lines(text)[:2] == shell_lines(TRANSLATING)[:2]
    for needed in ("convention", "Idioma", "--lang", "tests/test_i18n_completeness.py"):
        assert needed in text, needed
