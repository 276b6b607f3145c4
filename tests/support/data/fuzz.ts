// Fuzzing kit for tests/api/hardening/fuzz.test.ts: hostile requests as fast-check arbitraries, a sender,
// and a cheap digest of the database. NOTE: bodies are generated as small descriptions (1 MiB of
// text is `{ kind: 'huge', bytes: 1048576 }`) and only turned into bytes when sent, so a failing
// case prints a counterexample a person can read.
import type { Database } from 'bun:sqlite'
import fc from 'fast-check'
import { edgeDate, edgeDateConstant, edgeText, edgeValue, encodeLoose } from './fuzz-edges'

/** A Content-Type header value; null sends none at all (the body goes out as bare bytes). */
export type ContentType = string | null
type Encoding = 'utf-16le' | 'utf-16be' | 'utf-8-bom' | 'invalid-utf-8' | 'nul-bytes'
export type BodySpec =
  | { kind: 'json'; value: unknown; type: ContentType }
  | { kind: 'text'; text: string; type: ContentType }
  | { kind: 'huge'; field: string | null; chunk: string; bytes: number; streamed: boolean; type: ContentType }
  | { kind: 'deep'; depth: number; shape: 'array' | 'object'; field: string | null; type: ContentType }
  | { kind: 'encoded'; encoding: Encoding; value: unknown; at: number; type: ContentType }
  | { kind: 'multipart'; fields: [string, string][] }
  | { kind: 'upload'; magic: 'pdf' | 'png' | 'gif' | 'none'; size: number; type: ContentType }

const KIB = 1024
// The body limits of src/plugins/body.ts (the small per-route ones lie below the first).
const LIMITS = [2 * KIB, 4 * KIB, 32 * KIB, 1024 * KIB]
const UPLOAD_LIMIT = 10 * 1024 * KIB

const jsonType: fc.Arbitrary<ContentType> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  fc.constantFrom('application/json; charset=utf-8', 'Application/JSON', 'application/json; charset=utf-16', 'application/json;;;', 'application/json, text/plain'),
)
const anyType: fc.Arbitrary<ContentType> = fc.oneof(
  { weight: 4, arbitrary: jsonType },
  fc.constantFrom(null, '', ';', 'text/plain', 'text/plain;charset=UTF-8', 'text/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzz'),
  fc.constantFrom('application/octet-stream', 'application/ld+json', 'application/pdf', 'image/png'),
  fc.string({ maxLength: 40 }),
)

/** Values that break assumptions: wrong types, edge numbers, odd strings, prototype keys. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: edgeValue },
  fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom<unknown>(
    ...['', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', '\uffff', '\u202e', '\r\n', 'null', 'undefined', '[]', '{}', '-1', '1e309', 'NaN'],
    ...['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/', '../../etc/passwd', '<script>alert(1)</script>', "'; DROP TABLE posts; --"],
    ...[0, -1, 0.5, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, true, false, null, [], {}, [null], [[[]]]],
    JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":1}}}'),
  ),
  fc.tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 1500 })).map(([s, n]) => s.repeat(n)),
)

// defineProperty, because assigning "__proto__" would set the prototype instead of sending the key.
const withKeys = (base: Record<string, unknown>, pairs: [string, unknown][]) =>
  pairs.reduce((out, [key, value]) => Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true }), { ...base })

/** A valid body as it is, or with a few fields dropped, replaced by hostile values, or added. */
function nearValid(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base)
  const key = keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 })
  const extraKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '_id', 'id', 'admin'))
  const mutated = fc
    .record({
      drop: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      set: fc.array(fc.tuple(key, hostileValue), { minLength: 1, maxLength: 2 }),
      extra: fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 1 }),
    })
    .map(({ drop, set, extra }) => withKeys(Object.fromEntries(Object.entries(base).filter(([k]) => !drop.includes(k))), [...extra, ...set]))
  return fc.oneof({ weight: 2, arbitrary: fc.constant(base) }, { weight: 5, arbitrary: mutated })
}

/** Text that is not quite JSON: empty, truncated, JavaScript-ish, form-encoded, binary. */
function oddText(field: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('', ' ', '\n\t \r\n', '{', '{"a":', '[1,2', 'null', 'true', '"x"', '1e999', '{"a":1}{"b":2}', '{"a":1,}', "{'a':1}", 'NaN', '\u0000', '\ufeff', '\ufeff{}', '[]'.repeat(1000)),
    fc.array(fc.tuple(field, fc.string()), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString()),
    fc.string({ unit: 'binary', maxLength: 200 }),
  )
}

