// The collector remembers today's visitor hashes (a hash per page load was most of counting's
// cost): the memo must go with the day's key, or a visitor would be linkable across days.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { AnalyticsCollector } from '#src/features/analytics/collector'
import { manualClock } from '#src/lib/clock'
import { silentLogger } from '#src/lib/logger'

const dir = mkdtempSync(join(tmpdir(), 'folio-hash-days-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('the same browser gets a new, unrelated hash on the next day, and the same one all day', () => {
  const conn = openDatabase(dir)
  migrate(conn.sqlite)
  const clock = manualClock(new Date('2026-06-01T10:00:00.000Z'))
  const collector = new AnalyticsCollector({ sqlite: conn.sqlite, db: conn.db, clock, log: silentLogger, enabled: true, rawDays: 30, siteHost: 'example.com', isAdmin: () => false })
  const hit = { headers: new Headers({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', 'accept-language': 'en' }), ip: '203.0.113.5' }
  collector.pageLoad('/', hit, 200)
  clock.set(new Date('2026-06-01T23:59:00.000Z'))
  collector.pageLoad('/blog', hit, 200)
  clock.set(new Date('2026-06-02T00:00:01.000Z'))
  collector.pageLoad('/', hit, 200)
  collector.close()
  const rows = conn.sqlite.query<{ day: string; visitor: string }, []>("SELECT day, visitor FROM analytics_hits WHERE kind = 'view' ORDER BY id").all()
  conn.close()
  expect(rows.map((r) => r.day)).toEqual(['2026-06-01', '2026-06-01', '2026-06-02'])
  expect(rows[1]!.visitor).toBe(rows[0]!.visitor)
  expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor)
})
