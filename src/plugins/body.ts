// JSON-only request bodies with a size cap, read before any handler runs.
// NOTE: Elysia would parse form and text bodies by default; a cross-site form must not reach a
// handler, so every body goes through here and anything but JSON is refused with 415. A route
// declares its own limit and kind in its options (route-policies.ts): the admin uploads take raw
// PDF or image bytes, the content import a zip's (still behind the admin boundary), and a page's
// own form posted without JavaScript (the contact form) its fields; that route checks the Origin.
import { Elysia } from 'elysia'
import { HttpError } from '../lib/http-error'
import { discardBody, drain, DRAIN_BYTES } from './body-drain'
import type { PolicyTable } from './route-policies'

/** Limits of routes that declare none (route-policies.ts); an upload route declares its own. */
export const BODY_LIMITS = { admin: 1024 * 1024, public: 32 * 1024, upload: 10 * 1024 * 1024 }

export const UPLOAD_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'])
export type Upload = { type: string; bytes: Uint8Array<ArrayBuffer> }
const ARCHIVE_TYPES = new Set(['application/zip', 'application/x-zip-compressed'])

/** The body, at most `limit` bytes; past that a 413, sent once the rest is dropped (body-drain.ts). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = new HttpError(413, `Request body is too large (limit ${limit} bytes).`)
  if (Number(request.headers.get('content-length') ?? '0') > limit) {
    await discardBody(request, limit + DRAIN_BYTES)
    throw tooLarge
  }
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  // NOTE: one buffer of the declared length, filled as chunks arrive: the body is held once, not
  // as its chunks plus a concatenation plus a copy (three 10 MB copies per upload measured in the
  // soak, issue 32). A body without a length grows its buffer by doubling, up to the limit.
  const declared = Number(request.headers.get('content-length') ?? '')
  let buffer = new Uint8Array(Number.isInteger(declared) && declared > 0 ? declared : Math.min(64 * 1024, limit))
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.byteLength > limit) {
      await drain(reader, limit + DRAIN_BYTES - size - value.byteLength)
      throw tooLarge
    }
    if (size + value.byteLength > buffer.byteLength) {
      const grown = new Uint8Array(Math.min(limit, Math.max(buffer.byteLength * 2, size + value.byteLength)))
      grown.set(buffer.subarray(0, size))
      buffer = grown
    }
    buffer.set(value, size)
    size += value.byteLength
  }
  return size === buffer.byteLength ? buffer : buffer.slice(0, size)
}

/**
 * A form's body (kind 'form', application/x-www-form-urlencoded): its fields, or the refusal a
 * JSON route would have thrown (413, 415). Handed to the route either way, so that a page posted
 * to without JavaScript can answer with a page, not with JSON.
 */
export type FormBody = { fields: URLSearchParams } | { refused: HttpError }

async function readForm(request: Request, type: string, limit: number): Promise<FormBody> {
  try {
    // The size first: an oversized body is a 413 whatever it claims to be.
    const bytes = await readLimited(request, limit)
    if (type !== 'application/x-www-form-urlencoded') return { refused: new HttpError(415, 'Send the form as application/x-www-form-urlencoded.') }
    return { fields: new URLSearchParams(new TextDecoder().decode(bytes)) }
  } catch (error) {
    if (error instanceof HttpError) return { refused: error }
    throw error
  }
}

/** `policies`: each route's declared body limit and kind (src/plugins/route-policies.ts). */
export const bodyPlugin = (policies: PolicyTable) =>
  new Elysia({ name: 'folio.body' }).onParse({ as: 'global' }, async ({ request, route, path }) => {
    const policy = policies.of(request.method, route)
    const kind = policy.bodyKind ?? 'json'
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const limit = policy.bodyLimit ?? (kind === 'upload' ? BODY_LIMITS.upload : path.startsWith('/api/admin/') ? BODY_LIMITS.admin : BODY_LIMITS.public)
    if (kind === 'upload') {
      if (!UPLOAD_TYPES.has(type)) throw new HttpError(415, 'Upload a PDF or an image (PNG, JPEG, WebP, GIF or AVIF).')
      return { type, bytes: await readLimited(request, limit) } satisfies Upload
    }
    if (kind === 'form') return readForm(request, type, limit)
    if (kind === 'archive') {
      if (!ARCHIVE_TYPES.has(type)) throw new HttpError(415, 'Send a zip archive (Content-Type: application/zip).')
      return { type, bytes: await readLimited(request, limit) } satisfies Upload
    }
    const text = new TextDecoder().decode(await readLimited(request, limit))
    if (text.trim() === '' || (type === 'text/ping' && kind === 'ping')) return {}
    const isJson = type === 'application/json' || (type === 'text/plain' && kind === 'beacon')
    if (!isJson) throw new HttpError(415, 'Request bodies must be JSON (Content-Type: application/json).')
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new HttpError(400, 'Malformed JSON body.')
    }
  })
