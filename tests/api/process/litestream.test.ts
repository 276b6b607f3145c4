// Continuous replication with Litestream (issue 24), as docs/self-hosting.md "Continuous
// replication" sets it up: the binary runs under `litestream replicate -exec`, contact messages
// are written without pause, the machine dies (SIGKILL to both), DATA_DIR is deleted, `litestream
// restore` brings the database back from a file replica, and folio starts on it. The database is
// whole, and every message acknowledged more than REPLICATION_BOUND_MS before the kill is there.
import { afterAll, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { binaryPath, startBinary } from '#tests/support/server/binary'
import { freePort } from '#tests/support/server/process'
import { ADMIN } from '#tests/support/server/server'
import { REPO_ROOT } from '#tests/support/repo-root'

const LITESTREAM = join(REPO_ROOT, 'node_modules/@flydotio/litestream-linux-x64/litestream')
/** sync-interval 1 s, plus Litestream's look at the WAL each second: what a sudden death may lose. */
const REPLICATION_BOUND_MS = 2000

const root = mkdtempSync(join(tmpdir(), 'folio-litestream-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The configuration docs/self-hosting.md shows, with this test's paths. */
const config = (dataDir: string, replica: string) => `dbs:
  - path: ${dataDir}/folio.db
    replicas:
      - type: file
        path: ${replica}
        sync-interval: 1s
`

test('a machine killed mid-write loses nothing acknowledged more than 2 s before: restored by litestream, whole, every message there', async () => {
  const binary = await binaryPath()
  const dataDir = join(root, 'data')
  const replica = join(root, 'replica')
  const configFile = join(root, 'litestream.yml')
  writeFileSync(configFile, config(dataDir, replica))
  const port = await freePort()
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1', LOG_LEVEL: 'warn' }
  const replicate = Bun.spawn([LITESTREAM, 'replicate', '-config', configFile, '-exec', binary], { env, stdout: 'pipe', stderr: 'pipe' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300 && !(await fetch(`${url}/api/health`).then((r) => r.ok, () => false)); i++) await Bun.sleep(50)

  // 25 messages (the global cap is 30 in 10 minutes), one every 200 ms, each from its own address.
  const acknowledged: { marker: string; at: number }[] = []
  for (let i = 0; i < 25; i++) {
    const marker = `replicated-${i}`
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i + 1}` },
      body: JSON.stringify({ name: 'Ada Lovelace', email: `${marker}@example.com`, reason: 'general', message: `Hello, this is ${marker}.` }),
    })
    if (res.status === 201 || res.status === 200) acknowledged.push({ marker, at: Date.now() })
    await Bun.sleep(200)
  }
  expect(acknowledged.length).toBe(25)
  // The machine dies: Litestream and folio at once, no goodbye.
  const children = Bun.spawnSync(['pgrep', '-P', String(replicate.pid)]).stdout.toString().trim().split('\n').filter(Boolean).map(Number)
  const killedAt = Date.now()
  replicate.kill('SIGKILL')
  for (const pid of children) process.kill(pid, 'SIGKILL')
  await replicate.exited
  rmSync(dataDir, { recursive: true, force: true })

  const restore = Bun.spawnSync([LITESTREAM, 'restore', '-config', configFile, `${dataDir}/folio.db`], { env })
  expect(restore.exitCode).toBe(0)
  const db = new Database(join(dataDir, 'folio.db'), { readonly: true })
  expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
  db.close()

  const app = await startBinary({ dir: root, env: { DATA_DIR: dataDir, SEED: 'none', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } })
  try {
    const login = await fetch(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const listed = (await (await fetch(`${app.url}/api/admin/messages?status=all&limit=100`, { headers: { cookie } })).json()) as { items: { email: string }[] }
    const present = new Set(listed.items.map((m) => m.email.replace('@example.com', '')))
    const due = acknowledged.filter((a) => killedAt - a.at > REPLICATION_BOUND_MS)
    expect(due.length).toBeGreaterThan(15)
    expect(due.filter((a) => !present.has(a.marker))).toEqual([])
    console.log(`litestream: ${acknowledged.length} acknowledged, ${present.size} restored, ${due.length} due (acknowledged over ${REPLICATION_BOUND_MS} ms before the kill), all present`)
  } finally {
    await app.stop()
  }
}, 120_000)
