// The pieces that bound analytics: the day's values per dimension, the pace of one address, the
// masking of capability paths (tests/api/analytics/analytics-bounds.test.ts drives them through a server).
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { OTHER_VALUE } from '#src/contract/analytics'
import { ADDRESS_RATE, RateJudge } from '#src/features/analytics/bots'
import { DailyValues } from '#src/features/analytics/daily-values'
import { maskCapabilities } from '#src/features/analytics/page-path'
import { countedView } from '#src/web/view-counting'

describe('DailyValues', () => {
  test('keeps the first values up to the cap, folds later new ones, never folds none', () => {
    const values = new DailyValues(2)
    expect(['/a', '/b', '/c', '/a', '', OTHER_VALUE].map((v) => values.fold('path', v))).toEqual(['/a', '/b', OTHER_VALUE, '/a', '', OTHER_VALUE])
    // Each dimension has its own room.
    expect(values.fold('notFound', '/c')).toBe('/c')
  })

  test('starts a day from the values it stored, past the cap too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-values-'))
    const conn = openDatabase(dir)
    try {
      migrate(conn.sqlite)
      const insert = conn.sqlite.query("INSERT INTO analytics_daily (day, dim, value, hits, visitors) VALUES ('2026-06-01', 'path', ?, 1, 0)")
      for (const v of ['/a', '/b', '/c', OTHER_VALUE]) insert.run(v)
      const values = new DailyValues(2)
      values.startDay(conn.sqlite, '2026-06-01')
      expect(['/c', '/d'].map((v) => values.fold('path', v))).toEqual(['/c', OTHER_VALUE])
      values.startDay(conn.sqlite, '2026-06-02')
      expect(values.fold('path', '/d')).toBe('/d')
    } finally {
      conn.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('RateJudge per address', () => {
  test('a pace, not a ban: refused hits hold the address back only while its minute is full', () => {
    const judge = new RateJudge({ ...ADDRESS_RATE, max: 3 })
    const at = (s: number) => Date.parse('2026-06-01T00:00:00Z') + s * 1000
    expect([0, 1, 2, 3, 4].map((s) => judge.hit('ip', at(s)))).toEqual([null, null, null, ADDRESS_RATE.reason, ADDRESS_RATE.reason])
    // Still full: the refused hits at 3 s and 4 s count inside the minute.
    expect(judge.hit('ip', at(61.5))).toBe(ADDRESS_RATE.reason)
    expect(judge.hit('ip', at(130))).toBeNull()
  })
})

describe('capability paths', () => {
  test.each([
    ['/resume/tok', '/resume/…'],
    ['/resume/tok/x?next=tok', '/resume/…'],
    ['//RESUME/tok', '/resume/…'],
    ['/resume%2Ftok', '/resume/…'],
    ['/preview/post.1.2.sig', '/preview/…'],
    ['/resume', '/resume'],
    ['/resumes/x', '/resumes/x'],
    ['/blog/resume/x', '/blog/resume/x'],
    ['/%E0%A4%A', '/%E0%A4%A'],
  ])('%s is stored as %s', (path, stored) => {
    expect(maskCapabilities(path)).toBe(stored)
  })

  test('a view keeps only its declared query, and reads the whole one for its campaign', () => {
    const view = countedView('/projects?utm_source=x&tag=gpu&junk=1')!
    expect(view.path).toBe('/projects?tag=gpu')
    expect(view.search.get('utm_source')).toBe('x')
    expect(countedView('/resume/tok?tag=tok')!.path).toBe('/resume/…')
    expect(countedView('/nowhere/at/all?tag=x')!.path).toBe('/nowhere/at/all')
  })
})
