// The analytics paths, without zod. NOTE: the ping's path and goals are spelled again in
// analytics-ping.ts, which the public site imports: a module both bundles import becomes a chunk of
// its own that the site loads on every page (about 150 bytes gzip against a 95 KB budget).
// tests/unit/analytics/analytics-contract.test.ts keeps the two spellings equal.

/** The analytics endpoints beyond the spec's two (paths under /api). */
export const ANALYTICS_PATHS = {
  summary: '/admin/analytics/summary',
  /** Server-sent events: `live` with LiveVisitors, on connect and whenever the figure changes. */
  live: '/admin/analytics/live',
  /** ExportQuery; a file download (Content-Disposition: attachment). */
  export: '/admin/analytics/export',
  tokens: '/admin/analytics/tokens',
  /** One stats token (DELETE revokes it). */
  token: (id: string) => `/admin/analytics/tokens/${encodeURIComponent(id)}`,
  /** Read-only, with `Authorization: Bearer <stats token>`: the summary and the export. */
  statsSummary: '/stats/summary',
  statsExport: '/stats/export',
  ping: '/analytics/ping',
} as const
