"""Tie-break descriptors: ``BH/C1``, ``bh-c1``, ``KS/L+1``, ``ARO/U1400``… parsed and named.

Forms accepted (case-insensitive): TRF26/MTB26 ``ACRONYM[/modifier]…`` and the TEC paper's
``ACRONYM-C1``; ``:GP`` is accepted (individual events score game points); the aliases of the
registry (``GE``, the 2023 name of REP; ``AROC`` = ARO-C1; ``MM``…) and Swiss-Manager codes
(``SM:84/0,0,1,-``); DiSwiss's abbreviations and the Portuguese names Brazilian organizers type
(``BU1``, ``Buchholz Corte-1``, ``Confronto Direto``: the section "Portuguese names" below).
Spec §2.3, §5 and §9. Everything about a code — its name, article, the
modifiers it takes, its Swiss-Manager form — is read from its registry row
(:mod:`xl_tiebreak.tiebreaks.registry`), which the parsed :class:`Descriptor` then holds
(the class is :mod:`xl_tiebreak.tiebreaks.descriptor`'s, named here too).
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

from xl_tiebreak.i18n import N_, _, _n
from xl_tiebreak.i18n.language import translate as translated
from xl_tiebreak.model.tournament import InputError, Problem
from xl_tiebreak.tiebreaks.descriptor import Descriptor as Descriptor
from xl_tiebreak.tiebreaks.descriptor import swiss_manager_text as swiss_manager_text
from xl_tiebreak.tiebreaks.presets import PRESETS, expand
from xl_tiebreak.tiebreaks.registry import (
    ABBREVIATIONS,
    SPOKEN,
    SPOKEN_AMBIGUOUS,
    SPOKEN_TEAM,
    SPOKEN_TEAM_AMBIGUOUS,
    SWISS_MANAGER_ALSO,
    SWISS_MANAGER_OLD,
    TEAM_ABBREVIATIONS,
    codes,
    lookup,
    swiss_manager_numbers,
    swiss_manager_rows,
    taking,
    tiebreak,
)
from xl_tiebreak.tiebreaks.row import ScoreType, SmParam, TieBreak
from xl_tiebreak.util.numbers import parse_whole, shown
from xl_tiebreak.util.patterns import LazyPattern

TYPE_CHECKING = False
if TYPE_CHECKING:  # the team model is imported by team events only (start-up time)
    from xl_tiebreak.model.teams import Score


_MOD = LazyPattern(r"(?P<key>[CMLPFRU])(?P<arg>[+-]?[0-9]*)$")


MAX_DESCRIPTOR = 40
"""Longest descriptor text read (``ARO/C1/U1400`` is 12): longer ones are refused at once."""
MAX_LIST = 40
"""Most entries of a tie-break list."""


def parse_descriptor(text: str, team: Score | None = None) -> Descriptor:
    """Parse one tie-break descriptor; raise InputError with the reason if it is not valid.

    ``team``: the primary score of a team event (None: an individual event). A team event
    reads a code without score type on its primary score where the code has team forms
    (``BH`` → ``BH:MP``); an individual event refuses team tie-breaks."""
    raw = text.strip()
    s = raw.upper().replace(" ", "")
    if not s:
        raise InputError(_("empty tie-break name"))
    if len(s) > MAX_DESCRIPTOR:
        raise InputError(_("tie-break {text} is too long (at most {n} characters)",
                           text=shown(raw), n=MAX_DESCRIPTOR))
    if not raw.isprintable():
        raise InputError(_("tie-break {text} holds a control character", text=shown(raw)))
    ambiguous = spoken_refusal(raw, team is not None)
    if ambiguous is not None:
        raise InputError(ambiguous)
    spoken = spoken_descriptor(raw, team is not None)
    if spoken is not None:  # a Portuguese name or DiSwiss abbreviation: BU1 = BH/C1
        return parse_descriptor(spoken, team).replace(text=raw)
    head, *mods = re.split(r"[/]", s)
    # TEC form BH-C1 / SB-C1 / ARO-M1: the dash introduces one modifier.
    if "-" in head and not head.startswith("-"):
        head, _sep, tail = head.partition("-")
        mods = [tail, *mods]
    head = _score_type(head, raw) if team is None else _team_code(head, raw, team)
    found = lookup(head)
    if found is None:
        # name the codes of this kind of event only (individual, or team): a shorter list
        known = ", ".join(sorted(c for c in codes() if tiebreak(c).team == (team is not None)))
        raise InputError(_("unknown tie-break {text} (known: {known}; and the DiSwiss "
                           "abbreviations {abbreviations})", text=shown(raw), known=known,
                           abbreviations=", ".join(TEAM_ABBREVIATIONS if team is not None
                                                   else ABBREVIATIONS)))
    row, implied = found
    if team is None and row.team:
        raise InputError(_("tie-break '{text}' is a team tie-break (match or game points of "
                           "teams); this is an individual event", text=raw))
    fields: dict[str, object] = {"tiebreak": row, "text": raw}
    for mod in [*implied, *mods]:
        _apply_modifier(fields, row, mod, raw)
    fields.pop("_seen", None)
    return Descriptor(**fields)  # type: ignore[arg-type]


_SCORE_TAGS = {":GP": ScoreType.POINTS}
"""Score-type suffixes of TRF26 descriptors accepted for individual events."""


def _score_type(head: str, raw: str) -> str:
    """The acronym without its score-type suffix (``BH:GP`` → ``BH``); a team code keeps its
    score type (``BH:MP``: a registry row, refused afterwards for an individual event)."""
    for tag in _SCORE_TAGS:
        if head.endswith(tag) and lookup(head[: -len(tag)]) is not None:
            return head[: -len(tag)]
    if ":" in head and lookup(head) is not None:
        return head
    if ":" in head:
        raise InputError(_("tie-break '{text}': unknown score type (team events take :MP and "
                           ":GP, e.g. BH:MP; individual events game points only)", text=raw))
    return head


def _team_code(head: str, raw: str, primary: Score) -> str:
    """The registry code of a team event's descriptor: ``BH:GP`` as written, ``BH`` on the
    primary score (or the other one when only that form exists: ``WIN`` → ``WIN:MP``)."""
    found = lookup(head)
    if found is None or found[0].team or found[0].code == "PTS":
        return head
    code = found[0].code
    for score in (primary, primary.other):
        if lookup(f"{code}:{score.value}") is not None:
            return f"{code}:{score.value}"
    raise InputError(_("tie-break '{text}' is not a team tie-break", text=raw))


def _only(letter: str, what: str = "") -> str:
    """``only TPN and RTNG take /R`` from the rows that take the letter."""
    rows = taking(letter)
    names = _(" and ").join(row.code for row in rows)
    return _n("only {names} takes {what}", "only {names} take {what}", count=len(rows),
              names=names, what=what or "/" + letter)


def _apply_modifier(fields: dict[str, object], row: TieBreak, mod: str, raw: str) -> None:
    m = _MOD.match(mod)
    if not m:
        raise InputError(_("tie-break {text}: unknown modifier {modifier}", text=shown(raw),
                           modifier=shown("/" + mod)))
    key, arg = m.group("key"), m.group("arg")
    code = row.code
    group = {"C": N_("cut"), "M": N_("cut"), "L": N_("limit"), "U": N_("unrated")}.get(key, key)
    seen = fields.setdefault("_seen", set())
    assert isinstance(seen, set)
    if group in seen:
        raise InputError(_("tie-break '{text}': more than one {group} modifier", text=raw,
                           group=translated(group)))
    seen.add(group)

    def number() -> int:
        if not arg.lstrip("+-"):
            raise InputError(_("tie-break {text}: modifier '/{key}' needs a number",
                               text=shown(raw), key=key))
        try:
            return parse_whole(arg, _("tie-break {text}: modifier /{key}", text=shown(raw),
                                      key=key), -9999, 9999, digits=4)
        except ValueError as exc:
            raise InputError(str(exc)) from None

    takes = key in row.modifiers
    if key in "CM":
        n = number()
        if not takes:
            raise InputError(_("tie-break '{text}': {code} does not take {modifier}", text=raw,
                               code=code, modifier=f"/{key}{arg}"))
        if n < 0 or n > 99:
            raise InputError(_("tie-break '{text}': cut must be between 0 and 99", text=raw))
        fields["low"] = n
        fields["high"] = n if key == "M" else 0
    elif key == "L":
        if not takes:
            raise InputError(_("tie-break '{text}': {why}", text=raw,
                               why=_only("L", _("a limit /L"))))
        if arg[:1] in "+-" and arg:
            fields["limit"] = Fraction(number())
        else:
            percent = number()
            if not 0 <= percent <= 100:
                raise InputError(_("tie-break '{text}': a Koya limit in % must be 0 to 100",
                                   text=raw))
            fields["limit_percent"] = percent
    elif key == "P":
        if not takes:
            raise InputError(_("tie-break '{text}': {code} does not take {modifier}",
                               text=raw, code=code, modifier="/P"))
        fields["forfeits_played"] = True
    elif key == "F":
        if not takes:
            raise InputError(_("tie-break '{text}': {why}", text=raw, why=_only("F")))
        fields["fore"] = True
    elif key == "R":
        if not takes:
            raise InputError(_("tie-break '{text}': {why}", text=raw, why=_only("R")))
        fields["reverse"] = True
    elif key == "U":
        if not takes:
            raise InputError(_("tie-break '{text}': only rating-based tie-breaks take /U",
                               text=raw))
        rating = number()
        if not 0 <= rating <= 4000:
            raise InputError(_("tie-break '{text}': the rating for unrated players must be 0 "
                               "to 4000", text=raw))
        fields["unrated_rating"] = rating


def parse_list(text: str | list[str], team: Score | None = None) -> list[Descriptor]:
    """Parse a tie-break list: comma- (or semicolon-) separated descriptors, ``preset:NAME``
    entries and Swiss-Manager codes ``SM:84/0,0,1,-``; ``PTS`` entries are dropped (see
    :func:`parse_order` for where they stand). ``team``: the primary score of a team event
    (see :func:`parse_descriptor`)."""
    return parse_order(text, team)[0]


def parse_order(
    text: str | list[str], team: Score | None = None
) -> tuple[list[Descriptor], int]:
    """A tie-break list as :func:`parse_list` reads it, and the position of ``PTS`` in it: the
    number of tie-breaks ranked before the points (0 when ``PTS`` is first or absent). TRF26
    allows ``PTS`` anywhere in ``212``: ``WIN,PTS,BH`` ranks by WIN, then points, then BH."""
    out: list[Descriptor] = []
    items = _split_items(text)
    if len(items) > MAX_LIST:
        raise InputError(_("the tie-break list has {count} entries; at most {n}",
                           count=len(items), n=MAX_LIST))
    refused: list[Problem] = []  # every Swiss-Manager code that cannot be mapped, with why
    for item in items:
        if item.lower().startswith("preset:"):
            out.extend(parse_list(_preset(item), team))
        elif item.upper().startswith("SM"):
            try:
                out.append(_swiss_manager_item(item, team))
            except InputError as exc:
                refused.extend(exc.problems)
        else:
            out.append(parse_descriptor(item, team))
    if refused:
        raise InputError(refused)
    codes_seen = [d.code for d in out]
    points_at = codes_seen.index("PTS") if "PTS" in codes_seen else 0
    if codes_seen.count("PTS") > 1:
        raise InputError(_("PTS is listed more than once in the tie-break list"))
    return [d for d in out if d.code != "PTS"], points_at


def _swiss_manager_item(item: str, team: Score | None) -> Descriptor:
    """A Swiss-Manager code of a list, of the event's kind (individual or team)."""
    d = parse_swiss_manager(item, team)
    if d.tiebreak.team != (team is not None):
        text = (_("Swiss-Manager code '{code}' is a team tie-break ({tiebreak})", code=item,
                  tiebreak=d.code) if d.tiebreak.team else
                _("Swiss-Manager code '{code}' is an individual tie-break ({tiebreak})",
                  code=item, tiebreak=d.code))
        if d.code == "WIN:MP":
            text += "; " + _("Swiss-Manager's own 12 for individuals ('greater number of "
                             "victories') does not say how byes and forfeits count: write 68 "
                             "(WIN, WON, BWG, BPG)")
        raise InputError(text)
    return d


