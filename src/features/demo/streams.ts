// Demo room: the open event streams of one app: the connection caps, their keep-alive timers, shutdown.

export type StreamLimits = { perIp: number; total: number; perIpMessage: string; totalMessage: string }
export type Admission = { ok: true; release(): void } | { ok: false; reason: string }

/**
 * Counts streams per client IP so one client cannot hog them, keeps each stream's closer so
 * shutdown can end them, and counts live keep-alive timers so a leak shows up in a test.
 */
export class StreamRegistry {
  private readonly perIp = new Map<string, number>()
  private readonly closers = new Set<() => void>()
  private liveTimers = 0

  constructor(private readonly limits: StreamLimits) {}

  /** Takes a slot for a stream from `ip` whose `close` ends it, or says why not. */
  admit(ip: string, close: () => void): Admission {
    const fromIp = this.perIp.get(ip) ?? 0
    if (this.closers.size >= this.limits.total) return { ok: false, reason: this.limits.totalMessage }
    if (fromIp >= this.limits.perIp) return { ok: false, reason: this.limits.perIpMessage }
    this.perIp.set(ip, fromIp + 1)
    this.closers.add(close)
    let released = false
    const release = () => {
      if (released) return
      released = true
      this.closers.delete(close)
      const left = (this.perIp.get(ip) ?? 1) - 1
      if (left > 0) this.perIp.set(ip, left)
      else this.perIp.delete(ip)
    }
    return { ok: true, release }
  }

  /** Runs `tick` every `ms` until the returned stop is called (safe to call twice). */
  every(ms: number, tick: () => void): () => void {
    const timer = setInterval(tick, ms)
    this.liveTimers++
    let stopped = false
    return () => {
      if (stopped) return
      stopped = true
      clearInterval(timer)
      this.liveTimers--
    }
  }

  /** Ends every open stream (the server is stopping). */
  closeAll() {
    for (const close of [...this.closers]) close()
  }

  counts() {
    return { open: this.closers.size, ips: this.perIp.size, timers: this.liveTimers }
  }
}
