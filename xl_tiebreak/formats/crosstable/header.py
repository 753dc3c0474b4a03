"""The header of a crosstable range: which row it is (a title block above it, two-row headers),
the columns of the known fields (start number, name, rating…) and the round columns."""

from __future__ import annotations

import math
import re

from xl_tiebreak.formats.crosstable.cells import Places, RangeRow, cell_text, error
from xl_tiebreak.formats.crosstable.round_cells import parse_round_token
from xl_tiebreak.i18n import _, _n
from xl_tiebreak.model.tournament import (
    MAX_ROUNDS,
    Problem,
    RatingUsed,
    Severity,
    rating_used_of,
)
from xl_tiebreak.util.cells import is_blank, quoted
from xl_tiebreak.util.plain import Mutable, field

# --- the header -------------------------------------------------------------------------------

_START_KEYS = frozenset({
    "no", "#", "sno", "nr", "start", "startno", "startnr", "stno", "tpn", "snr", "nº", "n°",
    "num", "number", "startnumber", "startrank", "pairingno", "pairingnumber", "lfdnr",
    "numero", "número", "broj", "nummer", "nºinicial", "n°inicial", "numeroinicial",
    "númeroinicial", "ninicial", "nrinicial"
})  # fmt: skip
_EXTRA_KEYS = frozenset({"extra", "extrapoints", "extrapts", "bonus", "bonuspoints", "+pts",
                         "+points", "+pt", "pontosadicionais", "pontosextras", "pontosextra",
                         "pontosdearbitragem", "pts+arb", "ptsarb"})
"""Headers of the extra-points column (Swiss-Manager 42/43 "Pts+Arb"; docs/decisions.md
D51)."""
_NAME_KEYS = frozenset({
    "name", "player", "playername", "names", "players", "spieler", "spielername", "teilnehmer",
    "nom", "joueur", "nombre", "jugador", "nome", "jogador", "giocatore", "ime", "imię",
    "imie", "nazwisko", "zawodnik", "igrač", "igrac", "naam", "speler", "nimi", "pelaaja",
    "participant", "participante", "jméno", "jmeno", "hráč", "hrac", "meno", "namn",
    "spelare", "navn", "spiller", "isim", "oyuncu", "όνομα", "имя", "игрок", "участник",
    "nomedojogador", "enxadrista", "competidor",
})  # fmt: skip
_FIRST_NAME_KEYS = frozenset({"firstname", "givenname", "vorname", "prénom", "prenom", "forename"})
_LAST_NAME_KEYS = frozenset({"lastname", "surname", "familyname", "nachname", "apellido",
                             "apellidos", "sobrenome", "cognome"})
_RATING_KEYS = frozenset({
    "rating", "elo", "rtg", "fide", "fiderating", "fideelo", "elofide", "ratg", "rat",
    "wertung", "wertungszahl", "classement", "ratingfide", "felo",
})  # fmt: skip
_FED_KEYS = frozenset({
    "fed", "federation", "country", "land", "verband", "pays", "país", "pais", "paese",
    "nation", "nat", "federación", "federacion", "federação", "kraj", "zemlja", "federazione",
})  # fmt: skip
_TITLE_KEYS = frozenset({"title", "titel", "titre", "título", "titulo", "titolo", "tit",
                         "tytuł", "titul"})
_MANUAL_KEYS = frozenset({"manualorder", "ordemmanual", "manual", "ordenmanual",
                          "manualinput"})
"""Headers of the manual-order column (``OTHER_MANUAL``, Swiss-Manager 5)."""
_FIDE_ID_KEYS = frozenset({"fideid", "idfide", "fidenumber", "fidenr", "fidecode", "fide-id",
                           "fidenº", "fideno", "codigofide", "códigofide"})
_NATIONAL_ID_KEYS = frozenset({"nationalid", "natid", "idcbx", "cbxid", "idnacional",
                               "nationalnumber", "localid", "idnational", "codigocbx",
                               "códigocbx"})
_SEX_KEYS = frozenset({"sex", "sexo", "gender", "gênero", "genero", "geschlecht", "sexe"})
_BIRTH_KEYS = frozenset({
    "born", "birth", "birthdate", "birthyear", "dateofbirth", "yearofbirth", "dob", "yob",
    "nascimento", "datanascimento", "datadenascimento", "anonascimento", "anodenascimento",
    "nasc", "nascido", "geburtsdatum", "geburtsjahr", "geboren", "naissance", "nacimiento",
})  # fmt: skip
_CLUB_KEYS = frozenset({"club", "clube", "verein", "clubcity", "club/city", "clube/cidade",
                        "equipe", "clubname"})
