// folio in the deployment docs/self-hosting.md describes (issues 24 and 32): nginx running
// docs/deploy/nginx.conf for TLS, then Varnish running docs/deploy/varnish.vcl, then the binary at
// its defaults plus TRUST_PROXY=1, CACHE_PURGE_URLS and CACHE_PURGE_KEY. Pages are served from
// Varnish; a change reaches the next visitor at once through folio's BAN, and nobody else's BAN
// is taken; the admin and signed-in answers are never stored; one visitor's cookie neither splits
// nor leaks a page; each visitor is seen at their own address, so a stranger cannot lock the owner out.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startBinary, type RunningBinary } from '#tests/support/server/binary'
import { freePort } from '#tests/support/server/process'
import { ADMIN } from '#tests/support/server/server'
import { postInput } from '#tests/support/data/factories'
import { startVarnish, TEST_PURGE_KEY, type RunningVarnish } from '#tests/support/server/varnish'
import { addLoopbackAddresses, curlFrom, startTlsProxy, type RunningTlsProxy } from '#tests/support/server/tls-proxy'

/** Two visitors on the internet (documentation addresses, put on `lo` for this file). */
const STRANGER = '198.51.100.7'
const OWNER = '203.0.113.9'

let folio: RunningBinary
let varnish: RunningVarnish
let proxy: RunningTlsProxy
let removeAddresses = () => {}
let cookie = ''
let site = ''

beforeAll(async () => {
  const folioPort = await freePort()
  const varnishPort = await freePort()
  const proxyPort = await freePort()
  site = `https://127.0.0.1:${proxyPort}`
  removeAddresses = addLoopbackAddresses([STRANGER, OWNER])
  folio = await startBinary({
    port: folioPort,
    env: {
      SEED: 'demo',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SITE_URL: site,
      TRUST_PROXY: '1',
      CACHE_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
      CACHE_PURGE_KEY: TEST_PURGE_KEY,
      LOG_LEVEL: 'info',
    },
  })
  varnish = await startVarnish(folioPort, varnishPort)
  proxy = await startTlsProxy(varnishPort, proxyPort)
}, 120_000)
afterAll(async () => {
  await proxy?.stop()
  await varnish?.stop()
  await folio?.stop()
  removeAddresses()
})

/** A visit through the whole chain, as a browser on the internet makes it (Bun's fetch: from 127.0.0.1). */
const through = (path: string, init: RequestInit = {}) => fetch(site + path, { redirect: 'manual', tls: { rejectUnauthorized: false }, ...init })

