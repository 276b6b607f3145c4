// `folio --help`, `--version`, bad usage, `migrate` and `admin set-password`, as separate processes.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrations } from '#db/migrations/index'
import pkg from '#package.json'
import { runFolio } from '#tests/support/server/cli'
import { ADMIN, startTestServer } from '#tests/support/server/server'
import { REPO_ROOT } from '#tests/support/repo-root'

const dataDir = () => mkdtempSync(join(tmpdir(), 'folio-cli-data-'))

describe('usage', () => {
  test('--help lists every subcommand and exits 0', async () => {
    const { code, stdout } = await runFolio(['--help'])
    expect(code).toBe(0)
    for (const command of ['serve', 'migrate', 'backup <file>', 'restore <file>', 'admin set-password', 'export <dir>', 'export-content <dir>', 'import-content <dir>']) {
      expect(stdout).toContain(command)
    }
  })

  test('--version prints the package version', async () => {
    const { code, stdout } = await runFolio(['--version'])
    expect(code).toBe(0)
    expect(stdout.trim()).toBe(`folio ${pkg.version}`)
  })

  test.each([[['--frobnicate']], [['backup']], [['fly', 'away']]])('%j prints the problem and the usage, and exits 2', async (args) => {
    const { code, stdout, stderr } = await runFolio(args, { env: { DATA_DIR: dataDir() } })
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toStartWith('folio: ')
    expect(stderr).toContain('Usage: folio [command]')
  })
})

test('a second folio on a data directory in use stops with exit 2 and one line', async () => {
  const s = await startTestServer()
  try {
    const { code, stderr } = await runFolio([], { env: { DATA_DIR: s.dataDir, PORT: '0', HOST: '127.0.0.1' } })
    expect(code).toBe(2)
    expect(stderr.trim()).toBe(`DATA_DIR ${s.dataDir} is in use by a running folio; stop it first`)
  } finally {
    await s.close()
  }
})

describe('migrate', () => {
  test('status lists pending migrations, apply applies them, and a second apply has nothing to do', async () => {
    const env = { DATA_DIR: dataDir() }
    const pending = (await runFolio(['migrate', 'status'], { env })).stdout
    const ids = migrations.map((m) => m.id)
    for (const id of ids) expect(pending).toMatch(new RegExp(`^pending {2}${id}$`, 'm'))
    const applied = await runFolio(['migrate'], { env })
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain(`applied ${ids.length} migration(s): ${ids.join(', ')}`)
    const status = (await runFolio(['migrate', 'status'], { env })).stdout
    for (const id of ids) expect(status).toMatch(new RegExp(`^applied {2}${id} {2}\\d{4}-\\d\\d-\\d\\dT`, 'm'))
    expect((await runFolio(['migrate', 'apply'], { env })).stdout).toContain('the database is up to date')
  })

  test('apply refuses while a server holds the data directory', async () => {
    const s = await startTestServer()
    try {
      const { code, stderr } = await runFolio(['migrate'], { env: { DATA_DIR: s.dataDir } })
      expect(code).toBe(1)
      expect(stderr).toContain('in use by a running folio')
    } finally {
      await s.close()
    }
  })
})

describe('admin set-password', () => {
  const login = (s: Awaited<ReturnType<typeof startTestServer>>, password: string) => s.request('POST', '/api/admin/login', { body: { email: ADMIN.email, password } })

  test('rescues a stopped instance: the new password works, the old one and its sessions do not', async () => {
    const first = await startTestServer({ keepData: true })
    const oldCookie = await first.login()
    await first.close()

    const rescue = await runFolio(['admin', 'set-password'], { env: { DATA_DIR: first.dataDir }, stdin: 'a rescued passphrase\n' })
    expect(rescue.stderr).toBe('')
    expect(rescue.code).toBe(0)
    expect(rescue.stdout).toContain(`password set for ${ADMIN.email}`)

    // No ADMIN_* variables this time: the password in the database is the one set above.
    const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } })
    try {
      expect((await second.get('/api/admin/me', { cookie: oldCookie })).status).toBe(401)
      expect((await login(second, ADMIN.password)).status).toBe(401)
      expect((await login(second, 'a rescued passphrase')).status).toBe(200)
    } finally {
      await second.close()
    }
  })

  test('refuses a short password and changes nothing', async () => {
    const first = await startTestServer({ keepData: true })
    await first.close()
    const { code, stderr } = await runFolio(['admin', 'set-password'], { env: { DATA_DIR: first.dataDir }, stdin: 'short\n' })
    expect(code).toBe(1)
    expect(stderr).toContain('at least 8 characters')
    const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } })
    try {
      expect((await login(second, ADMIN.password)).status).toBe(200)
    } finally {
      await second.close()
    }
  })

  test('creates the first admin with --email, and asks for --email when there is none', async () => {
    const env = { DATA_DIR: dataDir() }
    const missing = await runFolio(['admin', 'set-password'], { env, stdin: 'first admin passphrase\n' })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('pass --email')
    const created = await runFolio(['admin', 'set-password', '--email', 'Owner@Example.com'], { env, stdin: 'first admin passphrase\n' })
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('created admin owner@example.com')
    const s = await startTestServer({ dataDir: env.DATA_DIR, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } })
    try {
      expect((await s.request('POST', '/api/admin/login', { body: { email: 'owner@example.com', password: 'first admin passphrase' } })).status).toBe(200)
    } finally {
      await s.close()
    }
  })

  test('warns when ADMIN_PASSWORD would set the password back at the next start', async () => {
    const env = { DATA_DIR: dataDir(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }
    const { code, stdout } = await runFolio(['admin', 'set-password', '--email', ADMIN.email], { env, stdin: 'another passphrase\n' })
    expect(code).toBe(0)
    expect(stdout).toContain('ADMIN_PASSWORD is set')
  })

  test('on a running server, lets a locked-out address in with the new password at once', async () => {
    const s = await startTestServer()
    try {
      for (let i = 0; i < 4; i++) expect((await login(s, 'not the password')).status).toBe(401)
      expect((await login(s, ADMIN.password)).status).toBe(429)
      const rescue = await runFolio(['admin', 'set-password'], { env: { DATA_DIR: s.dataDir }, stdin: 'a rescued passphrase\n' })
      expect(rescue.code).toBe(0)
      expect((await login(s, 'a rescued passphrase')).status).toBe(200)
    } finally {
      await s.close()
    }
  })

  test('with --email of another address, replaces the admin: one admin, the old sessions end', async () => {
    const first = await startTestServer({ keepData: true })
    const oldCookie = await first.login()
    await first.close()
    const moved = await runFolio(['admin', 'set-password', '--email', 'new-owner@example.com'], { env: { DATA_DIR: first.dataDir }, stdin: 'the new owner passphrase\n' })
    expect(moved.code).toBe(0)
    expect(moved.stdout).toContain(`admin ${ADMIN.email} replaced by new-owner@example.com`)
    const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } })
    try {
      expect((await second.get('/api/admin/me', { cookie: oldCookie })).status).toBe(401)
      expect((await login(second, ADMIN.password)).status).toBe(401)
      expect((await second.request('POST', '/api/admin/login', { body: { email: 'new-owner@example.com', password: 'the new owner passphrase' } })).status).toBe(200)
      expect(second.conn.sqlite.query('SELECT email FROM admins').all()).toEqual([{ email: 'new-owner@example.com' }])
    } finally {
      await second.close()
    }
  })
})

