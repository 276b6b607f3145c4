// ADMIN_EMAIL/ADMIN_PASSWORD leave exactly one admin: another email replaces the old one (contract.md, First run).
import { expect, test } from 'bun:test'
import { ADMIN, startTestServer } from '#tests/support/server/server'

test('a start with another ADMIN_EMAIL replaces the admin and ends every session of the old one', async () => {
  const first = await startTestServer({ keepData: true })
  const oldCookie = await first.login()
  await first.close()

  const owner = { email: 'new-owner@example.com', password: 'the new owner passphrase' }
  const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password } })
  try {
    expect((await second.get('/api/admin/me', { cookie: oldCookie })).status).toBe(401)
    expect((await second.request('POST', '/api/admin/login', { body: ADMIN })).status).toBe(401)
    const signedIn = await second.request('POST', '/api/admin/login', { body: owner })
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    expect((await second.get('/api/admin/me', { cookie })).body).toEqual({ email: owner.email })
    expect(second.conn.sqlite.query('SELECT email FROM admins').all()).toEqual([{ email: owner.email }])
  } finally {
    await second.close()
  }
})

test('a start with the same ADMIN_EMAIL in another case keeps the one admin and its sessions', async () => {
  const first = await startTestServer({ keepData: true })
  const cookie = await first.login()
  await first.close()
  const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: ADMIN.email.toUpperCase() } })
  try {
    expect((await second.get('/api/admin/me', { cookie })).status).toBe(200)
    expect(second.conn.sqlite.query('SELECT count(*) AS n FROM admins').get()).toEqual({ n: 1 })
  } finally {
    await second.close()
  }
})
