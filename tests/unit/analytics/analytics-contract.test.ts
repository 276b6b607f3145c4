import { expect, test } from 'bun:test'
import { ANALYTICS_PATHS, PingQuery } from '#src/contract/analytics'
import { PING_GOALS, PING_PATH } from '#src/contract/analytics-ping'

// The public site's copy of the ping's path and goals (src/contract/analytics-ping.ts) must say
// what the server's schema and the admin's path list say.
test('the site pings the path and the goals the server accepts', () => {
  expect(PING_PATH).toBe(ANALYTICS_PATHS.ping)
  expect([...PING_GOALS]).toEqual(PingQuery.shape.goal.options)
})
