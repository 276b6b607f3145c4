// The two places a summary reads from must agree: the day sums written with each hit (read
// without filters) and the hits themselves (read with filters), before and after roll-up.
import { afterAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { GOALS, SummaryQuery } from '#src/contract/analytics'
import { manualClock } from '#src/lib/clock'
import { silentLogger } from '#src/lib/logger'
import { AnalyticsCollector } from '#src/features/analytics/collector'
import { rollUp } from '#src/features/analytics/store'
import { summarise } from '#src/features/analytics/summary'
import { USER_AGENTS } from '#tests/support/data/visitors'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const PATHS = ['/', '/blog', '/projects?tag=gpu', '/contact', '/demo/dapp']
const REFERRERS = ['', 'https://news.ycombinator.com/', 'https://www.google.com/', 'https://lobste.rs/']
const UAS = [USER_AGENTS.chromeWindows, USER_AGENTS.firefoxLinux, USER_AGENTS.safariIphone, USER_AGENTS.chromeAndroidTablet]

const hitArb = fc.record({
  minutes: fc.integer({ min: 0, max: 4 * 24 * 60 }),
  person: fc.integer({ min: 0, max: 11 }),
  path: fc.constantFrom(...PATHS),
  referrer: fc.constantFrom(...REFERRERS),
  utm: fc.constantFrom('', '?utm_source=mail&utm_campaign=june', '?utm_medium=social'),
  // Mostly views, some goals.
  goal: fc.oneof({ arbitrary: fc.constant(null), weight: 5 }, { arbitrary: fc.constantFrom(GOALS.contactSent, GOALS.outbound), weight: 1 }),
})

const QUERY = SummaryQuery.parse({ from: '2026-06-01', to: '2026-06-05' })
const comparable = ({ totals, panels, topPaths, byDay, chart }: ReturnType<typeof summarise>) => ({ totals, panels, topPaths, byDay, chart })

describe('day sums and hits', () => {
  test('agree on every figure for any traffic, and roll-up changes none', () => {
    fc.assert(
      fc.property(fc.array(hitArb, { minLength: 1, maxLength: 80 }).map(([first, ...rest]) => [{ ...first!, goal: null }, ...rest]), (hits) => {
        const dir = mkdtempSync(join(tmpdir(), 'folio-sources-'))
        dirs.push(dir)
        const conn = openDatabase(dir)
        migrate(conn.sqlite)
        const clock = manualClock(new Date('2026-06-01T00:00:00.000Z'))
        const collector = new AnalyticsCollector({ sqlite: conn.sqlite, db: conn.db, clock, log: silentLogger, enabled: true, rawDays: 30, siteHost: 'example.com', isAdmin: () => false })
        try {
          for (const h of [...hits].sort((a, b) => a.minutes - b.minutes)) {
            clock.set(new Date(Date.parse('2026-06-01T00:00:00.000Z') + h.minutes * 60_000))
            const headers = new Headers({ 'user-agent': UAS[h.person % UAS.length]!, 'accept-language': 'en', referer: h.referrer })
            const hit = { headers, ip: `10.0.0.${h.person}` }
            if (h.goal) collector.goal(h.goal, hit)
            else collector.pageLoad(`${h.path}${h.utm && !h.path.includes('?') ? h.utm : ''}`, hit, 200)
          }
          collector.flush()
          const today = '2026-06-05'
          const daily = comparable(summarise(conn.sqlite, QUERY, { enabled: true, today }))
          const fromHits = comparable(summarise(conn.sqlite, QUERY, { enabled: true, today, forceHits: true }))
          expect(daily.totals.views).toBeGreaterThan(0)
          expect(fromHits).toEqual(daily)
          rollUp(conn.sqlite, '2026-06-06')
          expect(conn.sqlite.query('SELECT count(*) AS n FROM analytics_hits WHERE visitor IS NOT NULL').get()).toEqual({ n: 0 })
          expect(comparable(summarise(conn.sqlite, QUERY, { enabled: true, today, forceHits: true }))).toEqual(daily)
        } finally {
          collector.close()
          conn.close()
        }
      }),
      { numRuns: 60 },
    )
  })
})
