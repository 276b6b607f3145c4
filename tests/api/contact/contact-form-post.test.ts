// POST /contact over real HTTP: the contact form posted without JavaScript
// (application/x-www-form-urlencoded), answered with the contact page in the site's layout. The
// same limits, schema and spam guards as POST /api/contact (one allowance per address for both),
// never cached, never a 500; a post from another site is refused.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CAPTCHA_MESSAGES, CONTACT_MESSAGES as M, CONTACT_SENT } from '#src/contract/contact'
import { CAPTCHA_NEEDS_JS } from '#src/contract/contact-form'
import { CROSS_SITE, FORM_BODY_LIMIT, FORM_TOO_LARGE } from '#src/features/contact/form-routes'
import { contact, freshIp, sendContact, storedWith, UNCAPPED } from '#tests/support/data/contact'
import { GOOD_TOKEN, startFakeHcaptcha } from '#tests/support/server/fake-hcaptcha'
import { startTestServer, type TestServer } from '#tests/support/server/server'

type Page = { status: number; headers: Headers; html: string; thanks: string; alert: string; fieldErrors: string[]; values: Record<string, string> }

/** What a visitor reads on the answer: the outcome's two regions, each field's message and value. */
async function readPage(res: Response): Promise<Page> {
  const html = await res.text()
  const found = { thanks: '', alert: '', fieldErrors: [] as string[], values: {} as Record<string, string> }
  let into: ((text: string) => void) | null = null
  const collect = (write: (text: string) => void) => ({
    element(el: HTMLRewriterTypes.Element) {
      into = write
      el.onEndTag(() => {
        into = null
      })
    },
    text(t: HTMLRewriterTypes.Text) {
      into?.(t.text)
    },
  })
  const decode = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')
  new HTMLRewriter()
    .on('.contact-form [role="status"]', collect((t) => (found.thanks += t)))
    .on('.contact-form [role="alert"]', collect((t) => (found.alert += t)))
    .on('.contact-form .field-error', {
      element(el) {
        found.fieldErrors.push('')
        into = (t) => (found.fieldErrors[found.fieldErrors.length - 1] += t)
        el.onEndTag(() => {
          into = null
        })
      },
      text(t) {
        into?.(t.text)
      },
    })
    .on('.contact-form input[name="name"], .contact-form input[name="email"]', { element: (el) => void (found.values[el.getAttribute('name')!] = el.getAttribute('value') ?? '') })
    .on('.contact-form input[name="reason"][checked]', { element: (el) => void (found.values.reason = el.getAttribute('value') ?? '') })
    .on('.contact-form textarea[name="message"]', { element: () => void (found.values.message = '') })
    .on('.contact-form textarea[name="message"]', collect((t) => (found.values.message += t)))
    .transform(html)
  return {
    status: res.status,
    headers: res.headers,
    html,
    thanks: decode(found.thanks),
    alert: decode(found.alert),
    fieldErrors: found.fieldErrors.map(decode),
    values: Object.fromEntries(Object.entries(found.values).map(([k, v]) => [k, decode(v)])),
  }
}

type Fields = Record<string, string>
const formOf = (fields: Fields) => new URLSearchParams(fields).toString()

/** Posts the form as a browser on this site does: urlencoded, with the site's Origin, from a fresh address. */
function postForm(s: TestServer, body: string | Fields, headers: Record<string, string> = {}) {
  return fetch(`${s.url}/contact`, {
    method: 'POST',
    body: typeof body === 'string' ? body : formOf(body),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: s.url, 'x-forwarded-for': freshIp(), ...headers },
    redirect: 'manual',
  }).then(readPage)
}

