// Resume room: the key that seals link tokens for the admin's list (docs/decisions/security/008). It lives
// in DATA_DIR/keys, never in the database or a backup, so a leaked copy of either holds no link.
import { createKey, keyFile, readKey } from '#src/lib/key-file'
import { seal, unseal } from '#src/lib/sealed'
import { sha256 } from '#src/lib/tokens'

export type TokenVault = {
  seal(token: string): string
  /** The token, or null when this server's key cannot give it back (restored from elsewhere). */
  open(sealed: string, tokenHash: string): string | null
}

export const RESUME_KEY_NAME = 'resume-links'

/** Reads the key now, once; makes one only when the first token is sealed. */
export function tokenVault(dataDir: string): TokenVault {
  const file = keyFile(dataDir, RESUME_KEY_NAME)
  let key = readKey(file)
  return {
    seal: (token) => seal((key ??= createKey(file)), token),
    open(sealed, tokenHash) {
      const token = key ? unseal(key, sealed) : null
      // A sealed value moved onto another row must not hand out that row's link.
      return token !== null && sha256(token) === tokenHash ? token : null
    },
  }
}
