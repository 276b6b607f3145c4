// /skills in real Chromium on a site its owner made (SEED=none: their own lexicon, projects,
// quick tags and intro; issue 33): the skills island filters as you type and by category, keeps
// the address (back and forward follow it), links related projects; without JavaScript the
// filters are a GET form the server answers with the filtered cards. The same behaviours on the
// sample site: tests/e2e/navigation.e2e.ts, '/skills'.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, newPage, visit } from '#tests/support/browser/browser'
import { textsOf } from '#tests/support/browser/e2e-watch'
import { projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let server: TestServer
let browser: Browser
let ledger = ''
const url = (path: string) => server.url + path

/** The owner's skills: two buckets of their own words, one skill no project shows yet. */
async function makeOwnerSkills(s: TestServer): Promise<string> {
  const cookie = await s.login()
  const must = (what: string, status: number) => expect({ what, status: status < 300 }).toEqual({ what, status: true })
  const settings = { siteName: 'Mara Okafor', quickTags: ['Go', 'Postgres', 'payments'], intros: { skills: 'What I use to keep money moving.' } }
  must('settings', (await s.request('PUT', '/api/admin/settings', { body: settings, cookie })).status)
  const project = await s.request('POST', '/api/admin/projects', { body: projectInput({ title: 'Ledger service', summary: 'A double-entry ledger in Go on Postgres.', tags: ['Go', 'Postgres', 'payments'] }), cookie })
  must('project', project.status)
  must('project', (await s.request('POST', '/api/admin/projects', { body: projectInput({ title: 'Retry queue', summary: 'Idempotent retries for webhooks.', tags: ['Go', 'payments'] }), cookie })).status)
  const lexicon = [
    { name: 'Go', bucket: 'Languages', patterns: ['golang'] },
    { name: 'Rust', bucket: 'Languages', patterns: ['rust'] },
    { name: 'Postgres', bucket: 'Databases', patterns: ['postgresql'] },
    { name: 'Double-entry bookkeeping', bucket: 'Domain', patterns: ['double-entry'] },
  ]
  for (const item of lexicon) must(item.name, (await s.request('POST', '/api/admin/skills/lexicon', { body: item, cookie })).status)
  return project.body.slug as string
}

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startTestServer({ env: { SEED: 'none' } }), launchBrowser()])
  ledger = await makeOwnerSkills(server)
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const cards = (page: Parameters<typeof textsOf>[0]) => textsOf(page, '.skill-card .card-title')

