"""Who the players are, end to end: FIDE and national IDs, sex, birth, club, group, ratings
by rate and national ratings, and the event's facts (city, dates, arbiters, time control, round
dates) read from TRF and crosstable columns, kept through TRF → workbook → TRF and
CSV → TRF → CSV, and TRF files the FIDE checker reads (games of unknown colour included)."""

from __future__ import annotations

import contextlib
import csv
import datetime
import io
import random
from pathlib import Path

import generator
import oracle
import pytest
from spec_data import TRF_DIR

from xl_tiebreak.excel.headless import read_workbook_tournament
from xl_tiebreak.excel.templates.from_event import crosstable_rows, write_event_workbook
from xl_tiebreak.formats.crosstable.reader import read_csv_crosstable
from xl_tiebreak.formats.trf.codes import read_note_line
from xl_tiebreak.formats.trf.reader import parse_trf, read_trf, write_trf
from xl_tiebreak.model.tournament import (
    Color,
    InputError,
    Kind,
    Participant,
    Record,
    Tournament,
    TournamentType,
    shown_title,
)
from xl_tiebreak.report.html import standings_html
from xl_tiebreak.report.table import standings_table
from xl_tiebreak.report.trf import export_trf, export_warnings
from xl_tiebreak.standings.final import compute_standings

IDENTITY = ("start_no", "name", "title", "federation", "rating", "sex", "fide_id", "birth",
            "national_id", "club", "group", "national_rating", "rapid_rating", "blitz_rating")
FACTS = ("name", "city", "federation", "start_date", "end_date", "chief_arbiter",
         "deputy_arbiters", "time_control", "round_dates", "rate", "other_records")


def _who(t: Tournament) -> list[tuple[object, ...]]:
    return [tuple(getattr(p, f) for f in IDENTITY)
            for p in sorted(t.participants, key=lambda q: q.start_no)]


def _facts(t: Tournament) -> dict[str, object]:
    return {f: getattr(t, f) for f in FACTS}


def _games(t: Tournament) -> list[list[tuple[Kind, int | None, Color | None]]]:
    """The rounds without places and without the "less than one move" mark (a crosstable
    cell has no place for it)."""
    return [[(r.kind, r.opponent, r.color) for r in p.rounds]
            for p in sorted(t.participants, key=lambda q: q.start_no)]


# --- reading ------------------------------------------------------------------------------


def _line(no: int, sex: str, title: str, name: str, rating: int, fed: str, fide_id: str,
          birth: str, rounds: list[str], key: str = "001") -> str:
    head = (f"{key} {no:>4} {sex:1}{title:>3} {name:<33} {rating or '':>4} {fed:<3} "
            f"{fide_id:>11} {birth:<10} {'':>4} {'':>4}")
    return head + "".join(f"  {r}" for r in rounds)


HEADER = "\n".join([
    "012 Campeonato Paulista",
    "022 São Paulo",
    "032 BRA",
    "042 2026/05/01",
    "052 2026/05/03",
    "062 3",
    "082 0",
    "092 Swiss",
    "102 AI Maria Souza",
    "112 AF João Lima",
    "112 AF Ana Reis",
    "122 90'+30\"",
    # round dates in cols 92-99, 102-109, 112-119: round 2 has none
    "132" + " " * 88 + "26/05/01" + " " * 12 + "26/05/03",
    "152 W",
    "172 BRA FIDON",
])
PLAYERS = [
    _line(1, "w", "WFM", "Silva, Ana", 2100, "BRA", "2101234", "2008/04/02",
          ["   2 w 1", "0000 - H", "   3 b ="]),
    _line(2, "m", "g", "Costa, Beto", 2500, "BRA", "2100001", "1970",
          ["   1 b 0", "   3 w 1", "0000 - U"]),
    _line(3, "m", "", "Reis, Caio", 0, "BRA", "", "",
          ["0000 - U", "   2 b 0", "   1 w ="]),
]
NATIONAL = [
    _line(1, "w", "WFM", "Silva, Ana", 2150, "BRA", "12345", "2008/04/02", [], key="BRA"),
    _line(3, "m", "", "Reis, Caio", 1720, "BRA", "67890", "", [], key="BRA"),
]
TEXT = "\n".join([HEADER, *PLAYERS, *NATIONAL]) + "\n"


