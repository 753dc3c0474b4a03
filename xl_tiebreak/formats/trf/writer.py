"""Writing FIDE Tournament Report Files: :func:`write_trf` turns a tournament into TRF16 (or
TRF26) text that :func:`xl_tiebreak.formats.trf.reader.parse_trf` reads back to equal
participants."""

from __future__ import annotations

from fractions import Fraction

from xl_tiebreak.formats.trf.codes import (
    ROUND1,
    ROUND_WIDTH,
    SEGMENT,
    XXS_COLORED,
    XXS_FIELDS,
    NoteValue,
    colours_line,
    note_line,
)
from xl_tiebreak.formats.trf.seed import seed_line
from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import (
    Color,
    Kind,
    Participant,
    Record,
    Scoring,
    Tournament,
    TournamentType,
)
from xl_tiebreak.util.dates import parse_date
from xl_tiebreak.util.numbers import fmt, parse_number, round_half_up

_WRITE_CODES = {
    Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "-",
    Kind.PAB: "U",
    Kind.FPB: "F",
    Kind.HPB: "H",
    Kind.ZPB: "Z",
}
_WRITE_PLAYED = {
    Kind.WIN: ("1", "W"),
    Kind.DRAW: ("=", "D"),
    Kind.LOSS: ("0", "L"),
}
"""Played kinds → (rated code, code for a game of less than one move)."""

_WRITE_COLORS = {Color.WHITE: "w", Color.BLACK: "b", None: "-"}


TRF_VERSIONS = ("trf16", "trf26")
"""What :func:`write_trf` can write."""


def write_trf(t: Tournament, version: str = "trf16") -> str:
    """TRF16-compatible text for ``t`` that :func:`parse_trf` reads back to equal participants.

    Written: ``012`` name, ``022`` city, ``032`` federation, ``042`` start date
    (``YYYY/MM/DD``), ``052`` end date (as read), ``062`` and ``072`` (the numbers of
    participants and of rated ones), ``092`` ``Swiss`` or ``Round Robin``, ``102`` chief
    arbiter, ``112`` deputies, ``122`` time control, ``132`` round dates (``YY/MM/DD`` in each
    round's columns: :func:`round_date_text`), ``XXR`` scheduled rounds, the header records kept
    as read (:attr:`Tournament.other_records`), ``162`` (or ``XXS`` when colour-specific or
    unusual values need it) for non-default scoring, the lots seed as a comment line
    (:mod:`xl_tiebreak.formats.trf.seed`; only when the tournament has one), ``202`` tie-breaks, and
    one ``001`` line
    per participant, then the national rating records (:func:`national_key`) of those with a
    national rating or ID. A game whose colour the tournament does not know is written with
    the lower start number as White (the FIDE checker refuses a game without one White and one
    Black) and listed in a comment line (:func:`~xl_tiebreak.formats.trf.codes.colours_line`)
    from which the reader takes the colours back as unknown (docs/engineering.md D105).
    Points (cols 81–84) are the declared points, blank when None; values that
    do not fit in 4 columns are rounded. Names longer than 33 characters are cut.

    ``version="trf26"`` writes the TRF26 records instead of the TRF16/JaVaFo ones where they
    differ: ``142`` for the rounds and ``212 PTS,…`` (the list defining the standings) for the
    tie-breaks.

    Raises ValueError when a start number, opponent or rank does not fit in 4 columns, or for
    an unknown ``version``.
    """
    if version not in TRF_VERSIONS:
        raise ValueError(_("unknown TRF version {version}: expected one of {versions}",
                           version=repr(version), versions=TRF_VERSIONS))
    lines = _header_lines(t, version == "trf26")
    given = given_colours(t)
    if given:
        lines.append(colours_line(sorted(given)))
    lines += [_player_line(p, given) for p in t.participants]
    key = national_key(t)
    if key:
        lines += [_national_line(key, p) for p in t.participants
                  if p.national_rating or p.national_id]
    for p in t.participants:
        fields = player_notes(p, national=not key)
        if fields:
            lines.append(note_line(fields, p.start_no))
    return "\n".join(lines) + "\n"


def player_notes(p: Participant, national: bool) -> dict[str, NoteValue]:
    """What a participant has that the ``001`` line has no place for: club, group, rapid and
    blitz ratings, the manual-order value (``OTHER_MANUAL``) and the extra points (Swiss-Manager
    42/43), each as an exact number's text, and
    (``national``: no national record is written) national rating and ID."""
    fields: dict[str, NoteValue] = {}
    for name, value in (("club", p.club), ("group", p.group), ("rapid", p.rapid_rating),
                        ("blitz", p.blitz_rating)):
        if value:
            fields[name] = value
    if p.manual_order is not None:
        fields["manual_order"] = str(p.manual_order)  # exact: "3", "-5/4", "1/3"
    if p.extra_points:
        fields["extra_points"] = str(p.extra_points)  # exact, as the manual order
    if national:
        if p.national_rating:
            fields["national_rating"] = p.national_rating
        if p.national_id:
            fields["national_id"] = p.national_id
    return fields


