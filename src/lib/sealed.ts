// Short secrets sealed with AES-256-GCM as one text value: 'v1.<iv>.<ciphertext+tag>' (base64url).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/** A fresh random 96-bit IV each time: the same secret never seals to the same text. */
export function seal(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`
}

/** The secret, or null when `sealed` was made under another key, altered, or is not sealed text. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [version, ivText, bodyText, extra] = sealed.split('.')
  if (version !== VERSION || ivText === undefined || bodyText === undefined || extra !== undefined) return null
  const iv = Buffer.from(ivText, 'base64url')
  const body = Buffer.from(bodyText, 'base64url')
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
