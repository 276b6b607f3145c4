// The setup form's checks before it is sent: the contract's own schemas for the email and the
// password (src/contract/owner/setup.ts), and the two passwords alike.
import { SETUP_MESSAGES, SetupEmail, SetupPassword } from '#src/contract/owner/setup'

export type SetupDraft = { email: string; password: string; confirm: string }
export type SetupErrors = Partial<Record<keyof SetupDraft, string>>

export function setupErrors(draft: SetupDraft): SetupErrors {
  const errors: SetupErrors = {}
  const email = SetupEmail.safeParse(draft.email)
  if (!email.success) errors.email = email.error.issues[0]!.message
  const password = SetupPassword.safeParse(draft.password)
  if (!password.success) errors.password = password.error.issues[0]!.message
  else if (draft.confirm !== draft.password) errors.confirm = SETUP_MESSAGES.mismatch
  return errors
}

/** The server's `details` (path: email, password) as the form's field errors. */
export function fieldErrorsOf(details: unknown): SetupErrors {
  const errors: SetupErrors = {}
  if (!Array.isArray(details)) return errors
  for (const d of details as { path?: unknown; message?: unknown }[]) {
    if ((d.path === 'email' || d.path === 'password') && typeof d.message === 'string') errors[d.path] ??= d.message
  }
  return errors
}