_GROUP_KEYS = frozenset({"type", "group", "type/group", "tipo", "grupo", "tipo/grupo",
                         "category", "categoria", "cat", "typ", "gruppe"})
_NATIONAL_RATING_KEYS = frozenset({
    "ratingcbx", "cbx", "cbxrating", "nationalrating", "ratingnacional", "nrtg", "natrating",
    "rtgnat", "ratingnational", "elonacional", "ratingnat", "rtgcbx", "elocbx", "national",
})  # fmt: skip
_RAPID_KEYS = frozenset({"rapid", "ratingrapid", "fiderapid", "rapidrating", "rtgrapid",
                         "ratingfiderapid", "elorapid", "rápido", "rapido"})
_BLITZ_KEYS = frozenset({"blitz", "ratingblitz", "fideblitz", "blitzrating", "rtgblitz",
                         "ratingfideblitz", "eloblitz"})
_POINTS_KEYS = frozenset({
    "pts", "points", "score", "total", "punkte", "pkt", "pkte", "pt", "puntos", "pontos",
    "punti", "bodovi", "bod", "body", "punkty", "pisteet", "ptos", "pnt", "summe", "sum",
    "puan", "poäng", "poeng", "point", "pontuação", "punten", "ptn", "очки", "pont",
    "pontuacao", "totaldepontos", "pontostotais",
})  # fmt: skip
_ROUND_WORDS = (
    "round|rounds|rnd|rd|rde|r|runde|rodada|ronda|ronde|tour|kolo|tura|turno|runda|kierros|"
    "kolejka|kol|rn|tur|kör|kolo|umferð|раунд|тур|rod"
)
_ROUND_BARE = re.compile(r"0*([0-9]{1,4})(?:\.0*)?")
_ROUND_WORD_FIRST = re.compile(rf"(?:{_ROUND_WORDS})0*([0-9]{{1,4}})")
_ROUND_NUMBER_FIRST = re.compile(
    rf"0*([0-9]{{1,4}})(?:st|nd|rd|th|e|er|ère|º|°|ª|)(?:{_ROUND_WORDS})?"
)
_ROUND_SEPARATORS = re.compile(r"[\s_.\-#:º°/]+")
_ROUND_GROUP = re.compile(rf"(?:{_ROUND_WORDS}|results|ergebnisse|résultats|resultados)")
"""A merged header cell above numbered round columns (two-row headers): ``Round``…"""
_HEADER_SEARCH = 20
"""The header row is looked for in the first this many non-empty rows (title blocks)."""


class Columns(Mutable):
    """Where each field is (0-based column indices) and the round columns by round number."""

    start: int | None = None
    name: int | None = None
    rating: int | None = None
    federation: int | None = None
    title: int | None = None
    points: int | None = None
    extra: int | None = None
    """Extra points added to the score (docs/decisions.md D51)."""
    manual: int | None = None
    """The manual-order values (``OTHER_MANUAL``)."""
    fide_id: int | None = None
    national_id: int | None = None
    sex: int | None = None
    birth: int | None = None
    club: int | None = None
    group: int | None = None
    """A ``Type``/``Group`` column (``S50``, ``U14``…), for category prizes."""
    national_rating: int | None = None
    rapid_rating: int | None = None
    blitz_rating: int | None = None
    rounds: dict[int, int] = field(default_factory=dict)
    bare: bool = True
    """True when every round column is labelled by a bare number (``1``, not ``R1``)."""
    name_parts: list[int] = field(default_factory=list)
    """Further columns joined to the name (a merged Name header, first and last names)."""
    rows: int = 1
    """Rows of the header (2 for a two-row header)."""
    rating_used: RatingUsed | None = None
    """The choice of a ``Rating used``/``Rating usado`` row above the header (docs/decisions.md
    D-E1); None: no such row."""
    notes: list[Problem] = field(default_factory=list)


