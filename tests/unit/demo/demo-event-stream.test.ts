import { beforeEach, describe, expect, test } from 'bun:test'
import { createApiClient } from '#client/lib/api'
import { demoApi } from '#client/features/demo/api'
import {
  connectEventStream,
  isReconnecting,
  type EventSourceLike,
  type StreamEvent,
  type StreamStatus,
  type Timers,
} from '#client/features/demo/event-stream'
import { DEMO_EVENT_TYPES } from '#src/contract/demo'

/** An EventSource the test drives: open(), fail(), emit(). */
class FakeEventSource implements EventSourceLike {
  static made: FakeEventSource[] = []
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  closed = false
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>()

  constructor(readonly url: string) {
    FakeEventSource.made.push(this)
  }
  get types() {
    return [...this.listeners.keys()]
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  open() {
    this.onopen?.(new Event('open'))
  }
  fail() {
    this.onerror?.(new Event('error'))
  }
  emit(type: string, data: unknown, id: string) {
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}

/** Timers that run only when the test says; `delays` is every wait asked for. */
function fakeTimers() {
  const queue = new Map<number, () => void>()
  const delays: number[] = []
  let next = 0
  const timers: Timers = {
    set(run, ms) {
      delays.push(ms)
      queue.set(++next, run)
      return next
    },
    clear: (handle) => queue.delete(handle as number),
  }
  const fire = () => {
    const [handle, run] = [...queue][0]!
    queue.delete(handle)
    run()
  }
  return { timers, delays, fire, pending: () => queue.size }
}

let clock: ReturnType<typeof fakeTimers>
let events: StreamEvent[]
let statuses: StreamStatus[]
const latest = () => FakeEventSource.made.at(-1)!
const url = (lastEventId: string | null) => (lastEventId === null ? '/api/demo/events' : `/api/demo/events?lastEventId=${lastEventId}`)

function start() {
  return connectEventStream({
    url,
    EventSource: FakeEventSource,
    timers: clock.timers,
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
  })
}

/** Fails the current source and runs the reconnect it schedules. */
function failAndRetry() {
  latest().fail()
  clock.fire()
}

beforeEach(() => {
  FakeEventSource.made = []
  clock = fakeTimers()
  events = []
  statuses = []
})

describe('demo event stream client', () => {
  test('connects at once, then reports open and hands over parsed events with their ids', () => {
    start()
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(['/api/demo/events'])
    expect(statuses.at(-1)).toEqual({ state: 'connecting', everOpened: false, attempt: 0 })
    latest().open()
    expect(statuses.at(-1)).toMatchObject({ state: 'open', everOpened: true })
    latest().emit('ready', { replayed: 0 }, '4')
    latest().emit('tx.created', { id: '0xabc' }, '5')
    latest().emit('demo.wallet.linked', 'not json', '6')
    expect(events).toEqual([
      { type: 'ready', id: '4', data: { replayed: 0 } },
      { type: 'tx.created', id: '5', data: { id: '0xabc' } },
      { type: 'demo.wallet.linked', id: '6', data: 'not json' },
    ])
  })

  test('on an error it closes the EventSource itself and retries after 1, 2, 4, 8, 16, 30, 30 s', () => {
    start()
    latest().open()
    for (let i = 0; i < 7; i++) {
      const source = latest()
      source.fail()
      expect(source.closed).toBe(true)
      expect(statuses.at(-1)?.state).toBe('retrying')
      expect(FakeEventSource.made).toHaveLength(i + 1)
      clock.fire()
      expect(FakeEventSource.made).toHaveLength(i + 2)
    }
    expect(clock.delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
    expect(statuses.filter((s) => s.state === 'retrying').map((s) => s.retryInMs)).toEqual(clock.delays)
  })

  test('a successful open resets the schedule to 1 s', () => {
    start()
    failAndRetry()
    failAndRetry()
    failAndRetry()
    latest().open()
    failAndRetry()
    expect(clock.delays).toEqual([1_000, 2_000, 4_000, 1_000])
  })

  test('a reconnect carries the last seen event id, and the first connect carries none', () => {
    start()
    latest().open()
    latest().emit('ready', { replayed: 0 }, '7')
    latest().emit('tx.confirmed', { id: '0x1' }, '9')
    failAndRetry()
    expect(latest().url).toBe('/api/demo/events?lastEventId=9')
    // A reconnect that fails before any event keeps the same resume point.
    failAndRetry()
    expect(latest().url).toBe('/api/demo/events?lastEventId=9')
    latest().open()
    latest().emit('ready', { replayed: 0 }, '12')
    failAndRetry()
    expect(FakeEventSource.made.map((s) => s.url)).toEqual([
      '/api/demo/events',
      '/api/demo/events?lastEventId=9',
      '/api/demo/events?lastEventId=9',
      '/api/demo/events?lastEventId=12',
    ])
  })

  test('an id that goes down (the server restarted, ids begin again) is followed, not the highest', () => {
    const stream = start()
    latest().emit('ready', { replayed: 0 }, '40')
    failAndRetry()
    latest().emit('ready', { replayed: 0 }, '2')
    expect(stream.lastEventId()).toBe('2')
  })

  test('close() ends the EventSource and any pending retry, and late callbacks change nothing', () => {
    const stream = start()
    const first = latest()
    first.open()
    first.fail()
    expect(clock.pending()).toBe(1)
    stream.close()
    expect(clock.pending()).toBe(0)
    const before = statuses.length
    first.emit('tx.created', { id: '0x1' }, '3')
    first.fail()
    expect(events).toEqual([])
    expect(statuses).toHaveLength(before)
    expect(FakeEventSource.made).toHaveLength(1)
  })

  test('events and errors of a replaced EventSource are ignored', () => {
    start()
    const old = latest()
    failAndRetry()
    old.emit('tx.created', { id: '0xold' }, '99')
    old.fail()
    expect(events).toEqual([])
    expect(clock.pending()).toBe(0)
  })

  test.each<[StreamStatus['state'], boolean, boolean]>([
    ['connecting', false, false],
    ['open', true, false],
    ['retrying', false, true],
    ['retrying', true, true],
    ['connecting', true, true],
  ])('the reconnecting badge for %s (opened before: %p) is shown: %p', (state, everOpened, shown) => {
    expect(isReconnecting({ state, everOpened })).toBe(shown)
  })

  test('listens to every event type of the contract', () => {
    start()
    expect(latest().types).toEqual([...DEMO_EVENT_TYPES])
  })

  test('the stream URL carries lastEventId only when there is one, after the API base', () => {
    const api = demoApi(createApiClient({ apiBase: 'https://api.example.com/', location: { hostname: 'example.com', origin: 'https://example.com' } }))
    expect(api.eventsUrl(null)).toBe('https://api.example.com/api/demo/events')
    expect(api.eventsUrl('17')).toBe('https://api.example.com/api/demo/events?lastEventId=17')
  })
})
