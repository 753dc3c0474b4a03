"""Standings as one self-contained HTML5 page, for posting on a club website.

:func:`standings_html` writes a page with

1. a title block: the event's name, its dates (and place, when known), "after round k of n"
   when the standings are partial, and the rule set;
2. the standings table: place (a shared place as a range, ``3–4``, on every row of it), start
   number, title, name, federation, rating, points and one column per tie-break, halves written
   ``½``;
3. the legend: each tie-break's name and article, the rule set and how it was chosen, and the
   warnings of the computation;
4. the crosstable: one row per participant in start-number order (``id="p12"`` for #12), each
   round's cell in the project's crosstable notation (``12w1``, ``5b½``, ``H``, ``U`` …) with the
   opponent's number a link to the opponent's row.

The page has its CSS inline and no script and no external resource. Every text that comes from
the input (names, federations, titles, the event's name, warnings) is escaped: the files come
from strangers.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from xl_tiebreak.i18n import _, _n, current
from xl_tiebreak.i18n.conventions import decimal_separator, number_text, place_text
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import Kind, Participant, Record, TournamentType
from xl_tiebreak.report.table import (
    EXTRA_COLUMN,
    HEADINGS,
    extra_points_legend,
    group_note,
    has_extra_points,
    people_text,
    place_texts,
    standings_cells,
    standings_columns,
    status_text,
    where_and_when,
)
from xl_tiebreak.standings.decided_by import HEADER as DECIDED_BY
from xl_tiebreak.standings.decided_by import LEGEND as DECIDED_BY_LEGEND
from xl_tiebreak.standings.decided_by import decisions
from xl_tiebreak.standings.final import Standings
from xl_tiebreak.tiebreaks.engine import kind_text
from xl_tiebreak.util.numbers import fmt_half
from xl_tiebreak.version import __version__

__all__ = ["place_texts", "round_cell_text", "standings_html"]

_RESULT = {
    Kind.WIN: "1",
    Kind.DRAW: "½",
    Kind.LOSS: "0",
    Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "-",
}
"""Result sign of a paired round, as written in a crosstable cell (``12w1``, ``7b+``)."""

_BYE = {
    Kind.PAB: "U",
    Kind.FPB: "F",
    Kind.HPB: "H",
    Kind.ZPB: "Z",
}
"""Letter of a bye (the TRF result codes, also read by
:mod:`xl_tiebreak.formats.crosstable.reader`)."""

_CSS = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  margin: 1.5rem auto; max-width: 70rem; padding: 0 1rem; color: #1b1f24; line-height: 1.35; }
header h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
header p { margin: .1rem 0; color: #444c56; }
header .status { font-weight: 600; color: #1b1f24; }
h2 { font-size: 1.15rem; margin: 1.6rem 0 .5rem; border-bottom: 2px solid #d0d7de;
  padding-bottom: .2rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: .92rem; }
th, td { padding: .22rem .5rem; border-bottom: 1px solid #e1e4e8; white-space: nowrap; }
thead th { background: #24476b; color: #fff; font-weight: 600; border-bottom: 0; }
tbody tr:nth-child(even) { background: #f4f6f8; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.c, th.c { text-align: center; }
td.name, th.name { text-align: left; }
td.pts { font-weight: 700; }
td.place { font-variant-numeric: tabular-nums; text-align: right; }
table.cross td.c { font-variant-numeric: tabular-nums; min-width: 3.2em; }
td a { color: #0b5cad; text-decoration: none; }
td a:hover, td a:focus { text-decoration: underline; }
table.cross tr:target { background: #fff4c2; }
td.bye { color: #57606a; }
dl.legend { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem;
  margin: 0; }
dl.legend dt { font-weight: 700; }
dl.legend dd { margin: 0; }
ul.warnings { margin: .4rem 0 0; padding-left: 1.2rem; color: #7a4500; }
p.note { margin: .4rem 0; color: #444c56; font-size: .9rem; }
pre.report { font-size: .85rem; white-space: pre-wrap; margin: .4rem 0; }
footer { margin-top: 2rem; font-size: .8rem; color: #6e7781; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  .scroll { overflow: visible; }
  thead th { background: #fff; color: #000; border-bottom: 1.5pt solid #000; }
  tbody tr:nth-child(even) { background: #fff; }
  td a { color: #000; }
  h2 { break-after: avoid; }
  tr { break-inside: avoid; }
}
"""