def _header_key(cell: object) -> str:
    """Header text compared case-insensitively without spaces, underscores and dots.

    A dot between two digits stays (``1.5`` is no round label).
    """
    if isinstance(cell, float) and math.isfinite(cell) and not cell.is_integer():
        return ""
    text = cell_text(cell).lower()
    text = re.sub(r"[\s_]+", "", text)
    return re.sub(r"(?<![0-9])\.|\.(?![0-9])", "", text)


def _round_label(cell: object) -> tuple[int, bool] | None:
    """The round number of a round-column header and whether it is a bare number: ``R1``,
    ``Rd 1``, ``Rd.1``, ``Rd#1``, ``Round-1``, ``R-1``, ``1``, ``1st``, ``1.Rd``, ``Runde 1``,
    ``Tour 1``, ``Ronda 1``, ``Rodada 1``, ``Kolo 1``, ``Tura 1``, ``1. Runde``…; None otherwise
    (``1.5`` is no round)."""
    if isinstance(cell, bool):
        return None
    if isinstance(cell, float) and math.isfinite(cell) and not cell.is_integer():
        return None
    text = cell_text(cell).lower()
    if len(text) > 20:
        return None
    bare = _ROUND_BARE.fullmatch(text)
    if bare:
        return int(bare[1]), True
    if re.fullmatch(r"[0-9]+[.,][0-9]+", text):
        return None
    key = _ROUND_SEPARATORS.sub("", text)
    m = _ROUND_WORD_FIRST.fullmatch(key) or _ROUND_NUMBER_FIRST.fullmatch(key)
    if m is None or key.isdigit():
        return None
    return int(m[1]), False


_FIELDS = (
    ("start", _START_KEYS),
    ("name", _NAME_KEYS),
    ("rating", _RATING_KEYS),
    ("federation", _FED_KEYS),
    ("title", _TITLE_KEYS),
    ("points", _POINTS_KEYS),
    ("extra", _EXTRA_KEYS),
    ("manual", _MANUAL_KEYS),
    ("fide_id", _FIDE_ID_KEYS),
    ("national_id", _NATIONAL_ID_KEYS),
    ("sex", _SEX_KEYS),
    ("birth", _BIRTH_KEYS),
    ("club", _CLUB_KEYS),
    ("group", _GROUP_KEYS),
    ("national_rating", _NATIONAL_RATING_KEYS),
    ("rapid_rating", _RAPID_KEYS),
    ("blitz_rating", _BLITZ_KEYS),
)
IDENTITY_FIELDS = ("fide_id", "national_id", "sex", "birth", "club", "group")
"""Text fields of a participant read from their columns as written."""
RATING_FIELDS = ("national_rating", "rapid_rating", "blitz_rating")
"""Further rating columns beside the Rating column."""


def _field_of(cell: object) -> str | None:
    """The field a header cell names (``start``, ``name``…, ``first``, ``last``), or None."""
    key = _header_key(cell)
    if not key:
        return None
    for name, keys in _FIELDS:
        if key in keys or key.rstrip(":") in keys:
            return name
    if key in _FIRST_NAME_KEYS:
        return "first"
    if key in _LAST_NAME_KEYS:
        return "last"
    return None


def header_labels(rows: list[RangeRow], i: int, two: bool) -> list[object]:
    """The header labels of row ``i`` alone, or combined with row ``i + 1`` (two-row header:
    a label below wins; a round group above (``Round``, merged over its columns) and a number
    below make a round label; a label above a blank cell stays)."""
    top = rows[i].cells
    if not two:
        return list(top)
    bottom = rows[i + 1].cells
    width = max(len(top), len(bottom))
    out: list[object] = []
    group: object = None
    for col in range(width):
        above = top[col] if col < len(top) else None
        below = bottom[col] if col < len(bottom) else None
        if not is_blank(above):
            group = above
        group_key = _header_key(group) if group is not None else ""
        if is_blank(below):
            out.append(above)
        elif _ROUND_BARE.fullmatch(cell_text(below)) and _ROUND_GROUP.fullmatch(group_key):
            out.append(f"R{cell_text(below)}")
        else:
            out.append(below)
    return out


def _score(labels: list[object]) -> tuple[int, int]:
    """(known fields, round columns) of a header candidate."""
    fields = sum(1 for cell in labels if _field_of(cell) is not None)
    rounds = sum(1 for cell in labels if _round_label(cell) is not None)
    return fields, rounds


