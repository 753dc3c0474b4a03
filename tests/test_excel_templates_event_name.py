"""An event's own name is written into its workbook exactly as the event gives it, in every
language: only the shipped samples' names are catalogue texts (a TRF whose 012 line says
``Spring Open 2026`` or ``Tournament`` is not renamed "Aberto de Outono 2026" or "Torneio")."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.i18n import using
from xl_tiebreak.i18n.language import translate

ROOT = Path(__file__).resolve().parents[1]


def _settings_name(path: Path) -> object:
    ws = openpyxl.load_workbook(path)["Settings"]
    return ws["B2"].value


@pytest.mark.parametrize("name", ["Spring Open 2026", "Tournament", "Torneio Aberto de Natal"])
def test_the_event_name_is_kept_in_portuguese(name: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    lines = (ROOT / "examples" / "spring_open.trf").read_text(encoding="utf-8").splitlines()
    lines = [f"012 {name}" if line.startswith("012 ") else line for line in lines]
    trf = tmp_path / "event.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with using("pt-BR"):  # what would have renamed it: the catalogue has these texts
        assert name == "Torneio Aberto de Natal" or translate(name) != name
    book = tmp_path / "evento.xlsx"
    assert main(["--lang", "pt-BR", "workbook", str(trf), "-o", str(book)]) == 0
    assert _settings_name(book) == name
    assert openpyxl.load_workbook(book).properties.title == name
    assert main(["--lang", "pt-BR", "standings", str(book)]) == 0
    capsys.readouterr()
    standings = openpyxl.load_workbook(book)["Standings"]
    assert any(c.value == name or (isinstance(c.value, str) and c.value.startswith(name))
               for row in standings.iter_rows(max_row=3) for c in row)


def test_the_shipped_sample_name_is_translated(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "pt-BR", "templates", str(tmp_path)]) == 0
    capsys.readouterr()
    with using("pt-BR"):
        expected = translate("Spring Open 2026")
    assert expected != "Spring Open 2026"
    assert _settings_name(tmp_path / "suico.xlsx") == expected
