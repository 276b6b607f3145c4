import { expect, test } from 'bun:test'
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '#src/lib/logger'

test('writes one JSON line per event at or above the configured level', () => {
  const lines: string[] = []
  const log = createLogger('warn', (l) => lines.push(l))
  log.debug('hidden')
  log.info('hidden too')
  log.warn('shown', { path: '/x' })
  log.error('also shown')
  expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['shown', 'also shown'])
  expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'shown', path: '/x' })
})

test('a built line is an info line: a logger above info drops it', () => {
  const lines: string[] = []
  createLogger('warn', (l) => lines.push(l)).raw('{"msg":"request"}')
  createLogger('info', (l) => lines.push(l)).raw('{"msg":"kept"}')
  expect(lines).toEqual(['{"msg":"kept"}'])
})

// Issue 21: stdout lines are written together, on a short timer; none is lost on exit.
/** Runs `body` in a child with the logger imported, its stdout a file (so the child can measure it). */
const child = (body: string) => {
  const code = `import { batchedStdout, LOG_BATCH_MAX, LOG_FLUSH_MS } from ${JSON.stringify(`${import.meta.dir}/../../../src/lib/logger.ts`)}\n${body}`
  const out = join(mkdtempSync(join(tmpdir(), 'folio-log-')), 'stdout')
  const fd = openSync(out, 'w')
  const run = Bun.spawnSync([process.execPath, '-e', code], { stdout: fd, stderr: 'pipe' })
  closeSync(fd)
  return { lines: readFileSync(out, 'utf8').split('\n').filter(Boolean), stderr: run.stderr.toString() }
}

test('every line reaches stdout, past the batch bound and on an exit right after writing', () => {
  const { lines } = child('for (let i = 0; i < LOG_BATCH_MAX * 2 + 5; i++) batchedStdout(String(i))\nprocess.exit(0)')
  expect(lines).toHaveLength(1024 * 2 + 5)
  expect(lines.at(-1)).toBe(String(1024 * 2 + 4))
})

test('a line waits at most LOG_FLUSH_MS for the others, then is written', () => {
  // The child checks its own stdout file after the wait: the line is there while it still runs.
  const { lines, stderr } = child(
    `import { fstatSync } from 'node:fs'\nbatchedStdout('first')\nconst before = fstatSync(1).size\nsetTimeout(() => { console.error(before, fstatSync(1).size); process.exit(0) }, LOG_FLUSH_MS * 5)`,
  )
  expect(lines).toEqual(['first'])
  expect(stderr.trim()).toBe('0 6')
})
