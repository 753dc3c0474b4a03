"""The language of the command line: ``--lang`` when given, else the locale.

The language is chosen before the arguments are parsed (:func:`chosen`), so that argparse's own
words (``usage:``, ``options``, its error messages) and every option's help are written in it
too: argparse looks its texts up through its module's ``_`` and ``ngettext`` at the time it
writes them, and :func:`route_argparse` points them at the catalogue (the texts below, under the
context ``"argparse"``). An unknown ``--lang`` is left for argparse to refuse, in the locale's
language. docs/engineering.md D-C1.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from xl_tiebreak.i18n.language import N_, available, from_environment, normalize, translate
from xl_tiebreak.i18n.language import translate as translated

__all__ = ["ARGPARSE_TEXTS", "chosen", "language_argument", "route_argparse"]

ARGPARSE_TEXTS = frozenset({
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument"),
    N_("expected %s arguments"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
})
"""argparse's texts (Python 3.10–3.13) that the command line can show, marked for the
catalogue; any other argparse text stays as argparse writes it."""

_ROUTED = False


def _argparse_text(message: str) -> str:
    """argparse's ``_``: its text in the language in force."""
    return translated(message) if message in ARGPARSE_TEXTS else message


def _argparse_ntext(singular: str, plural: str, count: int) -> str:
    """argparse's ``ngettext``."""
    return _argparse_text(singular if count == 1 else plural)


def route_argparse() -> None:
    """Make argparse look its texts up in the catalogue (once; English is unchanged)."""
    global _ROUTED
    if not _ROUTED:
        argparse._ = _argparse_text  # type: ignore[attr-defined]
        argparse.ngettext = _argparse_ntext  # type: ignore[attr-defined]
        _ROUTED = True


def _given(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` in ``argv`` (``--lang pt-BR`` or ``--lang=pt-BR``)."""
    found = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(argv):
            found = argv[k + 1]
        elif arg.startswith("--lang="):
            found = arg[len("--lang="):]
    return found


def chosen(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language the command line writes in: ``--lang``'s when it names one with a
    catalogue, else the locale's (:func:`~xl_tiebreak.i18n.language.from_environment`)."""
    given = _given(argv)
    if given is not None:
        found = normalize(given)
        if found is not None:
            return found
    return from_environment(environ)


def _language(text: str) -> str:
    """``--lang``'s value as a language tag (``pt_BR``, ``pt-br``, ``pt`` → ``pt-BR``)."""
    found = normalize(text)
    if found is None:
        raise argparse.ArgumentTypeError(translate(
            "{value}: expected one of {choices}", value=repr(text),
            choices=", ".join(available())))
    return found


def language_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--lang`` to a command's parser (every command has it, before or after the command
    name)."""
    parser.add_argument(
        "--lang", type=_language, metavar="|".join(available()),
        default=argparse.SUPPRESS,
        help=translate("the language of the output and messages (default: the locale's, "
                       "LANG=pt_BR.UTF-8 for Portuguese)"))
