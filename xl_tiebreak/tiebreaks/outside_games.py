"""Tie-breaks the arbiter or the regulations decide outside the games: a manual order and the
drawing of lots; and the recursive Buchholz organizers ask for. None of them is in C.07.

**Manual order** (``OTHER_MANUAL``, Swiss-Manager 5/6 "manual input"): a value typed per
participant (:attr:`~xl_tiebreak.model.tournament.Participant.manual_order`, e.g. the places of a
play-off
held after the event); the lowest value ranks first (``/R``: the highest); a participant without
one ranks after those with one.

**Drawing of lots** (``OTHER_LOTS``), the last tie-break, reproducible: every participant's lot
is the SHA-256 digest of the text ``<seed>:<start number>`` (UTF-8), read as a hexadecimal
number; the participant with the smallest digest draws lot 1, the next lot 2, and so on. The
seed is :attr:`~xl_tiebreak.model.tournament.Tournament.lots_seed` (``--lots-seed``); the same seed
gives
the same draw on every run, platform and Python version (no pseudo-random generator is
involved), and anyone can redo the draw with any SHA-256 tool. Without a seed the empty text is
used, and the explanation and the legend say so.

**Recursive Buchholz** (``OTHER_RBH``, Swiss-Manager 25 "sum of Buchholz"): the sum of the
Buchholz (Art. 8.1, with the rule set's Art. 16 adjustments) of the participant's opponents,
over the same opponents as AOB: those met over the board (``/P``: and the scheduled opponents
of forfeits); a round without an opponent adds nothing.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from xl_tiebreak.i18n import _
from xl_tiebreak.tiebreaks.categories import Category
from xl_tiebreak.tiebreaks.engine import Engine, Term, Value

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from xl_tiebreak.tiebreaks.descriptor import Descriptor


def lot_digest(seed: str, start_no: int) -> str:
    """The SHA-256 hex digest of ``<seed>:<start number>`` that decides a participant's lot."""
    import hashlib  # only a drawing of lots needs it (start-up time of the command line)

    return hashlib.sha256(f"{seed}:{start_no}".encode()).hexdigest()


@functools.lru_cache(maxsize=64)
def draw_lots(seed: str, start_numbers: tuple[int, ...]) -> dict[int, int]:
    """Start number → lot (1 = first), by ascending digest (start number on equal digests)."""
    ordered = sorted(start_numbers, key=lambda no: (lot_digest(seed, no), no))
    return {no: k for k, no in enumerate(ordered, start=1)}


def seed_text(seed: str | None) -> str:
    """How the seed is shown: ``'2026-spring'``, or that none was given (with where it can be
    given: docs/engineering.md D52 and D61)."""
    if not seed:
        return _("none given: the empty seed '' (TRF has no record for it: give it with "
                 "--lots-seed, a 'Lots seed' row of the Settings sheet, or the TRF comment "
                 "line '### xl-tiebreak lots seed: \"...\"' that xl-tiebreak writes)")
    return repr(seed)


def tb_lots(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """OTHER_LOTS: the participant's lot (1 ranks first)."""
    seed = eng.tournament.lots_seed or ""
    parts = eng.tournament.participants
    lots = draw_lots(seed, tuple(p.start_no for p in parts))
    no = parts[i].start_no
    if terms is not None:
        terms.append(Term(0, _("seed {seed}, SHA-256('{text}') = {digest}",
                               seed=seed_text(eng.tournament.lots_seed), text=f"{seed}:{no}",
                               digest=lot_digest(seed, no)),
                          Fraction(lots[no]),
                          reason=_("lot {lot} of {count}: digests sorted ascending",
                                   lot=lots[no], count=len(parts))))
    return Fraction(lots[no])


def tb_manual(eng: Engine, d: Descriptor, i: int, terms: list[Term] | None) -> Value:
    """OTHER_MANUAL: the value typed for the participant (None when none)."""
    value = eng.tournament.participants[i].manual_order
    if terms is not None:
        terms.append(Term(0, _("typed by the arbiter") if value is not None
                          else _("none typed"), value))
    return value


def tb_recursive_buchholz(eng: Engine, d: Descriptor, i: int,
                          terms: list[Term] | None) -> Value:
    """OTHER_RBH: sum of the opponents' Buchholz (see the module docstring)."""
    ctx = eng.context(d.forfeits_played)
    base = eng.base
    if d.forfeits_played:
        rounds = [r for r in range(ctx.rounds)
                  if ctx.opps[i][r] >= 0 and ctx.cats[i][r] is Category.PLAYED]
    else:
        rounds = [r for r in eng.otb_rounds(i) if base.opps[i][r] >= 0]
    opps = [base.opps[i][r] for r in rounds]
    if terms is not None:
        for r, o in zip(rounds, opps):
            value = ctx.to_points(ctx.bh_units(o))
            terms.append(Term(r + 1, eng.label(o), value, reason=_("opponent's BH"),
                              contribution=value))
    return Fraction(sum(ctx.bh_units(o) for o in opps), ctx.den)


def legend_lines(codes: list[str], seed: str | None) -> list[str]:
    """What the standings legend says about lots (when ``OTHER_LOTS`` is listed) and about
    the order of participants still tied after the whole list."""
    out = []
    if "OTHER_LOTS" in codes:
        out.append(_("Drawing of lots: seed {seed}; lot = order of SHA-256('<seed>:<start "
                     "number>'), the same draw on every run", seed=seed_text(seed)))
    out.append(_("Participants still tied after the last tie-break share the place and are "
                 "listed by start number."))
    return out
