"""The arbiter's report and the less common paths of the core in Portuguese (``--lang pt-BR``
and ``LANG=pt_BR.UTF-8``): the rating report (``--ratings``, every rate and format, unrated
players, juniors, refused versions), the title norm check, team events with ``--explain``,
US Chess 34E tie-breaks, knockout outputs and refusals, ``check`` over files of every kind and
the refusals of tie-break codes and prize lists. No English text of the catalogue is left in
what they write, nor an English word (the method of ``tests/test_cli_portuguese.py``).

A marking catalogue (every literal piece of a text ``⟦piece⟧``, its fields left unmarked)
shows that every word of the rating report's text and of its JSON explanations goes through
the catalogue: what is left outside the marks is data filled into the fields (names, numbers,
ratings, the regulation's symbols), never a word."""

from __future__ import annotations

import datetime
import html
import json
import re
import string
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.fake_catalogue import CLOSE, OPEN
from tests.team_generator import generate as generate_team
from tests.test_cli_portuguese import KNOCKOUT, PRIZES, TRF, Runner, _check_portuguese
from xl_tiebreak.cli.main import main
from xl_tiebreak.formats.trf.reader import parse_trf
from xl_tiebreak.formats.trf.writer import write_trf
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.catalogue import Catalogue
from xl_tiebreak.i18n.language import using_catalogue
from xl_tiebreak.model.tournament import Color, Kind, Participant, Record, Tournament
from xl_tiebreak.ratings.rating_change import rating_report
from xl_tiebreak.report.html import standings_html
from xl_tiebreak.standings.final import compute_standings

ROOT = Path(__file__).resolve().parent.parent
CLUB = str(ROOT / "examples" / "club_round_robin.csv")
KNOCKOUT_TRF = str(ROOT / "examples" / "knockout_cup.trf")
TEAM_TRF = ROOT.parent / "shared" / "data" / "trf" / "e7_held_team.trf"



def runner(route: str, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> Runner:
    """Run a command in Portuguese, by ``--lang pt-BR`` (``route`` ``"--lang"``) or by the
    locale (``"LANG"``, as in ``tests/test_cli_portuguese.py``); its exit status and what it
    wrote (standard output and error; standard output alone for JSON)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    by_option = route == "--lang"

    def run(args: list[str]) -> tuple[int, str]:
        monkeypatch.setenv("LANG", "en_US.UTF-8" if by_option else "pt_BR.UTF-8")
        try:
            code = main([*args, "--lang", "pt-BR"] if by_option else args)
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out + err if "json" not in args else out

    return run


@pytest.fixture(params=["--lang", pytest.param("LANG", marks=pytest.mark.slow)])
def run_pt(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> Runner:
    """:func:`runner` by each route. The two routes choose the language and then share the
    code: the default run takes the ``--lang`` route here, and
    :func:`test_the_locale_route_writes_what_the_option_writes` shows on a case of each
    command that the locale's route writes the same; ``--run-slow`` runs every test by both."""
    return runner(str(request.param), monkeypatch, capsys)


MIRROR = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
          Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS}


def one_player_event(rating: int | None, birth: str, games: list[tuple[int | None, Kind]],
                     start: str = "2026-04-01") -> Tournament:
    """Player #1 (``rating``, ``birth``) meets #2, #3 … in rounds 1, 2 …, each opponent given
    by its rating and #1's result; the opponents have a zero-point bye in their other rounds."""
    me = Participant(1, "Me", rating=rating, birth=birth)
    parts = [me]
    n = len(games)
    for k, (opp_rating, kind) in enumerate(games, start=2):
        opp = Participant(k, f"O{k}", rating=opp_rating)
        me.rounds.append(Record(kind, k, Color.WHITE))
        opp.rounds = [Record(Kind.ZPB) for _r in range(k - 2)]
        opp.rounds.append(Record(MIRROR[kind], 1, Color.BLACK))
        opp.rounds += [Record(Kind.ZPB) for _r in range(n - k + 1)]
        parts.append(opp)
    return Tournament(parts, rounds=n, start_date=datetime.date.fromisoformat(start))


# a junior rated under 2300 (K 40), the 400-point rule, a forfeit, an unrated opponent
JUNIOR = one_player_event(2100, "2012", [(2000, Kind.WIN), (2600, Kind.DRAW),
                                         (1900, Kind.FORFEIT_WIN), (None, Kind.WIN)])
# an unrated player: a provisional performance over the rated opponents
UNRATED = one_player_event(None, "", [(2000, Kind.WIN), (2100, Kind.DRAW), (1900, Kind.LOSS),
                                      (2300, Kind.WIN)])
