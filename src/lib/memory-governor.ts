// Keeps the process's memory near its working set on a small VPS: JavaScriptCore collects when its
// own heuristics say so, which under a flood of allocations (renders, bodies) lets garbage pile up
// to twice the live heap. Past a resident size, a collection is asked for, at most four times a
// second, and only when the JavaScript heap has grown since the last one.
//
// NOTE: the resident size stays high for a while after a collection (freed pages go back to the
// system lazily), so a governor that looked at it alone collected four times a second for nothing,
// and each full collection is a pause every request waits behind: the soak's visitor p99 went past
// 20 ms in the windows where it did (bench/reports/SOAK.md). The heap's growth is what says there
// is garbage to collect; reading it costs some 13 µs.

/** Resident size past which garbage is collected: idle folio is about 100 MiB (bench/reports/SOAK.md). */
export const MEMORY_SOFT_LIMIT_BYTES = 120 * 1024 * 1024
/** Heap growth since the last collection worth another one. */
export const HEAP_GROWTH_BYTES = 8 * 1024 * 1024
const CHECK_MS = 250

type Seams = { rss?: () => number; heapUsed?: () => number; collect?: () => void }

/** Starts the governor; returns its stop. The seams are for tests. */
export function startMemoryGovernor({ rss = () => process.memoryUsage.rss(), heapUsed = () => process.memoryUsage().heapUsed, collect = () => Bun.gc(true) }: Seams = {}): () => void {
  // The heap right after the last collection (0: none yet).
  let floor = 0
  const timer = setInterval(() => {
    if (rss() <= MEMORY_SOFT_LIMIT_BYTES) return
    if (floor && heapUsed() < floor + HEAP_GROWTH_BYTES) return
    collect()
    floor = heapUsed()
  }, CHECK_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
