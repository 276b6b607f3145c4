// The policies the app's routes declare (src/plugins/route-policies.ts), read from a composed app
// the way the server reads them, for tests that go through every declared body limit.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '#db/migrate'
import { createApp } from '#src/app'
import type { PolicyTable } from '#src/plugins/route-policies'
import { exportDeps } from './site-export'

/** The policy table of an app composed over a throwaway data directory. */
export function appPolicies(): PolicyTable {
  const dir = mkdtempSync(join(tmpdir(), 'folio-policies-'))
  const deps = exportDeps(dir)
  try {
    migrate(deps.conn.sqlite)
    return createApp(deps).policies
  } finally {
    deps.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const declared = appPolicies().bodyLimits()
/** Each route with a body limit of its own (all static paths), and that limit. */
export const ROUTE_BODY_LIMITS: Record<string, number> = Object.fromEntries(declared.map((b) => [b.route, b.limit]))
/** Routes that take a zip archive's bytes. */
export const ARCHIVE_PATHS = new Set(declared.filter((b) => b.kind === 'archive').map((b) => b.route))
