// /admin/resumes in Chromium against a real server with RESUME_FILE set: generating and copying
// one-time links, the counts and the table, a used link, clipboard and API failures, the
// uploaded PDF winning over RESUME_FILE, axe.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { formatDateTime as formatUtc } from '#client/lib/format-date'
import { countRequests, unexpected } from '#tests/support/browser/admin-e2e'
import { openSignedIn, type AdminSite } from '#tests/support/browser/admin-session'
import { axeViolations, launchBrowser } from '#tests/support/browser/browser'
import { startTestServer } from '#tests/support/server/server'

const ENV_PDF = '%PDF-1.4\n% the resume RESUME_FILE points at\n%%EOF\n'
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] }

const site = {} as AdminSite
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-resume-e2e-'))
  writeFileSync(join(dir, 'resume.pdf'), ENV_PDF)
  ;[site.server, site.browser] = await Promise.all([startTestServer({ env: { RESUME_FILE: join(dir, 'resume.pdf') } }), launchBrowser()])
  site.cookie = await site.server.login()
})
afterAll(async () => {
  await site.browser?.close()
  await site.server?.close()
  rmSync(dir, { recursive: true, force: true })
})

type Link = { token: string; createdAt: string; expiresAt: string; status: string; usedAt: string | null; relativeUrl: string }
const links = async (): Promise<Link[]> => (await site.server.get('/api/admin/resume/links', { cookie: site.cookie })).body.items
const signLink = async () => {
  const res = await site.server.request('POST', '/api/admin/resume/sign-url', { cookie: site.cookie })
  expect(res.status).toBe(201)
  return (res.body.url as string).split('/').pop()!
}
/** Redeems a link the way the public Download button does. */
const redeem = (token: string) => site.server.request('POST', `/api/resume/${token}`)

const openResumes = (options = {}, before?: (page: Page) => unknown) => openSignedIn(site, '/admin/resumes', options, before)
const notice = (page: Page) => page.locator('.resumes-notice p[role="status"]')
const rowOf = (page: Page, token: string) => page.locator('table.resumes-table tbody tr').filter({ hasText: token })
const cells = (page: Page, token: string) => rowOf(page, token).locator('td').allInnerTexts()
const counts = (page: Page) =>
  page.locator('.resumes-counts > div').evaluateAll((divs) => divs.map((d) => Number(d.querySelector('dd')!.textContent)))
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

/** Records in the page when the notice's text changes, to time the 5 s without polling from here. */
const timeNotice = (page: Page) =>
  page.evaluate(() => {
    const target = document.querySelector('.resumes-notice p[role="status"]')!
    const w = window as unknown as { noticeLog: [string, number][] }
    w.noticeLog = []
    new MutationObserver(() => w.noticeLog.push([target.textContent ?? '', performance.now()])).observe(target, { childList: true, subtree: true, characterData: true })
  })
const noticeLog = (page: Page) => page.evaluate(() => (window as unknown as { noticeLog: [string, number][] }).noticeLog)

