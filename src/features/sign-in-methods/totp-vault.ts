// Sign-in methods room: the key that seals the TOTP secret at rest (decision 063), as the resume
// links' key does their tokens (decision 008). It lives in DATA_DIR/keys, never in the database or
// a backup, so a leaked copy of either holds no secret to make codes with.
import type { Connection } from '#db/connection'
import { createKey, keyFile, readKey } from '#src/lib/key-file'
import type { Logger } from '#src/lib/logger'
import { seal, unseal } from '#src/lib/sealed'

export const TOTP_KEY_NAME = 'totp-secret'

export type TotpVault = {
  seal(secret: string): string
  /** The secret, or null when this server's key cannot open it (restored on another machine). */
  open(sealed: string): string | null
}

/** A secret stored by a version before the seal: base32 in clear. */
const isClear = (stored: string) => /^[A-Z2-7]+=*$/.test(stored)

/** Reads the key now; makes one only when the first secret is sealed. */
export function totpVault(dataDir: string): TotpVault {
  const file = keyFile(dataDir, TOTP_KEY_NAME)
  let key = readKey(file)
  return {
    seal: (secret) => seal((key ??= createKey(file)), secret),
    open(sealed) {
      // NOTE: read again while missing: another part of this server may have made it since.
      key ??= readKey(file)
      return key ? unseal(key, sealed) : null
    },
  }
}

/**
 * At start: a secret in clear (folio before decision 063) is sealed, then VACUUM rewrites the file
 * without the freed pages that held it and the WAL is emptied, as the resume links' upgrade does.
 * A sealed secret this server's key cannot open is logged: codes will not work, recovery codes will.
 */
export function sealClearSecrets({ sqlite }: Pick<Connection, 'sqlite'>, vault: TotpVault, log: Logger): void {
  const rows = sqlite.query('SELECT id, totp_secret AS stored FROM admins WHERE totp_secret IS NOT NULL').all() as { id: number; stored: string }[]
  const clear = rows.filter((r) => isClear(r.stored))
  for (const r of rows) {
    if (!isClear(r.stored) && vault.open(r.stored) === null) {
      log.warn('the TOTP secret cannot be opened with this server\'s key file (DATA_DIR/keys/totp-secret.key): sign in with a recovery code, or run "folio admin reset-2fa"')
    }
  }
  if (!clear.length) return
  sqlite
    .transaction(() => {
      const update = sqlite.query('UPDATE admins SET totp_secret = ? WHERE id = ? AND totp_secret = ?')
      for (const r of clear) update.run(vault.seal(r.stored), r.id, r.stored)
    })
    .immediate()
  try {
    sqlite.run('VACUUM')
    sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  } catch (error) {
    // Another connection busy (an export beside an older server): the secret is sealed all the same.
    log.warn('VACUUM after sealing the TOTP secret failed; old pages may keep it until the next VACUUM', { error: (error as Error).message })
  }
  log.info('TOTP secret sealed at rest', { admins: clear.length })
}
