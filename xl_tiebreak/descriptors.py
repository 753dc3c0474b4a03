"""Tie-break descriptors: ``BH/C1``, ``bh-c1``, ``KS/L+1``, ``ARO/U1400``… parsed and named.

Forms accepted (case-insensitive): TRF26/MTB26 ``ACRONYM[/modifier]…`` and the TEC paper's
``ACRONYM-C1``; ``:GP`` is accepted (individual events score game points); aliases ``GE`` (the
2023 name of REP) and ``AROC`` (ARO-C1). Spec §2.3 and §5.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

from xl_tiebreak.model import InputError

NAMES = {
    "PTS": "Points",
    "DE": "Direct Encounter",
    "WIN": "Number of Wins",
    "WON": "Number of Games Won",
    "BPG": "Number of Games Played with Black",
    "BWG": "Number of Games Won with Black",
    "PS": "Progressive Score",
    "REP": "Rounds one Elected to Play",
    "STD": "Standard Points",
    "TPN": "Tournament Pairing Number",
    "BH": "Buchholz",
    "AOB": "Average of Opponents' Buchholz",
    "FB": "Fore Buchholz",
    "SB": "Sonneborn-Berger",
    "KS": "Koya System",
    "ARO": "Average Rating of Opponents",
    "TPR": "Tournament Performance Rating",
    "PTP": "Perfect Tournament Performance",
    "APRO": "Average Performance Rating of Opponents",
    "APPO": "Average Perfect Performance of Opponents",
    "RTNG": "Rating",
    "OTHER_MM": "Modified Median",
    "OTHER_MEDIAN": "Median (Harkness)",
    "OTHER_SOLKOFF": "Solkoff",
    "OTHER_CUM": "Cumulative",
    "OTHER_OPPCUM": "Cumulative of Opposition",
    "OTHER_KASHDAN": "Kashdan",
    "OTHER_USSB": "Sonneborn-Berger (US Chess)",
    "OTHER_RBTP": "Result between Tied Players",
}
"""Acronym → name in words (C.07 Art. 5 table; ``OTHER_`` = not FIDE, TRF26 convention)."""

ARTICLES = {
    "PTS": "",
    "DE": "Art. 6",
    "WIN": "Art. 7.1",
    "WON": "Art. 7.2",
    "BPG": "Art. 7.3",
    "BWG": "Art. 7.4",
    "PS": "Art. 7.5",
    "REP": "Art. 7.6",
    "STD": "Art. 7.7",
    "TPN": "Art. 7.8",
    "BH": "Art. 8.1",
    "AOB": "Art. 8.2",
    "FB": "Art. 8.3",
    "SB": "Art. 9.1",
    "KS": "Art. 9.2",
    "ARO": "Art. 10.1",
    "TPR": "Art. 10.2",
    "PTP": "Art. 10.3",
    "APRO": "Art. 10.4",
    "APPO": "Art. 10.5",
    "RTNG": "Art. 10.6",
    "OTHER_MM": "US Chess 34E1",
    "OTHER_MEDIAN": "US Chess 34E4",
    "OTHER_SOLKOFF": "US Chess 34E2",
    "OTHER_CUM": "US Chess 34E3",
    "OTHER_OPPCUM": "US Chess 34E9",
    "OTHER_KASHDAN": "US Chess 34E7",
    "OTHER_USSB": "US Chess 34E8",
    "OTHER_RBTP": "US Chess 34E5",
}
US_CHESS = frozenset(c for c in ARTICLES if c.startswith("OTHER_"))
"""US Chess 34E tie-breaks: they always count unplayed games the US Chess way."""
GROUP_BASED = frozenset({"DE", "OTHER_RBTP"})
"""Tie-breaks that order a tied group instead of giving each participant a value."""

CUTTABLE = frozenset({"BH", "FB", "SB", "ARO", "PS"})
"""Tie-breaks that accept Cut (/Cn) modifiers; Median (/Mn) is accepted by BH, FB and ARO."""
MEDIAN_OK = frozenset({"BH", "FB", "ARO"})
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""Art. 10 tie-breaks: subject to the unrated-player rule."""
FORFEIT_OPTION = frozenset({"BH", "FB", "SB", "DE", "AOB", "WIN", "WON", "BPG", "BWG", "KS"})
ALIASES = {
    "GE": "REP",
    "AROC": "ARO",
    "MM": "OTHER_MM",
    "MODIFIEDMEDIAN": "OTHER_MM",
    "MEDIAN": "OTHER_MEDIAN",
    "HARKNESS": "OTHER_MEDIAN",
    "SOLKOFF": "OTHER_SOLKOFF",
    "CUM": "OTHER_CUM",
    "CUMULATIVE": "OTHER_CUM",
    "OPPCUM": "OTHER_OPPCUM",
    "KASHDAN": "OTHER_KASHDAN",
    "KA": "OTHER_KASHDAN",
    "OTHER_KA": "OTHER_KASHDAN",
    "USSB": "OTHER_USSB",
    "RBTP": "OTHER_RBTP",
    "MOSTBLACKS": "BPG",
}


