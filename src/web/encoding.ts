// Content negotiation for bytes we hold precompressed: brotli, then gzip, then identity.
import { LRUCache } from 'lru-cache'

type Bytes = Uint8Array<ArrayBuffer>
export type Encoded = { body: Bytes; gzip?: Bytes; br?: Bytes }
export type Chosen = { body: Bytes; encoding: 'br' | 'gzip' | null }

/** The codings an Accept-Encoding header allows (a `;q=0` refuses one). */
function accepted(header: string | null): Set<string> {
  const out = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name)
  }
  return out
}

// Clients send a handful of distinct headers; parsing each once keeps the hot path to a lookup.
const parsed = new LRUCache<string, Set<string>>({ max: 256 })
function acceptedCached(header: string | null): Set<string> {
  const key = header ?? ''
  let set = parsed.get(key)
  if (!set) {
    set = accepted(header)
    parsed.set(key, set)
  }
  return set
}

export function chooseEncoding(encoded: Encoded, acceptEncoding: string | null): Chosen {
  const ok = acceptedCached(acceptEncoding)
  if (encoded.br && (ok.has('br') || ok.has('*'))) return { body: encoded.br, encoding: 'br' }
  if (encoded.gzip && (ok.has('gzip') || ok.has('*'))) return { body: encoded.gzip, encoding: 'gzip' }
  return { body: encoded.body, encoding: null }
}

/** True when the client takes `coding` (for bytes compressed on the fly, such as a page's first render). */
export const acceptsEncoding = (acceptEncoding: string | null, coding: 'gzip' | 'br') => {
  const ok = acceptedCached(acceptEncoding)
  return ok.has(coding) || ok.has('*')
}
