"""The lean start of the command line (docs/engineering.md D71..D73): plain
value classes behave as the dataclasses they replace, the registry resolves the US Chess and
team functions only when called, and ``compute`` ends the process early with the same output
and exit status as :func:`xl_tiebreak.cli.main.main`."""

from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import sys
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.cli.main import main
from xl_tiebreak.model.tournament import Participant
from xl_tiebreak.report.table import Column
from xl_tiebreak.standings.ranking import Row
from xl_tiebreak.tiebreaks.engine import Element
from xl_tiebreak.tiebreaks.registry import tiebreak

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "spring_open.trf"


def _python(code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=False)


def test_a_frozen_value_compares_hashes_and_refuses_assignment_as_a_frozen_dataclass() -> None:
    p = Participant(1, "A")
    a = Row(1, p, Fraction(3), (Fraction(5), None), False)
    b = Row(1, p, Fraction(3), (Fraction(5), None), False)
    assert a == b
    assert a != Row(2, p, Fraction(3), (Fraction(5), None), True)
    c = Column("tiebreak", "BH", None, 0, 2)
    assert {c: 1}[Column("tiebreak", "BH", None, 0, 2)] == 1  # hashed by value
    with pytest.raises(TypeError):
        hash(a)  # a participant is mutable, so a row is not hashable (as before)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.rank = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.rank  # type: ignore[misc]
    assert repr(Column("no", "No")) == (
        "Column(field='no', header='No', descriptor=None, level=-1, places=None)")


def test_a_mutable_value_compares_by_value_and_is_unhashable() -> None:
    e = Element(0, 3, 6, False)
    assert e == Element(0, 3, 6, False) and e != Element(0, 3, 6, True)
    e.c = 7
    assert e == Element(0, 3, 7, False)
    with pytest.raises(TypeError):
        hash(e)
    kept = [Element(1, 2, 2, False), Element(0, 2, 2, False)]
    kept.remove(Element(0, 2, 2, False))  # the cuts remove elements by equality
    assert kept == [Element(1, 2, 2, False)]


def test_registry_rows_are_copied_with_replace() -> None:
    row = tiebreak("BH")
    copy = row.replace(name="Other")
    assert (copy.name, copy.code, copy.compute) == ("Other", "BH", row.compute)
    assert row.name == "Buchholz"
    with pytest.raises(TypeError, match="no field"):
        row.replace(nonsense=1)


def test_a_fide_event_loads_no_us_chess_or_team_module_until_one_is_asked_for() -> None:
    result = _python(
        "import sys\n"
        "from xl_tiebreak.cli.main import main\n"
        f"main(['compute', {str(EXAMPLE)!r}, '--tiebreaks', 'BH/C1,BH,SB,DE'])\n"
        "lazy = ('tiebreaks.uscf', 'model.teams', 'tiebreaks.team_engine', 'tiebreaks.team')\n"
        "print(sorted(m for m in lazy if 'xl_tiebreak.' + m in sys.modules))\n"
        f"main(['compute', {str(EXAMPLE)!r}, '--tiebreaks', 'OTHER_MM', '--rules', 'uscf'])\n"
        "print(sorted(m for m in lazy if 'xl_tiebreak.' + m in sys.modules))\n"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "[]" in lines and "['tiebreaks.uscf']" in lines
    assert lines.index("[]") < lines.index("['tiebreaks.uscf']")


@pytest.mark.parametrize("args", [
    ["compute", str(EXAMPLE), "--tiebreaks", "BH/C1,BH,SB,DE"],
    ["compute", str(EXAMPLE), "--format", "csv", "--explain", "1"],
    ["compute", str(ROOT / "no-such-file.trf")],
])
def test_the_command_gives_what_main_gives(args: list[str]) -> None:
    """``python -m xl_tiebreak.cli compute`` (the early exit) writes what main() writes, with
    the same exit status."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], capture_output=True,
                         text=True, env=env, check=False)
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(args)
    assert (run.returncode, run.stdout) == (status, out.getvalue())


def test_compute_loads_neither_dataclasses_nor_pathlib_nor_typing() -> None:
    """The modules the lean start keeps off ``compute``'s path (docs/engineering.md D76-D78):
    ``dataclasses`` (and with it ``inspect``, ``ast``, ``dis``), ``pathlib`` and ``typing``;
    and the date parser compiles only the forms it tries (a numeric date: no month names).
    Without the ``site`` module (``-S``): an editable install's import hook loads pathlib."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-S", "-c", (
        "import sys\n"
        "from xl_tiebreak.cli.main import main\n"
        f"main(['compute', {str(EXAMPLE)!r}, '--tiebreaks', 'BH/C1,BH,SB,DE'])\n"
        "from xl_tiebreak.util import dates\n"
        "heavy = ('dataclasses', 'inspect', 'ast', 'dis', 'pathlib', 'typing')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "print(dates._MONTH_FIRST._compiled is None, dates._NUMERIC_DATE._compiled is None)\n"
    )], capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-2:] == ["[]", "True False"]


