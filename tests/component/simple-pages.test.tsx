import { afterEach, describe, expect, test } from 'bun:test'
import { NotFoundPage } from '#client/site/pages/not-found-page'
import { PrivacyPage } from '#client/site/pages/privacy-page'
import { ResumePage } from '#client/site/pages/resume-page'
import { renderAt, settle } from '#tests/support/component/render'

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

/** Answers the resume state call with `status` and `body`, recording every request. */
function fakeResumeApi(status: number, body: unknown) {
  const calls: string[] = []
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return calls
}

const renderResume = () => renderAt('/resume/tok-123', <ResumePage params={{ token: 'tok-123' }} />)

describe('404 page', () => {
  test("says the page doesn't exist and links home", async () => {
    const { container } = await renderAt('/nope', <NotFoundPage />)
    expect(container.querySelector('h1')?.textContent).toBe('Page not found')
    expect(container.textContent).toContain("The page you're looking for doesn't exist or was moved.")
    expect(container.querySelector('a[href="/"]')?.textContent).toBe('Go to the home page')
  })
})

describe('privacy page', () => {
  test('states what is collected, the cookie-less analytics, the session cookie and removal on request', async () => {
    const { container } = await renderAt('/privacy', <PrivacyPage />)
    const headings = [...container.querySelectorAll('h1, h2')].map((h) => h.textContent)
    expect(headings).toEqual(['Privacy', 'What is collected', 'Analytics', 'Cookies and local storage', 'Removing your messages', 'Questions'])
    const text = container.textContent!
    expect(text).toContain('Only contact form data.')
    expect(text).toContain('Analytics are optional and cookie-less.')
    expect(text).toContain('without storing IP addresses, user-agents or any other identifier')
    expect(text).toContain('deleted when the day ends')
    expect(text).toContain('If your browser sends Global Privacy Control, nothing about your visit is counted.')
    expect(text).toContain('One httpOnly session cookie is used, and only when the site owner signs in')
    expect(text).toContain('Messages are removed on request.')
    expect(container.querySelector('#privacy-removal ~ p a[href="/contact"]')).not.toBeNull()
  })

  test('says how long IPs and user agents are kept, as MESSAGE_META_DAYS sets it', async () => {
    const kept = await renderAt('/privacy', <PrivacyPage />, { site: { messageMetaDays: 30 } })
    expect(kept.container.textContent).toContain('the IP address and user-agent are deleted after 30 days.')
    const forever = await renderAt('/privacy', <PrivacyPage />, { site: { messageMetaDays: 0 } })
    expect(forever.container.textContent).toContain('kept for abuse prevention only. Nothing else')
    expect(forever.container.textContent).not.toContain('deleted after')
  })

  test('says so when analytics are off (ANALYTICS=off)', async () => {
    const { container } = await renderAt('/privacy', <PrivacyPage />, { site: { pageViews: 'off' } })
    expect(container.textContent).toContain('Analytics are optional and cookie-less, and on this site they are off: no visit is counted at all.')
    expect(container.textContent).not.toContain('Global Privacy Control')
  })

  test('mentions hCaptcha only when the captcha is on', async () => {
    const off = await renderAt('/privacy', <PrivacyPage />)
    expect(off.container.textContent).not.toContain('hCaptcha')
    const on = await renderAt('/privacy', <PrivacyPage />, { site: { captchaSiteKey: 'key' } })
    expect(on.container.querySelector('#privacy-captcha')?.textContent).toBe('Captcha')
  })
})

describe('resume link page', () => {
  test('starts neutral, reads the state with a GET only, and offers the download as a form POST', async () => {
    const calls = fakeResumeApi(200, { status: 'valid', expiresAt: '2030-01-02T03:04:00.000Z' })
    const { container } = await renderResume()
    await settle()
    expect(calls).toEqual(['GET /api/resume/tok-123'])
    expect(container.querySelector('.resume-status')?.textContent).toBe('Valid. It works once and expires on 2 Jan 2030, 03:04 UTC.')
    const form = container.querySelector('form.resume-download')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/api/resume/tok-123')
    const button = form.querySelector('button[type="submit"]')!
    expect(button.textContent).toBe('Download resume')
    // No name: the POST body stays empty, which the JSON-only API accepts.
    expect(button.hasAttribute('name')).toBe(false)
  })

  test('shows Checking link… until the state arrives', async () => {
    globalThis.fetch = (() => new Promise<Response>(() => {})) as unknown as typeof fetch
    const { container } = await renderResume()
    expect(container.querySelector('.resume-status')?.textContent).toBe('Checking link…')
    expect(container.querySelector('form.resume-download button')).not.toBeNull()
  })

  test.each([
    ['an already used link', 200, { status: 'viewed', expiresAt: '2030-01-02T03:04:00.000Z' }, 'Already used. This link has already been used.'],
    ['an expired link', 200, { status: 'expired', expiresAt: '2024-05-06T07:08:00.000Z' }, 'Expired. This link has expired. It expired on 6 May 2024, 07:08 UTC.'],
    ['an unknown link', 404, { ok: false, error: 'This link does not exist.' }, 'Unknown link. This link does not exist.'],
  ])('says so for %s and offers no download', async (_name, status, body, text) => {
    fakeResumeApi(status, body)
    const { container } = await renderResume()
    await settle()
    expect(container.querySelector('.resume-status')?.textContent).toStartWith(text)
    expect(container.querySelector('form.resume-download')).toBeNull()
  })

  test('still offers the download when the check itself fails', async () => {
    fakeResumeApi(403, { ok: false, error: 'Forbidden here' })
    const { container } = await renderResume()
    await settle()
    expect(container.querySelector('.resume-status')?.textContent).toBe('Could not check this link: Forbidden here')
    expect(container.querySelector('form.resume-download button')).not.toBeNull()
  })
})
