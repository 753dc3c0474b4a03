"""Crosstable cells typed the Brazilian way (``folga``, ``12w W.O.``, ``12b -W.O.``,
``ausente``, ``meio ponto``, decimal commas) read as their English notation: the same records
cell by cell, and the same standings for whole generated events written both ways."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from generator import generate

from xl_tiebreak.excel.templates.from_event import crosstable_rows
from xl_tiebreak.formats.crosstable.reader import read_crosstable, read_csv_crosstable
from xl_tiebreak.formats.crosstable.round_cells import parse_round_token
from xl_tiebreak.model.tournament import (
    Color,
    InputError,
    Kind,
    Record,
    Tournament,
    TournamentType,
)
from xl_tiebreak.standings.final import compute_standings


@pytest.mark.parametrize(("text", "record"), [
    ("folga", Record(Kind.PAB)),
    ("Folga", Record(Kind.PAB)),
    ("ausente", Record(Kind.ZPB)),
    ("Ausência", Record(Kind.ZPB)),
    ("meio ponto", Record(Kind.HPB)),
    ("bye de meio ponto", Record(Kind.HPB)),
    ("bye ½", Record(Kind.HPB)),
    ("4w W.O.", Record(Kind.FORFEIT_WIN, 4, Color.WHITE)),
    ("4 W.O.", Record(Kind.FORFEIT_WIN, 4)),
    ("4b +W.O.", Record(Kind.FORFEIT_WIN, 4, Color.BLACK)),
    ("12b -W.O.", Record(Kind.FORFEIT_LOSS, 12, Color.BLACK)),
    ("12 -wo", Record(Kind.FORFEIT_LOSS, 12)),
    ("12b0,5", Record(Kind.DRAW, 12, Color.BLACK)),
])
def test_a_brazilian_cell_reads_as_its_meaning(text: str, record: Record) -> None:
    assert parse_round_token(text) == record


@pytest.mark.parametrize("text", ["W.O.", "+W.O.", "-W.O.", "bye de 1 ponto", "0 W.O."])
def test_an_ambiguous_cell_is_refused(text: str) -> None:
    assert parse_round_token(text) is None


def test_a_walkover_without_opponent_is_refused_naming_the_cell_and_the_forms() -> None:
    rows = [["No", "Name", "R1"], [1, "Ana", "W.O."], [2, "Bia", "folga"]]
    with pytest.raises(InputError) as caught:
        read_crosstable(rows, sheet="Crosstable")
    text = str(caught.value)
    assert "Crosstable!C2" in text
    assert "12w W.O." in text and "12b -W.O." in text


def _brazilian(cell: object, rng: random.Random) -> object:
    """The same round typed as a Brazilian organizer would."""
    if not isinstance(cell, str):
        return cell
    byes = {"U": "folga", "Z": rng.choice(["ausente", "ausência"]),
            "H": rng.choice(["meio ponto", "bye de meio ponto"])}
    if cell in byes:
        return byes[cell]
    walkover = rng.choice(["W.O.", "w.o.", "WO"])
    forfeit = re.fullmatch(r"([0-9]+)([wb]?)([+-])", cell)
    if forfeit:
        opponent, colour, sign = forfeit.groups()
        mark = walkover if sign == "+" else "-" + walkover
        return f"{opponent}{colour} {mark}"
    return cell.replace("½", "0,5")


def _decimal_comma(value: object) -> object:
    if isinstance(value, float):
        return f"{value}".replace(".", ",")
    return value


@pytest.mark.parametrize("seed", range(30))
def test_an_event_typed_the_brazilian_way_ranks_as_in_english(seed: int) -> None:
    t = generate(seed)
    english = [list(row) for row in crosstable_rows(t)]
    rng = random.Random(seed)
    points = english[0].index("Pts")
    brazilian = [english[0]] + [
        [_decimal_comma(c) if i == points else _brazilian(c, rng) for i, c in enumerate(row)]
        for row in english[1:]]
    assert brazilian != english or not any(
        isinstance(c, str) and c in ("U", "Z", "H") for row in english for c in row)

    def standings(rows: list[list[object]]) -> list[tuple[object, ...]]:
        event = read_crosstable(rows, scoring=t.scoring, tournament_type=t.type)
        s = compute_standings(event, "BH/C1,BH,SB,WIN,BPG,REP" if t.type is TournamentType.SWISS
                              else "SB,WIN,BPG,KS")
        return [(r.participant.start_no, r.rank, r.points, r.values) for r in s.rows]

    assert standings(brazilian) == standings(english)
    assert all(isinstance(p, Fraction) for _, _, p, _ in standings(brazilian))


_PORTUGUESE_HEADERS = {"No": ["Nº", "N.º", "Nº inicial"], "Name": ["Nome", "Jogador"],
                       "Title": ["Título"], "Rating": ["Rating", "Rating FIDE"],
                       "Fed": ["Fed", "Federação"], "Sex": ["Sexo"],
                       "Pts": ["Pontos", "Pont.", "Pontuação"]}


def _portuguese_header(label: str, rng: random.Random) -> str:
    found = re.fullmatch(r"R([0-9]+)", label)
    if found:
        n = found.group(1)
        return rng.choice([f"{n}ª Rodada", f"Rodada {n}", f"Rod. {n}"])
    return rng.choice(_PORTUGUESE_HEADERS.get(label, [label]))


def _portuguese_cell(cell: object, white: str, black: str, rng: random.Random) -> object:
    """A round cell as a Brazilian organizer types it: Portuguese byes and W.O., the chosen
    colour letters, draws as 0,5 or ½."""
    if not isinstance(cell, str):
        return cell
    byes = {"U": "folga", "Z": rng.choice(["ausente", "ausência", "bye de zero ponto"]),
            "H": rng.choice(["meio ponto", "bye de meio ponto", "bye ½"])}
    if cell in byes:
        return byes[cell]
    game = re.fullmatch(r"([0-9]+)([wb]?)( ?)(.+)", cell)
    if game is None:
        return cell
    opponent, colour, space, result = game.groups()
    letter = {"w": white, "b": black, "": ""}[colour]
    if result in "+-":
        mark = rng.choice(["W.O.", "w.o.", "WO"])
        return f"{opponent}{letter} {mark if result == '+' else '-' + mark}"
    if result == "½":
        result = rng.choice(["0,5", "½"])
    return f"{opponent}{letter}{space}{result}"


def _pts_text(value: object) -> object:
    """Points written with a decimal comma, as text (``2,5``), the way a CSV from a Brazilian
    spreadsheet holds them."""
    if isinstance(value, (int, float)):
        return f"{Fraction(value).numerator / Fraction(value).denominator:g}".replace(".", ",")
    return value


@pytest.mark.parametrize("seed", range(40))
def test_an_event_in_portuguese_notation_and_headers_ranks_as_in_english(seed: int) -> None:
    """The same generated event in the English notation and in the Portuguese one (headers
    ``Nº``/``Nome``/``1ª Rodada``/``Pontos``, ``folga``, ``W.O.``, ``ausente``, ``meio ponto``,
    colours ``br``/``p``/``n``, decimal commas), read from the sheet's cells and from a
    ``;``-separated CSV text: the same participants, records and standings."""
    t = generate(seed)
    english = [list(row) for row in crosstable_rows(t)]
    rng = random.Random(1000 + seed)
    white, black = rng.choice([("w", "b"), ("br", "p"), ("br", "n"), ("w", "p"), ("w", "n")])
    header = english[0]
    points = header.index("Pts")
    rounds = {i for i, label in enumerate(header) if re.fullmatch(r"R[0-9]+", str(label))}
    portuguese: list[list[object]] = [[_portuguese_header(str(c), rng) for c in header]]
    for row in english[1:]:
        portuguese.append([_pts_text(c) if i == points else
                           _portuguese_cell(c, white, black, rng) if i in rounds else c
                           for i, c in enumerate(row)])
    tiebreaks = ("BH/C1,BH,SB,WIN,BPG,REP" if t.type is TournamentType.SWISS
                 else "SB,WIN,BPG,KS")

    def standings(event: object) -> list[tuple[object, ...]]:
        s = compute_standings(event, tiebreaks)  # type: ignore[arg-type]
        return [(r.participant.start_no, r.rank, r.points, r.values) for r in s.rows]

    def records(event: Tournament) -> list[list[tuple[object, ...]]]:
        return [[(r.kind, r.opponent, r.color) for r in p.rounds] for p in event.participants]

    from_english = read_crosstable(english, scoring=t.scoring, tournament_type=t.type)
    from_cells = read_crosstable(portuguese, scoring=t.scoring, tournament_type=t.type)
    csv_text = "\n".join(";".join("" if c is None else str(c) for c in row)
                         for row in portuguese)
    from_csv = read_csv_crosstable(csv_text, source="torneio.csv")
    from_csv = from_csv.replace(scoring=t.scoring, type=t.type)
    for event in (from_cells, from_csv):
        assert records(event) == records(from_english)
        assert [p.declared_points for p in event.participants] == [
            p.declared_points for p in from_english.participants]
        assert standings(event) == standings(from_english)
    # the English reading is the generated event itself (the test is not of one reader twice)
    assert [[(r.kind, r.opponent, r.color) for r in p.rounds[: t.rounds]]
            for p in t.participants] == records(from_english)


def test_b_beside_portuguese_colour_letters_is_refused_naming_the_cells() -> None:
    rows = [["Nº", "Nome", "1ª Rodada", "2ª Rodada"],
            [1, "Ana", "2br1", "2p½"], [2, "Bia", "1p0", "1b½"]]
    with pytest.raises(InputError) as caught:
        read_crosstable(rows, sheet="Tabela")
    problems = caught.value.problems
    assert [p.where for p in problems] == ["Tabela!D3"]
    assert "br" in problems[0].message and "Tabela!C2" in problems[0].message


@pytest.mark.parametrize("text", ["bye de 1 ponto", "Bye pedido", "bye de um ponto"])
def test_a_bye_of_undecided_points_is_refused_with_the_forms(text: str) -> None:
    rows = [["Nº", "Nome", "Rod. 1"], [1, "Ana", text], [2, "Bia", "folga"]]
    with pytest.raises(InputError) as caught:
        read_crosstable(rows, sheet="Tabela")
    message = str(caught.value)
    assert message.startswith("Tabela!C2: ")
    for form in ("folga", "meio ponto", "ausente", "F "):
        assert form in message
