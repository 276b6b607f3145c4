// The server's side of the variants: runs `folio images` as a child process, one at a time, when
// an upload arrived and once at start when an image lacks its variants (existing uploads are
// converted this way). A request while one runs queues exactly one more run. When a run ends,
// `onMade` listeners drop the cached pages, which then name the new variants in their srcset.
// The child runs under a memory and a time limit (child-limits.ts); one killed mid-image is run
// again at once, and its sweep retries that image once, then notes it and goes on
// (variant-attempts.ts), so no image blocks the ones after it.
import { setPriority } from 'node:os'
import type { Db } from '#db/connection'
import type { Logger } from '#src/lib/logger'
import { existsSync, readdirSync } from 'node:fs'
import { watchChild, type ChildLimits, type Overrun } from './child-limits'
import { IMAGE_NAME, imagesDir } from './image-names'
import { knownImageNames, pendingImages } from './image-records'
import { BEGIN_LINE } from './variant-sweep'

export type VariantRunner = { request(): void; onMade(listener: () => void): void; stop(): void }

/** Lower priority than the server: the site keeps answering while a photo is encoded. */
const NICENESS = 10

/**
 * The child's limits. Memory: an image at the pixel bound peaks at about 400 MiB (decision 064),
 * so this stops only what the bound did not foresee, well before a 1 GB machine runs out. Time: a
 * 16 MP photo takes about 5 s here; a slow VPS at nice 10 beside a busy server, several times that.
 */
export const CHILD_LIMITS: ChildLimits = { memoryBytes: 512 * 1024 * 1024, imageMs: 120_000 }

type Run = { code: number | null; signal: string | number | null; overrun: Overrun | null; image: string | null; peakMiB: number | null; ms: number; out: string[]; err: string }

/** The child's output line by line as it comes (the begin lines are progress), keeping the last few. */
async function readLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<string[]> {
  const last: string[] = []
  let rest = ''
  const decoder = new TextDecoder()
  for await (const chunk of stream) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n')
    rest = lines.pop()!
    for (const line of lines) {
      onLine(line)
      last.push(line)
      if (last.length > 5) last.shift()
    }
  }
  if (rest) last.push(rest)
  return last.slice(-5)
}

export function startVariantRunner(opts: {
  db: Db
  dataDir: string
  command: string[]
  log: Logger
  env?: Record<string, string | undefined>
  limits?: ChildLimits
}): VariantRunner {
  const limits = opts.limits ?? CHILD_LIMITS
  const listeners: (() => void)[] = []
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  let child: ReturnType<typeof Bun.spawn> | null = null

  const runOnce = async (): Promise<Run> => {
    const started = performance.now()
    const proc = Bun.spawn([...opts.command, 'images'], {
      env: { ...process.env, ...opts.env, DATA_DIR: opts.dataDir, FOLIO_MEMORY_TUNING: '0' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    child = proc
    try {
      setPriority(proc.pid, NICENESS)
    } catch {
      // Not permitted on some hosts: the variants are made at normal priority then.
    }
    let overrun: Overrun | null = null
    let image: string | null = null
    const watch = watchChild(proc.pid, limits, (why) => {
      overrun = why
      proc.kill('SIGKILL')
    })
    const onLine = (line: string) => {
      if (!line.startsWith(BEGIN_LINE)) return
      image = line.slice(BEGIN_LINE.length)
      watch.began()
    }
    const [code, out, err] = await Promise.all([proc.exited, readLines(proc.stdout, onLine), new Response(proc.stderr).text()])
    watch.stop()
    child = null
    const peak = watch.peakBytes()
    return { code, signal: proc.signalCode ?? null, overrun, image, peakMiB: peak ? Math.round(peak / 1048576) : null, ms: Math.round(performance.now() - started), out, err }
  }

  /** True when the run should be repeated: killed or crashed while an image was under way. */
  const report = (run: Run): boolean => {
    const { code, signal, overrun, image, peakMiB, ms } = run
    if (code === 0 && !overrun) {
      opts.log.info('image variants made', { ms, peakMiB, output: run.out.join(' | ') })
      return false
    }
    if (stopped) return false
    const error = (run.err || run.out.join('\n')).trim().slice(-500)
    opts.log.warn('image variants failed', { code, signal, overrun, image, ms, peakMiB, error })
    // Each such run has marked an attempt on `image`, so repeating it always gets further.
    return image !== null
  }

  const loop = async () => {
    do {
      again = false
      const run = await runOnce()
      if (report(run)) again = true
      // A server stopping has closed (or is closing) the database the listeners read.
      if (!stopped) for (const listener of listeners) listener()
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
