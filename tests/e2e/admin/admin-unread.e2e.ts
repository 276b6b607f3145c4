// The unread count on the admin nav's Messages item in Chromium against a real server: messages
// sent through /api/contact show as "Messages (N unread)"; opening the inbox clears it; a newer
// message shows again.
import { expect, test } from 'bun:test'
import { useAdminSite } from '#tests/support/browser/admin-e2e'
import { openSignedIn } from '#tests/support/browser/admin-session'
import { contact, sendContact } from '#tests/support/data/contact'

const site = useAdminSite({ TRUST_PROXY: '1' })

const send = async () => expect((await sendContact(site.server, contact().payload)).status).toBe(200)

test('the nav names the unread messages beside Messages, opening the inbox clears them, and a newer one shows', async () => {
  await send()
  await send()
  const { context, page, problems } = await openSignedIn(site, '/admin')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await nav.getByRole('link', { name: 'Messages (2 unread)', exact: true }).waitFor()
  // The Messages link's own badge (below 768 px the Menu button carries a copy while the list is closed).
  const badge = nav.locator('li a .nav-badge')
  expect(await badge.innerText()).toBe('2')

  await nav.getByRole('link', { name: 'Messages (2 unread)' }).click()
  await page.waitForURL('**/admin/messages')
  await nav.getByRole('link', { name: 'Messages', exact: true }).waitFor()
  expect(await nav.locator('.nav-badge').count()).toBe(0)
  expect(await badge.count()).toBe(0)

  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await send()
  await page.reload()
  await nav.getByRole('link', { name: 'Messages (1 unread)', exact: true }).waitFor()
  expect(problems.errors).toEqual([])
  await context.close()
}, 60_000)
