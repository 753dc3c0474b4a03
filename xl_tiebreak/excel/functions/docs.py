"""The Function Wizard texts of the worksheet functions: their category, the description of
each common argument (individual and team functions), and the description of each
one-tie-break function (Excel keeps at most 255 characters of each)."""

from __future__ import annotations

__all__ = ["CATEGORY", "DOC_BLANKS", "DOC_BOARDS", "DOC_COLUMNS", "DOC_CROSSTABLE",
           "DOC_CROSSTABLE_RANGE", "DOC_EVENT_FACTS",
           "DOC_DESCRIPTOR", "DOC_HEADER", "DOC_LISTED", "DOC_MATCH_POINTS", "DOC_ORDER",
           "DOC_ORDERS", "DOC_PLAYER", "DOC_ROWS", "DOC_RULES", "DOC_SCORE", "DOC_SETTINGS_TABLE",
           "DOC_SEED", "DOC_SETTINGS", "DOC_TEAM", "DOC_TEAM_CROSSTABLE", "DOC_TEAM_DESCRIPTOR",
           "DOC_TEAM_ORDER", "DOC_TEAM_ORDERS", "DOC_TEAM_RULES", "DOC_TYPE", "DOC_UNRATED",
           "ONE_TIEBREAK_TEXTS"]

CATEGORY = "xl-tiebreak"
"""Function Wizard category of every function."""

DOC_CROSSTABLE = ("Tournament (the CROSSTABLE_ID cell: crosstable and Settings, fast per cell) "
                  "or the crosstable range incl. header row (No, Name, Rating, Fed, R1, …)")
DOC_CROSSTABLE_RANGE = ("Crosstable range incl. header row (No, Name, Rating, Fed, R1, R2, … or "
                        "a grid)")
DOC_SETTINGS_TABLE = ("The Settings rows (SettingsTable: label in column A, value in B); the "
                      "functions then follow every setting the Standings sheet uses")
DOC_EVENT_FACTS = ("The Event sheet's rows (label in column A, value in B), optional; its Rate "
                   "(standard, rapid, blitz) chooses the FIDE rating list, as on the Standings "
                   "sheet")
DOC_ROWS = ("Rows to fill: the height of the array formula (rows beyond the event stay "
            "empty); empty: as many as the result has")
DOC_COLUMNS = ("Columns to fill: the width of the array formula (columns beyond the order stay "
               "empty); empty: as many as the result has")
DOC_LISTED = ("The No column of a sheet (e.g. $A$5:$A$2004): an error when it leaves out a "
              "participant or lists one twice")
DOC_ORDERS = ("Tie-break orders: one per cell of a range, or one text with ; between orders, "
              "e.g. BH/C1,BH,SB; SB,BH; BH/M1")
DOC_PLAYER = ("Start number or exact name of the player, or a range of them (one value "
              "per cell)")
DOC_RULES = ("Rule set: AUTO (default), FIDE2026, FIDE2023, FIDE2009, USCF, or the start "
             "date (the rules in force then)")
DOC_UNRATED = "Rating used for unrated players (empty: rating tie-breaks are skipped)"
DOC_DESCRIPTOR = "Tie-break descriptor, e.g. BH/C1, SB, KS/L+1, ARO/U1400"
DOC_ORDER = "Tie-break order, comma separated or a range (default: the engine's default list)"
DOC_TYPE = "Swiss or Round robin (empty: from the crosstable, a grid or all-play-all pairings)"
DOC_HEADER = "TRUE (default): with the header row; FALSE: the rows only"
DOC_BLANKS = ("What an empty round cell means: Absent (default), Half-point bye, or Declared "
              "(as each player's Pts say); the Settings sheet's Blank rounds")
DOC_SEED = ("Seed of the drawing of lots (tie-break LOTS), e.g. the Settings sheet's Lots seed "
            "cell; empty: the empty seed")

DOC_TEAM_CROSSTABLE = ("Team crosstable range: optional settings rows, then the header row (No, "
                       "Team, R1, R2, …); cells such as 8w2½, +F6, PAB")
DOC_TEAM = "Team number or exact team name, or a range of them (one value per cell)"
DOC_TEAM_RULES = ("Rule set: AUTO (default), FIDE2026, FIDE2023, FIDE2009, or the start date "
                  "(the rules in force then)")
DOC_TEAM_DESCRIPTOR = "Team tie-break descriptor, e.g. EMGSB/C1, BH:MP/C1, BH:GP, EDE, SSSC"
DOC_TEAM_ORDER = ("Tie-break order, comma separated or a range (default: the settings' order, "
                  "else MPTS,GPTS,EDE,BH:MP/C1)")
DOC_TEAM_ORDERS = ("Team tie-break orders: one per cell of a range, or one text with ; between "
                   "orders, e.g. MPTS,GPTS,EDE; GPTS,MPTS,BH:GP")
DOC_SCORE = "MP (match points) or GP (game points); empty: the primary score"
DOC_BOARDS = "Boards per match, when the crosstable has no Boards row"
DOC_MATCH_POINTS = "Match points win-draw-loss: 2-1-0 (default) or 3-1-0"
DOC_SETTINGS = ("Range of settings rows (label, value, GP of a bye), e.g. the Settings sheet: "
                "PAB 1 2, Primary score GP, Start date …")


