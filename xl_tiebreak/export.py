"""Standings as text: a table for people, CSV and JSON for programs.

CSV and text cells are neutralised against spreadsheet formula injection
(:func:`xl_tiebreak.safety.formula_safe`): names come from strangers' files.
"""

from __future__ import annotations

import io

from xl_tiebreak.arbiter import legend_lines
from xl_tiebreak.numbers import fmt, fmt_half
from xl_tiebreak.safety import formula_safe

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.standings import Standings


def _rank_text(standings: Standings, i: int) -> str:
    row = standings.rows[i]
    first = i == 0 or standings.rows[i - 1].rank != row.rank
    return str(row.rank) if first else ""


def standings_csv(standings: Standings) -> str:
    """``Rank,No,Name,Pts,<descriptor as written>…`` then one row per participant in order.

    Values are plain decimals (``11.5``, ``13.38``, ``1820``); undefined values are empty.
    """
    import csv  # only this output needs the csv module (start-up time of the command line)

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    labels = [formula_safe(d.label) for d in standings.descriptors]
    w.writerow(["Rank", "No", "Name", "Pts", *labels])
    for row in standings.rows:
        w.writerow([row.rank, row.participant.start_no, formula_safe(row.participant.name),
                    fmt(row.points), *[fmt(v) for v in row.values]])
    return buf.getvalue()


def standings_json(standings: Standings) -> dict[str, object]:
    """A JSON-ready description: rule set, tie-breaks (with names), rows and warnings.

    Values are exact decimal strings (``"13.38"``) or null when undefined.
    """
    t = standings.tournament
    return {
        "tournament": t.name,
        "rules": standings.rules.value,
        "rules_label": standings.rules.label,
        "rules_note": standings.rules_note,
        "rounds": standings.rounds,
        "tiebreaks": [
            {"label": d.label, "descriptor": d.canonical, "name": d.name, "article": d.article,
             "swiss_manager": d.swiss_manager}
            for d in standings.descriptors
        ],
        "rows": [
            {
                "rank": row.rank,
                "shared": row.shared,
                "start_no": row.participant.start_no,
                "name": row.participant.name,
                "rating": row.participant.rating,
                "federation": row.participant.federation,
                "points": fmt(row.points),
                "values": {d.label: (None if v is None else fmt(v))
                           for d, v in zip(standings.descriptors, row.values)},
            }
            for row in standings.rows
        ],
        "warnings": [str(w) for w in standings.warnings],
    }


def standings_table(standings: Standings) -> str:
    """An aligned plain-text table with a header naming the rule set and the tie-breaks."""
    t = standings.tournament
    title = t.name or t.source or "Tournament"
    lines = [
        f"{title} — {len(t.participants)} participants, {standings.rounds} rounds, "
        f"rules {standings.rules.label} ({standings.rules_note})",
        "Tie-breaks: " + ("; ".join(f"{d.label} = {d.name}" for d in standings.descriptors)
                          or "none"),
        *legend_lines([d.code for d in standings.descriptors], t.lots_seed),
        "",
    ]
    header = ["Rk", "No", "Name", "Rtg", "Fed", "Pts", *[d.label for d in standings.descriptors]]
    body = []
    for i, row in enumerate(standings.rows):
        p = row.participant
        body.append([_rank_text(standings, i), str(p.start_no), formula_safe(p.name),
                     "" if p.rating is None else str(p.rating), p.federation,
                     fmt_half(row.points), *[fmt(v) for v in row.values]])
    widths = [max(len(r[c]) for r in [header, *body]) for c in range(len(header))]
    left = {2, 4}
    for r in [header, *body]:
        cells = [r[c].ljust(widths[c]) if c in left else r[c].rjust(widths[c])
                 for c in range(len(r))]
        lines.append("  ".join(cells).rstrip())
    if standings.warnings:
        lines.append("")
        lines.extend(f"warning: {formula_safe(str(w))}" for w in standings.warnings)
    return "\n".join(lines) + "\n"
