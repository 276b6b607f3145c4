// `npm run build` writes dist/folio, which serves the site from any directory with no other files.
import { beforeAll, expect, test } from 'bun:test'
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, waitForHealth } from '../support/process'

const ROOT = join(import.meta.dir, '../..')
let dir: string

beforeAll(async () => {
  const build = Bun.spawn([process.execPath, join(ROOT, 'build.ts')], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  expect(await build.exited).toBe(0)
  dir = mkdtempSync(join(tmpdir(), 'folio-binary-'))
  copyFileSync(join(ROOT, 'dist/folio'), join(dir, 'folio'))
}, 120_000)


test('the binary, copied alone into an empty directory, serves pages, assets and the API', async () => {
  const port = await freePort()
  const proc = Bun.spawn([join(dir, 'folio')], { cwd: dir, env: { PATH: '', PORT: String(port), HOST: '127.0.0.1' }, stdout: 'pipe', stderr: 'pipe' })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(base)
    const home = await fetch(`${base}/`)
    expect(home.status).toBe(200)
    const html = await home.text()
    const js = /src="(\/assets\/site-[a-z0-9]+\.js)"/.exec(html)![1]!
    const asset = await fetch(base + js, { headers: { 'accept-encoding': 'br' }, decompress: false } as RequestInit)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect((await fetch(`${base}/admin/login`)).status).toBe(200)
    expect(((await (await fetch(`${base}/api/posts`)).json()) as { items: unknown[] }).items.length).toBeGreaterThan(0)
    expect((await fetch(`${base}/media/fpga-scope.mp4`)).status).toBe(200)
  } finally {
    proc.kill('SIGTERM')
  }
  expect(await proc.exited).toBe(0)
}, 60_000)
