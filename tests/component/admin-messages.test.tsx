import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test'
import type { ContactMessage } from '#src/contract/contact'
import { SEARCH_DRAFT_KEY, MessagesScreen } from '#client/admin/screens/messages-screen'
import { apiError, byText, click, fakeApi, fill, json, renderAdmin, settle, settleUntil, type ApiCall } from '#tests/support/component/render-admin'

const LIST = 'GET /api/admin/messages'

function message(i: number, over: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: `m${i}`,
    name: `Sender ${i}`,
    email: `sender${i}@example.com`,
    reason: 'general',
    message: `Message number ${i}, long enough.`,
    archived: false,
    createdAt: new Date(Date.UTC(2026, 2, 5, 14, 5) - i * 60_000).toISOString(),
    meta: { ip: `10.0.0.${i}`, ua: `Agent/${i}` },
    visit: null,
    ...over,
  }
}

/** An inbox that pages, filters, searches, archives and deletes like the server. */
function inbox(messages: ContactMessage[]) {
  const store = [...messages]
  const list = ({ query }: ApiCall) => {
    const status = query.get('status') ?? 'active'
    const search = (query.get('search') ?? '').toLowerCase()
    const page = Number(query.get('page') ?? 1)
    const limit = Number(query.get('limit') ?? 20)
    const found = store.filter(
      (m) => (status === 'all' || m.archived === (status === 'archived')) && `${m.name} ${m.email} ${m.message}`.toLowerCase().includes(search),
    )
    const pages = Math.max(1, Math.ceil(found.length / limit))
    return { items: found.slice((page - 1) * limit, page * limit), pageInfo: { page, pages, total: found.length, limit } }
  }
  const id = (call: ApiCall) => decodeURIComponent(call.path.split('/')[4]!)
  return {
    store,
    list,
    archive: (call: ApiCall) => {
      const m = store.find((x) => x.id === id(call))!
      m.archived = (call.body as { archived: boolean }).archived
      return m
    },
    remove: (call: ApiCall) => {
      store.splice(
        store.findIndex((x) => x.id === id(call)),
        1,
      )
      return { ok: true }
    },
  }
}

let api: ReturnType<typeof fakeApi>
const realConfirm = window.confirm
beforeEach(() => sessionStorage.clear())
afterEach(() => {
  api?.restore()
  window.confirm = realConfirm
})

async function show(messages: ContactMessage[], extra: Record<string, (call: ApiCall) => unknown> = {}) {
  const box = inbox(messages)
  const routes: Record<string, (call: ApiCall) => unknown> = { [LIST]: box.list }
  for (const m of messages) {
    routes[`PATCH /api/admin/messages/${m.id}/archive`] = box.archive
    routes[`DELETE /api/admin/messages/${m.id}`] = box.remove
  }
  api = fakeApi({ ...routes, ...extra })
  const r = await renderAdmin(<MessagesScreen />, { path: '/messages' })
  await settle()
  return { ...r, box }
}

const lists = () => api.to(LIST).map((c) => Object.fromEntries(c.query))
const summary = (c: HTMLElement) => c.querySelector('.messages-pager p')?.textContent
const names = (c: HTMLElement) => [...c.querySelectorAll('.message-card h2')].map((h) => h.textContent)
const card = (c: HTMLElement, name: string) => [...c.querySelectorAll<HTMLElement>('.message-card')].find((a) => a.querySelector('h2')?.textContent === name)!
const button = (el: HTMLElement, text: string) => [...el.querySelectorAll('button')].find((b) => b.textContent!.startsWith(text))!
const radio = (c: HTMLElement, label: string) => [...c.querySelectorAll('fieldset label')].find((l) => l.textContent === label)!.querySelector('input')!

