// Exports the site of a test server's data dir: its own connection (the server holds the
// data-dir lock, and the export must not share the server's connection).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import type { AppDeps } from '#src/app-deps'
import { loadConfig } from '#src/config'
import { exportSite } from '#src/cli/export-site'
import { systemClock } from '#src/lib/clock'
import { silentLogger } from '#src/lib/logger'

export const EXPORT_SITE_URL = 'https://portfolio.example'

/** Deps over `dataDir` as `folio export` builds them; `close()` when done. */
export function exportDeps(dataDir: string, env: Record<string, string> = {}): AppDeps & { close(): void } {
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'error', SITE_URL: EXPORT_SITE_URL, ...env }, dataDir)
  const conn = openDatabase(dataDir)
  return { conn, config, clock: systemClock, log: silentLogger, close: () => conn.close() }
}

const parents: string[] = []
/** A fresh temporary directory name for an export (not created: the export creates it). */
export function exportDirName(): string {
  const parent = mkdtempSync(join(tmpdir(), 'folio-export-'))
  parents.push(parent)
  return join(parent, 'site')
}

/** Removes every directory exportDirName made in this process. */
export function removeExports() {
  for (const dir of parents.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** Exports `dataDir` into a new directory and returns where. */
export async function exportOnce(dataDir: string, env: Record<string, string> = {}): Promise<string> {
  const deps = exportDeps(dataDir, env)
  try {
    const out = exportDirName()
    await exportSite(deps, out)
    return out
  } finally {
    deps.close()
  }
}
