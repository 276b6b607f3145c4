import { expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DataDirBusy, lockDataDir } from '#src/lib/data-lock'
import { REPO_ROOT } from '#tests/support/repo-root'

test('a data directory has one holder at a time, and is free again once released', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-lock-'))
  const first = lockDataDir(dir)
  expect(() => lockDataDir(dir)).toThrow(DataDirBusy)
  first.release()
  first.release() // twice is harmless
  const second = lockDataDir(dir)
  second.release()
})

test('a lock held by a process that was killed is free at once (no stale lock file)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-lock-'))
  const holder = Bun.spawn([process.execPath, '-e', `globalThis.lock = require(${JSON.stringify(join(REPO_ROOT, 'src/lib/data-lock.ts'))}).lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000)`], { stdout: 'pipe', stderr: 'pipe' })
  // NOTE: the holder keeps its lock referenced: a collected connection would let go of it.
  try {
    // Until the holder says it holds the lock (a chunk may come split, or the holder may fail).
    const reader = holder.stdout.getReader()
    let said = ''
    while (!said.includes('held')) {
      const { done, value } = await reader.read()
      if (done) throw new Error(`the holder exited: ${await new Response(holder.stderr).text()}`)
      said += new TextDecoder().decode(value)
    }
    expect(() => lockDataDir(dir)).toThrow(DataDirBusy)
    holder.kill('SIGKILL')
    await holder.exited
  } finally {
    // Even when an expectation fails: a holder left running would keep the test run's pipe open.
    holder.kill('SIGKILL')
  }
  lockDataDir(dir).release()
})