# a player rated 2400 or more (K 10), one rated 2650+ (no 400-point cap from October 2025)
STRONG = one_player_event(2660, "1990", [(2200, Kind.WIN), (2450, Kind.LOSS)])
OLD = one_player_event(2000, "", [(1800, Kind.WIN)], start="2023-05-01")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The events written as files: TRF files of the rating cases, a generated team event,
    a damaged bracket, a prize list with errors, and a folder for ``check``."""
    folder = tmp_path_factory.mktemp("pt")
    out: dict[str, str] = {}
    for name, t in (("junior", JUNIOR), ("unrated", UNRATED), ("strong", STRONG),
                    ("old", OLD)):
        path = folder / f"{name}.trf"
        path.write_text(write_trf(t), encoding="utf-8")
        out[name] = str(path)
    team = folder / "team.trf"
    team.write_text(generate_team(7).text, encoding="utf-8")
    out["team"] = str(team)
    bracket = folder / "bracket.csv"
    bracket.write_text("Round,Match,Player A,Player B,Games,Play-off,Armageddon\n"
                       "1,1,Ana,Ana,1-0,,\n1,2,Cai,Dan,½ ½,,\n1,x,Eve,Fay,2-0,,\n"
                       "2,1,Ana,Gus,1-0,,\n", encoding="utf-8")
    out["bracket"] = str(bracket)
    prizes = folder / "prizes.csv"
    prizes.write_text("Prize,Category,Place,Amount\nA,,first,100\nB,Old: born 2000-1990,1,"
                      "50\nC,Kids: U12,1,-5\nC,Kids: U12,1,5\n", encoding="utf-8")
    out["prizes"] = str(prizes)
    check = folder / "check"
    check.mkdir()
    lines = Path(TRF).read_text(encoding="utf-8").splitlines()
    players = [k for k, line in enumerate(lines) if line.startswith("001")]
    a, b = players[0], players[1]  # two declared ranks swapped: the file differs
    ra, rb = lines[a][85:89], lines[b][85:89]
    lines[a], lines[b] = lines[a][:85] + rb + lines[a][89:], lines[b][:85] + ra + lines[b][89:]
    (check / "differs.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (check / "agrees.trf").write_text(Path(TRF).read_text(encoding="utf-8"), encoding="utf-8")
    (check / "knockout.trf").write_text(Path(KNOCKOUT_TRF).read_text(encoding="utf-8"),
                                        encoding="utf-8")
    (check / "prizes.csv").write_text(Path(PRIZES).read_text(encoding="utf-8"),
                                      encoding="utf-8")
    (check / "team.trf").write_text(generate_team(11).text, encoding="utf-8")
    (check / "broken.trf").write_text("001    1 m    Nobody\nXXX\n", encoding="utf-8")
    out["check"] = str(check)
    return out


US_ORDER = ("OTHER_MM,SOLKOFF,OTHER_CUM,OTHER_OPPCUM,OTHER_MEDIAN,OTHER_KASHDAN,OTHER_USSB,"
            "OTHER_RBTP")
TEAM_ORDER = "EDE,SSSC,BH:MP,EMGSB,EGMSB,MPVGP,TBR,BBE,EDET,KS:MP,PS:MP,AOB:MP"

RUNS = [
    ["compute", TRF, "--ratings"],
    ["compute", TRF, "--ratings", "rapid", "--format", "csv"],
    ["compute", TRF, "--ratings", "blitz", "--format", "json"],
    ["compute", TRF, "--ratings", "--format", "html"],
    ["compute", "{junior}", "--ratings"],
    ["compute", "{unrated}", "--ratings", "rapid"],
    ["compute", "{strong}", "--ratings", "--format", "json"],
    ["compute", TRF, "--norms"],
    ["compute", TRF, "--norms", "--format", "json"],
    ["compute", "{team}", "--explain", "1", "--explain", "2"],
    ["compute", "{team}", "--tiebreaks", TEAM_ORDER, "--explain", "3"],
    ["compute", "{team}", "--tiebreaks", TEAM_ORDER, "--why", "1,2", "--progression"],
    ["compute", "{team}", "--tiebreaks", "SM:83/-,SM:91/-,SM:50", "--format", "json",
     "--explain", "1"],
    ["compute", TRF, "--rules", "uscf", "--tiebreaks", US_ORDER, "--explain", "3"],
    ["compute", CLUB, "--rules", "uscf", "--tiebreaks", US_ORDER, "--explain", "1"],
    ["compute", TRF, "--rules", "fide2009", "--tiebreaks", "BH/C1,PS,KS,PTP,TPR,ARO",
     "--explain", "5"],
    ["compute", TRF, "--tiebreaks", "PS/C1,KS,PTP", "--explain", "5", "--prizes", PRIZES],
    ["knockout", KNOCKOUT],
    ["knockout", KNOCKOUT_TRF, "--format", "csv"],
    ["knockout", KNOCKOUT, "--format", "json"],
    ["check", "{check}"],
    ["check", "{check}", "--jobs", "2"],
    ["check", "{check}", "--format", "json"],
]


CODES = {"rate", "outcome", "verdict", "kind", "stage", "rules", "code", "status"}
"""JSON keys whose values are codes for programs (``standard``, ``not applicable``,
``semi-final``), the same in every language."""


def _json_prose(data: object) -> list[str]:
    """Every string value of a JSON document but the codes (its keys stay English too)."""
    if isinstance(data, dict):
        return [v for k, x in data.items() if k not in CODES for v in _json_prose(x)]
    if isinstance(data, list):
        return [v for x in data for v in _json_prose(x)]
    return [data] if isinstance(data, str) else []


def _args(args: list[str], files: dict[str, str]) -> list[str]:
    return [a.format(**files) if a.startswith("{") else a for a in args]


@pytest.mark.parametrize("args", RUNS, ids=lambda a: " ".join(a[:1] + a[2:])[:50])
def test_reports_are_portuguese(run_pt: Runner, files: dict[str, str],
                                args: list[str]) -> None:
    code, text = run_pt(_args(args, files))
    assert code in ((0, 1) if args[0] == "check" else (0,)), text
    assert "Traceback" not in text
    if "json" in args:
        data = json.loads(text)
        text = "\n".join(_json_prose(data))
    _check_portuguese(text)


def test_the_rating_report_in_portuguese(run_pt: Runner, files: dict[str, str]) -> None:
    code, text = run_pt(["compute", files["junior"], "--ratings"])
    assert code == 0, text
    # the arbiter's words and the decimal comma; the numbers derived by hand: D = 2100 − 2000
    # = +100 → PD .64 (table 8.1.2: D 99–106); K 40 (a junior) × (1 − .64) = +14.4; the game
    # against 2600 counts D = −400 → PD .08, ½ − .08 = +.42; the forfeit and the game against
    # the unrated player are not rated: score 1½, expected .64 + .08 = .72, change 40 × .78 =
    # +31.2, rounded +31
    assert "Relatório de rating (clássico, suposto:" in text
    assert "K = 40: sub-18: ano de nascimento 2012" in text
    assert "R1 #2 O2 (2000): D = +100 → PD 0,64 (8.1.2); fez 1: 1 − 0,64 = +0,36; × K = +14,4" \
        in text
    assert "D = -500, contada como -400 (8.3.1)" in text  # the 400-point rule
    assert "não vale para o rating (W.O.: partidas não jogadas não contam (5.1))" in text
    assert "2 partidas válidas para o rating: pontuação 1,5, pontuação esperada 0,72; variação " \
        "de rating = K × (1,5 − 0,72) = +31,2 (8.3.2), arredondada +31 (8.3.4)" in text
    code, text = run_pt(["compute", files["unrated"], "--ratings"])
    # Ra = (2000 + 2100 + 1900 + 2300 + 2 × 1800) / 6 = 1983,33…; p = (2,5 + 1) / 6 = 0,58…
    assert "#1 Me (sem rating)" in text
    assert "Ra = (2000 + 2100 + 1900 + 2300 + 2 × 1800) / 6 = 1983,3" in text
    assert "dois adversários hipotéticos de rating 1800, ambas as partidas empatadas" in text


def test_refused_versions_and_rates_in_portuguese(run_pt: Runner,
                                                  files: dict[str, str]) -> None:
    code, text = run_pt(["compute", files["old"], "--ratings"])
    assert code == 2 and "Traceback" not in text
    assert "o torneio começou em 01/05/2023" in text  # dd/mm/aaaa
    _check_portuguese(text)


REFUSALS = [
    ["compute", TRF, "--tiebreaks", "SM:12"],
    ["compute", TRF, "--tiebreaks", "SM:2"],
    ["compute", TRF, "--tiebreaks", "SM:999"],
    ["compute", TRF, "--tiebreaks", "SM:84/1,0,0"],
    ["compute", TRF, "--tiebreaks", "SM:84/0,2,1"],
    ["compute", TRF, "--tiebreaks", "SM:87/0,500"],
    ["compute", TRF, "--tiebreaks", "SM:53/1"],
    ["compute", TRF, "--prizes", "{prizes}"],
    ["compute", "{team}", "--after-round", "99"],
    ["compute", "{team}", "--tiebreaks", "SM:68"],
    ["compute", "{team}", "--tiebreaks", "SM:53"],
    ["knockout", "{bracket}"],
]


@pytest.mark.parametrize("args", REFUSALS, ids=lambda a: " ".join(a[2:])[:40])
def test_refusals_are_portuguese(run_pt: Runner, files: dict[str, str],
                                 args: list[str]) -> None:
    code, text = run_pt(_args(args, files))
    assert code == 2, text
    assert "Traceback" not in text
    _check_portuguese(text, words=False)  # the readers' places (line, column) are theirs
    _check_portuguese(re.sub(r"\([^()]*(?:line|row|col)[^()]*\)", " ", text))


ROUTE_SAMPLE = [
    ["compute", TRF, "--ratings"],
    ["compute", "{strong}", "--ratings", "--format", "json"],
    ["compute", TRF, "--ratings", "--format", "html"],
    ["compute", "{team}", "--tiebreaks", TEAM_ORDER, "--why", "1,2", "--progression"],
    ["compute", CLUB, "--rules", "uscf", "--tiebreaks", US_ORDER, "--explain", "1"],
    ["knockout", KNOCKOUT_TRF, "--format", "csv"],
    ["check", "{check}", "--format", "json"],
    ["compute", TRF, "--tiebreaks", "SM:84/0,2,1"],
    ["knockout", "{bracket}"],
]
"""A case of each command and report of :data:`RUNS` and of the refusals, for the locale's
route in the default run."""


def _kind(args: list[str]) -> tuple[str, str, str]:
    """A case's command, report (``--ratings``, ``--why``, ``--explain`` …, or none) and
    output format."""
    report = next((a for a in args if a in ("--ratings", "--norms", "--why", "--explain")), "")
    form = args[args.index("--format") + 1] if "--format" in args else "text"
    return args[0], report, form


def test_the_route_sample_takes_a_case_of_each_command_report_and_format() -> None:
    """Every case of :data:`ROUTE_SAMPLE` is one of the tests above, and the sample holds each
    command, each format and each report of :data:`RUNS` (but ``--norms``, 2 to 4 s a run,
    whose language is chosen as the other reports'), and a refusal of each command."""
    assert all(case in RUNS or case in REFUSALS for case in ROUTE_SAMPLE)
    sampled = [_kind(case) for case in ROUTE_SAMPLE]
    for part in range(3):
        assert {k[part] for k in map(_kind, RUNS)} - {"--norms"} <= {k[part] for k in sampled}
    assert {c[0] for c in REFUSALS} <= {c[0] for c in ROUTE_SAMPLE if c in REFUSALS}


@pytest.mark.parametrize("args", ROUTE_SAMPLE, ids=lambda a: " ".join(a[:1] + a[2:])[:50])
def test_the_locale_route_writes_what_the_option_writes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        files: dict[str, str], args: list[str]) -> None:
    """``LANG=pt_BR.UTF-8`` without ``--lang`` gives the exit status and the text that
    ``--lang pt-BR`` under an English locale gives (whose words the tests above check)."""
    by_option = runner("--lang", monkeypatch, capsys)(_args(args, files))
    by_locale = runner("LANG", monkeypatch, capsys)(_args(args, files))
    assert by_locale == by_option