def _kind(record: Record) -> str:
    """A round's kind in words, in the language in force (the cell's title)."""
    return kind_text(record.kind)


def _heading(field: str) -> str:
    """A fixed column's heading in the language in force, escaped."""
    return _e(translated(HEADINGS[field]))


def _capital(text: str) -> str:
    """``text`` with its first letter in capitals (the rest as it is)."""
    return text[:1].upper() + text[1:]


def _e(text: object) -> str:
    """Text escaped for HTML content and attribute values (``<``, ``&``, quotes)."""
    return html.escape(str(text), quote=True)


# ---------------------------------------------------------------------------- texts


def round_cell_text(record: Record) -> str:
    """A round in the crosstable notation: ``12w1``, ``5b½``, ``7+``, ``H``, ``U``, ``Z``.

    Without a known colour (a round-robin grid) the opponent and the result are separated by a
    space (``12 1``), as the crosstable reader expects.
    """
    if record.opponent is None:
        return _BYE.get(record.kind, "Z")
    color = record.color.value if record.color is not None else " "
    return f"{record.opponent}{color}{_RESULT.get(record.kind, '?')}"


def _title(standings: Standings) -> str:
    t = standings.tournament
    return t.name or t.source or _("Tournament")


def _status(standings: Standings) -> str:
    """``after round 5 of 9`` or ``final standings after 7 rounds``
    (:func:`xl_tiebreak.report.table.status_text`)."""
    return status_text(standings)


# ---------------------------------------------------------------------------- parts


def _header(standings: Standings) -> str:
    t = standings.tournament
    lines = [f"<h1>{_e(_title(standings))}</h1>"]
    where = where_and_when(standings)
    if where:
        lines.append(f"<p>{_e(where)}</p>")
    kind = _("round robin") if t.type is TournamentType.PREDETERMINED else _("Swiss")
    lines.append(
        f'<p class="status">{_e(_capital(_status(standings)))} · '
        + _e(_n("{count} participant", "{count} participants", count=len(t.participants)))
        + f" · {_e(kind)}</p>"
    )
    rules = _("Tie-break rules: {rules}", rules=standings.rules.label)
    if standings.rules_note:
        rules += f" ({standings.rules_note})"
    lines.append(f"<p>{_e(rules)}</p>")
    return "<header>\n" + "\n".join(lines) + "\n</header>"


def _shown_fields(participants: Iterable[Participant]) -> tuple[bool, bool, bool]:
    """Whether the title, federation and rating columns hold anything (empty ones are left
    out, e.g. the titles of a club event)."""
    people = list(participants)
    return (any(p.title for p in people), any(p.federation for p in people),
            any(p.rating is not None for p in people))


_CLASSES = {"place": "place", "no": "num", "title": "c", "name": "name", "fed": "c",
            "rating": "num", "pts": "num pts", "extra": "num", "tiebreak": "num"}
"""The CSS class of the cells of each column field."""


