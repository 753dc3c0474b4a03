"""The command line parses with the parser of the one command given
(``cli.arguments.parse_arguments``): the result, every error message, usage line and help text
must be those of the whole parser, which is the reference here."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

import xl_tiebreak.cli.arguments as cli

VALID = [
    ["compute", "a.trf"],
    ["compute", "a.trf", "--tiebreaks", "BH/C1,BH,SB,DE", "--explain", "3", "--explain", "4"],
    ["compute", "a.csv", "--format", "csv", "--player-columns", "--rules", "fide2023",
     "--after-round", "5", "--blank-rounds", "declared", "--type", "rr"],
    ["compute", "t.trf", "--teams", "4", "--boards", "b.csv", "--compare", "BH", "SB,BH"],
    ["export", "a.trf", "-o", "out.trf", "--format", "trf26"],
    ["workbook", "a.trf", "-o", "a.xlsx", "--lots-seed", "x", "--force"],
    ["check", "dir", "other", "--jobs", "2", "--format", "json"],
    ["knockout", "bracket.csv", "--format", "csv"],
    ["standings", "book.xlsx", "--csv", "s.csv"],
    ["presets"],
    ["templates", "out", "--force"],
    ["demo"],
]

WRONG = [
    ["compute"],  # the file is missing
    ["compute", "a.trf", "--after-round", "x"],  # not a whole number
    ["compute", "a.trf", "--nonsense"],  # unknown option: reported by the top-level parser
    ["compute", "a.trf", "--version"],  # a top-level option after the command
    ["compute", "a.trf", "--format", "pdf"],
    ["export", "a.trf"],  # -o is required
    ["check", "--jobs", "2"],
    ["nonsense"],
    [],
    ["--tiebreaks", "BH"],
]


def _outcome(parse: Callable[[], argparse.Namespace],
             capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    """(the namespace or the exit status, standard output, standard error) of one parse."""
    try:
        result: object = parse()
    except SystemExit as exc:
        result = ("exit", exc.code)
    out, err = capsys.readouterr()
    return result, out, err


@pytest.mark.parametrize("argv", VALID, ids=" ".join)
def test_one_command_parses_as_the_whole_parser(argv: list[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    fast = _outcome(lambda: cli.parse_arguments(argv), capsys)
    whole = _outcome(lambda: cli.parser().parse_args(argv), capsys)
    assert isinstance(fast[0], argparse.Namespace)
    assert fast == whole


@pytest.mark.parametrize("argv", WRONG, ids=lambda a: " ".join(a) or "(nothing)")
def test_errors_are_reported_in_the_whole_parsers_words(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    fast = _outcome(lambda: cli.parse_arguments(argv), capsys)
    whole = _outcome(lambda: cli.parser().parse_args(argv), capsys)
    assert fast[0] == ("exit", 2)
    assert fast == whole
    assert "usage: xl-tiebreak" in fast[2]


def test_an_unknown_option_lists_every_command_in_the_usage_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_arguments(["compute", "a.trf", "--nonsense"])
    err = capsys.readouterr().err
    assert "{compute,export,workbook,check,knockout,standings,presets,templates,demo}" in err
    assert "unrecognized arguments: --nonsense" in err


@pytest.mark.parametrize("argv", [["compute", "--help"], ["export", "-h"], ["--help"],
                                  ["--version"]])
def test_help_and_version_are_those_of_the_whole_parser(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    fast = _outcome(lambda: cli.parse_arguments(argv), capsys)
    whole = _outcome(lambda: cli.parser().parse_args(argv), capsys)
    assert fast[0] == ("exit", 0)
    assert fast == whole
    assert fast[1].strip()


def test_only_the_given_command_is_built() -> None:
    parser = cli.parser("compute")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == ["compute"]
    whole = next(a for a in cli.parser()._actions
                 if isinstance(a, argparse._SubParsersAction))
    assert list(whole.choices) == list(cli.COMMANDS)
