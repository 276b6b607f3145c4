// The phases of `npm run bench` that issue 21 added: misses against Node + Express + better-sqlite3,
// cached pages beside a flood of misses, the peak memory of each phase, and whether every request
// of a run got its log line and its count.
import { Database } from 'bun:sqlite'
import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseWrk, round } from './stats'
import { wrk, type WrkRow } from './wrk'

/** A Lua script for wrk: each request a page no cache holds, `/blog?search=<a new word>`. */
export function uniqueSearchScript(dir: string): string {
  const file = join(dir, 'unique-search.lua')
  writeFileSync(file, ['-- Each request a new search: a miss for any cache.', 'local n = 0', 'request = function()', '  n = n + 1', '  return wrk.format(nil, "/blog?search=w" .. n)', 'end', ''].join('\n'))
  return file
}

/** Answers a second that were pages (2xx): a refusal (429 when busy) is not a page served. */
export const pagesPerSecond = (r: WrkRow, seconds: number) => round((r.requests - r.non2xx) / seconds, 0)

export type Misses = { folio: WrkRow[]; express: WrkRow[]; folioPagesPerS: number; expressPagesPerS: number; ratio: number }

/** folio and the Express reference alternating on unique searches, `rounds` each after a warm-up. */
export function misses(folio: string, express: string, script: string, seconds: number, rounds: number): Misses {
  const run = (base: string, s = seconds) => wrk(`${base}/blog`, { seconds: s, script })
  run(folio, 2)
  run(express, 2)
  const f: WrkRow[] = []
  const e: WrkRow[] = []
  for (let i = 0; i < rounds; i++) {
    f.push(run(folio))
    e.push(run(express))
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const folioPagesPerS = median(f.map((r) => pagesPerSecond(r, seconds)))
  const expressPagesPerS = median(e.map((r) => pagesPerSecond(r, seconds)))
  return { folio: f, express: e, folioPagesPerS, expressPagesPerS, ratio: round(folioPagesPerS / expressPagesPerS, 2) }
}

export type Beside = { cached: WrkRow; misses: WrkRow; path: string }

/**
 * A visitor's cached page (4 connections) while 28 connections of unique searches run: the
 * cached page's latency is what a visitor meets while a crawler floods the site with misses.
 */
export async function cachedBesideMisses(folio: string, path: string, script: string, seconds: number): Promise<Beside> {
  const flood = Bun.spawn(['wrk', '-t1', '-c28', `-d${seconds + 2}s`, '--latency', '-s', script, `${folio}/blog`], { stdout: 'pipe' })
  await Bun.sleep(1000)
  const cached = wrk(folio + path, { seconds, connections: 4 })
  await flood.exited
  const out = parseWrk(await new Response(flood.stdout).text())
  return { cached, misses: { ...out, path: '/blog?search=…', p50: `${out.p50Ms}ms`, p99: `${out.p99Ms}ms`, wrkCpu: NaN, headers: 'none' }, path }
}

/** Resets the kernel's peak-RSS mark of `pid` (Linux: clear_refs 5), so a phase's peak is its own. */
export function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    // Not allowed here: the peak is then the process's since its start, which only overstates.
  }
}

/** The peak RSS of `pid` since its start or the last resetPeak, in MiB. */
export function peakMiB(pid: number): number {
  const kib = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)
  return round(kib / 1024)
}

const MARKER = Buffer.from('"msg":"request"')

/**
 * Request lines in `logFile` from byte `from` on, and where the file ended. Read in pieces of
 * `chunk` bytes: a bench's log runs to gigabytes (a line per request at tens of thousands a second).
 */
export function requestLinesFrom(logFile: string, from = 0, chunk = 4 << 20): { lines: number; end: number } {
  const fd = openSync(logFile, 'r')
  const buffer = Buffer.alloc(chunk)
  let lines = 0
  let at = from
  // The last bytes of the previous piece (fewer than a marker: none is counted twice), since a
  // marker may straddle two pieces.
  let tail = Buffer.alloc(0)
  try {
    for (let read = readSync(fd, buffer, 0, chunk, at); read > 0; read = readSync(fd, buffer, 0, chunk, at)) {
      at += read
      const view = Buffer.concat([tail, buffer.subarray(0, read)])
      for (let i = view.indexOf(MARKER); i !== -1; i = view.indexOf(MARKER, i + MARKER.length)) lines++
      tail = Buffer.from(view.subarray(Math.max(0, view.length - (MARKER.length - 1))))
    }
  } finally {
    closeSync(fd)
  }
  return { lines, end: at }
}

/** Bots counted today under `reason` (a page load without a user agent is one), from the database. */
export function botsCounted(dbFile: string, reason: string): number {
  const db = new Database(dbFile, { readonly: true })
  try {
    return db.query<{ n: number | null }, [string]>("SELECT sum(hits) AS n FROM analytics_daily WHERE dim = 'bot' AND value = ?").get(reason)?.n ?? 0
  } finally {
    db.close()
  }
}

export type Completeness = { requests: number; lines: number; botsCounted: number; connections: number }

/**
 * One run without headers on a cached page: every answer must add one request line and one bot
 * counted 'No user agent'. wrk counts the answers it read; up to one request per connection may
 * be answered after it stopped reading, so the server's figures may exceed its by that much.
 */
export async function completeness(folio: string, logFile: string, dbFile: string, seconds: number): Promise<Completeness> {
  const settle = () => Bun.sleep(2500) // the collector writes each second; the log within a turn
  await settle()
  const before = Bun.file(logFile).size
  const bots0 = botsCounted(dbFile, 'No user agent')
  const run = wrk(`${folio}/`, { seconds, headers: 'none' })
  await settle()
  return { requests: run.requests, lines: requestLinesFrom(logFile, before).lines, botsCounted: botsCounted(dbFile, 'No user agent') - bots0, connections: 32 }
}