def _standings_table(standings: Standings) -> str:
    """The table of :func:`xl_tiebreak.report.table.standings_columns` (empty Title, Fed, Rtg
    columns
    left out), the place as ``3–4`` on every row of a shared place."""
    columns = standings_columns(standings)
    heads = []
    for c in columns:
        cls = _CLASSES[c.field].replace(" pts", "").replace("place", "num")
        extra = f' title="{_e(c.descriptor.name)}"' if c.descriptor is not None else ""
        heads.append(f'<th class="{cls}" scope="col"{extra}>{_e(c.header)}</th>')
    heads.append(f'<th class="name" scope="col">{_e(translated(DECIDED_BY))}</th>')
    body = []
    rows = standings_cells(standings, columns)
    for place, cells, decided in zip(place_texts(standings.rows), rows, decisions(standings),
                                     strict=True):
        tds = []
        for c, value in zip(columns, cells, strict=True):
            if c.field == "place":
                shown = _e(place)
            elif c.field == "no":
                shown = f'<a href="#p{value}">{value}</a>'
            elif isinstance(value, str):
                shown = _e(value)
            else:
                shown = _e(people_text(value, c.places))
            tds.append(f'<td class="{_CLASSES[c.field]}">{shown}</td>')
        tds.append(f'<td class="name">{_e(decided.text())}</td>')
        body.append("<tr>" + "".join(tds) + "</tr>")
    return (
        '<div class="scroll"><table class="standings">\n'
        "<thead><tr>" + "".join(heads) + "</tr></thead>\n"
        "<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table></div>"
    )


def _group_note(standings: Standings, level: int) -> str:
    """What the cells of a DE column mean (:func:`xl_tiebreak.report.table.group_note`)."""
    return group_note(standings, level)


def _legend(standings: Standings) -> str:
    scoring = standings.tournament.scoring.describe().replace(".", decimal_separator())
    items = [
        f"<dt>{_heading('pts')}</dt><dd>"
        + _e(_("Points (scoring {scoring})", scoring=scoring)) + "</dd>",
    ]
    if has_extra_points(standings):
        extra = translated(EXTRA_COLUMN.header)
        text = extra_points_legend().removeprefix(extra + ": ")
        items.append(f"<dt>{_e(extra)}</dt><dd>{_e(text)}</dd>")
    for level, d in enumerate(standings.descriptors):
        text = f"{d.name} ({d.article})" if d.article else d.name
        if d.tiebreak.group:
            text += f"; {_group_note(standings, level)}"
        items.append(f"<dt>{_e(d.label)}</dt><dd>{_e(text)}</dd>")
    if not standings.descriptors:
        items.append("<dt>—</dt><dd>" + _e(_("no tie-breaks: ties share the place"))
                     + "</dd>")
    decided = translated(DECIDED_BY)
    items.append(f"<dt>{_e(decided)}</dt>"
                 f"<dd>{_e(translated(DECIDED_BY_LEGEND).removeprefix(decided + ': '))}</dd>")
    parts = ['<dl class="legend">\n' + "\n".join(items) + "\n</dl>"]
    rules = _("Rule set: {rules}", rules=standings.rules.label)
    if standings.rules_note:
        rules += f" ({standings.rules_note})"
    shared = f"{place_text(3)}\u2013{place_text(4)}"
    parts.append('<p class="note">' + _e(_(
        "{rules}. Participants tied on points and every tie-break share the place (shown as "
        "a range, e.g. {example}).", rules=rules, example=shared)) + "</p>")
    if standings.warnings:
        parts.append('<p class="note">' + _e(_("Warnings:")) + '</p>\n<ul class="warnings">\n'
                     + "\n".join(f"<li>{_e(w)}</li>" for w in standings.warnings)
                     + "\n</ul>")
    return "\n".join(parts)


def _cross_cell(record: Record, known: set[int]) -> str:
    if record.opponent is None:
        letter = _BYE.get(record.kind, "Z")
        return f'<td class="c bye" title="{_e(_kind(record))}">{_e(letter)}</td>'
    rest = round_cell_text(record)[len(str(record.opponent)):]
    number = (f'<a href="#p{record.opponent}">{record.opponent}</a>'
              if record.opponent in known else str(record.opponent))
    return f'<td class="c" title="{_e(_kind(record))}">{number}{_e(rest)}</td>'


