// Responsive project images in real Chromium (issue 22): cards show their thumbnail from the
// srcset (AVIF, the width the card needs), the hero from its preload, below-the-fold images lazy.
import { beforeAll, describe, expect, test } from 'bun:test'
import { axeViolations, newPage, visit } from '#tests/support/browser/browser'
import { useSiteAndBrowser } from '#tests/support/browser/e2e'
import { projectInput } from '#tests/support/data/factories'
import { drawPng } from '#tests/support/data/images'

const site = useSiteAndBrowser()
let hash = ''

beforeAll(async () => {
  const cookie = await site.server.login()
  const up = await site.server.request('POST', '/api/admin/uploads', { raw: await drawPng(1800, 945), headers: { 'content-type': 'image/png' }, cookie })
  hash = (up.body.url as string).slice('/uploads/images/'.length, -4)
  const made = await site.server.request('POST', '/api/admin/projects', { body: projectInput({ title: 'A pictured project', slug: 'pictured', heroImage: up.body.url, order: 1000 }), cookie })
  expect(made.status).toBe(201)
  // The variants are made by a child process in the background; the list names them once made.
  for (let i = 0; i < 600; i++) {
    const items = (await site.server.get('/api/projects')).body.items as { slug: string; thumbnail?: { sources: unknown[] } }[]
    if (items.find((p) => p.slug === 'pictured')?.thumbnail?.sources.length) break
    await Bun.sleep(100)
  }
  // The cached page is dropped when the child exits, a moment after its last write.
  for (let i = 0; i < 100 && !(await site.server.get('/projects')).text.includes('<source'); i++) await Bun.sleep(100)
}, 90_000)

const firstThumbnail = '.project-grid li:first-child .card-thumbnail img'

describe('project images', () => {
  test.each([
    [390, 480],
    [1280, 480],
  ])('at %i px the first card shows the %i px AVIF from the srcset, its space kept by width and height', async (width, picked) => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width, height: 900 } })
    await visit(page, site.url('/projects'))
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLImageElement | null)?.complete, firstThumbnail)
    const img = await page.locator(firstThumbnail).evaluate((el: HTMLImageElement) => ({
      current: el.currentSrc,
      ratio: el.getBoundingClientRect().width / el.getBoundingClientRect().height,
      loading: el.loading,
    }))
    expect(img.current).toEndWith(`/uploads/images/variants/${hash}-${picked}.avif`)
    expect(img.ratio).toBeCloseTo(1200 / 630, 1)
    expect(img.loading).toBe('eager')
    // Cards past the first row wait until scrolled near.
    expect(await page.locator('.project-grid li:nth-child(5) .card-thumbnail img').getAttribute('loading')).toBe('lazy')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("the project page preloads its hero's AVIF set and shows the width the column needs, with no serious axe finding", async () => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } })
    const fetched: string[] = []
    page.on('request', (r) => r.url().includes('/variants/') && fetched.push(r.url().slice(r.url().indexOf('/uploads'))))
    await visit(page, site.url('/projects/pictured'))
    await page.waitForFunction(() => document.querySelector('.project-hero')?.getAttribute('data-state') === 'loaded')
    const current = await page.locator('.project-hero img').evaluate((el: HTMLImageElement) => el.currentSrc)
    // 56rem (896 px) at a device pixel ratio of 1: the 960 px variant.
    expect(current).toEndWith(`${hash}-960.avif`)
    // Fetched once: the preload and the <picture> agree on the variant.
    expect(fetched).toEqual([`/uploads/images/variants/${hash}-960.avif`])
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
