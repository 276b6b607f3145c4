// Raw bytes (a PDF, a zip) posted to the admin API and answered with JSON. NOTE: the JSON API
// client cannot send bytes, so this calls fetch itself with the client's URL and credentials rule.
import { ApiError, REQUEST_FAILED, serverMessage } from '../lib/api'
import { adminApi } from './api'

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
