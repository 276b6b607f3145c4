// Admin login payload (spec section 5: both fields required) and the rule for a new password.
import { z } from 'zod'
import { cleanLine } from './text'

export const LoginInput = z.object({
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'Email is required.' }).min(1, 'Email is required.').max(200)),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
  // Asked of an address with failed sign-ins while the account is under attack and captcha is on.
  hcaptchaToken: z.string().trim().max(8192).optional(),
  /** With a second factor enrolled: the authenticator's 6 digits or a recovery code. */
  code: z.string().trim().max(32).optional(),
})
export type LoginInput = z.infer<typeof LoginInput>
export type AdminMe = { email: string }
/** GET /api/admin/session (additive, public): whether this browser is signed in, always 200. */
export type AdminSession = { authenticated: true; email: string } | { authenticated: false }

/** ADMIN_PASSWORD and `folio admin set-password` take the same passwords. */
export const AdminPassword = z.string().min(8, 'must be at least 8 characters').max(1024, 'must be at most 1024 characters')

// Sign-in methods (issue 23): passkeys, a TOTP second factor with recovery codes, the policy.

/** How a session signed in. */
export const SIGN_IN_METHODS = ['password', 'password+totp', 'password+recovery', 'passkey', 'setup'] as const
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]

/** What the admin's 401 says when the password was right and a code is wanted (`details[0].code`). */
export const CODE_REQUIRED = 'second_factor_required'
export const SECOND_FACTOR_MESSAGES = {
  required: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  wrong: 'That code is not right, or it was used already.',
  passwordOff: 'Password sign-in is turned off: sign in with a passkey.',
  paused: 'Too many wrong codes for this account: codes are refused for a while. Try again later, or sign in with a passkey.',
} as const

/** A passkey's answer to a challenge this server did not make, made more than 5 minutes ago, or altered (400, `details[0].code: "stale_challenge"`). */
export const PASSKEY_CHALLENGE_STALE = 'The passkey request expired or did not come from this site: try again.'

/** A TOTP code: six digits (spaces typed by a person are dropped). */
const sixDigits = z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v), z.string({ error: 'The code is required.' }).regex(/^\d{6}$/, 'The code is 6 digits.'))
export const TotpCodeInput = z.object({ code: sixDigits })
/** Turning TOTP off or renewing recovery codes: a current code, or a recovery code. */
export const SecondFactorInput = z.object({ code: z.string({ error: 'The code is required.' }).trim().min(6, 'The code is required.').max(32) })

// Shown in a list: control characters dropped, as in the settings' one-line texts.
const passkeyName = z.string().max(200).transform(cleanLine).pipe(z.string().min(1, 'Give the passkey a name.').max(60, 'At most 60 characters.'))
export const PasskeyNameInput = z.object({ name: passkeyName })

/** The browser's answer (`navigator.credentials`), checked for shape here and by @simplewebauthn/server for meaning. */
const b64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, 'Not base64url.')
const credentialBase = { id: b64url(1024), rawId: b64url(1024), type: z.literal('public-key'), clientExtensionResults: z.record(z.string(), z.unknown()).default({}), authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional() }
export const PasskeyRegistrationInput = z.object({
  name: passkeyName,
  response: z.object({
    ...credentialBase,
    response: z.object({ clientDataJSON: b64url(8192), attestationObject: b64url(65536), transports: z.array(z.string().max(32)).max(10).optional() }).loose(),
  }),
})
export const PasskeySignInInput = z.object({
  response: z.object({
    ...credentialBase,
    response: z.object({ clientDataJSON: b64url(8192), authenticatorData: b64url(8192), signature: b64url(8192), userHandle: b64url(1024).optional() }).loose(),
  }),
})
/**
 * Re-authentication (decision 063): a change to the sign-in methods needs the session to have
 * proved it is the owner within REAUTH_MINUTES (its sign-in counts). Without it: 403 with
 * `details[0].code: "reauth_required"`; the Security screen then asks and retries.
 */
export const REAUTH_REQUIRED = 'reauth_required'
export const REAUTH_MINUTES = 10
export const REAUTH_MESSAGES = {
  required: 'Confirm it is you first: enter your password (and code), or use a passkey.',
  wrongPassword: 'That password is not right.',
  passkeyRefused: 'That passkey could not confirm it is you. Try again, or use your password.',
  tooMany: 'Too many wrong passwords or codes. Try again later.',
} as const
/** POST /api/admin/reauth: the password, and the code when a second factor is on. */
export const ReauthInput = z.object({
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
  code: z.string().trim().max(32).optional(),
})
export type Reauthenticated = { reauthenticatedUntil: string }

export const PasswordSignInSetting = z.object({ enabled: z.boolean({ error: 'enabled must be true or false.' }) })

export type PasskeyInfo = { id: string; name: string; createdAt: string; lastUsedAt: string | null; backedUp: boolean; deviceType: string }
export type SessionInfo = { id: string; current: boolean; method: SignInMethod; createdAt: string; lastSeenAt: string | null; browser: string }
export type SecurityOverview = {
  passwordSignIn: boolean
  totp: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number }
  passkeys: PasskeyInfo[]
  sessions: SessionInfo[]
}
/** A secret to enrol: shown as a QR code (an SVG made here) and as text for typing in. */
export type TotpSetup = { secret: string; uri: string; qrSvg: string }
export type RecoveryCodes = { recoveryCodes: string[] }
