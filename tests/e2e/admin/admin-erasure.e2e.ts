// /admin/messages' "Export or erase by email" in Chromium against a real server: the JSON download
// of one person's messages, the erasure behind its confirm with the count shown, the field's own
// message for a bad address, keyboard focus, and axe.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { ContactMessage, MessagesExport } from '#src/contract/contact'
import { countRequests, useAdminSite } from '#tests/support/browser/admin-e2e'
import { openSignedIn, type AdminSite } from '#tests/support/browser/admin-session'
import { axeViolations } from '#tests/support/browser/browser'
import { contact, sendContact, storedWith } from '#tests/support/data/contact'

const site: AdminSite = useAdminSite({ TRUST_PROXY: '1' })

/** A person with a fresh address (a retried test meets nobody's leftovers) and their messages. */
async function person(spellings: ((lower: string) => string)[]) {
  const { marker } = contact()
  const lower = `erin.${marker}@mail.example`
  const sent: ContactMessage[] = []
  for (const spell of spellings) {
    const { payload } = contact({ email: spell(lower), message: `A message from ${marker}, ${sent.length + 1}.` })
    expect((await sendContact(site.server, payload)).status).toBe(200)
    sent.push((await storedWith(site.server, site.cookie, payload.message))[0]!)
  }
  return { lower, marker, sent }
}

/** Someone else whose messages must survive: same marker in the text, another address. */
async function bystander(marker: string) {
  const { payload } = contact({ email: `x-erin.${marker}@mail.example`, message: `Not from Erin, but mentions ${marker}.` })
  expect((await sendContact(site.server, payload)).status).toBe(200)
  return (await storedWith(site.server, site.cookie, payload.message))[0]!
}

const openInbox = () => openSignedIn(site, '/admin/messages')
const form = (page: Page) => page.locator('section.messages-erasure')
const address = (page: Page) => page.getByLabel('Email address')
const result = (page: Page) => form(page).getByRole('status')

describe('export or erase by email', () => {
  test('Export downloads every message of the address, in any case, as a JSON file and says how many', async () => {
    const erin = await person([(a) => a, (a) => a.toUpperCase()])
    await bystander(erin.marker)
    const { context, page, problems } = await openInbox()
    await form(page).getByRole('heading', { name: 'Export or erase by email' }).waitFor()
    await address(page).fill(erin.lower.toUpperCase())
    const [download] = await Promise.all([page.waitForEvent('download'), form(page).getByRole('button', { name: 'Export' }).click()])
    expect(download.suggestedFilename()).toBe(`messages-${erin.lower}.json`)
    const file: MessagesExport = JSON.parse(await Bun.file((await download.path())!).text())
    expect(file.items).toEqual(erin.sent)
    expect(file.items.map((m) => m.email)).toEqual([erin.lower, erin.lower.toUpperCase()])
    await result(page).getByText(`Exported 2 message(s) from ${erin.lower.toUpperCase()}.`).waitFor()
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('Erase asks first: Cancel keeps the messages, OK erases them, shows how many and refreshes the inbox', async () => {
    const erin = await person([(a) => a, (a) => a.replace('@mail.example', '@Mail.Example')])
    const other = await bystander(erin.marker)
    const { context, page, problems } = await openInbox()
    const erases = countRequests(page, 'POST', '/api/admin/messages/erase')
    await page.getByLabel('Search messages').fill(erin.marker)
    await page.locator('.messages-pager [role="status"]', { hasText: 'Showing 3 message(s)' }).waitFor()

    await address(page).fill(erin.lower)
    const asked: string[] = []
    page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()))
    await form(page).getByRole('button', { name: 'Erase' }).click()
    expect(asked).toEqual([`Erase every message from ${erin.lower}? This cannot be undone.`])
    expect(erases.count).toBe(0)
    expect(await storedWith(site.server, site.cookie, erin.marker)).toHaveLength(3)

    page.once('dialog', (d) => (asked.push(d.message()), d.accept()))
    await form(page).getByRole('button', { name: 'Erase' }).click()
    await result(page).getByText(`Erased 2 message(s) from ${erin.lower}.`).waitFor()
    await page.locator('.messages-pager [role="status"]', { hasText: 'Showing 1 message(s)' }).waitFor()
    expect(await page.locator('article.message-card').count()).toBe(1)
    expect(erases.count).toBe(1)
    expect(await storedWith(site.server, site.cookie, erin.marker)).toEqual([other])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a malformed address shows the field's message, focuses the field and sends nothing", async () => {
    const { context, page, problems } = await openInbox()
    const exports = countRequests(page, 'GET', '/api/admin/messages/export')
    await address(page).fill('not an address')
    await form(page).getByRole('button', { name: 'Export' }).click()
    await form(page).getByText('Please enter a valid email.').waitFor()
    expect(await address(page).getAttribute('aria-invalid')).toBe('true')
    expect(await address(page).evaluate((el) => el === document.activeElement)).toBe(true)
    const describedBy = (await address(page).getAttribute('aria-describedby'))!.split(' ')
    expect(await page.locator(`#${describedBy.at(-1)}`).innerText()).toBe('Please enter a valid email.')
    expect(exports.count).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the form is reached and used with the keyboard, shows where focus is, and has no serious or critical axe violations', async () => {
    const erin = await person([(a) => a])
    const { context, page, problems } = await openInbox()
    await address(page).focus()
    await page.keyboard.type(erin.lower)
    await page.keyboard.press('Tab')
    const exportButton = form(page).getByRole('button', { name: 'Export' })
    expect(await exportButton.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await exportButton.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
    // Enter in the field submits the form: the safe action, Export.
    await address(page).focus()
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(download.suggestedFilename()).toBe(`messages-${erin.lower}.json`)
    await result(page).getByText(`Exported 1 message(s) from ${erin.lower}.`).waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
