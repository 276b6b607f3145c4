// The first run (contract "The owner's surfaces", First run): the one-time setup address, the
// payload that creates the admin, and the texts the log, the CLI and the screens share.
import { z } from 'zod'

/** How long a setup address works (or until an admin exists). */
export const SETUP_HOURS = 24
/** A new admin password: the contract's first-run rule (ADMIN_PASSWORD keeps its 8). */
export const SETUP_PASSWORD_MIN = 12

/** The commands the texts name (in backticks, which the screens show as code). */
export const SET_PASSWORD_COMMAND = 'folio admin set-password --email you@example.com'
export const SETUP_LINK_COMMAND = 'folio admin setup-link'

export const SETUP_MESSAGES = {
  email: 'Enter an email address like you@example.com.',
  passwordShort: `Use at least ${SETUP_PASSWORD_MIN} characters.`,
  passwordLong: 'Use at most 1024 characters.',
  passwordControl: 'The password cannot contain control characters.',
  mismatch: 'The two passwords do not match.',
  token: 'The setup address is missing its token.',
  /** 403: a wrong, used or expired token. */
  invalid: `This setup address is not valid or has expired. Open the newest address printed in the server log, or run \`${SETUP_LINK_COMMAND}\` for a fresh one.`,
  /** The setup screen opened without a token. */
  missing: `This page opens from the setup address folio printed in its log when it started. Lost it? Run \`${SETUP_LINK_COMMAND}\` on the server for a fresh one, or create the admin there with \`${SET_PASSWORD_COMMAND}\`.`,
  /** 409 and the screen once an admin exists. */
  exists: 'An admin account already exists. Sign in instead.',
} as const

/** How to create the admin, said by the login screen while there is none. */
export const NO_ADMIN_HINT = `Open the setup address printed in the server log, or run \`${SET_PASSWORD_COMMAND}\`.`

// A practical email shape: something@something.tld, no spaces (as the contact form's).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export const SetupEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ error: SETUP_MESSAGES.email })
    .max(200, { error: SETUP_MESSAGES.email, abort: true })
    .regex(EMAIL_SHAPE, { error: SETUP_MESSAGES.email, abort: true })
    .refine((v) => !CONTROL.test(v), SETUP_MESSAGES.email),
)

export const SetupPassword = z
  .string({ error: SETUP_MESSAGES.passwordShort })
  .min(SETUP_PASSWORD_MIN, { error: SETUP_MESSAGES.passwordShort, abort: true })
  .max(1024, { error: SETUP_MESSAGES.passwordLong, abort: true })
  .refine((v) => !CONTROL.test(v), SETUP_MESSAGES.passwordControl)

/** POST /api/admin/setup. A token of the wrong shape is still a string: it is answered 403, as any wrong token. */
export const SetupInput = z.object({
  token: z.string({ error: SETUP_MESSAGES.token }).min(1, SETUP_MESSAGES.token).max(256, SETUP_MESSAGES.invalid),
  email: SetupEmail,
  password: SetupPassword,
})
export type SetupInput = z.infer<typeof SetupInput>

/** GET /api/admin/setup: public, so the login screen can say when no admin exists. */
export type SetupState = { adminExists: boolean }

/** The admin screen's path of a setup address (absoluteUrl(config.origin, …) makes it whole). */
export const setupPage = (token: string) => `/admin/setup?token=${encodeURIComponent(token)}`

/** The start-up log line, with the address in its text. */
export const setupLogLine = (address: string) =>
  `No admin yet: open ${address} to create one (valid ${SETUP_HOURS} hours), or run \`${SET_PASSWORD_COMMAND}\``
