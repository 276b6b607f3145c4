// Structured, levelled logging: one JSON line per event on stderr/stdout.
import type { LogLevel } from '../config'

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export type Logger = Record<LogLevel, (msg: string, fields?: Record<string, unknown>) => void>

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => console.log(l)): Logger {
  const at = (lvl: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level]) return
    write(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...fields }))
  }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
