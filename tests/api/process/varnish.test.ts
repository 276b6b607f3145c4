// folio behind real Varnish (issue 24): the binary at its defaults plus CACHE_PURGE_URLS, and
// Varnish running docs/deploy/varnish.vcl. Pages are served from Varnish; a change reaches the
// next visitor at once through folio's BAN; the admin and signed-in answers are never stored;
// one visitor's cookie neither splits nor leaks a page.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startBinary, type RunningBinary } from '#tests/support/server/binary'
import { freePort } from '#tests/support/server/process'
import { ADMIN } from '#tests/support/server/server'
import { postInput } from '#tests/support/data/factories'
import { startVarnish, type RunningVarnish } from '#tests/support/server/varnish'

let folio: RunningBinary
let varnish: RunningVarnish
let cookie = ''

beforeAll(async () => {
  const folioPort = await freePort()
  const varnishPort = await freePort()
  folio = await startBinary({
    port: folioPort,
    env: { SEED: 'demo', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SITE_URL: `http://127.0.0.1:${varnishPort}`, CACHE_PURGE_URLS: `http://127.0.0.1:${varnishPort}`, LOG_LEVEL: 'info' },
  })
  varnish = await startVarnish(folioPort, varnishPort)
}, 120_000)
afterAll(async () => {
  await varnish?.stop()
  await folio?.stop()
})

const through = (path: string, init: RequestInit = {}) => fetch(varnish.url + path, { redirect: 'manual', ...init })

async function signIn() {
  const res = await through('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: varnish.url }, body: JSON.stringify(ADMIN) })
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
  const put = await through('/api/admin/settings', { method: 'PUT', headers: { 'content-type': 'application/json', origin: varnish.url, cookie }, body: JSON.stringify({ siteName: 'Renamed Behind Varnish' }) })
  expect(put.status).toBe(200)
  let html = ''
  for (let i = 0; i < 40 && !html.includes('Renamed Behind Varnish'); i++) {
    html = await (await through('/')).text()
    if (!html.includes('Renamed Behind Varnish')) await Bun.sleep(50)
  }
  expect(html).toContain('Renamed Behind Varnish')
  expect(folio.output()).toContain('cache purged')
}, 30_000)

test('a new post bans only what shows posts: the blog is fresh, the skills page stays a hit', async () => {
  for (const path of ['/blog', '/skills']) await (await through(path)).arrayBuffer()
  expect((await through('/skills')).headers.get('x-varnish-cache')).toBe('HIT')
  const made = await through('/api/admin/posts', { method: 'POST', headers: { 'content-type': 'application/json', origin: varnish.url, cookie }, body: JSON.stringify(postInput({ title: 'Written Behind Varnish' })) })
  expect(made.status).toBe(201)
  let blog = ''
  for (let i = 0; i < 40 && !blog.includes('Written Behind Varnish'); i++) {
    blog = await (await through('/blog')).text()
    if (!blog.includes('Written Behind Varnish')) await Bun.sleep(50)
  }
  expect(blog).toContain('Written Behind Varnish')
  expect((await through('/skills')).headers.get('x-varnish-cache')).toBe('HIT')
}, 30_000)