describe("with JavaScript, on the owner's site", () => {
  test('shows their skills by bucket with their intro and quick links; the search filters as you type', async () => {
    const { context, page, problems } = await newPage(browser)
    await visit(page, url('/skills'))
    expect(await page.title()).toBe('Skills - Mara Okafor')
    expect(await page.locator('.skills-page .lede').innerText()).toBe('What I use to keep money moving.')
    expect(await page.getByRole('navigation', { name: 'Browse projects by tag' }).locator('a').allInnerTexts()).toEqual(['Go', 'Postgres', 'payments'])
    expect(await textsOf(page, '.skill-group-heading')).toEqual(['Languages', 'Databases', 'Domain'])
    expect(await cards(page)).toEqual(['Go', 'Rust', 'Postgres', 'Double-entry bookkeeping'])
    expect(await page.locator('.skills-count').innerText()).toBe('4 skills')
    const entries = await page.evaluate(() => history.length)
    await page.getByLabel('Search skills').fill('GRES')
    await page.waitForFunction(() => document.querySelectorAll('.skill-card').length === 1)
    expect(await cards(page)).toEqual(['Postgres'])
    expect(await page.locator('.skills-count').innerText()).toBe('1 of 4 skills')
    // Written to the address once typing rests, replacing the entry.
    await page.waitForURL((u) => u.search === '?search=GRES')
    expect(await page.evaluate(() => history.length)).toBe(entries)
    await page.getByLabel('Search skills').fill('cobol')
    await page.getByText('No skills match your filters.').waitFor()
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the category filter narrows to one bucket as a new history entry; back and forward follow the address', async () => {
    const { context, page, problems } = await newPage(browser)
    await visit(page, url('/skills'))
    const select = page.getByLabel('Category')
    expect(await select.locator('option').allInnerTexts()).toEqual(['All', 'Databases', 'Domain', 'Languages'])
    await select.selectOption('Languages')
    await page.waitForURL((u) => u.search === '?bucket=Languages')
    expect(await cards(page)).toEqual(['Go', 'Rust'])
    await select.selectOption('Domain')
    await page.waitForURL((u) => u.search === '?bucket=Domain')
    expect(await cards(page)).toEqual(['Double-entry bookkeeping'])
    await page.goBack()
    await page.waitForFunction(() => document.querySelectorAll('.skill-card').length === 2)
    expect([new URL(page.url()).search, await select.inputValue(), await cards(page)]).toEqual(['?bucket=Languages', 'Languages', ['Go', 'Rust']])
    await page.goBack()
    await page.waitForFunction(() => document.querySelectorAll('.skill-card').length === 4)
    expect(await select.inputValue()).toBe('')
    await page.goForward()
    await page.waitForFunction(() => document.querySelectorAll('.skill-card').length === 2)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('related projects link to their pages; a quick link leads to /projects?tag=X', async () => {
    const { context, page, problems } = await newPage(browser)
    await visit(page, url('/skills'))
    expect(await page.locator('.skill-card', { hasText: 'Go' }).first().locator('.skill-related-count').innerText()).toBe('2 related projects')
    expect(await page.locator('.skill-card', { hasText: 'Rust' }).locator('.skill-related-count').innerText()).toBe('0 related projects')
    const related = page.getByRole('list', { name: 'Projects using Postgres' }).getByRole('link')
    expect([await related.innerText(), await related.getAttribute('href')]).toEqual(['Ledger service', `/projects/${ledger}`])
    await related.click()
    await page.locator('h1', { hasText: 'Ledger service' }).waitFor()
    await page.goBack()
    await page.getByRole('navigation', { name: 'Browse projects by tag' }).getByRole('link', { name: 'payments' }).click()
    await page.waitForURL((u) => u.pathname === '/projects' && u.search === '?tag=payments')
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('without JavaScript, on the owner’s site', () => {
  test('the filters are a GET form: Apply loads the page the server renders with the filtered cards', async () => {
    const { context, page, problems } = await newPage(browser, { javaScriptEnabled: false })
    await page.goto(url('/skills'))
    expect(await cards(page)).toEqual(['Go', 'Rust', 'Postgres', 'Double-entry bookkeeping'])
    await page.getByLabel('Search skills').fill('r')
    await page.getByLabel('Category').selectOption('Languages')
    await Promise.all([page.waitForURL((u) => u.search === '?search=r&bucket=Languages'), page.getByRole('button', { name: 'Apply' }).click()])
    expect(await cards(page)).toEqual(['Rust'])
    expect(await page.locator('.skills-count').innerText()).toBe('1 of 4 skills')
    expect([await page.getByLabel('Search skills').inputValue(), await page.getByLabel('Category').inputValue()]).toEqual(['r', 'Languages'])
    await page.getByLabel('Search skills').fill('zzz')
    await Promise.all([page.waitForURL((u) => u.search.startsWith('?search=zzz')), page.getByRole('button', { name: 'Apply' }).click()])
    expect(await page.getByText('No skills match your filters.').isVisible()).toBe(true)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('an address with filters in any case renders them, the category spelled as the skills spell it', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false })
    await page.goto(url('/skills?bucket=databases'))
    expect(await cards(page)).toEqual(['Postgres'])
    expect(await page.getByLabel('Category').inputValue()).toBe('Databases')
    await context.close()
  })
})

test('with JavaScript, a filtered address hydrates as the server rendered it, with no console error', async () => {
  const { context, page, problems } = await newPage(browser)
  await visit(page, url('/skills?search=o&bucket=languages'))
  expect(await cards(page)).toEqual(['Go'])
  expect([await page.getByLabel('Search skills').inputValue(), await page.getByLabel('Category').inputValue()]).toEqual(['o', 'Languages'])
  // The Apply button is for the GET form without JavaScript.
  expect(await page.getByRole('button', { name: 'Apply' }).isVisible()).toBe(false)
  expect(problems.errors).toEqual([])
  await context.close()
})