type Fields<K extends BodySpec['kind']> = Omit<Extract<BodySpec, { kind: K }>, 'kind'>
/** One kind of body; the field arbitraries are checked against BodySpec. */
function record<K extends BodySpec['kind']>(kind: K, fields: { [F in keyof Fields<K>]: fc.Arbitrary<Fields<K>[F]> }): fc.Arbitrary<BodySpec> {
  const all: Record<string, fc.Arbitrary<unknown>> = { ...fields, kind: fc.constant(kind) }
  return fc.record(all) as fc.Arbitrary<unknown> as fc.Arbitrary<BodySpec>
}

/** Every kind of body: near-valid JSON, any JSON, wrong types, huge, deep, odd encodings, forms, uploads. */
export function bodyArb(base: Record<string, unknown> | null, options: { upload?: boolean } = {}): fc.Arbitrary<BodySpec> {
  const fields = Object.keys(base ?? {})
  const field = fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 8 })
  const valid = nearValid(base ?? {})
  const wrongTypes = fc.array(fc.tuple(field, hostileValue), { maxLength: 6 }).map((pairs) => withKeys({}, pairs))
  // At and around each limit, and anywhere up to a little past the largest.
  const size = fc.oneof(fc.constantFrom(...LIMITS.flatMap((n) => [n - 1, n, n + 1])), fc.integer({ min: 1, max: LIMITS.at(-1)! + 64 * KIB }))
  return fc.oneof(
    { weight: 8, arbitrary: record('json', { value: valid, type: jsonType }) },
    { weight: 3, arbitrary: record('json', { value: fc.jsonValue({ maxDepth: 4, stringUnit: 'grapheme' }), type: anyType }) },
    { weight: 2, arbitrary: record('json', { value: wrongTypes, type: jsonType }) },
    { weight: 2, arbitrary: record('json', { value: valid, type: anyType }) },
    { weight: 2, arbitrary: record('huge', { field: fc.option(field), chunk: fc.oneof(fc.constant('x'), fc.string({ unit: 'binary', minLength: 1, maxLength: 8 })), bytes: size, streamed: fc.boolean(), type: jsonType }) },
    { weight: 2, arbitrary: record('deep', { depth: fc.integer({ min: 1000, max: 150_000 }), shape: fc.constantFrom('array', 'object'), field: fc.option(field), type: jsonType }) },
    { weight: 2, arbitrary: record('encoded', { encoding: fc.constantFrom('utf-16le', 'utf-16be', 'utf-8-bom', 'invalid-utf-8', 'nul-bytes'), value: valid, at: fc.nat(), type: anyType }) },
    { weight: 2, arbitrary: record('text', { text: oddText(field), type: anyType }) },
    { weight: 1, arbitrary: record('multipart', { fields: fc.array(fc.tuple(field, fc.string()), { maxLength: 4 }) }) },
    {
      weight: options.upload ? 12 : 1,
      arbitrary: record('upload', {
        magic: fc.constantFrom('pdf', 'png', 'gif', 'none'),
        size: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 0, max: 64 * KIB }) }, fc.constantFrom(UPLOAD_LIMIT, UPLOAD_LIMIT + 1)),
        type: fc.constantFrom('application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml', null),
      }),
    },
  )
}

const encoder = new TextEncoder()
const INVALID_UTF8 = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]
const MAGIC = { pdf: encoder.encode('%PDF-1.7\n'), png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), gif: encoder.encode('GIF89a'), none: new Uint8Array() }
const wrap = (field: string | null, json: string) => (field === null ? json : `{${JSON.stringify(field)}:${json}}`)

