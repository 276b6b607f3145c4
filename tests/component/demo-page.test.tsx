import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import type { TokenList } from '#src/contract/demo'
import { recoverPersonalSigner } from '#src/features/demo/wallet'
import { SiteProvider } from '#client/lib/site-context'
import type { DemoTimings } from '#client/features/demo/constants'
import type { LoadWallet } from '#client/features/demo/use-wallet-connect'
import { DemoApp } from '#client/features/demo/demo-app'
import { TokenDemo, type TokenDemoProps } from '#client/site/islands/token-demo'
import { DemoPage } from '#client/site/pages/demo-page'
import { emptyData, renderAt, settle, testSite } from '#tests/support/component/render'

type Call = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown; at: number }
type Handler = (call: Call) => Response | Promise<Response>

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const TOKENS: TokenList = {
  items: [
    { name: 'Ether', symbol: 'ETH', balance: 1.842, usd: 5894.4 },
    { name: 'USD Coin', symbol: 'USDC', balance: 1250, usd: 1250.25 },
  ],
  updatedAt: '2025-03-05T14:05:09.000Z',
}
const TX = '0x' + 'ab'.repeat(32)
const FAST: DemoTimings = { tokenPollMs: 60_000, txPollMs: 15, confirmedClearMs: 80, toastMs: 300 }

/** An EventSource the test drives. */
class FakeEventSource {
  static made: FakeEventSource[] = []
  onopen: ((e: Event) => void) | null = null
  onerror: ((e: Event) => void) | null = null
  closed = false
  private readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.made.push(this)
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  emit(type: string, data: unknown, lastEventId: string) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}
const stream = () => FakeEventSource.made.at(-1)!
const openStream = () => act(async () => stream().onopen?.(new Event('open')))
const failStream = () => act(async () => stream().onerror?.(new Event('error')))
const emit = (type: string, data: unknown, id: string) => act(async () => stream().emit(type, data, id))

const realFetch = globalThis.fetch
let calls: Call[]
let routes: Record<string, Handler>
let unmount: (() => unknown) | null = null

beforeEach(() => {
  calls = []
  FakeEventSource.made = []
  routes = { 'GET /api/tokens': () => json(200, TOKENS) }
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const u = new URL(String(url), 'http://localhost')
    const call: Call = { method: init.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined, at: Date.now() }
    calls.push(call)
    const handler = routes[`${call.method} ${u.pathname.replace(/^\/api\/tx\/.+/, '/api/tx/:id')}`]
    return handler ? handler(call) : json(404, { error: 'Not found' })
  }) as typeof fetch
})
afterEach(async () => {
  await unmount?.()
  unmount = null
  globalThis.fetch = realFetch
  delete (globalThis as { EventSource?: unknown }).EventSource
})

async function show(props: Partial<Parameters<typeof DemoApp>[0]> = {}) {
  const r = await renderAt('/demo/dapp', <DemoApp apiBase="" timings={FAST} EventSource={FakeEventSource} {...props} />)
  unmount = r.unmount
  await settle()
  return r.container
}

const button = (c: HTMLElement, name: string) => [...c.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement
const click = (b: HTMLButtonElement) => act(async () => b.click())
const text = (c: HTMLElement, selector: string) => c.querySelector(selector)?.textContent ?? null
const log = (c: HTMLElement) => [...c.querySelectorAll('.demo-log-entry')].map((li) => li.textContent!.replace(/^\d\d:\d\d:\d\d /, ''))
/** Waits (inside act) until `done()` holds; noble's first signature alone takes a few hundred ms. */
async function until(done: () => boolean, ms = 3_000) {
  for (const end = Date.now() + ms; !done() && Date.now() < end; ) await settle(5)
  expect(done()).toBe(true)
}
const toasts = (c: HTMLElement) => [...c.querySelectorAll('.demo-toast')].map((t) => t.textContent)

/** The page as the server renders it: its providers are the server's alone (decision 066). */
const page = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <SiteProvider site={testSite} data={emptyData}>
      <Router ssrPath="/demo/dapp">
        <DemoPage />
      </Router>
    </SiteProvider>
  </QueryClientProvider>
)

