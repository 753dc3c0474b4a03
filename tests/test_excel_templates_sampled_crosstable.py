"""``xl-tiebreak workbook`` builds the crosstable with its header and one cell of each format,
and writes the other cells into the zip (:class:`~xl_tiebreak.excel.templates.builder.
SampledCrosstable`, :mod:`xl_tiebreak.excel.book.zip_rows`): the workbook is the one the
whole openpyxl build writes — every cell's value, type and format, the used range, heights —
for Swiss events with byes and forfeits (texts starting with ``+`` and ``-``, written with the
quote prefix), a round robin, names with spaces at their ends, tabs,
``&``, ``<``, accents, a name that starts with ``=``, and numbers; a value the zip writing
does not take (an error text, a carriage return) makes the whole build write it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import xl_tiebreak.excel.templates.from_event as from_event
from tests.test_excel_functions_event_sheets import generated
from tests.test_excel_zip_book_growth import dump
from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.book.zip_rows import writable
from xl_tiebreak.formats.trf.reader import write_trf
from xl_tiebreak.model.tournament import Tournament

ROOT = Path(__file__).resolve().parents[1]


def both(t: Tournament | Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
         suffix: str = ".xlsx") -> tuple[dict[str, Any], dict[str, Any], list[bool]]:
    """The dumps of ``workbook`` on the event, sampled then built whole, and whether each
    build was sampled."""
    if isinstance(t, Path):
        source = t
    else:
        source = tmp_path / "event.trf"
        source.write_text(write_trf(t), encoding="utf-8")
    sampled: list[bool] = []
    real = from_event.sampled_crosstable

    def spy(template: Any) -> Any:
        found = real(template)
        sampled.append(found is not None)
        return found

    monkeypatch.setattr(from_event, "sampled_crosstable", spy)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / f"event{suffix}", tmp_path / "b" / f"event{suffix}"
    assert main(["workbook", str(source), "-o", str(first)]) == 0
    with monkeypatch.context() as patched:
        patched.setattr(from_event, "sampled_crosstable", lambda template: None)
        assert main(["workbook", str(source), "-o", str(second)]) == 0
    return dump(first), dump(second), sampled


def names(t: Tournament, texts: list[str]) -> Tournament:
    for p, text in zip(t.participants, texts, strict=False):
        p.name = text
    return t


def test_a_swiss_event_with_byes_forfeits_and_odd_names(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    t = names(generated(240, 9, seed=240), ["  Spaces  ", "Tab\there", "Ana & Bia <3",
                                            "José Ñúñez", "=Equals", "+Plus", "-Minus",
                                            "@At", "x" * 300])
    got, expected, sampled = both(t, tmp_path, monkeypatch)
    assert sampled == [True]
    assert got == expected
    crosstable = got["Crosstable"][0]
    tokens = [value for (value, _shown, _style) in crosstable.values()]
    assert "=Equals" in tokens and any(isinstance(v, str) and v.startswith("-") for v in tokens)


def test_an_xlsm_workbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    got, expected, sampled = both(generated(30, 5, seed=30), tmp_path, monkeypatch, ".xlsm")
    assert sampled == [True]
    assert got == expected


def test_a_round_robin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    got, expected, sampled = both(ROOT / "examples" / "club_round_robin.csv", tmp_path,
                                  monkeypatch)
    assert sampled == [True]
    assert got == expected
    assert got["Settings"] == expected["Settings"]


def test_a_grid_s_diagonal_is_shaded_in_both_builds() -> None:
    """The shipped round-robin template's grid (not a workbook from an event, which writes
    rounds): the diagonal keys found for the sampled build are the cells the whole build
    shades."""
    from xl_tiebreak.excel.templates.builder import ROUND_ROBIN, crosstable_keys

    keys = crosstable_keys(ROUND_ROBIN)
    shaded = [(r, c) for r, row in enumerate(keys, start=1) for c, key in enumerate(row, 1)
              if key[2]]
    assert shaded and all(ROUND_ROBIN.rows[0][c - 1] == ROUND_ROBIN.rows[r - 1][0]
                          for r, c in shaded)


def test_values_the_zip_does_not_write_build_whole(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    assert not writable([["No", "Name"], [1, "#N/A"]])
    assert not writable([["No", "Name"], [1, "line\rbreak"]])
    assert not writable([["No", "Name"], [1, float("nan")]])
    assert not writable([["No", "Name"], [True, "x"]])
    assert writable([["No", "Name", "R1"], [1, "=Equals", None], [2, "x", 1.5]])
    t = names(generated(20, 5, seed=20), ["#N/A"])
    got, expected, sampled = both(t, tmp_path, monkeypatch)
    assert sampled == [False]
    assert got == expected
