// Issue 22: the admin's header names the site it runs (from the shell's state) and leads back to it.
import { afterEach, expect, test } from 'bun:test'
import { STATE_ELEMENT_ID } from '#src/contract/site'
import { AdminLayout } from '#client/admin/layout'
import { fakeApi, renderAdmin, settle } from '#tests/support/component/render-admin'

let api: ReturnType<typeof fakeApi>
afterEach(() => {
  api?.restore()
  document.getElementById(STATE_ELEMENT_ID)?.remove()
})

const emptyInbox = () => ({ items: [], pageInfo: { page: 1, pages: 1, total: 0, limit: 20 }, unread: 0 })

test("the header shows the site's name from the shell and a View site link to the public home", async () => {
  const state = document.createElement('script')
  state.type = 'application/json'
  state.id = STATE_ELEMENT_ID
  state.textContent = JSON.stringify({ site: { siteName: 'Ada Lovelace' } })
  // In the head: the render replaces the body (the real shell has it in the body; it is found by id).
  document.head.append(state)
  api = fakeApi({ 'GET /api/admin/messages': emptyInbox })
  const { container, unmount } = await renderAdmin(<AdminLayout>screen</AdminLayout>)
  await settle(20)
  expect(container.querySelector('.admin-header .brand')?.textContent).toBe('Ada Lovelace admin')
  const view = [...container.querySelectorAll('.admin-header a')].find((a) => a.textContent === 'View site')
  expect(view?.getAttribute('href')).toBe('/')
  unmount()
})

test('without the shell state (a test page) the header says folio', async () => {
  api = fakeApi({ 'GET /api/admin/messages': emptyInbox })
  const { container, unmount } = await renderAdmin(<AdminLayout>screen</AdminLayout>)
  await settle(20)
  expect(container.querySelector('.admin-header .brand')?.textContent).toBe('folio admin')
  unmount()
})
