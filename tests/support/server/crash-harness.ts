// Crash rounds against the compiled binary: concurrent admin writes, a SIGKILL at a random moment,
// then a look at the database exactly as the dead process left it.
import { Database } from 'bun:sqlite'
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DB_FILE } from '#db/connection'
import type { RunningBinary } from './binary'
import { postInput } from '#tests/support/data/factories'
import { ADMIN } from './server'

export { seededRandom } from '#tests/support/data/seeded-random'

/** Signs in the way the admin SPA does (same Origin) and returns the Cookie header value. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  })
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

export type Burst = {
  /** Slugs whose 201 the client saw: the server promised these are stored. */
  acknowledged: string[]
  /** Answers other than 201, and requests that failed while the server was still up. */
  problems: string[]
  /** The process was still running when the SIGKILL came (it did not die on its own). */
  aliveAtKill: boolean
}

/**
 * Runs `writers` loops that each create posts back to back; `killAfterMs` after they begin, the
 * process gets SIGKILL. NOTE: the flag is set before the signal, so a request that fails
 * while it is false failed on a live server and is reported, not taken for the crash.
 */
export async function writeUntilKilled(app: RunningBinary, cookie: string, options: { writers: number; killAfterMs: number; prefix: string }): Promise<Burst> {
  const burst: Burst = { acknowledged: [], problems: [], aliveAtKill: false }
  let killed = false
  const writer = async (w: number) => {
    for (let n = 1; !killed; n++) {
      const slug = `${options.prefix}-w${w}-${n}`
      const input = postInput({ title: `Crash ${slug}`, slug, bodyMD: `Written by **writer ${w}** as number ${n} of ${options.prefix}, until the kill.` })
      let res: Response
      try {
        res = await fetch(`${app.url}/api/admin/posts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.url, cookie },
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(15_000),
        })
      } catch (error) {
        if (!killed) burst.problems.push(`${slug}: request failed on a live server (${(error as Error).message})`)
        return
      }
      // The status line is the acknowledgement; the body may be cut by the kill.
      if (res.status === 201) burst.acknowledged.push(slug)
      const text = await res.text().catch(() => '')
      if (res.status !== 201) burst.problems.push(`${slug}: ${res.status} ${text.slice(0, 200)}`)
    }
  }
  const running = Array.from({ length: options.writers }, (_, w) => writer(w + 1))
  await Bun.sleep(options.killAfterMs)
  burst.aliveAtKill = app.proc.exitCode === null && app.proc.signalCode === null
  killed = true
  app.proc.kill('SIGKILL')
  await app.stop('SIGKILL')
  await Promise.all(running)
  return burst
}

export type Wreck = { integrity: string[]; foreignKeyProblems: number; slugs: Set<string>; walBytes: number }

/**
 * Reads the database the dead process left. NOTE: from a copy of the database and its WAL (not
 * the -shm, a cache SQLite rebuilds): opening the real files would replay and checkpoint the WAL
 * on close, and the restarted server must prove it recovers the WAL by itself.
 */
export function inspectWreck(dataDir: string): Wreck {
  const db = join(dataDir, DB_FILE)
  const wal = `${db}-wal`
  const walBytes = existsSync(wal) ? statSync(wal).size : 0
  const scratch = mkdtempSync(join(tmpdir(), 'folio-wreck-'))
  try {
    copyFileSync(db, join(scratch, DB_FILE))
    if (walBytes) copyFileSync(wal, join(scratch, `${DB_FILE}-wal`))
    const sqlite = new Database(join(scratch, DB_FILE), { strict: true })
    try {
      const integrity = (sqlite.query('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check)
      const foreignKeyProblems = sqlite.query('PRAGMA foreign_key_check').all().length
      const slugs = new Set((sqlite.query('SELECT slug FROM posts').all() as { slug: string }[]).map((r) => r.slug))
      return { integrity, foreignKeyProblems, slugs, walBytes }
    } finally {
      sqlite.close()
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** The slugs among `slugs` that the running server does not answer 200 for. */
export async function missingFromServer(url: string, slugs: string[]): Promise<string[]> {
  const missing: string[] = []
  for (let i = 0; i < slugs.length; i += 16) {
    await Promise.all(
      slugs.slice(i, i + 16).map(async (slug) => {
        const res = await fetch(`${url}/api/posts/${slug}`)
        await res.arrayBuffer()
        if (res.status !== 200) missing.push(slug)
      }),
    )
  }
  return missing
}
