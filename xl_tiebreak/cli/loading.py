"""The input of every command: a workbook through the spreadsheet layer, any other file through
:func:`xl_tiebreak.events.loader.load_event`, then what the command line adds to a team event
(``--boards``, ``--primary``)."""

from __future__ import annotations

import argparse
import os

from xl_tiebreak.events.loader import WORKBOOK_SUFFIXES, EventKind, kind_of, load_event, suffix
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import BlankRounds, InputError, RatingUsed, Tournament
from xl_tiebreak.util.os_reasons import os_reason

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.events.loader import Event
    from xl_tiebreak.excel.reading.settings import Settings
    from xl_tiebreak.model.teams import TeamEvent


def load(args: argparse.Namespace) -> tuple[Event, Settings | None]:
    """The event of ``args.file`` and, for a workbook, its Settings sheet. The options a
    command does not have are read as not given."""
    path = args.file
    option = vars(args)
    blank = option.get("blank_rounds")
    settings = None
    if suffix(path) in WORKBOOK_SUFFIXES:  # its own checks: folder, pipe, OLE, damage
        if blank:
            raise InputError(_("--blank-rounds: for a workbook, set 'Blank rounds' in its "
                               "Settings sheet"))
        event, settings = _workbook(path)
    else:
        event = load_event(path, blank_rounds=BlankRounds(blank) if blank else
                           BlankRounds.ABSENT, teams=option.get("teams"),
                           incomplete_lineups=bool(option.get("incomplete_lineups")))
    rating = option.get("rating")
    if rating and isinstance(event, Tournament):  # the option wins over the input's choice
        event.rating_used = RatingUsed(rating)
    if not isinstance(event, Tournament):
        from xl_tiebreak.model.teams import TeamEvent

        if isinstance(event, TeamEvent):
            if rating:
                raise InputError(_("--rating: team events have no rating-based tie-breaks"),
                                 os.path.basename(path))
            return _team_options(args, event), settings
    if option.get("boards"):
        raise InputError(_("--boards: board results are for team events (a team TRF or team "
                           "crosstable)"), path)
    if option.get("primary"):
        raise InputError(_("--primary: the primary score is for team events (a team TRF or team "
                           "crosstable)"), path)
    return event, settings


def load_tournament(path: str, blank_rounds: BlankRounds = BlankRounds.ABSENT) -> Tournament:
    """The individual tournament of a TRF file, CSV crosstable or workbook; InputError naming
    the kind for a team event or a knockout bracket."""
    args = argparse.Namespace(file=path, blank_rounds=blank_rounds.value
                              if blank_rounds is not BlankRounds.ABSENT else None)
    event, _settings = load(args)
    return individual(event, path)


def individual(event: Event, path: str, command: str = "") -> Tournament:
    """The event when it is an individual tournament; else InputError saying what it is and
    which command reads it."""
    if isinstance(event, Tournament):
        return event
    kind = kind_of(event)
    if kind is EventKind.KNOCKOUT:
        advice = _("rank it with: xl-tiebreak knockout FILE")
    else:
        advice = _("team events are ranked with: xl-tiebreak compute FILE")
    what = (_("{command} reads individual events only", command=command) if command
            else _("not an individual event"))
    raise InputError(_("a {kind} event: {what}; {advice}", kind=translated(kind.value),
                       what=what, advice=advice), os.path.basename(path))


def _workbook(path: str) -> tuple[Event, Settings]:
    from pathlib import Path

    from xl_tiebreak.excel.headless import read_workbook_event

    return read_workbook_event(Path(path))


def _team_options(args: argparse.Namespace, event: TeamEvent) -> TeamEvent:
    """The team event with the board results of ``--boards`` and the primary score of
    ``--primary``."""
    option = vars(args)
    if option.get("boards"):
        from xl_tiebreak.formats.crosstable.team_boards import read_csv_boards
        from xl_tiebreak.util.text_files import DecodeError, decode_text_noted, read_capped

        name = args.boards
        try:
            text = decode_text_noted(read_capped(name))[0]
        except DecodeError as exc:
            raise InputError(str(exc), f"{os.path.basename(name)}, {exc.where}") from None
        except OSError as exc:
            raise InputError(_("cannot read the file: {error}", error=os_reason(exc)),
                             str(name)) from None
        event = read_csv_boards(event, text, source=os.path.basename(name))
    if option.get("primary"):
        from xl_tiebreak.model.teams import Score

        event.primary = Score.GP if args.primary.upper() == "GP" else Score.MP
        event.primary_from = f"--primary {args.primary.upper()}"
    return event
