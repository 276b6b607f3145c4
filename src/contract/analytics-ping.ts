// What the public site's links report by `ping`, in a module of its own: the site's first-load
// script imports it, and a module the admin shares with the site lands in a chunk both load, so
// this one holds only what the site needs (no zod: tests/unit/web/site-bundle.test.ts; no admin
// paths: the 95 KB budget of tests/e2e/page-weight.e2e.ts).

/** What a link's `ping` reports: the browser's own hyperlink auditing, no script. */
export const PING_GOALS = ['outbound', 'live-app', 'video'] as const
export type PingGoal = (typeof PING_GOALS)[number]

export const PING_PATH = '/analytics/ping'