/** The bytes (or a stream of them, sent chunked with no Content-Length) and the Content-Type. */
function materialise(spec: BodySpec): { body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>; type: ContentType } {
  switch (spec.kind) {
    case 'json':
      return { body: encoder.encode(JSON.stringify(spec.value) ?? ''), type: spec.type }
    case 'text':
      return { body: encoder.encode(spec.text), type: spec.type }
    case 'huge': {
      // Sized so that with an ASCII chunk the whole body is exactly `bytes` long.
      const length = Math.max(0, spec.bytes - wrap(spec.field, '""').length)
      const bytes = encoder.encode(wrap(spec.field, JSON.stringify(spec.chunk.repeat(Math.ceil(length / spec.chunk.length)).slice(0, length))))
      return { body: spec.streamed ? streamOf(bytes) : bytes, type: spec.type }
    }
    case 'deep': {
      const [open, close] = spec.shape === 'array' ? ['[', ']'] : ['{"a":', '}']
      return { body: encoder.encode(wrap(spec.field, open.repeat(spec.depth) + '0' + close.repeat(spec.depth))), type: spec.type }
    }
    case 'encoded':
      return { body: encode(JSON.stringify(spec.value) ?? 'null', spec.encoding, spec.at), type: spec.type }
    case 'multipart': {
      const parts = spec.fields.map(([name, value]) => `--fuzz\r\nContent-Disposition: form-data; name=${JSON.stringify(name)}\r\n\r\n${value}\r\n`)
      return { body: encoder.encode(parts.join('') + '--fuzz--\r\n'), type: 'multipart/form-data; boundary=fuzz' }
    }
    case 'upload': {
      const bytes = new Uint8Array(Math.max(spec.size, MAGIC[spec.magic].length))
      for (let i = 0, x = spec.size; i < bytes.length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24
      bytes.set(MAGIC[spec.magic])
      return { body: bytes, type: spec.type }
    }
  }
}

function encode(json: string, encoding: Encoding, at: number): Uint8Array<ArrayBuffer> {
  const utf8 = encoder.encode(json)
  const splice = (insert: number[]) => new Uint8Array([...utf8.subarray(0, at % (utf8.length + 1)), ...insert, ...utf8.subarray(at % (utf8.length + 1))])
  const utf16 = () => Buffer.from('\ufeff' + json, 'utf16le')
  switch (encoding) {
    case 'utf-16le':
      return new Uint8Array(utf16())
    case 'utf-16be':
      return new Uint8Array(utf16().swap16())
    case 'utf-8-bom':
      return new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])
    case 'invalid-utf-8':
      return splice(INVALID_UTF8[at % INVALID_UTF8.length]!)
    case 'nul-bytes':
      return splice([0, 0])
  }
}

function streamOf(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(offset, (offset += 64 * KIB)))
    },
  })
}

export type Answer = { status: number; headers: Headers; text: string }

/** Sends a request; an event stream, which never ends, is read up to its first chunk. */
export async function send(url: string, method: string, headers: Record<string, string>, spec: BodySpec | null): Promise<Answer> {
  const { body, type } = spec ? materialise(spec) : { body: undefined, type: null }
  const res = await fetch(url, { method, headers: type === null ? headers : { ...headers, 'content-type': type }, body, redirect: 'manual', signal: AbortSignal.timeout(5_000) })
  if (res.body && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = res.body.getReader()
    const first = await reader.read()
    await reader.cancel()
    return { status: res.status, headers: res.headers, text: new TextDecoder().decode(first.value) }
  }
  return { status: res.status, headers: res.headers, text: new TextDecoder().decode(await res.arrayBuffer()) }
}

const RAW_ESCAPES = ['%', '%%', '%zz', '%ff', '%c3%28', '%00', '%ed%a0%80', '%f4%90%80%80', '%25', '%2F', '%5C', '..', '.', '%2e%2e', '+', '%20']

/** A query string: known keys and arbitrary ones, odd values, broken escapes, repeated keys. */
export function queryArb(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...keys, 'limit', 'page', 'search') },
    fc.string({ unit: 'binary', maxLength: 10 }),
    fc.constantFrom('__proto__', 'constructor', 'x[]', 'a[b]', 'toString', 'hasOwnProperty', ''),
  )
  const value = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('', ' ', '0', '-1', '1.5', '1e3', '1e309', 'NaN', 'Infinity', '0x10', ' 5 ', 'null', 'undefined', 'true', 'false', '1', '100', '101'),
    fc.constantFrom('2026-02-30', '2026-01-01', '9999-12-31', '0000-00-00', '100001', '3661', '2026-1-1', 'a@example.com', 'A@EXAMPLE.COM'),
    fc.integer().map(String),
    fc.integer({ min: 1, max: 4000 }).map((n) => 'q'.repeat(n)),
    { weight: 2, arbitrary: edgeText },
  )
  // The route's own keys with the extremes, so each declared field meets every edge in a short run.
  const declared = keys.length ? fc.tuple(fc.constantFrom(...keys), edgeText) : fc.tuple(key, value)
  // A range whose two ends are each an extreme, in order (out of order is refused before any loop).
  const end = fc.oneof(edgeDate, edgeDateConstant, fc.constantFrom('9999-12-31', '0001-01-01'))
  const range = fc.tuple(end, end).map(([a, b]) => (a <= b ? [a, b] : [b, a]))
  const ranged = keys.includes('from') && keys.includes('to')
  const part = fc.oneof(
    { weight: ranged ? 3 : 0, arbitrary: range.map(([from, to]) => `from=${encodeLoose(from!)}&to=${encodeLoose(to!)}`) },
    { weight: 4, arbitrary: fc.tuple(key, value).map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`) },
    { weight: 4, arbitrary: declared.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`) },
    fc.constantFrom(...RAW_ESCAPES, '&', '&&', '=', '==', 'x==y', 'limit=1&limit=1000', '__proto__[admin]=1', 'a[0]=1&a[1]=2'),
  )
  return fc.array(part, { maxLength: 6 }).map((parts) => (parts.length ? '?' + parts.join('&') : ''))
}