def _preset(item: str) -> str:
    try:
        return expand(item)
    except KeyError:
        names = ", ".join(PRESETS)
        raise InputError(_("unknown preset {text} (known: {names})", text=shown(item),
                           names=names)) from None


_SM_PARAM = LazyPattern(r"^(-|--|\+|[PF]|GP|MP|\d+)$", re.IGNORECASE)


def _split_items(text: str | list[str]) -> list[str]:
    """Split a list, keeping the comma-separated parameters of ``SM:`` codes together."""
    parts = list(text) if not isinstance(text, str) else re.split(r"[;,\n]", text)
    items: list[str] = []
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if items and items[-1].upper().startswith("SM") and _SM_PARAM.match(part):
            items[-1] += "," + part
        else:
            items.append(part)
    return items


# ====================================================================== Swiss-Manager codes
# Both directions are derived from the rows' SwissManager data: the parameters a number takes,
# in order (SmParam), and the value that selects a row among those sharing a number.


def parse_swiss_manager(code: str, team: Score | None = None) -> Descriptor:
    """A Swiss-Manager / Chess-Results tie-break number with its parameters (``SM:84/0,0,1,-``),
    where the mapping to a FIDE descriptor is certain (spec §9); otherwise InputError.

    ``team``: the primary score of a team event (None: an individual event). In a team event
    a number with a score type (84, 86, 87: 0 game points, 1 match points, or the type named:
    ``GP``, ``MP``) gives the team form on that type (``SM:84/1,0,1,-`` → ``BH:MP/C1``);
    84 with type 0 is on match points there, as DiSwiss's team tables read it
    (docs/decisions.md D84). 53 and 50 (DiSwiss) read as BPG and EMGSB."""
    raw = code.strip()
    if len(raw) > MAX_DESCRIPTOR:
        raise InputError(_("Swiss-Manager code {code} is too long (at most {count} "
                           "characters)", code=shown(raw), count=MAX_DESCRIPTOR))
    m = re.match(r"^SM\s*:?\s*([0-9]{1,3})\s*(?:/\s*(.*))?$", raw, re.IGNORECASE)
    if not m:
        raise InputError(_("{code}: write a Swiss-Manager code as SM:84/0,0,1,-",
                           code=shown(raw)))
    number = int(m.group(1))
    params = [p.strip().upper() for p in (m.group(2) or "").split(",") if p.strip()]

    def fail(why: str) -> InputError:
        return InputError(_("Swiss-Manager code {code}: {why}", code=shown(raw), why=why))

    also = SWISS_MANAGER_ALSO.get(number)
    if also is not None:  # a number DiSwiss publishes for a row written with another one
        row = tiebreak(also[0])
        meaning = translated(also[1])
        if params:
            raise fail(_("{number} ({meaning}) takes no parameters", number=number,
                         meaning=meaning))
        if row.team != (team is not None):
            raise fail(_("{number} ({meaning}) is a team tie-break ({tiebreak})",
                         number=number, meaning=meaning, tiebreak=row.code) if row.team else
                       _("{number} ({meaning}) is an individual tie-break ({tiebreak})",
                         number=number, meaning=meaning, tiebreak=row.code))
        return Descriptor(row, text=raw)
    rows = swiss_manager_rows(number)
    if not rows:
        old = SWISS_MANAGER_OLD.get(number)
        known = ", ".join(str(n) for n in sorted({*swiss_manager_numbers(),
                                                  *SWISS_MANAGER_ALSO}))
        if old is not None:
            raise fail(_("{number} is Swiss-Manager's {name}, with no certain FIDE "
                         "equivalent (known: {known})", number=number, name=translated(old),
                         known=known))
        raise fail(_("no certain FIDE equivalent (known: {known})", known=known))
    layout = rows[0].swiss_manager.params if rows[0].swiss_manager else ()
    if SmParam.POINTS_TAG in layout and params and params[0] in ("GP", "MP"):
        tag, params = params[0], params[1:]
        if team is None and tag == "MP":
            raise fail(_("only game points apply to individual events"))
        if team is not None and tag != team.value:
            raise fail(_("{tiebreak} on match points in an event ranked on {primary}: not a "
                         "FIDE form (C.07 Art. 13)", tiebreak=rows[0].code, primary=team.value)
                       if tag == "MP" else
                       _("{tiebreak} on game points in an event ranked on {primary}: not a "
                         "FIDE form (C.07 Art. 13)", tiebreak=rows[0].code, primary=team.value))
    order: list[SmParam] = [p for p in layout if p is not SmParam.POINTS_TAG]
    values: dict[SmParam, str] = dict(zip(order, params))

    def num(p: SmParam) -> int:
        text = values.get(p, "-")
        if text in ("-", "--"):
            return 0
        try:
            return parse_whole(text, _("parameter {number}", number=order.index(p) + 1), 0,
                               9999, digits=4)
        except ValueError as exc:
            raise fail(str(exc)) from None

    def flag(p: SmParam, letter: str) -> bool:
        return values.get(p, "") in (letter, "1" if letter == "F" else letter)

    type_text = values.get(SmParam.GAME_POINTS, "0")
    if type_text in ("GP", "MP"):  # the score type named (how a team BH:GP is written)
        score_type = 1 if type_text == "MP" else 0
    elif team is not None and number == 84 and type_text in ("0", "-", "--"):
        score_type = 1  # DiSwiss's team tables: 84 with type 0 is on match points (D84)
    else:
        score_type = num(SmParam.GAME_POINTS) if SmParam.GAME_POINTS in layout else 0
    if team is None and score_type != 0:
        raise fail(_("only game points (type 0) apply to individual events"))
    if score_type not in (0, 1):
        raise fail(_("the type must be 0 (game points) or 1 (match points)"))
    row = rows[0]
    if SmParam.KIND in layout:
        kind = num(SmParam.KIND)
        chosen = [r for r in rows if r.swiss_manager and r.swiss_manager.select == str(kind)]
        if not chosen:
            kinds = ", ".join(sorted(f"{r.swiss_manager.select} ({r.code})"
                                     for r in rows if r.swiss_manager))
            raise fail(_("type must be one of {kinds}", kinds=kinds))
        row = chosen[0]
    elif SmParam.FORE_BUCHHOLZ in layout:
        select = "F" if flag(SmParam.FORE_BUCHHOLZ, "F") else "-"
        row = next(r for r in rows if r.swiss_manager and r.swiss_manager.select == select)
    if team is not None and SmParam.GAME_POINTS in layout:
        form = lookup(f"{row.code}:{'MP' if score_type else 'GP'}")  # Score values
        if form is None:
            raise fail(_("{name} has no team form", name=translated(row.name)))
        row = form[0]
    fields: dict[str, object] = {"text": raw, "tiebreak": row}
    high = num(SmParam.HIGH) if SmParam.HIGH in layout else 0
    low = num(SmParam.LOW) if SmParam.LOW in layout else 0
    if high and high != low:
        raise fail(_("different numbers of strongest and weakest results discarded"))
    if high and "M" not in row.modifiers:
        raise fail(_("a median of {name} is not a FIDE tie-break", name=translated(row.name)))
    if SmParam.ZERO in layout and num(SmParam.ZERO):
        raise fail(_("discarded values of {name} have no certain FIDE equivalent",
                     name=translated(row.name)))
    if (SmParam.MINIMUM_RATING in layout and num(SmParam.MINIMUM_RATING)) or (
            SmParam.UNPLAYED in layout and num(SmParam.UNPLAYED)):
        raise fail(_("a minimum rating or 'take unplayed games into account' has no certain "
                     "FIDE equivalent"))
    if low:
        fields.update(low=low, high=high)
    if SmParam.FORFEITS in layout and flag(SmParam.FORFEITS, "P"):
        fields["forfeits_played"] = True
    if SmParam.FORE in layout and flag(SmParam.FORE, "F"):
        fields["fore"] = True
    if SmParam.PERCENT in layout:
        percent = num(SmParam.PERCENT) or 50
        if percent > 100:
            raise fail(_("a Koya limit in % must be 0 to 100"))
        if percent != 50:
            fields["limit_percent"] = percent
    return Descriptor(**fields)  # type: ignore[arg-type]