def _continues(rows: list[RangeRow], i: int) -> bool:
    """Whether row ``i + 1`` is the second row of a header starting at row ``i``: every cell of
    it is a field name, a round label, or blank, and it is not all bare numbers under field
    names (a player row)."""
    if i + 1 >= len(rows):
        return False
    below = rows[i + 1].cells
    top = rows[i].cells
    for cell in top:  # the top row is header-like too (not a title)
        if is_blank(cell) or _field_of(cell) is not None or _round_label(cell) is not None:
            continue
        if not _ROUND_GROUP.fullmatch(_header_key(cell)):
            return False
    for col, cell in enumerate(below):
        if is_blank(cell):
            continue
        if _field_of(cell) is None and _round_label(cell) is None:
            return False
        above = top[col] if col < len(top) else None
        if _field_of(above) is not None and _field_of(cell) is None:
            return False  # a value under a field name: a player row
    return True


def _find_header(rows: list[RangeRow]) -> tuple[int, list[object], int]:
    """The header: (index in ``rows``, its labels, rows it spans). The first row among the first
    :data:`_HEADER_SEARCH` naming a start-number or name column and a round column (alone or
    with the row below it); else the first naming a start-number or name column; else row 0."""
    fallback: tuple[int, list[object], int] | None = None
    for i in range(min(len(rows), _HEADER_SEARCH)):
        one = header_labels(rows, i, False)
        named = any(_field_of(c) in ("start", "name") for c in one)
        candidates = [(one, 1)]
        if _continues(rows, i):
            candidates.insert(0, (header_labels(rows, i, True), 2))
        for labels, height in candidates:
            fields = [_field_of(c) for c in labels]
            has_id = "start" in fields or "name" in fields or "last" in fields
            if has_id and _score(labels)[1]:
                return i, labels, height
        if named and fallback is None:
            fallback = (i, one, 1)
    return fallback or (0, list(rows[0].cells), 1)


_RATING_USED_KEYS = frozenset({"ratingused", "ratingusado", "ratingsused", "ratingsusados"})
"""Labels of the row above the header that chooses the rating of the rating-based
tie-breaks (docs/decisions.md D-E1)."""


def _settings_rows(above: list[RangeRow], places: Places, columns: Columns,
                   problems: list[Problem]) -> int:
    """Read the settings rows among the rows above the header (a label cell, then its value
    in the next cell that holds one): ``Rating used``. Returns how many rows were read."""
    read = 0
    for row in above:
        filled = [(col, cell) for col, cell in enumerate(row.cells) if not is_blank(cell)]
        if not filled or _header_key(filled[0][1]).rstrip(":") not in _RATING_USED_KEYS:
            continue
        read += 1
        if len(filled) < 2:
            continue  # an empty choice: the default
        col, cell = filled[1]
        used = rating_used_of(cell_text(cell))
        if used is None:
            problems.append(error(_("the rating choice {value} is not fide, national or "
                                    "fide-then-national", value=quoted(cell_text(cell))),
                                  places.cell(row.index, col)))
        columns.rating_used = used
    return read


def read_header(
    rows: list[RangeRow], places: Places, problems: list[Problem]
) -> tuple[Columns, int]:
    """Find the header row and in it the columns of the known fields and the round columns.
    Returns the columns and the index of the first participant row in ``rows``."""
    at, labels, height = _find_header(rows)
    row = rows[at]
    columns = Columns(rows=height)
    unread = at - _settings_rows(rows[:at], places, columns, problems)
    if unread:
        columns.notes.append(Problem(
            Severity.WARNING,
            _n("the header is on {row}; the row above it (a title or notes) was not read",
               "the header is on {row}; the {count} rows above it (a title or notes) were not "
               "read", count=unread, row=places.row(row.index)),
            places.row(row.index),
        ))
    first_last: dict[str, int] = {}
    for col, cell in enumerate(labels):
        if is_blank(cell):
            continue
        field = _field_of(cell)
        if field in ("first", "last"):
            first_last.setdefault(field, col)
            continue
        if field is not None:
            if getattr(columns, field) is None:
                setattr(columns, field, col)
            continue
        label = _round_label(cell)
        if label is None:
            continue
        number, bare = label
        where = places.cell(row.index, col)
        if number == 0:
            problems.append(error(_("round columns are numbered from 1"), where))
        elif number > MAX_ROUNDS:
            problems.append(error(_("round {number}: at most {most} rounds are read",
                                    number=number, most=MAX_ROUNDS), where))
        elif number in columns.rounds:
            first = places.cell(row.index, columns.rounds[number])
            problems.append(error(_("round {number} has a second column (first: {first})",
                                    number=number, first=first), where))
        else:
            columns.rounds[number] = col
            columns.bare = columns.bare and bare
    if columns.name is None and first_last:
        order = sorted(first_last.values())
        columns.name, columns.name_parts = order[0], order[1:]
    missing = [r for r in range(1, max(columns.rounds, default=0) + 1) if r not in columns.rounds]
    if missing:
        problems.append(
            error(
                _("no column for round {rounds} (round columns must be numbered 1, 2, 3, … "
                  "without gaps)", rounds=", ".join(map(str, missing))),
                places.row(row.index),
            )
        )
    if columns.start is None and columns.name is None:
        problems.append(
            error(
                _("no header row found: the first row should name the columns (No, Name, "
                  "Rating, Pts, R1, R2, …)"),
                places.row(row.index),
            )
        )
    elif not columns.rounds and not problems:
        _no_rounds(columns, labels, rows[at + height:], places, row.index, problems)
    return columns, at + height


