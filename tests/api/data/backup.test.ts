// `folio backup <file>` is an online snapshot: taken while a server writes, it is intact and holds
// every write acknowledged before it began, plus the uploaded files.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrations } from '#db/migrations/index'
import { PNG, unpackBackup } from '#tests/support/data/backup-archive'
import { runFolio } from '#tests/support/server/cli'
import { contact, sendContact, UNCAPPED } from '#tests/support/data/contact'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
beforeAll(async () => {
  // The writers send as fast as they can, far past the global cap on contact messages.
  s = await startTestServer({ env: { SEED: 'demo', TRUST_PROXY: '1' }, config: UNCAPPED })
})
afterAll(() => s.close())

test('a backup taken during a stream of writes is intact and holds every acknowledged write', async () => {
  const cookie = await s.login()
  const upload = await s.request('POST', '/api/admin/uploads', { raw: PNG, headers: { 'content-type': 'image/png' }, cookie })
  expect(upload.status).toBe(201)

  const acked: { marker: string; at: number }[] = []
  let writing = true
  const writer = async () => {
    while (writing) {
      const { marker, payload } = contact()
      const res = await sendContact(s, payload)
      expect(res.status).toBe(200)
      acked.push({ marker, at: performance.now() })
    }
  }
  const writers = [writer(), writer(), writer(), writer()]
  while (acked.length < 20) await Bun.sleep(10)

  const file = join(mkdtempSync(join(tmpdir(), 'folio-backup-')), 'snapshot.tar.gz')
  const began = performance.now()
  const before = acked.filter((a) => a.at < began).map((a) => a.marker)
  const result = await runFolio(['backup', file], { env: { DATA_DIR: s.dataDir } })
  const ended = performance.now()
  writing = false
  await Promise.all(writers)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('1 uploaded file(s)')
  // Writes went on while the backup ran: it was taken online, not in a quiet moment.
  expect(acked.filter((a) => a.at > began && a.at < ended).length).toBeGreaterThan(0)

  const { dir, db, integrity, manifest } = await unpackBackup(file)
  expect(integrity).toEqual(['ok'])
  const stored = new Set((db.query('SELECT email FROM contact_messages').all() as { email: string }[]).map((r) => r.email.split('@')[0]))
  for (const marker of before) expect(stored).toContain(marker)
  expect(manifest).toMatchObject({ format: 'folio-backup', formatVersion: 1, migrations: migrations.map((m) => m.id), uploads: 1 })
  const image = (upload.body as { url: string }).url.replace(/^\//, '')
  expect(new Uint8Array(readFileSync(join(dir, image)))).toEqual(PNG)
  db.close()
}, 60_000)

test('refuses to overwrite an existing file', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'folio-backup-')), 'taken.tar.gz')
  await Bun.write(file, 'precious')
  const result = await runFolio(['backup', file], { env: { DATA_DIR: s.dataDir } })
  expect(result.code).toBe(1)
  expect(result.stderr).toContain('already exists')
  expect(await Bun.file(file).text()).toBe('precious')
})

test('says so when the data directory has no database', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'folio-empty-'))
  const file = join(empty, 'never.tar.gz')
  const result = await runFolio(['backup', file], { env: { DATA_DIR: empty } })
  expect(result.code).toBe(1)
  expect(result.stderr).toContain('no database')
  expect(existsSync(file)).toBe(false)
})
