"""One loader for every input: a file or its text becomes the event it holds.

:func:`load_event` reads a file, :func:`parse_event` its bytes or text. What the event is comes
from the content, never from a command's choice:

- TRF (the first non-blank line starts with a record code): an ``XXK`` record makes it a
  knockout bracket (one game per TRF round, :mod:`xl_tiebreak.knockout.trf`); ``310`` or
  legacy ``013`` team records a team event; otherwise an individual tournament;
- CSV (``.csv``, or text that is not TRF): a header with ``Round``, ``Match``, ``Player A`` and
  ``Player B`` is a knockout bracket table; a ``Team`` header with the boards known (a
  ``Boards`` row above it, or ``teams`` given) a team crosstable, or a team round-robin grid
  when it has a column per team; anything else an individual crosstable.

Workbooks are read by the spreadsheet layer (``xl_tiebreak.excel.headless``), which the core
never imports. Every refusal is an :class:`~xl_tiebreak.model.tournament.InputError` naming the
file and the place.
"""

from __future__ import annotations

import enum
import os
import re

from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import BlankRounds, InputError, Problem, Severity, Tournament
from xl_tiebreak.util.os_reasons import os_reason
from xl_tiebreak.util.text_files import (
    MAX_INPUT_BYTES,
    DecodeError,
    check_regular_file,
    decode_text_noted,
    read_capped,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import TypeAlias

    from xl_tiebreak.knockout.bracket import Bracket
    from xl_tiebreak.model.teams import TeamEvent

    Event: TypeAlias = Tournament | TeamEvent | Bracket
    """What an input holds."""

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
"""Workbooks: read by the spreadsheet layer, not here."""
OTHER_SPREADSHEETS = (".xltx", ".xltm", ".xls", ".xlsb", ".xlt", ".ods", ".fods", ".numbers")
"""Spreadsheet files that are not read at all (they would otherwise be parsed as TRF)."""

TRF_SUFFIXES = (".trf", ".trfx", ".txt")
"""Files read as TRF whatever their first line (other names but ``.csv``: by the content)."""

_TRF_LINE = re.compile(r"(\d{3}|XX[A-Z]|###)( |$)")


class EventKind(enum.Enum):
    """The three kinds of event an input can hold."""

    INDIVIDUAL = "individual"
    TEAM = "team"
    KNOCKOUT = "knockout"


def kind_of(event: Event) -> EventKind:
    """The kind of a loaded event."""
    if isinstance(event, Tournament):
        return EventKind.INDIVIDUAL
    from xl_tiebreak.model.teams import TeamEvent

    return EventKind.TEAM if isinstance(event, TeamEvent) else EventKind.KNOCKOUT


def describe(event: Event) -> str:
    """What the event is, in a few words: ``individual Swiss``, ``team round robin``,
    ``knockout``."""
    from xl_tiebreak.model.teams import TeamEvent
    from xl_tiebreak.model.tournament import TournamentType

    if isinstance(event, (Tournament, TeamEvent)):
        form = "round robin" if event.type is TournamentType.PREDETERMINED else "Swiss"
        return f"{kind_of(event).value} {form}"
    return "knockout"


def suffix(path: str | os.PathLike[str]) -> str:
    """The file name's extension in lower case (``.trf``)."""
    return os.path.splitext(os.path.basename(os.fspath(path)))[1].lower()


def read_input(path: str | os.PathLike[str]) -> bytes:
    """The bytes of an input file; InputError for what is not a readable regular file (a
    folder, a FIFO, a device), a file over :data:`MAX_INPUT_BYTES`, or a spreadsheet format
    that is not read."""
    name = os.fspath(path)
    try:
        check_regular_file(name)  # a FIFO is never opened: it would block
    except ValueError as exc:
        raise InputError(str(exc)) from None
    ext = suffix(name)
    if ext in OTHER_SPREADSHEETS:
        raise InputError(_("{name}: {ext} files are not read; save it as an Excel workbook "
                           "(.xlsx), or export the crosstable as CSV or TRF", name=name,
                           ext=ext))
    if ext in WORKBOOK_SUFFIXES:
        raise InputError(_("{name}: a workbook is read by the spreadsheet layer (xl-tiebreak "
                           "compute reads it with openpyxl)", name=name))
    try:
        data = read_capped(name)
    except OSError as exc:
        raise InputError(_("cannot read the file: {error}", error=os_reason(exc)),
                         name) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(_("{name}: file is larger than {size} MB", name=name,
                           size=MAX_INPUT_BYTES // 2**20))
    return data


def load_event(
    path: str | os.PathLike[str],
    *,
    blank_rounds: BlankRounds = BlankRounds.ABSENT,
    teams: int | None = None,
    incomplete_lineups: bool = False,
    knockout: bool = False,
) -> Event:
    """The event of a TRF file or CSV file (see the module docstring); the source is named
    by the file's base name. ``blank_rounds``: what an empty round means (individual and team
    crosstables, individual TRF); ``teams``: boards per match of a CSV team crosstable (it is
    then read as one); ``incomplete_lineups``: accept team TRF matches with fewer games than
    boards; ``knockout``: read it as a knockout bracket (a TRF without an ``XXK`` record, a CSV
    whose header is not a bracket table's: the bracket readers say what is missing). Files
    named ``.csv`` are read as CSV, ``.trf``, ``.trfx`` and ``.txt`` as TRF, others by their
    content."""
    name = os.fspath(path)
    ext = suffix(name)
    csv = True if ext == ".csv" else False if ext in TRF_SUFFIXES else None
    return parse_event(read_input(name), os.path.basename(name), csv=csv,
                       blank_rounds=blank_rounds, teams=teams,
                       incomplete_lineups=incomplete_lineups, knockout=knockout)


def parse_event(
    data: bytes | str,
    source: str = "",
    *,
    csv: bool | None = None,
    blank_rounds: BlankRounds = BlankRounds.ABSENT,
    teams: int | None = None,
    incomplete_lineups: bool = False,
    knockout: bool = False,
) -> Event:
    """The event of an input's bytes or text (see :func:`load_event`). ``csv``: True for CSV,
    False for TRF, None to tell by the content (TRF when the first non-blank line starts with
    a record code)."""
    if isinstance(data, bytes):
        try:
            text, notes = decode_text_noted(data)
        except DecodeError as exc:
            raise InputError(str(exc), f"{source}, {exc.where}" if source else exc.where
                             ) from None
    else:
        text, notes = data.removeprefix("\ufeff"), []
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(_("the input is larger than {size} MB", size=MAX_INPUT_BYTES // 2**20),
                         source)
    if csv is None:
        csv = not looks_like_trf(text)
    if teams is not None and not csv:
        raise InputError(_("--teams: expects a CSV team crosstable"), source)
    event = (_csv_event(text, source, blank_rounds, teams, knockout) if csv else
             _trf_event(text, source, blank_rounds, incomplete_lineups, knockout))
    _add_notes(event, notes, source)
    return event


def looks_like_trf(text: str) -> bool:
    """True when the first non-blank line starts with a TRF record code (``012 ``, ``001 ``,
    ``XXK``, ``###``)."""
    for line in text[:8192].splitlines():
        if line.strip():
            return bool(_TRF_LINE.match(line))
    return False


def _records(text: str, *codes: str) -> bool:
    """True when some line of a TRF text starts with one of the record ``codes`` (line ends
    ``\n``, ``\r\n`` or ``\r``)."""
    return any(text.startswith(code) or f"\n{code}" in text or f"\r{code}" in text
               for code in codes)


def _trf_event(text: str, source: str, blank_rounds: BlankRounds, incomplete: bool,
               knockout: bool) -> Event:
    if knockout or _records(text, "XXK"):
        from xl_tiebreak.knockout.trf import read_knockout_trf

        return read_knockout_trf(text, source=source)
    if _records(text, "310", "013"):
        from xl_tiebreak.formats.trf.team_reader import parse_team_trf

        return parse_team_trf(text, source, incomplete=incomplete)
    from xl_tiebreak.formats.trf.reader import parse_trf

    return parse_trf(text, source=source, blank_rounds=blank_rounds)


def _csv_event(text: str, source: str, blank_rounds: BlankRounds, teams: int | None,
               knockout: bool) -> Event:
    from xl_tiebreak.formats.crosstable.team_reader import csv_rows, is_team_crosstable

    rows = csv_rows(text, source)
    if not knockout and teams is None and is_prize_list(rows):
        raise InputError(_("a prize list, not an event: give it to compute with --prizes "
                           "(compute EVENT --prizes PRIZES.csv)"), source)
    if knockout or (teams is None and _is_bracket(rows)):
        from xl_tiebreak.knockout.bracket import read_bracket_csv

        return read_bracket_csv(text, source=source)
    if teams is not None or is_team_crosstable(rows):
        from xl_tiebreak.formats.crosstable.team_grid import is_team_grid, read_team_grid
        from xl_tiebreak.formats.crosstable.team_reader import read_csv_team_crosstable

        if is_team_grid(rows, teams):  # one column per team: a round-robin grid
            return read_team_grid(rows, boards=teams, source=source)
        return read_csv_team_crosstable(text, boards=teams, blank_rounds=blank_rounds,
                                        source=source)
    from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable

    return read_csv_crosstable(text, source=source, blank_rounds=blank_rounds)


_BRACKET_COLUMNS = ({"round"}, {"match"}, {"playera", "player1"}, {"playerb", "player2"})


_PRIZE_COLUMNS = ({"place"}, {"amount", "trophy"})
"""A prize list's header: Place, and Amount or Trophy (``prizes.prize_list``)."""


def is_prize_list(rows: list[list[str]]) -> bool:
    """True when the first non-blank row is a prize list's header (Place, and Amount or
    Trophy, and no Name column): a table that goes with an event, not an event."""
    from xl_tiebreak.formats.tables import header_key

    head = next((r for r in rows if any(c.strip() for c in r)), [])
    keys = {header_key(c) for c in head}
    return all(keys & names for names in _PRIZE_COLUMNS) and "name" not in keys


def _is_bracket(rows: list[list[str]]) -> bool:
    """True when the first non-blank row is a knockout bracket table's header."""
    from xl_tiebreak.formats.tables import header_key

    head = next((r for r in rows if any(c.strip() for c in r)), [])
    keys = {header_key(c) for c in head}
    return all(keys & names for names in _BRACKET_COLUMNS)


def _add_notes(event: Event, notes: list[str], source: str) -> None:
    """The decoder's notes (a line read as Latin-1) as the event's warnings."""
    if not notes:
        return
    if isinstance(event, Tournament):
        event.notes += [Problem(Severity.WARNING, n, source) for n in notes]
        return
    from xl_tiebreak.model.teams import TeamEvent

    if isinstance(event, TeamEvent):
        event.notes += notes
