// Watching /demo/dapp in Chromium: its timeline, badge, transfer and toasts over time, the
// stream's requests, and which script chunks arrived.
import type { Browser, Page, Response } from 'playwright-core'
import { newPage, visit } from './browser'
import { sleep } from '#tests/support/data/demo'
import type { TestServer } from '#tests/support/server/server'

/** One stream event of the debug timeline: its type, its `#id` and the rest of its detail. */
export type LoggedEvent = { type: string; id: number; about: string }

/** The timeline's rows, newest first, as the page shows them. */
export const timelineRows = (page: Page) =>
  page.locator('.demo-log-entry').evaluateAll((items) =>
    items.map((li) => ({
      kind: li.getAttribute('data-kind') ?? '',
      title: li.querySelector('.demo-log-title')?.textContent ?? '',
      detail: (li.querySelector('.demo-log-detail')?.textContent ?? '').trim(),
    })),
  )

/** The stream events of the timeline, oldest first. */
export async function loggedEvents(page: Page): Promise<LoggedEvent[]> {
  const rows = (await timelineRows(page)).filter((r) => r.kind === 'event')
  return rows.reverse().map((r) => {
    const match = /^#(\d+)\s*(.*)$/.exec(r.detail)
    return { type: r.title, id: match ? Number(match[1]) : NaN, about: match ? match[2]! : r.detail }
  })
}

/** '0x1234…abcd', the way the timeline shortens a transaction id. */
export const shortId = (hex: string) => `${hex.slice(0, 6)}…${hex.slice(-4)}`

export const waitLive = (page: Page, timeout = 10_000) => page.locator('.demo-badge[data-state="open"]').waitFor({ timeout })

/** Opens /demo/dapp in a fresh context and waits for a live stream and the token cards. */
export async function openDemo(site: { browser: Browser; url: (path: string) => string }, init?: (page: Page) => Promise<void>) {
  const opened = await newPage(site.browser)
  await init?.(opened.page)
  await visit(opened.page, site.url('/demo/dapp'))
  await waitLive(opened.page)
  await opened.page.locator('.demo-token').first().waitFor()
  return opened
}

/** Every request the page makes to `path` from now on, with the test process's time it left. */
export function timedRequests(page: Page, path: string): { at: number; url: URL }[] {
  const seen: { at: number; url: URL }[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === path) seen.push({ at: Date.now(), url })
  })
  return seen
}

/** Bodies of every script the page loads from now on. */
export function scriptsLoaded(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = []
  page.on('response', (response: Response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript')) bodies.push(response.text().catch(() => ''))
  })
  return bodies
}

/** The EIP-191 prefix lives in the wallet module only: a script holding it is the wallet chunk. */
export const isWalletChunk = (body: string) => body.includes('Ethereum Signed Message')

export type DemoSnapshot = { t: number; badge: string; status: string; busy: boolean; toasts: string[] }

/**
 * Records inside the page, with performance.now(), every distinct state of the badge, the
 * transfer status line and button, and the toasts (a MutationObserver sees states too brief to
 * poll for). Read them with `snapshots`.
 */
export const watchDemo = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { e2eDemo?: DemoSnapshot[] }
    const seen: DemoSnapshot[] = []
    w.e2eDemo = seen
    const root = document.querySelector('.demo-app')
    if (!root) throw new Error('no .demo-app on the page')
    const take = () => {
      const snap = {
        t: performance.now(),
        badge: root.querySelector('.demo-badge')?.textContent ?? '',
        status: root.querySelector('.demo-transfer-status')?.textContent ?? '',
        busy: (root.querySelector('.demo-transfer') as HTMLButtonElement | null)?.disabled ?? false,
        toasts: [...root.querySelectorAll('.demo-toast')].map((t) => t.textContent ?? ''),
      }
      const last = seen.at(-1)
      const same = last && last.badge === snap.badge && last.status === snap.status && last.busy === snap.busy && last.toasts.join('\n') === snap.toasts.join('\n')
      if (!same) seen.push(snap)
    }
    take()
    new MutationObserver(take).observe(root, { childList: true, subtree: true, characterData: true, attributes: true })
  })

export const snapshots = (page: Page) => page.evaluate(() => (window as unknown as { e2eDemo?: DemoSnapshot[] }).e2eDemo ?? [])

/** Start times (performance.now()) of the page's requests whose URL contains `part`. */
export const resourceStarts = (page: Page, part: string) =>
  page.evaluate((p) => performance.getEntriesByType('resource').filter((e) => e.name.includes(p)).map((e) => e.startTime), part)

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!)

/** Creates a transaction from the test process (not the page) and returns its id. */
export async function createTx(server: TestServer): Promise<string> {
  const res = await server.request('POST', '/api/tx', { body: {} })
  if (res.status !== 201) throw new Error(`POST /api/tx: ${res.status} ${res.text}`)
  return res.body.id
}

/** The values with repeats in a row dropped: the states something went through, in order. */
export const changes = <T>(values: T[]) => values.filter((v, i) => i === 0 || v !== values[i - 1])

/** Chromium's console line for a request a test made fail on purpose. */
export const failedLoad = (status: '500 (Internal Server Error)' | '503 (Service Unavailable)', path: string) =>
  `error: Failed to load resource: the server responded with a status of ${status} (${path})`

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`)
    await sleep(20)
  }
}
