// Admin error texts (spec section 8): the server's message when it sent one, else the screen's.
import { serverMessage, ApiError } from '../lib/api'

// A 4xx message says what to fix; a 5xx one ('Internal error') says less than the screen's own text.
export function errorMessageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.status < 500 && serverMessage(error.body)) || fallback
}
