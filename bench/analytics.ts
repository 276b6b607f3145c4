// `npm run bench:analytics`, and the last step of `npm run bench`: the dashboard's summary over a
// generated year of 10,000 views a day. The hits are made like the collector makes them and
// written with its own store functions, then rolled up as in production, so the tables hold what a
// year of real counting leaves. Target: the full year without filters answers in under 50 ms
// (median). Writes bench/reports/ANALYTICS.md; run alone, it exits non-zero when the target is missed.
import type { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { DB_FILE, openDatabase } from '../db/connection'
import { migrate } from '../db/migrate'
import { GOALS, SummaryQuery } from '../src/contract/analytics'
import { DAY, utcDay } from '../src/lib/clock'
import { addDays } from '../src/features/analytics/range'
import { addToDaily, dailyOfHit, rollUp, writeHits, type DailySums, type HitRow, type VisitAttrs } from '../src/features/analytics/store'
import { summarise } from '../src/features/analytics/summary'
import { median, percentile, round } from './lib/stats'
import { seededRandom } from '#tests/support/data/seeded-random'

const DAYS = 365
const VIEWS_PER_DAY = 10_000
/** Production's default ANALYTICS_RAW_DAYS: older days are rolled up. */
const RAW_DAYS = 30
const BUDGET_MS = 50
const WARMUP = 3
const RUNS = 21
const FILTERED_RUNS = 5
const SEED = 20_260_101


/** A draw from `entries` in proportion to their weights. */
function weighted<T>(rand: () => number, entries: readonly (readonly [T, number])[]): () => T {
  const total = entries.reduce((n, [, w]) => n + w, 0)
  let acc = 0
  const bounds = entries.map(([, w]) => (acc += w / total))
  return () => {
    const r = rand()
    let lo = 0
    let hi = bounds.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (r < bounds[mid]!) hi = mid
      else lo = mid + 1
    }
    return entries[lo]![0]
  }
}

