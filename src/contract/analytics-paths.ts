// Analytics paths and ping goals without zod: the public site's first-load script imports these
// (a link's ping URL), and zod stays out of that script (tests/unit/site-bundle.test.ts).

/** What a link's `ping` reports: the browser's own hyperlink auditing, no script. */
export const PING_GOALS = ['outbound', 'live-app', 'video'] as const
export type PingGoal = (typeof PING_GOALS)[number]

/** The analytics endpoints beyond the spec's two (paths under /api). */
export const ANALYTICS_PATHS = {
  summary: '/admin/analytics/summary',
  /** Server-sent events: `live` with LiveVisitors, on connect and whenever the figure changes. */
  live: '/admin/analytics/live',
  /** ExportQuery; a file download (Content-Disposition: attachment). */
  export: '/admin/analytics/export',
  tokens: '/admin/analytics/tokens',
  /** Read-only, with `Authorization: Bearer <stats token>`: the summary and the export. */
  statsSummary: '/stats/summary',
  statsExport: '/stats/export',
  ping: '/analytics/ping',
} as const