/** A path segment: a real id most often, else anything encoded, broken escapes, dot segments, long. */
export function segmentArb(real: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: real.length ? 4 : 0, arbitrary: fc.constantFrom('x', ...real.map(encodeURIComponent)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_ESCAPES, '..%2F..%2Ffolio.db', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '__proto__', 'constructor', 'null', '0', '-1', '1e309', '') },
    { weight: 1, arbitrary: fc.integer({ min: 256, max: 6000 }).map((n) => 'a'.repeat(n)) },
  )
}

export const pathSuffix = fc.oneof({ weight: 8, arbitrary: fc.constant('') }, fc.constantFrom('/', '//', '/extra', '/%2e%2e', '/..', '/.%00'))

/** A real path spelt differently: one letter percent-encoded or upper-cased, a slash doubled or encoded. */
export const respelt = (paths: string[]) =>
  fc.tuple(fc.constantFrom(...paths), fc.nat(), fc.constantFrom('encode', 'upper', 'double', 'slash')).map(([path, n, how]) => {
    const i = 1 + (n % (path.length - 1))
    const c = path[i]!
    const spelt = how === 'encode' ? `%${c.charCodeAt(0).toString(16)}` : how === 'upper' ? c.toUpperCase() : c === '/' ? (how === 'double' ? '//' : '%2F') : c
    return path.slice(0, i) + spelt + path.slice(i + 1)
  })

/** Headers a client may get wrong; `tokens` are real demo tokens for Authorization. */
export const headerArb = (tokens: string[]) =>
  fc.record({
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', ''),
    // Stored with each contact message (cut to a maximum): long ones too.
    userAgent: fc.oneof(fc.string({ maxLength: 60 }), fc.integer({ min: 500, max: 8000 }).map((n) => 'U'.repeat(n))),
    // Put before the fresh right-most hop each request gets (so rate limits do not mask validation).
    forwardedNoise: fc.constantFrom('', 'unknown, ', '10.0.0.1, 10.0.0.2, ', ' , , ', '::1, '),
    lastEventId: fc.option(fc.oneof(fc.constantFrom('0', '-1', '999999999999999', '1e3', ' 1 ', '9'.repeat(40)), fc.string({ maxLength: 20 }))),
    authorization: fc.option(fc.oneof(fc.constantFrom('Bearer', 'Bearer x y', 'Basic YTpi', ...tokens.map((t) => `Bearer ${t}`)), fc.string({ maxLength: 30 }).map((t) => `Bearer ${t}`))),
  })

/**
 * A digest of every table's content and of the schema itself. Rows are sorted by their text, so
 * tables without a rowid (FTS5's shadow tables) count too; virtual tables are read through the
 * shadow tables that store them.
 */
export function digest(sqlite: Database, excluded: ReadonlySet<string>): string {
  const hasher = new Bun.CryptoHasher('sha256')
  for (const { name, sql } of sqlite.query("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string; sql: string }[]) {
    hasher.update(`${name}\n${sql}\n`)
    if (excluded.has(name) || /^CREATE VIRTUAL TABLE/i.test(sql)) continue
    const rows = sqlite.query(`SELECT * FROM "${name}"`).values().map((row) => JSON.stringify(row, (_, v: unknown) => (v instanceof Uint8Array ? [...v] : v)))
    for (const row of rows.sort()) hasher.update(row + '\n')
  }
  return hasher.digest('hex')
}

/**
 * The digest of the server's database, recomputed only when SQLite says something may have
 * changed: rows written through this connection (total_changes, which rolled-back writes move
 * too), the schema (schema_version) or a commit by any other connection (data_version). NOTE: a
 * digest costs 4 ms and each request needs one before and after; the counters cost microseconds,
 * and content cannot change while all three stand still. FUZZ_FULL_DIGEST=1 digests every time.
 */
export function databaseWatch(sqlite: Database, excluded: ReadonlySet<string>): () => string {
  let mark = ''
  let hash = ''
  return () => {
    const now = JSON.stringify(['SELECT total_changes()', 'PRAGMA schema_version', 'PRAGMA data_version'].map((q) => sqlite.query(q).values()))
    if (now !== mark || process.env.FUZZ_FULL_DIGEST) [mark, hash] = [now, digest(sqlite, excluded)]
    return hash
  }
}
