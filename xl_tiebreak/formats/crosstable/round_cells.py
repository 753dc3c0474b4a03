"""One round cell of a Swiss crosstable: the compact notation (``12w1``, ``+W9``, ``H``…) read
into a record, with the words Brazilian organizers type for unplayed rounds (``folga``,
``12w W.O.``, ``ausente``, ``meio ponto``: ../shared/spec/glossary-pt-BR.md)."""

from __future__ import annotations

import re

from xl_tiebreak.i18n import _
from xl_tiebreak.model.tournament import Color, Kind, Record

_COLORS = {"w": Color.WHITE, "b": Color.BLACK,
           # Portuguese: brancas (White), pretas or negras (Black)
           "br": Color.WHITE, "p": Color.BLACK, "n": Color.BLACK}
PORTUGUESE_COLOURS = frozenset({"br", "p", "n"})
"""Colour letters of the Portuguese notation; beside them a ``b`` (brancas or black?) is
ambiguous (:func:`colour_letter`)."""
_RESULTS = {
    "1": Kind.WIN,
    "0": Kind.LOSS,
    "½": Kind.DRAW,
    "=": Kind.DRAW,
    "1/2": Kind.DRAW,
    "0.5": Kind.DRAW,
    "0,5": Kind.DRAW,
    "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS,
}
_SIGN_RESULTS = {"+": Kind.WIN, "=": Kind.DRAW, "-": Kind.LOSS}
_SIGN_FORFEITS = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
_BYES = {
    "": Kind.ZPB,
    "+": Kind.PAB,
    "u": Kind.PAB,
    "pab": Kind.PAB,
    "+bye": Kind.PAB,
    "f": Kind.FPB,
    "fpb": Kind.FPB,
    "bye": Kind.FPB,
    "h": Kind.HPB,
    "½": Kind.HPB,
    "=": Kind.HPB,
    "hpb": Kind.HPB,
    "=bye": Kind.HPB,
    "-": Kind.ZPB,
    "--": Kind.ZPB,
    "-bye": Kind.ZPB,
    "z": Kind.ZPB,
    "zpb": Kind.ZPB,
    "0": Kind.ZPB,
    # a forfeit win whose opponent is unknown (TRF ``0000 +``), as ``+F9`` without the number
    "+f": Kind.FORFEIT_WIN,
    # Portuguese: folga = the bye of an odd field (pairing-allocated); ausente, ausência = an
    # absence; bye de meio ponto = a requested half-point bye. "bye de 1 ponto" is not read:
    # organizers use it both for the pairing bye and for a requested full-point bye.
    "folga": Kind.PAB,
    "ausente": Kind.ZPB,
    "ausência": Kind.ZPB,
    "ausencia": Kind.ZPB,
    "bye de zero ponto": Kind.ZPB,
    "meio ponto": Kind.HPB,
    "bye de meio ponto": Kind.HPB,
    "bye ½": Kind.HPB,
    "bye 0,5": Kind.HPB,
}
_GAME = re.compile(
    r"([0-9]{1,9})(?:\s*(br|[wbpn])\s*|\s+|(?=[^0-9\s]))(1/2|0[.,]5|[10½=+-])")
"""Opponent, optional colour, result: ``12w1``, ``12 b ½``, ``12 1``, ``12=``, ``12w+``."""
_WALKOVER = re.compile(r"([0-9]{1,9})\s*(br|[wbpn])?\s*([+-]?)\s*w\.?\s*o\.?")
"""A forfeit written the Brazilian way, W.O. (walkover) after the opponent: ``12w W.O.`` or
``12 +W.O.`` won by forfeit, ``12b -W.O.`` lost by forfeit."""
_BARE_WALKOVER = re.compile(r"[+-]?\s*w\.?\s*o\.?")
"""``W.O.`` without the opponent's number: who won cannot be told."""
_SIGN_FIRST = re.compile(r"([+=-])\s*([wbf])\s*([0-9]{1,9})")
_UNDECIDED_BYES = frozenset({"bye de 1 ponto", "bye de um ponto", "bye 1", "bye pedido"})
"""Portuguese byes whose points cannot be told: ``bye de 1 ponto`` is the pairing bye (folga)
for some organizers and a requested full-point bye for others; ``bye pedido`` (a requested
bye) may be worth half a point or none."""


def is_undecided_bye(text: str) -> bool:
    """True for a Portuguese bye whose kind cannot be told (:data:`_UNDECIDED_BYES`)."""
    return round_token(text) in _UNDECIDED_BYES


def colour_letter(text: str) -> str:
    """The colour letter of a game cell as typed (``w``, ``b``, ``br``, ``p``, ``n``), empty
    when the cell has none or is not a game."""
    token = round_token(text)
    found = _WALKOVER.fullmatch(token) or _GAME.fullmatch(token)
    return (found.group(2) or "") if found is not None else ""
