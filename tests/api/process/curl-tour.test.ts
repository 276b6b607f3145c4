// docs/examples/curl-tour.sh, the whole HTTP contract with curl alone, against the app in this
// process and against the compiled binary started alone in an empty directory.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { binaryPath, startBinary } from '#tests/support/server/binary'
import { ADMIN, startTestServer } from '#tests/support/server/server'
import { REPO_ROOT } from '#tests/support/repo-root'

const SCRIPT = join(REPO_ROOT, 'docs/examples/curl-tour.sh')
// The resume lives outside the binary's directory, which must hold nothing but the binary.
const pdfDir = mkdtempSync(join(tmpdir(), 'folio-tour-'))
const pdf = join(pdfDir, 'resume.pdf')
writeFileSync(pdf, '%PDF-1.4\n% folio curl tour\n%%EOF\n')
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }))

beforeAll(async () => {
  await binaryPath()
}, 120_000)

/** Runs the tour against `base` and checks what it left behind over plain HTTP. */
async function tour(base: string) {
  expect(Bun.which('curl')).not.toBeNull()
  const proc = Bun.spawn(['bash', SCRIPT], {
    env: { ...process.env, BASE: base, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  expect(err).toBe('')
  expect(code).toBe(0)
  expect(out).toContain('first download 200, second 410')

  const projects = ((await (await fetch(`${base}/api/projects`)).json()) as { items: { slug: string }[] }).items
  expect(projects.at(-1)!.slug).toBe('curl-tour-project')
  const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const archived = (await (await fetch(`${base}/api/admin/messages?status=archived`, { headers: { cookie } })).json()) as { items: { name: string }[] }
  expect(archived.items.map((m) => m.name)).toContain('Curl Visitor')
}

test('a script using only curl can do everything the issue lists', async () => {
  const s = await startTestServer({ env: { SEED: 'demo', RESUME_FILE: pdf } })
  try {
    await tour(s.url)
  } finally {
    await s.close()
  }
}, 30_000)

test('the same script passes against the binary, alone in an empty directory', async () => {
  const app = await startBinary({ env: { RESUME_FILE: pdf, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } })
  try {
    await tour(app.url)
  } finally {
    expect(await app.stop()).toBe(0)
  }
}, 60_000)
