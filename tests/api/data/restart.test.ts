import { describe, expect, test } from 'bun:test'
import { ADMIN, startTestServer } from '#tests/support/server/server'
import { migrations } from '#db/migrations/index'

describe('restarting on an existing data directory', () => {
  test('seeds sample content only into an empty database', async () => {
    const first = await startTestServer({ env: { SEED: 'demo' }, keepData: true })
    const cookie = await first.login()
    const [victim] = (await first.get('/api/projects')).body.items as { slug: string }[]
    await first.request('DELETE', `/api/admin/projects/${victim!.slug}`, { cookie })
    const count = (await first.get('/api/projects')).body.items.length
    await first.close()

    const second = await startTestServer({ env: { SEED: 'demo' }, dataDir: first.dataDir })
    expect((await second.get('/api/projects')).body.items.length).toBe(count)
    expect((await second.get(`/api/projects/${victim!.slug}`)).status).toBe(404)
    await second.close()
  })

  test('ADMIN_PASSWORD updates the existing admin at start and ends its old sessions', async () => {
    const first = await startTestServer({ keepData: true })
    const oldCookie = await first.login()
    await first.close()

    const newPassword = 'a brand new passphrase'
    const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_PASSWORD: newPassword } })
    expect((await second.get('/api/admin/me', { cookie: oldCookie })).status).toBe(401)
    expect((await second.request('POST', '/api/admin/login', { body: ADMIN })).status).toBe(401)
    const ok = await second.request('POST', '/api/admin/login', { body: { email: ADMIN.email, password: newPassword } })
    expect(ok.status).toBe(200)
    await second.close()
  })

  test('an unchanged ADMIN_PASSWORD at start keeps the admin signed in', async () => {
    const first = await startTestServer({ keepData: true })
    const cookie = await first.login()
    await first.close()

    const second = await startTestServer({ dataDir: first.dataDir })
    expect((await second.get('/api/admin/me', { cookie })).status).toBe(200)
    expect((await second.request('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200)
    await second.close()
  })

  test('migrations already applied are not applied again', async () => {
    const first = await startTestServer({ keepData: true })
    await first.close()
    const second = await startTestServer({ dataDir: first.dataDir })
    const rows = second.conn.sqlite.query('SELECT id FROM __folio_migrations').all()
    expect(rows).toHaveLength(migrations.length)
    await second.close()
  })
})

describe('server faults', () => {
  test('a fault is a 500 with {ok:false,error:"Internal error"} and no stack trace', async () => {
    const s = await startTestServer()
    // A real fault: the database goes away under the running server.
    s.conn.sqlite.close()
    const res = await s.get('/api/projects')
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ ok: false, error: 'Internal error' })
    expect(res.text).not.toMatch(/\.ts|at |SQLite/)
    await s.close().catch(() => {})
  })
})
