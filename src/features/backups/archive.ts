// The backup archive: one .tar.gz holding a consistent snapshot of folio.db (VACUUM INTO) and
// every uploaded file, plus a manifest that says which folio made it and which migrations it has.
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { DB_FILE } from '#db/connection'
import { migrations } from '#db/migrations/index'
import { VERSION } from '#src/features/health'

export const MANIFEST = 'manifest.json'
export const FORMAT = 'folio-backup'

export type Manifest = { format: typeof FORMAT; formatVersion: 1; folioVersion: string; createdAt: string; migrations: string[]; uploads: number }

export class BackupError extends Error {}

function uploadedFiles(dataDir: string): string[] {
  const root = join(dataDir, 'uploads')
  if (!existsSync(root)) return []
  return (readdirSync(root, { recursive: true }) as string[])
    .map((p) => join(root, p))
    .filter((p) => statSync(p).isFile())
}

/**
 * Writes the archive to `file`. `sqlite` is an open connection to the live database: VACUUM INTO
 * reads one transaction, so the snapshot is consistent while other writers go on.
 */
export async function writeArchive(sqlite: Database, dataDir: string, file: string, now: Date): Promise<Manifest> {
  const scratch = mkdtempSync(join(dataDir, '.backup-'))
  try {
    const snapshot = join(scratch, DB_FILE)
    sqlite.query('VACUUM INTO ?').run(snapshot)
    const applied = readMigrations(snapshot)
    const uploads = uploadedFiles(dataDir)
    const manifest: Manifest = { format: FORMAT, formatVersion: 1, folioVersion: VERSION, createdAt: now.toISOString(), migrations: applied, uploads: uploads.length }
    // NOTE: bytes, not Bun.file(): Bun 1.4's Archive writes a lazy file blob as an empty entry.
    // A personal site's database and uploads fit in memory; the archive is built there anyway.
    const entries: Record<string, Uint8Array | string> = { [MANIFEST]: JSON.stringify(manifest, null, 2) + '\n', [DB_FILE]: await Bun.file(snapshot).bytes() }
    for (const path of uploads) entries[relative(dataDir, path).split('\\').join('/')] = await Bun.file(path).bytes()
    // Written beside the target and renamed, so a reader never sees half an archive.
    const partial = `${file}.partial`
    await Bun.Archive.write(partial, entries, { compress: 'gzip' })
    renameSync(partial, file)
    return manifest
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

function readMigrations(dbFile: string): string[] {
  const db = new Database(dbFile, { readonly: true })
  try {
    return (db.query('SELECT id FROM __folio_migrations ORDER BY id').all() as { id: string }[]).map((r) => r.id)
  } catch {
    return []
  } finally {
    db.close()
  }
}

/** Unpacks an archive into `dir` (only the entries folio writes) and returns its manifest. */
export async function extractArchive(file: string, dir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`)
  let archive: Bun.Archive
  try {
    archive = new Bun.Archive(await Bun.file(file).bytes())
    await archive.extract(dir, { glob: [MANIFEST, DB_FILE, 'uploads/**', '!**/..', '!**/../**'] })
  } catch (error) {
    throw new BackupError(`${file} is not a folio backup (${(error as Error).message})`)
  }
  const manifestFile = Bun.file(join(dir, MANIFEST))
  if (!(await manifestFile.exists()) || !existsSync(join(dir, DB_FILE))) throw new BackupError(`${file} is not a folio backup (no manifest or database inside)`)
  let manifest: Manifest
  try {
    manifest = (await manifestFile.json()) as Manifest
  } catch {
    throw new BackupError(`${file} is not a folio backup (unreadable manifest)`)
  }
  if (manifest.format !== FORMAT) throw new BackupError(`${file} is not a folio backup`)
  return manifest
}

/** Opens a database file read-only and runs SQLite's integrity check; returns the problems. */
export function integrityProblems(dbFile: string): string[] {
  let db: Database | null = null
  try {
    db = new Database(dbFile, { readonly: true })
    const rows = db.query('PRAGMA integrity_check').all() as { integrity_check: string }[]
    const lines = rows.map((r) => r.integrity_check)
    return lines.length === 1 && lines[0] === 'ok' ? [] : lines
  } catch (error) {
    return [(error as Error).message]
  } finally {
    db?.close()
  }
}

/** Migrations a backup has that this build does not know: it was made by a newer folio. */
export function unknownMigrations(manifest: Manifest, dbFile: string): string[] {
  const known = new Set(migrations.map((m) => m.id))
  const applied = manifest.migrations.length ? manifest.migrations : readMigrations(dbFile)
  return applied.filter((id) => !known.has(id))
}
