// /admin/messages in Chromium against a real server: messages sent through /api/contact (from
// distinct client addresses, TRUST_PROXY on), paging, search, Archive/Unarchive, Delete with its
// confirm, Reply, a message holding HTML shown as text, the empty and failure texts, axe.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { ContactMessage } from '#src/contract/contact'
import { countRequests, unexpected } from '#tests/support/browser/admin-e2e'
import { openSignedIn, type AdminSite } from '#tests/support/browser/admin-session'
import { axeViolations, launchBrowser } from '#tests/support/browser/browser'
import { contact, sendContact, storedWith, UNCAPPED } from '#tests/support/data/contact'
import { requestsTo } from '#tests/support/browser/e2e-watch'
import { startTestServer } from '#tests/support/server/server'

/** A word only the 25 paging messages hold, so paging is tested whatever other tests add. */
const BATCH = 'pagingbatch'

const site = {} as AdminSite
beforeAll(async () => {
  // 25 paging messages plus one per test (and per retry) pass the global cap of 30 in 10 minutes.
  ;[site.server, site.browser] = await Promise.all([startTestServer({ env: { TRUST_PROXY: '1' }, config: UNCAPPED }), launchBrowser()])
  site.cookie = await site.server.login()
  for (let i = 1; i <= 25; i++) {
    const n = String(i).padStart(2, '0')
    const res = await sendContact(site.server, { name: `Pager ${n}`, email: `pager${n}@example.com`, reason: 'general', message: `Message ${n} of the ${BATCH}.` })
    expect(res.status).toBe(200)
  }
})
afterAll(async () => {
  await site.browser?.close()
  await site.server?.close()
})