def test_a_trf_gives_every_header_fact_and_identity() -> None:
    t = parse_trf(TEXT)
    # the values as written in HEADER above
    assert (t.city, t.federation, t.end_date) == ("São Paulo", "BRA", "2026/05/03")
    assert t.start_date == datetime.date(2026, 5, 1)
    assert t.chief_arbiter == "AI Maria Souza"
    assert t.deputy_arbiters == ["AF João Lima", "AF Ana Reis"]
    assert t.time_control == "90'+30\""
    assert t.round_dates == ["26/05/01", "", "26/05/03"]
    assert t.other_records == ["082 0", "152 W", "172 BRA FIDON"]
    ana, beto, caio = t.participants
    assert (ana.sex, ana.title, ana.fide_id, ana.birth) == ("w", "WFM", "2101234", "2008/04/02")
    assert (beto.title, beto.birth, beto.national_rating, beto.national_id) == ("g", "1970",
                                                                                 None, "")
    # the BRA national records (172 names BRA): rating in cols 49-52, ID in cols 58-68
    assert (ana.national_rating, ana.national_id) == (2150, "12345")
    assert (caio.rating, caio.national_rating, caio.national_id) == (None, 1720, "67890")


def test_national_records_of_another_federation_are_not_read() -> None:
    t = parse_trf(TEXT.replace("172 BRA FIDON", "172 POR FIDON"))
    assert all(p.national_rating is None for p in t.participants)


def test_a_national_record_without_its_player_is_refused_with_its_line() -> None:
    text = TEXT + _line(9, "m", "", "Nobody", 1500, "BRA", "1", "", [], key="BRA") + "\n"
    with pytest.raises(InputError) as info:
        parse_trf(text)
    # 15 header lines, 3 player lines, 2 national records: the new record is line 21
    assert "line 21" in str(info.value) and "names no player" in str(info.value)


def test_the_trf_writer_writes_every_fact_back() -> None:
    t = parse_trf(TEXT)
    back = parse_trf(write_trf(t))
    assert _facts(back) == _facts(t)
    assert _who(back) == _who(t)
    lines = write_trf(t).splitlines()
    # 062 counts the participants, 072 the rated ones (#1 and #2: #3 has no FIDE rating)
    assert "062 3" in lines and "072 2" in lines
    assert next(x for x in lines if x.startswith("132")) == (
        "132" + " " * 88 + "26/05/01" + " " * 12 + "26/05/03")


# --- generated events with every field filled ------------------------------------------------

_TITLES = ["", "g", "m", "f", "wg", "GM", "IM", "WFM", "CM"]
_CLUBS = ["Clube de Xadrez Paulista", "Xadrez Sul", "Chess Club Cork", "SV Griesheim"]


def _filled(seed: int) -> Tournament:
    """A generated event with every identity field and every fact filled at random."""
    t = generator.generate(seed)
    rng = random.Random(seed * 7 + 1)
    for p in t.participants:
        p.title = rng.choice(_TITLES)
        p.federation = rng.choice(["BRA", "POR", "IRL"])
        p.fide_id = str(rng.randrange(100000, 99999999))
        year = rng.randrange(1940, 2018)
        p.birth = (str(year) if rng.random() < 0.3
                   else f"{year}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}")
        p.national_id = str(rng.randrange(1000, 999999))
        p.national_rating = rng.choice([None, rng.randrange(1000, 2500)])
        p.club = rng.choice(_CLUBS)
        p.group = rng.choice(["", "S50", "Sub-14", "U18", "Veterano"])
        p.rapid_rating = rng.choice([None, rng.randrange(1000, 2700)])
        p.blitz_rating = rng.choice([None, rng.randrange(1000, 2700)])
    start = t.start_date or datetime.date(2026, 4, 1)
    t.start_date = start
    t.city = rng.choice(["São Paulo", "Cork", "Donostia"])
    t.federation = rng.choice(["BRA", "IRL", "ESP"])
    t.end_date = f"{start + datetime.timedelta(days=t.rounds):%Y/%m/%d}"
    t.chief_arbiter = "IA Some Arbiter"
    t.deputy_arbiters = ["FA One", "FA Two"][: rng.randint(0, 2)]
    t.time_control = "90 min + 30 s"
    t.round_dates = [f"{start + datetime.timedelta(days=r // 2):%y/%m/%d}"
                     for r in range(t.rounds)]
    t.rate = rng.choice(["", "standard", "rapid", "blitz"])
    t.other_records = ["082 0", "152 B"]
    return t