describe('export', () => {
  test('writes the site of a stopped instance to a directory, and refuses a folder that is not an export', async () => {
    const first = await startTestServer({ env: { SEED: 'demo' }, keepData: true })
    const slug = ((await first.get('/api/projects')).body.items as { slug: string }[])[0]!.slug
    await first.close()
    const out = join(mkdtempSync(join(tmpdir(), 'folio-cli-export-')), 'site')
    const done = await runFolio(['export', out], { env: { DATA_DIR: first.dataDir, SITE_URL: 'https://example.com' } })
    expect(done.stderr).toBe('')
    expect(done.code).toBe(0)
    expect(done.stdout).toMatch(/^exported \d+ pages, \d+ files/)
    expect(await Bun.file(join(out, 'projects', slug, 'index.html')).text()).toContain('https://example.com/projects/' + slug)

    const foreign = mkdtempSync(join(tmpdir(), 'folio-cli-foreign-'))
    await Bun.write(join(foreign, 'thesis.tex'), 'years of work')
    const refused = await runFolio(['export', foreign], { env: { DATA_DIR: first.dataDir } })
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim().split('\n')).toHaveLength(1)
    expect(refused.stderr).toContain('is not a previous export')
    expect(await Bun.file(join(foreign, 'thesis.tex')).text()).toBe('years of work')
  }, 30_000)
})

describe('admin set-password at a terminal', () => {
  const MAIN = join(REPO_ROOT, 'src/main.ts')
  /** Runs the command on a pseudo-terminal (util-linux `script`), typing `answers` at its prompts. */
  async function atTerminal(dataDir: string, answers: string[]) {
    const command = `${process.execPath} --no-env-file ${MAIN} admin set-password --email owner@example.com`
    const proc = Bun.spawn(['script', '-qec', command, '/dev/null'], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' })
    let out = ''
    const reader = proc.stdout.getReader()
    const until = async (text: string) => {
      while (!out.includes(text)) {
        const { done, value } = await reader.read()
        if (done) return
        out += new TextDecoder().decode(value)
      }
    }
    // Typed only once each prompt is shown (the prompt turns echo off), as a person would.
    for (const [i, answer] of answers.entries()) {
      await until(i === 0 ? 'New password:' : 'Repeat it:')
      proc.stdin.write(`${answer}\r`)
      proc.stdin.flush()
    }
    proc.stdin.end()
    await until('\u0000never')
    return { code: await proc.exited, out }
  }

  test('asks twice without echoing the password, then sets it', async () => {
    const env = { DATA_DIR: dataDir() }
    const { code, out } = await atTerminal(env.DATA_DIR, ['typed at a prompt', 'typed at a prompt'])
    expect(code).toBe(0)
    expect(out).toContain('New password:')
    expect(out).toContain('Repeat it:')
    expect(out).toContain('created admin owner@example.com')
    expect(out).not.toContain('typed at a prompt')
    const s = await startTestServer({ dataDir: env.DATA_DIR, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } })
    try {
      expect((await s.request('POST', '/api/admin/login', { body: { email: 'owner@example.com', password: 'typed at a prompt' } })).status).toBe(200)
    } finally {
      await s.close()
    }
  }, 30_000)

  test('refuses two different answers and creates nothing', async () => {
    const { code, out } = await atTerminal(dataDir(), ['first answer here', 'second answer here'])
    expect(code).toBe(1)
    expect(out).toContain('the two passwords differ')
    expect(out).not.toContain('created admin')
  }, 30_000)
})
