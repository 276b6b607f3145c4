// Issue 20, resume links and plain words, in Chromium against a real server without a resume PDF:
// Generate link refused until a PDF exists, a PDF dropped on the drop zone, the visitor's error
// pages (never JSON), Add skill's unsaved row and Cancel, the empty skills state, axe in both themes.
import { describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openScreen, unexpected, useAdminSite } from '#tests/support/browser/admin-e2e'
import { axeViolations, newPage } from '#tests/support/browser/browser'

// No SEED: no lexicon, no resume file.
const site = useAdminSite({})

const REASON = 'Upload a resume PDF first: links need a file to download.'
const generate = (page: Page) => page.getByRole('button', { name: 'Generate link', exact: true })

/** Drops a file on a drop zone the way a desktop drag does: a DataTransfer holding it. */
async function dropFile(page: Page, selector: string, name: string, type: string, text: string) {
  await page.evaluate(
    ({ selector, name, type, text }) => {
      const zone = document.querySelector(selector)!
      const data = new DataTransfer()
      data.items.add(new File([text], name, { type }))
      for (const kind of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(kind, { dataTransfer: data, bubbles: true, cancelable: true }))
    },
    { selector, name, type, text },
  )
}

async function axeBothThemes(page: Page) {
  const found: Record<string, unknown[]> = {}
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t)
      document.documentElement.dataset.theme = t
    }, theme)
    await page.waitForTimeout(200)
    found[theme] = await axeViolations(page)
  }
  return found
}

describe('resume links need a PDF', () => {
  test('Generate link is disabled with its reason, the API answers 409, and a dropped PDF enables it', async () => {
    expect((await site.server.request('POST', '/api/admin/resume/sign-url', { cookie: site.cookie })).status).toBe(409)
    const { context, page, problems } = await openScreen(site, '/admin/resumes')
    await page.getByText(REASON).waitFor()
    expect(await generate(page).isDisabled()).toBe(true)
    expect(await generate(page).getAttribute('aria-describedby')).toBe('resume-generate-reason')

    await dropFile(page, '.resumes-upload .file-drop', 'notes.txt', 'text/plain', 'not a pdf')
    await page.getByRole('alert').filter({ hasText: 'Choose a PDF file.' }).waitFor()
    await dropFile(page, '.resumes-upload .file-drop', 'cv.pdf', 'application/pdf', '%PDF-1.4\n%%EOF\n')
    await page.locator('.file-drop-chosen').filter({ hasText: 'cv.pdf' }).waitFor()
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.locator('.resumes-file-status').filter({ hasText: 'An uploaded PDF is in use' }).waitFor()
    await page.waitForFunction(() => !(document.querySelector('.resumes-generate button') as HTMLButtonElement).disabled)
    expect(await page.getByText(REASON).count()).toBe(0)
    expect(problems.errors).toEqual([])
    expect(unexpected(problems, 409)).toEqual([])
    await context.close()
  })

  test('the Resumes and Backups screens have no serious axe findings in either theme', async () => {
    for (const path of ['/admin/resumes', '/admin/backups']) {
      const { context, page, problems } = await openScreen(site, path)
      await page.locator('.file-drop').first().waitFor()
      expect(await axeBothThemes(page)).toEqual({ dark: [], light: [] })
      expect(problems.errors).toEqual([])
      await context.close()
    }
  })
})

describe("the recruiter's error pages", () => {
  test('a link whose file was removed lands on a message page in the site frame, never JSON', async () => {
    const upload = join(site.server.dataDir, 'uploads', 'resume.pdf')
    const made = await site.server.request('POST', '/api/admin/resume/sign-url', { cookie: site.cookie })
    expect(made.status).toBe(201)
    rmSync(upload)
    const { context, page } = await newPage(site.browser)
    await page.goto(site.server.url + made.body.url)
    await page.getByRole('button', { name: 'Download resume' }).waitFor()
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Download resume' }).click()])
    expect(response?.status()).toBe(503)
    expect(await page.locator('h1').innerText()).toBe('Resume not available')
    expect(await page.locator('body').innerText()).not.toContain('"ok"')
    expect(await page.locator('.site-header .brand').count()).toBe(1)
    expect(await axeBothThemes(page)).toEqual({ dark: [], light: [] })
    await context.close()
  })

  test('an unknown link opened at its API address is a 404 page', async () => {
    const { context, page } = await newPage(site.browser)
    const response = await page.goto(`${site.server.url}/api/resume/${'C'.repeat(43)}`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').innerText()).toBe('Link not found')
    await context.close()
  })
})

describe('skills in plain words', () => {
  test('with no skills the screen says so and how to add one; Add skill opens an unsaved row that Cancel discards', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    await page.locator('.lexicon-panel .empty').waitFor()
    expect(await page.locator('.lexicon-panel .empty').innerText()).toStartWith('No skills yet.')
    expect(await page.locator('.skills-preview .empty').innerText()).toStartWith('Nothing to show yet: add a skill')
    expect(await page.locator('.skills-intro').innerText()).toContain('computes them from your projects and posts')
    const posts = [] as string[]
    page.on('request', (r) => r.method() !== 'GET' && posts.push(r.url()))
    await page.getByRole('button', { name: 'Add skill', exact: true }).click()
    expect(await page.locator('.lexicon-table th').allInnerTexts()).toEqual(['Order', 'Name', 'Category', 'Matches text containing', 'Counts projects tagged', 'Enabled', 'Actions'])
    expect(await page.locator('[id="lexicon-unsaved-name"]').inputValue()).toBe('New Skill')
    await page.getByRole('button', { name: 'Cancel the new skill' }).click()
    await page.locator('.lexicon-panel .empty').waitFor()
    expect(posts).toEqual([])
    expect(await axeBothThemes(page)).toEqual({ dark: [], light: [] })
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('at 390 px the Skills screen does not scroll sideways and rows stack with visible labels', async () => {
    const { context, page } = await openScreen(site, '/admin/skills')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Add skill', exact: true }).click()
    await page.locator('[id="lexicon-unsaved-name"]').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expect(await page.locator('label[for="lexicon-unsaved-patterns"]').isVisible()).toBe(true)
    await context.close()
  })
})
