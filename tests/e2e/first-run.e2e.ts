// The first run in Chromium, as a new owner meets it (issue 19): `npm start` with the sample site and
// no admin variables → the setup address from its log → /admin/login says no admin exists → the
// setup screen, filled by keyboard → /admin, signed in. axe on both screens, in both themes. Then
// the rest of the owner's first hour: settings filled, the sample content removed, and no public
// page left that shows a word of the sample persona.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { axeViolations, launchBrowser, newPage } from '#tests/support/browser/browser'
import { sampleWordsIn } from '#tests/support/data/sample-persona'
import { freePort, spawnMain, waitForHealth } from '#tests/support/server/process'

const ADDRESS = /https?:\/\/[^\s"]+\/admin\/setup\?token=[A-Za-z0-9_-]+/
const OWNER = { email: 'owner@example.com', password: 'a first-run passphrase' }

let proc: ReturnType<typeof spawnMain>
let cwd: string
let origin: string
let address: string
let browser: Browser

/** Reads the server's stdout until the setup line, then keeps draining it (a full pipe would stall the server). */
async function setupAddressFrom(stdout: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stdout.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`the server ended before logging a setup address:\n${text}`)
    text += decoder.decode(value, { stream: true })
    const line = text.split('\n').find((l) => ADDRESS.test(l))
    if (line) {
      void (async () => {
        while (!(await reader.read()).done);
      })()
      return ADDRESS.exec(JSON.parse(line).msg)![0]
    }
  }
}

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'folio-first-run-e2e-'))
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  // What `npm start` does on a fresh machine: the sample site, no ADMIN_* variables, the default LOG_LEVEL.
  proc = spawnMain({ PORT: String(port), HOST: '127.0.0.1', SITE_URL: origin, SEED: 'demo' }, cwd)
  ;[address, browser] = await Promise.all([setupAddressFrom(proc.stdout), launchBrowser()])
  await waitForHealth(origin)
})

afterAll(async () => {
  await browser?.close()
  proc?.kill('SIGTERM')
  await proc?.exited
  rmSync(cwd, { recursive: true, force: true })
})

async function themed(theme: string) {
  const opened = await newPage(browser)
  await opened.context.addInitScript((t) => localStorage.setItem('theme', t), theme)
  return opened
}

const settled = (page: Page) => page.waitForSelector('html[data-hydrated]')

