// Resume tokens at rest (docs/decisions/security/008): neither the database files nor a backup hold a token
// or a way to recover it; links of the plain-text schema keep working after the upgrade, and a
// server without the key still honours them while listing them as not recoverable.
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DB_FILE, openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { migrations } from '#db/migrations/index'
import { HOUR, manualClock } from '#src/lib/clock'
import { newToken } from '#src/lib/tokens'
import { StartupError } from '#src/server'
import { unpackBackup } from '#tests/support/data/backup-archive'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const fixtureDir = mkdtempSync(join(tmpdir(), 'folio-resume-rest-'))
const resumeFile = join(fixtureDir, 'resume.pdf')
await Bun.write(resumeFile, '%PDF-1.4\n% at rest\n%%EOF\n')
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }))

const KEY_FILE = ['keys', 'resume-links.key']
const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
const start = (dataDir?: string) => startTestServer({ clock, dataDir, keepData: true, env: { RESUME_FILE: resumeFile } })

/** Every byte SQLite keeps for the data directory: the database file and its write-ahead log. */
const storedBytes = (dataDir: string) =>
  Buffer.concat([DB_FILE, `${DB_FILE}-wal`].map((f) => join(dataDir, f)).filter(existsSync).map((f) => readFileSync(f)))

async function sign(s: TestServer, cookie: string) {
  const res = await s.request('POST', '/api/admin/resume/sign-url', { cookie })
  expect(res.status).toBe(201)
  return (res.body.url as string).slice('/resume/'.length)
}
const list = async (s: TestServer, cookie: string) => (await s.get('/api/admin/resume/links', { cookie })).body.items as { token: string; relativeUrl: string; createdAt: string }[]
const download = (s: TestServer, token: string) => s.request('POST', `/api/resume/${token}`)

/** A data directory at the schema before migration 0004, holding one link the old way. */
function oldDataDir(token: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-resume-old-'))
  const conn = openDatabase(dir)
  migrate(conn.sqlite, migrations.slice(0, migrations.findIndex((m) => m.id === '0003_insight') + 1))
  const at = clock.now()
  conn.sqlite
    .query('INSERT INTO resume_links (token, created_at, expires_at) VALUES (?, ?, ?)')
    .run(token, at.toISOString(), new Date(at.getTime() + 24 * HOUR).toISOString())
  conn.close()
  expect(storedBytes(dir).includes(token)).toBe(true)
  return dir
}

describe('resume tokens at rest', () => {
  test('a signed link is in neither the database files nor a backup, and still works', async () => {
    const s = await start()
    try {
      const cookie = await s.login()
      const token = await sign(s, cookie)
      expect(storedBytes(s.dataDir).includes(token)).toBe(false)

      const backup = await s.request('POST', '/api/admin/backups', { cookie })
      expect(backup.status).toBe(201)
      const archive = join(s.dataDir, 'backups', backup.body.name)
      const tar = Buffer.from(Bun.gunzipSync(await Bun.file(archive).bytes()))
      expect(tar.includes(token)).toBe(false)
      const keyFile = join(s.dataDir, ...KEY_FILE)
      expect(statSync(keyFile).mode & 0o777).toBe(0o600)
      const key = readFileSync(keyFile)
      expect(key.length).toBe(32)
      expect(tar.includes(key)).toBe(false)
      const unpacked = await unpackBackup(archive)
      unpacked.db.close()
      expect(existsSync(join(unpacked.dir, 'keys'))).toBe(false)

      expect(await list(s, cookie)).toEqual([expect.objectContaining({ token, relativeUrl: `/resume/${token}` })])
      expect((await s.get(`/api/resume/${token}`)).body.status).toBe('valid')
      expect((await download(s, token)).status).toBe(200)
      expect((await download(s, token)).status).toBe(410)
    } finally {
      await s.close()
      rmSync(s.dataDir, { recursive: true, force: true })
    }
  })

  test('a link stored in plain text before the upgrade works after it, and no plain token remains', async () => {
    const token = newToken()
    const dir = oldDataDir(token)
    try {
      const s = await start(dir)
      const cookie = await s.login()
      expect(storedBytes(dir).includes(token)).toBe(false)
      expect(await list(s, cookie)).toEqual([expect.objectContaining({ token, relativeUrl: `/resume/${token}` })])
      expect((await s.get(`/api/resume/${token}`)).body.status).toBe('valid')
      await s.close()
      expect(storedBytes(dir).includes(token)).toBe(false)
      const db = new Database(join(dir, DB_FILE), { readonly: true })
      const tables = db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'resume_links%'").all()
      const columns = (db.query('PRAGMA table_info(resume_links)').all() as { name: string }[]).map((c) => c.name)
      db.close()
      expect(tables).toEqual([{ name: 'resume_links' }])
      expect(columns).not.toContain('token')

      // A second start finds nothing left to convert and the link as it was.
      const again = await start(dir)
      expect((await download(again, token)).status).toBe(200)
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('without the key file (a restore elsewhere) old links still work but are listed as not recoverable', async () => {
    const first = await start()
    const dir = first.dataDir
    try {
      const old = await sign(first, await first.login())
      const oldKey = readFileSync(join(dir, ...KEY_FILE))
      await first.close()
      rmSync(join(dir, ...KEY_FILE))

      clock.advance(1000)
      const s = await start(dir)
      const cookie = await s.login()
      expect((await s.get(`/api/resume/${old}`)).body.status).toBe('valid')
      const fresh = await sign(s, cookie)
      expect(readFileSync(join(dir, ...KEY_FILE)).equals(oldKey)).toBe(false)
      const items = await list(s, cookie)
      expect(items.map((l) => [l.token, l.relativeUrl])).toEqual([
        [fresh, `/resume/${fresh}`],
        ['', ''],
      ])
      expect((await download(s, old)).status).toBe(200)
      await s.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

test('a key file that is not a key stops the start with one line instead of being replaced', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-resume-badkey-'))
  try {
    mkdirSync(join(dir, 'keys'))
    writeFileSync(join(dir, ...KEY_FILE), 'not a key')
    const failed = await start(dir).then(
      (s) => s.close().then(() => null),
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(StartupError)
    expect((failed as Error).message).toContain('resume-links.key is not a 32-byte key')
    expect(readFileSync(join(dir, ...KEY_FILE), 'utf8')).toBe('not a key')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