def test_the_team_event_explained_in_portuguese(run_pt: Runner) -> None:
    if not TEAM_TRF.is_file():
        pytest.skip("the held team exercise is not in ../shared/data/trf")
    code, text = run_pt(["compute", str(TEAM_TRF), "--tiebreaks", "MPTS,EDE,SSSC,BH:MP,TBR",
                         "--explain", "3"])
    assert code == 0, text
    assert "R1 · match vencido contra #10 Jackals (brancas), GP 2½" in text
    assert "pontuação secundária GP" in text
    assert "empatadas em MP: GP decide (Art. 13.3.1)" in text
    assert "nada decidido: aplica-se a duas equipes empatadas" in text
    _check_portuguese(text.replace("Held team exercise (E7)", " "))


def test_check_says_the_kind_of_event_in_portuguese(run_pt: Runner,
                                                    files: dict[str, str]) -> None:
    code, text = run_pt(["check", files["check"], "--jobs", "1"])
    assert code == 1
    assert "(suíço individual)" in text and "(suíço por equipes)" in text
    assert "(eliminatório)" in text and "(lista de prêmios)" in text
    assert "o arquivo classifica #1 Halloran, Declan em 3º, o cálculo em 2º" in text


class PieceMarkingCatalogue(Catalogue):
    """Every literal piece of a text marked (``{game}⟦: not rated (⟧{reason}⟦)⟧``), its fields
    kept outside the marks: a field filled with an untranslated text stays visible; the
    conventions (decimal separator, dates, places) are formats, not words."""

    def get(self, msgid: str, context: str = "") -> str | None:
        if context == "convention":
            return None
        out = []
        for literal, name, spec, conversion in string.Formatter().parse(msgid):
            if literal.strip():
                out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
            else:
                out.append(literal)
            if name is not None:
                out.append("{" + name + (f"!{conversion}" if conversion else "")
                           + (f":{spec}" if spec else "") + "}")
        return "".join(out)


