"""The readers speak the user's language: under ``using("pt-BR")`` every message of a damaged
input (TRF and team TRF files, CSV and sheet crosstables, team crosstables, grids and board
tables, prize-list and bracket tables, the Event sheet's facts, the TRF writer, text files, the
model's warnings) is in Portuguese. A
message is checked against the English texts themselves: no fragment of an English catalogue
text (the words between its ``{fields}``, at least three words of letters) appears in it, and the
same damaged input read in English does show its English text (so that the check can fail)."""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable
from fractions import Fraction

import pytest
from marked import package_marked_texts

from xl_tiebreak.formats.crosstable.reader import read_crosstable, read_csv_crosstable
from xl_tiebreak.formats.crosstable.team_boards import apply_boards
from xl_tiebreak.formats.crosstable.team_grid import read_team_grid
from xl_tiebreak.formats.crosstable.team_reader import read_team_crosstable
from xl_tiebreak.formats.event_facts import apply_fact_rows, fact_rows
from xl_tiebreak.formats.tables import read_table
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.formats.trf.team_reader import parse_team_trf
from xl_tiebreak.formats.trf.writer import write_trf
from xl_tiebreak.i18n import using
from xl_tiebreak.model.tournament import BlankRounds, InputError, Tournament
from xl_tiebreak.util.numbers import parse_whole


@functools.cache
def english_fragments() -> frozenset[str]:
    """The literal parts of every marked English text, of three words or more (computed when
    a test first asks, not at collection)."""
    found, _ = package_marked_texts()
    fragments: set[str] = set()
    for text in found:
        for literal, _name, _spec, _conv in string.Formatter().parse(text.msgid):
            for part in re.split(r"[();:]", literal):
                part = part.strip(" ,.'")
                if len(re.findall(r"[A-Za-z]{2,}", part)) >= 3:
                    fragments.add(part)
    return frozenset(fragments)




def _english_in(message: str) -> list[str]:
    return sorted(f for f in english_fragments() if f in message)


_TRF_HEAD = "012 Aberto de Campinas\n042 2026/03/07\n"
_TRF_GOOD = ("001    1      Ana Souza                         1800 BRA             1990/01/01"
             "  1.0    1     2 w 1\n"
             "001    2      Bia Lima                          1700 BRA             1991/01/01"
             "  0.0    2     1 b 0\n")


_TEAM_310 = f"{'310   1 Clube A':<73}{'':>4}1{'':>4}2\n"
"""One team of both players (roster from col 74)."""


def _error(read: Callable[[], object]) -> str:
    with pytest.raises(InputError) as caught:
        read()
    return str(caught.value)


def _notes(read: Callable[[], Tournament]) -> str:
    return "; ".join(str(n) for n in read().notes)


