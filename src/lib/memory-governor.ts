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

/** Resident size past which garbage is collected: idle folio is about 90 MiB (bench/reports/SOAK.md). */
export const MEMORY_SOFT_LIMIT_BYTES = 120 * 1024 * 1024
/** Heap growth since the last collection worth another one (Bun's heapUsed counts buffers too). */
export const HEAP_GROWTH_BYTES = 4 * 1024 * 1024
/** Past this resident size a collection runs once a second whatever the heap did. */
export const MEMORY_HARD_LIMIT_BYTES = 140 * 1024 * 1024
const CHECK_MS = 250
const HARD_EVERY_MS = 1000

type Seams = { rss?: () => number; heapUsed?: () => number; collect?: () => void; now?: () => number }

/** Starts the governor; returns its stop. The seams are for tests. */
export function startMemoryGovernor({ rss = () => process.memoryUsage.rss(), heapUsed = () => process.memoryUsage().heapUsed, collect = () => Bun.gc(true), now = () => performance.now() }: Seams = {}): () => void {
  // The heap right after the last collection (0: none yet), and when that was.
  let floor = 0
  let last = -Infinity
  const timer = setInterval(() => {
    const resident = rss()
    if (resident <= MEMORY_SOFT_LIMIT_BYTES) return
    const hard = resident > MEMORY_HARD_LIMIT_BYTES && now() - last >= HARD_EVERY_MS
    if (!hard && floor && heapUsed() < floor + HEAP_GROWTH_BYTES) return
    collect()
    floor = heapUsed()
    last = now()
  }, CHECK_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