describe('demo page', () => {
  test('the server sends the demo inline as island token-demo with disabled buttons and a note that it needs JavaScript; the island hydrates from its own props without a warning', async () => {
    const html = renderToString(page())
    expect(html.match(/<h1>/g)).toHaveLength(1)
    expect(html).toContain('<noscript>')
    expect(html).toContain('Turn on JavaScript to try it.')
    expect(html).not.toContain('Loading the demo…')
    expect(html).toMatch(/<button type="button" class="button primary demo-connect" disabled=""[^>]*>Connect Wallet \(Demo\)<\/button>/)
    expect(html).toMatch(/<button type="button" class="button demo-transfer" disabled=""[^>]*>Mock Transfer<\/button>/)

    ;(globalThis as { EventSource?: unknown }).EventSource = FakeEventSource
    const errors = spyOn(console, 'error')
    const recoverable: unknown[] = []
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.replaceChildren(container)
    const marker = container.querySelector('[data-island="token-demo"]')!
    const props = JSON.parse(marker.getAttribute('data-props')!) as TokenDemoProps
    expect(props).toEqual({ apiBase: '' })
    const root = await act(async () => hydrateRoot(marker, <TokenDemo {...props} />, { onRecoverableError: (e) => void recoverable.push(e) }))
    unmount = () => act(() => root.unmount())
    await settle()
    expect(recoverable).toEqual([])
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    expect(button(container, 'Connect Wallet (Demo)').disabled).toBe(false)
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(['/api/demo/events'])
  })

  test('shows a card per token with name, symbol, balance and USD value, the total and the Updated time', async () => {
    const c = await show()
    const cards = [...c.querySelectorAll('.demo-token')].map((card) => [text(card as HTMLElement, '.card-title'), text(card as HTMLElement, '.demo-balance'), text(card as HTMLElement, '.demo-usd')])
    expect(cards).toEqual([
      ['Ether ETH', '1.842 ETH', '$5,894.40'],
      ['USD Coin USDC', '1,250 USDC', '$1,250.25'],
    ])
    expect(text(c, '.demo-total')).toBe('≈ $7,145')
    expect(text(c, '.demo-updated')).toBe('Updated 14:05:09 UTC')
    const get = calls.find((x) => x.path === '/api/tokens')!
    expect(Math.abs(Number(get.query.get('ts')) - Date.now())).toBeLessThan(5_000)
  })

  test('polls the tokens again at the polling interval', async () => {
    const c = await show({ timings: { ...FAST, tokenPollMs: 40 } })
    await until(() => calls.filter((x) => x.path === '/api/tokens').length >= 3)
    expect(c.querySelectorAll('.demo-token')).toHaveLength(2)
    await unmount?.()
    unmount = null
    const times = calls.map((x) => x.at)
    expect(times.slice(1).map((t, i) => t - times[i]!).every((gap) => gap >= 35)).toBe(true)
    expect(new Set(calls.map((x) => x.query.get('ts'))).size).toBe(calls.length)
  })

  test('polls nothing while the tab is hidden and fetches the tokens at once when it comes back', async () => {
    let hidden = false
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    try {
      await show({ timings: { ...FAST, tokenPollMs: 40 } })
      const polls = () => calls.filter((x) => x.path === '/api/tokens').length
      expect(polls()).toBe(1)
      hidden = true
      await act(async () => void document.dispatchEvent(new Event('visibilitychange')))
      await settle(150)
      expect(polls()).toBe(1)
      hidden = false
      await act(async () => void document.dispatchEvent(new Event('visibilitychange')))
      await settle(5)
      expect(polls()).toBe(2)
    } finally {
      delete (document as { hidden?: boolean }).hidden
    }
  })

  test('says Failed to load tokens with the server message when the list fails', async () => {
    routes['GET /api/tokens'] = () => json(400, { error: 'Prices are down' })
    const c = await show()
    await until(() => c.querySelector('.demo-tokens-error') !== null)
    expect(text(c, '.demo-tokens-error')).toBe('Failed to load tokens: Prices are down')
    expect(toasts(c)).toContain('Failed to load tokens: Prices are down')
  })
})

