"""Team crosstables, team grids and board tables typed in Portuguese (``Tabuleiros``,
``Pontos de match``, ``Tipo: Suíço``/``Todos contra todos``, ``Nº``, ``Equipe``, ``1ª Rodada``,
``folga``, ``ausente``, ``meio ponto``; ``Rodada``, ``Tabuleiro``, ``Brancas``, ``Negras``,
``Resultado``) read as the same event typed in English."""

from __future__ import annotations

import random
import re

import pytest
import team_generator
from test_formats_crosstable_team import NON_BOARD, generated_rows, pab_scoring

from xl_tiebreak.formats.crosstable.team_boards import apply_boards
from xl_tiebreak.formats.crosstable.team_grid import read_team_grid
from xl_tiebreak.formats.crosstable.team_reader import is_team_crosstable, read_team_crosstable
from xl_tiebreak.model.teams import Score, TeamEvent
from xl_tiebreak.standings.team_evaluation import compute_team_standings

_LABELS = {"Boards": "Tabuleiros", "Match points": "Pontos de match",
           "Start date": "Data de início", "Type": "Tipo", "No": "Nº", "Team": "Equipe"}
_VALUES = {"Swiss": "Suíço", "Round robin": "Todos contra todos"}
_BYES = {"PAB": ["folga", "Folga"], "HPB": ["meio ponto"], "ZPB": ["ausente", "ausência"]}


def _portuguese(rows: list[list[str]], rng: random.Random) -> list[list[str]]:
    out = []
    for row in rows:
        new = []
        for cell in row:
            found = re.fullmatch(r"R([0-9]+)", cell)
            if found:
                n = found.group(1)
                new.append(rng.choice([f"{n}ª Rodada", f"Rodada {n}", f"Rod. {n}"]))
            elif cell in _BYES:
                new.append(rng.choice(_BYES[cell]))
            else:
                new.append(_LABELS.get(cell, _VALUES.get(cell, cell)))
        out.append(new)
    return out


def _matches(event: TeamEvent) -> list[list[tuple[object, ...]]]:
    return [[(m.kind, m.opponent, m.color, m.gp, m.mp) for m in t.rounds] for t in event.teams]


@pytest.mark.parametrize("seed", range(12))
def test_a_generated_team_event_in_portuguese_reads_as_in_english(seed: int) -> None:
    event = team_generator.generate(seed)
    english = generated_rows(event)
    portuguese = _portuguese(english, random.Random(seed))
    assert portuguese != english
    assert is_team_crosstable(portuguese)
    a = read_team_crosstable(english, scoring=pab_scoring(event))
    b = read_team_crosstable(portuguese, scoring=pab_scoring(event))
    assert (b.type, b.boards, b.start_date, b.scoring) == (a.type, a.boards, a.start_date,
                                                           a.scoring)
    assert _matches(b) == _matches(a)
    order = ",".join(NON_BOARD)
    sa = compute_team_standings(a, order, rules="auto")
    sb = compute_team_standings(b, order, rules="auto")
    assert [(r.rank, r.participant.start_no, r.values) for r in sa.rows] == [
        (r.rank, r.participant.start_no, r.values) for r in sb.rows]


def test_primary_pt_means_game_points() -> None:
    rows = [["Tabuleiros", 4], ["Principal", "PT"], ["Nº", "Equipe", "1ª Rodada"],
            [1, "Clube A", "2w3"], [2, "Clube B", "1b1"]]
    assert read_team_crosstable(rows).primary is Score.GP


def test_a_team_grid_and_a_board_table_in_portuguese() -> None:
    english = read_team_grid([["Boards", 4], ["No", "Team", "1", "2"], [1, "A", "", "3"],
                              [2, "B", "1", ""]])
    portuguese = read_team_grid([["Tabuleiros", 4], ["Nº", "Equipe", "1", "2"],
                                 [1, "A", "", "3"], [2, "B", "1", ""]])
    assert _matches(portuguese) == _matches(english)
    event = read_team_crosstable([["Boards", 2], ["No", "Team", "R1"], [1, "A", "2w1½"],
                                  [2, "B", "1b½"]])
    by_game = apply_boards(event, [["Rodada", "Tabuleiro", "Brancas", "Negras", "Resultado"],
                                   [1, 1, 1, 2, "1-0"], [1, 2, 2, 1, "½-½"]])
    by_team = apply_boards(event, [["Round", "Team", "B1", "B2"], [1, 1, 1, "½"]])
    assert [[(b.board, b.kind, b.points) for b in m.boards] for t in by_game.teams
            for m in t.rounds] == [[(b.board, b.kind, b.points) for b in m.boards]
                                   for t in by_team.teams for m in t.rounds]
