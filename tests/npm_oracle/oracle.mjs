// Test-only oracle for tests/test_tiebreaks_legacy_oracle.py: the Buchholz family computed by the npm
// package `tiebreak` (marceljuenemann/tiebreak, MIT) with UnplayedRoundsAdjustment.FIDE_2009.
//
// stdin: a JSON array of tournaments
//   {"rounds": [RoundResults, ...],   // the package's own input format, one entry per round
//    "players": [id, ...],            // every player to evaluate (absent ones included)
//    "evaluate": [k, ...]}            // rounds after which to compute (the last one usually)
// stdout: a JSON array, one entry per tournament:
//   {"<k>": {"<id>": {"SCORE": x, "ADJ": x, "BH": x, "BH-C1": x, "BH-C2": x,
//                     "BH-M1": x, "BH-M2": x}}}
// or {"error": "..."} when the package rejects the input. Values are JavaScript numbers
// (sums of halves, hence exact binary floats).
//
// One node process handles every tournament, so the Python test pays node's start-up once.

import { readFileSync } from "node:fs"

import { Results, Tiebreak, Tiebreaker, TournamentType, UnplayedRoundsAdjustment } from "tiebreak"

const FAMILY = [
  Tiebreak.BUCHHOLZ,
  Tiebreak.BUCHHOLZ_CUT1,
  Tiebreak.BUCHHOLZ_CUT2,
  Tiebreak.BUCHHOLZ_MEDIAN1,
  Tiebreak.BUCHHOLZ_MEDIAN2,
]
if (FAMILY.some((code) => typeof code !== "string")) {
  throw new Error("this version of tiebreak lacks a Buchholz variant (Tiebreak enum)")
}

function number(value, what) {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new Error(`${what}: not a number (${value})`)
  }
  return value
}

function evaluate(tournament) {
  const results = new Results(TournamentType.SWISS, tournament.rounds)
  const tb = new Tiebreaker(results, UnplayedRoundsAdjustment.FIDE_2009)
  const out = {}
  for (const k of tournament.evaluate) {
    const table = {}
    for (const player of tournament.players) {
      const row = {
        SCORE: number(tb.score(player, k), `score of ${player}`),
        ADJ: number(tb.adjustedScore(player, k), `adjusted score of ${player}`),
      }
      for (const code of FAMILY) {
        row[code] = number(tb.tiebreak(code, player, k), `${code} of ${player}`)
      }
      table[String(player)] = row
    }
    out[String(k)] = table
  }
  return out
}

const input = JSON.parse(readFileSync(0, "utf8"))
const output = input.map((tournament) => {
  try {
    return evaluate(tournament)
  } catch (err) {
    return { error: String(err && err.message ? err.message : err) }
  }
})
process.stdout.write(JSON.stringify(output))