@contextmanager
def piece_marking() -> Iterator[None]:
    """Translate with :class:`PieceMarkingCatalogue` inside the block."""
    with using_catalogue(PieceMarkingCatalogue("xx", {})):
        yield


def _outside_marks(text: str) -> str:
    """``text`` without its marked pieces."""
    return re.sub(re.escape(OPEN) + "[^" + CLOSE + "]*" + re.escape(CLOSE), " ", text)


SYMBOLS = {"PD", "Ra", "Ru", "dp", "Me"}
"""The regulation's symbols (8.1, 8.2) and the test player's name: not words to translate."""


@pytest.mark.parametrize("event", [JUNIOR, UNRATED, STRONG], ids=["junior", "unrated",
                                                                  "strong"])
@pytest.mark.parametrize("rate", ["standard", "rapid"])
def test_every_word_of_the_rating_report_goes_through_the_catalogue(
        event: Tournament, rate: str) -> None:
    t = parse_trf(write_trf(event))
    names = {w for p in t.participants for w in re.findall(r"[A-Za-z]{2,}", p.name)}
    with piece_marking():
        report = rating_report(t, t.rounds, rate, rate_given=rate != "standard")
        lines = report.lines()
        data = report.as_json()
    words = set(re.findall(r"[A-Za-z]{2,}", _outside_marks(
        "\n".join(lines).replace(report.regulations.url, " "))))
    assert words - names - SYMBOLS == set(), lines
    assert any(OPEN in line for line in lines[:2])  # the heading and the table's header
    # the JSON's explanations are translated texts too; its codes and numbers are not
    players = json.loads(json.dumps(data["players"]))
    prose: list[str] = [str(data["regulations"]), str(data["note"])]
    for p in players:
        prose += [p["k_reason"]] if p["k"] is not None else []
        prose += p["games"] + p["performance_lines"] + p["notes"]
    assert len(prose) > 2 + len(players)
    for text in prose:
        assert OPEN in text, text
        left = set(re.findall(r"[A-Za-z]{2,}", _outside_marks(text))) - names - SYMBOLS
        assert left == set(), text
    assert data["rate"] == rate  # machine-readable: the code, not a word


