// The one-time resume link's landing page in Chromium, on the owner's own site (SEED=none, a PDF
// they uploaded, a link they signed): a reading page with no island (decision 066). The server
// says the link's state; the download is a plain form; with JavaScript off it all works the same.
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { axeViolations, newPage, visit } from '#tests/support/browser/browser'
import { useSiteAndBrowser } from '#tests/support/browser/e2e'
import { javascriptLoaded } from '#tests/support/browser/page-weight'

const site = useSiteAndBrowser({ SEED: 'none' })
const OWNER = 'Grace Hopper'
const PDF = new TextEncoder().encode('%PDF-1.4\n% the owner resume\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n')
/** A reading page's JavaScript: the page script alone (decision 066). */
const READING_BUDGET = 4 * 1024

let cookie = ''
beforeAll(async () => {
  cookie = await site.server.login()
  expect((await site.server.request('PUT', '/api/admin/settings', { cookie, body: { siteName: OWNER } })).status).toBe(200)
  expect((await site.server.request('POST', '/api/admin/resume/file', { raw: PDF, headers: { 'content-type': 'application/pdf' }, cookie })).status).toBeLessThan(300)
})

/** A fresh link, signed the way the admin's Resumes screen does. */
async function signedLink(): Promise<string> {
  const res = await site.server.request('POST', '/api/admin/resume/sign-url', { cookie })
  expect(res.status).toBe(201)
  return res.body.url as string
}

const statusText = (page: Page) => page.locator('.resume-status').innerText()
const download = (page: Page) => page.getByRole('button', { name: 'Download resume' })

/** Clicks Download and returns the file's name and bytes as the browser saved them. */
async function downloaded(page: Page) {
  const [file] = await Promise.all([page.waitForEvent('download'), download(page).click()])
  const stream = await file.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return { name: file.suggestedFilename(), bytes: new Uint8Array(Buffer.concat(chunks)) }
}

describe('a valid link', () => {
  test('says so from the server, runs only the page script (no island, no React), hands out the PDF once, and opened again says it is used', async () => {
    const url = await signedLink()
    const { context, page, problems } = await newPage(site.browser, { acceptDownloads: true })
    const js = await javascriptLoaded(page, site.url(url))
    expect(js.gzipBytes).toBeLessThanOrEqual(READING_BUDGET)
    expect(js.urls).toHaveLength(1)
    await page.waitForSelector('html[data-hydrated]')
    expect(await page.locator('[data-island]').count()).toBe(0)
    expect(await page.locator('.lede').innerText()).toContain(`the resume of ${OWNER}`)
    expect(await statusText(page)).toMatch(/^Valid\. It works once and expires on \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC\.$/)
    const file = await downloaded(page)
    expect(file.name).toBe('resume.pdf')
    expect(file.bytes).toEqual(PDF)
    await visit(page, site.url(url))
    expect(await statusText(page)).toBe('Already used. This link has already been used. Ask for a new one through the contact form.')
    expect(await page.locator('.resume-status a').getAttribute('href')).toBe('/contact')
    expect(await download(page).count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('reads and downloads the same with JavaScript off', async () => {
    const url = await signedLink()
    const { context, page, problems } = await newPage(site.browser, { acceptDownloads: true, javaScriptEnabled: false })
    await page.goto(site.url(url))
    expect(await statusText(page)).toStartWith('Valid. It works once')
    expect((await downloaded(page)).bytes).toEqual(PDF)
    await page.reload()
    expect(await statusText(page)).toStartWith('Already used.')
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

test('an unknown link says so and offers no download', async () => {
  const { context, page, problems } = await newPage(site.browser)
  await visit(page, site.url(`/resume/${'Q'.repeat(43)}`))
  expect(await statusText(page)).toBe('Unknown link. This link does not exist.')
  expect(await download(page).count()).toBe(0)
  expect(problems.errors).toEqual([])
  await context.close()
})

describe.each(['dark', 'light'])('in the %s theme', (theme) => {
  test('a valid and a used link have no serious or critical axe violations', async () => {
    const url = await signedLink()
    const { context, page, problems } = await newPage(site.browser, { acceptDownloads: true })
    await page.context().addInitScript((t) => localStorage.setItem('theme', t), theme)
    await visit(page, site.url(url))
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
    expect(await axeViolations(page)).toEqual([])
    await downloaded(page)
    await visit(page, site.url(url))
    expect(await axeViolations(page)).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
