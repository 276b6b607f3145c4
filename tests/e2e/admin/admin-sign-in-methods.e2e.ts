// Passkeys and the authenticator code in real Chromium (issue 23), with the DevTools virtual
// authenticator standing in for a phone or a security key. The site runs on localhost under a
// SITE_URL of that address: the relying party and the origin a passkey is checked against.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { manualClock } from '#src/lib/clock'
import { axeViolations, launchBrowser, newPage } from '#tests/support/browser/browser'
import { freePort } from '#tests/support/server/process'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const clock = manualClock(new Date('2026-11-26T12:00:00Z'))
let server: TestServer
let browser: Browser
let origin = ''
beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  server = await startTestServer({ env: { SEED: 'demo', PORT: String(port), SITE_URL: origin }, clock })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
  await server.close()
})

/** A page with a virtual platform authenticator (a passkey store that verifies its user). */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials }
}

async function signInWithPassword(page: Page, code?: () => string) {
  await page.goto(`${origin}/admin/login`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  if (code) {
    await page.getByLabel('Authenticator code').fill(code())
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  }
  await page.waitForURL(`${origin}/admin/`)
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await page.waitForURL('**/admin/login')
}

describe('passkeys', () => {
  test('add one, sign out, sign in with it (no email, no password), see how the session signed in, remove it', async () => {
    const { context, page, problems } = await newPage(browser)
    const authenticator = await withAuthenticator(context, page)
    await signInWithPassword(page)
    await page.goto(`${origin}/admin/security`)
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByRole('listitem').filter({ hasText: /This device|passkey/i }).first().waitFor()
    expect(await authenticator.credentials()).toHaveLength(1)
    const overview = await server.get('/api/admin/security', { cookie: await server.login() })
    expect(overview.body.passkeys).toHaveLength(1)

    await signOut(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForURL(`${origin}/admin/`)
    await page.goto(`${origin}/admin/security`)
    await page.getByText('This browser').waitFor()
    expect(await page.locator('main').innerText()).toContain('Passkey')
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

    // Remove asks once more, in place, before the passkey goes.
    await page.getByRole('button', { name: /^Remove the passkey/ }).click()
    await page.getByRole('group', { name: /^Remove the passkey/ }).getByRole('button', { name: 'Remove', exact: true }).click()
    await page.waitForFunction(async () => ((await (await fetch('/api/admin/security')).json()) as { passkeys: unknown[] }).passkeys.length === 0)
    expect(problems.errors).toEqual([])
    await context.close()
  }, 60_000)
})

describe('the authenticator code', () => {
  test('enrol with a code computed here; then a password asks for it; a wrong or reused code is refused; a recovery code works once', async () => {
    const { context, page, problems } = await newPage(browser)
    await signInWithPassword(page)
    await page.goto(`${origin}/admin/security`)
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
    const codeNow = () => totp.generate({ timestamp: clock.now().getTime() })
    await page.getByLabel(/code/i).first().fill(codeNow())
    await page.getByRole('button', { name: /Turn on|Enable|Confirm/ }).click()
    await page.getByTestId('recovery-codes').waitFor()
    const codes = await page.getByTestId('recovery-codes').locator('li').allInnerTexts()
    expect(codes).toHaveLength(10)

    await signOut(page)
    // The enrolment took this step's code: it is refused now, as any code used once.
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByLabel('Authenticator code').fill(codeNow())
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('That code is not right, or it was used already.').waitFor()
    await page.getByLabel('Authenticator code').fill('000000')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('That code is not right, or it was used already.').waitFor()
    // 30 seconds on: the next code signs in.
    clock.advance(30_000)
    await page.getByLabel('Authenticator code').fill(codeNow())
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${origin}/admin/`)

    await signOut(page)
    await signInWithPassword(page, () => codes[0]!)
    await signOut(page)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByLabel('Authenticator code').fill(codes[0]!)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('That code is not right, or it was used already.').waitFor()
    expect(problems.errors.filter((e) => !/401/.test(e))).toEqual([])
    await context.close()
  }, 60_000)
})

describe('confirming it is you (decision 063)', () => {
  const later = manualClock(new Date('2026-11-27T12:00:00Z'))
  let own: TestServer
  let site = ''
  beforeAll(async () => {
    const port = await freePort()
    site = `http://localhost:${port}`
    own = await startTestServer({ env: { PORT: String(port), SITE_URL: site }, clock: later })
  })
  afterAll(() => own.close())

  test('10 minutes after signing in a change asks first: cancelled it changes nothing; the password, or a passkey, lets it through', async () => {
    const { context, page, problems } = await newPage(browser)
    const authenticator = await withAuthenticator(context, page)
    await page.goto(`${site}/admin/login`)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${site}/admin/`)
    await page.goto(`${site}/admin/security`)
    later.advance(11 * 60_000)

    // Cancelled: the server's reason stays on the form, and no passkey was made.
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
    await dialog.waitFor()
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.getByText('Confirm it is you first').waitFor()
    expect(await authenticator.credentials()).toHaveLength(0)

    // The password: the passkey is then added with no second click.
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await dialog.getByLabel('Password').fill('not the password')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await dialog.getByText('That password is not right.').waitFor()
    await dialog.getByLabel('Password').fill(ADMIN.password)
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').first().waitFor()
    expect(await authenticator.credentials()).toHaveLength(1)

    // 10 minutes on, the passkey itself confirms it is you, and the removal goes through.
    later.advance(11 * 60_000)
    await page.getByRole('button', { name: /^Remove the passkey/ }).click()
    await page.getByRole('group', { name: /^Remove the passkey/ }).getByRole('button', { name: 'Remove', exact: true }).click()
    await dialog.getByRole('button', { name: 'Use a passkey instead' }).click()
    await page.getByText('No passkeys yet.').waitFor()
    expect(problems.errors.filter((e) => !/40[03]/.test(e))).toEqual([])
    await context.close()
  }, 60_000)
})
