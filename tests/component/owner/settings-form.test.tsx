// The settings screen's form under happy-dom with a faked API: what counts as a change (only that
// is sent), where the server's details show, and the dashboard's sample content notice.
import { afterEach, describe, expect, test } from 'bun:test'
import { BLANK_SETTINGS, mergeSettings, type Settings } from '#src/contract/owner/settings'
import { SettingsScreen } from '#client/admin/screens/settings-screen'
import { SampleContentNotice } from '#client/features/settings/sample-content-notice'
import { byText, click, fakeApi, fill, json, renderAdmin, settle, settleUntil } from '#tests/support/component/render-admin'

let api: ReturnType<typeof fakeApi>
afterEach(() => api?.restore())

const STORED: Settings = {
  ...BLANK_SETTINGS,
  siteName: 'Ada Lovelace',
  heroTitle: 'Engines.',
  links: { ...BLANK_SETTINGS.links, github: 'https://github.com/ada' },
  quickTags: ['Engines', 'Looms'],
}

/** The screen over a fake API whose PUT merges the patch (or answers `failure`). */
async function openSettings(failure?: Response) {
  let stored = STORED
  api = fakeApi({
    'GET /api/admin/settings': () => stored,
    'PUT /api/admin/settings': ({ body }) => failure ?? (stored = mergeSettings(stored, body as Parameters<typeof mergeSettings>[1])),
    'GET /api/admin/notifications': () => ({ email: null, webhook: null, pending: 0, failed: 0, lastError: null }),
  })
  const view = await renderAdmin(<SettingsScreen />, { path: '/settings' })
  await settleUntil(() => !!view.container.querySelector('form.settings-form'))
  const field = (id: string) => view.container.querySelector<HTMLInputElement & HTMLTextAreaElement>(`#${id}`)!
  const save = async () => {
    await click(byText(view.container, 'Save settings'))
    await settle(20)
  }
  const puts = () => api.to('PUT /api/admin/settings').map((c) => c.body)
  return { ...view, field, save, puts }
}

const state = (c: HTMLElement) => c.querySelector('.settings-state')?.textContent

