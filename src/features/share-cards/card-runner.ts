// The server's side of the share cards: `folio cards` (card-child.ts) as a child process, started
// on the first card that is not on disk yet, drawing one card at a time, and stopped after some
// seconds without work. satori, resvg and the fonts (measured: 43 MB on the first card, 74 MB
// after 200) are the child's and leave with it, never the server's (decision 065).
import type { Logger } from '#src/lib/logger'
import type { CardAnswer, CardRequest } from './card-child'
import type { CardContent } from './render-card'

export type CardRunner = {
  /** Draws `content` into `file`; 'busy' when CARD_QUEUE cards are drawing or waiting already. */
  draw(content: CardContent, file: string): Promise<void> | 'busy'
  stop(): void
}

/** Cards drawing or waiting at most (one draws at a time, some 40 ms each once the child is up); past it a request is told to retry. */
export const CARD_QUEUE = 4
/** The child goes after this long without a card (its start costs some 0.5 s, so a burst shares one). */
export const CARD_IDLE_MS = 10_000
/** A card not drawn in this long (a stuck child) fails, and the child is stopped. */
const DRAW_MS = 30_000

type Job = { request: CardRequest; resolve(): void; reject(error: Error): void }

export function startCardRunner(opts: { command: string[]; log: Logger; idleMs?: number }): CardRunner {
  const queue: Job[] = []
  let current: Job | null = null
  let child: Bun.Subprocess | null = null
  let idle: Timer | null = null
  let deadline: Timer | null = null
  let nextId = 0
  let stopped = false

  /** Lets the child go: a later card starts a new one. */
  const retire = () => {
    child?.kill()
    child = null
  }

  const settle = (error?: Error) => {
    const job = current
    if (!job) return
    current = null
    if (deadline) clearTimeout(deadline)
    if (error) job.reject(error)
    else job.resolve()
    pump()
  }

  const spawn = () => {
    const proc = Bun.spawn([...opts.command, 'cards'], {
      env: process.env,
      stdin: 'ignore',
      stdout: 'ignore',
      stderr: 'inherit',
      serialization: 'json',
      ipc(message) {
        const answer = message as CardAnswer
        if (proc === child && answer.id === current?.request.id) settle(answer.error ? new Error(answer.error) : undefined)
      },
    })
    void proc.exited.then((code) => {
      if (proc !== child) return
      child = null
      if (!stopped) opts.log.warn('share card painter exited', { code })
      settle(new Error(`folio cards exited with ${code}`))
    })
    return proc
  }

  const pump = () => {
    if (current || stopped) return
    const job = queue.shift()
    if (!job) {
      // Nothing to wait for: a command such as `folio export` may end while the child idles.
      child?.unref()
      idle = setTimeout(retire, opts.idleMs ?? CARD_IDLE_MS)
      idle.unref()
      return
    }
    if (idle) clearTimeout(idle)
    current = job
    child ??= spawn()
    child.ref()
    deadline = setTimeout(() => {
      opts.log.warn('share card not drawn in time; painter stopped', { ms: DRAW_MS })
      retire()
      settle(new Error('the card took too long'))
    }, DRAW_MS)
    child.send(job.request)
  }

  return {
    draw(content, file) {
      if (stopped) return Promise.reject(new Error('the server is stopping'))
      if (queue.length + (current ? 1 : 0) >= CARD_QUEUE) return 'busy'
      return new Promise<void>((resolve, reject) => {
        queue.push({ request: { id: ++nextId, content, file }, resolve, reject })
        pump()
      })
    },
    stop() {
      stopped = true
      if (idle) clearTimeout(idle)
      retire()
      for (const job of queue.splice(0)) job.reject(new Error('the server is stopping'))
      settle(new Error('the server is stopping'))
    },
  }
}
