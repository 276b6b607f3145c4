import { describe, expect, test } from 'bun:test'
import type { ContactMessage } from '#src/contract/contact'
import { MessagesCard, visitLine } from '#client/features/messages/messages-card'
import { renderAdmin } from '#tests/support/component/render-admin'

function message(visit: ContactMessage['visit']): ContactMessage {
  return {
    id: 'm1',
    name: 'Ada',
    email: 'ada@example.com',
    reason: 'general',
    message: 'Hello there, a long enough message.',
    archived: false,
    createdAt: '2026-03-05T14:05:00.000Z',
    meta: { ip: '10.0.0.1', ua: 'Agent/1' },
    visit,
  }
}

const visitText = async (visit: ContactMessage['visit']) => {
  const { container, unmount } = await renderAdmin(<MessagesCard message={message(visit)} onChanged={() => {}} />)
  const p = container.querySelector('p.message-visit')
  const text = p?.textContent ?? null
  expect(container.querySelector('.message-text')?.textContent).toBe('Hello there, a long enough message.')
  unmount()
  return text
}

describe('message card visit line', () => {
  test('says where the visit entered, where it came from and its campaign', async () => {
    expect(await visitText({ entry: '/blog/hello', referrer: 'news.ycombinator.com', campaign: 'launch' })).toBe(
      'Visit: entered at /blog/hello · from news.ycombinator.com · campaign launch',
    )
  })

  test("says 'direct' without a referrer and leaves out an empty campaign", async () => {
    expect(await visitText({ entry: '/', referrer: '', campaign: '' })).toBe('Visit: entered at / · from direct')
    expect(visitLine({ entry: '/contact', referrer: 'github.com', campaign: '' })).toBe('Visit: entered at /contact · from github.com')
  })

  test('shows no visit line when the visit was not counted', async () => {
    expect(await visitText(null)).toBeNull()
  })
})
