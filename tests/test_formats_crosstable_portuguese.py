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
from xl_tiebreak.formats.crosstable.reader import read_crosstable
from xl_tiebreak.formats.crosstable.round_cells import parse_round_token
from xl_tiebreak.model.tournament import Color, InputError, Kind, Record, TournamentType
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
