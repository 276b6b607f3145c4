// The server's side of the variants: runs `folio images` as a child process, one at a time, when
// an upload arrived and once at start when an image lacks its variants (existing uploads are
// converted this way). A request while one runs queues exactly one more run. When a run ends,
// `onMade` listeners drop the cached pages, which then name the new variants in their srcset.
import { setPriority } from 'node:os'
import type { Db } from '#db/connection'
import type { Logger } from '#src/lib/logger'
import { existsSync, readdirSync } from 'node:fs'
import { IMAGE_NAME, imagesDir } from './image-names'
import { knownImageNames, pendingImages } from './image-records'

export type VariantRunner = { request(): void; onMade(listener: () => void): void; stop(): void }

/** Lower priority than the server: the site keeps answering while a photo is encoded. */
const NICENESS = 10

export function startVariantRunner(opts: { db: Db; dataDir: string; command: string[]; log: Logger; env?: Record<string, string | undefined> }): VariantRunner {
  const listeners: (() => void)[] = []
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  let child: ReturnType<typeof Bun.spawn> | null = null

  const runOnce = async () => {
    const started = performance.now()
    child = Bun.spawn([...opts.command, 'images'], {
      env: { ...process.env, ...opts.env, DATA_DIR: opts.dataDir, FOLIO_MEMORY_TUNING: '0' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    try {
      setPriority(child.pid, NICENESS)
    } catch {
      // Not permitted on some hosts: the variants are made at normal priority then.
    }
    const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout as ReadableStream).text(), new Response(child.stderr as ReadableStream).text()])
    child = null
    const ms = Math.round(performance.now() - started)
    if (code === 0) opts.log.info('image variants made', { ms, output: out.trim().split('\n').slice(-5).join(' | ') })
    else if (!stopped) opts.log.warn('image variants failed', { code, ms, error: (err || out).trim().slice(-500) })
    // A server stopping has closed (or is closing) the database the listeners read.
    if (!stopped) for (const listener of listeners) listener()
  }

  const loop = async () => {
    do {
      again = false
      await runOnce()
    } while (again && !stopped)
    running = null
  }

  const runner: VariantRunner = {
    request() {
      if (stopped) return
      if (running) again = true
      else running = loop()
    },
    onMade: (listener) => void listeners.push(listener),
    stop() {
      stopped = true
      child?.kill()
    },
  }
  if (needsSweep(opts.db, opts.dataDir)) runner.request()
  return runner
}

/** An image without its variants, or a file the table does not know (an import, an old backup). */
function needsSweep(db: Db, dataDir: string): boolean {
  if (pendingImages(db).length) return true
  const dir = imagesDir(dataDir)
  if (!existsSync(dir)) return false
  const known = knownImageNames(db)
  return readdirSync(dir).some((n) => IMAGE_NAME.test(n) && !known.has(n))
}
