import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, spawnMain, waitForHealth } from '#tests/support/server/process'

const tempDir = () => mkdtempSync(join(tmpdir(), 'folio-main-'))

describe('starting folio', () => {
  test.each([
    ['PORT', { PORT: 'eighty' }],
    ['HCAPTCHA_SECRET', { HCAPTCHA_SITEKEY: 'only-half' }],
    ['DATA_DIR', { DATA_DIR: '/proc/folio-cannot-write-here' }],
  ])('stops with exit code 2 and one line naming %s', async (variable, env) => {
    const proc = spawnMain(env, tempDir())
    expect(await proc.exited).toBe(2)
    const stderr = (await new Response(proc.stderr).text()).trim()
    expect(stderr.split('\n')).toHaveLength(1)
    expect(stderr).toContain(variable)
  })

  test('migrates, seeds the sample site into an empty database, serves it, and stops cleanly on SIGTERM', async () => {
    const cwd = tempDir()
    const port = await freePort()
    const proc = spawnMain({ PORT: String(port), HOST: '127.0.0.1' }, cwd)
    try {
      await waitForHealth(`http://127.0.0.1:${port}`)
      const projects = (await (await fetch(`http://127.0.0.1:${port}/api/projects`)).json()) as { items: { tags?: string[] }[] }
      expect(projects.items.length).toBeGreaterThanOrEqual(6)
      const tags = new Set(projects.items.flatMap((p) => p.tags ?? []))
      for (const tag of ['MERN', 'Solidity', 'FPGA', 'VHDL', 'Arduino', 'React', 'Node', 'Mongo']) expect(tags).toContain(tag)
      const posts = (await (await fetch(`http://127.0.0.1:${port}/api/posts?limit=100`)).json()) as { items: { tags: string[]; createdAt: string }[] }
      expect(posts.items.length).toBeGreaterThanOrEqual(12)
      expect(new Set(posts.items.flatMap((p) => p.tags)).size).toBeGreaterThanOrEqual(10)
      expect(new Set(posts.items.map((p) => p.createdAt.slice(0, 7))).size).toBeGreaterThanOrEqual(4)
    } finally {
      proc.kill('SIGTERM')
    }
    expect(await proc.exited).toBe(0)
    const log = await new Response(proc.stdout).text()
    expect(log.match(/captcha is off/g)).toHaveLength(1)
    expect(log).toContain('sample content seeded')
  })

  test('reads .env from its working directory, and the real environment wins', async () => {
    const cwd = tempDir()
    const [filePort, envPort] = [await freePort(), await freePort()]
    writeFileSync(join(cwd, '.env'), `PORT=${filePort}\nHOST=127.0.0.1\nSEED=none\nSITE_NAME=From File\n`)
    const proc = spawnMain({ PORT: String(envPort) }, cwd)
    try {
      await waitForHealth(`http://127.0.0.1:${envPort}`)
      const projects = (await (await fetch(`http://127.0.0.1:${envPort}/api/projects`)).json()) as { items: unknown[] }
      expect(projects.items).toEqual([])
    } finally {
      proc.kill('SIGTERM')
      await proc.exited
    }
  })

  test('serves from the same process with the allocators told to give memory back, keeping a value the owner set', async () => {
    const port = await freePort()
    const proc = spawnMain({ PORT: String(port), HOST: '127.0.0.1', SEED: 'none', MIMALLOC_PURGE_DELAY: '50' }, tempDir())
    try {
      await waitForHealth(`http://127.0.0.1:${port}`)
      // The process replaced itself (execve keeps the PID), so the one we started is the one serving.
      const env = Object.fromEntries(readFileSync(`/proc/${proc.pid}/environ`, 'utf8').split('\0').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
      expect(env.FOLIO_MEMORY_TUNING).toBe('1')
      expect(env.BUN_JSC_forceRAMSize).toBe(String(512 * 1024 * 1024))
      expect(env.MIMALLOC_PURGE_DELAY).toBe('50')
    } finally {
      proc.kill('SIGTERM')
    }
    expect(await proc.exited).toBe(0)
  })
})
