// A flood of over-limit bodies cannot make the server drop more than DRAINS_AT_ONCE of them at a
// time: past that a refused body is cancelled unread (its connection cut), so memory stays bounded.
import { expect, test } from 'bun:test'
import { drain, DRAIN_BYTES_PER_SECOND, DRAINS_AT_ONCE } from '#src/plugins/body-drain'

function endless() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => void (cancelled = true),
  })
  return { reader: stream.getReader(), end: () => controller.close(), cancelled: () => cancelled }
}

test('past DRAINS_AT_ONCE drains, a body is cancelled unread at once; a finished drain frees its place', async () => {
  const held = Array.from({ length: DRAINS_AT_ONCE }, endless)
  const running = held.map((h) => drain(h.reader, 1024))
  const extra = endless()
  expect(await drain(extra.reader, 1024)).toBe(false)
  expect(extra.cancelled()).toBe(true)

  held[0]!.end()
  expect(await running[0]!).toBe(true)
  const next = endless()
  const admitted = drain(next.reader, 1024)
  next.end()
  expect(await admitted).toBe(true)
  expect(next.cancelled()).toBe(false)

  for (const h of held.slice(1)) h.end()
  expect(await Promise.all(running.slice(1))).toEqual(Array(DRAINS_AT_ONCE - 1).fill(true))
})

test('past DRAIN_BYTES_PER_SECOND dropped in all, the drain stops and the body is cut', async () => {
  const chunk = new Uint8Array(1024 * 1024)
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      pulled++
      if (pulled > 40) c.close()
      else c.enqueue(chunk)
    },
  })
  expect(await drain(stream.getReader(), 100 * 1024 * 1024)).toBe(false)
  // 16 MiB of budget and what refills while it reads: far from the 40 MiB on offer.
  expect(pulled).toBeLessThan(DRAIN_BYTES_PER_SECOND / chunk.length + 8)
})