CASES: dict[str, Callable[[], str]] = {
    "TRF: unknown result code and colour, misaligned round": lambda: _error(lambda: parse_trf(
        _TRF_HEAD + _TRF_GOOD.replace("2 w 1", "2 x Q").replace("1 b 0", "1 bx0"))),
    "TRF: no player line": lambda: _error(lambda: parse_trf("012 Vazio\n")),
    "TRF: start number twice, rating not a number": lambda: _error(lambda: parse_trf(
        _TRF_HEAD + _TRF_GOOD.replace("   2      Bia", "   1      Bia").replace("1700", "17x0"))),
    "TRF: 240 bye of an unknown player, 299 record, XXS": lambda: _error(lambda: parse_trf(
        _TRF_HEAD + _TRF_GOOD + "240 F   1    9\n299 U 1.0\nXXS WW=z QQ=1\n")),
    "TRF: control character, NUL byte, UTF-16": lambda: " | ".join([
        _error(lambda: parse_trf(_TRF_HEAD + "001 \x01\n" + _TRF_GOOD)),
        _error(lambda: parse_trf(b"012 x\n\x00\n")),
        _error(lambda: parse_trf("012 x".encode("utf-16"))),
    ]),
    "TRF: warnings (Latin-1, ambiguous date, blank rounds, rounds not played)":
        lambda: _notes(lambda: parse_trf(
            ("012 Torneio\n042 03/04/26\n142 5\n" + _TRF_GOOD.replace(
                "  1.0    1     2 w 1", "  1.5    1     2 w 1          ")
             + "001    3      Caio Sá                           1600 BRA             1992/01/01"
               "  0.0    3          \n").encode("latin-1"),
            blank_rounds=BlankRounds.ABSENT)),
    "crosstable: cells, start numbers, ratings, points": lambda: _error(lambda: read_crosstable(
        [["Nº", "Nome", "Rating", "Pontos", "1ª Rodada", "2ª Rodada"],
         [1, "Ana", "mil", "x", "2w1", "W.O."],
         [0, "Bia", 1700, 1, "1b0", "bye de 1 ponto"],
         ["um", "Caio", 1600, 0, "1b9", "12"]], sheet="Tabela")),
    "crosstable: colours, header, grid": lambda: " | ".join([
        _error(lambda: read_crosstable([["Nº", "Nome", "1ª Rodada"], [1, "Ana", "2br1"],
                                        [2, "Bia", "1b0"]], sheet="Tabela")),
        _error(lambda: read_crosstable([["Nº", "Nome", "Rodada 1", "Rodada 3"], [1, "A", "2w1"]],
                                       sheet="Tabela")),
        _error(lambda: read_crosstable([["Nome", "Clube", "Coisa"], ["Ana", "X", "y"]],
                                       sheet="Tabela")),
        _error(lambda: read_crosstable([["Nº", "Nome", "1", "2"], [1, "A", "x", "z"],
                                        [2, "B", "1", "x"]], sheet="Tabela")),
        _error(lambda: read_crosstable([], sheet="Tabela")),
        _error(lambda: read_crosstable("texto", sheet="Tabela")),  # type: ignore[arg-type]
    ]),
    "crosstable: warnings (title rows, blank rounds, no name column)": lambda: _notes(
        lambda: read_crosstable([["Aberto de Campinas"], ["Nº", "", "1ª Rodada", "2ª Rodada",
                                                          "Pontos"],
                                 [1, "Ana", "2w1", "", "1,5"], [2, "Bia", "1b0", "3w1", "1"],
                                 [3, "Caio", "folga", "2b0", "1"]], sheet="Tabela")),
    "CSV: a broken field, a NUL character": lambda: " | ".join([
        _error(lambda: read_csv_crosstable("Nº;Nome;R1\n1;Ana;" + "x" * 140_000 + "\n",
                                           source="t.csv")),
        _error(lambda: read_csv_crosstable("Nº;Nome;R1\n1;Ana;\x00\n", source="t.csv")),
    ]),
    "team crosstable: settings, cells, mirrors": lambda: _error(lambda: read_team_crosstable(
        [["Boards", "x"], ["Match points", "2-1"], ["Primary", "PT"], ["Type", "Misto"],
         ["No", "Team", "R1", "R2"], [1, "Clube A", "2w9", "3b2"], [2, "Clube B", "1b1", "zz"],
         [3, "Clube C", "", "1w2"]], sheet="Equipes")),
    "team crosstable: boards and mirrors": lambda: _error(lambda: read_team_crosstable(
        [["No", "Team", "R1"], [1, "Clube A", "2w3"], [2, "Clube B", "1b3"]], boards=4,
        sheet="Equipes")),
    "team grid: settings, diagonal, results, pairs": lambda: " | ".join([
        _error(lambda: read_team_grid([["Cycles", "x"], ["No", "Team", "1", "2"],
                                       [1, "A", "", "2"], [2, "B", "2", ""]], boards=4,
                                      sheet="Grade")),
        _error(lambda: read_team_grid([["No", "Team", "1", "2", "3"], [1, "A", "1", "3", "+"],
                                       [2, "B", "2", "", "+"], [3, "C", "-", "+", ""]],
                                      boards=4, sheet="Grade")),
        _error(lambda: read_team_grid([["No", "Team", "1", "2", "3"], [1, "A", "", "3", "+"],
                                       [2, "B", "2", "", "+"], [3, "C", "-", "+", ""]],
                                      boards=4, sheet="Grade")),
    ]),
    "board table: teams, rounds, results": lambda: _error(lambda: apply_boards(
        read_team_crosstable([["No", "Team", "R1"], [1, "Clube A", "2w3"],
                              [2, "Clube B", "1b1"]], boards=4),
        [["Round", "Team", "B1", "B2", "B3", "B4"], [1, 1, 1, 1, 1, 1], [9, 7, 1, "x", 0, 0],
         [1, 2, 1, 1]], sheet="Tabuleiros")),
    "team TRF: records": lambda: _error(lambda: parse_team_trf(
        _TRF_HEAD + _TRF_GOOD + _TEAM_310 + "310 xx  Clube\n330 +-  x\n300 x\n362 TW x\n"
        "299   1.0\n")),
    "team TRF: no team record": lambda: _error(lambda: parse_team_trf(_TRF_HEAD + _TRF_GOOD)),
    "tables: a prize list and a bracket": lambda: " | ".join([
        _error(lambda: read_table([["Prize", "Prize"]], {"prize": ["Prize"], "place": ["Place"]},
                                  ["place"], "premios.csv", "prize list")),
        _error(lambda: read_table([], {"round": ["Round"]}, ["round"], "chave.csv", "bracket")),
        _error(lambda: read_table([["Round"]], {"round": ["Round"]}, ["round"], "", "bracket")),
    ]),
    "event facts and the TRF writer": lambda: " | ".join([
        _error(lambda: apply_fact_rows(Tournament([]), [["Modalidade", "lenta"]],
                                       lambda r, c: f"Evento!B{r + 1}")),
        str(_raises(lambda: write_trf(Tournament([]), "trf99"))),
    ]),
    "numbers: a whole-number field": lambda: " | ".join(
        str(_raises(lambda t=t: parse_whole(t, "x", 1, 9))) for t in ("a", "99", "1234567890123")),
}


