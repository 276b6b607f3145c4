// Admin error texts (spec section 8): the server's message when it sent one, else the screen's.
import { serverMessage, ApiError } from '../lib/api'

export function errorMessageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && serverMessage(error.body)) || fallback
}
