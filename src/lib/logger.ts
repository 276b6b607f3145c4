// Structured, levelled logging: one JSON line per event on stderr/stdout.
import { writeSync } from 'node:fs'

/** LOG_LEVEL (src/config.ts): lines below it are not written. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

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

/** How long a line waits at most before it is written (with those that came meanwhile). */
export const LOG_FLUSH_MS = 10
/** Past this many lines waiting they are written at once: a bound on what waits in memory. */
export const LOG_BATCH_MAX = 1024

/**
 * Lines go out together, at most LOG_FLUSH_MS after the first of them, in one write: under load a
 * write per request line costs about a quarter of a cached page's throughput. NOTE: a turn of the
 * event loop holds a request or two even under load, so writing at the end of each turn (as
 * before issue 21) was still a write per line or two, some 14% of a cached page's throughput.
 * What is pending is written on exit; a SIGKILL loses at most LOG_FLUSH_MS of lines.
 */
export function batchedStdout(line: string): void {
  pending.push(line)
  if (pending.length >= LOG_BATCH_MAX) return flush()
  if (!scheduled) {
    scheduled = true
    setTimeout(flush, LOG_FLUSH_MS).unref()
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