"""Result sign, colour or F(orfeit), opponent: ``+W9``, ``=B13``, ``-F11``."""


def token_hint() -> str:
    """The forms of a round cell, for a message: ``expected e.g. 12w1, …``."""
    return _("expected e.g. 12w1, 12b½, 12+, H, U, -")


def is_bare_walkover(text: str) -> bool:
    """True for ``W.O.`` (or ``+W.O.``, ``-W.O.``) without the opponent's number."""
    return _BARE_WALKOVER.fullmatch(round_token(text)) is not None


def is_game_form(text: str) -> bool:
    """True when the cell has the form of a game (opponent, optional colour, result), readable
    or not."""
    return _GAME.fullmatch(round_token(text)) is not None


def round_token(text: str) -> str:
    """Lower case, one kind of minus sign, single spaces."""
    text = text.lower()
    for dash in ("\u2212", "\u2013", "\u2014"):
        text = text.replace(dash, "-")
    return " ".join(text.split())


def parse_round_token(text: str) -> Record | None:
    """One Swiss round cell as a :class:`Record` (without ``where``); None when unreadable.

    Case and spaces do not matter; ``−``, ``–`` and ``—`` count as ``-``.

    * Game: opponent number, optional colour ``w``/``b``, result ``1``, ``0``, ``½``, ``=``,
      ``1/2``, ``0.5`` (``0,5``): ``12w1``, ``12b½``, ``12 w 1``, ``12 1``, ``12=``. Without a
      colour the opponent and a digit result must be separated by a space (``121`` is refused).
    * Forfeit: the same with ``+`` (forfeit win) or ``-`` (forfeit loss, also each side of a
      double forfeit): ``12+``, ``12-``, ``12w+``, ``12b-``. ``+12``/``-12`` are refused as
      ambiguous.
    * Sign first (the notation of the FIDE exercise tables): ``+W9`` win, ``=B13`` draw,
      ``-W2`` loss, ``+F9`` forfeit win, ``-F11`` forfeit loss (colour unknown).
    * Byes: ``+``, ``U``, ``PAB``, ``+BYE`` pairing-allocated bye; ``F``, ``FPB``, ``BYE``
      full-point bye; ``H``, ``½``, ``=``, ``HPB``, ``=BYE`` half-point bye; ``-``, ``--``,
      ``Z``, ``ZPB``, ``0``, ``-BYE`` or empty: zero-point bye / absence; ``+F``: a forfeit
      win whose opponent is unknown (TRF ``0000 +``).
    * The Brazilian forms: ``folga`` (pairing-allocated bye), ``ausente`` / ``ausência`` /
      ``bye de zero ponto`` (absence), ``meio ponto`` / ``bye de meio ponto`` / ``bye ½``
      (half-point bye), and a forfeit as W.O. after the opponent: ``12w W.O.`` or ``12 +W.O.``
      won, ``12b -W.O.`` lost (``WO``, ``w.o.`` alike); the colours ``br`` (brancas, White),
      ``p`` (pretas) or ``n`` (negras, Black): ``12br1``, ``12p½``, ``12n0``. ``W.O.`` without
      the opponent, ``bye de 1 ponto`` (the pairing bye or a requested one?) and ``bye pedido``
      (half a point or none?) are refused; so is ``b`` in a crosstable that writes Black as
      ``p`` or ``n`` (:func:`colour_letter`, checked by the reader).

    Over-the-board games are never marked as short games (the notation cannot tell).
    """
    token = round_token(text)
    if token in _BYES:
        return Record(_BYES[token])
    walkover = _WALKOVER.fullmatch(token)
    if walkover is not None:
        opponent, color, sign = walkover.groups()
        if int(opponent) == 0:
            return None
        forfeit = Kind.FORFEIT_LOSS if sign == "-" else Kind.FORFEIT_WIN
        return Record(forfeit, int(opponent), _COLORS.get(color or ""))
    game = _GAME.fullmatch(token)
    if game is not None:
        opponent, color, result = game.groups()
        if int(opponent) == 0:
            return None
        return Record(_RESULTS[result], int(opponent), _COLORS.get(color or ""))
    sign_first = _SIGN_FIRST.fullmatch(token)
    if sign_first is not None:
        sign, letter, opponent = sign_first.groups()
        if int(opponent) == 0:
            return None
        if letter == "f":
            kind = _SIGN_FORFEITS.get(sign)
            return None if kind is None else Record(kind, int(opponent))
        return Record(_SIGN_RESULTS[sign], int(opponent), _COLORS[letter])
    return None