@dataclasses.dataclass(frozen=True)
class Descriptor:
    """One entry of a tie-break list, with its modifiers."""

    code: str
    """The FIDE acronym, upper case (``BH``)."""
    low: int = 0
    """Number of least significant values cut (Cut-n, Median-n)."""
    high: int = 0
    """Number of most significant values cut (Median-n)."""
    limit: Fraction | None = None
    """Koya: threshold shift in half-points (``/L+1`` → 1), or None."""
    limit_percent: int | None = None
    """Koya: threshold as a percentage (``/L60``)."""
    forfeits_played: bool = False
    """``/P``: forfeits count as games against the scheduled opponent."""
    fore: bool = False
    """``/F``: AOB uses the opponents' Fore Buchholz."""
    reverse: bool = False
    """``/R``: TPN and RTNG sorted the other way."""
    unrated_rating: int | None = None
    """``/U1400``: rating used for unrated participants in rating-based tie-breaks."""
    text: str = dataclasses.field(default="", compare=False)
    """The descriptor as the user wrote it."""

    @property
    def canonical(self) -> str:
        """TRF26 form: ``BH/C1``, ``BH/M1``, ``KS/L+1``, ``ARO/U1400``."""
        out = self.code
        if self.low and self.high == self.low:
            out += f"/M{self.low}"
        elif self.low:
            out += f"/C{self.low}"
        if self.limit is not None:
            sign = "+" if self.limit >= 0 else "-"
            out += f"/L{sign}{abs(self.limit)}"
        if self.limit_percent is not None:
            out += f"/L{self.limit_percent}"
        if self.forfeits_played:
            out += "/P"
        if self.fore:
            out += "/F"
        if self.reverse:
            out += "/R"
        if self.unrated_rating is not None:
            out += f"/U{self.unrated_rating}"
        return out

    @property
    def label(self) -> str:
        """The column heading: the user's text if given, else the canonical form."""
        return self.text or self.canonical

    @property
    def name(self) -> str:
        """In words: ``Buchholz Cut-1``, ``Koya System (limit +1)``."""
        out = NAMES[self.code]
        if self.low and self.high == self.low:
            out += f" Median-{self.low}"
        elif self.low:
            out += f" Cut-{self.low}"
        extras = []
        if self.limit is not None:
            extras.append(f"limit {'+' if self.limit >= 0 else '-'}{abs(self.limit)} half-points")
        if self.limit_percent is not None:
            extras.append(f"limit {self.limit_percent}%")
        if self.forfeits_played:
            extras.append("forfeits as played")
        if self.fore:
            extras.append("of Fore Buchholz")
        if self.reverse:
            extras.append("reversed")
        if self.unrated_rating is not None:
            extras.append(f"unrated = {self.unrated_rating}")
        return out + (f" ({', '.join(extras)})" if extras else "")

    @property
    def article(self) -> str:
        """C.07 article defining the tie-break."""
        return ARTICLES[self.code]

    @property
    def lower_is_better(self) -> bool:
        """TPN ranks the lowest number first (unless /R); RTNG/R ranks the lowest rating first."""
        return (self.code == "TPN") != self.reverse if self.code in ("TPN", "RTNG") else False

    @property
    def swiss_manager(self) -> str:
        """Swiss-Manager / Chess-Results tie-break number and parameters, for display (§9)."""
        p = "P" if self.forfeits_played else "-"
        c = self.code
        if c in ("BH", "FB"):
            return f"84 / 0,{self.high},{self.low},{p},{'F' if c == 'FB' else '-'}"
        if c == "SB":
            return f"85 / 0,{self.high},{self.low},{p}"
        if c in ("WIN", "WON", "BWG", "BPG"):
            return f"68 / {('WIN', 'WON', 'BWG', 'BPG').index(c)},{p}"
        if c == "AOB":
            return f"77 / {'F' if self.fore else '-'}"
        if c == "REP":
            return "79"
        if c == "ARO":
            return f"80 / {self.unrated_rating or 0},{self.high},{self.low},0"
        if c == "DE":
            return f"81 / {p}"
        if c == "PS":
            return "" if self.low else "86 / 0,0"
        if c == "KS":
            return "" if self.limit is not None else f"87 / 0,{self.limit_percent or 50}"
        if c in ("TPR", "APRO", "PTP", "APPO"):
            kind = ("TPR", "APRO", "PTP", "APPO").index(c)
            return f"88 / {kind},{self.unrated_rating or 0}"
        if c == "OTHER_KASHDAN":
            return "92"
        return ""


