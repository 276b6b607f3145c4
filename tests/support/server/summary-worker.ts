// Runs one analytics summary on an empty in-memory database, in a worker the test can terminate:
// a summary whose day loop never ends would otherwise freeze the test's own thread.
import { Database } from 'bun:sqlite'
import { migrate } from '#db/migrate'
import type { SummaryQuery } from '#src/contract/analytics'
import { summarise } from '#src/features/analytics/summary'

declare const self: Worker

self.onmessage = ({ data }: MessageEvent<{ query: SummaryQuery; today: string }>) => {
  const sqlite = new Database(':memory:')
  migrate(sqlite)
  const { chart, previous } = summarise(sqlite, data.query, { enabled: true, today: data.today })
  self.postMessage({ days: chart.length, first: chart[0]?.day, last: chart.at(-1)?.day, previous: { from: previous.from, to: previous.to } })
}
