import { describe, expect, test } from 'bun:test'
import { BUSY, HashGate } from '#src/features/sign-in-methods/hash-gate'
import { LoginThrottle } from '#src/features/auth/login-throttle'
import { manualClock } from '#src/lib/clock'

const failTimes = (throttle: LoginThrottle, source: string, n: number) => {
  for (let i = 0; i < n; i++) expect(throttle.reserve(source)).toBe(0)
}

describe('login throttle', () => {
  test('allows 4 failures, then waits 10 minutes, doubling after each further failure', () => {
    const clock = manualClock()
    const throttle = new LoginThrottle(clock)
    failTimes(throttle, '1.2.3.4', 3)
    expect(throttle.retryAfter('1.2.3.4')).toBe(0)
    failTimes(throttle, '1.2.3.4', 1)
    expect(throttle.retryAfter('1.2.3.4')).toBe(600)
    expect(throttle.reserve('1.2.3.4')).toBe(600)
    clock.advance(600_000)
    failTimes(throttle, '1.2.3.4', 1)
    expect(throttle.retryAfter('1.2.3.4')).toBe(1200)
  })

  test('a success clears the failures of its source only', () => {
    const throttle = new LoginThrottle(manualClock())
    failTimes(throttle, 'a', 4)
    failTimes(throttle, 'b', 4)
    throttle.succeed('a')
    expect(throttle.retryAfter('a')).toBe(0)
    expect(throttle.hasFailures('a')).toBe(false)
    expect(throttle.retryAfter('b')).toBe(600)
  })

  test('a refunded attempt (it never reached the hash) neither counts nor locks', () => {
    const throttle = new LoginThrottle(manualClock())
    failTimes(throttle, 'a', 4)
    throttle.refund('a')
    expect(throttle.retryAfter('a')).toBe(0)
    failTimes(throttle, 'a', 1)
    expect(throttle.retryAfter('a')).toBe(600)
  })

  test('keeps at most 10,000 sources, forgetting the one whose last failure is oldest', () => {
    const throttle = new LoginThrottle(manualClock())
    failTimes(throttle, 'first', 4)
    failTimes(throttle, 'again', 1)
    for (let i = 0; i < 100_000; i++) {
      throttle.reserve(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`)
      if (i === 95_000) throttle.reserve('again')
    }
    expect(throttle.size).toBeLessThanOrEqual(10_000)
    expect(throttle.hasFailures('first')).toBe(false)
    expect(throttle.hasFailures('again')).toBe(true)
    expect(throttle.hasFailures('10.1.134.159')).toBe(true)
  })

  test('past the bound one source is forgotten for each new one, and a check does not keep a source', () => {
    const throttle = new LoginThrottle(manualClock(), 100)
    for (let i = 0; i < 100; i++) throttle.reserve(`s${i}`)
    // A locked-out source asking again and again is only checked: it is not made the newest.
    for (let i = 0; i < 5; i++) expect([throttle.retryAfter('s0'), throttle.hasFailures('s0')]).toEqual([0, true])
    throttle.reserve('new')
    expect(throttle.size).toBe(100)
    expect(throttle.hasFailures('s0')).toBe(false)
    expect(throttle.hasFailures('s1')).toBe(true)
  })

  test('stays cheap while forgetting: 300,000 new sources take well under 2 seconds', () => {
    const throttle = new LoginThrottle(manualClock())
    const started = performance.now()
    for (let i = 0; i < 300_000; i++) throttle.reserve(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(throttle.size).toBeLessThanOrEqual(10_000)
  })

  test('the account is under attack past 10 failures in 15 minutes', () => {
    const clock = manualClock()
    const throttle = new LoginThrottle(clock)
    for (let i = 0; i < 10; i++) throttle.accountFailed()
    expect(throttle.underAttack()).toBe(false)
    clock.advance(60_000)
    throttle.accountFailed()
    expect(throttle.underAttack()).toBe(true)
    clock.advance(15 * 60_000)
    expect(throttle.underAttack()).toBe(false)
  })

  test('forgets everything once the admin credentials change', () => {
    const throttle = new LoginThrottle(manualClock())
    throttle.observeAdmin('1:2026-06-01T12:00:00.000Z')
    failTimes(throttle, 'a', 4)
    for (let i = 0; i < 11; i++) throttle.accountFailed()
    throttle.observeAdmin('1:2026-06-01T12:00:00.000Z')
    expect(throttle.retryAfter('a')).toBe(600)
    throttle.observeAdmin('1:2026-06-01T12:05:00.000Z')
    expect(throttle.retryAfter('a')).toBe(0)
    expect(throttle.underAttack()).toBe(false)
  })
})

/** A job that runs until released, noting how many run at once. */
function jobs(gate: HashGate) {
  const release: (() => void)[] = []
  const seen = { running: 0, peak: 0, order: [] as string[] }
  const job = (source: string, name = source, clean = false) =>
    gate.run({ source, clean }, async () => {
      seen.running++
      seen.peak = Math.max(seen.peak, seen.running)
      seen.order.push(name)
      await new Promise<void>((r) => release.push(r))
      seen.running--
      return name
    })
  const releaseNext = async () => {
    while (release.length < 1) await Bun.sleep(1)
    release.shift()!()
  }
  return { job, seen, release, releaseNext }
}

describe('hash gate', () => {
  test('runs at most `concurrency` jobs at once and refuses past the queue', async () => {
    const gate = new HashGate(2, 1)
    const { job, seen, releaseNext } = jobs(gate)
    const started = [job('a'), job('b'), job('c')]
    expect(await job('d')).toBe(BUSY)
    for (let i = 0; i < 3; i++) await releaseNext()
    expect(await Promise.all(started)).toEqual(['a', 'b', 'c'])
    expect(seen.peak).toBe(2)
  })

  test('one source holds at most one place in the queue; its other attempts wait their turn outside it', async () => {
    const gate = new HashGate(1, 1)
    const { job, seen, releaseNext } = jobs(gate)
    const started = [job('a', 'a1'), job('a', 'a2'), job('a', 'a3'), job('b')]
    expect(await job('c')).toBe(BUSY)
    for (let i = 0; i < 4; i++) await releaseNext()
    expect(await Promise.all(started)).toEqual(['a1', 'a2', 'a3', 'b'])
    expect(seen.order).toEqual(['a1', 'b', 'a2', 'a3'])
  })

  test('an attempt from a clean source goes before the queued ones, even when their queue is full', async () => {
    const gate = new HashGate(1, 1)
    const { job, seen, releaseNext } = jobs(gate)
    const started = [job('a'), job('b'), job('owner', 'owner', true)]
    for (let i = 0; i < 3; i++) await releaseNext()
    expect(await Promise.all(started)).toEqual(['a', 'b', 'owner'])
    expect(seen.order).toEqual(['a', 'owner', 'b'])
  })
})
