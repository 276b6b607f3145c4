// Limits on the `folio images` child: its resident memory, read from /proc every POLL_MS, and the
// time an image may take (from the line the child prints as each image begins). Past either the
// child is killed (SIGKILL): WebAssembly cannot be interrupted from inside, and a decode that
// outgrows the machine would otherwise meet the kernel's OOM killer, which may pick the server.
// NOTE: RLIMIT_DATA and RLIMIT_AS do not work here: Bun and its WebAssembly memories reserve
// address space far past what they touch (a 1,000 MB RLIMIT_DATA stopped a decode at 288 MB of
// RSS), so the limit would stand for no particular amount of memory (decision 064).
import { readFileSync } from 'node:fs'

export type ChildLimits = { /** Resident bytes. */ memoryBytes: number; /** Per image, from the line that begins it. */ imageMs: number }
export type Overrun = 'memory' | 'time'

/** How often the child's memory is read: a kill landed within 17 MiB of the limit for a child growing 3.2 GB/s (the codecs grow about 150 MB/s). */
export const POLL_MS = 50

/** Resident bytes of a process from /proc, or null where there is no /proc (the limit is then time alone). */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}

/** The kernel's high-water mark of a process's resident memory (VmHWM), or null. */
function highWaterBytes(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}

/**
 * Watches `pid` until stopped; `kill` is called once, with the limit that was passed.
 * NOTE: the child's peak is its own VmHWM, read at each poll. The rusage of a reaped child
 * (Bun's resourceUsage().maxRSS) is the largest of every child this process ever waited for, so
 * after one big image each small one would report that image's peak.
 */
export function watchChild(pid: number, limits: ChildLimits, kill: (overrun: Overrun) => void) {
  let began = Date.now()
  let fired = false
  let peak = 0
  const fire = (overrun: Overrun) => {
    if (fired) return
    fired = true
    kill(overrun)
  }
  const timer = setInterval(() => {
    peak = Math.max(peak, highWaterBytes(pid) ?? 0)
    if ((residentBytes(pid) ?? 0) > limits.memoryBytes) fire('memory')
    else if (Date.now() - began > limits.imageMs) fire('time')
  }, POLL_MS)
  return {
    /** An image began: its time starts now. */
    began: () => void (began = Date.now()),
    stop: () => clearInterval(timer),
    /** The child's largest resident size seen (bytes; 0 before the first poll or without /proc). */
    peakBytes: () => peak,
  }
}