def test_the_html_page_holds_the_rating_report(run_pt: Runner, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    code, text = run_pt(["compute", TRF, "--ratings", "--format", "html", "-o", str(page)])
    assert code == 0, text
    body = page.read_text(encoding="utf-8")
    assert '<h2 id="report1">Relatório de rating</h2>' in body
    assert "variação de rating = K × (6 − 3,89) = +42,2 (8.3.2)" in body
    assert "Relatório de rating" not in text  # on the page, not beside it
    code, text = run_pt(["compute", TRF, "--prizes", PRIZES, "--format", "html", "-o",
                         str(page), "--force"])
    assert code == 0, text
    body = page.read_text(encoding="utf-8")
    assert '<h2 id="report1">Prêmios</h2>' in body and "Total em dinheiro distribuído" in body
    _check_portuguese(body)


def test_every_word_of_the_html_rating_report_goes_through_the_catalogue() -> None:
    t = parse_trf(write_trf(UNRATED))
    names = {w for p in t.participants for w in re.findall(r"[A-Za-z]{2,}", p.name)}
    with piece_marking():
        standings = compute_standings(t, "BH,SB")
        report = rating_report(t, t.rounds, "rapid", rate_given=False)
        page = standings_html(standings, [(_("Rating report"), report.lines())])
    found = re.search(r'<section aria-labelledby="report1">(.*?)</section>', page, re.S)
    assert found is not None
    shown = html.unescape(re.sub(r"<[^>]+>", " ", found.group(1)))
    assert OPEN + "Rating report" + CLOSE in shown
    words = set(re.findall(r"[A-Za-z]{2,}", _outside_marks(
        shown.replace(report.regulations.url, " "))))
    assert words - names - SYMBOLS == set(), shown
