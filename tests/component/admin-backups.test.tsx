// /admin/backups under happy-dom with a faked API: the list, the schedule line, the empty state,
// Back up now (busy, refetch, toast), failures and the end of a session.
import { afterEach, describe, expect, test } from 'bun:test'
import type { BackupInfo, BackupList } from '#src/contract/backup'
import { BackupsScreen } from '#client/admin/screens/backups-screen'
import { apiError, byText, click, fakeApi, json, renderAdmin, settle, settleUntil, type ApiCall } from '#tests/support/component/render-admin'

const LIST = 'GET /api/admin/backups'
const CREATE = 'POST /api/admin/backups'

const backup = (createdAt: string, kind: BackupInfo['kind'], size: number): BackupInfo => ({
  name: `folio-${createdAt.replace(/[-:.]/g, '')}-${kind}.tar.gz`,
  kind,
  createdAt,
  size,
})
const SCHEDULED = backup('2026-03-05T14:05:09.123Z', 'scheduled', 3.4 * 1024 * 1024)
const MANUAL = backup('2026-03-04T09:00:00.000Z', 'manual', 700)
const PRE_RESTORE = backup('2026-03-01T23:59:59.000Z', 'pre-restore', 512 * 1024)
const NEW = backup('2026-03-06T10:00:00.000Z', 'manual', 2048)
const listOf = (items: BackupInfo[], overrides: Partial<BackupList> = {}): BackupList => ({ items, intervalHours: 24, keep: 7, nextAt: '2026-03-06T14:05:09.123Z', ...overrides })

let api: ReturnType<typeof fakeApi>
afterEach(() => api?.restore())

async function show(handlers: Record<string, (call: ApiCall) => unknown> = {}) {
  api = fakeApi({ [LIST]: () => listOf([SCHEDULED, MANUAL, PRE_RESTORE]), ...handlers })
  const r = await renderAdmin(<BackupsScreen />, { path: '/backups' })
  await settle()
  return r
}

const rows = (c: HTMLElement) => [...c.querySelectorAll('.backups-table tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent))
const alerts = (c: HTMLElement) => [...c.querySelectorAll('[role="alert"]')].map((e) => e.textContent)
const schedule = (c: HTMLElement) => c.querySelector('.backups-schedule')?.textContent

/** A response the test releases when it wants, to look at the screen while the request runs. */
function deferred() {
  let release!: (r: Response) => void
  const answer = new Promise<Response>((resolve) => (release = resolve))
  return { answer, release }
}

describe('admin backups', () => {
  test('lists the backups newest first with kind in words, UTC time, size and a download link naming the date', async () => {
    const { container } = await show()
    expect(container.querySelector('h1')?.textContent).toBe('Backups')
    const heads = [...container.querySelectorAll('.backups-table thead th')].map((th) => th.textContent)
    expect(heads).toEqual(['Name', 'Kind', 'Created', 'Size', 'Download'])
    const [first, second, third] = rows(container)
    expect(first!.slice(0, 4)).toEqual([SCHEDULED.name, 'Scheduled', '5 Mar 2026, 14:05:09 UTC', '3.4 MB'])
    expect(second!.slice(1, 4)).toEqual(['Manual', '4 Mar 2026, 09:00:00 UTC', '1 KB'])
    expect(third!.slice(1, 4)).toEqual(['Before restore', '1 Mar 2026, 23:59:59 UTC', '512 KB'])
    const link = container.querySelector('.backups-table tbody tr a') as HTMLAnchorElement
    expect(link.getAttribute('href')).toBe(`/api/admin/backups/${SCHEDULED.name}`)
    expect(link.hasAttribute('download')).toBe(true)
    expect(link.textContent).toBe('Download the scheduled backup of 5 Mar 2026, 14:05:09 UTC')
    expect(container.querySelector('.backups-restore')?.textContent).toBe('Restore from the command line with folio restore <file> while folio is stopped.')
  })

  test('says how often backups run, how many are kept and when the next one is due', async () => {
    const { container } = await show()
    expect(schedule(container)).toBe('Every 24 hours, keeping the newest 7. The next one is due at 6 Mar 2026, 14:05:09 UTC.')
  })

  test('says when scheduled backups are off', async () => {
    const { container } = await show({ [LIST]: () => listOf([MANUAL], { intervalHours: 0, nextAt: null, keep: 3 }) })
    expect(schedule(container)).toBe('Scheduled backups are off (BACKUP_INTERVAL_HOURS=0). The newest 3 backups are kept.')
  })

  test('words a decimal interval in minutes', async () => {
    const { container } = await show({ [LIST]: () => listOf([], { intervalHours: 0.5, keep: 1, nextAt: null }) })
    expect(schedule(container)).toBe('Every 30 minutes, keeping only the newest one.')
  })

  test('says when there is no backup yet', async () => {
    const { container } = await show({ [LIST]: () => listOf([]) })
    expect(container.querySelector('.empty')?.textContent).toBe('No backups yet.')
    expect(container.querySelector('.backups-table')).toBeNull()
  })

  test('Back up now is busy and disabled while it runs, then reloads the list and names the file in a toast', async () => {
    const pending = deferred()
    let items = [SCHEDULED]
    const { container } = await show({ [LIST]: () => listOf(items), [CREATE]: () => pending.answer })
    await click(byText(container, 'Back up now'))
    const busy = byText(container, 'Backing up…')
    expect(busy.disabled).toBe(true)
    await click(busy) // a second click while it runs sends nothing
    expect(api.to(CREATE)).toHaveLength(1)

    items = [NEW, SCHEDULED]
    pending.release(json(201, NEW))
    await settleUntil(() => rows(container).length === 2)
    expect(api.to(LIST)).toHaveLength(2)
    expect(rows(container)[0]![0]).toBe(NEW.name)
    expect(byText(container, 'Back up now').disabled).toBe(false)
    expect(container.querySelector('.toast')?.textContent).toBe(`Backup written: ${NEW.name}`)
    expect(alerts(container)).toEqual([])
  })

  test.each([
    ['the server message of a 4xx', () => apiError(403, 'Cross-site requests are not allowed.'), 'Cross-site requests are not allowed.'],
    ['its own text for a 5xx', () => json(500, { ok: false, error: 'Internal error' }), 'Failed to back up.'],
  ])('shows %s when a backup fails, and clears it on the next try', async (_, answer, message) => {
    let fail = true
    const { container, session } = await show({ [CREATE]: () => (fail ? answer() : json(201, NEW)) })
    await click(byText(container, 'Back up now'))
    await settle()
    expect(alerts(container)).toEqual([message])
    expect(byText(container, 'Back up now').disabled).toBe(false)
    expect(session.ended).toBe(0)
    fail = false
    await click(byText(container, 'Back up now'))
    await settle()
    expect(alerts(container)).toEqual([])
  })

  test('says when the list could not be loaded', async () => {
    const { container } = await show({ [LIST]: () => json(500, {}) })
    // A GET is retried twice with back-off before the error shows.
    await settleUntil(() => alerts(container).length > 0, 10_000)
    expect(alerts(container)).toEqual(['Unable to load backups.'])
  })

  test.each([LIST, CREATE])('reports the end of the session when %s answers 401', async (route) => {
    const { container, session } = await show({ [route]: () => apiError(401, 'Not signed in.') })
    if (route === CREATE) await click(byText(container, 'Back up now'))
    await settle()
    expect(session.ended).toBe(1)
  })
})
