// The TOTP secret at rest (decision 063): sealed under a key file in DATA_DIR/keys, so neither the
// database files nor a backup hold it; a backup restored onto the same data directory still takes
// codes; a secret an older version stored in clear is sealed at start.
import { afterEach, expect, test } from 'bun:test'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import { DB_FILE } from '#db/connection'
import { manualClock } from '#src/lib/clock'
import { restoreBackup } from '#src/features/backups/restore'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const STEP_MS = 30_000
const clock = manualClock()
const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: clock.now().getTime() })
const start = (dataDir?: string) => startTestServer({ clock, dataDir, keepData: true })
const signIn = (s: TestServer, body: object) => s.request('POST', '/api/admin/login', { body: { ...ADMIN, ...body } })

/** Every byte SQLite keeps for the data directory: the database file and its write-ahead log. */
const storedBytes = (dataDir: string) =>
  Buffer.concat([DB_FILE, `${DB_FILE}-wal`].map((f) => join(dataDir, f)).filter(existsSync).map((f) => readFileSync(f)))
/** The secret as text and as the 20 bytes it stands for. */
const holds = (bytes: Buffer, secret: string) => bytes.includes(secret) || bytes.includes(Buffer.from(Secret.fromBase32(secret).bytes))

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function enrol(s: TestServer): Promise<{ secret: string; recoveryCodes: string[] }> {
  const cookie = await s.login()
  const { secret } = (await s.request('POST', '/api/admin/totp/setup', { cookie })).body
  const enabled = await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code: code(secret) } })
  expect(enabled.status).toBe(200)
  return { secret, recoveryCodes: enabled.body.recoveryCodes }
}

test('the secret is in neither the database files nor a backup, and a backup restored onto the same data directory still takes codes', async () => {
  const s = await start()
  dirs.push(s.dataDir)
  const { secret } = await enrol(s)
  expect(holds(storedBytes(s.dataDir), secret)).toBe(false)
  clock.advance(STEP_MS)
  const signedIn = await signIn(s, { code: code(secret) })
  expect(signedIn.status).toBe(200)
  const backup = await s.request('POST', '/api/admin/backups', { cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0] })
  expect(backup.status).toBe(201)
  const archive = join(s.dataDir, 'backups', backup.body.name)
  expect(holds(Buffer.from(Bun.gunzipSync(await Bun.file(archive).bytes())), secret)).toBe(false)
  await s.close()
  expect(holds(storedBytes(s.dataDir), secret)).toBe(false)

  await restoreBackup(s.dataDir, archive, 10)
  const again = await start(s.dataDir)
  try {
    clock.advance(STEP_MS)
    expect((await signIn(again, {})).body.details[0].code).toBe('second_factor_required')
    expect((await signIn(again, { code: code(secret) })).status).toBe(200)
  } finally {
    await again.close()
  }
})

test('a secret stored in clear by an older version is sealed at start, and its codes still sign in', async () => {
  const first = await start()
  dirs.push(first.dataDir)
  await first.close()
  const secret = new Secret({ size: 20 }).base32
  const { Database } = await import('bun:sqlite')
  const db = new Database(join(first.dataDir, DB_FILE))
  db.query('UPDATE admins SET totp_secret = ?, totp_enabled_at = ?').run(secret, clock.now().toISOString())
  db.run('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  expect(holds(storedBytes(first.dataDir), secret)).toBe(true)

  const s = await start(first.dataDir)
  try {
    expect(holds(storedBytes(s.dataDir), secret)).toBe(false)
    expect((s.conn.sqlite.query('SELECT totp_secret AS stored FROM admins').get() as { stored: string }).stored).toStartWith('v1.')
    clock.advance(STEP_MS)
    expect((await signIn(s, { code: code(secret) })).status).toBe(200)
  } finally {
    await s.close()
  }
  expect(holds(storedBytes(first.dataDir), secret)).toBe(false)
})

test('without the key file (a restore on another machine) codes no longer sign in, a recovery code does', async () => {
  const s = await start()
  dirs.push(s.dataDir)
  const { secret, recoveryCodes } = await enrol(s)
  await s.close()
  rmSync(join(s.dataDir, 'keys', 'totp-secret.key'))
  const again = await start(s.dataDir)
  try {
    clock.advance(STEP_MS)
    expect((await signIn(again, { code: code(secret) })).body.details[0].code).toBe('invalid_code')
    expect((await signIn(again, { code: recoveryCodes[0] })).status).toBe(200)
  } finally {
    await again.close()
  }
})