/** The form's fields as a person fills them (the honeypot sent empty, as the browser sends it). */
const filled = (overrides: Fields = {}) => {
  const { marker, payload } = contact()
  return { marker, fields: { name: payload.name, email: payload.email, reason: 'collaboration', message: payload.message, website: '', ...overrides } }
}

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: '1', SEED: 'none' }, config: UNCAPPED })
  cookie = await s.login()
  // The owner's own name, so the page is shown in their site's layout.
  await s.request('PUT', '/api/admin/settings', { body: { siteName: 'Mara Okafor' }, cookie })
})
afterAll(() => s.close())

describe('a valid form', () => {
  test('is stored and answered 200 with the contact page in the site layout saying it was sent, never cached', async () => {
    const { marker, fields } = filled()
    const page = await postForm(s, fields)
    expect(page.status).toBe(200)
    expect(page.thanks).toBe(CONTACT_SENT)
    expect(page.alert).toBe('')
    expect(page.values).toEqual({ name: '', email: '', message: '' })
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
    expect(page.html).toContain('<title>Contact - Mara Okafor</title>')
    expect(page.html).toContain('data-island="contact-form"')
    const stored = await storedWith(s, cookie, marker)
    expect(stored.map((m) => ({ name: m.name, email: m.email, reason: m.reason, message: m.message }))).toEqual([{ name: fields.name, email: fields.email, reason: 'collaboration', message: fields.message }])
  })

  test('is cleaned as the JSON call cleans it: control characters and NUL stripped from the name, the message trimmed', async () => {
    const { marker, fields } = filled({ name: '  Ada\u0000  Lovelace\u0007 ', message: `  Hello\u0000 from a form, ${contact().marker}  ` })
    const page = await postForm(s, { ...fields, email: `${marker}@example.com` })
    expect(page.status).toBe(200)
    const [stored] = await storedWith(s, cookie, marker)
    expect(stored!.name).toBe('Ada Lovelace')
    expect(stored!.message).toBe(fields.message.trim())
  })

  test('of 5000 three-byte characters (45 KB percent-encoded) fits the form limit and is stored', async () => {
    const { marker, fields } = filled({ message: '€'.repeat(5000) })
    expect(formOf(fields).length).toBeLessThanOrEqual(FORM_BODY_LIMIT)
    expect(formOf(fields).length).toBeGreaterThan(32 * 1024)
    expect((await postForm(s, fields)).status).toBe(200)
    expect(await storedWith(s, cookie, marker)).toHaveLength(1)
  })

  test('from a client that sends no Origin (not a browser) is taken', async () => {
    const { marker, fields } = filled()
    expect((await postForm(s, fields, { origin: '' })).status).toBe(200)
    expect(await storedWith(s, cookie, marker)).toHaveLength(1)
  })
})