describe('admin messages', () => {
  test('loads the first 20 active messages and shows every field of a card', async () => {
    const { container } = await show(Array.from({ length: 45 }, (_, i) => message(i + 1, { reason: i === 0 ? 'collaboration' : 'general' })))
    expect(lists()).toEqual([{ status: 'active', page: '1', limit: '20' }])
    expect(summary(container)).toBe('Showing 45 message(s) (page 1 of 3).')
    expect(names(container)).toHaveLength(20)
    const first = card(container, 'Sender 1')
    expect(first.querySelector('a[href^="mailto:sender1"]')?.textContent).toBe('sender1@example.com')
    expect([...first.querySelectorAll('.tag')].map((t) => t.textContent)).toEqual(['Collaboration'])
    expect(first.querySelector('time')?.textContent).toBe('5 Mar 2026, 14:04 UTC')
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-05T14:04:00.000Z')
    expect(first.querySelector('.message-text')?.textContent).toBe('Message number 1, long enough.')
    expect([...first.querySelectorAll('.message-meta dt, .message-meta dd')].map((e) => e.textContent)).toEqual(['IP', '10.0.0.1', 'User-agent', 'Agent/1'])
  })

  test('shows a message as text, never as HTML', async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>\nsecond line'
    const { container } = await show([message(1, { message: html })])
    const text = card(container, 'Sender 1').querySelector('.message-text')!
    expect(text.textContent).toBe(html)
    expect(text.querySelector('img, b')).toBeNull()
  })

  test('prefills the Reply link with the subject, every part encoded', async () => {
    const { container } = await show([message(1, { email: 'a?b&c@example.com', reason: 'resume' })])
    const reply = [...card(container, 'Sender 1').querySelectorAll('a')].find((a) => a.textContent!.startsWith('Reply'))!
    expect(reply.getAttribute('href')).toBe('mailto:a%3Fb%26c@example.com?subject=Re%3A%20your%20message%20(Resume)')
  })

  test('filters Active, Archived or All from a labelled group', async () => {
    const { container } = await show([message(1), message(2, { archived: true })])
    expect(container.querySelector('fieldset legend')?.textContent).toBe('Show')
    expect(radio(container, 'Active').checked).toBe(true)
    await click(radio(container, 'Archived'))
    await settle()
    expect(names(container)).toEqual(['Sender 2'])
    expect(card(container, 'Sender 2').textContent).toContain('Archived')
    await click(radio(container, 'All'))
    await settle()
    expect(names(container)).toEqual(['Sender 1', 'Sender 2'])
    expect(lists().map((q) => q.status)).toEqual(['active', 'archived', 'all'])
  })

  test('pages with Previous and Next, and a new filter starts again at page 1', async () => {
    const { container } = await show(Array.from({ length: 45 }, (_, i) => message(i + 1)))
    expect(byText(container, 'Previous').disabled).toBe(true)
    await click(byText(container, 'Next'))
    await settle()
    await click(byText(container, 'Next'))
    await settle()
    expect(summary(container)).toBe('Showing 45 message(s) (page 3 of 3).')
    expect(names(container)).toEqual(['Sender 41', 'Sender 42', 'Sender 43', 'Sender 44', 'Sender 45'])
    expect(byText(container, 'Next').disabled).toBe(true)
    await click(byText(container, 'Previous'))
    await settle()
    expect(summary(container)).toBe('Showing 45 message(s) (page 2 of 3).')
    await click(radio(container, 'All'))
    await settle()
    expect(lists().map((q) => `${q.status} ${q.page}`)).toEqual(['active 1', 'active 2', 'active 3', 'active 2', 'all 1'])
  })

  test('searches 300 ms after the last keystroke, from page 1, and keeps the text as a draft', async () => {
    const { container, unmount } = await show([...Array.from({ length: 24 }, (_, i) => message(i + 1)), message(25, { name: 'Ada Lovelace' })])
    await click(byText(container, 'Next'))
    await settle()
    await fill(container.querySelector('#messages-search')!, 'ada')
    await settle(150)
    expect(lists()).toHaveLength(2)
    await settle(250)
    await settle()
    expect(lists().at(-1)).toEqual({ status: 'active', page: '1', limit: '20', search: 'ada' })
    expect(names(container)).toEqual(['Ada Lovelace'])
    expect(sessionStorage.getItem(`folio:draft:${SEARCH_DRAFT_KEY}`)).toBe('"ada"')
    unmount()
    const again = await renderAdmin(<MessagesScreen />, { path: '/messages' })
    await settle()
    expect((again.container.querySelector('#messages-search') as HTMLInputElement).value).toBe('ada')
    expect(lists().at(-1)?.search).toBe('ada')
  })

  test('archives and unarchives a message', async () => {
    const { container, box } = await show([message(1), message(2)])
    await click(button(card(container, 'Sender 1'), 'Archive'))
    await settle()
    expect(api.to('PATCH /api/admin/messages/m1/archive')[0]!.body).toEqual({ archived: true })
    expect(names(container)).toEqual(['Sender 2'])
    expect(container.querySelector('.toast')?.textContent).toBe('Message archived.')
    await click(radio(container, 'Archived'))
    await settle()
    await click(button(card(container, 'Sender 1'), 'Unarchive'))
    await settle()
    expect(api.to('PATCH /api/admin/messages/m1/archive')[1]!.body).toEqual({ archived: false })
    expect(box.store[0]!.archived).toBe(false)
    expect(container.querySelector('.empty')?.textContent).toBe('No messages found.')
  })

  test('deletes a message only after the confirmation', async () => {
    const confirm = mock(() => false)
    window.confirm = confirm
    const { container } = await show([message(1), message(2)])
    await click(button(card(container, 'Sender 1'), 'Delete'))
    expect(confirm).toHaveBeenCalledWith('Delete this message permanently?')
    expect(api.to('DELETE /api/admin/messages/m1')).toHaveLength(0)
    window.confirm = () => true
    await click(button(card(container, 'Sender 1'), 'Delete'))
    await settle()
    expect(api.to('DELETE /api/admin/messages/m1')).toHaveLength(1)
    expect(names(container)).toEqual(['Sender 2'])
    expect(summary(container)).toBe('Showing 1 message(s) (page 1 of 1).')
  })

  test('goes back a page when the last message of the last page is deleted', async () => {
    window.confirm = () => true
    const { container } = await show(Array.from({ length: 21 }, (_, i) => message(i + 1)))
    await click(byText(container, 'Next'))
    await settle()
    await click(button(card(container, 'Sender 21'), 'Delete'))
    await settleUntil(() => summary(container) === 'Showing 20 message(s) (page 1 of 1).')
    expect(summary(container)).toBe('Showing 20 message(s) (page 1 of 1).')
    expect(lists().at(-1)?.page).toBe('1')
  })

  test.each([
    ['Delete', 'DELETE /api/admin/messages/m1', 'Failed to delete'],
    ['Archive', 'PATCH /api/admin/messages/m1/archive', 'Failed to save changes'],
  ])('shows a failed %s on its card', async (action, route, text) => {
    window.confirm = () => true
    const { container } = await show([message(1), message(2)], { [route]: () => json(404, {}) })
    await click(button(card(container, 'Sender 1'), action))
    await settle()
    expect(card(container, 'Sender 1').querySelector('[role="alert"]')?.textContent).toBe(text)
    expect(card(container, 'Sender 2').querySelector('[role="alert"]')).toBeNull()
  })

  test('says when there are no messages', async () => {
    const { container } = await show([])
    expect(container.querySelector('.empty')?.textContent).toBe('No messages found.')
    expect(container.querySelector('.messages-pager')).toBeNull()
  })

  test('says when the messages could not be loaded', async () => {
    const { container, session } = await show([], { [LIST]: () => json(404, {}) })
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Failed to load messages')
    expect(session.ended).toBe(0)
  })

  test.each([
    ['loading the list', LIST, null],
    ['an action', 'DELETE /api/admin/messages/m1', 'Delete'],
  ])('reports the end of the session when %s answers 401', async (_, route, action) => {
    window.confirm = () => true
    const { container, session } = await show([message(1)], { [route]: () => apiError(401, 'Not signed in') })
    if (action) await click(button(card(container, 'Sender 1'), action))
    await settle()
    expect(session.ended).toBe(1)
  })
})
