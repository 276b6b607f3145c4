// The backups room over HTTP: the admin boundary, Back up now, listing, downloading an archive
// that restores the data, names that must not reach outside the backups folder, rotation, and
// the schedule (on with a short interval, off with 0).
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BackupInfo, BackupList } from '#src/contract/backup'
import { projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const LIST = '/api/admin/backups'
// A 1×1 transparent PNG (the upload route sniffs the bytes).
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

const list = async (s: TestServer, cookie: string) => {
  const res = await s.get<BackupList>(LIST, { cookie })
  expect(res.status).toBe(200)
  return res.body
}
const backUp = async (s: TestServer, cookie: string) => {
  const res = await s.request<BackupInfo>('POST', LIST, { cookie })
  expect(res.status).toBe(201)
  return res.body
}
const filesIn = (s: TestServer) => readdirSync(join(s.dataDir, 'backups')).sort()
const download = (s: TestServer, name: string, cookie: string | null) => fetch(`${s.url}${LIST}/${name}`, { headers: cookie ? { cookie } : {} })

describe('backups with the default settings', () => {
  let s: TestServer
  let cookie: string
  let scratch: string
  beforeAll(async () => {
    s = await startTestServer()
    cookie = await s.login()
    scratch = mkdtempSync(join(tmpdir(), 'folio-backup-test-'))
  })
  afterAll(async () => {
    await s.close()
    rmSync(scratch, { recursive: true, force: true })
  })

  test('every backups route answers 401 without a session, and no backup is written', async () => {
    const made = await backUp(s, cookie)
    const before = filesIn(s)
    expect((await s.get(LIST)).status).toBe(401)
    expect((await s.request('POST', LIST)).status).toBe(401)
    const file = await download(s, made.name, null)
    expect(file.status).toBe(401)
    expect(file.headers.get('content-type')).not.toBe('application/gzip')
    expect(filesIn(s)).toEqual(before)
  })

  test('Back up now writes a manual backup that the list shows first, with the schedule', async () => {
    const made = await backUp(s, cookie)
    expect(made.name).toMatch(/^folio-\d{8}T\d{9}Z-manual\.tar\.gz$/)
    expect(made.kind).toBe('manual')
    expect(made.size).toBeGreaterThan(0)
    const body = await list(s, cookie)
    expect(body.items[0]).toEqual(made)
    expect([body.intervalHours, body.keep]).toEqual([24, 7])
    // The first scheduled backup is one interval after start.
    const next = Date.parse(body.nextAt!)
    expect(next).toBeGreaterThan(Date.now() + 23 * 3_600_000)
    expect(next).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000)
    expect(filesIn(s)).toContain(made.name)
  })

  test('a downloaded backup is a gzip attachment whose database passes the integrity check and holds the rows and uploads', async () => {
    const title = 'A project that must survive in the backup'
    expect((await s.request('POST', '/api/admin/projects', { cookie, body: projectInput({ title }) })).status).toBe(201)
    const image = await s.request('POST', '/api/admin/uploads', { cookie, raw: PNG, headers: { 'content-type': 'image/png' } })
    expect(image.status).toBe(201)
    const made = await backUp(s, cookie)

    const res = await download(s, made.name, cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${made.name}"`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(bytes.byteLength).toBe(made.size)
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b])

    const dir = join(scratch, 'extracted')
    await new Bun.Archive(bytes).extract(dir)
    const manifest = await Bun.file(join(dir, 'manifest.json')).json()
    expect(manifest).toMatchObject({ format: 'folio-backup', createdAt: made.createdAt, uploads: 1 })
    const db = new Database(join(dir, 'folio.db'), { readonly: true })
    try {
      expect(db.query('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }])
      expect(db.query('SELECT title FROM projects WHERE title = ?').all(title)).toEqual([{ title }])
    } finally {
      db.close()
    }
    const uploaded = (image.body.url as string).replace(/^\//, '')
    expect(new Uint8Array(await Bun.file(join(dir, uploaded)).arrayBuffer())).toEqual(PNG)
  })

  test.each([
    ['a parent path', '../folio.db'],
    ['an encoded parent path', '%2e%2e%2ffolio.db'],
    ['an encoded parent path with a backup-like tail', '..%2F..%2Ffolio.db'],
    ['the database file name', 'folio.db'],
    ['a well-formed name of no backup', 'folio-20200101T000000000Z-manual.tar.gz'],
    ['a partial archive name', 'folio-20200101T000000000Z-manual.tar.gz.partial'],
  ])('answers 404 to %s without sending any file', async (_, name) => {
    await backUp(s, cookie)
    const res = await download(s, name, cookie)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toStartWith('application/json')
    expect(res.headers.get('content-disposition')).toBeNull()
    const text = await res.text()
    expect(text).not.toContain('SQLite format')
    expect(JSON.parse(text).ok).toBe(false)
  })

  test('refuses Back up now from another origin with 403 and writes nothing', async () => {
    const before = filesIn(s)
    const res = await s.request('POST', LIST, { cookie, headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(filesIn(s)).toEqual(before)
  })
})

describe('rotation, and the schedule turned off', () => {
  let s: TestServer
  let cookie: string
  beforeAll(async () => {
    s = await startTestServer({ env: { BACKUP_KEEP: '2', BACKUP_INTERVAL_HOURS: '0' } })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  test('keeps only the newest BACKUP_KEEP backups', async () => {
    const made: BackupInfo[] = []
    for (let i = 0; i < 3; i++) made.push(await backUp(s, cookie))
    const newest = made.slice(1).reverse()
    expect((await list(s, cookie)).items.map((b) => b.name)).toEqual(newest.map((b) => b.name))
    expect(filesIn(s)).toEqual(newest.map((b) => b.name).sort())
    expect((await download(s, made[0]!.name, cookie)).status).toBe(404)
  })

  test('reports no next backup when BACKUP_INTERVAL_HOURS is 0', async () => {
    const body = await list(s, cookie)
    expect([body.intervalHours, body.keep, body.nextAt]).toEqual([0, 2, null])
  })
})

describe('scheduled backups', () => {
  let s: TestServer
  let cookie: string
  beforeAll(async () => {
    // 0.0003 hours is about a second.
    s = await startTestServer({ env: { BACKUP_INTERVAL_HOURS: '0.0003' } })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  test(
    'writes a scheduled backup once the interval has passed',
    async () => {
      const until = Date.now() + 15_000
      let body = await list(s, cookie)
      expect(body.intervalHours).toBe(0.0003)
      expect(body.nextAt).not.toBeNull()
      while (!body.items.some((b) => b.kind === 'scheduled') && Date.now() < until) {
        await Bun.sleep(200)
        body = await list(s, cookie)
      }
      const scheduled = body.items.find((b) => b.kind === 'scheduled')
      expect(scheduled?.name).toMatch(/-scheduled\.tar\.gz$/)
      expect(filesIn(s)).toContain(scheduled!.name)
    },
    30_000,
  )
})