describe('an invalid form', () => {
  const cases: [string, Fields, string[], string][] = [
    ['every field empty and no reason', { name: '', email: '', message: '', website: '', reason: '' }, [M.nameLength, M.email, M.reason, M.messageShort], `Invalid input: ${[M.nameLength, M.email, M.messageShort, M.reason].join(', ')}`],
    ['a name with markup', { name: 'Ada <b>' }, [M.nameChars], `Invalid input: ${M.nameChars}`],
    ['an email without a domain', { email: 'ada@' }, [M.email], `Invalid input: ${M.email}`],
    ['an unknown reason', { reason: 'spam' }, [M.reason], `Invalid input: ${M.reason}`],
    ['a 10,000-character message', { message: 'x'.repeat(10_000) }, [M.messageLong], `Invalid input: ${M.messageLong}`],
  ]
  test.each(cases)('with %s is answered 400 with the spec text beside each field and the values to correct', async (_what, overrides, fieldErrors, alert) => {
    const { marker, fields } = filled(overrides)
    const page = await postForm(s, fields)
    expect(page.status).toBe(400)
    expect(page.fieldErrors).toEqual(fieldErrors)
    expect(page.alert).toBe(alert)
    expect(page.thanks).toBe('')
    expect(page.values.name).toBe(fields.name!.trim())
    expect(page.values.message).toBe(fields.message!)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(await storedWith(s, cookie, marker)).toEqual([])
  })

  test('sends back what was typed, as text: markup in a value is never markup on the page', async () => {
    const page = await postForm(s, filled({ name: '<img src=x onerror=alert(1)>', message: '</textarea><script>alert(1)</script>' }).fields)
    expect(page.status).toBe(400)
    expect(page.values.name).toBe('<img src=x onerror=alert(1)>')
    expect(page.html).not.toContain('<img src=x')
    expect(page.html).not.toContain('<script>alert(1)')
  })

  test('with NUL and other odd input anywhere is a 400 or a 200, never a 500', async () => {
    const odd = ['\u0000', '%00', '\ud800', '%E2%28', '&&&==', 'name=%ZZ', `${'%'.repeat(100)}`]
    for (const junk of odd) {
      const body = `name=${junk}&email=${junk}&reason=${junk}&message=${junk}&website=&${junk}`
      const page = await postForm(s, body)
      expect({ junk, status: page.status }).toEqual({ junk, status: 400 })
      expect(page.alert).toStartWith('Invalid input: ')
    }
  })

  test('of random bytes (a hundred bodies, a fixed seed) is never a 500', async () => {
    let seed = 33
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const statuses = new Set<number>()
    for (let i = 0; i < 100; i++) {
      const bytes = Uint8Array.from({ length: Math.floor(next() * 400) }, () => Math.floor(next() * 256))
      const res = await fetch(`${s.url}/contact`, { method: 'POST', body: bytes, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: s.url, 'x-forwarded-for': freshIp() } })
      statuses.add(res.status)
      expect((await res.text()).length).toBeGreaterThan(0)
    }
    expect([...statuses]).toEqual([400])
  })
})

describe('the spam guards and limits of POST /api/contact', () => {
  test('a filled honeypot is thanked as a person would be and stores nothing', async () => {
    const { marker, fields } = filled({ website: 'https://spam.example/buy' })
    const page = await postForm(s, fields)
    expect([page.status, page.thanks]).toEqual([200, CONTACT_SENT])
    expect(await storedWith(s, cookie, marker)).toEqual([])
  })

  test('one address has one allowance for both doors: after 5 messages the form answers 429 with the contract text and Retry-After', async () => {
    const ip = freshIp()
    for (let i = 0; i < 3; i++) expect((await sendContact(s, contact().payload, { 'x-forwarded-for': ip })).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await postForm(s, filled().fields, { 'x-forwarded-for': ip })).status).toBe(200)
    const { marker, fields } = filled()
    const page = await postForm(s, fields, { 'x-forwarded-for': ip })
    expect(page.status).toBe(429)
    expect(page.alert).toBe('Too many messages. Please try again later.')
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(page.headers.get('cache-control')).toBe('no-store')
    // The values stay, to send once the wait is over.
    expect(page.values.message).toBe(fields.message)
    expect(await storedWith(s, cookie, marker)).toEqual([])
    expect((await sendContact(s, contact().payload, { 'x-forwarded-for': ip })).status).toBe(429)
  })
})