def given_colours(t: Tournament) -> dict[tuple[int, int], Color]:
    """The colour to write for each game record (start number, round) without one: the
    opposite of the opponent's when his record gives it, else White for the lower start
    number."""
    by_no = t.by_start_no()
    given: dict[tuple[int, int], Color] = {}
    for p in t.participants:
        for rnd, rec in enumerate(p.rounds, start=1):
            if rec.opponent is None or rec.color is not None or rec.kind.bye:
                continue
            other = by_no.get(rec.opponent)
            back = other.record(rnd) if other is not None else None
            if back is not None and back.opponent == p.start_no and back.color is not None:
                given[(p.start_no, rnd)] = (Color.WHITE if back.color is Color.BLACK
                                            else Color.BLACK)
            else:
                given[(p.start_no, rnd)] = (Color.WHITE if p.start_no < rec.opponent
                                            else Color.BLACK)
    return given


def national_key(t: Tournament) -> str:
    """The code of the national rating records (cols 1-3): the federation named by a kept
    ``172`` record; empty (no national records written: the ratings go in the note lines)
    without one, or when no participant has a national rating or ID. A ``172`` is never made
    up: it tells the FIDE checker to rate by the national ratings."""
    if not any(p.national_rating or p.national_id for p in t.participants):
        return ""
    for record in t.other_records:
        words = record.split()
        if words[:1] == ["172"] and len(words) > 2 and _is_code(words[1]):
            return words[1].upper()
    return ""


def _is_code(text: str) -> bool:
    """A 3-letter federation code (``BRA``)."""
    return len(text) == 3 and text.isascii() and text.isalpha()


def round_date_text(text: str) -> str | None:
    """A round date as written in ``132`` (at most 8 columns): as read when it fits, else as
    ``YY/MM/DD`` when it is a date; None when it is neither (not written)."""
    if len(text) <= SEGMENT:
        return text
    date = parse_date(text)
    return None if date is None else f"{date:%y/%m/%d}"


def _national_line(key: str, p: Participant) -> str:
    """A national rating record: the ``001`` layout with the national rating and ID."""
    return (
        f"{key} {_fit(p.start_no, 4, 'start number'):>4} {p.sex[:1]:1}{p.title[:3]:>3} "
        f"{_one_line(p.name)[:33]:<33} {_fit(p.national_rating or 0, 4, 'rating'):>4} "
        f"{p.federation[:3]:<3} {p.national_id[:11]:>11} {p.birth[:10]:<10}"
    ).rstrip()


def _header_lines(t: Tournament, trf26: bool = False) -> list[str]:
    """The records before the player section."""
    lines = []
    if t.name:
        lines.append(f"012 {_one_line(t.name)}")
    for key, value in (("022", t.city), ("032", t.federation)):
        if value:
            lines.append(f"{key} {_one_line(value)}")
    if t.start_date is not None:
        lines.append(f"042 {t.start_date:%Y/%m/%d}")
    if t.end_date:
        lines.append(f"052 {_one_line(t.end_date)}")
    lines.append(f"062 {len(t.participants)}")
    lines.append(f"072 {sum(1 for p in t.participants if p.rating)}")
    kept = [r for r in t.other_records if r[:3] < "092"]
    lines += kept
    kind = "Round Robin" if t.type is TournamentType.PREDETERMINED else "Swiss"
    lines.append(f"092 {kind}")
    if t.chief_arbiter:
        lines.append(f"102 {_one_line(t.chief_arbiter)}")
    lines += [f"112 {_one_line(d)}" for d in t.deputy_arbiters]
    if t.time_control:
        lines.append(f"122 {_one_line(t.time_control)}")
    dates = [round_date_text(d) or "" for d in t.round_dates]
    if any(dates):
        lines.append("132".ljust(ROUND1 - 1)
                     + "".join(d.ljust(ROUND_WIDTH) for d in dates).rstrip())
    if t.scheduled_rounds is not None:
        lines.append(f"{'142' if trf26 else 'XXR'} {t.scheduled_rounds}")
    lines += [r for r in t.other_records if r[:3] > "092" and r[:3] < "162"]
    lines += _scoring_lines(t.scoring)
    lines += [r for r in t.other_records if r[:3] > "162"]
    event: dict[str, NoteValue] = {}
    if t.rate:
        event["rate"] = t.rate
    if t.rating_used is not None:  # docs/decisions.md D-E1
        event["rating_used"] = t.rating_used.value
    if event:
        lines.append(note_line(event))
    if t.lots_seed:  # a comment line: TRF has no record for it (docs/engineering.md D61)
        lines.append(seed_line(t.lots_seed))
    if t.tiebreaks:
        # Tournament.tiebreaks keeps PTS where it stands (TRF26 212 allows it anywhere)
        listed = any(item.strip().upper() == "PTS" for item in t.tiebreaks)
        if trf26:
            lines.append(f"212 {','.join(t.tiebreaks if listed else ['PTS', *t.tiebreaks])}")
        else:
            lines.append(f"{'212' if listed else '202'} {','.join(t.tiebreaks)}")
    return lines


