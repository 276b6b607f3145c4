// What the browser can do with passkeys, and what its refusals mean in words.
import { errorMessageOf } from '#client/lib/admin-api'

/** False in a browser without WebAuthn (or an insecure page, where browsers hide it). */
export const hasWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

export const NO_WEBAUTHN = 'This browser cannot use passkeys. Use an up-to-date browser, on the site’s https:// address.'
export const CANCELLED = 'The passkey request was cancelled or timed out. Nothing changed: try again when ready.'
export const ALREADY_ADDED = 'This device or security key holds a passkey for this site already.'
export const WRONG_ADDRESS = 'The browser refused a passkey for this address: open the admin at the site’s own address (SITE_URL), over https://.'

/**
 * The message for a failed passkey step: the browser's refusal in words, else the server's
 * message, else `fallback`. @simplewebauthn/browser keeps the DOMException's name on its errors.
 */
export function passkeyErrorText(error: unknown, fallback: string): string {
  if (!hasWebAuthn()) return NO_WEBAUTHN
  const name = error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'AbortError') return CANCELLED
  if (name === 'InvalidStateError') return ALREADY_ADDED
  if (name === 'SecurityError') return WRONG_ADDRESS
  return errorMessageOf(error, fallback)
}

const DEVICES: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
]

/** A first name for a new passkey: "Passkey on Mac" for the kind of device this browser runs on, else "This device". */
export function defaultPasskeyName(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const device = DEVICES.find(([re]) => re.test(userAgent))?.[1]
  return device ? `Passkey on ${device}` : 'This device'
}
