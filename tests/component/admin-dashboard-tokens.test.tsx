import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { NewStatsToken, StatsToken, StatsTokenInput } from '#src/contract/analytics'
import { REVOKE_CONFIRM, SHOWN_ONCE } from '#client/features/analytics/api'
import { DashboardScreen } from '#client/admin/screens/dashboard-screen'
import { analyticsSummary } from '#tests/support/component/analytics-summary'
import { byText, click, fakeApi, fill, renderAdmin, settle, settleUntil, type ApiCall } from '#tests/support/component/render-admin'

const LIST = 'GET /api/admin/analytics/tokens'
const CREATE = 'POST /api/admin/analytics/tokens'

function token(i: number, over: Partial<StatsToken> = {}): StatsToken {
  return { id: `t${i}`, name: `Script ${i}`, createdAt: `2026-01-0${i}T10:00:00.000Z`, lastUsedAt: null, ...over }
}

/** Tokens kept like the server keeps them: made with a secret shown once, revoked by id. */
function tokenStore(initial: StatsToken[]) {
  const items = [...initial]
  return {
    items,
    routes: {
      'GET /api/admin/analytics/summary': () => analyticsSummary({ mode: 'days', days: 30, from: '2026-01-02', to: '2026-01-31' }),
      [LIST]: () => ({ items }),
      [CREATE]: (call: ApiCall): NewStatsToken => {
        const made = token(items.length + 1, { name: (call.body as StatsTokenInput).name })
        items.push(made)
        return { ...made, token: `secret-${made.id}` }
      },
      'DELETE /api/admin/analytics/tokens/t1': () => {
        items.splice(0, 1)
        return new Response(null, { status: 204 })
      },
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

async function show(initial: StatsToken[]) {
  const store = tokenStore(initial)
  api = fakeApi(store.routes)
  const r = await renderAdmin(<DashboardScreen />)
  await settle()
  return { ...r, store }
}

const section = (c: HTMLElement) => c.querySelector<HTMLElement>('.stats-tokens')!
const listed = (c: HTMLElement) => [...section(c).querySelectorAll('tbody tr')].map((tr) => [...tr.children].slice(0, 3).map((cell) => cell.textContent))
const nameInput = (c: HTMLElement) => section(c).querySelector<HTMLInputElement>('form input')!

describe('stats API tokens', () => {
  test('lists the tokens with when they were made and last used', async () => {
    const { container } = await show([token(1), token(2, { lastUsedAt: '2026-01-05T08:30:00.000Z' })])
    expect(section(container).querySelector('h2')?.textContent).toBe('Stats API tokens')
    expect(listed(container)).toEqual([
      ['Script 1', '1 Jan 2026, 10:00 UTC', 'Never used'],
      ['Script 2', '2 Jan 2026, 10:00 UTC', '5 Jan 2026, 08:30 UTC'],
    ])
  })

  test("refuses a blank or long name with the schema's message and sends nothing", async () => {
    const { container } = await show([])
    await click(byText(section(container), 'Create token'))
    expect(section(container).querySelector('[role="alert"]')?.textContent).toBe('Name the token.')
    await fill(nameInput(container), 'x'.repeat(61))
    await click(byText(section(container), 'Create token'))
    expect(section(container).querySelector('[role="alert"]')?.textContent).toBe('Name is too long (max 60).')
    expect(api.to(CREATE)).toHaveLength(0)
  })

  test('shows a new token once, read-only with Copy, and refetches the list', async () => {
    const { container } = await show([token(1)])
    expect(api.to(LIST)).toHaveLength(1)
    await fill(nameInput(container), '  Grafana  ')
    await click(byText(section(container), 'Create token'))
    await settleUntil(() => api.to(LIST).length === 2)
    expect(api.to(CREATE)[0]!.body).toEqual({ name: 'Grafana' })
    const secret = section(container).querySelector<HTMLInputElement>('.stats-token-new input')!
    expect(secret.readOnly).toBe(true)
    expect(secret.value).toBe('secret-t2')
    expect(section(container).querySelector('.stats-token-new')?.textContent).toContain(SHOWN_ONCE)
    expect(SHOWN_ONCE).toBe('Copy this token now: it is not shown again.')
    expect(byText(section(container), 'Copy').tagName).toBe('BUTTON')
    await settle()
    expect(listed(container).map((r) => r[0])).toEqual(['Script 1', 'Grafana'])
    expect(nameInput(container).value).toBe('')
    await click(byText(section(container), 'Done'))
    expect(section(container).querySelector('.stats-token-new')).toBeNull()
    expect(container.textContent).not.toContain('secret-t2')
  })

  test('revokes a token with DELETE only after the confirm', async () => {
    const { container } = await show([token(1), token(2)])
    const asked: string[] = []
    window.confirm = (text?: string) => {
      asked.push(text ?? '')
      return asked.length > 1
    }
    const revoke = () => click(section(container).querySelector('tbody tr button'))
    await revoke()
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
    await revoke()
    await settleUntil(() => listed(container).length === 1)
    expect(asked).toEqual([REVOKE_CONFIRM, REVOKE_CONFIRM])
    expect(REVOKE_CONFIRM).toBe('Revoke this token? Scripts using it stop working.')
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/analytics/tokens/t1'])
    expect(listed(container).map((r) => r[0])).toEqual(['Script 2'])
  })
})
