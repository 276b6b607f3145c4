// `folio admin setup-link`: a fresh one-time setup address, for an owner who lost the start-up log
// line. It works beside a running server, as `admin set-password` does (decision 031): one row in WAL.
import { migrate } from '#db/migrate'
import { openDatabase } from '#db/connection'
import type { Config } from '#src/config'
import { SETUP_HOURS, setupPage } from '#src/contract/owner/setup'
import { absoluteUrl } from '#src/contract/site-origin'
import { adminExists, issueSetupToken } from '#src/features/setup/service'
import { systemClock } from '#src/lib/clock'
import { CommandFailed } from './commands'

export function setupLinkCommand(config: Config): void {
  const conn = openDatabase(config.dataDir)
  try {
    migrate(conn.sqlite)
    if (adminExists(conn.db)) {
      throw new CommandFailed(`an admin already exists: sign in at ${absoluteUrl(config.origin, '/admin/login')}, or reset its password with \`folio admin set-password\``)
    }
    const { token } = issueSetupToken(conn.db, systemClock)
    console.log(`Open this address to create the admin (valid ${SETUP_HOURS} hours, until an admin exists):`)
    console.log(absoluteUrl(config.origin, setupPage(token)))
  } finally {
    conn.close()
  }
}
