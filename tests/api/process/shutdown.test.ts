// SIGTERM: stop accepting, let in-flight requests finish, end event streams, checkpoint the WAL,
// exit 0 within 10 s.
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contact } from '#tests/support/data/contact'
import { freePort, spawnMain, waitForHealth } from '#tests/support/server/process'

async function startMain() {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-shutdown-'))
  const port = await freePort()
  const proc = spawnMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none' }, dataDir)
  const base = `http://127.0.0.1:${port}`
  await waitForHealth(base)
  return { proc, port, base, dataDir }
}

/** A raw HTTP/1.1 exchange whose body we send in two parts, so the request is in flight at will. */
async function slowPost(port: number, path: string, body: string) {
  let reply = ''
  const closed = Promise.withResolvers<void>()
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      data(_, chunk) {
        reply += new TextDecoder().decode(chunk)
      },
      close: () => closed.resolve(),
      error: () => closed.resolve(),
    },
  })
  const bytes = new TextEncoder().encode(body)
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`)
  socket.write(bytes.slice(0, 10))
  return {
    finish() {
      socket.write(bytes.slice(10))
    },
    async reply() {
      await closed.promise
      return reply
    },
  }
}

const refused = (base: string) =>
  fetch(`${base}/api/health`).then(
    () => false,
    () => true,
  )

describe('graceful shutdown', () => {
  test('a request in flight at SIGTERM finishes and is stored; new connections are refused; the WAL is checkpointed', async () => {
    const { proc, port, base, dataDir } = await startMain()
    const { marker, payload } = contact()
    const post = await slowPost(port, '/api/contact', JSON.stringify(payload))
    await Bun.sleep(200)
    const signalled = performance.now()
    proc.kill('SIGTERM')
    await Bun.sleep(300)
    expect(await refused(base)).toBe(true)
    post.finish()
    const reply = await post.reply()
    expect(reply).toStartWith('HTTP/1.1 200')
    expect(reply).toContain('"ok":true')
    expect(await proc.exited).toBe(0)
    expect(performance.now() - signalled).toBeLessThan(10_000)

    // Everything is in folio.db itself: no WAL left to replay.
    const wal = join(dataDir, 'folio.db-wal')
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true)
    const db = new Database(join(dataDir, 'folio.db'), { readonly: true })
    expect(db.query('SELECT count(*) AS n FROM contact_messages WHERE email = ?').get(`${marker}@example.com`)).toEqual({ n: 1 })
    db.close()
    const log = await new Response(proc.stdout).text()
    expect(log).toContain('"msg":"shutting down","signal":"SIGTERM"')
  }, 30_000)

  test('an open event stream ends cleanly and the process exits 0 at once on SIGINT', async () => {
    const { proc, base } = await startMain()
    const res = await fetch(`${base}/api/demo/events`, { headers: { accept: 'text/event-stream' } })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    await reader.read()
    const signalled = performance.now()
    proc.kill('SIGINT')
    // The stream ends (done), it is not cut with an error.
    for (;;) {
      const { done } = await reader.read()
      if (done) break
    }
    expect(await proc.exited).toBe(0)
    expect(performance.now() - signalled).toBeLessThan(5_000)
  }, 30_000)

  test('a request that never completes does not hold the exit past 10 seconds', async () => {
    const { proc, port } = await startMain()
    const post = await slowPost(port, '/api/contact', JSON.stringify(contact().payload))
    await Bun.sleep(200)
    const signalled = performance.now()
    proc.kill('SIGTERM')
    expect(await proc.exited).toBe(0)
    const took = performance.now() - signalled
    expect(took).toBeLessThan(10_000)
    expect(took).toBeGreaterThan(7_000)
    expect(await post.reply()).not.toContain('HTTP/1.1 200')
    expect(await new Response(proc.stdout).text()).toContain('requests still running at shutdown')
  }, 30_000)
})