describe('mock transfer', () => {
  test('submits, disables the button while pending, polls until confirmed, shows ✅ Confirmed and clears it', async () => {
    let polls = 0
    routes['POST /api/tx'] = () => json(201, { id: TX })
    routes['GET /api/tx/:id'] = (call) => json(200, { id: call.path.split('/').pop(), state: ++polls >= 3 ? 'confirmed' : 'pending' })
    const c = await show()
    const transfer = button(c, 'Mock Transfer')
    await click(transfer)
    expect(transfer.disabled).toBe(true)
    expect(calls.find((x) => x.method === 'POST')?.path).toBe('/api/tx')
    await settle(5)
    expect(text(c, '.demo-transfer-status')).toBe('Pending…')
    expect(transfer.disabled).toBe(true)
    await until(() => text(c, '.demo-transfer-status') === '✅ Confirmed')
    expect(calls.filter((x) => x.path === `/api/tx/${TX}`)).toHaveLength(3)
    expect(transfer.disabled).toBe(false)
    await until(() => text(c, '.demo-transfer-status') === '')
    expect(log(c).slice(0, 3)).toEqual(['action ✅ Confirmed 0xabab…abab', 'action Poll 0xabab…abab confirmed', 'action Poll 0xabab…abab pending'])
  })

  test('a tx.confirmed event of our transaction confirms it before the next poll and toasts for 2 s (here shortened)', async () => {
    routes['POST /api/tx'] = () => json(201, { id: TX })
    routes['GET /api/tx/:id'] = () => new Promise<Response>(() => {})
    const c = await show()
    await openStream()
    await click(button(c, 'Mock Transfer'))
    await settle(5)
    await emit('tx.confirmed', { id: '0x' + 'cd'.repeat(32) }, '4')
    expect(text(c, '.demo-transfer-status')).toBe('Pending…')
    expect(toasts(c)).toEqual([])
    await emit('tx.confirmed', { id: TX }, '5')
    expect(text(c, '.demo-transfer-status')).toBe('✅ Confirmed')
    expect(toasts(c)).toEqual(['Transaction 0xabab…abab confirmed'])
    expect(c.querySelector('.demo-toasts')?.getAttribute('aria-live')).toBe('polite')
    await settle(350)
    expect(toasts(c)).toEqual([])
  })

  test('shows Tx failed with the server message when the transaction cannot be created', async () => {
    routes['POST /api/tx'] = () => json(429, { error: 'Too many requests' })
    const c = await show()
    await click(button(c, 'Mock Transfer'))
    await settle(5)
    expect(text(c, '.demo-transfer-status')).toBe('Tx failed: Too many requests')
    expect(button(c, 'Mock Transfer').disabled).toBe(false)
    expect(toasts(c)).toEqual(['Tx failed: Too many requests'])
  })

  test('shows Tx failed when a poll says the transaction is gone', async () => {
    routes['POST /api/tx'] = () => json(201, { id: TX })
    routes['GET /api/tx/:id'] = () => json(404, { error: 'Transaction not found' })
    const c = await show()
    await click(button(c, 'Mock Transfer'))
    await until(() => text(c, '.demo-transfer-status') !== 'Pending…')
    expect(text(c, '.demo-transfer-status')).toBe('Tx failed: Transaction not found')
  })
})

