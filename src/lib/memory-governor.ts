// Keeps the process's memory near its working set on a small VPS: JavaScriptCore collects when its
// own heuristics say so, which under a flood of allocations (renders, bodies) lets garbage pile up
// to twice the live heap. Past a resident size, a collection is asked for, at most four times a second.

/** Resident size past which garbage is collected: idle folio is about 100 MiB (bench/SOAK.md). */
export const MEMORY_SOFT_LIMIT_BYTES = 120 * 1024 * 1024
const CHECK_MS = 250

/** Starts the governor; returns its stop. `rss` and `collect` are seams for tests. */
export function startMemoryGovernor(rss: () => number = () => process.memoryUsage.rss(), collect: () => void = () => Bun.gc(true)): () => void {
  const timer = setInterval(() => {
    if (rss() > MEMORY_SOFT_LIMIT_BYTES) collect()
  }, CHECK_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