describe('before any admin exists', () => {
  test.each(['dark', 'light'])('in the %s theme /admin/login says no admin exists and how to make one, and passes axe', async (theme) => {
    const { context, page, problems } = await themed(theme)
    await page.goto(`${origin}/admin/login`)
    await settled(page)
    const notice = page.getByRole('status').filter({ hasText: 'No admin account exists yet.' })
    await notice.waitFor()
    expect(await notice.innerText()).toContain('Open the setup address printed in the server log, or run folio admin set-password --email you@example.com')
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
    expect(await axeViolations(page)).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test.each(['dark', 'light'])('in the %s theme the setup screen passes axe, empty and with its errors showing', async (theme) => {
    const { context, page, problems } = await themed(theme)
    await page.goto(address)
    await settled(page)
    await page.getByRole('heading', { name: 'Create the admin account' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Create admin and sign in' }).click()
    await page.getByText('Enter an email address like you@example.com.').waitFor()
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
    expect(await axeViolations(page)).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the setup screen without a token points to the log and to folio admin setup-link', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${origin}/admin/setup`)
    await page.getByRole('heading', { name: 'Setup address needed' }).waitFor()
    expect(await page.locator('main').innerText()).toContain('folio admin setup-link')
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

test('the setup address, filled by keyboard, creates the admin and lands in /admin signed in', async () => {
  const { context, page, problems } = await newPage(browser)
  await page.goto(address)
  await settled(page)
  await page.getByRole('heading', { name: 'Create the admin account' }).waitFor()
  // From the top of the page: Tab reaches Email first, then Password, then Confirm password.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('setup-email')
  await page.keyboard.type(OWNER.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(OWNER.password)
  await page.keyboard.press('Tab')
  await page.keyboard.type(`${OWNER.password}!`)
  await page.keyboard.press('Enter')
  await page.getByText('The two passwords do not match.').waitFor()
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('setup-confirm')
  await page.keyboard.press('Backspace')
  await page.keyboard.press('Enter')

  await page.waitForURL(/\/admin\/?$/)
  await page.waitForSelector('nav[aria-label="Admin"]')
  const me = await page.evaluate(async () => (await fetch('/api/admin/me')).json())
  expect(me).toEqual({ email: OWNER.email })
  expect(problems.errors).toEqual([])

  // Afterwards: login no longer says there is no admin, and the used address says to sign in.
  await page.goto(`${origin}/admin/setup?token=${new URL(address).searchParams.get('token')}`)
  await page.getByRole('heading', { name: 'Admin account exists' }).waitFor()
  await context.close()

  const fresh = await newPage(browser)
  const asked = fresh.page.waitForResponse((r) => r.url().endsWith('/api/admin/setup'))
  await fresh.page.goto(`${origin}/admin/login`)
  expect(await (await asked).json()).toEqual({ adminExists: true })
  await fresh.page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
  expect(await fresh.page.getByText('No admin account exists yet.').count()).toBe(0)
  await fresh.context.close()
})

test('then settings filled and the sample removed: every public page shows the owner and none the sample persona', async () => {
  const { context, page, problems } = await newPage(browser)
  await page.goto(`${origin}/admin/login`)
  await settled(page)
  await page.getByLabel('Email').fill(OWNER.email)
  await page.getByLabel('Password').fill(OWNER.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/admin\/?$/)

  await page.goto(`${origin}/admin/settings`)
  await page.locator('form.settings-form').waitFor()
  const fields: Record<string, string> = {
    'Site name': 'Grace Hopper',
    Headline: 'Compilers for everyone.',
    Tagline: 'Making machines speak English.',
    Subtitle: '',
    'About you': 'I found the first **bug**.',
    GitHub: 'https://github.com/grace-hopper',
    LinkedIn: '',
    'Projects page': 'Machines and languages.',
    'Blog page': 'Notes on compilers.',
    'Skills page': 'What the machines taught me.',
    'Quick tags': 'COBOL',
    'Search description': 'Projects and notes of Grace Hopper.',
  }
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value)
  await page.getByLabel('Accent colour', { exact: true }).fill('#2e7d32')
  const png = Buffer.from(
    await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(500, 500)
      const g = canvas.getContext('2d')!
      g.fillStyle = '#2e7d32'
      g.fillRect(0, 0, 500, 500)
      return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())]
    }),
  )
  await page.locator('.settings-photo input[type="file"]').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: png })
  await page.getByRole('button', { name: 'Use this photo' }).click()
  await page.locator('img.settings-avatar').waitFor()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.locator('.toast', { hasText: 'Settings saved.' }).waitFor()

  await page.goto(`${origin}/admin`)
  await page.getByText('This site still has sample content').waitFor()
  page.once('dialog', (d) => void d.accept())
  await page.getByRole('button', { name: 'Remove sample content' }).click()
  await page.locator('.toast', { hasText: /Removed \d+ sample items/ }).waitFor()

  const pub = await context.newPage()
  for (const path of ['/', '/projects', '/blog', '/skills', '/contact', '/privacy', '/no-such-page', '/feed.xml', '/sitemap.xml']) {
    const res = await pub.goto(`${origin}${path}`)
    const text = (await res!.text()) + (await pub.content())
    expect([path, sampleWordsIn(text)]).toEqual([path, []])
    if (!path.endsWith('.xml')) expect(await pub.title()).toContain('Grace Hopper')
  }
  await pub.goto(`${origin}/`)
  expect(await pub.locator('#hero-title').innerText()).toBe('Compilers for everyone.')
  expect(await pub.locator('img.hero-photo').getAttribute('src')).toMatch(/^\/uploads\/images\//)
  expect(await pub.locator('a[rel~="me"][href="https://github.com/grace-hopper"]').count()).toBeGreaterThan(0)
  expect(problems.errors).toEqual([])
  await context.close()
})
