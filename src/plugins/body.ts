// JSON-only request bodies with a size cap, read before any handler runs.
// NOTE: Elysia would parse form and text bodies by default; a cross-site form must not reach a
// handler, so every body goes through here and anything but JSON is refused with 415. The two
// admin upload paths take raw PDF or image bytes instead, and the content import a zip's (still
// behind the admin boundary).
import { Elysia } from 'elysia'
import { CONTENT_ARCHIVE_MAX_BYTES } from '../contract/content-files'
import { HttpError } from '../lib/http-error'
import { discardBody, drain, DRAIN_BYTES } from './body-drain'

export const BODY_LIMITS = { admin: 1024 * 1024, public: 32 * 1024, upload: 10 * 1024 * 1024 }

/**
 * Tighter limits where the payload is small by nature: a bigger body there is not a mistake but
 * a probe, and refusing it early costs nothing.
 */
export const ROUTE_BODY_LIMITS: Record<string, number> = {
  '/api/analytics/pv': 2 * 1024,
  '/api/analytics/ping': 1024,
  '/api/admin/login': 4 * 1024,
  '/api/demo/login': 4 * 1024,
  // A zip of every post, project and image: larger than any other body by nature.
  '/api/admin/content/import': CONTENT_ARCHIVE_MAX_BYTES,
}

/** Admin uploads: raw bytes of one of these types, handed to the route as an Upload. */
export const UPLOAD_PATHS = new Set(['/api/admin/uploads', '/api/admin/resume/file'])
export const UPLOAD_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'])
export type Upload = { type: string; bytes: Uint8Array<ArrayBuffer> }

/** Admin archives: raw zip bytes (a content import), handed to the route as an Upload. */
export const ARCHIVE_PATHS = new Set(['/api/admin/content/import'])
const ARCHIVE_TYPES = new Set(['application/zip', 'application/x-zip-compressed'])

/** A link's `ping` (hyperlink auditing) posts the body "PING" as text/ping: read, then ignored. */
const PING_PATHS = new Set(['/api/analytics/ping'])

/** Paths that accept text/plain JSON too: navigator.sendBeacon sends strings as text/plain. */
const TEXT_JSON_PATHS = new Set(['/api/analytics/pv'])

/** The body, at most `limit` bytes; past that a 413, sent once the rest is dropped (body-drain.ts). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = new HttpError(413, `Request body is too large (limit ${limit} bytes).`)
  if (Number(request.headers.get('content-length') ?? '0') > limit) {
    await discardBody(request, limit + DRAIN_BYTES)
    throw tooLarge
  }
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await drain(reader, limit + DRAIN_BYTES - size)
      throw tooLarge
    }
    chunks.push(value)
  }
  return new Uint8Array(Buffer.concat(chunks))
}

export const bodyPlugin = () =>
  new Elysia({ name: 'folio.body' }).onParse({ as: 'global' }, async ({ request, path: asSent }) => {
    // The router answers /api/admin/uploads/ as /api/admin/uploads: so must these lookups.
    const path = asSent.length > 1 ? asSent.replace(/\/+$/, '') : asSent
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    if (UPLOAD_PATHS.has(path) && request.method === 'POST') {
      if (!UPLOAD_TYPES.has(type)) throw new HttpError(415, 'Upload a PDF or an image (PNG, JPEG, WebP, GIF or AVIF).')
      return { type, bytes: await readLimited(request, BODY_LIMITS.upload) } satisfies Upload
    }
    if (ARCHIVE_PATHS.has(path) && request.method === 'POST') {
      if (!ARCHIVE_TYPES.has(type)) throw new HttpError(415, 'Send a zip archive (Content-Type: application/zip).')
      return { type, bytes: await readLimited(request, ROUTE_BODY_LIMITS[path]!) } satisfies Upload
    }
    const limit = ROUTE_BODY_LIMITS[path] ?? (path.startsWith('/api/admin/') ? BODY_LIMITS.admin : BODY_LIMITS.public)
    const text = new TextDecoder().decode(await readLimited(request, limit))
    if (text.trim() === '' || (type === 'text/ping' && PING_PATHS.has(path))) return {}
    const isJson = type === 'application/json' || (type === 'text/plain' && TEXT_JSON_PATHS.has(path))
    if (!isJson) throw new HttpError(415, 'Request bodies must be JSON (Content-Type: application/json).')
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new HttpError(400, 'Malformed JSON body.')
    }
  })
