// `folio restore <file>`: replaces the data directory's database and uploads with a backup's.
// The current data moves aside (and is also saved as a pre-restore backup) and comes back if the
// restored database does not open cleanly.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { checkPragmas, DB_FILE, openDatabase } from '#db/connection'
import { lockDataDir } from '#src/lib/data-lock'
import { BackupError, extractArchive, integrityProblems, unknownMigrations, type Manifest } from './archive'
import { backUpNow } from './service'

/** What a data directory holds that a restore replaces (the WAL files go with the database). */
const REPLACED = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, 'uploads']

export type RestoreResult = { manifest: Manifest; savedAs: string | null }

function moveAll(from: string, to: string, names: string[]) {
  for (const name of names) if (existsSync(join(from, name))) renameSync(join(from, name), join(to, name))
}

export async function restoreBackup(dataDir: string, file: string, keep: number, now = new Date()): Promise<RestoreResult> {
  const lock = lockDataDir(dataDir)
  const staging = mkdtempSync(join(dataDir, '.restore-'))
  const aside = join(staging, 'previous')
  const incoming = join(staging, 'incoming')
  try {
    const manifest = await extractArchive(file, incoming)
    const problems = integrityProblems(join(incoming, DB_FILE))
    if (problems.length) throw new BackupError(`the database in ${file} is damaged: ${problems.slice(0, 3).join('; ')}`)
    const newer = unknownMigrations(manifest, join(incoming, DB_FILE))
    if (newer.length) throw new BackupError(`${file} was made by a newer folio (${manifest.folioVersion}, migrations ${newer.join(', ')}); upgrade folio first`)

    // The current data, as a backup anyone can restore again.
    let savedAs: string | null = null
    if (existsSync(join(dataDir, DB_FILE))) {
      const current = openDatabase(dataDir)
      try {
        savedAs = (await backUpNow(current.sqlite, dataDir, 'pre-restore', keep, now)).name
        current.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
      } finally {
        current.close()
      }
    }

    mkdirSync(aside)
    moveAll(dataDir, aside, REPLACED)
    try {
      moveAll(incoming, dataDir, [DB_FILE, 'uploads'])
      const restored = openDatabase(dataDir)
      try {
        const pragmas = checkPragmas(restored.sqlite)
        if (pragmas.length) throw new BackupError(`the restored database does not open cleanly: ${pragmas.join('; ')}`)
        restored.sqlite.query('SELECT count(*) FROM __folio_migrations').get()
      } finally {
        restored.close()
      }
    } catch (error) {
      for (const name of REPLACED) rmSync(join(dataDir, name), { recursive: true, force: true })
      moveAll(aside, dataDir, REPLACED)
      throw error instanceof BackupError ? error : new BackupError(`the restored data did not open (${(error as Error).message}); the previous data is back in place`)
    }
    return { manifest, savedAs }
  } finally {
    rmSync(staging, { recursive: true, force: true })
    lock.release()
  }
}
