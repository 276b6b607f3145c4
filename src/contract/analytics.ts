// Page views and the analytics summary (spec sections 3 and 4).
import { z } from 'zod'
import { LIMITS } from './limits'

/** The beacon: the page's path plus query and, on a visit's first view, where the visitor came from. */
export const PageViewInput = z.object({ path: z.string().max(4096), referrer: z.string().max(2048).optional() })

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const t = Date.parse(`${s}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s
}

const day = z.string().refine(isCalendarDay, 'Dates are real days written YYYY-MM-DD.')

/**
 * The dimensions a dashboard row filters by. Each describes the visit (the visitor's first view of
 * the day) except `path`, which is the page viewed. The value NONE_VALUE selects "none" (a direct
 * visit, no campaign), stored as ''.
 */
export const FILTER_DIMENSIONS = ['path', 'entry', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'browser', 'os', 'device'] as const
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number]
export const NONE_VALUE = '(none)'
/**
 * A day stores a bounded number of distinct values per dimension (DAILY_VALUES_MAX in
 * src/features/analytics/daily-values.ts); the values past it are stored as this one, in the day
 * sums and on the hits alike, so every total still adds up. As a filter it selects exactly those
 * folded visits or pages; it is never NONE_VALUE, which selects ''.
 */
export const OTHER_VALUE = '(other)'
const filterValue = z.string().min(1).max(LIMITS.pathMax)
export const AnalyticsFilters = z.object(Object.fromEntries(FILTER_DIMENSIONS.map((d) => [d, filterValue.optional()])) as Record<FilterDimension, z.ZodOptional<typeof filterValue>>)
export type AnalyticsFilters = Partial<Record<FilterDimension, string>>

const rangeShape = {
  days: z.coerce.number().int('days must be a whole number.').min(1, 'days must be at least 1.').max(3660).optional(),
  all: z.enum(['true', '1', 'false', '0']).optional(),
  from: day.optional(),
  to: day.optional(),
}

/** The range's dates, held to the contract's window at the server's today (./input/date-bounds). */
export const RANGE_DATE_FIELDS = ['from', 'to'] as const

export const SummaryQuery = z
  .object({ ...rangeShape, ...AnalyticsFilters.shape })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'from and to go together.', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['from'] })
export type SummaryQuery = z.infer<typeof SummaryQuery>

export type PathCount = { path: string; count: number }
export type SummaryRange = { mode: 'all' | 'custom' | 'days'; days: number | null; from: string | null; to: string | null }

/** One row of a panel: a value ('' for none) with its views (or hits) and unique visitors. */
export type PanelRow = { value: string; views: number; visitors: number }
/** Panels of visits: a row filters the dashboard by its dimension. */
export const VISIT_PANELS = ['referrer', 'path', 'entry', 'browser', 'os', 'device', 'utmSource', 'utmMedium', 'utmCampaign'] as const satisfies readonly FilterDimension[]
/** Panels of events counted apart from visits: goals, filtered bots, 404s by path, feed fetches. */
export const EVENT_PANELS = ['goal', 'bot', 'notFound', 'feed'] as const
export type PanelName = (typeof VISIT_PANELS)[number] | (typeof EVENT_PANELS)[number]
export const PANEL_NAMES = [...VISIT_PANELS, ...EVENT_PANELS] as const
export const ANALYTICS_PANEL_ROWS = 50

export type Totals = { views: number; uniquePaths: number; visitors: number }
export type AnalyticsSummary = {
  range: SummaryRange
  /** The spec's totals plus unique visitors (one per person per day, summed over the days). */
  totals: Totals
  topPaths: PathCount[]
  byDay: { day: string; total: number; paths: PathCount[] }[]
  filters: AnalyticsFilters
  /** The same number of days just before the range; change in percent, null when there was nothing before. */
  previous: { from: string | null; to: string | null; totals: Totals; change: { views: number | null; visitors: number | null } }
  /** Every day of the range (up to the last CHART_MAX_DAYS), zero days included. */
  chart: { day: string; views: number; visitors: number }[]
  panels: Record<PanelName, PanelRow[]>
  /** Hits not counted as views: bots (by reason), 404 pages, feed fetches; and goals reached. */
  events: { bots: number; notFound: number; feeds: number; goals: number }
  /** False when ANALYTICS=off: nothing is counted. */
  enabled: boolean
}

export const CHART_MAX_DAYS = 366

/** Goals reached without any script on the page (see src/features/analytics/goals.ts). */
export const GOALS = {
  demoOpened: 'Demo opened',
  videoPlayed: 'Video played',
  liveAppOpened: 'Live app opened',
  resumeLinkCreated: 'Resume link created',
  resumeLinkUsed: 'Resume link used',
  contactSent: 'Contact message sent',
  outbound: 'Outbound link clicked',
} as const
export type GoalName = (typeof GOALS)[keyof typeof GOALS]

/** What the `ping` attribute of a link reports (the browser's own hyperlink auditing, no script). */
export const PingQuery = z.object({ goal: z.enum(['outbound', 'live-app', 'video']) })
export type PingQuery = z.infer<typeof PingQuery>

export const LIVE_WINDOW_MINUTES = 5
export type LiveVisitors = { visitors: number; at: string }

export const ExportQuery = z
  .object({ ...rangeShape, ...AnalyticsFilters.shape, panel: z.enum([...PANEL_NAMES, 'daily']), format: z.enum(['csv', 'json']).default('csv') })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'from and to go together.', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['from'] })
export type ExportQuery = z.infer<typeof ExportQuery>

/** One row of the raw daily aggregates export. */
export type DailyAggregate = { day: string; dimension: string; value: string; views: number; visitors: number }

export const StatsTokenInput = z.object({ name: z.string().trim().min(1, 'Name the token.').max(60, 'Name is too long (max 60).') })
export type StatsTokenInput = z.infer<typeof StatsTokenInput>
/** A stats token as listed: the secret itself is shown once, when it is made. */
export type StatsToken = { id: string; name: string; createdAt: string; lastUsedAt: string | null }
export type NewStatsToken = StatsToken & { token: string }

export const ANALYTICS_DEFAULT_DAYS = LIMITS.analyticsDefaultDays
export const ANALYTICS_TOP_PATHS = 20
export const ANALYTICS_DAY_PATHS = 10

export { ANALYTICS_PATHS } from './analytics-paths'
