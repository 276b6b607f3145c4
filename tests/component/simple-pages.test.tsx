import { afterEach, describe, expect, test } from 'bun:test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import type { ResumeLinkState } from '#src/contract/resume'
import { SiteProvider } from '#client/lib/site-context'
import { resumeLinkQuery, type SiteData } from '#client/lib/site-data'
import { NotFoundPage } from '#client/site/pages/not-found-page'
import { PrivacyPage } from '#client/site/pages/privacy-page'
import { ResumePage } from '#client/site/pages/resume-page'
import { emptyData, renderAt, testSite } from '#tests/support/component/render'

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

/** Answers any call with `status` and `body`, recording every request: the page should make none. */
function fakeResumeApi(status: number, body: unknown) {
  const calls: string[] = []
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return calls
}

/** The page as the server sends it: the route's prefetch through the site's data, then React on the server. */
async function serverRendered(state: ResumeLinkState | null) {
  const asked: string[] = []
  const data: SiteData = { ...emptyData, resumeLink: async (token) => (asked.push(token), state) }
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  await qc.prefetchQuery(resumeLinkQuery(data, 'tok-123'))
  const html = renderToString(
    <QueryClientProvider client={qc}>
      <SiteProvider site={testSite} data={data}>
        <ResumePage params={{ token: 'tok-123' }} />
      </SiteProvider>
    </QueryClientProvider>,
  )
  const container = document.createElement('div')
  container.innerHTML = html
  return { html, container, asked }
}

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
  test('the server reads the state through its own data, with no request, and offers the download as a form POST', async () => {
    const calls = fakeResumeApi(500, {})
    const { container, asked } = await serverRendered({ status: 'valid', expiresAt: '2030-01-02T03:04:00.000Z' })
    expect(asked).toEqual(['tok-123'])
    expect(calls).toEqual([])
    expect(container.querySelector('.resume-status')?.textContent).toBe('Valid. It works once and expires on 2 Jan 2030, 03:04 UTC.')
    const form = container.querySelector('form.resume-download')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/api/resume/tok-123')
    const button = form.querySelector('button[type="submit"]')!
    expect(button.textContent).toBe('Download resume')
    // No name: the POST body stays empty, which the JSON-only API accepts.
    expect(button.hasAttribute('name')).toBe(false)
  })

  test('needs no JavaScript: no island, no note asking for it, no state left to check in the browser', async () => {
    const { html } = await serverRendered({ status: 'valid', expiresAt: '2030-01-02T03:04:00.000Z' })
    expect(html).not.toContain('data-island')
    expect(html).not.toContain('<noscript>')
    expect(html).not.toContain('Checking link')
  })

  test.each([
    ['an already used link', { status: 'viewed', expiresAt: '2030-01-02T03:04:00.000Z' } as const, 'Already used. This link has already been used.'],
    ['an expired link', { status: 'expired', expiresAt: '2024-05-06T07:08:00.000Z' } as const, 'Expired. This link has expired. It expired on 6 May 2024, 07:08 UTC.'],
    ['an unknown link', null, 'Unknown link. This link does not exist.'],
  ])('says so for %s and offers no download', async (_name, state, text) => {
    const { container } = await serverRendered(state)
    expect(container.querySelector('.resume-status')?.textContent).toStartWith(text)
    expect(container.querySelector('form.resume-download')).toBeNull()
  })

  test('a used link points to the contact form with a plain link', async () => {
    const { container } = await serverRendered({ status: 'viewed', expiresAt: '2030-01-02T03:04:00.000Z' })
    expect(container.querySelector('.resume-status a')?.getAttribute('href')).toBe('/contact')
    expect(container.querySelector('.resume-status')?.textContent).toEndWith('Ask for a new one through the contact form.')
  })
})
