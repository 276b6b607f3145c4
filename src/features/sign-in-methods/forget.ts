// Sign-in methods room: an admin replaced by another email (ADMIN_EMAIL at start) takes every way
// of signing in it set up with it, so nothing of the old owner's opens the new owner's admin.
import { eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { admins, passkeys } from '#db/schema'
import { removeSecondFactor } from './totp'

/**
 * Passkeys, the TOTP secret and its recovery codes gone, password sign-in back on. Call inside
 * the transaction that renames the admin (sessions end there too): all of it happens, or none.
 */
export function forgetSignInMethods(tx: Db, adminId: number): void {
  tx.delete(passkeys).where(eq(passkeys.adminId, adminId)).run()
  removeSecondFactor(tx, adminId)
  tx.update(admins).set({ passwordSignIn: true }).where(eq(admins.id, adminId)).run()
}
