import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN, startTestServer, type TestServer } from '../support/server'

const SCRIPT = join(import.meta.dir, '../../docs/examples/curl-tour.sh')
let s: TestServer

beforeAll(async () => {
  const pdf = join(mkdtempSync(join(tmpdir(), 'folio-tour-')), 'resume.pdf')
  writeFileSync(pdf, '%PDF-1.4\n% folio curl tour\n%%EOF\n')
  s = await startTestServer({ env: { SEED: 'demo', RESUME_FILE: pdf } })
})
afterAll(() => s.close())

test('a script using only curl can do everything the issue lists', async () => {
  expect(Bun.which('curl')).not.toBeNull()
  const proc = Bun.spawn(['bash', SCRIPT], {
    env: { ...process.env, BASE: s.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [code, out, err] = [await proc.exited, await new Response(proc.stdout).text(), await new Response(proc.stderr).text()]
  expect(err).toBe('')
  expect(code).toBe(0)
  expect(out).toContain('first download 200, second 410')
  const projects = (await s.get('/api/projects')).body.items as { slug: string }[]
  expect(projects.at(-1)!.slug).toBe('curl-tour-project')
  const cookie = await s.login()
  const archived = await s.get('/api/admin/messages?status=archived', { cookie })
  expect(archived.body.items.map((m: { name: string }) => m.name)).toContain('Curl Visitor')
})
