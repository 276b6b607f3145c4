// Structured, levelled logging: one JSON line per event on stderr/stdout.
import { writeSync } from 'node:fs'
import type { LogLevel } from '../config'

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/** `raw` writes an info line already built (the per-request line, src/plugins/request-log.ts). */
export type Logger = Record<LogLevel, (msg: string, fields?: Record<string, unknown>) => void> & { raw(line: string): void }

let pending: string[] = []
let scheduled = false
const flush = () => {
  scheduled = false
  if (!pending.length) return
  const text = pending.join('\n') + '\n'
  pending = []
  writeSync(1, text)
}
process.on('exit', flush)

/**
 * Lines written during one turn of the event loop go out in one write at its end: under load a
 * write per request line costs about a quarter of a cached page's throughput. Nothing waits
 * longer than that turn, and what is pending is written on exit.
 */
export function batchedStdout(line: string): void {
  pending.push(line)
  if (pending.length >= 1024) return flush()
  if (!scheduled) {
    scheduled = true
    setImmediate(flush)
  }
}

export function createLogger(level: LogLevel, write: (line: string) => void = batchedStdout): Logger {
  const at = (lvl: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level]) return
    write(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...fields }))
  }
  // A built line is an info line: a logger set above info drops it like any other.
  const raw = RANK.info < RANK[level] ? () => {} : write
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), raw }
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, raw() {} }
