import { describe, expect, test } from 'bun:test'
import {
  applyOrder,
  ORDER_EVENT,
  ORDER_VERSION_KEY,
  orderCacheParam,
  publishOrder,
  readOrderVersion,
  subscribeOrder,
  type OrderChange,
  type StorageLike,
} from '#client/lib/order-sync'

function fakeStorage(initial?: string): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>(initial === undefined ? [] : [[ORDER_VERSION_KEY, initial]])
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) }
}
const brokenStorage: StorageLike = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError')
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError')
  },
}
/** What the browser fires in the other tabs when one tab writes localStorage. */
const storageEvent = (key: string | null, newValue: string | null) => Object.assign(new Event('storage'), { key, newValue })

function listen(storage = fakeStorage()) {
  const win = new EventTarget()
  const changes: OrderChange[] = []
  const stop = subscribeOrder((c) => changes.push(c), { win, storage })
  return { win, storage, changes, stop }
}

describe('stored order version', () => {
  test.each([
    [undefined, 0], ['3', 3], ['2.5', 2.5], ['-4', -4], ['abc', 0], ['Infinity', 0], ['NaN', 0], ['', 0],
  ])('reads %p as %p', (raw, version) => {
    expect(readOrderVersion(fakeStorage(raw))).toBe(version)
  })

  test('reads 0 when storage is blocked or absent', () => {
    expect(readOrderVersion(brokenStorage)).toBe(0)
    expect(readOrderVersion(undefined)).toBe(0)
  })

  test.each([[0, undefined], [5, '5'], [-1, '-1']])('uses cache-busting value %p -> %p', (version, param) => {
    expect(orderCacheParam(version)).toBe(param)
  })
})

describe('publishing an order', () => {
  test('bumps the stored version and tells this tab', () => {
    const win = new EventTarget()
    const storage = fakeStorage('4')
    const details: unknown[] = []
    win.addEventListener(ORDER_EVENT, (e) => details.push((e as CustomEvent).detail))
    expect(publishOrder(['b', 'a'], undefined, { win, storage })).toBe(5)
    expect(storage.data.get(ORDER_VERSION_KEY)).toBe('5')
    expect(details).toEqual([{ slugs: ['b', 'a'], version: 5 }])
  })

  test.each([
    ['a given version', '4', 42, 42],
    ['a first version', undefined, undefined, 1],
    ['a bump over a junk value', 'junk', undefined, 1],
    ['a bump instead of a non-finite version', '7', Number.NaN, 8],
  ])('stores %s', (_name, stored, given, expected) => {
    const storage = fakeStorage(stored)
    publishOrder(['a'], given, { win: new EventTarget(), storage })
    expect(storage.data.get(ORDER_VERSION_KEY)).toBe(String(expected))
  })

  test('still tells this tab when storage is blocked', () => {
    const { win, changes } = listen()
    expect(publishOrder(['a'], undefined, { win, storage: brokenStorage })).toBe(1)
    expect(changes).toEqual([{ slugs: ['a'], version: 1 }])
  })
})

describe('applying an order', () => {
  const items = ['a', 'b', 'c', 'd'].map((slug) => ({ slug }))
  test.each([
    ['listed slugs first, the rest after in their order', ['c', 'a'], 'c a b d'],
    ['a full order', ['d', 'c', 'b', 'a'], 'd c b a'],
    ['no slugs', [], 'a b c d'],
    ['unknown and repeated slugs', ['x', 'b', 'b', 'a'], 'b a c d'],
  ])('puts %s', (_name, slugs, expected) => {
    expect(applyOrder(items, slugs).map((i) => i.slug).join(' ')).toBe(expected)
  })

  test('leaves the input list as it was', () => {
    applyOrder(items, ['d'])
    expect(items.map((i) => i.slug)).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('following order changes', () => {
  test('sets the version an event carries and passes its slugs', () => {
    const { win, changes } = listen(fakeStorage('3'))
    win.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail: { slugs: ['b', 7, 'a'], version: 10 } }))
    expect(changes).toEqual([{ slugs: ['b', 'a'], version: 10 }])
  })

  test('bumps the version when an event carries none or a non-number', () => {
    const { win, changes } = listen(fakeStorage('3'))
    win.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail: { slugs: ['a'] } }))
    win.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail: { slugs: ['a'], version: '9' } }))
    win.dispatchEvent(new CustomEvent(ORDER_EVENT))
    expect(changes).toEqual([{ slugs: ['a'], version: 4 }, { slugs: ['a'], version: 5 }, { version: 6 }])
  })

  test('sets the version stored by another tab and ignores other keys', () => {
    const { win, changes } = listen()
    win.dispatchEvent(storageEvent('theme', 'light'))
    win.dispatchEvent(storageEvent(ORDER_VERSION_KEY, '12'))
    win.dispatchEvent(storageEvent(ORDER_VERSION_KEY, 'junk'))
    expect(changes).toEqual([{ version: 12 }, { version: 0 }])
  })

  test('receives what the admin publishes in the same tab', () => {
    const { win, storage, changes } = listen()
    publishOrder(['z', 'y'], undefined, { win, storage })
    expect(changes).toEqual([{ slugs: ['z', 'y'], version: 1 }])
  })

  test('stops after unsubscribing', () => {
    const { win, changes, stop } = listen()
    stop()
    win.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail: { slugs: ['a'], version: 2 } }))
    win.dispatchEvent(storageEvent(ORDER_VERSION_KEY, '3'))
    expect(changes).toEqual([])
  })

  test('does nothing where there is no window', () => {
    expect(typeof subscribeOrder(() => {})).toBe('function')
  })
})
