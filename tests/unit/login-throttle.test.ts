import { describe, expect, test } from 'bun:test'
import { BUSY, HashGate, LoginThrottle } from '../../src/features/auth/login-throttle'
import { manualClock } from '../../src/lib/clock'

describe('login throttle', () => {
  test('allows 4 failures, then waits 10 minutes, doubling after each further failure', () => {
    const clock = manualClock()
    const throttle = new LoginThrottle(clock)
    const keys = ['ip:1.2.3.4']
    for (let i = 0; i < 4; i++) {
      expect(throttle.retryAfter(keys)).toBe(0)
      throttle.fail(keys)
    }
    expect(throttle.retryAfter(keys)).toBe(0)
    throttle.fail(keys)
    expect(throttle.retryAfter(keys)).toBe(600)
    clock.advance(600_000)
    expect(throttle.retryAfter(keys)).toBe(0)
    throttle.fail(keys)
    expect(throttle.retryAfter(keys)).toBe(1200)
  })

  test('a success clears the failures', () => {
    const throttle = new LoginThrottle(manualClock())
    for (let i = 0; i < 5; i++) throttle.fail(['k'])
    throttle.succeed(['k'])
    expect(throttle.retryAfter(['k'])).toBe(0)
  })

  test('any locked key blocks the attempt', () => {
    const throttle = new LoginThrottle(manualClock())
    for (let i = 0; i < 5; i++) throttle.fail(['account:a'])
    expect(throttle.retryAfter(['ip:x', 'account:a'])).toBeGreaterThan(0)
  })
})

describe('hash gate', () => {
  test('runs at most `concurrency` jobs at once and refuses past the queue', async () => {
    const gate = new HashGate(2, 1)
    let running = 0
    let peak = 0
    const release: (() => void)[] = []
    const job = () =>
      gate.run(async () => {
        running++
        peak = Math.max(peak, running)
        await new Promise<void>((r) => release.push(r))
        running--
        return 'done'
      })
    const jobs = [job(), job(), job()]
    expect(await job()).toBe(BUSY)
    while (release.length < 2) await Bun.sleep(1)
    release.splice(0).forEach((r) => r())
    while (release.length < 1) await Bun.sleep(1)
    release.splice(0).forEach((r) => r())
    expect(await Promise.all(jobs)).toEqual(['done', 'done', 'done'])
    expect(peak).toBe(2)
  })
})
