// Resume room, once per data directory: links stored in plain text before migration 0004 are
// hashed and sealed at start-up (SQL can do neither), then every trace of the plain table goes.
import type { Database } from 'bun:sqlite'
import { sha256 } from '#src/lib/tokens'
import type { TokenVault } from './token-vault'

/** Where migration 0004 left the plain-text links; it exists only until they are converted. */
export const PLAIN_TABLE = 'resume_links_plain'

type PlainRow = { token: string; created_at: string; expires_at: string; used: number; used_at: string | null }

const hasPlainTable = (sqlite: Database) =>
  sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(PLAIN_TABLE) !== null

/**
 * Converts the plain links and returns how many there were (0 when there is nothing to do).
 * NOTE: crash-safe in three steps. One transaction moves every row and empties the plain table,
 * so a crash leaves either the old form or the new. VACUUM then rewrites the file without the
 * freed pages that still hold old tokens; only after it is the empty table dropped, so a crash
 * before that repeats the VACUUM at the next start. The WAL is emptied last.
 */
export function sealPlainLinks(sqlite: Database, vault: Pick<TokenVault, 'seal'>): number {
  if (!hasPlainTable(sqlite)) return 0
  const moved = sqlite
    .transaction(() => {
      const rows = sqlite.query(`SELECT token, created_at, expires_at, used, used_at FROM ${PLAIN_TABLE} ORDER BY rowid`).all() as PlainRow[]
      const insert = sqlite.query(
        'INSERT INTO resume_links (token_hash, token_sealed, created_at, expires_at, used, used_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      for (const r of rows) insert.run(sha256(r.token), vault.seal(r.token), r.created_at, r.expires_at, r.used, r.used_at)
      sqlite.run(`DELETE FROM ${PLAIN_TABLE}`)
      return rows.length
    })
    .immediate()
  sqlite.run('VACUUM')
  sqlite.run(`DROP TABLE ${PLAIN_TABLE}`)
  sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  return moved
}
