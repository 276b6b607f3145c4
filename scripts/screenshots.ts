// `npm run screenshots [-- --paths /,/blog] [--out DIR]`: every public page of the sample site at
// 390, 1280 and 1920 px wide, in the dark and the light theme, full length, in real Chromium,
// written as <out>/<page>-<width>-<theme>.png (default out: screenshots/, git-ignored). To look
// at what a change did to the site before committing it (issue 22). Prints each file it wrote.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { launchBrowser, newPage, visit } from '#tests/support/browser/browser'
import { PUBLIC_PATHS } from '#tests/support/browser/e2e'
import { startTestServer } from '#tests/support/server/server'

export const WIDTHS = [390, 1280, 1920] as const
export const THEMES = ['dark', 'light'] as const

/** The file name of a page's screenshot: '/' is home, other paths with their slashes as dashes. */
export const shotName = (path: string, width: number, theme: string) => `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${width}-${theme}.png`

if (import.meta.main) {
  const { values } = parseArgs({ args: Bun.argv.slice(2), options: { paths: { type: 'string' }, out: { type: 'string' } } })
  const out = values.out ?? join(import.meta.dir, '..', 'screenshots')
  mkdirSync(out, { recursive: true })
  const paths = values.paths ? values.paths.split(',') : PUBLIC_PATHS
  const server = await startTestServer({ env: { SEED: 'demo' } })
  const browser = await launchBrowser()
  try {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const { context, page } = await newPage(browser, { viewport: { width, height: 900 }, colorScheme: theme })
        await context.addInitScript((t) => localStorage.setItem('theme', t), theme)
        for (const path of paths) {
          await visit(page, server.url + path)
          // Past the fonts and the lazy images, so the picture is what a reader sees.
          await page.evaluate(() => document.fonts.ready)
          await page.evaluate(async () => {
            for (const img of document.querySelectorAll('img')) img.loading = 'eager'
            const settled = (img: HTMLImageElement) =>
              new Promise((done) => {
                img.addEventListener('load', done, { once: true })
                img.addEventListener('error', done, { once: true })
              })
            await Promise.all([...document.images].map((img) => (img.complete ? null : settled(img))))
          })
          const file = join(out, shotName(path, width, theme))
          await page.screenshot({ path: file, fullPage: true })
          console.log(file)
        }
        await context.close()
      }
    }
  } finally {
    await browser.close()
    await server.close()
  }
}
