// The admin's API client (spec section 7, same module as the site) and its session rules: a 401
// from any call means the session ended, which sends the admin to the login screen. Also the
// admin's error texts (spec section 8) and raw-byte uploads.
import { ApiError, createApiClient, REQUEST_FAILED, serverMessage } from './api'

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

/** Awaits an API call; a 401 ends the session (spec section 4) and is still thrown. */
export async function withSession<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (e) {
    if (isUnauthorized(e)) reportSessionEnded()
    throw e
  }
}

/**
 * Spec section 8: the server's message when it sent one, else the screen's own text. A 4xx
 * message says what to fix; a 5xx one ('Internal error') says less than the screen's own text.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.status < 500 && serverMessage(error.body)) || fallback
}

/**
 * Raw bytes (a PDF, a zip) posted to the admin API and answered with JSON. NOTE: the JSON API
 * client cannot send bytes, so this calls fetch itself with the client's URL and credentials rule.
 */
export async function postBytes<T>(path: string, file: Blob, contentType: string): Promise<T> {
  let res: Response
  try {
    res = await fetch(adminApi.url(path), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': contentType },
      body: file,
    })
  } catch (e) {
    throw new ApiError(0, undefined, REQUEST_FAILED, { cause: e })
  }
  const text = await res.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  if (!res.ok) throw new ApiError(res.status, body, serverMessage(body) ?? (res.statusText || REQUEST_FAILED))
  return body as T
}
