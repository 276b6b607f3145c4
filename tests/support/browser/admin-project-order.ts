// Watching the project order in e2e tests: the admin sidebar, an open public /projects tab (which
// must follow a reorder through the orderUpdated/localStorage sync) and the public API.
import { expect } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { openScreen, watchProblems } from './admin-e2e'
import { visit } from './browser'
import type { TestServer } from '#tests/support/server/server'

type Site = { server: TestServer; browser: Browser; cookie: string }

export const sidebarSlugs = (page: Page) => page.locator('ol.projects-list > li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.slug ?? ''))
export const cardSlugs = (pub: Page) => pub.locator('.project-grid .card-title a').evaluateAll((as) => as.map((a) => a.getAttribute('href')?.replace('/projects/', '') ?? ''))
export const publicSlugs = async (server: TestServer) => ((await server.get('/api/projects')).body.items as { slug: string }[]).map((p) => p.slug)

/** Waits until a list (sidebar rows or public cards) shows the slugs in `want`'s order. */
export const waitForOrder = (page: Page, selector: string, attribute: 'data-slug' | 'href', want: string[]) =>
  page.waitForFunction(
    ({ selector, attribute, want }) => [...document.querySelectorAll(selector)].map((el) => el.getAttribute(attribute)?.replace('/projects/', '')).join() === want.join(),
    { selector, attribute, want },
    { timeout: 5000 },
  )
export const waitForCards = (pub: Page, want: string[]) => waitForOrder(pub, '.project-grid .card-title a', 'href', want)
export const waitForSidebar = (page: Page, want: string[]) => waitForOrder(page, 'ol.projects-list > li', 'data-slug', want)

/** Opens /admin/projects and, in the same context, a public /projects tab that is to follow. */
export async function adminWithPublicTab(site: Site) {
  const opened = await openScreen(site, '/admin/projects')
  const pub = await opened.context.newPage()
  const pubProblems = watchProblems(pub)
  await visit(pub, site.server.url + '/projects')
  await opened.page.bringToFront()
  return { ...opened, pub, pubProblems }
}

/** 'Order updated.', the sidebar, the open public tab and the public API all show `expected`. */
export async function expectPublished(server: TestServer, page: Page, pub: Page, expected: string[]) {
  await page.locator('.editor-status', { hasText: 'Order updated.' }).waitFor()
  expect(await sidebarSlugs(page)).toEqual(expected)
  await waitForCards(pub, expected)
  expect(await publicSlugs(server)).toEqual(expected)
  expect(Number(await pub.evaluate(() => localStorage.getItem('projects:orderVersion')))).toBeGreaterThan(0)
}
