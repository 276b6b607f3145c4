// One folio per data directory. The lock is an exclusive SQLite lock (fcntl underneath) on
// DATA_DIR/folio.lock, held for the life of the server: the kernel drops it when the process
// ends, even by SIGKILL, so there is never a stale lock file to clean up and no PID to trust.
import { Database } from 'bun:sqlite'
import { join } from 'node:path'

export const LOCK_FILE = 'folio.lock'

export type DataLock = { release(): void }

export class DataDirBusy extends Error {
  constructor(dataDir: string) {
    super(`DATA_DIR ${dataDir} is in use by a running folio; stop it first`)
  }
}

/** Takes the lock or throws DataDirBusy at once (no waiting). */
export function lockDataDir(dataDir: string): DataLock {
  const db = new Database(join(dataDir, LOCK_FILE), { create: true })
  try {
    db.run('PRAGMA busy_timeout = 0')
    // Nothing is ever written: no journal file beside the lock.
    db.run('PRAGMA journal_mode = MEMORY')
    db.run('PRAGMA locking_mode = EXCLUSIVE')
    db.run('BEGIN EXCLUSIVE')
  } catch {
    db.close()
    throw new DataDirBusy(dataDir)
  }
  let held = true
  return {
    release() {
      if (!held) return
      held = false
      db.run('ROLLBACK')
      db.close()
    },
  }
}