_MOD = re.compile(r"(?P<key>[CMLPFRU])(?P<arg>[+-]?\d*)$")


def parse_descriptor(text: str) -> Descriptor:
    """Parse one tie-break descriptor; raise InputError with the reason if it is not valid."""
    raw = text.strip()
    s = raw.upper().replace(" ", "")
    if not s:
        raise InputError("empty tie-break name")
    head, *mods = re.split(r"[/]", s)
    # TEC form BH-C1 / SB-C1 / ARO-M1: the dash introduces one modifier.
    if "-" in head and not head.startswith("-"):
        head, _, tail = head.partition("-")
        mods = [tail, *mods]
    if head.endswith(":GP"):
        head = head[: -len(":GP")]
    if ":" in head:
        raise InputError(
            f"tie-break '{raw}': only game points (:GP) apply to individual events; "
            ":MP and other point types are for team events"
        )
    if head == "AROC":
        mods = ["C1", *mods]
    code = ALIASES.get(head, head)
    if code not in NAMES:
        known = ", ".join(sorted(NAMES))
        raise InputError(f"unknown tie-break '{raw}' (known: {known})")
    fields: dict[str, object] = {"code": code, "text": raw}
    for mod in mods:
        _apply_modifier(fields, code, mod, raw)
    fields.pop("_seen", None)
    return Descriptor(**fields)  # type: ignore[arg-type]


def _apply_modifier(fields: dict[str, object], code: str, mod: str, raw: str) -> None:
    m = _MOD.match(mod)
    if not m:
        raise InputError(f"tie-break '{raw}': unknown modifier '/{mod}'")
    key, arg = m.group("key"), m.group("arg")
    group = {"C": "cut", "M": "cut", "L": "limit", "U": "unrated"}.get(key, key)
    seen = fields.setdefault("_seen", set())
    assert isinstance(seen, set)
    if group in seen:
        raise InputError(f"tie-break '{raw}': more than one {group} modifier")
    seen.add(group)

    def number() -> int:
        if not arg.lstrip("+-").isdigit():
            raise InputError(f"tie-break '{raw}': modifier '/{key}' needs a number")
        return int(arg)

    if key in "CM":
        n = number()
        if code not in CUTTABLE or (key == "M" and code not in MEDIAN_OK):
            raise InputError(f"tie-break '{raw}': {code} does not take /{key}{arg}")
        if n < 0 or n > 99:
            raise InputError(f"tie-break '{raw}': cut must be between 0 and 99")
        fields["low"] = n
        fields["high"] = n if key == "M" else 0
    elif key == "L":
        if code != "KS":
            raise InputError(f"tie-break '{raw}': only KS takes a limit /L")
        if arg[:1] in "+-" and arg:
            fields["limit"] = Fraction(number())
        else:
            percent = number()
            if not 0 <= percent <= 100:
                raise InputError(f"tie-break '{raw}': a Koya limit in % must be 0 to 100")
            fields["limit_percent"] = percent
    elif key == "P":
        if code not in FORFEIT_OPTION:
            raise InputError(f"tie-break '{raw}': {code} does not take /P")
        fields["forfeits_played"] = True
    elif key == "F":
        if code != "AOB":
            raise InputError(f"tie-break '{raw}': only AOB takes /F")
        fields["fore"] = True
    elif key == "R":
        if code not in ("TPN", "RTNG"):
            raise InputError(f"tie-break '{raw}': only TPN and RTNG take /R")
        fields["reverse"] = True
    elif key == "U":
        if code not in RATING_BASED:
            raise InputError(f"tie-break '{raw}': only rating-based tie-breaks take /U")
        rating = number()
        if not 0 <= rating <= 4000:
            raise InputError(f"tie-break '{raw}': the rating for unrated players must be 0 to 4000")
        fields["unrated_rating"] = rating


