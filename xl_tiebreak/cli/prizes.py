"""``xl-tiebreak compute FILE --prizes PRIZES.csv``: the prize allocation, explained."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from xl_tiebreak.cli.console import note_line
from xl_tiebreak.i18n import _
from xl_tiebreak.i18n.conventions import place_text
from xl_tiebreak.model.tournament import InputError
from xl_tiebreak.prizes.allocation import (
    Allocation,
    PrizeOptions,
    Sharing,
    allocate,
    money,
    read_prize_csv,
)
from xl_tiebreak.standings.ranking import Standings
from xl_tiebreak.util.numbers import fmt
from xl_tiebreak.util.safety import formula_safe
from xl_tiebreak.util.text_files import MAX_INPUT_BYTES, DecodeError, decode_text


def allocation(standings: Standings, args: argparse.Namespace) -> Allocation:
    """Read ``args.prizes`` (a CSV prize list) and allocate it over ``standings``."""
    path = Path(args.prizes)
    if not path.is_file():
        raise InputError(_("{path}: no such file", path=path))
    if path.stat().st_size > MAX_INPUT_BYTES:
        raise InputError(_("{path}: file is larger than {value} MB", path=path,
                           value=MAX_INPUT_BYTES // 2**20))
    try:
        text = decode_text(path.read_bytes())
    except DecodeError as exc:
        raise InputError(str(exc), f"{path.name}, {exc.where}") from None
    prize_list = read_prize_csv(text, source=path.name)
    options = PrizeOptions(Sharing.HORT if args.hort else Sharing.EQUAL)
    return allocate(standings, prize_list, options)


def text(a: Allocation) -> str:
    """The awards (place, player, prize, money, trophy), then how each was decided."""
    out = io.StringIO()
    sharing = _("Hort system") if a.options.sharing is Sharing.HORT else _("shared equally")
    out.write("\n" + _("Prizes (money of tied players pooled and {sharing}; one prize per "
                       "player: {answer}):", sharing=sharing,
                       answer=_("yes") if a.options.one_prize_per_player else _("no")) + "\n")
    rows = [[_("Rk"), _("No"), _("Name"), _("Prize"), _("Money"), _("Trophy")]]
    for award in a.awards:
        p = award.participant
        rows.append([place_text(award.rank), str(p.start_no), formula_safe(p.name),
                     formula_safe(award.prize()), money(award.money) if award.money else "",
                     formula_safe(award.trophy)])
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    for r in rows:
        cells = [r[c].rjust(widths[c]) if c in (0, 1, 4) else r[c].ljust(widths[c])
                 for c in range(len(r))]
        out.write("  ".join(cells).rstrip() + "\n")
    out.write(_("Total money allocated: {money}", money=money(a.total())) + "\n")
    if a.lines:
        out.write(_("How:") + "\n")
        out.writelines(f"  {formula_safe(line)}\n" for line in a.lines)
    out.writelines(note_line(note) + "\n" for note in a.notes)
    return out.getvalue()


def as_json(a: Allocation) -> dict[str, object]:
    """A JSON-ready allocation: awards (exact money as a decimal string), explanation lines,
    unclaimed prizes and notes."""
    return {
        "sharing": a.options.sharing.value,
        "awards": [
            {"start_no": w.participant.start_no, "name": w.participant.name, "rank": w.rank,
             "prize": w.prize(), "money": fmt(w.money), "trophy": w.trophy}
            for w in a.awards
        ],
        "total": fmt(a.total()),
        "lines": list(a.lines),
        "unclaimed": [p.name() for p in a.unclaimed],
        "notes": list(a.notes),
    }
