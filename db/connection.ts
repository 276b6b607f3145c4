// The one connection module: opens SQLite with the pragmas folio relies on.
import { Database, type Statement } from 'bun:sqlite'
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
  const statements = statementCache(sqlite)
  const db: Db = drizzle(statements.client, { schema })
  return {
    sqlite,
    db,
    close: () => {
      // Finalized first: SQLite closes (and checkpoints its WAL) only once no statement is open.
      statements.finalize()
      sqlite.close()
    },
  }
}

/** Compiled statements kept per connection, least recently used dropped first. */
export const STATEMENTS_MAX = 256

/**
 * The client drizzle is given: the connection, with each SQL text compiled once. NOTE: drizzle
 * prepares every query anew, and SQLite's compile of a list query was a third of a search page's
 * data access (issue 21). The texts are drizzle's, shaped by our code (a visitor's values are bound
 * parameters), so the kinds are few; the bound holds whatever they are. SQLite recompiles a kept
 * statement by itself after a migration changes the schema.
 */
export function statementCache(sqlite: Database): { client: Database; finalize(): void } {
  const kept = new Map<string, Statement>()
  const prepare = (sql: string): Statement => {
    const hit = kept.get(sql)
    if (hit) {
      kept.delete(sql)
      kept.set(sql, hit)
      return hit
    }
    const statement = sqlite.prepare(sql)
    if (kept.size >= STATEMENTS_MAX) kept.delete(kept.keys().next().value!)
    kept.set(sql, statement)
    return statement
  }
  // What drizzle's bun:sqlite session uses of its client: prepare, exec and transaction.
  const client = { prepare, exec: sqlite.exec.bind(sqlite), run: sqlite.run.bind(sqlite), transaction: sqlite.transaction.bind(sqlite) } as unknown as Database
  return {
    client,
    finalize: () => {
      for (const statement of kept.values()) statement.finalize()
      kept.clear()
    },
  }
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