def parse_list(text: str | list[str]) -> list[Descriptor]:
    """Parse a tie-break list: comma- (or semicolon-) separated descriptors, ``preset:NAME``
    entries and Swiss-Manager codes ``SM:84/0,0,1,-,0``; ``PTS`` entries are dropped."""
    out: list[Descriptor] = []
    for item in _split_items(text):
        if item.lower().startswith("preset:"):
            out.extend(parse_list(_preset(item)))
        elif item.upper().startswith("SM"):
            out.append(parse_swiss_manager(item))
        else:
            out.append(parse_descriptor(item))
    return [d for d in out if d.code != "PTS"]


def _preset(item: str) -> str:
    from xl_tiebreak.presets import PRESETS, expand

    try:
        return expand(item)
    except KeyError:
        names = ", ".join(PRESETS)
        raise InputError(f"unknown preset '{item}' (known: {names})") from None


_SM_PARAM = re.compile(r"^(-|--|\+|[PF]|GP|MP|\d+)$", re.IGNORECASE)


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


def parse_swiss_manager(code: str) -> Descriptor:
    """A Swiss-Manager / Chess-Results tie-break number with its parameters (``SM:84/0,0,1,-``),
    where the mapping to a FIDE descriptor is certain (spec §9); otherwise InputError."""
    raw = code.strip()
    m = re.match(r"^SM\s*:?\s*(\d+)\s*(?:/\s*(.*))?$", raw, re.IGNORECASE)
    if not m:
        raise InputError(f"'{raw}': write a Swiss-Manager code as SM:84/0,0,1,-")
    number = int(m.group(1))
    params = [p.strip().upper() for p in (m.group(2) or "").split(",") if p.strip()]

    def fail(why: str) -> InputError:
        return InputError(f"Swiss-Manager code '{raw}': {why}")

    def num(k: int) -> int:
        if len(params) <= k or params[k] in ("-", "--"):
            return 0
        if not params[k].isdigit():
            raise fail(f"parameter {k + 1} should be a number")
        return int(params[k])

    def flag(k: int, letter: str) -> bool:
        return len(params) > k and params[k] in (letter, "1" if letter == "F" else letter)

    fields: dict[str, object] = {"text": raw}
    if number in (84, 85, 80):
        if number != 80 and num(0) != 0:
            raise fail("only game points (type 0) apply to individual events")
        high, low = num(1), num(2)
        if high and high != low:
            raise fail("different numbers of strongest and weakest results discarded")
        code_ = {84: "FB" if flag(4, "F") else "BH", 85: "SB", 80: "ARO"}[number]
        if number == 85 and high:
            raise fail("a median of Sonneborn-Berger is not a FIDE tie-break")
        if number == 80 and (num(0) or num(3)):
            raise fail("a minimum rating or 'take unplayed games into account' has no certain "
                       "FIDE equivalent")
        fields.update(code=code_, low=low, high=high)
        if number != 80 and flag(3, "P"):
            fields["forfeits_played"] = True
    elif number == 68:
        if params and params[0] == "MP":
            raise fail("only game points apply to individual events")
        rest = params[1:] if params and params[0] == "GP" else params
        kinds = ("WIN", "WON", "BWG", "BPG")
        k = int(rest[0]) if rest and rest[0].isdigit() else 0
        if k >= len(kinds):
            raise fail("type must be 0 (WIN), 1 (WON), 2 (BWG) or 3 (BPG)")
        fields["code"] = kinds[k]
        fields["forfeits_played"] = len(rest) > 1 and rest[1] == "P"
    elif number == 77:
        fields.update(code="AOB", fore=flag(0, "F"))
    elif number == 79:
        fields["code"] = "REP"
    elif number == 81:
        fields.update(code="DE", forfeits_played=flag(0, "P"))
    elif number == 87:
        if num(0) != 0:
            raise fail("only game points (type 0) apply to individual events")
        percent = num(1) or 50
        fields["code"] = "KS"
        if percent != 50:
            fields["limit_percent"] = percent
    elif number == 88:
        kinds = ("TPR", "APRO", "PTP", "APPO")
        if num(0) >= len(kinds) or num(1):
            raise fail("type must be 0–3 and the minimum rating 0")
        fields["code"] = kinds[num(0)]
    elif number == 92:
        fields["code"] = "OTHER_KASHDAN"
    else:
        raise fail("no certain FIDE equivalent (known: 68, 77, 79, 80, 81, 84, 85, 87, 88, 92)")
    return Descriptor(**fields)  # type: ignore[arg-type]