def test_a_record_compares_hashes_and_copies_as_the_dataclass_did() -> None:
    from xl_tiebreak.model.tournament import Color, Kind, Record

    a = Record(Kind.WIN, 3, Color.WHITE, where="line 5, col 92")
    b = Record(Kind.WIN, 3, Color.WHITE, False, "cell E7")
    assert a == b and (a != b) is False  # the place takes no part in equality...
    assert hash(a) == hash(b)  # ...nor in the hash
    assert a != Record(Kind.WIN, 3, Color.BLACK) and a != Record(Kind.DRAW, 3, Color.WHITE)
    assert a != (Kind.WIN, 3, Color.WHITE, False, "line 5, col 92")  # only records compare
    with pytest.raises(TypeError):
        _ = a < b  # not ordered
    with pytest.raises(AttributeError):
        a.opponent = 4  # type: ignore[misc]
    copy = a.replace(opponent=4)
    assert (copy.kind, copy.opponent, copy.color, copy.where) == (
        Kind.WIN, 4, Color.WHITE, "line 5, col 92")
    with pytest.raises(TypeError, match="no field"):
        a.replace(rating=1)
    assert tuple.__new__(Record, (Kind.WIN, 3, Color.WHITE, False, "x")) == a
    assert repr(Record(Kind.ZPB)) == (
        "Record(kind=<Kind.ZPB: 'zero-point bye'>, opponent=None, color=None, "
        "short_game=False, where='')")


def test_the_model_classes_keep_their_dataclass_behaviour() -> None:
    from xl_tiebreak.model.tournament import Problem, Scoring, Severity, Tournament
    from xl_tiebreak.tiebreaks.descriptors import Descriptor

    s = Scoring(win=Fraction(3), draw=Fraction(1))
    assert s == Scoring(Fraction(3), Fraction(1)) and hash(s) == hash(Scoring(Fraction(3),
                                                                              Fraction(1)))
    assert s.replace(draw=Fraction(1, 2)) == Scoring(win=Fraction(3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.win = Fraction(2)  # type: ignore[misc]
    p = Problem(Severity.ERROR, "x", "line 1")
    assert p != Problem(Severity.ERROR, "x", "line 2")  # a problem's place is compared
    bh = tiebreak("BH")
    assert Descriptor(bh, 1, text="bh/c1") == Descriptor(bh, 1)  # the text is not
    assert Descriptor(bh, 1) != Descriptor(bh, 2)
    players = [Participant(1, "A"), Participant(2, "B")]
    t = Tournament(players, rounds=3)
    assert t.scoring == Scoring() and t.tiebreaks == [] and t.notes == [] and t.rounds == 3
    assert Tournament([]).tiebreaks is not Tournament([]).tiebreaks  # a list each
    assert t.replace(name="X") == Tournament(players, name="X", rounds=3)
    with pytest.raises(TypeError):
        hash(t)


def test_values_pickle_and_deep_copy_as_dataclasses_did() -> None:
    """A frozen value is rebuilt through its ``__init__`` (restoring its fields one by one
    would meet the error on assignment): pickle (``check --jobs`` workers, other programs) and
    copy.deepcopy give equal values, for the model and the standings' own classes alike."""
    import copy
    import pickle

    from xl_tiebreak.cli.main import load_tournament
    from xl_tiebreak.standings.final import compute_standings

    t = load_tournament(str(EXAMPLE))
    s = compute_standings(t, "BH/C1,BH,SB,DE")
    assert s.evaluation is not None
    values: list[object] = [t, t.scoring, t.participants[0], t.participants[0].rounds[0],
                            s.descriptors[0], s.rows[0], s.evaluation.explain("BH/C1", 1),
                            tiebreak("BH"), Column("tiebreak", "BH", None, 0, 2)]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value, type(value).__name__
        assert copy.deepcopy(value) == value, type(value).__name__
