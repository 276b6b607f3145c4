// `folio restore <file>`: round trips, keeps the data it replaces, and refuses what would lose data.
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { projectInput } from '#tests/support/data/factories'
import { PNG, writeArchive } from '#tests/support/data/backup-archive'
import { runFolio } from '#tests/support/server/cli'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const scratch = () => mkdtempSync(join(tmpdir(), 'folio-restore-'))
const titles = async (s: TestServer) => ((await s.get('/api/projects')).body.items as { title: string }[]).map((p) => p.title)

async function withServer<T>(dataDir: string, fn: (s: TestServer) => Promise<T>): Promise<T> {
  const s = await startTestServer({ dataDir, keepData: true, env: { SEED: 'none' } })
  try {
    return await fn(s)
  } finally {
    await s.close()
  }
}

async function addProject(s: TestServer, title: string) {
  const res = await s.request('POST', '/api/admin/projects', { body: projectInput({ title }), cookie: await s.login() })
  expect(res.status).toBe(201)
}

describe('restore', () => {
  test('brings back the database and uploads of the backup, and saves what it replaced as a backup', async () => {
    const first = await startTestServer({ env: { SEED: 'demo' }, keepData: true })
    const dataDir = first.dataDir
    await addProject(first, 'Made before the backup')
    const png = await first.request('POST', '/api/admin/uploads', { raw: PNG, headers: { 'content-type': 'image/png' }, cookie: await first.login() })
    const before = await titles(first)
    await first.close()

    const file = join(scratch(), 'before.tar.gz')
    expect((await runFolio(['backup', file], { env: { DATA_DIR: dataDir } })).code).toBe(0)

    const changed = await withServer(dataDir, async (s) => {
      const cookie = await s.login()
      const victim = before.find((t) => t !== 'Made before the backup')!
      const slug = ((await s.get('/api/projects')).body.items as { slug: string; title: string }[]).find((p) => p.title === victim)!.slug
      expect((await s.request('DELETE', `/api/admin/projects/${slug}`, { cookie })).status).toBe(200)
      await addProject(s, 'Made after the backup')
      return titles(s)
    })
    expect(changed).toContain('Made after the backup')

    const restored = await runFolio(['restore', file], { env: { DATA_DIR: dataDir } })
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    const savedAs = /saved as backups\/(\S+)/.exec(restored.stdout)![1]!
    expect(savedAs).toEndWith('-pre-restore.tar.gz')

    await withServer(dataDir, async (s) => {
      expect(await titles(s)).toEqual(before)
      const image = await s.get((png.body as { url: string }).url)
      expect(image.status).toBe(200)
    })
    expect(new Uint8Array(readFileSync(join(dataDir, (png.body as { url: string }).url)))).toEqual(PNG)

    // The data it replaced is one more restore away.
    expect((await runFolio(['restore', join(dataDir, 'backups', savedAs)], { env: { DATA_DIR: dataDir } })).code).toBe(0)
    await withServer(dataDir, async (s) => expect(await titles(s)).toEqual(changed))
  }, 60_000)

  test('refuses while a server holds the data directory, and changes nothing', async () => {
    const s = await startTestServer({ env: { SEED: 'demo' } })
    try {
      const file = join(scratch(), 'any.tar.gz')
      expect((await runFolio(['backup', file], { env: { DATA_DIR: s.dataDir } })).code).toBe(0)
      await addProject(s, 'Still here')
      const result = await runFolio(['restore', file], { env: { DATA_DIR: s.dataDir } })
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('in use by a running folio')
      expect(await titles(s)).toContain('Still here')
    } finally {
      await s.close()
    }
  })

  const future = async (file: string) => {
    const dir = scratch()
    const db = new Database(join(dir, 'folio.db'), { create: true })
    db.run('CREATE TABLE __folio_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)')
    db.run("INSERT INTO __folio_migrations VALUES ('0000_init', 'x'), ('9999_from_the_future', 'y')")
    db.close()
    const manifest = { format: 'folio-backup', formatVersion: 1, folioVersion: '99.0.0', createdAt: new Date().toISOString(), migrations: ['0000_init', '9999_from_the_future'], uploads: 0 }
    await writeArchive(file, { 'manifest.json': JSON.stringify(manifest), 'folio.db': readFileSync(join(dir, 'folio.db')) })
  }
  const manifestOnly = { format: 'folio-backup', formatVersion: 1, folioVersion: '0.1.0', createdAt: '2026-01-01T00:00:00.000Z', migrations: [], uploads: 0 }

  test.each([
    ['a file that is not an archive', (f: string) => Bun.write(f, 'just some text'), 'not a folio backup'],
    ['an archive without a manifest', (f: string) => writeArchive(f, { 'notes.txt': 'hello' }), 'not a folio backup'],
    ['an archive with a damaged database', (f: string) => writeArchive(f, { 'manifest.json': JSON.stringify(manifestOnly), 'folio.db': 'SQLite format 3\0 but then garbage'.repeat(40) }), 'damaged'],
    ['a backup made by a newer folio', future, 'newer folio'],
    ['a file that does not exist', async () => undefined, 'no such file'],
  ])('refuses %s and leaves the data as it was', async (_, make, reason) => {
    const first = await startTestServer({ env: { SEED: 'demo' }, keepData: true })
    const before = await titles(first)
    await first.close()
    const file = join(scratch(), 'bad.tar.gz')
    await make(file)
    const result = await runFolio(['restore', file], { env: { DATA_DIR: first.dataDir } })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(reason)
    expect(readdirSync(first.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([])
    expect(existsSync(join(first.dataDir, 'backups'))).toBe(false)
    await withServer(first.dataDir, async (s) => expect(await titles(s)).toEqual(before))
  })
})
