// Admin login payload (spec section 5: both fields required) and the rule for a new password.
import { z } from 'zod'

export const LoginInput = z.object({
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'Email is required.' }).min(1, 'Email is required.').max(200)),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
  // Asked of an address with failed sign-ins while the account is under attack and captcha is on.
  hcaptchaToken: z.string().trim().max(8192).optional(),
})
export type LoginInput = z.infer<typeof LoginInput>
export type AdminMe = { email: string }
/** GET /api/admin/session (additive, public): whether this browser is signed in, always 200. */
export type AdminSession = { authenticated: true; email: string } | { authenticated: false }

/** ADMIN_PASSWORD and `folio admin set-password` take the same passwords. */
export const AdminPassword = z.string().min(8, 'must be at least 8 characters').max(1024, 'must be at most 1024 characters')
