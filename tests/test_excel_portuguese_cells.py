"""No mixed languages in a Portuguese workbook: the Portuguese demo, every Portuguese template
(and the standings it writes), a workbook written from a TRF and the standings written into it
by ``xl-tiebreak standings --lang pt-BR`` hold no English text of the catalogue in any cell of
any sheet (sheet names, defined names, function names, tie-break acronyms and ``R1`` headers
stay English on purpose, decision D-D2, and are not catalogue sentences); and a worksheet
function given a bad argument under ``Idioma = pt-BR`` answers in Portuguese."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl
import pytest

from tests.test_cli_portuguese import english_pieces
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.sheets.writer import write_standings_to
from xl_tiebreak.excel.templates.builder import build_demo
from xl_tiebreak.i18n import using

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "workbook_templates" / "pt-BR"
TRF = ROOT / "examples" / "spring_open.trf"

WORDS = re.compile(r"\b(the|and|with|which|cannot|players|rounds|tied|click|should|"
                   r"must|every|none|when)\b")
"""Words of English sentences that no Portuguese cell text uses (names of the sample events
hold none of them)."""


def cell_texts(path: Path) -> list[tuple[str, str]]:
    """Every text a person reads in the workbook: (sheet!cell, text) of each text cell that is
    not a formula."""
    wb = openpyxl.load_workbook(path, keep_vba=path.suffix == ".xlsm")
    out = []
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if isinstance(value, str) and value.strip() and not value.startswith("="):
                    out.append((f"{ws.title}!{cell.coordinate}", value))
    return out


def english_left(path: Path, own: tuple[str, ...] = ()) -> list[str]:
    """The cells of ``path`` holding an English catalogue text or an English sentence word;
    ``own``: the event's own texts (its name), written as the event gives them in any
    language, left out of the search."""
    found = []
    for where, text in cell_texts(path):
        for kept in own:
            text = text.replace(kept, "")
        pieces = [p for p in english_pieces() if p in text]
        words = sorted(set(WORDS.findall(text)))
        if pieces or words:
            found.append(f"{where}: {text[:90]!r} {pieces[:2]} {words}")
    return found


def test_the_catalogue_pieces_are_enough_to_find_english() -> None:
    """The check would see an English sheet: the English demo is full of catalogue texts."""
    assert len(english_pieces()) > 500
    assert "Place" not in english_pieces()  # one word: too short to tell a sentence


def test_the_english_demo_is_found_english(tmp_path: Path) -> None:
    with using("en"):
        path = build_demo(tmp_path)
    assert len(english_left(path)) > 20


def test_the_portuguese_demo_has_no_english_cell(tmp_path: Path) -> None:
    with using("pt-BR"):
        path = build_demo(tmp_path)
    assert english_left(path) == []


@pytest.mark.parametrize("name", sorted(p.name for p in SHIPPED.glob("*.xlsx")))
def test_each_portuguese_template_and_its_standings_have_no_english_cell(
        tmp_path: Path, name: str) -> None:
    path = Path(shutil.copy(SHIPPED / name, tmp_path / name))
    assert english_left(path) == []
    wb = openpyxl.load_workbook(path)
    result = write_standings_to(OpenpyxlBook(wb))  # the language of its own Idioma row
    assert result.ok, result.problems
    wb.save(path)
    assert english_left(path) == []


def test_a_workbook_from_a_trf_and_its_standings_in_portuguese(tmp_path: Path) -> None:
    book = tmp_path / "evento.xlsx"
    assert main(["--lang", "pt-BR", "workbook", str(TRF), "-o", str(book)]) == 0
    name = "Spring Open 2026"  # the TRF's 012 line: the event's own name, never translated
    assert name in TRF.read_text(encoding="utf-8")
    assert english_left(book, (name,)) == []
    assert main(["--lang", "pt-BR", "standings", str(book)]) == 0
    texts = {t for _w, t in cell_texts(book)}
    assert "Legenda" in texts and name in texts
    assert english_left(book, (name,)) == []


def _sample() -> list[list[object]]:
    from xl_tiebreak.excel.templates.builder import SWISS
    return [[float(c) if isinstance(c, int) else c for c in r] for r in SWISS.rows]


BAD_CALLS = {
    # function, arguments after the token, English words, Portuguese words
    "player": ("BUCHHOLZ", (99.0,), "#PLAYER? start number 99 not in crosstable",
               "#PLAYER? número inicial 99 não está na tabela de resultados"),
    "no player": ("BUCHHOLZ", ("",), "#PLAYER? no player given: use a start number or a name",
                  "#PLAYER? jogador em branco: use o número inicial ou o nome"),
    "type": ("BUCHHOLZ", (1.0, "", "Knockout"),
             "#TYPE? unknown tournament type 'Knockout': use Swiss or Round robin (empty: from "
             "the crosstable)",
             "#TYPE? tipo de torneio desconhecido 'Knockout': use Suíço ou Todos contra todos "
             "(vazio: deduzido da tabela de resultados)"),
    "unrated": ("TIEBREAK", (1.0, "ARO", "", "abc"),
                "#ARG? the rating for unrated players must be a whole number from 0 to 4000, "
                "not 'abc'",
                "#ARG? o valor de rating dos jogadores sem rating deve ser um número inteiro de "
                "0 a 4000, não 'abc'"),
    "tie-break": ("TIEBREAK", (1.0, ""), "#TIEBREAK? no tie-break given (e.g. BH/C1, SB, DE)",
                  "#TIEBREAK? nenhum desempate informado (por exemplo BH/C1, SB, DE)"),
    "error cell": ("BUCHHOLZ", ("#N/A",),
                   "#PLAYER? the player cell shows the Excel error #N/A",
                   "#PLAYER? a célula de jogador mostra o erro do Excel #N/A"),
}


@pytest.mark.parametrize("case", sorted(BAD_CALLS))
def test_a_bad_argument_is_answered_in_the_settings_language(case: str) -> None:
    """The ``#CODE?`` token stays; the words after it follow the Settings' language row (the
    English and Portuguese texts here are written by hand, not taken from the catalogue)."""
    import xl_tiebreak.udfs as udfs

    udfs.clear_cache()
    function, args, english, portuguese = BAD_CALLS[case]
    for label, value, expected in (("Language", "en", english), ("Idioma", "pt-BR", portuguese),
                                   ("Idioma", "Português", portuguese)):
        token = udfs.CROSSTABLE_ID(_sample(), [["Configuração", "Valor"], [label, value]])
        assert getattr(udfs, function)(token, *args) == expected, (label, value)


def test_a_damaged_workbook_is_refused_in_portuguese(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "danificada.xlsx"
    book.write_bytes(b"not a zip archive")
    for language, expected in (
            ("en", "danificada.xlsx is not an Excel workbook (.xlsx/.xlsm), or it is damaged: "
                   "it is not a readable zip archive"),
            ("pt-BR", "danificada.xlsx não é uma pasta de trabalho do Excel (.xlsx/.xlsm), ou "
                      "está danificada: não é um arquivo zip legível")):
        assert main(["--lang", language, "standings", str(book)]) == 2
        err = capsys.readouterr().err
        assert expected in err, err
    assert book.read_bytes() == b"not a zip archive"


def test_formulas_quoted_in_portuguese_notes_use_semicolons() -> None:
    # a Portuguese Excel separates arguments with ';': the notes quote the formulas so, both
    # the individual and the team template's Formula standings notes
    for name in ("suico.xlsx", "suico_equipes.xlsx"):
        note = str(openpyxl.load_workbook(SHIPPED / name)["Formula standings"]["A1"].value)
        quoted = re.findall(r"=[A-Z_]+\([^)]*\)", note)
        assert quoted, (name, note)
        assert all("," not in q for q in quoted), (name, quoted)
        assert any(";" in q for q in quoted), (name, quoted)