def _crosstable(standings: Standings) -> str:
    if standings.evaluation is not None and not standings.evaluation.rounds_known:
        return "<p>" + _e(_("The input (a round-robin grid) has no rounds, so there is no "
                            "crosstable by round.")) + "</p>"
    rounds = standings.rounds
    participants: list[Participant] = sorted(standings.tournament.participants,
                                             key=lambda p: p.start_no)
    known = {p.start_no for p in participants}
    points = {row.participant.start_no: row.points for row in standings.rows}
    _titles, feds, ratings = _shown_fields(participants)
    heads = [f'<th class="num" scope="col">{_heading("no")}</th>',
             f'<th class="name" scope="col">{_heading("name")}</th>']
    if feds:  # Fed before Rtg, as in the standings table
        heads.append(f'<th class="c" scope="col">{_heading("fed")}</th>')
    if ratings:
        heads.append(f'<th class="num" scope="col">{_heading("rating")}</th>')
    heads += [f'<th class="c" scope="col">{_e(_("R{round}", round=r))}</th>'
              for r in range(1, rounds + 1)]
    heads.append(f'<th class="num" scope="col">{_heading("pts")}</th>')
    body = []
    for p in participants:
        cells = [f'<td class="num">{p.start_no}</td>', f'<td class="name">{_e(p.name)}</td>']
        if feds:
            cells.append(f'<td class="c">{_e(p.federation)}</td>')
        if ratings:
            cells.append(f'<td class="num">{"" if p.rating is None else p.rating}</td>')
        cells += [_cross_cell(p.record(r), known) for r in range(1, rounds + 1)]
        cells.append(f'<td class="num pts">{_e(number_text(fmt_half(points.get(p.start_no))))}'
                     "</td>")
        body.append(f'<tr id="p{p.start_no}">' + "".join(cells) + "</tr>")
    return (
        '<div class="scroll"><table class="cross">\n'
        "<thead><tr>" + "".join(heads) + "</tr></thead>\n"
        "<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table></div>\n"
        '<p class="note">' + _e(_(
            "A cell is the opponent's number (a link to that row), the colour (w white, "
            "b black) and the result (1 win, ½ draw, 0 loss, + won by forfeit, - lost by "
            "forfeit). H half-point bye, U pairing-allocated bye, F full-point bye, Z absent "
            "(zero-point bye).")) + "</p>"
    )


def _report_sections(report: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """The arbiter's report parts (``compute --why``, ``--progression``, ``--ratings``,
    ``--norms``) as sections after the crosstable: each titled, its lines as the command line
    prints them (aligned columns kept: preformatted)."""
    out = []
    for k, (title, lines) in enumerate(report, start=1):
        out += [f'<section aria-labelledby="report{k}">',
                f'<h2 id="report{k}">{_e(title)}</h2>',
                '<pre class="report">' + _e("\n".join(lines)) + "</pre>",
                "</section>"]
    return out


def standings_html(standings: Standings,
                   report: Sequence[tuple[str, Sequence[str]]] = ()) -> str:
    """The standings, legend and crosstable as one self-contained HTML5 page (UTF-8 text);
    ``report``: the arbiter's report parts asked (title, lines), each a section after them."""
    title = f"{_title(standings)} — {_status(standings)}"
    footer = _("Computed by xl-tiebreak {version}, rules {rules}.", version=__version__,
               rules=standings.rules.label)
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{_e(current())}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="generator" content="xl-tiebreak">',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        _header(standings),
        "<main>",
        '<section aria-labelledby="standings">',
        '<h2 id="standings">' + _e(_("Standings")) + "</h2>",
        _standings_table(standings),
        "</section>",
        '<section aria-labelledby="legend">',
        '<h2 id="legend">' + _e(_("Legend")) + "</h2>",
        _legend(standings),
        "</section>",
        '<section aria-labelledby="crosstable">',
        '<h2 id="crosstable">' + _e(_("Crosstable")) + "</h2>",
        _crosstable(standings),
        "</section>",
        *_report_sections(report),
        "</main>",
        f"<footer>{_e(footer)}</footer>",
        "</body>",
        "</html>",
        "",
    ])