/** The first item the most popular, the k-th 1/k as popular. */
const zipf = <T>(rand: () => number, items: readonly T[]) => weighted(rand, items.map((x, i) => [x, 1 / (i + 1)] as const))
const numbered = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`)

const PATHS = ['/', '/blog', '/projects', '/skills', '/demo/dapp', ...numbered('/blog/post-', 36), ...numbered('/projects/project-', 19)]
const HOSTS = ['google.com', 'news.ycombinator.com', 'github.com', 'linkedin.com', 't.co', 'duckduckgo.com', 'bing.com', 'reddit.com', 'lobste.rs', 'dev.to',
  'mastodon.social', 'facebook.com', 'medium.com', 'stackoverflow.com', 'x.com', 'kagi.com', 'ecosia.org', 'substack.com', 'youtube.com', 'bsky.app']
const CAMPAIGNS = [['newsletter', 'email', 'weekly-digest'], ['linkedin', 'social', 'launch'], ['mastodon', 'social', 'launch'], ['google', 'cpc', 'portfolio'], ['meetup', 'talk', 'bun-sqlite']] as const
const NO_CAMPAIGN = ['', '', ''] as const
const PROFILES: readonly (readonly [readonly [browser: string, os: string, device: string], number])[] = [
  [['Chrome', 'Windows', 'desktop'], 24], [['Chrome', 'macOS', 'desktop'], 10], [['Safari', 'macOS', 'desktop'], 8], [['Safari', 'iOS', 'mobile'], 20],
  [['Safari', 'iOS', 'tablet'], 4], [['Chrome', 'Android', 'mobile'], 15], [['Chrome', 'Android', 'tablet'], 2], [['Samsung Internet', 'Android', 'mobile'], 4],
  [['Firefox', 'Windows', 'desktop'], 4], [['Firefox', 'Linux', 'desktop'], 3], [['Edge', 'Windows', 'desktop'], 5], [['Other', 'Linux', 'desktop'], 1],
]
const BOT_REASONS = ['Known bot: googlebot', 'Known bot: bingbot', 'Too fast', 'No Accept-Language', 'Known bot: ahrefsbot', 'Known bot: gptbot',
  'Known bot: semrushbot', 'No user agent', 'Known bot: curl', 'Known bot: python-requests']
const FEEDS = ['/feed.xml', '/feed.json', '/blog/tag/bun/feed.xml']

/** Every random choice of the generator, from one seeded stream so each run writes the same rows. */
function draws(rand: () => number) {
  const host = zipf(rand, HOSTS)
  const campaign = weighted(rand, CAMPAIGNS.map((c, i) => [c, CAMPAIGNS.length - i] as const))
  return {
    // Mean 2.85 pages a visit: about 3,500 visitors make the 10,000 views.
    pages: weighted(rand, [[1, 30], [2, 20], [3, 16], [4, 13], [5, 11], [6, 10]]),
    path: zipf(rand, PATHS),
    referrer: () => (rand() < 0.5 ? '' : host()),
    campaign: () => (rand() < 0.05 ? campaign() : NO_CAMPAIGN),
    profile: weighted(rand, PROFILES),
    goal: weighted(rand, [[GOALS.outbound, 40], [GOALS.demoOpened, 20], [GOALS.liveAppOpened, 15], [GOALS.videoPlayed, 12], [GOALS.resumeLinkUsed, 6], [GOALS.contactSent, 5], [GOALS.resumeLinkCreated, 2]]),
    bot: zipf(rand, BOT_REASONS),
    notFound: zipf(rand, ['/wp-login.php', '/.env', '/xmlrpc.php', ...numbered('/blog/old-post-', 27)]),
    feed: weighted(rand, FEEDS.map((f, i) => [f, 3 - i] as const)),
    /** About `mean`, give or take a fifth, so days differ. */
    around: (mean: number) => Math.round(mean * (0.8 + 0.4 * rand())),
    visitor: () => Array.from({ length: 4 }, () => Math.floor(rand() * 2 ** 32).toString(16).padStart(8, '0')).join(''),
    within: (ms: number) => Math.floor(rand() * ms),
  }
}

/** One day's hits as the collector pushes them, and the day sums they add up to. */
function generateDay(day: string, d: ReturnType<typeof draws>): { rows: HitRow[]; sums: DailySums } {
  const rows: HitRow[] = []
  const visits: { attrs: VisitAttrs; visitor: string; lastPath: string; lastAt: number }[] = []
  const dayStart = Date.parse(`${day}T00:00:00Z`)
  for (let views = 0; views < VIEWS_PER_DAY; ) {
    const count = Math.min(d.pages(), VIEWS_PER_DAY - views)
    const [browser, os, device] = d.profile()
    const [utmSource, utmMedium, utmCampaign] = d.campaign()
    const attrs: VisitAttrs = { entryPath: d.path(), referrer: d.referrer(), utmSource, utmMedium, utmCampaign, browser, os, device }
    const visitor = d.visitor()
    const seen = new Set<string>()
    // Begun in the first 23 hours, six views at most 3 minutes apart end the same day.
    let at = dayStart + d.within(DAY - 3_600_000)
    let path = attrs.entryPath
    for (let i = 0; i < count; i++, at += 10_000 + d.within(170_000)) {
      if (i > 0) path = d.path()
      rows.push({ ...attrs, day, kind: 'view', path, goal: '', visitors: seen.has(path) ? 0 : 1, entries: i === 0 ? 1 : 0, visitor, createdAt: new Date(at).toISOString() })
      seen.add(path)
    }
    visits.push({ attrs, visitor, lastPath: path, lastAt: at })
    views += count
  }
  const reached = new Set<string>()
  for (let i = d.around(200); i > 0; i--) {
    const v = visits[d.within(visits.length)]!
    const goal = d.goal()
    const key = `${v.visitor} ${goal}`
    rows.push({ ...v.attrs, day, kind: 'goal', path: v.lastPath, goal, visitors: reached.has(key) ? 0 : 1, entries: 0, visitor: v.visitor, createdAt: new Date(v.lastAt).toISOString() })
    reached.add(key)
  }
  const sums: DailySums = new Map()
  for (const row of rows) dailyOfHit(sums, row)
  for (let i = d.around(2_000); i > 0; i--) addToDaily(sums, day, 'bot', d.bot(), 1, 0)
  for (let i = d.around(100); i > 0; i--) addToDaily(sums, day, 'notFound', d.notFound(), 1, 0)
  for (let i = d.around(300); i > 0; i--) addToDaily(sums, day, 'feed', d.feed(), 1, 0)
  return { rows, sums }
}

/** The year ending `today`, one transaction per day (as the collector flushes), then the roll-up. */
function generate(sqlite: Database, today: string) {
  const d = draws(seededRandom(SEED))
  // NOTE: synchronous=OFF while generating only, to write 3.65M rows in seconds rather than
  // minutes; production runs FULL, and the measurement below reopens the file with its pragmas.
  sqlite.run('PRAGMA synchronous = OFF')
  const first = addDays(today, -(DAYS - 1))
  for (let i = 0; i < DAYS; i++) {
    const { rows, sums } = generateDay(addDays(first, i), d)
    writeHits(sqlite, rows, sums)
  }
  rollUp(sqlite, addDays(today, -RAW_DAYS))
  sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  return first
}

type Case = { name: string; query: Record<string, string>; budgetMs?: number }
export type CaseResult = { name: string; medianMs: number; p95Ms: number; budgetMs: number | null }
export type AnalyticsResult = {
  at: string
  machine: { cpus: number; model: string }
  generation: { seconds: number; views: number; sizeMiB: number; freeMiB: number; rows: { raw: number; rolled: number; daily: number } }
  cases: CaseResult[]
  pass: boolean
  /** One line for the console: the target and how it went. */
  line: string
}

function time(sqlite: Database, c: Case, today: string): CaseResult {
  const query = SummaryQuery.parse(c.query)
  const once = () => {
    const start = performance.now()
    summarise(sqlite, query, { enabled: true, today })
    return performance.now() - start
  }
  // Filtered summaries of a year take seconds each (no budget; reported): fewer runs keep the bench short.
  const filtered = Object.keys(query).some((k) => !['from', 'to', 'days', 'all'].includes(k))
  for (let i = 0; i < (filtered ? 1 : WARMUP); i++) once()
  const ms = Array.from({ length: filtered ? FILTERED_RUNS : RUNS }, once)
  return { name: c.name, medianMs: round(median(ms), 2), p95Ms: round(percentile(ms, 95), 2), budgetMs: c.budgetMs ?? null }
}

const count = (sqlite: Database, sql: string) => (sqlite.query(sql).get() as { n: number }).n

/** Generates the year in a temporary directory, times the summaries, writes bench/reports/ANALYTICS.md. */
export function analyticsBench(): AnalyticsResult {
  const dir = mkdtempSync(join(tmpdir(), 'folio-analytics-'))
  try {
    const today = utcDay(new Date())
    const generating = openDatabase(dir)
    migrate(generating.sqlite)
    const started = performance.now()
    const first = generate(generating.sqlite, today)
    const seconds = round((performance.now() - started) / 1000)
    generating.close()

    const { sqlite, close } = openDatabase(dir)
    const pageSize = count(sqlite, 'SELECT page_size AS n FROM pragma_page_size()')
    const rows = {
      raw: count(sqlite, 'SELECT count(*) AS n FROM analytics_hits WHERE visitor IS NOT NULL'),
      rolled: count(sqlite, 'SELECT count(*) AS n FROM analytics_hits WHERE visitor IS NULL'),
      daily: count(sqlite, 'SELECT count(*) AS n FROM analytics_daily'),
    }
    const year = { from: first, to: today }
    const views = summarise(sqlite, SummaryQuery.parse(year), { enabled: true, today }).totals.views
    if (views !== DAYS * VIEWS_PER_DAY) throw new Error(`the year's summary counts ${views} views, ${DAYS * VIEWS_PER_DAY} were written`)
    const popular = { host: HOSTS[0]!, path: PATHS[5]! }
    const cases: Case[] = [
      { name: 'full year, no filters', query: year, budgetMs: BUDGET_MS },
      { name: 'last 30 days, no filters', query: { days: '30' } },
      { name: 'all time, no filters', query: { all: 'true' } },
      { name: `full year, referrer=${popular.host}`, query: { ...year, referrer: popular.host } },
      { name: 'full year, browser=Chrome + device=mobile', query: { ...year, browser: 'Chrome', device: 'mobile' } },
      { name: `last 30 days, path=${popular.path}`, query: { days: '30', path: popular.path } },
    ]
    const results = cases.map((c) => time(sqlite, c, today))
    const mib = (bytes: number) => round(bytes / 2 ** 20)
    const generation = { seconds, views, sizeMiB: mib(statSync(join(dir, DB_FILE)).size), freeMiB: mib(count(sqlite, 'SELECT freelist_count AS n FROM pragma_freelist_count()') * pageSize), rows }
    close()

    const target = results[0]!
    const pass = target.medianMs < BUDGET_MS
    const line = `${pass ? 'PASS' : 'FAIL'} analytics summary, full year of ${VIEWS_PER_DAY} views a day: median ${target.medianMs} ms (target < ${BUDGET_MS} ms)`
    const result: AnalyticsResult = { at: new Date().toISOString(), machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?' }, generation, cases: results, pass, line }
    writeFileSync(join(import.meta.dir, 'reports', 'ANALYTICS.md'), analyticsMarkdown(result))
    return result
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function analyticsMarkdown(r: AnalyticsResult): string {
  const g = r.generation
  return [
    `# Analytics summary benchmark (${r.at})`,
    '',
    `${r.machine.cpus} × ${r.machine.model}; Bun ${Bun.version}. Written by \`npm run bench:analytics\` (bench/analytics.ts), also run by \`npm run bench\`.`,
    `${DAYS} days ending today (UTC), ${VIEWS_PER_DAY} views a day from about 3,500 visitors (seeded generator: Zipf-popular paths, half the`,
    'visits direct, 5% with a campaign), about 200 goals, 2,000 bot hits, 100 404s and 300 feed fetches a day; written with the',
    `collector's writeHits, one transaction a day, then rolled up with rollUp (raw hits kept ${RAW_DAYS} days). Each summary is`,
    `\`summarise()\` in-process, ${WARMUP} warm-up runs, then median and p95 of ${RUNS} (filtered: 1 warm-up, ${FILTERED_RUNS} runs).`,
    '',
    `## Target: ${r.line}`,
    '',
    '| summary | median ms | p95 ms | target |',
    '|---|---:|---:|---|',
    ...r.cases.map((c) => `| ${c.name} | ${c.medianMs} | ${c.p95Ms} | ${c.budgetMs === null ? '-' : `< ${c.budgetMs} ms median: ${c.medianMs < c.budgetMs ? 'PASS' : 'FAIL'}`} |`),
    '',
    'Without filters a summary reads the day sums (analytics_daily); with filters it reads the hits, rolled up or raw.',
    '',
    '| data | value |',
    '|---|---:|',
    `| generation (write + roll-up, synchronous=OFF) | ${g.seconds} s |`,
    `| views | ${g.views.toLocaleString('en')} |`,
    `| database file | ${g.sizeMiB} MiB (${g.freeMiB} MiB of it free pages after the roll-up) |`,
    `| analytics_hits raw rows (last ${RAW_DAYS + 1} days) | ${g.rows.raw.toLocaleString('en')} |`,
    `| analytics_hits rolled-up rows | ${g.rows.rolled.toLocaleString('en')} |`,
    `| analytics_daily rows | ${g.rows.daily.toLocaleString('en')} |`,
    '',
  ].join('\n')
}

if (import.meta.main) {
  const result = analyticsBench()
  console.log(analyticsMarkdown(result))
  console.log(result.line)
  if (!result.pass) process.exit(1)
}
