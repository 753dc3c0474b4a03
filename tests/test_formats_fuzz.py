"""Fuzz tests for the TRF reader, the crosstable reader and the descriptor parser:
seeded random inputs derived from valid ones (byte and character flips, cut lines, huge and
odd numbers, control characters, shifted columns). Whatever the input: no exception but a
clean :class:`InputError` whose every problem names a place (TRF: a line; crosstable: a cell
or row), and each case within a time limit. A few hundred cases per run; thousands with
``--run-slow``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from xl_tiebreak.formats.crosstable.reader import read_crosstable, read_csv_crosstable
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.standings.evaluation import Evaluation
from xl_tiebreak.tiebreaks.descriptors import parse_list

FAST = 300
SLOW = 3000
LIMIT = 2.0
"""Seconds one case may take (generous: the machine is shared)."""

TRF = """012 Fuzz Open
042 2024/08/01
XXR 5
202 BH/C1,BH,SB
001    1 m    Alpha, Anna                       2100 IRL                         2.5    1     2 w 1     3 b =  0000 - H
001    2 m    Beta, Bob                         2000 ENG                         1.0    2     1 b 0     4 w 1     3 w 0
001    3 m    Gamma, Cleo                       1900 NOR                         2.5    3     4 w =     1 w =     2 b 1
001    4 m    Delta, Dan                        1800                             0.5    4     3 b =     2 b 0  0000 - U
"""  # noqa: E501

ODD = ["\x00", "\x1b", "²", "½", "9" * 60, "-", "+", "/", "=", "\ufeff", "é", "\u202e", " ",
       "\t", "\r", "\n", "0000", "99999", "-1", "1e9", "nan", "SM:68/²", "PTS,"]


def _every_seed(case: Callable[[int], None], seeds: range) -> None:
    """Run ``case`` for every seed; a failure names its seed (rerun it alone to see it)."""
    for seed in seeds:
        try:
            case(seed)
        except AssertionError as exc:
            raise AssertionError(f"seed {seed}: {exc}") from exc


def _mutate_text(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(5)
        pos = rng.randrange(len(chars)) if chars else 0
        if op == 0 and chars:
            chars[pos] = rng.choice(ODD + list("0123456789 wbWB=+-HFUZD"))
        elif op == 1:
            chars[pos:pos] = list(rng.choice(ODD))
        elif op == 2 and chars:
            del chars[pos:pos + rng.randint(1, 12)]
        elif op == 3:
            chars[pos:pos] = list(rng.choice(["  0000 - F" * rng.randint(1, 120), "XXR ",
                                              "142 ", "240 H   1    2\n", "299 x\n", "212 ",
                                              "042 ", "001 "]))
        else:
            chars[pos:pos] = [" "] * rng.randint(1, 10)
    return "".join(chars)


def _check_trf(data: str | bytes) -> None:
    started = time.perf_counter()
    try:
        t = parse_trf(data)
        Evaluation(t).standings()
    except InputError as exc:
        assert exc.problems
        for p in exc.problems:
            assert p.where.startswith("line") or "lines" in p.where or p.where == "" and \
                p.message.startswith(("... and", "the file", "no player")), str(p)
            assert "\x00" not in str(p)
    assert time.perf_counter() - started < LIMIT


def _trf_case(seed: int) -> None:
    rng = random.Random(seed)
    text = _mutate_text(rng, TRF)
    if rng.random() < 0.3:
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        _check_trf(bytes(data))
    else:
        _check_trf(text)


@pytest.mark.parametrize("seed", range(FAST))
def test_fuzz_trf(seed: int) -> None:
    _trf_case(seed)


@pytest.mark.slow
def test_fuzz_trf_slow() -> None:
    """{SLOW} more seeds in one test (one skipped entry by default, not thousands)."""
    _every_seed(_trf_case, range(FAST, FAST + SLOW))


# ---------------------------------------------------------------------------------- crosstable

CELLS = ["2w1", "3b½", "1b0", "U", "H", "", None, "-", "+", "12w+", "x", 1.0, 0.5, 2200.0,
         float("nan"), float("inf"), True, "1e999999", "9" * 50, "\x00", "Rd 1", "Round",
         "No", "Name", "Pts", -3, 10**30, "½", "=", "R1", "Runde 2"]


def _crosstable_case(seed: int) -> None:
    rng = random.Random(seed)
    rows: list[list[object]] = [["No", "Name", "Pts", "R1", "R2"],
                                [1, "Anna", 1.5, "2w1", "H"], [2, "Bob", 0.5, "1b0", "H"],
                                [3, "Cleo", 1, "U", "4b1"], [4, "Dan", 0, "-", "3w0"]]
    if rng.random() < 0.3:
        rows.insert(0, [rng.choice(["Open", "Title", None, "No"])])
    for _ in range(rng.randint(1, 6)):
        r = rng.randrange(len(rows))
        row = rows[r]
        c = rng.randrange(len(row) + 2)
        while len(row) <= c:
            row.append(None)
        row[c] = rng.choice(CELLS)
    if rng.random() < 0.2:
        del rows[rng.randrange(len(rows))]
    started = time.perf_counter()
    try:
        if rng.random() < 0.3:
            text = "\n".join(",".join("" if v is None else str(v) for v in row) for row in rows)
            t = read_csv_crosstable(text, source="f.csv")
        else:
            t = read_crosstable(rows, sheet="S")
        Evaluation(t).standings()
    except InputError as exc:
        assert exc.problems
        for p in exc.problems:
            assert "\x00" not in str(p)
    assert time.perf_counter() - started < LIMIT


@pytest.mark.parametrize("seed", range(FAST))
def test_fuzz_crosstable(seed: int) -> None:
    _crosstable_case(seed)


@pytest.mark.slow
def test_fuzz_crosstable_slow() -> None:
    """{SLOW} more seeds in one test (one skipped entry by default, not thousands)."""
    _every_seed(_crosstable_case, range(FAST, FAST + SLOW))


# ---------------------------------------------------------------------------------- descriptors

PIECES = ["BH", "SB", "ARO", "KS", "AOB", "PTS", "DE", "WIN", "TPR", "SM", "SM:", "84", "68",
          "86", "/", "/C", "/M", "/L", "/P", "/F", "/U", "/R", "-", ",", ";", "1", "²", "9" * 30,
          "+", "preset:", "diswiss", ":GP", ":MP", " ", "\x00", "½", "GP", "0", "P", "F"]


def _descriptor_case(seed: int) -> None:
    rng = random.Random(seed)
    text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))
    started = time.perf_counter()
    try:
        parse_list(text)
    except InputError as exc:
        assert exc.problems and all(p.message for p in exc.problems)
        assert "\x00" not in str(exc)
    assert time.perf_counter() - started < LIMIT


@pytest.mark.parametrize("seed", range(FAST))
def test_fuzz_descriptors(seed: int) -> None:
    _descriptor_case(seed)


@pytest.mark.slow
def test_fuzz_descriptors_slow() -> None:
    """{SLOW} more seeds in one test (one skipped entry by default, not thousands)."""
    _every_seed(_descriptor_case, range(FAST, FAST + SLOW))
