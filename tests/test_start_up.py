"""The lean start of the command line (issue 7, item 8; docs/decisions.md D71..D73): plain
value classes behave as the dataclasses they replace, the registry resolves the US Chess and
team functions only when called, and ``compute`` ends the process early with the same output
and exit status as :func:`xl_tiebreak.cli.main`."""

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

from xl_tiebreak.cli import main
from xl_tiebreak.engine import Element
from xl_tiebreak.export import Column
from xl_tiebreak.model import Participant
from xl_tiebreak.ranking import Row
from xl_tiebreak.registry import tiebreak

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
        "from xl_tiebreak.cli import main\n"
        f"main(['compute', {str(EXAMPLE)!r}, '--tiebreaks', 'BH/C1,BH,SB,DE'])\n"
        "lazy = ('uscf', 'teams', 'team_engine', 'team_tiebreaks')\n"
        "print(sorted(m for m in lazy if 'xl_tiebreak.' + m in sys.modules))\n"
        f"main(['compute', {str(EXAMPLE)!r}, '--tiebreaks', 'OTHER_MM', '--rules', 'uscf'])\n"
        "print(sorted(m for m in lazy if 'xl_tiebreak.' + m in sys.modules))\n"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "[]" in lines and "['uscf']" in lines
    assert lines.index("[]") < lines.index("['uscf']")


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
