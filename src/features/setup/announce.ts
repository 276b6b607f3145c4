// Setup room: at start, with no admin and no ADMIN_EMAIL/ADMIN_PASSWORD, one log line that says
// what to do and holds a fresh one-time setup address (contract "First run").
import { setupTokens } from '#db/schema'
import type { AppDeps } from '#src/app-deps'
import { absoluteUrl } from '#src/contract/site-origin'
import { setupLogLine, setupPage } from '#src/contract/owner/setup'
import { adminExists, issueSetupToken } from './service'

/**
 * Logs the setup line and returns its address, or null when an admin exists (then no address is
 * left working: one made by `folio admin setup-link` before `admin set-password` is dropped here).
 * NOTE: at warn, not info: it must reach an owner who set LOG_LEVEL=warn, and it asks for action.
 */
export function announceSetup({ conn, config, clock, log }: Pick<AppDeps, 'conn' | 'config' | 'clock' | 'log'>): string | null {
  if (adminExists(conn.db) || config.admin) {
    conn.db.delete(setupTokens).run()
    return null
  }
  const { token } = issueSetupToken(conn.db, clock)
  const address = absoluteUrl(config.origin, setupPage(token))
  log.warn(setupLogLine(address), { setupUrl: address })
  return address
}
