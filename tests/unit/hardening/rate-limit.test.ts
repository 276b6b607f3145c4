// The fixed-window rate limiter's bound (SECURITY.md, "Bounds"): lru-cache keeps at most maxKeys
// keys, and a flood of new ones forgets the least recently hit, never the key that keeps asking.
import { expect, test } from 'bun:test'
import { RateLimiter } from '#src/lib/rate-limit'
import { manualClock } from '#src/lib/clock'

const limit = { max: 2, windowMs: 60_000 }

test('counts max hits a window, then refuses until the window ends', () => {
  const clock = manualClock()
  const limiter = new RateLimiter(limit, clock)
  expect([1, 2, 3].map(() => limiter.hit('a').ok)).toEqual([true, true, false])
  clock.advance(30_000)
  expect(limiter.hit('a')).toEqual({ ok: false, retryAfterSeconds: 30 })
  clock.advance(30_000)
  expect(limiter.hit('a').ok).toBe(true)
})

test('a key past its limit stays refused through a flood of new keys past the bound, while it keeps asking', () => {
  const limiter = new RateLimiter(limit, manualClock(), 100)
  for (let i = 0; i < 3; i++) limiter.hit('flooder')
  for (let i = 0; i < 1_000; i++) {
    limiter.hit(`stranger ${i}`)
    if (i % 50 === 0) expect(limiter.hit('flooder').ok).toBe(false)
  }
  expect(limiter.hit('flooder').ok).toBe(false)
})

test('past the bound the least recently hit key is forgotten, one for each new key', () => {
  const limiter = new RateLimiter(limit, manualClock(), 100)
  for (const key of ['first', 'second']) for (let i = 0; i < 3; i++) limiter.hit(key)
  for (let i = 0; i < 98; i++) limiter.hit(`stranger ${i}`)
  limiter.hit('second')
  limiter.hit('one more')
  // 'first' went (its count with it); 'second', hit since, is still refused.
  expect(limiter.hit('first').ok).toBe(true)
  expect(limiter.hit('second').ok).toBe(false)
})
