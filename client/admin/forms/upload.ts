// Image uploads for the project editor: the raw file as the body (not JSON), answered by {url}.
import * as adminPaths from '#src/contract/admin-paths'
import { ApiError, serverMessage } from '#client/lib/api'
import { adminApi } from '../api'

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif'
export const TOO_LARGE = 'The image is too large (max 10 MB).'
export const UPLOAD_FAILED = 'Upload failed'

function messageFor(status: number, body: unknown): string {
  if (status === 413) return TOO_LARGE
  return serverMessage(body) ?? (status === 415 ? 'This file type is not supported.' : `${UPLOAD_FAILED} (${status})`)
}

/** Sends one image; resolves to its URL, or throws an ApiError whose message is the one to show. */
export async function uploadImage(file: Blob): Promise<string> {
  let res: Response
  try {
    res = await fetch(adminApi.url(adminPaths.uploads), {
      method: 'POST',
      body: file,
      credentials: 'include',
      headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
    })
  } catch (e) {
    throw new ApiError(0, undefined, `${UPLOAD_FAILED}. Check your connection and try again.`, { cause: e })
  }
  const body: unknown = await res.json().catch(() => undefined)
  if (res.ok) {
    const url = typeof body === 'object' && body !== null && 'url' in body ? body.url : undefined
    if (typeof url === 'string' && url) return url
    throw new ApiError(res.status, body, UPLOAD_FAILED)
  }
  throw new ApiError(res.status, body, messageFor(res.status, body))
}
