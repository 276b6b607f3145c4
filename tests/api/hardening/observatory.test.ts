// The HTTP Observatory's rubric, item by item, against the running binary as a self-hoster runs
// it behind an https proxy (its npm package needs data downloads that are not available here).
// Scored as MDN's Observatory scores: 100 to start, its modifiers per test, A+ from 100 up, and
// bonuses only count when no test failed.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startBinary, type RunningBinary } from '#tests/support/server/binary'
import { ADMIN } from '#tests/support/server/server'

const SITE = 'https://folio.example'
let app: RunningBinary
let home: Response
let html: string
let sessionCookie: string
beforeAll(async () => {
  app = await startBinary({ env: { SITE_URL: SITE, TRUST_PROXY: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } })
  // As the proxy forwards a visitor's https request.
  home = await fetch(app.url + '/', { headers: { 'x-forwarded-proto': 'https' } })
  html = await home.text()
  const login = await fetch(app.url + '/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-proto': 'https' }, body: JSON.stringify(ADMIN) })
  sessionCookie = login.headers.get('set-cookie') ?? ''
}, 60_000)
afterAll(() => app?.stop())

/** `bonus` counts when the test passes, `penalty` (the Observatory's deduction) when it fails. */
type Result = { test: string; pass: boolean; bonus: number; penalty: number }

function csp(header: string | null) {
  return new Map((header ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([n, ...v]) => [n!, v]))
}

/** One rubric row per Observatory test, with the modifiers it would apply. */
async function rubric(): Promise<Result[]> {
  const h = home.headers
  const policy = csp(h.get('content-security-policy'))
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? []
  const noUnsafe = !scripts.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'") && !scripts.includes('*') && !scripts.some((s) => /^(https?:|data:)$/.test(s))
  const defaultNone = policy.get('default-src')?.join(' ') === "'none'"
  const cookieParts = sessionCookie.split(';').map((p) => p.trim().toLowerCase())
  const redirect = await fetch(app.url + '/', { headers: { 'x-forwarded-proto': 'http' }, redirect: 'manual' })
  const hsts = Number(/max-age=(\d+)/.exec(h.get('strict-transport-security') ?? '')?.[1] ?? 0)
  const referrer = h.get('referrer-policy') ?? ''
  const cors = await fetch(app.url + '/api/projects', { headers: { origin: 'https://evil.example' } })
  // Subresource integrity matters for scripts from other origins; every script here is our own.
  const foreignScripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!).filter((src) => /^https?:\/\//.test(src) && !src.startsWith(SITE))
  return [
    { test: 'content-security-policy', pass: policy.size > 0 && noUnsafe && policy.get('object-src')?.[0] === "'none'", bonus: defaultNone ? 10 : 0, penalty: 25 },
    { test: 'cookies', pass: ['secure', 'httponly'].every((f) => cookieParts.includes(f)) && cookieParts.some((p) => p.startsWith('samesite=')), bonus: cookieParts.some((p) => p === 'samesite=strict' || p === 'samesite=lax') ? 5 : 0, penalty: 40 },
    { test: 'cross-origin-resource-sharing', pass: cors.headers.get('access-control-allow-origin') === null, bonus: 0, penalty: 50 },
    { test: 'redirection', pass: redirect.status === 301 && redirect.headers.get('location') === `${SITE}/`, bonus: 0, penalty: 20 },
    { test: 'referrer-policy', pass: ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer), bonus: 5, penalty: 5 },
    { test: 'strict-transport-security', pass: hsts >= 15_768_000, bonus: 0, penalty: 20 },
    { test: 'subresource-integrity', pass: foreignScripts.length === 0, bonus: 0, penalty: 5 },
    { test: 'x-content-type-options', pass: h.get('x-content-type-options') === 'nosniff', bonus: 0, penalty: 5 },
    { test: 'x-frame-options', pass: (policy.get('frame-ancestors') ?? []).length > 0, bonus: 5, penalty: 20 },
    { test: 'cross-origin-resource-policy', pass: ['same-origin', 'same-site'].includes(h.get('cross-origin-resource-policy') ?? ''), bonus: 0, penalty: 0 },
  ]
}

test("every item the Observatory grades passes, and the score is an A+", async () => {
  const results = await rubric()
  expect(results.filter((r) => !r.pass).map((r) => r.test)).toEqual([])
  const score = 100 + results.reduce((sum, r) => sum + (r.pass ? r.bonus : -r.penalty), 0)
  expect(score).toBeGreaterThanOrEqual(100)
  console.log(`observatory rubric: ${results.length} tests passed, score ${score} (A+ from 100)`)
})

test('the binary sends the same headers on a cached page, the API, an asset and an error', async () => {
  const cached = await fetch(app.url + '/', { headers: { 'x-forwarded-proto': 'https' } })
  expect(cached.headers.get('x-cache')).toBe('HIT')
  const js = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!
  for (const res of [cached, await fetch(app.url + '/api/projects'), await fetch(app.url + js), await fetch(app.url + '/api/nope')]) {
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy']) {
      expect({ url: res.url, name, value: res.headers.get(name) }).toEqual({ url: res.url, name, value: home.headers.get(name) })
    }
  }
})
