"""The core façade: one checked tournament answering values, explanations, points and
standings (values derived by hand on a small event)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xl_tiebreak.model.tournament import Color, InputError, Kind, Participant, Record, Tournament
from xl_tiebreak.standings.evaluation import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS, Evaluation
from xl_tiebreak.standings.final import compute_standings
from xl_tiebreak.tiebreaks.descriptors import parse_descriptor
from xl_tiebreak.tiebreaks.presets import PRESETS
from xl_tiebreak.tiebreaks.rules import RuleSet


def event() -> Tournament:
    """Four players, three rounds, all meet: 1 beats everybody, 2–3 and 3–4 drawn, 2 beats 4.

    Scores: 1: 3; 2: 0 + 1 + ½ = 1½; 3: ½ + 0 + ½ = 1; 4: ½ + 0 + 0 = ½.
    """
    games = [(1, 2, Kind.WIN), (3, 4, Kind.DRAW), (1, 3, Kind.WIN), (2, 4, Kind.WIN),
             (1, 4, Kind.WIN), (2, 3, Kind.DRAW)]
    mirror = {Kind.WIN: Kind.LOSS, Kind.DRAW: Kind.DRAW}
    parts = [Participant(n, f"P{n}", rating=2100 - 100 * n) for n in range(1, 5)]
    for a, b, kind in games:
        parts[a - 1].rounds.append(Record(kind, b, Color.WHITE))
        parts[b - 1].rounds.append(Record(mirror[kind], a, Color.BLACK))
    return Tournament(parts, rounds=3)


def test_points_and_values() -> None:
    ev = Evaluation(event(), "fide2026")
    assert [ev.points(n) for n in (1, 2, 3, 4)] == [3, Fraction(3, 2), 1, Fraction(1, 2)]
    # BH of 1: 1½ + 1 + ½ = 3; of 2: 3 + ½ + 1 = 4½
    assert ev.values("BH") == {1: 3, 2: Fraction(9, 2), 3: 5, 4: Fraction(11, 2)}
    # BH/C1 of 2 drops 4's ½: 4
    assert ev.value("BH/C1", 2) == 4
    # SB of 2: 0 × 3 + 1 × ½ + ½ × 1 = 1
    assert ev.value(parse_descriptor("SB"), 2) == 1


def test_group_tiebreak_values_and_explanation() -> None:
    ev = Evaluation(event(), "fide2026")
    # no tie on points: DE decides nothing anywhere
    assert ev.values("DE") == {1: None, 2: None, 3: None, 4: None}
    assert "not applied" in ev.explain("DE", 1).formula


def test_explanations_match_the_standings() -> None:
    ev = Evaluation(event(), "fide2026")
    standings = ev.standings("BH/C1,SB")
    assert ev.explain("BH/C1", 2).formula == standings.explain(2, 0).formula
    assert ev.explain("BH/C1", 2).value == 4
    assert ev.explain(1, 2, "BH/C1,SB").value == 1  # position 1 of the order: SB


def test_standings_are_those_of_compute_standings() -> None:
    t = event()
    ev = Evaluation(t, "auto")
    ours = ev.standings("BH,SB")
    theirs = compute_standings(t, "BH,SB")
    assert [(r.rank, r.participant.start_no, r.values) for r in ours.rows] == [
        (r.rank, r.participant.start_no, r.values) for r in theirs.rows]
    assert ev.standings("BH,SB") is ours  # cached
    assert ev.rules is RuleSet.FIDE2026 and ev.rules_note.startswith("auto")


def test_unknown_start_number_and_errors() -> None:
    ev = Evaluation(event(), "fide2026")
    with pytest.raises(InputError, match="start number 9"):
        ev.points(9)
    broken = event()
    broken.participants[0].rounds[0] = Record(Kind.WIN, 2, Color.WHITE)
    broken.participants[1].rounds[0] = Record(Kind.WIN, 1, Color.BLACK)  # both won
    with pytest.raises(InputError):
        Evaluation(broken)
    with pytest.raises(InputError, match="after round 5"):
        Evaluation(event(), after_round=5)


def test_rating_rule_and_advice() -> None:
    t = event()
    t.participants[3].rating = None
    ev = Evaluation(t, "fide2026")
    assert ev.skips("ARO") and not ev.skips("ARO/U1000")
    assert ev.values("ARO") == {1: None, 2: None, 3: None, 4: None}
    # ARO/U1000 of 1: (1900 + 1800 + 1000) / 3 = 1566⅔ → 1567
    assert ev.value("ARO/U1000", 1) == 1567
    texts = [str(p) for p in ev.standings("ARO,KS").warnings]
    assert any("ARO skipped" in t for t in texts)
    assert any("KS in a Swiss" in t for t in texts)


def test_default_orders_are_the_presets() -> None:
    assert PRESETS["fide-open"].order == DEFAULT_SWISS
    assert PRESETS["round-robin"].order == DEFAULT_ROUND_ROBIN
    assert [d.canonical for d in Evaluation(event()).descriptors()] == DEFAULT_SWISS.split(",")
