// Crash safety (issue 10, item 6): the compiled binary, killed with SIGKILL at random moments
// while admins write, never loses a write it acknowledged nor leaves a damaged database, and
// starts again on the files it left. CRASH_SAFETY_SEED repeats a run's kill times; CRASH_SAFETY_ROUNDS runs more.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { binaryPath, startBinary, type RunningBinary } from '#tests/support/server/binary'
import { inspectWreck, missingFromServer, seededRandom, signIn, writeUntilKilled } from '#tests/support/server/crash-harness'
import { ADMIN, startTestServer } from '#tests/support/server/server'

const ROUNDS = Number(process.env.CRASH_SAFETY_ROUNDS ?? 50)
const SEED = Number(process.env.CRASH_SAFETY_SEED ?? Math.floor(Math.random() * 2 ** 32))
const WRITERS = 4
const KILL_AFTER_MS = { min: 30, max: 400 }

const dirs: string[] = []
let app: RunningBinary | null = null

const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-crash-'))
  dirs.push(dir)
  return { dir, dataDir: join(dir, 'data') }
}
const start = (dir: string, dataDir: string) =>
  startBinary({ dir, env: { DATA_DIR: dataDir, SEED: 'none', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'error' } })

beforeAll(async () => {
  await binaryPath()
  console.log(`crash-safety: seed ${SEED} (replay with CRASH_SAFETY_SEED=${SEED})`)
}, 120_000)

afterAll(async () => {
  await app?.stop('SIGKILL').catch(() => undefined)
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

type Round = { round: number; killAfterMs: number; acknowledged: string[]; lost: string[]; notServed: string[]; problems: string[]; integrity: string[]; foreignKeyProblems: number; walBytes: number; aliveAtKill: boolean }

/** Starts the binary on the files the last round left (it must recover their WAL) and asks it for that round's posts. */
async function restart(dir: string, dataDir: string, last: Round | undefined) {
  const running = await start(dir, dataDir).catch((error: Error) => {
    throw new Error(`after round ${last?.round ?? 0} (seed ${SEED}): ${error.message}`)
  })
  app = running
  // The server itself, not only our copy of the files, still serves what it acknowledged.
  if (last) last.notServed = await missingFromServer(running.url, last.acknowledged)
  return running
}

test(`${ROUNDS} rounds of SIGKILL during concurrent post writes lose no acknowledged post and leave an intact database the server restarts on`, async () => {
  const random = seededRandom(SEED)
  const { dir, dataDir } = freshDir()
  const rounds: Round[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const running = await restart(dir, dataDir, rounds.at(-1))
    const cookie = await signIn(running.url)
    const killAfterMs = Math.round(KILL_AFTER_MS.min + random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min))
    const burst = await writeUntilKilled(running, cookie, { writers: WRITERS, killAfterMs, prefix: `r${round}` })
    app = null
    const { slugs, ...checks } = inspectWreck(dataDir)
    const lost = burst.acknowledged.filter((slug) => !slugs.has(slug))
    rounds.push({ round, killAfterMs, ...burst, ...checks, lost, notServed: [] })
  }
  // The last round's files must start and serve too.
  await (await restart(dir, dataDir, rounds.at(-1))).stop('SIGTERM')
  app = null

  const acknowledged = rounds.reduce((n, r) => n + r.acknowledged.length, 0)
  // Lost: missing from the files the crash left, or not served by the server restarted on them.
  const lost = rounds.reduce((n, r) => n + new Set([...r.lost, ...r.notServed]).size, 0)
  console.log(`crash-safety: ${ROUNDS} rounds, ${acknowledged} writes acknowledged, ${acknowledged - lost} present, ${lost} lost (seed ${SEED}, ${WRITERS} writers, SIGKILL ${KILL_AFTER_MS.min}-${KILL_AFTER_MS.max} ms after writes begin)`)
  const bad = rounds.filter((r) => r.lost.length || r.notServed.length || r.problems.length || r.foreignKeyProblems || r.integrity.join() !== 'ok' || !r.aliveAtKill || !r.walBytes)
  const some = (list: string[]) => `${list.length}${list.length ? ` (${list.slice(0, 5).join(', ')})` : ''}`
  for (const r of bad) {
    console.log(
      `crash-safety: round ${r.round} failed (seed ${SEED}, kill after ${r.killAfterMs} ms): acknowledged ${r.acknowledged.length}, lost ${some(r.lost)}, not served after restart ${some(r.notServed)}, ` +
        `integrity ${r.integrity.slice(0, 5).join('; ')}, foreign key problems ${r.foreignKeyProblems}, WAL ${r.walBytes} bytes, alive at kill ${r.aliveAtKill}, problems ${some(r.problems)}`,
    )
  }

  expect(bad.map((r) => r.round)).toEqual([])
  expect(lost).toBe(0)
  // The rounds did write before each crash: otherwise the checks above prove nothing.
  expect(acknowledged).toBeGreaterThan(ROUNDS)
}, 300_000)

test('a server restarted on the files a SIGKILL left runs its connection with WAL and synchronous=FULL', async () => {
  const { dir, dataDir } = freshDir()
  const crashed = await start(dir, dataDir)
  app = crashed
  const burst = await writeUntilKilled(crashed, await signIn(crashed.url), { writers: 1, killAfterMs: 500, prefix: 'pragmas' })
  app = null
  expect(burst.acknowledged.length).toBeGreaterThan(0)

  // In-process, so the test can read the server's own connection: synchronous is not stored in
  // the file, every connection must set it again, and it alone makes an acknowledged write
  // survive power loss (a SIGKILL leaves the kernel's cache, so the rounds above cannot tell).
  const s = await startTestServer({ dataDir, keepData: true })
  try {
    expect(s.conn.sqlite.query('PRAGMA synchronous').get()).toEqual({ synchronous: 2 })
    expect(s.conn.sqlite.query('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
    expect(await missingFromServer(s.url, burst.acknowledged)).toEqual([])
  } finally {
    await s.close()
  }
}, 120_000)
