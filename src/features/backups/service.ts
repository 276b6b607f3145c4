// Backups kept under DATA_DIR/backups: named by time and kind, listed newest first, rotated.
import type { Database } from 'bun:sqlite'
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { BackupInfo, BackupKind } from '#src/contract/backup'
import { writeArchive } from './archive'

export const backupsDir = (dataDir: string) => join(dataDir, 'backups')

/** folio-20261122T101500123Z-scheduled.tar.gz: sorts by time as text, says why it was made. */
const NAME = /^folio-(\d{8}T\d{9}Z)-(scheduled|manual|pre-restore)\.tar\.gz$/

export const isBackupName = (name: string) => NAME.test(name)

export function backupName(at: Date, kind: BackupKind): string {
  return `folio-${at.toISOString().replace(/[-:.]/g, '')}-${kind}.tar.gz`
}

function createdAt(stamp: string): string {
  const [, y, mo, d, h, mi, s, ms] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(stamp)!
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`
}

export function listBackups(dataDir: string): BackupInfo[] {
  let names: string[]
  try {
    names = readdirSync(backupsDir(dataDir))
  } catch {
    return []
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name)
      if (!m) return []
      return [{ name, kind: m[2] as BackupKind, createdAt: createdAt(m[1]!), size: statSync(join(backupsDir(dataDir), name)).size }]
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** Deletes all but the newest `keep` backups; returns the names removed. */
export function rotateBackups(dataDir: string, keep: number): string[] {
  const stale = listBackups(dataDir).slice(keep)
  for (const b of stale) rmSync(join(backupsDir(dataDir), b.name), { force: true })
  return stale.map((b) => b.name)
}

const running = new Map<string, Promise<BackupInfo>>()

/**
 * Writes a new backup into DATA_DIR/backups and rotates. One at a time per data directory: a second
 * call while one runs gets the same result instead of a second snapshot.
 */
export function backUpNow(sqlite: Database, dataDir: string, kind: BackupKind, keep: number, now: Date): Promise<BackupInfo> {
  const inFlight = running.get(dataDir)
  if (inFlight) return inFlight
  const job = (async () => {
    try {
      mkdirSync(backupsDir(dataDir), { recursive: true })
      const name = backupName(now, kind)
      const file = join(backupsDir(dataDir), name)
      const manifest = await writeArchive(sqlite, dataDir, file, now)
      rotateBackups(dataDir, keep)
      return { name, kind, createdAt: manifest.createdAt, size: statSync(file).size }
    } finally {
      running.delete(dataDir)
    }
  })()
  running.set(dataDir, job)
  return job
}