@pytest.mark.parametrize("seed", range(40))
def test_generated_events_keep_every_field_through_trf(seed: int) -> None:
    t = _filled(seed)
    for version in ("trf16", "trf26"):
        back = parse_trf(write_trf(t, version))
        assert _who(back) == _who(t)
        assert _facts(back) == _facts(t)
        assert _games(back) == _games(t)


@pytest.mark.parametrize("seed", range(6))
def test_generated_events_keep_every_field_through_a_workbook(seed: int, tmp_path: Path) -> None:
    t = _filled(seed)
    path = write_event_workbook(t, tmp_path / "event.xlsx")
    book, _ = read_workbook_tournament(path)
    assert _who(book) == _who(t)
    assert _facts(book) == _facts(t)
    assert _games(book) == _games(t)
    again = parse_trf(write_trf(book))
    assert _who(again) == _who(t) and _facts(again) == _facts(t)


def _csv(rows: tuple[tuple[object, ...], ...]) -> str:
    out = io.StringIO()
    csv.writer(out).writerows([["" if c is None else c for c in row] for row in rows])
    return out.getvalue()


@pytest.mark.parametrize("seed", range(10))
def test_generated_events_keep_every_field_csv_trf_csv(seed: int) -> None:
    t = _filled(seed)
    first = read_csv_crosstable(_csv(crosstable_rows(t)))
    through = parse_trf(write_trf(first))
    again = read_csv_crosstable(_csv(crosstable_rows(through)))
    assert _who(first) == _who(t)
    assert _who(through) == _who(first) == _who(again)
    assert _games(again) == _games(first)


def test_portuguese_and_english_column_names_are_read() -> None:
    text = (
        "No,Nome,Título,ID FIDE,Sexo,Nascimento,Clube,Rating FIDE,Rating CBX,Tipo,ID CBX,R1,Pts\n"
        "1,Ana,WFM,2101234,F,2008/04/02,Xadrez SP,2100,2150,Sub-18,12345,2w1,1\n"
        "2,Beto,,,M,1970,,,1600,S50,,1b0,0\n"
    )
    t = read_csv_crosstable(text)
    ana, beto = t.participants
    assert (ana.title, ana.fide_id, ana.sex, ana.birth, ana.club, ana.rating) == (
        "WFM", "2101234", "F", "2008/04/02", "Xadrez SP", 2100)
    assert (ana.national_rating, ana.group, ana.national_id) == (2150, "Sub-18", "12345")
    assert (beto.rating, beto.national_rating, beto.birth, beto.group) == (None, 1600, "1970",
                                                                           "S50")
    english = read_csv_crosstable(
        "No,Name,Title,FIDE ID,Sex,Born,Club,Rating,National rating,Group,R1,Pts\n"
        "1,Ana,WFM,2101234,F,2008/04/02,Xadrez SP,2100,2150,Sub-18,2w1,1\n"
        "2,Beto,,,M,1970,,,1600,S50,1b0,0\n")
    assert [(p.fide_id, p.sex, p.birth, p.club, p.national_rating, p.group)
            for p in english.participants] == [(p.fide_id, p.sex, p.birth, p.club,
                                                p.national_rating, p.group)
                                               for p in t.participants]


def test_a_rating_column_that_is_not_a_number_is_refused_with_its_cell() -> None:
    with pytest.raises(InputError) as info:
        read_csv_crosstable("No,Name,Rating CBX,R1,Pts\n1,Ana,strong,2w1,1\n2,Beto,,1b0,0\n")
    assert "C2" in str(info.value) and "strong" in str(info.value)


# --- the real files ----------------------------------------------------------------------------

def _individual_files() -> list[Path]:
    if not TRF_DIR.exists():
        return []
    out = []
    for path in sorted(TRF_DIR.glob("*.trf")):
        text = path.read_bytes()
        if b"\n013 " in text or b"\n310 " in text:
            continue  # team events: not this reader's
        out.append(path)
    return out


