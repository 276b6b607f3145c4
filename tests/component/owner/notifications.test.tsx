// The unread count on the admin nav's Messages item, reset by opening the inbox; and the settings
// screen's "Send test notification", under happy-dom with a faked API.
import { afterEach, describe, expect, test } from 'bun:test'
import type { NotificationStatus, NotificationTestResult } from '#src/contract/owner/notifications'
import { AdminLayout } from '#client/admin/layout'
import { MessagesScreen } from '#client/admin/screens/messages-screen'
import { TestNotificationButton } from '#client/features/notifications/test-notification-button'
import { byText, click, fakeApi, renderAdmin, settle, settleUntil, type ApiCall } from '#tests/support/component/render-admin'

let api: ReturnType<typeof fakeApi>
afterEach(() => api?.restore())

const emptyPage = (unread: number) => ({ items: [], pageInfo: { page: 1, pages: 1, total: 0, limit: 20 }, unread })
const messagesLink = (c: HTMLElement) => [...c.querySelectorAll('nav a')].find((a) => a.getAttribute('href')?.endsWith('/messages'))!
const badge = (c: HTMLElement) => messagesLink(c).querySelector('.nav-badge')

describe('the unread count in the admin nav', () => {
  test('shows the count beside Messages, named "(N unread)" for screen readers', async () => {
    api = fakeApi({ 'GET /api/admin/messages': () => emptyPage(3) })
    const { container, unmount } = await renderAdmin(<AdminLayout>screen</AdminLayout>)
    await settleUntil(() => !!badge(container))
    expect(badge(container)?.textContent).toBe('3')
    expect(badge(container)?.getAttribute('aria-hidden')).toBe('true')
    expect(messagesLink(container).querySelector('.visually-hidden')?.textContent).toBe(' (3 unread)')
    expect(api.calls.find((c) => c.path === '/api/admin/messages')?.query.get('limit')).toBe('1')
    unmount()
  })

  test('shows nothing when nothing is unread', async () => {
    api = fakeApi({ 'GET /api/admin/messages': () => emptyPage(0) })
    const { container, unmount } = await renderAdmin(<AdminLayout>screen</AdminLayout>)
    await settle(20)
    expect(messagesLink(container).textContent).toBe('Messages')
    unmount()
  })

  test('opening the inbox marks it opened and the count goes away', async () => {
    let unread = 2
    api = fakeApi({
      'GET /api/admin/messages': () => emptyPage(unread),
      'POST /api/admin/messages/opened': () => {
        unread = 0
        return { ok: true }
      },
    })
    const { container, unmount } = await renderAdmin(
      <AdminLayout>
        <MessagesScreen />
      </AdminLayout>,
      { path: '/messages' },
    )
    await settleUntil(() => api.calls.some((c: ApiCall) => c.method === 'POST') && !badge(container))
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/messages/opened'])
    expect(badge(container)).toBeNull()
    unmount()
  })
})

describe('Send test notification', () => {
  const STATUS: NotificationStatus = { email: { to: 'owner@example.com' }, webhook: { host: 'hooks.example' }, pending: 0, failed: 0, lastError: null }

  test('says which channels are configured, then each channel’s outcome in a polite live region', async () => {
    const result: NotificationTestResult = { email: { ok: true }, webhook: { ok: false, error: 'webhook answered 500' } }
    api = fakeApi({ 'GET /api/admin/notifications': () => STATUS, 'POST /api/admin/notifications/test': () => result })
    const { container, unmount } = await renderAdmin(<TestNotificationButton />)
    await settle(20)
    expect(container.textContent).toContain('New messages are announced by email to owner@example.com and webhook to hooks.example.')
    const live = container.querySelector('[role="status"]')!
    expect(live.getAttribute('aria-live')).toBe('polite')
    await click(byText(container, 'Send test notification'))
    await settleUntil(() => live.querySelectorAll('li').length === 2)
    expect([...live.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Email: sent.', 'Webhook: failed (webhook answered 500).'])
    unmount()
  })

  test('with no channel configured, says how to set one and the button is disabled', async () => {
    api = fakeApi({ 'GET /api/admin/notifications': () => ({ ...STATUS, email: null, webhook: null }) })
    const { container, unmount } = await renderAdmin(<TestNotificationButton />)
    await settle(20)
    expect(container.textContent).toContain('No notification channel is configured: set SMTP_URL and/or NOTIFY_WEBHOOK_URL.')
    expect(byText(container, 'Send test notification').disabled).toBe(true)
    unmount()
  })
})
