// The admin's API client (spec section 7, same module as the site) and its session rules:
// a 401 from any call means the session ended, which sends the admin to the login screen.
import { ApiError, createApiClient } from '../lib/api'

export const adminApi = createApiClient()

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'
export const isUnauthorized = (e: unknown) => e instanceof ApiError && e.status === 401

type Listener = () => void
const listeners = new Set<Listener>()
/** Screens call this when a request answered 401; the app shell redirects to login. */
export const reportSessionEnded = () => listeners.forEach((l) => l())
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