describe('connect wallet', () => {
  test('loads the wallet on the first click, signs the nonce (EIP-191) and shows the linked address', async () => {
    let loads = 0
    const loadWallet: LoadWallet = () => (loads++, import('#client/features/demo/wallet'))
    let verified = false
    routes['POST /api/demo/login'] = () => json(200, { token: 'demo-token', nonce: 'nonce-123' })
    routes['POST /api/demo/link-wallet'] = (call) => {
      const { address, signature } = call.body as { address: string; signature: string }
      expect(call.headers.get('authorization')).toBe('Bearer demo-token')
      verified = recoverPersonalSigner('nonce-123', signature) === address.toLowerCase()
      return verified ? json(200, { address }) : json(400, { error: 'Signature does not match the address.' })
    }
    const c = await show({ loadWallet })
    expect(loads).toBe(0)
    await click(button(c, 'Connect Wallet (Demo)'))
    await until(() => c.querySelector('.demo-address') !== null)
    expect(loads).toBe(1)
    expect(verified).toBe(true)
    const address = text(c, '.demo-address')!
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(text(c, '.demo-connect-status')).toBe(`Linked address: ${address}`)
    await openStream()
    await emit('demo.wallet.linked', { address }, '3')
    expect(toasts(c)).toEqual([`Wallet ${address.slice(0, 6)}…${address.slice(-4)} linked`])
  })

  test('shows Connect failed with the server message', async () => {
    routes['POST /api/demo/login'] = () => json(200, { token: 't', nonce: 'n' })
    routes['POST /api/demo/link-wallet'] = () => json(400, { error: 'Signature does not match the address.' })
    const c = await show()
    await click(button(c, 'Connect Wallet (Demo)'))
    await until(() => text(c, '.demo-connect-status') !== 'Connecting…')
    expect(text(c, '.demo-connect-status')).toBe('Connect failed: Signature does not match the address.')
    expect(button(c, 'Connect Wallet (Demo)').disabled).toBe(false)
  })
})

describe('event stream and timeline', () => {
  test('logs stream events newest first, keeps the last 200 and empties on Clear', async () => {
    const c = await show()
    await openStream()
    await emit('ready', { replayed: 0 }, '1')
    await emit('tx.created', { id: TX }, '2')
    expect(log(c).slice(0, 3)).toEqual(['event tx.created #2 0xabab…abab', 'event ready #1 replayed 0', 'stream Event stream open'])
    await act(async () => {
      for (let i = 0; i < 210; i++) stream().emit('tokens.cache_hit', { updatedAt: TOKENS.updatedAt }, String(i + 3))
    })
    expect(c.querySelectorAll('.demo-log-entry')).toHaveLength(200)
    expect(log(c)[0]).toBe('event tokens.cache_hit #212 prices of 14:05:09 UTC')
    expect(c.querySelector('.demo-timeline h2')?.textContent).toBe('Debug timeline')
    expect(c.querySelector('ol.demo-log')?.getAttribute('aria-labelledby')).toBe(c.querySelector('.demo-timeline h2')?.id ?? 'none')
    await click(button(c, 'Clear'))
    expect(c.querySelectorAll('.demo-log-entry')).toHaveLength(0)
    expect(text(c, '.demo-log-empty')).toBe('No entries yet.')
  })

  test('the badge says reconnecting… once the open stream fails, and Live again after it reopens with the last id', async () => {
    const c = await show()
    const badge = c.querySelector('.demo-badge')!
    expect(badge.getAttribute('role')).toBe('status')
    expect(badge.textContent).toBe('Connecting…')
    await openStream()
    expect(badge.textContent).toBe('Live')
    await emit('tx.created', { id: TX }, '8')
    await failStream()
    expect(badge.textContent).toBe('reconnecting…')
    expect(log(c)[0]).toBe('error SSE error / disconnected retry 1 in 1 s')
    await settle(1_050)
    expect(stream().url).toBe('/api/demo/events?lastEventId=8')
    expect(badge.textContent).toBe('reconnecting…')
    await openStream()
    expect(badge.textContent).toBe('Live')
  })
})
