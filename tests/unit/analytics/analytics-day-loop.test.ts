// Issue 17: the chart's day loop counts its days. It once stepped a day string until it passed the
// range's end, and the day after 9999-12-31 ('+010000-01-01') sorts before it: the loop never ended.
import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { REPO_ROOT } from '#tests/support/repo-root'

/** The summary of `query`, or a failure when it takes longer than `ms` (the worker is ended). */
function summaryWithin(query: Record<string, unknown>, ms: number): Promise<{ days: number; first?: string; last?: string; previous: { from: string | null; to: string | null } }> {
  const worker = new Worker(join(REPO_ROOT, 'tests/support/server/summary-worker.ts'))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate()
      reject(new Error(`no summary within ${ms} ms: the day loop does not end`))
    }, ms)
    worker.onmessage = ({ data }) => {
      clearTimeout(timer)
      worker.terminate()
      resolve(data)
    }
    worker.onerror = (error) => {
      clearTimeout(timer)
      worker.terminate()
      reject(error)
    }
    worker.postMessage({ query, today: '2026-06-01' })
  })
}

test('a span ending 9999-12-31, given past validation, charts its last 366 days and ends', async () => {
  const summary = await summaryWithin({ from: '2026-01-01', to: '9999-12-31' }, 1500)
  expect(summary).toMatchObject({ days: 366, first: '9998-12-31', last: '9999-12-31' })
})

test('a short span still charts every day, both ends included', async () => {
  expect(await summaryWithin({ from: '2026-02-27', to: '2026-03-02' }, 1500)).toEqual({ days: 4, first: '2026-02-27', last: '2026-03-02', previous: { from: '2026-02-23', to: '2026-02-26' } })
})
