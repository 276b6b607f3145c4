// The first run as an owner meets it: `npm start` with no admin prints the setup address on stdout
// (JSON lines, default LOG_LEVEL), and `folio admin setup-link` prints a fresh one beside a running
// server, and refuses once an admin exists.
import { expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFolio } from '#tests/support/server/cli'
import { freePort, spawnMain, waitForHealth } from '#tests/support/server/process'
import { startTestServer } from '#tests/support/server/server'

const NO_ADMIN = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }
const ADDRESS = /(https?:\/\/[^\s"]+\/admin\/setup\?token=([A-Za-z0-9_-]+))/
const OWNER = { email: 'owner@example.com', password: 'a first-run passphrase' }

test('npm start with no admin prints one setup line at the default log level, and the address works', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'folio-first-run-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const proc = spawnMain({ PORT: String(port), HOST: '127.0.0.1', SITE_URL: origin, SEED: 'none' }, cwd)
  let status: number
  try {
    await waitForHealth(origin)
  } finally {
    proc.kill('SIGTERM')
  }
  expect(await proc.exited).toBe(0)
  const lines = (await new Response(proc.stdout).text()).split('\n').filter((l) => ADDRESS.test(l))
  expect(lines).toHaveLength(1)
  const line = JSON.parse(lines[0]!)
  expect(line.msg).toStartWith(`No admin yet: open ${origin}/admin/setup?token=`)
  expect(line.setupUrl).toBe(ADDRESS.exec(line.msg)![1])

  // The same data directory, served again: the logged address (still within its day) creates the admin.
  const again = await startTestServer({ dataDir: join(cwd, 'data'), env: NO_ADMIN })
  try {
    const token = ADDRESS.exec(line.msg)![2]!
    status = (await again.request('POST', '/api/admin/setup', { body: { token, ...OWNER } })).status
  } finally {
    await again.close()
  }
  expect(status).toBe(201)
})

test('folio admin setup-link prints a working address beside a running server, then refuses once an admin exists', async () => {
  const s = await startTestServer({ env: NO_ADMIN })
  try {
    const env = { DATA_DIR: s.dataDir, SITE_URL: 'https://folio.example' }
    const link = await runFolio(['admin', 'setup-link'], { env })
    expect(link.stderr).toBe('')
    expect(link.code).toBe(0)
    const [, address, token] = ADDRESS.exec(link.stdout)!
    expect(address).toStartWith('https://folio.example/admin/setup?token=')
    expect(token!.length).toBeGreaterThanOrEqual(32)
    expect((await s.request('POST', '/api/admin/setup', { body: { token, ...OWNER } })).status).toBe(201)

    const refused = await runFolio(['admin', 'setup-link'], { env })
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe('')
    expect(refused.stderr).toContain('folio: an admin already exists')
    expect(refused.stderr).toContain('folio admin set-password')
  } finally {
    await s.close()
  }
})

test('--help lists admin setup-link; a stray argument is bad usage', async () => {
  const help = await runFolio(['--help'])
  expect(help.stdout).toContain('admin setup-link')
  const bad = await runFolio(['admin', 'setup-link', 'now'])
  expect(bad.code).toBe(2)
  expect((await runFolio(['admin', 'setup-link', '--email', 'a@b.c'])).code).toBe(2)
})
