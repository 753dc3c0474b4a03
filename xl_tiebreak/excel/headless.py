"""The workbook without Excel: the ``standings`` command (:func:`write_standings_file`) and
the tournament of a workbook file for ``compute`` (:func:`read_workbook_tournament`), after
the file checks of :mod:`xl_tiebreak.excel.files.checks`. ``standings`` rewrites the parts it
owns inside the zip (:class:`~xl_tiebreak.excel.book.zip_book.ZipBook`, decisions D-O1 to
D-O3) and falls back to openpyxl's load and save
(:class:`~xl_tiebreak.excel.book.openpyxl_book.OpenpyxlBook`) where that route cannot go;
``compute`` reads through openpyxl.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

import xl_tiebreak.excel.files.checks as files
import xl_tiebreak.excel.files.keep_or_refuse as keep
from xl_tiebreak.excel.book.openpyxl_book import OpenpyxlBook
from xl_tiebreak.excel.book.zip_book import (
    NeedsGrowth,
    Unreadable,
    Unsupported,
    ZipBook,
    changed_parts,
    open_zip_book,
)
from xl_tiebreak.excel.files.limits import check_written
from xl_tiebreak.excel.files.output import Identity
from xl_tiebreak.excel.functions.cached_values import cache_in_zip, saved_bytes
from xl_tiebreak.excel.reading.event import CROSSTABLE, read_book_tournament
from xl_tiebreak.excel.reading.settings import Settings, read_settings
from xl_tiebreak.excel.reading.team_event import (
    as_settings,
    has_team_crosstable,
    is_team_book,
    read_book_team_event,
)
from xl_tiebreak.excel.sheets.writer import WriteResult, write_standings_to
from xl_tiebreak.i18n import _, using
from xl_tiebreak.i18n.language import DEFAULT
from xl_tiebreak.model.teams import TeamEvent
from xl_tiebreak.model.tournament import InputError, Problem, Severity, Tournament

__all__ = ["ProblemsWritten", "read_workbook_event", "read_workbook_tournament",
           "write_standings_file"]


class ProblemsWritten(InputError):
    """Raised by :func:`write_standings_file` when the crosstable or settings have errors:
    the workbook ``path`` was written with the problems on its sheet ``sheet`` (empty when no
    sheet could be added); ``warnings`` are about the file (parts openpyxl could not keep)."""

    def __init__(self, problems: list[Problem], sheet: str, path: Path,
                 warnings: Sequence[Problem] = ()) -> None:
        super().__init__(problems)
        self.sheet = sheet
        self.path = path
        self.warnings = list(warnings)


def write_standings_file(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str] | None = None,
    csv_out: str | os.PathLike[str] | None = None,
    force: bool = False,
    *,
    player_columns: bool = False,
) -> WriteResult:
    """Do what the macro does, without Excel: write the Standings sheet of the workbook ``path``
    into ``out`` (default: ``path`` itself), and the table to ``csv_out`` if given.

    Every other sheet, the formatting and (``.xlsm`` to ``.xlsm``) the VBA project are kept:
    by the zip route every part but those xl-tiebreak owns is copied byte for byte, and that
    is checked before anything is written. On the openpyxl route (D-O3), keep or refuse,
    never strip: the new workbook is first written to a temporary file and
    compared with the original (:func:`~xl_tiebreak.excel.files.keep_or_refuse.lost_features`);
    when anything
    of the original would be lost (charts, printer settings, rich text, custom views, …) the
    workbook is not rewritten in place (InputError naming what, suggesting ``-o``), and a
    different ``out`` gets a warning naming it. An existing ``out`` or ``csv_out`` is replaced
    only with ``force`` (and one that appears meanwhile never without it); a workbook open in
    Excel or LibreOffice (its lock file is there), one saved by another program while this
    ran (its identity is checked again just before the rename), a read-only file and anything
    but a regular file are never replaced. The CSV and the workbook are both written to
    temporaries and renamed only when both are complete, so a failure leaves both as they
    were; temporaries of killed runs are removed. The CSV has the columns of ``compute --format
    csv`` (with ``player_columns`` also Title, Fed, Rtg).

    When the crosstable or settings have errors, the workbook is still written with its
    Problems sheet (standings untouched), no CSV is written, and :class:`ProblemsWritten` (an
    InputError) is raised listing every problem. Returns the :class:`WriteResult` (``path`` =
    the workbook written).
    """
    source = Path(path)
    seen = files.identity(source)  # the version read: replaced only if it is still the one
    data = files.check_file(source)  # the bytes checked are the bytes the zip route reads
    target, keep_vba = files.output_path(source, out)
    in_place = files.same_file(source, target)
    csv_target = files.csv_path(csv_out, source, target)
    files.check_target(target)
    for folder in {Path(os.path.realpath(target)).parent,
                   *([Path(os.path.realpath(csv_target)).parent] if csv_target else [])}:
        files.remove_stale(folder)
    if not in_place:
        files.check_new(target, force, "-o")
    if csv_target is not None:
        files.check_new(csv_target, force, "--csv")
    files.check_not_open(target)
    zipped = _zip_book(source, data, keep_vba)
    if zipped is not None:
        try:
            return _write_by_zip(zipped, target, csv_target, seen, in_place, force,
                                 player_columns)
        except Unreadable:  # a damaged sheet: read again by openpyxl, which names the damage
            pass
        except NeedsGrowth:  # function sheets shorter than the event: openpyxl grows them
            pass
        except Unsupported:  # found while writing (a book without a styles part): openpyxl
            pass  # writes it, as it does the books the zip route does not take at all
    lost = files.lost_parts(source)
    if lost and in_place:
        raise _refusal(source, lost)
    notes: list[str] = []
    workbook = files.load(source, keep_vba, notes=notes)
    lost += files.dropped(notes, lost)
    if lost and in_place:
        raise _refusal(source, lost)
    lost = [_(item) for item in lost]  # in the language in force, as lost_features says them
    workbook.template = False  # the output is an .xlsx or .xlsm workbook
    if workbook.calculation is None:  # no <calcPr> (many writers other than Excel omit it)
        from openpyxl.workbook.properties import CalcProperties

        workbook.calculation = CalcProperties()
    book = OpenpyxlBook(workbook, files.values_view(source))
    try:
        before = book.sheet_names()
        result = write_standings_to(book)
        # what the writer replaced or removed: only sheets xl-tiebreak wrote
        ours = [result.sheet, *result.extra_sheets, *(set(before) - set(book.sheet_names()))]
    finally:
        book.close()
    with files.transaction() as stage:
        # both staged, then renamed in this order: the workbook, then the CSV
        # openpyxl stores no formula values: cached here when xl-tiebreak can compute every
        # formula, else the spreadsheet recomputes them on opening (files.RECOMPUTED)
        data, cached = saved_bytes(workbook)
        staged = stage(target, data, expected=seen if in_place else None,
                       new_only=not in_place and not force)
        for item in keep.lost_features(source, staged.temp, ours):
            if item not in lost:
                lost.append(item)
        if lost and in_place:
            raise _refusal(source, lost)
        notes_after = _stage_csv(stage, result, target, csv_target, player_columns, force)
    result.path = Path(os.path.realpath(target))
    dropped = [
        Problem(Severity.WARNING, _("{lost} of {source} are not in {target} (openpyxl cannot "
                                    "keep them).", lost=", ".join(lost), source=source.name,
                                    target=target.name)
                                  + ("" if cached else " " + _(files.RECOMPUTED)))
    ] if lost else []
    dropped += [Problem(Severity.WARNING, note) for note in notes_after]
    if not result.ok:
        raise ProblemsWritten(result.problems, result.sheet, result.path, dropped)
    result.problems.extend(dropped)
    return result


def _zip_book(source: Path, data: bytes, keep_vba: bool) -> ZipBook | None:
    """The zip-level book of the workbook, None when the openpyxl route writes it: a file
    other than .xlsx/.xlsm/.xltx/.xltm, a structure the zip route does not know, an .xlsm
    written as .xlsx (openpyxl leaves its VBA project out), or a digitally signed workbook
    (decision D-O3)."""
    book = open_zip_book(data, source.suffix, checked=True)
    if book is None:
        return None
    if not keep_vba and any(name.lower().endswith("vbaproject.bin") for name in book.infos):
        return None
    if any(name.startswith("_xmlsignatures/") for name in book.infos):
        return None  # signed parts would change: the openpyxl route refuses in place
    return book


def _write_by_zip(book: ZipBook, target: Path, csv_target: Path | None,
                  seen: Identity | None, in_place: bool, force: bool,
                  player_columns: bool) -> WriteResult:
    """:func:`write_standings_file` by the zip route: the sheets xl-tiebreak writes rewritten
    inside the zip, every other part copied as it was (nothing of the user's is lost, so
    nothing is refused for it; decision D-O2)."""
    result = write_standings_to(book)  # the function sheets follow the event there
    cache_in_zip(book)
    data = book.save()
    _check_copied(book, data)
    check_written(data)  # never a workbook the tool would refuse to read again
    with files.transaction() as stage:
        stage(target, data, expected=seen if in_place else None,
              new_only=not in_place and not force)
        notes_after = _stage_csv(stage, result, target, csv_target, player_columns, force)
    result.path = Path(os.path.realpath(target))
    warnings = [Problem(Severity.WARNING, note) for note in notes_after]
    if not result.ok:
        raise ProblemsWritten(result.problems, result.sheet, result.path, warnings)
    result.problems.extend(warnings)
    return result


def _check_copied(book: ZipBook, data: bytes) -> None:
    """Refuse to write (InputError) unless every part of the original that the zip route
    does not own is in ``data``, byte for byte (the cheap form of keep or refuse: D-O2)."""
    missing, differ = changed_parts(book.data, data)
    owned = book.owned_parts() | book.touched
    wrong = sorted({*missing, *differ} - owned)
    if wrong:
        raise InputError(_("the workbook could not be rewritten without changing its part "
                           "{part}: it was not changed", part=wrong[0]))


def _stage_csv(stage: Callable[..., object], result: WriteResult, target: Path,
               csv_target: Path | None, player_columns: bool, force: bool) -> list[str]:
    """Stage the CSV (when asked and the standings were computed) after the workbook, in the
    same transaction, in the workbook's language as its Standings sheet (its texts, field
    separator and decimals); returns the notes on links among the targets."""
    if result.ok and csv_target is not None:
        language = (result.settings.language if result.settings is not None else None)
        with using(language or DEFAULT):
            data = files.csv_bytes(result.csv_table(player_columns))
        stage(csv_target, data, new_only=not force)
    return [n for n in (files.link_note(target),
                        files.link_note(csv_target) if csv_target else None) if n]


def _refusal(source: Path, lost: Sequence[str]) -> InputError:
    return InputError(
        _("{source} contains {lost}, which cannot be kept when the file is rewritten without "
          "Excel: it was not changed; write to another file with -o (the copy lacks them).",
          source=source.name, lost=", ".join(_(item) for item in lost))
    )


def read_workbook_tournament(path: str | os.PathLike[str]) -> tuple[Tournament, Settings]:
    """The tournament and settings of a workbook file (for ``compute`` on .xlsx files).

    The tournament's ``tiebreaks`` are the Settings' tie-break list; compute with
    ``compute_standings(t, None, settings.rules, settings.after_round,
    settings.unrated_rating)``. ``settings.warnings`` lists what reading warned about. The
    file is loaded once (the values Excel saved for formulas are streamed from it only when the
    crosstable or settings have formulas). Raises InputError listing every problem, also for a
    team workbook (:func:`read_workbook_event` reads both).
    """
    event, settings = read_workbook_event(path)
    if isinstance(event, TeamEvent):
        raise InputError(_("{file} is a team workbook (its Settings sheet has a 'Boards' row): "
                           "only compute and standings read it", file=Path(path).name))
    return event, settings


def read_workbook_event(
    path: str | os.PathLike[str],
) -> tuple[Tournament | TeamEvent, Settings]:
    """The event of a workbook file: a team event for a team workbook (a ``Boards`` row in its
    Settings sheet or above its crosstable's header, :mod:`xl_tiebreak.excel.reading.team_event`;
    its ``tiebreaks`` and primary score from the Settings sheet), else the tournament as
    :func:`read_workbook_tournament` says. Raises InputError listing every problem."""
    source = Path(path)
    files.check_file(source)
    book = OpenpyxlBook(files.load(source, False), files.values_view(source))
    try:
        if is_team_book(book):
            return _team_event(book)
        settings, problems = read_settings(book)
        errors = [p for p in problems if p.severity is Severity.ERROR]
        try:
            if errors:
                raise InputError(errors)
            tournament = read_book_tournament(book, settings, problems)
        except InputError:
            if has_team_crosstable(book, CROSSTABLE):  # its own Boards row (D53)
                return _team_event(book)
            raise
    finally:
        book.close()
    settings.warnings = problems
    return tournament, settings


def _team_event(book: OpenpyxlBook) -> tuple[TeamEvent, Settings]:
    """The team event of a team workbook and its settings (warnings in ``settings.warnings``)."""
    problems: list[Problem] = []
    event, team_settings = read_book_team_event(book, CROSSTABLE, problems)
    settings = as_settings(team_settings)
    settings.warnings = problems
    return event, settings