# ====================================================================== Portuguese names
# The tie-break names Brazilian organizers type in an order: DiSwiss's abbreviations (BU1, BUT,
# BUM, VIT, BLK, KOYA, PT) and the Portuguese names of the glossary (Buchholz Corte-1,
# Confronto Direto, Número de Vitórias…), each read as the descriptor it means. A name is
# compared without case, accents, spaces, dots and hyphens; modifiers may follow it after "/"
# (Buchholz Corte-1/P). The column keeps the text as typed; the name and legend are the
# descriptor's, in the language in force. A name that could mean two tie-breaks is refused
# with the forms that say which. The tables are the registry's (SPOKEN…).

def spoken_key(text: str) -> str:
    """A name as compared: upper case, without accents, spaces, dots, hyphens and
    underscores (``Número de Vitórias`` → ``NUMERODEVITORIAS``)."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return "".join(c for c in plain.upper() if c not in " .-_\u2013")


def _split(text: str) -> tuple[str, str]:
    """The name and its modifiers (``Buchholz Corte-1/P`` → ``Buchholz Corte-1``, ``/P``)."""
    name, slash, mods = text.partition("/")
    return name, slash + mods


def spoken_descriptor(text: str, team: bool) -> str | None:
    """The descriptor a Portuguese name or DiSwiss abbreviation means (with the modifiers that
    follow it), or None when the text is not one of them (a FIDE acronym is not)."""
    name, mods = _split(text.strip())
    found = (SPOKEN_TEAM if team else SPOKEN).get(spoken_key(name))
    return None if found is None else found + mods


def spoken_refusal(text: str, team: bool) -> str | None:
    """Why a name is refused as ambiguous, naming the accepted forms (in the language in
    force); None when it is not ambiguous."""
    name, _mods = _split(text.strip())
    k = spoken_key(name)
    forms = (SPOKEN_TEAM_AMBIGUOUS.get(k) if team else None) or SPOKEN_AMBIGUOUS.get(k)
    if forms is None:
        return None
    return _("tie-break '{text}' could mean more than one tie-break; write one of: {forms}",
             text=text.strip(), forms="; ".join(forms))
