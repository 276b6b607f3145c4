import { describe, expect, test } from 'bun:test'
import { DEMO_LIMITS } from '#src/contract/demo'
import { EventBus } from '#src/features/demo/event-bus'
import { DemoLogins } from '#src/features/demo/logins'
import { StreamRegistry } from '#src/features/demo/streams'
import { TxStore } from '#src/features/demo/transactions'
import { manualClock } from '#src/lib/clock'

describe('the event ring', () => {
  test('keeps the last 200 of 500 events, so a replay from 0 gets ids 301-500', () => {
    const bus = new EventBus(DEMO_LIMITS.eventsKept)
    for (let i = 0; i < 500; i++) bus.emit('tx.created', { id: `tx${i}` })
    const replay = bus.since(0)
    expect(replay).toHaveLength(200)
    expect(replay[0]).toEqual({ id: 301, type: 'tx.created', data: { id: 'tx300' } })
    expect(replay.at(-1)!.id).toBe(500)
    expect(bus.counts().kept).toBe(200)
  })

  test.each([
    ['an id within the ring', 450, 50],
    ['the newest id', 500, 0],
    ['an id from before a restart (ahead of ours)', 9_999, 200],
  ])('replays from %s', (_case, since, expected) => {
    const bus = new EventBus(200)
    for (let i = 0; i < 500; i++) bus.emit('demo.login.issued', {})
    expect(bus.since(since)).toHaveLength(expected)
  })

  test('forgets a listener that throws, and one that unsubscribed', () => {
    const bus = new EventBus(10)
    const unsubscribe = bus.subscribe(() => {})
    bus.subscribe(() => {
      throw new Error('stream gone')
    })
    bus.emit('demo.login.issued', {})
    expect(bus.counts().listeners).toBe(1)
    unsubscribe()
    expect(bus.counts().listeners).toBe(0)
  })
})

describe('the transaction store', () => {
  const store = (confirmed: string[] = []) =>
    new TxStore(manualClock(), { kept: DEMO_LIMITS.txKept, minDelayMs: 60_000, maxDelayMs: 60_000, onCreated: () => {}, onConfirmed: (id) => confirmed.push(id) })

  test('keeps 1000 of 1005 transactions: the 5 oldest are gone and their timers stopped', () => {
    const txs = store()
    const ids = Array.from({ length: 1005 }, () => txs.create())
    try {
      expect(ids.slice(0, 5).map((id) => txs.state(id))).toEqual([null, null, null, null, null])
      expect(txs.state(ids[5]!)).toBe('pending')
      expect(txs.state(ids[1004]!)).toBe('pending')
      expect(txs.counts()).toEqual({ kept: 1000, timers: 1000 })
    } finally {
      txs.close()
    }
    expect(txs.counts()).toEqual({ kept: 1000, timers: 0 })
  })

  test('drops the timer of a transaction confirmed by the clock, and confirms it once', async () => {
    const clock = manualClock()
    const confirmed: string[] = []
    const txs = new TxStore(clock, { kept: 10, minDelayMs: 5, maxDelayMs: 5, onCreated: () => {}, onConfirmed: (id) => confirmed.push(id) })
    const id = txs.create()
    clock.advance(5)
    expect(txs.state(id)).toBe('confirmed')
    expect(txs.counts().timers).toBe(0)
    await Bun.sleep(20)
    expect(confirmed).toEqual([id])
  })
})

describe('demo logins', () => {
  const options = { ttlMs: DEMO_LIMITS.loginTtlMs, kept: DEMO_LIMITS.loginsKept, maxFailures: DEMO_LIMITS.linkAttemptsPerLogin }

  test('keeps 1000 of 1005 logins: the 5 oldest are unknown', () => {
    const logins = new DemoLogins(manualClock(), options)
    const tokens = Array.from({ length: 1005 }, () => logins.issue().token)
    expect(logins.size).toBe(1000)
    expect(tokens.slice(0, 5).map((t) => logins.lookup(t))).toEqual(Array(5).fill({ ok: false, reason: 'unknown' }))
    expect(logins.lookup(tokens[5]!).ok).toBe(true)
  })

  test('sweeps expired logins on the next issue, so idle memory does not pile up', () => {
    const clock = manualClock()
    const logins = new DemoLogins(clock, options)
    for (let i = 0; i < 300; i++) logins.issue()
    clock.advance(options.ttlMs)
    logins.issue()
    expect(logins.size).toBe(1)
  })

  test('drops a login after 5 wrong signatures', () => {
    const logins = new DemoLogins(manualClock(), options)
    const { token } = logins.issue()
    for (let i = 0; i < 4; i++) logins.fail(token)
    expect(logins.lookup(token).ok).toBe(true)
    logins.fail(token)
    expect(logins.lookup(token)).toEqual({ ok: false, reason: 'unknown' })
    expect(logins.size).toBe(0)
  })
})

describe('the stream registry', () => {
  const limits = { perIp: 2, total: 3, perIpMessage: 'per ip', totalMessage: 'total' }

  test('caps streams per IP and in total, and gives a slot back once on release', () => {
    const streams = new StreamRegistry(limits)
    const a1 = streams.admit('a', () => {})
    expect(streams.admit('a', () => {}).ok).toBe(true)
    expect(streams.admit('a', () => {})).toEqual({ ok: false, reason: 'per ip' })
    expect(streams.admit('b', () => {}).ok).toBe(true)
    expect(streams.admit('c', () => {})).toEqual({ ok: false, reason: 'total' })
    if (!a1.ok) throw new Error('first stream refused')
    a1.release()
    a1.release()
    expect(streams.counts()).toEqual({ open: 2, ips: 2, timers: 0 })
    expect(streams.admit('a', () => {}).ok).toBe(true)
  })

  test('counts keep-alive timers until they are stopped, and closes every stream on shutdown', () => {
    const streams = new StreamRegistry(limits)
    const stops = [streams.every(60_000, () => {}), streams.every(60_000, () => {})]
    const closed: string[] = []
    for (const ip of ['a', 'b']) {
      const admission = streams.admit(ip, () => {
        closed.push(ip)
        if (admission.ok) admission.release()
      })
    }
    expect(streams.counts()).toEqual({ open: 2, ips: 2, timers: 2 })
    for (const stop of [...stops, ...stops]) stop()
    streams.closeAll()
    expect(closed).toEqual(['a', 'b'])
    expect(streams.counts()).toEqual({ open: 0, ips: 0, timers: 0 })
  })
})
