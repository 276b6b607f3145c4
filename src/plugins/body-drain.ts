// A refused request's body is read and dropped, within a bound, before the refusal goes out.
// NOTE: a server that answers and closes while the client is still writing makes most clients
// report a broken pipe or a reset instead of the 413 (or 401, 415) it sent: the kernel answers
// the unread bytes with a reset, which can discard the answer before the client reads it.
import { TokenBucket } from '#src/lib/token-bucket'

/**
 * How much more than a route's limit (or, refused before reading, how much in all) is read and
 * dropped: a mistaken upload or JSON a few megabytes too big still gets its answer. The bytes are
 * not kept, so it costs bandwidth, not memory. Past it the connection is cut.
 */
export const DRAIN_BYTES = 4 * 1024 * 1024
/** How long the dropping may take: a slow sender does not hold a refused request open for long. */
export const DRAIN_MS = 10_000

/**
 * How many refused bodies are dropped at once. Each costs little memory, but a flood of them
 * (2 MiB bodies on 24 connections) allocated chunks faster than they were collected: 259 MiB of
 * RSS in bench/soak-probe.ts. Past it a refused body is not read and its connection is cut, as
 * past DRAIN_BYTES: an attacker's, since a client that made a mistake rarely sends five at once.
 */
export const DRAINS_AT_ONCE = 4
let draining = 0

/**
 * Bytes dropped a second, all refused bodies together (a burst of as much): each dropped chunk is
 * garbage to collect, and a flood of big bodies made it faster than the collector freed it. Past
 * it a refused body's connection is cut. A mistaken upload a few megabytes too big is one burst.
 */
export const DRAIN_BYTES_PER_SECOND = 16 * 1024 * 1024
const dropped = new TokenBucket(DRAIN_BYTES_PER_SECOND, DRAIN_BYTES_PER_SECOND)

/** Reads `reader` to its end, or until `budget` bytes or DRAIN_MS; true when the end came first. */
export async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  if (draining >= DRAINS_AT_ONCE) {
    await reader.cancel().catch(() => {})
    return false
  }
  draining++
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), DRAIN_MS)))
  try {
    for (let left = budget; left >= 0; ) {
      const next = await Promise.race([reader.read(), late])
      if (next === 'late') break
      if (next.done) return true
      left -= next.value.byteLength
      if (!dropped.take(next.value.byteLength)) break
    }
  } catch {
    // The client went away: nothing left to answer.
    return false
  } finally {
    clearTimeout(timer)
    draining--
  }
  await reader.cancel().catch(() => {})
  return false
}

/**
 * Drops the unread body of a request refused before reading it. A declared length past `budget`
 * is not read at all: the connection would be cut anyway, after wasted time.
 */
export async function discardBody(request: Request, budget = DRAIN_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return
  if (Number(request.headers.get('content-length') ?? '0') > budget) return
  await drain(request.body.getReader(), budget)
}
