"""The Portuguese templates and demo: shipped in ``workbook_templates/pt-BR/`` as a fresh
build makes them, with Portuguese file names, labels and values, and read back to the same
standings as the English ones (the same sample events: only the words differ), written in
Portuguese because their Settings ``Idioma`` row says ``pt-BR``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from sampling import fast_sample

from tests.test_excel_templates_builder import same_xlwings, structure
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.sheets.writer import WriteResult, write_standings_to
from xl_tiebreak.excel.templates.builder import (
    ROUND_ROBIN,
    SWISS,
    build_demo,
    build_knockout_workbook,
    build_templates,
    build_workbook,
    template_files,
)
from xl_tiebreak.excel.templates.team import build_team_workbook
from xl_tiebreak.i18n import using

SHIPPED = Path(__file__).resolve().parents[1] / "workbook_templates" / "pt-BR"
PORTUGUESE_FILES = {"suico.xlsm", "suico.xlsx", "suico.py", "todos_contra_todos.xlsm",
                    "todos_contra_todos.xlsx", "todos_contra_todos.py", "mata_mata.xlsm",
                    "mata_mata.xlsx", "mata_mata.py", "suico_equipes.xlsm", "suico_equipes.xlsx",
                    "suico_equipes.py"}


def test_the_portuguese_file_names() -> None:
    with using("pt-BR"):
        assert set(template_files()) == PORTUGUESE_FILES


def test_shipped_portuguese_templates_match_a_fresh_build(tmp_path: Path) -> None:
    same_xlwings()
    with using("pt-BR"):
        written = build_templates(tmp_path)
    assert {p.name for p in written} == PORTUGUESE_FILES
    for name in sorted(PORTUGUESE_FILES):
        shipped, fresh = SHIPPED / name, tmp_path / name
        assert shipped.is_file(), (f"{name} missing: run build_shipped_templates("
                                   "'workbook_templates', force=True)")
        if name.endswith(".py"):
            assert shipped.read_text(encoding="utf-8") == fresh.read_text(encoding="utf-8")
        else:
            assert structure(shipped) == structure(fresh), (
                f"{name} is stale: run build_shipped_templates('workbook_templates', "
                "force=True)")


def _settings(wb: Any) -> dict[str, object]:
    ws = wb["Settings"]
    return {str(r[0]): r[1] for r in ws.iter_rows(min_row=2, max_col=2, values_only=True)
            if r[0] is not None}


def _standings(result: WriteResult) -> list[tuple[object, ...]]:
    if result.knockout is not None:
        return [(r.first, r.last, r.player, r.points) for r in result.knockout]
    assert result.standings is not None
    return [(r.rank, r.participant.start_no, r.points, r.values) for r in result.standings.rows]


def _written(build: Any, language: str) -> tuple[Any, WriteResult]:
    with using(language):
        wb = build()
    result = write_standings_to(OpenpyxlBook(wb))  # the language of the workbook's own row
    assert result.ok, result.problems
    return wb, result


BUILDS = {
    "swiss": lambda: build_workbook(SWISS, vba=False),
    "round_robin": lambda: build_workbook(ROUND_ROBIN, vba=False),
    "team": lambda: build_team_workbook(vba=False),
    "knockout": lambda: build_knockout_workbook(vba=False),
}


@pytest.mark.parametrize("kind", sorted(BUILDS))
def test_a_portuguese_workbook_gives_the_english_one_s_standings(kind: str) -> None:
    english, en = _written(BUILDS[kind], "en")
    portuguese, pt = _written(BUILDS[kind], "pt-BR")
    assert _standings(pt) == _standings(en)
    settings = _settings(portuguese)
    assert settings["Idioma"] == "pt-BR" and "Language" not in settings
    assert "Nome do torneio" in settings and "Tournament name" in _settings(english)
    if kind != "knockout":
        assert settings["Regras"] == "Automático"
        assert settings["Tipo de torneio"] == ("Todos contra todos" if kind == "round_robin"
                                               else "Suíço")
        assert settings["Rodadas em branco"] == "Ausente"
    sheet = [v for row in portuguese["Standings"].iter_rows(values_only=True) for v in row
             if isinstance(v, str)]
    english_sheet = [v for row in english["Standings"].iter_rows(values_only=True) for v in row
                     if isinstance(v, str)]
    assert "Legenda" in sheet and "Legend" not in sheet
    assert "Legend" in english_sheet and "Legenda" not in english_sheet


def test_the_portuguese_demo(tmp_path: Path) -> None:
    with using("pt-BR"):
        path = build_demo(tmp_path)
    assert path.name == "demo_desempates.xlsm"
    assert (tmp_path / "demo_desempates.py").is_file()
    wb = openpyxl.load_workbook(path, keep_vba=True)
    texts = [v for row in wb["Standings"].iter_rows(values_only=True) for v in row
             if isinstance(v, str)]
    assert "Legenda" in texts
    assert any(t.startswith("Regras de desempate: ") for t in texts)
    # the shared 3rd place (#3 and #6, the Swiss sample's docstring) shown 3º–4º
    fmt = {c.number_format for c in wb["Standings"]["A"] if c.value == 3}
    assert fmt == {'0"º–4º"'}
    english = openpyxl.load_workbook(build_demo(tmp_path / "en"), keep_vba=True)
    assert {c.number_format for c in english["Standings"]["A"] if c.value == 3} == {
        '0"–4"'}


@pytest.mark.parametrize("seed", fast_sample([930, 934, 931, 932, 933, 935], 2))  # 934: unrated
def test_generated_events_written_in_portuguese_read_back_as_in_english(tmp_path: Path,
                                                                        seed: int) -> None:
    """``xl-tiebreak workbook`` in either language: the same event, the same standings and
    facts read back (Portuguese Settings labels and values, Event sheet labels and rate)."""
    import generator

    from xl_tiebreak.excel.headless import read_workbook_tournament
    from xl_tiebreak.excel.templates.from_event import write_event_workbook
    from xl_tiebreak.formats.trf.reader import parse_trf
    from xl_tiebreak.report.trf import export_trf
    from xl_tiebreak.standings.final import compute_standings

    t = parse_trf(export_trf(compute_standings(generator.generate(seed), "BH/C1,BH,SB,WIN,DE"),
                             "trf26"))
    t.city, t.chief_arbiter, t.rate = "Porto Alegre", "Ana Souza", "blitz"
    tables = []
    for language, name in (("en", "Tournament type"), ("pt-BR", "Tipo de torneio")):
        with using(language):
            path = write_event_workbook(t, tmp_path / f"{language}.xlsx")
        wb = openpyxl.load_workbook(path)
        assert name in _settings(wb)
        facts = {str(a): b for a, b in wb["Event"].iter_rows(max_col=2, values_only=True)}
        assert facts.get("Cidade" if language == "pt-BR" else "City") == "Porto Alegre"
        assert facts.get("Modalidade" if language == "pt-BR" else "Rate") == (
            "relâmpago" if language == "pt-BR" else "blitz")
        back, settings = read_workbook_tournament(path)
        s = compute_standings(back, None, settings.rules, settings.after_round,
                              settings.unrated_rating)
        tables.append(([(r.rank, r.participant.start_no, r.points, r.values) for r in s.rows],
                       (back.city, back.chief_arbiter, back.rate), settings.language))
    (en_rows, en_facts, en_language), (pt_rows, pt_facts, pt_language) = tables
    assert pt_rows == en_rows and pt_facts == en_facts == ("Porto Alegre", "Ana Souza", "blitz")
    assert (en_language, pt_language) == (None, "pt-BR")


def test_the_standings_command_writes_a_portuguese_workbook_in_portuguese(
        tmp_path: Path) -> None:
    """``xl-tiebreak standings`` follows the workbook's Idioma row, whatever the command's
    language; a workbook without the row gets English sheets."""
    import shutil

    from xl_tiebreak.cli.main import main

    portuguese = shutil.copy(SHIPPED / "suico.xlsx", tmp_path / "suico.xlsx")
    english = shutil.copy(SHIPPED.parent / "swiss.xlsx", tmp_path / "swiss.xlsx")
    with using("en"):
        assert main(["standings", str(portuguese)]) == 0
    with using("pt-BR"):
        assert main(["standings", str(english)]) == 0
    for path, legend in ((portuguese, "Legenda"), (english, "Legend")):
        wb = openpyxl.load_workbook(path)
        texts = {v for row in wb["Standings"].iter_rows(values_only=True) for v in row}
        assert legend in texts and ({"Legenda", "Legend"} - {legend}).isdisjoint(texts)