REAL = _individual_files()
SLOW_FILE_BYTES = 30_000
"""Real files at least this large (two: 112 and 284 players) go through the workbook and the
checker in the slow run only, as in ``tests/test_tiebreaks_differential.py``; every smaller
one, of each kind (Swiss, round robin, TRF26), stays in the default run."""
REAL_CASES = [pytest.param(f, id=f.name, marks=[pytest.mark.slow]
                           if f.stat().st_size >= SLOW_FILE_BYTES else [])
              for f in REAL]


@pytest.mark.skipif(not REAL, reason="shared TRF files not available")
def test_the_default_run_keeps_real_files_of_every_kind() -> None:
    """The files below :data:`SLOW_FILE_BYTES` hold every type of event the real files hold
    (Swiss and round robin), and only the large ones are left to the slow run."""
    def kinds(paths: list[Path]) -> set[TournamentType]:
        found = set()
        for path in paths:
            with contextlib.suppress(InputError):  # refused files: skipped by the tests too
                found.add(read_trf(path).type)
        return found

    fast = [f for f in REAL if f.stat().st_size < SLOW_FILE_BYTES]
    assert kinds(fast) == kinds(REAL) >= {TournamentType.SWISS, TournamentType.PREDETERMINED}
    assert len(fast) >= len(REAL) - 2


@pytest.mark.skipif(not REAL, reason="shared TRF files not available")
@pytest.mark.parametrize("path", REAL_CASES)
def test_real_files_keep_every_field_through_workbook_and_export(
        path: Path, tmp_path: Path) -> None:
    try:
        t = read_trf(path)
    except InputError:
        pytest.skip("a file the reader refuses")
    target = write_event_workbook(t, tmp_path / "event.xlsx")
    book, settings = read_workbook_tournament(target)
    assert _who(book) == _who(t)
    assert _facts(book) == _facts(t)
    standings = compute_standings(book, None, settings.rules, settings.after_round,
                                  settings.unrated_rating)
    exported = parse_trf(export_trf(standings))
    assert _who(exported) == _who(t)
    facts = _facts(t)
    assert _facts(exported) == facts


# --- the FIDE checker reads what is exported --------------------------------------------------

def _ascii(t: Tournament) -> Tournament:
    """``t`` with ASCII names and texts (the checker reads a file as Latin-1)."""
    parts = [p.replace(name=f"Player {p.start_no}", declared_points=None, declared_rank=None)
             for p in t.participants]
    return t.replace(participants=parts, city="City", chief_arbiter="Arbiter",
                     deputy_arbiters=["Deputy"], tiebreaks=[], scheduled_rounds=t.rounds)


def _unknown_colours(t: Tournament, rng: random.Random) -> Tournament:
    """A copy of ``t`` in which some games lose the colour on both sides."""
    by_no = t.by_start_no()
    drop: set[tuple[int, int]] = set()
    for p in t.participants:
        for rnd, r in enumerate(p.rounds, start=1):
            if r.opponent is not None and r.opponent in by_no and rng.random() < 0.3:
                drop |= {(p.start_no, rnd), (r.opponent, rnd)}
    parts = [p.replace(rounds=[r._replace(color=None) if (p.start_no, rnd) in drop else r
                               for rnd, r in enumerate(p.rounds, start=1)])
             for p in t.participants]
    return t.replace(participants=parts)


TIEBREAKS = ["PTS", "BH", "BH/C1", "SB", "ARO", "WIN"]


