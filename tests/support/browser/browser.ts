// Real Chromium through playwright-core: Debian's /usr/bin/chromium, installed on first use.
import { readFileSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/** Installs Debian's chromium when missing (tests run as root on CI). */
export function ensureChromium() {
  if (Bun.file(CHROMIUM).size > 0) return
  const run = (args: string[]) => Bun.spawnSync(args, { stdout: 'inherit', stderr: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  run(['apt-get', 'update'])
  if (run(['apt-get', 'install', '-y', 'chromium']).exitCode !== 0) throw new Error('could not install chromium: apt-get install -y chromium')
}

/** NOTE: playwright gives every launch a fresh temporary profile (it refuses --user-data-dir). */
export async function launchBrowser(): Promise<Browser> {
  ensureChromium()
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** What went wrong on a page: console errors, page errors, hydration warnings, CSP reports. */
export type PageProblems = { errors: string[] }

export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext(options)
  // The outside world (YouTube, hCaptcha…) is not reachable here: answer it with an empty page,
  // so a test sees only what folio itself does. Captcha tests install their own fake first.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }))
  // Every Content-Security-Policy violation, as the page saw it (Chromium also logs it as an error).
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = [])
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI || 'inline'} (${e.sourceFile || ''}:${e.lineNumber})`))
  })
  const page = await context.newPage()
  const problems: PageProblems = { errors: [] }
  page.on('console', (msg) => {
    const text = msg.text()
    const where = msg.location().url ? ` (${new URL(msg.location().url).pathname})` : ''
    if (msg.type() === 'error' || /hydrat|did not match/i.test(text)) problems.errors.push(`${msg.type()}: ${text}${where}`)
  })
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`))
  return { context, page, problems }
}

/** The CSP violations recorded in the page so far (see newPage). */
export const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])

/** Waits until React has hydrated the page (the entry marks <html data-hydrated>). */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'load' })
  await page.waitForSelector('html[data-hydrated]', { timeout: 10_000 })
  return response
}

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (a <script>
  // tag would be blocked by it, as an injected script should be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE)
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] })
    return r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]
  })
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }))
}
