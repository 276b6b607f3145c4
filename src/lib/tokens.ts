// Random 256-bit tokens and their stored hashes.
import { createHash, randomBytes } from 'node:crypto'

export const newToken = () => randomBytes(32).toString('base64url')
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
