// Issue 32, finding 9c: at most two upload or import bodies in flight at once (each is read whole
// into memory); a third is answered 429 with Retry-After from its headers, its body never kept.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { drawPng } from '#tests/support/data/images'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
let png: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  s = await startTestServer()
  cookie = await s.login()
  png = await drawPng(40, 30)
})
afterAll(() => s.close())

/** A body sent in two halves, the second only when `finish` is called (or dropped by `abort`). */
function slowUpload(path: string, type: string, bytes: Uint8Array) {
  let finish!: () => void
  const held = new Promise<void>((resolve) => (finish = resolve))
  const controller = new AbortController()
  const half = bytes.length >> 1
  const body = new ReadableStream<Uint8Array>({
    async start(stream) {
      stream.enqueue(bytes.slice(0, half))
      await held
      stream.enqueue(bytes.slice(half))
      stream.close()
    },
  })
  const answer = fetch(s.url + path, { method: 'POST', body, headers: { 'content-type': type, cookie }, signal: controller.signal }).then(
    async (res) => ({ status: res.status, body: await res.json() }),
    () => ({ status: 0, body: null }),
  )
  return { finish, abort: () => controller.abort(), answer }
}

const upload = () => s.request('POST', '/api/admin/uploads', { raw: png, headers: { 'content-type': 'image/png' }, cookie })

/** Uploads until one is refused: the slow ones' headers have then arrived and hold both slots. */
async function untilRefused() {
  const deadline = Date.now() + 10_000
  for (;;) {
    const res = await upload()
    if (res.status === 429 || Date.now() > deadline) return res
    await Bun.sleep(20)
  }
}

describe('upload and import bodies in flight', () => {
  test('a third upload while two are being sent is a 429 with Retry-After; once they finish, an upload succeeds', async () => {
    const first = slowUpload('/api/admin/uploads', 'image/png', png)
    const second = slowUpload('/api/admin/uploads', 'image/png', png)
    const third = await untilRefused()
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('5')
    expect(third.body).toEqual({ ok: false, error: 'Another upload or import is under way; try again in a few seconds.' })
    first.finish()
    second.finish()
    expect((await first.answer).status).toBe(201)
    expect((await second.answer).status).toBe(201)
    expect((await upload()).status).toBe(201)
  })

  test('a content import takes a slot too', async () => {
    const zip = slowUpload('/api/admin/content/import', 'application/zip', new Uint8Array(2048))
    const image = slowUpload('/api/admin/uploads', 'image/png', png)
    expect((await untilRefused()).status).toBe(429)
    zip.finish()
    image.finish()
    expect((await zip.answer).status).toBe(400)
    expect((await image.answer).status).toBe(201)
    expect((await upload()).status).toBe(201)
  })

  test('a slot is given back when the upload fails or its client goes away', async () => {
    for (let round = 0; round < 2; round++) {
      const gone = [slowUpload('/api/admin/uploads', 'image/png', png), slowUpload('/api/admin/uploads', 'image/png', png)]
      expect((await untilRefused()).status).toBe(429)
      for (const g of gone) g.abort()
      await Promise.all(gone.map((g) => g.answer))
      const deadline = Date.now() + 5_000
      let after = await upload()
      while (after.status === 429 && Date.now() < deadline) after = await upload()
      expect(after.status).toBe(201)
    }
    // Refused ones (a 400, a 415, a 413) hold nothing either.
    for (let i = 0; i < 3; i++) {
      expect((await s.request('POST', '/api/admin/uploads', { raw: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'image/png' }, cookie })).status).toBe(400)
      expect((await s.request('POST', '/api/admin/uploads', { raw: png, headers: { 'content-type': 'text/plain' }, cookie })).status).toBe(415)
    }
    expect((await upload()).status).toBe(201)
  })

  test('signed out, an upload is a 401 and takes no slot; other routes are never counted', async () => {
    const held = [slowUpload('/api/admin/uploads', 'image/png', png), slowUpload('/api/admin/uploads/', 'image/png', png)]
    expect((await untilRefused()).status).toBe(429)
    expect((await s.request('POST', '/api/admin/uploads', { raw: png, headers: { 'content-type': 'image/png' } })).status).toBe(401)
    expect((await s.get('/api/projects')).status).toBe(200)
    expect((await s.request('PUT', '/api/admin/settings', { body: {}, cookie })).status).not.toBe(429)
    for (const h of held) h.finish()
    expect((await Promise.all(held.map((h) => h.answer))).map((a) => a.status)).toEqual([201, 201])
  })
})