describe('refusals', () => {
  test.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin of null (a sandboxed or privacy-stripped page)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('a post with %s is answered 403, shows nothing it sent and stores nothing', async (_what, headers) => {
    const { marker, fields } = filled({ name: 'Visit evil dot example' })
    const page = await postForm(s, fields, headers)
    expect(page.status).toBe(403)
    expect(page.alert).toBe(CROSS_SITE)
    expect(page.html).not.toContain('Visit evil dot example')
    expect(await storedWith(s, cookie, marker)).toEqual([])
  })

  test('a body over the form limit is a 413 page for a browser, and the contract JSON error for an API client', async () => {
    const big = formOf(filled({ message: 'x'.repeat(FORM_BODY_LIMIT) }).fields)
    const page = await postForm(s, big)
    expect([page.status, page.alert]).toEqual([413, FORM_TOO_LARGE])
    const res = await fetch(`${s.url}/contact`, { method: 'POST', body: JSON.stringify({ message: 'x'.repeat(FORM_BODY_LIMIT) }), headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ ok: false, error: `Request body is too large (limit ${FORM_BODY_LIMIT} bytes).` })
  })

  test('a body that is not a urlencoded form is a 415', async () => {
    const multipart = new FormData()
    multipart.set('name', 'Ada Lovelace')
    const res = await fetch(`${s.url}/contact`, { method: 'POST', body: multipart, headers: { accept: 'text/html', origin: s.url } })
    const page = await readPage(res)
    expect([page.status, page.alert]).toEqual([415, 'Send the form as application/x-www-form-urlencoded.'])
    const json = await fetch(`${s.url}/contact`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(json.status).toBe(415)
  })
})

describe('POST /api/contact is unchanged', () => {
  test('answers JSON with the contract shape, and refuses a urlencoded body with 415 as before', async () => {
    const ok = await sendContact(s, contact().payload)
    expect([ok.status, ok.body]).toEqual([200, { ok: true, message: CONTACT_SENT }])
    const form = await fetch(`${s.url}/api/contact`, { method: 'POST', body: formOf(filled().fields), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url } })
    expect(form.status).toBe(415)
  })
})

describe('at the guards’ real values (a 3 s minimum fill time)', () => {
  let real: TestServer
  beforeAll(async () => {
    real = await startTestServer()
  })
  afterAll(() => real.close())

  test('a form posted without JavaScript carries no fill time, so it is never taken for a bot’s', async () => {
    const { marker, fields } = filled()
    const page = await postForm(real, fields, { origin: real.url })
    expect(page.status).toBe(200)
    expect(await storedWith(real, await real.login(), marker)).toHaveLength(1)
  })
})

describe('with the captcha on', () => {
  const verifier = startFakeHcaptcha()
  let cap: TestServer
  beforeAll(async () => {
    cap = await startTestServer({
      env: { TRUST_PROXY: '1', HCAPTCHA_SITEKEY: '10000000-ffff-ffff-ffff-000000000001', HCAPTCHA_SECRET: '0x0000000000000000000000000000000000000000', HCAPTCHA_VERIFY_URL: verifier.url },
      config: { contactGuards: { minFillMs: 0 } },
    })
  })
  afterAll(async () => {
    await cap.close()
    await verifier.close()
  })

  test('the page says, for browsers without JavaScript, that the captcha needs JavaScript', async () => {
    const html = await (await fetch(`${cap.url}/contact`)).text()
    expect(html).toContain(`<noscript><p class="error contact-needs-js">${CAPTCHA_NEEDS_JS}</p></noscript>`)
  })

  test('a form without a token is answered 400 saying so, beside any field message, and never reaches the verifier', async () => {
    verifier.reset()
    const { marker, fields } = filled({ email: 'ada@' })
    const page = await postForm(cap, fields)
    expect(page.status).toBe(400)
    expect(page.alert).toBe(CAPTCHA_NEEDS_JS)
    expect(page.fieldErrors).toEqual([M.email])
    expect(verifier.calls).toEqual([])
    expect(await storedWith(cap, await cap.login(), marker)).toEqual([])
  })

  test('a form carrying hCaptcha’s own field is verified and stored; a refused token says so', async () => {
    const { marker, fields } = filled()
    const page = await postForm(cap, { ...fields, 'h-captcha-response': GOOD_TOKEN })
    expect([page.status, page.thanks]).toEqual([200, CONTACT_SENT])
    expect(await storedWith(cap, await cap.login(), marker)).toHaveLength(1)
    const refused = await postForm(cap, { ...filled().fields, 'h-captcha-response': 'bad-token' })
    expect([refused.status, refused.alert]).toEqual([400, CAPTCHA_MESSAGES.failed])
  })
})