describe('one-time resume links', () => {
  test('Generate link creates a link, copies its full URL, lists it as Valid, updates the counts, and the message hides after 5 s', async () => {
    const { context, page, problems } = await openResumes(CLIPBOARD)
    await page.locator('.resumes-counts').waitFor()
    const before = await links()
    const [generated, valid] = await counts(page)
    await timeNotice(page)
    await page.getByRole('button', { name: 'Generate link' }).click()
    await notice(page).getByText('Link copied to the clipboard.').waitFor()

    const [link, ...rest] = await links()
    expect(rest.map((l) => l.token)).toEqual(before.map((l) => l.token))
    expect(await clipboard(page)).toBe(`${site.server.url}/resume/${link!.token}`)
    await rowOf(page, link!.token).waitFor()
    expect(await counts(page)).toEqual([generated! + 1, valid! + 1])
    // Newest first: the new link is the table's first row.
    expect(await page.locator('table.resumes-table tbody tr').first().getAttribute('data-status')).toBe('valid')
    expect(await cells(page, link!.token)).toEqual([
      formatUtc(link!.createdAt),
      formatUtc(link!.expiresAt),
      'Valid',
      '–',
      `${site.server.url}/resume/${link!.token}`,
      expect.stringMatching(/^Copy/),
    ])
    expect(Date.parse(link!.expiresAt) - Date.parse(link!.createdAt)).toBe(24 * 3600_000)
    expect(await rowOf(page, link!.token).locator('time').first().getAttribute('datetime')).toBe(link!.createdAt)

    // Timed inside the page: a busy test machine may be late to look, but the page's clock is not.
    await page.waitForFunction(() => document.querySelector('.resumes-notice p[role="status"]')?.textContent === '', null, { timeout: 8000 })
    const log = await noticeLog(page)
    const shown = log.find(([text]) => text === 'Link copied to the clipboard.')![1]
    const hidden = log.find(([text, at]) => text === '' && at > shown)![1]
    expect(hidden - shown).toBeGreaterThanOrEqual(4900)
    expect(hidden - shown).toBeLessThan(6000)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a row's Copy puts that link on the clipboard and its Open link opens that URL in a new tab", async () => {
    const older = await signLink()
    await signLink()
    const { context, page, problems } = await openResumes(CLIPBOARD)
    const url = `${site.server.url}/resume/${older}`
    await rowOf(page, older).getByRole('button', { name: /^Copy/ }).click()
    await notice(page).getByText('Link copied to the clipboard.').waitFor()
    expect(await clipboard(page)).toBe(url)
    const open = rowOf(page, older).getByRole('link', { name: /^Open/ })
    expect(await open.getAttribute('href')).toBe(url)
    expect(await open.getAttribute('target')).toBe('_blank')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a link used through the download shows Viewed with its viewed time after a reload', async () => {
    const token = await signLink()
    const { context, page, problems } = await openResumes()
    expect((await cells(page, token))[2]).toBe('Valid')
    const [, validBefore] = await counts(page)
    const download = await redeem(token)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.text.startsWith('%PDF-')).toBe(true)

    await page.reload()
    await rowOf(page, token).waitFor()
    const used = (await links()).find((l) => l.token === token)!
    expect(used.usedAt).not.toBeNull()
    const [, , status, viewed] = await cells(page, token)
    expect(status).toBe('Viewed')
    expect(viewed).toBe(formatUtc(used.usedAt!))
    expect(await rowOf(page, token).getAttribute('data-status')).toBe('viewed')
    expect((await counts(page))[1]).toBe(validBefore! - 1)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('when the clipboard refuses, the link is shown selected in a read-only field with the manual-copy note', async () => {
    const { context, page, problems } = await openResumes({}, (p) =>
      p.addInitScript(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
      }),
    )
    await page.getByRole('button', { name: 'Generate link' }).click()
    const manual = page.locator('.resumes-manual')
    expect(await manual.getByRole('alert').innerText()).toBe('Unable to copy. Copy it manually instead.')
    const [link] = await links()
    const field = page.getByRole('textbox', { name: 'Resume link' })
    expect(await field.inputValue()).toBe(`${site.server.url}/resume/${link!.token}`)
    expect(await field.getAttribute('readonly')).not.toBeNull()
    expect(await manual.locator('#resume-manual-help').innerText()).toContain('copy it with Ctrl+C')
    // Focused and wholly selected, so Ctrl+C is all that is left to do.
    const selection = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement
      return { id: el.id, start: el.selectionStart, end: el.selectionEnd, length: el.value.length }
    })
    expect(selection).toEqual({ id: 'resume-manual-link', start: 0, end: selection.length, length: selection.length })
    expect(await notice(page).innerText()).toBe('')
    await manual.getByRole('button', { name: 'Done' }).click()
    expect(await manual.count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a failing sign-url shows 'Failed to generate resume link.' and creates nothing", async () => {
    const { context, page, problems } = await openResumes(CLIPBOARD, (p) =>
      p.route('**/api/admin/resume/sign-url', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' })),
    )
    const before = (await links()).length
    await page.evaluate(() => navigator.clipboard.writeText('untouched'))
    await page.getByRole('button', { name: 'Generate link' }).click()
    expect(await page.locator('.resumes-notice').getByRole('alert').innerText()).toBe('Failed to generate resume link.')
    expect((await links()).length).toBe(before)
    expect(await clipboard(page)).toBe('untouched')
    expect(await page.getByRole('button', { name: 'Generate link' }).isEnabled()).toBe(true)
    expect(unexpected(problems, 500)).toEqual([])
    await context.close()
  })

  test('the links screen has no serious or critical axe violations', async () => {
    await signLink()
    const { context, page } = await openResumes()
    await page.locator('table.resumes-table').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('a server without links or resume file', () => {
  test("says 'No resume links generated in the past 7 days.' with both counts at 0, and that there is no PDF", async () => {
    const fresh = await startTestServer()
    try {
      const { context, page, problems } = await openSignedIn({ ...site, server: fresh, cookie: await fresh.login() }, '/admin/resumes')
      await page.getByText('No resume links generated in the past 7 days.').waitFor()
      expect(await counts(page)).toEqual([0, 0])
      expect(await page.locator('table.resumes-table').count()).toBe(0)
      expect(await page.locator('.resumes-file-status').innerText()).toStartWith('No resume PDF yet')
      expect(problems.errors).toEqual([])
      await context.close()
    } finally {
      await fresh.close()
    }
  })
})

describe('a link restored from another server (no key to unseal it)', () => {
  test('is listed as not recoverable in place of Copy and Open, beside a new link that is, without axe violations', async () => {
    // A link is signed only with a resume file to hand out (decision 054).
    const first = await startTestServer({ keepData: true, env: { RESUME_FILE: join(dir, 'resume.pdf') } })
    await first.request('POST', '/api/admin/resume/sign-url', { cookie: await first.login() })
    await first.close()
    rmSync(join(first.dataDir, 'keys', 'resume-links.key'))
    const restored = await startTestServer({ dataDir: first.dataDir, env: { RESUME_FILE: join(dir, 'resume.pdf') } })
    try {
      const cookie = await restored.login()
      await restored.request('POST', '/api/admin/resume/sign-url', { cookie })
      const { context, page, problems } = await openSignedIn({ ...site, server: restored, cookie }, '/admin/resumes')
      const lost = page.locator('table.resumes-table tbody tr').filter({ hasText: 'Link not recoverable on this server' })
      await lost.waitFor()
      expect(await lost.locator('td').last().innerText()).toBe('Link not recoverable on this server (restored from a backup); it still works if you have it.')
      expect(await lost.locator('button, a').count()).toBe(0)
      expect(await page.locator('table.resumes-table tbody tr').count()).toBe(2)
      expect(await page.locator('table.resumes-table tbody tr').first().getByRole('button', { name: /^Copy/ }).count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])
      expect(problems.errors).toEqual([])
      await context.close()
    } finally {
      await restored.close()
    }
  })
})

describe('the resume PDF', () => {
  const fileStatus = (page: Page) => page.locator('.resumes-file-status')
  const FROM_ENV = 'The PDF set by RESUME_FILE on the server is in use (1 KB).'

  test('an uploaded PDF is what one-time links download, until Remove uploaded file brings RESUME_FILE back', async () => {
    const { context, page, problems } = await openResumes()
    expect(await fileStatus(page).innerText()).toBe(FROM_ENV)
    const uploaded = `%PDF-1.7\n% uploaded from the admin at ${Date.now()}\n%%EOF\n`
    await page.locator('#resume-file-input').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from(uploaded) })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.locator('.toasts').getByText('Resume uploaded.').waitFor()
    expect(await fileStatus(page).innerText()).toMatch(/^An uploaded PDF is in use \(1 KB, uploaded \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC\)\.$/)
    expect(await page.getByLabel('Replace the PDF').count()).toBe(1)
    expect((await site.server.get('/api/admin/resume/file', { cookie: site.cookie })).body).toMatchObject({ present: true, source: 'upload', size: uploaded.length })
    expect((await redeem(await signLink())).text).toBe(uploaded)

    const asked: string[] = []
    page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()))
    await page.getByRole('button', { name: 'Remove uploaded file' }).click()
    expect(asked).toEqual(['Remove the uploaded resume PDF?'])
    expect((await redeem(await signLink())).text).toBe(uploaded)

    page.once('dialog', (d) => d.accept())
    await page.getByRole('button', { name: 'Remove uploaded file' }).click()
    await page.locator('.toasts').getByText('Uploaded resume removed.').waitFor()
    expect(await fileStatus(page).innerText()).toBe(FROM_ENV)
    expect(await page.getByRole('button', { name: 'Remove uploaded file' }).count()).toBe(0)
    expect((await redeem(await signLink())).text).toBe(ENV_PDF)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a file that is not a PDF is refused: by its type in the page, by its bytes on the server', async () => {
    const { context, page, problems } = await openResumes()
    const uploads = countRequests(page, 'POST', '/api/admin/resume/file')
    const input = page.locator('#resume-file-input')
    const upload = page.getByRole('button', { name: 'Upload', exact: true })
    await input.setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('not a resume at all') })
    // Refused as it is chosen: the reason shows and there is nothing to upload.
    const alert = page.locator('.resumes-file').getByRole('alert')
    expect(await alert.innerText()).toBe('Choose a PDF file.')
    expect(await upload.isDisabled()).toBe(true)
    expect(uploads.count).toBe(0)

    await input.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') })
    await upload.click()
    await alert.getByText('That file is not a PDF.').waitFor()
    expect(uploads.count).toBe(1)
    expect(await fileStatus(page).innerText()).toBe(FROM_ENV)
    expect((await site.server.get('/api/admin/resume/file', { cookie: site.cookie })).body.source).toBe('env')
    expect(unexpected(problems, 400)).toEqual([])
    await context.close()
  })
})
