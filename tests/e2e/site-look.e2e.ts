// Issue 22's flaws, measured in real Chromium: wide screens use their width, the footer's line
// sits level, paragraphs are apart, the demo's pill centres its text, Clear shows only with a
// filter to clear. `npm run screenshots` produces the pictures these numbers describe.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { newPage, visit } from '#tests/support/browser/browser'
import { PUBLIC_PATHS, useSiteAndBrowser } from '#tests/support/browser/e2e'

const site = useSiteAndBrowser()

async function at(width: number, path: string, run: (page: Page) => Promise<void>) {
  const { context, page } = await newPage(site.browser, { viewport: { width, height: 900 } })
  await visit(page, site.url(path))
  await run(page)
  await context.close()
}

/** The right edge (px) of the furthest-right box inside <main>. */
const contentRight = (page: Page) => page.evaluate(() => Math.max(...[...document.querySelectorAll('main *')].map((e) => e.getBoundingClientRect().right)))
/** The vertical centre of an element's box. */
const middle = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).first().boundingBox())!
  return box.y + box.height / 2
}

describe('at 1920 px', () => {
  test.each(PUBLIC_PATHS)('%s reaches into the right third of the window', async (path) => {
    await at(1920, path, async (page) => expect(await contentRight(page)).toBeGreaterThan(1280))
  })
})

describe('the footer', () => {
  test.each([390, 1280, 1920])('at %i px its © line is level with its links', async (width) => {
    await at(width, '/', async (page) => {
      // At 390 px the two may wrap onto two rows; side by side they share a centre line.
      const copyright = await middle(page, '.footer-inner > p')
      const links = await middle(page, '.footer-links')
      if (width > 390) expect(Math.abs(copyright - links)).toBeLessThan(2)
      else expect(Math.abs(copyright - links) < 2 || copyright < links).toBe(true)
    })
  })
})

test('the privacy page keeps its paragraphs apart', async () => {
  await at(1280, '/privacy', async (page) => {
    const gaps = await page.evaluate(() =>
      [...document.querySelectorAll('.privacy p + p')].map((p) => p.getBoundingClientRect().top - p.previousElementSibling!.getBoundingClientRect().bottom),
    )
    expect(gaps.length).toBeGreaterThan(1)
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8)
  })
})

test("the demo's Live pill centres its text", async () => {
  await at(1280, '/demo/dapp', async (page) => {
    await page.locator('.demo-badge[data-state="open"]').waitFor()
    const offset = await page.evaluate(() => {
      const pill = document.querySelector('.demo-badge')!
      const range = document.createRange()
      range.selectNodeContents(pill)
      const text = [...range.getClientRects()].at(-1)!
      const box = pill.getBoundingClientRect()
      return text.top + text.height / 2 - (box.top + box.height / 2)
    })
    expect(Math.abs(offset)).toBeLessThan(1.5)
  })
})

describe('the blog', () => {
  test('shows Clear only with a filter set, in line with the chips', async () => {
    await at(1280, '/blog', async (page) => expect(await page.locator('.blog-clear').count()).toBe(0))
    await at(1280, '/blog?tag=fpga', async (page) => {
      const clear = (await page.locator('.blog-clear').boundingBox())!
      const chip = (await page.locator('.tag-chip').first().boundingBox())!
      expect(clear.height).toBeLessThan(chip.height + 4)
      expect(Math.abs(clear.y + clear.height / 2 - (chip.y + chip.height / 2))).toBeLessThan(24)
    })
  })

  test('lists the posts by year, newest year first, each post a heading under its year', async () => {
    await at(1280, '/blog', async (page) => {
      const years = await page.locator('.blog-year-heading').allInnerTexts()
      expect(years.length).toBeGreaterThan(1)
      expect([...years].sort().reverse()).toEqual(years)
      expect(await page.locator('.blog-year h3 a[href^="/blog/"]').count()).toBe(await page.locator('.post-card').count())
    })
  })
})