def _raises(call: Callable[[], object]) -> ValueError:
    with pytest.raises(ValueError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_reader_message_in_portuguese_holds_no_english_text(case: str) -> None:
    with using("pt-BR"):
        portuguese = CASES[case]()
    english = CASES[case]()
    assert _english_in(english), f"the English reading shows no catalogue text: {english}"
    assert _english_in(portuguese) == [], portuguese
    assert portuguese != english


def test_the_portuguese_messages_use_the_glossary_words() -> None:
    with using("pt-BR"):
        text = CASES["crosstable: cells, start numbers, ratings, points"]()
        notes = CASES["crosstable: warnings (title rows, blank rounds, no name column)"]()
    assert "Tabela!C2" in text and "W.O." in text and "adversário" in text
    assert "folga" in text and "meio ponto" in text
    assert "rodada" in notes and "ausência" in notes


def test_the_event_sheet_is_written_and_read_back_in_portuguese() -> None:
    t = Tournament([], city="Campinas", chief_arbiter="AI Maria", rate="rapid")
    with using("pt-BR"):
        rows = fact_rows(t)
    assert rows == [("Cidade", "Campinas"), ("Árbitro principal", "AI Maria"),
                    ("Modalidade", "rapid")]
    back = Tournament([])
    apply_fact_rows(back, [list(r) for r in rows], lambda r, c: f"Evento!A{r + 1}")
    assert (back.city, back.chief_arbiter, back.rate) == ("Campinas", "AI Maria", "rapid")
    assert fact_rows(t)[0] == ("City", "Campinas")


def test_decimal_commas_and_portuguese_headers_give_the_points() -> None:
    t = read_crosstable([["Nº", "Nome", "1ª Rodada", "Pontos"], [1, "Ana", "2p0,5", "0,5"],
                         [2, "Bia", "1br½", "0,5"]], sheet="Tabela")
    assert [p.declared_points for p in t.participants] == [Fraction(1, 2), Fraction(1, 2)]


def test_the_blank_rounds_choice_is_named_with_the_words_of_the_portuguese_sheet() -> None:
    """The warning names the choice as the Settings sheet of a Portuguese workbook does
    (``ausente``), and the hint the sheet's row and values (``Rodadas em branco``: Ausente, Bye
    de meio ponto, Declarado) beside the command line's option (a real event with ten blank
    rounds, five of them requested byes)."""
    from pathlib import Path

    trf = (Path(__file__).resolve().parents[2] / "shared" / "data" / "trf"
           / "icu_bunratty_masters_2011.trf")
    if not trf.is_file():
        pytest.skip("../shared/data/trf is not here")
    data = trf.read_bytes()
    with using("pt-BR"):
        said = _notes(lambda: parse_trf(data, blank_rounds=BlankRounds.ABSENT))
        as_byes = _notes(lambda: parse_trf(data, blank_rounds=BlankRounds.HALF_POINT_BYE))
    assert "(rodadas em branco = ausente)" in said
    assert "'Rodadas em branco' da aba Settings (Ausente, Bye de meio ponto, Declarado)" in said
    assert "(rodadas em branco = bye de meio ponto)" in as_byes
    english = _notes(lambda: parse_trf(data, blank_rounds=BlankRounds.ABSENT))
    assert "(blank rounds = absent)" in english