async function signIn() {
  const res = await through('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: site }, body: JSON.stringify(ADMIN) })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

test('a public page is served from Varnish: a hit with Age above 0, no cookie, the tags kept inside', async () => {
  const first = await through('/blog')
  expect(first.status).toBe(200)
  await first.arrayBuffer()
  await Bun.sleep(1100)
  const second = await through('/blog')
  expect(second.headers.get('x-varnish-cache')).toBe('HIT')
  expect(Number(second.headers.get('age'))).toBeGreaterThan(0)
  expect(second.headers.get('set-cookie')).toBeNull()
  expect(second.headers.get('x-folio-tags')).toBeNull()
})

test("a visitor's cookie neither gets a copy of its own nor changes another's: one object for all", async () => {
  await (await through('/projects')).arrayBuffer()
  const a = await through('/projects', { headers: { cookie: 'folio_session=stranger; theme=dark' } })
  const b = await through('/projects')
  expect(a.headers.get('x-varnish-cache')).toBe('HIT')
  expect(b.headers.get('x-varnish-cache')).toBe('HIT')
  expect(await a.text()).toBe(await b.text())
  expect(a.headers.get('vary')).toBe('Accept-Encoding')
})

test('the admin, its API and signed-in answers are never stored', async () => {
  cookie = await signIn()
  for (const path of ['/admin/', '/admin/login']) {
    await (await through(path)).arrayBuffer()
    const again = await through(path)
    expect(again.headers.get('x-varnish-cache')).toBe('MISS')
    expect(Number(again.headers.get('age') ?? 0)).toBe(0)
  }
  const me = await through('/api/admin/me', { headers: { cookie } })
  expect(me.status).toBe(200)
  expect(((await me.json()) as { email: string }).email).toBe(ADMIN.email)
  // Signed out, the same address is a 401: the signed-in answer was not kept for anyone.
  expect((await through('/api/admin/me')).status).toBe(401)
})

test("an admin edit reaches the next visitor through Varnish at once: folio bans what changed", async () => {
  await (await through('/')).arrayBuffer()
  expect((await through('/')).headers.get('x-varnish-cache')).toBe('HIT')
  const put = await through('/api/admin/settings', { method: 'PUT', headers: { 'content-type': 'application/json', origin: site, cookie }, body: JSON.stringify({ siteName: 'Renamed Behind Varnish' }) })
  expect(put.status).toBe(200)
  let html = ''
  for (let i = 0; i < 40 && !html.includes('Renamed Behind Varnish'); i++) {
    html = await (await through('/')).text()
    if (!html.includes('Renamed Behind Varnish')) await Bun.sleep(50)
  }
  expect(html).toContain('Renamed Behind Varnish')
  // folio logs the purge once Varnish's answer is back: a visitor may get the fresh page first.
  for (let i = 0; i < 40 && !folio.output().includes('cache purged'); i++) await Bun.sleep(50)
  expect(folio.output()).toContain('cache purged')
}, 30_000)

test('a new post bans only what shows posts: the blog is fresh, the skills page stays a hit', async () => {
  for (const path of ['/blog', '/skills']) await (await through(path)).arrayBuffer()
  expect((await through('/skills')).headers.get('x-varnish-cache')).toBe('HIT')
  const made = await through('/api/admin/posts', { method: 'POST', headers: { 'content-type': 'application/json', origin: site, cookie }, body: JSON.stringify(postInput({ title: 'Written Behind Varnish' })) })
  expect(made.status).toBe(201)
  let blog = ''
  for (let i = 0; i < 40 && !blog.includes('Written Behind Varnish'); i++) {
    blog = await (await through('/blog')).text()
    if (!blog.includes('Written Behind Varnish')) await Bun.sleep(50)
  }
  expect(blog).toContain('Written Behind Varnish')
  expect((await through('/skills')).headers.get('x-varnish-cache')).toBe('HIT')
}, 30_000)

test("a stranger's wrong passwords through the chain do not lock the owner out: each visitor is seen at their own address", async () => {
  const login = (from: string, password: string) =>
    curlFrom(from, `https://${from}:${proxy.port}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site }, body: JSON.stringify({ email: ADMIN.email, password }) })
  const answers: number[] = []
  for (let i = 0; i < 6; i++) answers.push((await login(STRANGER, 'not the password at all')).status)
  expect(answers.slice(0, 3)).toEqual([401, 401, 401])
  expect(answers.at(-1)).toBe(429)
  // Before issue 32 folio took the right-most hop, Varnish's 127.0.0.1, for everyone: this was 429.
  const owner = await login(OWNER, ADMIN.password)
  expect(owner.status).toBe(200)
  expect(owner.headers.get('set-cookie')).toContain('folio_session')
}, 60_000)

test('a BAN from the internet is refused by Varnish, with or without the key: the cache stays', async () => {
  await (await through('/projects')).arrayBuffer()
  expect((await through('/projects')).headers.get('x-varnish-cache')).toBe('HIT')
  const url = `https://${STRANGER}:${proxy.port}/`
  expect((await curlFrom(STRANGER, url, { method: 'BAN', headers: { 'x-folio-ban': '.' } })).status).toBe(405)
  // Even the right key, had it leaked: a request the TLS proxy forwarded is never a purge.
  expect((await curlFrom(STRANGER, url, { method: 'BAN', headers: { 'x-folio-ban': 'projects', 'x-folio-purge-key': TEST_PURGE_KEY } })).status).toBe(405)
  expect((await through('/projects')).headers.get('x-varnish-cache')).toBe('HIT')
})

test('a BAN on the machine needs the key, and names tags only: the caller never writes the ban expression', async () => {
  const ban = (headers: Record<string, string>) => curlFrom('127.0.0.1', `${varnish.url}/`, { method: 'BAN', headers })
  expect((await ban({ 'x-folio-ban': 'projects' })).status).toBe(403)
  expect((await ban({ 'x-folio-ban': 'projects', 'x-folio-purge-key': 'wrong-key-0123456789abcdef' })).status).toBe(403)
  for (const shaped of ['.', '(posts)', 'posts && obj.status == 200', 'posts|', 'POSTS']) {
    expect((await ban({ 'x-folio-ban': shaped, 'x-folio-purge-key': TEST_PURGE_KEY })).status).toBe(400)
  }
  expect((await through('/projects')).headers.get('x-varnish-cache')).toBe('HIT')
  expect((await ban({ 'x-folio-ban': 'projects|skills', 'x-folio-purge-key': TEST_PURGE_KEY })).status).toBe(200)
  expect((await through('/projects')).headers.get('x-varnish-cache')).toBe('MISS')
})