/** Sends one message with a unique marker and returns it as stored. */
async function sent(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<ContactMessage> {
  const { marker, payload } = contact(overrides)
  expect((await sendContact(site.server, payload, headers)).status).toBe(200)
  const [stored] = await storedWith(site.server, site.cookie, marker)
  return stored!
}

const openInbox = (before?: (page: Page) => unknown) => openSignedIn(site, '/admin/messages', {}, before)
/** The inbox's own list requests: the nav's unread count reads the same path (`?limit=1`), and opening the inbox posts `/opened`. */
const lists = (seen: string[]) => seen.filter((s) => s.includes('status='))
const summary = (page: Page) => page.locator('.messages-pager [role="status"]')
const cards = (page: Page) => page.locator('article.message-card')
const cardOf = (page: Page, m: ContactMessage) => cards(page).filter({ hasText: m.email })
const emptyText = (page: Page) => page.locator('p.empty')
const names = (page: Page) => cards(page).locator('h2').allInnerTexts()

/** Waits for the inbox's answer to a query the page sends with `param`, and for it to show. */
async function answered(page: Page, act: () => Promise<unknown>, param: [string, string]) {
  const response = page.waitForResponse((r) => {
    const url = new URL(r.url())
    return url.pathname === '/api/admin/messages' && url.searchParams.get(param[0]) === param[1]
  })
  await act()
  await response
  await page.locator('.messages [aria-busy="false"]').waitFor()
}

/** Types a search and waits until the debounced query has answered with `expected`. */
async function search(page: Page, text: string, expected: string) {
  await answered(page, () => page.getByLabel('Search messages').fill(text), ['search', text])
  await page.locator('.messages p[role="status"]', { hasText: expected }).waitFor()
}
const show = (page: Page, status: 'Active' | 'Archived' | 'All') =>
  answered(page, () => page.getByRole('radio', { name: status }).check(), ['status', status.toLowerCase()])

describe('the messages inbox', () => {
  test('opens on Active with the summary the API reports, at most 20 cards', async () => {
    let seen: string[] = []
    const { context, page, problems } = await openInbox((p) => (seen = requestsTo(p, '/api/admin/messages')))
    await summary(page).waitFor()
    expect(await page.getByRole('radio', { name: 'Active' }).isChecked()).toBe(true)
    expect(Object.fromEntries(new URLSearchParams(lists(seen)[0]!.split('?')[1]))).toEqual({ status: 'active', page: '1', limit: '20' })
    const api = (await site.server.get('/api/admin/messages?status=active&page=1&limit=20', { cookie: site.cookie })).body
    expect(api.pageInfo.total).toBeGreaterThanOrEqual(25)
    expect(await summary(page).innerText()).toBe(`Showing ${api.pageInfo.total} message(s) (page 1 of ${api.pageInfo.pages}).`)
    expect(await cards(page).count()).toBe(20)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('25 messages page as 20 then 5, with Next and Previous, and a new filter starts again at page 1', async () => {
    let seen: string[] = []
    const { context, page, problems } = await openInbox((p) => (seen = requestsTo(p, '/api/admin/messages')))
    await search(page, BATCH, 'Showing 25 message(s) (page 1 of 2).')
    expect(await cards(page).count()).toBe(20)
    const previous = page.getByRole('button', { name: 'Previous' })
    const next = page.getByRole('button', { name: 'Next' })
    expect(await previous.isDisabled()).toBe(true)
    const first = await names(page)

    await next.click()
    await summary(page).getByText('Showing 25 message(s) (page 2 of 2).').waitFor()
    expect(new URLSearchParams(lists(seen).at(-1)!.split('?')[1]).get('page')).toBe('2')
    expect(await cards(page).count()).toBe(5)
    const second = await names(page)
    expect([...first, ...second].sort()).toEqual(Array.from({ length: 25 }, (_, i) => `Pager ${String(i + 1).padStart(2, '0')}`))
    expect(await next.isDisabled()).toBe(true)

    await previous.click()
    await summary(page).getByText('Showing 25 message(s) (page 1 of 2).').waitFor()
    expect(await names(page)).toEqual(first)

    await next.click()
    await summary(page).getByText('(page 2 of 2)').waitFor()
    await show(page, 'All')
    await summary(page).getByText('Showing 25 message(s) (page 1 of 2).').waitFor()
    expect(await cards(page).count()).toBe(20)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('search narrows the list to the matching message, whose card shows every field of it', async () => {
    const m = await sent({ name: 'Grace Hopper', reason: 'collaboration' }, { 'x-forwarded-for': '10.200.3.4', 'user-agent': 'E2E-Agent/1.0 (inbox test)' })
    const { context, page, problems } = await openInbox()
    await search(page, m.email.split('@')[0]!, 'Showing 1 message(s) (page 1 of 1).')
    expect(await cards(page).count()).toBe(1)
    const card = cardOf(page, m)
    expect(await card.getByRole('heading').innerText()).toBe('Grace Hopper')
    expect(await card.getByRole('link', { name: m.email }).getAttribute('href')).toBe(`mailto:${m.email}`)
    expect(await card.locator('.tag').allInnerTexts()).toEqual(['Collaboration'])
    expect(await card.locator('time').getAttribute('datetime')).toBe(m.createdAt)
    expect(await card.locator('time').innerText()).toMatch(/^\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/)
    expect(await card.locator('.message-text').innerText()).toBe(m.message)
    expect(await card.locator('.message-meta dd').allInnerTexts()).toEqual(['10.200.3.4', 'E2E-Agent/1.0 (inbox test)'])

    // Reply opens the mail program on that address with a subject already written.
    const reply = new URL((await card.getByRole('link', { name: /^Reply/ }).getAttribute('href'))!)
    expect(reply.protocol).toBe('mailto:')
    expect(decodeURIComponent(reply.pathname)).toBe(m.email)
    expect(reply.searchParams.get('subject')).toStartWith('Re:')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a search that matches nothing says 'No messages found.' with no cards and no pager", async () => {
    const { context, page, problems } = await openInbox()
    await search(page, 'no message says this 9f3c', 'No messages found.')
    expect(await cards(page).count()).toBe(0)
    expect(await page.locator('.messages-pager').count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('acting on a message', () => {
  test('Archive moves a message to Archived (gone from Active, shown under All), Unarchive brings it back', async () => {
    const m = await sent()
    const { context, page, problems } = await openInbox()
    await search(page, m.email, 'Showing 1 message(s)')
    await cardOf(page, m).getByRole('button', { name: /^Archive/ }).click()
    await page.locator('.toasts').getByText('Message archived.').waitFor()
    await emptyText(page).getByText('No messages found.').waitFor()
    expect((await storedWith(site.server, site.cookie, m.email))[0]!.archived).toBe(true)

    await show(page, 'Archived')
    await cardOf(page, m).waitFor()
    expect(await cardOf(page, m).locator('.tag').allInnerTexts()).toContain('Archived')
    await show(page, 'All')
    await summary(page).getByText('Showing 1 message(s) (page 1 of 1).').waitFor()
    expect(await cardOf(page, m).getAttribute('data-archived')).toBe('true')

    await show(page, 'Archived')
    await cardOf(page, m).getByRole('button', { name: /^Unarchive/ }).click()
    await page.locator('.toasts').getByText('Message moved back to Active.').waitFor()
    await emptyText(page).getByText('No messages found.').waitFor()
    await show(page, 'Active')
    await cardOf(page, m).waitFor()
    expect(await cardOf(page, m).getByRole('button', { name: /^Archive/ }).isVisible()).toBe(true)
    expect((await storedWith(site.server, site.cookie, m.email))[0]!.archived).toBe(false)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("Delete asks 'Delete this message permanently?': cancel keeps the message, OK removes it for good", async () => {
    const m = await sent()
    const { context, page, problems } = await openInbox()
    const deletes = countRequests(page, 'DELETE', `/api/admin/messages/${m.id}`)
    await search(page, m.email, 'Showing 1 message(s)')
    const asked: string[] = []
    page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()))
    await cardOf(page, m).getByRole('button', { name: /^Delete/ }).click()
    expect(asked).toEqual(['Delete this message permanently?'])
    expect(deletes.count).toBe(0)
    expect(await cardOf(page, m).isVisible()).toBe(true)

    page.once('dialog', (d) => (asked.push(d.message()), d.accept()))
    await cardOf(page, m).getByRole('button', { name: /^Delete/ }).click()
    await page.locator('.toasts').getByText('Message deleted.').waitFor()
    await emptyText(page).getByText('No messages found.').waitFor()
    expect(asked).toEqual(['Delete this message permanently?', 'Delete this message permanently?'])
    expect(deletes.count).toBe(1)
    expect(await storedWith(site.server, site.cookie, m.email)).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a message holding HTML is shown as text: no element is made of it and no script runs', async () => {
    const html = '<img src=x onerror=alert(1)>'
    const m = await sent({ message: `Look at this: ${html} <b>bold</b>` })
    const dialogs: string[] = []
    const { context, page, problems } = await openInbox((p) => p.on('dialog', (d) => (dialogs.push(d.message()), d.dismiss())))
    await search(page, m.email, 'Showing 1 message(s)')
    const text = cardOf(page, m).locator('.message-text')
    expect(await text.innerText()).toBe(`Look at this: ${html} <b>bold</b>`)
    expect(await text.evaluate((el) => el.children.length)).toBe(0)
    expect(await page.locator('.messages img, .messages b').count()).toBe(0)
    // An <img> with a broken src would have fired onerror by now.
    await page.waitForTimeout(300)
    expect(dialogs).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('the inbox without its API, and axe', () => {
  test("a failing messages API shows 'Failed to load messages'", async () => {
    const { context, page, problems } = await openInbox((p) =>
      p.route('**/api/admin/messages?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' })),
    )
    expect(await page.locator('.messages').getByRole('alert').innerText()).toBe('Failed to load messages')
    expect(await cards(page).count()).toBe(0)
    expect(await summary(page).count()).toBe(0)
    expect(unexpected(problems, 500)).toEqual([])
    await context.close()
  })

  test('the inbox with messages has no serious or critical axe violations', async () => {
    await sent()
    const { context, page } = await openInbox()
    await cards(page).first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