def _no_rounds(columns: Columns, labels: list[object], body: list[RangeRow], places: Places,
               header_row: int, problems: list[Problem]) -> None:
    """No round column was found: an error naming the header row when any column is not a
    known field (it may hold rounds under a label not understood); else (only No, Name,
    Rating… columns) a warning that the event is read with 0 rounds. docs/engineering.md D32."""
    known = {c for c in (columns.start, columns.name, columns.rating, columns.federation,
                         columns.title, columns.points) if c is not None}
    width = max([len(labels), *(len(r.cells) for r in body)])
    known |= {col for col, cell in enumerate(labels) if _field_of(cell) is not None}
    other = [col for col in range(width) if col not in known and (
        (col < len(labels) and not is_blank(labels[col]))
        or any(not is_blank(r.get(col)) for r in body))]
    if other:
        shown = ", ".join(
            f"{places.cell(header_row, col)} {quoted(cell_text(labels[col]))}"
            if col < len(labels) and not is_blank(labels[col])
            else _("{cell} (no label)", cell=places.cell(header_row, col))
            for col in other[:8])
        problems.append(error(
            _("no round column found in the header row (columns not understood: {columns}): "
              "label the rounds R1, R2, … (or Rd 1, Round 1, Runde 1, Tour 1, Ronda 1, 1, 2, "
              "…)", columns=shown),
            places.row(header_row),
        ))
    else:
        columns.notes.append(Problem(
            Severity.WARNING,
            _("no round columns: the participants are read with 0 rounds (every one on 0 "
              "points)"),
            places.row(header_row),
        ))


def name_columns(columns: Columns, labels: list[object], body: list[RangeRow],
                  places: Places, header_row: int) -> None:
    """Columns that belong to the name: unlabelled columns right after the Name column whose
    cells hold text (a merged Name header), or, without a Name column, the first unlabelled
    column of text (said in a warning)."""
    used = {c for c in (columns.start, columns.rating, columns.federation, columns.title,
                        columns.points, columns.extra, columns.manual,
                        *(getattr(columns, f) for f in IDENTITY_FIELDS),
                        *(getattr(columns, f) for f in RATING_FIELDS)) if c is not None}
    used |= set(columns.rounds.values())

    def texty(col: int) -> bool:
        cells = [cell_text(r.get(col)) for r in body]
        filled = [c for c in cells if c]
        return bool(filled) and all(parse_round_token(c) is None and
                                    not re.fullmatch(r"[0-9.,/ ½+-]+", c) for c in filled)

    width = max((len(r.cells) for r in body), default=0)
    if columns.name is None:
        for col in range(width):
            if col not in used and (col >= len(labels) or is_blank(labels[col])) and texty(col):
                columns.name = col
                columns.notes.append(Problem(
                    Severity.WARNING,
                    _("no Name column: the texts of the unlabelled column {cell} are taken as "
                      "the names", cell=places.cell(header_row, col)),
                    places.cell(header_row, col),
                ))
                break
        if columns.name is None:
            return
    col = columns.name + 1
    while (col < width and col not in used and (col >= len(labels) or is_blank(labels[col]))
           and texty(col) and col not in columns.name_parts):
        columns.name_parts.append(col)
        col += 1


