// Sign-in methods room: the gate that caps concurrent password hashes, fair between sources.
export const BUSY = Symbol('busy')

export type HashJob = {
  /** Whose attempt it is (see src/lib/client-source.ts). */
  source: string
  /** A source with no failures on record: served before every other queued attempt. */
  clean: boolean
}

/**
 * Caps concurrent hashes so a login flood cannot exhaust memory or CPU, and keeps one source from
 * filling the queue that every other source, the owner too, waits in.
 */
export class HashGate {
  private running = 0
  /** Queued attempts of clean sources and of the rest; each queue holds at most `maxQueue`. */
  private readonly queues = { clean: [] as (() => void)[], rest: [] as (() => void)[] }
  /** Sources with a job in the gate (running or queued), each with its own jobs waiting outside. */
  private readonly turns = new Map<string, (() => void)[]>()

  constructor(
    // One at a time: the check budget (hash-budget.ts) starts 4 a second, about 160 ms of work, and
    // each hash holds 12 MiB while it runs.
    private readonly concurrency = 1,
    private readonly maxQueue = 16,
    // NOTE: the login throttle lets a source hold at most 4 attempts at once (its free tries), so
    // at most 3 wait here; the cap bounds the line even for a source that keeps succeeding.
    private readonly perSource = 4,
  ) {}

  /** Runs `work` once this source's earlier jobs are done and a slot is free; BUSY when full. */
  async run<T>(job: HashJob, work: () => Promise<T>): Promise<T | typeof BUSY> {
    const line = this.turns.get(job.source)
    if (line) {
      if (line.length >= this.perSource) return BUSY
      await new Promise<void>((resolve) => line.push(resolve))
    } else {
      this.turns.set(job.source, [])
    }
    try {
      return await this.inSlot(job.clean ? this.queues.clean : this.queues.rest, work)
    } finally {
      const next = this.turns.get(job.source)!.shift()
      if (next) next()
      else this.turns.delete(job.source)
    }
  }

  private async inSlot<T>(queue: (() => void)[], work: () => Promise<T>): Promise<T | typeof BUSY> {
    if (this.running >= this.concurrency) {
      if (queue.length >= this.maxQueue) return BUSY
      // The finishing job hands its slot over directly, so `running` never overshoots.
      await new Promise<void>((resolve) => queue.push(resolve))
    } else {
      this.running++
    }
    try {
      return await work()
    } finally {
      const next = this.queues.clean.shift() ?? this.queues.rest.shift()
      if (next) next()
      else this.running--
    }
  }
}
