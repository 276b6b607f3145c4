// `folio admin reset-2fa`: whoever has the server's shell has the site. It removes the TOTP second
// factor and its recovery codes, turns password sign-in back on and ends every session, so the
// owner signs in with the password again (`folio admin set-password` if that is lost too).
import { migrate } from '#db/migrate'
import { admins, sessions } from '#db/schema'
import type { Config } from '../config'
import { removeSecondFactor } from '../features/sign-in-methods/totp'
import { CommandFailed, openExisting } from './commands'

export function resetSecondFactorCommand(config: Config): void {
  const conn = openExisting(config)
  try {
    migrate(conn.sqlite)
    const admin = conn.db.select({ email: admins.email }).from(admins).get()
    if (!admin) throw new CommandFailed('there is no admin yet: nothing to reset')
    removeSecondFactor(conn.db)
    conn.db.update(admins).set({ passwordSignIn: true }).run()
    const ended = conn.db.delete(sessions).returning({ id: sessions.tokenHash }).all().length
    console.log(`second factor removed and password sign-in turned on for ${admin.email}; ${ended} session(s) signed out`)
    console.log('passkeys are kept: remove a lost one under Security in the admin; a lost password: folio admin set-password')
  } finally {
    conn.close()
  }
}
