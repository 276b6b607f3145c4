// JSON-only request bodies with a size cap, read before any handler runs.
// NOTE: Elysia would parse form and text bodies by default; a cross-site form must not reach a
// handler, so every body goes through here and anything but JSON is refused with 415.
import { Elysia } from 'elysia'
import { HttpError } from '../lib/http-error'

export const BODY_LIMITS = { admin: 1024 * 1024, public: 32 * 1024 }

/** Paths that accept text/plain JSON too: navigator.sendBeacon sends strings as text/plain. */
const TEXT_JSON_PATHS = new Set(['/api/analytics/pv'])

async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limit) throw new HttpError(413, `Request body is too large (limit ${limit} bytes).`)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw new HttpError(413, `Request body is too large (limit ${limit} bytes).`)
    }
    chunks.push(value)
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks))
}

export const bodyPlugin = () =>
  new Elysia({ name: 'folio.body' }).onParse({ as: 'global' }, async ({ request, path }) => {
    const limit = path.startsWith('/api/admin/') ? BODY_LIMITS.admin : BODY_LIMITS.public
    const text = await readLimited(request, limit)
    if (text.trim() === '') return {}
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const isJson = type === 'application/json' || (type === 'text/plain' && TEXT_JSON_PATHS.has(path))
    if (!isJson) throw new HttpError(415, 'Request bodies must be JSON (Content-Type: application/json).')
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new HttpError(400, 'Malformed JSON body.')
    }
  })
