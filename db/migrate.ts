// Forward-only migrations, embedded as text; each runs once, in its own transaction.
import type { Database } from 'bun:sqlite'
import { migrations as all } from './migrations/index'

export type MigrationStatus = { id: string; appliedAt: string | null }

const LEDGER = '__folio_migrations'

function ensureLedger(sqlite: Database) {
  sqlite.run(`CREATE TABLE IF NOT EXISTS ${LEDGER} (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`)
}

export function migrationStatus(sqlite: Database, migrations = all): MigrationStatus[] {
  ensureLedger(sqlite)
  const applied = new Map(
    (sqlite.query(`SELECT id, applied_at AS appliedAt FROM ${LEDGER}`).all() as { id: string; appliedAt: string }[]).map((r) => [r.id, r.appliedAt]),
  )
  return migrations.map((m) => ({ id: m.id, appliedAt: applied.get(m.id) ?? null }))
}

/** Applies every pending migration; returns the ids applied now. */
export function migrate(sqlite: Database, migrations = all, now = () => new Date()): string[] {
  const pending = migrationStatus(sqlite, migrations).filter((m) => m.appliedAt === null)
  const done: string[] = []
  for (const { id } of pending) {
    const migration = migrations.find((m) => m.id === id)!
    sqlite.transaction(() => {
      for (const statement of migration.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) sqlite.run(statement)
      }
      sqlite.query(`INSERT INTO ${LEDGER} (id, applied_at) VALUES (?, ?)`).run(id, now().toISOString())
    }).immediate()
    done.push(id)
  }
  return done
}