describe('the settings form', () => {
  test('shows the stored settings; saving with nothing changed sends nothing', async () => {
    const { container, field, save, puts, unmount } = await openSettings()
    expect(container.querySelector('h1')?.textContent).toBe('Settings')
    expect(field('settings-siteName').value).toBe('Ada Lovelace')
    expect(field('settings-links-github').value).toBe('https://github.com/ada')
    expect(field('settings-quickTags').value).toBe('Engines, Looms')
    const legends = [...container.querySelectorAll('.settings-group > legend')].map((l) => l.textContent)
    expect(legends).toEqual(['Identity', 'About', 'Links', 'Page intros', 'Skills page', 'Look', 'Search and sharing', 'Demo'])
    await save()
    expect(puts()).toEqual([])
    expect(container.querySelector('.toasts')?.textContent).toBe('Nothing to save: no setting changed.')
    unmount()
  })

  test('sends only the changed fields; an emptied link is null; a field changed back is no change', async () => {
    const { container, field, save, puts, unmount } = await openSettings()
    await fill(field('settings-siteName'), 'Ada King')
    await fill(field('settings-links-github'), '')
    await fill(field('settings-links-mastodon'), ' https://fosstodon.org/@ada ')
    await fill(field('settings-intros-blog'), 'Notes.')
    await fill(field('settings-heroTitle'), 'Something else')
    await fill(field('settings-heroTitle'), 'Engines.')
    // The same tags, spaced differently, are no change.
    await fill(field('settings-quickTags'), 'Engines ,Looms, ')
    expect(state(container)).toBe('Unsaved changes')
    await save()
    expect(puts()).toEqual([{ siteName: 'Ada King', links: { github: null, mastodon: 'https://fosstodon.org/@ada' }, intros: { blog: 'Notes.' } }])
    expect(container.querySelector('.toasts')?.textContent).toBe('Settings saved.')
    expect(state(container)).toBe('')
    expect(field('settings-links-mastodon').value).toBe('https://fosstodon.org/@ada')
    unmount()
  })

  test('quick tags become a list, the theme and the demo flag are sent as values', async () => {
    const { container, field, save, puts, unmount } = await openSettings()
    await fill(field('settings-quickTags'), 'Engines, Punched cards')
    await click(container.querySelector('input[name="defaultTheme"][value="light"]'))
    await click(field('settings-demoEnabled'))
    await save()
    expect(puts()).toEqual([{ quickTags: ['Engines', 'Punched cards'], defaultTheme: 'light', demoEnabled: false }])
    unmount()
  })

  test('the contract\'s check runs first: an invalid accent is shown on its field and nothing is sent', async () => {
    const { field, save, puts, container, unmount } = await openSettings()
    await fill(field('settings-accent'), 'red')
    expect(container.querySelector('.settings-accent-preview')).toBeNull()
    await save()
    expect(puts()).toEqual([])
    expect(field('settings-accent').getAttribute('aria-invalid')).toBe('true')
    expect(field('settings-accent').getAttribute('aria-describedby')).toBe('settings-accent-help settings-accent-error')
    expect(container.querySelector('#settings-accent-error')?.textContent).toBe('The accent must be a colour like #3366cc.')
    expect(document.activeElement).toBe(field('settings-accent'))
    unmount()
  })

  test('the server\'s details show under their fields; the rest in the form\'s alert', async () => {
    const refused = json(400, {
      ok: false,
      error: 'Invalid settings',
      details: [
        { message: 'GitHub is not reachable.', code: 'custom', path: 'links.github' },
        { message: 'Something about the whole form.', code: 'custom' },
      ],
    })
    const { container, field, save, puts, unmount } = await openSettings(refused)
    await fill(field('settings-links-github'), 'https://github.com/someone-else')
    await save()
    expect(puts()).toHaveLength(1)
    expect(field('settings-links-github').getAttribute('aria-invalid')).toBe('true')
    expect(container.querySelector('#settings-links-github-error')?.textContent).toBe('GitHub is not reachable.')
    const alert = container.querySelector('.settings-alert')!
    expect(alert.getAttribute('role')).toBe('alert')
    expect([...alert.querySelectorAll('p, li')].map((e) => e.textContent)).toEqual(['Failed to save settings', 'Invalid settings', 'Something about the whole form.'])
    // Typing in the field clears its message; the change is still unsaved.
    await fill(field('settings-links-github'), 'https://github.com/ada2')
    expect(field('settings-links-github').getAttribute('aria-invalid')).toBeNull()
    expect(state(container)).toBe('Unsaved changes')
    unmount()
  })
})

describe('the sample content notice', () => {
  const realConfirm = window.confirm
  afterEach(() => {
    window.confirm = realConfirm
  })

  test('shows nothing when no sample item is left', async () => {
    api = fakeApi({ 'GET /api/admin/sample-content': () => ({ items: 0 }) })
    const { container, unmount } = await renderAdmin(<SampleContentNotice />)
    await settleUntil(() => api.to('GET /api/admin/sample-content').length > 0)
    await settle(20)
    expect(container.querySelector('.sample-notice')).toBeNull()
    unmount()
  })

  test('asks first, removes on yes, says how many went and hides', async () => {
    api = fakeApi({ 'GET /api/admin/sample-content': () => ({ items: 12 }), 'DELETE /api/admin/sample-content': () => ({ ok: true, removed: 12 }) })
    const { container, unmount } = await renderAdmin(<SampleContentNotice />)
    await settleUntil(() => !!container.querySelector('.sample-notice'))
    expect(container.querySelector('h2')?.textContent).toBe('This site still has sample content')
    expect(container.querySelector('.sample-notice p')?.textContent).toBe('12 sample items (posts, projects, skills) from the demo seed. Anything you created or edited stays.')
    const asked: string[] = []
    window.confirm = (message?: string) => (asked.push(message ?? ''), false)
    await click(byText(container, 'Remove sample content'))
    expect(api.to('DELETE /api/admin/sample-content')).toHaveLength(0)
    window.confirm = (message?: string) => (asked.push(message ?? ''), true)
    await click(byText(container, 'Remove sample content'))
    await settleUntil(() => !container.querySelector('.sample-notice'))
    expect(api.to('DELETE /api/admin/sample-content')).toHaveLength(1)
    expect(asked).toHaveLength(2)
    expect(container.querySelector('.sample-notice')).toBeNull()
    expect(document.querySelector('.toasts')?.textContent).toBe('Removed 12 sample items.')
    unmount()
  })
})
