// The one connection module: opens SQLite with the pragmas folio relies on.
import { Database } from 'bun:sqlite'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { join } from 'node:path'
import * as schema from './schema'

/** The database or an open transaction: services take either, so they compose in one transaction. */
export type Db = BaseSQLiteDatabase<'sync', void, typeof schema>
export type Connection = { sqlite: Database; db: Db; close(): void }

export const DB_FILE = 'folio.db'

/**
 * NOTE: synchronous=FULL: a write the client saw acknowledged survives power loss; WAL keeps
 * reads concurrent with the single writer; busy_timeout absorbs short lock waits.
 */
export const PRAGMAS = {
  journal_mode: 'wal',
  synchronous: 2, // FULL
  foreign_keys: 1,
  busy_timeout: 5000,
} as const

export function openDatabase(dataDir: string, file = DB_FILE): Connection {
  const sqlite = new Database(join(dataDir, file), { create: true, strict: true })
  sqlite.run('PRAGMA journal_mode = WAL')
  sqlite.run('PRAGMA synchronous = FULL')
  sqlite.run('PRAGMA foreign_keys = ON')
  sqlite.run(`PRAGMA busy_timeout = ${PRAGMAS.busy_timeout}`)
  const db: Db = drizzle(sqlite, { schema })
  return { sqlite, db, close: () => sqlite.close() }
}

/** Reads the pragmas back; start-up refuses to serve if any is not what PRAGMAS says. */
export function checkPragmas(sqlite: Database): string[] {
  const read = (name: string) => Object.values(sqlite.query(`PRAGMA ${name}`).get() as Record<string, unknown>)[0]
  const problems: string[] = []
  for (const [name, expected] of Object.entries(PRAGMAS)) {
    const actual = read(name)
    if (String(actual).toLowerCase() !== String(expected)) problems.push(`${name} is ${String(actual)}, expected ${expected}`)
  }
  return problems
}
