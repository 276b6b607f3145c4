// Opens a backup archive the way an operator would: unpack it and look at the database inside.
import { Database } from 'bun:sqlite'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export async function unpackBackup(file: string) {
  const dir = mkdtempSync(join(tmpdir(), 'folio-unpacked-'))
  await new Bun.Archive(await Bun.file(file).bytes()).extract(dir)
  const db = new Database(join(dir, 'folio.db'), { readonly: true })
  const integrity = (db.query('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check)
  return { dir, db, integrity, manifest: (await Bun.file(join(dir, 'manifest.json')).json()) as Record<string, unknown> }
}

/** Writes a .tar.gz with the given entries (for archives folio would never write). */
export async function writeArchive(file: string, entries: Record<string, string | Uint8Array>) {
  await Bun.Archive.write(file, entries, { compress: 'gzip' })
}

// A 1×1 transparent PNG.
export const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