@pytest.mark.skipif(not oracle.available(), reason="gacrux not installed")
@pytest.mark.parametrize("seed", range(12))
def test_the_checker_reads_exported_files_with_unknown_colours(seed: int) -> None:
    rng = random.Random(seed)
    t = _ascii(_unknown_colours(_filled(seed), rng))
    text = write_trf(t)
    back = parse_trf(text)
    assert _games(back) == _games(t)  # the colours come back unknown
    unknown = sorted((p.start_no, rnd) for p in t.participants
                     for rnd, r in enumerate(p.rounds, start=1)
                     if r.opponent is not None and r.color is None and not r.kind.bye)
    if unknown:  # the export names them
        warning = next(str(w) for w in export_warnings(compute_standings(t))
                       if "have no colour" in str(w))
        assert warning.startswith(f"{len(unknown)} game record(s)")
        assert all(f"#{no} round {rnd}" in warning for no, rnd in unknown[:10])
    predetermined = t.type is TournamentType.PREDETERMINED
    ours = oracle.run_text(text, TIEBREAKS, predetermined=predetermined)
    # the same event, its colours filled by the test helper (not by the writer)
    reference = oracle.run_text(generator.oracle_trf(generator.fill_colours(t)), TIEBREAKS,
                                predetermined=predetermined)
    assert ours.values == reference.values
    assert ours.ranks == reference.ranks


@pytest.mark.skipif(not oracle.available() or not REAL, reason="gacrux or files missing")
@pytest.mark.parametrize("path", REAL_CASES)
def test_the_checker_reads_every_exported_real_file(path: Path) -> None:
    try:
        t = read_trf(path)
    except InputError:
        pytest.skip("a file the reader refuses")
    standings = compute_standings(t)
    exported = parse_trf(export_trf(standings))
    odd = [p for p in t.participants if p.fide_id and not p.fide_id.isdigit()]
    if odd:  # the checker refuses them (as in the original): the export says so
        warning = next(str(w) for w in export_warnings(standings) if "FIDE ID" in str(w))
        assert all(f"#{p.start_no} {p.fide_id!r}" in warning for p in odd[:10])
        exported.participants = [p.replace(fide_id="" if p in odd else p.fide_id)
                                 for p in exported.participants]
    predetermined = t.type is TournamentType.PREDETERMINED
    result = oracle.run_text(write_trf(_ascii(exported)), TIEBREAKS,
                             predetermined=predetermined)
    # the same file, its colours filled by the test helper (not by the writer)
    reference = oracle.run_text(write_trf(_ascii(generator.fill_colours(exported))),
                                TIEBREAKS, predetermined=predetermined)
    assert result.values == reference.values
    for row in standings.rows:  # and the points are the standings' (extra points aside)
        if not row.participant.extra_points:
            assert result.values[row.participant.start_no]["PTS"] == row.points


# --- titles --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("code", "title"), [
    ("g", "GM"), ("m", "IM"), ("f", "FM"), ("c", "CM"), ("wg", "WGM"), ("wm", "WIM"),
    ("wf", "WFM"), ("wc", "WCM"), ("GM", "GM"), ("wgm", "WGM"), ("", ""), ("AGM", "AGM"),
])
def test_titles_are_shown_as_players_know_them(code: str, title: str) -> None:
    assert shown_title(code) == title


def test_the_text_table_shows_gm_for_the_code_g() -> None:
    t = parse_trf(TEXT)
    table = standings_table(compute_standings(t))
    beto = next(line for line in table.splitlines() if "Costa, Beto" in line)
    assert " GM " in f" {beto} " and " g " not in f" {beto} "


def test_note_lines_that_are_not_json_are_comments() -> None:
    assert read_note_line('### xl-tiebreak player 3 {"club": "X"}') == (3, {"club": "X"})
    assert read_note_line("### xl-tiebreak player 3 {club}") is None
    assert read_note_line('### xl-tiebreak player 3 {"club": [1]}') is None
    assert read_note_line("### any comment") is None


def test_unused_helpers_do_not_hide_a_participant() -> None:
    # a participant with nothing but a start number and a name writes no note line
    t = Tournament([Participant(1, "A", rounds=[Record(Kind.PAB)])])
    assert "xl-tiebreak player" not in write_trf(t)


# --- the event's facts in the outputs ------------------------------------------------------------

def test_the_place_dates_arbiter_and_rate_head_the_text_table_and_the_page() -> None:
    t = parse_trf(TEXT)
    t.rate = "rapid"
    s = compute_standings(t)
    # 022 São Paulo, 042/052 2026/05/01-03, 102 AI Maria Souza (HEADER above)
    line = "São Paulo · 2026-05-01 to 2026-05-03 · chief arbiter AI Maria Souza · rapid"
    assert standings_table(s).splitlines()[1] == line
    assert f"<p>{line}</p>" in standings_html(s)