def _wrapped(*lines: str) -> str:
    """A description as the hand-written docstrings it comes from held it: its lines joined by
    a line break and the four spaces of their indentation (kept so that the texts shipped
    workbooks show stay as they were)."""
    return "\n    ".join(lines)


ONE_TIEBREAK_TEXTS: dict[str, str] = {
    "DIRECT_ENCOUNTER": _wrapped(
        "Direct Encounter (DE, Art. 6): the player's place (1, 2, …) inside the group of players",
        "tied on points, as their games against each other decide; empty when DE decides "
        "nothing."),
    "WINS": "Number of wins (WIN, Art. 7.1): rounds with the points of a win, played or not.",
    "GAMES_WON": "Number of games won over the board (WON, Art. 7.2).",
    "BLACK_GAMES": "Number of games played with Black (BPG, Art. 7.3).",
    "BLACK_WINS": "Number of games won with Black (BWG, Art. 7.4).",
    "PROGRESSIVE": "Progressive score (PS, Art. 7.5): sum of the running scores after each round.",
    "ROUNDS_PLAYED_BY_CHOICE": _wrapped(
        "Rounds one elected to play (REP, Art. 7.6): rounds played or forfeited by the opponent,",
        "i.e. not missed by the player's own choice."),
    "STANDARD_POINTS": _wrapped(
        "Standard points (STD, Art. 7.7): 1 for a win, ½ for a draw, 0 for a loss, whatever the",
        "scoring system."),
    "BUCHHOLZ": _wrapped(
        "Buchholz (BH, C.07 Art. 8.1): sum of the opponents' scores, unplayed rounds adjusted",
        "(Art. 16)."),
    "BUCHHOLZ_CUT1": _wrapped(
        "Buchholz Cut-1 (BH/C1, Art. 8.1, 14.1): Buchholz without the least significant",
        "opponent's score."),
    "BUCHHOLZ_CUT2": "Buchholz Cut-2 (BH/C2): Buchholz without the two least significant values.",
    "BUCHHOLZ_MEDIAN1": ("Median Buchholz (BH/M1): Buchholz without the highest and the lowest "
                         "value."),
    "BUCHHOLZ_MEDIAN2": ("Median-2 Buchholz (BH/M2): Buchholz without the two highest and two "
                         "lowest values."),
    "AVG_OPP_BUCHHOLZ": "Average of Opponents' Buchholz (AOB, Art. 8.2).",
    "FORE_BUCHHOLZ": ("Fore Buchholz (FB, Art. 8.3): Buchholz with every last-round game "
                      "counted as a draw."),
    "SONNEBORN": _wrapped(
        "Sonneborn-Berger (SB, Art. 9.1): sum of each opponent's score times the points scored",
        "against that opponent."),
    "SONNEBORN_CUT1": ("Sonneborn-Berger Cut-1 (SB/C1): Sonneborn-Berger without the least "
                       "significant value."),
    "KOYA": "Koya System (KS, Art. 9.2): points scored against opponents with 50 % or more.",
    "ARO": _wrapped(
        "Average Rating of Opponents (ARO, Art. 10.1), rounded; empty when undefined or skipped",
        "because of unrated players without a rating for them."),
    "TPR": "Tournament Performance Rating (TPR, Art. 10.2); empty when undefined or skipped.",
    "PTP": "Perfect Tournament Performance (PTP, Art. 10.3); empty when undefined or skipped.",
    "APRO": "Average Performance Rating of Opponents (APRO, Art. 10.4); empty when undefined.",
    "APPO": "Average Perfect Performance of Opponents (APPO, Art. 10.5); empty when undefined.",
    "RECURSIVE_BUCHHOLZ": _wrapped(
        "Recursive Buchholz (OTHER_RBH, Swiss-Manager 25; not C.07): the sum of the opponents'",
        "Buchholz values (each with Art. 16 adjustments)."),
    "MODIFIED_MEDIAN": _wrapped(
        "Modified Median (US Chess 34E1): opponents' adjusted scores without the lowest, the",
        "highest or both by plus, minus or even score (two each from 9 rounds)."),
    "SOLKOFF": "Solkoff (US Chess 34E2): sum of the opponents' adjusted scores, unplayed games ½.",
    "CUMULATIVE": _wrapped(
        "Cumulative (US Chess 34E3): running scores summed, less a point per unplayed win or",
        "full-point bye."),
    "OPP_CUMULATIVE": ("Cumulative of opposition (US Chess 34E9): sum of the opponents' "
                       "Cumulative scores."),
    "KASHDAN": "Kashdan (US Chess 34E7): 4 per win, 2 per draw, 1 per loss played, 0 unplayed.",
}
"""The Function Wizard description of each one-tie-break function, by its Excel name (the
registry rows name the functions; one without a text here gets one made from its row, see
:func:`xl_tiebreak.excel.functions.one_tiebreak.description`)."""
