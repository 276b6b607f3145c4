// Asking the owner to confirm it is them (decision 063): a change to a sign-in method answered 403
// `reauth_required` opens the Security screen's dialog (./reauth-provider.tsx), and once the owner
// has confirmed, the change is sent again. Cancelled, the change fails with the server's message.
import { createContext, useContext } from 'react'
import { REAUTH_REQUIRED } from '#src/contract/auth'
import { ApiError } from '#client/lib/api'

/** Resolves once the session has re-authenticated; rejects when the owner cancels. */
export type AskReauth = () => Promise<void>

// Outside the provider nothing can ask: the 403 stands.
export const ReauthContext = createContext<AskReauth>(() => Promise.reject(new Error('no re-authentication here')))
export const useAskReauth = () => useContext(ReauthContext)

/** The `code` of an API error's first detail ('reauth_required', 'invalid_code'…). */
export function detailCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null || !('details' in error.body)) return undefined
  const details = error.body.details
  return Array.isArray(details) && typeof details[0]?.code === 'string' ? details[0].code : undefined
}

/** True for the 403 that asks for a recent proof of being the owner. */
export const isReauthRequired = (error: unknown) => error instanceof ApiError && error.status === 403 && detailCode(error) === REAUTH_REQUIRED

/** Runs `call`; after a `reauth_required`, asks once and runs it again. */
export async function withReauth<T>(ask: AskReauth, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!isReauthRequired(error)) throw error
    try {
      await ask()
    } catch {
      throw error
    }
    return call()
  }
}