def _scoring_lines(s: Scoring) -> list[str]:
    """``162`` when the scoring is the plain W/D/L/A/P kind, ``XXS`` otherwise; none if default."""
    if s == Scoring():
        return []
    simple = _simple_162(s)
    if simple is not None:
        return [simple]
    codes = [("W", s.win), ("D", s.draw), ("L", s.loss)]
    for code, name in XXS_FIELDS.items():
        value = getattr(s, name)
        if len(code) > 1 and value is not None:
            codes.append((code, value))
    names = {v: k for k, v in XXS_COLORED.items()}
    codes += [(names[(kind, color)], value) for kind, color, value in s.by_color]
    return ["XXS " + " ".join(f"{code}={fmt(value)}" for code, value in codes)]


def _simple_162(s: Scoring) -> str | None:
    """The ``162`` record for ``s``, or None when ``162`` cannot say everything in ``s``."""
    explicit = (s.forfeit_win, s.fpb, s.hpb)
    if s.by_color or s.forfeit_loss != s.zpb or any(v is not None for v in explicit):
        return None
    pairs = [("W", s.win), ("D", s.draw), ("L", s.loss)]
    if s.zpb:
        pairs.append(("A", s.zpb))
    if s.pab is not None:
        pairs.append(("P", s.pab))
    if any(value < 0 for _, value in pairs):
        return None
    texts = [(symbol, _points_text(value)) for symbol, value in pairs]
    if any(parse_number(text) != value for (_, text), (_, value) in zip(texts, pairs, strict=True)):
        return None
    return "162  " + "    ".join(f"{symbol}{text:>4}" for symbol, text in texts)


def _player_line(p: Participant, given: dict[tuple[int, int], Color] | None = None) -> str:
    """The ``001`` line of one participant, columns as in spec §11.1."""
    head = (
        f"001 {_fit(p.start_no, 4, 'start number'):>4} {p.sex[:1]:1}{p.title[:3]:>3} "
        f"{_one_line(p.name)[:33]:<33} {_fit(p.rating or 0, 4, 'rating'):>4} "
        f"{p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth[:10]:<10} "
        f"{_points_text(p.declared_points):>4} "
        f"{'' if p.declared_rank is None else _fit(p.declared_rank, 4, 'rank'):>4}"
    )
    given = given or {}
    return head + "".join(f"  {_round_text(r, given.get((p.start_no, rnd)))}"
                          for rnd, r in enumerate(p.rounds, start=1))


def _one_line(text: str) -> str:
    """``text`` with line breaks turned into spaces, so that it stays on its record."""
    return text.replace("\r", " ").replace("\n", " ")


def _fit(value: int, width: int, what: str) -> str:
    """``value`` as text of at most ``width`` characters (ValueError otherwise)."""
    text = str(value)
    if len(text) > width:
        labels = {"start number": _("start number"), "rating": _("rating"), "rank": _("rank")}
        raise ValueError(_("{what} {value} does not fit in {width} TRF columns",
                           what=labels.get(what, what), value=value, width=width))
    return text


def _points_text(value: Fraction | None) -> str:
    """Points for cols 81–84: ``3.5``, ``10.0``, ``0.25``; rounded if it cannot fit."""
    if value is None:
        return ""
    text = fmt(value, 1) if (value * 10).denominator == 1 else fmt(value)
    if len(text) > 4:
        text = fmt(round_half_up(value, 1), 1)
    if len(text) > 4:
        text = fmt(round_half_up(value, 0))
    return text


def _round_text(r: Record, given: Color | None = None) -> str:
    """One round: ``OOOO C R`` (opponent, colour, result); ``given``: the colour written for
    a game whose record has none (:func:`given_colours`)."""
    if r.kind in _WRITE_PLAYED:
        rated, short = _WRITE_PLAYED[r.kind]
        code = short if r.short_game else rated
    else:
        code = _WRITE_CODES[r.kind]
    if r.kind.bye:
        return f"0000 - {code}"
    opponent = "0000" if r.opponent is None else _fit(r.opponent, 4, "opponent")
    color = r.color if r.color is not None else given
    return f"{opponent:>4} {_WRITE_COLORS[color]} {code}"
