import { describe, expect, test } from 'bun:test'
import { SummaryQuery } from '#src/contract/analytics'
import { addDays, resolveRange } from '#src/features/analytics/range'

const TODAY = '2026-03-01'
const q = (query: Record<string, string>) => SummaryQuery.parse(query)

describe('resolveRange', () => {
  test.each([
    ['defaults to the last 30 days ending today', {}, { mode: 'days', days: 30, from: '2026-01-31', to: TODAY }],
    ['counts today as the first of N days', { days: '1' }, { mode: 'days', days: 1, from: TODAY, to: TODAY }],
    ['reaches back across the end of February for 7 days', { days: '7' }, { mode: 'days', days: 7, from: '2026-02-23', to: TODAY }],
    ['keeps custom days as sent, inclusive', { from: '2026-02-10', to: '2026-02-12' }, { mode: 'custom', days: null, from: '2026-02-10', to: '2026-02-12' }],
    ['starts all time at the first day with views', { all: 'true' }, { mode: 'all', days: null, from: '2025-12-24', to: TODAY }],
    ['accepts all=1 as all time', { all: '1' }, { mode: 'all', days: null, from: '2025-12-24', to: TODAY }],
    ['treats all=false as no all at all', { all: 'false', days: '7' }, { mode: 'days', days: 7, from: '2026-02-23', to: TODAY }],
    ['prefers all=true over days and dates', { all: 'true', days: '7', from: '2026-02-10', to: '2026-02-12' }, { mode: 'all', days: null, from: '2025-12-24', to: TODAY }],
    ['prefers from&to over days', { days: '7', from: '2026-02-10', to: '2026-02-12' }, { mode: 'custom', days: null, from: '2026-02-10', to: '2026-02-12' }],
  ] as const)('%s', (_name, query, expected) => {
    expect(resolveRange(q(query), TODAY, '2025-12-24')).toEqual(expected)
  })

  test('leaves all time open at the start when nothing was ever viewed', () => {
    expect(resolveRange(q({ all: 'true' }), TODAY, null)).toEqual({ mode: 'all', days: null, from: null, to: TODAY })
  })
})

describe('addDays', () => {
  test.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-06-01', 0, '2026-06-01'],
  ] as const)('%s plus %i days is %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected)
  })
})

describe('SummaryQuery', () => {
  test.each([
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-01' }],
    ['a date in another format', { from: '01/02/2026', to: '2026-03-01' }],
    ['from without to', { from: '2026-02-01' }],
    ['to without from', { to: '2026-02-01' }],
    ['from after to', { from: '2026-02-02', to: '2026-02-01' }],
    ['zero days', { days: '0' }],
    ['fractional days', { days: '1.5' }],
    ['days that are not a number', { days: 'week' }],
    ['an unknown all value', { all: 'yes' }],
  ])('rejects %s', (_name, query) => {
    expect(SummaryQuery.safeParse(query).success).toBe(false)
  })

  test('accepts a one-day custom range', () => {
    expect(SummaryQuery.safeParse({ from: '2026-02-01', to: '2026-02-01' }).success).toBe(true)
  })
})
