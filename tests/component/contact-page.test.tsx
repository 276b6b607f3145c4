import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { HCAPTCHA_SCRIPT } from '#client/features/contact/captcha'
import { ContactPage } from '#client/site/pages/contact-page'
import { renderAt, settle } from '#tests/support/component/render'

type Sent = { url: string; method: string; body: unknown }
const realFetch = globalThis.fetch
let sent: Sent[] = []

/** Answers every request with `respond`, recording what was sent. */
function fakeFetch(respond: () => Promise<Response> | Response) {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), method: String(init.method), body: init.body ? JSON.parse(String(init.body)) : undefined })
    return respond()
  }) as typeof fetch
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  sent = []
})
afterEach(() => {
  globalThis.fetch = realFetch
  delete (window as { hcaptcha?: unknown }).hcaptcha
})

const field = (c: HTMLElement, name: string) => c.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement
const submit = (c: HTMLElement) => c.querySelector('button[type="submit"]') as HTMLButtonElement
const texts = (c: HTMLElement, selector: string) => [...c.querySelectorAll(selector)].map((e) => e.textContent)

async function fill(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function fillValid(c: HTMLElement) {
  await fill(field(c, 'name'), '  Ada   Lovelace ')
  await fill(field(c, 'email'), 'ada@example.com')
  await act(async () => (c.querySelector('input[value="collaboration"]') as HTMLInputElement).click())
  await fill(field(c, 'message'), 'Hello there, this is a real message.')
}

async function send(c: HTMLElement) {
  await act(async () => submit(c).click())
  await settle(30)
}

describe('contact page', () => {
  test('has the fields, the Reason radios, the notes and a Send button', async () => {
    const { container } = await renderAt('/contact', <ContactPage />)
    await settle()
    const label = (name: string) => container.querySelector(`label[for="${field(container, name).id}"]`)?.textContent
    expect([label('name'), label('email'), label('message')]).toEqual(['Name', 'Email', 'Message'])
    expect(container.querySelector('fieldset legend')?.textContent).toBe('Reason')
    const radios = [...container.querySelectorAll('input[type="radio"]')].map((r) => [r.parentElement!.textContent!.trim(), (r as HTMLInputElement).value])
    expect(radios).toEqual([
      ['General', 'general'],
      ['Resume', 'resume'],
      ['Collaboration', 'collaboration'],
    ])
    expect(container.textContent).toContain('Min 10 characters. Max 5000.')
    expect(container.querySelector('.form-note')?.textContent).toMatch(/stored with a timestamp, your IP address and .*user-agent for abuse prevention/)
    expect(submit(container).textContent).toBe('Send')
    expect(submit(container).disabled).toBe(false)
  })

  test('shows every field message of spec section 5 beside its field and focuses the first', async () => {
    fakeFetch(() => json(200, { ok: true }))
    const { container } = await renderAt('/contact', <ContactPage />)
    await send(container)
    expect(texts(container, '.field-error')).toEqual(['Name must be 2–60 characters.', 'Please enter a valid email.', 'Please pick a reason.', 'Message must be at least 10 characters.'])
    const name = field(container, 'name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Name must be 2–60 characters.')
    expect(document.activeElement).toBe(name)
    expect(sent).toEqual([])
  })

  test.each([
    ['name', 'Ada <script>', 'Name has invalid characters.'],
    ['email', 'ada@', 'Please enter a valid email.'],
    ['message', 'x'.repeat(5001), 'Message is too long (max 5000).'],
  ])('rejects a bad %s with the spec text and focuses it', async (name, value, message) => {
    fakeFetch(() => json(200, { ok: true }))
    const { container } = await renderAt('/contact', <ContactPage />)
    await fillValid(container)
    await fill(field(container, name), value)
    await send(container)
    expect(texts(container, '.field-error')).toEqual([message])
    expect(document.activeElement).toBe(field(container, name))
    expect(sent).toEqual([])
  })

  test('clears a field message as soon as the field is edited', async () => {
    const { container } = await renderAt('/contact', <ContactPage />)
    await send(container)
    await fill(field(container, 'email'), 'a')
    expect(texts(container, '.field-error')).not.toContain('Please enter a valid email.')
    expect(field(container, 'email').hasAttribute('aria-invalid')).toBe(false)
  })

  test('sends the cleaned payload, shows Sending… meanwhile, then the server message and an empty form', async () => {
    let answer: (r: Response) => void = () => {}
    fakeFetch(() => new Promise((resolve) => (answer = resolve)))
    const { container } = await renderAt('/contact', <ContactPage />)
    await fillValid(container)
    await send(container)
    expect(submit(container).textContent).toBe('Sending…')
    expect(submit(container).disabled).toBe(true)
    expect(sent).toEqual([
      {
        url: '/api/contact',
        method: 'POST',
        body: { name: 'Ada Lovelace', email: 'ada@example.com', reason: 'collaboration', message: 'Hello there, this is a real message.', formMs: expect.any(Number) },
      },
    ])
    await act(async () => answer(json(200, { ok: true, message: 'Got it, thanks.' })))
    await settle()
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Got it, thanks.')
    expect(submit(container).textContent).toBe('Send')
    expect([field(container, 'name').value, field(container, 'email').value, field(container, 'message').value]).toEqual(['', '', ''])
    expect(container.querySelector('input[type="radio"]:checked')).toBeNull()
  })

  test('has a honeypot field out of sight, out of the Tab order, hidden from screen readers and never autofilled', async () => {
    const { container } = await renderAt('/contact', <ContactPage />)
    const trap = field(container, 'website') as HTMLInputElement
    const wrapper = trap.closest('[aria-hidden]')!
    expect(wrapper.getAttribute('aria-hidden')).toBe('true')
    expect(wrapper.className).toBe('contact-extra')
    expect([trap.getAttribute('tabindex'), trap.getAttribute('autocomplete'), trap.value]).toEqual(['-1', 'off', ''])
    expect(container.querySelector(`label[for="${trap.id}"]`)?.textContent).toContain('leave this empty')
  })

  test('sends how long the form was open since it became usable, and the honeypot only when something filled it', async () => {
    const realNow = performance.now
    let now = 1000
    performance.now = () => now
    try {
      fakeFetch(() => json(200, { ok: true }))
      const { container } = await renderAt('/contact', <ContactPage />)
      await settle()
      await fillValid(container)
      now = 5200.4
      await send(container)
      expect(sent[0]!.body).toMatchObject({ formMs: 4200 })
      expect(sent[0]!.body).not.toHaveProperty('website')
      // The next message is a new fill: timed from the last send, and here a script filled the trap.
      await fillValid(container)
      ;(field(container, 'website') as HTMLInputElement).value = 'https://spam.example'
      now = 6200
      await send(container)
      expect(sent[1]!.body).toMatchObject({ formMs: 1000, website: 'https://spam.example' })
    } finally {
      performance.now = realNow
    }
  })

  test('says Thanks! Your message is in. when the server sends no message', async () => {
    fakeFetch(() => json(200, { ok: true }))
    const { container } = await renderAt('/contact', <ContactPage />)
    await fillValid(container)
    await send(container)
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Thanks! Your message is in.')
  })

  test.each([
    ['details with messages and codes', () => json(400, { ok: false, error: 'Invalid input.', details: [{ message: 'Please enter a valid email.', code: 'invalid_format', path: 'email' }, { code: 'custom' }] }), 'Invalid input: Please enter a valid email., custom'],
    ['a 400 without details or text', () => new Response('', { status: 400 }), 'Invalid input.'],
    ['a server error text', () => json(429, { ok: false, error: 'Too many messages. Please try again later.' }), 'Too many messages. Please try again later.'],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
    ['a network failure without a message', () => Promise.reject(new TypeError('')), 'Network error.'],
  ])('shows the failure text for %s and keeps the form', async (_name, respond, text) => {
    fakeFetch(respond)
    const { container } = await renderAt('/contact', <ContactPage />)
    await fillValid(container)
    await send(container)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(text)
    expect(container.querySelector('[role="status"]')?.textContent).toBe('')
    expect(field(container, 'email').value).toBe('ada@example.com')
  })

  test('marks the fields named in the server details', async () => {
    fakeFetch(() => json(400, { ok: false, error: 'Invalid input.', details: [{ message: 'Please enter a valid email.', code: 'x', path: 'email' }] }))
    const { container } = await renderAt('/contact', <ContactPage />)
    await fillValid(container)
    await send(container)
    expect(field(container, 'email').getAttribute('aria-invalid')).toBe('true')
  })

  test('loads no captcha without a site key', async () => {
    fakeFetch(() => json(200, { ok: true }))
    const { container } = await renderAt('/contact', <ContactPage />)
    await settle()
    expect(document.querySelector(`script[src^="${HCAPTCHA_SCRIPT}"]`)).toBeNull()
    await fillValid(container)
    await send(container)
    expect((sent[0]!.body as Record<string, unknown>).hcaptchaToken).toBeUndefined()
  })

  test('with a site key, renders an invisible hCaptcha, sends its token and resets it after sending', async () => {
    const calls: string[] = []
    let n = 0
    ;(window as { hcaptcha?: unknown }).hcaptcha = {
      render: (_el: HTMLElement, p: { sitekey: string; size: string }) => (calls.push(`render ${p.sitekey} ${p.size}`), 'w1'),
      execute: async (id: string) => (calls.push(`execute ${id}`), { response: `token-${++n}` }),
      reset: (id: string) => calls.push(`reset ${id}`),
      remove: () => undefined,
    }
    fakeFetch(() => json(200, { ok: true, message: 'Got it.' }))
    const { container } = await renderAt('/contact', <ContactPage />, { site: { captchaSiteKey: 'site-key-1' } })
    await settle()
    await fillValid(container)
    await send(container)
    expect(calls).toEqual(['render site-key-1 invisible', 'execute w1', 'reset w1'])
    expect((sent[0]!.body as Record<string, unknown>).hcaptchaToken).toBe('token-1')
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Got it.')
  })

  test('shows the captcha failure and sends nothing when the challenge is closed', async () => {
    ;(window as { hcaptcha?: unknown }).hcaptcha = {
      render: () => 'w1',
      execute: () => Promise.reject('challenge-closed'),
      reset: () => undefined,
    }
    fakeFetch(() => json(200, { ok: true }))
    const { container } = await renderAt('/contact', <ContactPage />, { site: { captchaSiteKey: 'site-key-1' } })
    await fillValid(container)
    await send(container)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('The captcha was closed before it finished. Please try again.')
    expect(sent).toEqual([])
  })

  test("loads hCaptcha's script in explicit render mode when the site has a key, and renders once it is ready", async () => {
    // Kept out of the document: happy-dom does not load scripts, it would fail the load at once.
    const added: HTMLScriptElement[] = []
    const append = document.head.appendChild.bind(document.head)
    document.head.appendChild = (<T extends Node>(node: T): T => (node instanceof HTMLScriptElement ? (added.push(node), node) : append(node))) as typeof document.head.appendChild
    try {
      const rendered: string[] = []
      await renderAt('/contact', <ContactPage />, { site: { captchaSiteKey: 'site-key-1' } })
      expect(added.map((s) => s.src)).toEqual([`${HCAPTCHA_SCRIPT}&onload=__folioHcaptchaReady`])
      const w = window as unknown as Record<string, unknown>
      w.hcaptcha = { render: (_el: HTMLElement, p: { sitekey: string }) => (rendered.push(p.sitekey), 'w1'), execute: async () => ({ response: 't' }), reset: () => undefined }
      await act(async () => (w.__folioHcaptchaReady as () => void)())
      expect(rendered).toEqual(['site-key-1'])
    } finally {
      document.head.appendChild = append
    }
  })
})

describe('contact page, issue 33 (an island that also works without JavaScript)', () => {
  test('is one island carrying only its own props: the API base, the captcha key and the outcome', async () => {
    const { container } = await renderAt('/contact', <ContactPage />, { site: { apiBase: 'https://api.example', captchaSiteKey: 'site-key-1' } })
    const marker = container.querySelector('[data-island]')!
    expect(marker.getAttribute('data-island')).toBe('contact-form')
    expect(JSON.parse(marker.getAttribute('data-props')!)).toEqual({ apiBase: 'https://api.example', captchaSiteKey: 'site-key-1', initial: null })
    expect(marker.querySelector('form.contact-form')).not.toBeNull()
  })

  test('posts to /contact as a plain form when no script runs: the fields under the names the server reads', async () => {
    const { container } = await renderAt('/contact', <ContactPage />)
    const form = container.querySelector('form.contact-form')!
    // The answer opens at the outcome (#contact-answer), not at the top a screen above it.
    expect([form.getAttribute('method'), form.getAttribute('action'), form.getAttribute('enctype')]).toEqual(['post', '/contact#contact-answer', null])
    expect(container.querySelector('#contact-answer [role="status"]')).not.toBeNull()
    expect([...form.querySelectorAll('[name]')].map((e) => e.getAttribute('name'))).toEqual(['name', 'email', 'reason', 'reason', 'reason', 'message', 'website'])
    expect(submit(container).disabled).toBe(false)
    expect(container.querySelector('noscript')).toBeNull()
  })

  test('shows what the server answered a post without JavaScript: the values sent back, each field message and the refusal', async () => {
    const contactForm = {
      values: { name: 'A', email: 'ada@example.com', reason: 'resume', message: 'Hi' },
      errors: { name: 'Name must be 2–60 characters.', message: 'Message must be at least 10 characters.' },
      outcome: { ok: false, text: 'Invalid input: Name must be 2–60 characters., Message must be at least 10 characters.' },
    }
    const { container } = await renderAt('/contact', <ContactPage />, { data: { contactForm } })
    expect([field(container, 'name').value, field(container, 'email').value, field(container, 'message').value]).toEqual(['A', 'ada@example.com', 'Hi'])
    expect((container.querySelector('input[type="radio"]:checked') as HTMLInputElement).value).toBe('resume')
    expect(texts(container, '.field-error')).toEqual(['Name must be 2–60 characters.', 'Message must be at least 10 characters.'])
    expect(field(container, 'name').getAttribute('aria-invalid')).toBe('true')
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(contactForm.outcome.text)
    expect(container.querySelector('[role="status"]')?.textContent).toBe('')
    // The page opens at the form's top, where the first thing to fix is.
    expect(container.querySelector('#contact-answer')?.tagName).toBe('FORM')
  })

  test('shows the thanks after a post without JavaScript, the form empty', async () => {
    const contactForm = { values: { name: '', email: '', reason: '', message: '' }, errors: {}, outcome: { ok: true, text: 'Thanks! Your message is in.' } }
    const { container } = await renderAt('/contact', <ContactPage />, { data: { contactForm } })
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Thanks! Your message is in.')
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('')
    expect(field(container, 'name').value).toBe('')
  })
})
