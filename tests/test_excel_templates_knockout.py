"""The knockout template (docs/engineering.md D67): ``workbook_templates/knockout.xlsx``
and ``.xlsm`` (How to, Bracket, Settings, Standings, xlwings.conf) and ``knockout.py``, built by
``build_templates``; ``xl-tiebreak standings KO.xlsx`` (the macro's writer) ranks the bracket
by the stage reached.

The sample bracket, derived by hand (16 players, 4 rounds; "A 1 ½" = Player A's games):

- R1: Ana–Bo 1-0 ½-½ → Ana; Cai–Dan 1 0 = 1–1, play-off 1-0 ½-½ → Cai; Eve–Fay walkover →
  Eve; Gus–Hal ½ ½, play-off 1-0 0-1 level, Armageddon drawn with Gus White → Hal (Black);
  Ida–Jon 0 ½ → Jon; Kim–Lea 1 1 → Kim; Max–Ned ½ 1 → Max; Oli–Pia 0-1 0-1 → Pia.
- R2: Ana–Cai 1 ½ → Ana; Eve–Hal 0 ½ → Hal; Jon–Kim 1 1 → Jon; Max–Pia ½ ½, play-off 0-1 0-1
  → Pia.
- Semi-finals: Ana–Hal → Ana; Jon–Pia 0 ½ → Pia. Final Ana–Pia ½ ½, play-off 1-0 1-0 → Ana.

Places: 1 Ana, 2 Pia, 3–4 Hal and Jon, 5–8 Cai, Eve, Kim, Max, 9–16 the eight first-round
losers. Points (regular games only): Ana 1½ + 1½ + 1½ + 1 = 5½; Pia 2 + 1 + 1½ + 1 = 5½;
play-off points Ana 2 (final) and Pia 2 (R2) + 0 (final) = 2.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from tests.test_excel_templates_builder import same_xlwings, structure
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.headless import ProblemsWritten, write_standings_file
from xl_tiebreak.excel.sheets.writer import write_standings_to
from xl_tiebreak.excel.templates.builder import build_knockout_workbook, build_templates
from xl_tiebreak.excel.templates.knockout import KNOCKOUT_FILES

SHIPPED = Path(__file__).resolve().parents[1] / "workbook_templates"
PLACES = {"Ana": 1, "Pia": 2, "Hal": "3–4", "Jon": "3–4", "Cai": "5–8", "Eve": "5–8",
          "Kim": "5–8", "Max": "5–8", "Bo": "9–16", "Dan": "9–16", "Fay": "9–16",
          "Gus": "9–16", "Ida": "9–16", "Lea": "9–16", "Ned": "9–16", "Oli": "9–16"}


def _standings(path: Path) -> dict[str, tuple[object, ...]]:
    ws = openpyxl.load_workbook(path)["Standings"]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    top = rows.index(["Place", "Player", "Stage", "Pts", "Play-off", "How"])
    out = {}
    for r in rows[top + 1:]:
        if r[1] is None:
            break
        out[str(r[1])] = tuple(r)
    return out


def test_shipped_knockout_template_matches_a_fresh_build(tmp_path: Path) -> None:
    same_xlwings()
    build_templates(tmp_path)
    for name in KNOCKOUT_FILES:
        shipped, fresh = SHIPPED / name, tmp_path / name
        assert shipped.is_file(), f"{name} missing: run build_templates('workbook_templates')"
        if name.endswith(".py"):
            assert shipped.read_text(encoding="utf-8") == fresh.read_text(encoding="utf-8")
        else:
            assert structure(shipped) == structure(fresh), f"{name} is stale"


@pytest.mark.parametrize("name", ["knockout.xlsx", "knockout.xlsm"])
def test_template_sheets(name: str) -> None:
    wb = openpyxl.load_workbook(SHIPPED / name, keep_vba=name.endswith(".xlsm"))
    assert wb.sheetnames == ["How to", "Bracket", "Settings", "Standings", "xlwings.conf"]
    assert OpenpyxlBook(wb).sheet_mark("Standings") == "standings"
    header = [c.value for c in wb["Bracket"][1]]
    assert header == ["Round", "Match", "Player A", "Player B", "Games", "Play-off",
                      "Armageddon"]


def test_standings_of_the_sample_bracket_by_hand(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "KO.xlsx"
    shutil.copy(SHIPPED / "knockout.xlsx", book)
    assert main(["standings", str(book)]) == 0
    assert "Standings of 16 players" in capsys.readouterr().out
    rows = _standings(book)
    assert {name: r[0] for name, r in rows.items()} == PLACES
    assert rows["Ana"][2] == "champion" and rows["Pia"][2] == "final"
    assert rows["Ana"][3] == 5.5 and rows["Ana"][4] == 2
    assert rows["Pia"][3] == 5.5 and rows["Pia"][4] == 2
    assert "walkover" in str(rows["Fay"][5])
    assert "Armageddon" in str(rows["Gus"][5])
    wb = openpyxl.load_workbook(book)
    texts = [str(v) for r in wb["Standings"].iter_rows(values_only=True) for v in r if v]
    assert any("Hal advances on draw odds" in t for t in texts)
    assert OpenpyxlBook(wb).sheet_mark("Standings") == "standings"


def test_a_changed_bracket_gives_new_places(tmp_path: Path) -> None:
    # Pia wins the final's play-off instead: 1 Pia, 2 Ana, the rest as before
    book = tmp_path / "KO.xlsx"
    shutil.copy(SHIPPED / "knockout.xlsx", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Bracket"]
    final = next(row for row in ws.iter_rows(min_row=2) if row[0].value == 4)
    final[5].value = "0-1 0-1"
    wb.save(book)
    write_standings_file(book)
    rows = _standings(book)
    assert rows["Pia"][0] == 1 and rows["Ana"][0] == 2 and rows["Hal"][0] == "3–4"


def test_a_bad_bracket_cell_is_named(tmp_path: Path) -> None:
    book = tmp_path / "KO.xlsx"
    shutil.copy(SHIPPED / "knockout.xlsx", book)
    wb = openpyxl.load_workbook(book)
    wb["Bracket"]["E2"] = "1-0 x"
    wb.save(book)
    with pytest.raises(ProblemsWritten) as caught:
        write_standings_file(book)
    assert any("E2" in p.where and "Bracket" in p.where for p in caught.value.problems)
    assert "Problems" in openpyxl.load_workbook(book).sheetnames


def test_the_macro_writer_on_a_built_workbook() -> None:
    book = OpenpyxlBook(build_knockout_workbook(vba=False))
    result = write_standings_to(book)
    assert result.ok and result.knockout is not None
    assert {r.player: (r.place if r.first != r.last else r.first)
            for r in result.knockout} == PLACES
    assert result.csv_table()[0] == ["Place", "Player", "Stage", "Pts", "Play-off", "How"]


def test_the_knockout_command_reads_the_workbook(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for path in (SHIPPED / "knockout.xlsx",
                 Path(__file__).resolve().parents[1] / "examples" / "knockout_cup.csv"):
        assert main(["knockout", str(path), "--format", "csv"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert main(["knockout", str(SHIPPED / "swiss.xlsx")]) == 2
    assert "no 'Bracket' sheet" in capsys.readouterr().err


def test_the_portuguese_template_is_read_with_its_portuguese_headers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Rodada, Partida, Jogador A/B, Partidas, Play-off, Armageddon and '½-½ brancas': the same
    # bracket as the English template, so the same places (PLACES, derived by hand above)
    wb = openpyxl.load_workbook(SHIPPED / "pt-BR" / "mata_mata.xlsx")
    header = [c.value for c in wb["Bracket"][1]]
    assert header == ["Rodada", "Partida", "Jogador A", "Jogador B", "Partidas", "Play-off",
                      "Armageddon"]
    assert "½-½ brancas" in [c.value for c in wb["Bracket"]["G"]]
    book = tmp_path / "copa.xlsx"
    shutil.copy(SHIPPED / "pt-BR" / "mata_mata.xlsx", book)
    assert main(["--lang", "en", "standings", str(book)]) == 0
    capsys.readouterr()
    ws = openpyxl.load_workbook(book)["Standings"]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    names = set(PLACES)
    places = {str(r[1]): r[0] for r in rows if len(r) > 1 and r[1] in names}
    assert {n: str(p).replace("º", "") for n, p in places.items()} == {
        n: str(p) for n, p in PLACES.items()}


def test_portuguese_bracket_words_are_read() -> None:
    # Cai–Dan drawn on games and play-off, the Armageddon drawn with Cai (Player A) 'pretas':
    # Black advances; the final Ana–Cai 1-0 1-0; a match for third place written 3º; a bye
    # written folga
    from xl_tiebreak.knockout.bracket import read_bracket_rows
    header = ["Rodada", "Partida", "Jogador A", "Jogador B", "Partidas", "Desempate",
              "Armagedom"]
    bracket = read_bracket_rows([
        header,
        [1, 1, "Ana", "Bo", "1-0 1-0", None, None],
        [1, 2, "Cai", "Dan", "½ ½", "½-½ ½-½", "½-½ pretas"],
        [2, 1, "Ana", "Cai", "1 1", None, None],
        ["3º", 1, "Bo", "Dan", "1 ½", None, None],
    ])
    assert bracket.champion == "Ana"
    assert [m.b for m in bracket.matches if m.a == "Ana"] == ["Bo", "Cai"]
    assert bracket.third_place is not None and bracket.third_place.a == "Bo"
    with_bye = read_bracket_rows([header, [1, 1, "Ana", "Bo", "1 1", None, None],
                                  [1, 2, "Cai", "folga", None, None, None],
                                  [2, 1, "Ana", "Cai", "0 0", None, None]])
    assert with_bye.champion == "Cai"
